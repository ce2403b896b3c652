//! Lab 05 grader, step 5: your slerp inside lab 04's sampler. Run with
//! `cargo test -p lab05_slerp --test grader playback`. The reference is lab 04's
//! own `solution::pose_at` with glam's `Quat::slerp`: the pose must match it
//! on every node, at times between keys, looping and one-shot.

use crate::support::{Interp, close, degrees_between, slerp_full_angle, slerp_long_way};
use common::grade::{EPSILON, Verdict, check_quat, check_vec3};
use common::model::{Channel, Clip, ClipFault, Key, Model, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::solution as lab04;
use lab05_slerp::{ClipCursors, Cursor, Mode, PlaybackError};

type PoseFn = fn(&Clip, &[Transform], f64, Mode, &mut ClipCursors) -> Result<Vec<Transform>, PlaybackError>;
type SampleFn = fn(&[Key<Quat>], f64, &mut Cursor) -> Option<Quat>;

const LONG_WAY: &str = "it went the long way round: neighbouring keys with a negative dot product must be \
                        interpolated via shortest_arc (is your slerp the one passed to lab 04?)";
const HELD: &str = "the rotation was held at the key before: interpolate between the interval's two keys";
const NAN: &str = "is NaN: your slerp gives NaN between these keys (nearly equal ones?). Step 3 is not done yet: \
                   `cargo test -p lab05_slerp --test grader step3` names the cause";

/// A rotation that is not a unit quaternion, or NaN: a step 3 problem that
/// step 5 only passes on, named before any comparison (a NaN is unequal to
/// everything; a quaternion 2 long can point the same way as the reference).
fn not_a_rotation(what: &str, got: Quat) -> Option<String> {
    if got.is_nan() {
        return Some(format!("{what} {NAN}\n  got: {got}"));
    }
    let length = got.length();
    ((length - 1.0).abs() > 1e-4).then(|| {
        format!(
            "{what} is {length:.5} long, not a unit quaternion: a rotation's quaternion is 1 long. Your slerp \
             leaves the unit sphere (the whole rotation angle in the sines instead of Ω?): \
             `cargo test -p lab05_slerp --test grader step3` names the cause\n  got: {got}"
        )
    })
}

/// Within 1e-4 per component, `q` and `-q` being one rotation. (common's
/// [`check_quat`], used for the message, lets about 1.6° through.)
fn check_rotation(what: &str, got: Quat, want: Quat, mistakes: &[(&str, Quat)]) -> Result<(), String> {
    let same = |a: Quat, b: Quat| close(a, b, EPSILON) || close(-a, b, EPSILON);
    if same(got, want) {
        return Ok(());
    }
    if let Some(message) = not_a_rotation(what, got) {
        return Err(message);
    }
    let shown = format!("\n  expected: {want}\n  got:      {got}");
    if let Some((mistake, _)) = mistakes.iter().find(|(_, m)| same(got, *m)) {
        return Err(format!("{what} is wrong: {mistake}{shown}"));
    }
    check_quat(what, got, want, &[])?;
    Err(format!("{what} is {:.3}° off the reference: is the slerp approximate?{shown}", degrees_between(got, want)))
}

fn pose_with(rotate: Interp) -> impl Fn(&Clip, &[Transform], f64, Mode) -> Vec<Transform> {
    move |clip, rest, seconds, mode| {
        lab04::pose_at(clip, rest, seconds, mode, &mut ClipCursors::for_clip(clip), rotate).expect("reference pose")
    }
}

/// `pose` on `clip` at `times` (one set of cursors, in this order) against
/// lab 04's reference with glam's slerp.
fn check_pose(pose: PoseFn, model: &Model, clip: &Clip, mode: Mode, times: &[f64]) -> Result<(), String> {
    let rest = model.skeleton.rest_locals();
    let mut cursors = ClipCursors::for_clip(clip);
    let (reference, long, held) = (pose_with(Quat::slerp), pose_with(slerp_long_way), pose_with(|a, _, _| a));
    for &seconds in times {
        let got = pose(clip, &rest, seconds, mode, &mut cursors)
            .map_err(|e| format!("the pose of `{}` at {seconds} s is an error: {e}", clip.name))?;
        let want = reference(clip, &rest, seconds, mode);
        if got.len() != want.len() {
            return Err(format!("{} transforms for {} nodes: one per node of the rest pose", got.len(), want.len()));
        }
        let (long, held) = (long(clip, &rest, seconds, mode), held(clip, &rest, seconds, mode));
        for (n, node) in model.skeleton.nodes.iter().enumerate() {
            let what = format!("`{}` at {seconds} s: the rotation of node {n} `{}`", clip.name, node.name);
            let mistakes = [(LONG_WAY, long[n].rotation), (HELD, held[n].rotation)];
            check_rotation(&what, got[n].rotation, want[n].rotation, &mistakes)?;
            let what = format!("`{}` at {seconds} s: node {n} `{}`", clip.name, node.name);
            check_vec3(&format!("{what}, translation"), got[n].translation, want[n].translation, &[])?;
            check_vec3(&format!("{what}, scale"), got[n].scale, want[n].scale, &[])?;
        }
    }
    Ok(())
}

/// Times between the built-in clips' keys (12 a second), forwards, then
/// back, past the end, and before the start.
const WALK_TIMES: [f64; 9] = [0.03, 0.21, 0.4, 0.55, 0.77, 0.99, 0.35, 1.3, -0.2];
const WAVE_TIMES: [f64; 8] = [0.1, 0.6, 1.17, 1.9, 2.33, 0.8, 3.0, -1.0];

/// A clip built in code: one joint turning 40°, its second key stored as
/// the negated quaternion (dot product < 0), as some exporters write it.
fn flipped_clip(model: &Model) -> Clip {
    let node = model.skeleton.find("forearm_l").expect("the character has a left forearm");
    let q0 = model.skeleton.nodes[node].local.rotation;
    let q1 = Quat::from_axis_angle(Vec3::new(0.3, 0.2, 1.0).normalize(), 40f32.to_radians()) * q0;
    assert!(q0.dot(-q1) < 0.0);
    let rotations = vec![Key { time_ticks: 0.0, value: q0 }, Key { time_ticks: 10.0, value: -q1 }];
    let channel = Channel { node, rotations, ..Channel::default() };
    Clip { name: "flip".into(), duration_ticks: 10.0, ticks_per_second: 10.0, channels: vec![channel] }
}

fn check_short_way(pose: PoseFn) -> Result<(), String> {
    let model = common::character::build();
    let clip = flipped_clip(&model);
    check_pose(pose, &model, &clip, Mode::Once, &[0.0, 0.25, 0.5, 0.75, 1.0])
}

fn check_walk_and_wave(pose: PoseFn) -> Result<(), String> {
    let model = common::character::build();
    check_pose(pose, &model, &model.clips[1], Mode::Loop, &WALK_TIMES)?;
    let wave = model.clips.iter().find(|c| c.name == "wave").expect("the character waves");
    check_pose(pose, &model, wave, Mode::Once, &WAVE_TIMES)
}

fn check_sample_rotation(sample: SampleFn) -> Result<(), String> {
    let model = common::character::build();
    let walk = &model.clips[1];
    let flip = flipped_clip(&model);
    for channel in walk.channels.iter().chain(&flip.channels) {
        let keys = &channel.rotations;
        let mut cursor = Cursor::default();
        for ticks in [0.5, 3.3, 7.9, 12.0, 18.6, 23.99, 5.2, 30.0, -4.0] {
            let got = sample(keys, ticks, &mut cursor).ok_or("sample_rotation gave None for a track with keys")?;
            let reference = |rotate: Interp| lab04::sample_track(keys, ticks, &mut Cursor::default(), rotate).unwrap();
            let what = format!("sample_rotation at tick {ticks} (node {})", channel.node);
            let mistakes = [(LONG_WAY, reference(slerp_long_way)), (HELD, reference(|a, _, _| a))];
            check_rotation(&what, got, reference(Quat::slerp), &mistakes)?;
        }
    }
    match sample(&[], 1.0, &mut Cursor::default()) {
        None => Ok(()),
        Some(q) => Err(format!("sample_rotation of no keys gave {q}: it must be None (the node keeps its rest pose)")),
    }
}

#[test]
fn step5_sample_rotation_matches_lab04_with_glams_slerp() {
    check_sample_rotation(lab05_slerp::sample_rotation).or_fail();
}

#[test]
fn step5_walk_and_wave_poses_match_glams_slerp() {
    check_walk_and_wave(lab05_slerp::pose_with_your_slerp).or_fail();
}

#[test]
fn step5_keys_with_a_negative_dot_take_the_short_way() {
    check_short_way(lab05_slerp::pose_with_your_slerp).or_fail();
}

/// Bad input to playback is lab 04's error, never a panic or a NaN pose.
/// (A step test: `pose_with_your_slerp` is yours to write.)
#[test]
fn step5_bad_times_and_tick_rates_are_errors() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let walk = &model.clips[1];
    let mut cursors = ClipCursors::for_clip(walk);
    for seconds in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let got = lab05_slerp::pose_with_your_slerp(walk, &rest, seconds, Mode::Loop, &mut cursors);
        assert!(matches!(got, Err(PlaybackError::BadTime(_))), "time {seconds}: expected BadTime, got {got:?}");
    }
    for rate in [0.0, -24.0, f64::NAN] {
        let clip = Clip { ticks_per_second: rate, ..walk.clone() };
        let got = lab05_slerp::pose_with_your_slerp(&clip, &rest, 0.5, Mode::Loop, &mut cursors);
        let fault = got.as_ref().err().and_then(PlaybackError::clip_fault).map(|p| p.fault);
        assert!(
            matches!(fault, Some(ClipFault::BadTickRate(_))),
            "rate {rate}: expected lab 04's PlaybackError::Clip naming a BadTickRate, got {got:?}"
        );
    }
    let mut others = ClipCursors::for_clip(&flipped_clip(&model));
    let got = lab05_slerp::pose_with_your_slerp(walk, &rest, 0.5, Mode::Loop, &mut others);
    assert!(matches!(got, Err(PlaybackError::CursorMismatch { .. })), "expected CursorMismatch, got {got:?}");
}

// ---------------------------------------------------------------- wrong answers

fn pose_long_way(
    c: &Clip,
    r: &[Transform],
    s: f64,
    m: Mode,
    k: &mut ClipCursors,
) -> Result<Vec<Transform>, PlaybackError> {
    lab04::pose_at(c, r, s, m, k, slerp_long_way)
}

fn pose_held(c: &Clip, r: &[Transform], s: f64, m: Mode, k: &mut ClipCursors) -> Result<Vec<Transform>, PlaybackError> {
    lab04::pose_at(c, r, s, m, k, |a, _, _| a)
}

fn pose_approximate(
    c: &Clip,
    r: &[Transform],
    s: f64,
    m: Mode,
    k: &mut ClipCursors,
) -> Result<Vec<Transform>, PlaybackError> {
    // nlerp instead of slerp: within check_quat's tolerance between these keys.
    lab04::pose_at(c, r, s, m, k, Quat::lerp)
}

fn pose_glam(c: &Clip, r: &[Transform], s: f64, m: Mode, k: &mut ClipCursors) -> Result<Vec<Transform>, PlaybackError> {
    lab04::pose_at(c, r, s, m, k, Quat::slerp)
}

#[test]
fn grader_step5_rejects_the_long_way_and_held_keys() {
    let message = check_short_way(pose_long_way).unwrap_err();
    assert!(message.contains("long way"), "{message}");
    let message = check_walk_and_wave(pose_held).unwrap_err();
    assert!(message.contains("held at the key"), "{message}");
    let long: SampleFn = |keys, ticks, cursor| lab04::sample_track(keys, ticks, cursor, slerp_long_way);
    let message = check_sample_rotation(long).unwrap_err();
    assert!(message.contains("long way"), "{message}");
}

#[test]
fn grader_step5_nlerp_is_close_on_dense_keys() {
    // Between keys a few degrees apart nlerp and slerp differ by far less
    // than 1e-4: step 5 cannot tell them apart, step 3 does.
    check_walk_and_wave(pose_approximate).or_fail();
}

#[test]
fn grader_glams_slerp_passes_every_check() {
    check_walk_and_wave(pose_glam).or_fail();
    check_short_way(pose_glam).or_fail();
    check_sample_rotation(|keys, ticks, cursor| lab04::sample_track(keys, ticks, cursor, Quat::slerp)).or_fail();
}

// ------------------------------------------------ your slerp, not another

/// Step 5's point is *your* slerp inside lab 04. glam's `Quat::slerp` gives
/// nearly the same rotations (within 1e-4), so only an exact comparison
/// tells which function lab 04 was handed: every sample must be, bit for
/// bit, `own` applied to the interval lab 04 finds.
fn check_uses_own(sample: SampleFn, pose: PoseFn, own: Interp) -> Result<(), String> {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let hint = "lab 04 was handed another interpolation than your slerp (glam's Quat::slerp, or nlerp?): pass your \
                own `slerp` as the rotation argument (README, step 5, hint 1)";
    for clip in model.clips.iter().take(2) {
        for channel in &clip.channels {
            let keys = &channel.rotations;
            let mut cursor = Cursor::default();
            for ticks in [0.5, 3.3, 7.9, 12.0, 18.6, 23.99] {
                let got = sample(keys, ticks, &mut cursor);
                let want = lab04::sample_track(keys, ticks, &mut Cursor::default(), own);
                let what = format!("your slerp inside lab 04's sampler at tick {ticks} (node {})", channel.node);
                if let Some(message) = want.and_then(|q| not_a_rotation(&what, q)) {
                    return Err(message);
                }
                if got.map(|q| q.to_array()) != want.map(|q| q.to_array()) {
                    return Err(format!(
                        "sample_rotation at tick {ticks} (node {}): expected {want:?} (your slerp, bit for bit), got \
                         {got:?}: {hint}",
                        channel.node
                    ));
                }
            }
        }
        let mut cursors = ClipCursors::for_clip(clip);
        for seconds in [0.1, 0.37, 0.8] {
            let got = pose(clip, &rest, seconds, Mode::Loop, &mut cursors).map_err(|e| e.to_string())?;
            let want = pose_with(own)(clip, &rest, seconds, Mode::Loop);
            for (n, transform) in want.iter().enumerate() {
                let what = format!("your slerp inside lab 04's pose of `{}` at {seconds} s, node {n}", clip.name);
                if let Some(message) = not_a_rotation(&what, transform.rotation) {
                    return Err(message);
                }
            }
            if let Some(n) = (0..want.len()).find(|&n| got[n].rotation.to_array() != want[n].rotation.to_array()) {
                return Err(format!(
                    "pose_with_your_slerp of `{}` at {seconds} s, node {n}: expected the rotation {} (your slerp, bit \
                     for bit), got {}: {hint}",
                    clip.name, want[n].rotation, got[n].rotation
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn step5_lab04_is_handed_your_slerp() {
    check_uses_own(lab05_slerp::sample_rotation, lab05_slerp::pose_with_your_slerp, lab05_slerp::slerp).or_fail();
}

#[test]
fn grader_step5_rejects_glams_slerp_in_place_of_yours() {
    let own = lab05_slerp::solution::slerp;
    let glam_track: SampleFn = |keys, ticks, cursor| lab04::sample_track(keys, ticks, cursor, Quat::slerp);
    let own_track: SampleFn =
        |keys, ticks, cursor| lab04::sample_track(keys, ticks, cursor, lab05_slerp::solution::slerp);
    let own_pose: PoseFn = |c, r, s, m, k| lab04::pose_at(c, r, s, m, k, lab05_slerp::solution::slerp);
    let e = check_uses_own(glam_track, own_pose, own).unwrap_err();
    assert!(e.contains("glam's Quat::slerp"), "{e}");
    let e = check_uses_own(own_track, pose_glam, own).unwrap_err();
    assert!(e.contains("glam's Quat::slerp"), "{e}");
    let e = check_uses_own(own_track, pose_approximate, own).unwrap_err();
    assert!(e.contains("your slerp"), "{e}");
    check_uses_own(own_track, own_pose, own).or_fail();
}

/// A slerp that gives NaN, or leaves the unit sphere, is a step 3 problem:
/// step 5's checks must send the student there, not blame the wiring.
#[test]
fn grader_step5_sends_a_nan_or_non_unit_slerp_back_to_step3() {
    let nan: Interp = |_, _, _| Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0);
    let sample: SampleFn = |keys, ticks, cursor| {
        lab04::sample_track(keys, ticks, cursor, |_, _, _| Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0))
    };
    let pose: PoseFn =
        |c, r, s, m, k| lab04::pose_at(c, r, s, m, k, |_, _, _| Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0));
    let message = check_uses_own(sample, pose, nan).unwrap_err();
    assert!(message.contains("NaN") && message.contains("step3"), "{message}");
    let message = check_sample_rotation(sample).unwrap_err();
    assert!(message.contains("NaN") && message.contains("step3"), "{message}");

    let long: SampleFn = |keys, ticks, cursor| lab04::sample_track(keys, ticks, cursor, slerp_full_angle);
    let message = check_sample_rotation(long).unwrap_err();
    assert!(message.contains("not a unit quaternion") && message.contains("step3"), "{message}");
    let pose_long: PoseFn = |c, r, s, m, k| lab04::pose_at(c, r, s, m, k, slerp_full_angle);
    let message = check_uses_own(long, pose_long, slerp_full_angle).unwrap_err();
    assert!(message.contains("not a unit quaternion"), "{message}");
    let message = check_walk_and_wave(pose_long).unwrap_err();
    assert!(message.contains("not a unit quaternion"), "{message}");
}
