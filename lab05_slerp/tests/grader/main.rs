//! Lab 05 grader: steps 1 to 3 (quaternions) here, step 4 in `vectors`,
//! step 5 in `playback`. Tests are named after the README's steps; run them
//! all with `cargo test -p lab05_slerp --test grader`.
//! Results are compared with glam's own `Quat::lerp` and `Quat::slerp` (to
//! 1e-4: glam's slerp uses an approximate sine) and checked for the
//! properties the contract states. Failures name the classic mistake they
//! match; the `grader_*` tests prove those mistakes are rejected, and that
//! glam's functions pass.

mod playback;
mod support;
mod vectors;

use common::grade::Verdict;
use glam::{Quat, Vec3};
use support::*;

/// The exact dot product (in f64), to decide signs without rounding doubts.
fn exact_dot(a: Quat, b: Quat) -> f64 {
    glam::Vec4::from(a).as_dvec4().dot(glam::Vec4::from(b).as_dvec4())
}

// ---------------------------------------------------------------- step 1

fn check_dot(dot: fn(Quat, Quat) -> f32) -> Result<(), String> {
    for (a, b) in pairs() {
        let (want, got) = (exact_dot(a, b) as f32, dot(a, b));
        if (got - want).abs() <= 1e-5 {
            continue;
        }
        let hint = if (got - a.xyz().dot(b.xyz())).abs() <= 1e-5 {
            ": the w component is left out: a quaternion has four components and its dot product four terms"
        } else if (got - want.abs()).abs() <= 1e-5 {
            ": this is its absolute value: the sign is exactly what shortest_arc needs"
        } else {
            ""
        };
        return Err(format!("dot({a}, {b}) is wrong{hint}\n  expected: {want}\n  got:      {got}"));
    }
    Ok(())
}

fn check_shortest_arc(shortest_arc: fn(Quat, Quat) -> Quat) -> Result<(), String> {
    let mut cases = pairs();
    // 180° apart: the dot is exactly 0, both ways are as long; keep `to`.
    cases.push((Quat::IDENTITY, Quat::from_xyzw(1.0, 0.0, 0.0, 0.0)));
    let mut first = None;
    let (mut kept_negative, mut flipped_positive) = (false, false);
    for (from, to) in cases {
        let d = exact_dot(from, to);
        let want = if d < 0.0 { -to } else { to };
        let got = shortest_arc(from, to);
        if close(got, want, 1e-6) {
            continue;
        }
        kept_negative |= close(got, to, 1e-6);
        flipped_positive |= close(got, -to, 1e-6) && d > 0.0;
        let mistake = if close(got, to, 1e-6) {
            "`to` was kept although the dot product is negative: from `from` that is the long way round (more \
             than 180° of rotation): return -to"
        } else if close(got, -to, 1e-6) && d == 0.0 {
            "flipped at a dot product of exactly 0: both ways are equally long there, and the contract keeps `to`"
        } else if close(got, -to, 1e-6) {
            "flipped although the dot product is positive: `to` was already on `from`'s side"
        } else {
            "the answer must be `to` or `-to`, unchanged: no normalising, no mixing with `from`"
        };
        first.get_or_insert(format!(
            "shortest_arc({from}, {to}) is wrong: {mistake}\n  dot: {d}\n  expected: {want}\n  got:      {got}"
        ));
    }
    match first {
        None => Ok(()),
        Some(_) if kept_negative && flipped_positive => {
            Err("shortest_arc flips `to` exactly when it should not: the comparison is the wrong way round (flip \
             when the dot product is negative)"
                .to_string())
        }
        Some(message) => Err(message),
    }
}

#[test]
fn step1_dot_uses_all_four_components() {
    check_dot(lab05_slerp::dot).or_fail();
}

#[test]
fn step1_shortest_arc_stays_in_the_first_hemisphere() {
    check_shortest_arc(lab05_slerp::shortest_arc).or_fail();
}

#[test]
fn grader_step1_rejects_a_missing_w_and_wrong_flips() {
    let no_w: fn(Quat, Quat) -> f32 = |a, b| a.xyz().dot(b.xyz());
    assert!(check_dot(no_w).unwrap_err().contains("w component"));
    assert!(check_dot(|a, b| a.dot(b).abs()).unwrap_err().contains("absolute value"));
    assert!(check_shortest_arc(|_, to| to).unwrap_err().contains("long way"));
    assert!(check_shortest_arc(|f, to| if f.dot(to) > 0.0 { -to } else { to }).unwrap_err().contains("wrong way"));
    assert!(check_shortest_arc(|f, to| if f.dot(to) <= 0.0 { -to } else { to }).unwrap_err().contains("exactly 0"));
    assert!(
        check_shortest_arc(|f, to| (if f.dot(to) < 0.0 { -to } else { to }) * 1.001).unwrap_err().contains("unchanged")
    );
}

// ---------------------------------------------------------------- step 2

fn check_nlerp(nlerp: Interp) -> Result<(), String> {
    for (a, b) in pairs() {
        for t in TS {
            let mistakes = [
                (
                    "not normalised: the straight line between two points of the unit sphere runs inside it, so \
                     between the keys the blend is shorter than 1 (normalise it)",
                    lerp_unnormalised(a, b, t),
                ),
                (
                    "the long way round: `b` was not flipped into `a`'s hemisphere (use shortest_arc)",
                    nlerp_long_way(a, b, t),
                ),
                (
                    "both inputs were flipped: from -a to -b is the same long way as from a to b; flip only b",
                    nlerp_flip_both(a, b, t),
                ),
                ("t runs backwards: t = 0 must give a, t = 1 b", nlerp_right(a, b, 1.0 - t)),
            ];
            check_q(&format!("nlerp({a}, {b}, {t})"), nlerp(a, b, t), a.lerp(b, t), 1e-4, &mistakes)?;
        }
    }
    let q = Quat::from_rotation_x(0.8);
    for t in TS {
        check_q(&format!("nlerp of {q} with itself, t = {t}"), nlerp(q, q, t), q, 1e-6, &[])?;
    }
    Ok(())
}

#[test]
fn step2_nlerp_stays_on_the_short_arc_and_unit() {
    check_nlerp(lab05_slerp::nlerp).or_fail();
}

#[test]
fn grader_step2_rejects_unnormalised_and_long_way_nlerps() {
    assert!(check_nlerp(lerp_unnormalised).unwrap_err().contains("not normalised"));
    assert!(check_nlerp(nlerp_long_way).unwrap_err().contains("long way"));
    assert!(check_nlerp(nlerp_flip_both).unwrap_err().contains("both inputs"));
    assert!(check_nlerp(|a, b, t| nlerp_right(a, b, 1.0 - t)).unwrap_err().contains("backwards"));
}

// ---------------------------------------------------------------- step 3

fn slerp_mistakes(a: Quat, b: Quat, t: f32) -> [(&'static str, Quat); 6] {
    [
        (
            "this is nlerp: right ends, right path, wrong speed: slerp's angle must grow in proportion to t",
            nlerp_right(a, b, t),
        ),
        (
            "not normalised: a straight-line blend runs inside the unit sphere, shorter than 1 between the keys",
            lerp_unnormalised(a, b, t),
        ),
        ("the long way round: `b` was not flipped into `a`'s hemisphere (use shortest_arc)", slerp_long_way(a, b, t)),
        (
            "both inputs were flipped: from -a to -b is the same long way as from a to b; flip only b",
            slerp_flip_both(a, b, t),
        ),
        ("the weights are swapped: t = 0 must give a (all of a's weight), t = 1 b", slerp_swapped(a, b, t)),
        (
            "Ω here is the angle between the two quaternions, half the rotation angle: with the whole rotation \
             angle in the sines the result leaves the unit sphere",
            slerp_full_angle(a, b, t),
        ),
    ]
}

fn check_slerp(slerp: Interp) -> Result<(), String> {
    for (a, b) in pairs() {
        for t in TS {
            let (got, what) = (slerp(a, b, t), format!("slerp({a}, {b}, {t})"));
            if !got.is_finite() {
                return Err(format!("{what} is NaN: {}", nan_hint(a, b)));
            }
            check_q(&what, got, a.slerp(b, t), 1e-4, &slerp_mistakes(a, b, t))?;
        }
    }
    Ok(())
}

/// A 160° turn, stored either way round: the angle from `a` must be 160·t.
fn check_speed(slerp: Interp) -> Result<(), String> {
    let a = Quat::from_rotation_x(0.4);
    let b = Quat::from_axis_angle(Vec3::new(0.2, 1.0, -0.4).normalize(), 160f32.to_radians()) * a;
    for b in [b, -b] {
        for t in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let got = slerp(a, b, t);
            let what = format!("slerp over a 160° turn at t = {t}");
            if !got.is_finite() || (got.length() - 1.0).abs() > 1e-3 {
                return Err(format!("{what} is {got} ({} long): it must be a unit quaternion", got.length()));
            }
            let (angle, want) = (degrees_between(a, got), 160.0 * t);
            if (angle - want).abs() <= 0.05 && (degrees_between(got, b) - (160.0 - want)).abs() <= 0.05 {
                continue;
            }
            let long = (200.0 * t).min(360.0 - 200.0 * t);
            let hint = if (angle - long).abs() <= 0.5 {
                "it goes the long way round (200°): flip b into a's hemisphere"
            } else if (angle < want) == (t < 0.5) && angle != want {
                "slow near the keys and fast in the middle: that is nlerp's speed; slerp turns at a constant \
                 angular speed (README, Concepts)"
            } else {
                "the angle from a must be t times the whole turn"
            };
            return Err(format!("{what} is {angle:.2}° from a, expected {want:.2}°: {hint}"));
        }
    }
    Ok(())
}

fn check_ends(slerp: Interp) -> Result<(), String> {
    let mut cases = pairs();
    let a = Quat::from_rotation_z(1.0);
    cases.push((a, -(Quat::from_rotation_x(0.02) * a))); // close, stored on the far side
    cases.push((a, Quat::from_rotation_x(1e-4) * a)); // nearly parallel
    for (a, b) in cases {
        let b_short = if exact_dot(a, b) < 0.0 { -b } else { b };
        for (t, want) in [(0.0, a), (1.0, b_short)] {
            let got = slerp(a, b, t);
            if close(got, want, 1e-6) {
                continue;
            }
            let what = format!("slerp({a}, {b}, {t})");
            let shown = format!("\n  expected: {want}\n  got:      {got}");
            let other = if t == 0.0 { b_short } else { a };
            let hint = if !got.is_finite() {
                nan_hint(a, b)
            } else if close(got, other, 1e-4) {
                "the weights are swapped: t = 0 must be all a, t = 1 all b".to_string()
            } else if t == 1.0 && close(got, b, 1e-6) {
                "t = 1 gave b as it was passed in, but the short path ends at -b: the answer jumps sign at the \
                 last moment (return the shortest-arc b)"
                    .to_string()
            } else if close(got / got.length(), want, 1e-6) {
                format!(
                    "it is the right quaternion times {:.7}: the ends must be exact. Are the sines above and \
                     below the line the same sine of the same angle (not sqrt(1 - cos²) below)?",
                    got.length()
                )
            } else {
                format!("t = {t} must give exactly {}", if t == 0.0 { "a" } else { "the shortest-arc b" })
            };
            return Err(format!("{what} is wrong: {hint}{shown}"));
        }
    }
    Ok(())
}

fn check_equal(slerp: Interp) -> Result<(), String> {
    let mut rng = Rng(3);
    for q in [Quat::IDENTITY, Quat::from_rotation_y(0.3), rng.quat(), rng.quat(), rng.quat()] {
        for (b, t) in [q, -q].into_iter().flat_map(|b| TS.map(|t| (b, t))) {
            let (got, what) = (slerp(q, b, t), format!("slerp({q}, {b}, {t})"));
            if !got.is_finite() {
                return Err(format!("{what} is NaN: {}", nan_hint(q, b)));
            }
            check_q(&what, got, q, 1e-6, &[])?;
        }
    }
    Ok(())
}

/// Two different unit quaternions so close that their dot product, however
/// it is summed in `f32`, rounds to more than 1.
fn dot_above_one() -> (Quat, Quat) {
    let mut rng = Rng(11);
    let nudge = |x: f32, ulps: i32| f32::from_bits((x.to_bits() as i32 + ulps) as u32);
    for _ in 0..100_000 {
        let a = rng.quat();
        let b = Quat::from_xyzw(nudge(a.x, 1), nudge(a.y, 1), a.z, nudge(a.w, -1));
        let sequential = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
        let pairwise = (a.x * b.x + a.y * b.y) + (a.z * b.z + a.w * b.w);
        if a != b && sequential > 1.0 && pairwise > 1.0 && a.dot(b) > 1.0 && b.dot(a) > 1.0 {
            return (a, b);
        }
    }
    panic!("the grader found no pair of quaternions with a dot product above 1");
}

fn check_dot_above_one(slerp: Interp) -> Result<(), String> {
    let (a, b) = dot_above_one();
    for t in TS {
        let (got, what) = (slerp(a, b, t), format!("slerp({a}, {b}, {t})"));
        if !got.is_finite() {
            return Err(format!("{what} is NaN: {}", nan_hint(a, b)));
        }
        check_q(&what, got, a, 1e-5, &[])?;
    }
    Ok(())
}

#[test]
fn step3_slerp_matches_glams_slerp() {
    check_slerp(lab05_slerp::slerp).or_fail();
}

#[test]
fn step3_the_angle_grows_in_proportion_to_t() {
    check_speed(lab05_slerp::slerp).or_fail();
}

#[test]
fn step3_the_ends_are_exactly_a_and_the_shortest_arc_b() {
    check_ends(lab05_slerp::slerp).or_fail();
}

#[test]
fn step3_equal_rotations_give_that_rotation_not_nan() {
    check_equal(lab05_slerp::slerp).or_fail();
}

#[test]
fn step3_a_dot_product_rounded_above_one_is_not_nan() {
    check_dot_above_one(lab05_slerp::slerp).or_fail();
}

#[test]
fn grader_step3_rejects_the_classic_slerps() {
    let rejects = |check: fn(Interp) -> Result<(), String>, wrong: Interp, words: &str| {
        let message = check(wrong).expect_err(words);
        assert!(message.contains(words), "expected a message about `{words}`, got:\n{message}");
    };
    rejects(check_slerp, slerp_long_way, "long way");
    rejects(check_slerp, slerp_flip_both, "both inputs");
    rejects(check_slerp, nlerp_right, "nlerp");
    rejects(check_slerp, lerp_unnormalised, "not normalised");
    rejects(check_slerp, slerp_swapped, "swapped");
    rejects(check_slerp, slerp_full_angle, "half the rotation angle");
    rejects(check_speed, nlerp_right, "nlerp's speed");
    rejects(check_speed, slerp_long_way, "long way");
    rejects(check_ends, slerp_swapped, "swapped");
    rejects(check_ends, slerp_unflipped_end, "jumps sign");
    rejects(check_ends, slerp_sqrt_sine, "sqrt(1 - cos²)");
    rejects(check_equal, slerp_no_fallback, "fall back to nlerp");
    rejects(check_dot_above_one, slerp_no_clamp, "clamp");
    rejects(check_dot_above_one, slerp_no_fallback, "fall back to nlerp");
}

#[test]
fn grader_glams_own_functions_pass_every_check() {
    check_dot(|a, b| a.dot(b)).or_fail();
    check_shortest_arc(|from, to| if from.dot(to) < 0.0 { -to } else { to }).or_fail();
    check_nlerp(Quat::lerp).or_fail();
    for check in [check_slerp, check_speed, check_ends, check_equal, check_dot_above_one] {
        check(Quat::slerp).or_fail();
    }
}
