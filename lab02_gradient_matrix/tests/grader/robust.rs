//! The reference on models that `Model::validate` refuses: each call stops
//! with a message naming the broken rule, never a raw index panic or a loop
//! for ever. These call `solution::` directly: they hold in both variants.

use common::grade::{Verdict, check_mat4};
use common::model::{Bone, Node, Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab02_gradient_matrix::solution;

fn skeleton(parents: &[Option<usize>]) -> Skeleton {
    let node = |(i, p): (usize, &Option<usize>)| Node { name: format!("n{i}"), parent: *p, local: Transform::IDENTITY };
    Skeleton { nodes: parents.iter().enumerate().map(node).collect() }
}

fn pose(n: usize, turn: f32) -> Vec<Transform> {
    let link = |i: usize| Transform {
        translation: Vec3::new(0.0, 1.0, 0.0),
        rotation: Quat::from_rotation_z(turn * (i + 1) as f32),
        scale: Vec3::ONE,
    };
    (0..n).map(link).collect()
}

fn bone(node: usize) -> Bone {
    Bone { node, offset: Mat4::IDENTITY }
}

#[test]
#[should_panic(expected = "chain_matrix: the skeleton has a parent cycle at node")]
fn given_chain_matrix_stops_at_a_parent_cycle() {
    let s = skeleton(&[None, Some(2), Some(3), Some(1)]);
    solution::chain_matrix(&s, &pose(4, 0.1), &pose(4, 0.2), 1);
}

#[test]
#[should_panic(expected = "chain_matrix: the skeleton has a parent cycle at node 1: validate() refuses it")]
fn given_chain_matrix_stops_at_a_node_that_is_its_own_parent() {
    let s = skeleton(&[None, Some(1)]);
    solution::chain_matrix(&s, &pose(2, 0.1), &pose(2, 0.2), 1);
}

#[test]
fn given_chain_matrix_walks_a_path_through_every_node() {
    // A chain stored parents first: node 5's path holds all 6 nodes.
    let s = skeleton(&[None, Some(0), Some(1), Some(2), Some(3), Some(4)]);
    let (bind, target) = (pose(6, 0.1), pose(6, -0.3));
    let want = world_matrices(&s, &target)[5] * world_matrices(&s, &bind)[5].inverse();
    check_mat4("chain_matrix of the deepest node", solution::chain_matrix(&s, &bind, &target, 5), want, &[]).or_fail();
}

#[test]
#[should_panic(expected = "chain_matrix: node 2 names parent 3, but the skeleton has 3 nodes: validate() refuses it")]
fn given_chain_matrix_refuses_a_missing_parent() {
    let s = skeleton(&[None, Some(0), Some(3)]); // one past the last node
    solution::chain_matrix(&s, &pose(3, 0.1), &pose(3, 0.2), 2);
}

#[test]
#[should_panic(expected = "chain_matrix: node 3 does not exist: the skeleton has 3 nodes")]
fn given_chain_matrix_refuses_a_missing_node() {
    let s = skeleton(&[None, Some(0), Some(1)]);
    solution::chain_matrix(&s, &pose(3, 0.1), &pose(3, 0.2), 3);
}

#[test]
#[should_panic(expected = "a bind pose of 3 and a target pose of 2 local transforms for a skeleton of 3 nodes")]
fn given_chain_matrix_refuses_a_short_target_pose() {
    let s = skeleton(&[None, Some(0), Some(1)]);
    solution::chain_matrix(&s, &pose(3, 0.1), &pose(2, 0.2), 1);
}

#[test]
#[should_panic(expected = "a bind pose of 2 and a target pose of 3 local transforms")]
fn given_chain_matrix_refuses_a_short_bind_pose() {
    let s = skeleton(&[None, Some(0), Some(1)]);
    solution::chain_matrix(&s, &pose(2, 0.1), &pose(3, 0.2), 1);
}

#[test]
#[should_panic(
    expected = "inverse_bind_matrices: bone 1 follows node 3, but there are 3 world matrices (one per node)"
)]
fn given_inverse_binds_refuse_a_bone_on_a_missing_node() {
    solution::inverse_bind_matrices(&[Mat4::IDENTITY; 3], &[bone(2), bone(3)]);
}

#[test]
#[should_panic(expected = "gradient_matrices: bone 0 follows node 5, but there are 5 world matrices")]
fn given_gradients_refuse_a_bone_on_a_missing_node() {
    solution::gradient_matrices(&[Mat4::IDENTITY; 5], &[Mat4::IDENTITY], &[bone(5)]);
}

#[test]
#[should_panic(expected = "gradient_matrices: 1 inverse bind matrices for 2 bones: one per bone, in bone order")]
fn given_gradients_refuse_too_few_inverse_binds() {
    solution::gradient_matrices(&[Mat4::IDENTITY; 5], &[Mat4::IDENTITY], &[bone(0), bone(1)]);
}

#[test]
#[should_panic(expected = "gradient_matrices: 3 inverse bind matrices for 2 bones")]
fn given_gradients_refuse_too_many_inverse_binds() {
    solution::gradient_matrices(&[Mat4::IDENTITY; 5], &[Mat4::IDENTITY; 3], &[bone(0), bone(1)]);
}

#[test]
#[should_panic(expected = "skinning_matrices: bone 0 follows node 9, but there are 2 world matrices")]
fn given_skinning_matrices_refuse_a_bone_on_a_missing_node() {
    solution::skinning_matrices(&Mat4::IDENTITY, &[Mat4::IDENTITY; 2], &[bone(9)]);
}

#[test]
#[should_panic(expected = "gradient: `a` has no inverse")]
fn given_gradient_refuses_a_matrix_with_zero_scale() {
    solution::gradient(&Mat4::from_scale(Vec3::new(1.0, 1.0, 0.0)), &Mat4::IDENTITY);
}

#[test]
fn given_edge_cases_still_work() {
    // The last node a bone may follow, and no bones at all.
    let world = [Mat4::IDENTITY, Mat4::from_translation(Vec3::X)];
    let inverse = solution::inverse_bind_matrices(&world, &[bone(1)]);
    check_mat4("inverse bind of the last node", inverse[0], Mat4::from_translation(-Vec3::X), &[]).or_fail();
    assert!(solution::gradient_matrices(&world, &[], &[]).is_empty());
    let g = solution::skinning_matrices(&Mat4::IDENTITY, &world, &[bone(1)]);
    check_mat4("skinning matrix of the last node", g[0], world[1], &[]).or_fail();
}

/// The handout's facts about the built-in character's bones and nodes
/// (Concepts, "Bone index vs node index", and the failure example) come
/// from the code.
#[test]
fn given_the_handouts_bone_and_node_numbers_hold() {
    let handout = include_str!("../../README.md");
    let model = common::character::build();
    let nodes = &model.skeleton.nodes;
    let bones = &model.meshes[0].bones;
    let node_of = |b: usize| bones[b].node;
    let flat = handout.split_whitespace().collect::<Vec<_>>().join(" ");
    let says = |text: String| assert!(flat.contains(&text), "README.md should say: {text}");
    says(format!("The built-in character has {} nodes", nodes.len()));
    says(format!("{} joints) and {} bones", nodes.len() - 2, bones.len()));
    says(format!("bone 0 is `{}` (node {})", nodes[node_of(0)].name, node_of(0)));
    says(format!("bone 8 is `{}` (node {})", nodes[node_of(8)].name, node_of(8)));
    says(format!("node 8 is `{}`", nodes[8].name));
    let chest_height = model.meshes[0].bones[0].offset.inverse().w_axis.y;
    says(format!("`{}`, {chest_height:.2} m up", nodes[node_of(0)].name));
}
