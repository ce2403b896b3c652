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
    /// A clip breaks the clip rulebook (see [`ClipProblem`]).
    Clip(ClipProblem),
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
            Clip(problem) => write!(f, "{problem}"),
        }
    }
}

/// Where in a clip the rulebook ([`crate::model::Clip::validate`]) found a
/// fault, and the fault: the one error every loader and lab reports a bad
/// clip with. Wrapped in a [`crate::load::LoadError`] it names the file too.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipProblem {
    /// The clip's index in [`crate::model::Model::clips`], when it was
    /// checked as part of a model.
    pub index: Option<usize>,
    /// The clip's name.
    pub clip: String,
    /// The channel, for a fault inside one.
    pub channel: Option<usize>,
    /// `"position"`, `"rotation"` or `"scale"`, for a fault in one track.
    pub track: Option<&'static str>,
    /// The first bad key of that track, for a fault in a key.
    pub key: Option<usize>,
    /// What is wrong.
    pub fault: ClipFault,
}

impl fmt::Display for ClipProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(i) => write!(f, "clip {i} `{}`", self.clip)?,
            None => write!(f, "clip `{}`", self.clip)?,
        }
        if let Some(channel) = self.channel {
            write!(f, ": channel {channel}")?;
        }
        match (self.track, self.key) {
            (Some(track), Some(key)) => write!(f, ": {track} key {key}")?,
            (Some(track), None) => write!(f, ": {track} track")?,
            _ => {}
        }
        write!(f, " {}", self.fault)
    }
}

/// The facts of the clip rulebook: each thing a clip can break.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClipFault {
    /// Ticks per second (given) is zero, negative or not finite.
    BadTickRate(f64),
    /// The duration in ticks (given) is negative or not finite.
    BadDuration(f64),
    /// The channel animates `node`, but the skeleton has `nodes` nodes.
    NodeOutOfRange {
        /// The node index the channel names.
        node: usize,
        /// How many nodes there are.
        nodes: usize,
    },
    /// A key time is NaN or infinite, or before the key before it (equal
    /// times are allowed: a cut).
    Unsorted,
    /// A key's value holds NaN or infinity.
    NotFinite,
    /// A translation or scale past [`crate::model::MAX_EXTENT`].
    TooFar,
    /// A rotation whose length (given) is not 1 within [`crate::model::UNIT_TOLERANCE`].
    NotUnit(f32),
    /// A key time before 0 (a clip starts at tick 0).
    BeforeZero,
    /// A cubic track with this many pairs of tangents for this many keys.
    TangentCount(usize, usize),
    /// A cubic track's tangent holds NaN or infinity.
    TangentNotFinite,
}

impl fmt::Display for ClipFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClipFault::BadTickRate(r) => {
                write!(f, "has {r} ticks per second (must be above 0; files that say 0 mean 25)")
            }
            ClipFault::BadDuration(d) => write!(f, "has a duration of {d} ticks (must be 0 or more)"),
            ClipFault::NodeOutOfRange { node, nodes } => {
                write!(f, "animates node {node}, but the skeleton has {nodes} nodes")
            }
            ClipFault::Unsorted => write!(
                f,
                "has a time that is not a number or comes before the key before it (sort keys by time; equal \
                 times are a cut)"
            ),
            ClipFault::NotFinite => write!(f, "has a NaN or infinite value"),
            ClipFault::TooFar => {
                write!(f, "is too large to draw (past {:.0e} units; check the file's units)", crate::model::MAX_EXTENT)
            }
            ClipFault::NotUnit(length) => write!(f, "is not a unit quaternion (length {length}): renormalise it"),
            ClipFault::BeforeZero => write!(f, "is at a negative time (a clip starts at tick 0: shift its keys)"),
            ClipFault::TangentCount(t, k) => write!(f, "has {t} pairs of cubic tangents for {k} keys (need one each)"),
            ClipFault::TangentNotFinite => write!(f, "has a NaN or infinite cubic tangent"),
        }
    }
}

/// Everything [`crate::model::Model::validate`] (or [`crate::model::Clip::validate`])
/// found, in the order found.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidationError {
    /// The problems; never empty.
    pub problems: Vec<Problem>,
}

impl ValidationError {
    /// The clip problems among [`Self::problems`].
    pub fn clip_problems(&self) -> impl Iterator<Item = &ClipProblem> {
        self.problems.iter().filter_map(|p| match p {
            Problem::Clip(c) => Some(c),
            _ => None,
        })
    }

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
