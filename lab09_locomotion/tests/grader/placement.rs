//! Step 5: the character placed by the clip's travel, pulled towards the
//! simulation at any frame rate, never further than the limit; and, over a
//! straight run, within 5 cm of the simulated trajectory.

use common::grade::{Verdict, check_vec3};
use glam::{Vec2, Vec3};
use lab09_locomotion::given::update_with;
use lab09_locomotion::{Character, Input, Reconcile, Settings, Steps};

use crate::kit::setup;

/// The grader's own reconciliation.
pub fn reconciled(p: Vec3, travel: Vec3, sim: Vec3, r: &Reconcile, dt: f64) -> Vec3 {
    let moved = p + travel;
    let keep = if r.halflife > 0.0 { 0.5f64.powf(dt / r.halflife) as f32 } else { 0.0 };
    let pulled = sim + (moved - sim) * keep;
    let gap = pulled - sim;
    if gap.length() > r.limit { sim + gap.normalize() * r.limit } else { pulled }
}

/// Step 5's judge.
pub fn judge_reconcile(f: fn(Vec3, Vec3, Vec3, &Reconcile, f64) -> Vec3) -> Result<(), String> {
    let r = Reconcile { halflife: 0.2, limit: 0.5 };
    let (p, travel, sim) = (Vec3::new(0.1, 0.0, 0.0), Vec3::new(0.0, 0.0, 0.05), Vec3::new(0.0, 0.0, 0.3));
    for dt in [0.0, 1.0 / 60.0, 0.1, 0.4] {
        let got = f(p, travel, sim, &r, dt);
        let want = reconciled(p, travel, sim, &r, dt);
        let per_frame = p + travel + (sim - p - travel) * 0.1;
        check_vec3(
            &format!("reconcile(dt {dt})"),
            got,
            want,
            &[
                (
                    "the clip's travel is left out: the character moves by its clip first",
                    reconciled(p, Vec3::ZERO, sim, &r, dt),
                ),
                (
                    "a fixed share of the gap per frame depends on the frame rate: half the gap per half-life, whatever dt",
                    per_frame,
                ),
                ("the pull is exponential in dt: half the gap closes per half-life (not dt / halflife of it)", {
                    let share = (dt / r.halflife).min(1.0) as f32;
                    p + travel + (sim - p - travel) * share
                }),
            ],
        )?;
    }
    // Frame-rate independence: two frames of 0.05 s pull as far as one of 0.1 s (no travel).
    let two = f(f(p, Vec3::ZERO, sim, &r, 0.05), Vec3::ZERO, sim, &r, 0.05);
    let one = f(p, Vec3::ZERO, sim, &r, 0.1);
    if (two - one).length() > 1e-5 {
        return Err(format!(
            "reconcile depends on the frame rate: two frames of 0.05 s end at {two}, one of 0.1 s at {one}"
        ));
    }
    // The limit: 2 m apart with a limit of 0.5 m ends 0.5 m from the simulation, on the line between.
    let far = f(Vec3::new(2.0, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO, &r, 1.0 / 60.0);
    check_vec3(
        "reconcile 2 m from the simulation with a limit of 0.5 m",
        far,
        Vec3::new(0.5, 0.0, 0.0),
        &[(
            "the limit is ignored: the character may never be further than the limit from the simulation",
            reconciled(Vec3::new(2.0, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO, &Reconcile { limit: 1e9, ..r }, 1.0 / 60.0),
        )],
    )?;
    let snap = f(p, travel, sim, &Reconcile { halflife: 0.0, ..r }, 1.0 / 60.0);
    check_vec3("reconcile with halflife 0 (at once)", snap, sim, &[])?;
    Ok(())
}

#[test]
fn step5_reconcile_pulls_by_half_lives_and_keeps_the_limit() {
    judge_reconcile(lab09_locomotion::reconcile).or_fail();
}

/// The largest distance (m) from the placed character to the simulated one
/// while running straight, after the start: `steps` at `fps`.
pub fn straight_gap(steps: &Steps, fps: f64) -> Result<f32, String> {
    let setup = setup(Settings::default());
    let mut ch = Character::new(&setup, Vec3::ZERO);
    let run = Input { stick: Vec2::new(0.0, 1.0), run: true, wave: false };
    let dt = 1.0 / fps;
    let mut worst = 0.0f32;
    for frame in 0..(6.0 * fps) as usize {
        update_with(steps, &setup, &mut ch, &run, dt).map_err(|e| e.to_string())?;
        if frame as f64 * dt >= 2.0 {
            worst = worst.max((ch.position - ch.motion.position).length());
        }
    }
    Ok(worst)
}

#[test]
fn step5_running_straight_stays_within_5_cm_of_the_simulation() {
    for fps in [30.0, 60.0, 144.0] {
        let gap = straight_gap(&lab09_locomotion::STEPS, fps).unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "step 5: running straight at {fps} fps, the character is at most {:.2} cm from the simulation",
            gap * 100.0
        );
        assert!(
            gap <= 0.05,
            "running straight at {fps} frames a second the character ends up {:.1} cm from the simulated trajectory (at most 5): does the playback rate (step 2) make the clip travel at the simulated speed, and does the pull (step 5) close the rest?",
            gap * 100.0
        );
    }
}
