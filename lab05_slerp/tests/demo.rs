//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab05_slerp");

#[test]
fn demo_screenshot_of_the_arcs() {
    if let Some(image) = expect_picture(DEMO, "lab05", &[]) {
        // Three coloured arms and traces: red, yellow and green pixels.
        let has = |f: fn([u8; 4]) -> bool| image.pixels().any(|p| f(p.0));
        assert!(has(|[r, g, b, _]| r > 180 && g < 120 && b < 120), "no red (lerp) trace or arm");
        assert!(has(|[r, g, b, _]| r > 180 && g > 150 && b < 100), "no yellow (nlerp) trace or arm");
        assert!(has(|[r, g, b, _]| g > 160 && r < 140 && b < 140), "no green (slerp) trace or arm");
    }
    expect_picture(DEMO, "lab05", &["--set", "long=true", "--set", "steps=16", "--set", "t=0.3"]);
    expect_picture(DEMO, "lab05", &["--set", "angle=300", "--time", "1.2"]);
}

#[test]
fn demo_screenshot_of_the_character() {
    if let Some(image) = expect_picture(DEMO, "lab05", &["--set", "view=character", "--clip", "walk", "--time", "0.4"])
    {
        let shades: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
        assert!(common::grade::coverage(&image) > 0.03 && shades.len() > 50, "the character looks flat or tiny");
    }
    for rotation in ["nlerp", "matrix"] {
        let setting = format!("rotation={rotation}");
        expect_picture(DEMO, "lab05", &["--clip", "wave", "--time", "0.25", "--set", &setting, "--set", "keys=6"]);
    }
    expect_picture(DEMO, "lab05", &["--clip", "run", "--set", "skeleton=true", "--set", "loop=false"]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    for file in ["X/BCN_Epileptic.X", "FBX/animation_with_skeleton.fbx", "BVH/01_01.bvh"] {
        if let Some(path) = common::grade::test_model(file) {
            // The camera frames the whole clip: the mocap walk's figure is
            // small in it, so its bones are drawn too.
            let bones: &[&str] = if file.ends_with(".bvh") { &["--set", "skeleton=true"] } else { &[] };
            expect_picture(DEMO, "lab05", &[&["--model", &path, "--time", "0.5"][..], bones].concat());
            let matrix = ["--model", path.as_str(), "--set", "rotation=matrix", "--set", "keys=4"];
            expect_picture(DEMO, "lab05", &[&matrix[..], bones].concat());
        }
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab05-refused.png").display().to_string();
    for (setting, key) in [
        ("view=sideways", "view"),
        ("rotation=euler", "rotation"),
        ("t=1.5", "t="),
        ("steps=0", "steps"),
        ("long=maybe", "long"),
    ] {
        demo_refuses(DEMO, &["--screenshot", &png, "--set", setting], &[key]).or_fail();
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(
        env!("CARGO_BIN_EXE_lab05_slerp"),
        "lab05",
        common::load::ASSIMP,
        Some("t"),
    );
}

/// The camera frames the whole clip, not its first pose: an arm that grows
/// to 4 times its size stays inside the picture at its largest.
#[test]
fn demo_frames_the_whole_clip_not_its_first_pose() {
    let path = common::gltf::writer::write("lab05-growing", &common::gltf::writer::growing_arm(4.0));
    let model = path.display().to_string();
    let image = expect_picture(DEMO, "lab05", &["--set", "view=character", "--model", &model, "--time", "1.45"]);
    std::fs::remove_file(path).ok();
    let Some(image) = image else { return };
    let background = *image.get_pixel(0, image.height() / 2);
    let (w, h) = (image.width(), image.height());
    let on_edge = (0..w).flat_map(|x| [(x, 0), (x, h - 1)]).chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]));
    let touching = on_edge.filter(|&(x, y)| *image.get_pixel(x, y) != background).count();
    assert_eq!(
        touching, 0,
        "expected the grown arm inside the picture, got {touching} drawn pixels on its border (cropped)"
    );
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}

/// A model a couple of micrometres tall (the glTF arm under a root scaled by
/// 1e-6, made here) is framed and drawn; at scale 0 it is refused in one
/// line, never a blank picture.
#[test]
fn demo_frames_a_tiny_model_and_refuses_a_collapsed_one() {
    common::grade::expect_tiny_drawn_and_collapsed_refused(DEMO, "lab05");
}
