//! Lab 01, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do. Check
//! your work with `cargo test -p lab01_hierarchy --test grader`; see it with
//! `cargo run -p lab01_hierarchy`.

use common::model::{Skeleton, Transform};

pub use crate::given::JointFrame;
use glam::{Mat4, Vec3};

/// Step 1: the matrix of a local transform.
///
/// In: a translation, a unit rotation and a scale (non-uniform too).
/// Out: one matrix that does to a point what the three parts do, in the
/// order of README, Concepts: scale it along the joint's own axes, turn it,
/// then move it. The identity transform gives the identity matrix.
///
/// Ask yourself: a point meets the matrix nearest to it first. Which part
/// must stand nearest, and which furthest?
pub fn transform_to_matrix(_t: &Transform) -> Mat4 {
    todo!("lab01 step 1: transform_to_matrix")
}

/// Step 2a: where the matrix takes a *point* (a position: a joint, a
/// vertex). A point is turned, stretched and moved.
pub fn transform_point(_m: &Mat4, _p: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform_point")
}

/// Step 2b: what the matrix does to a *vector* (a direction or an offset:
/// an axis, the step from one joint to the next). A vector is turned and
/// stretched, never moved.
///
/// Ask yourself: which fourth coordinate makes the matrix's fourth column
/// count for a point and vanish for a vector?
pub fn transform_vector(_m: &Mat4, _v: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform_vector")
}

/// Step 3: the world matrix of every node, by one loop over the nodes.
///
/// In: a skeleton stored parents first, and a pose `locals`: one local
/// transform per node, in node order. The pose is any pose, not the rest pose
/// the skeleton stores. Out: one world matrix per node, in node order. Every
/// node without a parent is a root; a skeleton may have several.
///
/// Ask yourself: when the loop reaches a node, why is its parent's world
/// matrix already known, and on which side of the product does it stand?
pub fn world_matrices(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 3: world_matrices")
}

/// Given: your [`walk_tree`], after checks that the skeleton is a tree, on a
/// stack deep enough for it (README, Concepts, "Walking the tree").
pub fn world_matrices_recursive(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    crate::given::walk_on_a_deep_enough_stack(skeleton, locals, walk_tree)
}

/// Step 4: the same world matrices as step 3, by a recursive walk of the
/// tree.
///
/// In: as step 3, except that the nodes may be stored in any order (a
/// child before its parent). Every parent exists and there is no cycle: the
/// given wrapper has checked. Out: the same matrices as step 3, in node
/// order.
///
/// Ask yourself: with the nodes in any order, how does a node learn its
/// parent's world matrix, and where does each walk start?
pub fn walk_tree(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 4: walk_tree")
}

/// Step 5: the matrix "x-ray".
///
/// In: a world matrix. Out: where the joint's origin is and where its own
/// X, Y and Z axes point, in model space. Keep each axis's length: it is the
/// scale along that axis.
///
/// Ask yourself: where does the matrix send the joint's own origin, and the
/// tip of its own unit X axis?
pub fn joint_frame(_world: &Mat4) -> JointFrame {
    todo!("lab01 step 5: joint_frame")
}

/// Step 6: the local matrix that keeps a joint where it is under a parent.
///
/// In: the parent's world matrix (invertible) and the world matrix the
/// joint must keep. Out: the local matrix that, under that parent, gives
/// the joint exactly that world matrix.
///
/// Ask yourself: on which side must the parent be undone?
pub fn local_from_world(_parent_world: &Mat4, _world: &Mat4) -> Mat4 {
    todo!("lab01 step 6: local_from_world")
}
