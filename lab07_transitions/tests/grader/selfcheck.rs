//! `grader_…` self-checks for the mistakes the handout names under "Common
//! mistakes" (steps 3, 4 and 6): each hands a step's checks a hand-made
//! wrong function and asserts that they fail with the handout's words.

use common::model::{Clip, Skeleton, Transform};
use lab07_transitions::*;

/// The panic message of `check`, which must fail.
fn message_of(check: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(check).expect_err("a wrong answer passed the grader");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or(payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

fn says(check: impl FnOnce() + std::panic::UnwindSafe, words: &str) {
    let e = message_of(check);
    assert!(e.contains(words), "expected `{words}` in:\n{e}");
}

fn nan_for_no_duration(cf: &Crossfade) -> f32 {
    match &cf.fade {
        Some(fade) => (fade.elapsed / fade.duration).clamp(0.0, 1.0) as f32, // NaN for 0 / 0
        None => 1.0,
    }
}

#[test]
fn grader_step3_names_a_zero_duration_fade() {
    says(|| crate::weight_ramps(nan_for_no_duration), "never divide by 0");
    crate::weight_ramps(solution::fade_weight);
}

fn shared_clock(cf: &mut Crossfade, dt: f64) {
    let old = match &cf.fade {
        Some(Fade { from: Source::Clip(old), .. }) => Some(old.seconds),
        _ => None,
    };
    solution::advance(cf, dt);
    if let (Some(seconds), Some(Fade { from: Source::Clip(old), .. })) = (old, &mut cf.fade) {
        old.seconds = seconds; // the outgoing clip's clock stands still
    }
}

fn kept_forever(cf: &mut Crossfade, dt: f64) {
    cf.current.seconds += dt;
    if let Some(fade) = &mut cf.fade {
        if let Source::Clip(old) = &mut fade.from {
            old.seconds += dt;
        }
        fade.elapsed += dt; // and never dropped
    }
}

fn dropped_early(cf: &mut Crossfade, dt: f64) {
    solution::advance(cf, dt);
    if cf.fade.as_ref().is_some_and(|f| f.elapsed * 2.0 >= f.duration) {
        cf.fade = None;
    }
}

fn a_frame_early(cf: &mut Crossfade, dt: f64) {
    cf.current.seconds += dt;
    if let Some(fade) = &mut cf.fade {
        if let Source::Clip(old) = &mut fade.from {
            old.seconds += dt;
        }
        fade.elapsed += dt;
        if fade.elapsed + dt >= fade.duration {
            cf.fade = None; // over one frame before its end
        }
    }
}

fn a_frame_late(cf: &mut Crossfade, dt: f64) {
    cf.current.seconds += dt;
    if let Some(fade) = &mut cf.fade {
        if let Source::Clip(old) = &mut fade.from {
            old.seconds += dt;
        }
        fade.elapsed += dt;
        if fade.elapsed > fade.duration {
            cf.fade = None; // one frame at weight 1 too many
        }
    }
}

#[test]
fn grader_step3_names_a_frozen_clock_and_a_fade_kept_or_dropped() {
    says(|| crate::two_clocks(shared_clock), "the outgoing clip froze");
    says(|| crate::two_clocks(kept_forever), "must be over and the old clip dropped");
    says(|| crate::two_clocks(dropped_early), "the fade ended early");
    says(|| crate::two_clocks(a_frame_early), "one frame before its end");
    says(|| crate::two_clocks(a_frame_late), "has reached its duration");
    crate::two_clocks(solution::advance);
}

fn restarts(cf: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, d: f64) {
    solution::fade_to(cf, clips, rest, clip, mode, d);
    cf.current = Playing::start(clips, clip, mode);
}

#[test]
fn grader_step4_names_a_clip_that_restarts_when_faded_back() {
    says(|| crate::fades::fading_back(restarts), "not restart");
    crate::fades::fading_back(solution::fade_to);
}

fn leaks_to_parent(skeleton: &Skeleton, root: usize) -> Vec<bool> {
    let mut mask = solution::subtree_mask(skeleton, root);
    if let Some(parent) = skeleton.nodes[root].parent {
        mask[parent] = true;
    }
    mask
}

#[test]
fn grader_step6_names_a_leaking_mask() {
    says(|| crate::fades::mask_covers(leaks_to_parent), "the mask leaks");
    crate::fades::mask_covers(solution::subtree_mask);
}

fn asking_again_restarts(cf: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, d: f64) {
    if cf.current.clip == clip {
        cf.fade = Some(Fade { from: Source::Clip(cf.current.clone()), elapsed: 0.0, duration: d });
        return;
    }
    solution::fade_to(cf, clips, rest, clip, mode, d);
}

fn pops(cf: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, d: f64) {
    let playing = cf.current.clone();
    solution::fade_to(cf, clips, rest, clip, mode, d);
    if let Some(fade) = &mut cf.fade {
        fade.from = Source::Clip(playing); // from the clip that was fading in, not the pose on screen
    }
}

#[test]
fn grader_step4_names_asking_again_and_a_pop() {
    says(|| crate::fades::fade_starts(asking_again_restarts), "must change nothing");
    crate::fades::fade_starts(solution::fade_to);
    says(|| crate::fades::interruption(pops, solution::crossfade_pose, solution::advance), "(a pop)");
    // (the reference passes it: the step test runs it on `--features solution`)
}

fn mean_cycle(a: f64, b: f64, _: f32) -> f64 {
    (a + b) / 2.0
}

fn unwrapped(phase: f64, dt: f64, a: f64, b: f64, w: f32) -> f64 {
    phase + dt / solution::cycle_seconds(a, b, w)
}

fn nan_for_no_cycle(phase: f64, dt: f64, a: f64, b: f64, w: f32) -> f64 {
    (phase + dt / solution::cycle_seconds(a, b, w)).rem_euclid(1.0)
}

fn sign_keeping_remainder(phase: f64, dt: f64, a: f64, b: f64, w: f32) -> f64 {
    let cycle = solution::cycle_seconds(a, b, w);
    if cycle <= 0.0 { phase } else { (phase + dt / cycle) % 1.0 }
}

fn floored_without_guard(phase: f64, dt: f64, a: f64, b: f64, w: f32) -> f64 {
    let cycle = solution::cycle_seconds(a, b, w);
    if cycle <= 0.0 { phase } else { (phase + dt / cycle).rem_euclid(1.0) }
}

#[test]
fn grader_step5_names_the_cycle_and_phase_mistakes() {
    says(|| crate::fades::cycle_and_phase(mean_cycle, solution::advance_phase), "in proportion to the weight");
    says(|| crate::fades::cycle_and_phase(solution::cycle_seconds, unwrapped), "wraps into [0, 1)");
    says(|| crate::fades::cycle_and_phase(solution::cycle_seconds, nan_for_no_cycle), "never NaN");
    says(|| crate::fades::cycle_and_phase(solution::cycle_seconds, sign_keeping_remainder), "keeps the sign");
    says(|| crate::fades::cycle_and_phase(solution::cycle_seconds, floored_without_guard), "rounds up to exactly 1.0");
    crate::fades::cycle_and_phase(solution::cycle_seconds, solution::advance_phase);
}

fn delta_wrong_order(reference: &Transform, pose: &Transform) -> Transform {
    Transform {
        rotation: (pose.rotation * reference.rotation.inverse()).normalize(),
        ..solution::additive_delta(reference, pose)
    }
}

fn divides_by_zero_scale(reference: &Transform, pose: &Transform) -> Transform {
    Transform { scale: pose.scale / reference.scale, ..solution::additive_delta(reference, pose) }
}

#[test]
fn grader_step6_names_the_delta_mistakes() {
    says(|| crate::fades::delta_and_layer(delta_wrong_order, solution::add_layer), "wrong order");
    says(|| crate::fades::delta_and_layer(divides_by_zero_scale, solution::add_layer), "never divide by 0");
    crate::fades::delta_and_layer(solution::additive_delta, solution::add_layer);
}
