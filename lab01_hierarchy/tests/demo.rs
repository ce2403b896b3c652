//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab01_hierarchy");

#[test]
fn demo_screenshot_of_the_character() {
    expect_picture(DEMO, "lab01", &[]);
    expect_picture(DEMO, "lab01", &["--set", "joint=forearm_r", "--set", "angles=0,0,60", "--set", "recursive=true"]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    for file in ["BVH/01_01.bvh", "X/BCN_Epileptic.X"] {
        if let Some(path) = common::grade::test_model(file) {
            expect_picture(DEMO, "lab01", &["--model", &path]);
        }
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, cfg!(feature = "assimp"));
    let png = std::env::temp_dir().join("lab01-refused.png").display().to_string();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "joint=tail"], &["tail"]).or_fail();
}
