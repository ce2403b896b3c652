//! What [`crate::model::Model::validate`] can find wrong, and how it says it.

use std::fmt;

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
    /// Parent links that go round in a circle (a node that is its own parent
    /// is a cycle of 1): a walk up from such a node never reaches a root.
    ParentCycle {
        /// The smallest node index on the cycle.
        node: usize,
        /// How many nodes the cycle has.
        length: usize,
    },
    /// A node's rest transform holds NaN or infinity.
    NodeNotFinite {
        /// The node.
        node: usize,
        /// "translation", "rotation" or "scale".
        part: &'static str,
    },
    /// The model's `global_inverse` holds NaN or infinity.
    GlobalInverseNotFinite,
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
    /// A position, normal, tangent, texture coordinate or bone offset holds NaN or infinity.
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
    /// A key's value holds NaN or infinity.
    KeyNotFinite {
        /// The clip.
        clip: usize,
        /// The channel.
        channel: usize,
        /// "position", "rotation" or "scale".
        track: &'static str,
        /// The first such key.
        key: usize,
    },
    /// A key the labs cannot play (see [`KeyFault`]).
    BadKey {
        /// The clip.
        clip: usize,
        /// The channel.
        channel: usize,
        /// "position", "rotation" or "scale".
        track: &'static str,
        /// The first such key.
        key: usize,
        /// What is wrong with it.
        fault: KeyFault,
    },
    /// Keys are not sorted by time (equal times are allowed), or a time is NaN.
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
            ParentCycle { node, length: 1 } => {
                write!(f, "node {node} is its own parent (a parent cycle): every chain of parents must end at a root")
            }
            ParentCycle { node, length } => write!(
                f,
                "node {node} is its own ancestor: the parent links of {length} nodes form a cycle \
                 (every chain of parents must end at a root)"
            ),
            NodeNotFinite { node, part } => write!(f, "node {node}: its rest {part} is NaN or infinite"),
            GlobalInverseNotFinite => write!(f, "the global inverse matrix is NaN or infinite"),
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
            KeyNotFinite { clip, channel, track, key } => {
                write!(f, "clip {clip}: channel {channel}: {track} key {key} has a NaN or infinite value")
            }
            UnsortedKeys { clip, channel, track, key } => write!(
                f,
                "clip {clip}: channel {channel}: {track} key {key} comes before the key before it (sort keys by time)"
            ),
            BadKey { clip, channel, track, key, fault } => {
                write!(f, "clip {clip}: channel {channel}: {track} key {key} {fault}")
            }
        }
    }
}

/// What is wrong with one key, beyond NaN and order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum KeyFault {
    /// A translation or scale past [`crate::load::MAX_EXTENT`].
    TooFar,
    /// A rotation whose length (given) is not 1.
    NotUnit(f32),
    /// A key time before 0 (a clip starts at tick 0).
    BeforeZero,
    /// A cubic track with this many pairs of tangents for this many keys.
    TangentCount(usize, usize),
    /// A cubic track's tangent holds NaN or infinity.
    TangentNotFinite,
}

impl fmt::Display for KeyFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyFault::TooFar => {
                write!(f, "is too large to draw (past {:.0e} units; check the file's units)", crate::load::MAX_EXTENT)
            }
            KeyFault::NotUnit(length) => write!(f, "is not a unit quaternion (length {length}): renormalise it"),
            KeyFault::BeforeZero => write!(f, "is at a negative time (a clip starts at tick 0: shift its keys)"),
            KeyFault::TangentCount(t, k) => write!(f, "has {t} pairs of cubic tangents for {k} keys (need one each)"),
            KeyFault::TangentNotFinite => write!(f, "has a NaN or infinite cubic tangent"),
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
