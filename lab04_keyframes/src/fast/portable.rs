//! The kernel in plain Rust: read it first. Per group of 16 nodes, three
//! factors (one per track: where the time lies on that node's segment),
//! then a multiply-add per number, then the rotations normalised (nlerp).
//! Loops over the 16 lanes of fixed-size arrays, which the compiler
//! vectorises as the build target allows.

// Lane loops index several arrays with the same lane: clearer than zips.
#![allow(clippy::needless_range_loop)]
// `max` then `min` on purpose: `clamp` checks its bounds and handles NaN, which stops vectorising.
#![allow(clippy::manual_clamp)]

use super::LANES;
use super::layout::{Lanes, PoseLanes, Segments};

/// Every group of one block at `t` ticks after the block's start.
pub(super) fn sample(segments: &[Segments], t: f32, out: &mut [PoseLanes]) {
    for (s, o) in segments.iter().zip(out) {
        group(s, t, o);
    }
}

/// The same loop compiled with AVX2 and FMA allowed (what the compiler
/// makes of it, against the written-out `avx2.rs`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(super) fn sample_avx2(segments: &[Segments], t: f32, out: &mut [PoseLanes]) {
    for (s, o) in segments.iter().zip(out) {
        group(s, t, o);
    }
}

#[inline(always)]
fn group(s: &Segments, t: f32, o: &mut PoseLanes) {
    let mut f: [Lanes; 3] = [[0.0; LANES]; 3];
    for k in 0..3 {
        for l in 0..LANES {
            // max then min, not clamp: no NaN check, so it vectorises.
            f[k][l] = ((t - s.start[k][l]) * s.inv_gap[k][l]).max(0.0).min(1.0);
        }
    }
    for i in 0..3 {
        for l in 0..LANES {
            o.translation[i][l] = s.translation[i][l] + s.translation_delta[i][l] * f[0][l];
            o.scale[i][l] = s.scale[i][l] + s.scale_delta[i][l] * f[2][l];
        }
    }
    let mut q: [Lanes; 4] = [[0.0; LANES]; 4];
    for i in 0..4 {
        for l in 0..LANES {
            q[i][l] = s.rotation[i][l] + s.rotation_delta[i][l] * f[1][l];
        }
    }
    for l in 0..LANES {
        let n = q[0][l] * q[0][l] + q[1][l] * q[1][l] + q[2][l] * q[2][l] + q[3][l] * q[3][l];
        let inv = 1.0 / n.sqrt();
        for i in 0..4 {
            o.rotation[i][l] = q[i][l] * inv;
        }
    }
}
