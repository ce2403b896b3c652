//! Lab 02, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains every step. Check your work with
//! `cargo test -p lab02_gradient_matrix`; see it with `cargo run -p lab02_gradient_matrix`.
//!
//! Lab 01's functions are yours to use through its reference:
//! `lab01_hierarchy::solution::{transform_to_matrix, world_matrices}`.

use common::model::{Bone, Skeleton, Transform};
use glam::Mat4;

/// Step 1: the gradient from `a` to `b`: the matrix `ab` with `ab * a = b`.
///
/// For points, `b = a + (b - a)`. For matrices, "add" `b` by multiplying with
/// it and "subtract" `a` by multiplying with `a.inverse()`. Which side must
/// the inverse be on so that `ab * a` gives back `b`?
pub fn gradient(_a: &Mat4, _b: &Mat4) -> Mat4 {
    todo!("lab02 step 1: the gradient b * a^-1 (README, step 1)")
}

/// Step 2: the inverse bind matrix of every bone: the inverse of its node's
/// world matrix in the bind pose.
///
/// `bind_world` has one matrix per *node*; return one per *bone*, in the
/// order of `bones`. Bone `b` follows node `bones[b].node`: the two indices
/// are not the same.
pub fn inverse_bind_matrices(_bind_world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 2: invert each bone's bind-pose world matrix (README, step 2)")
}

/// Step 3: the gradient matrix of every bone for a target pose: its node's
/// target world matrix times the bone's inverse bind matrix. One per bone, in
/// bone order.
pub fn gradient_matrices(_target_world: &[Mat4], _inverse_bind: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 3: target world times inverse bind, per bone (README, step 3)")
}

/// Step 4a: the loader's way: `global_inverse * world[node] * offset` for
/// every bone, where `offset` is the inverse bind matrix stored in the file
/// (`bones[b].offset`).
pub fn skinning_matrices(_global_inverse: &Mat4, _target_world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 4: global_inverse * world * offset, per bone (README, step 4)")
}

/// Step 4b: the gradient of `node` as a chain of *local* matrices along the
/// path from its root: `M'1 M'2 ... M'k Mk^-1 ... M2^-1 M1^-1`, with `M` the
/// bind-pose locals and `M'` the target-pose locals (`1` is the root, `k` the
/// node). Walk up with `skeleton.nodes[i].parent`; think about which side
/// each new factor goes on.
pub fn chain_matrix(_skeleton: &Skeleton, _bind: &[Transform], _target: &[Transform], _node: usize) -> Mat4 {
    todo!("lab02 step 4: the chain M'1 M'2 ... M2^-1 M1^-1 (README, step 4)")
}
