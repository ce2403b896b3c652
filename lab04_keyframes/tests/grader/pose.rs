//! Steps 4-6: interpolating keys, one channel, a whole pose.

use common::grade::{Verdict, check_eq, check_quat, check_vec3};
use common::model::{Channel, Clip, Key, Node, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::*;

use crate::is_stub;
use crate::reference;

// ---------------------------------------------------------------- step 4

#[test]
fn step4_lerp_runs_from_a_to_b() {
    let (a, b) = (Vec3::new(1.0, 2.0, 3.0), Vec3::new(5.0, -2.0, 3.0));
    for f in [0.0, 0.25, 0.5, 1.0] {
        let mistakes = [
            ("the factor is measured from b: factor 0 must give a", b + (a - b) * f),
            ("a is not subtracted: the step towards b is (b - a) * factor", a + b * f),
            ("each end needs its own weight: (1 - factor) for a, factor for b", a + b * (1.0 - f)),
        ];
        check_vec3(&format!("lerp(a, b, {f})"), lerp(a, b, f), a + (b - a) * f, &mistakes).or_fail();
    }
}

fn first(a: Vec3, _: Vec3, _: f32) -> Vec3 {
    a
}
fn second(_: Vec3, b: Vec3, _: f32) -> Vec3 {
    b
}
fn factor(_: Vec3, _: Vec3, f: f32) -> Vec3 {
    Vec3::splat(f)
}

fn track() -> Vec<Key<Vec3>> {
    let key = |time_ticks, v: [f32; 3]| Key { time_ticks, value: Vec3::from(v) };
    vec![key(2.0, [0.0, 0.0, 0.0]), key(6.0, [4.0, 8.0, 0.0]), key(10.0, [4.0, 8.0, 8.0])]
}

#[test]
fn step4_sample_track_mixes_the_two_keys_of_the_interval() {
    let keys = track();
    let mut cursor = Cursor::default();
    let got = sample_track(&keys, 3.0, &mut cursor, first);
    check_eq("mix's first argument must be the value of key `from`", got, Some(keys[0].value)).or_fail();
    let got = sample_track(&keys, 3.0, &mut cursor, second);
    check_eq("mix's second argument must be the value of key `to`", got, Some(keys[1].value)).or_fail();
    let got = sample_track(&keys, 3.0, &mut cursor, factor).expect("a value");
    assert!((got.x - 0.25).abs() < 1e-6, "mix's third argument must be the interval's factor (0.25), got {}", got.x);
    let got = sample_track(&keys, 11.0, &mut cursor, lerp);
    check_eq("sample_track must find the interval with the track's cursor (step 3), moving it on", cursor.key, 2)
        .or_fail();
    check_eq("after the last key, the last key's value", got, Some(keys[2].value)).or_fail();
    let got = sample_track(&keys, 0.0, &mut cursor, lerp);
    check_eq("before the first key, the first key's value", got, Some(keys[0].value)).or_fail();
    check_vec3(
        "sample_track at t = 8 with lerp",
        sample_track(&keys, 8.0, &mut cursor, lerp).unwrap(),
        Vec3::new(4.0, 8.0, 4.0),
        &[],
    )
    .or_fail();
    check_eq("an empty track has no value", sample_track(&[], 1.0, &mut Cursor::default(), lerp), None).or_fail();
}

// ---------------------------------------------------------------- step 5

fn rest() -> Transform {
    Transform {
        translation: Vec3::new(7.0, 7.0, 7.0),
        rotation: Quat::from_rotation_x(0.3),
        scale: Vec3::new(1.5, 2.0, 0.5),
    }
}

/// Translation keys at 0 and 10 ticks, rotation keys at 0, 4 and 8, no scale
/// keys: three tracks with different times, one of them empty.
fn channel() -> Channel {
    Channel {
        node: 0,
        positions: vec![key(0.0, Vec3::ZERO), key(10.0, Vec3::new(10.0, 0.0, 0.0))],
        rotations: vec![
            key(0.0, Quat::IDENTITY),
            key(4.0, Quat::from_rotation_y(1.5)),
            key(8.0, Quat::from_rotation_y(3.0)),
        ],
        ..Channel::default()
    }
}

pub fn check_transform(what: &str, got: &Transform, want: &Transform) -> Result<(), String> {
    let identity = "a track with no keys keeps the node's rest value (you gave it the identity)";
    check_vec3(&format!("{what}: translation"), got.translation, want.translation, &[(identity, Vec3::ZERO)])?;
    check_quat(&format!("{what}: rotation"), got.rotation, want.rotation, &[(identity, Quat::IDENTITY)])?;
    check_vec3(&format!("{what}: scale"), got.scale, want.scale, &[(identity, Vec3::ONE)])?;
    Ok(())
}

#[test]
fn step5_each_track_has_its_own_times_and_its_own_cursor() {
    let (ch, rest) = (channel(), rest());
    let mut cursors = ChannelCursors::default();
    for i in 0..=60 {
        let t = f64::from(i) * 0.2 - 0.5;
        let got = sample_channel(&ch, &rest, t, &mut cursors, Quat::slerp);
        let want = reference::channel(&ch, &rest, t);
        if let Err(e) = check_transform(&format!("sample_channel at t = {t}"), &got, &want) {
            let fresh = sample_channel(&ch, &rest, t, &mut ChannelCursors::default(), Quat::slerp);
            let hint = if check_transform("", &fresh, &want).is_ok() {
                "\n  (with fresh cursors this time is right: each track has its own key times, so each needs its \
                 own cursor: cursors.translation for positions, cursors.rotation, cursors.scale)"
            } else {
                ""
            };
            panic!("{e}{hint}");
        }
    }
}

fn key<T>(time_ticks: f64, value: T) -> Key<T> {
    Key { time_ticks, value }
}

fn hold(a: Quat, _: Quat, _: f32) -> Quat {
    a
}

#[test]
fn step5_rotations_use_the_rotate_argument_and_empty_tracks_keep_rest() {
    let (ch, rest) = (channel(), rest());
    let got = sample_channel(&ch, &rest, 6.0, &mut ChannelCursors::default(), hold);
    check_quat(
        "sample_channel(.., rotate = hold the first key) at t = 6: rotation",
        got.rotation,
        Quat::from_rotation_y(1.5),
        &[("the rotation was not made by `rotate`: interpolate rotations with the function you are given", {
            Quat::from_rotation_y(2.25)
        })],
    )
    .or_fail();
    check_vec3("at t = 6: translation (lerp, not `rotate`)", got.translation, Vec3::new(6.0, 0.0, 0.0), &[]).or_fail();
    let only_rotation = Channel { positions: vec![], ..channel() };
    let got = sample_channel(&only_rotation, &rest, 6.0, &mut ChannelCursors::default(), Quat::slerp);
    let want = Transform { translation: rest.translation, rotation: Quat::from_rotation_y(2.25), scale: rest.scale };
    check_transform("a channel with rotation keys only, at t = 6", &got, &want).or_fail();
}

#[test]
fn grader_step5_names_identity_for_an_empty_track() {
    let rest = rest();
    let wrong = Transform { scale: Vec3::ONE, ..rest };
    let e = check_transform("x", &wrong, &rest).unwrap_err();
    assert!(e.contains("rest value"), "{e}");
}

// ---------------------------------------------------------------- step 6

/// Five nodes with distinct rest transforms; a clip whose channel 0 animates
/// node 3 and channel 1 node 1 (nodes 0, 2 and 4 have no channel).
fn small_rig() -> (Skeleton, Clip) {
    let nodes = (0..5)
        .map(|i| Node {
            name: format!("n{i}"),
            parent: if i == 0 { None } else { Some(i - 1) },
            local: Transform {
                translation: Vec3::new(0.0, 1.0 + i as f32, 0.1 * i as f32),
                rotation: Quat::from_rotation_z(0.2 * i as f32),
                scale: Vec3::splat(1.0 + 0.1 * i as f32),
            },
        })
        .collect();
    let channels = vec![
        Channel {
            node: 3,
            positions: vec![key(0.0, Vec3::X), key(8.0, Vec3::Y)],
            rotations: vec![key(2.0, Quat::from_rotation_x(0.5)), key(6.0, Quat::from_rotation_x(1.5))],
            ..Channel::default()
        },
        Channel { node: 1, rotations: vec![key(0.0, Quat::from_rotation_y(-1.0))], ..Channel::default() },
    ];
    let clip = Clip { name: "small".into(), duration_ticks: 8.0, ticks_per_second: 4.0, channels };
    (Skeleton { nodes }, clip)
}

/// Compares a whole pose with the reference, naming the classic mistakes.
pub fn check_pose(clip: &Clip, rest: &[Transform], t: f64, got: &[Transform]) -> Result<(), String> {
    let want = reference::pose(clip, rest, t);
    if got.len() != want.len() {
        return Err(format!("the pose has {} transforms for {} nodes: one per node", got.len(), want.len()));
    }
    let same = |a: &[Transform], b: &[Transform]| a.iter().zip(b).all(|(x, y)| check_transform("", x, y).is_ok());
    let mut by_index = rest.to_vec();
    for (c, ch) in clip.channels.iter().enumerate().filter(|(c, _)| *c < rest.len()) {
        by_index[c] = reference::channel(ch, &rest[ch.node], t);
    }
    if !same(got, &want) && same(got, &by_index) {
        let (c, ch) =
            clip.channels.iter().enumerate().find(|(c, ch)| *c != ch.node).expect("a channel on another node");
        return Err(format!(
            "at t = {t}: channel {c} animates node {} (`channel.node`), but its sample landed on node {c}: the channel \
             index is not the node index",
            ch.node
        ));
    }
    for (n, (g, w)) in got.iter().zip(&want).enumerate() {
        let animated = clip.channels.iter().any(|ch| ch.node == n);
        if !animated && g != w {
            let how = if *g == Transform::IDENTITY { " (you gave it the identity)" } else { "" };
            return Err(format!("at t = {t}: node {n} has no channel: it keeps its rest transform{how}"));
        }
        check_transform(&format!("at t = {t}, node {n}"), g, w)?;
    }
    Ok(())
}

fn sample_guarded(
    clip: &Clip,
    rest: &[Transform],
    t: f64,
    cursors: &mut ClipCursors,
) -> Result<Vec<Transform>, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sample_clip(clip, rest, t, cursors, Quat::slerp))) {
        Ok(pose) => Ok(pose),
        Err(payload) if is_stub(&*payload) => std::panic::resume_unwind(payload),
        Err(_) => Err(format!(
            "sample_clip panicked at t = {t} with {} channels, {} nodes: index the pose by `channel.node` and the \
             cursors by channel (cursors.channels[c] belongs to clip.channels[c])",
            clip.channels.len(),
            rest.len()
        )),
    }
}

#[test]
fn step6_channels_find_their_node_and_the_rest_keep_the_rest_pose() {
    let (skeleton, clip) = small_rig();
    let rest = skeleton.rest_locals();
    let mut cursors = ClipCursors::for_clip(&clip);
    for t in [0.0, 1.0, 3.0, 4.5, 7.9, 8.0, 9.0, 0.5] {
        let got = sample_guarded(&clip, &rest, t, &mut cursors).unwrap_or_else(|e| panic!("{e}"));
        check_pose(&clip, &rest, t, &got).or_fail();
    }
}

#[test]
fn step6_character_clips_between_keys() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    for clip in &model.clips {
        let mut cursors = ClipCursors::for_clip(clip);
        // Forward playback at 60 frames a second for two loops (keys are 2 ticks apart at 24 ticks/s).
        for frame in 0..(clip.duration_seconds() * 120.0) as usize {
            let t = (frame as f64 / 60.0 * clip.ticks_per_second) % clip.duration_ticks.max(1.0);
            let got = sample_guarded(clip, &rest, t, &mut cursors).unwrap_or_else(|e| panic!("{e}"));
            check_pose(clip, &rest, t, &got).map_err(|e| format!("clip `{}`: {e}", clip.name)).or_fail();
        }
    }
}

#[test]
fn grader_step6_names_channel_index_and_identity() {
    let (skeleton, clip) = small_rig();
    let rest = skeleton.rest_locals();
    let right = reference::pose(&clip, &rest, 4.0);
    let mut by_index = rest.clone();
    by_index[0] = right[3];
    by_index[1] = right[1];
    assert!(check_pose(&clip, &rest, 4.0, &by_index).unwrap_err().contains("is not the node index"));
    let mut identity = right.clone();
    identity[2] = Transform::IDENTITY;
    assert!(check_pose(&clip, &rest, 4.0, &identity).unwrap_err().contains("you gave it the identity"));
}
