//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab08_inverse_kinematics");

/// Pixels of a colour test, and their mean x as a fraction of the width.
fn find(image: &image::RgbaImage, test: &dyn Fn(&image::Rgba<u8>) -> bool) -> (usize, f32) {
    let xs: Vec<u32> = image.enumerate_pixels().filter(|(_, _, p)| test(p)).map(|(x, _, _)| x).collect();
    let mean = xs.iter().map(|&x| x as f32).sum::<f32>() / xs.len().max(1) as f32;
    (xs.len(), mean / image.width() as f32)
}

#[test]
fn demo_screenshot_shows_the_walker_the_ghost_and_both_tentacles() {
    let Some(image) = expect_picture(DEMO, "lab08", &["--time", "1.6"]) else {
        return;
    };
    let shades: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
    assert!(shades.len() > 50, "the character looks flat ({} shades)", shades.len());
    let orange = find(&image, &|p| p[0] > 200 && (90..200).contains(&p[1]) && p[2] < 110);
    let magenta = find(&image, &|p| p[0] > 180 && p[1] < 140 && p[2] > 160);
    let cyan = find(&image, &|p| p[0] < 140 && p[1] > 180 && p[2] > 170);
    assert!(orange.0 > 30, "no IK-off walker (orange) is visible ({} pixels)", orange.0);
    assert!(magenta.0 > 20 && cyan.0 > 20, "both tentacles should show (CCD {}, FABRIK {} pixels)", magenta.0, cyan.0);
    assert!(magenta.1 < cyan.1, "CCD stands left of FABRIK ({:.2} against {:.2})", magenta.1, cyan.1);
    // Without the ghost and the gizmos, no orange is left.
    if let Some(image) = expect_picture(DEMO, "lab08", &["--time", "1.6", "--set", "ghost=false"]) {
        assert!(find(&image, &|p| p[0] > 200 && (90..200).contains(&p[1]) && p[2] < 110).0 < 5);
    }
}

#[test]
fn demo_screenshot_of_every_ground_gait_and_fade() {
    for extra in [
        &["--set", "ground=flat"][..],
        &["--set", "ground=steps", "--set", "gait=run"],
        &["--set", "ground=sine", "--set", "ik=false"],
        &["--set", "ground=ramp", "--set", "fade-at=0.5", "--set", "weight=0.5"],
        &["--clip", "run", "--set", "look=false", "--set", "iterations=1"],
    ] {
        expect_picture(DEMO, "lab08", &[extra, &["--time", "1.2"]].concat());
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab08-refused.png").display().to_string();
    let shot = ["--screenshot", png.as_str()];
    for (set, mentions) in [
        (&["ground=lava"][..], &["lava", "course, flat, ramp, steps, sine"][..]),
        (&["gait=crawl"], &["crawl", "walk"]),
        (&["weight=1.5"], &["weight"]),
        (&["iterations=0"], &["iterations"]),
        (&["fade-at=NaN"], &["fade-at"]),
        (&["ik=maybe"], &["ik"]),
    ] {
        let args: Vec<&str> = shot.iter().copied().chain(set.iter().flat_map(|s| ["--set", *s])).collect();
        demo_refuses(DEMO, &args, mentions).or_fail();
    }
    demo_refuses(DEMO, &["--screenshot", &png, "--clip", "wave"], &["wave", "walk", "run"]).or_fail();
    if let Some(file) = common::grade::test_model("glTF2/simple_skin/simple_skin.gltf") {
        demo_refuses(DEMO, &["--screenshot", &png, "--model", &file], &["built-in character"]).or_fail();
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(DEMO, "lab08", common::load::ASSIMP, Some("weight"));
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}
