//! Lab 03, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do, with
//! folded hints. Check your work with `cargo test -p lab03_cpu_skinning --test
//! grader`; see it with `cargo run -p lab03_cpu_skinning`.

use common::model::{Bone, Influences, SkinnedMesh};
use glam::{Mat4, Vec3, Vec4};

use crate::given::{Method, SkinError, Skinned, Steps};

/// Step 1: the influences of one vertex, from its raw `(bone, weight)` pairs.
///
/// In: any number of pairs, in any order; weights may be 0, negative, NaN or
/// infinite, and only positive finite ones are influences.
/// Out: the largest usable weights, at most four, strongest first from slot
/// 0, scaled so that they sum to 1 and keep their ratios to one another.
/// Unused slots: weight 0 and slot 0's id. Nothing usable: four slots of
/// bone 0 with weight 0. Tests: `step1_*`.
///
/// Ask yourself: scale, choose, throw away: in which order, and why?
pub fn influences_from_weights(_weights: &[(u32, f32)]) -> Influences {
    todo!("lab03 step 1: influences_from_weights")
}

/// Step 2a: the gradient (skinning) matrix of every bone for one pose.
///
/// In: the model's global inverse, one world matrix per *node*, and the
/// mesh's bones. Out: one matrix per *bone*, in bone order, as lab 02 made.
/// Test: `step2_bone_gradients_per_bone_not_per_node`.
///
/// Ask yourself: which node does bone `b` follow?
pub fn bone_gradients(_global_inverse: &Mat4, _world: &[Mat4], _bones: &[Bone]) -> Vec<Mat4> {
    todo!("lab03 step 2: bone_gradients")
}

/// Step 2b: one vertex's matrix, its bones' gradients mixed by weight.
///
/// In: the gradients (one per bone) and the vertex's influences: every id
/// names a gradient, unused slots too (weight 0); the weights sum to 1, or
/// are all 0. Out: the one matrix that takes the vertex's bind-pose position
/// to the weighted mix of its bones' copies (README, Concepts). With no
/// weight at all, the identity: the vertex stays in the bind pose.
/// Tests: `step2_blends_all_four_by_weight`,
/// `step2_a_vertex_with_no_weight_stays_in_bind_pose`.
///
/// This runs for every vertex every frame: no `Vec`. Ask yourself: how do
/// you tell "no weight at all" apart cheaply?
pub fn blend_matrices(_gradients: &[Mat4], _influences: &Influences) -> Mat4 {
    todo!("lab03 step 2: blend_matrices")
}

/// Step 3: a skinned position: where the vertex's matrix takes its
/// bind-pose position. Mechanical on purpose (README, step 3). Tests:
/// `step3_*`.
///
/// Ask yourself: what would the other of lab 01's two choices lose here?
pub fn skin_position(_blended: &Mat4, _position: Vec3) -> Vec3 {
    todo!("lab03 step 3: skin_position")
}

/// Step 4: a skinned normal.
///
/// In: the vertex's matrix (it may scale unevenly, mirror, or be squashed
/// flat) and the bind-pose unit normal. Out: the unit normal of the skinned
/// surface: perpendicular to its skinned edges, and on its outside, mirrors
/// included (a positive dot product with the input normal carried the way
/// edges are). If the result has no usable length (zero, infinite or NaN),
/// the input normal. Tests: `surface::step4_*`.
///
/// Ask yourself: which matrix keeps a normal perpendicular to the edges
/// after they move, and what does a mirror do to it?
pub fn skin_normal(_blended: &Mat4, _normal: Vec3) -> Vec3 {
    todo!("lab03 step 4: skin_normal")
}

/// Step 5: a skinned tangent.
///
/// In: the vertex's matrix, the bind-pose tangent (`xyz`, handedness in `w`;
/// perhaps not quite perpendicular to its normal) and the *skinned* unit
/// normal from step 4. Out: `xyz` is the unit vector perpendicular to
/// `skinned_normal` nearest in direction to where the skinned surface
/// carries the bind-pose tangent; `w` is the input's. If nothing is left of
/// the carried tangent once its part along the normal is gone: any unit
/// vector perpendicular to `skinned_normal`, same `w`. Tests:
/// `surface::step5_*`, `inputs::step5_real_files_skin_without_nan`.
///
/// Ask yourself: does a tangent move like an edge or like a normal?
pub fn skin_tangent(_blended: &Mat4, _tangent: Vec4, _skinned_normal: Vec3) -> Vec4 {
    todo!("lab03 step 5: skin_tangent")
}

/// Step 6: stitching: one vertex's matrix when it follows one bone only.
///
/// In: the gradients and the vertex's influences, in any slot order. Out:
/// the gradient of the bone in the slot with the largest weight; when
/// several slots share it, the one nearest slot 0 counts; with no weight at
/// all, the identity. Tests: `stitch::step6_*`.
///
/// Ask yourself: does your search look at all four slots?
pub fn stitch_matrix(_gradients: &[Mat4], _influences: &Influences) -> Mat4 {
    todo!("lab03 step 6: stitch_matrix")
}

/// Your steps 2 to 6, for the given loop ([`Steps::skin_into`]).
pub const STEPS: Steps = Steps {
    blend: blend_matrices,
    stitch: stitch_matrix,
    position: skin_position,
    normal: skin_normal,
    tangent: skin_tangent,
};

/// Given: skins every vertex of `mesh` with your steps, after checking the
/// input. `gradients` has one matrix per bone of the mesh.
pub fn skin_mesh(mesh: &SkinnedMesh, gradients: &[Mat4], method: Method) -> Result<Skinned, SkinError> {
    STEPS.skin(mesh, gradients, method)
}

/// Given: [`skin_mesh`] into buffers you keep from frame to frame.
pub fn skin_mesh_into(
    mesh: &SkinnedMesh,
    gradients: &[Mat4],
    method: Method,
    out: &mut Skinned,
) -> Result<(), SkinError> {
    STEPS.skin_into(mesh, gradients, method, out)
}
