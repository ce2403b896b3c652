//! The kernel with AVX-512 written out: one register is a whole group of
//! 16 nodes. The steps are `portable.rs`'s; the normalisation is an
//! estimate of `1/sqrt` to 14 bits refined by one Newton step.

use std::arch::x86_64::*;

use super::layout::{Lanes, PoseLanes, Segments};

#[inline(always)]
fn load(a: &Lanes) -> __m512 {
    bytemuck::cast(*a)
}

/// Every group of one block at `t` ticks after the block's start (see
/// `portable::sample`).
#[target_feature(enable = "avx512f")]
pub(super) fn sample(segments: &[Segments], t: f32, out: &mut [PoseLanes]) {
    for (s, o) in segments.iter().zip(out) {
        group(s, t, o);
    }
}

#[target_feature(enable = "avx512f")]
#[inline]
fn group(s: &Segments, t: f32, o: &mut PoseLanes) {
    let (zero, one, tv) = (_mm512_setzero_ps(), _mm512_set1_ps(1.0), _mm512_set1_ps(t));
    let factor = |k: usize| {
        let f = _mm512_mul_ps(_mm512_sub_ps(tv, load(&s.start[k])), load(&s.inv_gap[k]));
        _mm512_min_ps(_mm512_max_ps(f, zero), one)
    };
    let (ft, fr, fs) = (factor(0), factor(1), factor(2));
    for i in 0..3 {
        o.translation[i] = bytemuck::cast(_mm512_fmadd_ps(load(&s.translation_delta[i]), ft, load(&s.translation[i])));
        o.scale[i] = bytemuck::cast(_mm512_fmadd_ps(load(&s.scale_delta[i]), fs, load(&s.scale[i])));
    }
    let q = [0, 1, 2, 3].map(|i| _mm512_fmadd_ps(load(&s.rotation_delta[i]), fr, load(&s.rotation[i])));
    let mut n = _mm512_mul_ps(q[0], q[0]);
    n = _mm512_fmadd_ps(q[1], q[1], n);
    n = _mm512_fmadd_ps(q[2], q[2], n);
    n = _mm512_fmadd_ps(q[3], q[3], n);
    let y = _mm512_rsqrt14_ps(n);
    let half_n_y = _mm512_mul_ps(_mm512_mul_ps(_mm512_set1_ps(0.5), n), y);
    let inv = _mm512_mul_ps(y, _mm512_fnmadd_ps(half_n_y, y, _mm512_set1_ps(1.5)));
    for (i, q) in q.into_iter().enumerate() {
        o.rotation[i] = bytemuck::cast(_mm512_mul_ps(q, inv));
    }
}
