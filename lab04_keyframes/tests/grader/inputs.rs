//! `given_*`: bad clips and times become a clear `PlaybackError` before any
//! of your steps runs (so these pass from the start). The clip's rules are
//! common's rulebook (`Clip::validate`), which `check_clip` and the per-frame
//! `check_frame` in `src/given.rs` call.

use common::model::{Channel, Clip, ClipFault, Key};
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

/// The rulebook fault `check_clip` or `pose_at` found, or a panic.
fn fault(e: &PlaybackError) -> (Option<usize>, Option<&'static str>, Option<usize>, ClipFault) {
    let p = e.clip_fault().unwrap_or_else(|| panic!("expected a clip rulebook fault, got {e:?}"));
    (p.channel, p.track, p.key, p.fault)
}

#[test]
fn given_zero_negative_and_nan_tick_rates_are_refused() {
    for rate in [0.0, -24.0, f64::NAN, f64::INFINITY] {
        let c = Clip { ticks_per_second: rate, ..clip() };
        let e = refused(&c, 2, 0.5);
        assert!(matches!(fault(&e).3, ClipFault::BadTickRate(_)), "{e:?}");
        assert!(e.to_string().contains("ticks per second"), "{e}");
        let mut cursors = ClipCursors::for_clip(&c);
        assert!(pose_at(&c, &[Default::default(); 2], 0.5, Mode::Loop, &mut cursors, Quat::slerp).is_err());
    }
    let c = Clip { duration_ticks: f64::NAN, ..clip() };
    assert!(matches!(fault(&refused(&c, 2, 0.5)).3, ClipFault::BadDuration(_)));
}

#[test]
fn given_nan_and_infinite_times_are_refused() {
    for t in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let c = clip();
        let mut cursors = ClipCursors::for_clip(&c);
        let e = pose_at(&c, &[Default::default(); 2], t, Mode::Loop, &mut cursors, Quat::slerp).unwrap_err();
        assert!(matches!(e, PlaybackError::BadTime(_)) && e.to_string().contains("finite"), "{e}");
    }
}

#[test]
fn given_unsorted_keys_and_bad_values_are_refused_by_check_clip() {
    let mut c = clip();
    c.channels[0].positions.swap(0, 1);
    let e = check_clip(&c, 2).unwrap_err();
    assert_eq!(fault(&e), (Some(0), Some("position"), Some(1), ClipFault::Unsorted));
    assert!(
        e.to_string().contains("clip `c`: channel 0: position key 1") && e.to_string().contains("sort keys by time"),
        "{e}"
    );
    let mut c = clip();
    c.channels[0].positions[1].time_ticks = f64::NAN;
    assert_eq!(fault(&check_clip(&c, 2).unwrap_err()).3, ClipFault::Unsorted);
    let mut c = clip();
    c.channels[0].scales = vec![Key { time_ticks: 0.0, value: Vec3::new(1.0, f32::NAN, 1.0) }];
    assert_eq!(fault(&check_clip(&c, 2).unwrap_err()), (Some(0), Some("scale"), Some(0), ClipFault::NotFinite));
    let mut c = clip();
    c.channels[0].rotations = vec![Key { time_ticks: 0.0, value: Quat::from_xyzw(0.0, 0.0, 0.0, 3.0) }];
    assert_eq!(fault(&check_clip(&c, 2).unwrap_err()), (Some(0), Some("rotation"), Some(0), ClipFault::NotUnit(3.0)));
    // Equal times are a cut (a jump in the motion), not an error.
    let mut c = clip();
    c.channels[0].positions[1].time_ticks = 0.0;
    assert_eq!(check_clip(&c, 2), Ok(()));
    // The rules are common's, word for word: lab 04 keeps no list of its own.
    let mut c = clip();
    c.channels[0].positions.swap(0, 1);
    assert_eq!(check_clip(&c, 2), Err(PlaybackError::Clip(c.validate(2).unwrap_err())));
}

#[test]
fn given_channels_on_missing_nodes_and_mismatched_cursors_are_refused() {
    let e = refused(&clip(), 1, 0.5);
    assert_eq!(fault(&e), (Some(0), None, None, ClipFault::NodeOutOfRange { node: 1, nodes: 1 }));
    assert!(e.to_string().contains("the skeleton has 1 nodes"), "{e}");
    // pose_at's cheap per-frame check finds it without check_clip.
    let mut cursors = ClipCursors::for_clip(&clip());
    let e = pose_at(&clip(), &[Default::default(); 1], 0.5, Mode::Loop, &mut cursors, Quat::slerp).unwrap_err();
    assert!(matches!(fault(&e).3, ClipFault::NodeOutOfRange { .. }), "{e:?}");
    let c = clip();
    let mut wrong = ClipCursors::default();
    let e = pose_at(&c, &[Default::default(); 2], 0.5, Mode::Loop, &mut wrong, Quat::slerp).unwrap_err();
    assert!(matches!(e, PlaybackError::CursorMismatch { channels: 1, cursors: 0 }), "{e:?}");
    assert_eq!(e.to_string(), "0 channel cursors for a clip of 1 channel: make them with ClipCursors::for_clip");
}

#[test]
fn given_a_cubic_track_without_a_tangent_per_key_is_refused() {
    use common::model::{Interpolation, Tangents};
    let mut c = clip();
    let channel = &mut c.channels[0];
    channel.rotations =
        vec![Key { time_ticks: 0.0, value: Quat::IDENTITY }, Key { time_ticks: 5.0, value: Quat::IDENTITY }];
    channel.interpolation.rotations = Interpolation::CubicSpline(vec![Tangents::default()]);
    let e = check_clip(&c, 2).unwrap_err();
    assert_eq!(fault(&e), (Some(0), Some("rotation"), Some(0), ClipFault::TangentCount(1, 2)));
    assert_eq!(
        e.to_string(),
        "1 problem: clip `c`: channel 0: rotation key 0 has 1 pairs of cubic tangents for 2 keys (need one each)"
    );
    c.channels[0].interpolation.rotations = Interpolation::CubicSpline(vec![Tangents::default(); 2]);
    assert_eq!(check_clip(&c, 2), Ok(()), "one pair per key passes");
}
