//! Lab 03, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains every step. Check your work with
//! `cargo test -p lab03_cpu_skinning`; see it with `cargo run -p lab03_cpu_skinning`.

use common::model::{Bone, Influences, SkinnedMesh};
use glam::{Mat4, Vec3, Vec4};

use crate::skin::{Method, SkinError, Skinned, check_skin};

/// Step 1: at most 4 influences, the largest, with weights summing to 1.
///
/// `weights` lists `(bone, weight)` pairs in any order, any number of them.
/// Drop zero, negative and NaN weights; keep the 4 largest; divide by their
/// sum. If nothing is left, return all weights 0 (the vertex will stay in the
/// bind pose). Give unused slots weight 0 and a valid id (repeat the first).
pub fn influences_from_weights(_weights: &[(u32, f32)]) -> Influences {
    todo!("lab03 step 1: keep the 4 largest weights and renormalise (README, step 1)")
}

/// Step 2a: the gradient of every bone for a pose: `global_inverse *
/// world[node] * offset` (lab02, step 4). `world` has one matrix per *node*;
/// return one per *bone*. Bone `b` follows node `bones[b].node`.
pub fn bone_gradients(_global_inverse: &Mat4, _world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab03 step 2: one gradient per bone for the pose (README, step 2)")
}

/// Step 2b: a vertex's matrix: the sum of `weight * gradients[id]` over its
/// four slots (`influences.ids[i]` indexes `gradients`; every id names a
/// bone, even in an unused slot, whose weight is 0). If every weight is 0,
/// return the identity, so the vertex stays in the bind pose.
pub fn blend_matrices(_gradients: &[Mat4], _influences: &Influences) -> Mat4 {
    todo!("lab03 step 2: blend the gradient matrices by weight (README, step 2)")
}

/// Step 3: a skinned position: the blended matrix applied to a point (w = 1).
pub fn skin_position(_blended: &Mat4, _position: Vec3) -> Vec3 {
    todo!("lab03 step 3: move the vertex with its blended matrix (README, step 3)")
}

/// Step 4: a skinned normal: transform with the inverse-transpose of the
/// blended matrix's 3x3 part (`Mat3::from_mat4(m).inverse().transpose()`),
/// then renormalise. If the result has no length, return the input normal.
pub fn skin_normal(_blended: &Mat4, _normal: Vec3) -> Vec3 {
    todo!("lab03 step 4: inverse-transpose, then renormalise (README, step 4)")
}

/// Step 5: a skinned tangent: transform its `xyz` with the 3x3 part (not the
/// inverse-transpose), remove its component along `skinned_normal`,
/// renormalise, and keep the handedness `w`. If nothing is left after the
/// subtraction, use any unit vector perpendicular to the normal
/// (`skinned_normal.any_orthonormal_vector()`).
pub fn skin_tangent(_blended: &Mat4, _tangent: Vec4, _skinned_normal: Vec3) -> Vec4 {
    todo!("lab03 step 5: transform, re-orthogonalise, renormalise, keep w (README, step 5)")
}

/// Step 6: stitching: the gradient of the vertex's strongest bone alone (the
/// first of equal weights). With no weight at all, the identity.
pub fn stitch_matrix(_gradients: &[Mat4], _influences: &Influences) -> Mat4 {
    todo!("lab03 step 6: the strongest bone's gradient only (README, step 6)")
}

/// Given: skins every vertex of `mesh` with your steps, after checking the
/// input. `gradients` has one matrix per bone of the mesh.
pub fn skin_mesh(mesh: &SkinnedMesh, gradients: &[Mat4], method: Method) -> Result<Skinned, SkinError> {
    let mut out = Skinned::default();
    skin_mesh_into(mesh, gradients, method, &mut out)?;
    Ok(out)
}

/// Given: [`skin_mesh`] into buffers you keep from frame to frame.
pub fn skin_mesh_into(
    mesh: &SkinnedMesh,
    gradients: &[Mat4],
    method: Method,
    out: &mut Skinned,
) -> Result<(), SkinError> {
    check_skin(mesh, gradients)?;
    out.positions.clear();
    out.normals.clear();
    out.tangents.clear();
    out.positions.reserve(mesh.positions.len());
    out.normals.reserve(mesh.normals.len());
    out.tangents.reserve(mesh.tangents.len());
    for (v, influences) in mesh.influences.iter().enumerate() {
        let m = match method {
            Method::LinearBlend => blend_matrices(gradients, influences),
            Method::Stitching => stitch_matrix(gradients, influences),
        };
        out.positions.push(skin_position(&m, mesh.positions[v]));
        if let Some(&normal) = mesh.normals.get(v) {
            let normal = skin_normal(&m, normal);
            out.normals.push(normal);
            if let Some(&tangent) = mesh.tangents.get(v) {
                out.tangents.push(skin_tangent(&m, tangent, normal));
            }
        }
    }
    Ok(())
}
