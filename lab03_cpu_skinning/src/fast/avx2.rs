//! The fast path's loop with AVX2 and FMA written out: 8 floats per
//! register, 16 registers, so a chunk of 16 vertices is done as two halves
//! of 8, and a 16-float row takes two registers (columns x, y and columns
//! z, translation). The steps and the maths are `portable.rs`'s.
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

/// 8 lanes of x, y and z.
type V3 = [__m256; 3];

/// Skins every chunk of `work` (see `portable::skin`).
#[target_feature(enable = "avx2,fma")]
pub(super) fn skin<T: Tally>(exact: bool, work: Work) -> T {
    if exact { chunks::<true, T>(work) } else { chunks::<false, T>(work) }
}

#[target_feature(enable = "avx2,fma")]
fn chunks<const EXACT: bool, T: Tally>(work: Work) -> T {
    let Work { chunks, slots, palette, positions, normals } = work;
    let mut spare = [[Vec3::ZERO; LANES]; 2];
    let mut last = None;
    let mut cost = T::default();
    // A chunk's 16 blended rows: 32 registers' worth, twice what AVX2 has,
    // so they live in memory (L1) between the blend and the transpose.
    let mut rows = [[[_mm256_setzero_ps(); 2]; 8]; 2];
    for (c, (chunk, &used)) in chunks.iter().zip(slots).enumerate() {
        let (p, n) = chunk_output(c, positions, normals, &mut spare);
        cost.chunk(used);
        match used {
            UNIFORM => uniform_chunk::<EXACT>(chunk, Uniform::of(chunk, palette, &mut last, &mut cost), p, n),
            1 => blended_chunk::<1, EXACT>(chunk, palette, &mut cost, &mut rows, p, n),
            2 => blended_chunk::<2, EXACT>(chunk, palette, &mut cost, &mut rows, p, n),
            3 => blended_chunk::<3, EXACT>(chunk, palette, &mut cost, &mut rows, p, n),
            _ => blended_chunk::<4, EXACT>(chunk, palette, &mut cost, &mut rows, p, n),
        }
        finish_chunk(c, positions, normals, &spare);
    }
    cost
}

/// A 16-float row as two registers: columns x, y, then z, translation.
#[inline(always)]
fn load_row(a: &[f32; 16]) -> [__m256; 2] {
    bytemuck::cast(*a)
}

/// Lanes `8 * half ..` of x, y and z arrays.
#[inline(always)]
fn load_half(a: &[[f32; LANES]; 3], half: usize) -> V3 {
    let halves: &[[[f32; 8]; 2]; 3] = bytemuck::cast_ref(a);
    [bytemuck::cast(halves[0][half]), bytemuck::cast(halves[1][half]), bytemuck::cast(halves[2][half])]
}

/// A chunk whose vertices share one matrix (see [`Uniform`]): every entry
/// broadcast to the lanes, then transformed.
#[target_feature(enable = "avx2,fma")]
fn uniform_chunk<const EXACT: bool>(
    chunk: &Chunk,
    u: &Uniform,
    positions: &mut [Vec3; LANES],
    normals: &mut [Vec3; LANES],
) {
    let mut m = [[_mm256_setzero_ps(); 3]; 4];
    let mut k = [[_mm256_setzero_ps(); 3]; 3];
    for (m, u) in m.iter_mut().zip(&u.matrix) {
        for (entry, &value) in m.iter_mut().zip(u) {
            *entry = _mm256_set1_ps(value);
        }
    }
    for (k, u) in k.iter_mut().zip(&u.normal) {
        for (entry, &value) in k.iter_mut().zip(u) {
            *entry = _mm256_set1_ps(value);
        }
    }
    for half in 0..2 {
        let (p, n) = (load_half(&chunk.position, half), load_half(&chunk.normal, half));
        store(positions, half, &columns(&m[0], &m[1], &m[2], p, m[3]));
        let normal = if EXACT {
            unit_or_bind(columns(&k[0], &k[1], &k[2], n, [_mm256_setzero_ps(); 3]), n, _mm256_setzero_ps())
        } else {
            columns(&m[0], &m[1], &m[2], n, [_mm256_setzero_ps(); 3])
        };
        store(normals, half, &normal);
    }
}

/// A chunk whose vertices may differ: blend its 16 rows (both halves
/// first, so that each half's transform finds its rows ready), then per
/// half transpose and transform.
#[target_feature(enable = "avx2,fma")]
fn blended_chunk<const SLOTS: usize, const EXACT: bool>(
    chunk: &Chunk,
    palette: &[Row; PALETTE_ROWS],
    cost: &mut impl Tally,
    rows: &mut [[[__m256; 2]; 8]; 2],
    positions: &mut [Vec3; LANES],
    normals: &mut [Vec3; LANES],
) {
    cost.blended(SLOTS);
    // Step 1, blend: two multiply-adds per slot (no bounds check: see
    // `avx512::blend_row`).
    for (half, rows) in rows.iter_mut().enumerate() {
        for (i, row) in rows.iter_mut().enumerate() {
            let (index, weight) = (&chunk.palette[8 * half + i], &chunk.weight[8 * half + i]);
            let w = _mm256_set1_ps(weight[0]);
            let [x, y] = load_row(&palette[usize::from(index[0])].0);
            let mut sum = [_mm256_mul_ps(x, w), _mm256_mul_ps(y, w)];
            for slot in 1..SLOTS {
                let w = _mm256_set1_ps(weight[slot]);
                let [x, y] = load_row(&palette[usize::from(index[slot])].0);
                sum = [_mm256_fmadd_ps(x, w, sum[0]), _mm256_fmadd_ps(y, w, sum[1])];
            }
            *row = sum;
        }
    }
    for (half, rows) in rows.iter().enumerate() {
        let [a, b, c, t] = transpose(rows);
        // Step 3, transform.
        let (p, n) = (load_half(&chunk.position, half), load_half(&chunk.normal, half));
        store(positions, half, &columns(&a, &b, &c, p, t));
        let normal = if EXACT {
            // The cofactor's columns b x c, c x a, a x b, and the determinant.
            let (k0, k1, k2) = (cross(&b, &c), cross(&c, &a), cross(&a, &b));
            let sign = _mm256_and_ps(dot(&a, &k0), _mm256_set1_ps(-0.0));
            unit_or_bind(columns(&k0, &k1, &k2, n, [_mm256_setzero_ps(); 3]), n, sign)
        } else {
            columns(&a, &b, &c, n, [_mm256_setzero_ps(); 3])
        };
        store(normals, half, &normal);
    }
}

/// Step 2, transpose: for each of the two registers of a row, 8 rows
/// `[ux uy uz _ | vx vy vz _]` become 6 registers (pairs: 8 shuffles, quads
/// within each 128-bit half: 6, halves: 6). Returns the columns x, y, z and
/// the translation, each as 8 lanes of x, y, z.
#[target_feature(enable = "avx2,fma")]
#[inline]
fn transpose(rows: &[[__m256; 2]; 8]) -> [V3; 4] {
    let mut m = [[_mm256_setzero_ps(); 3]; 4];
    for part in 0..2 {
        let (mut lo, mut hi) = ([_mm256_setzero_ps(); 4], [_mm256_setzero_ps(); 4]);
        for p in 0..4 {
            lo[p] = _mm256_unpacklo_ps(rows[2 * p][part], rows[2 * p + 1][part]);
            hi[p] = _mm256_unpackhi_ps(rows[2 * p][part], rows[2 * p + 1][part]);
        }
        let mut quad = [[_mm256_setzero_ps(); 2]; 3];
        for q in 0..2 {
            quad[0][q] = _mm256_shuffle_ps::<0x44>(lo[2 * q], lo[2 * q + 1]);
            quad[1][q] = _mm256_shuffle_ps::<0xEE>(lo[2 * q], lo[2 * q + 1]);
            quad[2][q] = _mm256_shuffle_ps::<0x44>(hi[2 * q], hi[2 * q + 1]);
        }
        for (axis, q) in quad.iter().enumerate() {
            m[2 * part][axis] = _mm256_permute2f128_ps::<0x20>(q[0], q[1]);
            m[2 * part + 1][axis] = _mm256_permute2f128_ps::<0x31>(q[0], q[1]);
        }
    }
    m
}

/// `a * v.x + b * v.y + c * v.z + t`, per lane (a 3x3 or 3x4 times a vector).
#[target_feature(enable = "avx2,fma")]
#[inline]
fn columns(a: &V3, b: &V3, c: &V3, v: V3, t: V3) -> V3 {
    let mut out = t;
    for k in 0..3 {
        out[k] = _mm256_fmadd_ps(a[k], v[0], _mm256_fmadd_ps(b[k], v[1], _mm256_fmadd_ps(c[k], v[2], t[k])));
    }
    out
}

/// `u x v`, per lane: entry k is `u[k+1] v[k+2] - u[k+2] v[k+1]`.
#[target_feature(enable = "avx2,fma")]
#[inline]
fn cross(u: &V3, v: &V3) -> V3 {
    let mut out = [_mm256_setzero_ps(); 3];
    for (k, out) in out.iter_mut().enumerate() {
        let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
        *out = _mm256_fmsub_ps(u[k1], v[k2], _mm256_mul_ps(u[k2], v[k1]));
    }
    out
}

/// `u . v`, per lane.
#[target_feature(enable = "avx2,fma")]
#[inline]
fn dot(u: &V3, v: &V3) -> __m256 {
    _mm256_fmadd_ps(u[0], v[0], _mm256_fmadd_ps(u[1], v[1], _mm256_mul_ps(u[2], v[2])))
}

/// `u . u`, per lane, as a shorter chain than [`dot`] (2 steps, not 3).
#[target_feature(enable = "avx2,fma")]
#[inline]
fn length2(u: &V3) -> __m256 {
    _mm256_add_ps(_mm256_fmadd_ps(u[0], u[0], _mm256_mul_ps(u[1], u[1])), _mm256_mul_ps(u[2], u[2]))
}

/// `q` scaled to unit length, its direction flipped where `sign` has the
/// sign bit; where `q` has no length (or overflows), the bind-pose normal
/// `bind`. `1 / |q|` is a 12-bit estimate and one Newton step, `r (1.5 -
/// x/2 r^2)`, good to about 2e-7 and several times cheaper than a square
/// root and a division. The result is `(q r) * step`, not `q * (r step)`:
/// `q r` is ready while the step is computed, so the normal waits one
/// multiply after the step instead of two. That chain, from the blended
/// rows to the stored normal, is what limits the loop (it took 4 to 6%
/// off). "No length" is a squared length below the smallest normal float
/// (whose estimate would overflow), "overflows" an infinite one.
#[target_feature(enable = "avx2,fma")]
#[inline]
fn unit_or_bind(q: V3, bind: V3, sign: __m256) -> V3 {
    let x = length2(&q);
    let r = _mm256_rsqrt_ps(x);
    let step = _mm256_fnmadd_ps(_mm256_mul_ps(_mm256_set1_ps(0.5), x), _mm256_mul_ps(r, r), _mm256_set1_ps(1.5));
    let r = _mm256_xor_ps(r, sign);
    let ok = _mm256_and_ps(
        _mm256_cmp_ps::<_CMP_GE_OQ>(x, _mm256_set1_ps(f32::MIN_POSITIVE)),
        _mm256_cmp_ps::<_CMP_LT_OQ>(x, _mm256_set1_ps(f32::INFINITY)),
    );
    let mut out = bind;
    for k in 0..3 {
        out[k] = _mm256_blendv_ps(bind[k], _mm256_mul_ps(_mm256_mul_ps(q[k], r), step), ok);
    }
    out
}

/// Step 4, interleave and store vertices `8 * half ..`. Each 128-bit half
/// of a register holds 4 vertices, whose 12 floats `x0 y0 z0 x1 | y1 z1 x2
/// y2 | z2 x3 y3 z3` are made without crossing halves (shuffles that cross
/// them are the slow ones): x to `x0 x3 x2 x1`, y to `y1 y0 y3 y2`, z to
/// `z2 z1 z0 z3` (one in-lane permute each), then each output picks its
/// lanes from those three (two blends).
#[target_feature(enable = "avx2,fma")]
#[inline]
fn store(out: &mut [Vec3; LANES], half: usize, v: &V3) {
    let x = _mm256_permute_ps::<0b01_10_11_00>(v[0]); // x0 x3 x2 x1
    let y = _mm256_permute_ps::<0b10_11_00_01>(v[1]); // y1 y0 y3 y2
    let z = _mm256_permute_ps::<0b11_00_01_10>(v[2]); // z2 z1 z0 z3
    let o0 = _mm256_blend_ps::<0b0100_0100>(_mm256_blend_ps::<0b0010_0010>(x, y), z); // x y z x
    let o1 = _mm256_blend_ps::<0b0010_0010>(_mm256_blend_ps::<0b1001_1001>(x, y), z); // y z x y
    let o2 = _mm256_blend_ps::<0b0100_0100>(_mm256_blend_ps::<0b0010_0010>(z, x), y); // z x y z
    let [o0, o1, o2]: [[[f32; 4]; 2]; 3] = [bytemuck::cast(o0), bytemuck::cast(o1), bytemuck::cast(o2)];
    let flat: &mut [[[[f32; 4]; 3]; 2]; 2] = bytemuck::cast_mut(out);
    flat[half] = [[o0[0], o1[0], o2[0]], [o0[1], o1[1], o2[1]]];
}
