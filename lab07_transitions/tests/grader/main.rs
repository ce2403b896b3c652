//! Lab 07 grader. Tests are named after the README's steps; the quick loop is
//! `cargo test -p lab07_transitions --test grader`. Failures name the classic
//! mistake they match; `grader_*` tests prove those mistakes are rejected.
//! Steps 1-3 are here, steps 4-6 in `fades.rs`, the fixtures in `rig.rs`.

mod fades;
mod fast;
mod named;
mod rig;
mod selfcheck;

use common::grade::{Verdict, check_eq, check_quat, check_vec3};
use common::model::Transform;
use glam::{Quat, Vec3};
use lab04_keyframes::given::ClipCursors;
use lab07_transitions::*;
use rig::{pose_of, reference_blend, two_clips};

// ---------------------------------------------------------------- step 1

fn transform(t: [f32; 3], axis: Vec3, angle: f32, s: [f32; 3]) -> Transform {
    Transform { translation: t.into(), rotation: Quat::from_axis_angle(axis.normalize(), angle), scale: s.into() }
}

/// Checks one blended transform, naming the classic mistakes.
pub fn check_blend(a: &Transform, b: &Transform, f: f32, got: &Transform) -> Result<(), String> {
    let want = reference_blend(a, b, f);
    let what = format!("blend_transforms(a, b, {f})");
    let t = [
        ("the weights do not sum to 1: a gets (1 - factor), b gets factor", a.translation + b.translation * f),
        ("the factor is measured from b: factor 0 must give a", b.translation.lerp(a.translation, f)),
    ];
    check_vec3(&format!("{what}: translation"), got.translation, want.translation, &t)?;
    let long = (a.rotation * (1.0 - f) + b.rotation * f).normalize(); // b not flipped
    let long_way = "the rotation took the long way round: q and -q are one rotation; take the shortest arc (lab 05)";
    let r = [
        (long_way, long),
        (long_way, slerp_without_flip(a.rotation, b.rotation, f)),
        ("the factor is measured from b", reference_blend(b, a, f).rotation),
        (
            "the rotation is not on slerp's arc (nlerp, or a plain lerp renormalised): use lab 05's slerp",
            a.rotation.lerp(b.rotation, f),
        ),
    ];
    check_quat(&format!("{what}: rotation"), got.rotation, want.rotation, &r)?;
    let angle = |q: Quat| q.angle_between(a.rotation);
    if (angle(got.rotation) - angle(want.rotation)).abs() > 2e-3 {
        return Err(format!("{what}: the rotation is not on slerp's arc (nlerp or a plain lerp?): use lab 05's slerp"));
    }
    check_vec3(
        &format!("{what}: scale"),
        got.scale,
        want.scale,
        &[("the weights do not sum to 1", a.scale + b.scale * f)],
    )
}

/// Slerp along the arc the stored quaternions span, `b` not flipped to
/// `a`'s hemisphere: the long way round when their dot is negative.
fn slerp_without_flip(a: Quat, b: Quat, f: f32) -> Quat {
    let angle = a.dot(b).clamp(-1.0, 1.0).acos();
    if angle.sin().abs() < 1e-4 {
        return a;
    }
    (a * ((1.0 - f) * angle).sin() + b * (f * angle).sin()) * (1.0 / angle.sin())
}

#[test]
fn step1_blend_transforms_is_exact_at_the_ends_and_short_between() {
    let a = transform([1.0, 2.0, 3.0], Vec3::new(1.0, 1.0, 0.0), 0.4, [1.0, 1.0, 1.0]);
    // b's quaternion is stored in the far hemisphere (negative dot with a): 160 degrees away.
    let b = Transform {
        rotation: -Quat::from_axis_angle(Vec3::Y, 2.8),
        ..transform([5.0, -2.0, 0.0], Vec3::Z, 0.0, [2.0, 0.5, 1.0])
    };
    assert!(a.rotation.dot(b.rotation) < 0.0);
    for f in [0.0, 0.25, 0.5, 0.9, 1.0] {
        check_blend(&a, &b, f, &blend_transforms(&a, &b, f)).or_fail();
    }
    check_eq("factor 0 gives a exactly", blend_transforms(&a, &b, 0.0).translation, a.translation).or_fail();
}

#[test]
fn step1_blend_poses_node_by_node() {
    let (skeleton, ..) = two_clips();
    let a = skeleton.rest_locals();
    let b: Vec<Transform> =
        a.iter().map(|t| Transform { rotation: t.rotation * Quat::from_rotation_x(0.7), ..*t }).collect();
    let got = blend_poses(&a, &b, 0.3);
    check_eq("one blended transform per node (the pose's length)", got.len(), a.len()).or_fail();
    for (n, g) in got.iter().enumerate() {
        check_blend(&a[n], &b[n], 0.3, g).map_err(|e| format!("node {n}: {e}")).or_fail();
    }
}

#[test]
fn grader_step1_names_sum_long_way_and_nlerp() {
    let a = transform([1.0, 2.0, 3.0], Vec3::X, 0.2, [1.0; 3]);
    let b = Transform {
        rotation: -Quat::from_axis_angle(Vec3::Y, 2.8),
        ..transform([4.0, 0.0, 0.0], Vec3::Z, 0.0, [1.0; 3])
    };
    let right = reference_blend(&a, &b, 0.25);
    let says = |got: Transform, text: &str| {
        let e = check_blend(&a, &b, 0.25, &got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(Transform { translation: a.translation + b.translation * 0.25, ..right }, "sum to 1");
    says(Transform { rotation: (a.rotation * 0.75 + b.rotation * 0.25).normalize(), ..right }, "long way");
    says(Transform { rotation: a.rotation.lerp(b.rotation, 0.25), ..right }, "slerp's arc");
}

// ---------------------------------------------------------------- step 2

#[test]
fn step2_blend_clips_equals_blending_the_whole_poses() {
    let (skeleton, clips) = two_clips();
    let rest = skeleton.rest_locals();
    for (ta, tb, f) in [(0.3, 1.1, 0.5), (0.0, 0.0, 0.0), (1.7, 0.2, 1.0), (0.9, 0.45, 0.8)] {
        let mut a = Playing::start(&clips, 0, Mode::Loop);
        let mut b = Playing::start(&clips, 1, Mode::Loop);
        (a.seconds, b.seconds) = (ta, tb);
        let got = blend_clips(&mut a, &mut b, &clips, &rest, f);
        rig::check_pose(&clips, &rest, (ta, tb), f, &got).or_fail();
    }
}

#[test]
fn step2_blend_clips_refuses_cursors_of_another_clip() {
    let (skeleton, clips) = two_clips();
    let rest = skeleton.rest_locals();
    let mut a = Playing::start(&clips, 0, Mode::Loop);
    let mut b = Playing::start(&clips, 1, Mode::Loop);
    b.cursors = ClipCursors::default();
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        blend_clips(&mut a, &mut b, &clips, &rest, 0.5);
    }));
    let message = run.err().map(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    });
    if let Some(m) = &message
        && m.contains("not yet implemented")
    {
        panic!("{m}");
    }
    let sample =
        std::panic::catch_unwind(|| Playing { cursors: ClipCursors::default(), ..b.clone() }.sample(&clips, &rest));
    assert!(sample.is_err(), "Playing::sample refuses cursors of another clip");
    assert!(
        message.as_deref().is_some_and(|m| m.contains("channel cursors for a clip of")),
        "blend_clips with clip b's cursors made for no channel: expected the stop Playing::sample makes (lab 04's \
         per-frame check, `channel cursors for a clip of ...`), got {message:?}: take each clip's ticks with the \
         given playing.ticks(clips, rest) (README, step 2, hint 3)"
    );
}

#[test]
fn grader_step2_names_the_channel_mistakes() {
    let (skeleton, clips) = two_clips();
    let rest = skeleton.rest_locals();
    let (pa, pb) = (pose_of(&clips[0], &rest, 0.3), pose_of(&clips[1], &rest, 1.1));
    let right: Vec<Transform> = pa.iter().zip(&pb).map(|(a, b)| reference_blend(a, b, 0.5)).collect();
    let mut full = right.clone();
    full[rig::ONLY_A] = pa[rig::ONLY_A];
    let e = rig::check_pose(&clips, &rest, (0.3, 1.1), 0.5, &full).unwrap_err();
    assert!(e.contains("only clip a animates"), "{e}");
    let mut identity = right.clone();
    identity[rig::NEITHER] = Transform::IDENTITY;
    assert!(rig::check_pose(&clips, &rest, (0.3, 1.1), 0.5, &identity).unwrap_err().contains("rest pose"));
}

// ---------------------------------------------------------------- step 3

fn fading(clips: &[common::model::Clip], elapsed: f64) -> Crossfade {
    let mut old = Playing::start(clips, 0, Mode::Loop);
    old.seconds = 0.3;
    let mut current = Playing::start(clips, 1, Mode::Loop);
    current.seconds = elapsed;
    Crossfade { current, fade: Some(Fade { from: Source::Clip(old), elapsed, duration: 0.5 }) }
}

#[test]
fn step3_the_weight_ramps_from_0_to_1() {
    weight_ramps(fade_weight);
}

/// Step 3's weight checks with `fade_weight` given, so that `grader_…` tests
/// can hand it a wrong one.
pub fn weight_ramps(fade_weight: fn(&Crossfade) -> f32) {
    let (_, clips) = two_clips();
    for (elapsed, want) in [(0.0, 0.0), (0.125, 0.25), (0.25, 0.5), (0.5, 1.0), (0.7, 1.0)] {
        let got = fade_weight(&fading(&clips, elapsed));
        assert!((got - want).abs() < 1e-6, "fade_weight {elapsed} s into a 0.5 s fade: expected {want}, got {got}");
    }
    let instant = Crossfade {
        fade: Some(Fade { duration: 0.0, elapsed: 0.0, ..fading(&clips, 0.0).fade.unwrap() }),
        ..fading(&clips, 0.0)
    };
    let got = fade_weight(&instant);
    assert!(got == 1.0, "a fade of no duration: expected weight 1, got {got}: it is over at once (never divide by 0)");
    check_eq("with no fade, the current clip weighs 1", fade_weight(&Crossfade::play(&clips, 0, Mode::Loop)), 1.0)
        .or_fail();
}

#[test]
fn step3_two_clocks_run_and_the_old_clip_is_dropped() {
    two_clocks(advance);
}

/// Step 3's clock checks with `advance` given.
pub fn two_clocks(advance: fn(&mut Crossfade, f64)) {
    let (_, clips) = two_clips();
    let mut cf = fading(&clips, 0.0);
    for frame in 1..=40 {
        advance(&mut cf, 1.0 / 60.0);
        let t = f64::from(frame) / 60.0;
        assert!(
            (cf.current.seconds - t).abs() < 1e-9,
            "the incoming clip's clock must run from 0: {t} s after the fade began it reads {}",
            cf.current.seconds
        );
        match &cf.fade {
            Some(Fade { from: Source::Clip(old), elapsed, .. }) => {
                assert!(
                    t < 0.5 + 1e-9,
                    "the fade is 0.5 s long: at {t} s it must be over and the old clip dropped \
                     (kept forever, it is sampled every frame at weight 0)"
                );
                assert!((elapsed - t).abs() < 1e-9, "the fade's elapsed time must follow dt");
                assert!(
                    (old.seconds - (0.3 + t)).abs() < 1e-9,
                    "the outgoing clip froze (one shared clock?): it keeps its own clock, {} s, during the fade; it reads {}",
                    0.3 + t,
                    old.seconds
                );
            }
            Some(_) => panic!("advance replaced the fading clip with a frozen pose"),
            None => assert!(t >= 0.5 - 1e-9, "the fade ended early, at {t} s of 0.5 s"),
        }
    }
    assert!(cf.fade.is_none(), "the old clip was kept forever: when the fade is over, drop it");
    last_frame(advance, &clips);
}

/// The last frame of a fade: eighth-second frames (exact in f64) through a
/// 0.5 s fade; the fade is still on at 0.375 s and over at 0.5 s.
fn last_frame(advance: fn(&mut Crossfade, f64), clips: &[common::model::Clip]) {
    let mut cf = fading(clips, 0.0);
    for frame in 1..=4 {
        advance(&mut cf, 0.125);
        let t = f64::from(frame) * 0.125;
        match (&cf.fade, frame) {
            (None, 1..=3) => panic!(
                "the fade ended early, at {t} s of 0.5 s, one frame before its end: a fade is over when its \
                 elapsed time has reached its duration (elapsed, not elapsed + dt)"
            ),
            (Some(fade), 4) => panic!(
                "the fade is 0.5 s long: at {t} s (elapsed {}) its elapsed time has reached its duration; it must \
                 be over and the old clip dropped",
                fade.elapsed
            ),
            _ => {}
        }
    }
}

#[test]
fn step3_crossfade_pose_blends_by_the_weight() {
    let (skeleton, clips) = two_clips();
    let rest = skeleton.rest_locals();
    let mut cf = fading(&clips, 0.125);
    let got = crossfade_pose(&mut cf, &clips, &rest);
    rig::check_pose(&clips, &rest, (0.3, 0.125), 0.25, &got).map_err(|e| format!("crossfade_pose: {e}")).or_fail();
    let frozen: Vec<Transform> =
        rest.iter().map(|t| Transform { translation: t.translation + Vec3::Y, ..*t }).collect();
    cf.fade.as_mut().unwrap().from = Source::Frozen(frozen.clone());
    let got = crossfade_pose(&mut cf, &clips, &rest);
    let current = pose_of(&clips[1], &rest, 0.125);
    for (n, g) in got.iter().enumerate() {
        check_blend(&frozen[n], &current[n], 0.25, g)
            .map_err(|e| format!("from a frozen pose, node {n}: {e}"))
            .or_fail();
    }
    let mut alone = Crossfade::play(&clips, 1, Mode::Loop);
    alone.current.seconds = 0.4;
    let got = crossfade_pose(&mut alone, &clips, &rest);
    rig::check_pose(&clips, &rest, (0.0, 0.4), 1.0, &got).map_err(|e| format!("no fade: {e}")).or_fail();
}
