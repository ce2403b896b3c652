//! Checks around the importer: the path before it opens the file, and what
//! the course can handle after it has read it.

use std::io;
use std::path::Path;

use glam::{Mat4, Vec3};

use super::LoadError;
use crate::model::{Model, Skeleton};

/// The deepest hierarchy the course handles: nodes on the longest path from
/// a root down to a leaf. Real rigs are a few dozen levels deep; the demos
/// walk trees recursively and climb parent chains once per joint, which a
/// chain of 10,000 nodes turns into a stack overflow or a frozen frame.
pub const MAX_LEVELS: usize = 1000;

pub use crate::model::MAX_EXTENT;

/// Refuses a path the importer must not open: missing, a folder, or not a
/// regular file (a named pipe would block the importer for ever, a device
/// could be endless). Symbolic links are followed.
pub fn check_path(path: &Path) -> Result<(), LoadError> {
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(LoadError::new(path, "no such file (check the path)"));
        }
        Err(e) => return Err(LoadError::new(path, format!("cannot read it ({e})"))),
    };
    if meta.is_dir() {
        return Err(LoadError::new(path, "this is a folder; give a model file inside it"));
    }
    if !meta.is_file() {
        return Err(LoadError::new(path, "not a regular file (a named pipe, socket or device); give a model file"));
    }
    Ok(())
}

/// Refuses a hierarchy deeper than [`MAX_LEVELS`], saying how deep it is.
pub fn check_levels(skeleton: &Skeleton) -> Result<(), String> {
    refuse_levels(skeleton.levels())
}

/// The refusal for a hierarchy `levels` deep, if that is too deep.
pub(crate) fn refuse_levels(levels: usize) -> Result<(), String> {
    if levels > MAX_LEVELS {
        return Err(format!("the hierarchy is {levels} levels deep; the course handles at most {MAX_LEVELS}"));
    }
    Ok(())
}

/// Refuses a model f32 cannot draw: a node or vertex past [`MAX_EXTENT`] or
/// at NaN/infinity, in the rest pose, before and after skinning (each vertex
/// moved by its bones' rest world matrices times their offsets). Expects a
/// model that passed [`Model::validate`] (indices are then in range).
pub fn check_drawable(model: &Model) -> Result<(), String> {
    let nodes = &model.skeleton.nodes;
    let mut world: Vec<Mat4> = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        let t = &node.local;
        let local = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        let matrix = match node.parent {
            Some(p) if p < i => world[p] * local,
            _ => local,
        };
        within(matrix.w_axis.truncate(), || format!("node `{}` sits", node.name), "in the rest pose")?;
        world.push(matrix);
    }
    check_not_collapsed(model, &world)?;
    for mesh in &model.meshes {
        let palette: Vec<Mat4> =
            mesh.bones.iter().map(|b| world.get(b.node).copied().unwrap_or(Mat4::IDENTITY) * b.offset).collect();
        for (v, &p) in mesh.positions.iter().enumerate() {
            within(p, || format!("mesh `{}`: vertex {v} sits", mesh.name), "in the bind pose")?;
            let Some(influences) = mesh.influences.get(v) else {
                continue;
            };
            let mut skinned = Vec3::ZERO;
            for (&id, &w) in influences.ids.iter().zip(&influences.weights) {
                if w != 0.0 {
                    skinned += palette.get(id as usize).map_or(p, |m| m.transform_point3(p)) * w;
                }
            }
            let what = || format!("mesh `{}`: vertex {v} lands", mesh.name);
            within(skinned, what, "after skinning in the rest pose")?;
        }
    }
    Ok(())
}

/// Refuses a rest pose that draws nothing: every bone's world matrix (every
/// node's, for a model without meshes) singular, as a scale of 0 on the
/// root makes it, so that every vertex collapses. Names the topmost node of
/// the first bone's chain whose own transform is singular.
fn check_not_collapsed(model: &Model, world: &[Mat4]) -> Result<(), String> {
    let singular = |m: &Mat4| m.determinant().abs().is_nan() || m.determinant().abs() < f32::MIN_POSITIVE;
    let nodes = &model.skeleton.nodes;
    let mut bones = model.meshes.iter().flat_map(|m| m.bones.iter().map(|b| b.node)).peekable();
    let first = match bones.peek() {
        Some(&node) => node,
        None => 0,
    };
    let drawn: Vec<usize> = if bones.peek().is_some() { bones.collect() } else { (0..nodes.len()).collect() };
    if drawn.is_empty() || !drawn.iter().all(|&n| world.get(n).is_none_or(singular)) {
        return Ok(());
    }
    let mut culprit = first;
    let mut at = Some(first);
    while let Some(n) = at.filter(|&n| n < nodes.len()) {
        let t = &nodes[n].local;
        if singular(&Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation)) {
            culprit = n;
        }
        at = nodes[n].parent;
    }
    let node = nodes.get(culprit).map_or("?", |n| n.name.as_str());
    let scale = nodes.get(culprit).map_or(Vec3::ZERO, |n| n.local.scale);
    Err(format!(
        "nothing can be drawn: node `{node}` has a scale of {scale} in the rest pose, so every bone's world \
         matrix is singular and every vertex collapses onto one point (give it a scale other than 0)"
    ))
}

/// Ok when `p` is finite and within [`MAX_EXTENT`] on every axis.
fn within(p: Vec3, what: impl FnOnce() -> String, when: &str) -> Result<(), String> {
    if p.is_finite() && p.abs().max_element() <= MAX_EXTENT {
        return Ok(());
    }
    let at = if p.is_finite() {
        format!("{:.1e} units from the origin", p.abs().max_element())
    } else {
        "at NaN or infinity".to_string()
    };
    Err(format!(
        "it is too large to draw: {} {at} {when}; f32 drawing breaks down past {MAX_EXTENT:.0e} units \
         (check the file's units)",
        what()
    ))
}
