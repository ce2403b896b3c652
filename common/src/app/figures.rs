//! Lecture figures declared in code. Each lab lists its figures once (name,
//! caption, clip, time, settings, size, still or recorded); `--figures DIR`
//! renders them all, each by running this demo again with the command line
//! the gallery shows, so every picture can be remade by hand.

// On the web the figures are declared but never rendered.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::{Args, Demo};

/// A still (`--screenshot`) or a recording (`--record`) of `frames` frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// One PNG.
    Still,
    /// An animated GIF of `frames` frames at `fps` frames a second.
    Record {
        /// How many frames.
        frames: u32,
        /// Frames per second (the clock's step is 1 / fps).
        fps: f32,
    },
}

/// One lecture figure. Build it with the `const` methods:
///
/// ```
/// use common::app::{Figure, Kind};
/// const FADE: Figure = Figure::record("walk-to-run", "Walk fading into run", 90)
///     .time(0.5)
///     .set(&["from=walk", "to=run"])
///     .with(&["--legend"])
///     .size(640, 360);
/// assert_eq!(FADE.kind, Kind::Record { frames: 90, fps: 30.0 });
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// File name without extension (`walk-to-run` gives `walk-to-run.gif`).
    pub name: &'static str,
    /// What the figure shows, for the gallery and the slide.
    pub caption: &'static str,
    /// `--clip`, if any.
    pub clip: Option<&'static str>,
    /// `--time`: seconds played before the (first) frame.
    pub time: f32,
    /// `--set` values, `KEY=VALUE` each.
    pub settings: &'static [&'static str],
    /// Other shared options: `--legend`, `--panel`, `--present`.
    pub options: &'static [&'static str],
    /// Size in pixels (a smaller `--size` given with `--figures` wins, for CI).
    pub size: (u32, u32),
    /// Still or recorded.
    pub kind: Kind,
}

impl Figure {
    /// A still at 1280x720, time 0, no settings.
    pub const fn still(name: &'static str, caption: &'static str) -> Self {
        Figure {
            name,
            caption,
            clip: None,
            time: 0.0,
            settings: &[],
            options: &[],
            size: (1280, 720),
            kind: Kind::Still,
        }
    }

    /// A recording of `frames` frames at 30 fps, 640x360.
    pub const fn record(name: &'static str, caption: &'static str, frames: u32) -> Self {
        let kind = Kind::Record { frames, fps: 30.0 };
        Figure { size: (640, 360), kind, ..Figure::still(name, caption) }
    }

    /// Plays this clip.
    pub const fn clip(mut self, clip: &'static str) -> Self {
        self.clip = Some(clip);
        self
    }

    /// Starts at this time.
    pub const fn time(mut self, seconds: f32) -> Self {
        self.time = seconds;
        self
    }

    /// These `--set` values.
    pub const fn set(mut self, settings: &'static [&'static str]) -> Self {
        self.settings = settings;
        self
    }

    /// These shared options (`--legend`, `--panel`, `--present`).
    pub const fn with(mut self, options: &'static [&'static str]) -> Self {
        self.options = options;
        self
    }

    /// This size in pixels.
    pub const fn size(mut self, width: u32, height: u32) -> Self {
        self.size = (width, height);
        self
    }

    /// The file this figure is written to in `dir`.
    pub fn file(&self, dir: &Path) -> PathBuf {
        let ext = if self.kind == Kind::Still { "png" } else { "gif" };
        dir.join(format!("{}.{ext}", self.name))
    }

    /// The demo's arguments that render this figure into `file` at `size`.
    pub fn args(&self, file: &Path, size: (u32, u32)) -> Vec<String> {
        let mut a: Vec<String> = Vec::new();
        let mut push = |s: &str| a.push(s.to_string());
        match self.kind {
            Kind::Still => push("--screenshot"),
            Kind::Record { .. } => push("--record"),
        }
        push(&file.display().to_string());
        push("--size");
        push(&format!("{}x{}", size.0, size.1));
        if let Some(clip) = self.clip {
            push("--clip");
            push(clip);
        }
        if self.time != 0.0 {
            push("--time");
            push(&self.time.to_string());
        }
        for s in self.settings {
            push("--set");
            push(s);
        }
        if let Kind::Record { frames, fps } = self.kind {
            push("--frames");
            push(&frames.to_string());
            if fps != 30.0 {
                push("--fps");
                push(&fps.to_string());
            }
        }
        self.options.iter().for_each(|o| push(o));
        a
    }
}

/// `word` as a shell reads it back (quoted when it holds anything special).
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./=,:+-".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `--figures DIR`: renders every figure of `demo` into `dir` by running this
/// program once per figure, and writes `DIR/figures.tsv` (name, file,
/// caption, the command that remakes it). Stops at the first failure.
pub(super) fn render_all(demo: Demo, figures: &[Figure], args: &Args) -> Result<(), String> {
    let dir = args.figures.clone().expect("figures folder given");
    if figures.is_empty() {
        return Err("this demo declares no lecture figures".into());
    }
    if args.model.is_some() || args.clip.is_some() || !args.settings.is_empty() {
        return Err("--figures renders the figures as declared: drop --model, --clip and --set".into());
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program to run it again: {e}"))?;
    let mut rows = String::from("name\tfile\tcaption\tcommand\n");
    let all = Instant::now();
    for figure in figures {
        let size = if args.size_given { args.size } else { figure.size };
        let file = figure.file(&dir);
        let figure_args = figure.args(&file, size);
        let start = Instant::now();
        let out = Command::new(&exe)
            .args(&figure_args)
            .output()
            .map_err(|e| format!("figure {}: cannot run {}: {e}", figure.name, exe.display()))?;
        if !out.status.success() {
            // The demo's own message (a stub names its step), then ours.
            eprint!("{}", String::from_utf8_lossy(&out.stderr));
            return Err(format!("figure {} was not made (the reason is above); nothing more rendered", figure.name));
        }
        let bytes = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        println!(
            "{}: {} ({}x{}, {} KiB, {:.1} s)",
            demo.crate_name,
            file.display(),
            size.0,
            size.1,
            bytes.div_ceil(1024),
            start.elapsed().as_secs_f64()
        );
        let command: Vec<String> = figure_args.iter().map(|a| shell_word(a)).collect();
        let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        rows += &format!(
            "{}\t{file_name}\t{}\tcargo run -p {} --features solution -- {}\n",
            figure.name,
            figure.caption.replace(['\t', '\n'], " "),
            demo.crate_name,
            command.join(" ")
        );
    }
    let tsv = dir.join("figures.tsv");
    std::fs::write(&tsv, rows).map_err(|e| format!("cannot write {}: {e}", tsv.display()))?;
    println!(
        "{}: {} figures in {:.1} s, listed in {}",
        demo.crate_name,
        figures.len(),
        all.elapsed().as_secs_f64(),
        tsv.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn a_figure_is_the_command_line_it_shows() {
        const F: Figure =
            Figure::record("fade", "A fade", 12).clip("walk").time(1.5).set(&["to=run"]).with(&["--legend"]);
        let args = F.args(Path::new("fade.gif"), (320, 180));
        let line = args.join(" ");
        assert_eq!(line, "--record fade.gif --size 320x180 --clip walk --time 1.5 --set to=run --frames 12 --legend");
        let parsed = Args::try_parse_from(std::iter::once("demo".to_string()).chain(args)).unwrap();
        assert_eq!((parsed.frames, parsed.time, parsed.legend), (Some(12), 1.5, true));
        assert_eq!(Figure::still("s", "").file(Path::new("d")), PathBuf::from("d/s.png"));
        assert_eq!(shell_word("name=a b"), "'name=a b'");
        assert_eq!(shell_word("joint=forearm_l"), "joint=forearm_l");
    }
}
