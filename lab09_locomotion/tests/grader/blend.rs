//! Step 2: the blend space over speed: neighbours and weight, and the
//! playback rate that makes the synced blend's feet travel at the speed asked.

use common::grade::Verdict;
use lab09_locomotion::{Blend, Gait};

/// Idle, walk and run as the built-in character measures them.
pub fn gaits() -> Vec<Gait> {
    vec![
        Gait { clip: 0, speed: 0.0, seconds: 2.0 },
        Gait { clip: 1, speed: 1.26, seconds: 1.0 },
        Gait { clip: 2, speed: 3.1, seconds: 2.0 / 3.0 },
    ]
}

fn same(a: &Blend, b: &Blend) -> bool {
    if a.lower == b.lower && a.upper == b.upper {
        return (a.weight - b.weight).abs() < 1e-5;
    }
    // The same blend written the other way round, or an end written as a zero-weight pair.
    let at = |x: &Blend| (x.lower, x.upper, x.weight);
    let (l, u, w) = at(a);
    let (l2, u2, w2) = at(b);
    (w < 1e-5 && w2 < 1e-5 && l == l2)
        || (w > 1.0 - 1e-5 && w2 < 1e-5 && u == l2)
        || (w2 > 1.0 - 1e-5 && w < 1e-5 && u2 == l)
}

/// Step 2a's judge.
pub fn judge_weights(f: fn(&[Gait], f32) -> Blend) -> Result<(), String> {
    let g = gaits();
    let cases = [
        (0.0, Blend { lower: 0, upper: 0, weight: 0.0 }, "at the slowest gait's speed, the slowest alone"),
        (0.63, Blend { lower: 0, upper: 1, weight: 0.5 }, "halfway between idle and walk"),
        (1.26, Blend { lower: 1, upper: 1, weight: 0.0 }, "exactly the walk's speed: the walk alone"),
        (2.18, Blend { lower: 1, upper: 2, weight: 0.5 }, "halfway between walk and run"),
        (3.1, Blend { lower: 2, upper: 2, weight: 0.0 }, "the run's speed: the run alone"),
        (
            5.0,
            Blend { lower: 2, upper: 2, weight: 0.0 },
            "above the fastest gait: the fastest alone (no weight above 1)",
        ),
    ];
    for (speed, want, what) in cases {
        let got = f(&g, speed);
        if !got.weight.is_finite() || !(0.0..=1.0).contains(&got.weight) {
            return Err(format!(
                "blend_weights at {speed} m/s ({what}): the weight {} must be from 0 to 1",
                got.weight
            ));
        }
        if got.lower >= g.len() || got.upper >= g.len() {
            return Err(format!("blend_weights at {speed} m/s: gait index out of range in {got:?}"));
        }
        if !same(&got, &want) {
            let flipped = Blend { weight: 1.0 - got.weight, ..got };
            let blended = |b: &Blend| g[b.lower].speed + (g[b.upper].speed - g[b.lower].speed) * b.weight;
            let named = if got.lower != got.upper && (blended(&flipped) - speed).abs() < 1e-4 {
                ": the weight is measured from the faster gait: 0 must be the slower's speed"
            } else {
                ""
            };
            return Err(format!(
                "blend_weights at {speed} m/s ({what}) is wrong{named}\n  expected {want:?}\n  got      {got:?}"
            ));
        }
    }
    // Two gaits at the same speed (a walk and a brisk walk measured alike): no division by zero.
    let twins = [g[0], g[1], Gait { clip: 3, ..g[1] }, g[2]];
    for speed in [1.26, 1.0, 2.0] {
        let got = f(&twins, speed);
        if !got.weight.is_finite() {
            return Err(format!(
                "blend_weights with two gaits at the same speed (1.26 m/s), asked {speed}: the weight is {} (a division by zero between equal speeds?)",
                got.weight
            ));
        }
        let (a, b) = (twins[got.lower].speed, twins[got.upper].speed);
        let blended = a + (b - a) * got.weight;
        if (blended - speed).abs() > 1e-4 {
            return Err(format!(
                "blend_weights with two gaits at the same speed, asked {speed}: {got:?} blends to {blended} m/s"
            ));
        }
    }
    // A blend space with no idle (a user's walk and run): below the walk, the walk alone.
    let moving = f(&g[1..], 0.5);
    if moving.lower != 0 || moving.upper != 0 || !moving.weight.is_finite() || moving.weight.abs() > 1e-6 {
        return Err(format!(
            "blend_weights of walk and run alone, asked 0.5 m/s (below the slowest gait): expected the walk alone, got {moving:?}"
        ));
    }
    let one = f(&g[1..2], 3.0);
    if one.lower != 0 || one.upper != 0 || !one.weight.is_finite() {
        return Err(format!("blend_weights with a single gait must pick it, got {one:?}"));
    }
    Ok(())
}

#[test]
fn step2_blend_weights_pick_the_two_neighbours() {
    judge_weights(lab09_locomotion::blend_weights).or_fail();
}

/// How fast the synced blend's feet travel at `rate`: the blended distance
/// per cycle over the blended cycle, times the rate (computed by phase steps).
pub fn feet_speed(g: &[Gait], b: &Blend, rate: f32) -> f32 {
    let (a, c) = (g[b.lower], g[b.upper]);
    let w = f64::from(b.weight);
    // Walk one blended cycle in small phase steps, as the frame loop does.
    let cycle = a.seconds + (c.seconds - a.seconds) * w;
    let per_cycle = f64::from(a.speed) * a.seconds * (1.0 - w) + f64::from(c.speed) * c.seconds * w;
    let (steps, mut covered, mut seconds) = (1000, 0.0f64, 0.0f64);
    for _ in 0..steps {
        covered += per_cycle / f64::from(steps);
        seconds += cycle / f64::from(steps) / f64::from(rate);
    }
    (covered / seconds) as f32
}

/// Step 2b's judge.
pub fn judge_rate(weights: fn(&[Gait], f32) -> Blend, f: fn(&[Gait], &Blend, f32) -> f32) -> Result<(), String> {
    let g = gaits();
    for speed in [0.3f32, 0.9, 1.26, 1.8, 2.5, 3.1, 4.0] {
        let b = weights(&g, speed);
        let rate = f(&g, &b, speed);
        if !rate.is_finite() || rate <= 0.0 {
            return Err(format!("playback_rate at {speed} m/s ({b:?}) must be a finite rate above 0, got {rate}"));
        }
        let feet = feet_speed(&g, &b, rate);
        if (feet - speed).abs() > 1e-3 * speed.max(1.0) {
            let (a, c) = (g[b.lower], g[b.upper]);
            let linear = a.speed + (c.speed - a.speed) * b.weight;
            let named = if (rate - 1.0).abs() < 1e-5 {
                ": the rate is 1, but a synced blend does not travel at the weighted speed: how far does it go per cycle, and in how long?"
            } else if (rate - speed / linear).abs() < 1e-4 {
                ": the rate divides by the weighted speed; the synced blend travels the weighted distance in the weighted cycle"
            } else {
                ""
            };
            return Err(format!(
                "playback_rate at {speed} m/s ({b:?}): at rate {rate} the feet travel at {feet:.4} m/s, not {speed}{named}"
            ));
        }
    }
    let idle = Blend { lower: 0, upper: 0, weight: 0.0 };
    let rate = f(&g, &idle, 0.0);
    if (rate - 1.0).abs() > 1e-5 {
        return Err(format!("playback_rate of the idle alone (it does not travel) must be 1, got {rate}"));
    }
    Ok(())
}

#[test]
fn step2_playback_rate_makes_the_feet_match_the_speed() {
    judge_rate(lab09_locomotion::blend_weights, lab09_locomotion::playback_rate).or_fail();
}
