//! Lab 02 reference solution. Same API as `exercise.rs`, step by step.
//!
//! Each function first asserts what it relies on, so that a model that
//! `Model::validate` would refuse stops with the broken rule named instead
//! of a raw index panic.

use common::model::{Bone, Skeleton, Transform};
use glam::Mat4;
use lab01_hierarchy::solution::transform_to_matrix;

/// Step 1: the gradient from `a` to `b`: the matrix `ab` with `ab * a = b`.
///
/// Like the vector `b - a` that takes point `a` to point `b`: "add" `b` by
/// multiplying with it, "subtract" `a` by multiplying with its inverse. The
/// inverse goes on the right, next to where `a` will stand: `ab * a = b * a^-1 * a = b`.
///
/// # Panics
/// When `a` has no inverse (a zero scale): no matrix takes it to `b`.
pub fn gradient(a: &Mat4, b: &Mat4) -> Mat4 {
    let det = a.determinant();
    assert!(det.is_normal(), "gradient: `a` has no inverse (determinant {det}: a zero scale?)");
    *b * a.inverse()
}

/// Asserts that every bone follows a node that `per_node` has a matrix for.
fn check_bones(who: &str, per_node: &[Mat4], bones: &[Bone]) {
    for (b, bone) in bones.iter().enumerate() {
        assert!(
            bone.node < per_node.len(),
            "{who}: bone {b} follows node {}, but there are {} world matrices (one per node): validate() refuses a \
             bone on a missing node",
            bone.node,
            per_node.len()
        );
    }
}

/// Step 2: the inverse bind matrix of every bone: the inverse of its node's
/// world matrix in the bind pose. `bind_world` has one matrix per *node*; the
/// result has one per *bone*, in bone order. Computed once, when loading.
pub fn inverse_bind_matrices(bind_world: &[Mat4], bones: &[Bone]) -> Vec<Mat4> {
    check_bones("inverse_bind_matrices", bind_world, bones);
    bones.iter().map(|bone| bind_world[bone.node].inverse()).collect()
}

/// Step 3: the gradient matrix of every bone for a target pose:
/// `target_world[node] * inverse_bind[bone]`, in bone order. Computed every
/// frame; it is the gradient of step 1 with `a` = bind, `b` = target.
pub fn gradient_matrices(target_world: &[Mat4], inverse_bind: &[Mat4], bones: &[Bone]) -> Vec<Mat4> {
    assert!(
        inverse_bind.len() == bones.len(),
        "gradient_matrices: {} inverse bind matrices for {} bones: one per bone, in bone order",
        inverse_bind.len(),
        bones.len()
    );
    check_bones("gradient_matrices", target_world, bones);
    bones.iter().zip(inverse_bind).map(|(bone, inverse)| target_world[bone.node] * *inverse).collect()
}

/// Step 4a: the loader's way: `global_inverse * world[node] * offset`, per bone.
///
/// `offset` is the file's inverse bind matrix (step 2's result, stored in the
/// file). `global_inverse` undoes the scene root's transform, so the result is
/// expressed in the root's space, the space the mesh's vertices are in.
pub fn skinning_matrices(global_inverse: &Mat4, target_world: &[Mat4], bones: &[Bone]) -> Vec<Mat4> {
    check_bones("skinning_matrices", target_world, bones);
    bones.iter().map(|bone| *global_inverse * target_world[bone.node] * bone.offset).collect()
}

/// Step 4b: the gradient of `node` as a chain of local matrices along the
/// path from its root: `M'1 M'2 ... M'k Mk^-1 ... M2^-1 M1^-1`, where `M` are
/// bind-pose locals and `M'` target-pose locals. Going right to left: climb
/// from model space into the bone's own space through the bind pose, then
/// back down to model space through the target pose.
///
/// # Panics
/// For a node or a parent that does not exist, poses of the wrong length,
/// and a parent cycle (a path to the root has at most `nodes.len()` nodes, so
/// the walk stops there instead of looping for ever).
pub fn chain_matrix(skeleton: &Skeleton, bind: &[Transform], target: &[Transform], node: usize) -> Mat4 {
    let n = skeleton.nodes.len();
    assert!(node < n, "chain_matrix: node {node} does not exist: the skeleton has {n} nodes");
    assert!(
        bind.len() == n && target.len() == n,
        "chain_matrix: a bind pose of {} and a target pose of {} local transforms for a skeleton of {n} nodes: a \
         pose has one per node",
        bind.len(),
        target.len()
    );
    let mut down = Mat4::IDENTITY; // M'1 M'2 ... M'k
    let mut up = Mat4::IDENTITY; // Mk^-1 ... M1^-1
    let mut i = node;
    for _ in 0..n {
        // Walking from the node towards the root, so each new factor goes on
        // the outside: the root's ends up leftmost in `down`, rightmost in `up`.
        down = transform_to_matrix(&target[i]) * down;
        up *= transform_to_matrix(&bind[i]).inverse();
        match skeleton.nodes[i].parent {
            None => return down * up,
            Some(p) => {
                assert!(
                    p < n,
                    "chain_matrix: node {i} names parent {p}, but the skeleton has {n} nodes: validate() refuses it"
                );
                i = p;
            }
        }
    }
    panic!("chain_matrix: the skeleton has a parent cycle at node {i}: validate() refuses it")
}
