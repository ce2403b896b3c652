//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab02_gradient_matrix");

#[test]
fn demo_screenshot_of_the_character() {
    expect_picture(DEMO, "lab02", &[]);
    expect_picture(DEMO, "lab02", &["--clip", "walk", "--set", "key=0.25", "--set", "ghost=false"]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    for file in &common::grade::RIGGED_TEST_FILES[..3] {
        if let Some(path) = common::grade::test_model(file) {
            expect_picture(DEMO, "lab02", &["--model", &path]);
        }
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab02-refused.png").display().to_string();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "key=lots"], &["key"]).or_fail();
    if let Some(bvh) = common::grade::test_model("BVH/01_01.bvh").filter(|_| common::load::ASSIMP) {
        // assimp draws a BVH skeleton with a mesh of its own; it has bones, so it loads.
        expect_picture(DEMO, "lab02", &["--model", &bvh]);
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(
        env!("CARGO_BIN_EXE_lab02_gradient_matrix"),
        "lab02",
        common::load::ASSIMP,
        Some("key"),
    );
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}
