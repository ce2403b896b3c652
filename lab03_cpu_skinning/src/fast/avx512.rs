//! The fast path's loop with AVX-512 written out: 16 floats per register, a
//! whole chunk per instruction, and 32 registers, so a chunk's 16 blended
//! rows can stay in registers. The steps and the maths are `portable.rs`'s.
//!
//! Every helper is small and called from one place, so the compiler inlines
//! it: a `#[target_feature]` function cannot be `#[inline(always)]`, and an
//! array of registers returned from a call that is not inlined goes through
//! memory. For the same reason there is no closure or `array::from_fn` here.

use std::arch::x86_64::*;

use glam::Vec3;

use super::LANES;
use super::layout::{Chunk, Tally, UNIFORM, Uniform, Work, chunk_output, finish_chunk};
use super::palette::{PALETTE_ROWS, Row};

/// 16 lanes of x, y and z.
type V3 = [__m512; 3];

/// Skins every chunk of `work` (see `portable::skin`).
#[target_feature(enable = "avx512f,avx2,fma")]
pub(super) fn skin<T: Tally>(exact: bool, work: Work) -> T {
    if exact { chunks::<true, T>(work) } else { chunks::<false, T>(work) }
}

#[target_feature(enable = "avx512f,avx2,fma")]
fn chunks<const EXACT: bool, T: Tally>(work: Work) -> T {
    let Work { chunks, slots, palette, positions, normals } = work;
    let mut spare = [[Vec3::ZERO; LANES]; 2];
    let mut last = None;
    let mut cost = T::default();
    for (c, (chunk, &used)) in chunks.iter().zip(slots).enumerate() {
        if let Some(ahead) = chunks.get(c + AHEAD) {
            prefetch(ahead);
        }
        let (p, n) = chunk_output(c, positions, normals, &mut spare);
        cost.chunk(used);
        match used {
            UNIFORM => uniform_chunk::<EXACT>(chunk, Uniform::of(chunk, palette, &mut last, &mut cost), p, n),
            1 => blended_chunk::<1, EXACT>(chunk, palette, &mut cost, p, n),
            2 => blended_chunk::<2, EXACT>(chunk, palette, &mut cost, p, n),
            3 => blended_chunk::<3, EXACT>(chunk, palette, &mut cost, p, n),
            _ => blended_chunk::<4, EXACT>(chunk, palette, &mut cost, p, n),
        }
        finish_chunk(c, positions, normals, &spare);
    }
    cost
}

/// How far ahead, in chunks (6 KiB), [`prefetch`] asks for the data. A
/// mesh too big for the L2 cache (the 100k mesh is 4.8 MB of chunks)
/// comes from L3, and the hardware's own prefetching still left the loop
/// waiting: asking 8 chunks ahead took 2% off (measured; 4 did about as
/// well, 16 was slower, and so was prefetching the outputs for writing).
/// The AVX2 kernel, which does more per chunk, gained nothing from it.
const AHEAD: usize = 8;

/// Asks for `chunk`'s 12 cache lines, to be in L1 by the time the loop
/// gets there. A hint: it reads nothing the program sees, and cannot fail.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn prefetch(chunk: &Chunk) {
    let at = (chunk as *const Chunk).cast::<i8>();
    for line in 0..size_of::<Chunk>() / 64 {
        _mm_prefetch::<_MM_HINT_T0>(at.wrapping_add(64 * line));
    }
}

/// 16 floats as a register (the compiler makes it one load).
#[inline(always)]
fn load(a: &[f32; 16]) -> __m512 {
    bytemuck::cast(*a)
}

/// x, y and z arrays of a chunk, as registers.
#[inline(always)]
fn load3(a: &[[f32; LANES]; 3]) -> V3 {
    [load(&a[0]), load(&a[1]), load(&a[2])]
}

/// A chunk whose vertices share one matrix (see [`Uniform`]): every entry
/// broadcast to the lanes, then transformed.
#[target_feature(enable = "avx512f,avx2,fma")]
fn uniform_chunk<const EXACT: bool>(
    chunk: &Chunk,
    u: &Uniform,
    positions: &mut [Vec3; LANES],
    normals: &mut [Vec3; LANES],
) {
    let mut m = [[_mm512_setzero_ps(); 3]; 4];
    let mut k = [[_mm512_setzero_ps(); 3]; 3];
    for (m, u) in m.iter_mut().zip(&u.matrix) {
        for (entry, &value) in m.iter_mut().zip(u) {
            *entry = _mm512_set1_ps(value);
        }
    }
    for (k, u) in k.iter_mut().zip(&u.normal) {
        for (entry, &value) in k.iter_mut().zip(u) {
            *entry = _mm512_set1_ps(value);
        }
    }
    let (p, n) = (load3(&chunk.position), load3(&chunk.normal));
    store(positions, &columns(&m[0], &m[1], &m[2], p, m[3]));
    let normal = if EXACT {
        unit_or_bind(columns(&k[0], &k[1], &k[2], n, [_mm512_setzero_ps(); 3]), n, _mm512_setzero_ps())
    } else {
        columns(&m[0], &m[1], &m[2], n, [_mm512_setzero_ps(); 3])
    };
    store(normals, &normal);
}

/// A chunk whose vertices may differ: blend 16 rows, transpose them,
/// transform.
#[target_feature(enable = "avx512f,avx2,fma")]
fn blended_chunk<const SLOTS: usize, const EXACT: bool>(
    chunk: &Chunk,
    palette: &[Row; PALETTE_ROWS],
    cost: &mut impl Tally,
    positions: &mut [Vec3; LANES],
    normals: &mut [Vec3; LANES],
) {
    cost.blended(SLOTS);
    // Step 1, blend: vertex `i`'s blended row in register `i`, one
    // multiply-add (the weight broadcast from memory) per slot. Sixteen
    // calls written out, not a loop over an array of rows: the compiler
    // keeps them in registers then, instead of zeroing sixteen rows on the
    // stack, writing them and reading them back for the transpose (that
    // round trip was a fifth of the time on the 100k mesh, measured).
    let row = |i: usize| blend_row::<SLOTS>(&chunk.palette[i], &chunk.weight[i], palette);
    let rows = [
        row(0),
        row(1),
        row(2),
        row(3),
        row(4),
        row(5),
        row(6),
        row(7),
        row(8),
        row(9),
        row(10),
        row(11),
        row(12),
        row(13),
        row(14),
        row(15),
    ];
    let [a, b, c, t] = transpose(&rows);
    // Step 3, transform.
    let (p, n) = (load3(&chunk.position), load3(&chunk.normal));
    store(positions, &columns(&a, &b, &c, p, t));
    let normal = if EXACT {
        // The cofactor's columns b x c, c x a, a x b, and the determinant.
        let (k0, k1, k2) = (cross(&b, &c), cross(&c, &a), cross(&a, &b));
        let sign = _mm512_and_si512(_mm512_castps_si512(dot(&a, &k0)), _mm512_set1_epi32(i32::MIN));
        unit_or_bind(columns(&k0, &k1, &k2, n, [_mm512_setzero_ps(); 3]), n, _mm512_castsi512_ps(sign))
    } else {
        columns(&a, &b, &c, n, [_mm512_setzero_ps(); 3])
    };
    store(normals, &normal);
}

/// One vertex's blended row: `sum of weight * palette row` over `SLOTS`.
/// A `u16` index is always in bounds of a [`Palette`](super::palette::Palette):
/// no check per slot.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn blend_row<const SLOTS: usize>(index: &[u16; 4], weight: &[f32; 4], palette: &[Row; PALETTE_ROWS]) -> __m512 {
    let mut sum = _mm512_mul_ps(load(&palette[usize::from(index[0])].0), _mm512_set1_ps(weight[0]));
    for slot in 1..SLOTS {
        sum = _mm512_fmadd_ps(load(&palette[usize::from(index[slot])].0), _mm512_set1_ps(weight[slot]), sum);
    }
    sum
}

/// Step 2, transpose: 16 rows `[ax ay az _ | bx by bz _ | cx cy cz _ | tx ty
/// tz _]` (one per vertex) into the columns x, y, z and the translation,
/// each as 16 lanes of x, y, z. Three rounds of shuffles: pairs of rows
/// (16), quads within each 128-bit block (12), then whole blocks (24). The
/// pads are never produced.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn transpose(rows: &[__m512; LANES]) -> [V3; 4] {
    // Per 128-bit block (= per column): lo = [r0.x r1.x r0.y r1.y], hi = [r0.z r1.z _ _].
    let (mut lo, mut hi) = ([_mm512_setzero_ps(); 8], [_mm512_setzero_ps(); 8]);
    for p in 0..8 {
        lo[p] = _mm512_unpacklo_ps(rows[2 * p], rows[2 * p + 1]);
        hi[p] = _mm512_unpackhi_ps(rows[2 * p], rows[2 * p + 1]);
    }
    // quad[axis][q], per block: that axis of vertices 4q..4q+4.
    let mut quad = [[_mm512_setzero_ps(); 4]; 3];
    for q in 0..4 {
        quad[0][q] = _mm512_shuffle_ps::<0x44>(lo[2 * q], lo[2 * q + 1]);
        quad[1][q] = _mm512_shuffle_ps::<0xEE>(lo[2 * q], lo[2 * q + 1]);
        quad[2][q] = _mm512_shuffle_ps::<0x44>(hi[2 * q], hi[2 * q + 1]);
    }
    // Gather block `column` of the four quads: a 4x4 transpose of blocks.
    let mut m = [[_mm512_setzero_ps(); 3]; 4];
    for (axis, q) in quad.iter().enumerate() {
        let t0 = _mm512_shuffle_f32x4::<0x44>(q[0], q[1]); // blocks a, b of quads 0, 1
        let t1 = _mm512_shuffle_f32x4::<0xEE>(q[0], q[1]); // blocks c, t of quads 0, 1
        let t2 = _mm512_shuffle_f32x4::<0x44>(q[2], q[3]);
        let t3 = _mm512_shuffle_f32x4::<0xEE>(q[2], q[3]);
        m[0][axis] = _mm512_shuffle_f32x4::<0x88>(t0, t2);
        m[1][axis] = _mm512_shuffle_f32x4::<0xDD>(t0, t2);
        m[2][axis] = _mm512_shuffle_f32x4::<0x88>(t1, t3);
        m[3][axis] = _mm512_shuffle_f32x4::<0xDD>(t1, t3);
    }
    m
}

/// `a * v.x + b * v.y + c * v.z + t`, per lane (a 3x3 or 3x4 times a vector).
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn columns(a: &V3, b: &V3, c: &V3, v: V3, t: V3) -> V3 {
    let mut out = t;
    for k in 0..3 {
        out[k] = _mm512_fmadd_ps(a[k], v[0], _mm512_fmadd_ps(b[k], v[1], _mm512_fmadd_ps(c[k], v[2], t[k])));
    }
    out
}

/// `u x v`, per lane: entry k is `u[k+1] v[k+2] - u[k+2] v[k+1]`.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn cross(u: &V3, v: &V3) -> V3 {
    let mut out = [_mm512_setzero_ps(); 3];
    for (k, out) in out.iter_mut().enumerate() {
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        *out = _mm512_fmsub_ps(u[k1], v[k2], _mm512_mul_ps(u[k2], v[k1]));
    }
    out
}

/// `u . v`, per lane.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn dot(u: &V3, v: &V3) -> __m512 {
    _mm512_fmadd_ps(u[0], v[0], _mm512_fmadd_ps(u[1], v[1], _mm512_mul_ps(u[2], v[2])))
}

/// `q` scaled to unit length, its direction flipped where `sign` has the
/// sign bit; where `q` has no length (or overflows), the bind-pose normal
/// `bind`. `1 / |q|` is a 14-bit estimate and one Newton step, `r (1.5 -
/// x/2 r^2)`, good to about 1e-7 and several times cheaper than a square
/// root and a division. The result is `(q r) * step`, not `q * (r step)`:
/// `q r` is ready while the step is computed, so the normal waits one
/// multiply after the step instead of two. That chain, from the blended
/// rows to the stored normal, is what limits the loop (it took 4 to 6%
/// off). "No length" is a squared length below the smallest normal float
/// (whose estimate would overflow), "overflows" an infinite one.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn unit_or_bind(q: V3, bind: V3, sign: __m512) -> V3 {
    let x = _mm512_add_ps(_mm512_fmadd_ps(q[0], q[0], _mm512_mul_ps(q[1], q[1])), _mm512_mul_ps(q[2], q[2]));
    let r = _mm512_rsqrt14_ps(x);
    let step = _mm512_fnmadd_ps(_mm512_mul_ps(_mm512_set1_ps(0.5), x), _mm512_mul_ps(r, r), _mm512_set1_ps(1.5));
    let r = _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(r), _mm512_castps_si512(sign)));
    let ok = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(x, _mm512_set1_ps(f32::MIN_POSITIVE))
        & _mm512_cmp_ps_mask::<_CMP_LT_OQ>(x, _mm512_set1_ps(f32::INFINITY));
    let mut out = bind;
    for k in 0..3 {
        out[k] = _mm512_mask_mul_ps(bind[k], ok, _mm512_mul_ps(q[k], r), step);
    }
    out
}

/// For output register `o` of 3, lane `l`: which vertex and axis goes there.
const fn interleave_table(o: usize, pass: usize) -> [i32; 16] {
    let mut table = [0; 16];
    let mut l = 0;
    while l < 16 {
        let (vertex, axis) = ((16 * o + l) / 3, (16 * o + l) % 3);
        table[l] = match (pass, axis) {
            (0, 0) => vertex as i32,      // x from the first source
            (0, 1) => 16 + vertex as i32, // y from the second
            (1, 2) => 16 + vertex as i32, // z from the second
            (1, _) => l as i32,           // keep what pass 0 put there
            _ => 0,                       // filled by pass 1
        };
        l += 1;
    }
    table
}

const INTERLEAVE: [[[i32; 16]; 3]; 2] = [
    [interleave_table(0, 0), interleave_table(1, 0), interleave_table(2, 0)],
    [interleave_table(0, 1), interleave_table(1, 1), interleave_table(2, 1)],
];

/// Step 4, interleave and store: 16 lanes of x, y and z become `x y z x y
/// z ...` in three registers (two two-source permutes each) and are stored.
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn store(out: &mut [Vec3; LANES], v: &V3) {
    let flat: &mut [[f32; 16]; 3] = bytemuck::cast_mut(out);
    for (o, dst) in flat.iter_mut().enumerate() {
        let xy = _mm512_permutex2var_ps(v[0], bytemuck::cast(INTERLEAVE[0][o]), v[1]);
        let xyz = _mm512_permutex2var_ps(xy, bytemuck::cast(INTERLEAVE[1][o]), v[2]);
        *dst = bytemuck::cast(xyz);
    }
}
