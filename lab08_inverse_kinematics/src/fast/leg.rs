//! Step 1 one call at a time: [`two_bone`].
//!
//! One leg's solve is a chain of steps, each waiting on the one before (a
//! length, a square root, a division, another length...), and a single
//! call spends its time waiting on that chain, not on the number of
//! operations. So the formulas here are arranged for the shortest chain
//! from the inputs to the answer, even where that costs an operation more:
//! what does not depend on a slow result is computed beside it, and what
//! does is left as late and as short as the maths allows.

use glam::{Quat, Vec2, Vec3A};

use super::{Frame, arc_unnormalised, clear_of, half_pair, half_turn, shortfall, weigh};
use crate::given::{DEGENERATE, TwoBone, TwoBoneSolve};
use crate::{IkError, solution};

/// Step 1, fast: the same answer as `solution::two_bone`.
pub fn two_bone(job: &TwoBone) -> Result<TwoBoneSolve, IkError> {
    two_bone_best(job).map_or_else(|| solution::two_bone(job), Ok)
}

/// [`two_bone_direct`] compiled for AVX2 where the CPU has it, as the batch
/// is. The formulas stay SSE-wide (`Vec3A`), so the answers are the same to
/// the bit (no operation is fused: the compiler never turns `a * b + c`
/// into an FMA on its own); what changes is the encoding. SSE instructions
/// overwrite one of their two operands, so a value still needed afterwards
/// is first copied (`movaps`); AVX's three-operand forms write a third
/// register, and the copies go: 705 instructions per call instead of 839
/// (valgrind, the bench's legs). That alone gains only 2% of the time (the
/// chain of waits sets it, see the module's notes), but it leaves the CPU
/// room to start the next call while this one waits. The check costs a
/// load and a test of a cached flag per call.
#[inline(always)]
fn two_bone_best(job: &TwoBone) -> Option<TwoBoneSolve> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: this CPU has AVX2 and FMA, checked on the line above.
        return unsafe { two_bone_avx2(job) };
    }
    two_bone_direct(job)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn two_bone_avx2(job: &TwoBone) -> Option<TwoBoneSolve> {
    two_bone_direct(job)
}

/// Step 1 on a usual job; `None` sends it to the reference.
#[inline(always)]
fn two_bone_direct(job: &TwoBone) -> Option<TwoBoneSolve> {
    // A sum is finite only if every term is (an overflow merely declines).
    let finite = (job.start + job.mid + job.end).is_finite()
        && (Vec3A::from(job.target) + Vec3A::from(job.pole) + Vec3A::from(job.mid_axis)).is_finite()
        && (job.twist + job.weight + job.soften).is_finite();
    let settings = (0.0..=1.0).contains(&job.weight) && job.soften > 0.0 && job.soften <= 1.0;
    if !finite || !settings || job.mid_axis.length_squared() < 4e-12 {
        return None;
    }
    let (start, mid) = (Frame::of(&job.start)?, Frame::of(&job.mid)?);
    let (s, m, e) =
        (Vec3A::from_vec4(job.start.w_axis), Vec3A::from_vec4(job.mid.w_axis), Vec3A::from_vec4(job.end.w_axis));
    let (bone1, bone2, to) = (m - s, e - m, Vec3A::from(job.target) - s);
    let (upper, lower, distance) = (bone1.length(), bone2.length(), to.length());
    let length = upper + lower;
    let floor = 2.0 * DEGENERATE * length.max(1e-3);
    if upper <= floor || lower <= floor || distance <= 2.0 * DEGENERATE * length {
        return None;
    }
    // A single call waits on its own results: one square root or division
    // feeds the next, and the chain of them, not the count of instructions,
    // sets its time. So every quantity is taken from the inputs by the
    // shortest chain, even where that costs an operation more: the line to
    // the target divides by its own length (no division shared with the
    // bones' lengths), and the knee's bend now (below) uses the bones as
    // they are.
    let line = to / distance;
    let pole = Vec3A::from(job.pole) - s;
    let pole = pole - line * line.dot(pole);
    if pole.length_squared() <= (2.0 * DEGENERATE * length).powi(2) {
        return None;
    }
    let gap = shortfall(distance, length, job.soften);

    // The knee: (cos, sin) of the bend wanted, from the half-angle law of cosines...
    let wanted = wanted_bend(upper, lower, gap);
    // ...and of the bend now, signed about the hinge, from the bones unnormalised (the pair is
    // upper × lower times too long, and normalised anyway); their difference.
    let axis = Vec3A::from(job.mid_axis).normalize();
    let hinge = mid.to_model(axis);
    let now = Vec2::new(bone1.dot(bone2), hinge.dot(bone1.cross(bone2))).try_normalize()?;
    let bend = Vec2::new(wanted.x * now.x + wanted.y * now.y, wanted.y * now.x - wanted.x * now.y);
    // The end after the bend (Rodrigues' formula with that cosine and sine).
    let end_bent = m + bone2 * bend.x + hinge.cross(bone2) * bend.y + hinge * hinge.dot(bone2) * (1.0 - bend.x);

    // The start swings the bent end onto the target's line, then rolls the hinge square to the
    // plane of the line and the pole (defined for a straight leg too). Neither turn is
    // normalised on its own: a product of quaternions of any lengths is the product of the
    // turns, |a| |b| times too long, and that length is known from the parts, so the one
    // square root and division that normalise the answer run beside the product, not after.
    let raw = arc_unnormalised(end_bent - s, line)?;
    // The roll's (cos, sin), as multiples: the hinge turned by the swing, seen in the plane
    // square to the line along the wanted hinge (the pole's side) and square to it. Its dot
    // products with those two directions are taken without turning the hinge first
    // ([`turned_dots`]), so they wait on the swing's last part only a few operations.
    let wanted_hinge = pole.cross(line);
    let (wanted_squared, stretch) = (wanted_hinge.length_squared(), raw.length_squared());
    let cs = turned_dots(raw, hinge, wanted_hinge, wanted_hinge.cross(line));
    // Both directions are |wanted_hinge| long: the turned hinge's part square to the line is
    // |cs| / |wanted_hinge| long, and `stretch` times too long (the swing is not normalised).
    let (turned_squared, threshold) = (cs.length_squared() / wanted_squared, (1e-6 * stretch).powi(2));
    if !clear_of(turned_squared, threshold) {
        return None;
    }
    // The roll turns about the line: as a quaternion `(sin line, cos)` times a multiple of
    // (cos, sin) of its half angle. So the answer seen from the start joint,
    // `local(roll swing)`, is `cos local(swing) + sin local(line swing)`, where `line` is the
    // quaternion `(line, 0)`: the two products and the frame's dot products wait only on the
    // swing, and once the roll is known two multiplies and an add remain.
    let line_quat = Quat::from_xyzw(line.x, line.y, line.z, 0.0);
    let (along, across) = (start.turn_to_local(raw), start.turn_to_local(line_quat * raw));
    let (half, squared) = if turned_squared > threshold {
        let r = cs.length();
        (half_pair(cs, r), 2.0 * r * (r + cs.x.abs()))
    } else {
        (Vec2::X, 1.0)
    };
    // A twist is one more turn about the line: a complex product of half-angle pairs.
    let half = if job.twist == 0.0 {
        half
    } else {
        let (sin, cos) = (0.5 * job.twist).sin_cos();
        Vec2::new(cos * half.x - sin * half.y, cos * half.y + sin * half.x)
    };
    let start = along * half.x + across * half.y;
    // A frame's turn keeps the quaternion's length: normalised once, here, with `w >= 0`.
    let scale = (squared * stretch).sqrt().recip();
    let start = if job.weight == 1.0 { start * scale.copysign(start.w) } else { weigh(start * scale, job.weight) };
    let solve = TwoBoneSolve {
        start,
        mid: weigh(half_turn(axis, bend), job.weight),
        reached: distance - (length - gap) <= 1e-5 * length && distance >= (upper - lower).abs(),
    };
    (solve.start.is_finite() && solve.mid.is_finite()).then_some(solve)
}

/// `(q v)·x` and `(q v)·y`, for a quaternion `q` of any length (glam's
/// `q * v` turns `v` into `v (w² − b·b) + 2 b (v·b) + 2 w (b × v)`, with
/// `b` the axis part: `|q|²` times the turned vector), dotted with `x` and
/// `y` term by term: `(v·x) (w² − b·b) +
/// 2 (v·b) (b·x) + 2 w ((b × v)·x)`, with `b` the axis part. Only `w` is
/// left to wait for (in a swing it comes last, after a square root): every
/// dot product with `x` and `y` is taken before it, and once it is known a
/// few multiplies and adds remain, where turning `v` and then taking the
/// dot products would queue a dozen operations behind it.
#[inline(always)]
fn turned_dots(q: Quat, v: Vec3A, x: Vec3A, y: Vec3A) -> Vec2 {
    let (b, w) = (Vec3A::from_vec4(q.into()), q.w);
    let bv = b.cross(v);
    let (vs, bs, bvs) = (Vec2::new(v.dot(x), v.dot(y)), Vec2::new(b.dot(x), b.dot(y)), Vec2::new(bv.dot(x), bv.dot(y)));
    vs * (w * w - b.dot(b)) + bs * (2.0 * v.dot(b)) + bvs * (2.0 * w)
}

/// The knee's wanted bend as a (cos, sin) pair, from the half-angle law of
/// cosines as `solution::bend_for` takes it: `(cos β/2, sin β/2)` is a
/// multiple of `(sqrt(closed), sqrt(open))`, so `cos β = (closed − open) /
/// (closed + open)` and `sin β = 2 sqrt(closed · open) / (closed + open)`.
/// Exact at full stretch (`open` = 0) and fully folded (`closed` = 0).
#[inline(always)]
fn wanted_bend(upper: f32, lower: f32, gap: f32) -> Vec2 {
    let (length, difference) = (upper + lower, (upper - lower).abs());
    let reach = length - gap;
    let open = (gap * (2.0 * length - gap)).max(0.0);
    let closed = ((reach - difference) * (reach + difference)).max(0.0);
    // The reciprocal, not a division of the pair: it runs beside the square root instead of
    // after it.
    let inverse = (closed + open).recip();
    Vec2::new((closed - open) * inverse, 2.0 * (closed * open).sqrt() * inverse)
}
