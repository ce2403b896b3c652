//! The kernel with AVX2 and FMA written out: 8 lanes per register, so a
//! group of 16 nodes is two halves. The steps are `portable.rs`'s; the
//! normalisation is an estimate of `1/sqrt` refined by one Newton step.

use std::arch::x86_64::*;

use super::layout::{Lanes, PoseLanes, Segments};

#[inline(always)]
fn load(a: &Lanes, half: usize) -> __m256 {
    let halves: &[[f32; 8]; 2] = bytemuck::cast_ref(a);
    bytemuck::cast(halves[half])
}

#[inline(always)]
fn store(a: &mut Lanes, half: usize, v: __m256) {
    let halves: &mut [[f32; 8]; 2] = bytemuck::cast_mut(a);
    halves[half] = bytemuck::cast(v);
}

/// Every group of one block at `t` ticks after the block's start (see
/// `portable::sample`). `halves` is how many halves of the last group hold
/// nodes (1 or 2): a padding half is skipped.
#[target_feature(enable = "avx2,fma")]
pub(super) fn sample(segments: &[Segments], t: f32, out: &mut [PoseLanes], last_halves: usize) {
    let groups = segments.len().min(out.len());
    for (g, (s, o)) in segments.iter().zip(out.iter_mut()).enumerate() {
        let halves = if g + 1 == groups { last_halves } else { 2 };
        for h in 0..halves {
            half(s, t, o, h);
        }
    }
}

#[target_feature(enable = "avx2,fma")]
#[inline]
fn half(s: &Segments, t: f32, o: &mut PoseLanes, h: usize) {
    let (zero, one, tv) = (_mm256_setzero_ps(), _mm256_set1_ps(1.0), _mm256_set1_ps(t));
    let factor = |k: usize| {
        let f = _mm256_mul_ps(_mm256_sub_ps(tv, load(&s.start[k], h)), load(&s.inv_gap[k], h));
        _mm256_min_ps(_mm256_max_ps(f, zero), one)
    };
    let (ft, fr, fs) = (factor(0), factor(1), factor(2));
    for i in 0..3 {
        let v = _mm256_fmadd_ps(load(&s.translation_delta[i], h), ft, load(&s.translation[i], h));
        store(&mut o.translation[i], h, v);
        let v = _mm256_fmadd_ps(load(&s.scale_delta[i], h), fs, load(&s.scale[i], h));
        store(&mut o.scale[i], h, v);
    }
    let q = [0, 1, 2, 3].map(|i| _mm256_fmadd_ps(load(&s.rotation_delta[i], h), fr, load(&s.rotation[i], h)));
    let mut n = _mm256_mul_ps(q[0], q[0]);
    n = _mm256_fmadd_ps(q[1], q[1], n);
    n = _mm256_fmadd_ps(q[2], q[2], n);
    n = _mm256_fmadd_ps(q[3], q[3], n);
    // y ~ 1/sqrt(n) to 12 bits; one Newton step y (1.5 - 0.5 n y^2) to ~22.
    let y = _mm256_rsqrt_ps(n);
    let half_n_y = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5), n), y);
    let inv = _mm256_mul_ps(y, _mm256_fnmadd_ps(half_n_y, y, _mm256_set1_ps(1.5)));
    for (i, q) in q.into_iter().enumerate() {
        store(&mut o.rotation[i], h, _mm256_mul_ps(q, inv));
    }
}
