//! assimp animations as [`Clip`]s: channels found by node name (see
//! [`super::names`] for namesakes), a tick rate of 0 read as 25 (assimp's
//! convention). Keys are taken as they are; [`crate::import::repair`] then
//! fixes what the clip rulebook refuses, with a note for each repair.

use glam::{Quat, Vec3};
use russimp::animation::Animation;

use super::names::NodeNames;
use crate::import::LoadReport;
use crate::model::{Channel, Clip, Key};

/// What assimp means by `ticks_per_second == 0`.
pub const DEFAULT_TICKS_PER_SECOND: f64 = 25.0;

pub(super) fn convert(animations: &[Animation], names: &NodeNames, report: &mut LoadReport) -> Vec<Clip> {
    let mut clips = Vec::new();
    for (i, anim) in animations.iter().enumerate() {
        let name = if anim.name.is_empty() { format!("clip {i}") } else { anim.name.clone() };
        let mut channels = Vec::new();
        for ch in &anim.channels {
            let Some(node) = names.channel(&ch.name, &name, report) else {
                report.warnings.push(format!("clip `{name}`: channel for `{}` names no node; skipped", ch.name));
                continue;
            };
            let vec3 = |k: &russimp::animation::VectorKey| Key {
                time_ticks: k.time,
                value: Vec3::new(k.value.x, k.value.y, k.value.z),
            };
            let positions = ch.position_keys.iter().map(vec3).collect();
            let scales = ch.scaling_keys.iter().map(vec3).collect();
            let rotations = ch
                .rotation_keys
                .iter()
                .map(|k| Key { time_ticks: k.time, value: Quat::from_xyzw(k.value.x, k.value.y, k.value.z, k.value.w) })
                .collect();
            channels.push(Channel { node, positions, rotations, scales, ..Channel::default() });
        }
        let ticks_per_second = if anim.ticks_per_second.is_finite() && anim.ticks_per_second > 0.0 {
            anim.ticks_per_second
        } else {
            DEFAULT_TICKS_PER_SECOND
        };
        let mut clip = Clip { name, duration_ticks: 0.0, ticks_per_second, channels };
        clip.duration_ticks =
            if anim.duration.is_finite() && anim.duration > 0.0 { anim.duration } else { clip.last_key_ticks() };
        clips.push(clip);
    }
    clips
}
