//! Going further: steps 1 and 2 without trigonometry.
//!
//! The reference (`solution::two_bone`, `solution::aim`) is written to be
//! read: it decomposes matrices into quaternions, turns cosines into angles
//! (`acos`, `atan2`) and angles back into quaternions (`sin`, `cos`), and
//! weighs every answer with a slerp. Each of those round trips costs tens of
//! nanoseconds, and none is needed, because a turn is fully described by
//! the cosine and sine of its angle, and those come straight out of dot and
//! cross products. This module answers the same jobs, to rounding, in
//! about half of ozz-animation's `IKTwoBoneJob` time one call at a time
//! (level with its `IKAimJob`), and in under half of it per leg eight legs
//! at a time ([`two_bone_many`]; FURTHER.md has the figures):
//!
//! 1. **A joint's frame is its normalised columns** ([`Frame`]): a vector
//!    goes into the joint's frame by three dot products, and a turn seen
//!    from the joint (`R⁻¹ q R`) keeps its `w` and has its axis taken into
//!    the frame. No quaternion is built from a matrix.
//! 2. **Angles stay as (cos, sin) pairs.** The half-angle law of cosines
//!    gives the wanted bend's half angle as a multiple of
//!    `(sqrt(closed), sqrt(open))` (`wanted_bend`, in `leg.rs`), exact at full stretch;
//!    subtracting the bend it has now is one complex product. [`half_turn`] makes a quaternion from a (cos, sin)
//!    pair with half-angle identities, stable at every angle.
//! 3. **The shortest arc is the half-way quaternion** ([`arc_fast`]):
//!    `(|u||v| + u·v, u × v)` normalised turns `u` onto `v`, exact for tiny
//!    angles (where `acos` loses half its digits).
//! 4. **Weight 1 needs no slerp**: the answer is the turn itself.
//! 5. **One call is a chain of waits** (`leg.rs`): each square root or
//!    division waits on the last, so the order of the work, not its amount,
//!    sets the time. Quaternions stay unnormalised until the end (a product
//!    of any lengths is the product of the turns, its length known from
//!    the parts), and what waits on a slow result is rewritten to wait on
//!    as little of it as possible.
//!
//! What is unusual goes to the reference, so answers and errors are the
//! reference's: bad input (its checks name the problem), sheared or
//! projective matrices, a turn of nearly 180°, a value near a threshold
//! where the two could round to different sides. The grader's
//! `given_fast_...` tests hold the two together on 20,000 random legs and
//! look-ats.

mod batch;
mod lanes;
mod leg;

pub use batch::two_bone_many;
pub use leg::two_bone;

use glam::{Mat4, Quat, Vec2, Vec3A, Vec4, Vec4Swizzles};

use crate::given::{Aim, AimSolve};
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

/// Step 2, fast: the same answer as `solution::aim`.
pub fn aim(job: &Aim) -> Result<AimSolve, IkError> {
    aim_direct(job).map_or_else(|| solution::aim(job), Ok)
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
