//! Step 3 and step 5 are about work, not only answers: the cursor makes a
//! frame O(1) while time moves forward, a rewind costs one binary search, and
//! each track keeps its own cursor. Right keys at the wrong cost pass every
//! value test, so these tests measure the work, without a clock, with *decoy
//! keys*: a track where only the keys a correct search reads hold their true
//! times, and the others hold times that lead any other search to a wrong
//! answer. A search that reads a decoy has done work it should not have.

use common::grade::Verdict;
use common::model::{Channel, Key, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::*;

use super::{Finder, cursor_run, is_stub};

/// Keys at ticks 0, 1, 2, ... (`n` of them).
const N: usize = 10_000;

fn true_keys() -> Vec<Key<Vec3>> {
    (0..N).map(|i| Key { time_ticks: i as f64, value: Vec3::splat(i as f32) }).collect()
}

/// One query with a cursor at `start`: the interval and where the cursor
/// was left, or the panic's message.
fn probe(find: Finder, keys: &[Key<Vec3>], t: f64, start: usize) -> Result<(Option<Interval>, Cursor), String> {
    let mut cursor = Cursor { key: start };
    let got = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| find(keys, t, &mut cursor)));
    match got {
        Ok(i) => Ok((i, cursor)),
        Err(payload) if is_stub(&*payload) => std::panic::resume_unwind(payload),
        Err(_) => Err(format!("find_with_cursor panicked at t = {t} with the cursor at key {start}")),
    }
}

/// Playing forward: the cursor at key `k` and time half a key or one and a
/// half keys later. Keys `k-2 ..= k+3` hold their true times; every other key
/// holds `i + 7000`, so a search over the whole track (binary or linear)
/// lands near key 2000 instead.
fn forward_play(find: Finder) -> Result<(), String> {
    let k = 9000;
    let mut keys = true_keys();
    for (i, key) in keys.iter_mut().enumerate() {
        if !(k - 2..=k + 3).contains(&i) {
            key.time_ticks = i as f64 + 7000.0;
        }
    }
    for (t, from) in [(k as f64 + 0.5, k), (k as f64 + 1.5, k + 1)] {
        let (got, cursor) = probe(find, &keys, t, k)?;
        let want = Interval { from, to: from + 1, factor: 0.5 };
        if got != Some(want) || cursor.key != from {
            return Err(format!(
                "playing forward, the cursor was at key {k} of {N} and the time moved on to {t} ticks: expected \
                 {want:?} (cursor at key {from}), got {got:?} (cursor at key {}). The answer did not come from the \
                 keys next to the cursor: only keys {}..={} hold their true times here, the others are decoys that \
                 only a search over the whole track reads. Walk forward from the cursor's key instead of searching \
                 every frame: while time moves forward the work must not grow with the number of keys (README, \
                 step 3, hint 1)",
                cursor.key,
                k - 2,
                k + 3
            ));
        }
    }
    Ok(())
}

/// A rewind: the cursor at key 9500, the time back to 9000.5 ticks. Key 3
/// holds a decoy time far in the future, which a binary search (from the
/// start, from the cursor, or galloping) never reads, and a walk from the
/// first key always does.
fn rewind(find: Finder) -> Result<(), String> {
    let mut keys = true_keys();
    keys[3].time_ticks = 1e9;
    let t = 9000.5;
    let (got, cursor) = probe(find, &keys, t, 9500)?;
    let want = Interval { from: 9000, to: 9001, factor: 0.5 };
    if got == Some(want) && cursor.key == 9000 {
        return Ok(());
    }
    Err(format!(
        "a rewind: the cursor was at key 9500 of {N} and the time went back to {t} ticks: expected {want:?} (cursor \
         at key 9000), got {got:?} (cursor at key {}). The answer came from a walk from the first key (key 3 is a \
         decoy that only such a walk reads): a rewind restarts with one binary search (your step 2's), not a walk \
         from the first key, which costs as many steps as there are keys (README, step 3, hint 2)",
        cursor.key
    ))
}

#[test]
fn step3_playing_forward_walks_from_the_cursor() {
    forward_play(find_with_cursor).or_fail();
}

#[test]
fn step3_a_rewind_costs_one_binary_search_not_a_walk_from_the_first_key() {
    rewind(find_with_cursor).or_fail();
}

#[test]
fn step3_a_cursor_from_a_longer_track_is_clamped_between_keys() {
    let times = [2.0, 4.0, 8.0, 9.0];
    for t in [3.0, 8.5, 9.0, 20.0] {
        cursor_run(&times, &[t], &mut Cursor { key: 5000 }, find_with_cursor).or_fail();
    }
}

/// Two classic wrong cursors: right keys, wrong work.
fn search_every_frame(keys: &[Key<Vec3>], t: f64, cursor: &mut Cursor) -> Option<Interval> {
    let i = lab04_keyframes::solution::find_interval(keys, t)?;
    cursor.key = i.from;
    Some(i)
}

fn walk_from_first_key(keys: &[Key<Vec3>], t: f64, cursor: &mut Cursor) -> Option<Interval> {
    let mut from = cursor.key.min(keys.len().checked_sub(1)?);
    if keys[from].time_ticks > t {
        from = 0;
    }
    cursor.key = from;
    lab04_keyframes::solution::find_with_cursor(keys, t, cursor)
}

#[test]
fn grader_step3_measures_the_work_of_the_cursor() {
    let e = forward_play(search_every_frame).unwrap_err();
    assert!(e.contains("instead of searching every frame"), "{e}");
    let e = rewind(walk_from_first_key).unwrap_err();
    assert!(e.contains("walk from the first key"), "{e}");
    forward_play(lab04_keyframes::solution::find_with_cursor).or_fail();
    rewind(lab04_keyframes::solution::find_with_cursor).or_fail();
}

// ---------------------------------------------------------------- step 5

fn key<T>(time_ticks: f64, value: T) -> Key<T> {
    Key { time_ticks, value }
}

/// Three tracks with different key times: where each cursor must be left.
fn three_tracks() -> Channel {
    Channel {
        node: 0,
        positions: (0..8).map(|i| key(f64::from(i) * 3.0, Vec3::splat(i as f32))).collect(),
        rotations: (0..20).map(|i| key(f64::from(i), Quat::from_rotation_y(i as f32 * 0.1))).collect(),
        scales: (0..5).map(|i| key(f64::from(i) * 5.0, Vec3::splat(1.0 + i as f32))).collect(),
        ..Channel::default()
    }
}

/// After sampling `channel` at `t`, each track's cursor must sit on that
/// track's own `from` key: the next frame then starts where it should.
fn check_cursors(channel: &Channel, t: f64, got: &ChannelCursors) -> Result<(), String> {
    let from = |times: Vec<f64>| super::reference::interval(&times, t).map(|i| i.from);
    let times = |keys: &[Key<Vec3>]| keys.iter().map(|k| k.time_ticks).collect::<Vec<_>>();
    let rotation_times = channel.rotations.iter().map(|k| k.time_ticks).collect();
    let wants = [
        ("translation", from(times(&channel.positions)), got.translation.key),
        ("rotation", from(rotation_times), got.rotation.key),
        ("scale", from(times(&channel.scales)), got.scale.key),
    ];
    for (track, want, got) in wants {
        if let Some(want) = want
            && want != got
        {
            return Err(format!(
                "after sample_channel at t = {t}, expected cursors.{track} at key {want} (its own track's `from`), \
                 got key {got}: each track needs its own cursor, left at its own key (one cursor shared by the \
                 tracks, or a fresh one per call, makes every frame search again)"
            ));
        }
    }
    Ok(())
}

#[test]
fn step5_each_track_leaves_its_own_cursor_at_its_own_key() {
    let channel = three_tracks();
    let mut cursors = ChannelCursors::default();
    for i in 0..50 {
        let t = f64::from(i) * 0.45;
        sample_channel(&channel, &Transform::IDENTITY, t, &mut cursors, Quat::slerp);
        check_cursors(&channel, t, &cursors).or_fail();
    }
}

#[test]
fn grader_step5_rejects_a_shared_cursor() {
    let channel = three_tracks();
    let mut cursors = ChannelCursors::default();
    let t = 7.5;
    let shared = &mut cursors.translation;
    lab04_keyframes::solution::sample_track(&channel.positions, t, shared, lab04_keyframes::solution::lerp);
    lab04_keyframes::solution::sample_track(&channel.rotations, t, shared, Quat::slerp);
    lab04_keyframes::solution::sample_track(&channel.scales, t, shared, lab04_keyframes::solution::lerp);
    let e = check_cursors(&channel, t, &cursors).unwrap_err();
    assert!(e.contains("its own cursor"), "{e}");
}

// ---------------------------------------------------------------- step 6

#[test]
fn step6_each_channel_leaves_its_own_cursors_at_its_own_keys() {
    let a = three_tracks();
    let b = Channel { node: 1, ..three_tracks() };
    let mut b = b;
    b.rotations.truncate(3);
    b.positions.remove(0);
    let clip =
        common::model::Clip { name: "two".into(), duration_ticks: 21.0, ticks_per_second: 1.0, channels: vec![a, b] };
    let rest = vec![Transform::IDENTITY; 2];
    let mut cursors = ClipCursors::for_clip(&clip);
    for i in 0..40 {
        let t = f64::from(i) * 0.5;
        sample_clip(&clip, &rest, t, &mut cursors, Quat::slerp);
        for (c, channel) in clip.channels.iter().enumerate() {
            check_cursors(channel, t, &cursors.channels[c])
                .map_err(|e| format!("channel {c}: {e}; cursors.channels[c] belongs to clip.channels[c]"))
                .or_fail();
        }
    }
}
