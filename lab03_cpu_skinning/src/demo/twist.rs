//! The demo's "candy wrapper" scene: a cylinder with two bones, its top half
//! twisted about its length. Linear blend skinning averages the two bones'
//! matrices in the middle, and the average of two opposite turns is a squash:
//! the waist collapses. Stitching keeps volume but tears at the seam.

use common::model::{Node, Skeleton, SkinnedMesh, Transform};
use common::shapes::{CYLINDER_HEIGHT, twisting_cylinder};
use glam::{Mat4, Quat, Vec3};

/// Height of the cylinder; its radius is a fifth of it.
pub const HEIGHT: f32 = CYLINDER_HEIGHT;

/// A standing cylinder (y from 0 to [`HEIGHT`]) with two bones: `lower`
/// owns the bottom, `upper` (at half height) the top, and the weights fade
/// linearly between 30% and 70% of the height.
pub fn cylinder() -> (Skeleton, SkinnedMesh) {
    let node = |name: &str, parent, y: f32| Node {
        name: name.into(),
        parent,
        local: Transform::from_translation(Vec3::Y * y),
    };
    let skeleton = Skeleton {
        nodes: vec![node("twist_root", None, 0.0), node("lower", Some(0), 0.0), node("upper", Some(1), HEIGHT * 0.5)],
    };
    let mut mesh = twisting_cylinder("twist", 1.0);
    mesh.bones[0].node = 1;
    mesh.bones[1].node = 2;
    mesh.bones[1].offset = Mat4::from_translation(-Vec3::Y * HEIGHT * 0.5);
    (skeleton, mesh)
}

/// The pose: the upper bone turned `twist` radians about the cylinder's
/// length and bent `bend` radians sideways.
pub fn pose(skeleton: &Skeleton, twist: f32, bend: f32) -> Vec<Transform> {
    let mut locals = skeleton.rest_locals();
    locals[2].rotation = Quat::from_rotation_z(bend) * Quat::from_rotation_y(twist);
    locals
}
