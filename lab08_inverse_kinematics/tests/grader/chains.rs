//! Steps 3 and 4: CCD and FABRIK on a tentacle of eight bones.

use glam::Vec3;
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::rig::{rest, tentacle};
use lab08_inverse_kinematics::given::{apply, chain_corrections};
use lab08_inverse_kinematics::{Budget, ChainSolve, IkError, ccd, fabrik};

use crate::rig::{Random, at};

type Solver = fn(&mut [Vec3], Vec3, &Budget) -> Result<ChainSolve, IkError>;

const BUDGET: Budget = Budget { tolerance: 1e-4, iterations: 1000 };

/// The tentacle's joints (nine, eight bones of 0.15 m) and their matrices.
fn chain() -> (common::model::Skeleton, Vec<glam::Mat4>) {
    let skeleton = tentacle(9, 0.15, Vec3::ZERO);
    let world = world_matrices(&skeleton, &rest(&skeleton));
    (skeleton, world)
}

fn lengths(p: &[Vec3]) -> Vec<f32> {
    p.windows(2).map(|w| (w[1] - w[0]).length()).collect()
}

/// Reachable targets reached within the tolerance, lengths and root kept,
/// and the positions turned into local rotations land the joints there.
fn reaches(solver: Solver, name: &str) {
    let (skeleton, world) = chain();
    let start: Vec<Vec3> = world[1..].iter().map(at).collect();
    let mut random = Random::new(0x3808);
    let mut spent = 0;
    for case in 0..40 {
        let target = random.direction() * random.range(0.2, 1.0);
        let mut positions = start.clone();
        let solve = solver(&mut positions, target, &BUDGET).expect("a valid chain");
        assert!(positions[0] == start[0], "{name} case {case}: the root moved");
        for (was, now) in lengths(&start).iter().zip(lengths(&positions)) {
            assert!(
                (was - now).abs() < 1e-5,
                "{name} case {case}: a bone changed length from {was} to {now}: each joint goes at its saved bone length from the next"
            );
        }
        assert!(
            solve.reached && solve.error <= BUDGET.tolerance,
            "{name} case {case}: target {target} within reach not reached ({solve:?})"
        );
        let miss = (positions[8] - target).length();
        assert!(
            (miss - solve.error).abs() < 1e-6,
            "{name}: the error reported ({}) is not the tip's distance ({miss})",
            solve.error
        );
        // Positions back into local rotations: the joints land where the solver put them.
        let corrections = chain_corrections(&world[1..], &positions);
        let mut pose = rest(&skeleton);
        for (i, q) in corrections.iter().enumerate() {
            apply(&mut pose[i + 1], *q);
        }
        let after = world_matrices(&skeleton, &pose);
        for (i, p) in positions.iter().enumerate() {
            assert!(
                (at(&after[i + 1]) - *p).length() < 1e-4,
                "{name} case {case}: joint {i} is not where the solver put it"
            );
        }
        spent += solve.iterations;
    }
    eprintln!("{name}: {:.1} iterations on average to 1e-4 m", spent as f32 / 40.0);
}

/// Out of reach the tolerance is never met, so a solver spends its whole
/// budget: 64 iterations here, since every turn of a position rounds a
/// little and a thousand turns of an eight-bone chain add up to more than
/// the 1e-5 the lengths are held to (on some systems' maths libraries).
const OUT_OF_REACH: Budget = Budget { tolerance: 1e-4, iterations: 64 };

fn out_of_reach(solver: Solver, name: &str) {
    let (_, world) = chain();
    let mut positions: Vec<Vec3> = world[1..].iter().map(at).collect();
    let before = lengths(&positions);
    let target = Vec3::new(2.0, 1.0, 0.5);
    let solve = solver(&mut positions, target, &OUT_OF_REACH).expect("a valid chain");
    for (was, now) in before.iter().zip(lengths(&positions)) {
        assert!((was - now).abs() < 1e-5, "{name}: out of reach, a bone changed length from {was} to {now}");
    }
    assert!(!solve.reached, "{name}: a target 2.3 m away from a 1.2 m chain is out of reach");
    assert!(
        solve.iterations <= OUT_OF_REACH.iterations,
        "{name}: spent {} iterations of {}",
        solve.iterations,
        OUT_OF_REACH.iterations
    );
    let gap = target.length() - lengths(&positions).iter().sum::<f32>();
    assert!(
        solve.error - gap < 1e-3,
        "{name}: out of reach, the chain should stretch straight towards the target (tip {} m from it, {gap} m at best)",
        solve.error
    );
}

fn refuses(solver: Solver, name: &str) {
    let mut p = vec![Vec3::ZERO, Vec3::Y, Vec3::Y, Vec3::new(0.0, 2.0, 0.0)];
    assert_eq!(solver(&mut p, Vec3::X, &BUDGET).err(), Some(IkError::ZeroLengthBone(1)), "{name}: a zero-length bone");
    let mut p = vec![Vec3::ZERO, Vec3::Y];
    assert_eq!(solver(&mut p, Vec3::NAN, &BUDGET).err(), Some(IkError::NotFinite("target")), "{name}: a NaN target");
    let mut p = vec![Vec3::ZERO];
    assert_eq!(solver(&mut p, Vec3::X, &BUDGET).err(), Some(IkError::ChainTooShort(1)), "{name}: one joint");
    let mut p = vec![Vec3::ZERO, Vec3::Y];
    let none = Budget { iterations: 0, ..BUDGET };
    assert!(matches!(solver(&mut p, Vec3::X, &none), Err(IkError::Setting("iterations", _))), "{name}: no budget");
}

#[test]
fn step3_ccd_reaches_and_keeps_lengths() {
    reaches(ccd, "CCD");
}

#[test]
fn step3_ccd_out_of_reach_stretches_towards_the_target() {
    out_of_reach(ccd, "CCD");
}

#[test]
fn step3_ccd_refuses_bad_input() {
    refuses(ccd, "CCD");
}

#[test]
fn step4_fabrik_reaches_and_keeps_lengths() {
    reaches(fabrik, "FABRIK");
}

#[test]
fn step4_fabrik_out_of_reach_lies_straight() {
    out_of_reach(fabrik, "FABRIK");
}

#[test]
fn step4_fabrik_refuses_bad_input() {
    refuses(fabrik, "FABRIK");
}

#[test]
fn step4_fabrik_out_of_reach_is_straight_at_once() {
    let (_, world) = chain();
    let mut positions: Vec<Vec3> = world[1..].iter().map(at).collect();
    let root = positions[0];
    let target = Vec3::new(1.5, 0.8, -0.6);
    let one = Budget { tolerance: 1e-4, iterations: 1 };
    let solve = fabrik(&mut positions, target, &one).expect("a valid chain");
    let line = (target - root).normalize();
    let bent = positions.iter().map(|p| (*p - root).reject_from(line).length()).fold(0.0f32, f32::max);
    assert!(
        bent <= 1e-5 && solve.iterations == 1 && !solve.reached,
        "FABRIK with a target out of reach and one iteration: a joint is {bent:.2e} m off the line to the target ({solve:?}): out of reach, lay the chain straight along the line at once instead of iterating (README, step 4)"
    );
}
