//! `validate()`: report what is wrong with a model instead of panicking later.
//! Every check is one pass (no recursion, nothing quadratic), so a skeleton of
//! a million nodes, or one whose parents form a cycle, is checked quickly.

use glam::{Quat, Vec3};

use super::problem::{ClipFault, ClipProblem, Problem};
use super::{Clip, Interpolation, Key, Skeleton, SkinnedMesh};

pub(super) fn skeleton(skeleton: &Skeleton, out: &mut Vec<Problem>) {
    let n = skeleton.nodes.len();
    let on_cycle = cycles(skeleton, out);
    for (node, data) in skeleton.nodes.iter().enumerate() {
        match data.parent {
            Some(parent) if parent >= n => out.push(Problem::ParentOutOfRange { node, parent }),
            Some(parent) if parent >= node && !on_cycle[node] => out.push(Problem::ParentAfterChild { node, parent }),
            _ => {}
        }
        let local = &data.local;
        let parts = [
            ("translation", local.translation.is_finite()),
            ("rotation", local.rotation.is_finite()),
            ("scale", local.scale.is_finite()),
        ];
        for (part, finite) in parts {
            if !finite {
                out.push(Problem::NodeNotFinite { node, part });
            }
        }
    }
}

/// Finds the parent cycles (one [`Problem::ParentCycle`] each) in one pass
/// over the parent links, and marks the nodes that are on one.
fn cycles(skeleton: &Skeleton, out: &mut Vec<Problem>) -> Vec<bool> {
    const UNSEEN: u8 = 0;
    const ON_PATH: u8 = 1;
    const DONE: u8 = 2;
    let n = skeleton.nodes.len();
    let mut state = vec![UNSEEN; n];
    let mut on_cycle = vec![false; n];
    let mut path = Vec::new();
    for start in 0..n {
        let mut at = Some(start);
        // Climb until a root, a bad index, a node already finished, or a node
        // on this very climb (a cycle).
        while let Some(i) = at.filter(|&i| i < n) {
            match state[i] {
                UNSEEN => {
                    state[i] = ON_PATH;
                    path.push(i);
                    at = skeleton.nodes[i].parent;
                }
                ON_PATH => {
                    let from = path.iter().rposition(|&p| p == i).expect("a node on the path");
                    let members = &path[from..];
                    members.iter().for_each(|&m| on_cycle[m] = true);
                    let node = *members.iter().min().expect("a cycle has a node");
                    out.push(Problem::ParentCycle { node, length: members.len() });
                    break;
                }
                _ => break,
            }
        }
        for i in path.drain(..) {
            state[i] = DONE;
        }
    }
    on_cycle
}

pub(super) fn mesh(mesh: &SkinnedMesh, m: usize, nodes: usize, out: &mut Vec<Problem>) {
    let vertices = mesh.positions.len();
    let lengths = [
        ("normals", mesh.normals.len()),
        ("tangents", mesh.tangents.len()),
        ("uvs", mesh.uvs.len()),
        ("influences", mesh.influences.len()),
    ];
    for (what, len) in lengths {
        if len != 0 && len != vertices {
            out.push(Problem::LengthMismatch { mesh: m, what, len, vertices });
        }
    }
    if !mesh.indices.len().is_multiple_of(3) {
        let detail = format!("{} indices is not a whole number of triangles", mesh.indices.len());
        out.push(Problem::BadIndices { mesh: m, detail });
    }
    if let Some(bad) = mesh.indices.iter().find(|&&i| i as usize >= vertices) {
        let detail = format!("index {bad} names a vertex past the last ({vertices} vertices)");
        out.push(Problem::BadIndices { mesh: m, detail });
    }
    if let Some(index) = mesh.positions.iter().position(|p| !p.is_finite()) {
        out.push(Problem::NotFinite { mesh: m, what: "position", index });
    }
    if let Some(index) = mesh.normals.iter().position(|p| !p.is_finite()) {
        out.push(Problem::NotFinite { mesh: m, what: "normal", index });
    }
    if let Some(index) = mesh.tangents.iter().position(|p| !p.is_finite()) {
        out.push(Problem::NotFinite { mesh: m, what: "tangent", index });
    }
    if let Some(index) = mesh.uvs.iter().position(|p| !p.is_finite()) {
        out.push(Problem::NotFinite { mesh: m, what: "texture coordinate", index });
    }
    for (bone, b) in mesh.bones.iter().enumerate() {
        if b.node >= nodes {
            out.push(Problem::BoneNodeOutOfRange { mesh: m, bone, node: b.node });
        }
        if !b.offset.is_finite() {
            out.push(Problem::NotFinite { mesh: m, what: "bone offset", index: bone });
        }
    }
    for (vertex, inf) in mesh.influences.iter().enumerate() {
        let bones = mesh.bones.len();
        if let Some((&id, _)) = inf.ids.iter().zip(inf.weights).find(|(id, w)| *w != 0.0 && **id as usize >= bones) {
            out.push(Problem::InfluenceOutOfRange { mesh: m, vertex, id, bones });
            continue;
        }
        let sum = inf.total();
        let negative = inf.weights.iter().any(|w| *w < 0.0 || !w.is_finite());
        if negative || (sum - 1.0).abs() > 1e-3 {
            out.push(Problem::BadWeights { mesh: m, vertex, sum });
        }
    }
}

/// The rules that read no key, O(channels): the tick rate, the duration and
/// each channel's node. Cheap enough for every frame.
pub(super) fn clip_shape(clip: &Clip, nodes: usize, out: &mut Vec<ClipProblem>) {
    let at =
        |channel, fault| ClipProblem { index: None, clip: clip.name.clone(), channel, track: None, key: None, fault };
    let tps = clip.ticks_per_second;
    if !(tps.is_finite() && tps > 0.0) {
        out.push(at(None, ClipFault::BadTickRate(tps)));
    }
    if !(clip.duration_ticks.is_finite() && clip.duration_ticks >= 0.0) {
        out.push(at(None, ClipFault::BadDuration(clip.duration_ticks)));
    }
    for (channel, ch) in clip.channels.iter().enumerate() {
        if ch.node >= nodes {
            out.push(at(Some(channel), ClipFault::NodeOutOfRange { node: ch.node, nodes }));
        }
    }
}

/// The whole rulebook: [`clip_shape`], then every key of every track.
pub(super) fn clip(clip: &Clip, nodes: usize, out: &mut Vec<ClipProblem>) {
    clip_shape(clip, nodes, out);
    for (channel, ch) in clip.channels.iter().enumerate() {
        let i = &ch.interpolation;
        let faults = [
            ("position", track(&ch.positions, &i.positions, |v| finite_near(*v))),
            ("rotation", track(&ch.rotations, &i.rotations, |q| unit(*q))),
            ("scale", track(&ch.scales, &i.scales, |v| finite_near(*v))),
        ];
        for (name, found) in faults {
            out.extend(found.into_iter().map(|(key, fault)| ClipProblem {
                index: None,
                clip: clip.name.clone(),
                channel: Some(channel),
                track: Some(name),
                key: Some(key),
                fault,
            }));
        }
    }
}

/// The faults of one track, at most one of each kind, first key first.
fn track<T: Copy + Finite>(
    keys: &[Key<T>],
    mode: &Interpolation<T>,
    value: impl Fn(&T) -> Option<ClipFault>,
) -> Vec<(usize, ClipFault)> {
    let mut found = Vec::new();
    if let Some(k) = first_unsorted(keys) {
        found.push((k, ClipFault::Unsorted));
    }
    if let Some(k) = keys.iter().position(|k| !k.value.finite()) {
        found.push((k, ClipFault::NotFinite));
    } else if let Some(f) = keys.iter().enumerate().find_map(|(k, key)| value(&key.value).map(|f| (k, f))) {
        found.push(f);
    }
    if keys.first().is_some_and(|k| k.time_ticks < 0.0) {
        found.push((0, ClipFault::BeforeZero));
    }
    found.extend(tangent_fault(mode, keys.len()));
    found
}

/// A value that can be NaN or infinite.
trait Finite {
    fn finite(&self) -> bool;
}

impl Finite for Vec3 {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}

impl Finite for Quat {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}

fn finite_near(v: Vec3) -> Option<ClipFault> {
    (v.abs().max_element() > MAX_EXTENT).then_some(ClipFault::TooFar)
}

fn unit(q: Quat) -> Option<ClipFault> {
    let length = q.length();
    ((length - 1.0).abs() > UNIT_TOLERANCE).then_some(ClipFault::NotUnit(length))
}

/// How far a rotation key's length may be from 1 (loaders renormalise keys
/// further off, with a note).
pub const UNIT_TOLERANCE: f32 = 1e-3;

/// How far from the origin (in model units, along any axis) a node, a
/// vertex or a translation or scale key may sit. Past it f32 cannot draw the
/// model: the camera's squared distances overflow near 1.8e19 and a view
/// matrix loses every digit of the model's size.
pub const MAX_EXTENT: f32 = 1e18;

/// A cubic track needs one finite pair of tangents per key.
fn tangent_fault<T: Copy + Finite>(mode: &Interpolation<T>, keys: usize) -> Option<(usize, ClipFault)> {
    let Interpolation::CubicSpline(tangents) = mode else {
        return None;
    };
    if tangents.len() != keys {
        return Some((0, ClipFault::TangentCount(tangents.len(), keys)));
    }
    let bad = tangents.iter().position(|t| !(t.incoming.finite() && t.outgoing.finite()))?;
    Some((bad, ClipFault::TangentNotFinite))
}

/// Index of the first key whose time is NaN or before the previous key's.
/// Equal times are allowed: a cut, where the motion jumps.
fn first_unsorted<T>(keys: &[Key<T>]) -> Option<usize> {
    if let Some(i) = keys.iter().position(|k| !k.time_ticks.is_finite()) {
        return Some(i);
    }
    (1..keys.len()).find(|&i| keys[i].time_ticks < keys[i - 1].time_ticks)
}
