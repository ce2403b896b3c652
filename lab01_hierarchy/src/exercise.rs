//! Lab 01, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains every step. Check your work with
//! `cargo test -p lab01_hierarchy` and see it with `cargo run -p lab01_hierarchy`.

use common::model::{Skeleton, Transform};
use glam::{Mat4, Vec3};

/// Step 1: the matrix of a transform, `T * R * S`.
///
/// Build the three matrices with `Mat4::from_translation`, `Mat4::from_quat`
/// and `Mat4::from_scale`, and multiply them so that a point is *scaled
/// first*, then rotated, then moved. With column vectors the matrix nearest
/// the point acts first.
pub fn transform_to_matrix(_t: &Transform) -> Mat4 {
    todo!("lab01 step 1: build T * R * S from the transform (README, step 1)")
}

/// Step 2a: a *point* through a matrix: extend it with w = 1, multiply,
/// drop w. The translation column is added to points.
pub fn transform_point(_m: &Mat4, _p: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform a point with w = 1 (README, step 2)")
}

/// Step 2b: a *vector* through a matrix: extend it with w = 0. Directions
/// turn and stretch with the matrix but are never moved by it.
pub fn transform_vector(_m: &Mat4, _v: Vec3) -> Vec3 {
    todo!("lab01 step 2: transform a vector with w = 0 (README, step 2)")
}

/// Step 3: world matrices of every node, `world[i] = world[parent] * local[i]`.
///
/// `locals` holds one transform per node. Nodes are stored parents first, so
/// one loop from the first node to the last finds each parent's world matrix
/// already computed. A node with no parent is a root: its world matrix is its
/// local matrix.
pub fn world_matrices(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 3: one forward loop, world[parent] * local (README, step 3)")
}

/// Step 4: the same world matrices by a recursive walk of the tree.
///
/// Start at every root (a node with `parent == None`) with the identity as
/// its parent's matrix; compute the node's world matrix; then visit each
/// child (`skeleton.children(node)`) handing it that matrix. Write a helper
/// function for the walk. Unlike step 3, this works in any storage order.
pub fn world_matrices_recursive(_skeleton: &Skeleton, _locals: &[Transform]) -> Vec<Mat4> {
    todo!("lab01 step 4: walk the tree from the roots (README, step 4)")
}

/// A joint's frame as read off its world matrix: where its origin is and
/// where its three axes point, in model space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointFrame {
    /// The joint's position (the matrix's fourth column).
    pub origin: Vec3,
    /// The joint's X axis (first column; its length is the X scale).
    pub x_axis: Vec3,
    /// The joint's Y axis (second column).
    pub y_axis: Vec3,
    /// The joint's Z axis (third column).
    pub z_axis: Vec3,
}

/// Step 5: the matrix "x-ray": read the joint's axes and origin from the
/// columns of its world matrix (`world.x_axis`, ... are glam's columns; take
/// their `xyz` with `.truncate()`).
pub fn joint_frame(_world: &Mat4) -> JointFrame {
    todo!("lab01 step 5: read the axes and origin from the columns (README, step 5)")
}

/// Step 6: the local matrix that puts a joint at `world` under a parent at
/// `parent_world`. Start from `world = parent_world * local` and solve for
/// `local`; mind which side the inverse goes on.
pub fn local_from_world(_parent_world: &Mat4, _world: &Mat4) -> Mat4 {
    todo!("lab01 step 6: undo the parent's world matrix (README, step 6)")
}
