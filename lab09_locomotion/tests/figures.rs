//! The lecture kit on lab 09: every declared figure renders, and a
//! scripted recording is the same twice and moves.

use common::grade::run_headless;
use common::lecture::{expect_figures, gif_frames, temp_folder};

const DEMO: &str = env!("CARGO_BIN_EXE_lab09_locomotion");

#[test]
fn demo_figures_render() {
    let figures = expect_figures(DEMO, "lab09");
    if !figures.is_empty() {
        assert!(figures.iter().any(|f| f.name == "steered-run" && f.command.contains("--record")));
        assert!(figures.iter().all(|f| f.command.contains("script=")), "every figure is steered by a script");
    }
}

#[test]
fn demo_record_is_deterministic_and_moves() {
    let dir = temp_folder("lab09-record");
    let [a, b] = ["a.gif", "b.gif"].map(|n| dir.join(n).display().to_string());
    let run = |path: &str| {
        let args = ["--record", path, "--size", "160x90", "--frames", "8", "--fps", "10", "--time", "0.5"];
        let out =
            run_headless(DEMO, &[&args[..], &["--set", "script=tour"]].concat()).unwrap_or_else(|e| panic!("{e}"));
        (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (ok, stderr) = run(&a);
    if !ok {
        assert!(stderr.contains("lab09 step"), "failed without naming a lab09 step:\n{stderr}");
        assert!(!std::path::Path::new(&a).exists(), "a failed recording must leave no file");
        return;
    }
    assert!(run(&b).0, "the second run");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap(), "two runs of one command line differ");
    let frames = gif_frames(std::path::Path::new(&a)).unwrap();
    assert_eq!(frames.len(), 8);
    let distinct: std::collections::HashSet<_> = frames.iter().map(|(f, _)| f.as_raw().clone()).collect();
    assert!(distinct.len() >= 6, "the frames should differ as the character walks ({} distinct of 8)", distinct.len());
}
