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

#[test]
fn grader_step3_names_a_frozen_clock_and_a_fade_kept_or_dropped() {
    says(|| crate::two_clocks(shared_clock), "the outgoing clip froze");
    says(|| crate::two_clocks(kept_forever), "must be over and the old clip dropped");
    says(|| crate::two_clocks(dropped_early), "the fade ended early");
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
