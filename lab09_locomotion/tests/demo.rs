//! The demo, run as a user would, headless (`--screenshot`), steered by a
//! scripted run. With the exercise unfinished, it must stop cleanly and
//! name the missing step.

use common::grade::{DemoRun, Verdict, demo_refuses, demo_screenshot, expect_picture, expect_refusals};

#[path = "demo/gltf.rs"]
mod gltf;

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

/// The built-in character's idle, walk and run under the names a user's
/// export gives them (`Armature|Idle`, `Armature|Walking`, `mixamo.com`),
/// the walk given root motion at 1.5 m/s (its hips travel, as exported
/// clips' do), plus `twitch` (0.05 s) and `nod` (the head only): a glTF
/// file written here (`name`: one per test, as tests run in parallel), its path.
fn user_clips(name: &str) -> String {
    use lab08_inverse_kinematics::given::rig::{self, Rig};
    let model = common::character::build();
    let named = |name: &str, new: &str| {
        let clip = model.clips.iter().find(|c| c.name == name).expect("a built-in clip");
        common::model::Clip { name: new.to_string(), ..clip.clone() }
    };
    let rest = rig::rest(&model.skeleton);
    let hips = Rig::of(&model.skeleton).expect("the built-in rig").hips;
    let mut walk = rig::travelling(&named("walk", "walk"), &rest, hips, glam::Vec3::Z * 1.5, 0.0);
    walk.name = "Armature|Walking".to_string();
    let mut twitch = named("walk", "twitch");
    twitch.duration_ticks = 0.05 * twitch.ticks_per_second;
    for ch in &mut twitch.channels {
        ch.positions.retain(|k| k.time_ticks <= twitch.duration_ticks);
        ch.rotations.retain(|k| k.time_ticks <= twitch.duration_ticks);
        ch.scales.retain(|k| k.time_ticks <= twitch.duration_ticks);
        ch.rotations.push(common::model::Key { time_ticks: twitch.duration_ticks, value: rest[ch.node].rotation });
    }
    let head = model.skeleton.find("head").expect("a head");
    let mut nod = named("wave", "nod");
    nod.channels.retain(|c| c.node == head);
    assert!(!nod.channels.is_empty(), "the wave moves the head");
    let clips = [named("idle", "Armature|Idle"), walk, named("run", "mixamo.com"), twitch, nod];
    common::gltf::writer::write(name, &gltf::clips_file(&model.skeleton, &clips)).display().to_string()
}

/// The demo run headless with `extra`: a picture or the stub's stop (both
/// print the gaits' speeds first), and its stderr.
fn run_demo(extra: &[&str]) -> (Option<image::RgbaImage>, String) {
    let png = std::env::temp_dir().join(format!("lab09-clips-{}-{}.png", std::process::id(), extra.len()));
    let shot = png.display().to_string();
    let args = [&["--screenshot", shot.as_str(), "--size", "320x240"][..], extra].concat();
    let out = common::grade::run_headless(DEMO, &args).expect("the demo starts");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{extra:?}: a raw panic:\n{stderr}");
    match out.status.code() {
        Some(0) => {
            let image = image::open(&png).expect("the screenshot").to_rgba8();
            std::fs::remove_file(&png).ok();
            (Some(image), stderr)
        }
        Some(2) if stderr.contains("lab09 step") => (None, stderr),
        code => panic!("{extra:?}: exited with {code:?}:\n{stderr}"),
    }
}

/// The line the demo printed for `gait`, checked to name `clip` and `speed`.
fn expect_gait(stderr: &str, gait: &str, clip: &str, speed: f32) {
    let line = stderr.lines().find(|l| l.starts_with(&format!("{gait}: "))).unwrap_or_else(|| {
        panic!("expected a line for the {gait} gait, got:\n{stderr}");
    });
    let want = format!("{gait}: clip `{clip}`, {speed:.2} m/s");
    assert!(line.starts_with(&want), "expected `{want} ...`, got `{line}`");
}

/// A user's file of clips plays the gaits chosen by `--set idle/walk/run`,
/// and each gait's speed is measured from its clip: the walk's from its
/// root motion (1.5 m/s), the others as the built-in clips' are.
#[test]
fn demo_clips_from_a_file_play_the_gaits_chosen() {
    let builtin =
        lab09_locomotion::Locomotion::builtin(lab09_locomotion::Settings::default()).expect("the built-in set-up");
    let [idle, walk, run] = [0, 1, 2].map(|g| builtin.gaits[g].speed);
    let file = user_clips("lab09-user-clips");
    let from = format!("clips-from={file}");
    let (image, stderr) = run_demo(&[
        "--set",
        &from,
        "--set",
        "idle=Armature|Idle",
        "--set",
        "walk=Armature|Walking",
        "--set",
        "run=mixamo.com",
        "--set",
        "script=tour",
        "--time",
        "3",
    ]);
    expect_gait(&stderr, "idle", "Armature|Idle", idle);
    expect_gait(&stderr, "walk", "Armature|Walking", 1.5);
    assert!(stderr.contains("(from its root motion"), "the walk travels: {stderr}");
    expect_gait(&stderr, "run", "mixamo.com", run);
    assert!(!stderr.contains("skipped"), "every channel names a node of this skeleton: {stderr}");
    if let Some(image) = image {
        assert!(common::grade::coverage(&image) > 0.003, "the screenshot is nearly empty");
    }
    // Without the gaits named, the built-in clips play; `--set walk=run` picks one by name.
    let (_, stderr) = run_demo(&["--set", &from]);
    expect_gait(&stderr, "walk", "walk", walk);
    let (_, stderr) = run_demo(&["--set", "walk=run"]);
    expect_gait(&stderr, "walk", "run", run);
    expect_gait(&stderr, "run", "run", run);
    std::fs::remove_file(file).ok();
}

/// Each bad file or gait is one line naming the option and what to do.
#[test]
fn demo_clips_from_refuses_bad_input_in_one_line() {
    use common::gltf::writer::{arm, write};
    let png = std::env::temp_dir().join("lab09-refused-clips.png").display().to_string();
    let file = user_clips("lab09-user-clips-refused");
    let from = format!("clips-from={file}");
    let refuses = |extra: &[&str], mentions: &[&str]| {
        let args = [&["--screenshot", png.as_str()][..], extra].concat();
        demo_refuses(DEMO, &args, mentions).or_fail();
    };
    refuses(&["--set", "clips-from=/no/such/clips.gltf"], &["--set clips-from", "/no/such/clips.gltf", "no such file"]);
    let skin = write("lab09-skin-only", &arm("LINEAR", true, None)).display().to_string();
    refuses(&["--set", &format!("clips-from={skin}")], &["--set clips-from=", "lab09-skin-only", "no clips"]);
    let other = write("lab09-other-rig", &arm("LINEAR", false, Some(0.0))).display().to_string();
    refuses(&["--set", &format!("clips-from={other}")], &["--set clips-from=", "lab 08's rig", "hips, thigh_l"]);
    refuses(&["--set", &from, "--set", "walk=twitch"], &["--set walk=twitch", "too short", "0.1 s"]);
    refuses(&["--set", &from, "--set", "run=nod"], &["--set run=nod", "none of lab 08's rig"]);
    refuses(&["--set", &from, "--set", "run=Running"], &["--set run=Running", "no clip", "Armature|Walking"]);
    refuses(&["--set", "walk=run", "--set", "run=walk"], &["order of speed", "walk `run`", "--set idle="]);
    for f in [file, skin, other] {
        std::fs::remove_file(f).ok();
    }
}
