//! Lab 02, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do. Check
//! your work with `cargo test -p lab02_gradient_matrix --test grader`; see it
//! with `cargo run -p lab02_gradient_matrix`.
//!
//! What you are handed (API facts, not answers):
//!
//! - `lab01_hierarchy::solution::transform_to_matrix(t: &Transform) -> Mat4`
//!   and `lab01_hierarchy::solution::world_matrices(skeleton: &Skeleton,
//!   locals: &[Transform]) -> Vec<Mat4>` (one world matrix per node).
//! - `Skeleton::nodes: Vec<Node>`, parents before children;
//!   `Node::parent: Option<usize>` (`None` for a root), `Node::local`.
//! - `Bone::node: usize` (the node the bone follows, an index into
//!   `Skeleton::nodes`) and `Bone::offset: Mat4` (the file's inverse bind).
//! - glam's `Mat4`: `inverse()`, `transpose()`, `*`, `Mat4::IDENTITY`.

use common::model::{Bone, Skeleton, Transform};
use glam::Mat4;

/// Step 1: the gradient from `a` to `b`.
///
/// In: two matrices, `a` invertible. Out: the matrix that takes `a` to `b`:
/// multiplied by `a` (with `a` on the right), it gives `b`. From `a` to `a`
/// it is the identity.
///
/// Checked by `step1_gradient_takes_a_to_b` (turns and non-uniform scale)
/// and `step1_gradient_of_translations_is_their_difference`.
///
/// Ask yourself: for points, `b - a` takes `a` to `b`. For matrices,
/// "subtracting" `a` is multiplying by its inverse: on which side must the
/// inverse stand, and how do you check your choice against the contract?
pub fn gradient(_a: &Mat4, _b: &Mat4) -> Mat4 {
    todo!("lab02 step 1: gradient")
}

/// Step 2: the inverse bind matrix of every bone.
///
/// In: `bind_world`, one world matrix per *node* in the pose the skin was
/// bound in (any pose: not necessarily the rest pose, nor the one the file's
/// offsets were made from), and the mesh's `bones`. Out: one matrix per
/// *bone*, in the order of `bones`: the one that takes a point from model
/// space in the bind pose into that bone's own space. Checked by the
/// `step2_*` tests, in the rest pose and in a pose bound mid-stride.
///
/// Ask yourself: which matrix of `bind_world` belongs to bone `b`? How far
/// must a point climb to reach the bone's space, and which single matrix
/// takes it the other way?
pub fn inverse_bind_matrices(_bind_world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 2: inverse_bind_matrices")
}

/// Step 3: the gradient matrix of every bone for a target pose.
///
/// In: `target_world`, one world matrix per node in the target pose;
/// `inverse_bind`, one per bone (step 2's, for whatever bind pose was
/// chosen); `bones`. Out: one matrix per bone, in bone order, that carries a
/// point attached to the bone from the bind pose to the target pose. When
/// the target is the bind pose, every one is the identity. Checked by the
/// `gradients::step3_*` tests (the `wave` pose, the bind pose, inverse binds
/// of another pose, a prop in the hand).
///
/// Ask yourself: which lists are indexed by bone and which by node, and which
/// factor does a bind-pose vertex meet first?
pub fn gradient_matrices(_target_world: &[Mat4], _inverse_bind: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 3: gradient_matrices")
}

/// Step 4a: the loader's matrices (README, Concepts, way 2).
///
/// In: the model's `global_inverse` (the inverse of the scene root's world
/// matrix), `target_world` (one per node) and `bones`, whose `offset` is the
/// file's inverse bind matrix, starting from the mesh's space. Out: one
/// matrix per bone, in bone order, that takes a point as stored (mesh space,
/// bind pose) to its place in the target pose, in the mesh's space. Checked
/// by `chain::step4_loader_formula_with_a_scaled_rotated_root` (a turned,
/// scaled root) and the other `chain::step4_*` tests.
///
/// Ask yourself: which factor brings the result back into the mesh's space,
/// and on which side must it stand?
pub fn skinning_matrices(_global_inverse: &Mat4, _target_world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab02 step 4: skinning_matrices")
}

/// Step 4b: the gradient of one node from local transforms only
/// (README, Concepts, way 3).
///
/// In: the skeleton (for the parents), the bind pose and the target pose as
/// local transforms (one per node; the bind pose is the argument, not the
/// skeleton's stored rest pose), and a node. Out: that node's gradient, built
/// from the locals of every node on its path up to its root, the root
/// included, without world matrices. Checked by the `chain::step4_*` tests
/// (the character, and a moving root with a bind pose unlike the rest pose).
///
/// Ask yourself: walking up, you meet the node's own locals first and the
/// root's last. Where in each running product does each new factor go?
pub fn chain_matrix(_skeleton: &Skeleton, _bind: &[Transform], _target: &[Transform], _node: usize) -> Mat4 {
    todo!("lab02 step 4: chain_matrix")
}
