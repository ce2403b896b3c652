//! A demo's `--set` keys, declared once: in the settings table of the lab's
//! handout (`README.md`), which the demo embeds ([`super::Demo::handout`]).
//! From that one table come the refusal of an unknown key, the settings part
//! of `--help` and of the F1 help window; each lab's `demo_` tests check that
//! `--help` lists it ([`check_help`]). Reading each value (its type, its
//! range, the message for a bad one) is the demo's own code.
//!
//! A row of the table is `` | `--set KEY=VALUE` | default | what it does | ``;
//! rows whose first cell does not start with `` `--set `` are not settings.

/// One `--set` key of a demo, in the words of the handout's settings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key, e.g. `mode`.
    pub key: String,
    /// How to write it (the table's first cell), e.g. ``"`--set mode=loop` or `once`"``.
    pub usage: String,
    /// The default (the second cell).
    pub default: String,
    /// What it does (the third cell).
    pub help: String,
}

/// The settings table of a handout (`readme`, the README's text), in order.
/// An error names the row that is not a setting the demo can read and says
/// how to write one.
pub fn from_handout(readme: &str) -> Result<Vec<Setting>, String> {
    let mut settings: Vec<Setting> = Vec::new();
    for row in handout_rows(readme) {
        let wrong = |why: &str| {
            format!(
                "README.md settings table, row `{row}`: {why}; write it as | `--set KEY=VALUE` | default | what it does |"
            )
        };
        let [usage, default, help] = <[String; 3]>::try_from(cells(row)).map_err(|_| wrong("not three cells"))?;
        let key: String = usage["`--set ".len()..].chars().take_while(|&c| c != '=' && c != '`').collect();
        if key.is_empty() || !usage["`--set ".len() + key.len()..].starts_with('=') {
            return Err(wrong("no `--set KEY=` in the first cell"));
        }
        if settings.iter().any(|s| s.key == key) {
            return Err(wrong(&format!("`{key}` has a row already")));
        }
        settings.push(Setting { key, usage, default, help });
    }
    Ok(settings)
}

/// The rows of `readme`'s settings table: every table row whose first cell
/// starts with `` `--set ``, as written.
fn handout_rows(readme: &str) -> impl Iterator<Item = &str> {
    readme.lines().map(str::trim).filter(|l| l.starts_with("| `--set "))
}

/// A table row's cells, split at the `|` that are not escaped (`\|`).
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        match c {
            '|' if !escaped => cells.push(String::new()),
            _ => cells.last_mut().expect("one cell at least").push(c),
        }
        escaped = c == '\\';
    }
    cells.iter().map(|c| c.trim().to_string()).collect()
}

/// The first line of [`help_text`].
const HEADING: &str = "Settings (--set KEY=VALUE, repeatable; from the handout's table):";

/// The settings as plain text, one per line (`--set mode=loop or once
/// [default: ...]: what it does`, Markdown's backticks dropped), for
/// `--help` and the F1 window. Empty when there are none.
pub fn help_text(settings: &[Setting]) -> String {
    if settings.is_empty() {
        return String::new();
    }
    let plain = |s: &str| s.replace('`', "").replace("\\|", "|");
    let mut text = String::from(HEADING);
    for s in settings {
        text.push_str(&format!("\n  {} [default: {}]: {}", plain(&s.usage), plain(&s.default), plain(&s.help)));
    }
    text
}

/// Whether a demo's `--help` output lists exactly the settings of the
/// handout's table (`readme`), in order and in the same words: a demo that
/// embeds another text, or none, fails. The error names the first line that
/// differs.
pub fn check_help(help: &str, readme: &str) -> Result<(), String> {
    let text = help_text(&from_handout(readme)?);
    let want: Vec<&str> = text.lines().skip(1).collect();
    let got: Vec<&str> =
        help.lines().skip_while(|l| l.trim() != HEADING).skip(1).take_while(|l| l.starts_with("  --set ")).collect();
    for (i, (w, g)) in want.iter().zip(&got).enumerate() {
        if w != g {
            return Err(format!(
                "setting {}: the README's settings table says\n{w}\nbut the demo's --help says\n{g}\n\
                 (does the demo embed this lab's README.md as its handout?)",
                i + 1
            ));
        }
    }
    if want.len() != got.len() {
        return Err(format!(
            "the README's settings table has {} rows, the demo's --help lists {} settings \
             (does the demo embed this lab's README.md as its handout?)",
            want.len(),
            got.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const README: &str = "# Lab\n\nSettings:\n\n| setting | default | what |\n| --- | --- | --- |\n\
                          | `--set mode=loop` or `once` | `loop` | wrap or stop |\n\
                          | (misspelt key) | | refused |\n\
                          | `--set hold=true` | `false` | hold the key \\| or not |\n";

    #[test]
    fn the_table_is_read_in_order() {
        let settings = from_handout(README).unwrap();
        let keys: Vec<&str> = settings.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys, ["mode", "hold"]);
        assert_eq!(settings[0].usage, "`--set mode=loop` or `once`");
        assert_eq!(settings[1].help, "hold the key \\| or not", "an escaped bar stays in its cell");
        assert_eq!(from_handout("no table here"), Ok(Vec::new()));
    }

    #[test]
    fn a_malformed_row_is_named() {
        let e = from_handout("| `--set mode=loop` | `loop` |\n").unwrap_err();
        assert!(e.contains("row `| `--set mode=loop` | `loop` |`: not three cells"), "{e}");
        let e = from_handout("| `--set mode` | `loop` | what |\n").unwrap_err();
        assert!(e.contains("no `--set KEY=`"), "{e}");
        let e = from_handout("| `--set a=1` | 1 | x |\n| `--set a=2` | 1 | y |\n").unwrap_err();
        assert!(e.contains("`a` has a row already"), "{e}");
    }

    #[test]
    fn help_is_plain_and_checked_against_the_handout() {
        let text = help_text(&from_handout(README).unwrap());
        assert!(text.contains("\n  --set mode=loop or once [default: loop]: wrap or stop"), "{text}");
        assert!(text.contains("hold the key | or not") && !text.contains('`'), "{text}");
        assert_eq!(help_text(&[]), "");
        let help = format!("Usage: demo\n\n{text}\n");
        assert_eq!(check_help(&help, README), Ok(()));
        let e = check_help(&help, &README.replace("hold the key", "hold a key")).unwrap_err();
        assert!(e.starts_with("setting 2:"), "{e}");
        let e = check_help("Usage: demo\n", README).unwrap_err();
        assert!(e.contains("2 rows") && e.contains("0 settings"), "{e}");
    }
}
