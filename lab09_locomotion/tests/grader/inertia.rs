//! Step 4: inertialization. The offsets at the switch, their decay and
//! their application, and no pop at any transition of the scripted run.

use common::grade::{SplitMix64, Verdict, check_quat, check_vec3};
use common::model::Transform;
use glam::{Quat, Vec3};
use lab09_locomotion::given::{from_rotation_vector, rotation_vector};
use lab09_locomotion::{Offsets, Velocities};

use crate::kit::{RUN, RUN_SECONDS, course, crossfade, pops, run_with, setup};
use crate::springs::decay;

/// A random pose of `n` nodes; every other rotation stored as its negative
/// (the same rotation in the far hemisphere).
pub fn random_pose(rng: &mut SplitMix64, n: usize) -> Vec<Transform> {
    (0..n)
        .map(|i| {
            let axis = rng.vec3(-1.0, 1.0).normalize_or(Vec3::Y);
            let q = Quat::from_axis_angle(axis, rng.range(-2.5, 2.5));
            Transform { translation: rng.vec3(-1.0, 1.0), rotation: if i % 2 == 0 { q } else { -q }, scale: Vec3::ONE }
        })
        .collect()
}

pub fn random_velocities(rng: &mut SplitMix64, n: usize) -> Velocities {
    Velocities {
        angular: (0..n).map(|_| rng.vec3(-3.0, 3.0)).collect(),
        linear: (0..n).map(|_| rng.vec3(-1.0, 1.0)).collect(),
    }
}

/// The grader's own offsets at the switch.
pub fn offsets_between(from: &[Transform], fv: &Velocities, to: &[Transform], tv: &Velocities) -> Offsets {
    let mut o = Offsets::zero(from.len());
    for i in 0..from.len() {
        let mut turn = from[i].rotation * to[i].rotation.conjugate();
        if turn.w < 0.0 {
            turn = -turn;
        }
        o.rotations[i] = turn.to_scaled_axis();
        o.spins[i] = fv.angular[i] - tv.angular[i];
        o.translations[i] = from[i].translation - to[i].translation;
        o.velocities[i] = fv.linear[i] - tv.linear[i];
    }
    o
}

/// Step 4a's judge.
pub fn judge_start(f: fn(&mut Offsets, &[Transform], &Velocities, &[Transform], &Velocities)) -> Result<(), String> {
    let mut rng = SplitMix64(9);
    let n = 12;
    let (from, mut to) = (random_pose(&mut rng, n), random_pose(&mut rng, n));
    // Every third node of the new pose stored in the other hemisphere: the same rotation.
    for t in to.iter_mut().step_by(3) {
        t.rotation = -t.rotation;
    }
    let (fv, tv) = (random_velocities(&mut rng, n), random_velocities(&mut rng, n));
    let want = offsets_between(&from, &fv, &to, &tv);
    let mut got = Offsets::zero(3); // the wrong size: the step sizes it
    f(&mut got, &from, &fv, &to, &tv);
    if got.rotations.len() != n || got.spins.len() != n || got.translations.len() != n || got.velocities.len() != n {
        return Err(format!(
            "start_offsets: the offsets must have one entry per node ({n}), got {}",
            got.rotations.len()
        ));
    }
    for i in 0..n {
        let what = format!("start_offsets: node {i}");
        let r = got.rotations[i];
        let turn = from_rotation_vector(r);
        let mistakes = [
            (
                "the offset turns the old pose onto the new one: it must carry the new pose (to) onto the old (from)",
                to[i].rotation * from[i].rotation.conjugate(),
            ),
            (
                "the offset is taken in the joint's own frame (after the local rotation): it turns in the parent's frame, before it",
                to[i].rotation.conjugate() * from[i].rotation,
            ),
        ];
        check_quat(
            &format!("{what}: the rotation offset"),
            turn,
            Quat::from_scaled_axis(want.rotations[i]),
            &mistakes,
        )?;
        if r.length() > std::f32::consts::PI + 1e-4 {
            return Err(format!(
                "{what}: the rotation offset turns {:.1} degrees, the long way round: q and -q are one rotation; take the short way (below 180 degrees)",
                r.length().to_degrees()
            ));
        }
        if got.spins[i].length() < 1e-6 && want.spins[i].length() > 1e-3 {
            return Err(format!(
                "{what}: the offset's angular velocity is zero: the old pose was moving differently from the new one, and that difference pops if it is dropped"
            ));
        }
        check_vec3(
            &format!("{what}: the offset's angular velocity"),
            got.spins[i],
            want.spins[i],
            &[("the velocities are subtracted the wrong way round: the old minus the new", -want.spins[i])],
        )?;
        check_vec3(
            &format!("{what}: the translation offset"),
            got.translations[i],
            want.translations[i],
            &[(
                "the translation offset is new minus old: it must carry the new pose onto the old",
                -want.translations[i],
            )],
        )?;
        check_vec3(
            &format!("{what}: the translation's velocity"),
            got.velocities[i],
            want.velocities[i],
            &[("the translation's velocity is left at zero", Vec3::ZERO)],
        )?;
    }
    Ok(())
}

#[test]
fn step4_start_offsets_carry_the_new_pose_onto_the_old() {
    judge_start(lab09_locomotion::start_offsets).or_fail();
}

/// Step 4b's judge.
pub fn judge_inertialize(f: fn(&mut Offsets, &mut [Transform], f64, f64)) -> Result<(), String> {
    let mut rng = SplitMix64(21);
    let n = 8;
    let (from, to) = (random_pose(&mut rng, n), random_pose(&mut rng, n));
    let (fv, tv) = (random_velocities(&mut rng, n), random_velocities(&mut rng, n));
    let start = offsets_between(&from, &fv, &to, &tv);
    // dt 0: the new pose with its offsets is the old pose exactly (no pop at the switch).
    let mut o = start.clone();
    let mut pose = to.clone();
    f(&mut o, &mut pose, 0.1, 0.0);
    for i in 0..n {
        check_quat(
            &format!("inertialize at the switch (dt 0): node {i}'s rotation"),
            pose[i].rotation,
            from[i].rotation,
            &[(
                "the offset's turn is applied after the local rotation: it turns in the parent's frame, before it",
                to[i].rotation * from_rotation_vector(start.rotations[i]),
            )],
        )?;
        check_vec3(
            &format!("inertialize at the switch (dt 0): node {i}'s translation"),
            pose[i].translation,
            from[i].translation,
            &[],
        )?;
    }
    // One frame: decayed by step 1a's spring, then added.
    for dt in [1.0 / 60.0, 0.2] {
        let mut o = start.clone();
        let mut pose = to.clone();
        f(&mut o, &mut pose, 0.1, dt);
        for i in 0..n {
            let (r, s) = decay(start.rotations[i], start.spins[i], 0.1, dt);
            let (t, v) = decay(start.translations[i], start.velocities[i], 0.1, dt);
            check_vec3(
                &format!("inertialize(dt {dt}): node {i}'s rotation offset"),
                o.rotations[i],
                r,
                &[("the offset did not decay", start.rotations[i])],
            )?;
            check_vec3(&format!("inertialize(dt {dt}): node {i}'s offset velocity"), o.spins[i], s, &[])?;
            check_vec3(&format!("inertialize(dt {dt}): node {i}'s translation offset"), o.translations[i], t, &[])?;
            check_vec3(&format!("inertialize(dt {dt}): node {i}'s translation velocity"), o.velocities[i], v, &[])?;
            check_quat(
                &format!("inertialize(dt {dt}): node {i}'s rotation"),
                pose[i].rotation,
                from_rotation_vector(r) * to[i].rotation,
                &[(
                    "the pose got the offset from before the decay: decay first, then add",
                    from_rotation_vector(start.rotations[i]) * to[i].rotation,
                )],
            )?;
            check_vec3(
                &format!("inertialize(dt {dt}): node {i}'s translation"),
                pose[i].translation,
                to[i].translation + t,
                &[(
                    "the pose got the offset from before the decay: decay first, then add",
                    to[i].translation + start.translations[i],
                )],
            )?;
        }
    }
    // Ten half-lives later the offsets have died away; a half-life of 0 ends them at once.
    let mut o = start.clone();
    let mut pose = to.clone();
    for _ in 0..60 {
        pose.clone_from(&to);
        f(&mut o, &mut pose, 0.1, 1.0 / 60.0);
    }
    let left = o.rotations.iter().chain(&o.translations).map(|v| v.length()).fold(0.0f32, f32::max);
    if left > 1e-2 {
        return Err(format!(
            "inertialize: after ten half-lives an offset of {left} is left: it must decay towards zero"
        ));
    }
    let mut o = start.clone();
    let mut pose = to.clone();
    f(&mut o, &mut pose, 0.0, 1.0 / 60.0);
    for i in 0..n {
        check_quat(&format!("inertialize with halflife 0: node {i}"), pose[i].rotation, to[i].rotation, &[])?;
    }
    Ok(())
}

#[test]
fn step4_inertialize_follows_the_spring() {
    judge_inertialize(lab09_locomotion::inertialize).or_fail();
}

/// The scripted run's pops through `steps`: (at transitions, max elsewhere, median elsewhere).
pub fn run_pops(steps: &lab09_locomotion::Steps) -> Result<(f32, f32, f32), String> {
    let shots = run_with(steps, &setup(course()), RUN, RUN_SECONDS, 60.0)?;
    Ok(pops(&shots))
}

#[test]
fn step4_no_pops_at_transitions() {
    let (at, max, median) = run_pops(&lab09_locomotion::STEPS).unwrap_or_else(|e| panic!("{e}"));
    let shots = run_with(&lab09_locomotion::STEPS, &setup(crossfade(course())), RUN, RUN_SECONDS, 60.0)
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "step 4: with lab 07's crossfade instead, the largest jump at transitions is {:.2} rad/s",
        pops(&shots).0
    );
    eprintln!(
        "step 4: largest jump of a joint's angular velocity at transitions {at:.2} rad/s; between ordinary frames max {max:.2}, median {median:.3}"
    );
    assert!(
        at <= max,
        "at a transition a joint's angular velocity jumps by {at:.2} rad/s, more than between any two ordinary frames of the clips ({max:.2}): a pop. Are the offsets' velocities kept, and the turn the short one?"
    );
}

#[test]
fn given_rotation_vectors_round_trip() {
    for q in [Quat::from_rotation_y(0.3), Quat::from_axis_angle(Vec3::new(1.0, 2.0, 0.5).normalize(), 2.9)] {
        assert!(from_rotation_vector(rotation_vector(q)).dot(q).abs() > 1.0 - 1e-6);
    }
    let v = Velocities::between(
        &[Transform::IDENTITY],
        &[Transform { rotation: -Quat::from_rotation_x(0.1), ..Transform::IDENTITY }],
        0.1,
    );
    assert!((v.angular[0] - Vec3::X).length() < 1e-4, "the short way: {:?}", v.angular);
}
