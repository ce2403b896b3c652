//! `cargo xtask`: the course's commands a student runs, written in Rust so
//! they work the same on Windows, macOS and Linux (`.cargo/config.toml`
//! makes `cargo xtask` an alias of `cargo run -q --locked -p xtask --`).
//!
//! - `cargo xtask site [--bench]`: builds the web site into `target/site/`
//!   (what `tools/web/build` does; that script now runs this).
//! - `cargo xtask figures [--check]`: draws the handouts' figures into each
//!   lab's `figures/` folder; `--check` fails on one that is stale or missing.
//! - `cargo xtask serve [--port N] [--dir PATH]`: serves it on 127.0.0.1.

mod figures;
mod handout;
mod site;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask COMMAND

  site [--bench]               builds the web site into target/site/: every
                               lab's demo for wasm32, the reference and your
                               exercise.rs (first time: adds the wasm32 target
                               and wasm-bindgen-cli); --bench also prints each
                               lab's .wasm size
  figures [--check]            draws the handouts' figures (labNN_name/figures/);
                               --check fails on a stale, missing or left-over one
  serve [--port N] [--dir D]   serves target/site/ on http://127.0.0.1:8000/
                               (or port N) until Ctrl-C
";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let command = args.next().unwrap_or_default();
    // Every path is relative to the course's root, wherever cargo was run.
    if let Err(e) = std::env::set_current_dir(root()) {
        eprintln!("xtask: cannot enter the course's folder {}: {e}", root().display());
        return ExitCode::from(2);
    }
    let result = match command.as_str() {
        "site" => site::build(args.collect()).map_err(|(code, e)| (code, format!("site: {e}"))),
        "figures" => figures::run(args.collect()).map_err(|(code, e)| (code, format!("xtask {e}"))),
        "serve" => site_serve::serve(args).map_err(|e| (1, format!("serve: {e}"))),
        "" | "-h" | "--help" | "help" => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!("xtask: unknown command `{other}` (site, figures or serve; see cargo xtask --help)");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, e)) => {
            eprintln!("{e}");
            ExitCode::from(code)
        }
    }
}

/// The course's root: two folders above this crate.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
