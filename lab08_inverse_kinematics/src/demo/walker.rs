//! The walker: the built-in walk and run made to travel, played in place
//! (your step 5), faded into each other (lab 07's reference blend), moved
//! across the course by their blended root motion, feet placed on the
//! ground (your step 6, with your step 1) and the head turned towards a
//! moving target (your step 2, spread over neck and head).

use common::model::{Clip, Skeleton, Transform};
use glam::Vec3;
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::apply;
use lab08_inverse_kinematics::given::rig::{self, Rig, stride_speed, travelling};
use lab08_inverse_kinematics::{Aim, Feet, FeetSolve, Terrain, Travel};

/// The stretch of the course the walker crosses before it starts again (metres of z).
pub const COURSE: f32 = 6.0;

/// What the walker does, from the settings.
#[derive(Clone, Copy, Debug)]
pub struct Gait {
    /// Start with the run instead of the walk.
    pub run: bool,
    /// Fade to the other gait at this time (seconds), over half a second.
    pub fade_at: Option<f64>,
    /// Step 6's weight.
    pub weight: f32,
    /// The head follows the target.
    pub look: bool,
}

/// One gait: the travelling clip, its loop's travel and its own clock.
struct Playing {
    clip: Clip,
    travel: Travel,
    seconds: f64,
}

pub struct Walker {
    pub skeleton: Skeleton,
    pub rig: Rig,
    rest: Vec<Transform>,
    gaits: [Playing; 2],
    pub gait: Gait,
    pub terrain: Terrain,
    /// The demo's clock.
    pub seconds: f64,
    /// How far the walker has come along the course (wraps every COURSE metres).
    pub distance: f64,
    /// The clip's pose in place, moved by root motion (IK off).
    pub animated: Vec<Transform>,
    /// The same, feet placed and head turned (IK on).
    pub placed: Vec<Transform>,
    pub feet: Option<FeetSolve>,
    /// Where the head looks.
    pub look_target: Vec3,
}

impl Walker {
    pub fn new(skeleton: Skeleton, clips: &[Clip], terrain: Terrain, gait: Gait) -> Result<Walker, String> {
        let rig = Rig::of(&skeleton)?;
        let rest = rig::rest(&skeleton);
        let find = |name: &str| clips.iter().find(|c| c.name == name).ok_or(format!("no `{name}` clip"));
        let make = |name: &str| -> Result<Playing, String> {
            let clip = find(name)?;
            let speed = stride_speed(clip, &skeleton, &rig);
            let clip = travelling(clip, &rest, rig.hips, Vec3::Z * speed, 0.0);
            let travel = lab08_inverse_kinematics::loop_travel(&clip, &rest, rig.hips); // your step 5
            Ok(Playing { clip, travel, seconds: 0.0 })
        };
        let gaits = [make("walk")?, make("run")?];
        let mut walker = Walker {
            skeleton,
            rig,
            rest: rest.clone(),
            gaits,
            gait,
            terrain,
            seconds: 0.0,
            distance: 0.0,
            animated: rest.clone(),
            placed: rest,
            feet: None,
            look_target: Vec3::ZERO,
        };
        walker.pose()?;
        Ok(walker)
    }

    /// The run's share of the blend now: lab 07's crossfade weight, a ramp over half a second.
    pub fn run_weight(&self) -> f32 {
        let from = if self.gait.run { 1.0 } else { 0.0 };
        match self.gait.fade_at {
            Some(at) if self.seconds > at => {
                let ramp = (((self.seconds - at) / 0.5).min(1.0)) as f32;
                from + (1.0 - 2.0 * from) * ramp
            }
            _ => from,
        }
    }

    pub fn reset(&mut self) {
        self.seconds = 0.0;
        self.distance = 0.0;
        for g in &mut self.gaits {
            g.seconds = 0.0;
        }
        let _ = self.pose();
    }

    /// Moves every clock by `dt` and the walker by the blended root motion (your step 5).
    pub fn update(&mut self, dt: f64) -> Result<(), String> {
        let w = f64::from(self.run_weight());
        let cycle = self.gaits_cycle(w);
        let mut moved = 0.0;
        let rest = &self.rest;
        for (g, share) in self.gaits.iter_mut().zip([1.0 - w, w]) {
            // Each clip on its own clock, at the blended pace so the feet stay in step.
            let pace = g.clip.duration_seconds() / cycle;
            let (from, to) = (g.seconds, g.seconds + dt * pace);
            let step = lab08_inverse_kinematics::motion_between(&g.clip, rest, self.rig.hips, &g.travel, from, to);
            moved += share * f64::from(step.z);
            g.seconds = to;
        }
        self.seconds += dt;
        self.distance = (self.distance + moved).rem_euclid(f64::from(COURSE));
        self.pose()
    }

    /// The blended loop length (lab 07 step 5's rule): what both clips stretch to.
    fn gaits_cycle(&self, w: f64) -> f64 {
        let (a, b) = (self.gaits[0].clip.duration_seconds(), self.gaits[1].clip.duration_seconds());
        a + (b - a) * w
    }

    /// The pose now: each clip in place (your step 5), blended (lab 07),
    /// moved along the course; then feet (your step 6) and head (your step 2).
    fn pose(&mut self) -> Result<(), String> {
        let rest = &self.rest;
        let mut poses = Vec::new();
        for g in &self.gaits {
            let length = g.clip.duration_seconds();
            let mut pose = rig::pose(&g.clip, rest, g.seconds.rem_euclid(length));
            lab08_inverse_kinematics::play_in_place(&mut pose, &g.clip, rest, self.rig.hips, g.seconds);
            poses.push(pose);
        }
        let mut pose = lab07_transitions::solution::blend_poses(&poses[0], &poses[1], self.run_weight());
        pose[self.rig.hips].translation.z += self.distance as f32 - 0.5;
        self.animated = pose.clone();
        let feet = Feet { weight: self.gait.weight, ..Feet::default() };
        let (legs, hips) = (self.rig.legs, self.rig.hips);
        let solve = lab08_inverse_kinematics::place_feet(&self.skeleton, &mut pose, &legs, hips, &self.terrain, &feet)
            .map_err(|e| format!("foot placement: {e}"))?;
        self.feet = Some(solve);
        let head = world_matrices(&self.skeleton, &pose)[self.rig.head].w_axis.truncate();
        let t = self.seconds as f32;
        self.look_target = head + Vec3::new(0.9 * (0.7 * t).sin(), 0.25 * (1.1 * t).cos(), 1.2);
        if self.gait.look {
            self.look(&mut pose)?;
        }
        self.placed = pose;
        Ok(())
    }

    /// Your step 2 on the neck (40% of the turn) and then the head (the rest).
    fn look(&self, pose: &mut [Transform]) -> Result<(), String> {
        for (joint, weight) in [(self.rig.neck, 0.4), (self.rig.head, 1.0)] {
            let world = world_matrices(&self.skeleton, pose);
            let (_, rotation, _) = world[self.rig.head].to_scale_rotation_translation();
            let (_, own, _) = world[joint].to_scale_rotation_translation();
            // The head's face and top, seen from this joint's frame.
            let forward = own.inverse() * (rotation * self.rig.head_forward);
            let up = own.inverse() * (rotation * self.rig.head_up);
            let job = Aim {
                joint: world[joint].with_translation_of(&world[self.rig.head]),
                target: self.look_target,
                forward,
                up,
                pole: Vec3::Y,
                limit: 1.2,
                weight,
            };
            let answer = lab08_inverse_kinematics::aim(&job).map_err(|e| format!("look: {e}"))?;
            apply(&mut pose[joint], answer.correction);
        }
        Ok(())
    }
}

/// A matrix with another's translation.
trait WithTranslation {
    fn with_translation_of(self, other: &glam::Mat4) -> glam::Mat4;
}

impl WithTranslation for glam::Mat4 {
    fn with_translation_of(self, other: &glam::Mat4) -> glam::Mat4 {
        let mut m = self;
        m.w_axis = other.w_axis;
        m
    }
}
