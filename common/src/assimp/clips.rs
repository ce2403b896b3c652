//! assimp animations as [`Clip`]s: channels found by node name (see
//! [`super::names`] for namesakes), keys sorted, bad keys dropped, a tick
//! rate of 0 read as 25 (assimp's convention).

use glam::{Quat, Vec3};
use russimp::animation::Animation;

use super::names::NodeNames;
use crate::load::LoadReport;
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
            let mut bad = 0;
            let mut positions =
                keys(ch.position_keys.iter().map(|k| (k.time, Vec3::new(k.value.x, k.value.y, k.value.z))), &mut bad);
            let mut scales =
                keys(ch.scaling_keys.iter().map(|k| (k.time, Vec3::new(k.value.x, k.value.y, k.value.z))), &mut bad);
            let rotation_values =
                ch.rotation_keys.iter().map(|k| (k.time, Quat::from_xyzw(k.value.x, k.value.y, k.value.z, k.value.w)));
            let mut rotations = keys(rotation_values, &mut bad);
            rotations.retain(|k| k.value.length() > 1e-6);
            for k in &mut rotations {
                k.value = k.value.normalize();
            }
            let unsorted =
                sort_and_dedup(&mut positions) | sort_and_dedup(&mut rotations) | sort_and_dedup(&mut scales);
            if bad > 0 {
                report
                    .warnings
                    .push(format!("clip `{name}`, `{}`: dropped {bad} keys with NaN or infinite values", ch.name));
            }
            if unsorted {
                report.warnings.push(format!("clip `{name}`, `{}`: keys were out of time order; sorted them", ch.name));
            }
            if positions.is_empty() && rotations.is_empty() && scales.is_empty() {
                report.warnings.push(format!("clip `{name}`, `{}`: no usable keys; skipped", ch.name));
                continue;
            }
            channels.push(Channel { node, positions, rotations, scales });
        }
        let ticks_per_second = if anim.ticks_per_second.is_finite() && anim.ticks_per_second > 0.0 {
            anim.ticks_per_second
        } else {
            DEFAULT_TICKS_PER_SECOND
        };
        let last_key = channels
            .iter()
            .flat_map(|c| {
                let p = c.positions.last().map(|k| k.time_ticks);
                let r = c.rotations.last().map(|k| k.time_ticks);
                let s = c.scales.last().map(|k| k.time_ticks);
                [p, r, s].into_iter().flatten()
            })
            .fold(0.0, f64::max);
        let duration_ticks = if anim.duration.is_finite() && anim.duration > 0.0 { anim.duration } else { last_key };
        clips.push(Clip { name, duration_ticks, ticks_per_second, channels });
    }
    clips
}

/// Keys with finite times and values; counts the others in `bad`.
fn keys<T: Finite>(raw: impl Iterator<Item = (f64, T)>, bad: &mut usize) -> Vec<Key<T>> {
    raw.filter_map(|(time_ticks, value)| {
        let ok = time_ticks.is_finite() && value.finite();
        *bad += usize::from(!ok);
        ok.then_some(Key { time_ticks, value })
    })
    .collect()
}

/// Sorts keys by time, keeping the last of equal times. True if they were not
/// strictly increasing.
fn sort_and_dedup<T: Copy>(keys: &mut Vec<Key<T>>) -> bool {
    let sorted = keys.windows(2).all(|w| w[0].time_ticks < w[1].time_ticks);
    if !sorted {
        keys.sort_by(|a, b| a.time_ticks.total_cmp(&b.time_ticks));
        let mut out: Vec<Key<T>> = Vec::with_capacity(keys.len());
        for k in keys.drain(..) {
            match out.last_mut() {
                Some(last) if last.time_ticks == k.time_ticks => *last = k,
                _ => out.push(k),
            }
        }
        *keys = out;
    }
    !sorted
}

trait Finite {
    fn finite(&self) -> bool;
}
impl Finite for Vec3 {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}
impl Finite for Quat {
    fn finite(&self) -> bool {
        self.is_finite()
    }
}
