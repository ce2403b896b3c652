//! The plain data every lab works on: a skeleton of nodes, skinned meshes whose
//! vertices name the bones that move them, and clips of keyframes.
//!
//! Nothing here knows about OpenGL or assimp. Loaders ([`crate::character`],
//! `crate::assimp`) produce a [`Model`]; labs read it. Conventions (the same in
//! every lab): glam types, column vectors, right-handed, Y up, radians, and
//! `world[child] = world[parent] * local[child]`.

mod interpolation;
mod problem;
mod span;
mod validate;

pub use interpolation::{ChannelInterpolation, Interpolation, Tangents};
pub use problem::{ClipFault, ClipProblem, Problem, ValidationError};
pub use validate::{MAX_EXTENT, UNIT_TOLERANCE};

use glam::{Mat3, Mat4, Quat, Vec2, Vec3, Vec4};

/// Translation, rotation and scale of one node relative to its parent.
///
/// The matrix it stands for is `T * R * S`: scale first, then rotate, then
/// move (read right to left, the order a column vector meets them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Where the node's origin sits in its parent's space.
    pub translation: Vec3,
    /// Orientation relative to the parent (a unit quaternion).
    pub rotation: Quat,
    /// Scale along the node's own axes (1 = unscaled).
    pub scale: Vec3,
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform { translation: Vec3::ZERO, rotation: Quat::IDENTITY, scale: Vec3::ONE };

    /// A pure translation.
    pub fn from_translation(translation: Vec3) -> Self {
        Transform { translation, ..Self::IDENTITY }
    }

    /// Splits an affine matrix into TRS parts (shear, if any, is lost).
    ///
    /// A scale of 0 on some axis (legal in glTF: it hides a part) keeps a
    /// finite rotation, so that `T * R * S` still gives the matrix back; a
    /// matrix holding NaN or infinity gives a transform that does too (and
    /// [`Model::validate`] refuses it).
    pub fn from_matrix(m: Mat4) -> Self {
        let (scale, rotation, translation) = m.to_scale_rotation_translation();
        if rotation.is_finite() || !m.is_finite() {
            return Transform { translation, rotation, scale };
        }
        let (scale, rotation) = degenerate_scale_rotation(Mat3::from_mat4(m));
        Transform { translation: m.w_axis.truncate(), rotation, scale }
    }
}

/// Scale and rotation of a linear map with a zero (or vanishing) axis: the
/// rotation comes from the axes that are left, completed to a right-handed
/// basis (the identity when every axis is zero).
fn degenerate_scale_rotation(m: Mat3) -> (Vec3, Quat) {
    const TINY: f32 = 1e-20;
    let columns = [m.x_axis, m.y_axis, m.z_axis];
    let mut scale = Vec3::new(columns[0].length(), columns[1].length(), columns[2].length());
    // Gram-Schmidt over the axes that have a length; `None` for a zero one.
    let mut axes: [Option<Vec3>; 3] = [None; 3];
    for i in 0..3 {
        let mut v = columns[i];
        for a in axes.iter().flatten() {
            v -= *a * v.dot(*a);
        }
        axes[i] = (scale[i] > TINY && v.length() > TINY * scale[i].max(1.0)).then(|| v.normalize());
    }
    let [x, y, z] = match axes {
        [Some(x), Some(y), Some(z)] => [x, y, z],
        [Some(x), Some(y), None] => [x, y, x.cross(y)],
        [Some(x), None, Some(z)] => [x, z.cross(x), z],
        [None, Some(y), Some(z)] => [y.cross(z), y, z],
        [Some(x), None, None] => {
            let y = x.any_orthonormal_vector();
            [x, y, x.cross(y)]
        }
        [None, Some(y), None] => {
            let z = y.any_orthonormal_vector();
            [y.cross(z), y, z]
        }
        [None, None, Some(z)] => {
            let x = z.any_orthonormal_vector();
            [x, z.cross(x), z]
        }
        [None, None, None] => [Vec3::X, Vec3::Y, Vec3::Z],
    };
    let mut basis = Mat3::from_cols(x, y, z);
    if basis.determinant() < 0.0 {
        // A mirror: keep the basis right-handed and put the flip in the scale.
        basis.x_axis = -basis.x_axis;
        scale.x = -scale.x;
    }
    (scale, Quat::from_mat3(&basis).normalize())
}

impl Default for Transform {
    fn default() -> Self {
        Self::IDENTITY
    }
}

/// One node of the scene hierarchy: a joint, a helper, or a mesh holder.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Name as in the source file (bones and channels find nodes by name).
    pub name: String,
    /// Index of the parent in [`Skeleton::nodes`]; `None` for a root.
    pub parent: Option<usize>,
    /// Transform relative to the parent in the file's rest pose.
    pub local: Transform,
}

/// Every node of a scene, stored parents before children.
///
/// Because `parent < child` for every node, world matrices are one forward
/// loop over `nodes` (lab01 step 3). [`Skeleton::validate`] checks the order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Skeleton {
    /// The nodes, parents before children.
    pub nodes: Vec<Node>,
}

impl Skeleton {
    /// Index of the first node with this exact name.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.name == name)
    }

    /// The direct children of `node`, in storage order.
    ///
    /// This looks at every node: a walk that calls it once per node costs
    /// O(n²) (minutes for 200,000 nodes). Walks use [`Skeleton::children_lists`].
    pub fn children(&self, node: usize) -> Vec<usize> {
        (0..self.nodes.len()).filter(|&i| self.nodes[i].parent == Some(node)).collect()
    }

    /// The direct children of every node, found in one pass: `lists[i]` is
    /// what [`Skeleton::children`] gives for `i` (storage order). Parent
    /// indices out of range are skipped.
    pub fn children_lists(&self) -> Vec<Vec<usize>> {
        let mut lists = vec![Vec::new(); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(list) = node.parent.and_then(|p| lists.get_mut(p)) {
                list.push(i);
            }
        }
        lists
    }

    /// [`Skeleton::depth`] of every node, in one pass when parents are stored
    /// first (each node not stored after its parent costs a walk to its root).
    pub fn depths(&self) -> Vec<usize> {
        let mut depths: Vec<usize> = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let d = match node.parent {
                None => 0,
                Some(p) if p < i => depths[p] + 1,
                Some(_) => self.depth(i),
            };
            depths.push(d);
        }
        depths
    }

    /// Number of nodes on the longest path from a root down to a leaf (0 for
    /// no nodes, 1 when every node is a root).
    pub fn levels(&self) -> usize {
        self.depths().into_iter().max().map_or(0, |d| d + 1)
    }

    /// Number of parent links between `node` and its root (a root has depth 0).
    ///
    /// It climbs the parents one by one: O(depth). For every node at once use
    /// [`Skeleton::depths`].
    pub fn depth(&self, node: usize) -> usize {
        let mut depth = 0;
        let mut at = self.nodes[node].parent;
        while let Some(p) = at {
            depth += 1;
            at = self.nodes.get(p).and_then(|n| n.parent);
            if depth > self.nodes.len() {
                break; // a cycle; validate() reports it
            }
        }
        depth
    }

    /// The local transforms of the rest pose, one per node.
    pub fn rest_locals(&self) -> Vec<Transform> {
        self.nodes.iter().map(|n| n.local).collect()
    }

    /// Checks parent indices, their order, parent cycles and that every rest
    /// transform is finite; see [`Problem`].
    pub fn validate(&self) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        validate::skeleton(self, &mut problems);
        ValidationError::from_problems(problems)
    }
}

/// A bone: a node that moves vertices, with the inverse of its bind matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bone {
    /// The node this bone follows (an index into [`Skeleton::nodes`]).
    pub node: usize,
    /// Inverse bind matrix ("offset"): takes a vertex of the mesh, as stored
    /// (mesh space), in the bind pose into the bone's own space. assimp's
    /// `mOffsetMatrix`, glTF's `inverseBindMatrices`. Where mesh space and
    /// model space differ (a root transform, [`Model::global_inverse`] not
    /// the identity), it is the inverse of the bone's model-space bind matrix
    /// times the mesh's placement in model space (lab02, step 4).
    pub offset: Mat4,
}

/// Up to four bones that move one vertex, and how much each one counts.
///
/// `ids` index [`SkinnedMesh::bones`] (bone indices, not node indices). Unused
/// slots have weight 0. Loaders make the weights sum to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Influences {
    /// Bone indices into [`SkinnedMesh::bones`].
    pub ids: [u32; 4],
    /// Weight of each bone, in the same slot as its id.
    pub weights: [f32; 4],
}

impl Influences {
    /// A vertex that follows one bone completely.
    pub fn single(bone: u32) -> Self {
        Influences { ids: [bone; 4], weights: [1.0, 0.0, 0.0, 0.0] }
    }

    /// Number of slots with a non-zero weight.
    pub fn count(&self) -> usize {
        self.weights.iter().filter(|w| **w != 0.0).count()
    }

    /// Sum of the weights (1 for a well-formed vertex).
    pub fn total(&self) -> f32 {
        self.weights.iter().sum()
    }
}

/// A triangle mesh whose vertices are moved by bones.
///
/// Positions, normals and tangents are in model space in the bind pose.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SkinnedMesh {
    /// Name as in the source file.
    pub name: String,
    /// Vertex positions (bind pose, model space).
    pub positions: Vec<Vec3>,
    /// Unit vertex normals, one per position.
    pub normals: Vec<Vec3>,
    /// Unit tangents with the bitangent's handedness in `w` (+1 or -1); empty if the file has none.
    pub tangents: Vec<Vec4>,
    /// Texture coordinates; empty if the file has none.
    pub uvs: Vec<Vec2>,
    /// Triangle list, three indices per triangle.
    pub indices: Vec<u32>,
    /// Bones of each vertex; empty for a mesh with no skin.
    pub influences: Vec<Influences>,
    /// The bones this mesh's influences refer to.
    pub bones: Vec<Bone>,
}

/// One keyframe: a value at a time, in ticks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Key<T> {
    /// When, in ticks from the start of the clip.
    pub time_ticks: f64,
    /// The value at that time.
    pub value: T,
}

/// The keys that animate one node. Any of the three lists may be empty (all
/// three too): that part of the node then keeps its rest value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Channel {
    /// The animated node (an index into [`Skeleton::nodes`]).
    pub node: usize,
    /// Translation keys, sorted by time (equal times allowed: a cut).
    pub positions: Vec<Key<Vec3>>,
    /// Rotation keys (unit quaternions), sorted by time.
    pub rotations: Vec<Key<Quat>>,
    /// Scale keys, sorted by time.
    pub scales: Vec<Key<Vec3>>,
    /// How each of the three tracks moves between its keys (all
    /// [`Interpolation::Linear`] by default, as assimp's files play).
    pub interpolation: ChannelInterpolation,
}

/// A named animation: channels of keys on a tick clock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clip {
    /// Name as in the source file.
    pub name: String,
    /// Length in ticks.
    pub duration_ticks: f64,
    /// How many ticks make one second (never 0; loaders turn 0 into 25).
    pub ticks_per_second: f64,
    /// One channel per animated node.
    pub channels: Vec<Channel>,
}

impl Clip {
    /// The clip rulebook, the one place every loader and lab relies on,
    /// run once when a clip is loaded ([`Model::validate`]) or built (the
    /// character's tests, lab04's `check_clip`): a tick rate above 0, a
    /// finite duration of 0 or more, channels on nodes that exist (`nodes`
    /// of them); per track, key times finite, from 0 on and sorted (equal
    /// times allowed: a cut, where the motion jumps), values finite,
    /// translations and scales within [`MAX_EXTENT`], rotations unit
    /// quaternions (within [`UNIT_TOLERANCE`]), and a cubic track with one
    /// finite pair of tangents per key. A track, or a whole channel, may have
    /// no keys: that part keeps its rest value. Reads every key: O(keys).
    pub fn validate(&self, nodes: usize) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        validate::clip(self, nodes, &mut problems);
        ValidationError::from_problems(problems.into_iter().map(Problem::Clip).collect())
    }

    /// The part of [`Clip::validate`] that reads no key, O(channels): the
    /// tick rate, the duration and each channel's node. Cheap enough to run
    /// before every sample (lab04's `check_frame` does).
    pub fn validate_shape(&self, nodes: usize) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        validate::clip_shape(self, nodes, &mut problems);
        ValidationError::from_problems(problems.into_iter().map(Problem::Clip).collect())
    }

    /// Length in seconds.
    pub fn duration_seconds(&self) -> f64 {
        self.duration_ticks / self.ticks_per_second
    }
}

/// Everything loaded from one file (or built in code).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// Every node of the scene, parents before children.
    pub skeleton: Skeleton,
    /// Skinned meshes; several may share the skeleton.
    pub meshes: Vec<SkinnedMesh>,
    /// Animations; may be empty.
    pub clips: Vec<Clip>,
    /// Inverse of the root node's world matrix (assimp's "global inverse").
    pub global_inverse: Mat4,
}

impl Model {
    /// Index of the clip with this name, or with this decimal index.
    pub fn find_clip(&self, name_or_index: &str) -> Option<usize> {
        if let Some(i) = self.clips.iter().position(|c| c.name == name_or_index) {
            return Some(i);
        }
        name_or_index.parse::<usize>().ok().filter(|&i| i < self.clips.len())
    }

    /// Number of bones over all meshes.
    pub fn bone_count(&self) -> usize {
        self.meshes.iter().map(|m| m.bones.len()).sum()
    }

    /// Number of vertices over all meshes.
    pub fn vertex_count(&self) -> usize {
        self.meshes.iter().map(|m| m.positions.len()).sum()
    }

    /// Lists everything that would break a lab: bad indices, parent order
    /// and cycles, non-finite numbers (transforms, vertices, keys, matrices),
    /// weights, and the clip rulebook (see [`Clip::validate`]).
    pub fn validate(&self) -> Result<(), ValidationError> {
        let mut problems = Vec::new();
        validate::skeleton(&self.skeleton, &mut problems);
        if !self.global_inverse.is_finite() {
            problems.push(Problem::GlobalInverseNotFinite);
        }
        for (m, mesh) in self.meshes.iter().enumerate() {
            validate::mesh(mesh, m, self.skeleton.nodes.len(), &mut problems);
        }
        for (c, clip) in self.clips.iter().enumerate() {
            let mut found = Vec::new();
            validate::clip(clip, self.skeleton.nodes.len(), &mut found);
            problems.extend(found.into_iter().map(|p| Problem::Clip(ClipProblem { index: Some(c), ..p })));
        }
        ValidationError::from_problems(problems)
    }
}

#[cfg(test)]
mod tests;
