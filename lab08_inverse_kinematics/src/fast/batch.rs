//! Step 1 for many legs at once: [`two_bone_many`].
//!
//! One leg's solve is a chain of dependent steps (a length, then a
//! division, then a square root, ...), so a single call waits on its own
//! results most of the time. Eight legs side by side, one per SIMD lane
//! ([`super::lanes`]), fill those waits: the same formulas as
//! [`super::two_bone`], written once for eight, every choice a `select`.
//! Lanes this batch does not handle (a weight below 1, a twist, a value
//! near one of the reference's thresholds, bad input) are answered one by
//! one by [`super::two_bone`], so every answer and error is the one a
//! single call gives.

use glam::{Mat4, Quat, Vec3};

use super::lanes::{F, LANES, Mask, Q, V3};
use crate::IkError;
use crate::given::{DEGENERATE, TwoBone, TwoBoneSolve};

/// Step 1 on every job, eight at a time; `answers` is cleared and refilled
/// in the jobs' order (keep it between calls: no allocation then).
pub fn two_bone_many(jobs: &[TwoBone], answers: &mut Vec<Result<TwoBoneSolve, IkError>>) {
    answers.clear();
    answers.reserve(jobs.len());
    for chunk in jobs.chunks(LANES) {
        let solved = solve_best(&Legs::gather(chunk));
        for (i, job) in chunk.iter().enumerate() {
            answers.push(if solved.usable.0[i] {
                Ok(TwoBoneSolve { start: solved.start.lane(i), mid: solved.mid.lane(i), reached: solved.reached.0[i] })
            } else {
                super::two_bone(job)
            });
        }
    }
}

/// A batch of legs, lane `i` holding job `i` (unused lanes repeat job 0).
#[derive(Default)]
struct Legs {
    start: V3,
    mid: V3,
    end: V3,
    target: V3,
    pole: V3,
    axis: V3,
    start_frame: [V3; 3],
    mid_frame: [V3; 3],
    soften: F,
    /// False for a lane the batch leaves to a single call.
    usable: [bool; LANES],
}

/// The batch's answers, lane by lane.
struct Solved {
    start: Q,
    mid: Q,
    reached: Mask,
    usable: Mask,
}

impl V3 {
    fn set(&mut self, i: usize, p: Vec3) {
        (self.x.0[i], self.y.0[i], self.z.0[i]) = (p.x, p.y, p.z);
    }
}

impl Q {
    /// Lane `i` as a quaternion.
    fn lane(&self, i: usize) -> Quat {
        Quat::from_xyzw(self.v.x.0[i], self.v.y.0[i], self.v.z.0[i], self.w.0[i])
    }
}

impl Legs {
    fn gather(jobs: &[TwoBone]) -> Legs {
        let mut legs = Legs::default();
        for i in 0..LANES {
            let (job, real) = jobs.get(i).map_or((&jobs[0], false), |job| (job, true));
            let affine = |m: &Mat4| m.x_axis.w == 0.0 && m.y_axis.w == 0.0 && m.z_axis.w == 0.0 && m.w_axis.w == 1.0;
            legs.usable[i] = real
                && job.weight == 1.0
                && job.twist == 0.0
                && job.soften > 0.0
                && job.soften <= 1.0
                && affine(&job.start)
                && affine(&job.mid)
                && (job.start + job.mid + job.end).is_finite()
                && (job.target + job.pole + job.mid_axis).is_finite()
                && job.mid_axis.length_squared() >= 4e-12;
            legs.start.set(i, job.start.w_axis.truncate());
            legs.mid.set(i, job.mid.w_axis.truncate());
            legs.end.set(i, job.end.w_axis.truncate());
            legs.target.set(i, job.target);
            legs.pole.set(i, job.pole);
            legs.axis.set(i, job.mid_axis);
            for (k, column) in [job.start.x_axis, job.start.y_axis, job.start.z_axis].into_iter().enumerate() {
                legs.start_frame[k].set(i, column.truncate());
            }
            for (k, column) in [job.mid.x_axis, job.mid.y_axis, job.mid.z_axis].into_iter().enumerate() {
                legs.mid_frame[k].set(i, column.truncate());
            }
            legs.soften.0[i] = job.soften;
        }
        legs
    }
}

/// The batch compiled for AVX2 where the CPU has it (eight lanes in one
/// instruction instead of two SSE ones).
fn solve_best(legs: &Legs) -> Solved {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: this CPU has AVX2 and FMA, checked on the line above.
        return unsafe { solve_avx2(legs) };
    }
    solve(legs)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn solve_avx2(legs: &Legs) -> Solved {
    solve(legs)
}

/// `Frame::of` for eight matrices: unit columns (the first flipped where
/// mirrored), and which lanes are neither degenerate nor sheared.
#[inline(always)]
fn frames([x, y, z]: [V3; 3]) -> ([V3; 3], Mask) {
    let one = F::splat(1.0);
    let (xx, yy, zz) = (x.dot(x), y.dot(y), z.dot(z));
    let (x, y, z) = (x.scale(one.div(xx.sqrt())), y.scale(one.div(yy.sqrt())), z.scale(one.div(zz.sqrt())));
    let shortest = xx.zip(yy, f32::min).zip(zz, f32::min);
    let shear = (x.dot(y).map(f32::abs)).zip(y.dot(z).map(f32::abs), f32::max).zip(z.dot(x).map(f32::abs), f32::max);
    let mirrored = x.cross(y).dot(z).test(F::splat(0.0), |a, b| a < b);
    let x =
        V3 { x: F::select(mirrored, -x.x, x.x), y: F::select(mirrored, -x.y, x.y), z: F::select(mirrored, -x.z, x.z) };
    let usable = shortest.test(F::splat(1e-20), |a, b| a >= b).and(shear.test(F::splat(1e-5), |a, b| a <= b));
    ([x, y, z], usable)
}

/// `Frame::to_model` for eight frames.
#[inline(always)]
fn to_model([x, y, z]: [V3; 3], v: V3) -> V3 {
    x.scale(v.x) + y.scale(v.y) + z.scale(v.z)
}

/// `Frame::to_local` for eight frames.
#[inline(always)]
fn to_local([x, y, z]: [V3; 3], v: V3) -> V3 {
    V3 { x: x.dot(v), y: y.dot(v), z: z.dot(v) }
}

/// `super::half_turn` for eight lanes.
#[inline(always)]
fn half_turn(axis: V3, c: F, s: F) -> Q {
    let r = (c * c + s * s).sqrt();
    let negative = c.test(F::splat(0.0), |a, b| a < b);
    let w = F::select(negative, s.map(f32::abs), r + c);
    let s = F::select(negative, (r - c).zip(s, f32::copysign), s);
    let scale = F::splat(1.0).div((w * w + s * s).sqrt());
    Q { v: axis.scale(s * scale), w: w * scale }
}

/// The body of [`super::two_bone`]'s direct path, eight legs at a time.
#[inline(always)]
fn solve(legs: &Legs) -> Solved {
    let (one, floor_share) = (F::splat(1.0), F::splat(2.0 * DEGENERATE));
    let greater = |a: f32, b: f32| a > b;
    let (start_frame, start_ok) = frames(legs.start_frame);
    let (mid_frame, mid_ok) = frames(legs.mid_frame);
    let (s, m, e) = (legs.start, legs.mid, legs.end);
    let (bone1, bone2, to) = (m - s, e - m, legs.target - s);
    let (upper, lower, distance) = (bone1.dot(bone1).sqrt(), bone2.dot(bone2).sqrt(), to.dot(to).sqrt());
    let length = upper + lower;
    let floor = floor_share * length.map(|l| l.max(1e-3));
    let mut usable = Mask(legs.usable).and(start_ok).and(mid_ok);
    usable = usable.and(upper.test(floor, greater)).and(lower.test(floor, greater));
    usable = usable.and(distance.test(floor_share * length, greater));
    let inverse = one.div(upper * lower * distance);
    let line = to.scale(upper * lower * inverse);
    let pole = (legs.pole - s).reject(line);
    usable = usable.and(pole.dot(pole).test((floor_share * length) * (floor_share * length), greater));
    let gap = F(std::array::from_fn(|i| super::shortfall(distance.0[i], length.0[i], legs.soften.0[i])));

    // The knee: the bend wanted (half-angle law of cosines) less the bend now, as (cos, sin).
    let difference = (upper - lower).map(f32::abs);
    let reach = length - gap;
    let open = (gap * (length + length - gap)).map(|x| x.max(0.0));
    let closed = ((reach - difference) * (reach + difference)).map(|x| x.max(0.0));
    let inverse_sum = one.div(closed + open);
    let (wanted_cos, wanted_sin) =
        ((closed - open) * inverse_sum, F::splat(2.0) * (closed * open).sqrt() * inverse_sum);
    let axis = legs.axis.scale(one.div(legs.axis.dot(legs.axis).sqrt()));
    let hinge = to_model(mid_frame, axis);
    let (d1, d2) = (bone1.scale(lower * distance * inverse), bone2.scale(upper * distance * inverse));
    let (now_cos, now_sin) = (d1.dot(d2), hinge.dot(d1.cross(d2)));
    let now_squared = now_cos * now_cos + now_sin * now_sin;
    usable = usable.and(now_squared.test(F::splat(1e-30), greater));
    let now_inverse = one.div(now_squared.sqrt());
    let (now_cos, now_sin) = (now_cos * now_inverse, now_sin * now_inverse);
    let bend_cos = wanted_cos * now_cos + wanted_sin * now_sin;
    let bend_sin = wanted_sin * now_cos - wanted_cos * now_sin;
    let end_bent = e + bone2.scale(bend_cos - one) + hinge.cross(bone2).scale(bend_sin);
    let end_bent = end_bent + hinge.scale(hinge.dot(bone2) * (one - bend_cos));

    // The swing of the bent end onto the line, then the roll of the knee towards the pole.
    let u = end_bent - s;
    let u_length = u.dot(u).sqrt();
    let w = u_length + u.dot(line);
    usable = usable.and(w.test(F::splat(1e-3) * u_length, |a, b| a >= b));
    let swing = Q { v: u.cross(line), w }.normalize();
    let turned = swing.rotate(hinge).reject(line);
    let wanted_hinge = pole.cross(line);
    let (turned_squared, threshold) = (turned.dot(turned), F::splat(1e-12));
    let clear = turned_squared.test(F::splat(4.0) * threshold, greater);
    usable = usable.and(clear.or(turned_squared.test(F::splat(0.25) * threshold, |a, b| a < b)));
    let roll = half_turn(line, turned.dot(wanted_hinge), line.dot(turned.cross(wanted_hinge)));
    let identity = Q { v: V3::default(), w: one };
    let turn = Q::select(turned_squared.test(threshold, greater), roll, identity).mul(swing);
    let local = to_local(start_frame, turn.v);
    let sign = turn.w.map(|w| 1f32.copysign(w));
    let start = Q { v: local.scale(sign), w: turn.w * sign };
    let mid = half_turn(axis, bend_cos, bend_sin);
    let finite =
        (start.v.dot(start.v) + start.w + mid.v.dot(mid.v) + mid.w).map(|x| if x.is_finite() { 1.0 } else { 0.0 });
    usable = usable.and(finite.test(one, |a, b| a == b));
    let reached = (distance - reach).test(F::splat(1e-5) * length, |a, b| a <= b);
    let reached = reached.and(distance.test((upper - lower).map(f32::abs), |a, b| a >= b));
    Solved { start, mid, reached, usable }
}
