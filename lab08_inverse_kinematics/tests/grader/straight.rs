//! Step 1 from outside: legs bent, softened, out of reach and straight. The
//! roll is the hinge's (square to the plane of the line and the pole), so a
//! leg moved rigidly with its target keeps its corrections; a knee bent
//! backwards in the input still ends bent forwards; the soften zone follows
//! the handout's curve.

use glam::{Mat4, Quat, Vec3};
use lab08_inverse_kinematics::{TwoBone, TwoBoneSolve, two_bone};

use crate::rig::{Random, at};

/// Radians between two rotations (q and -q alike), precise near 0.
pub fn angle(a: Quat, b: Quat) -> f32 {
    let (a, b) = (a.normalize(), b.normalize());
    let b = if a.dot(b) < 0.0 { -b } else { b };
    4.0 * (a - b).length().atan2((a + b).length())
}

/// Radians between two directions, precise near 0.
pub fn between(a: Vec3, b: Vec3) -> f32 {
    a.cross(b).length().atan2(a.dot(b))
}

/// What kind of target a leg is given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reach {
    /// From 0.17 of the leg's length (and 0.05 past |upper - lower|) to 0.999, soften 1.
    Bent,
    /// Soften 0.97, from 0.97 to 1.5 lengths.
    Softened,
    /// Soften 1, from 1.02 to 1.5 lengths: the leg ends straight.
    Unreachable,
    /// Soften 1, the knee straight in the input and the target out of reach.
    Straight,
}

/// A leg as the bench draws it: bones 0.2 to 0.6, a random frame per joint,
/// the hinge square to the leg's plane; the knee's bend now drawn from `bends`
/// (negative: bent backwards); the target's distance by `reach`.
pub fn leg(random: &mut Random, reach: Reach, bends: (f32, f32)) -> TwoBone {
    let bend = random.range(bends.0, bends.1);
    let (upper, lower) = (random.range(0.2, 0.6), random.range(0.2, 0.6));
    let (turn, frames) = (random.rotation(), [random.rotation(), random.rotation(), random.rotation()]);
    let hip = Vec3::new(random.range(-1.0, 1.0), random.range(-1.0, 1.0), random.range(-1.0, 1.0));
    let bend = if reach == Reach::Straight { 0.0 } else { bend };
    let knee = hip + turn * Vec3::new(0.0, -upper, 0.0);
    let ankle = knee + turn * (Vec3::new(0.0, -bend.cos(), -bend.sin()) * lower);
    // A positive turn about the hinge closes the knee: the leg's X, seen from the knee.
    let axis = frames[1].inverse() * (turn * Vec3::X);
    let length = upper + lower;
    let (share, soften) = match reach {
        Reach::Bent => (random.range(0.17f32.max((upper - lower).abs() / length + 0.05), 0.999), 1.0),
        Reach::Softened => (random.range(0.97, 1.5), 0.97),
        Reach::Unreachable | Reach::Straight => (random.range(1.02, 1.5), 1.0),
    };
    let to = random.direction();
    let pole = loop {
        let p = random.direction();
        if p.dot(to).abs() < 0.85 {
            break p;
        }
    };
    let m = |r: Quat, p: Vec3| Mat4::from_rotation_translation(r, p);
    let mut job = TwoBone::new(
        m(frames[0], hip),
        m(frames[1], knee),
        m(frames[2], ankle),
        hip + to * share * length,
        hip + pole,
        axis,
    );
    job.soften = soften;
    job
}

/// The job moved rigidly: turned by `turn` about the origin, then moved by `by`.
pub fn moved(job: &TwoBone, turn: Quat, by: Vec3) -> TwoBone {
    let rigid = Mat4::from_rotation_translation(turn, by);
    let point = |p: Vec3| rigid.transform_point3(p);
    TwoBone {
        start: rigid * job.start,
        mid: rigid * job.mid,
        end: rigid * job.end,
        target: point(job.target),
        pole: point(job.pole),
        ..*job
    }
}

/// The knee's hinge in model space after the corrections, and the
/// direction it should have: square to the plane of hip, target and pole,
/// so that bending closes the knee towards the pole.
pub fn hinge_after(job: &TwoBone, answer: &TwoBoneSolve) -> (Vec3, Vec3) {
    let (_, start, s) = job.start.to_scale_rotation_translation();
    let (_, mid, _) = job.mid.to_scale_rotation_translation();
    let turn = start * answer.start * start.inverse();
    let hinge = (turn * mid * answer.mid) * job.mid_axis;
    let line = (job.target - s).normalize();
    (hinge, (job.pole - s).reject_from(line).cross(line))
}

#[test]
fn step1_a_leg_moved_with_its_target_keeps_its_corrections() {
    let mut random = Random::new(0x57A1_0008);
    for reach in [Reach::Bent, Reach::Softened, Reach::Unreachable, Reach::Straight] {
        let mut worst = (0.0f32, 0.0f32);
        for case in 0..300 {
            let job = leg(&mut random, reach, (0.1, 2.6));
            let shift = random.direction() * 1e-5;
            let nudge = Quat::from_axis_angle(random.direction(), 1e-5);
            let (a, b) =
                (two_bone(&job).expect("a valid job"), two_bone(&moved(&job, nudge, shift)).expect("a valid job"));
            let (start, mid) = (angle(a.start, b.start), angle(a.mid, b.mid));
            worst = (worst.0.max(start), worst.1.max(mid));
            assert!(
                mid <= 1e-4,
                "{reach:?} leg {case}: moving the leg and its target together by 1e-5 changes the knee's correction by {mid:.2e} rad: near full stretch `acos` of a cosine within rounding of -1 is 3.5e-4 rad from straight; take the bend from the half-angle form (README, step 1, hint 2)"
            );
            assert!(
                start <= 1e-4,
                "{reach:?} leg {case}: moving the leg and its target together by 1e-5 changes the hip's correction by {start:.2e} rad: a leg spinning about its own axis; is the roll taken from the knee's offset off the line, which a straight leg does not have? Roll the hinge instead (README, step 1, hint 3)"
            );
        }
        eprintln!(
            "step 1, {reach:?}: 300 legs moved by 1e-5, corrections moved at most {:.2e} (hip), {:.2e} (knee) rad",
            worst.0, worst.1
        );
    }
}

#[test]
fn step1_the_hinge_faces_the_pole_plane_bent_or_straight() {
    let mut random = Random::new(0x57A2_0008);
    for reach in [Reach::Bent, Reach::Softened, Reach::Unreachable, Reach::Straight] {
        let mut worst = 0.0f32;
        for case in 0..300 {
            let job = leg(&mut random, reach, (-1.0, 2.6));
            let answer = two_bone(&job).expect("a valid job");
            let (hinge, wanted) = hinge_after(&job, &answer);
            let off = between(hinge, wanted);
            worst = worst.max(off);
            assert!(
                off <= 1e-4,
                "{reach:?} leg {case}: the knee's hinge is {off:.2e} rad off square to the plane of hip, target and pole: pole ignored, or the roll taken from a knee offset that a straight leg does not have (README, step 1, hint 3)"
            );
        }
        eprintln!("step 1, {reach:?}: hinge at most {worst:.2e} rad off the pole plane's normal");
    }
}

#[test]
fn step1_a_knee_bent_backwards_ends_bent_forwards() {
    let mut random = Random::new(0x57A3_0008);
    for case in 0..100 {
        let job = leg(&mut random, Reach::Bent, (-2.0, -0.2));
        let answer = two_bone(&job).expect("a valid job");
        let [s, knee, end] = crate::two_bone::solved_points(&job, answer.start, answer.mid);
        let length = (at(&job.mid) - s).length() + (at(&job.end) - at(&job.mid)).length();
        let miss = (end - job.target).length();
        let (hinge, _) = hinge_after(&job, &answer);
        let bend = hinge.dot((knee - s).cross(end - knee)).atan2((knee - s).dot(end - knee));
        assert!(
            miss <= 1e-4 * length && bend >= 0.0,
            "leg {case}: a knee bent backwards in the input ends {miss:.2e} from the target, bent {bend:.3} rad about its hinge: the bend now must be signed (atan2 of the hinge's part of d1 x d2), not acos of d1 . d2 (README, Concepts, \"signed\")"
        );
    }
}

/// The handout's soften curve: the distance the leg is asked to span.
fn softened(distance: f32, length: f32, soften: f32) -> f32 {
    let start = soften * length;
    if distance <= start {
        distance
    } else {
        start + (length - start) * (1.0 - (-(distance - start) / (length - start)).exp())
    }
}

#[test]
fn step1_soften_follows_the_curve() {
    let mut random = Random::new(0x57A4_0008);
    for case in 0..60 {
        let soften = [0.9, 0.97, 0.5][case % 3];
        let mut job = leg(&mut random, Reach::Bent, (0.3, 2.0));
        job.soften = soften;
        let s = at(&job.start);
        let length = (at(&job.mid) - s).length() + (at(&job.end) - at(&job.mid)).length();
        let share = [0.95, 1.0, 1.2, 2.0][case % 4];
        job.target = s + (job.target - s).normalize() * share * length;
        let answer = two_bone(&job).expect("a valid job");
        let [_, _, end] = crate::two_bone::solved_points(&job, answer.start, answer.mid);
        let (got, want) = ((end - s).length(), softened(share * length, length, soften));
        assert_eq!(
            answer.reached,
            share < soften,
            "soften {soften}, target at {share} L: `reached` must say whether the softened chain touches the target"
        );
        assert!(
            (got - want).abs() <= 1e-4 * length,
            "soften {soften}, target at {share} L: the ankle ends {:.4} L from the hip, the soften curve asks {:.4} L: is the zone's exponent divided by the zone's width L - sL? (README, Concepts, Soften)",
            got / length,
            want / length
        );
    }
}

#[test]
fn step1_twist_turns_the_plane_about_the_line() {
    let mut random = Random::new(0x57A5_0008);
    for reach in [Reach::Bent, Reach::Straight] {
        for case in 0..40 {
            let mut job = leg(&mut random, reach, (0.2, 2.0));
            job.twist = random.range(-2.5, 2.5);
            let answer = two_bone(&job).expect("a valid job");
            let (hinge, wanted) = hinge_after(&job, &answer);
            let line = (job.target - at(&job.start)).normalize();
            let turned = line.dot(wanted.cross(hinge)).atan2(wanted.dot(hinge));
            assert!(
                (turned - job.twist).abs() <= 1e-4,
                "{reach:?} leg {case}: twist {:.3} turns the knee's plane by {turned:.3} rad about the hip-target line: twist ignored? it adds to the roll (README, step 1)",
                job.twist
            );
        }
    }
}
