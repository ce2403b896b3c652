//! Lab 02 grader. Tests are named after the README's steps; run them with
//! `cargo test -p lab02_gradient_matrix`. Failures name the classic mistake
//! they match; the `grader_*` tests prove those mistakes are rejected.

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Bone, Model, Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::{transform_to_matrix, world_matrices};
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
fn character_posed() -> (Model, Vec<Transform>) {
    let model = common::character::build();
    let target = common::pose::key_pose(&model.skeleton, &model.clips[3], 0.4);
    (model, target)
}

fn check_gradient(a: &Mat4, b: &Mat4, got: Mat4) -> Result<(), String> {
    let mistakes = [
        ("this is a^-1 * b: the inverse goes on the right, so that gradient * a = b", a.inverse() * *b),
        ("this is b itself: the inverse of a is missing", *b),
        ("this is a * b^-1: the gradient from b back to a, the wrong way round", *a * b.inverse()),
        ("this is b * a: use the inverse of a", *b * *a),
    ];
    check_mat4("gradient(a, b)", got, *b * a.inverse(), &mistakes)
}

// ---------------------------------------------------------------- step 1

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
    check_mat4("gradient of two translations", gradient(&a, &b), Mat4::from_translation(Vec3::new(3.0, 2.0, 0.0)), &[])
        .or_fail();
    check_mat4("gradient(a, a)", gradient(&a, &a), Mat4::IDENTITY, &[]).or_fail();
}

#[test]
fn grader_step1_rejects_the_inverse_on_the_wrong_side() {
    let (a, b) = a_and_b();
    for wrong in [a.inverse() * b, b, a * b.inverse(), b * a] {
        assert!(check_gradient(&a, &b, wrong).is_err());
    }
}

// ---------------------------------------------------------------- step 2

fn check_inverse_binds(model: &Model, got: &[Mat4]) -> Result<(), String> {
    let skeleton = &model.skeleton;
    let bones = &model.meshes[0].bones;
    let bind_world = world_matrices(skeleton, &skeleton.rest_locals());
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones: return one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let name = &skeleton.nodes[bone.node].name;
        let mistakes = [
            (
                "this is the inverse of node b's matrix, not of bone b's node: use bind_world[bones[b].node]",
                bind_world[b].inverse(),
            ),
            ("this is the bind world matrix itself: invert it", bind_world[bone.node]),
            (
                "this is the inverse of the *local* matrix: use the world matrix of the bind pose",
                transform_to_matrix(&skeleton.nodes[bone.node].local).inverse(),
            ),
        ];
        // The file's inverse bind (`offset`) is the reference: they must agree.
        check_mat4(&format!("inverse bind of bone {b} (`{name}`)"), got[b], bone.offset, &mistakes)?;
    }
    Ok(())
}

#[test]
fn step2_inverse_binds_match_the_characters_offsets() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let got = inverse_bind_matrices(&bind_world, &model.meshes[0].bones);
    check_inverse_binds(&model, &got).or_fail();
}

#[test]
fn step2_bind_times_inverse_bind_is_identity() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let bones = &model.meshes[0].bones;
    for (bone, inverse) in bones.iter().zip(inverse_bind_matrices(&bind_world, bones)) {
        check_mat4("bind world * inverse bind", bind_world[bone.node] * inverse, Mat4::IDENTITY, &[]).or_fail();
    }
}

#[test]
fn grader_step2_rejects_index_mixups_and_locals() {
    let model = common::character::build();
    let s = &model.skeleton;
    let bind_world = world_matrices(s, &s.rest_locals());
    let bones = &model.meshes[0].bones;
    let by_bone_index: Vec<Mat4> = (0..bones.len()).map(|b| bind_world[b].inverse()).collect();
    assert!(check_inverse_binds(&model, &by_bone_index).unwrap_err().contains("bones[b].node"));
    let locals: Vec<Mat4> = bones.iter().map(|b| transform_to_matrix(&s.nodes[b.node].local).inverse()).collect();
    assert!(check_inverse_binds(&model, &locals).unwrap_err().contains("local"));
}

// ---------------------------------------------------------------- step 3

fn check_gradients(model: &Model, target_world: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let bones = &model.meshes[0].bones;
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones: one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let name = &model.skeleton.nodes[bone.node].name;
        let mistakes = [
            (
                "node b's target matrix was used for bone b: use target_world[bones[b].node]",
                target_world[b] * bone.offset,
            ),
            (
                "this is inverse_bind * target: the target world matrix goes on the left",
                bone.offset * target_world[bone.node],
            ),
            ("this is the target world matrix alone: multiply by the inverse bind", target_world[bone.node]),
        ];
        check_mat4(
            &format!("gradient of bone {b} (`{name}`)"),
            got[b],
            target_world[bone.node] * bone.offset,
            &mistakes,
        )?;
    }
    Ok(())
}

#[test]
fn step3_gradients_of_a_wave_pose() {
    let (model, target) = character_posed();
    let target_world = world_matrices(&model.skeleton, &target);
    let offsets: Vec<Mat4> = model.meshes[0].bones.iter().map(|b| b.offset).collect();
    let got = gradient_matrices(&target_world, &offsets, &model.meshes[0].bones);
    check_gradients(&model, &target_world, &got).or_fail();
}

#[test]
fn step3_bind_pose_gradients_are_identity() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let offsets: Vec<Mat4> = model.meshes[0].bones.iter().map(|b| b.offset).collect();
    for g in gradient_matrices(&bind_world, &offsets, &model.meshes[0].bones) {
        check_mat4("a bone's gradient when the target is the bind pose", g, Mat4::IDENTITY, &[]).or_fail();
    }
}

#[test]
fn step3_a_prop_in_the_hand_follows_the_hand() {
    let (model, target) = character_posed();
    let s = &model.skeleton;
    let (bind_world, target_world) = (world_matrices(s, &s.rest_locals()), world_matrices(s, &target));
    let hand = s.find("hand_r").unwrap();
    let bones = &model.meshes[0].bones;
    let b = bones.iter().position(|b| b.node == hand).unwrap();
    let offsets: Vec<Mat4> = bones.iter().map(|b| b.offset).collect();
    let g = gradient_matrices(&target_world, &offsets, bones)[b];
    // A point 5 cm past the hand in the bind pose, in the hand's own frame...
    let prop = bind_world[hand].transform_point3(Vec3::new(0.0, 0.05, 0.0));
    let want = target_world[hand].transform_point3(Vec3::new(0.0, 0.05, 0.0));
    check_vec3("the prop moved by the hand's gradient", g.transform_point3(prop), want, &[]).or_fail();
}

#[test]
fn grader_step3_rejects_wrong_gradients() {
    let (model, target) = character_posed();
    let tw = world_matrices(&model.skeleton, &target);
    let bones = &model.meshes[0].bones;
    let mixed: Vec<Mat4> = bones.iter().enumerate().map(|(b, bone)| tw[b] * bone.offset).collect();
    assert!(check_gradients(&model, &tw, &mixed).unwrap_err().contains("bones[b].node"));
    let swapped: Vec<Mat4> = bones.iter().map(|bone| bone.offset * tw[bone.node]).collect();
    assert!(check_gradients(&model, &tw, &swapped).unwrap_err().contains("left"));
}

// ---------------------------------------------------------------- step 4

/// A root that is not the identity (as in many files): rotated and scaled.
fn file_like() -> (Model, Vec<Transform>) {
    let (mut model, mut target) = character_posed();
    let root = Transform {
        translation: Vec3::new(0.0, 0.0, 1.0),
        rotation: Quat::from_rotation_x(-1.2),
        scale: Vec3::splat(100.0),
    };
    model.skeleton.nodes[0].local = root;
    target[0] = root;
    let root_world = transform_to_matrix(&root);
    model.global_inverse = root_world.inverse();
    // Files store offsets relative to the mesh's space (here, the root's).
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    for bone in &mut model.meshes[0].bones {
        bone.offset = bind_world[bone.node].inverse() * root_world;
    }
    (model, target)
}

fn check_skinning(model: &Model, tw: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let gi = model.global_inverse;
    let bones = &model.meshes[0].bones;
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let mistakes = [
            ("the global inverse is missing", tw[bone.node] * bone.offset),
            (
                "this is world * offset * global_inverse: the global inverse goes on the left",
                tw[bone.node] * bone.offset * gi,
            ),
            ("node b's matrix was used for bone b: use target_world[bones[b].node]", gi * tw[b] * bone.offset),
            ("this is global_inverse * offset * world: the offset goes on the right", gi * bone.offset * tw[bone.node]),
        ];
        check_mat4(&format!("skinning matrix of bone {b}"), got[b], gi * tw[bone.node] * bone.offset, &mistakes)?;
    }
    Ok(())
}

#[test]
fn step4_loader_formula_with_a_scaled_rotated_root() {
    let (model, target) = file_like();
    let tw = world_matrices(&model.skeleton, &target);
    let got = skinning_matrices(&model.global_inverse, &tw, &model.meshes[0].bones);
    check_skinning(&model, &tw, &got).or_fail();
}

#[test]
fn step4_three_ways_agree_on_the_character() {
    let (model, target) = character_posed();
    let s = &model.skeleton;
    let (bind, tw) = (world_matrices(s, &s.rest_locals()), world_matrices(s, &target));
    let bones = &model.meshes[0].bones;
    let loader = skinning_matrices(&model.global_inverse, &tw, bones);
    for (b, bone) in bones.iter().enumerate() {
        let name = &s.nodes[bone.node].name;
        let want = tw[bone.node] * bind[bone.node].inverse(); // target * bind^-1
        check_mat4(&format!("skinning_matrices, bone `{name}`"), loader[b], want, &[]).or_fail();
        let chain = chain_matrix(s, &s.rest_locals(), &target, bone.node);
        check_mat4(&format!("chain_matrix, `{name}`"), chain, want, &chain_mistakes(s, &target, bone.node)).or_fail();
    }
}

/// Wrong chains: inverses in the wrong order, target factors reversed, the
/// node's own local alone.
fn chain_mistakes(s: &Skeleton, target: &[Transform], node: usize) -> Vec<(&'static str, Mat4)> {
    let mut path = vec![node];
    while let Some(p) = s.nodes[*path.last().unwrap()].parent {
        path.push(p);
    }
    path.reverse(); // root first
    let m = |i: usize| transform_to_matrix(&s.nodes[i].local);
    let t = |i: usize| transform_to_matrix(&target[i]);
    let down: Mat4 = path.iter().fold(Mat4::IDENTITY, |acc, &i| acc * t(i));
    let down_reversed: Mat4 = path.iter().rev().fold(Mat4::IDENTITY, |acc, &i| acc * t(i));
    let up: Mat4 = path.iter().rev().fold(Mat4::IDENTITY, |acc, &i| acc * m(i).inverse());
    let up_reversed: Mat4 = path.iter().fold(Mat4::IDENTITY, |acc, &i| acc * m(i).inverse());
    vec![
        ("the inverses are in the wrong order: the node's own inverse comes first (M2^-1 M1^-1)", down * up_reversed),
        ("the target factors are reversed: the root's goes leftmost (M'1 M'2 ...)", down_reversed * up),
        (
            "only the node's own local matrices are used: the chain runs over all its ancestors",
            t(node) * m(node).inverse(),
        ),
    ]
}

#[test]
fn grader_step4_rejects_wrong_chains_and_formulas() {
    let (model, target) = character_posed();
    let s = &model.skeleton;
    let hand = s.find("hand_r").unwrap();
    let want = world_matrices(s, &target)[hand] * world_matrices(s, &s.rest_locals())[hand].inverse();
    for (why, wrong) in chain_mistakes(s, &target, hand) {
        let err = check_mat4("chain", wrong, want, &chain_mistakes(s, &target, hand)).unwrap_err();
        assert!(err.contains(why), "{err}");
    }
    let (model, target) = file_like();
    let tw = world_matrices(&model.skeleton, &target);
    let no_global: Vec<Mat4> = model.meshes[0].bones.iter().map(|b| tw[b.node] * b.offset).collect();
    assert!(check_skinning(&model, &tw, &no_global).unwrap_err().contains("global inverse is missing"));
}

#[test]
fn step4_offsets_are_step2s_inverse_binds() {
    // The loader's offset and step 2's inverse bind are the same matrix.
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let bones: Vec<Bone> = model.meshes[0].bones.clone();
    let from_step2 = inverse_bind_matrices(&bind_world, &bones);
    let loader = skinning_matrices(&model.global_inverse, &bind_world, &bones);
    for (b, bone) in bones.iter().enumerate() {
        check_mat4("offset vs step 2", from_step2[b], bone.offset, &[]).or_fail();
        check_mat4("bind pose through the loader formula", loader[b], Mat4::IDENTITY, &[]).or_fail();
    }
}
