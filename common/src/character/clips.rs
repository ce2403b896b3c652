//! The character's clips, authored as functions of time and sampled into keys
//! the way an exporter bakes them (one key every 2 ticks at 24 ticks/s).
//!
//! Each pose says, per joint, a rotation about the *model's* axes in the bind
//! pose ("swing the left thigh forward about X"), which is easy to author.
//! [`to_local`] turns it into the joint's local rotation, which is what a clip
//! stores and what every lab consumes.

use std::collections::HashMap;
use std::f32::consts::TAU;

use glam::{Mat4, Quat, Vec3};

use super::TICKS_PER_SECOND;
use crate::model::{Channel, Clip, Key, Skeleton};

/// Ticks between two baked keys.
const KEY_STEP_TICKS: f64 = 2.0;

/// A pose: per joint, a rotation about model axes; plus a hips offset.
#[derive(Default)]
struct Pose {
    turns: HashMap<String, Quat>,
    hips_offset: Vec3,
}

impl Pose {
    fn set(&mut self, joint: &str, rotation: Quat) {
        self.turns.insert(joint.to_string(), rotation);
    }
}

fn rx(deg: f32) -> Quat {
    Quat::from_rotation_x(deg.to_radians())
}
fn ry(deg: f32) -> Quat {
    Quat::from_rotation_y(deg.to_radians())
}
fn rz(deg: f32) -> Quat {
    Quat::from_rotation_z(deg.to_radians())
}

/// Arms hanging by the sides: `drop` degrees down from the T-pose, `swing`
/// degrees forward, elbows bent `elbow` degrees forward.
fn arms(p: &mut Pose, drop: [f32; 2], swing: [f32; 2], elbow: [f32; 2]) {
    for (k, (side, s)) in [("l", 1.0f32), ("r", -1.0f32)].into_iter().enumerate() {
        // Lower about Z, then swing about X (negative X turns a hanging arm forward).
        p.set(&format!("upper_arm_{side}"), rx(-swing[k]) * rz(-s * drop[k]));
        // In the T-pose frame the elbow hinge is the Y axis.
        p.set(&format!("forearm_{side}"), ry(-s * elbow[k]));
    }
}

/// Legs: `thigh` degrees forward, `knee` degrees bent, `ankle` degrees up.
fn legs(p: &mut Pose, thigh: [f32; 2], knee: [f32; 2], ankle: [f32; 2]) {
    for (k, side) in ["l", "r"].into_iter().enumerate() {
        p.set(&format!("thigh_{side}"), rx(-thigh[k]));
        p.set(&format!("shin_{side}"), rx(knee[k]));
        p.set(&format!("foot_{side}"), rx(-ankle[k]));
    }
}

fn idle(t: f32) -> Pose {
    let phase = TAU * t / 2.0;
    let (s, c) = phase.sin_cos();
    let mut p = Pose::default();
    arms(&mut p, [72.0 + 2.0 * s, 72.0 + 2.0 * s], [4.0, 4.0], [12.0 + 3.0 * c, 12.0 + 3.0 * c]);
    legs(&mut p, [0.0, 0.0], [2.0, 2.0], [0.0, 0.0]);
    p.set("chest", rx(1.5 * s));
    p.set("head", ry(6.0 * s) * rx(-2.0 * c));
    p.set("hips", rz(1.5 * s));
    p.hips_offset = Vec3::new(0.0, -0.004 * (1.0 - c), 0.0);
    p
}

/// A gait: `period` seconds per stride, angles scaled by `size`.
fn gait(t: f32, period: f32, size: f32, lean: f32, elbow: f32) -> Pose {
    let phase = TAU * t / period;
    let mut p = Pose::default();
    let swing = |phi: f32| 22.0 * size * phi.sin();
    let knee = |phi: f32| 6.0 + 34.0 * size * ((1.0 + phi.cos()) / 2.0).powi(3);
    let ankle = |phi: f32| 10.0 * (phi - 1.0).sin();
    let (l, r) = (phase, phase + TAU / 2.0);
    legs(&mut p, [swing(l), swing(r)], [knee(l), knee(r)], [ankle(l), ankle(r)]);
    let arm_swing = 0.7 * size;
    arms(&mut p, [75.0, 75.0], [swing(r) * arm_swing, swing(l) * arm_swing], [elbow, elbow]);
    p.set("hips", ry(6.0 * phase.sin()));
    p.set("spine", rx(lean));
    p.set("chest", ry(-9.0 * phase.sin()));
    p.set("head", ry(3.0 * phase.sin()) * rx(-lean * 0.6));
    p.hips_offset = Vec3::new(0.0, 0.018 * size * (2.0 * phase).cos() - 0.02 * size, 0.0);
    p
}

fn walk(t: f32) -> Pose {
    gait(t, 1.0, 1.0, 3.0, 15.0)
}

fn run(t: f32) -> Pose {
    gait(t, 2.0 / 3.0, 1.8, 12.0, 85.0)
}

fn wave(t: f32) -> Pose {
    let mut p = idle(0.0);
    let smooth = |x: f32| {
        let x = x.clamp(0.0, 1.0);
        x * x * (3.0 - 2.0 * x)
    };
    let raise = smooth(t / 0.5) * (1.0 - smooth((t - 2.0) / 0.5));
    // The right arm (pointing -X in the T-pose) goes up: negative Z lifts it.
    let shoulder = 72.0 + (-40.0 - 72.0) * raise;
    let elbow = raise * (55.0 + 25.0 * (TAU * 2.0 * t).sin());
    p.set("upper_arm_r", rz(shoulder));
    p.set("forearm_r", rz(-elbow));
    p.set("hand_r", rz(-10.0 * raise));
    p.set("head", ry(-12.0 * raise) * rx(-4.0 * raise));
    p
}

/// The joint's local rotation that turns it by `turn` about the model's axes
/// (when its parents are in bind pose): `local * world^-1 * turn * world`.
fn to_local(bind_local: Quat, bind_world: Quat, turn: Quat) -> Quat {
    (bind_local * bind_world.inverse() * turn * bind_world).normalize()
}

fn bake(name: &str, seconds: f64, pose_at: fn(f32) -> Pose, skeleton: &Skeleton, bind_world: &[Mat4]) -> Clip {
    let duration_ticks = (seconds * TICKS_PER_SECOND).round();
    let key_count = (duration_ticks / KEY_STEP_TICKS).round() as usize + 1;
    let joints: Vec<usize> = (2..skeleton.nodes.len()).collect(); // every joint node
    let mut channels: Vec<Channel> = joints.iter().map(|&node| Channel { node, ..Channel::default() }).collect();
    for k in 0..key_count {
        let time_ticks = k as f64 * KEY_STEP_TICKS;
        let pose = pose_at((time_ticks / TICKS_PER_SECOND) as f32);
        for (channel, &node) in channels.iter_mut().zip(&joints) {
            let data = &skeleton.nodes[node];
            let turn = pose.turns.get(&data.name).copied().unwrap_or(Quat::IDENTITY);
            let (_, world_rotation, _) = bind_world[node].to_scale_rotation_translation();
            let mut value = to_local(data.local.rotation, world_rotation, turn);
            // Keep neighbouring keys in the same hemisphere, as exporters do.
            if let Some(prev) = channel.rotations.last()
                && prev.value.dot(value) < 0.0
            {
                value = -value;
            }
            channel.rotations.push(Key { time_ticks, value });
            if data.name == "hips" {
                let value = data.local.translation + pose.hips_offset;
                channel.positions.push(Key { time_ticks, value });
            }
        }
    }
    Clip { name: name.into(), duration_ticks, ticks_per_second: TICKS_PER_SECOND, channels }
}

/// The four clips: `idle` (2 s), `walk` (1 s), `run` (2/3 s) loop; `wave` (2.5 s) does not.
pub(super) fn all(skeleton: &Skeleton, bind_world: &[Mat4]) -> Vec<Clip> {
    vec![
        bake("idle", 2.0, idle, skeleton, bind_world),
        bake("walk", 1.0, walk, skeleton, bind_world),
        bake("run", 2.0 / 3.0, run, skeleton, bind_world),
        bake("wave", 2.5, wave, skeleton, bind_world),
    ]
}
