//! How far the fast path's nlerp may turn a rotation away from slerp: the
//! bound the handout derives ("Going further") and the tests prove.

use common::model::Clip;
use glam::Quat;

/// The angle, in radians, of the rotation taking `a` to `b` (either sign of
/// either: `q` and `-q` are one rotation).
pub fn rotation_angle(a: Quat, b: Quat) -> f64 {
    let q = a.conjugate() * b;
    2.0 * f64::from(q.xyz().length()).atan2(f64::from(q.w.abs()))
}

/// The largest rotation error, in radians, of nlerp against slerp between
/// two keys `theta` radians apart, over every factor. On the unit sphere of
/// quaternions the keys are `theta / 2` apart; nlerp at factor `f` lands at
/// `atan2(f sin(theta/2), 1 - f + f cos(theta/2))` along the arc, slerp at
/// `f theta / 2`; a rotation turns by twice its quaternion's angle. For small
/// `theta` this is about `theta³ / (144 √3)`.
pub fn nlerp_error_bound(theta: f64) -> f64 {
    let h = theta / 2.0;
    (0..=2000)
        .map(|i| {
            let f = f64::from(i) / 2000.0;
            2.0 * ((f * h.sin()).atan2(1.0 - f + f * h.cos()) - f * h).abs()
        })
        .fold(0.0, f64::max)
}

/// The largest angle between neighbouring rotation keys of any channel of
/// `clips`: what [`nlerp_error_bound`] needs.
pub fn largest_key_angle<'a>(clips: impl IntoIterator<Item = &'a Clip>) -> f64 {
    let pairs = clips.into_iter().flat_map(|c| &c.channels).flat_map(|ch| ch.rotations.windows(2));
    pairs.map(|p| rotation_angle(p[0].value, p[1].value)).fold(0.0, f64::max)
}
