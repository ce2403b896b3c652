//! Steps 4-6: interrupted fades, sync by phase, additive layers and masks.

use common::grade::{Verdict, check_quat, check_vec3};
use common::model::{Clip, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab07_transitions::*;

use crate::rig::{pose_of, reference_blend, two_clips};

fn character() -> (Skeleton, Vec<Clip>, Vec<Transform>) {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    (model.skeleton, model.clips, rest)
}

fn joints(skeleton: &Skeleton, pose: &[Transform]) -> Vec<Vec3> {
    world_matrices(skeleton, pose).iter().map(|m| m.w_axis.truncate()).collect()
}

/// The largest distance any joint moves between two consecutive poses.
fn max_step(skeleton: &Skeleton, poses: &[Vec<Transform>]) -> (f32, usize) {
    let mut worst = (0.0f32, 0);
    for (i, pair) in poses.windows(2).enumerate() {
        let (a, b) = (joints(skeleton, &pair[0]), joints(skeleton, &pair[1]));
        let step = a.iter().zip(&b).map(|(p, q)| p.distance(*q)).fold(0.0, f32::max);
        if step > worst.0 {
            worst = (step, i + 1);
        }
    }
    worst
}

/// The fastest any joint moves in one 60 Hz frame when `clip` plays alone.
fn fastest_alone(skeleton: &Skeleton, clips: &[Clip], rest: &[Transform], clip: usize) -> f32 {
    let poses: Vec<_> = (0..240).map(|i| pose_of(&clips[clip], rest, f64::from(i) / 60.0)).collect();
    max_step(skeleton, &poses).0
}

#[test]
fn step4_fade_to_starts_a_fade_from_the_clip_playing() {
    fade_starts(fade_to);
}

/// Step 4's start-of-fade checks with `fade_to` given.
pub fn fade_starts(fade_to: crate::named::FadeTo) {
    let (_, clips, rest) = character();
    let mut cf = Crossfade::play(&clips, 1, Mode::Loop);
    cf.current.seconds = 0.4;
    fade_to(&mut cf, &clips, &rest, 2, Mode::Loop, 0.3);
    assert!(
        cf.current.clip == 2,
        "expected clip 2 as `current`, got clip {}: the new clip becomes `current`",
        cf.current.clip
    );
    assert!(
        cf.current.seconds == 0.0,
        "expected the new clip at 0 s, got {} s: a clip that was not playing starts from its beginning",
        cf.current.seconds
    );
    match &cf.fade {
        Some(Fade { from: Source::Clip(old), elapsed, duration }) => {
            let got = (old.clip, old.seconds);
            assert!(
                got == (1, 0.4),
                "expected the fade from (clip 1, 0.4 s), got {got:?}: the fade starts from the clip that was \
                 playing, at its time"
            );
            let got = (*elapsed, *duration);
            assert!(got == (0.0, 0.3), "expected (elapsed, duration) (0, 0.3), got {got:?}: a new fade starts at 0");
        }
        other => panic!("with no fade in progress, fade from the playing clip (Source::Clip); got {other:?}"),
    }
    let before = cf.clone();
    fade_to(&mut cf, &clips, &rest, 2, Mode::Loop, 0.3);
    assert!(
        cf == before,
        "fade_to(the clip already fading in): expected no change, got a new fade (elapsed {:?}): fading to the clip \
         already fading in must change nothing",
        cf.fade.as_ref().map(|f| f.elapsed)
    );
}

#[test]
fn step4_an_interruption_starts_from_the_pose_on_screen() {
    interruption(fade_to, crossfade_pose, advance);
}

type PoseOnScreen = fn(&mut Crossfade, &[Clip], &[Transform]) -> Vec<Transform>;

/// Step 4's interruption checks with the three functions given.
pub fn interruption(fade_to: crate::named::FadeTo, crossfade_pose: PoseOnScreen, advance: fn(&mut Crossfade, f64)) {
    let (skeleton, clips, rest) = character();
    let mut cf = Crossfade::play(&clips, 1, Mode::Loop); // walk
    let mut poses = Vec::new();
    let mut jump = None;
    for frame in 0..150 {
        if frame == 20 {
            fade_to(&mut cf, &clips, &rest, 2, Mode::Loop, 0.5); // run
        }
        if frame == 40 {
            let before = crossfade_pose(&mut cf.clone(), &clips, &rest);
            fade_to(&mut cf, &clips, &rest, 3, Mode::Once, 0.5); // wave, mid-fade
            let got = (cf.current.clip, cf.current.seconds);
            assert!(
                got == (3, 0.0),
                "fade_to(wave) mid-fade: expected (clip 3, 0 s) as `current`, got {got:?}: the wave, from its \
                 start, becomes `current`"
            );
            let after = crossfade_pose(&mut cf.clone(), &clips, &rest);
            let (b, a) = (joints(&skeleton, &before), joints(&skeleton, &after));
            jump = Some(b.iter().zip(&a).map(|(p, q)| p.distance(*q)).fold(0.0, f32::max));
        }
        poses.push(crossfade_pose(&mut cf, &clips, &rest));
        advance(&mut cf, 1.0 / 60.0);
    }
    let jump = jump.unwrap();
    assert!(
        jump < 1e-5,
        "fade_to in the middle of a fade made the pose jump by {jump} m at that instant (a pop): start the new fade from the pose on screen, frozen (Source::Frozen)"
    );
    let limit = [1, 2, 3].map(|c| fastest_alone(&skeleton, &clips, &rest, c)).into_iter().fold(0.0, f32::max);
    let (step, frame) = max_step(&skeleton, &poses);
    assert!(
        step <= limit * 1.05,
        "frame {frame}: a joint moved {step} m in one frame, more than the fastest clip alone moves ({limit} m): a pop"
    );
}

#[test]
fn step4_fading_back_resumes_the_clip_on_its_own_clock() {
    fading_back(fade_to);
}

/// Step 4's fade-back checks with `fade_to` given.
pub fn fading_back(fade_to: crate::named::FadeTo) {
    let (_, clips, rest) = character();
    let mut cf = Crossfade::play(&clips, 1, Mode::Loop);
    for _ in 0..30 {
        solution::advance(&mut cf, 1.0 / 60.0); // step 3 is checked on its own
    }
    fade_to(&mut cf, &clips, &rest, 2, Mode::Loop, 0.6);
    for _ in 0..12 {
        solution::advance(&mut cf, 1.0 / 60.0);
    }
    fade_to(&mut cf, &clips, &rest, 1, Mode::Loop, 0.6); // back to walk, which is still fading out
    assert!(cf.current.clip == 1, "fading back to walk: expected clip 1 as `current`, got {}", cf.current.clip);
    assert!(
        (cf.current.seconds - 42.0 / 60.0).abs() < 1e-9,
        "walk was fading out at {} s of its own clock: fading back must continue from there, not restart (got {} s)",
        42.0 / 60.0,
        cf.current.seconds
    );
    assert!(
        matches!(cf.fade, Some(Fade { from: Source::Frozen(_), .. })),
        "during a fade, the new fade starts from the pose on screen (Source::Frozen)"
    );
}

#[test]
fn step5_cycle_length_and_phase() {
    cycle_and_phase(cycle_seconds, advance_phase);
}

/// Step 5's clock checks with the two functions given.
pub fn cycle_and_phase(cycle_seconds: fn(f64, f64, f32) -> f64, advance_phase: fn(f64, f64, f64, f64, f32) -> f64) {
    for (w, want) in [(0.0f32, 1.0), (1.0, 2.0 / 3.0), (0.5, 5.0 / 6.0)] {
        let got = cycle_seconds(1.0, 2.0 / 3.0, w);
        assert!(
            (got - want).abs() < 1e-9,
            "cycle_seconds(1, 0.667, {w}): expected {want}, got {got}: the length in between, in proportion to the weight"
        );
    }
    let got = advance_phase(0.9, 0.25, 1.0, 0.5, 0.5);
    assert!(
        (got - (0.9f64 + 0.25 / 0.75).rem_euclid(1.0)).abs() < 1e-9,
        "advance_phase(0.9, 0.25 s, 1 s, 0.5 s, 0.5): the cycle is 0.75 s; the phase wraps into [0, 1); got {got}"
    );
    let got = advance_phase(0.3, 0.1, 0.0, 0.0, 0.5);
    assert!(got == 0.3, "a cycle of no length: expected the phase 0.3, got {got}: it stays as it is (never NaN)");
    phase_edges(advance_phase);
}

/// The phase stays in `[0, 1)` for any `dt`: none, backwards, a sum landing
/// exactly on a cycle's end and a sum a hair below 0 (a 1 s cycle, lengths
/// 1 s and 0.5 s at weight 0, so every sum here is exact).
fn phase_edges(advance_phase: fn(f64, f64, f64, f64, f32) -> f64) {
    let at = |phase: f64, dt: f64| advance_phase(phase, dt, 1.0, 0.5, 0.0);
    for phase in [0.0, 0.25, 0.75] {
        let got = at(phase, 0.0);
        assert!(
            got == phase,
            "advance_phase({phase}, dt 0 s, a 1 s cycle): no time passed, expected {phase}, got {got}"
        );
    }
    let got = at(0.75, 0.25);
    assert!(
        got == 0.0,
        "advance_phase(0.75, 0.25 s, a 1 s cycle): the sum lands exactly on the cycle's end; wrapped into [0, 1) it \
         is 0.0 (a new cycle), got {got}"
    );
    for (phase, dt, want) in [(0.125, -0.25, 0.875), (0.5, -2.25, 0.25), (0.25, -0.25, 0.0)] {
        let got = at(phase, dt);
        assert!(
            (0.0..1.0).contains(&got) && (got - want).abs() < 1e-9,
            "advance_phase({phase}, {dt} s, a 1 s cycle), scrubbing backwards: expected {want}, got {got}: the phase \
             is wrapped into [0, 1) for any dt, a negative one too (`%` keeps the sign of the sum; rem_euclid, as \
             lab 04 wraps ticks, does not)"
        );
    }
    let got = at(0.0, -1e-20);
    assert!(
        (0.0..1.0).contains(&got) && got.min(1.0 - got) < 1e-9,
        "advance_phase(0, -1e-20 s, a 1 s cycle): expected 0 (or just under 1), got {got}: the phase is wrapped into \
         [0, 1), and a tiny negative sum wrapped by rem_euclid rounds up to exactly 1.0 (1 - 1e-20 is 1 in f64): \
         a phase of 1.0 is the next cycle's 0.0"
    );
}

#[test]
fn step5_synced_pose_samples_both_clips_at_one_phase() {
    let (skeleton, clips) = two_clips();
    let rest = skeleton.rest_locals();
    for (phase, w) in [(0.25, 0.5), (0.6, 0.2), (0.0, 1.0)] {
        let mut a = Playing::start(&clips, 0, Mode::Loop);
        let mut b = Playing::start(&clips, 1, Mode::Loop);
        let got = synced_pose(&mut a, &mut b, &clips, &rest, phase, w);
        let (ta, tb) = (phase * 2.0, phase * 16.0 / 24.0);
        if let Err(e) = crate::rig::check_pose(&clips, &rest, (ta, tb), w, &got) {
            let by_time = crate::rig::check_pose(&clips, &rest, (ta, ta), w, &got).is_ok();
            let hint = if by_time {
                "both clips were sampled at the same time in seconds: sync by phase, each at phase * its own length\n"
            } else {
                ""
            };
            panic!("synced_pose at phase {phase}: {hint}{e}");
        }
    }
}

#[test]
fn step6_an_additive_delta_puts_the_pose_back() {
    delta_and_layer(additive_delta, add_layer);
}

type Layer = fn(&Transform, &Transform, f32) -> Transform;

/// Step 6's additive checks with the two functions given.
pub fn delta_and_layer(additive_delta: fn(&Transform, &Transform) -> Transform, add_layer: Layer) {
    let reference = Transform {
        translation: Vec3::new(0.0, 1.0, 0.0),
        rotation: Quat::from_rotation_z(0.8),
        scale: Vec3::new(1.0, 2.0, 1.0),
    };
    let pose = Transform {
        translation: Vec3::new(0.5, 1.2, 0.0),
        rotation: Quat::from_rotation_z(0.8) * Quat::from_rotation_x(0.6),
        scale: Vec3::new(1.5, 2.0, 0.5),
    };
    let delta = additive_delta(&reference, &pose);
    let wrong_order = (pose.rotation * reference.rotation.inverse()).normalize();
    check_quat(
        "additive_delta: rotation",
        delta.rotation,
        Quat::from_rotation_x(0.6),
        &[(
            "the delta was taken in the wrong order (pose * reference^-1): it acts on the right, reference^-1 * pose",
            wrong_order,
        )],
    )
    .or_fail();
    check_vec3("additive_delta: translation", delta.translation, Vec3::new(0.5, 0.2, 0.0), &[]).or_fail();
    check_vec3("additive_delta: scale", delta.scale, Vec3::new(1.5, 1.0, 0.5), &[]).or_fail();
    let back = add_layer(&reference, &delta, 1.0);
    check_quat("add_layer(reference, delta, 1): rotation", back.rotation, pose.rotation, &[]).or_fail();
    check_vec3("add_layer(reference, delta, 1): translation", back.translation, pose.translation, &[]).or_fail();
    check_vec3("add_layer(reference, delta, 1): scale", back.scale, pose.scale, &[]).or_fail();
    let none = add_layer(&pose, &delta, 0.0);
    check_quat("add_layer(base, delta, 0): weight 0 changes nothing", none.rotation, pose.rotation, &[]).or_fail();
    check_vec3("add_layer(base, delta, 0): weight 0 changes nothing", none.translation, pose.translation, &[])
        .or_fail();
    check_vec3("add_layer(base, delta, 0): weight 0 changes nothing", none.scale, pose.scale, &[]).or_fail();
    let half = add_layer(&reference, &delta, 0.5);
    check_vec3("add_layer(.., 0.5): half the delta's move", half.translation, Vec3::new(0.25, 1.1, 0.0), &[]).or_fail();
    check_vec3("add_layer(.., 0.5): the scale half way", half.scale, Vec3::new(1.25, 2.0, 0.75), &[]).or_fail();
    check_quat(
        "add_layer(.., 0.5): half the delta's turn",
        half.rotation,
        reference.rotation * Quat::from_rotation_x(0.3),
        &[],
    )
    .or_fail();
    let zero = Transform { scale: Vec3::ZERO, ..reference };
    assert!(additive_delta(&zero, &pose).scale.is_finite(), "a zero reference scale counts as 1: never divide by 0");
}

#[test]
fn step6_the_mask_covers_the_subtree_and_nothing_above() {
    mask_covers(subtree_mask);
    let (skeleton, clips, rest) = character();
    let chest = skeleton.find("chest").unwrap();
    let mask = subtree_mask(&skeleton, chest);
    let (walk, wave) = (pose_of(&clips[1], &rest, 0.3), pose_of(&clips[3], &rest, 1.2));
    let got = masked_blend(&walk, &wave, &mask, 0.75);
    for n in 0..rest.len() {
        let want = if mask[n] { reference_blend(&walk[n], &wave[n], 0.75) } else { walk[n] };
        check_quat(&format!("masked_blend: node `{}`", skeleton.nodes[n].name), got[n].rotation, want.rotation, &[])
            .or_fail();
        check_vec3(
            &format!("masked_blend: node `{}`", skeleton.nodes[n].name),
            got[n].translation,
            want.translation,
            &[],
        )
        .or_fail();
    }
}

/// Step 6's mask checks with `subtree_mask` given.
pub fn mask_covers(subtree_mask: fn(&Skeleton, usize) -> Vec<bool>) {
    let (skeleton, ..) = character();
    let chest = skeleton.find("chest").unwrap();
    let mask = subtree_mask(&skeleton, chest);
    for (n, node) in skeleton.nodes.iter().enumerate() {
        let mut inside = n == chest;
        let mut at = node.parent;
        while let Some(p) = at {
            inside |= p == chest;
            at = skeleton.nodes[p].parent;
        }
        let leak = if !inside && mask.get(n) == Some(&true) {
            " (the mask leaks to a parent or a sibling: only the root and its descendants)"
        } else {
            ""
        };
        let got = mask.get(n).copied();
        assert!(
            got == Some(inside),
            "subtree_mask under `chest`: node `{}`: expected {:?}, got {got:?}{leak}",
            node.name,
            Some(inside)
        );
    }
}
