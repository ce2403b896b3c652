//! How a track moves between its keys: the three modes of glTF's samplers,
//! carried by every [`super::Channel`].

use glam::{Quat, Vec3};

/// How a track moves from one key to the next: glTF's three sampler modes.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Interpolation<T> {
    /// A straight line between the keys (slerp for rotations).
    #[default]
    Linear,
    /// Hold each key's value until the next key's time (a jump there).
    Step,
    /// A cubic Hermite curve through the keys, with one pair of tangents per
    /// key (`tangents[k]` belongs to key `k`; as many as there are keys).
    CubicSpline(Vec<Tangents<T>>),
}

impl<T> Interpolation<T> {
    /// The glTF name of the mode: `"LINEAR"`, `"STEP"` or `"CUBICSPLINE"`.
    pub fn name(&self) -> &'static str {
        match self {
            Interpolation::Linear => "LINEAR",
            Interpolation::Step => "STEP",
            Interpolation::CubicSpline(_) => "CUBICSPLINE",
        }
    }
}

/// The tangents of one key of a cubic track, in value units per tick: glTF's
/// in-tangent `a` (the slope arriving at the key) and out-tangent `b` (the
/// slope leaving it), divided by the clip's ticks per second.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tangents<T> {
    /// Slope arriving at the key (glTF's `a_k`).
    pub incoming: T,
    /// Slope leaving the key (glTF's `b_k`).
    pub outgoing: T,
}

/// The interpolation of each track of a [`Channel`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChannelInterpolation {
    /// For [`Channel::positions`].
    pub positions: Interpolation<Vec3>,
    /// For [`Channel::rotations`].
    pub rotations: Interpolation<Quat>,
    /// For [`Channel::scales`].
    pub scales: Interpolation<Vec3>,
}
