//! Lab 05 grader, step 4: slerp between unit directions in 3D. Run with
//! `cargo test -p lab05_slerp --test grader vectors`. Results are compared with
//! glam's `Vec3::slerp` where the plane of the two directions is well
//! defined, and checked for the contract's properties where it is not
//! (parallel, opposite).

use crate::support::{Draw, Rng};
use common::grade::{Verdict, check_vec3};
use glam::{Quat, Vec3};

type Slerp3 = fn(Vec3, Vec3, f32) -> Vec3;

fn degrees(a: Vec3, b: Vec3) -> f32 {
    a.dot(b).clamp(-1.0, 1.0).acos().to_degrees()
}

/// Finite and unit, or a message that says which, with `hint`.
fn unit(what: &str, got: Vec3, hint: &str) -> Result<(), String> {
    if !got.is_finite() {
        return Err(format!("{what} is {got}, not a number: {hint}"));
    }
    let length = got.length();
    if (length - 1.0).abs() > 1e-4 {
        return Err(format!("{what} is {got}, {length:.5} long: a direction must stay unit length; {hint}"));
    }
    Ok(())
}

// ---------------------------------------------------------------- wrong answers

fn lerp_unnormalised(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    a * (1.0 - t) + b * t
}

fn nlerp(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    (a * (1.0 - t) + b * t).normalize()
}

/// The formula with a clamp, and no special case at all.
fn no_fallback(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    let theta = a.dot(b).clamp(-1.0, 1.0).acos();
    (a * ((1.0 - t) * theta).sin() + b * (t * theta).sin()) / theta.sin()
}

/// Falls back to nlerp whenever sin Ω is small: fine for parallel
/// directions, 0 / 0 halfway between opposite ones.
fn nlerp_fallback(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    let theta = a.dot(b).clamp(-1.0, 1.0).acos();
    if theta.sin() < 1e-3 { nlerp(a, b, t) } else { no_fallback(a, b, t) }
}

// ---------------------------------------------------------------- checks

fn check_general(slerp: Slerp3) -> Result<(), String> {
    let mut rng = Rng(0x5EED_0004);
    let mut done = 0;
    while done < 24 {
        let (a, b) = (rng.direction(), rng.direction());
        if a.dot(b).abs() > 0.99 {
            continue;
        }
        done += 1;
        for t in crate::support::TS {
            let what = format!("slerp_vec3({a}, {b}, {t})");
            let got = slerp(a, b, t);
            unit(&what, got, "normalise, or check the weights")?;
            let mistakes = [
                (
                    "this is nlerp: right ends, right plane, wrong speed: the angle from a must grow in proportion \
                     to t",
                    nlerp(a, b, t),
                ),
                ("the weights are swapped: t = 0 must give a", a.slerp(b, 1.0 - t)),
            ];
            check_vec3(&what, got, a.slerp(b, t), &mistakes)?;
        }
        for (t, want) in [(0.0, a), (1.0, b)] {
            let got = slerp(a, b, t);
            if got.abs_diff_eq(want, 1e-6) {
                continue;
            }
            return Err(format!("slerp_vec3({a}, {b}, {t}) is {got}: t = {t} must give exactly {want}"));
        }
    }
    Ok(())
}

fn check_speed(slerp: Slerp3) -> Result<(), String> {
    let a = Vec3::new(0.3, 0.9, -0.2).normalize();
    let b = Quat::from_axis_angle(a.any_orthonormal_vector(), 150f32.to_radians()) * a;
    for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
        let what = format!("slerp_vec3 over 150° at t = {t}");
        let got = slerp(a, b, t);
        unit(&what, got, "normalise, or check the weights")?;
        let (angle, want) = (degrees(a, got), 150.0 * t);
        if (angle - want).abs() <= 0.05 && (degrees(got, b) - (150.0 - want)).abs() <= 0.05 {
            continue;
        }
        let hint = if (angle < want) == (t < 0.5) && (angle - want).abs() > 0.05 {
            "slow near the ends and fast in the middle: that is nlerp's speed, not a constant angular speed"
        } else {
            "the angle from a must be t times the angle from a to b, in their plane"
        };
        return Err(format!("{what} is {angle:.2}° from a, expected {want:.2}°: {hint}"));
    }
    Ok(())
}

fn check_parallel(slerp: Slerp3) -> Result<(), String> {
    let mut rng = Rng(5);
    for a in [Vec3::X, Vec3::NEG_Y, rng.direction(), rng.direction()] {
        // 0.03° apart: below any sensible near-parallel threshold, yet t = 1
        // must still land on `near`, 5e-4 away from `a`.
        let near = Quat::from_axis_angle(a.any_orthonormal_vector(), 5e-4) * a;
        for t in crate::support::TS {
            let hint = "for the same direction sin Ω = 0 and the weights are 0/0: fall back to a straight-line \
                        blend (normalised) when sin Ω is tiny (README, step 4, hint 2)";
            let got = slerp(a, a, t);
            unit(&format!("slerp_vec3({a}, {a}, {t})"), got, hint)?;
            if !got.abs_diff_eq(a, 1e-6) {
                return Err(format!("slerp_vec3({a}, {a}, {t}) is {got}: the same direction twice must give it back"));
            }
            let got = slerp(a, near, t);
            unit(&format!("slerp_vec3({a}, {near}, {t})"), got, hint)?;
            let mistakes = [("`a` itself for nearly parallel directions: t = 1 must still give b", a)];
            check_vec3(&format!("slerp_vec3({a}, {near}, {t})"), got, a.lerp(near, t).normalize(), &mistakes)?;
        }
    }
    Ok(())
}

fn check_opposite(slerp: Slerp3) -> Result<(), String> {
    let hint = "opposite directions have no plane (sin Ω = 0) and their straight-line blend passes through 0: \
                turn a about an axis perpendicular to it (README, step 4, hint 3)";
    let mut rng = Rng(6);
    for a in [Vec3::X, Vec3::Y, Vec3::NEG_Z, rng.direction(), rng.direction()] {
        let b = -a;
        let mut plane: Option<Vec3> = None;
        for t in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0] {
            let what = format!("slerp_vec3({a}, {b}, {t})");
            let got = slerp(a, b, t);
            unit(&what, got, hint)?;
            let (angle, want) = (degrees(a, got), 180.0 * t);
            if (angle - want).abs() > 0.05 {
                return Err(format!("{what} is {got}, {angle:.2}° from a; expected {want:.2}°: {hint}"));
            }
            if t == 0.0 || t == 1.0 {
                continue;
            }
            // Every point of the half-circle lies in one plane through a.
            let normal = a.cross(got).normalize();
            match plane {
                None => plane = Some(normal),
                Some(p) if p.abs_diff_eq(normal, 1e-3) => {}
                Some(p) => {
                    return Err(format!(
                        "{what} leaves the plane of the earlier points (normal {normal}, was {p}): pick one axis \
                         for the whole half-turn, from a alone"
                    ));
                }
            }
        }
        let nearly = -(Quat::from_axis_angle(a.any_orthonormal_vector(), 1e-4) * a);
        for t in crate::support::TS {
            unit(&format!("slerp_vec3({a}, {nearly}, {t})"), slerp(a, nearly, t), hint)?;
        }
    }
    Ok(())
}

/// Nearly opposite inputs (0.006° to 0.05° from -a, below the fallback's
/// line): the ends are still exactly `a` and `b`, as the contract says.
fn check_nearly_opposite_ends(slerp: Slerp3) -> Result<(), String> {
    let mut rng = Rng(9);
    for a in [Vec3::X, Vec3::NEG_Y, rng.direction(), rng.direction()] {
        for angle in [1e-4, 3e-4, 9e-4] {
            let b = -(Quat::from_axis_angle(a.cross(rng.direction()).normalize(), angle) * a);
            for (t, want, end) in [(0.0, a, "a"), (1.0, b, "b")] {
                let got = slerp(a, b, t);
                if !got.abs_diff_eq(want, 1e-5) {
                    return Err(format!(
                        "slerp_vec3({a}, {b}, {t}) with b {angle} rad from -a: expected {want} ({end}), got {got} \
                         ({:.2e} away): the half-turn for opposite inputs must still end at b, not at -a (close the \
                         small gap between -a and b in proportion to t; README, step 4)",
                        (got - want).length()
                    ));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn step4_nearly_opposite_directions_end_exactly_at_b() {
    check_nearly_opposite_ends(lab05_slerp::slerp_vec3).or_fail();
}

#[test]
fn grader_step4_rejects_a_half_turn_that_ends_at_minus_a() {
    let ends_at_minus_a: Slerp3 =
        |a, _, t| Quat::from_axis_angle(a.any_orthonormal_vector(), std::f32::consts::PI * t) * a;
    let e = check_nearly_opposite_ends(ends_at_minus_a).unwrap_err();
    assert!(e.contains("not at -a"), "{e}");
}

#[test]
fn step4_slerp_vec3_matches_glams_vec3_slerp() {
    check_general(lab05_slerp::slerp_vec3).or_fail();
}

#[test]
fn step4_the_angle_grows_in_proportion_to_t() {
    check_speed(lab05_slerp::slerp_vec3).or_fail();
}

#[test]
fn step4_parallel_directions_stay_put_not_nan() {
    check_parallel(lab05_slerp::slerp_vec3).or_fail();
}

#[test]
fn step4_opposite_directions_turn_half_a_circle_not_nan() {
    check_opposite(lab05_slerp::slerp_vec3).or_fail();
}

#[test]
fn grader_step4_rejects_the_classic_vector_slerps() {
    let rejects = |check: fn(Slerp3) -> Result<(), String>, wrong: Slerp3, words: &str| {
        let message = check(wrong).expect_err(words);
        assert!(message.contains(words), "expected a message about `{words}`, got:\n{message}");
    };
    rejects(check_general, lerp_unnormalised, "unit length");
    rejects(check_general, nlerp, "nlerp");
    rejects(check_speed, nlerp, "nlerp's speed");
    rejects(check_parallel, no_fallback, "0/0");
    rejects(check_opposite, no_fallback, "no plane");
    rejects(check_opposite, nlerp_fallback, "perpendicular");
    let wandering: Slerp3 = |a, _, t| {
        let axis = (a.any_orthonormal_vector() + a.cross(a.any_orthonormal_vector()) * t).normalize();
        Quat::from_axis_angle(axis, std::f32::consts::PI * t) * a
    };
    rejects(check_opposite, wandering, "leaves the plane");
    rejects(check_general, |a, b, t| a.slerp(b, 1.0 - t), "swapped");
}

#[test]
fn grader_glams_vec3_slerp_passes_every_check() {
    for check in [check_general, check_speed, check_parallel, check_opposite] {
        check(Vec3::slerp).or_fail();
    }
}
