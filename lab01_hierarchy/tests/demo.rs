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
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab01-refused.png").display().to_string();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "joint=tail"], &["tail"]).or_fail();
}

#[test]
fn demo_screenshot_of_a_reparented_joint() {
    let still = ["--set", "animate=false", "--set", "joint=hand_l"];
    expect_picture(DEMO, "lab01", &[&still[..], &["--set", "reparent=hand_l:chest"]].concat());
    // Re-parented under its own parent, the hand must not move: the same picture.
    let plain = expect_picture(DEMO, "lab01", &still);
    let same_parent = expect_picture(DEMO, "lab01", &[&still[..], &["--set", "reparent=hand_l:forearm_l"]].concat());
    if let (Some(a), Some(b)) = (plain, same_parent) {
        let differ = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
        let share = differ as f32 / (a.width() * a.height()) as f32;
        assert!(
            share < 0.002,
            "re-parenting hand_l under its own parent moved it: {:.2}% of pixels differ",
            share * 100.0
        );
    }
    let png = std::env::temp_dir().join("lab01-refused.png").display().to_string();
    for (value, mention) in [("hand_l", "JOINT:NEW_PARENT"), ("hand_l:tail", "tail"), ("chest:hand_l", "stored before")]
    {
        let set = format!("reparent={value}");
        demo_refuses(DEMO, &["--screenshot", &png, "--set", &set], &[mention]).or_fail();
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(
        env!("CARGO_BIN_EXE_lab01_hierarchy"),
        "lab01",
        common::load::ASSIMP,
        Some("angles"),
    );
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}
