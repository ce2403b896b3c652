//! Steps 5 and 6: reading a joint's frame off its world matrix, and the
//! local matrix that keeps a joint in place under a new parent.

use std::f32::consts::FRAC_PI_2;

use common::grade::{Verdict, check_mat4, check_vec3};
use glam::{Mat4, Vec3};
use lab01_hierarchy::*;

use super::worlds::reference_worlds;

// ---------------------------------------------------------------- step 5

/// The x-ray of `m` checked part by part, with rows and normalised axes named.
fn check_frame(got: JointFrame, m: &Mat4) -> Result<(), String> {
    let t = m.transpose();
    let rows = "these are the matrix's rows; the joint's axes and origin are where the matrix sends its own \
                axes and origin (README, step 5, hint 1)";
    let unit = "the axis was normalised: it keeps its length, the scale along it";
    let part = |name: &str, got: Vec3, col: Vec3, row: Vec3| {
        check_vec3(name, got, col, &[(rows, row), (unit, col.normalize_or_zero())])
    };
    part("origin", got.origin, m.w_axis.truncate(), t.w_axis.truncate())?;
    part("x_axis", got.x_axis, m.x_axis.truncate(), t.x_axis.truncate())?;
    part("y_axis", got.y_axis, m.y_axis.truncate(), t.y_axis.truncate())?;
    part("z_axis", got.z_axis, m.z_axis.truncate(), t.z_axis.truncate())
}

fn stretched() -> Mat4 {
    Mat4::from_translation(Vec3::new(4.0, 5.0, 6.0))
        * Mat4::from_rotation_z(FRAC_PI_2)
        * Mat4::from_scale(Vec3::new(2.0, 1.0, 1.0))
}

#[test]
fn step5_a_stretched_turned_moved_matrix() {
    let m = stretched();
    let frame = joint_frame(&m);
    check_frame(frame, &m).or_fail();
    // By hand: X turned a quarter about Z points along +Y, twice as long.
    check_vec3("x_axis by hand", frame.x_axis, Vec3::new(0.0, 2.0, 0.0), &[]).or_fail();
    check_vec3("origin by hand", frame.origin, Vec3::new(4.0, 5.0, 6.0), &[]).or_fail();
}

#[test]
fn step5_character_forearm_points_along_its_bone() {
    let model = common::character::build();
    let world = reference_worlds(&model.skeleton, &model.skeleton.rest_locals());
    let forearm = model.skeleton.find("forearm_l").unwrap();
    let frame = joint_frame(&world[forearm]);
    check_frame(frame, &world[forearm]).or_fail();
    // The rig's convention: each joint's Y axis points along its bone; the left arm points +X.
    check_vec3("forearm_l's Y axis", frame.y_axis, Vec3::X, &[]).or_fail();
}

#[test]
fn grader_step5_names_rows_and_normalised_axes() {
    let m = stretched();
    let (t, col) = (m.transpose(), |v: glam::Vec4| v.truncate());
    let rows =
        JointFrame { origin: col(t.w_axis), x_axis: col(t.x_axis), y_axis: col(t.y_axis), z_axis: col(t.z_axis) };
    assert!(check_frame(rows, &m).unwrap_err().contains("rows"));
    let unit = JointFrame {
        x_axis: col(m.x_axis).normalize(),
        origin: col(m.w_axis),
        y_axis: col(m.y_axis),
        z_axis: col(m.z_axis),
    };
    assert!(check_frame(unit, &m).unwrap_err().contains("normalised"));
}

// ---------------------------------------------------------------- step 6

/// The local that keeps `world` under `parent`, with the classic wrong ones.
fn check_local(what: &str, parent: &Mat4, world: &Mat4, got: Mat4) -> Result<(), String> {
    let (p, w) = (*parent, *world);
    let mistakes = [
        (
            "this is world * parent^-1: the parent stands on the left of the local, so undo it on the left (README, step 6, hint 2)",
            w * p.inverse(),
        ),
        ("this is parent * world: the parent was applied again instead of undone", p * w),
        ("this is world^-1 * parent: the other way round", w.inverse() * p),
        ("this is the world matrix unchanged: under a parent that is not the identity it moves the joint", w),
        (
            "the parent was undone with its transpose: that undoes a pure rotation only, not a move or a scale (README, step 6, hint 1)",
            p.transpose() * w,
        ),
    ];
    check_mat4(what, got, p.inverse() * w, &mistakes)
}

fn parent_and_world() -> (Mat4, Mat4) {
    let parent = Mat4::from_translation(Vec3::new(1.0, 2.0, 0.0))
        * Mat4::from_rotation_y(0.7)
        * Mat4::from_scale(Vec3::new(1.0, 2.0, 1.0));
    let local = Mat4::from_translation(Vec3::new(0.0, 1.0, 3.0)) * Mat4::from_rotation_x(0.4);
    (parent, parent * local)
}

#[test]
fn step6_local_from_world_undoes_the_parent() {
    let (parent, world) = parent_and_world();
    let got = local_from_world(&parent, &world);
    check_local("local_from_world", &parent, &world, got).or_fail();
    check_mat4("parent * local_from_world(parent, world)", parent * got, world, &[]).or_fail();
    check_local(
        "local_from_world under the identity",
        &Mat4::IDENTITY,
        &world,
        local_from_world(&Mat4::IDENTITY, &world),
    )
    .or_fail();
}

#[test]
fn step6_reparenting_keeps_the_world_matrix() {
    let model = common::character::build();
    let s = &model.skeleton;
    let world = reference_worlds(s, &s.rest_locals());
    let hand = s.find("hand_l").unwrap();
    for new_parent in ["chest", "head", "foot_r"].map(|name| s.find(name).unwrap()) {
        let what = format!("hand_l moved under `{}`: local_from_world", s.nodes[new_parent].name);
        let new_local = local_from_world(&world[new_parent], &world[hand]);
        check_local(&what, &world[new_parent], &world[hand], new_local).or_fail();
    }
}

#[test]
fn grader_step6_names_the_inverse_on_the_wrong_side_and_the_transpose() {
    let (parent, world) = parent_and_world();
    let wrong = [
        (world * parent.inverse(), "world * parent^-1"),
        (parent * world, "applied again"),
        (world.inverse() * parent, "the other way round"),
        (world, "unchanged"),
        (parent.transpose() * world, "transpose"),
    ];
    for (got, why) in wrong {
        let e = check_local("x", &parent, &world, got).expect_err("a wrong local passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
    }
}
