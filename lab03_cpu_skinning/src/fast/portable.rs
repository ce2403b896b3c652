//! The fast path's loop in plain Rust: read this one first. The AVX kernels
//! (`avx512.rs`, `avx2.rs`) do the same four steps with the vector
//! instructions written out; this one leaves them to the compiler, which
//! vectorises the transform across the 16 lanes of a chunk but cannot keep
//! the blended matrices in registers, so they go through a small scratch
//! array (in groups of 4 floats, a layout it transposes with few shuffles).

use glam::Vec3;

use super::LANES;
use super::layout::{Chunk, Tally, UNIFORM, Uniform, Work, chunk_output, finish_chunk};
use super::palette::{PALETTE_ROWS, Row};

/// The blended matrices of one chunk: `blended[column][vertex]` is column
/// `x`, `y`, `z` or the translation (3 floats and a pad) of that vertex's
/// blended matrix.
type Blended = [[[f32; 4]; LANES]; 3];

/// Skins every chunk of `work`. `exact`: cofactor normals, normalised (the
/// course's normals); otherwise the blended 3x3 applied as is (ozz's).
pub(super) fn skin<T: Tally>(exact: bool, work: Work) -> T {
    // Use FMA only where the build target guarantees it (never a software fmaf).
    const FMA: bool = cfg!(any(target_feature = "fma", target_arch = "aarch64"));
    if exact { chunks::<FMA, true, T>(work) } else { chunks::<FMA, false, T>(work) }
}

/// The same plain Rust compiled with AVX2 and FMA allowed: what the
/// compiler makes of it with the instructions the `avx2` kernel uses (for
/// the benchmark's comparison; the code is inlined here, so it is compiled
/// with these features).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(super) fn skin_avx2<T: Tally>(exact: bool, work: Work) -> T {
    if exact { chunks::<true, true, T>(work) } else { chunks::<true, false, T>(work) }
}

#[inline(always)]
fn chunks<const FMA: bool, const EXACT: bool, T: Tally>(work: Work) -> T {
    let Work { chunks, slots, palette, positions, normals } = work;
    let mut blended: Blended = [[[0.0; 4]; LANES]; 3];
    let mut spare = [[Vec3::ZERO; LANES]; 2];
    let mut last = None;
    let mut cost = T::default();
    for (c, (chunk, &used)) in chunks.iter().zip(slots).enumerate() {
        cost.chunk(used);
        match used {
            UNIFORM => {
                // One matrix for every lane: copied, not blended 16 times.
                let m: [f32; 12] = bytemuck::cast(Uniform::of(chunk, palette, &mut last, &mut cost).matrix);
                for (g, group) in blended.iter_mut().enumerate() {
                    group.fill([m[4 * g], m[4 * g + 1], m[4 * g + 2], m[4 * g + 3]]);
                }
            }
            1 => blend::<FMA, 1>(chunk, palette, &mut cost, &mut blended),
            2 => blend::<FMA, 2>(chunk, palette, &mut cost, &mut blended),
            3 => blend::<FMA, 3>(chunk, palette, &mut cost, &mut blended),
            _ => blend::<FMA, 4>(chunk, palette, &mut cost, &mut blended),
        }
        let (p, n) = chunk_output(c, positions, normals, &mut spare);
        transform::<FMA, EXACT>(chunk, &blended, p, n);
        finish_chunk(c, positions, normals, &spare);
    }
    cost
}

/// `a * b + c`, fused into one instruction (and one rounding) when `FMA`.
#[inline(always)]
fn madd<const FMA: bool>(a: f32, b: f32, c: f32) -> f32 {
    if FMA { a.mul_add(b, c) } else { a * b + c }
}

/// Step 1, blend: per vertex, `sum of weight * row` over its first `SLOTS`
/// influences. The 16 floats of a row are independent, so each `for e`
/// becomes one to four vector multiply-adds, with no branch on weights.
#[inline(always)]
fn blend<const FMA: bool, const SLOTS: usize>(
    chunk: &Chunk,
    palette: &[Row; PALETTE_ROWS],
    cost: &mut impl Tally,
    blended: &mut Blended,
) {
    cost.blended(SLOTS);
    for i in 0..LANES {
        let (index, weight) = (&chunk.palette[i], &chunk.weight[i]);
        let first = &palette[usize::from(index[0])].0;
        let mut sum: [f32; 16] = std::array::from_fn(|e| first[e] * weight[0]);
        for slot in 1..SLOTS {
            let m = &palette[usize::from(index[slot])].0;
            for e in 0..16 {
                sum[e] = madd::<FMA>(m[e], weight[slot], sum[e]);
            }
        }
        // The 12 entries without the pads, in groups of 4.
        let packed =
            [sum[0], sum[1], sum[2], sum[4], sum[5], sum[6], sum[8], sum[9], sum[10], sum[12], sum[13], sum[14]];
        for (g, group) in blended.iter_mut().enumerate() {
            group[i] = [packed[4 * g], packed[4 * g + 1], packed[4 * g + 2], packed[4 * g + 3]];
        }
    }
}

/// Steps 2 to 4, one lane per vertex: the position, then the normal
/// through the cofactor matrix of the blended 3x3 (columns `b x c, c x a,
/// a x b`: the inverse transpose times the determinant, without dividing),
/// its direction flipped when the determinant is negative, then normalised.
/// A normal squashed to nothing keeps its bind-pose value, as in the
/// reference. (Reading `blended[column][i]` lane by lane is the transpose.)
#[inline(always)]
fn transform<const FMA: bool, const EXACT: bool>(
    chunk: &Chunk,
    blended: &Blended,
    positions: &mut [Vec3; LANES],
    normals: &mut [Vec3; LANES],
) {
    let f = madd::<FMA>;
    for i in 0..LANES {
        let [ax, ay, az, bx] = blended[0][i];
        let [by, bz, cx, cy] = blended[1][i];
        let [cz, tx, ty, tz] = blended[2][i];
        let [x, y, z] = [chunk.position[0][i], chunk.position[1][i], chunk.position[2][i]];
        positions[i] = Vec3::new(
            f(ax, x, f(bx, y, f(cx, z, tx))),
            f(ay, x, f(by, y, f(cy, z, ty))),
            f(az, x, f(bz, y, f(cz, z, tz))),
        );
        let [nx, ny, nz] = [chunk.normal[0][i], chunk.normal[1][i], chunk.normal[2][i]];
        if !EXACT {
            normals[i] =
                Vec3::new(f(ax, nx, f(bx, ny, cx * nz)), f(ay, nx, f(by, ny, cy * nz)), f(az, nx, f(bz, ny, cz * nz)));
            continue;
        }
        let (k0x, k0y, k0z) = (f(by, cz, -bz * cy), f(bz, cx, -bx * cz), f(bx, cy, -by * cx)); // b x c
        let (k1x, k1y, k1z) = (f(cy, az, -cz * ay), f(cz, ax, -cx * az), f(cx, ay, -cy * ax)); // c x a
        let (k2x, k2y, k2z) = (f(ay, bz, -az * by), f(az, bx, -ax * bz), f(ax, by, -ay * bx)); // a x b
        let det = f(ax, k0x, f(ay, k0y, az * k0z));
        let qx = f(k0x, nx, f(k1x, ny, k2x * nz));
        let qy = f(k0y, nx, f(k1y, ny, k2y * nz));
        let qz = f(k0z, nx, f(k1z, ny, k2z * nz));
        let inverse_length = 1.0 / f(qx, qx, f(qy, qy, qz * qz)).sqrt();
        let scale = inverse_length.copysign(det);
        let ok = inverse_length.is_finite() && inverse_length > 0.0;
        normals[i] = if ok { Vec3::new(qx * scale, qy * scale, qz * scale) } else { Vec3::new(nx, ny, nz) };
    }
}
