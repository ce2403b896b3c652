//! `validate()`: report what is wrong with a model instead of panicking later.

use std::fmt;

use super::{Clip, Key, Skeleton, SkinnedMesh};

/// One thing that is wrong with a model, precise enough to find it.
///
/// Indices count from 0: `mesh` into [`crate::model::Model::meshes`], `clip`
/// into `clips`, `channel` into that clip's channels, `node` into the skeleton.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// A node names a parent index that does not exist.
    ParentOutOfRange {
        /// The node.
        node: usize,
        /// The parent index it names.
        parent: usize,
    },
    /// A node is stored before its parent (world matrices need parents first).
    ParentAfterChild {
        /// The node.
        node: usize,
        /// Its parent, stored later.
        parent: usize,
    },
    /// A per-vertex list has the wrong length.
    LengthMismatch {
        /// The mesh.
        mesh: usize,
        /// Which list ("normals", "influences", ...).
        what: &'static str,
        /// Its length.
        len: usize,
        /// The number of positions.
        vertices: usize,
    },
    /// The index list is not a whole number of triangles, or names a missing vertex.
    BadIndices {
        /// The mesh.
        mesh: usize,
        /// What is wrong.
        detail: String,
    },
    /// A bone follows a node that does not exist.
    BoneNodeOutOfRange {
        /// The mesh.
        mesh: usize,
        /// The bone index.
        bone: usize,
        /// The node index it names.
        node: usize,
    },
    /// A vertex names a bone the mesh does not have.
    InfluenceOutOfRange {
        /// The mesh.
        mesh: usize,
        /// The vertex.
        vertex: usize,
        /// The bone index it names.
        id: u32,
        /// How many bones the mesh has.
        bones: usize,
    },
    /// A vertex's weights are negative, not finite, or do not sum to 1.
    BadWeights {
        /// The mesh.
        mesh: usize,
        /// The vertex.
        vertex: usize,
        /// What its weights add up to.
        sum: f32,
    },
    /// A position, normal or matrix holds NaN or infinity.
    NotFinite {
        /// The mesh.
        mesh: usize,
        /// Which kind of value.
        what: &'static str,
        /// Its index.
        index: usize,
    },
    /// A clip's tick rate is zero, negative or not finite.
    BadTickRate {
        /// The clip.
        clip: usize,
        /// The rate it has.
        ticks_per_second: f64,
    },
    /// A clip's duration is negative or not finite.
    BadDuration {
        /// The clip.
        clip: usize,
        /// The duration it has.
        duration_ticks: f64,
    },
    /// A channel animates a node that does not exist.
    ChannelNodeOutOfRange {
        /// The clip.
        clip: usize,
        /// The channel.
        channel: usize,
        /// The node index it names.
        node: usize,
    },
    /// A channel has no keys at all.
    EmptyChannel {
        /// The clip.
        clip: usize,
        /// The channel.
        channel: usize,
    },
    /// Keys are not sorted by time, or a time is NaN.
    UnsortedKeys {
        /// The clip.
        clip: usize,
        /// The channel.
        channel: usize,
        /// "position", "rotation" or "scale".
        track: &'static str,
        /// The first key out of order.
        key: usize,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Problem::*;
        match self {
            ParentOutOfRange { node, parent } => {
                write!(f, "node {node} names parent {parent}, which does not exist")
            }
            ParentAfterChild { node, parent } => {
                write!(f, "node {node} is stored before its parent {parent}: store parents first")
            }
            LengthMismatch { mesh, what, len, vertices } => {
                write!(f, "mesh {mesh}: {len} {what} for {vertices} vertices (need one each, or none)")
            }
            BadIndices { mesh, detail } => write!(f, "mesh {mesh}: {detail}"),
            BoneNodeOutOfRange { mesh, bone, node } => {
                write!(f, "mesh {mesh}: bone {bone} follows node {node}, which does not exist")
            }
            InfluenceOutOfRange { mesh, vertex, id, bones } => {
                write!(f, "mesh {mesh}: vertex {vertex} names bone {id}, but the mesh has {bones} bones")
            }
            BadWeights { mesh, vertex, sum } => {
                write!(f, "mesh {mesh}: vertex {vertex} has weights summing to {sum} (need 1, none negative)")
            }
            NotFinite { mesh, what, index } => {
                write!(f, "mesh {mesh}: {what} {index} is NaN or infinite")
            }
            BadTickRate { clip, ticks_per_second } => write!(
                f,
                "clip {clip}: {ticks_per_second} ticks per second (must be above 0; files that say 0 mean 25)"
            ),
            BadDuration { clip, duration_ticks } => {
                write!(f, "clip {clip}: duration {duration_ticks} ticks is not a length")
            }
            ChannelNodeOutOfRange { clip, channel, node } => {
                write!(f, "clip {clip}: channel {channel} animates node {node}, which does not exist")
            }
            EmptyChannel { clip, channel } => {
                write!(f, "clip {clip}: channel {channel} has no keys")
            }
            UnsortedKeys { clip, channel, track, key } => write!(
                f,
                "clip {clip}: channel {channel}: {track} key {key} is not after the key before it (sort keys by time)"
            ),
        }
    }
}

/// Everything [`crate::model::Model::validate`] found, in the order found.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationError {
    /// The problems; never empty.
    pub problems: Vec<Problem>,
}

impl ValidationError {
    pub(crate) fn from_problems(problems: Vec<Problem>) -> Result<(), ValidationError> {
        if problems.is_empty() { Ok(()) } else { Err(ValidationError { problems }) }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.problems.len();
        write!(f, "{n} problem{}: ", if n == 1 { "" } else { "s" })?;
        for (i, p) in self.problems.iter().take(5).enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "{p}")?;
        }
        if n > 5 {
            write!(f, "; and {} more", n - 5)?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationError {}

pub(super) fn skeleton(skeleton: &Skeleton, out: &mut Vec<Problem>) {
    let n = skeleton.nodes.len();
    for (node, data) in skeleton.nodes.iter().enumerate() {
        match data.parent {
            Some(parent) if parent >= n => out.push(Problem::ParentOutOfRange { node, parent }),
            Some(parent) if parent >= node => out.push(Problem::ParentAfterChild { node, parent }),
            _ => {}
        }
    }
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
    }
}

/// Index of the first key whose time is NaN or not after the previous key's.
fn first_unsorted<T>(keys: &[Key<T>]) -> Option<usize> {
    if let Some(i) = keys.iter().position(|k| !k.time_ticks.is_finite()) {
        return Some(i);
    }
    (1..keys.len()).find(|&i| keys[i].time_ticks <= keys[i - 1].time_ticks)
}
