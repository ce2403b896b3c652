//! Lab 02 grader. Tests are named after the README's steps; the quick loop is
//! `cargo test -p lab02_gradient_matrix --test grader`. Failures name the
//! classic mistake they match; the `grader_*` tests prove those mistakes are
//! rejected. Steps 1-2 are here, step 3 in `gradients.rs`, step 4 in
//! `chain.rs`; the reference's refusals of broken models in `robust.rs`.

mod chain;
mod gradients;
mod robust;

use common::grade::{Verdict, check_mat4};
use common::model::{Bone, Model, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab02_gradient_matrix::*;

/// Two transforms with turns and non-uniform scale, so every order mistake shows.
fn a_and_b() -> (Mat4, Mat4) {
    let a = Mat4::from_scale_rotation_translation(
        Vec3::new(1.0, 2.0, 1.0),
        Quat::from_rotation_z(0.6),
        Vec3::new(1.0, 0.0, 2.0),
    );
    let b = Mat4::from_scale_rotation_translation(
        Vec3::new(0.5, 1.0, 1.5),
        Quat::from_rotation_x(-1.1),
        Vec3::new(-2.0, 3.0, 0.5),
    );
    (a, b)
}

/// The character with a target pose: a whole key of the `wave` clip.
pub fn character_posed() -> (Model, Vec<Transform>) {
    let model = common::character::build();
    let target = common::pose::key_pose(&model.skeleton, &model.clips[3], 0.4);
    (model, target)
}

/// A bind pose unlike the character's rest pose (and so unlike the offsets
/// stored with its bones): mid-stride in `walk`, the root moved and turned.
pub fn another_bind_pose(model: &Model) -> Vec<Transform> {
    let mut bind = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.5);
    bind[0] =
        Transform { translation: Vec3::new(0.3, 0.0, -0.2), rotation: Quat::from_rotation_y(0.5), scale: Vec3::ONE };
    bind
}

// ---------------------------------------------------------------- step 1

fn gradient_mistakes(a: &Mat4, b: &Mat4) -> [(&'static str, Mat4); 4] {
    [
        (
            "this is a^-1 * b: the inverse stands on the wrong side, so gradient * a is not b (README, step 1, hint 3)",
            a.inverse() * *b,
        ),
        ("this is b itself: `a` was not taken away (README, step 1, hint 2)", *b),
        ("this is a * b^-1: the gradient from b back to a, the wrong way round", *a * b.inverse()),
        ("this is b * a: `a` was added again instead of taken away: use its inverse", *b * *a),
    ]
}

fn check_gradient(a: &Mat4, b: &Mat4, got: Mat4) -> Result<(), String> {
    check_mat4("gradient(a, b)", got, *b * a.inverse(), &gradient_mistakes(a, b))
}

#[test]
fn step1_gradient_takes_a_to_b() {
    let (a, b) = a_and_b();
    let ab = gradient(&a, &b);
    check_gradient(&a, &b, ab).or_fail();
    check_mat4("gradient(a, b) * a", ab * a, b, &[]).or_fail();
}

#[test]
fn step1_gradient_of_translations_is_their_difference() {
    // Like points: from (1,0,0) to (4,2,0) is a move by (3,2,0).
    let a = Mat4::from_translation(Vec3::new(1.0, 0.0, 0.0));
    let b = Mat4::from_translation(Vec3::new(4.0, 2.0, 0.0));
    let mut mistakes = vec![("this moves by a + b: `a` was added, not taken away", b * a)];
    mistakes.extend(gradient_mistakes(&a, &b));
    let moved = Mat4::from_translation(Vec3::new(3.0, 2.0, 0.0));
    check_mat4("gradient of two translations", gradient(&a, &b), moved, &mistakes).or_fail();
    check_mat4("gradient(a, a)", gradient(&a, &a), Mat4::IDENTITY, &[("this is a itself", a)]).or_fail();
}

#[test]
fn grader_step1_names_the_inverse_on_the_wrong_side_and_no_inverse() {
    let (a, b) = a_and_b();
    for (why, wrong) in gradient_mistakes(&a, &b) {
        let e = check_gradient(&a, &b, wrong).expect_err("a wrong gradient passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
    }
}

// ---------------------------------------------------------------- step 2

/// Inverse binds for `bind_world` (one per node), the classic wrong ones, and
/// the first bone whose matrix is wrong. `show` turns a matrix for bone `b`
/// into what is compared (the matrix itself, or bind world times it).
fn check_inverse_binds_as(
    model: &Model,
    bind_world: &[Mat4],
    got: &[Mat4],
    show: impl Fn(usize, Mat4) -> (String, Mat4),
) -> Result<(), String> {
    let bones = &model.meshes[0].bones;
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones: return one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let own = bind_world[bone.node];
        let mut wrong = vec![
            (
                "this is the inverse of node b's matrix, not of bone b's node: use bind_world[bones[b].node] \
                 (README, step 2, hint 1)",
                bind_world[b].inverse(),
            ),
            ("this is the bind world matrix itself: invert it", own),
            (
                "this is the transpose: it undoes a rotation only, not the move and the scale (README, step 2, hint 2)",
                own.transpose(),
            ),
        ];
        if !bone.offset.abs_diff_eq(own.inverse(), common::grade::EPSILON) {
            wrong.push((
                "these are the file's stored offsets (`bones[b].offset`), made for the file's bind pose: invert the \
                 `bind_world` you were given (README, step 2, hint 4)",
                bone.offset,
            ));
        }
        let (what, got) = show(b, got[b]);
        let mistakes: Vec<(&str, Mat4)> = wrong.iter().map(|&(why, m)| (why, show(b, m).1)).collect();
        check_mat4(&what, got, show(b, own.inverse()).1, &mistakes)?;
    }
    Ok(())
}

fn bone_name(model: &Model, b: usize) -> &str {
    &model.skeleton.nodes[model.meshes[0].bones[b].node].name
}

fn check_inverse_binds(model: &Model, bind_world: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let what = |b: usize, m: Mat4| (format!("inverse bind of bone {b} (`{}`)", bone_name(model, b)), m);
    check_inverse_binds_as(model, bind_world, got, what)
}

#[test]
fn step2_inverse_binds_match_the_characters_offsets() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let got = inverse_bind_matrices(&bind_world, &model.meshes[0].bones);
    check_inverse_binds(&model, &bind_world, &got).or_fail();
    for (b, bone) in model.meshes[0].bones.iter().enumerate() {
        check_mat4(&format!("inverse bind of bone {b} vs the file's offset"), got[b], bone.offset, &[]).or_fail();
    }
}

#[test]
fn step2_inverse_binds_of_a_bind_pose_unlike_the_stored_offsets() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &another_bind_pose(&model));
    let got = inverse_bind_matrices(&bind_world, &model.meshes[0].bones);
    check_inverse_binds(&model, &bind_world, &got).or_fail();
}

#[test]
fn step2_every_bone_bound_mid_stride() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &another_bind_pose(&model));
    let got = inverse_bind_matrices(&bind_world, &model.meshes[0].bones);
    let product = |b: usize, m: Mat4| {
        let node = model.meshes[0].bones[b].node;
        (format!("bone {b} (`{}`): bind world * inverse bind", bone_name(&model, b)), bind_world[node] * m)
    };
    check_inverse_binds_as(&model, &bind_world, &got, product).or_fail();
}

#[test]
fn grader_step2_names_index_mixups_offsets_and_transposes() {
    let model = common::character::build();
    let bones: Vec<Bone> = model.meshes[0].bones.clone();
    let bind_world = world_matrices(&model.skeleton, &another_bind_pose(&model));
    let says = |wrong: Vec<Mat4>, text: &str| {
        let e = check_inverse_binds(&model, &bind_world, &wrong).expect_err("wrong inverse binds passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says((0..bones.len()).map(|b| bind_world[b].inverse()).collect(), "bones[b].node");
    says(bones.iter().map(|b| bind_world[b.node]).collect(), "invert it");
    says(bones.iter().map(|b| bind_world[b.node].transpose()).collect(), "transpose");
    says(bones.iter().map(|b| b.offset).collect(), "stored offsets");
    says(bones.iter().map(|b| b.offset).take(3).collect(), "3 matrices for 21 bones");
}
