//! Lab 01 reference solution. Same API as `exercise.rs`, step by step.

use common::model::{Skeleton, Transform};

pub use crate::given::JointFrame;
use glam::{Mat4, Vec3, Vec4};

/// Step 1: the matrix of a transform, `T * R * S`.
///
/// Read it right to left, as a column vector meets it: scale the point in the
/// joint's own axes, then rotate it, then move it to the joint's position.
pub fn transform_to_matrix(t: &Transform) -> Mat4 {
    let translation = Mat4::from_translation(t.translation);
    let rotation = Mat4::from_quat(t.rotation);
    let scale = Mat4::from_scale(t.scale);
    translation * rotation * scale
}

/// Step 2a: a *point* through a matrix. Points have w = 1, so the fourth
/// column (the translation) is added.
pub fn transform_point(m: &Mat4, p: Vec3) -> Vec3 {
    (*m * Vec4::new(p.x, p.y, p.z, 1.0)).truncate()
}

/// Step 2b: a *vector* (a direction or an offset) through a matrix. Vectors
/// have w = 0: they turn and stretch but never move.
pub fn transform_vector(m: &Mat4, v: Vec3) -> Vec3 {
    (*m * Vec4::new(v.x, v.y, v.z, 0.0)).truncate()
}

/// Step 3: world matrices of every node, `world[i] = world[parent] * local[i]`.
///
/// `locals` holds one transform per node (a pose, not necessarily the rest
/// pose stored in the skeleton). Because nodes are stored parents first, a
/// parent's world matrix is always ready when its children need it: one
/// forward loop does the whole tree.
///
/// # Panics
/// With the broken invariant named, for what `Skeleton::validate` refuses
/// (a parent stored after its child or missing), and for a pose of the
/// wrong length.
pub fn world_matrices(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    let n = skeleton.nodes.len();
    assert!(
        locals.len() == n,
        "world_matrices: {} local transforms for a skeleton of {n} nodes: a pose has one per node",
        locals.len()
    );
    let mut world: Vec<Mat4> = Vec::with_capacity(n);
    for (i, node) in skeleton.nodes.iter().enumerate() {
        let local = transform_to_matrix(&locals[i]);
        match node.parent {
            None => world.push(local),
            Some(p) => {
                assert!(
                    p < i,
                    "world_matrices: node {i} names parent {p}, but parents come first: the parent of node {i} \
                     must be one of nodes 0..{i} (validate() refuses this skeleton)"
                );
                world.push(world[p] * local);
            }
        }
    }
    world
}

/// Step 4 (given): [`walk_tree`] after the checks and on a stack deep enough
/// for the tree (see `crate::tree`).
pub fn world_matrices_recursive(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    crate::given::walk_on_a_deep_enough_stack(skeleton, locals, walk_tree)
}

/// Step 4: the same world matrices by a depth-first walk from every root.
///
/// The walk hands each child its parent's world matrix, so it works in any
/// storage order. It is the picture most people have in mind; the forward
/// loop of step 3 is the same idea flattened. Each node's children are
/// listed once up front: `Skeleton::children` scans every node, and calling
/// it per node would cost O(nodes^2) on a long chain.
pub fn walk_tree(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    let mut children = vec![Vec::new(); skeleton.nodes.len()];
    let mut roots = Vec::new();
    for (i, node) in skeleton.nodes.iter().enumerate() {
        match node.parent {
            Some(p) => children[p].push(i),
            None => roots.push(i),
        }
    }
    let mut world = vec![Mat4::IDENTITY; locals.len()];
    for root in roots {
        visit(&children, locals, root, Mat4::IDENTITY, &mut world);
    }
    world
}

/// Computes `node`'s world matrix from its parent's, then visits its children.
fn visit(children: &[Vec<usize>], locals: &[Transform], node: usize, parent_world: Mat4, world: &mut [Mat4]) {
    world[node] = parent_world * transform_to_matrix(&locals[node]);
    for &child in &children[node] {
        visit(children, locals, child, world[node], world);
    }
}

/// Step 5: the matrix "x-ray". With column vectors, column 0 is where the
/// joint's X axis points, columns 1 and 2 its Y and Z axes, column 3 its origin.
pub fn joint_frame(world: &Mat4) -> JointFrame {
    JointFrame {
        origin: world.w_axis.truncate(),
        x_axis: world.x_axis.truncate(),
        y_axis: world.y_axis.truncate(),
        z_axis: world.z_axis.truncate(),
    }
}

/// Step 6: the local matrix that puts a joint at `world` under a parent at
/// `parent_world`. From `world = parent_world * local`, multiply both sides
/// on the left by `parent_world^-1`.
///
/// # Panics
/// When `parent_world` has no inverse (a zero scale somewhere above): then
/// no local matrix can place anything under it.
pub fn local_from_world(parent_world: &Mat4, world: &Mat4) -> Mat4 {
    let det = parent_world.determinant();
    assert!(
        det.is_normal(),
        "local_from_world: the parent's world matrix has no inverse (determinant {det}: a zero scale?): nothing \
         can be re-parented under it"
    );
    parent_world.inverse() * *world
}
