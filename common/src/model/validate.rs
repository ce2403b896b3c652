//! `validate()`: report what is wrong with a model instead of panicking later.
//! Every check is one pass (no recursion, nothing quadratic), so a skeleton of
//! a million nodes, or one whose parents form a cycle, is checked quickly.

use glam::{Quat, Vec3};

use super::problem::{KeyFault, Problem};
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

pub(super) fn clip(clip: &Clip, c: usize, nodes: usize, out: &mut Vec<Problem>) {
    let tps = clip.ticks_per_second;
    if !(tps.is_finite() && tps > 0.0) {
        out.push(Problem::BadTickRate { clip: c, ticks_per_second: tps });
    }
    if !(clip.duration_ticks.is_finite() && clip.duration_ticks >= 0.0) {
        out.push(Problem::BadDuration { clip: c, duration_ticks: clip.duration_ticks });
    }
    for (channel, ch) in clip.channels.iter().enumerate() {
        if ch.node >= nodes {
            out.push(Problem::ChannelNodeOutOfRange { clip: c, channel, node: ch.node });
        }
        if ch.positions.is_empty() && ch.rotations.is_empty() && ch.scales.is_empty() {
            out.push(Problem::EmptyChannel { clip: c, channel });
        }
        let unsorted = [
            ("position", first_unsorted(&ch.positions)),
            ("rotation", first_unsorted(&ch.rotations)),
            ("scale", first_unsorted(&ch.scales)),
        ];
        for (track, key) in unsorted {
            if let Some(key) = key {
                out.push(Problem::UnsortedKeys { clip: c, channel, track, key });
            }
        }
        let not_finite = [
            ("position", ch.positions.iter().position(|k| !k.value.is_finite())),
            ("rotation", ch.rotations.iter().position(|k| !k.value.is_finite())),
            ("scale", ch.scales.iter().position(|k| !k.value.is_finite())),
        ];
        for (track, key) in not_finite {
            if let Some(key) = key {
                out.push(Problem::KeyNotFinite { clip: c, channel, track, key });
                continue;
            }
            let fault = match track {
                "position" => first_fault(&ch.positions, |v| too_far(*v).then_some(KeyFault::TooFar)),
                "scale" => first_fault(&ch.scales, |v| too_far(*v).then_some(KeyFault::TooFar)),
                _ => first_fault(&ch.rotations, |q| {
                    let length = q.length();
                    ((length - 1.0).abs() > UNIT_TOLERANCE).then_some(KeyFault::NotUnit(length))
                }),
            };
            if let Some((key, fault)) = fault {
                out.push(Problem::BadKey { clip: c, channel, track, key, fault });
            }
        }
        let times = [("position", &ch.positions[..]), ("scale", &ch.scales[..])]
            .map(|(t, k)| (t, k.first().map(|k| k.time_ticks)))
            .into_iter()
            .chain([("rotation", ch.rotations.first().map(|k| k.time_ticks))]);
        for (track, first) in times {
            if first.is_some_and(|t| t < 0.0) {
                out.push(Problem::BadKey { clip: c, channel, track, key: 0, fault: KeyFault::BeforeZero });
            }
        }
        let i = &ch.interpolation;
        let tangents = [
            ("position", tangent_fault(&i.positions, ch.positions.len(), Vec3::is_finite)),
            ("rotation", tangent_fault(&i.rotations, ch.rotations.len(), Quat::is_finite)),
            ("scale", tangent_fault(&i.scales, ch.scales.len(), Vec3::is_finite)),
        ];
        for (track, fault) in tangents {
            if let Some((key, fault)) = fault {
                out.push(Problem::BadKey { clip: c, channel, track, key, fault });
            }
        }
    }
}

/// How far a rotation key's length may be from 1 (loaders renormalise keys
/// further off, with a note).
pub const UNIT_TOLERANCE: f32 = 1e-3;

fn too_far(v: Vec3) -> bool {
    v.abs().max_element() > crate::load::MAX_EXTENT
}

fn first_fault<T>(keys: &[Key<T>], fault: impl Fn(&T) -> Option<KeyFault>) -> Option<(usize, KeyFault)> {
    keys.iter().enumerate().find_map(|(k, key)| fault(&key.value).map(|f| (k, f)))
}

/// A cubic track needs one finite pair of tangents per key.
fn tangent_fault<T: Copy>(
    mode: &Interpolation<T>,
    keys: usize,
    finite: impl Fn(T) -> bool,
) -> Option<(usize, KeyFault)> {
    let Interpolation::CubicSpline(tangents) = mode else {
        return None;
    };
    if tangents.len() != keys {
        return Some((0, KeyFault::TangentCount(tangents.len(), keys)));
    }
    let bad = tangents.iter().position(|t| !(finite(t.incoming) && finite(t.outgoing)))?;
    Some((bad, KeyFault::TangentNotFinite))
}

/// Index of the first key whose time is NaN or before the previous key's.
/// Equal times are allowed: a cut, where the motion jumps.
fn first_unsorted<T>(keys: &[Key<T>]) -> Option<usize> {
    if let Some(i) = keys.iter().position(|k| !k.time_ticks.is_finite()) {
        return Some(i);
    }
    (1..keys.len()).find(|&i| keys[i].time_ticks < keys[i - 1].time_ticks)
}
