//! `cargo xtask figures [--check]`: the handouts' figures, drawn by code.
//!
//! Each lab's figures are written by one module here (`lab01.rs` ...), as SVG
//! diagrams made with [`kit`], into `labNN_name/figures/NAME.svg`, beside the
//! handout that shows them. Drawing is deterministic (numbers rounded to one
//! decimal), so `--check` redraws every figure and fails, naming the file,
//! on one that is missing, stale (differs from what the code draws) or left
//! over (a file no module draws any more).

pub mod kit;
mod lab01;
mod lab02;
mod lab03;
mod lab04;
mod lab05;
mod lab06;
mod lab07;
mod lab08;
mod lab09;

use std::fs;
use std::path::{Path, PathBuf};

/// One figure: its file name (without `.svg`) and its SVG text.
pub struct Figure {
    /// File name inside `labNN_name/figures/`, without the extension.
    pub name: &'static str,
    /// The SVG document.
    pub svg: String,
}

/// Every lab's figures, by lab folder.
fn all() -> Vec<(&'static str, Vec<Figure>)> {
    vec![
        ("lab01_hierarchy", lab01::figures()),
        ("lab02_gradient_matrix", lab02::figures()),
        ("lab03_cpu_skinning", lab03::figures()),
        ("lab04_keyframes", lab04::figures()),
        ("lab05_slerp", lab05::figures()),
        ("lab06_gpu_skinning", lab06::figures()),
        ("lab07_transitions", lab07::figures()),
        ("lab08_inverse_kinematics", lab08::figures()),
        ("lab09_locomotion", lab09::figures()),
    ]
}

/// Writes every figure, or with `--check` compares them with the files.
pub fn run(args: Vec<String>) -> Result<(), (u8, String)> {
    let mut check = false;
    for arg in &args {
        match arg.as_str() {
            "--check" => check = true,
            other => return Err((2, format!("unknown option {other} (only --check)"))),
        }
    }
    let mut problems = Vec::new();
    let mut count = 0;
    for (lab, figures) in all() {
        let dir = Path::new(lab).join("figures");
        let mut drawn: Vec<PathBuf> = Vec::new();
        for f in figures {
            let path = dir.join(format!("{}.svg", f.name));
            count += 1;
            if check {
                match fs::read_to_string(&path) {
                    Ok(text) if text == f.svg => {}
                    Ok(_) => problems.push(format!("{}: stale (the code draws something else)", path.display())),
                    Err(_) => problems.push(format!("{}: missing", path.display())),
                }
            } else {
                fs::create_dir_all(&dir).map_err(|e| (1, format!("cannot create {}: {e}", dir.display())))?;
                fs::write(&path, &f.svg).map_err(|e| (1, format!("cannot write {}: {e}", path.display())))?;
            }
            drawn.push(path);
        }
        if let Ok(entries) = fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "svg") && !drawn.contains(&path) {
                    problems.push(format!("{}: left over (no code draws it; delete it)", path.display()));
                }
            }
        }
    }
    if problems.is_empty() {
        println!("figures: {count} {}", if check { "up to date" } else { "written" });
        Ok(())
    } else {
        problems.sort();
        Err((
            1,
            format!(
                "figures: {} problem(s); run `cargo xtask figures` and commit the result:\n  {}",
                problems.len(),
                problems.join("\n  ")
            ),
        ))
    }
}
