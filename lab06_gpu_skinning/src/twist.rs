//! The "candy wrapper" scene (`--set view=twist`): a standing cylinder with
//! two bones, its top half turned about the cylinder's own axis. In the middle
//! each vertex belongs half to each bone. Linear blending averages the two
//! matrices there, and the average of a rotation by θ and the identity
//! shrinks a radius by cos(θ/2): at 180° the waist is a point. A dual
//! quaternion blend is a rotation by θ/2 instead, and keeps the radius.
//!
//! Also used by `tests/further.rs` (`#[path]`), so it only needs `common` and `glam`.

use std::f32::consts::TAU;

use common::model::{Bone, Influences, SkinnedMesh};
use glam::{Mat4, Vec2, Vec3, Vec4};

/// Height of the cylinder (it stands on y = 0).
pub const HEIGHT: f32 = 1.0;
/// Its radius.
pub const RADIUS: f32 = 0.2;
/// Rings of vertices along the height, minus one; ring `RINGS / 2` is the waist.
pub const RINGS: usize = 40;
/// Vertices around a ring, minus one (the seam is doubled for the UVs).
pub const SIDES: usize = 32;

/// The cylinder: bone 0 owns the bottom, bone 1 the top, and the weights
/// fade linearly from one to the other between 30% and 70% of the height.
/// The bones' offsets are identities: the palette is given directly
/// ([`palette`]), with no skeleton.
pub fn cylinder() -> SkinnedMesh {
    let bones = vec![Bone { node: 0, offset: Mat4::IDENTITY }, Bone { node: 1, offset: Mat4::IDENTITY }];
    let mut mesh = SkinnedMesh { name: "twisting cylinder".into(), bones, ..SkinnedMesh::default() };
    for i in 0..=RINGS {
        let v = i as f32 / RINGS as f32;
        let top = ((v - 0.3) / 0.4).clamp(0.0, 1.0);
        for j in 0..=SIDES {
            let a = TAU * j as f32 / SIDES as f32;
            let out = Vec3::new(a.cos(), 0.0, -a.sin());
            mesh.positions.push(out * RADIUS + Vec3::Y * v * HEIGHT);
            mesh.normals.push(out);
            mesh.tangents.push(Vec4::new(-a.sin(), 0.0, -a.cos(), 1.0));
            mesh.uvs.push(Vec2::new(j as f32 / SIDES as f32 * 2.0, v * 2.0));
            mesh.influences.push(Influences { ids: [0, 1, 0, 0], weights: [1.0 - top, top, 0.0, 0.0] });
        }
    }
    let row = SIDES as u32 + 1;
    for i in 0..RINGS as u32 {
        for j in 0..SIDES as u32 {
            let (a, c) = (i * row + j, (i + 1) * row + j);
            mesh.indices.extend_from_slice(&[a, a + 1, c, a + 1, c + 1, c]);
        }
    }
    mesh
}

/// The two gradients: the bottom stays, the top turns `degrees` about the
/// cylinder's axis (the y axis).
pub fn palette(degrees: f32) -> [Mat4; 2] {
    [Mat4::IDENTITY, Mat4::from_rotation_y(degrees.to_radians())]
}
