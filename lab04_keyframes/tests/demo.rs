//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{Verdict, demo_refuses, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab04_keyframes");

#[test]
fn demo_screenshot_of_the_character_mid_stride() {
    if let Some(image) = expect_picture(DEMO, "lab04", &["--clip", "walk", "--time", "0.4"]) {
        let shades: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
        assert!(common::grade::coverage(&image) > 0.03 && shades.len() > 50, "the character looks flat or tiny");
        // The trail's key dots are drawn in amber on top of everything.
        let amber = image.pixels().filter(|p| p[0] > 200 && p[1] > 150 && p[1] < 220 && p[2] < 120).count();
        assert!(amber > 10, "no key dots of the motion trail are visible");
    }
    expect_picture(DEMO, "lab04", &["--clip", "wave", "--set", "hold=true", "--set", "skeleton=true", "--time", "1.3"]);
    expect_picture(DEMO, "lab04", &["--clip", "run", "--set", "mode=once", "--set", "joint=hand_l", "--time", "5"]);
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files_between_keys() {
    for file in common::grade::RIGGED_TEST_FILES {
        if let Some(path) = common::grade::test_model(file) {
            expect_picture(DEMO, "lab04", &["--model", &path, "--time", "0.37"]);
        }
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab04-refused.png").display().to_string();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "mode=sometimes"], &["mode"]).or_fail();
    demo_refuses(DEMO, &["--screenshot", &png, "--set", "joint=tail"], &["tail"]).or_fail();
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(
        env!("CARGO_BIN_EXE_lab04_keyframes"),
        "lab04",
        common::load::ASSIMP,
        None,
    );
}

/// A STEP clip holds its keys in the demo: two times within one key's span
/// give the same picture, while the same keys played LINEAR move between them.
#[test]
fn demo_a_step_clip_holds_its_keys() {
    let shot = |mode: &str, time: &str| {
        let path = common::gltf::writer::write(&format!("lab04-{mode}"), &common::gltf::writer::bending_arm(mode));
        let image = expect_picture(DEMO, "lab04", &["--model", &path.display().to_string(), "--time", time]);
        std::fs::remove_file(path).ok();
        image
    };
    let (Some(a), Some(b)) = (shot("STEP", "0.1"), shot("STEP", "0.4")) else {
        return; // the exercise stopped, naming its step
    };
    assert!(a == b, "a STEP clip moved between its keys at 0 and 0.5 s: expected the same picture at 0.1 and 0.4 s");
    let (c, d) = (shot("LINEAR", "0.1").unwrap(), shot("LINEAR", "0.4").unwrap());
    assert!(c != d, "the LINEAR clip did not move between 0.1 and 0.4 s: the test shows nothing");
}

/// A file that animates 10,000 nodes (100 chains of 100 joints, made here)
/// starts: the trail poses only the joint's own chain. (Measured on the
/// course machine, debug build: 5.7 s before, 1.2 s after; the test prints
/// its time, it does not judge it.)
#[test]
fn demo_starts_on_a_file_with_10000_animated_nodes() {
    let mut g = common::gltf::writer::Gltf::default();
    let times = g.floats(&[0.0, 1.0], "SCALAR");
    let (s, c) = 0.05f32.sin_cos();
    let turns = g.floats(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, s, c], "VEC4");
    let mut nodes = vec![r#"{"name":"root","children":[1"#.to_string()];
    let mut channels = Vec::new();
    for chain in 0..100 {
        for k in 0..100 {
            let i = 1 + chain * 100 + k;
            if k == 0 && chain > 0 {
                nodes[0].push_str(&format!(",{i}"));
            }
            let child = if k < 99 { format!(r#","children":[{}]"#, i + 1) } else { String::new() };
            nodes.push(format!(r#"{{"name":"j{i}","translation":[0.01,0.05,0]{child}}}"#));
            channels.push(format!(r#"{{"sampler":0,"target":{{"node":{i},"path":"rotation"}}}}"#));
        }
    }
    nodes[0].push_str("]}");
    let text = g.json(&format!(
        r#""scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{}],"animations":[{{"name":"wiggle",
        "samplers":[{{"input":{times},"output":{turns}}}],"channels":[{}]}}]"#,
        nodes.join(","),
        channels.join(",")
    ));
    let path = common::gltf::writer::write("lab04-10000", &text);
    let start = std::time::Instant::now();
    expect_picture(DEMO, "lab04", &["--model", &path.display().to_string()]);
    eprintln!("lab04 on 10,000 animated nodes: {:.2} s", start.elapsed().as_secs_f64());
    std::fs::remove_file(path).ok();
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
    common::grade::expect_tiny_drawn_and_collapsed_refused(DEMO, "lab04");
}
