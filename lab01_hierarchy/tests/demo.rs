//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{DemoRun, Verdict, coverage, demo_refuses, demo_screenshot};

const DEMO: &str = env!("CARGO_BIN_EXE_lab01_hierarchy");
const MODELS: &str = "/usr/share/assimp/models";

fn expect_picture(extra: &[&str]) {
    match demo_screenshot(DEMO, extra).unwrap_or_else(|e| panic!("{e}")) {
        DemoRun::Image(image) => {
            let c = coverage(&image);
            assert!(
                c > 0.003,
                "{extra:?}: the screenshot is nearly empty ({:.2}% drawn)",
                c * 100.0
            )
        }
        DemoRun::Stub(text) => assert!(text.contains("lab01 step"), "{text}"),
    }
}

#[test]
fn demo_screenshot_of_the_character() {
    expect_picture(&[]);
    expect_picture(&[
        "--set",
        "joint=forearm_r",
        "--set",
        "angles=0,0,60",
        "--set",
        "recursive=true",
    ]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    for file in ["BVH/01_01.bvh", "X/BCN_Epileptic.X"] {
        let path = format!("{MODELS}/{file}");
        if !std::path::Path::new(&path).exists() {
            eprintln!("notice: {path} is missing (apt-get install assimp-testmodels); skipping");
            return;
        }
        expect_picture(&["--model", &path]);
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    demo_refuses(
        DEMO,
        &["--model", "/no/such/file.fbx"],
        &["/no/such/file.fbx", "no such file"],
    )
    .or_fail();
    let png = std::env::temp_dir()
        .join("lab01-refused.png")
        .display()
        .to_string();
    demo_refuses(
        DEMO,
        &["--screenshot", &png, "--set", "joint=tail"],
        &["tail"],
    )
    .or_fail();
    demo_refuses(DEMO, &["--clip", "dance"], &["dance", "walk"]).or_fail();
    if cfg!(not(feature = "assimp")) {
        return; // no loader in this build: every file is refused the same way
    }
    let text = std::env::temp_dir().join("lab01-not-a-model.txt");
    std::fs::write(&text, "just text\n").unwrap();
    demo_refuses(
        DEMO,
        &["--model", text.to_str().unwrap()],
        &["lab01-not-a-model.txt"],
    )
    .or_fail();
    let invalid = std::path::Path::new(MODELS).join("invalid");
    if let Ok(entries) = std::fs::read_dir(&invalid) {
        for entry in entries
            .flatten()
            .filter(|e| e.file_name() != "OutOfMemory.off")
        {
            let path = entry.path().display().to_string();
            demo_refuses(DEMO, &["--model", &path], &[&path]).or_fail();
        }
    }
}
