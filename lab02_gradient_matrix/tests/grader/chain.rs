//! Step 4: the loader's formula and the chain of local matrices.

use common::grade::{Verdict, check_mat4};
use common::model::{Bone, Model, Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::{transform_to_matrix, world_matrices};
use lab02_gradient_matrix::*;

use super::{another_bind_pose, character_posed};

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

fn skinning_mistakes(gi: Mat4, tw: &[Mat4], bone: Bone, b: usize) -> [(&'static str, Mat4); 4] {
    [
        (
            "the global inverse is missing: the result is in model space, not the mesh's (README, step 4, hint 2)",
            tw[bone.node] * bone.offset,
        ),
        (
            "this is world * offset * global_inverse: the global inverse acts last, so it stands leftmost (README, \
             step 4, hint 2)",
            tw[bone.node] * bone.offset * gi,
        ),
        ("node b's matrix was used for bone b: use target_world[bones[b].node]", gi * tw[b] * bone.offset),
        (
            "this is global_inverse * offset * world: the offset acts first, so it stands rightmost",
            gi * bone.offset * tw[bone.node],
        ),
    ]
}

fn check_skinning(model: &Model, tw: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let gi = model.global_inverse;
    let bones = &model.meshes[0].bones;
    if got.len() != bones.len() {
        return Err(format!("skinning_matrices: {} matrices for {} bones: one per bone", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let what = format!("skinning matrix of bone {b} (`{}`)", model.skeleton.nodes[bone.node].name);
        check_mat4(&what, got[b], gi * tw[bone.node] * bone.offset, &skinning_mistakes(gi, tw, *bone, b))?;
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

/// Wrong chains for `node`, each with what it means.
fn chain_mistakes(s: &Skeleton, bind: &[Transform], target: &[Transform], node: usize) -> Vec<(&'static str, Mat4)> {
    let mut path = vec![node];
    while let Some(p) = s.nodes[*path.last().unwrap()].parent {
        path.push(p);
    }
    path.reverse(); // root first
    let product = |path: &[usize], m: &dyn Fn(usize) -> Mat4| path.iter().fold(Mat4::IDENTITY, |acc, &i| acc * m(i));
    let down = |pose: &[Transform], path: &[usize]| product(path, &|i| transform_to_matrix(&pose[i]));
    let up = |pose: &[Transform], path: &[usize]| {
        let reversed: Vec<usize> = path.iter().rev().copied().collect();
        product(&reversed, &|i| transform_to_matrix(&pose[i]).inverse())
    };
    let reversed: Vec<usize> = path.iter().rev().copied().collect();
    let below_root = &path[1..];
    vec![
        (
            "the inverses are in the wrong order: the node's own inverse comes first, the root's last (README, step \
             4, hint 3)",
            down(target, &path) * up(bind, &reversed),
        ),
        (
            "the target factors are reversed: the root's goes leftmost (README, step 4, hint 3)",
            down(target, &reversed) * up(bind, &path),
        ),
        (
            "only the node's own local matrices are used: the chain runs over all its ancestors",
            transform_to_matrix(&target[node]) * transform_to_matrix(&bind[node]).inverse(),
        ),
        (
            "the chain stopped below the root: the root's own locals belong in it too (README, step 4, hint 1)",
            down(target, below_root) * up(bind, below_root),
        ),
        (
            "the bind locals were read from the skeleton's stored rest pose (`skeleton.nodes[i].local`), not from \
             the `bind` argument (README, step 4, hint 2)",
            down(target, &path) * up(&s.rest_locals(), &path),
        ),
        (
            "this is the gradient from the target back to the bind pose: the target locals go on the left, the \
             inverted bind locals on the right",
            down(bind, &path) * up(target, &path),
        ),
    ]
}

fn check_chain(
    what: &str,
    s: &Skeleton,
    bind: &[Transform],
    target: &[Transform],
    node: usize,
    got: Mat4,
) -> Result<(), String> {
    let want = world_matrices(s, target)[node] * world_matrices(s, bind)[node].inverse();
    check_mat4(&format!("{what}, `{}`", s.nodes[node].name), got, want, &chain_mistakes(s, bind, target, node))
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
        let mistakes = skinning_mistakes(model.global_inverse, &tw, *bone, b);
        check_mat4(&format!("skinning_matrices, bone `{name}`"), loader[b], want, &mistakes).or_fail();
        let chain = chain_matrix(s, &s.rest_locals(), &target, bone.node);
        check_chain("chain_matrix", s, &s.rest_locals(), &target, bone.node, chain).or_fail();
    }
}

#[test]
fn step4_chain_with_a_moving_root_and_a_bind_pose_unlike_the_rest_pose() {
    let (model, mut target) = character_posed();
    let s = &model.skeleton;
    let bind = another_bind_pose(&model);
    target[0] =
        Transform { translation: Vec3::new(-0.5, 0.1, 0.4), rotation: Quat::from_rotation_z(0.3), scale: Vec3::ONE };
    for name in ["hand_r", "toe_l", "hips", "Character"] {
        let node = s.find(name).unwrap();
        let got = chain_matrix(s, &bind, &target, node);
        check_chain("chain_matrix, bound mid-stride, root moved", s, &bind, &target, node, got).or_fail();
    }
}

#[test]
fn grader_step4_names_wrong_chains_and_formulas() {
    let (model, mut target) = character_posed();
    let s = &model.skeleton;
    let bind = another_bind_pose(&model);
    target[0] =
        Transform { translation: Vec3::new(-0.5, 0.1, 0.4), rotation: Quat::from_rotation_z(0.3), scale: Vec3::ONE };
    let hand = s.find("hand_r").unwrap();
    for (why, wrong) in chain_mistakes(s, &bind, &target, hand) {
        let e = check_chain("chain", s, &bind, &target, hand, wrong).expect_err("a wrong chain passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
    }
    let (model, target) = file_like();
    let tw = world_matrices(&model.skeleton, &target);
    let gi = model.global_inverse;
    for k in 0..4 {
        let bones = &model.meshes[0].bones;
        let wrong: Vec<Mat4> =
            bones.iter().enumerate().map(|(b, bone)| skinning_mistakes(gi, &tw, *bone, b)[k].1).collect();
        let why = skinning_mistakes(gi, &tw, bones[0], 0)[k].0;
        let e = check_skinning(&model, &tw, &wrong).expect_err("wrong skinning matrices passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
    }
}

#[test]
fn step4_offsets_are_the_rest_pose_inverse_binds() {
    // The loader's offset and step 2's inverse bind are the same matrix.
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let bones: Vec<Bone> = model.meshes[0].bones.clone();
    let from_step2 = inverse_bind_matrices(&bind_world, &bones);
    let loader = skinning_matrices(&model.global_inverse, &bind_world, &bones);
    for (b, bone) in bones.iter().enumerate() {
        check_mat4("offset vs step 2", from_step2[b], bone.offset, &[]).or_fail();
        check_mat4(
            "bind pose through the loader formula",
            loader[b],
            Mat4::IDENTITY,
            &skinning_mistakes(model.global_inverse, &bind_world, *bone, b),
        )
        .or_fail();
    }
}
