//! The demo's "candy wrapper" scene: a cylinder with two bones, its top half
//! twisted about its length. Linear blend skinning averages the two bones'
//! matrices in the middle, and the average of two opposite turns is a squash:
//! the waist collapses. Stitching keeps volume but tears at the seam.

use std::f32::consts::TAU;

use common::model::{Bone, Influences, Node, Skeleton, SkinnedMesh, Transform};
use glam::{Mat4, Quat, Vec2, Vec3, Vec4};

/// Height of the cylinder; its radius is a fifth of it.
pub const HEIGHT: f32 = 1.0;

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
    let bones = vec![
        Bone { node: 1, offset: Mat4::IDENTITY },
        Bone { node: 2, offset: Mat4::from_translation(-Vec3::Y * HEIGHT * 0.5) },
    ];
    let (rings, sides) = (40usize, 32usize);
    let radius = HEIGHT * 0.2;
    let mut mesh = SkinnedMesh { name: "twist".into(), bones, ..SkinnedMesh::default() };
    for i in 0..=rings {
        let v = i as f32 / rings as f32;
        let upper = ((v - 0.3) / 0.4).clamp(0.0, 1.0);
        for j in 0..=sides {
            let a = TAU * j as f32 / sides as f32;
            let normal = Vec3::new(a.cos(), 0.0, -a.sin());
            mesh.positions.push(normal * radius + Vec3::Y * v * HEIGHT);
            mesh.normals.push(normal);
            mesh.tangents.push(Vec4::new(-a.sin(), 0.0, -a.cos(), 1.0));
            mesh.uvs.push(Vec2::new(j as f32 / sides as f32, v));
            mesh.influences.push(Influences { ids: [0, 1, 0, 0], weights: [1.0 - upper, upper, 0.0, 0.0] });
        }
    }
    for i in 0..rings as u32 {
        for j in 0..sides as u32 {
            let a = i * (sides as u32 + 1) + j;
            let c = a + sides as u32 + 1;
            mesh.indices.extend_from_slice(&[a, a + 1, c, a + 1, c + 1, c]);
        }
    }
    (skeleton, mesh)
}

/// The pose: the upper bone turned `twist` radians about the cylinder's
/// length and bent `bend` radians sideways.
pub fn pose(skeleton: &Skeleton, twist: f32, bend: f32) -> Vec<Transform> {
    let mut locals = skeleton.rest_locals();
    locals[2].rotation = Quat::from_rotation_z(bend) * Quat::from_rotation_y(twist);
    locals
}
