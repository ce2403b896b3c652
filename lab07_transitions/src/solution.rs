//! Lab 07 reference solution. Same API as `exercise.rs`, step by step.

use common::model::{Clip, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::given::Mode;
use lab04_keyframes::solution::sample_channel;

use crate::given::{Crossfade, Fade, Playing, Source, slerp};

/// Step 1a: `a` at factor 0, `b` at 1. Translation and scale on straight
/// lines; rotation along the shortest arc (lab 05's slerp flips `b` into
/// `a`'s hemisphere). The weights, `1 - factor` and `factor`, sum to 1.
pub fn blend_transforms(a: &Transform, b: &Transform, factor: f32) -> Transform {
    Transform {
        translation: a.translation.lerp(b.translation, factor),
        rotation: slerp(a.rotation, b.rotation, factor),
        scale: a.scale.lerp(b.scale, factor),
    }
}

/// Step 1b: two poses blended node by node.
pub fn blend_poses(a: &[Transform], b: &[Transform], factor: f32) -> Vec<Transform> {
    a.iter().zip(b).map(|(a, b)| blend_transforms(a, b, factor)).collect()
}

/// Step 2: two playing clips blended, each at its own time, sampling only
/// their channels. A node both clips animate blends the two samples; a node
/// only one animates blends its sample with the rest value (the other clip
/// would hold the rest pose there); a node neither animates keeps the rest
/// pose, which is what blending rest with rest would give anyway.
pub fn blend_clips(
    a: &mut Playing,
    b: &mut Playing,
    clips: &[Clip],
    rest: &[Transform],
    factor: f32,
) -> Vec<Transform> {
    let (mut from, mut to) = (rest.to_vec(), rest.to_vec());
    let mut animated = vec![false; rest.len()];
    for (playing, pose) in [(a, &mut from), (b, &mut to)] {
        let clip = &clips[playing.clip];
        let ticks = playing.ticks(clips, rest);
        for (channel, cursors) in clip.channels.iter().zip(&mut playing.cursors.channels) {
            pose[channel.node] = sample_channel(channel, &rest[channel.node], ticks, cursors, slerp);
            animated[channel.node] = true;
        }
    }
    let mut pose = rest.to_vec();
    for node in (0..rest.len()).filter(|&n| animated[n]) {
        pose[node] = blend_transforms(&from[node], &to[node], factor);
    }
    pose
}

/// Step 3a: the weight of the clip fading in: 0 when the fade starts, 1 when
/// it ends, 1 when no fade is in progress (and for a fade of no duration).
pub fn fade_weight(crossfade: &Crossfade) -> f32 {
    match &crossfade.fade {
        Some(fade) if fade.duration > 0.0 => (fade.elapsed / fade.duration).clamp(0.0, 1.0) as f32,
        _ => 1.0,
    }
}

/// Step 3b: `dt` seconds later. Each clip runs on its own clock (both keep
/// moving during a fade; each wraps by its own length when sampled); when
/// the fade is over, the old clip is dropped.
pub fn advance(crossfade: &mut Crossfade, dt: f64) {
    crossfade.current.seconds += dt;
    if let Some(fade) = &mut crossfade.fade {
        if let Source::Clip(old) = &mut fade.from {
            old.seconds += dt;
        }
        fade.elapsed += dt;
        if fade.elapsed >= fade.duration {
            crossfade.fade = None;
        }
    }
}

/// Step 3c: the pose on screen: the current clip alone, or blended from
/// what is fading out by [`fade_weight`].
pub fn crossfade_pose(crossfade: &mut Crossfade, clips: &[Clip], rest: &[Transform]) -> Vec<Transform> {
    let weight = fade_weight(crossfade);
    let Some(fade) = &mut crossfade.fade else {
        return crossfade.current.sample(clips, rest);
    };
    match &mut fade.from {
        Source::Clip(old) => blend_clips(old, &mut crossfade.current, clips, rest, weight),
        Source::Frozen(pose) => blend_poses(pose, &crossfade.current.sample(clips, rest), weight),
    }
}

/// Step 4: start fading to `clip` over `duration` seconds. Fading to the clip
/// already playing (or fading in) changes nothing. During a fade, the new
/// fade starts from the pose on screen, frozen, so nothing jumps; and a clip
/// that was fading out comes back on its own clock instead of restarting.
pub fn fade_to(crossfade: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, duration: f64) {
    if crossfade.current.clip == clip {
        return;
    }
    let next = match &crossfade.fade {
        Some(Fade { from: Source::Clip(old), .. }) if old.clip == clip => old.clone(),
        _ => Playing::start(clips, clip, mode),
    };
    let from = match crossfade.fade {
        Some(_) => Source::Frozen(crossfade_pose(crossfade, clips, rest)),
        None => Source::Clip(crossfade.current.clone()),
    };
    crossfade.current = next;
    crossfade.fade = Some(Fade { from, elapsed: 0.0, duration: duration.max(0.0) });
}

/// Step 5a: the length of one cycle of two synced loops blended by `weight`:
/// between the two lengths, in proportion.
pub fn cycle_seconds(length_a: f64, length_b: f64, weight: f32) -> f64 {
    length_a + (length_b - length_a) * f64::from(weight)
}

/// Step 5b: the shared phase (0 to 1, the fraction of a cycle done) `dt`
/// seconds later. One blended cycle takes [`cycle_seconds`]; the phase wraps.
pub fn advance_phase(phase: f64, dt: f64, length_a: f64, length_b: f64, weight: f32) -> f64 {
    let cycle = cycle_seconds(length_a, length_b, weight);
    if cycle <= 0.0 {
        return phase;
    }
    let wrapped = (phase + dt / cycle).rem_euclid(1.0);
    if wrapped >= 1.0 { 0.0 } else { wrapped } // a tiny negative phase rounds up to 1.0
}

/// Step 5c: the two loops at the same phase, each at that fraction of its
/// own length (so the feet meet the ground together), blended by `weight`.
pub fn synced_pose(
    a: &mut Playing,
    b: &mut Playing,
    clips: &[Clip],
    rest: &[Transform],
    phase: f64,
    weight: f32,
) -> Vec<Transform> {
    a.seconds = phase * clips[a.clip].duration_seconds();
    b.seconds = phase * clips[b.clip].duration_seconds();
    blend_clips(a, b, clips, rest, weight)
}

/// Step 6a: what `pose` adds to `reference`, as a local transform `delta`
/// with `reference * delta = pose` for the rotation (the delta acts in the
/// joint's own frame, after the base rotation), `pose - reference` for the
/// translation and `pose / reference` for the scale (a zero reference scale
/// counts as 1).
pub fn additive_delta(reference: &Transform, pose: &Transform) -> Transform {
    let safe = |s: f32| if s == 0.0 { 1.0 } else { s };
    let reference_scale = Vec3::new(safe(reference.scale.x), safe(reference.scale.y), safe(reference.scale.z));
    Transform {
        translation: pose.translation - reference.translation,
        rotation: (reference.rotation.inverse() * pose.rotation).normalize(),
        scale: pose.scale / reference_scale,
    }
}

/// Step 6b: `delta` added on top of `base` with a `weight` (0 changes
/// nothing, 1 adds all of it): the rotation on the right, as it was taken.
pub fn add_layer(base: &Transform, delta: &Transform, weight: f32) -> Transform {
    Transform {
        translation: base.translation + delta.translation * weight,
        rotation: (base.rotation * slerp(Quat::IDENTITY, delta.rotation, weight)).normalize(),
        scale: base.scale * Vec3::ONE.lerp(delta.scale, weight),
    }
}

/// Step 6c: which nodes belong to the subtree under `root` (itself
/// included). Parents come before children, so one forward pass suffices.
pub fn subtree_mask(skeleton: &Skeleton, root: usize) -> Vec<bool> {
    let mut mask = vec![false; skeleton.nodes.len()];
    for (i, node) in skeleton.nodes.iter().enumerate() {
        mask[i] = i == root || node.parent.is_some_and(|p| mask.get(p).copied().unwrap_or(false));
    }
    mask
}

/// Step 6d: `b` blended over `a` by `factor` on the masked nodes only; the
/// others keep `a`.
pub fn masked_blend(a: &[Transform], b: &[Transform], mask: &[bool], factor: f32) -> Vec<Transform> {
    a.iter()
        .zip(b)
        .zip(mask)
        .map(|((a, b), &masked)| if masked { blend_transforms(a, b, factor) } else { *a })
        .collect()
}
