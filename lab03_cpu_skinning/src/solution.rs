//! Lab 03 reference solution. Same API as `exercise.rs`, step by step.

use common::model::{Bone, Influences, SkinnedMesh};
use glam::{Mat3, Mat4, Vec3, Vec3A, Vec4};

use crate::given::{Method, SkinError, Skinned, Steps};

/// Step 1: at most 4 influences, the largest, strongest first, with weights
/// summing to 1.
///
/// Zero, negative, NaN and infinite weights are dropped first, before they
/// can reach the sort or the sum. A vertex left with no weight gets four
/// slots of bone 0 with weight 0: it then stays where it is in the bind pose
/// (see [`blend_matrices`]). Unused slots repeat slot 0's bone with weight 0,
/// so every id stays a valid bone index (the GPU will read all four).
pub fn influences_from_weights(weights: &[(u32, f32)]) -> Influences {
    let mut kept: Vec<(u32, f32)> = weights.iter().copied().filter(|&(_, w)| w.is_finite() && w > 0.0).collect();
    kept.sort_by(|a, b| b.1.total_cmp(&a.1)); // strongest first; stable on ties
    kept.truncate(4);
    let total: f32 = kept.iter().map(|&(_, w)| w).sum();
    let first = kept.first().map_or(0, |&(id, _)| id);
    let mut out = Influences { ids: [first; 4], weights: [0.0; 4] };
    for (slot, &(id, w)) in kept.iter().enumerate() {
        out.ids[slot] = id;
        out.weights[slot] = w / total;
    }
    out
}

/// Step 2a: the gradient of every bone for a pose (per-bone work, once a
/// frame): `global_inverse * world[bone's node] * offset`, as in lab02.
/// `world` has one matrix per *node*; the result one per *bone*.
///
/// # Panics
///
/// If a bone follows a node that has no world matrix (`Model::validate`
/// refuses such a model), with a message naming the bone and the node.
pub fn bone_gradients(global_inverse: &Mat4, world: &[Mat4], bones: &[Bone]) -> Vec<Mat4> {
    let gradient = |(b, bone): (usize, &Bone)| {
        assert!(
            bone.node < world.len(),
            "bone_gradients: bone {b} follows node {}, but `world` has {} matrices: it needs one per node of the \
             skeleton",
            bone.node,
            world.len()
        );
        *global_inverse * world[bone.node] * bone.offset
    };
    bones.iter().enumerate().map(gradient).collect()
}

/// Panics unless every id of `influences` indexes `gradients`: the rule
/// [`check_skin`](crate::given::check_skin) enforces (unused slots included), named in the message.
#[inline]
fn assert_ids_in_range(what: &str, gradients: &[Mat4], influences: &Influences) {
    let [i0, i1, i2, i3] = influences.ids;
    assert!(
        (i0.max(i1).max(i2).max(i3) as usize) < gradients.len(),
        "{what}: influence ids {:?} name a bone with no gradient ({} gradients): every id, unused slots too, must \
         index the gradients (check_skin refuses such a mesh)",
        influences.ids,
        gradients.len()
    );
}

/// Step 2b: a vertex's matrix: its bones' gradients mixed by weight
/// (per-vertex work). Every id names a bone, even in an unused slot (whose
/// weight is 0), so all four slots are simply added: no branch per slot.
/// With no weight at all, the identity: the vertex stays in the bind pose
/// instead of collapsing to the origin.
///
/// # Panics
///
/// If an id has no gradient (see [`check_skin`](crate::given::check_skin)).
#[inline]
pub fn blend_matrices(gradients: &[Mat4], influences: &Influences) -> Mat4 {
    assert_ids_in_range("blend_matrices", gradients, influences);
    let [w0, w1, w2, w3] = influences.weights;
    let [i0, i1, i2, i3] = influences.ids.map(|id| id as usize);
    let blended = gradients[i0] * w0 + gradients[i1] * w1 + gradients[i2] * w2 + gradients[i3] * w3;
    // Weights are never negative: a zero sum means no weight at all.
    if w0 + w1 + w2 + w3 == 0.0 { Mat4::IDENTITY } else { blended }
}

/// Step 3: a skinned position: the blended matrix applied to a point (w = 1).
pub fn skin_position(blended: &Mat4, position: Vec3) -> Vec3 {
    blended.transform_point3(position)
}

/// Step 4: a skinned normal: the inverse-transpose of the blended matrix's
/// 3x3 part, then renormalised.
///
/// With columns `a, b, c`, the inverse-transpose is `[b x c, c x a, a x b] / det`
/// (the cofactor matrix over the determinant). We renormalise anyway, so
/// only the sign of `det` matters: it flips normals of mirroring matrices
/// back outwards. If the matrix squashes the normal to nothing, keep the
/// bind-pose normal rather than return NaN.
pub fn skin_normal(blended: &Mat4, normal: Vec3) -> Vec3 {
    // The 3x3 part's columns (Vec3A: glam's 4-wide SIMD layout for 3 floats).
    let (a, b, c) =
        (Vec3A::from_vec4(blended.x_axis), Vec3A::from_vec4(blended.y_axis), Vec3A::from_vec4(blended.z_axis));
    let (bc, ca, ab) = (b.cross(c), c.cross(a), a.cross(b)); // the cofactor matrix's columns
    let n = Vec3A::from(normal);
    let turned = bc * n.x + ca * n.y + ab * n.z;
    let sign = a.dot(bc).signum(); // the determinant's sign
    (turned * sign).try_normalize().map_or(normal, Vec3::from)
}

/// Step 5: a skinned tangent: the 3x3 part (tangents lie in the surface, so
/// they move like edges, not like normals), minus its component along the
/// skinned normal (blending bends it off the surface), renormalised. The
/// handedness in `w` is carried over unchanged.
pub fn skin_tangent(blended: &Mat4, tangent: Vec4, skinned_normal: Vec3) -> Vec4 {
    let t = Mat3::from_mat4(*blended) * tangent.truncate();
    let t = t - skinned_normal * t.dot(skinned_normal);
    let t = t.try_normalize().unwrap_or_else(|| skinned_normal.any_orthonormal_vector());
    t.extend(tangent.w)
}

/// Step 6: stitching: the gradient of the vertex's strongest bone alone (the
/// first of equals; the slots can come in any order). A vertex with no weight
/// stays in the bind pose.
///
/// # Panics
///
/// If an id has no gradient (see [`check_skin`](crate::given::check_skin)).
pub fn stitch_matrix(gradients: &[Mat4], influences: &Influences) -> Mat4 {
    assert_ids_in_range("stitch_matrix", gradients, influences);
    let mut strongest = 0;
    for slot in 1..4 {
        if influences.weights[slot] > influences.weights[strongest] {
            strongest = slot; // strictly greater: the earlier slot keeps a tie
        }
    }
    if influences.weights[strongest] > 0.0 { gradients[influences.ids[strongest] as usize] } else { Mat4::IDENTITY }
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
