//! Step 1: the critically damped spring, exact for any frame time; the
//! simulated character's velocity and facing; the predicted trajectory;
//! and the responsiveness the closed form promises.

use common::grade::{Verdict, check_vec3};
use glam::Vec3;
use lab09_locomotion::{Facing, Motion, PREDICTION};

/// The grader's own closed form: `y = 2 ln 2 / h`, error `(x0 + (v0 + y x0) t) e^(-y t)`.
pub fn decay(x: Vec3, v: Vec3, h: f64, t: f64) -> (Vec3, Vec3) {
    if h <= 0.0 {
        return (Vec3::ZERO, Vec3::ZERO);
    }
    let y = 2.0 * std::f64::consts::LN_2 / h;
    let e = (-y * t).exp();
    let c = v.as_dvec3() + x.as_dvec3() * y;
    let pos = (x.as_dvec3() + c * t) * e;
    let vel = (v.as_dvec3() - c * (y * t)) * e;
    (pos.as_vec3(), vel.as_vec3())
}

/// The grader's own simulation: velocity error decays as [`decay`], the
/// position its integral (computed in f64).
pub fn follow(m: &Motion, w: Vec3, h: f64, t: f64) -> Motion {
    if h <= 0.0 {
        return Motion { position: m.position + w * t as f32, velocity: w, acceleration: Vec3::ZERO };
    }
    let y = 2.0 * std::f64::consts::LN_2 / h;
    let e = (-y * t).exp();
    let (j0, a) = ((m.velocity - w).as_dvec3(), m.acceleration.as_dvec3());
    let j1 = a + j0 * y;
    // The integral of (j0 + j1 s) e^(-y s) from 0 to t.
    let covered = j0 * ((1.0 - e) / y) + j1 * ((1.0 - (1.0 + y * t) * e) / (y * y));
    Motion {
        position: (m.position.as_dvec3() + w.as_dvec3() * t + covered).as_vec3(),
        velocity: (j0 * e + j1 * (t * e) + w.as_dvec3()).as_vec3(),
        acceleration: ((a - j1 * (y * t)) * e).as_vec3(),
    }
}

fn close(a: Vec3, b: Vec3, tolerance: f32) -> bool {
    (a - b).length() <= tolerance * (1.0 + b.length())
}

/// Step 1a's judge: the closed form at several frame times, naming Euler
/// steps, a wrong half-life, a dropped velocity and a plain exponential.
pub fn judge_decay(f: fn(Vec3, Vec3, f64, f64) -> (Vec3, Vec3)) -> Result<(), String> {
    let (x, v) = (Vec3::new(0.4, -0.2, 1.0), Vec3::new(-1.5, 0.3, 0.5));
    let h = 0.25;
    for dt in [0.0, 1.0 / 144.0, 1.0 / 30.0, 0.1, 0.5, 1.0] {
        let (gx, gv) = f(x, v, h, dt);
        let (wx, wv) = decay(x, v, h, dt);
        if !(gx.is_finite() && gv.is_finite()) {
            return Err(format!("spring_decay(dt {dt}) is not finite: {gx} {gv}"));
        }
        if close(gx, wx, 1e-4) && close(gv, wv, 1e-4) {
            continue;
        }
        let y = 2.0 * std::f64::consts::LN_2 / h;
        let mistakes = [
            ("an Euler step: the closed form is exact for any dt, a step is not", x + v * dt as f32, {
                let (dtf, yf) = (dt as f32, y as f32);
                v + (-yf * yf * x - 2.0 * yf * v) * dtf
            }),
            (
                "the half-life: y is 2 ln 2 / halflife (README, step 1, hint 1)",
                decay(x, v, h * 2.0, dt).0,
                decay(x, v, h * 2.0, dt).1,
            ),
            (
                "the half-life: y is 2 ln 2 / halflife (README, step 1, hint 1)",
                decay(x, v, h / 2.0, dt).0,
                decay(x, v, h / 2.0, dt).1,
            ),
            (
                "the velocity is left out: an offset that moves keeps moving for a while",
                decay(x, Vec3::ZERO, h, dt).0,
                decay(x, Vec3::ZERO, h, dt).1,
            ),
            (
                "a plain exponential decay, not the critically damped spring",
                x * (-y * dt).exp() as f32,
                v * (-y * dt).exp() as f32,
            ),
        ];
        let named =
            mistakes.iter().find(|(_, mx, mv)| close(gx, *mx, 1e-4) && close(gv, *mv, 1e-4)).map_or("", |m| m.0);
        return Err(format!(
            "spring_decay(offset {x}, velocity {v}, halflife {h}, dt {dt}) is wrong{}{named}\n  expected offset {wx}, velocity {wv}\n  got      offset {gx}, velocity {gv}",
            if named.is_empty() { "" } else { ": " }
        ));
    }
    let (gx, gv) = f(x, v, 0.0, 0.1);
    if gx.length() > 1e-6 || gv.length() > 1e-6 || !gx.is_finite() {
        return Err(format!(
            "spring_decay with halflife 0 must land on zero at once (offset 0, velocity 0), got {gx} {gv}"
        ));
    }
    let (gx, gv) = f(x, v, 0.2, 1e6);
    if !(gx.is_finite() && gv.is_finite()) || gx.length() > 1e-6 {
        return Err(format!(
            "spring_decay after a huge dt (1e6 s) must be zero, not {gx} {gv}: no NaN from infinity times zero"
        ));
    }
    Ok(())
}

#[test]
fn step1_spring_decay_is_exact_for_any_frame_time() {
    judge_decay(lab09_locomotion::spring_decay).or_fail();
}

/// Step 1b's judge.
pub fn judge_follow(f: fn(&Motion, Vec3, f64, f64) -> Motion) -> Result<(), String> {
    let m = Motion {
        position: Vec3::new(1.0, 0.0, -2.0),
        velocity: Vec3::new(0.5, 0.0, 0.2),
        acceleration: Vec3::new(-0.4, 0.0, 1.0),
    };
    let w = Vec3::new(-1.2, 0.0, 2.5);
    for dt in [0.0, 1.0 / 60.0, 0.25, 1.0] {
        let got = f(&m, w, 0.2, dt);
        let want = follow(&m, w, 0.2, dt);
        check_vec3(&format!("follow_velocity(dt {dt}): velocity"), got.velocity, want.velocity, &[]).map_err(|e| {
            format!("{e}\n  (the velocity follows `wanted` by step 1a's spring: its gap to `wanted` is the offset)")
        })?;
        check_vec3(&format!("follow_velocity(dt {dt}): acceleration"), got.acceleration, want.acceleration, &[])?;
        let dtf = dt as f32;
        let mistakes = [
            (
                "the position moved by the new velocity times dt (an Euler step): integrate the velocity's curve over the frame",
                m.position + got.velocity * dtf,
            ),
            (
                "the position moved by the old velocity times dt (an Euler step): integrate the velocity's curve over the frame",
                m.position + m.velocity * dtf,
            ),
            (
                "the position moved by the average velocity times dt: close, but not the integral of the curve",
                m.position + (m.velocity + got.velocity) * 0.5 * dtf,
            ),
        ];
        check_vec3(&format!("follow_velocity(dt {dt}): position"), got.position, want.position, &mistakes)?;
    }
    let snap = f(&m, w, 0.0, 0.1);
    check_vec3("follow_velocity with halflife 0: velocity (wanted at once)", snap.velocity, w, &[])?;
    check_vec3("follow_velocity with halflife 0: position", snap.position, m.position + w * 0.1, &[])?;
    // Frame-rate independence: one frame of 0.3 s lands where 30 frames of 0.01 s do.
    let mut many = m;
    for _ in 0..30 {
        many = f(&many, w, 0.2, 0.01);
    }
    let one = f(&m, w, 0.2, 0.3);
    if (one.position - many.position).length() > 1e-4 {
        return Err(format!(
            "follow_velocity depends on the frame rate: one frame of 0.3 s ends at {}, 30 frames of 0.01 s at {}: is the position the exact integral?",
            one.position, many.position
        ));
    }
    Ok(())
}

#[test]
fn step1_follow_velocity_integrates_the_position_exactly() {
    judge_follow(lab09_locomotion::follow_velocity).or_fail();
}

/// The time the closed form gives for 90% of a step in wanted velocity,
/// from rest: `(1 + u) e^(-u) = 0.1` solved for `u = y t` by Newton's method.
pub fn ninety_percent_time(halflife: f64) -> f64 {
    let mut u = 3.0f64;
    for _ in 0..50 {
        let g = (1.0 + u) * (-u).exp() - 0.1;
        let dg = -u * (-u).exp();
        u -= g / dg;
    }
    u * halflife / (2.0 * std::f64::consts::LN_2)
}

/// The time (interpolated between frames) at which `f`'s velocity first
/// reaches 90% of a new wanted velocity, at `fps`.
pub fn measured_ninety(f: fn(&Motion, Vec3, f64, f64) -> Motion, halflife: f64, fps: f64) -> Option<f64> {
    let w = Vec3::new(0.0, 0.0, 3.0);
    let dt = 1.0 / fps;
    let mut m = Motion::default();
    let mut share_before = 0.0f64;
    for frame in 1..=(10.0 * fps) as usize {
        m = f(&m, w, halflife, dt);
        let share = f64::from(m.velocity.z / w.z);
        if share >= 0.9 {
            let t0 = (frame - 1) as f64 * dt;
            return Some(t0 + dt * (0.9 - share_before) / (share - share_before));
        }
        share_before = share;
    }
    None
}

#[test]
fn step1_responsiveness_90_percent_when_the_closed_form_says() {
    let h = 0.2;
    let predicted = ninety_percent_time(h);
    assert!((predicted / h - 2.806).abs() < 1e-3, "the grader's own prediction: {predicted}");
    for fps in [30.0, 60.0, 144.0] {
        let got = measured_ninety(lab09_locomotion::follow_velocity, h, fps);
        let Some(got) = got else {
            panic!("at {fps} frames a second the velocity never reached 90% of the wanted velocity in 10 s");
        };
        let error = (got - predicted).abs() / predicted;
        assert!(
            error <= 0.01,
            "at {fps} frames a second 90% of the wanted velocity is reached after {got:.4} s, the closed form says {predicted:.4} s ({:.1}% off, at most 1%): is the spring exact for any dt?",
            error * 100.0
        );
        eprintln!("step 1: 90% at {fps} fps after {got:.4} s, predicted {predicted:.4} s ({:.3}% off)", error * 100.0);
    }
}

/// Step 1c's judge.
pub fn judge_heading(f: fn(&Facing, f32, f64, f64) -> Facing) -> Result<(), String> {
    let deg = |d: f32| d.to_radians();
    let from = Facing { angle: deg(170.0), rate: 0.0 };
    let got = f(&from, deg(-170.0), 0.1, 0.05);
    // The facing is 20 degrees past the wanted angle the short way, through 180.
    let (gap, rate) = decay(Vec3::X * deg(-20.0), Vec3::ZERO, 0.1, 0.05);
    let want = deg(-170.0) + gap.x;
    let wrap = |a: f32| (a + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI;
    if !got.angle.is_finite() || got.angle.abs() > std::f32::consts::PI + 1e-5 {
        return Err(format!("follow_heading must keep the angle in [-pi, pi], got {}", got.angle));
    }
    if (wrap(got.angle - wrap(want))).abs() > 1e-4 {
        let long = deg(-170.0) + decay(Vec3::X * deg(340.0), Vec3::ZERO, 0.1, 0.05).0.x;
        let named = if (wrap(got.angle - wrap(long))).abs() < 1e-3 {
            ": it turned the long way round (340 degrees, not 20): wrap the gap into [-pi, pi] first"
        } else {
            ""
        };
        return Err(format!(
            "follow_heading from 170 to -170 degrees is wrong{named}\n  expected {:.3} degrees, got {:.3}",
            wrap(want).to_degrees(),
            got.angle.to_degrees()
        ));
    }
    if (got.rate - rate.x).abs() > 1e-3 * (1.0 + rate.x.abs()) {
        return Err(format!("follow_heading's rate: expected {} rad/s, got {}", rate.x, got.rate));
    }
    let same = f(&Facing { angle: 1.0, rate: 0.0 }, 1.0, 0.1, 0.5);
    if (same.angle - 1.0).abs() > 1e-5 || same.rate.abs() > 1e-5 {
        return Err(format!("follow_heading already facing the wanted angle must stay, got {same:?}"));
    }
    Ok(())
}

#[test]
fn step1_follow_heading_turns_the_short_way() {
    judge_heading(lab09_locomotion::follow_heading).or_fail();
}

/// Step 1d's judge.
pub fn judge_predict(f: fn(&Motion, Vec3, f64) -> [Vec3; 3]) -> Result<(), String> {
    let m = Motion { position: Vec3::new(2.0, 0.0, 1.0), velocity: Vec3::new(1.0, 0.0, 0.0), acceleration: Vec3::ZERO };
    let w = Vec3::new(0.0, 0.0, 2.0);
    let got = f(&m, w, 0.3);
    for (i, t) in PREDICTION.iter().enumerate() {
        let want = follow(&m, w, 0.3, *t).position;
        let straight = m.position + m.velocity * *t as f32;
        let wanted_line = m.position + w * *t as f32;
        check_vec3(
            &format!("predict: the position {t} s ahead"),
            got[i],
            want,
            &[
                ("the prediction goes straight on at today's velocity: the velocity still follows `wanted`", straight),
                ("the prediction moves at `wanted` at once: the velocity takes time to get there", wanted_line),
            ],
        )?;
    }
    Ok(())
}

#[test]
fn step1_predict_is_where_the_frames_will_go() {
    judge_predict(lab09_locomotion::predict).or_fail();
}
