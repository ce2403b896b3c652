//! Step 1: two-bone IK on the character's legs and on random chains.

use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::{IkError, TwoBone, two_bone};

use crate::rig::{Random, applied, at, bend, character, judge_leg, leg_job, plain_leg};

#[test]
fn step1_legs_reach_targets_with_the_knee_towards_the_pole() {
    let c = character();
    let mut random = Random::new(0x1808);
    let mut worst = 0.0f32;
    for frame in 0..8 {
        let pose = c.walk(frame as f64 / 8.0);
        let before = world_matrices(c.skeleton(), &pose);
        for leg in &c.rig.legs {
            let hip = at(&before[leg.thigh]);
            for _ in 0..12 {
                // Targets below and around the hip, within 20% to 95% of the leg's length.
                let mut direction = random.direction();
                direction.y = -direction.y.abs() - 0.3;
                let target = hip + direction.normalize() * random.range(0.2, 0.95) * 0.85;
                let pole = at(&before[leg.shin]) + Vec3::new(random.range(-0.3, 0.3), 0.0, 1.0);
                let answer = two_bone(&leg_job(&before, leg, target, pole)).expect("a valid job");
                let after = applied(c.skeleton(), &pose, leg, &answer);
                if let Some(wrong) = judge_leg(&before, &after, leg, target, pole, c.reach_tolerance(), true) {
                    panic!("walk at {frame}/8 s, target {target}, pole {pole}: {wrong}");
                }
                assert!(answer.reached, "target {target} is within reach, yet reached is false");
                worst = worst.max((at(&after[leg.foot]) - target).length());
            }
        }
    }
    eprintln!("step 1: worst ankle-to-target distance {worst:.2e} m (tolerance {:.2e})", c.reach_tolerance());
}

/// A chain of two bones in a random frame, its hinge perpendicular to both.
fn random_chain(random: &mut Random) -> (TwoBone, f32) {
    let (upper, lower) = (random.range(0.2, 0.6), random.range(0.2, 0.6));
    let leg = random.rotation();
    let bend = random.range(0.1, 2.5);
    let hip = Vec3::new(random.range(-1.0, 1.0), random.range(-1.0, 1.0), random.range(-1.0, 1.0));
    let knee = hip + leg * Vec3::new(0.0, -upper, 0.0);
    let ankle = knee + leg * (Vec3::new(0.0, -bend.cos(), -bend.sin()) * lower);
    // Each joint's frame is arbitrary; the knee's hinge is the leg's X, seen from the knee.
    let frames = [random.rotation(), random.rotation(), random.rotation()];
    let axis = frames[1].inverse() * (leg * Vec3::X);
    let m = |r: Quat, p: Vec3| Mat4::from_rotation_translation(r, p);
    // From just past |upper - lower| (nearer cannot be reached) to 97% of the length.
    let near = (upper - lower).abs() + 0.05 * (upper + lower);
    let target = hip + random.direction() * random.range(near, 0.97 * (upper + lower));
    let pole = knee + random.direction() * 0.5;
    let job = TwoBone::new(m(frames[0], hip), m(frames[1], knee), m(frames[2], ankle), target, pole, axis);
    (job, upper + lower)
}

/// The three joints after the corrections, as a chain of parent-child frames.
pub fn solved_points(job: &TwoBone, start: Quat, mid: Quat) -> [Vec3; 3] {
    let (_, rs, s) = job.start.to_scale_rotation_translation();
    let (_, rm, m) = job.mid.to_scale_rotation_translation();
    let e = at(&job.end);
    // World after: start rotation rs*start; the knee hangs off the hip, the ankle off the knee.
    let start_turn = rs * start * rs.inverse();
    let mid_world = start_turn * rm * mid;
    let knee = s + start_turn * (m - s);
    let ankle = knee + mid_world * (rm.inverse() * (e - m));
    [s, knee, ankle]
}

#[test]
fn step1_random_chains_keep_lengths_and_reach() {
    let mut random = Random::new(0x5EED0008);
    for case in 0..200 {
        let (job, length) = random_chain(&mut random);
        if (job.pole - at(&job.start)).reject_from(job.target - at(&job.start)).length() < 0.05 {
            continue;
        }
        let answer = two_bone(&job).unwrap_or_else(|e| panic!("case {case}: {e}"));
        let [s, k, a] = solved_points(&job, answer.start, answer.mid);
        let (s0, k0, a0) = (at(&job.start), at(&job.mid), at(&job.end));
        assert!(((k - s).length() - (k0 - s0).length()).abs() < 1e-5, "case {case}: the upper bone changed length");
        assert!(((a - k).length() - (a0 - k0).length()).abs() < 1e-5, "case {case}: the lower bone changed length");
        let miss = (a - job.target).length();
        assert!(miss < 1e-4 * length.max(1.0), "case {case}: the end misses the target by {miss}");
        let normal = (job.target - s).cross(job.pole - s).normalize();
        assert!(
            (k - s).dot(normal).abs() < 1e-4,
            "case {case}: the middle joint is off the pole's plane: pole ignored?"
        );
    }
}

#[test]
fn step1_out_of_reach_points_at_the_target_and_says_so() {
    let c = character();
    let pose = c.walk(0.25);
    let before = world_matrices(c.skeleton(), &pose);
    let leg = &c.rig.legs[0];
    let hip = at(&before[leg.thigh]);
    for (far, direction) in [(1.3, Vec3::new(0.0, -1.0, 0.2)), (3.0, Vec3::new(0.3, -1.0, -0.4)), (1.001, Vec3::NEG_Y)]
    {
        let target = hip + direction.normalize() * 0.85 * far;
        let pole = at(&before[leg.shin]) + Vec3::Z;
        let answer = two_bone(&leg_job(&before, leg, target, pole)).expect("a valid job");
        let after = applied(c.skeleton(), &pose, leg, &answer);
        assert!(!answer.reached, "a target {far} leg lengths away is out of reach: reached must be false");
        if let Some(wrong) = judge_leg(&before, &after, leg, target, pole, c.reach_tolerance(), false) {
            panic!("out of reach ({far} leg lengths): {wrong}");
        }
        let (pointing, wanted) = ((at(&after[leg.foot]) - hip).normalize(), (target - hip).normalize());
        let angle = pointing.angle_between(wanted);
        assert!(angle < 1e-3, "out of reach, the leg should point straight at the target ({angle:.4} rad off)");
    }
}

#[test]
fn step1_target_closer_than_the_bones_difference_gives_no_nan() {
    // Upper bone 0.5, lower 0.2: a target 0.1 from the hip is nearer than 0.5 - 0.2.
    let hip = Mat4::IDENTITY;
    let knee = Mat4::from_translation(Vec3::new(0.0, -0.5, 0.0));
    let ankle = Mat4::from_translation(Vec3::new(0.0, -0.6, -0.17));
    let job = TwoBone::new(hip, knee, ankle, Vec3::new(0.0, -0.1, 0.0), Vec3::new(0.0, -0.3, 1.0), Vec3::X);
    let answer = two_bone(&job).expect("a valid job");
    assert!(
        answer.start.is_finite() && answer.mid.is_finite(),
        "NaN for a target nearer than the bones' difference: the law of cosines needs a clamp to [-1, 1]"
    );
    assert!(!answer.reached, "a target nearer than |upper - lower| cannot be reached");
}

#[test]
fn step1_soften_eases_the_knee_near_full_extension() {
    let c = character();
    let pose = c.walk(0.0);
    let before = world_matrices(c.skeleton(), &pose);
    let leg = &c.rig.legs[1];
    let hip = at(&before[leg.thigh]);
    let length = (at(&before[leg.shin]) - hip).length() + (at(&before[leg.foot]) - at(&before[leg.shin])).length();
    let mut last_bend = f32::MAX;
    let mut biggest_jump = 0.0f32;
    for i in 0..=60 {
        let distance = length * (0.85 + 0.3 * i as f32 / 60.0);
        let target = hip + Vec3::new(0.0, -1.0, 0.1).normalize() * distance;
        let mut job = leg_job(&before, leg, target, at(&before[leg.shin]) + Vec3::Z);
        job.soften = 0.9;
        let after = applied(c.skeleton(), &pose, leg, &two_bone(&job).expect("a valid job"));
        let b = bend(&after, leg);
        if i > 0 {
            biggest_jump = biggest_jump.max((last_bend - b).abs());
        }
        last_bend = b;
        if (distance - length).abs() < length * 0.003 {
            assert!(
                b > 0.02,
                "at full extension with soften 0.9 the knee is straight ({b:.4} rad): snapping at full extension: soften ignored?"
            );
        }
    }
    assert!(
        biggest_jump < 0.08,
        "the knee jumps by {biggest_jump:.3} rad between targets 0.5% apart: snapping at full extension"
    );
}

#[test]
fn step1_weight_and_twist() {
    let c = character();
    let pose = c.walk(0.5);
    let before = world_matrices(c.skeleton(), &pose);
    let leg = &c.rig.legs[0];
    let target = at(&before[leg.foot]) + Vec3::new(0.05, 0.2, 0.1);
    let mut job = leg_job(&before, leg, target, at(&before[leg.shin]) + Vec3::Z);
    job.weight = 0.0;
    let none = two_bone(&job).expect("a valid job");
    assert!(none.start.w.abs() > 1.0 - 1e-6 && none.mid.w.abs() > 1.0 - 1e-6, "weight 0 must change nothing");
    job.weight = 1.0;
    let full = two_bone(&job).expect("a valid job");
    job.weight = 0.5;
    let half = two_bone(&job).expect("a valid job");
    let share = half.start.angle_between(Quat::IDENTITY) / full.start.angle_between(Quat::IDENTITY);
    assert!((share - 0.5).abs() < 0.02, "weight 0.5 should turn half as far ({share:.3} of the full turn)");
    job.weight = 1.0;
    job.twist = 0.4;
    let twisted = applied(c.skeleton(), &pose, leg, &two_bone(&job).expect("a valid job"));
    let miss = (at(&twisted[leg.foot]) - target).length();
    assert!(
        miss < c.reach_tolerance(),
        "twist turns the plane about the hip-target line: the ankle stays on the target ({miss})"
    );
}

#[test]
fn step1_refuses_bad_input() {
    let job = plain_leg();
    let (hip, knee) = (job.start, job.mid);
    let cases = [
        (TwoBone { target: Vec3::ZERO, ..job }, IkError::TargetAtRoot),
        (TwoBone { mid: hip, ..job }, IkError::ZeroLengthBone(0)),
        (TwoBone { end: knee, ..job }, IkError::ZeroLengthBone(1)),
        (TwoBone { pole: Vec3::new(0.0, -1.4, 0.4), ..job }, IkError::PoleOnChainLine),
        (TwoBone { target: Vec3::new(f32::NAN, 0.0, 0.0), ..job }, IkError::NotFinite("target")),
    ];
    for (bad, want) in cases {
        assert_eq!(two_bone(&bad).err(), Some(want.clone()), "expected the error `{want}`");
    }
    assert!(two_bone(&job).is_ok());
}
