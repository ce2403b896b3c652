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
/// Out: one matrix that does to a point what the three parts mean (README,
/// Concepts, "The three parts of a local transform"). The identity
/// transform gives the identity matrix; scale `(2, 1, 1)`, a quarter turn
/// about Z and translation `(1, 2, 3)` take the point `(1, 0, 0)` to
/// `(1, 4, 3)`. Tests: `step1_*`.
///
/// Ask yourself: which part must a point meet first, and which last? Which
/// factor of a product does a point meet first?
pub fn transform_to_matrix(_t: &Transform) -> Mat4 {
    todo!("lab01 step 1: transform_to_matrix")
}

/// Step 2a: where the matrix takes a *point* (a position: a joint, a
/// vertex). A point is turned, stretched and moved. Write it with the
/// fourth coordinate, not glam's `transform_point3`.
/// Test: `step2_points_are_turned_and_moved`.
pub fn transform_point(_m: &Mat4, _p: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform_point")
}

/// Step 2b: what the matrix does to a *vector* (a direction or an offset:
/// an axis, the step from one joint to the next). A vector is turned and
/// stretched, never moved. Test: `step2_vectors_are_turned_not_moved`.
///
/// Ask yourself: what must the fourth coordinate be for a position, and for
/// a direction, so that the matrix moves the one and not the other?
pub fn transform_vector(_m: &Mat4, _v: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform_vector")
}

/// Step 3: the world matrix of every node, by one loop over the nodes.
///
/// In: a skeleton stored parents first, and a pose `locals`: one local
/// transform per node, in node order. The pose is any pose, not the rest pose
/// the skeleton stores. Out: one world matrix per node, in node order. Every
/// node without a parent is a root; a skeleton may have several.
/// Tests: `step3_*` (a hand-made arm with a second root, the character at
/// rest against its inverse bind matrices, one node, the character walking).
///
/// Ask yourself: when the loop reaches a node, why is its parent's world
/// matrix already known, what is a root's world matrix, and on which side of
/// the product does the parent's stand?
pub fn world_matrices(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 3: world_matrices")
}

/// Given: your [`walk_tree`], after checks that the skeleton is a tree, on a
/// stack deep enough for it (README, Concepts, "Recursion, and the stack").
pub fn world_matrices_recursive(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    crate::given::walk_on_a_deep_enough_stack(skeleton, locals, walk_tree)
}

/// Step 4: the same world matrices as step 3, by a recursive walk of the
/// tree.
///
/// In: as step 3, except that the nodes may be stored in any order (a
/// child before its parent). Every parent exists and there is no cycle: the
/// given wrapper has checked. Out: the same matrices as step 3, in node
/// order. Each node is visited once: the grader stops a walk still running
/// after 15 s on its 2,000-node chain (the reference takes milliseconds).
/// Tests: `walk::step4_*` (the arm, the arm stored children first, the
/// character, the chain).
///
/// Ask yourself: with the nodes in any order, how does a node learn its
/// parent's world matrix, and where must the walks start?
pub fn walk_tree(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 4: walk_tree")
}

/// Step 5: the matrix "x-ray".
///
/// In: a world matrix. Out: where the joint's origin is and where its own
/// X, Y and Z axes point, in model space. Keep each axis's length: it is the
/// scale along that axis. Tests: `frames::step5_*`.
///
/// Ask yourself: where does the matrix send the joint's own origin, and its
/// own unit X axis? Which of the matrix's numbers come out?
pub fn joint_frame(_world: &Mat4) -> JointFrame {
    todo!("lab01 step 5: joint_frame")
}

/// Step 6: the local matrix that keeps a joint where it is under a parent.
///
/// In: the parent's world matrix (invertible) and the world matrix the
/// joint must keep. Out: the local matrix that, under that parent, gives
/// the joint exactly that world matrix; under the identity parent, `world`
/// itself. Tests: `frames::step6_*`.
///
/// Ask yourself: on which side must the parent be undone, and why would the
/// other side not cancel it?
pub fn local_from_world(_parent_world: &Mat4, _world: &Mat4) -> Mat4 {
    todo!("lab01 step 6: local_from_world")
}
