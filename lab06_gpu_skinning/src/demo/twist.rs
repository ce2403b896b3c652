//! The "candy wrapper" scene (`--set view=twist`): a standing cylinder with
//! two bones, its top half turned about the cylinder's own axis. In the middle
//! each vertex belongs half to each bone. Linear blending averages the two
//! matrices there, and the average of a rotation by θ and the identity
//! shrinks a radius by cos(θ/2): at 180° the waist is a point. A dual
//! quaternion blend is a rotation by θ/2 instead, and keeps the radius.
//!
//! Also used by the grader's `further` module (`#[path]`), so it only needs `common` and `glam`.

use common::model::SkinnedMesh;
use common::shapes::twisting_cylinder;
#[allow(unused_imports)] // RINGS and SIDES are for the grader's further module
pub use common::shapes::{
    CYLINDER_HEIGHT as HEIGHT, CYLINDER_RADIUS as RADIUS, CYLINDER_RINGS as RINGS, CYLINDER_SIDES as SIDES,
};
use glam::Mat4;

/// The cylinder ([`twisting_cylinder`]): bone 0 owns the bottom, bone 1 the
/// top. The bones' offsets are identities: the palette is given directly
/// ([`palette`]), with no skeleton.
pub fn cylinder() -> SkinnedMesh {
    twisting_cylinder("twisting cylinder", 2.0)
}

/// The two gradients: the bottom stays, the top turns `degrees` about the
/// cylinder's axis (the y axis).
pub fn palette(degrees: f32) -> [Mat4; 2] {
    [Mat4::IDENTITY, Mat4::from_rotation_y(degrees.to_radians())]
}
