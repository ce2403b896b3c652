//! The grader's own checks: hand-made wrong legs are rejected, each with
//! the words that name its mistake; the given checks refuse bad input.

use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::ground::Terrain;
use lab08_inverse_kinematics::given::rig::{rest, tentacle, travelling};
use lab08_inverse_kinematics::given::{
    Budget, IkError, TwoBone, TwoBoneSolve, chain_corrections, check_chain, check_two_bone,
};

use crate::rig::{applied, at, character, judge_leg};

/// The walk's left leg solved by a hand-made answer; the judge's verdict.
fn judged(answer: TwoBoneSolve, target: Vec3, pole: Vec3) -> Option<String> {
    let c = character();
    let pose = c.walk(0.25);
    let before = world_matrices(c.skeleton(), &pose);
    let leg = &c.rig.legs[0];
    let after = applied(c.skeleton(), &pose, leg, &answer);
    judge_leg(&before, &after, leg, target, pole, c.reach_tolerance(), true)
}

#[test]
fn grader_rejects_hand_made_wrong_legs() {
    let c = character();
    let before = world_matrices(c.skeleton(), &c.walk(0.25));
    let leg = &c.rig.legs[0];
    let (ankle, knee) = (at(&before[leg.foot]), at(&before[leg.shin]));
    // Doing nothing: the ankle misses a target 10 cm away.
    let none = TwoBoneSolve { start: Quat::IDENTITY, mid: Quat::IDENTITY, reached: true };
    let verdict = judged(none, ankle + Vec3::new(0.0, 0.1, 0.0), knee + Vec3::Z).expect("rejected");
    assert!(verdict.contains("misses"), "{verdict}");
    // Doing nothing, with the target on the ankle, and a pole to the side: the knee is off the pole's plane.
    let verdict = judged(none, ankle, knee + Vec3::X).expect("rejected");
    assert!(verdict.contains("pole"), "{verdict}");
    // The knee bent backwards by a hand-made turn of the shin.
    let back = Quat::from_axis_angle(leg.knee_axis, -0.8);
    let verdict = judged(TwoBoneSolve { mid: back, ..none }, ankle, knee + Vec3::Z).expect("rejected");
    assert!(verdict.contains("backwards") || verdict.contains("misses"), "{verdict}");
    // NaN in the answer.
    let nan = TwoBoneSolve { mid: Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0), ..none };
    let verdict = judged(nan, ankle, knee + Vec3::Z).expect("rejected");
    assert!(verdict.contains("clamp"), "{verdict}");
}

#[test]
fn given_checks_refuse_bad_input_in_words() {
    let job = TwoBone::new(
        Mat4::IDENTITY,
        Mat4::from_translation(Vec3::NEG_Y),
        Mat4::from_translation(Vec3::new(0.0, -2.0, 0.3)),
        Vec3::new(0.0, -1.5, 0.5),
        Vec3::Z,
        Vec3::X,
    );
    assert!(check_two_bone(&job).is_ok());
    for (bad, words) in [
        (TwoBone { target: Vec3::ZERO, ..job }, "root"),
        (TwoBone { mid: Mat4::IDENTITY, ..job }, "zero length"),
        (TwoBone { pole: Vec3::new(0.0, -3.0, 1.0), ..job }, "pole"),
        (TwoBone { target: Vec3::INFINITY, ..job }, "not finite"),
        (TwoBone { soften: 0.0, ..job }, "soften"),
        (TwoBone { weight: -0.1, ..job }, "weight"),
    ] {
        let error = check_two_bone(&bad).expect_err(words).to_string();
        assert!(error.contains(words), "expected `{words}` in: {error}");
    }
    let budget = Budget { tolerance: 1e-3, iterations: 10 };
    assert_eq!(check_chain(&[Vec3::ZERO], Vec3::X, &budget), Err(IkError::ChainTooShort(1)));
    let bad = Budget { tolerance: f32::NAN, ..budget };
    assert!(check_chain(&[Vec3::ZERO, Vec3::Y], Vec3::X, &bad).is_err());
}

#[test]
fn given_chain_corrections_put_joints_where_asked() {
    let skeleton = tentacle(5, 0.2, Vec3::ZERO);
    let world = world_matrices(&skeleton, &rest(&skeleton));
    let mut positions: Vec<Vec3> = world[1..].iter().map(at).collect();
    // Bend the chain by hand: every bone turned 0.3 rad more about X than its parent.
    for i in 1..positions.len() {
        let turn = Quat::from_rotation_x(0.3 * i as f32);
        positions[i] = positions[i - 1] + turn * Vec3::Y * 0.2;
    }
    let corrections = chain_corrections(&world[1..], &positions);
    let mut pose = rest(&skeleton);
    for (i, q) in corrections.iter().enumerate() {
        lab08_inverse_kinematics::given::apply(&mut pose[i + 1], *q);
    }
    let after = world_matrices(&skeleton, &pose);
    for (i, p) in positions.iter().enumerate() {
        assert!((at(&after[i + 1]) - *p).length() < 1e-5, "joint {i}");
    }
}

#[test]
fn given_terrain_and_travelling_clips_are_sound() {
    for (name, terrain) in Terrain::NAMES {
        assert_eq!(Terrain::named(name), Some(terrain));
        for i in 0..200 {
            let (x, z) = (0.1 * (i % 7) as f32 - 0.3, -1.0 + 0.05 * i as f32);
            let n = terrain.normal(x, z);
            assert!(n.is_finite() && (n.length() - 1.0).abs() < 1e-5 && n.y > 0.5, "{name}: normal {n} at {z}");
            let hit = terrain.ray_down(Vec3::new(x, 5.0, z)).expect("a hit");
            assert_eq!(hit.point.y, terrain.height(x, z));
        }
    }
    assert!(Terrain::Course.ray_down(Vec3::NAN).is_none());
    let c = character();
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, Vec3::Z, 0.4);
    assert!(walk.validate(c.skeleton().nodes.len()).is_ok(), "a travelling clip passes common's rulebook");
}
