//! Step 2: aim, on the character's head.

use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::apply;
use lab08_inverse_kinematics::{Aim, IkError, aim};

use crate::rig::{Random, at, character};

fn head_job(world: &[Mat4], c: &crate::rig::Character, target: Vec3) -> Aim {
    Aim {
        joint: world[c.rig.head],
        target,
        forward: c.rig.head_forward,
        up: c.rig.head_up,
        pole: Vec3::Y,
        limit: std::f32::consts::PI,
        weight: 1.0,
    }
}

/// The head's forward and up axes in model space after its correction.
fn axes(c: &crate::rig::Character, pose: &[common::model::Transform], correction: Quat) -> (Vec3, Vec3, Vec3) {
    let mut pose = pose.to_vec();
    apply(&mut pose[c.rig.head], correction);
    let world = world_matrices(c.skeleton(), &pose);
    let (_, r, p) = world[c.rig.head].to_scale_rotation_translation();
    (r * c.rig.head_forward, r * c.rig.head_up, p)
}

#[test]
fn step2_the_head_looks_at_targets_with_its_top_up() {
    let c = character();
    let mut random = Random::new(0x2808);
    for frame in 0..6 {
        let pose = c.walk(frame as f64 / 6.0);
        let world = world_matrices(c.skeleton(), &pose);
        for _ in 0..10 {
            let mut direction = random.direction();
            direction.z = direction.z.abs() + 0.2;
            let target = at(&world[c.rig.head]) + direction.normalize() * random.range(0.3, 3.0);
            let answer = aim(&head_job(&world, &c, target)).expect("a valid job");
            let (forward, up, p) = axes(&c, &pose, answer.correction);
            let off = forward.angle_between(target - p);
            assert!(
                off < 1e-3,
                "the head's forward axis misses the target by {off:.5} rad (a world rotation in a local slot?)"
            );
            assert!(answer.reached);
            let side = up.dot(forward.cross(Vec3::Y)).abs();
            assert!(
                side < 1e-3 && up.y > 0.0,
                "the head rolls: its up axis leaves the plane of forward and the pole ({side:.4}): up vector ignored?"
            );
        }
    }
}

#[test]
fn step2_the_limit_stops_the_turn_and_weight_scales_it() {
    let c = character();
    let pose = c.walk(0.0);
    let world = world_matrices(c.skeleton(), &pose);
    let (_, r, p) = world[c.rig.head].to_scale_rotation_translation();
    let before = r * c.rig.head_forward;
    let target = p + Vec3::new(-2.0, 0.3, -1.0);
    let mut job = head_job(&world, &c, target);
    job.limit = 0.6;
    let limited = aim(&job).expect("a valid job");
    let (forward, _, _) = axes(&c, &pose, limited.correction);
    let turned = forward.angle_between(before);
    assert!((turned - 0.6).abs() < 2e-3, "with a limit of 0.6 rad the head turns {turned:.4} rad: limit ignored?");
    assert!(!limited.reached, "stopped by the limit, reached must be false");
    let closer = forward.angle_between(target - p) < before.angle_between(target - p);
    assert!(closer, "the limited turn should still go towards the target");
    job.limit = std::f32::consts::PI;
    job.weight = 0.0;
    let none = aim(&job).expect("a valid job");
    assert!(none.correction.w.abs() > 1.0 - 1e-6, "weight 0 must change nothing");
}

#[test]
fn step2_refuses_bad_input() {
    let c = character();
    let world = world_matrices(c.skeleton(), &c.walk(0.0));
    let job = head_job(&world, &c, Vec3::new(0.0, 1.6, 2.0));
    assert_eq!(aim(&Aim { target: at(&world[c.rig.head]), ..job }).err(), Some(IkError::TargetAtRoot));
    assert_eq!(aim(&Aim { target: Vec3::NAN, ..job }).err(), Some(IkError::NotFinite("target")));
    assert!(matches!(aim(&Aim { weight: 2.0, ..job }), Err(IkError::Setting("weight", _))));
}

#[test]
fn step2_weight_scales_the_roll_too() {
    let c = character();
    let pose = c.walk(0.0);
    let world = world_matrices(c.skeleton(), &pose);
    let p = at(&world[c.rig.head]);
    // Straight ahead, the up axis asked to lie on its side: mostly a roll.
    let mut job = head_job(&world, &c, p + Vec3::new(0.1, 0.05, 2.0));
    job.pole = Vec3::X;
    let full = aim(&job).expect("a valid job").correction;
    assert!(full.angle_between(Quat::IDENTITY) > 1.0, "the roll towards a sideways pole should be large");
    for weight in [0.0, 0.3, 0.5] {
        job.weight = weight;
        let got = aim(&job).expect("a valid job").correction;
        let want = Quat::IDENTITY.slerp(full, weight);
        let off = crate::straight::angle(got, want);
        assert!(
            off <= 1e-4,
            "weight {weight}: the correction is {off:.2e} rad from the weighted full turn: does the weight scale the swing but not the roll? Weigh the whole turn, roll and swing (README, step 2, hint 3)"
        );
    }
}
