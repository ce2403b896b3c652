//! Given code the student does not write: the input script's errors name
//! their line, the frame loop refuses bad input before anything moves, and
//! clips that travel are measured and played in place.

use glam::{Vec2, Vec3};
use lab08_inverse_kinematics::given::rig::{self, Rig};
use lab09_locomotion::given::machine::DEFAULT_MACHINE;
use lab09_locomotion::{Character, Input, InputScript, LocoError, Locomotion, Settings};

#[test]
fn given_input_script_errors_name_the_line() {
    let ok = InputScript::parse("# a comment\n0 0 0\n\n0.5 0 1 run\n1.0 0.5 -0.5 wave run\n").expect("a valid script");
    assert_eq!(ok.cues.len(), 3);
    let frame = ok.input(1.0, 1.0 + 1.0 / 60.0);
    assert!(frame.run && frame.wave && frame.stick == Vec2::new(0.5, -0.5), "{frame:?}");
    assert!(!ok.input(1.1, 1.2).wave, "a wave is a press, not held");
    for (text, line, words) in [
        ("0 0 0\n0.5 0\n", 2, "time stick_x stick_y"),
        ("0 0 0\n1 2 0\n", 2, "outside -1 to 1"),
        ("0 0 0\n1 0 NaN\n", 2, "not finite"),
        ("1 0 0\n0.5 0 1\n", 2, "comes before"),
        ("\n\n0 0 0 jump\n", 3, "unknown word `jump`"),
        ("-1 0 0\n", 1, "negative"),
        ("x 0 0\n", 1, "not a number"),
    ] {
        let e = InputScript::parse(text).expect_err("a broken script");
        let shown = e.to_string();
        assert_eq!(e.line, line, "{shown}");
        assert!(shown.starts_with(&format!("input script line {line}: ")) && shown.contains(words), "{shown}");
    }
}

#[test]
fn given_update_refuses_bad_input_before_anything_moves() {
    let setup = Locomotion::builtin(Settings::default()).expect("the built-in set-up");
    let mut ch = Character::new(&setup, Vec3::ZERO);
    let before = ch.clone();
    let nan = Input { stick: Vec2::new(f32::NAN, 0.0), ..Input::default() };
    // The reference's steps: these checks are given, they hold for both variants.
    let steps = lab09_locomotion::solution::STEPS;
    let update = |ch: &mut Character, input: &Input, dt: f64| {
        lab09_locomotion::given::update_with(&steps, &setup, ch, input, dt)
    };
    assert_eq!(update(&mut ch, &nan, 1.0 / 60.0), Err(LocoError::NotFinite("stick")));
    assert!(matches!(update(&mut ch, &Input::default(), f64::NAN), Err(LocoError::NotFinite(_))));
    assert!(matches!(update(&mut ch, &Input::default(), -0.1), Err(LocoError::Setting(..))));
    assert!(matches!(update(&mut ch, &Input::default(), 5.0), Err(LocoError::Setting(..))));
    assert_eq!(ch, before, "a refused frame must change nothing");
    // dt 0 and a stick pushed past 1 are fine.
    update(&mut ch, &Input { stick: Vec2::new(3.0, 4.0), ..Input::default() }, 0.0).expect("dt 0");
    assert!(ch.position.is_finite());
    let bad = Settings { velocity_halflife: f64::NAN, ..Settings::default() };
    let e = Locomotion::builtin(bad).expect_err("a NaN half-life");
    assert!(e.to_string().contains("velocity half-life"), "{e}");
    let broken = DEFAULT_MACHINE.replace("to = \"stop\"", "to = \"stpo\"");
    let model = common::character::build();
    let e =
        Locomotion::new(model.skeleton, model.clips, "machine.toml", &broken, Settings::default()).expect_err("broken");
    assert!(e.to_string().starts_with("machine.toml line ") && e.to_string().contains("stpo"), "{e}");
}

#[test]
fn given_clips_that_travel_are_measured_and_played_in_place() {
    let model = common::character::build();
    let builtin = Locomotion::builtin(Settings::default()).expect("the built-in set-up");
    let rig = Rig::of(&model.skeleton).expect("rig");
    let rest = rig::rest(&model.skeleton);
    // The walk and run as a user's files would hold them: the hips travel.
    let mut clips = model.clips.clone();
    for (i, name) in [(1, "walk"), (2, "run")] {
        let c = clips.iter().position(|c| c.name == name).expect("clip");
        let speed = builtin.gaits[i].speed;
        clips[c] = rig::travelling(&clips[c], &rest, rig.hips, Vec3::Z * speed, 0.0);
        clips[c].name = name.to_string();
    }
    let setup = Locomotion::new(model.skeleton.clone(), clips, "machine.toml", DEFAULT_MACHINE, Settings::default())
        .expect("clips that travel");
    for i in 1..3 {
        let (got, want) = (setup.gaits[i].speed, builtin.gaits[i].speed);
        assert!((got - want).abs() < 1e-3 * want, "gait {i}: measured {got} m/s, the in-place clip's {want}");
        let clip = &setup.clips[setup.gaits[i].clip];
        let travel = lab08_inverse_kinematics::solution::loop_travel(clip, &rest, rig.hips);
        assert!(travel.displacement.length() < 1e-3, "gait {i} still travels {:?}: it must play in place", travel);
    }
}
