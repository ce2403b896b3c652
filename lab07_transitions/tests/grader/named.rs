//! Mistakes that give the right picture for a while: a clip fading in that
//! starts with the outgoing clip's cursors (right poses as long as lab 04's
//! cursor rewinds, wrong work and a panic when the clips' channels differ),
//! and an additive layer whose scale is added instead of multiplied (right
//! whenever the base scale is 1).

use common::grade::{Verdict, check_vec3};
use common::model::{Clip, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::given::ClipCursors;
use lab07_transitions::*;

pub type FadeTo = fn(&mut Crossfade, &[Clip], &[Transform], usize, Mode, f64);
type AddLayer = fn(&Transform, &Transform, f32) -> Transform;

/// Walk plays a second (its cursors move on), then fades to run: run must
/// start as `Playing::start` makes it, with fresh cursors of its own.
fn check_fresh_cursors(fade_to: FadeTo) -> Result<(), String> {
    let model = common::character::build();
    let (clips, rest) = (&model.clips, model.skeleton.rest_locals());
    let mut cf = Crossfade::play(clips, 1, Mode::Loop);
    for _ in 0..60 {
        solution::crossfade_pose(&mut cf, clips, &rest);
        solution::advance(&mut cf, 1.0 / 60.0);
    }
    let outgoing = cf.current.cursors.clone();
    assert_ne!(outgoing, ClipCursors::for_clip(&clips[1]), "the fixture: walk's cursors have moved on");
    fade_to(&mut cf, clips, &rest, 2, Mode::Loop, 0.3);
    let fresh = ClipCursors::for_clip(&clips[2]);
    if cf.current.cursors == fresh {
        return Ok(());
    }
    let hint = if cf.current.cursors == outgoing {
        "the clip fading in starts with the outgoing clip's cursors: they belong to walk's keys; start the new clip \
         with its own, fresh ones (Playing::start)"
    } else {
        "a clip that was not playing starts from its beginning with fresh cursors (Playing::start)"
    };
    Err(format!(
        "fade_to(run) after a second of walk: expected run's cursors at their first keys, got {:?}...: {hint}",
        &cf.current.cursors.channels[..2.min(cf.current.cursors.channels.len())]
    ))
}

#[test]
fn step4_the_clip_fading_in_starts_with_its_own_cursors() {
    check_fresh_cursors(fade_to).or_fail();
}

fn takes_the_outgoing_cursors(cf: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, d: f64) {
    let cursors = cf.current.cursors.clone();
    solution::fade_to(cf, clips, rest, clip, mode, d);
    cf.current.cursors = cursors;
}

#[test]
fn grader_step4_names_the_outgoing_clips_cursors() {
    let e = check_fresh_cursors(takes_the_outgoing_cursors).unwrap_err();
    assert!(e.contains("outgoing clip's cursors"), "{e}");
    check_fresh_cursors(solution::fade_to).or_fail();
}

/// A base whose scale is not 1: there adding and multiplying differ.
fn check_layer_scale(add_layer: AddLayer) -> Result<(), String> {
    let base = Transform { translation: Vec3::ZERO, rotation: Quat::IDENTITY, scale: Vec3::new(2.0, 3.0, 0.5) };
    let delta = Transform { translation: Vec3::ZERO, rotation: Quat::IDENTITY, scale: Vec3::new(1.5, 1.0, 0.5) };
    for (weight, want) in [(1.0, Vec3::new(3.0, 3.0, 0.25)), (0.5, Vec3::new(2.5, 3.0, 0.375))] {
        let added = base.scale + (delta.scale - Vec3::ONE) * weight;
        let power = base.scale * delta.scale.powf(weight);
        let got = add_layer(&base, &delta, weight).scale;
        let mistakes = [
            (
                "the layer's scale was added to the base: a scale delta is a ratio, so it multiplies (base.scale * \
                 the delta's scale, weighted from 1)",
                added,
            ),
            (
                "the scale's share was taken as a power (delta^weight): this lab moves the factor evenly from 1 to \
                 the delta's (a delta of 3 at weight 0.5 multiplies by 2, not by √3; README, step 6)",
                power,
            ),
        ];
        check_vec3(
            &format!("add_layer(base scale {}, delta scale {}, {weight}): scale", base.scale, delta.scale),
            got,
            want,
            &mistakes,
        )?;
    }
    Ok(())
}

#[test]
fn step6_the_layer_scale_multiplies_the_base_scale() {
    check_layer_scale(add_layer).or_fail();
}

fn scale_added(base: &Transform, delta: &Transform, weight: f32) -> Transform {
    Transform { scale: base.scale + (delta.scale - Vec3::ONE) * weight, ..solution::add_layer(base, delta, weight) }
}

fn scale_as_a_power(base: &Transform, delta: &Transform, weight: f32) -> Transform {
    Transform { scale: base.scale * delta.scale.powf(weight), ..solution::add_layer(base, delta, weight) }
}

#[test]
fn grader_step6_names_a_scale_share_taken_as_a_power() {
    let e = check_layer_scale(scale_as_a_power).unwrap_err();
    assert!(e.contains("as a power"), "{e}");
}

#[test]
fn grader_step6_names_an_added_scale() {
    let e = check_layer_scale(scale_added).unwrap_err();
    assert!(e.contains("multiplies"), "{e}");
    check_layer_scale(solution::add_layer).or_fail();
}

/// A negative duration counts as 0: the fade is over at once.
fn check_negative_duration(fade_to: FadeTo) -> Result<(), String> {
    let (_, clips) = crate::rig::two_clips();
    let rest = crate::rig::two_clips().0.rest_locals();
    let mut cf = Crossfade::play(&clips, 0, Mode::Loop);
    fade_to(&mut cf, &clips, &rest, 1, Mode::Loop, -0.4);
    match &cf.fade {
        Some(fade) if fade.duration != 0.0 => Err(format!(
            "fade_to(.., duration -0.4): expected a fade of duration 0 (over at once), got a duration of {}: a \
             negative duration counts as 0 (not its absolute value)",
            fade.duration
        )),
        _ => Ok(()),
    }
}

#[test]
fn step4_a_negative_duration_counts_as_zero() {
    check_negative_duration(fade_to).or_fail();
}

fn absolute_duration(cf: &mut Crossfade, clips: &[Clip], rest: &[Transform], clip: usize, mode: Mode, d: f64) {
    solution::fade_to(cf, clips, rest, clip, mode, d.abs());
}

#[test]
fn grader_step4_names_a_negative_duration_made_positive() {
    let e = check_negative_duration(absolute_duration).unwrap_err();
    assert!(e.contains("counts as 0"), "{e}");
    check_negative_duration(solution::fade_to).or_fail();
}

type Delta = fn(&Transform, &Transform) -> Transform;

/// A reference scale other than 1, where a ratio and a difference differ.
fn check_delta_scale(additive_delta: Delta) -> Result<(), String> {
    let reference = Transform { scale: Vec3::new(2.0, 2.0, 0.5), ..Transform::IDENTITY };
    let pose = Transform { scale: Vec3::new(3.0, 1.0, 2.0), ..Transform::IDENTITY };
    let got = additive_delta(&reference, &pose).scale;
    let mistakes = [(
        "the scale delta was taken as a difference: a scale delta is a ratio (pose.scale / reference.scale), so \
         that the layer multiplies it back",
        pose.scale - reference.scale + Vec3::ONE,
    )];
    check_vec3(
        "additive_delta(reference scale (2, 2, 0.5), pose scale (3, 1, 2)): scale",
        got,
        Vec3::new(1.5, 0.5, 4.0),
        &mistakes,
    )
}

#[test]
fn step6_the_scale_delta_is_a_ratio() {
    check_delta_scale(additive_delta).or_fail();
}

fn scale_difference(reference: &Transform, pose: &Transform) -> Transform {
    Transform { scale: pose.scale - reference.scale + Vec3::ONE, ..solution::additive_delta(reference, pose) }
}

#[test]
fn grader_step6_names_a_scale_difference() {
    let e = check_delta_scale(scale_difference).unwrap_err();
    assert!(e.contains("is a ratio"), "{e}");
    check_delta_scale(solution::additive_delta).or_fail();
}
