//! What the 3D view draws besides the skinned character: the ground under
//! it (lab 08's terrain, as lines), the trajectory behind it, the
//! simulated character and its predicted path, the feet, and the second
//! character's skeleton. Everything is drawn turned by [`TURN`], as lab 08
//! does: world +Z (where the character faces at the start, and along which
//! lab 08's ground changes) goes from left to right in the view.

use common::gl::Overlay;
use common::model::Skeleton;
use glam::{Mat4, Vec3};
use lab08_inverse_kinematics::Terrain;
use lab09_locomotion::{Character, Locomotion};

use crate::demo::steer::Steering;

pub const GROUND: Vec3 = Vec3::new(0.45, 0.5, 0.55);
pub const TRAIL: Vec3 = Vec3::new(0.85, 0.85, 0.85);
pub const SIMULATED: Vec3 = Vec3::new(0.3, 0.85, 0.95);
pub const PREDICTED: Vec3 = Vec3::new(1.0, 0.85, 0.2);
pub const WANTED: Vec3 = Vec3::new(0.85, 0.35, 0.95);
pub const HELD: Vec3 = Vec3::new(0.2, 0.95, 0.3);
pub const FREE: Vec3 = Vec3::new(0.95, 0.3, 0.3);
pub const GHOST: Vec3 = Vec3::new(1.0, 0.55, 0.15);

/// World to view: a quarter turn about +Y (+Z shown left to right, +X away
/// from the camera).
pub const TURN: Mat4 = Mat4::from_cols(
    glam::Vec4::new(0.0, 0.0, -1.0, 0.0),
    glam::Vec4::Y,
    glam::Vec4::new(1.0, 0.0, 0.0, 0.0),
    glam::Vec4::W,
);

/// The overlay, fed world-space points and drawing them turned by [`TURN`].
pub struct Shown<'a>(pub &'a mut Overlay);

impl Shown<'_> {
    fn line(&mut self, a: Vec3, b: Vec3, color: Vec3, width: f32) {
        self.0.line(TURN.transform_point3(a), TURN.transform_point3(b), color, width);
    }
    fn arrow(&mut self, a: Vec3, b: Vec3, color: Vec3, width: f32) {
        self.0.arrow(TURN.transform_point3(a), TURN.transform_point3(b), color, width);
    }
    fn point(&mut self, p: Vec3, color: Vec3, size: f32) {
        self.0.point(TURN.transform_point3(p), color, size);
    }
    fn skeleton(&mut self, skeleton: &Skeleton, world: &[Mat4], color: Vec3, width: f32) {
        let turned: Vec<Mat4> = world.iter().map(|m| TURN * *m).collect();
        self.0.skeleton(skeleton, &turned, color, width);
    }
}

/// Half the side of the square of ground drawn around the character, metres.
const REACH: f32 = 5.0;
/// The grid's spacing, and the length of the pieces a line follows the ground by.
const CELL: f32 = 0.5;
const PIECE: f32 = 0.1;

/// A point on the ground (a little above it, so lines are not hidden in it).
fn on_ground(terrain: &Terrain, x: f32, z: f32) -> Vec3 {
    Vec3::new(x, terrain.height(x, z) + 0.005, z)
}

/// The ground around `center` as a grid of lines that follow its height;
/// the grid is fixed in the world (it does not slide with the character).
pub fn ground(overlay: &mut Shown, terrain: &Terrain, center: Vec3) {
    let snap = |v: f32| (v / CELL).round() * CELL;
    let (cx, cz) = (snap(center.x), snap(center.z));
    let lines = (2.0 * REACH / CELL) as i32;
    let pieces = (2.0 * REACH / PIECE) as i32;
    for i in 0..=lines {
        let across = -REACH + i as f32 * CELL;
        for j in 0..pieces {
            let (a, b) = (-REACH + j as f32 * PIECE, -REACH + (j + 1) as f32 * PIECE);
            let p = |x: f32, z: f32| on_ground(terrain, cx + x, cz + z);
            overlay.line(p(across, a), p(across, b), GROUND, 1.0);
            overlay.line(p(a, across), p(b, across), GROUND, 1.0);
        }
    }
}

/// The trajectory: where the character was (a line), the simulated
/// character now with its facing, the velocity the stick asks for, and
/// where the simulation will be at the predicted times (dots joined).
pub fn trajectory(overlay: &mut Shown, steering: &Steering) {
    let terrain = &steering.main.setup.settings.terrain;
    let lift = |p: Vec3| on_ground(terrain, p.x, p.z) + Vec3::Y * 0.02;
    let trail: Vec<Vec3> = steering.trail.iter().map(|(_, p)| lift(*p)).collect();
    for pair in trail.windows(2) {
        overlay.line(pair[0], pair[1], TRAIL, 2.0);
    }
    let ch = &steering.main.character;
    let now = lift(ch.motion.position);
    overlay.point(now, SIMULATED, 10.0);
    overlay.arrow(now, now + ch.facing.forward() * 0.4, SIMULATED, 2.0);
    let setup = &steering.main.setup;
    let stick = steering.input.stick.clamp_length_max(1.0);
    let wanted = Vec3::new(stick.x, 0.0, stick.y) * setup.top_speed(steering.input.run);
    if wanted.length() > 1e-3 {
        overlay.arrow(now, now + wanted * 0.5, WANTED, 2.0);
    }
    let mut previous = now;
    for p in ch.trajectory {
        let p = lift(p);
        overlay.line(previous, p, PREDICTED, 2.0);
        overlay.point(p, PREDICTED, 8.0);
        previous = p;
    }
}

/// Each foot: a large green dot while held where it was planted, a small
/// red one while free (a ring of the anchor while a released foot blends back).
pub fn feet(overlay: &mut Shown, ch: &Character) {
    for i in 0..2 {
        let plant = ch.plants[i];
        if plant.held {
            overlay.point(ch.feet[i], HELD, 12.0);
        } else {
            overlay.point(ch.feet[i], FREE, 6.0);
            if plant.weight > 0.0 {
                overlay.point(plant.anchor, HELD, 4.0 + 6.0 * plant.weight);
            }
        }
    }
}

/// The second character, as a skeleton with its feet.
pub fn ghost(overlay: &mut Shown, setup: &Locomotion, ch: &Character) {
    overlay.skeleton(&setup.skeleton, &ch.world, GHOST, 2.5);
    for foot in ch.feet {
        overlay.point(foot, GHOST, 6.0);
    }
}
