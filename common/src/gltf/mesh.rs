//! glTF meshes as [`SkinnedMesh`]es: one per triangle primitive of every
//! scene node that holds a mesh.

use gltf::Semantic;
use gltf::accessor::{DataType as D, Dimensions};
use gltf::mesh::Mode;

use glam::{Mat4, Vec2, Vec3, Vec4};

use super::fits;
use crate::import::LoadReport;
use crate::model::{Bone, Influences, SkinnedMesh};

pub(super) fn convert(
    doc: &gltf::Document,
    index_of: &[Option<usize>],
    data: &[Vec<u8>],
    report: &mut LoadReport,
) -> Result<Vec<SkinnedMesh>, String> {
    let mut out = Vec::new();
    for node in doc.nodes() {
        let (Some(mesh), Some(at)) = (node.mesh(), index_of[node.index()]) else {
            continue;
        };
        let bones: Vec<Bone> = match node.skin() {
            Some(skin) => skin_bones(&skin, index_of, data)?,
            None => Vec::new(),
        };
        for (p, primitive) in mesh.primitives().enumerate() {
            let name = match mesh.name() {
                Some(n) => format!("{n}/{p}"),
                None => format!("mesh {}/{p}", mesh.index()),
            };
            if primitive.mode() != Mode::Triangles {
                report.warnings.push(format!("mesh `{name}`: not a triangle list ({:?}); skipped", primitive.mode()));
                continue;
            }
            out.push(primitive_mesh(&primitive, name, at, &bones, data, report)?);
        }
    }
    Ok(out)
}

fn skin_bones(skin: &gltf::Skin, index_of: &[Option<usize>], data: &[Vec<u8>]) -> Result<Vec<Bone>, String> {
    let joints: Vec<gltf::Node> = skin.joints().collect();
    let mut offsets = vec![Mat4::IDENTITY; joints.len()];
    if let Some(accessor) = skin.inverse_bind_matrices() {
        if !fits(&accessor, Dimensions::Mat4, &[D::F32]) || accessor.count() < joints.len() {
            return Err(format!(
                "skin {}: its inverse bind matrices are not {} MAT4 floats",
                skin.index(),
                joints.len()
            ));
        }
        let reader = skin.reader(|b| data.get(b.index()).map(Vec::as_slice));
        let read =
            reader.read_inverse_bind_matrices().ok_or(format!("skin {}: cannot read its matrices", skin.index()))?;
        for (slot, m) in offsets.iter_mut().zip(read) {
            *slot = Mat4::from_cols_array_2d(&m);
        }
    }
    joints
        .iter()
        .zip(offsets)
        .map(|(j, offset)| {
            let node = index_of[j.index()]
                .ok_or_else(|| format!("skin {}: joint node {} is not in the scene", skin.index(), j.index()))?;
            Ok(Bone { node, offset })
        })
        .collect()
}

fn primitive_mesh(
    primitive: &gltf::Primitive,
    name: String,
    mesh_node: usize,
    skin: &[Bone],
    data: &[Vec<u8>],
    report: &mut LoadReport,
) -> Result<SkinnedMesh, String> {
    let reader = primitive.reader(|b| data.get(b.index()).map(Vec::as_slice));
    let has = |s: Semantic, dims, types: &[D]| primitive.get(&s).is_some_and(|a| fits(&a, dims, types));
    if !has(Semantic::Positions, Dimensions::Vec3, &[D::F32]) {
        return Err(format!("mesh `{name}`: no POSITION of VEC3 floats"));
    }
    let positions: Vec<Vec3> =
        reader.read_positions().ok_or(format!("mesh `{name}`: cannot read POSITION"))?.map(Vec3::from).collect();
    let n = positions.len();
    let indices: Vec<u32> = match primitive.indices() {
        Some(a) if fits(&a, Dimensions::Scalar, &[D::U8, D::U16, D::U32]) => {
            reader.read_indices().map(|i| i.into_u32().collect()).unwrap_or_default()
        }
        Some(_) => return Err(format!("mesh `{name}`: its indices are not unsigned integers")),
        None => (0..n as u32).collect(),
    };
    if !indices.len().is_multiple_of(3) {
        report.warnings.push(format!(
            "mesh `{name}`: {} indices is not a whole number of triangles: ignored the last {}",
            indices.len(),
            indices.len() % 3
        ));
    }
    let indices: Vec<u32> = indices[..indices.len() / 3 * 3].to_vec();
    let mut normals: Vec<Vec3> = if has(Semantic::Normals, Dimensions::Vec3, &[D::F32]) {
        reader.read_normals().map(|r| r.map(|v| Vec3::from(v).normalize_or(Vec3::Y)).collect()).unwrap_or_default()
    } else {
        Vec::new()
    };
    if normals.len() != n {
        report.warnings.push(format!("mesh `{name}`: no usable NORMAL: made smooth normals from its triangles"));
        normals = smooth_normals(&positions, &indices);
    }
    let tangents: Vec<Vec4> = if has(Semantic::Tangents, Dimensions::Vec4, &[D::F32]) {
        reader.read_tangents().map(|r| r.map(Vec4::from).collect()).unwrap_or_default()
    } else {
        Vec::new()
    };
    let uvs: Vec<Vec2> = if has(Semantic::TexCoords(0), Dimensions::Vec2, &[D::F32, D::U8, D::U16]) {
        reader.read_tex_coords(0).map(|t| t.into_f32().map(Vec2::from).collect()).unwrap_or_default()
    } else {
        Vec::new()
    };
    let joints: Vec<[u16; 4]> = if has(Semantic::Joints(0), Dimensions::Vec4, &[D::U8, D::U16]) {
        reader.read_joints(0).map(|j| j.into_u16().collect()).unwrap_or_default()
    } else {
        Vec::new()
    };
    let weights: Vec<[f32; 4]> = if has(Semantic::Weights(0), Dimensions::Vec4, &[D::F32, D::U8, D::U16]) {
        reader.read_weights(0).map(|w| w.into_f32().collect()).unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut bones = skin.to_vec();
    let skinned = !skin.is_empty() && joints.len() == n && weights.len() == n;
    if !skin.is_empty() && !skinned {
        report.warnings.push(format!("mesh `{name}`: a skin but no usable JOINTS_0/WEIGHTS_0: it follows its node"));
    }
    // The mesh node itself as a bone, added only when a vertex follows it
    // (no skin, or a vertex without weights): every bone is a matrix the
    // shader holds.
    let mut rigid_bone = None;
    let mut rigid = |bones: &mut Vec<Bone>| {
        *rigid_bone.get_or_insert_with(|| {
            bones.push(Bone { node: mesh_node, offset: Mat4::IDENTITY });
            (bones.len() - 1) as u32
        })
    };
    let mut influences = Vec::with_capacity(n);
    let (mut negative, mut past, mut unweighted) = (0usize, 0usize, 0usize);
    for v in 0..n {
        if !skinned {
            influences.push(Influences::single(rigid(&mut bones)));
            continue;
        }
        let mut inf = Influences { ids: [0; 4], weights: [0.0; 4] };
        for s in 0..4 {
            let (id, w) = (joints[v][s] as u32, weights[v][s]);
            if !(w.is_finite() && w >= 0.0) {
                negative += 1;
            } else if id as usize >= skin.len() && w > 0.0 {
                past += 1;
            } else if w > 0.0 {
                inf.ids[s] = id;
                inf.weights[s] = w;
            }
        }
        let total = inf.total();
        if total <= 0.0 {
            unweighted += 1;
            influences.push(Influences::single(rigid(&mut bones)));
            continue;
        }
        if (total - 1.0).abs() > 1e-3 {
            report.renormalised_vertices += 1;
        }
        inf.weights.iter_mut().for_each(|w| *w /= total);
        influences.push(inf);
    }
    if negative > 0 {
        report.warnings.push(format!("mesh `{name}`: {negative} weights were negative, NaN or infinite: ignored"));
    }
    if past > 0 {
        report.warnings.push(format!("mesh `{name}`: {past} weights name a joint the skin lacks: ignored"));
    }
    report.unweighted_vertices += unweighted;
    Ok(SkinnedMesh { name, positions, normals, tangents, uvs, indices, influences, bones })
}

/// Area-weighted vertex normals, for a primitive without NORMAL.
fn smooth_normals(positions: &[Vec3], indices: &[u32]) -> Vec<Vec3> {
    let mut normals = vec![Vec3::ZERO; positions.len()];
    for t in indices.chunks_exact(3) {
        let [a, b, c] = [t[0] as usize, t[1] as usize, t[2] as usize];
        let (Some(pa), Some(pb), Some(pc)) = (positions.get(a), positions.get(b), positions.get(c)) else {
            continue;
        };
        let n = (*pb - *pa).cross(*pc - *pa);
        for i in [a, b, c] {
            normals[i] += n;
        }
    }
    normals.into_iter().map(|n| n.normalize_or(Vec3::Y)).collect()
}
