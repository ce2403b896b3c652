//! The grader's own checks: hand-made wrong answers, each rejected with the
//! words that name its mistake (they pass on both variants).

use common::model::Transform;
use glam::Vec3;
use lab09_locomotion::solution as reference;
use lab09_locomotion::{
    Blend, Contact, Facing, Gait, Machine, MachineState, Motion, Offsets, Parameters, Plant, Planting, Reconcile,
    Velocities,
};

use crate::{blend, feet, inertia, kit, machine, placement, springs};

fn rejected(verdict: Result<(), String>, words: &str) {
    let message = verdict.expect_err("a wrong answer must be rejected");
    assert!(message.contains(words), "the message should say `{words}`:\n{message}");
}

fn euler_decay(x: Vec3, v: Vec3, h: f64, dt: f64) -> (Vec3, Vec3) {
    let y = (2.0 * std::f64::consts::LN_2 / h) as f32;
    let dt = dt as f32;
    (x + v * dt, v + (-y * y * x - 2.0 * y * v) * dt)
}

fn slow_halflife(x: Vec3, v: Vec3, h: f64, dt: f64) -> (Vec3, Vec3) {
    reference::spring_decay(x, v, h * 2.0, dt)
}

fn no_velocity(x: Vec3, _v: Vec3, h: f64, dt: f64) -> (Vec3, Vec3) {
    reference::spring_decay(x, Vec3::ZERO, h, dt)
}

#[test]
fn grader_names_wrong_springs() {
    rejected(springs::judge_decay(euler_decay), "Euler");
    rejected(springs::judge_decay(slow_halflife), "half-life");
    rejected(springs::judge_decay(no_velocity), "velocity is left out");
    let euler_position = |m: &Motion, w: Vec3, h: f64, dt: f64| {
        let mut next = reference::follow_velocity(m, w, h, dt);
        next.position = m.position + next.velocity * dt as f32;
        next
    };
    rejected(springs::judge_follow(euler_position), "new velocity");
    let long_way = |f: &Facing, w: f32, h: f64, dt: f64| {
        let (gap, rate) = reference::spring_decay(Vec3::X * (f.angle - w), Vec3::X * f.rate, h, dt);
        Facing { angle: w + gap.x, rate: rate.x }
    };
    rejected(springs::judge_heading(long_way), "long way");
    let straight =
        |m: &Motion, _w: Vec3, _h: f64| lab09_locomotion::PREDICTION.map(|t| m.position + m.velocity * t as f32);
    rejected(springs::judge_predict(straight), "straight on");
    // Responsiveness with Euler steps misses the closed form's time at 30 fps.
    let euler_follow = |m: &Motion, w: Vec3, h: f64, dt: f64| {
        let y = (2.0 * std::f64::consts::LN_2 / h) as f32;
        let dtf = dt as f32;
        let a = m.acceleration + (-y * y * (m.velocity - w) - 2.0 * y * m.acceleration) * dtf;
        Motion { position: m.position + m.velocity * dtf, velocity: m.velocity + m.acceleration * dtf, acceleration: a }
    };
    let predicted = springs::ninety_percent_time(0.2);
    let got = springs::measured_ninety(euler_follow, 0.2, 30.0).unwrap_or(10.0);
    assert!((got - predicted).abs() / predicted > 0.01, "Euler at 30 fps: {got} vs {predicted}");
}

fn reversed_weights(g: &[Gait], s: f32) -> Blend {
    let b = reference::blend_weights(g, s);
    if b.lower != b.upper { Blend { weight: 1.0 - b.weight, ..b } } else { b }
}

#[test]
fn grader_names_wrong_blends() {
    rejected(blend::judge_weights(reversed_weights), "measured from the faster");
    rejected(blend::judge_rate(reference::blend_weights, |_, _, _| 1.0), "rate is 1");
    let by_weighted_speed = |g: &[Gait], b: &Blend, s: f32| {
        let v = g[b.lower].speed + (g[b.upper].speed - g[b.lower].speed) * b.weight;
        if v > 1e-6 { s / v } else { 1.0 }
    };
    rejected(blend::judge_rate(reference::blend_weights, by_weighted_speed), "weighted speed");
}

fn last_wins(m: &Machine, now: &MachineState, p: &Parameters) -> Option<usize> {
    // Ties go to the later transition: `>=` instead of `>`.
    let mut best: Option<usize> = None;
    for i in 0..m.transitions.len() {
        let one = Machine { transitions: vec![m.transitions[i].clone()], ..m.clone() };
        if reference::choose_transition(&one, now, p).is_some()
            && best.is_none_or(|b| m.transitions[i].priority >= m.transitions[b].priority)
        {
            best = Some(i);
        }
    }
    best
}

fn ignores_interruptible(m: &Machine, now: &MachineState, p: &Parameters) -> Option<usize> {
    reference::choose_transition(m, &MachineState { active: None, ..now.clone() }, p)
}

fn ignores_priority(m: &Machine, now: &MachineState, p: &Parameters) -> Option<usize> {
    (0..m.transitions.len()).find(|&i| {
        let one = Machine { transitions: vec![m.transitions[i].clone()], ..m.clone() };
        reference::choose_transition(&one, now, p).is_some()
    })
}

#[test]
fn grader_names_wrong_machines() {
    rejected(machine::judge_choose(last_wins), "first in the file");
    rejected(machine::judge_choose(ignores_interruptible), "not interruptible");
    rejected(machine::judge_choose(ignores_priority), "priority");
}

fn no_flip(o: &mut Offsets, from: &[Transform], fv: &Velocities, to: &[Transform], tv: &Velocities) {
    reference::start_offsets(o, from, fv, to, tv);
    for i in 0..from.len() {
        o.rotations[i] = (from[i].rotation * to[i].rotation.inverse()).to_scaled_axis();
    }
}

fn no_velocities(o: &mut Offsets, from: &[Transform], fv: &Velocities, to: &[Transform], tv: &Velocities) {
    reference::start_offsets(o, from, fv, to, tv);
    o.spins.fill(Vec3::ZERO);
    o.velocities.fill(Vec3::ZERO);
}

fn add_then_decay(o: &mut Offsets, pose: &mut [Transform], h: f64, dt: f64) {
    let before = o.clone();
    reference::inertialize(o, pose, h, 0.0);
    let mut after = before;
    let mut scratch = pose.to_vec();
    reference::inertialize(&mut after, &mut scratch, h, dt);
    *o = after;
}

#[test]
fn grader_names_wrong_offsets() {
    rejected(inertia::judge_start(no_flip), "long way");
    rejected(inertia::judge_start(no_velocities), "zero");
    rejected(inertia::judge_inertialize(add_then_decay), "decay first");
    // The whole run with no offsets at all (a hard switch) pops.
    let steps = lab09_locomotion::given::Steps {
        start_offsets: |o: &mut Offsets, from: &[Transform], _, _, _| *o = Offsets::zero(from.len()),
        ..reference::STEPS
    };
    let (at, max, _) = inertia::run_pops(&steps).expect("runs");
    assert!(at > max, "a hard switch must show a pop: {at} vs {max}");
}

#[test]
fn grader_names_wrong_placements() {
    let fixed_share = |p: Vec3, t: Vec3, s: Vec3, _r: &Reconcile, _dt: f64| p + t + (s - p - t) * 0.1;
    rejected(placement::judge_reconcile(fixed_share), "frame rate");
    let no_limit = |p: Vec3, t: Vec3, s: Vec3, r: &Reconcile, dt: f64| {
        reference::reconcile(p, t, s, &Reconcile { limit: 1e9, ..*r }, dt)
    };
    rejected(placement::judge_reconcile(no_limit), "limit");
    let no_travel = |p: Vec3, _t: Vec3, s: Vec3, r: &Reconcile, dt: f64| reference::reconcile(p, Vec3::ZERO, s, r, dt);
    rejected(placement::judge_reconcile(no_travel), "travel is left out");
    // Without the clip's travel the character lags the simulation by the limit.
    let steps = lab09_locomotion::given::Steps { reconcile: no_travel, ..reference::STEPS };
    assert!(placement::straight_gap(&steps, 60.0).expect("runs") > 0.05);
}

#[test]
fn grader_names_wrong_feet() {
    let in_place = |f: Vec3, b: Vec3, _t: Vec3, dt: f64, c: &Contact| reference::in_contact(f, b, Vec3::ZERO, dt, c);
    rejected(feet::judge_contact(in_place), "travel");
    let never_held = |_p: &mut Plant, _c: bool, animated: Vec3, _dt: f64, _s: &Planting| animated;
    rejected(feet::judge_plant(never_held), "stay where contact began");
    let snap_release = |p: &mut Plant, c: bool, animated: Vec3, dt: f64, s: &Planting| {
        let target = reference::plant_foot(p, c, animated, dt, s);
        if p.held { target } else { animated }
    };
    rejected(feet::judge_plant(snap_release), "jumps");
    // Feet never held slide over the scripted run.
    let steps = lab09_locomotion::given::Steps { plant_foot: never_held, ..reference::STEPS };
    let (slide, _) = feet::run_sliding(&steps, kit::course()).expect("runs");
    assert!(slide > 0.01, "feet never held: {slide} m/s");
}
