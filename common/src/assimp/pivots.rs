//! FBX pivots: assimp keeps an FBX node's pivot transforms (3ds Max, Maya)
//! as a chain of helper nodes above the joint, named
//! `Joint_$AssimpFbx$_Translation`, `_RotationOffset`, `_RotationPivot`,
//! `_PreRotation`, `_Rotation`, `_PostRotation`, `_RotationPivotInverse`,
//! `_ScalingOffset`, `_ScalingPivot`, `_Scaling`, `_ScalingPivotInverse`
//! (those that are not the identity). Often the joint's own animation
//! channel already holds the whole chain's transform (its first translation
//! key is the `_Translation` offset, its first rotation key `PreRotation *
//! Rotation`), while the joint still hangs under the helpers: both apply,
//! and the hips turn twice (a character lying on its back).
//!
//! The repair, for every joint under such a chain (whether animated or not,
//! so that a skin-only file and its clip files agree): the chain is folded
//! into the joint. The joint's rest transform becomes the chain's product
//! times its own (its rest pose in the world is unchanged), it hangs from
//! the chain's parent, and the helpers are removed. Each clip's channel on
//! the joint is then judged by its first key: if it matches the folded
//! transform better than the joint's own, its keys already held the chain
//! (the double application is gone); otherwise they were the joint's own,
//! and are moved into the chain's frame (`chain * key`). A chain is left as
//! it is (with a note) when a helper is animated itself, holds a mesh's
//! bone, has other children, or the chain has a non-uniform scale or shear
//! (no TRS key can hold that).

use glam::{Mat4, Quat, Vec3};

use crate::import::LoadReport;
use crate::import::frame::{premultiply, premultiply_transform, rigid_parts};
use crate::model::{Channel, Model, Transform};

/// The marker assimp puts in every pivot helper's name.
pub const HELPER: &str = "_$AssimpFbx$_";

/// One joint under a chain of helpers.
struct Chain {
    joint: usize,
    /// Helper nodes from the top (child of the chain's parent) down.
    helpers: Vec<usize>,
}

/// Folds every foldable helper chain into its joint; see the module docs.
pub fn collapse(model: &mut Model, report: &mut LoadReport) {
    let chains = find(model, report);
    if chains.is_empty() {
        return;
    }
    let mut removed = vec![false; model.skeleton.nodes.len()];
    let names: Vec<String> = model.skeleton.nodes.iter().map(|n| n.name.clone()).collect();
    let mut baked: Vec<(String, Vec<String>)> = Vec::new();
    let mut moved: Vec<(String, Vec<String>)> = Vec::new();
    for chain in &chains {
        let nodes = &model.skeleton.nodes;
        let matrix = |t: &Transform| Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        let frame = chain.helpers.iter().fold(Mat4::IDENTITY, |m, &h| m * matrix(&nodes[h].local));
        let own = nodes[chain.joint].local;
        let folded = premultiply_transform(frame, &own);
        let name = nodes[chain.joint].name.clone();
        for clip in &mut model.clips {
            for channel in clip.channels.iter_mut().filter(|c| c.node == chain.joint) {
                let list = if holds_chain(channel, &own, &folded) {
                    &mut baked
                } else {
                    premultiply(channel, frame).expect("a chain with a rigid frame (checked in find)");
                    &mut moved
                };
                match list.iter_mut().find(|(c, _)| *c == clip.name) {
                    Some((_, joints)) => joints.push(name.clone()),
                    None => list.push((clip.name.clone(), vec![name.clone()])),
                }
            }
        }
        let top = chain.helpers[0];
        let parent = model.skeleton.nodes[top].parent;
        let joint = &mut model.skeleton.nodes[chain.joint];
        joint.local = folded;
        joint.parent = parent;
        chain.helpers.iter().for_each(|&h| removed[h] = true);
    }
    remove(model, &removed);
    let names: Vec<String> = chains.iter().map(|c| names[c.joint].clone()).collect();
    report.warnings.push(format!(
        "FBX pivots: {} joints hung under assimp's `$AssimpFbx$` helper nodes ({}); folded each chain of helpers \
         into its joint (the rest pose is unchanged)",
        chains.len(),
        list(&names)
    ));
    for (clip, joints) in baked {
        report.warnings.push(format!(
            "clip `{clip}`: the keys of {} already held their FBX pivot chain, which also applied above them (played \
             twice); with the chain folded they apply once",
            list(&joints)
        ));
    }
    for (clip, joints) in moved {
        report.warnings.push(format!(
            "clip `{clip}`: the keys of {} were the joint's own, under its FBX pivot chain; moved them into the \
             chain's frame as the chain was folded",
            list(&joints)
        ));
    }
}

/// `a, b, c, d, e and 3 more`.
fn list(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().take(5).map(|n| format!("`{n}`")).collect();
    match names.len() {
        n if n > 5 => format!("{} and {} more", shown.join(", "), n - 5),
        _ => shown.join(", "),
    }
}

/// The chains that can be folded; notes for those that cannot.
fn find(model: &Model, report: &mut LoadReport) -> Vec<Chain> {
    let nodes = &model.skeleton.nodes;
    let children = model.skeleton.children_lists();
    let mut animated = vec![false; nodes.len()];
    for c in model.clips.iter().flat_map(|c| &c.channels) {
        if let Some(a) = animated.get_mut(c.node) {
            *a = true;
        }
    }
    let mut bone = vec![false; nodes.len()];
    for b in model.meshes.iter().flat_map(|m| &m.bones) {
        if let Some(x) = bone.get_mut(b.node) {
            *x = true;
        }
    }
    let mut chains = Vec::new();
    for (joint, node) in nodes.iter().enumerate() {
        if node.name.contains(HELPER) {
            continue;
        }
        let prefix = format!("{}{HELPER}", node.name);
        let mut helpers = Vec::new();
        let mut at = node.parent;
        while let Some(p) = at.filter(|&p| nodes[p].name.starts_with(&prefix)) {
            helpers.push(p);
            at = nodes[p].parent;
        }
        if helpers.is_empty() {
            continue;
        }
        helpers.reverse();
        let why = if helpers.iter().any(|&h| animated[h]) {
            Some("a helper is animated itself")
        } else if helpers.iter().any(|&h| bone[h]) {
            Some("a mesh's bone follows a helper")
        } else if helpers.iter().any(|&h| children[h].len() != 1) {
            Some("a helper has other children")
        } else {
            let frame = helpers.iter().fold(Mat4::IDENTITY, |m, &h| {
                let t = &nodes[h].local;
                m * Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation)
            });
            rigid_parts(frame).is_none().then_some("the chain has a non-uniform scale or a shear")
        };
        match why {
            Some(why) => report.warnings.push(format!(
                "FBX pivots: joint `{}` keeps its `$AssimpFbx$` helper nodes ({why}): its clips play as assimp \
                 gives them",
                node.name
            )),
            None => chains.push(Chain { joint, helpers }),
        }
    }
    chains
}

/// True when the channel's first keys match the folded transform (the chain
/// times the joint) more closely than the joint's own rest transform.
fn holds_chain(channel: &Channel, own: &Transform, folded: &Transform) -> bool {
    let mut to_own = 0.0f32;
    let mut to_folded = 0.0f32;
    let scale = |v: Vec3| 1.0 / v.length().max(1e-3);
    if let Some(k) = channel.positions.first() {
        let s = scale(own.translation).min(scale(folded.translation));
        to_own += (k.value - own.translation).length() * s;
        to_folded += (k.value - folded.translation).length() * s;
    }
    if let Some(k) = channel.rotations.first() {
        let angle = |a: Quat, b: Quat| 1.0 - a.dot(b).abs().min(1.0);
        to_own += angle(k.value, own.rotation);
        to_folded += angle(k.value, folded.rotation);
    }
    if let Some(k) = channel.scales.first() {
        to_own += (k.value - own.scale).length();
        to_folded += (k.value - folded.scale).length();
    }
    to_folded < to_own
}

/// Drops the `removed` nodes and renumbers parents, bones and channels.
fn remove(model: &mut Model, removed: &[bool]) {
    let mut new_index = vec![usize::MAX; removed.len()];
    let mut next = 0;
    for (i, &gone) in removed.iter().enumerate() {
        if !gone {
            new_index[i] = next;
            next += 1;
        }
    }
    let nodes = std::mem::take(&mut model.skeleton.nodes);
    model.skeleton.nodes = nodes
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !removed[*i])
        .map(|(_, mut n)| {
            n.parent = n.parent.map(|p| new_index[p]);
            n
        })
        .collect();
    for b in model.meshes.iter_mut().flat_map(|m| &mut m.bones) {
        b.node = new_index[b.node];
    }
    for c in model.clips.iter_mut().flat_map(|c| &mut c.channels) {
        c.node = new_index[c.node];
    }
}

#[cfg(test)]
mod tests;
