//! Building a lab's test binaries in the pristine tree, and reading cargo's
//! JSON messages: the test executables, and the first compile error
//! rewritten to point at the student's own file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::process::{Limits, run_limited};

/// What a build produced.
#[derive(Debug, Default)]
pub struct Built {
    /// Whether cargo succeeded.
    pub ok: bool,
    /// Each integration test binary: its target name and executable.
    pub executables: Vec<(String, PathBuf)>,
    /// The first compile error, if any.
    pub error: Option<CompileError>,
    /// The first error that points at no line of code, as rustc renders it:
    /// a linker that failed (a full disk, a missing system library) or a
    /// crashed compiler. Kept apart so the report shows its cause, not only
    /// cargo's closing "could not compile".
    pub unplaced: Option<String>,
    /// The end of cargo's own error output (for failures that are not compile errors).
    pub stderr_tail: String,
    /// Whether the build ran out of time.
    pub timed_out: bool,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The compiler's first error.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError {
    /// The primary span's file relative to the tree (`lab01_hierarchy/src/exercise.rs`).
    pub file: String,
    /// Its line and column (1-based).
    pub line: u64,
    /// Column.
    pub column: u64,
    /// The one-line message (`mismatched types`).
    pub message: String,
    /// The compiler's full rendering of the error.
    pub rendered: String,
}

/// Runs `cargo test --no-run --frozen --message-format=json -p LAB` in `tree`
/// with the shared `target_dir`; `tests` picks test targets (`--test NAME`;
/// empty: every integration test). `None` as timeout: no limit.
pub fn build(tree: &Path, target_dir: &Path, lab: &str, tests: &[String], timeout: Option<Duration>) -> Built {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut args: Vec<String> =
        ["test", "--no-run", "--frozen", "--message-format=json", "-p", lab].iter().map(|s| s.to_string()).collect();
    if tests.is_empty() {
        args.extend(["--test".to_string(), "*".to_string()]);
    }
    for t in tests {
        args.extend(["--test".to_string(), t.clone()]);
    }
    let env = [("CARGO_TARGET_DIR", target_dir.as_os_str()), ("CARGO_TERM_COLOR", "never".as_ref())];
    let limits = Limits {
        timeout: timeout.unwrap_or(Duration::from_secs(u64::MAX / 4)),
        memory_mb: 0,
        cpu_s: 0,
        output_cap: 64 << 20,
    };
    let ran = match run_limited(Path::new(&cargo), &args, tree, &env, &limits) {
        Ok(r) => r,
        Err(e) => return Built { stderr_tail: format!("cannot run cargo: {e}"), ..Built::default() },
    };
    let mut built = parse_messages(&ran.stdout);
    built.ok = built.ok && ran.status.is_some_and(|s| s.success());
    built.timed_out = ran.timed_out;
    built.seconds = ran.seconds;
    let lines: Vec<&str> = ran.stderr.lines().filter(|l| !l.trim_start().starts_with("Compiling ")).collect();
    built.stderr_tail = lines[lines.len().saturating_sub(12)..].join("\n");
    built
}

/// Reads cargo's `--message-format=json` output (one JSON object a line;
/// lines that are not JSON, such as a build script's own, are skipped).
pub fn parse_messages(stdout: &str) -> Built {
    let mut built = Built::default();
    for msg in stdout.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
        match msg["reason"].as_str() {
            Some("compiler-artifact") => {
                let target = &msg["target"];
                let kinds = target["kind"].as_array().map(Vec::as_slice).unwrap_or_default();
                let is_test = kinds.iter().any(|k| k == "test");
                if let (true, Some(name), Some(exe)) = (is_test, target["name"].as_str(), msg["executable"].as_str()) {
                    built.executables.push((name.to_string(), PathBuf::from(exe)));
                }
            }
            Some("compiler-message") if built.error.is_none() => {
                let m = &msg["message"];
                if m["level"] != "error" {
                    continue;
                }
                let spans = m["spans"].as_array().map(Vec::as_slice).unwrap_or_default();
                let text = |v: &Value| v.as_str().unwrap_or("").to_string();
                let Some(span) = spans.iter().find(|s| s["is_primary"] == true) else {
                    built.unplaced.get_or_insert_with(|| text(&m["rendered"]).trim_end().to_string());
                    continue;
                };
                built.error = Some(CompileError {
                    file: text(&span["file_name"]),
                    line: span["line_start"].as_u64().unwrap_or(0),
                    column: span["column_start"].as_u64().unwrap_or(0),
                    message: text(&m["message"]),
                    rendered: text(&m["rendered"]),
                });
            }
            Some("build-finished") => built.ok = msg["success"] == true,
            _ => {}
        }
    }
    built
}

impl Built {
    /// Why the build failed when no compile error points at a line: the
    /// unplaced error (say, the linker's), then the end of cargo's output.
    pub fn failure_without_line(&self) -> String {
        match &self.unplaced {
            Some(e) => format!("{e}\n{}", self.stderr_tail),
            None => self.stderr_tail.clone(),
        }
    }
}

/// The error as the student should read it: paths of the tree (`tree_root`,
/// absolute or relative) replaced by where each student file was handed in
/// (`map`: tree-relative path, submission-relative path), cut to `max` chars.
/// The first line says where, and whether the student's file is at fault.
pub fn explain(e: &CompileError, tree_root: &Path, map: &[(String, String)], max: usize) -> String {
    // Windows paths: the tree's root may be written `\\?\C:\...`, and
    // rustc writes `lab\src\exercise.rs`; both separators are handled.
    let root = tree_root.display().to_string();
    let roots = [format!("{root}/"), format!("{root}\\"), format!("{}\\", root.trim_start_matches(r"\\?\"))];
    let strip = |s: &str| roots.iter().fold(s.to_string(), |s, r| s.replace(r.as_str(), ""));
    let mut text = strip(&e.rendered);
    let mut file = strip(&e.file);
    let mut own = false;
    for (in_tree, shown) in map {
        let backslashed = in_tree.replace('/', "\\");
        text = text.replace(in_tree.as_str(), shown).replace(&backslashed, shown);
        if file == *in_tree || file == backslashed {
            file = shown.clone();
            own = true;
        }
    }
    let head = if own {
        format!("compile error at {file}:{}:{}: {}", e.line, e.column, e.message)
    } else {
        format!(
            "compile error in the course's own {file}:{}:{} (did your file remove or change a public item the lab needs?): {}",
            e.line, e.column, e.message
        )
    };
    crate::report::cut(&format!("{head}\n\n{}", text.trim_end()), max)
}
