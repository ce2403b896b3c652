//! The fast sampler (`lab04_keyframes::fast`, going further) against the
//! reference, on every kernel this machine can run: the built-in
//! character's clips and every real file the course tests with.
//!
//! The bound (FURTHER.md): nlerp instead of slerp turns a
//! rotation by at most `nlerp_error(theta)` away from the reference, where
//! `theta` is the largest angle between two neighbouring keys of the clip;
//! on top of that, float rounding (`ROUNDING`).

use common::model::{Clip, Model, Transform};
use glam::Quat;
use lab04_keyframes::fast::bound::{largest_key_angle, nlerp_error_bound as nlerp_error, rotation_angle as angle};
use lab04_keyframes::fast::{FastClip, FastCursor, FastPose, Kernel, sample_fast_on};
use lab04_keyframes::given::{ClipCursors, Mode};
use lab04_keyframes::solution;

/// Radians of rotation that `f32` rounding may add (the reference's own
/// slerp and the kernel's estimate of 1/sqrt both round).
const ROUNDING: f64 = 2e-6;

/// The ticks to test: 60 Hz forward over two loops or 10 s (cursors crossing
/// the wrap), every key time exactly, and random seeks.
fn test_ticks(clip: &Clip) -> Vec<f64> {
    // Up to 10 s of frames, the loop's wrap in the middle (long clips start 5 s before their end).
    let start = (clip.duration_seconds() - 5.0).max(0.0);
    let frames = ((clip.duration_seconds() * 120.0).ceil() as usize + 2).min(600);
    let mut ticks: Vec<f64> =
        (0..frames).map(|i| solution::clip_ticks(start + i as f64 / 60.0, clip, Mode::Loop)).collect();
    for ch in &clip.channels {
        ticks.extend(ch.positions.iter().map(|k| k.time_ticks));
        ticks.extend(ch.rotations.iter().map(|k| k.time_ticks));
        ticks.extend(ch.scales.iter().map(|k| k.time_ticks));
    }
    // Each key time once (tracks share them), at most 2,000 of them spread over the clip.
    let mut keys = ticks.split_off(frames);
    keys.sort_by(f64::total_cmp);
    keys.dedup();
    let step = keys.len().div_ceil(2000).max(1);
    ticks.extend(keys.into_iter().step_by(step));
    let mut rng = common::grade::SplitMix64(23);
    ticks.extend((0..200).map(|_| rng.range_f64(-0.1, 1.1) * clip.duration_ticks));
    ticks
}

/// Worst (rotation radians, translation/scale error relative to the
/// value's size) of the fast path on `clip` against the reference, on every
/// kernel; panics past the bound.
fn agree(name: &str, clip: &Clip, rest: &[Transform]) -> (f64, f64, f64) {
    let fast = FastClip::new(clip, rest).unwrap_or_else(|e| panic!("{name}: FastClip::new: {e}"));
    let theta = largest_key_angle([clip]);
    let bound = nlerp_error(theta) + ROUNDING;
    let (mut worst_angle, mut worst_rel) = (0.0f64, 0.0f64);
    for kernel in Kernel::available() {
        let (mut cursor, mut pose, mut cursors) =
            (FastCursor::default(), FastPose::default(), ClipCursors::for_clip(clip));
        for t in test_ticks(clip) {
            sample_fast_on(kernel, &fast, t, &mut cursor, &mut pose).expect("finite ticks");
            let want = solution::sample_clip(clip, rest, t, &mut cursors, Quat::slerp);
            for (node, w) in want.iter().enumerate() {
                let got = pose.transform(node);
                let a = angle(got.rotation, w.rotation);
                let rel = |g: glam::Vec3, w: glam::Vec3| {
                    f64::from((g - w).abs().max_element() / (1.0 + w.abs().max_element()))
                };
                let r = rel(got.translation, w.translation).max(rel(got.scale, w.scale));
                let unit = (got.rotation.length() - 1.0).abs();
                assert!(
                    a <= bound && r <= 1e-5 && unit < 1e-5,
                    "{name}, kernel {}, tick {t}, node {node}: expected {w:?} (reference), got {got:?}: rotation off \
                     by {a:.3e} rad (bound {bound:.3e} for keys up to {theta:.4} rad apart), translation/scale off by \
                     {r:.2e} of their size, |q| - 1 = {unit:.1e}",
                    kernel.name()
                );
                worst_angle = worst_angle.max(a);
                worst_rel = worst_rel.max(r);
            }
        }
    }
    println!(
        "{name}: largest key-to-key angle {theta:.4} rad ({:.2} deg), bound {bound:.3e} rad, worst measured \
         {worst_angle:.3e} rad; translation/scale worst {worst_rel:.1e} of their size; {} bytes of blocks",
        theta.to_degrees(),
        fast.bytes()
    );
    (theta, bound, worst_angle)
}

#[test]
fn given_fast_nlerp_bound_matches_its_series() {
    // theta^3 / (144 sqrt 3) for small angles (FURTHER.md); the exact maximum is a little below.
    for deg in [1.0f64, 5.0, 15.0, 30.0, 60.0] {
        let theta = deg.to_radians();
        let (exact, series) = (nlerp_error(theta), theta.powi(3) / (144.0 * 3f64.sqrt()));
        assert!((exact - series).abs() <= 0.05 * series, "{deg} deg: expected about {series:.3e}, got {exact:.3e}");
    }
}

fn agree_model(name: &str, model: &Model) {
    let rest = model.skeleton.rest_locals();
    for clip in &model.clips {
        let (theta, bound, worst) = agree(&format!("{name}, clip `{}`", clip.name), clip, &rest);
        // The bound is not loose by orders of magnitude where nlerp matters.
        if nlerp_error(theta) > 10.0 * ROUNDING {
            assert!(worst > 0.05 * bound, "{name}: worst {worst:.2e} far below the bound {bound:.2e}");
        }
    }
}

#[test]
fn given_fast_matches_the_reference_on_the_character() {
    agree_model("the built-in character", &common::character::build());
}

#[test]
#[cfg(feature = "assimp")]
fn given_fast_matches_the_reference_on_real_files() {
    for file in common::grade::RIGGED_TEST_FILES {
        let Some(path) = common::grade::test_model(file) else { continue };
        let (model, _) = common::load::model(Some(std::path::Path::new(&path))).expect("the loader reads it");
        agree_model(file, &model);
    }
}

#[test]
fn given_fast_refuses_what_the_reference_refuses() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let mut clip = model.clips[1].clone();
    clip.channels[0].node = rest.len();
    let err = FastClip::new(&clip, &rest).err().expect("a channel past the skeleton");
    assert!(err.to_string().contains("skeleton has"), "expected the reference's message, got: {err}");
    let fast = FastClip::new(&model.clips[1], &rest).unwrap();
    let got = sample_fast_on(Kernel::best(), &fast, f64::NAN, &mut FastCursor::default(), &mut FastPose::default());
    assert!(got.is_err(), "expected an error for a NaN time, got Ok");
}
