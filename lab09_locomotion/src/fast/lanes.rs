//! Step 4's offsets, 16 nodes at a time: the spring of step 1a on every
//! offset, each rotation vector turned into a quaternion by a polynomial
//! (no `sin`, no `cos`, no division), and the pose corrected, all in plain
//! lane loops the compiler turns into whole registers. Compiled three
//! times (plain, AVX2 + FMA, AVX-512) and picked by lab 04's [`Kernel`].
//! Also the small lane helpers the frame needs: one node in or out of a
//! struct-of-arrays pose, and an action's mask applied lane by lane.

// Lane loops index several arrays with the same lane: clearer than zips.
#![allow(clippy::needless_range_loop)]

use common::model::Transform;
use glam::{Quat, Vec3};
use lab04_keyframes::fast::{FastPose, Kernel, LANES, PoseLanes};

type Lanes = [f32; LANES];

/// 16 nodes' offsets (step 4's `Offsets`, struct of arrays): rotation
/// vectors and their rates, translations and their rates.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OffsetLanes {
    /// x, y, z of the rotation still to add (axis times angle).
    pub rotation: [Lanes; 3],
    /// Its rate, radians per second.
    pub spin: [Lanes; 3],
    /// x, y, z of the translation still to add.
    pub translation: [Lanes; 3],
    /// Its rate, metres per second.
    pub velocity: [Lanes; 3],
}

impl OffsetLanes {
    /// No offset on any lane.
    pub const ZERO: OffsetLanes = OffsetLanes {
        rotation: [[0.0; LANES]; 3],
        spin: [[0.0; LANES]; 3],
        translation: [[0.0; LANES]; 3],
        velocity: [[0.0; LANES]; 3],
    };
}

/// The spring constants of one frame: `y` (the decay rate), `e = exp(-y dt)`
/// and `dt`, as `solution::spring_decay` computes them, in `f32`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spring {
    /// The decay rate, 1/s.
    pub y: f32,
    /// `exp(-y dt)`.
    pub e: f32,
    /// The frame time, seconds.
    pub dt: f32,
}

/// `sin(θ/2) / θ` and `cos(θ/2)` from `θ²`, for θ from 0 to π: their
/// Taylor series in `h² = θ²/4` (both even functions, so no square root),
/// written as nested products. At θ = π the first term left out is below
/// 1e-9, far under `f32`'s rounding. A rotation vector `v` is then the
/// quaternion `(v sin(θ/2)/θ, cos(θ/2))`, with no division by θ, so θ = 0
/// needs no special case.
#[inline(always)]
fn half_angle(theta2: f32) -> (f32, f32) {
    let h2 = theta2 * 0.25;
    let s = 1.0
        - h2 * (1.0 / 6.0)
            * (1.0
                - h2 * (1.0 / 20.0)
                    * (1.0
                        - h2 * (1.0 / 42.0)
                            * (1.0 - h2 * (1.0 / 72.0) * (1.0 - h2 * (1.0 / 110.0) * (1.0 - h2 * (1.0 / 156.0))))));
    let c = 1.0
        - h2 * 0.5
            * (1.0
                - h2 * (1.0 / 12.0)
                    * (1.0
                        - h2 * (1.0 / 30.0)
                            * (1.0
                                - h2 * (1.0 / 56.0)
                                    * (1.0
                                        - h2 * (1.0 / 90.0)
                                            * (1.0 - h2 * (1.0 / 132.0) * (1.0 - h2 * (1.0 / 182.0)))))));
    (0.5 * s, c)
}

/// One group: the springs, the rotations applied on the left of the pose's
/// (in the parent's frame, as the reference's `from_rotation_vector(r) *
/// local`), the translations added. Returns how far any offset of the
/// group can still get from 0 (see [`inertialize`]).
#[inline(always)]
fn group(o: &mut OffsetLanes, p: &mut PoseLanes, s: Spring) -> f32 {
    let (y, e, dt) = (s.y, s.e, s.dt);
    let ydt = y * dt;
    // A critically damped offset x with rate v never gets further from 0
    // than |x| + |v| / (e y) (e here Euler's number): its largest excursion.
    let k = 1.0 / (std::f32::consts::E * y);
    let mut reach: Lanes = [0.0; LANES];
    for i in 0..3 {
        for l in 0..LANES {
            // The reference's `spring_decay`, operation for operation.
            let (x, v) = (o.rotation[i][l], o.spin[i][l]);
            let j1 = v + x * y;
            let (x, v) = (e * (x + j1 * dt), e * (v - j1 * ydt));
            (o.rotation[i][l], o.spin[i][l]) = (x, v);
            let (t, u) = (o.translation[i][l], o.velocity[i][l]);
            let j1 = u + t * y;
            let (t, u) = (e * (t + j1 * dt), e * (u - j1 * ydt));
            (o.translation[i][l], o.velocity[i][l]) = (t, u);
            p.translation[i][l] += t;
            reach[l] = reach[l].max(x.abs() + v.abs() * k).max(t.abs() + u.abs() * k);
        }
    }
    let mut theta2: Lanes = [0.0; LANES];
    for i in 0..3 {
        for l in 0..LANES {
            theta2[l] += o.rotation[i][l] * o.rotation[i][l];
        }
    }
    let beyond = theta2.iter().any(|&t| t > std::f32::consts::PI * std::f32::consts::PI);
    let mut q: [Lanes; 4] = [[0.0; LANES]; 4];
    if beyond {
        // A spring that overshot past half a turn (rare): the exact way.
        for l in 0..LANES {
            let v = Vec3::new(o.rotation[0][l], o.rotation[1][l], o.rotation[2][l]);
            let turn = Quat::from_scaled_axis(v).to_array();
            for i in 0..4 {
                q[i][l] = turn[i];
            }
        }
    } else {
        for l in 0..LANES {
            let (sin_over, cos) = half_angle(theta2[l]);
            for i in 0..3 {
                q[i][l] = o.rotation[i][l] * sin_over;
            }
            q[3][l] = cos;
        }
    }
    let r = &mut p.rotation;
    let mut n: Lanes = [0.0; LANES];
    let mut out: [Lanes; 4] = [[0.0; LANES]; 4];
    for l in 0..LANES {
        let (ax, ay, az, aw) = (q[0][l], q[1][l], q[2][l], q[3][l]);
        let (bx, by, bz, bw) = (r[0][l], r[1][l], r[2][l], r[3][l]);
        out[0][l] = aw * bx + ax * bw + ay * bz - az * by;
        out[1][l] = aw * by - ax * bz + ay * bw + az * bx;
        out[2][l] = aw * bz + ax * by - ay * bx + az * bw;
        out[3][l] = aw * bw - ax * bx - ay * by - az * bz;
        n[l] = out[0][l] * out[0][l] + out[1][l] * out[1][l] + out[2][l] * out[2][l] + out[3][l] * out[3][l];
    }
    for l in 0..LANES {
        n[l] = 1.0 / n[l].sqrt();
    }
    for i in 0..4 {
        for l in 0..LANES {
            r[i][l] = out[i][l] * n[l];
        }
    }
    reach.iter().fold(0.0, |a, &b| a.max(b))
}

fn all(offsets: &mut [OffsetLanes], pose: &mut [PoseLanes], s: Spring) -> f32 {
    offsets.iter_mut().zip(pose).fold(0.0, |m, (o, p)| m.max(group(o, p, s)))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn all_avx2(offsets: &mut [OffsetLanes], pose: &mut [PoseLanes], s: Spring) -> f32 {
    offsets.iter_mut().zip(pose).fold(0.0, |m, (o, p)| m.max(group(o, p, s)))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
fn all_avx512(offsets: &mut [OffsetLanes], pose: &mut [PoseLanes], s: Spring) -> f32 {
    offsets.iter_mut().zip(pose).fold(0.0, |m, (o, p)| m.max(group(o, p, s)))
}

/// Step 4b on every node: the offsets `s.dt` later, added onto `pose`.
/// Returns the furthest any offset can still get from 0 in any later
/// frame (radians or metres): once that is below the caller's threshold
/// the caller drops the offsets and skips this work.
pub fn inertialize(kernel: Kernel, offsets: &mut [OffsetLanes], pose: &mut FastPose, s: Spring) -> f32 {
    let pose = pose.lanes_mut();
    #[cfg(target_arch = "x86_64")]
    {
        if kernel.has_avx512() {
            // SAFETY: `kernel` says this CPU has AVX-512F, AVX2 and FMA: a
            // `Kernel` is only made after checking them (lab 04).
            return unsafe { all_avx512(offsets, pose, s) };
        }
        if kernel.has_avx2() {
            // SAFETY: as above, AVX2 and FMA.
            return unsafe { all_avx2(offsets, pose, s) };
        }
    }
    let _ = kernel;
    all(offsets, pose, s)
}

/// Node `node`'s local transform written into `pose`.
pub fn set(pose: &mut FastPose, node: usize, t: &Transform) {
    let (g, l) = (&mut pose.lanes_mut()[node / LANES], node % LANES);
    for i in 0..3 {
        g.translation[i][l] = t.translation[i];
        g.scale[i][l] = t.scale[i];
    }
    for (i, v) in t.rotation.to_array().into_iter().enumerate() {
        g.rotation[i][l] = v;
    }
}

/// The lanes of `clip` whose bit is set in `mask` (one `u16` per group)
/// copied over `pose`: an action's subtree at weight 1 (lab 07's
/// `masked_blend` at factor 1 is the clip's pose on the subtree).
pub fn masked_copy(pose: &mut FastPose, clip: &FastPose, mask: &[u16]) {
    for ((p, c), &bits) in pose.lanes_mut().iter_mut().zip(clip.lanes()).zip(mask) {
        for l in (0..LANES).filter(|l| bits >> l & 1 == 1) {
            for i in 0..3 {
                p.translation[i][l] = c.translation[i][l];
                p.scale[i][l] = c.scale[i][l];
            }
            for i in 0..4 {
                p.rotation[i][l] = c.rotation[i][l];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::half_angle;

    #[test]
    fn the_half_angle_polynomials_match_sin_and_cos_up_to_half_a_turn() {
        for i in 0..=1000 {
            let theta = i as f32 / 1000.0 * std::f32::consts::PI;
            let (s, c) = half_angle(theta * theta);
            let (ws, wc) = ((theta / 2.0).sin(), (theta / 2.0).cos());
            assert!((s * theta - ws).abs() < 3e-7 && (c - wc).abs() < 3e-7, "θ {theta}: {s} {c} against {ws} {wc}");
        }
    }
}
