//! The `arcs` view: one joint turned between two keys three ways, side by
//! side: raw lerp (left), nlerp (middle), slerp (right). Each arm's tip is
//! traced on a faint unit sphere with a dot at every equal step of `t`.

use common::gl::Overlay;
use glam::{Mat4, Quat, Vec3, Vec4};
use lab05_slerp::{dot, nlerp, shortest_arc, slerp, slerp_vec3};

/// The three interpolations, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Component-wise lerp, not normalised (the arm shrinks).
    Lerp,
    /// Your nlerp.
    Nlerp,
    /// Your slerp.
    Slerp,
}

impl Method {
    pub const ALL: [Method; 3] = [Method::Lerp, Method::Nlerp, Method::Slerp];

    pub fn name(self) -> &'static str {
        match self {
            Method::Lerp => "lerp (not normalised)",
            Method::Nlerp => "nlerp",
            Method::Slerp => "slerp",
        }
    }

    /// Red, yellow, green.
    pub fn color(self) -> Vec3 {
        match self {
            Method::Lerp => Vec3::new(0.95, 0.35, 0.3),
            Method::Nlerp => Vec3::new(0.95, 0.8, 0.25),
            Method::Slerp => Vec3::new(0.35, 0.85, 0.45),
        }
    }

    /// Where its joint stands: in a row across the screen, left to right.
    pub fn center(self) -> Vec3 {
        let across = Vec3::new(CAMERA_YAW.cos(), 0.0, -CAMERA_YAW.sin()); // the camera's right
        across
            * match self {
                Method::Lerp => -2.6,
                Method::Nlerp => 0.0,
                Method::Slerp => 2.6,
            }
    }
}

/// The yaw `common::camera::OrbitCamera::framing` starts with: the row of
/// joints is laid out square to that view, so all three look alike.
const CAMERA_YAW: f32 = 0.45;

/// The joint's own X, Y, Z axes: red, green, blue (as in every lab).
const AXIS_COLORS: [Vec3; 3] = [Vec3::new(0.95, 0.25, 0.2), Vec3::new(0.3, 0.85, 0.3), Vec3::new(0.25, 0.45, 1.0)];

/// The tilted axis the second key turns about.
pub const AXIS: Vec3 = Vec3::new(0.35, 1.0, 0.25);

/// Two keys and how to go between them.
#[derive(Clone, Copy, Debug)]
pub struct Arcs {
    /// The turn between the keys, degrees.
    pub angle: f32,
    /// Dots at `t = 0, 1/steps, ..., 1`.
    pub steps: u32,
    /// Skip the sign flip: interpolate towards the second key as stored.
    pub long: bool,
}

impl Arcs {
    /// The first key (a slight tilt, so that no axis lines up with the view)
    /// and the second, turned by `angle` about [`AXIS`] and stored as the
    /// quaternion on the far side of the first (as some exporters write
    /// keys): only the shortest-arc flip keeps the turn short.
    pub fn keys(&self) -> (Quat, Quat) {
        let first = Quat::from_rotation_z(0.25);
        let second = Quat::from_axis_angle(AXIS.normalize(), self.angle.to_radians()) * first;
        let far = if dot(first, second) > 0.0 { -second } else { second };
        (first, far)
    }

    /// The rotation at `t` by `method`: not unit for [`Method::Lerp`].
    pub fn rotation(&self, method: Method, t: f32) -> Quat {
        let (a, b) = self.keys();
        if self.long {
            // Your functions (rightly) always take the short way; this is
            // what they would do without step 1, written here to show it.
            return match method {
                Method::Lerp => a * (1.0 - t) + b * t,
                Method::Nlerp => unit_or_zero(a * (1.0 - t) + b * t),
                Method::Slerp => long_slerp(a, b, t),
            };
        }
        match method {
            Method::Lerp => a * (1.0 - t) + shortest_arc(a, b) * t,
            Method::Nlerp => nlerp(a, b, t),
            Method::Slerp => slerp(a, b, t),
        }
    }

    /// The joint's matrix for a rotation quaternion that may not be unit.
    /// Turning a vector by `q v q*` with `|q| != 1` also scales it by
    /// `|q|²`: that is what this matrix does, so lerp's shrink shows.
    pub fn joint_matrix(method: Method, q: Quat) -> Mat4 {
        let scale = q.length_squared();
        let turn = if scale > 1e-12 { q.normalize() } else { Quat::IDENTITY };
        Mat4::from_translation(method.center()) * Mat4::from_scale(Vec3::splat(scale)) * Mat4::from_quat(turn)
    }

    /// The tip of the arm (its +X end) at `t`.
    fn tip(&self, method: Method, t: f32) -> Vec3 {
        Arcs::joint_matrix(method, self.rotation(method, t)).transform_point3(Vec3::X)
    }

    /// Sphere, axis, keys and traces into `lines` (hidden behind the arms),
    /// the dots and the current tip into `marks` (always visible).
    pub fn overlay(&self, lines: &mut Overlay, marks: &mut Overlay, t: f32) {
        let (faint, axis_color) = (Vec3::splat(0.34), Vec3::new(0.5, 0.55, 0.7));
        let axis = AXIS.normalize();
        for method in Method::ALL {
            let c = method.center();
            sphere(lines, c, faint);
            lines.line(c - axis * 1.25, c + axis * 1.25, axis_color, 1.5);
            for key in [0.0, 1.0] {
                lines.line(c, self.tip(method, key), Vec3::splat(0.6), 1.5);
            }
            const SEGMENTS: u32 = 96;
            let mut previous = self.tip(method, 0.0);
            for i in 1..=SEGMENTS {
                let p = self.tip(method, i as f32 / SEGMENTS as f32);
                lines.line(previous, p, method.color() * 0.8, 2.0);
                previous = p;
            }
            // The joint's own axes, shrinking with it.
            let m = Arcs::joint_matrix(method, self.rotation(method, t));
            for (i, color) in AXIS_COLORS.into_iter().enumerate() {
                lines.line(c, m.transform_point3(Vec3::AXES[i] * 0.6), color, 3.0);
            }
            for k in 0..=self.steps {
                marks.point(self.tip(method, k as f32 / self.steps as f32), method.color(), 9.0);
            }
            marks.point(self.tip(method, t), Vec3::ONE, 12.0);
        }
    }

    /// The box the camera frames.
    pub fn bounds() -> common::camera::Aabb {
        let corners = Method::ALL.iter().flat_map(|m| [m.center() - Vec3::splat(1.15), m.center() + Vec3::splat(1.15)]);
        common::camera::Aabb::from_points(&corners.collect::<Vec<_>>())
    }
}

fn unit_or_zero(q: Quat) -> Quat {
    Vec4::from(q).try_normalize().map_or(Quat::from_xyzw(0.0, 0.0, 0.0, 0.0), Quat::from_vec4)
}

/// Slerp's formula with no sign flip: the long way when the dot is negative.
fn long_slerp(a: Quat, b: Quat, t: f32) -> Quat {
    let theta = a.dot(b).clamp(-1.0, 1.0).acos();
    let sin = theta.sin();
    if sin < 1e-4 {
        return unit_or_zero(a * (1.0 - t) + b * t);
    }
    a * (((1.0 - t) * theta).sin() / sin) + b * ((t * theta).sin() / sin)
}

/// A faint unit sphere: three great circles and two latitudes, drawn with
/// your `slerp_vec3` a quarter circle at a time.
fn sphere(overlay: &mut Overlay, center: Vec3, color: Vec3) {
    let mut circle = |u: Vec3, v: Vec3, radius: f32, offset: Vec3| {
        let quarters = [u, v, -u, -v, u];
        for q in quarters.windows(2) {
            let mut previous = q[0];
            for i in 1..=16 {
                let p = slerp_vec3(q[0], q[1], i as f32 / 16.0);
                overlay.line(center + offset + previous * radius, center + offset + p * radius, color, 1.0);
                previous = p;
            }
        }
    };
    circle(Vec3::X, Vec3::Y, 1.0, Vec3::ZERO);
    circle(Vec3::Y, Vec3::Z, 1.0, Vec3::ZERO);
    circle(Vec3::Z, Vec3::X, 1.0, Vec3::ZERO);
    for y in [-0.5f32, 0.5] {
        circle(Vec3::Z, Vec3::X, (1.0 - y * y).sqrt(), Vec3::Y * y);
    }
}
