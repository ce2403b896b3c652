//! The lecture kit on lab 08: every declared figure renders, and a
//! recording is the same twice and moves.

use common::grade::run_headless;
use common::lecture::{expect_figures, gif_frames, temp_folder};

const DEMO: &str = env!("CARGO_BIN_EXE_lab08_inverse_kinematics");

#[test]
fn demo_figures_render() {
    let figures = expect_figures(DEMO, "lab08");
    if !figures.is_empty() {
        assert!(figures.iter().any(|f| f.name == "feet-on-the-course" && f.command.contains("--record")));
    }
}

#[test]
fn demo_record_is_deterministic_and_moves() {
    let dir = temp_folder("lab08-record");
    let [a, b] = ["a.gif", "b.gif"].map(|n| dir.join(n).display().to_string());
    let args = |path: &str| {
        ["--record", path, "--size", "160x90", "--frames", "8", "--fps", "10", "--time", "0.5"]
            .map(String::from)
            .to_vec()
    };
    let run = |path: &str| {
        let a = args(path);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let out = run_headless(DEMO, &refs).unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.success(), stderr)
    };
    let (ok, stderr) = run(&a);
    if !ok {
        assert!(stderr.contains("lab08 step"), "failed without naming a lab08 step:\n{stderr}");
        assert!(!std::path::Path::new(&a).exists(), "a failed recording must leave no file");
        return;
    }
    assert!(run(&b).0, "the second run");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap(), "two runs of one command line differ");
    let frames = gif_frames(std::path::Path::new(&a)).unwrap();
    assert_eq!(frames.len(), 8);
    let distinct: std::collections::HashSet<_> = frames.iter().map(|(f, _)| f.as_raw().clone()).collect();
    assert!(distinct.len() >= 6, "the frames should differ as the walker walks ({} distinct of 8)", distinct.len());
}
