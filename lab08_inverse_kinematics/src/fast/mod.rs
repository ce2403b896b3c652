//! Going further: steps 1 and 2 without trigonometry.
//!
//! The reference (`solution::two_bone`, `solution::aim`) is written to be
//! read: it decomposes matrices into quaternions, turns cosines into angles
//! (`acos`, `atan2`) and angles back into quaternions (`sin`, `cos`), and
//! weighs every answer with a slerp. Each of those round trips costs tens of
//! nanoseconds, and none is needed, because a turn is fully described by
//! the cosine and sine of its angle, and those come straight out of dot and
//! cross products. This module answers the same jobs, to rounding, level
//! with ozz-animation's `IKTwoBoneJob` and ahead of its `IKAimJob` one call
//! at a time, and in under half of ozz's time per leg eight legs at a time
//! ([`two_bone_many`]; FURTHER.md has the figures):
//!
//! 1. **A joint's frame is its normalised columns** ([`Frame`]): a vector
//!    goes into the joint's frame by three dot products, and a turn seen
//!    from the joint (`R⁻¹ q R`) keeps its `w` and has its axis taken into
//!    the frame. No quaternion is built from a matrix.
//! 2. **Angles stay as (cos, sin) pairs.** The half-angle law of cosines
//!    gives the wanted bend's half angle as a multiple of
//!    `(sqrt(closed), sqrt(open))` ([`wanted_bend`]), exact at full stretch;
//!    subtracting the bend it has now is one complex product. [`half_turn`] makes a quaternion from a (cos, sin)
//!    pair with half-angle identities, stable at every angle.
//! 3. **The shortest arc is the half-way quaternion** ([`arc_fast`]):
//!    `(|u||v| + u·v, u × v)` normalised turns `u` onto `v`, exact for tiny
//!    angles (where `acos` loses half its digits).
//! 4. **Weight 1 needs no slerp**: the answer is the turn itself.
//!
//! What is unusual goes to the reference, so answers and errors are the
//! reference's: bad input (its checks name the problem), sheared or
//! projective matrices, a turn of nearly 180°, a value near a threshold
//! where the two could round to different sides. The grader's
//! `given_fast_...` tests hold the two together on 20,000 random legs and
//! look-ats.

mod batch;
mod lanes;

pub use batch::two_bone_many;

use glam::{Mat4, Quat, Vec2, Vec3A, Vec4, Vec4Swizzles};

use crate::given::{Aim, AimSolve, DEGENERATE, TwoBone, TwoBoneSolve};
use crate::{IkError, solution};

/// A rigid joint frame: the matrix's columns normalised (the first flipped
/// for a mirrored matrix, as `Mat4::to_scale_rotation_translation` does).
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    x: Vec3A,
    y: Vec3A,
    z: Vec3A,
}

impl Frame {
    /// The rotation part of an affine matrix; `None` for a projective,
    /// degenerate or sheared one (beyond 1e-5 between axes).
    ///
    /// `inline(always)`, as every helper on the fast path: a call is not
    /// cheap here. The x86-64 calling convention lets a function overwrite
    /// every SIMD register, so the caller stores all it holds (a dozen
    /// vectors at this point) before the call and loads them after.
    #[inline(always)]
    pub fn of(m: &Mat4) -> Option<Frame> {
        let affine = m.x_axis.w == 0.0 && m.y_axis.w == 0.0 && m.z_axis.w == 0.0 && m.w_axis.w == 1.0;
        let (x, y, z) = (Vec3A::from_vec4(m.x_axis), Vec3A::from_vec4(m.y_axis), Vec3A::from_vec4(m.z_axis));
        if !affine {
            return None;
        }
        // The usual joint first: unit, perpendicular, right-handed columns (x × y = z) to 1e-6,
        // used as they are (they turn vectors as the normalised ones do, to rounding).
        let (xx, yy, xy) = (x.length_squared(), y.length_squared(), x.dot(y));
        let rigid = Vec3A::new(xx - 1.0, yy - 1.0, xy).abs().cmple(Vec3A::splat(1e-6)).all();
        if rigid && (x.cross(y) - z).length_squared() <= 1e-12 {
            return Some(Frame { x, y, z });
        }
        // Scaled or mirrored: normalised, one division for the three lengths, 1/|x| = |y| |z| /
        // (|x| |y| |z|); refused (sent to the reference) when degenerate or sheared.
        let zz = z.length_squared();
        if xx.min(yy).min(zz) < 1e-20 {
            return None;
        }
        let (lx, ly, lz) = (xx.sqrt(), yy.sqrt(), zz.sqrt());
        let inverse = (lx * ly * lz).recip();
        let (x, y, z) = (x * (ly * lz * inverse), y * (lx * lz * inverse), z * (lx * ly * inverse));
        let shear = Vec3A::new(x.dot(y), y.dot(z), z.dot(x)).abs();
        let x = if x.cross(y).dot(z) < 0.0 { -x } else { x };
        shear.cmple(Vec3A::splat(1e-5)).all().then_some(Frame { x, y, z })
    }

    /// A vector in the joint's frame taken to model space (`R v`).
    #[inline(always)]
    pub fn to_model(&self, v: Vec3A) -> Vec3A {
        self.x * v.x + self.y * v.y + self.z * v.z
    }

    /// A model-space vector seen from the joint's frame (`R⁻¹ v`).
    #[inline(always)]
    pub fn to_local(&self, v: Vec3A) -> Vec3A {
        Vec3A::new(self.x.dot(v), self.y.dot(v), self.z.dot(v))
    }

    /// A model-space turn seen from the joint's frame (`R⁻¹ q R`).
    #[inline(always)]
    pub fn turn_to_local(&self, q: Quat) -> Quat {
        let axis = self.to_local(Vec3A::new(q.x, q.y, q.z));
        Quat::from_xyzw(axis.x, axis.y, axis.z, q.w)
    }
}

/// The turn about unit `axis` by the angle whose cosine and sine are `cs`
/// (any positive multiple `r` of them), the quaternion with `w >= 0`.
/// `(r + r cos, r sin)` and `(r sin, r - r cos)` are both multiples of
/// (cos θ/2, sin θ/2) (their ratio is `(r - r cos) / (r sin)`); the first
/// is taken while the cosine is not negative, the second beyond, so neither
/// subtracts nearly equal numbers. Picked without a branch: the sign of
/// the cosine is a coin toss, and a mispredicted branch costs more than
/// computing both. A plain `if` is not enough to get that (the compiler
/// turned it into a jump), so both pairs sit in one SIMD register,
/// `(w, s)` in lanes 0 and 1 and the other choice in lanes 2 and 3, and a
/// mask picks: `select` is three bitwise instructions, never a jump.
#[inline(always)]
pub fn half_turn(axis: Vec3A, cs: Vec2) -> Quat {
    let r = cs.length();
    let half = half_pair(cs, r);
    let v = axis * half.y;
    Quat::from_xyzw(v.x, v.y, v.z, half.x).normalize()
}

/// [`half_turn`]'s (cos, sin) of the half angle before they are normalised,
/// given `r = |cs|`: one of the two pairs, picked by a mask. Both are
/// `2 r (r + |cos|)` long squared.
#[inline(always)]
fn half_pair(cs: Vec2, r: f32) -> Vec2 {
    let both = Vec4::new(r + cs.x, cs.y, cs.y.abs(), (r - cs.x).copysign(cs.y));
    let picked = Vec4::select(Vec4::splat(cs.x).cmplt(Vec4::ZERO), both.zwxy(), both);
    picked.xy()
}

/// The shortest turn from the direction of `u` onto that of `v` (any
/// lengths): the half-way quaternion `(|u| |v| + u·v, u × v)`, normalised;
/// `None` within about 2.5° of opposite, where its axis is ill-defined.
#[inline(always)]
pub fn arc_fast(u: Vec3A, v: Vec3A) -> Option<Quat> {
    arc_unnormalised(u, v).map(Quat::normalize)
}

/// [`arc_fast`] before it is normalised. Turning a vector by a quaternion
/// `q` of any length gives the turned vector `|q|²` times as long: where
/// only directions matter, it can be used while the square root and the
/// division of the normalisation are still under way.
#[inline(always)]
fn arc_unnormalised(u: Vec3A, v: Vec3A) -> Option<Quat> {
    let lengths = (u.length_squared() * v.length_squared()).sqrt();
    let w = lengths + u.dot(v);
    let axis = u.cross(v);
    (w >= 1e-3 * lengths).then(|| Quat::from_xyzw(axis.x, axis.y, axis.z, w))
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

/// `q` with `w >= 0` (the same turn), as the reference's slerp leaves it
/// (a multiply, not a branch on a coin toss).
#[inline(always)]
fn positive(q: Quat) -> Quat {
    q * 1f32.copysign(q.w)
}

/// `solution::shortfall`, to the bit: how far short of its length the
/// chain is asked to stop, eased past the soften zone's start.
#[inline(always)]
fn shortfall(distance: f32, length: f32, soften: f32) -> f32 {
    let start = soften * length;
    if distance <= start || soften >= 1.0 {
        (length - distance).max(0.0)
    } else {
        let zone = length - start;
        zone * (-(distance - start) / zone).exp()
    }
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

/// The reference's weighing: the identity at 0, the turn at 1 (a product
/// of unit turns, unit to rounding), a slerp between.
#[inline(always)]
fn weigh(q: Quat, weight: f32) -> Quat {
    if weight == 1.0 { positive(q) } else { Quat::IDENTITY.slerp(q.normalize(), weight).normalize() }
}

/// True when `value` is well away from `threshold` (a factor of 4; of 2
/// for their square roots): both solvers then take the same side of the
/// reference's test.
#[inline(always)]
fn clear_of(value: f32, threshold: f32) -> bool {
    value > 4.0 * threshold || value < 0.25 * threshold
}

/// Step 1, fast: the same answer as `solution::two_bone`.
pub fn two_bone(job: &TwoBone) -> Result<TwoBoneSolve, IkError> {
    two_bone_best(job).map_or_else(|| solution::two_bone(job), Ok)
}

/// [`two_bone_direct`] compiled for AVX2 where the CPU has it, as the batch
/// is. The formulas stay SSE-wide (`Vec3A`), so the answers are the same to
/// the bit (no operation is fused: the compiler never turns `a * b + c`
/// into an FMA on its own); what changes is the encoding. SSE instructions
/// overwrite one of their two operands, so a value still needed afterwards
/// is first copied (`movaps`), and a third of the one-call path's
/// instructions were such copies. AVX's three-operand forms write a third
/// register, and the copies go. The check costs a load and a test of a
/// cached flag per call.
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

/// Step 2, fast: the same answer as `solution::aim`.
pub fn aim(job: &Aim) -> Result<AimSolve, IkError> {
    aim_direct(job).map_or_else(|| solution::aim(job), Ok)
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

/// Step 2 on a usual job; `None` sends it to the reference.
fn aim_direct(job: &Aim) -> Option<AimSolve> {
    let (forward, up, pole) = (Vec3A::from(job.forward), Vec3A::from(job.up), Vec3A::from(job.pole));
    let finite = job.joint.is_finite() && (Vec3A::from(job.target) + forward + up + pole).is_finite();
    let settings = (0.0..=1.0).contains(&job.weight) && (0.0..=std::f32::consts::PI).contains(&job.limit);
    let axes = Vec3A::new(forward.length_squared(), up.length_squared(), pole.length_squared());
    let axes = axes.cmpgt(Vec3A::splat(4e-12)).all();
    if !finite || !settings || !axes {
        return None;
    }
    let frame = Frame::of(&job.joint)?;
    let to = Vec3A::from(job.target) - Vec3A::from_vec4(job.joint.w_axis);
    if to.length_squared() < 4e-12 {
        return None;
    }
    // All in the joint's frame: the answer is then the correction itself.
    let (forward, to, pole) =
        (Vec3A::from(job.forward).normalize(), frame.to_local(to), frame.to_local(job.pole.into()));
    // With a limit below pi, the reference's angle decides whether it binds.
    let (swing, reached) = if job.limit >= std::f32::consts::PI {
        (arc_fast(forward, to)?, true)
    } else {
        let angle = forward.angle_between(to);
        let axis = forward.cross(to).try_normalize()?;
        let swing =
            if angle <= job.limit { arc_fast(forward, to)? } else { Quat::from_axis_angle(axis.into(), job.limit) };
        (swing, angle <= job.limit + 1e-6)
    };
    let facing = swing * forward;
    let up_now = swing * up;
    let up_now = up_now - facing * facing.dot(up_now);
    let up_wanted = pole - facing * facing.dot(pole);
    let (now_squared, wanted_squared) = (up_now.length_squared(), up_wanted.length_squared());
    if !clear_of(now_squared, 1e-12) || !clear_of(wanted_squared, 1e-12) {
        return None;
    }
    let roll = if now_squared > 1e-12 && wanted_squared > 1e-12 {
        half_turn(facing, Vec2::new(up_now.dot(up_wanted), facing.dot(up_now.cross(up_wanted))))
    } else {
        Quat::IDENTITY
    };
    let correction = weigh(roll * swing, job.weight);
    correction.is_finite().then_some(AimSolve { correction, reached })
}
