//! `cargo xtask site`: the course's web site in `target/site/`, every lab's
//! demo compiled to WebAssembly (WebGL2 in the browser, the built-in
//! character, no assimp). `target/site/index.html` links the seven labs;
//! `target/site/<lab crate>/index.html` runs the reference, `exercise.html`
//! runs the student's `exercise.rs`.
//!
//! Needs the wasm32 target and wasm-bindgen-cli at the version in
//! `Cargo.lock`: when missing, it installs them first (`rustup target add`,
//! `cargo install`; without `--locked`, as the CLI's own lock file pins crates
//! that no longer build on every toolchain).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

const WASM: &str = "wasm32-unknown-unknown";
const SITE: &str = "target/site";

/// A failure: the exit code (2 for a wrong option) and one line.
pub type Failure = (u8, String);

/// Builds the site; `args` are the options (`--bench`).
pub fn build(args: Vec<String>) -> Result<(), Failure> {
    let mut bench = false;
    for arg in &args {
        match arg.as_str() {
            "--bench" => bench = true,
            other => return Err((2, format!("unknown option {other} (only --bench)"))),
        }
    }
    let version = wasm_bindgen_version().map_err(|e| (1, e))?;
    set_up(&version).map_err(|e| (1, e))?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| PathBuf::from("target"), PathBuf::from);
    let wasm = target.join(WASM).join("web");
    let site = Path::new(SITE);
    let io = |what: &str, e: std::io::Error| (1, format!("cannot {what}: {e}"));
    match fs::remove_dir_all(site) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(&format!("remove {SITE}"), e)),
        _ => {}
    }
    fs::create_dir_all(site).map_err(|e| io(&format!("create {SITE}"), e))?;
    let template = fs::read_to_string("tools/web/page.html").map_err(|e| io("read tools/web/page.html", e))?;
    let mut items = String::new();
    for lab in labs().map_err(|e| io("list the labs", e))? {
        let readme = Path::new(&lab).join("README.md");
        let text = fs::read_to_string(&readme).map_err(|e| io(&format!("read {}", readme.display()), e))?;
        let title = escape(text.lines().next().unwrap_or(&lab).trim_start_matches('#').trim());
        let out = site.join(&lab);
        fs::create_dir_all(&out).map_err(|e| io(&format!("create {}", out.display()), e))?;
        for variant in ["reference", "exercise"] {
            let mut cargo = Command::new(cargo());
            cargo.args(["build", "-q", "--locked", "--profile", "web", "--target", WASM, "-p", &lab]);
            cargo.arg("--no-default-features");
            if variant == "reference" {
                cargo.args(["--features", "solution"]);
            }
            run(&mut cargo).map_err(|e| (1, e))?;
            let mut bindgen = Command::new("wasm-bindgen");
            bindgen.args(["--target", "web", "--no-typescript", "--out-dir"]).arg(&out);
            bindgen.args(["--out-name", variant]).arg(wasm.join(format!("{lab}.wasm")));
            run(&mut bindgen).map_err(|e| (1, e))?;
            if bench {
                let bytes = fs::metadata(out.join(format!("{variant}_bg.wasm"))).map_or(0, |m| m.len());
                println!("{lab} {variant} {bytes} bytes");
            }
        }
        let page = |variant: &str, module: &str, other_page: &str, other_name: &str| {
            template
                .replace("@LAB@", &lab)
                .replace("@TITLE@", &title)
                .replace("@VARIANT@", variant)
                .replace("@MODULE@", module)
                .replace("@OTHER_PAGE@", other_page)
                .replace("@OTHER_NAME@", other_name)
        };
        let write = |name: &str, text: String| {
            fs::write(out.join(name), text).map_err(|e| io(&format!("write {}", out.join(name).display()), e))
        };
        write("index.html", page("the reference", "reference", "exercise.html", "your exercise.rs"))?;
        write("exercise.html", page("your exercise.rs", "exercise", "index.html", "the reference"))?;
        // The handout, and what it links to beside it (`FURTHER.md`, its
        // `figures/`) and above it (`../GLOSSARY.md`, `../RUNNING.md`,
        // copied once below).
        for name in ["README.md", "FURTHER.md"] {
            let from = Path::new(&lab).join(name);
            if from.exists() {
                render(&from, &out).map_err(|e| io(&format!("copy {}", from.display()), e))?;
            }
        }
        let figures = Path::new(&lab).join("figures");
        if figures.is_dir() {
            copy_dir(&figures, &out.join("figures")).map_err(|e| io(&format!("copy {}", figures.display()), e))?;
        }
        items.push_str(&format!(
            "  <li><a href=\"{lab}/index.html\">{title}</a> (<a href=\"{lab}/exercise.html\">your exercise.rs</a>, <a href=\"{lab}/README.html\">handout</a>)</li>\n"
        ));
    }
    for name in ["README.md", "GLOSSARY.md", "RUNNING.md", "INSTRUCTORS.md", "ARCHITECTURE.md"] {
        render(Path::new(name), site).map_err(|e| io(&format!("copy {name}"), e))?;
    }
    fs::write(site.join("index.html"), index(&items)).map_err(|e| io(&format!("write {SITE}/index.html"), e))?;
    let mb = size(site) as f64 / 1e6;
    println!("wrote {SITE}/ ({mb:.1} MB); serve it with: cargo xtask serve (or tools/web/serve)");
    Ok(())
}

/// The front page.
fn index(items: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Skeletal animation and mesh skinning: the labs in the browser</title>
<style>body {{ background: #292b33; color: #ddd; font: 16px/1.5 sans-serif; margin: 2em; }} a {{ color: #9cf; }}</style>
</head>
<body>
<h1>Skeletal animation and mesh skinning: the labs in the browser</h1>
<p>Each lab's demo on the built-in character (WebGL2). The first link runs the reference
solution; "your exercise.rs" runs the student's file as it was when the site was built
(<code>cargo xtask site</code>).</p>
<ul>
{items}</ul>
</body>
</html>
"#
    )
}

/// The lab folders (`labNN_name`), sorted.
fn labs() -> std::io::Result<Vec<String>> {
    let mut labs: Vec<String> = fs::read_dir(".")?
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| {
            let b = n.as_bytes();
            n.starts_with("lab") && b.len() > 6 && b[3].is_ascii_digit() && b[4].is_ascii_digit() && b[5] == b'_'
        })
        .collect();
    labs.sort();
    Ok(labs)
}

/// The version of the `wasm-bindgen` crate in `Cargo.lock`.
fn wasm_bindgen_version() -> Result<String, String> {
    #[derive(Deserialize)]
    struct Lock {
        package: Vec<Package>,
    }
    #[derive(Deserialize)]
    struct Package {
        name: String,
        version: String,
    }
    let text = fs::read_to_string("Cargo.lock").map_err(|e| format!("cannot read Cargo.lock: {e}"))?;
    let lock: Lock = toml::from_str(&text).map_err(|e| format!("Cargo.lock: {}", e.message()))?;
    lock.package
        .into_iter()
        .find(|p| p.name == "wasm-bindgen")
        .map(|p| p.version)
        .ok_or_else(|| "Cargo.lock holds no wasm-bindgen: is this the course's folder?".into())
}

/// Adds the wasm32 target and installs wasm-bindgen-cli `version` when missing.
fn set_up(version: &str) -> Result<(), String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    if !installed.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == WASM)) {
        eprintln!("site: adding the wasm32 target (rustup target add {WASM})");
        run(Command::new("rustup").args(["target", "add", WASM]))
            .map_err(|e| format!("{e}; without rustup, add the {WASM} target to your Rust your own way"))?;
    }
    let have = Command::new("wasm-bindgen").arg("--version").output().ok();
    let have = have.map(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().nth(1).unwrap_or("").to_string());
    if have.as_deref() != Some(version) {
        eprintln!("site: installing wasm-bindgen-cli {version}, the version in Cargo.lock (a few minutes, once)");
        run(Command::new(cargo()).args(["install", "-q", "wasm-bindgen-cli", "--version"]).arg(format!("={version}")))?;
    }
    Ok(())
}

/// The cargo that runs this tool (or the one on the PATH).
fn cargo() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// Runs a command to its end; `Err` names it and how it ended.
fn run(cmd: &mut Command) -> Result<(), String> {
    let args: Vec<String> = cmd.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    let shown = format!("{} {}", Path::new(cmd.get_program()).display(), args.join(" "));
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("`{shown}` failed ({s})")),
        Err(e) => Err(format!("cannot run `{shown}`: {e}")),
    }
}

/// `s` safe as HTML text.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Bytes of the files under `dir`.
fn size(dir: &Path) -> u64 {
    fs::read_dir(dir).into_iter().flatten().flatten().fold(0, |sum, e| match e.file_type() {
        Ok(t) if t.is_dir() => sum + size(&e.path()),
        Ok(_) => sum + e.metadata().map_or(0, |m| m.len()),
        Err(_) => sum,
    })
}

/// Copies the files of a folder (no subfolders: a lab's `figures/`).
fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Copies a Markdown page into `to`, and beside it the same page rendered
/// (`README.md` and `README.html`), figures shown and links between pages
/// kept.
fn render(from: &Path, to: &Path) -> std::io::Result<()> {
    let name = from.file_name().unwrap_or_default();
    fs::copy(from, to.join(name))?;
    let text = fs::read_to_string(from)?;
    fs::write(to.join(Path::new(name).with_extension("html")), crate::handout::page(&text))
}
