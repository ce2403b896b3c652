//! Lab 01 grader. Tests are named after the README's steps; run them with
//! `cargo test -p lab01_hierarchy`. Each step's checks also list the classic
//! wrong answers, so a failure says which mistake it looks like; the
//! `grader_*` tests prove those wrong answers are rejected.

use std::f32::consts::FRAC_PI_2;

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Node, Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::*;

fn trs(t: [f32; 3], r: Quat, s: [f32; 3]) -> Transform {
    Transform { translation: Vec3::from(t), rotation: r, scale: Vec3::from(s) }
}

/// The right matrix, built the long way: translate * rotate * scale.
fn reference(t: &Transform) -> Mat4 {
    Mat4::from_translation(t.translation) * Mat4::from_quat(t.rotation) * Mat4::from_scale(t.scale)
}

/// An arm on a base plus a second root. Parents first; non-uniform scale on
/// the shoulder and quarter turns so that every order mistake shows.
fn arm() -> (Skeleton, Vec<Transform>) {
    let node = |name: &str, parent| Node { name: name.into(), parent, local: Transform::IDENTITY };
    let skeleton = Skeleton {
        nodes: vec![
            node("base", None),
            node("shoulder", Some(0)),
            node("elbow", Some(1)),
            node("hand", Some(2)),
            node("lamp", None),
        ],
    };
    let locals = vec![
        trs([1.0, 0.0, 0.0], Quat::from_rotation_z(FRAC_PI_2), [1.0; 3]),
        trs([0.0, 2.0, 0.0], Quat::IDENTITY, [1.0, 2.0, 1.0]),
        trs([1.0, 0.0, 0.0], Quat::from_rotation_x(FRAC_PI_2), [1.0; 3]),
        trs([0.0, 1.0, 0.0], Quat::IDENTITY, [1.0; 3]),
        trs([0.0, 0.0, 5.0], Quat::from_rotation_y(0.8), [1.0; 3]),
    ];
    (skeleton, locals)
}

/// World matrices the right way, and two classic wrong ways.
fn expected_worlds(skeleton: &Skeleton, locals: &[Transform]) -> [Vec<Mat4>; 3] {
    let (mut right, mut reversed) = (Vec::<Mat4>::new(), Vec::<Mat4>::new());
    for (i, node) in skeleton.nodes.iter().enumerate() {
        let local = reference(&locals[i]);
        right.push(node.parent.map_or(local, |p| right[p] * local));
        reversed.push(node.parent.map_or(local, |p| local * reversed[p]));
    }
    let parent_ignored = locals.iter().map(reference).collect();
    [right, reversed, parent_ignored]
}

fn check_worlds(what: &str, skeleton: &Skeleton, got: &[Mat4], want: &[Vec<Mat4>; 3]) -> Result<(), String> {
    if got.len() != skeleton.nodes.len() {
        return Err(format!("{what}: {} matrices for {} nodes (need one per node)", got.len(), skeleton.nodes.len()));
    }
    for (i, node) in skeleton.nodes.iter().enumerate() {
        let mistakes = [
            ("multiplied local * parent; the parent's matrix goes on the left: world[parent] * local", want[1][i]),
            (
                "this is the node's local matrix alone: was the parent's world matrix used before it was computed (children first), or not at all?",
                want[2][i],
            ),
        ];
        check_mat4(&format!("{what}: node {i} `{}`", node.name), got[i], want[0][i], &mistakes)?;
    }
    Ok(())
}

// ---------------------------------------------------------------- step 1

fn check_trs(t: &Transform, got: Mat4) -> Result<(), String> {
    let (tm, rm, sm) = (Mat4::from_translation(t.translation), Mat4::from_quat(t.rotation), Mat4::from_scale(t.scale));
    let mistakes = [
        ("this is R * T * S: the translation got rotated; translate last (leftmost)", rm * tm * sm),
        ("this is S * R * T: the order is reversed; a column vector meets the rightmost matrix first", sm * rm * tm),
        ("this is T * S * R: scale must act before rotation (rightmost)", tm * sm * rm),
        ("the scale is missing", tm * rm),
    ];
    check_mat4("transform_to_matrix", got, reference(t), &mistakes)
}

#[test]
fn step1_scale_then_rotate_then_translate() {
    let t = trs([1.0, 2.0, 3.0], Quat::from_rotation_z(FRAC_PI_2), [2.0, 1.0, 1.0]);
    let m = transform_to_matrix(&t);
    check_trs(&t, m).or_fail();
    // By hand: X scaled to (2,0,0), turned to (0,2,0), moved to (1,4,3).
    check_vec3("X through the matrix", m.transform_point3(Vec3::X), Vec3::new(1.0, 4.0, 3.0), &[]).or_fail();
}

#[test]
fn step1_identity_and_many_transforms() {
    check_trs(&Transform::IDENTITY, transform_to_matrix(&Transform::IDENTITY)).or_fail();
    let mut seed = 7u32;
    let mut next = move || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
    };
    for _ in 0..50 {
        let axis = Vec3::new(next(), next(), next()).normalize_or(Vec3::Y);
        let t = trs(
            [next() * 5.0, next(), next()],
            Quat::from_axis_angle(axis, next() * 3.0),
            [1.5 + next(), 1.0, 0.6 + next() * 0.5],
        );
        check_trs(&t, transform_to_matrix(&t)).or_fail();
    }
}

#[test]
fn grader_step1_rejects_wrong_orders() {
    let t = trs([1.0, 2.0, 3.0], Quat::from_rotation_z(FRAC_PI_2), [2.0, 1.0, 1.0]);
    let (tm, rm, sm) = (Mat4::from_translation(t.translation), Mat4::from_quat(t.rotation), Mat4::from_scale(t.scale));
    for wrong in [rm * tm * sm, sm * rm * tm, tm * sm * rm, tm * rm] {
        assert!(check_trs(&t, wrong).is_err());
    }
}

// ---------------------------------------------------------------- step 2

fn moved_and_turned() -> Mat4 {
    Mat4::from_translation(Vec3::new(5.0, 0.0, 0.0)) * Mat4::from_rotation_z(FRAC_PI_2)
}

fn check_vector(got: Vec3) -> Result<(), String> {
    let mistakes = [("the vector was moved by the translation: vectors have w = 0", Vec3::new(5.0, 1.0, 0.0))];
    check_vec3("transform_vector(X)", got, Vec3::Y, &mistakes)
}

#[test]
fn step2_points_are_turned_and_moved() {
    let mistakes = [("the point was not moved: points have w = 1", Vec3::Y)];
    check_vec3(
        "transform_point(X)",
        transform_point(&moved_and_turned(), Vec3::X),
        Vec3::new(5.0, 1.0, 0.0),
        &mistakes,
    )
    .or_fail();
    check_vec3(
        "transform_point(origin)",
        transform_point(&moved_and_turned(), Vec3::ZERO),
        Vec3::new(5.0, 0.0, 0.0),
        &[],
    )
    .or_fail();
}

#[test]
fn step2_vectors_are_turned_not_moved() {
    check_vector(transform_vector(&moved_and_turned(), Vec3::X)).or_fail();
    let scaled = Mat4::from_scale(Vec3::new(2.0, 3.0, 4.0)) * Mat4::from_translation(Vec3::ONE);
    check_vec3("a vector through a scale", transform_vector(&scaled, Vec3::ONE), Vec3::new(2.0, 3.0, 4.0), &[])
        .or_fail();
}

#[test]
fn grader_step2_rejects_translated_vectors() {
    assert!(check_vector(moved_and_turned().transform_point3(Vec3::X)).is_err());
}

// ---------------------------------------------------------------- step 3

#[test]
fn step3_world_matrices_of_an_arm() {
    let (skeleton, locals) = arm();
    let got = world_matrices(&skeleton, &locals);
    check_worlds("world_matrices", &skeleton, &got, &expected_worlds(&skeleton, &locals)).or_fail();
    // By hand: the hand's origin is at (-1, 1, 1).
    let hand = got[3].transform_point3(Vec3::ZERO);
    check_vec3("the hand's origin", hand, Vec3::new(-1.0, 1.0, 1.0), &[]).or_fail();
}

#[test]
fn step3_character_world_matrices_match_its_bind_pose() {
    let model = common::character::build();
    let world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    check_worlds(
        "character",
        &model.skeleton,
        &world,
        &expected_worlds(&model.skeleton, &model.skeleton.rest_locals()),
    )
    .or_fail();
    for bone in &model.meshes[0].bones {
        let name = &model.skeleton.nodes[bone.node].name;
        check_mat4(&format!("`{name}` world * inverse bind"), world[bone.node] * bone.offset, Mat4::IDENTITY, &[])
            .or_fail();
    }
}

#[test]
fn grader_step3_rejects_wrong_order_and_missing_parents() {
    let (skeleton, locals) = arm();
    let want = expected_worlds(&skeleton, &locals);
    assert!(check_worlds("x", &skeleton, &want[1], &want).unwrap_err().contains("local * parent"));
    assert!(check_worlds("x", &skeleton, &want[2], &want).unwrap_err().contains("children first"));
    assert!(check_worlds("x", &skeleton, &want[0][..4], &want).is_err());
}

// ---------------------------------------------------------------- step 4

/// The arm stored children first: hand, elbow, shoulder, base, lamp.
fn arm_children_first() -> (Skeleton, Vec<Transform>, [usize; 5]) {
    let (skeleton, locals) = arm();
    let order = [3, 2, 1, 0, 4]; // new index -> old index
    let new_index = |old: usize| order.iter().position(|&o| o == old).unwrap();
    let nodes = order
        .iter()
        .map(|&old| Node { parent: skeleton.nodes[old].parent.map(new_index), ..skeleton.nodes[old].clone() })
        .collect();
    (Skeleton { nodes }, order.iter().map(|&old| locals[old]).collect(), order)
}

#[test]
fn step4_recursive_walk_matches_the_arm() {
    let (skeleton, locals) = arm();
    let got = world_matrices_recursive(&skeleton, &locals);
    check_worlds("world_matrices_recursive", &skeleton, &got, &expected_worlds(&skeleton, &locals)).or_fail();
}

#[test]
fn step4_recursive_walk_works_in_any_storage_order() {
    let (skeleton, locals, order) = arm_children_first();
    let got = world_matrices_recursive(&skeleton, &locals);
    let (arm_skeleton, arm_locals) = arm();
    let want = expected_worlds(&arm_skeleton, &arm_locals).map(|w| order.iter().map(|&old| w[old]).collect::<Vec<_>>());
    check_worlds("world_matrices_recursive, children stored first", &skeleton, &got, &want).or_fail();
}

#[test]
fn step4_recursive_walk_matches_on_the_character() {
    let model = common::character::build();
    let mut locals = model.skeleton.rest_locals();
    for (i, l) in locals.iter_mut().enumerate() {
        l.rotation = Quat::from_rotation_x(0.1 * i as f32) * l.rotation; // a non-rest pose
    }
    let got = world_matrices_recursive(&model.skeleton, &locals);
    check_worlds("character", &model.skeleton, &got, &expected_worlds(&model.skeleton, &locals)).or_fail();
}

// ---------------------------------------------------------------- step 5

fn check_frame(got: JointFrame, m: &Mat4) -> Result<(), String> {
    let t = m.transpose();
    let row_hint = "read the rows; the axes are the columns (x_axis, y_axis, z_axis, w_axis)";
    check_vec3("origin", got.origin, m.w_axis.truncate(), &[(row_hint, t.w_axis.truncate())])?;
    check_vec3("x_axis", got.x_axis, m.x_axis.truncate(), &[(row_hint, t.x_axis.truncate())])?;
    check_vec3("y_axis", got.y_axis, m.y_axis.truncate(), &[(row_hint, t.y_axis.truncate())])?;
    check_vec3("z_axis", got.z_axis, m.z_axis.truncate(), &[(row_hint, t.z_axis.truncate())])
}

#[test]
fn step5_axes_and_origin_are_the_columns() {
    let m = Mat4::from_translation(Vec3::new(4.0, 5.0, 6.0))
        * Mat4::from_rotation_z(FRAC_PI_2)
        * Mat4::from_scale(Vec3::new(2.0, 1.0, 1.0));
    let frame = joint_frame(&m);
    check_frame(frame, &m).or_fail();
    // By hand: X turned a quarter about Z points along +Y, twice as long.
    check_vec3("x_axis by hand", frame.x_axis, Vec3::new(0.0, 2.0, 0.0), &[]).or_fail();
    check_vec3("origin by hand", frame.origin, Vec3::new(4.0, 5.0, 6.0), &[]).or_fail();
}

#[test]
fn step5_character_forearm_points_along_its_bone() {
    let model = common::character::build();
    let world = expected_worlds(&model.skeleton, &model.skeleton.rest_locals())[0].clone();
    let forearm = model.skeleton.find("forearm_l").unwrap();
    let frame = joint_frame(&world[forearm]);
    check_frame(frame, &world[forearm]).or_fail();
    // The rig's convention: each joint's Y axis points along its bone; the left arm points +X.
    check_vec3("forearm_l's Y axis", frame.y_axis, Vec3::X, &[]).or_fail();
}

#[test]
fn grader_step5_rejects_rows() {
    let m = Mat4::from_translation(Vec3::new(4.0, 5.0, 6.0)) * Mat4::from_rotation_z(FRAC_PI_2);
    let t = m.transpose();
    let rows = JointFrame {
        origin: t.w_axis.truncate(),
        x_axis: t.x_axis.truncate(),
        y_axis: t.y_axis.truncate(),
        z_axis: t.z_axis.truncate(),
    };
    assert!(check_frame(rows, &m).unwrap_err().contains("rows"));
}

// ---------------------------------------------------------------- step 6

fn check_local(parent: &Mat4, world: &Mat4, local: &Mat4, got: Mat4) -> Result<(), String> {
    let mistakes = [
        ("this is world * parent^-1: the inverse goes on the left, parent^-1 * world", *world * parent.inverse()),
        ("this is parent * world: undo the parent with its inverse", *parent * *world),
        ("this is world^-1 * parent: the other way round", world.inverse() * *parent),
    ];
    check_mat4("local_from_world", got, *local, &mistakes)
}

#[test]
fn step6_local_from_world_undoes_the_parent() {
    let parent = Mat4::from_translation(Vec3::new(1.0, 2.0, 0.0))
        * Mat4::from_rotation_y(0.7)
        * Mat4::from_scale(Vec3::new(1.0, 2.0, 1.0));
    let local = Mat4::from_translation(Vec3::new(0.0, 1.0, 3.0)) * Mat4::from_rotation_x(0.4);
    let world = parent * local;
    check_local(&parent, &world, &local, local_from_world(&parent, &world)).or_fail();
}

#[test]
fn step6_reparenting_keeps_the_world_matrix() {
    let model = common::character::build();
    let s = &model.skeleton;
    let world = expected_worlds(s, &s.rest_locals())[0].clone();
    let (hand, chest, head) = (s.find("hand_l").unwrap(), s.find("chest").unwrap(), s.find("head").unwrap());
    for new_parent in [chest, head] {
        let new_local = local_from_world(&world[new_parent], &world[hand]);
        let what = format!("hand_l moved under `{}`: parent world * new local", s.nodes[new_parent].name);
        check_mat4(&what, world[new_parent] * new_local, world[hand], &[]).or_fail();
    }
}

#[test]
fn grader_step6_rejects_the_inverse_on_the_wrong_side() {
    let parent = Mat4::from_translation(Vec3::new(1.0, 2.0, 0.0)) * Mat4::from_rotation_y(0.7);
    let local = Mat4::from_translation(Vec3::new(0.0, 1.0, 3.0)) * Mat4::from_rotation_x(0.4);
    let world = parent * local;
    for wrong in [world * parent.inverse(), parent * world, world.inverse() * parent] {
        assert!(check_local(&parent, &world, &local, wrong).is_err());
    }
}
