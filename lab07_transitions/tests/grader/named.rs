//! Mistakes that give the right picture for a while: a clip fading in that
//! starts with the outgoing clip's cursors (right poses as long as lab 04's
//! cursor rewinds, wrong work and a panic when the clips' channels differ),
//! and an additive layer whose scale is added instead of multiplied (right
//! whenever the base scale is 1).

use common::grade::{Verdict, check_vec3};
use common::model::{Clip, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::track::ClipCursors;
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
        let got = add_layer(&base, &delta, weight).scale;
        let mistakes = [(
            "the layer's scale was added to the base: a scale delta is a ratio, so it multiplies (base.scale * the \
             delta's scale, weighted from 1)",
            added,
        )];
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

#[test]
fn grader_step6_names_an_added_scale() {
    let e = check_layer_scale(scale_added).unwrap_err();
    assert!(e.contains("multiplies"), "{e}");
    check_layer_scale(solution::add_layer).or_fail();
}
