//! Small meshes the demos need besides the character: a box for props and
//! the twisting cylinder (labs 03 and 06).

use std::f32::consts::TAU;

use glam::{Mat4, Vec2, Vec3, Vec4};

use crate::model::{Bone, Influences, SkinnedMesh};

/// A box centred on `center` with half-sizes `half`, flat-shaded (24
/// vertices), with UVs and no bones.
pub fn box_mesh(center: Vec3, half: Vec3) -> SkinnedMesh {
    let mut mesh = SkinnedMesh { name: "box".into(), ..SkinnedMesh::default() };
    for axis in 0..3 {
        for sign in [-1.0f32, 1.0] {
            let normal = Vec3::AXES[axis] * sign;
            let u = Vec3::AXES[(axis + 1) % 3] * sign;
            let v = normal.cross(u);
            let base = mesh.positions.len() as u32;
            for (a, b) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                mesh.positions.push(center + (normal + u * a + v * b) * half);
                mesh.normals.push(normal);
                mesh.uvs.push(Vec2::new((a + 1.0) * 0.5, (b + 1.0) * 0.5));
            }
            mesh.indices.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
        }
    }
    mesh
}

/// The twisting cylinder's height (it stands on y = 0).
pub const CYLINDER_HEIGHT: f32 = 1.0;
/// Its radius.
pub const CYLINDER_RADIUS: f32 = 0.2;
/// Rings of vertices along the height, minus one; ring `CYLINDER_RINGS / 2` is the waist.
pub const CYLINDER_RINGS: usize = 40;
/// Vertices around a ring, minus one (the seam is doubled for the UVs).
pub const CYLINDER_SIDES: usize = 32;

/// The "candy wrapper": a standing cylinder with two bones, where bone 0
/// owns the bottom, bone 1 the top, and the weights fade linearly from one
/// to the other between 30% and 70% of the height. Both bones' offsets are
/// identities (bone 0 on node 0, bone 1 on node 1): a caller with a skeleton
/// sets them. UVs run from 0 to `uv_repeat` around and along it.
pub fn twisting_cylinder(name: &str, uv_repeat: f32) -> SkinnedMesh {
    let bones = vec![Bone { node: 0, offset: Mat4::IDENTITY }, Bone { node: 1, offset: Mat4::IDENTITY }];
    let mut mesh = SkinnedMesh { name: name.into(), bones, ..SkinnedMesh::default() };
    for i in 0..=CYLINDER_RINGS {
        let v = i as f32 / CYLINDER_RINGS as f32;
        let top = ((v - 0.3) / 0.4).clamp(0.0, 1.0);
        for j in 0..=CYLINDER_SIDES {
            let a = TAU * j as f32 / CYLINDER_SIDES as f32;
            let out = Vec3::new(a.cos(), 0.0, -a.sin());
            mesh.positions.push(out * CYLINDER_RADIUS + Vec3::Y * v * CYLINDER_HEIGHT);
            mesh.normals.push(out);
            mesh.tangents.push(Vec4::new(-a.sin(), 0.0, -a.cos(), 1.0));
            mesh.uvs.push(Vec2::new(j as f32 / CYLINDER_SIDES as f32 * uv_repeat, v * uv_repeat));
            mesh.influences.push(Influences { ids: [0, 1, 0, 0], weights: [1.0 - top, top, 0.0, 0.0] });
        }
    }
    let row = CYLINDER_SIDES as u32 + 1;
    for i in 0..CYLINDER_RINGS as u32 {
        for j in 0..CYLINDER_SIDES as u32 {
            let (a, c) = (i * row + j, (i + 1) * row + j);
            mesh.indices.extend_from_slice(&[a, a + 1, c, a + 1, c + 1, c]);
        }
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_faces_point_outwards() {
        let b = box_mesh(Vec3::ONE, Vec3::splat(0.5));
        for tri in b.indices.chunks(3) {
            let [p0, p1, p2] = [tri[0], tri[1], tri[2]].map(|i| b.positions[i as usize]);
            let face = (p1 - p0).cross(p2 - p0);
            assert!(face.dot(p0 - Vec3::ONE) > 0.0, "counter-clockwise from outside");
            assert!(face.normalize().abs_diff_eq(b.normals[tri[0] as usize], 1e-5));
        }
    }
}
