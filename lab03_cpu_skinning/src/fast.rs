//! Going further: the same linear blend skinning, laid out for the CPU.
//!
//! The reference (`solution::skin_mesh_into`) is written to be read: one
//! vertex at a time, a full `Mat4` per influence (4 slots, always), a
//! `push` per result. This module computes the same positions and normals,
//! but arranges the data so that the compiler can keep the vector units busy:
//!
//! 1. **Once per mesh** ([`FastMesh::new`]): check the per-vertex data, then
//!    store it in blocks of [`BLOCK`] vertices, *struct of arrays* (all the x,
//!    then all the y, ...), with every vertex's bones turned into palette
//!    indices and its empty slots pointing at an identity matrix.
//! 2. **Once per call** ([`skin_fast`]): check the matrices, then turn each
//!    gradient `Mat4` into a 3x4 affine (12 floats: the bottom row of a
//!    skinning matrix is always `0 0 0 1`, so blending it is wasted work).
//! 3. **Per block**, two passes. *Blend*: per vertex, the weighted sum of its
//!    affines, 12 floats wide, no branch on weights. *Transform*: per lane,
//!    the position, the cofactor normal and its normalisation; lane `i` of
//!    every array belongs to vertex `i`, so the compiler runs 8 or 16 vertices
//!    per instruction. In between, the blended matrices go through a scratch
//!    array in groups of 4 floats, a layout the compiler can transpose with a
//!    few shuffles (other layouts cost it one instruction per float).
//! 4. Blocks are independent, so [`skin_fast`] can split them over threads.
//!
//! Measured on the Zen 4 machine this was written on, one thread, 4
//! influences per vertex: about 4.7 ns per vertex with AVX-512, 7 with AVX2,
//! 18 for the reference. Tangents are not skinned here (see [`skin_fast`]).
//!
//! ## The speed trap: FMA
//!
//! `a.mul_add(b, c)` is one instruction only if the CPU has FMA *and the
//! compiler is told so*. Built for plain x86-64 it becomes a call to a
//! software `fmaf`: correct, and about 25 times slower than `a * b + c`. So
//! the kernel is generic over "use FMA or not" and compiled three times: with
//! AVX-512, with AVX2 + FMA (each behind `#[target_feature]`, chosen at run
//! time with `is_x86_feature_detected!`), and a portable version that never
//! calls `mul_add` unless FMA is part of the build target.

use std::thread;

use common::model::SkinnedMesh;
use glam::{Mat4, Vec3};

use crate::skin::{SkinError, Skinned};

/// Vertices per block: a multiple of the widest vector (16 floats). Measured
/// here: 32 and 256 were slower; 128 was much slower with AVX2.
pub const BLOCK: usize = 64;

/// The fewest vertices worth a thread of their own. Starting and joining a
/// thread costs tens of microseconds (35 measured here), about as long as
/// skinning 7,000 vertices, so smaller shares stay on fewer threads.
pub const MIN_VERTICES_PER_THREAD: usize = 16_384;

/// A gradient matrix without its constant bottom row: columns `x, y, z` (the
/// 3x3 part) then the translation, 12 floats, 48 bytes.
#[derive(Clone, Copy)]
struct Affine([f32; 12]);

impl Affine {
    const IDENTITY: Affine = Affine([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);

    fn from_mat4(m: &Mat4) -> Affine {
        let (x, y, z, t) = (m.x_axis, m.y_axis, m.z_axis, m.w_axis);
        Affine([x.x, x.y, x.z, y.x, y.y, y.z, z.x, z.y, z.z, t.x, t.y, t.z])
    }
}

/// [`BLOCK`] vertices, struct of arrays. Slots past the mesh's last vertex
/// hold a zero vertex that follows the identity; their results are dropped.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block {
    /// Bind-pose positions: `position[axis][vertex]`.
    position: [[f32; BLOCK]; 3],
    /// Bind-pose normals, same layout (zeros when the mesh has none).
    normal: [[f32; BLOCK]; 3],
    /// Palette index of each influence: bone + 1, and 0 (the identity) for
    /// an empty slot. Non-empty slots come first.
    palette: [[u32; 4]; BLOCK],
    /// Weight of each influence, in the same slot.
    weight: [[f32; 4]; BLOCK],
    /// The most influences any vertex of the block has (1 to 4): the blend
    /// pass only visits that many slots.
    slots: usize,
}

const EMPTY_BLOCK: Block = Block {
    position: [[0.0; BLOCK]; 3],
    normal: [[0.0; BLOCK]; 3],
    palette: [[0; 4]; BLOCK],
    weight: [[1.0, 0.0, 0.0, 0.0]; BLOCK],
    slots: 1,
};

/// A skinned mesh prepared for [`skin_fast`]: checked once, then stored in
/// the layout the loop wants (blocks of [`BLOCK`] vertices, struct of
/// arrays, palette indices instead of bone ids). Build it once per mesh and
/// reuse it every frame; it does not borrow the mesh.
#[derive(Clone)]
pub struct FastMesh {
    vertices: usize,
    bones: usize,
    has_normals: bool,
    /// The largest bone id in any slot: checked against the number of
    /// matrices on every call (an unused slot must name a real bone too).
    max_bone: Option<u32>,
    /// Every vertex's ids as given, to name the first bad one in an error.
    ids: Vec<[u32; 4]>,
    blocks: Vec<Block>,
}

impl FastMesh {
    /// Checks the per-vertex data the way [`crate::skin::check_skin`] does
    /// (list lengths, weights finite, non-negative and summing to 1 or 0),
    /// then rearranges it. The checks that depend on the matrices happen in
    /// [`skin_fast`], on every call.
    ///
    /// A vertex whose weights are all 0 stays in its bind pose, as in the
    /// reference: it gets the identity with weight 1.
    pub fn new(mesh: &SkinnedMesh) -> Result<FastMesh, SkinError> {
        let vertices = mesh.positions.len();
        crate::skin::check_lists(mesh)?;
        let mut blocks = vec![EMPTY_BLOCK; vertices.div_ceil(BLOCK)];
        let mut max_bone = None;
        for (vertex, inf) in mesh.influences.iter().enumerate() {
            let sum: f32 = inf.weights.iter().sum();
            let bad = inf.weights.iter().any(|w| !w.is_finite() || *w < 0.0);
            if bad || (sum != 0.0 && (sum - 1.0).abs() > 1e-3) {
                return Err(SkinError::BadWeights { vertex, sum });
            }
            max_bone = max_bone.max(inf.ids.iter().copied().max());
            let (block, i) = (&mut blocks[vertex / BLOCK], vertex % BLOCK);
            let p = mesh.positions[vertex];
            let n = mesh.normals.get(vertex).copied().unwrap_or(Vec3::ZERO);
            for axis in 0..3 {
                block.position[axis][i] = p[axis];
                block.normal[axis][i] = n[axis];
            }
            // Non-empty slots first, in their original order (so the sum runs
            // in the reference's order); the rest stay "identity, weight 0".
            let mut used = 0;
            block.weight[i] = [0.0; 4];
            for (&id, &w) in inf.ids.iter().zip(&inf.weights).filter(|(_, w)| **w != 0.0) {
                // Bone u32::MAX would need 2^32 matrices: no slice that big exists.
                let index =
                    id.checked_add(1).ok_or(SkinError::BoneOutOfRange { vertex, id, matrices: u32::MAX as usize })?;
                block.palette[i][used] = index;
                block.weight[i][used] = w;
                used += 1;
            }
            if used == 0 {
                block.weight[i][0] = 1.0; // the identity: stay in the bind pose
                used = 1;
            }
            block.slots = if i == 0 { used } else { block.slots.max(used) };
        }
        let ids = mesh.influences.iter().map(|inf| inf.ids).collect();
        Ok(FastMesh { vertices, bones: mesh.bones.len(), has_normals: !mesh.normals.is_empty(), max_bone, ids, blocks })
    }

    /// Number of vertices (the length of every output list).
    pub fn vertex_count(&self) -> usize {
        self.vertices
    }

    /// The first vertex (in mesh order) that names a bone with no matrix, in
    /// any slot, as [`crate::skin::check_skin`] reports it.
    fn first_out_of_range(&self, matrices: usize) -> Option<SkinError> {
        self.ids.iter().enumerate().find_map(|(vertex, ids)| {
            let id = *ids.iter().find(|&&id| id as usize >= matrices)?;
            Some(SkinError::BoneOutOfRange { vertex, id, matrices })
        })
    }
}

/// Skins positions and normals with linear blend skinning, like
/// `solution::skin_mesh_into(.., Method::LinearBlend, ..)`, into buffers kept
/// from frame to frame. The results agree with it to about 1e-5 (FMA rounds
/// differently); normals have unit length, or keep their bind-pose value
/// where the reference does too.
///
/// `gradients` has one matrix per bone, as for the reference, and is checked
/// the same way (count, finiteness, bones named by the vertices) before any
/// vertex is touched. **Tangents are not skinned:** `out.tangents` is left
/// empty. Skinning them costs another 3x3 transform and a re-orthogonalisation
/// per vertex; a renderer that needs them can use the reference.
///
/// `threads` is the most threads to use: the blocks are split over them with
/// [`std::thread::scope`], the calling thread taking the last share, but no
/// thread gets fewer than [`MIN_VERTICES_PER_THREAD`] vertices. 0 and 1 both
/// mean "this thread only": nothing is spawned.
pub fn skin_fast(mesh: &FastMesh, gradients: &[Mat4], out: &mut Skinned, threads: usize) -> Result<(), SkinError> {
    if gradients.len() < mesh.bones {
        return Err(SkinError::TooFewMatrices { bones: mesh.bones, matrices: gradients.len() });
    }
    if let Some(bone) = gradients.iter().position(|m| !m.is_finite()) {
        return Err(SkinError::NotFinite { bone });
    }
    if mesh.max_bone.is_some_and(|id| id as usize >= gradients.len()) {
        return Err(mesh.first_out_of_range(gradients.len()).expect("max_bone names an out-of-range bone"));
    }
    // Palette index 0 is the identity, index b + 1 is bone b.
    let palette: Vec<Affine> =
        std::iter::once(Affine::IDENTITY).chain(gradients.iter().map(Affine::from_mat4)).collect();

    // `resize` keeps the buffers (and does nothing when the size is right):
    // every element is overwritten below.
    out.positions.resize(mesh.vertices, Vec3::ZERO);
    out.normals.resize(if mesh.has_normals { mesh.vertices } else { 0 }, Vec3::ZERO);
    out.tangents.clear();

    let threads = threads.min(mesh.vertices / MIN_VERTICES_PER_THREAD).max(1);
    let per_thread = mesh.blocks.len().div_ceil(threads) * BLOCK;
    let (mut blocks, mut positions, mut normals) = (&mesh.blocks[..], &mut out.positions[..], &mut out.normals[..]);
    thread::scope(|scope| {
        let palette = &palette;
        while positions.len() > per_thread {
            let (b, rest_b) = blocks.split_at(per_thread / BLOCK);
            let (p, rest_p) = std::mem::take(&mut positions).split_at_mut(per_thread);
            let split = per_thread.min(normals.len()); // 0 when the mesh has no normals
            let (n, rest_n) = std::mem::take(&mut normals).split_at_mut(split);
            scope.spawn(move || skin_blocks(b, palette, p, n));
            (blocks, positions, normals) = (rest_b, rest_p, rest_n);
        }
        skin_blocks(blocks, palette, positions, normals);
    });
    Ok(())
}

/// Which kernel [`skin_fast`] runs on this CPU: `"avx512"`, `"avx2+fma"` or
/// `"portable"` (for benchmark reports).
pub fn kernel_name() -> &'static str {
    ["portable", "avx2+fma", "avx512"][simd_level()]
}

/// 2: AVX-512 (F and VL), AVX2 and FMA; 1: AVX2 and FMA; 0: not all of those.
fn simd_level() -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            return 1 + (is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vl")) as usize;
        }
    }
    0
}

/// Runs the best kernel for this CPU over some blocks and their outputs.
fn skin_blocks(blocks: &[Block], palette: &[Affine], positions: &mut [Vec3], normals: &mut [Vec3]) {
    #[cfg(target_arch = "x86_64")]
    {
        let level = simd_level();
        if level > 0 {
            // SAFETY: `simd_level` has just checked that this CPU has every
            // feature the chosen function is compiled with (AVX2 and FMA, plus
            // AVX-512 F and VL for level 2); that is their only requirement.
            unsafe {
                if level == 2 {
                    skin_blocks_avx512(blocks, palette, positions, normals)
                } else {
                    skin_blocks_avx2(blocks, palette, positions, normals)
                }
            }
            return;
        }
    }
    // Use FMA only where the build target guarantees it (never a software fmaf).
    const FMA: bool = cfg!(any(target_feature = "fma", target_arch = "aarch64"));
    skin_blocks_generic::<FMA>(blocks, palette, positions, normals);
}

/// The kernel compiled with AVX-512: 16 lanes per instruction, 32 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma,avx512f,avx512vl")]
fn skin_blocks_avx512(blocks: &[Block], palette: &[Affine], positions: &mut [Vec3], normals: &mut [Vec3]) {
    skin_blocks_generic::<true>(blocks, palette, positions, normals);
}

/// The kernel compiled with AVX2 and FMA: 8 lanes per instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn skin_blocks_avx2(blocks: &[Block], palette: &[Affine], positions: &mut [Vec3], normals: &mut [Vec3]) {
    skin_blocks_generic::<true>(blocks, palette, positions, normals);
}

/// `a * b + c`, fused into one instruction (and one rounding) when `FMA`.
#[inline(always)]
fn madd<const FMA: bool>(a: f32, b: f32, c: f32) -> f32 {
    if FMA { a.mul_add(b, c) } else { a * b + c }
}

/// The blended matrices of one block, 12 floats per vertex in 3 groups of 4:
/// `group[g][vertex] = floats 4g..4g+4` of the vertex's affine.
type Blended = [[[f32; 4]; BLOCK]; 3];

/// Everything inlined into the `#[target_feature]` callers, so that it is
/// compiled (and vectorised) with their instruction sets.
#[inline(always)]
fn skin_blocks_generic<const FMA: bool>(
    blocks: &[Block],
    palette: &[Affine],
    positions: &mut [Vec3],
    normals: &mut [Vec3],
) {
    let mut blended: Blended = [[[0.0; 4]; BLOCK]; 3];
    let mut spare = ([Vec3::ZERO; BLOCK], [Vec3::ZERO; BLOCK]);
    for (b, block) in blocks.iter().enumerate() {
        match block.slots {
            1 => blend::<FMA, 1>(block, palette, &mut blended),
            2 => blend::<FMA, 2>(block, palette, &mut blended),
            3 => blend::<FMA, 3>(block, palette, &mut blended),
            _ => blend::<FMA, 4>(block, palette, &mut blended),
        }
        let range = b * BLOCK..((b + 1) * BLOCK).min(positions.len());
        let full_p: Option<&mut [Vec3; BLOCK]> = (&mut positions[range.clone()]).try_into().ok();
        let full_n: Option<&mut [Vec3; BLOCK]> = normals.get_mut(range.clone()).and_then(|n| n.try_into().ok());
        match (full_p, full_n) {
            (Some(p), Some(n)) => transform::<FMA>(block, &blended, p, n),
            _ => {
                // The last, partial block, or a mesh without normals.
                transform::<FMA>(block, &blended, &mut spare.0, &mut spare.1);
                let len = range.len();
                positions[range.clone()].copy_from_slice(&spare.0[..len]);
                if let Some(n) = normals.get_mut(range) {
                    n.copy_from_slice(&spare.1[..len]);
                }
            }
        }
    }
}

/// Blend pass: per vertex, `sum of weight * affine` over its first `SLOTS`
/// influences. The 12 floats of a row are independent, so the compiler turns
/// each `for e` into a few vector multiply-adds, with no branch on weights.
#[inline(always)]
fn blend<const FMA: bool, const SLOTS: usize>(block: &Block, palette: &[Affine], blended: &mut Blended) {
    for i in 0..BLOCK {
        let (index, weight) = (&block.palette[i], &block.weight[i]);
        let first = &palette[index[0] as usize].0;
        let mut sum: [f32; 12] = std::array::from_fn(|e| first[e] * weight[0]);
        for slot in 1..SLOTS {
            let m = &palette[index[slot] as usize].0;
            for e in 0..12 {
                sum[e] = madd::<FMA>(m[e], weight[slot], sum[e]);
            }
        }
        for (g, group) in blended.iter_mut().enumerate() {
            group[i] = [sum[4 * g], sum[4 * g + 1], sum[4 * g + 2], sum[4 * g + 3]];
        }
    }
}

/// Transform pass, one lane per vertex: the position, then the normal
/// through the cofactor matrix of the blended 3x3 (columns `b x c, c x a,
/// a x b`: the inverse transpose times the determinant, without dividing),
/// its direction flipped when the determinant is negative, then normalised.
/// A normal squashed to nothing keeps its bind-pose value, as in the reference.
#[inline(always)]
fn transform<const FMA: bool>(
    block: &Block,
    blended: &Blended,
    positions: &mut [Vec3; BLOCK],
    normals: &mut [Vec3; BLOCK],
) {
    let f = madd::<FMA>;
    for i in 0..BLOCK {
        let [ax, ay, az, bx] = blended[0][i];
        let [by, bz, cx, cy] = blended[1][i];
        let [cz, tx, ty, tz] = blended[2][i];
        let [x, y, z] = [block.position[0][i], block.position[1][i], block.position[2][i]];
        positions[i] = Vec3::new(
            f(ax, x, f(bx, y, f(cx, z, tx))),
            f(ay, x, f(by, y, f(cy, z, ty))),
            f(az, x, f(bz, y, f(cz, z, tz))),
        );

        let (k0x, k0y, k0z) = (f(by, cz, -bz * cy), f(bz, cx, -bx * cz), f(bx, cy, -by * cx)); // b x c
        let (k1x, k1y, k1z) = (f(cy, az, -cz * ay), f(cz, ax, -cx * az), f(cx, ay, -cy * ax)); // c x a
        let (k2x, k2y, k2z) = (f(ay, bz, -az * by), f(az, bx, -ax * bz), f(ax, by, -ay * bx)); // a x b
        let det = f(ax, k0x, f(ay, k0y, az * k0z));
        let [nx, ny, nz] = [block.normal[0][i], block.normal[1][i], block.normal[2][i]];
        let qx = f(k0x, nx, f(k1x, ny, k2x * nz));
        let qy = f(k0y, nx, f(k1y, ny, k2y * nz));
        let qz = f(k0z, nx, f(k1z, ny, k2z * nz));
        let inverse_length = 1.0 / f(qx, qx, f(qy, qy, qz * qz)).sqrt();
        let scale = inverse_length.copysign(det);
        let ok = inverse_length.is_finite() && inverse_length > 0.0;
        normals[i] = if ok { Vec3::new(qx * scale, qy * scale, qz * scale) } else { Vec3::new(nx, ny, nz) };
    }
}
