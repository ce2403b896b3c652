//! Step 4: the recursive walk, through the given `world_matrices_recursive`.

use common::grade::Verdict;
use common::model::{Node, Skeleton, Transform};
use glam::{Mat4, Quat};
use lab01_hierarchy::*;

use super::worlds::{arm, check_worlds};
use super::{grader_names_each_mistake, trs};

const WHAT: &str = "world_matrices_recursive (your walk_tree)";

/// The arm stored children first: hand, elbow, shoulder, base, lamp.
fn arm_children_first() -> (Skeleton, Vec<Transform>) {
    let (skeleton, pose) = arm();
    let order = [3, 2, 1, 0, 4]; // new index -> old index
    let new_index = |old: usize| order.iter().position(|&o| o == old).unwrap();
    let nodes = order
        .iter()
        .map(|&old| Node { parent: skeleton.nodes[old].parent.map(new_index), ..skeleton.nodes[old].clone() })
        .collect();
    (Skeleton { nodes }, order.iter().map(|&old| pose[old]).collect())
}

/// A chain of `n` nodes stored children first: node `i`'s parent is `i + 1`,
/// the root is the last node. Each link is half a unit up, with a slight
/// turn every tenth link, so the numbers stay exact enough to compare.
pub fn chain(n: usize) -> (Skeleton, Vec<Transform>) {
    let nodes = (0..n)
        .map(|i| Node { name: format!("link{i}"), parent: (i + 1 < n).then_some(i + 1), local: Transform::IDENTITY })
        .collect();
    let pose = (0..n)
        .map(|i| {
            let turn = if i % 10 == 0 { Quat::from_rotation_y(0.25) } else { Quat::IDENTITY };
            trs([0.0, 0.5, 0.0], turn, [1.0; 3])
        })
        .collect();
    (Skeleton { nodes }, pose)
}

#[test]
fn step4_recursive_walk_matches_the_arm() {
    let (skeleton, pose) = arm();
    check_worlds(WHAT, 4, &skeleton, &pose, &world_matrices_recursive(&skeleton, &pose)).or_fail();
}

#[test]
fn step4_recursive_walk_works_in_any_storage_order() {
    let (skeleton, pose) = arm_children_first();
    let got = world_matrices_recursive(&skeleton, &pose);
    check_worlds(&format!("{WHAT}, children stored first"), 4, &skeleton, &pose, &got).or_fail();
}

#[test]
fn step4_recursive_walk_matches_on_the_character() {
    let model = common::character::build();
    let mut pose = model.skeleton.rest_locals();
    for (i, l) in pose.iter_mut().enumerate() {
        l.rotation = Quat::from_rotation_x(0.1 * i as f32) * l.rotation; // a non-rest pose
    }
    let got = world_matrices_recursive(&model.skeleton, &pose);
    check_worlds(&format!("{WHAT}, the character"), 4, &model.skeleton, &pose, &got).or_fail();
}

/// Deeper than the given wrapper walks on the calling thread, so your walk
/// runs on a thread of its own (the reference also walks 30,000 nodes: see
/// `robust.rs`; `Skeleton::children` scans every node, so a walk that calls it
/// per node takes seconds there).
pub const LONG: usize = 2_000;

#[test]
fn step4_recursive_walk_of_a_chain_2000_nodes_deep() {
    let (skeleton, pose) = chain(LONG);
    let got = world_matrices_recursive(&skeleton, &pose);
    check_worlds(&format!("{WHAT}, a chain of {LONG} nodes stored children first"), 4, &skeleton, &pose, &got)
        .or_fail();
}

#[test]
fn grader_step4_names_unvisited_roots_and_a_walk_from_node_0() {
    let (skeleton, pose) = arm_children_first();
    grader_names_each_mistake(4, &skeleton, &pose);
    // The case: a walk from the first root only leaves `lamp` as it was.
    let (skeleton, pose) = arm();
    let mut first_only = super::worlds::reference_worlds(&skeleton, &pose);
    first_only[4] = Mat4::IDENTITY;
    let e = check_worlds(WHAT, 4, &skeleton, &pose, &first_only).unwrap_err();
    assert!(e.contains("node 4 `lamp` is wrong: never visited"), "{e}");
}
