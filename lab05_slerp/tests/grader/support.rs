//! What the grader's files share: test data, a sign-aware comparison, and
//! the classic wrong answers written as functions, so that the `grader_*`
//! tests can prove each one is rejected with the right explanation.

use glam::{Quat, Vec3, Vec4};

/// A rotation interpolation, as lab 04's sampler takes it.
pub type Interp = fn(Quat, Quat, f32) -> Quat;

pub use common::grade::SplitMix64 as Rng;

/// Directions and rotations drawn from the shared test stream.
pub trait Draw {
    /// A unit direction, about uniform on the sphere.
    fn direction(&mut self) -> Vec3;
    /// A unit quaternion, either sign.
    fn quat(&mut self) -> Quat;
}

impl Draw for Rng {
    fn direction(&mut self) -> Vec3 {
        loop {
            let v = self.vec3(-1.0, 1.0);
            if (0.01..=1.0).contains(&v.length_squared()) {
                return v.normalize();
            }
        }
    }
    fn quat(&mut self) -> Quat {
        Quat::from_axis_angle(self.direction(), self.range(-6.0, 6.0)).normalize()
    }
}

/// Pairs of unit quaternions: random ones (about half with a negative dot
/// product), a 170° turn stored the long way, and a few small turns.
pub fn pairs() -> Vec<(Quat, Quat)> {
    let mut rng = Rng(0x5EED_0005);
    let mut out: Vec<(Quat, Quat)> = (0..24).map(|_| (rng.quat(), rng.quat())).collect();
    let a = Quat::from_axis_angle(Vec3::new(1.0, 2.0, 0.5).normalize(), 0.7);
    let turn = Quat::from_axis_angle(Vec3::new(-0.3, 0.4, 1.0).normalize(), 170f32.to_radians());
    out.push((a, -(turn * a))); // 170° apart, stored on the far side
    for degrees in [0.5f32, 2.0, 9.0] {
        out.push((a, Quat::from_rotation_y(degrees.to_radians()) * a));
    }
    out
}

/// The interpolation parameters the checks try.
pub const TS: [f32; 6] = [0.0, 0.1, 0.25, 0.5, 0.8, 1.0];

/// Sign-aware closeness: here `q` and `-q` differ, since the sign is what
/// steps 1 to 3 are about.
pub fn close(a: Quat, b: Quat, tolerance: f32) -> bool {
    (Vec4::from(a) - Vec4::from(b)).abs().max_element() <= tolerance
}

/// The rotation angle between two unit quaternions, in degrees.
pub fn degrees_between(a: Quat, b: Quat) -> f32 {
    (2.0 * a.dot(b).abs().min(1.0).acos()).to_degrees()
}

/// Ok if `got` equals `want` (sign included) within `tolerance`; otherwise a
/// message naming the first of `mistakes` that `got` matches, or what is
/// visibly wrong with it.
pub fn check_q(what: &str, got: Quat, want: Quat, tolerance: f32, mistakes: &[(&str, Quat)]) -> Result<(), String> {
    if close(got, want, tolerance) {
        return Ok(());
    }
    let shown = format!("\n  expected: {want}\n  got:      {got}");
    if !got.is_finite() {
        return Err(format!("{what} is NaN or infinite{shown}"));
    }
    if let Some((mistake, _)) = mistakes.iter().find(|(_, m)| m.is_finite() && close(got, *m, tolerance)) {
        return Err(format!("{what} is wrong: {mistake}{shown}"));
    }
    let length = got.length();
    if (length - 1.0).abs() > 1e-3 {
        return Err(format!(
            "{what} is {length:.4} long, not 1: a rotation quaternion must stay on the unit sphere (normalise){shown}"
        ));
    }
    if close(-got, want, tolerance) {
        return Err(format!(
            "{what} is the right rotation with the wrong sign: it must lie on `a`'s side (shortest_arc of b, not of a){shown}"
        ));
    }
    Err(format!("{what} is wrong{shown}"))
}

/// Why a slerp of `a` and `b` can come out NaN, read off their dot product.
pub fn nan_hint(a: Quat, b: Quat) -> String {
    let sequential = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    let d = sequential.max(a.dot(b));
    if d > 1.0 {
        format!(
            "their dot product rounds to {d:.9}, just above 1: acos of that is NaN unless the dot is clamped \
             into [-1, 1] first; and once clamped, Ω = 0 and the weights are 0/0 unless you fall back to nlerp"
        )
    } else if d.abs() > 1.0 - 1e-6 {
        "they are the same rotation: sin Ω = 0 and the weights are 0/0 = NaN: fall back to nlerp when sin Ω is \
         tiny (README, step 3, hint 2)"
            .to_string()
    } else {
        "NaN for two ordinary rotations: look for a division by zero or acos/sqrt of a value out of range".to_string()
    }
}

// ---------------------------------------------------------------- wrong answers

fn flip(a: Quat, b: Quat) -> Quat {
    if a.dot(b) < 0.0 { -b } else { b }
}

/// Slerp's formula, for a chosen `b` and angle `theta`.
fn formula(a: Quat, b: Quat, theta: f32, t: f32) -> Quat {
    let s = theta.sin();
    a * (((1.0 - t) * theta).sin() / s) + b * ((t * theta).sin() / s)
}

fn careful(a: Quat, b: Quat, t: f32) -> Quat {
    let theta = a.dot(b).clamp(-1.0, 1.0).acos();
    if theta.sin() < 1e-3 { (a * (1.0 - t) + b * t).normalize() } else { formula(a, b, theta, t) }
}

/// Straight line, flipped, not normalised.
pub fn lerp_unnormalised(a: Quat, b: Quat, t: f32) -> Quat {
    a * (1.0 - t) + flip(a, b) * t
}

/// nlerp with no sign flip.
pub fn nlerp_long_way(a: Quat, b: Quat, t: f32) -> Quat {
    (a * (1.0 - t) + b * t).normalize()
}

/// nlerp that flips both inputs when the dot is negative (still the long way).
pub fn nlerp_flip_both(a: Quat, b: Quat, t: f32) -> Quat {
    let (a, b) = if a.dot(b) < 0.0 { (-a, -b) } else { (a, b) };
    (a * (1.0 - t) + b * t).normalize()
}

/// A correct nlerp, passed off as slerp.
pub fn nlerp_right(a: Quat, b: Quat, t: f32) -> Quat {
    (a * (1.0 - t) + flip(a, b) * t).normalize()
}

/// Slerp without the sign flip.
pub fn slerp_long_way(a: Quat, b: Quat, t: f32) -> Quat {
    careful(a, b, t)
}

/// Slerp that flips both inputs: -a to -b is the same long path.
pub fn slerp_flip_both(a: Quat, b: Quat, t: f32) -> Quat {
    let (a, b) = if a.dot(b) < 0.0 { (-a, -b) } else { (a, b) };
    careful(a, b, t)
}

/// Slerp with a fallback but no clamp: acos(1.0000001) is NaN.
pub fn slerp_no_clamp(a: Quat, b: Quat, t: f32) -> Quat {
    let b = flip(a, b);
    let theta = a.dot(b).acos();
    if theta.sin() < 1e-3 { (a * (1.0 - t) + b * t).normalize() } else { formula(a, b, theta, t) }
}

/// Slerp with a clamp but no fallback: a == b gives 0/0.
pub fn slerp_no_fallback(a: Quat, b: Quat, t: f32) -> Quat {
    let b = flip(a, b);
    formula(a, b, a.dot(b).clamp(-1.0, 1.0).acos(), t)
}

/// The weights the wrong way round: runs from b to a.
pub fn slerp_swapped(a: Quat, b: Quat, t: f32) -> Quat {
    careful(a, flip(a, b), 1.0 - t)
}

/// The rotation angle (twice the angle between the quaternions) in the weights.
pub fn slerp_full_angle(a: Quat, b: Quat, t: f32) -> Quat {
    let b = flip(a, b);
    let theta = 2.0 * a.dot(b).clamp(-1.0, 1.0).acos();
    if theta.sin().abs() < 1e-3 { (a * (1.0 - t) + b * t).normalize() } else { formula(a, b, theta, t) }
}

/// Early returns for the ends, with `b` as it was passed in.
pub fn slerp_unflipped_end(a: Quat, b: Quat, t: f32) -> Quat {
    if t >= 1.0 { b } else { careful(a, flip(a, b), t) }
}

/// sin Ω taken as sqrt(1 - cos²) while the numerators use sin of acos:
/// the two do not cancel exactly, so the ends are off.
pub fn slerp_sqrt_sine(a: Quat, b: Quat, t: f32) -> Quat {
    let b = flip(a, b);
    let cos = a.dot(b).clamp(-1.0, 1.0);
    let (theta, sin) = (cos.acos(), (1.0 - cos * cos).sqrt());
    if sin < 1e-3 {
        return (a * (1.0 - t) + b * t).normalize();
    }
    a * (((1.0 - t) * theta).sin() / sin) + b * ((t * theta).sin() / sin)
}
