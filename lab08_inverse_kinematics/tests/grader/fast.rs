//! The fast solvers (`lab08_inverse_kinematics::fast`, going further) against
//! the reference: the same answers to rounding on random legs and look-ats
//! (scaled, mirrored, weighted, softened, twisted), the same errors on bad
//! input. Code you do not write: these pass before step 1 is done.

use glam::{Mat4, Quat, Vec3};
use lab08_inverse_kinematics::{Aim, IkError, TwoBone, TwoBoneSolve, fast, solution};

use crate::rig::{Random, plain_leg};

/// Radians between two rotations (q and -q are the same one), precise near 0
/// (an `acos` of their dot product could not resolve less than about 7e-4).
fn angle(a: Quat, b: Quat) -> f32 {
    let (a, b) = (a.normalize(), b.normalize());
    let b = if a.dot(b) < 0.0 { -b } else { b };
    4.0 * (a - b).length().atan2((a + b).length())
}

/// A joint matrix: a random frame, sometimes scaled (uniformly or not), sometimes mirrored.
fn joint(random: &mut Random, case: usize, at: Vec3) -> Mat4 {
    let scale = match case % 4 {
        0 => Vec3::ONE,
        1 => Vec3::splat(random.range(0.01, 100.0)),
        2 => Vec3::new(random.range(0.5, 2.0), random.range(0.5, 2.0), random.range(0.5, 2.0)),
        _ => Vec3::new(-1.0, 1.0, 1.0),
    };
    Mat4::from_scale_rotation_translation(scale, random.rotation(), at)
}

/// A random leg, its target from well inside to well out of reach.
fn leg(random: &mut Random, case: usize) -> TwoBone {
    let (upper, lower) = (random.range(0.2, 0.6), random.range(0.2, 0.6));
    let hip = Vec3::new(random.range(-1.0, 1.0), random.range(-1.0, 1.0), random.range(-1.0, 1.0));
    let knee = hip + random.direction() * upper;
    let ankle = knee + random.direction() * lower;
    let target = hip + random.direction() * random.range(0.05, 1.3) * (upper + lower);
    let pole = knee + random.direction() * 0.5;
    let mut job = TwoBone::new(
        joint(random, case, hip),
        joint(random, case / 4, knee),
        joint(random, case, ankle),
        target,
        pole,
        random.direction() * random.range(0.5, 2.0),
    );
    job.weight = [1.0, 1.0, 0.0, random.range(0.0, 1.0)][case % 4];
    job.soften = [1.0, 0.97, 0.5][case % 3];
    job.twist = if case.is_multiple_of(5) { random.range(-3.0, 3.0) } else { 0.0 };
    job
}

/// The knee and the end after a solve.
fn solved(job: &TwoBone, answer: &TwoBoneSolve) -> [Vec3; 2] {
    let (_, start, s) = job.start.to_scale_rotation_translation();
    let (_, mid, m) = job.mid.to_scale_rotation_translation();
    let turn = start * answer.start * start.inverse();
    let knee = s + turn * (m - s);
    let end = knee + (turn * mid * answer.mid) * (mid.inverse() * (job.end.w_axis.truncate() - m));
    [knee, end]
}

/// Checks one fast answer against the reference's; returns the angle between them.
fn agree(case: usize, job: &TwoBone, fast: &Result<TwoBoneSolve, IkError>) -> Option<f32> {
    let reference = solution::two_bone(job);
    let (Ok(fast), Ok(reference)) = (fast, &reference) else {
        assert_eq!(fast.as_ref().err(), reference.err().as_ref(), "case {case}: {job:?}");
        return None;
    };
    assert_eq!(fast.reached, reference.reached, "case {case}: `reached` differs: {job:?}");
    let (mine, theirs) = (solved(job, fast), solved(job, reference));
    let apart = (mine[0] - theirs[0]).length().max((mine[1] - theirs[1]).length());
    assert!(apart < 1e-5, "case {case}: the fast solve puts the knee or the end {apart:.2e} away: {job:?}");
    // Every leg, a straight one too: the roll is the hinge's, defined for all.
    let off = angle(fast.mid, reference.mid).max(angle(fast.start, reference.start));
    assert!(off < 1e-4, "case {case}: the fast corrections are {off:.2e} rad off the reference's: {job:?}");
    Some(off)
}

#[test]
fn given_fast_two_bone_matches_the_reference() {
    let mut random = Random::new(0xFA57_0008);
    let jobs: Vec<TwoBone> = (0..20_000).map(|case| leg(&mut random, case)).collect();
    let mut batch = Vec::new();
    fast::two_bone_many(&jobs, &mut batch);
    assert_eq!(batch.len(), jobs.len(), "two_bone_many gave {} answers for {} jobs", batch.len(), jobs.len());
    for (path, answers) in [("one by one", jobs.iter().map(fast::two_bone).collect()), ("batch", batch)] {
        let (mut worst, mut compared, mut above) = (0.0f32, 0, 0);
        for (case, (job, answer)) in jobs.iter().zip(&answers).enumerate() {
            if let Some(off) = agree(case, job, answer) {
                worst = worst.max(off);
                compared += 1;
                above += usize::from(off > 1e-5);
            }
        }
        assert!(compared > 19_000, "{path}: only {compared} of 20,000 random legs were valid jobs");
        eprintln!(
            "fast two-bone, {path}: {compared} legs, worst {worst:.2e} rad from the reference, {above} above 1e-5"
        );
    }
}

#[test]
fn given_fast_aim_matches_the_reference() {
    let mut random = Random::new(0xFA57_0108);
    let mut worst = 0.0f32;
    for case in 0..20_000 {
        let at = Vec3::new(random.range(-1.0, 1.0), 0.0, random.range(-1.0, 1.0));
        let job = Aim {
            joint: joint(&mut random, case, at),
            target: Vec3::new(random.range(-3.0, 3.0), random.range(-3.0, 3.0), random.range(-3.0, 3.0)),
            forward: random.direction(),
            up: random.direction(),
            pole: random.direction(),
            limit: if case % 2 == 0 { std::f32::consts::PI } else { random.range(0.0, 3.0) },
            weight: [1.0, random.range(0.0, 1.0)][case % 3 / 2],
        };
        let (fast, reference) = (fast::aim(&job).expect("a valid job"), solution::aim(&job).expect("a valid job"));
        assert_eq!(fast.reached, reference.reached, "case {case}: `reached` differs: {job:?}");
        // The reference's angle comes from glam's approximate acos, good to about 1e-4 near 0.
        let off = angle(fast.correction, reference.correction);
        assert!(off < 2e-4, "case {case}: the fast correction is {off:.2e} rad off the reference's: {job:?}");
        worst = worst.max(off);
    }
    eprintln!("fast aim: 20,000 look-ats, worst {worst:.2e} rad from the reference");
}

#[test]
fn given_fast_ik_refuses_what_the_reference_refuses() {
    let job = plain_leg();
    let (hip, knee) = (job.start, job.mid);
    let mut projective = hip;
    projective.x_axis.w = 0.5;
    let sheared = Mat4::from_cols(hip.x_axis, hip.x_axis + hip.y_axis, hip.z_axis, hip.w_axis);
    let legs = [
        TwoBone { target: Vec3::ZERO, ..job },
        TwoBone { mid: hip, ..job },
        TwoBone { end: knee, ..job },
        TwoBone { pole: Vec3::new(0.0, -1.4, 0.4), ..job },
        TwoBone { target: Vec3::new(f32::NAN, 0.0, 0.0), ..job },
        TwoBone { start: Mat4::from_translation(Vec3::splat(f32::INFINITY)), ..job },
        TwoBone { weight: 1.5, ..job },
        TwoBone { soften: 0.0, ..job },
        TwoBone { twist: f32::NAN, ..job },
        TwoBone { mid_axis: Vec3::ZERO, ..job },
        TwoBone { start: projective, ..job },
        TwoBone { start: sheared, ..job },
    ];
    for (i, bad) in legs.iter().enumerate() {
        assert_eq!(fast::two_bone(bad), solution::two_bone(bad), "leg {i}: {bad:?}");
    }
    assert!(matches!(fast::two_bone(&legs[0]), Err(IkError::TargetAtRoot)));
    let look =
        Aim { joint: hip, target: Vec3::X, forward: Vec3::X, up: Vec3::Y, pole: Vec3::Y, limit: 1.0, weight: 1.0 };
    let aims = [
        Aim { target: Vec3::ZERO, ..look },
        Aim { target: -Vec3::X, ..look },
        Aim { forward: Vec3::ZERO, ..look },
        Aim { pole: Vec3::X, ..look },
        Aim { limit: 4.0, ..look },
        Aim { weight: f32::NAN, ..look },
        Aim { joint: projective, ..look },
    ];
    for (i, bad) in aims.iter().enumerate() {
        assert_eq!(fast::aim(bad), solution::aim(bad), "aim {i}: {bad:?}");
    }
}

#[test]
fn given_fast_and_batch_agree_on_bent_softened_and_straight_legs() {
    use crate::straight::{Reach, leg};
    let mut random = Random::new(0xFA57_0208);
    for reach in [Reach::Bent, Reach::Softened, Reach::Unreachable, Reach::Straight] {
        let jobs: Vec<TwoBone> = (0..2_000).map(|_| leg(&mut random, reach, (-1.0, 2.6))).collect();
        let mut batch = Vec::new();
        fast::two_bone_many(&jobs, &mut batch);
        let one: Vec<_> = jobs.iter().map(fast::two_bone).collect();
        let (mut worst_one, mut worst_batch) = (0.0f32, 0.0f32);
        for (case, job) in jobs.iter().enumerate() {
            worst_one = worst_one.max(agree(case, job, &one[case]).unwrap_or(0.0));
            worst_batch = worst_batch.max(agree(case, job, &batch[case]).unwrap_or(0.0));
        }
        eprintln!(
            "fast two-bone, {reach:?}: 2,000 legs, worst from the reference {worst_one:.2e} rad one by one, {worst_batch:.2e} batch"
        );
    }
}
