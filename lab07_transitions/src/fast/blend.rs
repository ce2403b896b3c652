//! Two struct-of-arrays poses blended lane by lane: translation and scale
//! on straight lines, rotation by a corrected nlerp (below). One loop over
//! fixed-size arrays, compiled three times (plain, AVX2 + FMA, AVX-512)
//! and picked at run time: the compiler turns each lane loop into whole
//! registers of 8 or 16 nodes.

// Lane loops index several arrays with the same lane: clearer than zips.
#![allow(clippy::needless_range_loop)]

use lab04_keyframes::fast::{LANES, PoseLanes};

type Lanes = [f32; LANES];

/// The factor nlerp needs to land where slerp would, for two unit
/// quaternions whose dot product is `d` (0..=1) blended by `t`: a cubic
/// correction of `t` fitted by Arseny Kapoulkine ("Approximating slerp",
/// 2015). Plain nlerp at `t` drifts towards the middle of the arc by up
/// to 0.14 rad for rotations 180 degrees apart; corrected, the tests
/// measure at most `lab07_transitions::fast::CORRECTED_NLERP_ERROR`.
#[inline(always)]
fn corrected(t: f32, d: f32) -> f32 {
    let a = 1.0904 + d * (-3.2452 + d * (3.55645 - d * 1.43519));
    let b = 0.848013 + d * (-1.06021 + d * 0.215638);
    let k = a * (t - 0.5) * (t - 0.5) + b;
    t + t * (t - 0.5) * (t - 1.0) * k
}

#[inline(always)]
fn group(a: &PoseLanes, b: &PoseLanes, t: f32, o: &mut PoseLanes) {
    for i in 0..3 {
        for l in 0..LANES {
            o.translation[i][l] = a.translation[i][l] + (b.translation[i][l] - a.translation[i][l]) * t;
            o.scale[i][l] = a.scale[i][l] + (b.scale[i][l] - a.scale[i][l]) * t;
        }
    }
    let mut dot: Lanes = [0.0; LANES];
    for i in 0..4 {
        for l in 0..LANES {
            dot[l] += a.rotation[i][l] * b.rotation[i][l];
        }
    }
    let mut sign: Lanes = [0.0; LANES];
    let mut f: Lanes = [0.0; LANES];
    for l in 0..LANES {
        sign[l] = if dot[l] < 0.0 { -1.0 } else { 1.0 };
        f[l] = corrected(t, dot[l].abs().min(1.0));
    }
    let mut q: [Lanes; 4] = [[0.0; LANES]; 4];
    let mut n: Lanes = [0.0; LANES];
    for i in 0..4 {
        for l in 0..LANES {
            let (x, y) = (a.rotation[i][l], b.rotation[i][l] * sign[l]);
            q[i][l] = x + (y - x) * f[l];
            n[l] += q[i][l] * q[i][l];
        }
    }
    for l in 0..LANES {
        n[l] = 1.0 / n[l].sqrt();
    }
    for i in 0..4 {
        for l in 0..LANES {
            o.rotation[i][l] = q[i][l] * n[l];
        }
    }
}

/// `a` at 0, `b` at 1, every group.
pub(super) fn blend(a: &[PoseLanes], b: &[PoseLanes], t: f32, out: &mut [PoseLanes]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        group(a, b, t, o);
    }
}

/// [`blend`] compiled with AVX2 and FMA allowed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(super) fn blend_avx2(a: &[PoseLanes], b: &[PoseLanes], t: f32, out: &mut [PoseLanes]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        group(a, b, t, o);
    }
}

/// [`blend`] compiled with AVX-512 allowed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
pub(super) fn blend_avx512(a: &[PoseLanes], b: &[PoseLanes], t: f32, out: &mut [PoseLanes]) {
    for ((a, b), o) in a.iter().zip(b).zip(out) {
        group(a, b, t, o);
    }
}
