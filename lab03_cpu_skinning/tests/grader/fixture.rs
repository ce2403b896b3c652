//! What the grader's checks share: the posed character, matrices to blend,
//! and the right answers worked out apart from the lab.

use common::model::{Influences, Model, Transform};
use glam::{Mat3, Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;

/// The character in a walk pose, with the chest squashed non-uniformly so
/// that normal mistakes show; and its per-bone gradients.
pub fn posed() -> (Model, Vec<Mat4>) {
    let model = common::character::build();
    let mut pose: Vec<Transform> = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.3);
    pose[model.skeleton.find("chest").unwrap()].scale = Vec3::new(1.4, 1.0, 0.6);
    let world = world_matrices(&model.skeleton, &pose);
    let gradients = model.meshes[0].bones.iter().map(|b| model.global_inverse * world[b.node] * b.offset).collect();
    (model, gradients)
}

/// The linear blend of the four slots.
pub fn blend_reference(g: &[Mat4], inf: &Influences) -> Mat4 {
    (0..4).fold(Mat4::ZERO, |acc, i| acc + g[inf.ids[i] as usize] * inf.weights[i])
}

/// The slot with the largest weight, the earlier one on a tie.
pub fn strongest_slot(inf: &Influences) -> usize {
    (1..4).fold(0, |best, i| if inf.weights[i] > inf.weights[best] { i } else { best })
}

/// The inverse-transpose of the 3x3 part.
pub fn inverse_transpose(m: &Mat4) -> Mat3 {
    Mat3::from_mat4(*m).inverse().transpose()
}

/// Distinct, non-uniformly scaled matrices to blend.
pub fn some_gradients() -> Vec<Mat4> {
    (0..6)
        .map(|i| {
            let f = i as f32;
            Mat4::from_scale_rotation_translation(
                Vec3::new(1.0 + 0.1 * f, 0.9, 1.2 - 0.05 * f),
                Quat::from_rotation_y(0.3 * f),
                Vec3::new(f, -f, 0.5 * f),
            )
        })
        .collect()
}

/// A squash: a turn and a stretch by 3 along one axis, moved off the origin.
pub fn squash() -> Mat4 {
    Mat4::from_translation(Vec3::new(0.5, 1.0, -2.0))
        * Mat4::from_rotation_z(0.5)
        * Mat4::from_scale(Vec3::new(1.0, 3.0, 1.0))
}

/// [`squash`] mirrored in the x = 0 plane first: determinant -3.
pub fn mirrored_squash() -> Mat4 {
    squash() * Mat4::from_scale(Vec3::new(-1.0, 1.0, 1.0))
}
