//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab03_cpu_skinning");

#[test]
fn demo_screenshot_of_the_character() {
    if let Some(image) = expect_picture(DEMO, "lab03", &[]) {
        // A lit, solid character: a good share of the frame, many shades.
        let shades: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
        assert!(common::grade::coverage(&image) > 0.05 && shades.len() > 50, "the character looks flat or tiny");
    }
    expect_picture(
        DEMO,
        "lab03",
        &["--set", "stitching=true", "--set", "heat=true", "--set", "normals=true", "--set", "tangents=true"],
    );
    expect_picture(DEMO, "lab03", &["--set", "view=twist", "--set", "twist=170"]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    for file in &common::grade::RIGGED_TEST_FILES[..3] {
        if let Some(path) = common::grade::test_model(file) {
            expect_picture(DEMO, "lab03", &["--model", &path]);
            expect_picture(DEMO, "lab03", &["--model", &path, "--clip", "0", "--set", "key=0.5"]);
        }
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab03-refused.png").display().to_string();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "view=sideways"], &["view"]).or_fail();
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(DEMO, "lab03", common::load::ASSIMP, Some("twist"));
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}
