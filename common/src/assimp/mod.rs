//! The only file that touches russimp: an assimp scene becomes a plain
//! [`Model`]. Everything a lab should not trip over is fixed here and told in
//! a [`LoadReport`]: more than 4 influences, weights not summing to 1, bones
//! with no node, a tick rate of 0, the key repairs every loader shares
//! ([`crate::import::repair`]), and FBX pivot helper chains folded into their
//! joints ([`pivots`]).

mod bounded;
mod clips;
mod deep;
mod names;
pub mod pivots;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::rc::Rc;

use glam::{Mat4, Vec2, Vec3, Vec4};
use russimp::scene::{PostProcess, Scene};

use crate::import::refuse_levels;
use crate::import::{LoadError, LoadReport};
use crate::model::{Bone, Influences, Model, Node, Skeleton, SkinnedMesh, Transform};
use names::NodeNames;

/// assimp stores matrices row by row (`a1 a2 a3 a4` is the first row, the
/// translation sits in `a4 b4 c4`); glam stores them column by column.
pub fn to_mat4(m: &russimp::Matrix4x4) -> Mat4 {
    Mat4::from_cols_array(&[
        m.a1, m.b1, m.c1, m.d1, // first column
        m.a2, m.b2, m.c2, m.d2, //
        m.a3, m.b3, m.c3, m.d3, //
        m.a4, m.b4, m.c4, m.d4, // fourth column: translation
    ])
}

fn vec3(v: &russimp::Vector3D) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// Loads a model file: every node (parents first), every triangle mesh with
/// its bones, every clip.
///
/// assimp and russimp read a hierarchy recursively, about 1 KiB of stack per
/// level, so the import runs on a thread of its own with a large stack
/// (1 GiB of address space); a BVH deeper than [`crate::import::MAX_LEVELS`] is
/// refused before assimp reads it (assimp's BVH importer took 20 s on a chain
/// of 20,000 joints and over 3 minutes on 40,000), any other file after.
///
/// assimp reads the file first in a child process with its memory capped
/// ([`bounded`]), then here: a file that asks for gigabytes, or crashes
/// assimp, is refused in one line and costs this program nothing.
pub fn load(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    crate::import::checked(path, read)
}

/// [`load`] without the checks around it (the path, the model's
/// validation): what [`crate::import::checked`] runs between them.
pub(crate) fn read(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    let error = |reason: String| LoadError::new(path, reason);
    let text =
        path.to_str().filter(|s| !s.contains('\0')).ok_or_else(|| error("the path is not valid UTF-8".into()))?;
    if let Some(levels) = deep::bvh_levels(path) {
        refuse_levels(levels).map_err(error)?;
    }
    bounded::check_in_child(text).map_err(error)?;
    read_here(text).map_err(error)
}

/// The import itself, in this process, on a thread with a large stack: what
/// [`read`] runs once the child has read the file (and what the child runs).
fn read_here(path: &str) -> Result<(Model, LoadReport), String> {
    deep::on_big_stack(|| import(path))
}

/// Reads the file with assimp and converts it; the russimp scene is dropped
/// here too (its nodes drop recursively), on the importer's thread.
fn import(text: &str) -> Result<(Model, LoadReport), String> {
    let steps = vec![
        PostProcess::Triangulate,
        PostProcess::JoinIdenticalVertices,
        PostProcess::GenerateSmoothNormals,
        PostProcess::CalculateTangentSpace,
        PostProcess::SortByPrimitiveType,
        PostProcess::ValidateDataStructure,
    ];
    let imported = catch_unwind(AssertUnwindSafe(|| Scene::from_file(text, steps)))
        .map_err(|_| "the importer crashed on this file".to_string())?;
    let scene = imported.map_err(|e| one_line(&e.to_string()))?;
    let mut report = LoadReport::default();
    let model = convert(&scene, &mut report)?;
    Ok((model, report))
}

/// assimp's messages can span lines; a user wants one.
fn one_line(message: &str) -> String {
    let joined = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let trimmed = joined.trim_start_matches("Import(\"").trim_end_matches("\")").to_string();
    if trimmed.is_empty() { "assimp could not read it".into() } else { trimmed }
}

fn convert(scene: &Scene, report: &mut LoadReport) -> Result<Model, String> {
    let root = scene.root.as_ref().ok_or("the file has no scene hierarchy (no root node)")?;
    let Hierarchy { mut skeleton, mut names, mesh_nodes } = add_nodes(root, scene.meshes.len())?;
    let root_world = to_mat4(&root.transformation);

    let mut meshes = Vec::new();
    for (i, mesh) in scene.meshes.iter().enumerate() {
        if let Some(m) = convert_mesh(mesh, mesh_nodes[i].unwrap_or(0), &mut skeleton, &mut names, report) {
            meshes.push(m);
        }
    }
    let mut clips = clips::convert(&scene.animations, &names, report);
    crate::import::repair::repair_clips(&mut clips, &skeleton, report);
    let rigged = scene.meshes.iter().any(|m| !m.bones.is_empty());
    if !rigged && clips.is_empty() {
        return Err("it has no skeleton: no mesh has bones and there is no animation \
                    (the labs need a rigged or animated model)"
            .into());
    }
    if !rigged && !meshes.is_empty() {
        report.warnings.push("no mesh has bones: the meshes follow their animated nodes rigidly".into());
    }
    let mut model = Model { skeleton, meshes, clips, global_inverse: root_world.inverse() };
    pivots::collapse(&mut model, report);
    Ok(model)
}

/// The scene's nodes as read by [`add_nodes`].
struct Hierarchy {
    skeleton: Skeleton,
    /// For binding bones and channels by name.
    names: NodeNames,
    /// The first node that holds each mesh.
    mesh_nodes: Vec<Option<usize>>,
}

/// Every node, each before its subtree (the order a recursive walk gives, by
/// a loop: a chain 100,000 deep must not use 100,000 stack frames). Refuses a
/// hierarchy deeper than [`crate::import::MAX_LEVELS`].
fn add_nodes(root: &Rc<russimp::node::Node>, mesh_count: usize) -> Result<Hierarchy, String> {
    let mut skeleton = Skeleton::default();
    let mut mesh_nodes = vec![None; mesh_count];
    let (mut holds_mesh, mut world, mut depth) = (Vec::new(), Vec::new(), Vec::new());
    let mut stack: Vec<(Rc<russimp::node::Node>, Option<usize>)> = vec![(Rc::clone(root), None)];
    while let Some((node, parent)) = stack.pop() {
        let index = skeleton.nodes.len();
        let matrix = to_mat4(&node.transformation);
        world.push(parent.map_or(matrix, |p: usize| world[p] * matrix));
        depth.push(parent.map_or(0, |p: usize| depth[p] + 1));
        holds_mesh.push(!node.meshes.is_empty());
        skeleton.nodes.push(Node { name: node.name.clone(), parent, local: Transform::from_matrix(matrix) });
        for &m in &node.meshes {
            if let Some(slot) = mesh_nodes.get_mut(m as usize) {
                slot.get_or_insert(index);
            }
        }
        for child in node.children.borrow().iter().rev() {
            stack.push((Rc::clone(child), Some(index)));
        }
    }
    refuse_levels(depth.iter().max().map_or(0, |d| d + 1))?;
    let names = NodeNames::new(&skeleton, holds_mesh, world);
    Ok(Hierarchy { skeleton, names, mesh_nodes })
}

/// One assimp mesh as a [`SkinnedMesh`]; `None` for point or line meshes.
fn convert_mesh(
    mesh: &russimp::mesh::Mesh,
    mesh_node: usize,
    skeleton: &mut Skeleton,
    names: &mut NodeNames,
    report: &mut LoadReport,
) -> Option<SkinnedMesh> {
    let indices: Vec<u32> = mesh.faces.iter().filter(|f| f.0.len() == 3).flat_map(|f| f.0.iter().copied()).collect();
    if indices.is_empty() {
        return None;
    }
    let vertex_count = mesh.vertices.len();
    let positions: Vec<Vec3> = mesh.vertices.iter().map(vec3).collect();
    let normals: Vec<Vec3> = mesh.normals.iter().map(|n| vec3(n).normalize_or(Vec3::Y)).collect();
    let uvs: Vec<Vec2> = match mesh.texture_coords.first() {
        Some(Some(uv)) => uv.iter().map(|t| Vec2::new(t.x, t.y)).collect(),
        _ => Vec::new(),
    };
    let tangents = tangents(mesh, &normals);

    // Bones: find each one's node by name; a missing node gets a static stand-in.
    let mut bones = Vec::with_capacity(mesh.bones.len() + 1);
    for bone in &mesh.bones {
        let offset = to_mat4(&bone.offset_matrix);
        let node = names.bone(&bone.name, &mesh.name, offset, report).unwrap_or_else(|| {
            report.warnings.push(format!(
                "bone `{}` of mesh `{}` has no node of that name: it stays in its bind pose",
                bone.name, mesh.name
            ));
            let local = Transform::from_matrix(offset.inverse());
            skeleton.nodes.push(Node { name: bone.name.clone(), parent: Some(0), local });
            names.add(&bone.name, skeleton.nodes.len() - 1);
            skeleton.nodes.len() - 1
        });
        bones.push(Bone { node, offset });
    }

    // Weights per vertex, from assimp's per-bone lists.
    let mut lists: Vec<Vec<(u32, f32)>> = vec![Vec::new(); vertex_count];
    let mut dropped = 0;
    for (b, bone) in mesh.bones.iter().enumerate() {
        for w in &bone.weights {
            match lists.get_mut(w.vertex_id as usize) {
                Some(list) if w.weight.is_finite() && w.weight > 0.0 => list.push((b as u32, w.weight)),
                _ => dropped += 1,
            }
        }
    }
    if dropped > 0 {
        report.warnings.push(format!(
            "mesh `{}`: ignored {dropped} weights (zero, negative, NaN or past the last vertex)",
            mesh.name
        ));
    }
    // A vertex with no weight (or a mesh with no bones) follows the mesh's node.
    let mut rigid_bone = None;
    let mut influences = Vec::with_capacity(vertex_count);
    for list in &mut lists {
        if list.is_empty() {
            let id = *rigid_bone.get_or_insert_with(|| {
                bones.push(Bone { node: mesh_node, offset: Mat4::IDENTITY });
                bones.len() as u32 - 1
            });
            if !mesh.bones.is_empty() {
                report.unweighted_vertices += 1;
            }
            influences.push(Influences::single(id));
            continue;
        }
        influences.push(strongest_four(list, report));
    }
    Some(SkinnedMesh { name: mesh.name.clone(), positions, normals, tangents, uvs, indices, influences, bones })
}

/// Keeps the 4 largest weights and makes them sum to 1, counting what changed.
fn strongest_four(list: &mut Vec<(u32, f32)>, report: &mut LoadReport) -> Influences {
    list.sort_by(|a, b| b.1.total_cmp(&a.1));
    if list.len() > 4 {
        report.pruned_vertices += 1;
        list.truncate(4);
    }
    let total: f32 = list.iter().map(|w| w.1).sum();
    if (total - 1.0).abs() > 1e-3 {
        report.renormalised_vertices += 1;
    }
    // Unused slots repeat the first bone with weight 0.
    let mut out = Influences { ids: [list[0].0; 4], weights: [0.0; 4] };
    for (slot, &(id, w)) in list.iter().enumerate() {
        out.ids[slot] = id;
        out.weights[slot] = w / total;
    }
    out
}

/// Tangents with handedness in `w`, from assimp's tangents and bitangents.
fn tangents(mesh: &russimp::mesh::Mesh, normals: &[Vec3]) -> Vec<Vec4> {
    if mesh.tangents.len() != normals.len() || mesh.bitangents.len() != normals.len() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(normals.len());
    for ((t, b), n) in mesh.tangents.iter().zip(&mesh.bitangents).zip(normals) {
        let t = vec3(t);
        let t = (t - *n * t.dot(*n)).normalize_or(n.any_orthonormal_vector());
        let w = if n.cross(t).dot(vec3(b)) < 0.0 { -1.0 } else { 1.0 };
        out.push(t.extend(w));
    }
    out
}

#[cfg(test)]
mod tests;
