//! Step 5: root motion of the built-in walk made to travel.

use glam::{DQuat, DVec3, Vec3};
use lab08_inverse_kinematics::given::rig::travelling;
use lab08_inverse_kinematics::{loop_travel, motion_between, play_in_place};

use crate::rig::character;

const SPEED: Vec3 = Vec3::new(0.1, 0.0, 1.3);

#[test]
fn step5_one_loop_of_travel_and_heading() {
    let c = character();
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, 0.0);
    let travel = loop_travel(&walk, &c.rest, c.rig.hips);
    let want = SPEED * walk.duration_seconds() as f32;
    assert!((travel.displacement - want).length() < 1e-5, "one loop travels {want}, got {}", travel.displacement);
    assert!(travel.heading.abs() < 1e-5, "a straight walk does not turn ({})", travel.heading);
    let turning = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, 0.3);
    let heading = loop_travel(&turning, &c.rest, c.rig.hips).heading;
    assert!((heading - 0.3).abs() < 1e-4, "a walk turning 0.3 rad a loop: heading {heading}");
}

#[test]
fn step5_ten_loops_without_drift() {
    let c = character();
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, 0.0);
    let travel = loop_travel(&walk, &c.rest, c.rig.hips);
    let length = walk.duration_seconds();
    let want = DVec3::from(travel.displacement) * 10.0;
    // Frame by frame, with a step that does not divide the loop.
    let mut moved = DVec3::ZERO;
    let (mut t, dt) = (0.0, 0.37);
    while t < 10.0 * length {
        let next = (t + dt).min(10.0 * length);
        moved += DVec3::from(motion_between(&walk, &c.rest, c.rig.hips, &travel, t, next));
        t = next;
    }
    let drift = (moved - want).length();
    let why = if (moved - want).dot(want) > 0.0 {
        "root motion counted twice after a loop"
    } else {
        "travel lost at each wrap"
    };
    assert!(
        drift < 1e-4,
        "drift across loops ({why}): frame by frame, 10 loops end {drift:.5} m from 10 loops' travel ({moved} against {want})"
    );
    // And at once.
    let once = motion_between(&walk, &c.rest, c.rig.hips, &travel, 0.0, 10.0 * length);
    assert!(
        (DVec3::from(once) - want).length() < 1e-4,
        "after 10 loops the root is at {once}, expected {want}: root motion counted twice after a loop, or lost at the wrap?"
    );
}

#[test]
fn step5_played_in_place_and_moved_once() {
    let c = character();
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, 0.0);
    let travel = loop_travel(&walk, &c.rest, c.rig.hips);
    let start = lab08_inverse_kinematics::given::rig::pose(&walk, &c.rest, 0.0)[c.rig.hips].translation;
    for i in 0..=20 {
        let seconds = 10.5 * walk.duration_seconds() * f64::from(i) / 20.0;
        let within = seconds.rem_euclid(walk.duration_seconds());
        let mut pose = lab08_inverse_kinematics::given::rig::pose(&walk, &c.rest, within);
        play_in_place(&mut pose, &walk, &c.rest, c.rig.hips, seconds);
        let hips = pose[c.rig.hips].translation;
        let off = Vec3::new(hips.x - start.x, 0.0, hips.z - start.z).length();
        assert!(
            off < 1e-5,
            "at {seconds:.2} s the pose still travels {off:.4} m on its own: root motion counted twice"
        );
        // The pose in place, moved by the root motion: the clip's travel, once.
        let moved = motion_between(&walk, &c.rest, c.rig.hips, &travel, 0.0, seconds);
        let world = hips + moved;
        let want = start + SPEED * seconds as f32;
        assert!(
            (Vec3::new(world.x - want.x, 0.0, world.z - want.z)).length() < 1e-4,
            "at {seconds:.2} s the character is at {world}, expected {want}: root motion counted twice?"
        );
    }
}

/// One loop's motion applied `loops` times, by hand: each loop's
/// displacement turned by the headings of the loops before it.
fn composed(displacement: Vec3, heading: f32, loops: usize) -> DVec3 {
    (0..loops).map(|k| DQuat::from_rotation_y(k as f64 * f64::from(heading)) * DVec3::from(displacement)).sum()
}

#[test]
fn step5_a_turning_walk_closes_its_circle() {
    let c = character();
    let turn = std::f32::consts::TAU / 8.0;
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, turn);
    let travel = loop_travel(&walk, &c.rest, c.rig.hips);
    let length = walk.duration_seconds();
    let step = SPEED * length as f32;
    for loops in 1..=16 {
        let got = DVec3::from(motion_between(&walk, &c.rest, c.rig.hips, &travel, 0.0, loops as f64 * length));
        let want = composed(step, turn, loops);
        let off = (got - want).length();
        assert!(
            off < 1e-4,
            "a walk turning {turn:.3} rad a loop: after {loops} loops the root is {off:.4} m from where {loops} applications of one loop's motion put it ({got} against {want}): is each loop's displacement turned by the headings before it, or multiplied by the loops crossed? (README, step 5, hint 3)"
        );
    }
    let closed = motion_between(&walk, &c.rest, c.rig.hips, &travel, 0.0, 8.0 * length).length();
    assert!(
        closed < 1e-4,
        "eight loops of a walk turning 1/8 of a circle each end {closed:.4} m from the start: the circle does not close"
    );
    // Mid-loop: the travel within the loop is turned too, and frame by frame adds up to at once.
    let start = ground(&walk, &c, 0.0);
    let (mut moved, mut t) = (DVec3::ZERO, 0.0);
    while t < 8.0 * length {
        let next = (t + 0.37).min(8.0 * length);
        moved += DVec3::from(motion_between(&walk, &c.rest, c.rig.hips, &travel, t, next));
        t = next;
        let (loops, within) = ((t / length).floor(), t.rem_euclid(length));
        let inside = DQuat::from_rotation_y(loops * f64::from(turn)) * DVec3::from(ground(&walk, &c, within) - start);
        let want = composed(step, turn, loops as usize) + inside;
        let off = (moved - want).length();
        assert!(
            off < 1e-4,
            "a turning walk at {t:.2} s: frame by frame the root is {off:.4} m from the composed loops: the travel within a loop turns with the loops before it"
        );
    }
}

/// The clip's root on the ground at a time within the loop.
fn ground(clip: &common::model::Clip, c: &crate::rig::Character, seconds: f64) -> Vec3 {
    let t = lab08_inverse_kinematics::given::rig::pose(clip, &c.rest, seconds)[c.rig.hips].translation;
    Vec3::new(t.x, 0.0, t.z)
}

#[test]
fn step5_travel_stays_on_the_ground() {
    let c = character();
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, SPEED, 0.0);
    let travel = loop_travel(&walk, &c.rest, c.rig.hips);
    assert!(
        travel.displacement.y == 0.0,
        "one loop's travel is on the ground: its y must be 0 ({})",
        travel.displacement
    );
    let length = walk.duration_seconds();
    for i in 1..12 {
        let (from, to) = (0.13 * length, f64::from(i) * 0.29 * length);
        let moved = motion_between(&walk, &c.rest, c.rig.hips, &travel, from, to);
        assert!(
            moved.y.abs() < 1e-6,
            "the travel from {from:.2} s to {to:.2} s rises {:.4} m: root motion is on the ground; the hips' vertical bob stays in the pose (README, step 5)",
            moved.y
        );
        let clip = lab08_inverse_kinematics::given::rig::pose(&walk, &c.rest, to.rem_euclid(length));
        let mut pose = clip.clone();
        play_in_place(&mut pose, &walk, &c.rest, c.rig.hips, to);
        let (kept, was) = (pose[c.rig.hips].translation.y, clip[c.rig.hips].translation.y);
        assert!(
            (kept - was).abs() < 1e-6,
            "played in place at {to:.2} s the hips are at height {kept:.4}, the clip's at {was:.4}: take out the ground travel only, keep the bob"
        );
    }
}
