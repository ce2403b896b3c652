//! Step 7: each track in its own interpolation mode (LINEAR, STEP,
//! CUBICSPLINE), and step 5 going through it.

use common::grade::{Verdict, check_eq, check_quat, check_vec3};
use common::model::{Channel, ChannelInterpolation, Interpolation, Key, Tangents, Transform};
use glam::{DQuat, DVec3, Quat, Vec3};
use lab04_keyframes::*;

fn key<T>(time_ticks: f64, value: T) -> Key<T> {
    Key { time_ticks, value }
}

/// Keys at 2, 6 and 10 ticks (the same track as step 4's tests).
fn track() -> Vec<Key<Vec3>> {
    vec![key(2.0, Vec3::ZERO), key(6.0, Vec3::new(4.0, 8.0, 0.0)), key(10.0, Vec3::new(4.0, 8.0, 8.0))]
}

/// Tangents per tick, different on each side of each key.
fn tangents() -> Vec<Tangents<Vec3>> {
    let t = |a: [f32; 3], b: [f32; 3]| Tangents { incoming: Vec3::from(a), outgoing: Vec3::from(b) };
    vec![
        t([0.0, 0.0, 0.0], [1.0, 0.0, -2.0]),
        t([0.5, 3.0, 0.0], [0.0, -1.0, 1.0]),
        t([0.0, 0.0, 4.0], [9.0, 9.0, 9.0]),
    ]
}

/// The grader's own cubic, in f64, written from the glTF spec's formula.
fn reference_cubic(keys: &[Key<DVec3>], tangents: &[(DVec3, DVec3)], t: f64) -> DVec3 {
    let n = keys.len();
    if t <= keys[0].time_ticks {
        return keys[0].value;
    }
    if t >= keys[n - 1].time_ticks {
        return keys[n - 1].value;
    }
    let k = keys.iter().rposition(|k| k.time_ticks <= t).expect("a key at or before t");
    let gap = keys[k + 1].time_ticks - keys[k].time_ticks;
    let s = (t - keys[k].time_ticks) / gap;
    let (s2, s3) = (s * s, s * s * s);
    keys[k].value * (2.0 * s3 - 3.0 * s2 + 1.0)
        + tangents[k].1 * gap * (s3 - 2.0 * s2 + s)
        + keys[k + 1].value * (-2.0 * s3 + 3.0 * s2)
        + tangents[k + 1].0 * gap * (s3 - s2)
}

fn cubic_at(t: f64) -> Vec3 {
    let keys: Vec<Key<DVec3>> = track().iter().map(|k| key(k.time_ticks, k.value.as_dvec3())).collect();
    let tangents: Vec<(DVec3, DVec3)> =
        tangents().iter().map(|t| (t.incoming.as_dvec3(), t.outgoing.as_dvec3())).collect();
    reference_cubic(&keys, &tangents, t).as_vec3()
}

/// The grader's own lerp (yours is step 4).
fn mix(a: Vec3, b: Vec3, f: f32) -> Vec3 {
    a + (b - a) * f
}

fn held(t: f64) -> Vec3 {
    let keys = track();
    keys.iter().rev().find(|k| k.time_ticks <= t).unwrap_or(&keys[0]).value
}

/// The checks of a STEP sample, with the classic mistakes named.
fn check_step(t: f64, got: Option<Vec3>) -> Result<(), String> {
    let keys = track();
    let got = got.ok_or(format!("sample_curve(STEP) at t = {t}: expected a value, got None"))?;
    let linear = lab04_keyframes::solution::sample_track(&keys, t, &mut Cursor::default(), |a, b, f| a + (b - a) * f);
    let next = keys.iter().find(|k| k.time_ticks > t).unwrap_or(&keys[keys.len() - 1]).value;
    let mistakes = [
        ("that is the linear mix: a STEP track holds the `from` key, no mix (README, step 7)", linear.unwrap()),
        ("that is the next key: STEP holds the key at or before the time until the next key's time", next),
    ];
    check_vec3(&format!("sample_curve(STEP) at t = {t}"), got, held(t), &mistakes)
}

#[test]
fn step7_step_tracks_hold_the_key_at_or_before_the_time() {
    let keys = track();
    let mut cursor = Cursor::default();
    for t in [0.0, 2.0, 3.0, 5.99, 6.0, 7.5, 10.0, 12.0] {
        check_step(t, sample_curve(&keys, &Interpolation::Step, t, &mut cursor, lerp)).or_fail();
    }
    check_eq("sample_curve must move the track's cursor as step 4 does (the cursor's key)", cursor.key, 2).or_fail();
    let empty = sample_curve(&[] as &[Key<Vec3>], &Interpolation::Step, 1.0, &mut cursor, lerp);
    check_eq("an empty track has no value", empty, None).or_fail();
}

#[test]
fn step7_linear_tracks_are_step_4_and_cubic_tracks_follow_the_hermite_curve() {
    let keys = track();
    let mut cursor = Cursor::default();
    for t in [2.0, 3.0, 4.0, 8.0, 9.5] {
        let got = sample_curve(&keys, &Interpolation::Linear, t, &mut cursor, lerp).expect("a value");
        let want = lab04_keyframes::solution::sample_track(&keys, t, &mut Cursor::default(), mix).unwrap();
        check_vec3(&format!("sample_curve(LINEAR) at t = {t}"), got, want, &[]).or_fail();
    }
    let cubic = Interpolation::CubicSpline(tangents());
    let mut cursor = Cursor::default();
    for t in [0.0, 2.0, 3.0, 4.0, 6.0, 7.0, 9.5, 10.0, 11.0] {
        let got = sample_curve(&keys, &cubic, t, &mut cursor, lerp).expect("a value");
        let linear = lab04_keyframes::solution::sample_track(&keys, t, &mut Cursor::default(), mix).unwrap();
        let mistakes = [
            ("that is the linear mix: a CUBICSPLINE track follows `given::cubic` with its tangents", linear),
            ("that is a held key: a CUBICSPLINE track moves between its keys", held(t)),
        ];
        check_vec3(&format!("sample_curve(CUBICSPLINE) at t = {t}"), got, cubic_at(t), &mistakes).or_fail();
    }
}

#[test]
fn step7_rotations_play_cubic_normalised() {
    let keys = vec![key(0.0, Quat::IDENTITY), key(10.0, Quat::from_rotation_y(1.2))];
    let spin = |y: f32| Quat::from_xyzw(0.0, y, 0.0, 0.0);
    let tangents = vec![
        Tangents { incoming: spin(0.0), outgoing: spin(0.08) },
        Tangents { incoming: spin(0.02), outgoing: spin(0.0) },
    ];
    let got =
        sample_curve(&keys, &Interpolation::CubicSpline(tangents.clone()), 5.0, &mut Cursor::default(), Quat::slerp)
            .expect("a value");
    let q = |v: Quat| DQuat::from_xyzw(v.x.into(), v.y.into(), v.z.into(), v.w.into());
    let (s, gap) = (0.5f64, 10.0f64);
    let raw = q(keys[0].value) * (2.0 * s.powi(3) - 3.0 * s * s + 1.0)
        + q(tangents[0].outgoing) * (gap * (s.powi(3) - 2.0 * s * s + s))
        + q(keys[1].value) * (-2.0 * s.powi(3) + 3.0 * s * s)
        + q(tangents[1].incoming) * (gap * (s.powi(3) - s * s));
    let want = raw.normalize().as_quat();
    let slerped = Quat::slerp(keys[0].value, keys[1].value, 0.5);
    check_quat(
        "sample_curve(CUBICSPLINE rotation) at t = 5",
        got,
        want,
        &[("that is slerp: follow the cubic", slerped)],
    )
    .or_fail();
    assert!((got.length() - 1.0).abs() < 1e-5, "expected a unit quaternion, got length {}", got.length());
}

#[test]
fn step7_sample_channel_honours_each_tracks_mode() {
    let rotations = vec![key(2.0, Quat::IDENTITY), key(10.0, Quat::from_rotation_x(1.0))];
    let channel = Channel {
        node: 0,
        positions: track(),
        rotations: rotations.clone(),
        interpolation: ChannelInterpolation { positions: Interpolation::Step, ..ChannelInterpolation::default() },
        ..Channel::default()
    };
    let mut cursors = ChannelCursors::default();
    for t in [3.0, 5.0, 7.0, 9.0] {
        let got = sample_channel(&channel, &Transform::IDENTITY, t, &mut cursors, Quat::slerp);
        let linear = lab04_keyframes::solution::sample_track(&channel.positions, t, &mut Cursor::default(), mix);
        let mistakes = [(
            "step 5 still interpolates linearly: make it call sample_curve with the track's mode (README, step 7)",
            linear.unwrap(),
        )];
        check_vec3(
            &format!("sample_channel on a STEP position track at t = {t}: translation"),
            got.translation,
            held(t),
            &mistakes,
        )
        .or_fail();
        let want = Quat::slerp(rotations[0].value, rotations[1].value, ((t - 2.0) / 8.0) as f32);
        check_quat(&format!("sample_channel at t = {t}: the LINEAR rotation track"), got.rotation, want, &[]).or_fail();
    }
}

#[test]
fn grader_step7_names_the_classic_mistakes() {
    let keys = track();
    let linear = |t: f64| lab04_keyframes::solution::sample_track(&keys, t, &mut Cursor::default(), mix);
    let e = check_step(4.0, linear(4.0)).expect_err("the linear mix passed as STEP");
    assert!(e.contains("linear mix"), "{e}");
    let e = check_step(3.0, Some(keys[1].value)).expect_err("the next key passed as STEP");
    assert!(e.contains("next key"), "{e}");
    assert!(check_step(6.0, Some(keys[1].value)).is_ok(), "on a key, STEP holds that key");
    let off = (cubic_at(3.0) - linear(3.0).unwrap()).length();
    assert!(off > 0.1, "the cubic test track must differ from the linear mix, by {off}");
}
