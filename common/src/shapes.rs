//! Small meshes the demos need besides the character: a box for props.

use glam::{Vec2, Vec3};

use crate::model::SkinnedMesh;

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
