//! Eight of everything: numbers, vectors and quaternions that hold one leg
//! per lane, for [`super::batch`]. Every operation is a plain loop over the
//! lanes, which the compiler turns into SIMD instructions (two SSE ones
//! each by default, one AVX one where the batch runs compiled for AVX2). A
//! choice is a `select`, never a branch: each lane takes its own side.

use std::ops::{Add, Mul, Neg, Sub};

/// Legs per batch.
pub const LANES: usize = 8;

/// One number per lane.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct F(pub [f32; LANES]);

/// One yes or no per lane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mask(pub [bool; LANES]);

impl F {
    /// The same number in every lane.
    #[inline(always)]
    pub fn splat(v: f32) -> F {
        F([v; LANES])
    }

    /// `f` of each lane.
    #[inline(always)]
    pub fn map(self, f: impl Fn(f32) -> f32) -> F {
        F(std::array::from_fn(|i| f(self.0[i])))
    }

    /// `f` of each pair of lanes.
    #[inline(always)]
    pub fn zip(self, other: F, f: impl Fn(f32, f32) -> f32) -> F {
        F(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    /// Whether `f` holds for each pair of lanes.
    #[inline(always)]
    pub fn test(self, other: F, f: impl Fn(f32, f32) -> bool) -> Mask {
        Mask(std::array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    /// The square root of each lane.
    #[inline(always)]
    pub fn sqrt(self) -> F {
        self.map(f32::sqrt)
    }

    /// `self / other`, lane by lane.
    #[inline(always)]
    pub fn div(self, other: F) -> F {
        self.zip(other, |a, b| a / b)
    }

    /// `if mask { yes } else { no }`, lane by lane.
    #[inline(always)]
    pub fn select(mask: Mask, yes: F, no: F) -> F {
        F(std::array::from_fn(|i| if mask.0[i] { yes.0[i] } else { no.0[i] }))
    }
}

impl Mask {
    /// Both, lane by lane.
    #[inline(always)]
    pub fn and(self, other: Mask) -> Mask {
        Mask(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Either, lane by lane.
    #[inline(always)]
    pub fn or(self, other: Mask) -> Mask {
        Mask(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

macro_rules! lane_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait for F {
            type Output = F;
            #[inline(always)]
            fn $method(self, other: F) -> F {
                self.zip(other, |a, b| a $op b)
            }
        }
    };
}
lane_op!(Add, add, +);
lane_op!(Sub, sub, -);
lane_op!(Mul, mul, *);

impl Neg for F {
    type Output = F;
    #[inline(always)]
    fn neg(self) -> F {
        self.map(|a| -a)
    }
}

/// One vector per lane.
#[derive(Clone, Copy, Debug, Default)]
pub struct V3 {
    /// The x of every lane.
    pub x: F,
    /// The y of every lane.
    pub y: F,
    /// The z of every lane.
    pub z: F,
}

impl V3 {
    /// The dot product, lane by lane.
    #[inline(always)]
    pub fn dot(self, o: V3) -> F {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    /// The cross product, lane by lane.
    #[inline(always)]
    pub fn cross(self, o: V3) -> V3 {
        V3 { x: self.y * o.z - self.z * o.y, y: self.z * o.x - self.x * o.z, z: self.x * o.y - self.y * o.x }
    }

    /// Every component times `s`.
    #[inline(always)]
    pub fn scale(self, s: F) -> V3 {
        V3 { x: self.x * s, y: self.y * s, z: self.z * s }
    }

    /// `self` without its part along unit `line`.
    #[inline(always)]
    pub fn reject(self, line: V3) -> V3 {
        self - line.scale(line.dot(self))
    }
}

impl Add for V3 {
    type Output = V3;
    #[inline(always)]
    fn add(self, o: V3) -> V3 {
        V3 { x: self.x + o.x, y: self.y + o.y, z: self.z + o.z }
    }
}

impl Sub for V3 {
    type Output = V3;
    #[inline(always)]
    fn sub(self, o: V3) -> V3 {
        V3 { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }
}

/// One quaternion per lane: `v` the axis part, `w` the scalar part.
#[derive(Clone, Copy, Debug, Default)]
pub struct Q {
    /// x, y, z of every lane.
    pub v: V3,
    /// w of every lane.
    pub w: F,
}

impl Q {
    /// `self * o`, lane by lane: `o` first, then `self`.
    #[inline(always)]
    pub fn mul(self, o: Q) -> Q {
        Q { v: o.v.scale(self.w) + self.v.scale(o.w) + self.v.cross(o.v), w: self.w * o.w - self.v.dot(o.v) }
    }

    /// `self` turning `p` (a unit quaternion): `p + 2w (v × p) + 2 v × (v × p)`.
    #[inline(always)]
    pub fn rotate(self, p: V3) -> V3 {
        let t = self.v.cross(p);
        let two = F::splat(2.0);
        p + t.scale(self.w * two) + self.v.cross(t).scale(two)
    }

    /// Scaled to unit length.
    #[inline(always)]
    pub fn normalize(self) -> Q {
        let inverse = F::splat(1.0).div((self.v.dot(self.v) + self.w * self.w).sqrt());
        Q { v: self.v.scale(inverse), w: self.w * inverse }
    }

    /// `if mask { yes } else { no }`, lane by lane.
    #[inline(always)]
    pub fn select(mask: Mask, yes: Q, no: Q) -> Q {
        let f = |a: F, b: F| F::select(mask, a, b);
        Q { v: V3 { x: f(yes.v.x, no.v.x), y: f(yes.v.y, no.v.y), z: f(yes.v.z, no.v.z) }, w: f(yes.w, no.w) }
    }
}
