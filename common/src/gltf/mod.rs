//! glTF 2.0 (`.gltf`, `.glb`) read with the pure-Rust `gltf` crate, with or
//! without assimp: glTF files load in a `--no-default-features` build too.
//!
//! Why not assimp for glTF: assimp plays every sampler as LINEAR and drops
//! the tangents of CUBICSPLINE samplers; this reader keeps each track's
//! [`Interpolation`](crate::model::Interpolation) and tangents exactly as the
//! file gives them. The model it builds follows the glTF spec:
//!
//! - Nodes: those of the default scene (else the first scene, else every
//!   node no other node names as a child), parents first. Each keeps its
//!   name; a node with no name is called `node N` (its glTF index).
//! - Skinned meshes: positions stay in bind space; bone `j` of a skin is
//!   joint `j` with its inverse bind matrix (identity when the file gives
//!   none); the mesh node's own transform is not applied (spec: it is
//!   ignored for skinned meshes). A mesh with no skin follows its node
//!   rigidly. `global_inverse` is the identity.
//! - Clips: one per animation, 1,000 ticks per second (assimp's choice for
//!   glTF, so both readers give the same numbers); the channels of one node
//!   merge into one [`Channel`](crate::model::Channel). Cubic tangents are
//!   stored per tick.
//!
//! Anything the file holds that the course cannot use is refused or
//! repaired with one note each (see [`anim`] and [`crate::import::repair`]).

mod anim;
mod buffers;
mod mesh;
pub mod writer;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use glam::{Mat4, Quat, Vec3};

use crate::import::refuse_levels;
use crate::import::{LoadError, LoadReport};
use crate::model::{Model, Node, Skeleton, Transform};

/// True for a file this reader takes: `.gltf` or `.glb` by name, or a
/// binary glTF by its first four bytes (`glTF`).
pub fn is_gltf(path: &Path) -> bool {
    let by_name = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("gltf") || e.eq_ignore_ascii_case("glb"));
    by_name || {
        use std::io::Read;
        let mut magic = [0u8; 4];
        std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic)).is_ok() && &magic == b"glTF"
    }
}

/// Loads a glTF file; see the module docs.
pub fn load(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    crate::import::checked(path, read_file)
}

/// [`load`] without the checks around it (the path, the model's
/// validation): what [`crate::import::checked`] runs between them.
pub(crate) fn read_file(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    let error = |reason: String| LoadError::new(path, reason);
    let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read it ({e})")))?;
    catch_unwind(AssertUnwindSafe(|| read(path, &bytes)))
        .map_err(|_| error("the glTF reader crashed on this file".into()))?
        .map_err(error)
}

/// Parses and converts the bytes of a glTF file found at `path` (for its
/// external buffers).
pub fn read(path: &Path, bytes: &[u8]) -> Result<(Model, LoadReport), String> {
    let gltf =
        gltf::Gltf::from_slice_without_validation(bytes).map_err(|e| format!("not a valid glTF 2.0 file: {e}"))?;
    validate(&gltf.document)?;
    let data = buffers::load(&gltf, path)?;
    let mut report = LoadReport::default();
    let (skeleton, index_of) = nodes(&gltf.document, &mut report)?;
    let meshes = mesh::convert(&gltf.document, &index_of, &data, &mut report)?;
    let mut clips = anim::convert(&gltf.document, &index_of, &skeleton, &data, &mut report);
    crate::import::repair::repair_clips(&mut clips, &skeleton, &mut report);
    let rigged = meshes.iter().any(|m| m.bones.iter().any(|b| b.offset != Mat4::IDENTITY)) || gltf.skins().len() > 0;
    if !rigged && clips.is_empty() {
        return Err("it has no skeleton: no skin and no animation (the labs need a rigged or animated model)".into());
    }
    if !rigged && !meshes.is_empty() {
        report.warnings.push("no mesh has a skin: the meshes follow their animated nodes rigidly".into());
    }
    Ok((Model { skeleton, meshes, clips, global_inverse: Mat4::IDENTITY }, report))
}

/// The `gltf` crate's checks (every index in range, every required member
/// there), which make its readers safe, less one: a POSITION accessor's
/// `min` and `max` are required by the spec but nothing here reads them, and
/// exporters leave them out. Two indices come first, as [`unchecked_indices`]
/// says.
fn validate(doc: &gltf::Document) -> Result<(), String> {
    use gltf::json::validation::{Error, Validate};
    let root = doc.as_json();
    let mut errors = unchecked_indices(root);
    if !errors.is_empty() {
        return invalid(errors); // the crate's own validation could panic on them
    }
    root.validate(root, gltf::json::Path::new, &mut |path: &dyn Fn() -> gltf::json::Path, error: Error| {
        let path = path().to_string();
        if !(error == Error::Missing && (path.ends_with(".min") || path.ends_with(".max"))) {
            errors.push(format!("{path}: {error}"));
        }
    });
    invalid(errors)
}

/// The indices gltf-json 1.4 does not check safely: a channel's target node
/// (never checked, so `channel.target().node()` panics) and a primitive's
/// POSITION accessor (its own validation indexes the accessors with it and
/// panics). Each names its path, as the crate's errors do.
fn unchecked_indices(root: &gltf::json::Root) -> Vec<String> {
    let mut errors = Vec::new();
    for (a, animation) in root.animations.iter().enumerate() {
        for (c, channel) in animation.channels.iter().enumerate() {
            let node = channel.target.node.value();
            if node >= root.nodes.len() {
                errors.push(format!(
                    "animations[{a}].channels[{c}].target.node: Index out of bounds (node {node}; the file has {})",
                    root.nodes.len()
                ));
            }
        }
    }
    for (m, mesh) in root.meshes.iter().enumerate() {
        for (p, primitive) in mesh.primitives.iter().enumerate() {
            let position = gltf::json::validation::Checked::Valid(gltf::Semantic::Positions);
            if let Some(accessor) = primitive.attributes.get(&position).map(|i| i.value())
                && accessor >= root.accessors.len()
            {
                errors.push(format!(
                    "meshes[{m}].primitives[{p}].attributes[\"POSITION\"]: Index out of bounds (accessor \
                         {accessor}; the file has {})",
                    root.accessors.len()
                ));
            }
        }
    }
    errors
}

/// One line for the errors found, if any.
fn invalid(errors: Vec<String>) -> Result<(), String> {
    match errors.len() {
        0 => Ok(()),
        n => Err(format!(
            "not a valid glTF 2.0 file: {}{}",
            errors[..n.min(3)].join("; "),
            if n > 3 { format!("; and {} more", n - 3) } else { String::new() }
        )),
    }
}

/// The scene's nodes, parents first, by a loop (no recursion: a chain
/// 100,000 deep must not use 100,000 stack frames). `index_of[g]` is the
/// skeleton index of glTF node `g` (`None` when outside the scene).
fn nodes(doc: &gltf::Document, report: &mut LoadReport) -> Result<(Skeleton, Vec<Option<usize>>), String> {
    let total = doc.nodes().len();
    let roots: Vec<gltf::Node> = match doc.default_scene().or_else(|| doc.scenes().next()) {
        Some(scene) => scene.nodes().collect(),
        None => {
            let mut is_child = vec![false; total];
            doc.nodes().flat_map(|n| n.children()).for_each(|c| is_child[c.index()] = true);
            doc.nodes().filter(|n| !is_child[n.index()]).collect()
        }
    };
    let mut skeleton = Skeleton::default();
    let mut index_of = vec![None; total];
    let mut depth = Vec::new();
    let mut stack: Vec<(gltf::Node, Option<usize>)> = roots.into_iter().rev().map(|n| (n, None)).collect();
    while let Some((node, parent)) = stack.pop() {
        if index_of[node.index()].is_some() {
            return Err(format!(
                "node {} has two parents (or is its own ancestor): glTF nodes form a tree",
                node.index()
            ));
        }
        let index = skeleton.nodes.len();
        index_of[node.index()] = Some(index);
        depth.push(parent.map_or(0, |p: usize| depth[p] + 1));
        let (t, r, s) = node.transform().decomposed();
        let name = node.name().map_or_else(|| format!("node {}", node.index()), str::to_string);
        let rotation = Quat::from_array(r);
        let length = rotation.length();
        if (length - 1.0).abs() > crate::model::UNIT_TOLERANCE {
            let done = if length > 1e-6 && length.is_finite() { "renormalised" } else { "taken as no rotation" };
            report.warnings.push(format!("node `{name}`: its rotation has length {length}, not 1: {done}"));
        }
        let local = Transform { translation: Vec3::from(t), rotation: unit(rotation), scale: Vec3::from(s) };
        skeleton.nodes.push(Node { name, parent, local });
        for child in node.children().collect::<Vec<_>>().into_iter().rev() {
            stack.push((child, Some(index)));
        }
    }
    refuse_levels(depth.iter().max().map_or(0, |d| d + 1))?;
    Ok((skeleton, index_of))
}

/// A node's rotation as a unit quaternion (the identity for a zero one).
fn unit(q: Quat) -> Quat {
    let length = q.length();
    if length > 1e-6 && length.is_finite() { q / length } else { Quat::IDENTITY }
}

/// True when `accessor` holds `count >= 1` elements of shape `dims` and one
/// of `types`, so that the `gltf` crate's readers can read it (they assume
/// the right type and panic otherwise).
fn fits(accessor: &gltf::Accessor, dims: gltf::accessor::Dimensions, types: &[gltf::accessor::DataType]) -> bool {
    accessor.count() > 0 && accessor.dimensions() == dims && types.contains(&accessor.data_type())
}

#[cfg(test)]
mod indices;
#[cfg(test)]
mod tests;
