//! Lab 01 grader. Tests are named after the README's steps; the quick loop is
//! `cargo test -p lab01_hierarchy --test grader`. Failures name the classic
//! mistake they match; the `grader_*` tests prove those mistakes are rejected.
//! Steps 1-3 are here, step 4 in `walk.rs`, steps 5-6 in `frames.rs`; the
//! reference's refusals of broken skeletons in `robust.rs`.

mod frames;
mod robust;
mod walk;
mod worlds;

use std::f32::consts::FRAC_PI_2;

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::*;
use worlds::{arm, check_worlds};

pub fn trs(t: [f32; 3], r: Quat, s: [f32; 3]) -> Transform {
    Transform { translation: Vec3::from(t), rotation: r, scale: Vec3::from(s) }
}

/// The right matrix, built the long way: translate * rotate * scale.
pub fn reference(t: &Transform) -> Mat4 {
    Mat4::from_translation(t.translation) * Mat4::from_quat(t.rotation) * Mat4::from_scale(t.scale)
}

// ---------------------------------------------------------------- step 1

/// The five wrong orders of the three parts, and two parts left out.
fn trs_mistakes(t: &Transform) -> Vec<(&'static str, Mat4)> {
    let (tm, rm, sm) = (Mat4::from_translation(t.translation), Mat4::from_quat(t.rotation), Mat4::from_scale(t.scale));
    vec![
        (
            "this is R * T * S: the translation got turned, so it acted before the turn (README, step 1, hint 2)",
            rm * tm * sm,
        ),
        (
            "this is S * R * T: the order is reversed; a point meets the rightmost factor first (README, step 1, hint 3)",
            sm * rm * tm,
        ),
        ("this is T * S * R: the turn acted before the scale, so the joint stretched along turned axes", tm * sm * rm),
        ("this is R * S * T: the translation got stretched and turned (README, step 1, hint 2)", rm * sm * tm),
        ("this is S * T * R: the translation got stretched, and the turn acted first", sm * tm * rm),
        ("the scale is missing", tm * rm),
        ("the translation is missing", rm * sm),
        (
            "the rotation is inverted (turned the other way): use the quaternion as it is",
            tm * Mat4::from_quat(t.rotation.inverse()) * sm,
        ),
    ]
}

fn check_trs(t: &Transform, got: Mat4) -> Result<(), String> {
    check_mat4("transform_to_matrix", got, reference(t), &trs_mistakes(t))
}

fn worked_example() -> Transform {
    trs([1.0, 2.0, 3.0], Quat::from_rotation_z(FRAC_PI_2), [2.0, 1.0, 1.0])
}

#[test]
fn step1_the_worked_case() {
    let t = worked_example();
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
fn grader_step1_names_every_wrong_order() {
    let t = worked_example();
    for (why, wrong) in trs_mistakes(&t) {
        let e = check_trs(&t, wrong).expect_err("a wrong matrix passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
    }
}

// ---------------------------------------------------------------- step 2

fn moved_and_turned() -> Mat4 {
    Mat4::from_translation(Vec3::new(5.0, 0.0, 0.0)) * Mat4::from_rotation_z(FRAC_PI_2)
}

/// A point through `m`, and its classic wrong answers.
fn check_point(what: &str, m: &Mat4, p: Vec3, got: Vec3) -> Result<(), String> {
    let mistakes = [
        (
            "the point was not moved: the translation column counts for a point (README, step 2, hint 2)",
            m.transform_vector3(p),
        ),
        (
            "this went through the transpose (a row vector times the matrix): glam multiplies matrix * column vector",
            m.transpose().transform_point3(p),
        ),
    ];
    check_vec3(what, got, m.transform_point3(p), &mistakes)
}

/// A vector through `m`, and its classic wrong answers.
fn check_vector(what: &str, m: &Mat4, v: Vec3, got: Vec3) -> Result<(), String> {
    let mistakes = [
        (
            "the vector was moved by the translation: a vector is never moved (README, step 2, hint 2)",
            m.transform_point3(v),
        ),
        (
            "this went through the transpose (a row vector times the matrix): glam multiplies matrix * column vector",
            m.transpose().transform_vector3(v),
        ),
        ("the result was normalised: a vector keeps the matrix's stretch", m.transform_vector3(v).normalize_or_zero()),
    ];
    check_vec3(what, got, m.transform_vector3(v), &mistakes)
}

fn scaled() -> Mat4 {
    Mat4::from_scale(Vec3::new(2.0, 3.0, 4.0)) * Mat4::from_translation(Vec3::ONE)
}

#[test]
fn step2_points_are_turned_and_moved() {
    let m = moved_and_turned();
    check_point("transform_point(X)", &m, Vec3::X, transform_point(&m, Vec3::X)).or_fail();
    check_point("transform_point(origin)", &m, Vec3::ZERO, transform_point(&m, Vec3::ZERO)).or_fail();
    let p = Vec3::new(1.0, -2.0, 0.5);
    check_point("a point through a scale", &scaled(), p, transform_point(&scaled(), p)).or_fail();
}

#[test]
fn step2_vectors_are_turned_not_moved() {
    let m = moved_and_turned();
    check_vector("transform_vector(X)", &m, Vec3::X, transform_vector(&m, Vec3::X)).or_fail();
    check_vector("a vector through a scale", &scaled(), Vec3::ONE, transform_vector(&scaled(), Vec3::ONE)).or_fail();
}

#[test]
fn grader_step2_names_moved_vectors_unmoved_points_and_row_vectors() {
    let (m, s) = (moved_and_turned(), scaled());
    let says = |e: Result<(), String>, text: &str| {
        let e = e.expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(check_point("p", &m, Vec3::X, m.transform_vector3(Vec3::X)), "not moved");
    says(check_point("p", &m, Vec3::X, m.transpose().transform_point3(Vec3::X)), "transpose");
    says(check_vector("v", &m, Vec3::X, m.transform_point3(Vec3::X)), "moved by the translation");
    says(check_vector("v", &m, Vec3::X, m.transpose().transform_vector3(Vec3::X)), "transpose");
    says(check_vector("v", &s, Vec3::ONE, s.transform_vector3(Vec3::ONE).normalize()), "normalised");
}

// ---------------------------------------------------------------- step 3

#[test]
fn step3_world_matrices_of_an_arm() {
    let (skeleton, pose) = arm();
    let got = world_matrices(&skeleton, &pose);
    check_worlds("world_matrices", 3, &skeleton, &pose, &got).or_fail();
    // By hand: the hand's origin is at (-1, 1, 1).
    let hand = got[3].transform_point3(Vec3::ZERO);
    check_vec3("the hand's origin", hand, Vec3::new(-1.0, 1.0, 1.0), &[]).or_fail();
}

#[test]
fn step3_character_world_matrices_match_its_bind_pose() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let world = world_matrices(&model.skeleton, &rest);
    check_worlds("world_matrices, the character at rest", 3, &model.skeleton, &rest, &world).or_fail();
    for bone in &model.meshes[0].bones {
        let name = &model.skeleton.nodes[bone.node].name;
        check_mat4(&format!("`{name}` world * inverse bind"), world[bone.node] * bone.offset, Mat4::IDENTITY, &[])
            .or_fail();
    }
}

#[test]
fn step3_one_node_and_a_pose_unlike_the_rest_pose() {
    let (skeleton, pose) = arm();
    let one = common::model::Skeleton { nodes: skeleton.nodes[..1].to_vec() };
    check_worlds("world_matrices, one node", 3, &one, &pose[..1], &world_matrices(&one, &pose[..1])).or_fail();
    let model = common::character::build();
    let posed = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.3);
    let got = world_matrices(&model.skeleton, &posed);
    check_worlds("world_matrices, the character walking", 3, &model.skeleton, &posed, &got).or_fail();
}

/// Feeds every named mistake of `step` to the check on the arm and on the
/// walking character, and proves each is rejected with its explanation
/// somewhere (the node before is the parent all along the arm, so that one
/// shows only on the character).
pub fn grader_names_each_mistake(step: u32, skeleton: &Skeleton, pose: &[Transform]) {
    let model = common::character::build();
    let posed = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.3);
    let mut named = vec![0; worlds::mistakes(step, skeleton, pose).len()];
    for (s, p) in [(skeleton, pose), (&model.skeleton, &posed[..])] {
        let right = worlds::reference_worlds(s, p);
        let all = worlds::mistakes(step, s, p);
        for (k, (why, wrong)) in all.iter().enumerate() {
            let close = |a: &Mat4, b: &Mat4| a.abs_diff_eq(*b, common::grade::EPSILON);
            if wrong.iter().zip(&right).all(|(a, b)| close(a, b)) {
                continue; // this mistake gives the right answer here
            }
            if all[..k].iter().any(|(_, earlier)| earlier.iter().zip(wrong).all(|(a, b)| close(a, b))) {
                continue; // here it is the same answer as a mistake listed earlier
            }
            let e = check_worlds("x", step, s, p, wrong).expect_err("a wrong answer passed");
            assert!(e.contains(why.as_str()), "expected `{why}` in:\n{e}");
            named[k] += 1;
        }
    }
    assert!(named.iter().all(|&k| k > 0), "a mistake was never told apart: {named:?}");
}

#[test]
fn grader_step3_names_order_parent_pose_and_root_mistakes() {
    let (skeleton, pose) = arm();
    grader_names_each_mistake(3, &skeleton, &pose);
    let short = worlds::reference_worlds(&skeleton, &pose)[..4].to_vec();
    assert!(check_worlds("x", 3, &skeleton, &pose, &short).unwrap_err().contains("4 matrices for 5 nodes"));
}
