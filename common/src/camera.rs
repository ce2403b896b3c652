//! Bounding boxes and the orbit camera every demo uses.

use glam::{Mat4, Vec3};

/// An axis-aligned box; `EMPTY` until a point is added.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// Smallest corner.
    pub min: Vec3,
    /// Largest corner.
    pub max: Vec3,
}

impl Aabb {
    /// A box containing nothing.
    pub const EMPTY: Aabb = Aabb { min: Vec3::splat(f32::INFINITY), max: Vec3::splat(f32::NEG_INFINITY) };

    /// The smallest box around `points` (finite ones only).
    pub fn from_points<'a>(points: impl IntoIterator<Item = &'a Vec3>) -> Aabb {
        let mut b = Aabb::EMPTY;
        for p in points {
            b.add(*p);
        }
        b
    }

    /// Grows the box to contain `p` (ignored if not finite).
    pub fn add(&mut self, p: Vec3) {
        if p.is_finite() {
            self.min = self.min.min(p);
            self.max = self.max.max(p);
        }
    }

    /// Whether no point was added.
    pub fn is_empty(&self) -> bool {
        self.min.x > self.max.x
    }

    /// The centre (origin when empty).
    pub fn center(&self) -> Vec3 {
        if self.is_empty() { Vec3::ZERO } else { (self.min + self.max) * 0.5 }
    }

    /// Half the diagonal, whatever the box's size (a model a micrometre tall
    /// is framed as closely as one 2 m tall); 1 when empty. A box that is a
    /// single point, or smaller than f32 can tell apart where it sits (a
    /// hundred-thousandth of its distance from the origin), counts as that
    /// hundred-thousandth, and at least a millimetre.
    pub fn radius(&self) -> f32 {
        if self.is_empty() {
            return 1.0;
        }
        let half = (self.max - self.min).length() * 0.5;
        let resolved = self.min.abs().max(self.max.abs()).max_element() * 1e-5;
        if half > resolved && half.is_finite() { half } else { resolved.max(1e-3) }
    }
}

/// What a frame is drawn with: matrices, eye position and viewport size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World to view.
    pub view: Mat4,
    /// View to clip (perspective).
    pub proj: Mat4,
    /// Eye position in world space.
    pub eye: Vec3,
    /// Viewport size in pixels.
    pub viewport: [f32; 2],
    /// A length that looks reasonable at this scene's scale (5% of its radius):
    /// use it for gizmo sizes, normal lengths, point sizes in world units.
    pub scale: f32,
}

impl Camera {
    /// `proj * view`: world to clip space.
    pub fn view_proj(&self) -> Mat4 {
        self.proj * self.view
    }
}

/// A camera that orbits a target: drag to turn, wheel to zoom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    /// The point looked at.
    pub target: Vec3,
    /// Distance from the target.
    pub distance: f32,
    /// Turn about the vertical axis, radians (0 looks along -Z, at the model's front).
    pub yaw: f32,
    /// Elevation, radians (positive looks down at the model).
    pub pitch: f32,
    /// Vertical field of view, radians.
    pub fov_y: f32,
    radius: f32,
}

impl OrbitCamera {
    /// Frames `bounds` for a viewport of `aspect` (width / height), from the
    /// front, a little above and to the side, as close as fits the box.
    pub fn framing(bounds: &Aabb, aspect: f32) -> OrbitCamera {
        let fov_y = 40f32.to_radians();
        let radius = bounds.radius();
        let mut camera = OrbitCamera {
            target: bounds.center(),
            distance: radius / (fov_y * 0.5).sin(),
            yaw: 0.45,
            pitch: 0.18,
            fov_y,
            radius,
        };
        // Come closer while every corner of the box stays inside the view.
        let fits = |c: &OrbitCamera| {
            let view_proj = c.camera(aspect.max(0.1), 1.0).view_proj();
            (0..8).all(|i| {
                let corner = Vec3::new(
                    if i & 1 == 0 { bounds.min.x } else { bounds.max.x },
                    if i & 2 == 0 { bounds.min.y } else { bounds.max.y },
                    if i & 4 == 0 { bounds.min.z } else { bounds.max.z },
                );
                let clip = view_proj * corner.extend(1.0);
                clip.w > 0.0 && (clip.x / clip.w).abs() < 0.9 && (clip.y / clip.w).abs() < 0.9
            })
        };
        if !bounds.is_empty() {
            for _ in 0..40 {
                let closer = OrbitCamera { distance: camera.distance * 0.96, ..camera };
                if !fits(&closer) {
                    break;
                }
                camera = closer;
            }
        }
        camera
    }

    /// Turns by a mouse drag of `dx`, `dy` pixels.
    pub fn drag(&mut self, dx: f32, dy: f32) {
        self.yaw -= dx * 0.008;
        self.pitch = (self.pitch + dy * 0.008).clamp(-1.5, 1.5);
    }

    /// Zooms by wheel `steps` (positive zooms in).
    pub fn zoom(&mut self, steps: f32) {
        self.distance = (self.distance * 0.9f32.powf(steps)).clamp(self.radius * 0.05, self.radius * 50.0);
    }

    /// Moves the target by a drag of `dx`, `dy` pixels in a `height`-pixel view.
    pub fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let per_pixel = 2.0 * self.distance * (self.fov_y * 0.5).tan() / height.max(1.0);
        let view = self.view();
        let right = view.row(0).truncate();
        let up = view.row(1).truncate();
        self.target += (-right * dx + up * dy) * per_pixel;
    }

    /// Keeps a travelling point in view: moves the target by as much as the
    /// point moved since the last call (`followed` holds where it was, and
    /// becomes `now`), so the user's turn, zoom and pan stay as they were.
    /// A step that is not finite is not taken.
    pub fn follow(&mut self, followed: &mut Option<Vec3>, now: Option<Vec3>) {
        if let (Some(before), Some(now)) = (*followed, now)
            && (now - before).is_finite()
        {
            self.target += now - before;
        }
        *followed = now;
    }

    /// Eye position in world space.
    pub fn eye(&self) -> Vec3 {
        let dir = Vec3::new(self.yaw.sin() * self.pitch.cos(), self.pitch.sin(), self.yaw.cos() * self.pitch.cos());
        self.target + dir * self.distance
    }

    /// World to view matrix.
    pub fn view(&self) -> Mat4 {
        Mat4::look_at_rh(self.eye(), self.target, Vec3::Y)
    }

    /// The matrices for a `width` x `height` viewport.
    pub fn camera(&self, width: f32, height: f32) -> Camera {
        let near = (self.distance - self.radius * 3.0).max(self.distance * 0.01);
        let far = self.distance + self.radius * 10.0;
        Camera {
            view: self.view(),
            proj: Mat4::perspective_rh_gl(self.fov_y, width / height.max(1.0), near, far),
            eye: self.eye(),
            viewport: [width, height],
            scale: self.radius * 0.05,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_puts_the_whole_box_in_view() {
        let b = Aabb { min: Vec3::new(-1.0, 0.0, -0.2), max: Vec3::new(1.0, 1.8, 0.2) };
        let cam = OrbitCamera::framing(&b, 800.0 / 600.0).camera(800.0, 600.0);
        for corner in 0..8 {
            let p = Vec3::new(
                if corner & 1 == 0 { b.min.x } else { b.max.x },
                if corner & 2 == 0 { b.min.y } else { b.max.y },
                if corner & 4 == 0 { b.min.z } else { b.max.z },
            );
            let clip = cam.view_proj() * p.extend(1.0);
            let ndc = clip.truncate() / clip.w;
            assert!(ndc.x.abs() < 1.0 && ndc.y.abs() < 1.0 && ndc.z.abs() < 1.0, "corner {p} at {ndc}");
        }
    }

    #[test]
    fn framing_puts_a_tiny_box_in_view_and_fills_it() {
        for size in [1e-6f32, 1.0, 1e4] {
            let b = Aabb { min: Vec3::new(-size, 0.0, -size), max: Vec3::new(size, 2.0 * size, size) };
            let cam = OrbitCamera::framing(&b, 1.0).camera(600.0, 600.0);
            let ndc: Vec<Vec3> = [b.min, b.max]
                .iter()
                .map(|p| {
                    let clip = cam.view_proj() * p.extend(1.0);
                    clip.truncate() / clip.w
                })
                .collect();
            for p in &ndc {
                assert!(p.x.abs() < 1.0 && p.y.abs() < 1.0 && p.z.abs() < 1.0, "size {size}: a corner at {p}");
            }
            assert!((ndc[0].y - ndc[1].y).abs() > 0.5, "size {size}: the box fills less than a quarter of the view");
        }
    }

    #[test]
    fn a_point_has_a_radius_it_can_be_drawn_at() {
        assert_eq!(Aabb::from_points(&[Vec3::ZERO]).radius(), 1e-3);
        assert_eq!(Aabb::from_points(&[Vec3::splat(1e3)]).radius(), 1e-2);
        assert_eq!(Aabb::from_points(&[Vec3::ZERO, Vec3::splat(2e-6)]).radius(), 3f32.sqrt() * 1e-6);
    }

    #[test]
    fn following_moves_the_target_by_the_points_step() {
        let mut cam = OrbitCamera::framing(&Aabb::from_points(&[Vec3::ZERO, Vec3::ONE]), 1.0);
        let (start, yaw) = (cam.target, cam.yaw);
        let mut followed = None;
        cam.follow(&mut followed, Some(Vec3::new(5.0, 0.0, 0.0)));
        assert_eq!(cam.target, start, "the first point only starts the following");
        cam.follow(&mut followed, Some(Vec3::new(6.0, 0.0, 2.0)));
        assert_eq!((cam.target - start, cam.yaw), (Vec3::new(1.0, 0.0, 2.0), yaw));
        cam.follow(&mut followed, Some(Vec3::NAN));
        cam.follow(&mut followed, Some(Vec3::ZERO));
        assert_eq!(cam.target - start, Vec3::new(1.0, 0.0, 2.0), "a NaN step is not taken");
    }

    #[test]
    fn empty_box_has_a_sane_radius() {
        assert_eq!(Aabb::EMPTY.radius(), 1.0);
        assert_eq!(Aabb::from_points(&[Vec3::NAN]).center(), Vec3::ZERO);
    }
}
