//! Step 6: contacts from the clip, a foot held and let go without a jump,
//! and the planted feet's sliding over the scripted run.

use common::grade::Verdict;
use glam::Vec3;
use lab09_locomotion::{Contact, Plant, Planting, Settings, Steps};

use crate::kit::{RUN, RUN_SECONDS, course, crossfade, run_with, setup, sliding};

/// Step 6a's judge.
pub fn judge_contact(f: fn(Vec3, Vec3, Vec3, f64, &Contact) -> bool) -> Result<(), String> {
    let c = Contact { height: 0.1, speed: 0.3 };
    let dt = 0.02;
    // (foot, before, travel, dt, want, what)
    let cases = [
        (Vec3::new(0.1, 0.05, 0.2), Vec3::new(0.1, 0.05, 0.2), Vec3::ZERO, dt, true, "low and still"),
        (Vec3::new(0.1, 0.15, 0.2), Vec3::new(0.1, 0.15, 0.2), Vec3::ZERO, dt, false, "still but above the height"),
        (Vec3::new(0.1, 0.1, 0.2), Vec3::new(0.1, 0.1, 0.2), Vec3::ZERO, dt, true, "exactly at the height"),
        (
            Vec3::new(0.1, 0.05, 0.2 - 0.03),
            Vec3::new(0.1, 0.05, 0.2),
            Vec3::new(0.0, 0.0, 0.03),
            dt,
            true,
            "moving back in place exactly as the character travels: still on the ground (the travel cancels the move in place)",
        ),
        (
            Vec3::new(0.1, 0.05, 0.2 + 0.03),
            Vec3::new(0.1, 0.05, 0.2),
            Vec3::new(0.0, 0.0, 0.03),
            dt,
            false,
            "moving forward in place while the character travels forward: swinging, 3 m/s over the ground",
        ),
        (
            Vec3::new(0.1, 0.05, 0.2),
            Vec3::new(0.1, 0.05, 0.2),
            Vec3::new(0.0, 0.0, 0.03),
            dt,
            false,
            "still in place while the character travels 1.5 m/s: the foot slides over the ground",
        ),
        (
            Vec3::new(0.1, 0.09, 0.2),
            Vec3::new(0.1, 0.01, 0.2),
            Vec3::ZERO,
            dt,
            true,
            "moving up fast but low: only the horizontal speed counts",
        ),
        (Vec3::new(0.1, 0.05, 0.5), Vec3::new(0.1, 0.05, 0.2), Vec3::ZERO, 0.0, true, "dt 0: by height alone"),
        (Vec3::new(0.1, 0.2, 0.5), Vec3::new(0.1, 0.2, 0.2), Vec3::ZERO, 0.0, false, "dt 0, high: not in contact"),
    ];
    for (foot, before, travel, dt, want, what) in cases {
        let got = f(foot, before, travel, dt, &c);
        if got != want {
            return Err(format!(
                "in_contact: {what}\n  foot {foot}, before {before}, travel {travel}, dt {dt}, thresholds {c:?}\n  expected {want}, got {got}"
            ));
        }
    }
    Ok(())
}

#[test]
fn step6_in_contact_means_low_and_still_over_the_ground() {
    judge_contact(lab09_locomotion::in_contact).or_fail();
}

/// Step 6b's judge: a foot's target through a contact, a release and a new contact.
pub fn judge_plant(f: fn(&mut Plant, bool, Vec3, f64, &Planting) -> Vec3) -> Result<(), String> {
    let planting = Planting { release: 0.2, reach: 0.3 };
    let dt = 1.0 / 60.0;
    let mut plant = Plant::default();
    let mut last: Option<Vec3> = None;
    let mut held_at = None;
    // The clip's foot creeps forward 0.3 m/s for 0.5 s in contact, swings 3 m/s for 0.4 s, then
    // lands again and slides 2 m/s, past the leg's reach.
    let mut animated = Vec3::new(0.0, 0.08, 0.0);
    for frame in 0..90 {
        let t = frame as f64 * dt;
        let contact = !(0.5..0.9).contains(&t);
        animated.z += if t < 0.5 {
            0.3
        } else if t < 0.9 {
            3.0
        } else {
            2.0
        } * dt as f32;
        let target = f(&mut plant, contact, animated, dt, &planting);
        if !target.is_finite() {
            return Err(format!("plant_foot at {t:.3} s: the target is not finite: {target}"));
        }
        if frame == 0 {
            if (target - animated).length() > 1e-5 {
                return Err(format!(
                    "plant_foot: the first frame of contact must hold the foot where it shows (the clip's foot {animated}), got {target}"
                ));
            }
            held_at = Some(target);
        }
        if t < 0.5 {
            let anchor = held_at.expect("held");
            if (target - anchor).length() > 1e-5 {
                return Err(format!(
                    "plant_foot at {t:.3} s: a held foot must stay where contact began ({anchor}) while the clip's foot slides on, got {target}"
                ));
            }
        }
        if let Some(before) = last {
            // The clip's foot moves 5 cm a frame at most here; twice that is a jump.
            let jump = (target - before).length();
            if jump > 0.1 {
                return Err(format!(
                    "plant_foot at {t:.3} s ({}): the target jumps {:.1} cm in one frame: a hold must start where the foot shows, and a release must ease back to the clip's foot over the release time, with no speed at either end (ease the release: smoothstep-like, not linear in plant.weight)",
                    if contact { "in contact" } else { "let go" },
                    jump * 100.0
                ));
            }
        }
        last = Some(target);
        if t > 0.5 + planting.release + 2.0 * dt && t < 0.9 && (target - animated).length() > 1e-4 {
            return Err(format!(
                "plant_foot at {t:.3} s: {:.3} s after the release began the foot is still {:.1} cm from the clip's foot: the release takes `planting.release` ({} s)",
                t - 0.5,
                (target - animated).length() * 100.0,
                planting.release
            ));
        }
        if t > 0.9 && (target - animated).length() > planting.reach + 0.04 {
            return Err(format!(
                "plant_foot at {t:.3} s: the held foot is {:.2} m from the clip's foot, further than reach ({} m): let it go",
                (target - animated).length(),
                planting.reach
            ));
        }
    }
    Ok(())
}

#[test]
fn step6_plant_foot_holds_and_releases_smoothly() {
    judge_plant(lab09_locomotion::plant_foot).or_fail();
}

/// The scripted run's sliding through `steps` with `settings`: (mean m/s, frames).
pub fn run_sliding(steps: &Steps, settings: Settings) -> Result<(f32, usize), String> {
    let shots = run_with(steps, &setup(settings), RUN, RUN_SECONDS, 60.0)?;
    Ok(sliding(&shots))
}

#[test]
fn step6_planted_feet_slide_less_than_1_cm_per_second() {
    let steps = lab09_locomotion::STEPS;
    let (slide, frames) = run_sliding(&steps, course()).unwrap_or_else(|e| panic!("{e}"));
    let (off, _) = run_sliding(&steps, Settings { plant: false, ..course() }).unwrap_or_else(|e| panic!("{e}"));
    let (fade, _) = run_sliding(&steps, crossfade(course())).unwrap_or_else(|e| panic!("{e}"));
    let (fade_off, _) =
        run_sliding(&steps, Settings { plant: false, ..crossfade(course()) }).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "step 6: planted feet slide {:.3} cm/s over {frames} foot-frames in contact; planting off {:.2} cm/s; lab 07's crossfade {:.3} cm/s (planting off {:.2} cm/s)",
        slide * 100.0,
        off * 100.0,
        fade * 100.0,
        fade_off * 100.0
    );
    assert!(frames > 200, "the scripted run has only {frames} foot-frames in contact: is in_contact ever true?");
    assert!(
        slide <= 0.01,
        "over the scripted run (walk, run, stop, turn, uneven ground) a foot in contact moves {:.2} cm/s on average (at most 1 cm/s): is it held where contact began, and let go only when contact ends?",
        slide * 100.0
    );
}
