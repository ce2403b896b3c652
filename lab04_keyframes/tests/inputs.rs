//! Bad clips and times become a clear `PlaybackError` before any of your
//! steps runs (so these pass from the start): the checks live in
//! `src/given.rs`, which both variants share.

use common::model::{Channel, Clip, Key};
use glam::{Quat, Vec3};
use lab04_keyframes::{ClipCursors, Mode, PlaybackError, check_clip, pose_at};

fn clip() -> Clip {
    let key = |t: f64| Key { time_ticks: t, value: Vec3::splat(t as f32) };
    let channels = vec![Channel { node: 1, positions: vec![key(0.0), key(5.0)], ..Channel::default() }];
    Clip { name: "c".into(), duration_ticks: 5.0, ticks_per_second: 10.0, channels }
}

fn refused(clip: &Clip, nodes: usize, seconds: f64) -> PlaybackError {
    let rest = vec![common::model::Transform::IDENTITY; nodes];
    let mut cursors = ClipCursors::for_clip(clip);
    let at = pose_at(clip, &rest, seconds, Mode::Loop, &mut cursors, Quat::slerp);
    match check_clip(clip, nodes) {
        Err(e) => e,
        Ok(()) => at.expect_err("pose_at must refuse this"),
    }
}

#[test]
fn input_zero_negative_and_nan_tick_rates_are_refused() {
    for rate in [0.0, -24.0, f64::NAN, f64::INFINITY] {
        let c = Clip { ticks_per_second: rate, ..clip() };
        let e = refused(&c, 2, 0.5);
        assert!(matches!(e, PlaybackError::BadTickRate(_)), "{e:?}");
        assert!(e.to_string().contains("ticks per second"), "{e}");
        let mut cursors = ClipCursors::for_clip(&c);
        assert!(pose_at(&c, &[Default::default(); 2], 0.5, Mode::Loop, &mut cursors, Quat::slerp).is_err());
    }
    let c = Clip { duration_ticks: f64::NAN, ..clip() };
    assert!(matches!(refused(&c, 2, 0.5), PlaybackError::BadDuration(_)));
}

#[test]
fn input_nan_and_infinite_times_are_refused() {
    for t in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let c = clip();
        let mut cursors = ClipCursors::for_clip(&c);
        let e = pose_at(&c, &[Default::default(); 2], t, Mode::Loop, &mut cursors, Quat::slerp).unwrap_err();
        assert!(matches!(e, PlaybackError::BadTime(_)) && e.to_string().contains("finite"), "{e}");
    }
}

#[test]
fn input_unsorted_keys_and_bad_values_are_refused_by_check_clip() {
    let mut c = clip();
    c.channels[0].positions.swap(0, 1);
    let e = check_clip(&c, 2).unwrap_err();
    assert_eq!(e, PlaybackError::UnsortedKeys { channel: 0, track: "position", key: 1 });
    assert!(e.to_string().contains("sorted by time"), "{e}");
    let mut c = clip();
    c.channels[0].positions[1].time_ticks = f64::NAN;
    assert!(matches!(check_clip(&c, 2), Err(PlaybackError::UnsortedKeys { .. })));
    let mut c = clip();
    c.channels[0].scales = vec![Key { time_ticks: 0.0, value: Vec3::new(1.0, f32::NAN, 1.0) }];
    assert!(matches!(check_clip(&c, 2), Err(PlaybackError::BadValue { track: "scale", .. })));
    let mut c = clip();
    c.channels[0].rotations = vec![Key { time_ticks: 0.0, value: Quat::from_xyzw(0.0, 0.0, 0.0, 3.0) }];
    assert!(matches!(check_clip(&c, 2), Err(PlaybackError::BadValue { track: "rotation", .. })));
    // Equal times are a step in the motion, not an error.
    let mut c = clip();
    c.channels[0].positions[1].time_ticks = 0.0;
    assert_eq!(check_clip(&c, 2), Ok(()));
}

#[test]
fn input_channels_on_missing_nodes_and_mismatched_cursors_are_refused() {
    let e = refused(&clip(), 1, 0.5);
    assert_eq!(e, PlaybackError::NodeOutOfRange { channel: 0, node: 1, nodes: 1 });
    assert!(e.to_string().contains("the skeleton has 1 nodes"), "{e}");
    let c = clip();
    let mut wrong = ClipCursors::default();
    let e = pose_at(&c, &[Default::default(); 2], 0.5, Mode::Loop, &mut wrong, Quat::slerp).unwrap_err();
    assert!(matches!(e, PlaybackError::CursorMismatch { channels: 1, cursors: 0 }), "{e:?}");
    assert!(e.to_string().contains("ClipCursors::for_clip"));
}

#[test]
fn input_a_cubic_track_without_a_tangent_per_key_is_refused() {
    use common::model::{Interpolation, Tangents};
    let mut c = clip();
    let channel = &mut c.channels[0];
    channel.rotations =
        vec![Key { time_ticks: 0.0, value: Quat::IDENTITY }, Key { time_ticks: 5.0, value: Quat::IDENTITY }];
    channel.interpolation.rotations = Interpolation::CubicSpline(vec![Tangents::default()]);
    let e = check_clip(&c, 2).unwrap_err();
    assert_eq!(e, PlaybackError::TangentCount { channel: 0, track: "rotation", tangents: 1, keys: 2 });
    assert_eq!(
        e.to_string(),
        "channel 0: a cubic rotation track with 1 pairs of tangents for 2 keys (need one pair per key)"
    );
    c.channels[0].interpolation.rotations = Interpolation::CubicSpline(vec![Tangents::default(); 2]);
    assert_eq!(check_clip(&c, 2), Ok(()), "one pair per key passes");
}
