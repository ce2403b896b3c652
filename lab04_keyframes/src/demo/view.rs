//! What the demo draws besides the skin: the held-key pose (to show the
//! stepping that interpolation removes), a joint's motion trail with its keys,
//! and the timeline with key marks.

use common::model::{Clip, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab04_keyframes::{ClipCursors, Mode, clip_ticks, find_interval, pose_at};

/// The pose with every track holding its `from` key (no interpolation): your
/// step 2's interval, without the mix. This is what playback looks like if
/// only whole keys are shown.
pub fn held_pose(clip: &Clip, rest: &[Transform], ticks: f64) -> Vec<Transform> {
    fn held<T: Copy>(keys: &[common::model::Key<T>], ticks: f64) -> Option<T> {
        find_interval(keys, ticks).map(|i| keys[i.from].value)
    }
    let mut pose = rest.to_vec();
    for ch in &clip.channels {
        let local = &mut pose[ch.node];
        local.translation = held(&ch.positions, ticks).unwrap_or(local.translation);
        local.rotation = held(&ch.rotations, ticks).unwrap_or(local.rotation);
        local.scale = held(&ch.scales, ticks).unwrap_or(local.scale);
    }
    pose
}

/// The pose at `seconds`, interpolated (your steps 1-6) or holding keys.
pub fn pose(
    clip: &Clip,
    rest: &[Transform],
    seconds: f64,
    mode: Mode,
    hold: bool,
    cursors: &mut ClipCursors,
) -> Result<Vec<Transform>, String> {
    let refused = |e: lab04_keyframes::PlaybackError| format!("clip `{}`: {e}", clip.name);
    if hold {
        // The cheap per-frame check every sampling path runs (pose_at runs it too).
        lab04_keyframes::given::check_frame(clip, rest.len(), seconds, cursors).map_err(refused)?;
        Ok(held_pose(clip, rest, clip_ticks(seconds, clip, mode)))
    } else {
        pose_at(clip, rest, seconds, mode, cursors, Quat::slerp).map_err(refused)
    }
}

/// A joint's path through one play of the clip: `points` sampled evenly in
/// time, and `keys` where the joint sits at the key times of its own channel
/// and its ancestors' (where the motion was authored).
#[derive(Default)]
pub struct Trail {
    /// The joint's world position at evenly spaced times.
    pub points: Vec<Vec3>,
    /// The joint's world position at each key time.
    pub keys: Vec<Vec3>,
}

/// The key times (ticks) of the channels on `joint` and its ancestors, sorted
/// and without repeats, at most `max` of them (evenly thinned).
pub fn key_times(skeleton: &Skeleton, clip: &Clip, joint: usize, max: usize) -> Vec<f64> {
    let mut chain = vec![joint];
    while let Some(p) = skeleton.nodes[*chain.last().unwrap()].parent {
        chain.push(p);
    }
    let mut times: Vec<f64> = clip
        .channels
        .iter()
        .filter(|ch| chain.contains(&ch.node))
        .flat_map(|ch| {
            let p = ch.positions.iter().map(|k| k.time_ticks);
            let r = ch.rotations.iter().map(|k| k.time_ticks);
            p.chain(r).chain(ch.scales.iter().map(|k| k.time_ticks)).collect::<Vec<_>>()
        })
        .filter(|t| (0.0..=clip.duration_ticks).contains(t))
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    if times.len() > max {
        let step = times.len() as f64 / max as f64;
        times = (0..max).map(|i| times[(i as f64 * step) as usize]).collect();
    }
    times
}

/// The trail of `joint` over the whole clip (one play, no wrap), sampled with
/// your code at `samples` even times.
///
/// Only the joint and its ancestors move it, so only their channels are
/// sampled and only their matrices multiplied: posing the whole skeleton at
/// each of the ~480 times made start-up grow with (nodes x samples), seconds
/// on a file that animates 10,000 nodes.
pub fn trail(skeleton: &Skeleton, clip: &Clip, joint: usize, hold: bool, samples: usize) -> Result<Trail, String> {
    let rest = skeleton.rest_locals();
    let rate = clip.ticks_per_second;
    let mut chain = vec![joint];
    while let Some(p) = skeleton.nodes[*chain.last().unwrap()].parent {
        chain.push(p);
    }
    let mut on_chain = vec![false; skeleton.nodes.len()];
    chain.iter().for_each(|&n| on_chain[n] = true);
    let channels = clip.channels.iter().filter(|c| on_chain[c.node]).cloned().collect();
    let (name, duration_ticks, ticks_per_second) = (clip.name.clone(), clip.duration_ticks, clip.ticks_per_second);
    let clip = &Clip { name, duration_ticks, ticks_per_second, channels };
    let mut cursors = ClipCursors::for_clip(clip);
    let mut at = |ticks: f64| -> Result<Vec3, String> {
        let pose = pose(clip, &rest, ticks / rate, Mode::Once, hold, &mut cursors)?;
        let world = chain.iter().rev().fold(glam::Mat4::IDENTITY, |w, &n| {
            let t = &pose[n];
            w * glam::Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation)
        });
        Ok(world.w_axis.truncate())
    };
    let points =
        (0..=samples).map(|i| at(clip.duration_ticks * i as f64 / samples as f64)).collect::<Result<Vec<_>, _>>()?;
    let keys = key_times(skeleton, clip, joint, 240).into_iter().map(&mut at).collect::<Result<Vec<_>, _>>()?;
    Ok(Trail { points, keys })
}

/// The node that travels furthest during the clip: a hand or a foot in a
/// humanoid, the joint whose trail is worth showing first.
pub fn busiest_joint(skeleton: &Skeleton, clip: &Clip) -> usize {
    let rest = skeleton.rest_locals();
    let mut cursors = ClipCursors::for_clip(clip);
    let mut travel = vec![0.0f32; skeleton.nodes.len()];
    let mut last: Option<Vec<Vec3>> = None;
    for i in 0..=40 {
        let seconds = clip.duration_seconds() * f64::from(i) / 40.0;
        let Ok(pose) = pose_at(clip, &rest, seconds, Mode::Once, &mut cursors, Quat::slerp) else {
            return 0;
        };
        let here: Vec<Vec3> = world_matrices(skeleton, &pose).iter().map(|m| m.w_axis.truncate()).collect();
        if let Some(prev) = &last {
            for (t, (a, b)) in travel.iter_mut().zip(prev.iter().zip(&here)) {
                *t += a.distance(*b);
            }
        }
        last = Some(here);
    }
    (0..travel.len()).max_by(|&a, &b| travel[a].total_cmp(&travel[b])).unwrap_or(0)
}

/// Calls your steps 2 to 6 once on a tiny track, in order, so the demo names
/// the first one still missing (playback alone would reach step 6 first);
/// and step 7 when the clip has a STEP or CUBICSPLINE track.
pub fn touch_steps(clip: &Clip, rest: &[Transform]) {
    use common::model::{Channel, Interpolation, Key};
    use lab04_keyframes::{ChannelCursors, Cursor, find_with_cursor, lerp, sample_channel, sample_clip, sample_track};
    let keys = [Key { time_ticks: 0.0, value: Vec3::ZERO }, Key { time_ticks: 1.0, value: Vec3::ONE }];
    let _ = find_interval(&keys, 0.5);
    let _ = find_with_cursor(&keys, 0.5, &mut Cursor::default());
    let _ = lerp(Vec3::ZERO, Vec3::ONE, 0.5);
    let _ = sample_track(&keys, 0.5, &mut Cursor::default(), lerp);
    let channel = Channel { node: 0, positions: keys.to_vec(), ..Channel::default() };
    let _ = sample_channel(&channel, &Transform::IDENTITY, 0.5, &mut ChannelCursors::default(), Quat::slerp);
    let _ = sample_clip(clip, rest, 0.0, &mut ClipCursors::for_clip(clip), Quat::slerp);
    // Step 7 only where the clip needs it: a LINEAR clip plays right without it.
    let i = |c: &Channel| {
        [c.interpolation.positions.name(), c.interpolation.rotations.name(), c.interpolation.scales.name()]
    };
    if clip.channels.iter().any(|c| i(c).iter().any(|m| *m != "LINEAR")) {
        let _ = lab04_keyframes::sample_curve(&keys, &Interpolation::Step, 0.5, &mut Cursor::default(), lerp);
    }
}

/// The interpolation of each track of `joint`'s channel, for the timeline:
/// `position STEP · rotation LINEAR · scale -` (`-` for a track with no keys).
pub fn modes_text(skeleton: &Skeleton, clip: &Clip, joint: usize) -> String {
    let name = &skeleton.nodes[joint].name;
    let Some(c) = clip.channels.iter().find(|c| c.node == joint) else {
        return format!("interpolation of `{name}`: no channel (rest pose)");
    };
    let mode = |keys: usize, name: &'static str| if keys == 0 { "-" } else { name };
    let i = &c.interpolation;
    format!(
        "interpolation of `{name}`: position {} · rotation {} · scale {}",
        mode(c.positions.len(), i.positions.name()),
        mode(c.rotations.len(), i.rotations.name()),
        mode(c.scales.len(), i.scales.name())
    )
}

/// The timeline: a time slider over one play of the clip, with a tick mark
/// under it at every key time in `marks` (ticks). Returns true if moved.
pub fn timeline(ui: &mut egui::Ui, seconds: &mut f64, clip: &Clip, mode: Mode, marks: &[f64]) -> bool {
    let length = clip.duration_seconds().max(1e-3);
    let mut shown = if mode == Mode::Loop { seconds.rem_euclid(length) } else { seconds.clamp(0.0, length) };
    let slider = egui::Slider::new(&mut shown, 0.0..=length).text("time (s)").max_decimals(3);
    let response = ui.add(slider);
    let changed = response.changed();
    if changed {
        *seconds = shown;
    }
    // Key marks under the slider's track.
    let rect = response.rect;
    let width = ui.spacing().slider_width;
    let (left, right) = (rect.left() + 6.0, rect.left() + width - 6.0);
    let (top, painter) = (rect.bottom() + 1.0, ui.painter());
    for &t in marks {
        let x = left + (right - left) * (t / clip.duration_ticks.max(1e-9)) as f32;
        painter.line_segment(
            [egui::pos2(x, top), egui::pos2(x, top + 5.0)],
            egui::Stroke::new(1.0, egui::Color32::from_rgb(250, 200, 80)),
        );
    }
    ui.add_space(6.0);
    changed
}
