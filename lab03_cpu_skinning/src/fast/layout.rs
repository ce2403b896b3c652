//! The fast path's data: the mesh in chunks of 16 vertices (built once,
//! checked), and what the kernels share.

use common::model::SkinnedMesh;
use glam::Vec3;

use super::LANES;
use super::palette::{PALETTE_ROWS, Row};
use crate::given::SkinError;

/// [`LANES`] vertices, struct of arrays. Slots past the mesh's last vertex
/// hold a zero vertex that follows the identity; their results are dropped.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Chunk {
    /// Bind-pose positions: `position[axis][vertex]`.
    pub(crate) position: [[f32; LANES]; 3],
    /// Bind-pose normals, same layout (zeros when the mesh has none).
    pub(crate) normal: [[f32; LANES]; 3],
    /// Palette index of each influence: bone + 1, and 0 (the identity) for
    /// an empty slot. Non-empty slots come first. 16 bits, as in ozz: every
    /// byte read costs time once the mesh outgrows the caches.
    pub(crate) palette: [[u16; 4]; LANES],
    /// Weight of each influence, in the same slot.
    pub(crate) weight: [[f32; 4]; LANES],
}

/// The slot count of a chunk whose vertices all have the same influences
/// (a rigid part, or a ring of a limb): its matrix is blended once, for
/// lane 0, and broadcast to every lane, with no per-vertex blend and no
/// transpose.
pub(crate) const UNIFORM: u8 = 0;

/// The most bones [`FastMesh`] takes: palette indices are 16 bits.
pub const MAX_BONES: usize = u16::MAX as usize;

const EMPTY_CHUNK: Chunk = Chunk {
    position: [[0.0; LANES]; 3],
    normal: [[0.0; LANES]; 3],
    palette: [[0; 4]; LANES],
    weight: [[1.0, 0.0, 0.0, 0.0]; LANES],
};

/// What a kernel is given: some chunks, their slot counts (1 to 4), the
/// palette (identity first), and where their results go (`normals` is empty
/// for a mesh without normals).
pub(crate) struct Work<'a> {
    pub(crate) chunks: &'a [Chunk],
    pub(crate) slots: &'a [u8],
    pub(crate) palette: &'a [Row; PALETTE_ROWS],
    pub(crate) positions: &'a mut [Vec3],
    pub(crate) normals: &'a mut [Vec3],
}

/// The work one call did, counted once per chunk where the kernel does it.
/// It is how the tests check that the fast path does less work than the
/// reference, deterministically: a clock would say the same on a quiet
/// machine and nothing on a busy one. Only [`count_fast_on`](super::count_fast_on)
/// counts: the kernels take the counter as a type ([`Tally`]), and the
/// production paths pass [`NoTally`], whose counting compiles to nothing
/// (counting in the hot loop cost 1 to 5% more instructions, measured).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Chunks of [`LANES`] vertices skinned (the last may be partial).
    pub chunks: usize,
    /// Chunks whose vertices all share one set of influences.
    pub uniform_chunks: usize,
    /// Matrices blended for the uniform chunks: one per run of uniform
    /// chunks with the same influences (the next chunk of the run reuses
    /// it), so at most `uniform_chunks`.
    pub uniform_blends: usize,
    /// `weight * matrix` products in the other chunks: [`LANES`] times the
    /// chunk's slot count (its busiest vertex's influences) each. The
    /// reference does 4 per vertex, whatever the vertex uses.
    pub slot_products: usize,
}

/// What a kernel counts as it goes: [`Cost`] for the work check, or
/// [`NoTally`] for the production paths.
pub(crate) trait Tally: Default + Copy {
    /// Counts one chunk with slot count `used` ([`UNIFORM`] or 1 to 4).
    fn chunk(&mut self, used: u8);
    /// Counts a chunk's blend of `slots` slots per vertex (counted where
    /// the kernel blends, so it is the work done, not the work planned).
    fn blended(&mut self, slots: usize);
    /// Counts one matrix blended for a run of uniform chunks.
    fn uniform_blend(&mut self);
    /// The sum of two counts (of two shares of one call).
    fn plus(self, other: Self) -> Self;
}

impl Tally for Cost {
    #[inline(always)]
    fn chunk(&mut self, used: u8) {
        self.chunks += 1;
        self.uniform_chunks += usize::from(used == UNIFORM);
    }

    #[inline(always)]
    fn blended(&mut self, slots: usize) {
        self.slot_products += LANES * slots;
    }

    #[inline(always)]
    fn uniform_blend(&mut self) {
        self.uniform_blends += 1;
    }

    fn plus(self, other: Cost) -> Cost {
        Cost {
            chunks: self.chunks + other.chunks,
            uniform_chunks: self.uniform_chunks + other.uniform_chunks,
            uniform_blends: self.uniform_blends + other.uniform_blends,
            slot_products: self.slot_products + other.slot_products,
        }
    }
}

/// Counts nothing: the production paths' [`Tally`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoTally;

impl Tally for NoTally {
    #[inline(always)]
    fn chunk(&mut self, _: u8) {}
    #[inline(always)]
    fn blended(&mut self, _: usize) {}
    #[inline(always)]
    fn uniform_blend(&mut self) {}
    fn plus(self, _: NoTally) -> NoTally {
        NoTally
    }
}

/// Chunks per share of the work: 1,024 vertices, a few microseconds.
/// Shares are handed out one at a time ([`Shares`]), so they are small
/// enough to even out threads that start late, and large enough that
/// taking one costs nothing in comparison.
const SHARE_CHUNKS: usize = 64;

/// The work still to do, handed out in shares of [`SHARE_CHUNKS`] chunks,
/// in mesh order, each with its own slices of the outputs (so threads can
/// take them in any order).
pub(crate) struct Shares<'a>(pub(crate) Work<'a>);

impl<'a> Work<'a> {
    /// The chunks before `at` and the rest, each with its slices of the
    /// outputs. Every chunk but the last is full, so the first part holds
    /// `at * LANES` vertices (all of them, if it takes the last chunk).
    fn split_at(self, at: usize) -> (Work<'a>, Work<'a>) {
        let vertices = (at * LANES).min(self.positions.len());
        let (c0, c1) = self.chunks.split_at(at);
        let (s0, s1) = self.slots.split_at(at);
        let (p0, p1) = self.positions.split_at_mut(vertices);
        // `normals` is empty when the mesh has none.
        let (n0, n1) = self.normals.split_at_mut(vertices.min(self.normals.len()));
        let palette = self.palette;
        (
            Work { chunks: c0, slots: s0, palette, positions: p0, normals: n0 },
            Work { chunks: c1, slots: s1, palette, positions: p1, normals: n1 },
        )
    }
}

impl<'a> Shares<'a> {
    /// Cuts the work left at chunk `at`: `front` says which part is handed
    /// out (the other stays to do).
    fn take(&mut self, at: usize, front: bool) -> Option<Work<'a>> {
        if self.0.chunks.is_empty() {
            return None;
        }
        let empty = Work { chunks: &[], slots: &[], palette: self.0.palette, positions: &mut [], normals: &mut [] };
        let (first, second) = std::mem::replace(&mut self.0, empty).split_at(at);
        let (share, rest) = if front { (first, second) } else { (second, first) };
        self.0 = rest;
        Some(share)
    }
}

impl<'a> Iterator for Shares<'a> {
    type Item = Work<'a>;

    fn next(&mut self) -> Option<Work<'a>> {
        self.take(SHARE_CHUNKS.min(self.0.chunks.len()), true)
    }
}

/// The last share first: with two threads, one takes shares from the front
/// and the other from the back, so each works on about the same half of
/// the mesh on every call, and finds it still in its own caches.
impl DoubleEndedIterator for Shares<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.take(self.0.chunks.len().saturating_sub(SHARE_CHUNKS), false)
    }
}

/// A skinned mesh prepared for [`skin_fast`](super::skin_fast): checked once, then stored in
/// the layout the loop wants (chunks of [`LANES`] vertices, struct of
/// arrays, palette indices instead of bone ids). Build it once per mesh and
/// reuse it every frame; it does not borrow the mesh.
#[derive(Clone)]
pub struct FastMesh {
    pub(super) vertices: usize,
    pub(super) bones: usize,
    pub(super) has_normals: bool,
    /// The largest bone id in any slot: checked against the number of
    /// matrices on every call (an unused slot must name a real bone too).
    pub(super) max_bone: Option<u32>,
    /// Every vertex's ids as given, to name the first bad one in an error.
    ids: Vec<[u32; 4]>,
    pub(super) chunks: Vec<Chunk>,
    /// Per chunk, the most influences any of its vertices has (1 to 4), or
    /// [`UNIFORM`].
    pub(super) slots: Vec<u8>,
}

impl FastMesh {
    /// Checks the per-vertex data the way [`crate::given::check_skin`] does
    /// (list lengths, weights finite, non-negative and summing to 1 or 0),
    /// then rearranges it. The checks that depend on the matrices happen in
    /// [`skin_fast`](super::skin_fast), on every call.
    ///
    /// A vertex whose weights are all 0 stays in its bind pose, as in the
    /// reference: it gets the identity with weight 1. A vertex naming a bone
    /// id of [`MAX_BONES`] or more is refused (`BoneOutOfRange`).
    pub fn new(mesh: &SkinnedMesh) -> Result<FastMesh, SkinError> {
        let vertices = mesh.positions.len();
        crate::given::check_lists(mesh)?;
        let mut chunks = vec![EMPTY_CHUNK; vertices.div_ceil(LANES)];
        let mut slots = vec![1u8; chunks.len()];
        let mut max_bone = None;
        for (vertex, inf) in mesh.influences.iter().enumerate() {
            let sum: f32 = inf.weights.iter().sum();
            let bad = inf.weights.iter().any(|w| !w.is_finite() || *w < 0.0);
            if bad || (sum != 0.0 && (sum - 1.0).abs() > 1e-3) {
                return Err(SkinError::BadWeights { vertex, sum });
            }
            max_bone = max_bone.max(inf.ids.iter().copied().max());
            let (chunk, i) = (&mut chunks[vertex / LANES], vertex % LANES);
            let p = mesh.positions[vertex];
            let n = mesh.normals.get(vertex).copied().unwrap_or(Vec3::ZERO);
            for axis in 0..3 {
                chunk.position[axis][i] = p[axis];
                chunk.normal[axis][i] = n[axis];
            }
            // Non-empty slots first, in their original order (so the sum runs
            // in the reference's order); the rest stay "identity, weight 0".
            let mut used = 0;
            chunk.weight[i] = [0.0; 4];
            for (&id, &w) in inf.ids.iter().zip(&inf.weights).filter(|(_, w)| **w != 0.0) {
                let index = id.checked_add(1).and_then(|i| u16::try_from(i).ok());
                let index = index.ok_or(SkinError::BoneOutOfRange { vertex, id, matrices: MAX_BONES })?;
                chunk.palette[i][used] = index;
                chunk.weight[i][used] = w;
                used += 1;
            }
            if used == 0 {
                chunk.weight[i][0] = 1.0; // the identity: stay in the bind pose
                used = 1;
            }
            slots[vertex / LANES] = slots[vertex / LANES].max(used as u8);
        }
        for (c, chunk) in chunks.iter().enumerate() {
            let real = LANES.min(vertices - c * LANES);
            let same = |i: &usize| chunk.palette[*i] == chunk.palette[0] && chunk.weight[*i] == chunk.weight[0];
            if (1..real).all(|i| same(&i)) {
                slots[c] = UNIFORM;
            }
        }
        let ids = mesh.influences.iter().map(|inf| inf.ids).collect();
        Ok(FastMesh {
            vertices,
            bones: mesh.bones.len(),
            has_normals: !mesh.normals.is_empty(),
            max_bone,
            ids,
            chunks,
            slots,
        })
    }

    /// Number of vertices (the length of every output list).
    pub fn vertex_count(&self) -> usize {
        self.vertices
    }

    /// The first vertex (in mesh order) that names a bone with no matrix, in
    /// any slot, as [`crate::given::check_skin`] reports it.
    pub(super) fn first_out_of_range(&self, matrices: usize) -> Option<SkinError> {
        self.ids.iter().enumerate().find_map(|(vertex, ids)| {
            let id = *ids.iter().find(|&&id| id as usize >= matrices)?;
            Some(SkinError::BoneOutOfRange { vertex, id, matrices })
        })
    }
}

/// The matrix of a [`UNIFORM`] chunk, blended once in scalar code, with
/// its normal matrix: the cofactor of the 3x3 times the sign of its
/// determinant, so that the normal is `N n`, normalised. The kernels
/// broadcast each entry to every lane: no per-vertex blend, transpose or
/// cofactor.
#[derive(Clone, Copy)]
pub(crate) struct Uniform {
    /// Lane 0's influences: the next uniform chunk with the same ones (the
    /// rest of a rigid part) reuses this.
    key: ([u16; 4], [f32; 4]),
    /// Columns x, y, z and the translation.
    pub(crate) matrix: [[f32; 3]; 4],
    /// Columns of the normal matrix.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // read by the SIMD kernels only
    pub(crate) normal: [[f32; 3]; 3],
}

impl Uniform {
    /// `last` if it has this chunk's influences, else a new one (kept in
    /// `last`, and counted in `cost`). Returned by reference: a copy per chunk would cost more
    /// than the comparison saves.
    #[inline(always)]
    pub(crate) fn of<'a>(
        chunk: &Chunk,
        palette: &[Row; PALETTE_ROWS],
        last: &'a mut Option<Uniform>,
        cost: &mut impl Tally,
    ) -> &'a Uniform {
        let key = (chunk.palette[0], chunk.weight[0]);
        if !matches!(last, Some(u) if u.key == key) {
            cost.uniform_blend();
            *last = Some(Uniform::new(key, palette));
        }
        last.as_ref().expect("just set")
    }

    fn new(key: ([u16; 4], [f32; 4]), palette: &[Row; PALETTE_ROWS]) -> Uniform {
        let mut m = [0.0f32; 16];
        for (&index, &w) in key.0.iter().zip(&key.1) {
            for (sum, entry) in m.iter_mut().zip(&palette[index as usize].0) {
                *sum += w * entry;
            }
        }
        let column = |k: usize| Vec3::new(m[4 * k], m[4 * k + 1], m[4 * k + 2]);
        let (a, b, c) = (column(0), column(1), column(2));
        let (k0, k1, k2) = (b.cross(c), c.cross(a), a.cross(b));
        let sign = if a.dot(k0).is_sign_negative() { -1.0 } else { 1.0 };
        Uniform {
            key,
            matrix: [a, b, c, column(3)].map(|v| v.to_array()),
            normal: [k0, k1, k2].map(|v| (v * sign).to_array()),
        }
    }
}

/// Where chunk `index`'s 16 results go: straight into the output when the
/// chunk is full and the mesh has normals, else into `spare` (the last,
/// partial chunk, or a mesh without normals), for [`finish_chunk`] to copy.
/// (Two calls rather than one taking a closure: a closure handed to a
/// function compiled without AVX is not inlined into the kernel.)
#[inline(always)]
pub(crate) fn chunk_output<'a>(
    index: usize,
    positions: &'a mut [Vec3],
    normals: &'a mut [Vec3],
    spare: &'a mut [[Vec3; LANES]; 2],
) -> (&'a mut [Vec3; LANES], &'a mut [Vec3; LANES]) {
    let range = index * LANES..(index + 1) * LANES;
    if range.end <= positions.len() && range.end <= normals.len() {
        let p = (&mut positions[range.clone()]).try_into().expect("16 positions");
        let n = (&mut normals[range]).try_into().expect("16 normals");
        return (p, n);
    }
    let [p, n] = spare;
    (p, n)
}

/// After a chunk's results were written where [`chunk_output`] said: copies
/// them from `spare` when that is where they went.
#[inline(always)]
pub(crate) fn finish_chunk(index: usize, positions: &mut [Vec3], normals: &mut [Vec3], spare: &[[Vec3; LANES]; 2]) {
    let range = index * LANES..((index + 1) * LANES).min(positions.len());
    if range.len() == LANES && range.end <= normals.len() {
        return; // written in place
    }
    let len = range.len();
    positions[range.clone()].copy_from_slice(&spare[0][..len]);
    if let Some(n) = normals.get_mut(range) {
        n.copy_from_slice(&spare[1][..len]);
    }
}
