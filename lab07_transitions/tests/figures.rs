//! The lecture kit on lab 07: every declared figure renders; a recording has
//! its frame count, moves, and is the same twice; `--legend`, `--panel` and
//! `--present` show where they stand; bad recordings are refused and leave
//! nothing behind.

use common::grade::{Verdict, demo_refuses, run_headless};
use common::lecture::{expect_figures, gif_frames, temp_folder};

const DEMO: &str = env!("CARGO_BIN_EXE_lab07_transitions");
const FADE: [&str; 10] =
    ["--set", "from=walk", "--set", "to=run", "--set", "fade=0.5", "--set", "at=0.2", "--time", "0.1"];

/// Runs the demo; None while the exercise is unfinished (it must then name a lab07 step).
fn run(args: &[&str]) -> Option<()> {
    let out = run_headless(DEMO, args).unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        return Some(());
    }
    assert!(stderr.contains("lab07 step"), "{args:?} failed without naming a lab07 step:\n{stderr}");
    None
}

fn record_args(path: &str) -> Vec<&str> {
    [&["--record", path, "--size", "160x90", "--frames", "12", "--fps", "20"][..], &FADE[..]].concat()
}

fn shot(dir: &std::path::Path, name: &str, extra: &[&str]) -> Option<image::RgbaImage> {
    let path = dir.join(name).display().to_string();
    run(&[&["--screenshot", path.as_str(), "--size", "640x360"], &FADE[..], extra].concat())?;
    Some(image::open(&path).expect("a PNG").to_rgba8())
}

#[test]
fn demo_figures_render() {
    let figures = expect_figures(DEMO, "lab07");
    if !figures.is_empty() {
        assert!(figures.iter().any(|f| f.name == "walk-to-run" && f.command.contains("--record")));
    }
}

#[test]
fn demo_record_is_deterministic_and_moves() {
    let dir = temp_folder("lab07-record");
    let [a, b] = ["a.gif", "b.gif"].map(|n| dir.join(n).display().to_string());
    if run(&record_args(&a)).is_none() {
        assert!(!std::path::Path::new(&a).exists(), "a failed recording must leave no file");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing half-written is left in {}", dir.display());
        return;
    }
    run(&record_args(&b)).expect("the second run");
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap(), "two runs of one command line differ");
    let frames = gif_frames(std::path::Path::new(&a)).unwrap();
    assert_eq!(frames.len(), 12, "expected the 12 frames asked for, got {}", frames.len());
    assert!(frames.iter().all(|(f, delay)| f.dimensions() == (160, 90) && *delay == 5), "20 fps is 5/100 s a frame");
    let distinct: std::collections::HashSet<_> = frames.iter().map(|(f, _)| f.as_raw().clone()).collect();
    assert!(distinct.len() >= 10, "the frames should differ as the clock steps ({} distinct of 12)", distinct.len());
    // A folder gets numbered PNGs, the same pictures as the GIF's (before its palette).
    let pngs = dir.join("frames");
    std::fs::create_dir(&pngs).unwrap();
    let folder = format!("{}/", pngs.display());
    run(&record_args(&folder)).expect("a PNG sequence");
    let mut names: Vec<String> =
        std::fs::read_dir(&pngs).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names.len(), 12);
    assert_eq!((names[0].as_str(), names[11].as_str()), ("frame-0000.png", "frame-0011.png"));
}

#[test]
fn demo_legend_panel_and_present_stand_where_they_should() {
    let dir = temp_folder("lab07-words");
    let Some(plain) = shot(&dir, "plain.png", &[]) else { return };
    let legend = shot(&dir, "legend.png", &["--legend"]).unwrap();
    let panel = shot(&dir, "panel.png", &["--panel"]).unwrap();
    let present = shot(&dir, "present.png", &["--panel", "--present"]).unwrap();
    let background = *plain.get_pixel(0, 0);
    // The legend: a dark box with light text in the top-right corner, where the plain picture is empty.
    let corner = |img: &image::RgbaImage, test: &dyn Fn(&image::Rgba<u8>) -> bool| {
        (450..630).flat_map(|x| (10..40).map(move |y| (x, y))).filter(|&(x, y)| test(img.get_pixel(x, y))).count()
    };
    assert_eq!(corner(&plain, &|p| *p != background), 0, "the plain picture's top-right corner should be empty");
    let text = corner(&legend, &|p| p[0] > 150 && p[1] > 150 && p[2] > 150);
    let dark = corner(&legend, &|p| p[0] < 20 && p[1] < 20 && p[2] < 20);
    assert!(
        text > 100 && dark > 1000,
        "--legend: no text box in the top-right corner ({text} light, {dark} dark pixels)"
    );
    // The panel: egui's panel grey down the left side, where the plain picture shows the background.
    let grey = |p: &image::Rgba<u8>| p[0] == p[1] && p[1] == p[2] && (20..40).contains(&p[0]);
    let width = |img: &image::RgbaImage| (0..img.width()).take_while(|&x| grey(img.get_pixel(x, 358))).count();
    assert_eq!(width(&plain), 0);
    let (normal, big) = (width(&panel), width(&present));
    assert!(normal > 100, "--panel: expected the panel on the left, {normal} pixels of it");
    assert!(
        big as f32 > 1.5 * normal as f32,
        "--present should scale the panel up: {big} against {normal} pixels wide"
    );
    assert_eq!(*present.get_pixel(639, 0), image::Rgba([0, 0, 0, 255]), "--present: a black background");
}

#[test]
fn demo_refuses_bad_recordings() {
    let dir = temp_folder("lab07-refuse");
    let gif = dir.join("x.gif").display().to_string();
    demo_refuses(DEMO, &["--record", &gif, "--frames", "901"], &["--frames 901", "at most 900 frames"]).or_fail();
    assert!(!dir.join("x.gif").exists());
    // clap's refusals (exit 2): one error line each, and no file.
    for (args, says) in [
        (vec!["--record", "/no/such/folder/x.gif"], "the folder /no/such/folder does not exist"),
        (vec!["--record", "x.mp4"], "recordings are written as .gif"),
        (vec!["--record", &gif, "--fps", "0"], "above 0 and at most 100"),
        (vec!["--record", &gif, "--fps", "NaN"], "above 0 and at most 100"),
        (vec!["--record", &gif, "--screenshot", "y.png"], "cannot be used with"),
    ] {
        let out = run_headless(DEMO, &args).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error:") && first.contains(says),
            "{args:?}: expected one line saying {says:?}, got:\n{stderr}"
        );
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "refusals leave nothing behind");
}
