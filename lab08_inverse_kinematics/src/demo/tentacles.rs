//! Two tentacles of eight bones reaching for targets that circle above
//! them: your CCD (step 3) on the left, your FABRIK (step 4) on the right,
//! each from the same rest curl every frame with the same iteration budget.

use common::model::Skeleton;
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::rig::{rest, tentacle};
use lab08_inverse_kinematics::given::{apply, chain_corrections};
use lab08_inverse_kinematics::{Budget, ChainSolve};

pub const CCD_COLOR: Vec3 = Vec3::new(0.95, 0.35, 0.85);
pub const FABRIK_COLOR: Vec3 = Vec3::new(0.3, 0.9, 0.85);

pub struct Tentacle {
    pub skeleton: Skeleton,
    /// The chain's joints' model-space matrices at rest (node 0 is its root node).
    rest_world: Vec<Mat4>,
    pub base: Vec3,
    /// The solved pose's world matrices.
    pub world: Vec<Mat4>,
    pub target: Vec3,
    pub solve: Option<ChainSolve>,
    pub ccd: bool,
}

impl Tentacle {
    pub fn new(base: Vec3, ccd: bool) -> Tentacle {
        let skeleton = tentacle(9, 0.13, base);
        let rest_world = world_matrices(&skeleton, &rest(&skeleton));
        Tentacle { skeleton, world: rest_world.clone(), rest_world, base, target: base, solve: None, ccd }
    }

    /// Solves for the target at time `t` with `iterations`; the positions
    /// become local rotations (given) and the chain's world matrices.
    pub fn update(&mut self, t: f32, iterations: usize) -> Result<(), String> {
        self.target =
            self.base + Vec3::new(0.55 * (1.3 * t).sin(), 0.55 + 0.25 * (0.9 * t).cos(), 0.55 * (1.3 * t).cos());
        let mut positions: Vec<Vec3> = self.rest_world[1..].iter().map(|m| m.w_axis.truncate()).collect();
        let budget = Budget { tolerance: 1e-3, iterations };
        let solve = if self.ccd {
            lab08_inverse_kinematics::ccd(&mut positions, self.target, &budget)
        } else {
            lab08_inverse_kinematics::fabrik(&mut positions, self.target, &budget)
        }
        .map_err(|e| format!("tentacle: {e}"))?;
        let corrections = chain_corrections(&self.rest_world[1..], &positions);
        let mut pose = rest(&self.skeleton);
        for (i, q) in corrections.iter().enumerate() {
            apply(&mut pose[i + 1], *q);
        }
        self.world = world_matrices(&self.skeleton, &pose);
        self.solve = Some(solve);
        Ok(())
    }

    pub fn name(&self) -> &'static str {
        if self.ccd { "CCD" } else { "FABRIK" }
    }

    pub fn color(&self) -> Vec3 {
        if self.ccd { CCD_COLOR } else { FABRIK_COLOR }
    }
}
