//! The reference (and the given wrapper of step 4) on skeletons that
//! `Skeleton::validate` refuses: each stops with a message naming the broken
//! invariant, never a raw index panic, a stack overflow or a loop for ever.
//! These call `solution::` directly: they hold in both variants.

use common::grade::Verdict;
use common::model::{Node, Skeleton, Transform};
use glam::Mat4;
use lab01_hierarchy::solution;

use super::walk::{RUNAWAY, chain, walk_within};
use super::worlds::{check_worlds, reference_worlds};

fn skeleton(parents: &[Option<usize>]) -> (Skeleton, Vec<Transform>) {
    let node = |(i, p): (usize, &Option<usize>)| Node { name: format!("n{i}"), parent: *p, local: Transform::IDENTITY };
    (Skeleton { nodes: parents.iter().enumerate().map(node).collect() }, vec![Transform::IDENTITY; parents.len()])
}

#[test]
#[should_panic(expected = "world_matrices: node 1 names parent 2, but parents come first")]
fn given_world_matrices_refuses_a_parent_stored_after_its_child() {
    let (s, pose) = skeleton(&[None, Some(2), Some(0)]);
    solution::world_matrices(&s, &pose);
}

#[test]
#[should_panic(expected = "node 1 names parent 1, but parents come first")]
fn given_world_matrices_refuses_a_node_that_is_its_own_parent() {
    let (s, pose) = skeleton(&[None, Some(1)]);
    solution::world_matrices(&s, &pose);
}

#[test]
#[should_panic(
    expected = "node 2 names parent 9, but parents come first: the parent of node 2 must be one of nodes 0..2"
)]
fn given_world_matrices_refuses_a_missing_parent() {
    let (s, pose) = skeleton(&[None, Some(0), Some(9)]);
    solution::world_matrices(&s, &pose);
}

#[test]
#[should_panic(expected = "world_matrices: 2 local transforms for a skeleton of 3 nodes: a pose has one per node")]
fn given_world_matrices_refuses_a_pose_of_the_wrong_length() {
    let (s, pose) = skeleton(&[None, Some(0), Some(1)]);
    solution::world_matrices(&s, &pose[..2]);
}

#[test]
#[should_panic(expected = "world_matrices_recursive: the skeleton has a parent cycle at node 1: validate() refuses it")]
fn given_recursive_walk_refuses_a_parent_cycle() {
    let (s, pose) = skeleton(&[None, Some(3), Some(1), Some(2)]);
    solution::world_matrices_recursive(&s, &pose);
}

#[test]
#[should_panic(expected = "world_matrices_recursive: node 1 names parent 5, but the skeleton has 2 nodes")]
fn given_recursive_walk_refuses_a_missing_parent() {
    let (s, pose) = skeleton(&[None, Some(5)]);
    solution::world_matrices_recursive(&s, &pose);
}

#[test]
#[should_panic(expected = "world_matrices_recursive: 1 local transforms for a skeleton of 2 nodes")]
fn given_recursive_walk_refuses_a_pose_of_the_wrong_length() {
    let (s, pose) = skeleton(&[None, Some(0)]);
    solution::world_matrices_recursive(&s, &pose[..1]);
}

#[test]
fn given_recursive_walk_of_a_chain_30000_nodes_deep() {
    let (s, pose) = chain(30_000);
    // With the runaway guard too: a catalogued mistake in the reference (a
    // walk from every node) would otherwise run here for minutes.
    let got = walk_within(&s, &pose, solution::world_matrices_recursive, RUNAWAY).unwrap_or_else(|e| panic!("{e}"));
    check_worlds("solution::world_matrices_recursive, 30,000 nodes", 4, &s, &pose, &got).or_fail();
}

#[test]
#[should_panic(expected = "use world_matrices, whose loop needs none")]
fn given_recursive_walk_refuses_a_chain_too_deep_for_any_stack() {
    let levels = lab01_hierarchy::given::MAX_STACK / lab01_hierarchy::given::STACK_PER_LEVEL + 1;
    let (s, pose) = chain(levels);
    solution::world_matrices_recursive(&s, &pose);
}

#[test]
fn given_empty_skeleton_and_a_walk_on_the_calling_thread() {
    let (s, pose) = skeleton(&[]);
    assert!(solution::world_matrices(&s, &pose).is_empty() && solution::world_matrices_recursive(&s, &pose).is_empty());
    let (s, pose) = chain(lab01_hierarchy::given::SHALLOW);
    let want = reference_worlds(&s, &pose);
    check_worlds("solution::world_matrices_recursive", 4, &s, &pose, &solution::world_matrices_recursive(&s, &pose))
        .or_fail();
    assert_eq!(want.len(), lab01_hierarchy::given::SHALLOW);
}

#[test]
#[should_panic(expected = "local_from_world: the parent's world matrix has no inverse")]
fn given_local_from_world_refuses_a_parent_with_zero_scale() {
    let flat = Mat4::from_scale(glam::Vec3::new(1.0, 0.0, 1.0));
    solution::local_from_world(&flat, &Mat4::IDENTITY);
}

/// The handout's numbers about the built-in character come from the code:
/// its depth ("8 levels deep") and the forearm's offset ("0.28 m").
#[test]
fn given_the_handouts_numbers_about_the_character_hold() {
    let handout = include_str!("../../README.md");
    let skeleton = common::character::build().skeleton;
    let levels = skeleton.levels();
    assert!(
        handout.contains(&format!("The character is {levels} levels deep")),
        "README.md should say \"The character is {levels} levels deep\" (Concepts, Recursion, and the stack)"
    );
    let forearm = skeleton.find("forearm_l").expect("the character has forearm_l");
    let along = skeleton.nodes[forearm].local.translation.length();
    assert!(
        handout.contains(&format!("the forearm is {along:.2} m along the upper arm")),
        "README.md should say \"the forearm is {along:.2} m along the upper arm\" (Concepts, Local and world)"
    );
}
