//! Step 5: root motion of the built-in walk made to travel.

use glam::{DVec3, Vec3};
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
