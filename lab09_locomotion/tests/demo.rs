//! The demo, run as a user would, headless (`--screenshot`), steered by a
//! scripted run. With the exercise unfinished, it must stop cleanly and
//! name the missing step.

use common::grade::{DemoRun, Verdict, demo_refuses, demo_screenshot, expect_picture, expect_refusals};

const DEMO: &str = env!("CARGO_BIN_EXE_lab09_locomotion");
const README: &str = include_str!("../README.md");

/// Pixels near a colour (each channel within 40), as a count.
fn count(image: &image::RgbaImage, rgb: [f32; 3]) -> usize {
    let want = rgb.map(|c| (c * 255.0) as i32);
    image.pixels().filter(|p| (0..3).all(|k| (i32::from(p[k]) - want[k]).abs() < 40)).count()
}

/// A temporary file holding `text`, its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("lab09-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path.display().to_string()
}

#[test]
fn demo_screenshot_mid_run_is_the_same_every_time() {
    let args = ["--input", "scripts/run.txt", "--time", "3"];
    let Some(image) = expect_picture(DEMO, "lab09", &args) else {
        return;
    };
    let shades: std::collections::HashSet<[u8; 4]> = image.pixels().map(|p| p.0).collect();
    assert!(shades.len() > 50, "the character looks flat ({} shades)", shades.len());
    let predicted = count(&image, [1.0, 0.85, 0.2]);
    assert!(predicted > 10, "running, the predicted trajectory (yellow) should show ({predicted} pixels)");
    let Ok(DemoRun::Image(again)) = demo_screenshot(DEMO, &args) else {
        panic!("the second run failed");
    };
    assert!(image == again, "two runs of one scripted command line differ: the demo must be deterministic");
    if let Some(start) = expect_picture(DEMO, "lab09", &["--input", "scripts/run.txt"]) {
        assert!(start != image, "3 s into a run looks like its start: is the script steering?");
    }
}

#[test]
fn demo_screenshot_of_every_setting() {
    for extra in [
        &["--set", "script=tour", "--set", "compare=crossfade"][..],
        &["--set", "script=zigzag", "--set", "compare=no-plant", "--set", "ground=course"],
        &["--set", "script=run", "--set", "transitions=crossfade", "--set", "plant=false", "--set", "ground=steps"],
        &["--set", "ground=ramp", "--set", "joint=forearm_r", "--set", "trajectory=false", "--set", "follow=false"],
        &["--set", "velocity-halflife=0", "--set", "heading-halflife=2", "--set", "machine=machine.toml"],
        &["--set", "ground=flat", "--legend", "--panel", "--present"],
    ] {
        expect_picture(DEMO, "lab09", &[extra, &["--time", "2"]].concat());
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab09-refused.png").display().to_string();
    let shot = |extra: &[&str]| -> Vec<String> {
        ["--screenshot", png.as_str()].iter().chain(extra).map(|s| s.to_string()).collect()
    };
    let refuses = |extra: &[&str], mentions: &[&str]| {
        let args = shot(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        demo_refuses(DEMO, &args, mentions).or_fail();
    };
    let script = temp_file("bad.txt", "# a run\n0 0 1\n1.5 2 0 run\n");
    refuses(&["--input", &script], &["bad.txt", "line 3", "stick_x 2 is outside -1 to 1"]);
    let words = temp_file("words.txt", "0 0 1 jump\n");
    refuses(&["--input", &words], &["line 1", "jump"]);
    let backwards = temp_file("backwards.txt", "1 0 1\n0.5 0 0\n");
    refuses(&["--input", &backwards], &["line 2", "before"]);
    refuses(&["--input", "/no/such/run.txt"], &["/no/such/run.txt"]);
    let machine = include_str!("../machine.toml").replacen("to = \"locomotion\"", "to = \"lcomotion\"", 1);
    let line = 1 + machine.lines().position(|l| l.contains("lcomotion")).expect("the changed line");
    let broken = temp_file("machine.toml", &machine);
    let at = format!("line {line}");
    refuses(&["--set", &format!("machine={broken}")], &["lcomotion", &at]);
    for (set, mentions) in [
        ("ground=lava", &["lava", "course, flat, ramp, steps, sine"][..]),
        ("transitions=pop", &["pop", "inertialize"]),
        ("compare=all", &["all", "no-plant"]),
        ("script=dance", &["dance", "tour, run, zigzag"]),
        ("joint=tail", &["tail", "thigh_l"]),
        ("velocity-halflife=-1", &["velocity-halflife"]),
        ("plant=maybe", &["plant"]),
    ] {
        refuses(&["--set", set], mentions);
    }
    refuses(&["--clip", "walk"], &["state machine"]);
    refuses(&["--input", &script, "--set", "script=run"], &["one of them"]);
    if let Some(file) = common::grade::test_model("glTF2/simple_skin/simple_skin.gltf") {
        refuses(&["--model", &file], &["built-in character"]);
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(DEMO, "lab09", common::load::ASSIMP, Some("velocity-halflife"));
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, README);
}

/// The table's defaults are the code's: the springs' half-lives are
/// `Settings::default()`'s, and every built-in script is listed.
#[test]
fn demo_settings_defaults_are_the_codes() {
    let settings = common::app::settings::from_handout(README).expect("the table reads");
    let default = |key: &str| settings.iter().find(|s| s.key == key).map(|s| s.default.trim_matches('`').to_string());
    let code = lab09_locomotion::Settings::default();
    assert_eq!(default("velocity-halflife"), Some(code.velocity_halflife.to_string()));
    assert_eq!(default("heading-halflife"), Some(code.heading_halflife.to_string()));
    let scripts = settings.iter().find(|s| s.key == "script").expect("a script row");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    for entry in std::fs::read_dir(dir).expect("the scripts folder") {
        let name = entry.expect("an entry").path().file_stem().unwrap().to_string_lossy().into_owned();
        assert!(scripts.help.contains(&format!("`{name}`")), "the script row should name `{name}`");
    }
}

/// With stubs left, the demo stops before drawing, naming a lab09 step,
/// even with settings that change which steps a frame calls.
#[test]
fn demo_stops_naming_the_step_while_stubs() {
    for extra in [&[][..], &["--set", "plant=false", "--set", "transitions=crossfade"]] {
        match demo_screenshot(DEMO, extra).unwrap_or_else(|e| panic!("{e}")) {
            DemoRun::Image(_) => {}
            DemoRun::Stub(text) => {
                assert!(text.contains("lab09 step") && text.contains("exercise.rs"), "{extra:?}: {text}");
            }
        }
    }
}
