//! Step 6: foot placement on the demo's course, walking with root motion.

use common::model::Transform;
use glam::{Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::rig::{pose, stride_speed, travelling};
use lab08_inverse_kinematics::{Feet, Terrain, place_feet};

use crate::rig::{Character, at, character};

/// The walk travelling over the course at `seconds`: the pose (root motion
/// in the hips, as the demo places it).
fn walking(c: &Character, seconds: f64) -> Vec<Transform> {
    let speed = stride_speed(c.clip("walk"), c.skeleton(), &c.rig);
    let walk = travelling(c.clip("walk"), &c.rest, c.rig.hips, Vec3::Z * speed, 0.0);
    let length = walk.duration_seconds();
    let mut p = pose(&walk, &c.rest, seconds.rem_euclid(length));
    p[c.rig.hips].translation.z += speed * (length * (seconds / length).floor()) as f32;
    p
}

/// The largest gap between a sole and the ground, over both feet: the
/// ankle's height above the ground under it, less its height in the clip.
fn gaps(c: &Character, terrain: &Terrain, animated: &[Transform], placed: &[Transform]) -> f32 {
    let (before, after) = (world_matrices(c.skeleton(), animated), world_matrices(c.skeleton(), placed));
    let mut worst = 0.0f32;
    for leg in &c.rig.legs {
        let (was, now) = (at(&before[leg.foot]), at(&after[leg.foot]));
        worst = worst.max((now.y - was.y - terrain.height(now.x, now.z)).abs());
    }
    worst
}

#[test]
fn step6_feet_stand_on_the_course() {
    let c = character();
    let terrain = Terrain::Course;
    let (mut on, mut off) = (0.0f32, 0.0f32);
    for frame in 0..120 {
        let seconds = frame as f64 * 0.05;
        let animated = walking(&c, seconds);
        let mut placed = animated.clone();
        let solve = place_feet(c.skeleton(), &mut placed, &c.rig.legs, c.rig.hips, &terrain, &Feet::default())
            .expect("valid input");
        let gap = gaps(&c, &terrain, &animated, &placed);
        assert!(
            gap <= 1e-3,
            "at {seconds:.2} s a foot is {:.1} mm off the ground with IK on (pelvis moved {:.3} m, reached {:?}): is the pelvis lowered so that the lower foot can reach?",
            gap * 1e3,
            solve.pelvis,
            solve.reached
        );
        on = on.max(gap);
        off = off.max(gaps(&c, &terrain, &animated, &animated));
    }
    eprintln!(
        "step 6: worst foot-to-ground gap on the course {:.3} mm with IK on, {:.1} mm with IK off",
        on * 1e3,
        off * 1e3
    );
    assert!(off > 0.05, "the course should make IK matter ({off} m off with IK off)");
}

#[test]
fn step6_feet_turn_onto_the_ground_and_weight_fades() {
    let c = character();
    let terrain = Terrain::Ramp { from: -5.0, slope: 0.2 };
    let animated = walking(&c, 0.3);
    let before = world_matrices(c.skeleton(), &animated);
    let mut placed = animated.clone();
    place_feet(c.skeleton(), &mut placed, &c.rig.legs, c.rig.hips, &terrain, &Feet::default()).expect("valid input");
    let after = world_matrices(c.skeleton(), &placed);
    let tilt = Quat::from_rotation_arc(Vec3::Y, terrain.normal(0.0, 0.0));
    for leg in &c.rig.legs {
        let (_, was, _) = before[leg.foot].to_scale_rotation_translation();
        let (_, now, _) = after[leg.foot].to_scale_rotation_translation();
        let off = now.angle_between(tilt * was);
        assert!(
            off < 1e-3,
            "the foot should keep the clip's orientation turned onto the ground's normal ({off:.4} rad off)"
        );
    }
    let mut faded = animated.clone();
    let none = Feet { weight: 0.0, ..Feet::default() };
    place_feet(c.skeleton(), &mut faded, &c.rig.legs, c.rig.hips, &terrain, &none).expect("valid input");
    for (a, b) in faded.iter().zip(&animated) {
        assert!(
            a.rotation.dot(b.rotation).abs() > 1.0 - 1e-6 && (a.translation - b.translation).length() < 1e-6,
            "weight 0 must leave the clip's pose"
        );
    }
    let mut bad = animated.clone();
    let nan = Feet { forward: Vec3::NAN, ..Feet::default() };
    assert!(
        place_feet(c.skeleton(), &mut bad, &c.rig.legs, c.rig.hips, &terrain, &nan).is_err(),
        "a NaN forward must be refused"
    );
}

#[test]
fn step6_the_pelvis_moves_in_its_parents_frame() {
    let c = character();
    let terrain = Terrain::Course;
    let parent = c.skeleton().nodes[c.rig.hips].parent.expect("the hips have a parent");
    // The same world, the hips' parent turned and scaled, the hips' local the inverse of that.
    let (turn, scale) = (Quat::from_euler(glam::EulerRot::YXZ, 0.9, 0.4, -0.3), 2.5);
    for seconds in [0.3, 1.15, 2.6] {
        let plain = walking(&c, seconds);
        let mut placed = plain.clone();
        place_feet(c.skeleton(), &mut placed, &c.rig.legs, c.rig.hips, &terrain, &Feet::default())
            .expect("valid input");
        let mut turned = plain.clone();
        let frame = Transform { translation: Vec3::ZERO, rotation: turn, scale: Vec3::splat(scale) };
        let hips = turned[c.rig.hips];
        turned[parent] = frame;
        turned[c.rig.hips] = Transform {
            translation: turn.inverse() * hips.translation / scale,
            rotation: turn.inverse() * hips.rotation,
            scale: hips.scale / scale,
        };
        place_feet(c.skeleton(), &mut turned, &c.rig.legs, c.rig.hips, &terrain, &Feet::default())
            .expect("valid input");
        let (want, got) = (world_matrices(c.skeleton(), &placed), world_matrices(c.skeleton(), &turned));
        let off = (at(&got[c.rig.hips]) - at(&want[c.rig.hips])).length();
        assert!(
            off < 1e-4,
            "at {seconds} s, with the hips' parent turned and scaled, the pelvis ends {off:.4} m from where it goes under an identity parent: the hips' translation is in its parent's frame; move it by the model-space drop seen from there (README, step 6, hint 2)"
        );
        let feet = c.rig.legs.iter().map(|l| (at(&got[l.foot]) - at(&want[l.foot])).length()).fold(0.0, f32::max);
        assert!(
            feet < 1e-4,
            "at {seconds} s, under a turned and scaled parent, a foot ends {feet:.4} m from its place"
        );
    }
}

#[test]
fn step6_feet_tilt_on_gentle_slopes() {
    let c = character();
    for slope in [4e-4, -2e-4, 0.05] {
        let terrain = Terrain::Ramp { from: -5.0, slope };
        let animated = walking(&c, 0.3);
        let before = world_matrices(c.skeleton(), &animated);
        let mut placed = animated.clone();
        place_feet(c.skeleton(), &mut placed, &c.rig.legs, c.rig.hips, &terrain, &Feet::default())
            .expect("valid input");
        let after = world_matrices(c.skeleton(), &placed);
        let normal = terrain.normal(0.0, 0.0);
        let tilt = Quat::from_axis_angle(Vec3::Y.cross(normal).normalize(), crate::straight::between(Vec3::Y, normal));
        for leg in &c.rig.legs {
            let (_, was, _) = before[leg.foot].to_scale_rotation_translation();
            let (_, now, _) = after[leg.foot].to_scale_rotation_translation();
            let off = crate::straight::angle(now, tilt * was);
            assert!(
                off < 1e-4,
                "on a slope of {slope}, the foot is {off:.2e} rad from the clip's orientation turned onto the ground: glam's `from_rotation_arc` returns the identity below about 7e-4 rad; use `given::arc` (README, step 6, hint 4)"
            );
        }
    }
}

#[test]
fn step6_knee_poles_are_points_in_front_of_the_knees() {
    let c = character();
    let forward = Vec3::new(0.3, 0.0, 1.0).normalize();
    let mut animated = walking(&c, 0.7);
    animated[c.rig.hips].translation += Vec3::new(-40.0, 0.0, 60.0);
    let before = world_matrices(c.skeleton(), &animated);
    let mut placed = animated.clone();
    let feet = Feet { forward, ..Feet::default() };
    let solve =
        place_feet(c.skeleton(), &mut placed, &c.rig.legs, c.rig.hips, &Terrain::Flat, &feet).expect("valid input");
    let after = world_matrices(c.skeleton(), &placed);
    for (i, leg) in c.rig.legs.iter().enumerate() {
        let knee = at(&before[leg.shin]);
        let ahead = (solve.poles[i] - knee).dot(forward);
        assert!(
            (solve.poles[i] - knee).length() < 2.0 && ahead > 0.0,
            "far from the origin the knee's pole is {} ({knee} is the knee): a pole is a point in front of the knee (the knee plus the forward direction), not a direction",
            solve.poles[i]
        );
        let (hip, ankle, bent) = (at(&after[leg.thigh]), at(&after[leg.foot]), at(&after[leg.shin]));
        let out = (bent - hip).reject_from(ankle - hip).normalize();
        assert!(
            out.dot(forward) > 0.8,
            "far from the origin the knee points along {out}, not forward ({forward}): a pole is a point in front of the knee, not a direction"
        );
    }
}
