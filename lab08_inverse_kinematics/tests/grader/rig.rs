//! What the grader's modules share: the character on its walk, legs solved
//! by your step 1 and judged, seeded random targets.

use common::model::{Clip, Model, Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::apply;
use lab08_inverse_kinematics::given::rig::{self, Leg, Rig};
use lab08_inverse_kinematics::{TwoBone, TwoBoneSolve};

/// The built-in character, its rig and rest pose.
pub struct Character {
    pub model: Model,
    pub rig: Rig,
    pub rest: Vec<Transform>,
}

pub fn character() -> Character {
    let model = common::character::build();
    let rig = Rig::of(&model.skeleton).expect("the built-in rig");
    let rest = rig::rest(&model.skeleton);
    Character { model, rig, rest }
}

impl Character {
    pub fn clip(&self, name: &str) -> &Clip {
        &self.model.clips[self.model.find_clip(name).expect("a built-in clip")]
    }
    pub fn skeleton(&self) -> &Skeleton {
        &self.model.skeleton
    }
    /// The walk's pose at `seconds`.
    pub fn walk(&self, seconds: f64) -> Vec<Transform> {
        rig::pose(self.clip("walk"), &self.rest, seconds)
    }
    /// The grader's length tolerance for "reached": 1e-4 of the character's height.
    pub fn reach_tolerance(&self) -> f32 {
        1e-4 * self.rig.height
    }
}

pub fn at(m: &Mat4) -> Vec3 {
    m.w_axis.truncate()
}

/// A plain valid leg for the bad-input tests: hip at the origin, knee 0.5
/// below, ankle 0.4 below that and 0.1 forward, every frame the identity.
pub fn plain_leg() -> TwoBone {
    let hip = Mat4::IDENTITY;
    let knee = Mat4::from_translation(Vec3::new(0.0, -0.5, 0.0));
    let ankle = Mat4::from_translation(Vec3::new(0.0, -0.9, 0.1));
    TwoBone::new(hip, knee, ankle, Vec3::new(0.0, -0.7, 0.2), Vec3::new(0.0, -0.3, 1.0), Vec3::X)
}

/// A leg's job on a pose.
pub fn leg_job(world: &[Mat4], leg: &Leg, target: Vec3, pole: Vec3) -> TwoBone {
    TwoBone::new(world[leg.thigh], world[leg.shin], world[leg.foot], target, pole, leg.knee_axis)
}

/// The pose with a leg's answer applied, and its world matrices.
pub fn applied(skeleton: &Skeleton, pose: &[Transform], leg: &Leg, answer: &TwoBoneSolve) -> Vec<Mat4> {
    let mut pose = pose.to_vec();
    apply(&mut pose[leg.thigh], answer.start);
    apply(&mut pose[leg.shin], answer.mid);
    world_matrices(skeleton, &pose)
}

/// The knee's bend about its hinge after the solve: positive bends forward.
pub fn bend(world: &[Mat4], leg: &Leg) -> f32 {
    let (_, r, _) = world[leg.shin].to_scale_rotation_translation();
    let hinge = (r * leg.knee_axis).normalize();
    let (d1, d2) = (
        (at(&world[leg.shin]) - at(&world[leg.thigh])).normalize(),
        (at(&world[leg.foot]) - at(&world[leg.shin])).normalize(),
    );
    hinge.dot(d1.cross(d2)).atan2(d1.dot(d2))
}

/// Judges a solved leg: lengths kept, the knee bent forward about its hinge,
/// the knee in the plane of hip, target and pole, on the pole's side, and
/// (when `reachable`) the ankle on the target. `None` when all hold.
pub fn judge_leg(
    before: &[Mat4],
    after: &[Mat4],
    leg: &Leg,
    target: Vec3,
    pole: Vec3,
    tolerance: f32,
    reachable: bool,
) -> Option<String> {
    let p = |w: &[Mat4], n: usize| at(&w[n]);
    if after.iter().any(|m| !m.is_finite()) {
        return Some("the pose has NaN in it (a law of cosines without a clamp gives acos of more than 1)".into());
    }
    for (a, b, name) in [(leg.thigh, leg.shin, "thigh"), (leg.shin, leg.foot, "shin")] {
        let (was, now) = ((p(before, b) - p(before, a)).length(), (p(after, b) - p(after, a)).length());
        if (was - now).abs() > 1e-5 {
            return Some(format!("the {name} changed length from {was:.6} to {now:.6}: bone lengths must be kept"));
        }
    }
    if (p(after, leg.thigh) - p(before, leg.thigh)).length() > 1e-5 {
        return Some("the hip moved: only rotations change".into());
    }
    let miss = (p(after, leg.foot) - target).length();
    if reachable && miss > tolerance {
        return Some(format!(
            "the ankle misses a reachable target by {miss:.6} (over {tolerance:.6}): a world rotation written into a local slot? each correction is in its joint's own frame"
        ));
    }
    if bend(after, leg) < -1e-4 {
        return Some(format!("knee bent backwards: its bend about the hinge is {:.3} rad", bend(after, leg)));
    }
    let hip = p(after, leg.thigh);
    let line = (target - hip).normalize();
    let normal = line.cross(pole - hip).normalize();
    let knee = p(after, leg.shin) - hip;
    let off = knee.dot(normal).abs();
    let side = knee.reject_from(line).dot((pole - hip).reject_from(line));
    if off > tolerance || side < 0.0 {
        return Some(format!(
            "the knee is {off:.5} off the plane of hip, target and pole (or on the far side, {side:.4}): pole ignored?"
        ));
    }
    None
}

/// The SplitMix64 stream every grader uses, as floats.
pub struct Random(common::grade::SplitMix64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(common::grade::SplitMix64(seed))
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.0.range(lo, hi)
    }
    pub fn direction(&mut self) -> Vec3 {
        loop {
            let v = Vec3::new(self.range(-1.0, 1.0), self.range(-1.0, 1.0), self.range(-1.0, 1.0));
            if (0.05..1.0).contains(&v.length_squared()) {
                return v.normalize();
            }
        }
    }
    pub fn rotation(&mut self) -> Quat {
        Quat::from_axis_angle(self.direction(), self.range(0.0, std::f32::consts::TAU))
    }
}
