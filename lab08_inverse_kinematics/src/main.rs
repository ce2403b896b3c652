//! Lab 08 demo: the built-in character walks across uneven ground (a
//! ramp, steps, rolling ground), moved by its clip's root motion (your step
//! 5), feet planted by your step 6 (with your step 1), head following a
//! moving target (your step 2). Beside it, in orange, the same walk with IK
//! off: its feet float over the ramp and sink into it. Behind, two tentacles
//! reach for circling targets: your CCD (step 3) and your FABRIK (step 4)
//! with the same iteration budget. Gizmos: foot targets (green), knee poles
//! (yellow), the look target (red).

mod demo;

use demo::{figures, tentacles, walker};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceStyle};
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::given::stage::{Skinning, Stage};
use lab08_inverse_kinematics::Terrain;

use tentacles::Tentacle;
use walker::{COURSE, Gait, Walker};

/// The IK-off walker stands this far to the character's left (model x).
const GHOST_OFFSET: f32 = 0.75;
pub const GHOST: Vec3 = Vec3::new(1.0, 0.55, 0.15);
pub const TARGET: Vec3 = Vec3::new(0.3, 1.0, 0.3);
pub const POLE: Vec3 = Vec3::new(1.0, 0.9, 0.2);
pub const LOOK: Vec3 = Vec3::new(1.0, 0.2, 0.2);
const GROUND: Vec3 = Vec3::new(0.45, 0.5, 0.55);

struct Ik {
    walker: Walker,
    stage: Stage,
    tentacles: [Tentacle; 2],
    iterations: usize,
    ik: bool,
    ghost: bool,
    gizmos: bool,
    /// The scene turned so the walk (+Z in the model) goes left to right on screen.
    turn: Mat4,
    lines: LineRenderer,
    overlay: Overlay,
    bounds: Aabb,
}

impl Ik {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        if !scene.builtin {
            return Err(format!(
                "{}: lab08 works on the built-in character's rig (legs, neck, head): run it without --model",
                scene.source
            ));
        }
        // Settings first: a typo is reported before any of your steps runs.
        let run = match (args.clip.as_deref(), args.setting("gait")) {
            (Some("run"), _) | (None, Some("run")) => true,
            (Some("walk"), _) | (None, Some("walk") | None) => false,
            (Some(other), _) => return Err(format!("--clip {other}: lab08 walks with `walk` or `run`")),
            (None, Some(other)) => return Err(format!("--set gait={other}: use `walk` or `run`")),
        };
        let ground = args.setting("ground").unwrap_or("course");
        let terrain = Terrain::named(ground).ok_or_else(|| {
            let names: Vec<&str> = Terrain::NAMES.iter().map(|(n, _)| *n).collect();
            format!("--set ground={ground}: use one of {}", names.join(", "))
        })?;
        let fade = args.setting_in("fade-at", -1.0f64, -1.0..=1e6)?;
        let gait = Gait {
            run,
            fade_at: (fade >= 0.0).then_some(fade),
            weight: args.setting_in("weight", 1.0f32, 0.0..=1.0)?,
            look: args.setting_flag("look", true)?,
        };
        let iterations = args.setting_in("iterations", 4usize, 1..=200)?;
        let ik = args.setting_flag("ik", true)?;
        let ghost = args.setting_flag("ghost", true)?;
        let gizmos = args.setting_flag("gizmos", true)?;
        let mut model = scene.model;
        let stage = Stage::new(gl, &mut model, true, Skinning::REFERENCE)?;
        // Your steps run here, in order: a stub stops the demo now, and is named.
        let walker = Walker::new(model.skeleton, &model.clips, terrain, gait)?;
        let mut tentacles =
            [Tentacle::new(Vec3::new(2.1, 0.0, 1.2), true), Tentacle::new(Vec3::new(2.1, 0.0, 3.8), false)];
        for t in &mut tentacles {
            t.base.y = terrain.height(t.base.x, t.base.z);
            *t = Tentacle::new(t.base, t.ccd);
            t.update(0.0, iterations)?;
        }
        let turn = Mat4::from_rotation_y(std::f32::consts::FRAC_PI_2);
        let mut bounds = Aabb::EMPTY;
        for corner in [Vec3::new(-0.4, -0.3, -0.8), Vec3::new(2.7, 2.0, COURSE - 0.2)] {
            bounds.add(turn.transform_point3(corner));
        }
        let mut lab = Ik {
            walker,
            stage,
            tentacles,
            iterations,
            ik,
            ghost,
            gizmos,
            turn,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            bounds,
        };
        lab.step(0.0)?;
        Ok(lab)
    }

    fn step(&mut self, dt: f64) -> Result<(), String> {
        self.walker.update(dt)?;
        let t = self.walker.seconds as f32;
        for tentacle in &mut self.tentacles {
            tentacle.update(t, self.iterations)?;
        }
        Ok(())
    }

    /// A model-space point as drawn.
    fn shown(&self, p: Vec3) -> Vec3 {
        self.turn.transform_point3(p)
    }

    fn draw_ground(&mut self) {
        let terrain = self.walker.terrain;
        let (x0, x1, z0, z1) = (-0.5f32, 2.8f32, -0.8f32, COURSE - 0.2);
        let point = |x: f32, z: f32| Vec3::new(x, terrain.height(x, z), z);
        let mut x = x0;
        while x <= x1 + 1e-3 {
            let mut z = z0;
            while z < z1 {
                let (a, b) = (self.shown(point(x, z)), self.shown(point(x, z + 0.05)));
                self.overlay.line(a, b, GROUND, 1.0);
                z += 0.05;
            }
            x += 0.3;
        }
        let mut z = z0;
        while z <= z1 + 1e-3 {
            let (a, b) = (self.shown(point(x0, z)), self.shown(point(x1, z)));
            self.overlay.line(a, b, GROUND, 1.0);
            z += 0.2;
        }
    }
}

impl Lab for Ik {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn update(&mut self, dt: f32) {
        self.step(f64::from(dt)).unwrap_or_else(|e| panic!("{e}"));
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        let w = &self.walker;
        let pose = if self.ik { &w.placed } else { &w.animated };
        let world: Vec<Mat4> = world_matrices(&w.skeleton, pose).iter().map(|m| self.turn * *m).collect();
        self.stage.skin(&world).unwrap_or_else(|e| panic!("{e}"));
        self.stage.draw(gl, camera, &SurfaceStyle::default());
        self.overlay.clear();
        self.draw_ground();
        let w = &self.walker;
        if self.ghost {
            let shift = self.turn * Mat4::from_translation(Vec3::X * GHOST_OFFSET);
            let ghost: Vec<Mat4> = world_matrices(&w.skeleton, &w.animated).iter().map(|m| shift * *m).collect();
            self.overlay.skeleton(&w.skeleton, &ghost, GHOST, 2.5);
        }
        if self.gizmos && self.ik {
            let world = world_matrices(&w.skeleton, &w.placed);
            if let Some(feet) = w.feet {
                for (i, leg) in w.rig.legs.iter().enumerate() {
                    let knee = world[leg.shin].w_axis.truncate();
                    self.overlay.point(self.turn.transform_point3(feet.targets[i]), TARGET, 9.0);
                    self.overlay.arrow(
                        self.turn.transform_point3(knee),
                        self.turn.transform_point3(feet.poles[i]),
                        POLE,
                        1.5,
                    );
                }
            }
            if w.gait.look {
                let head = world[w.rig.head].w_axis.truncate();
                self.overlay.point(self.turn.transform_point3(w.look_target), LOOK, 12.0);
                self.overlay.line(
                    self.turn.transform_point3(head),
                    self.turn.transform_point3(w.look_target),
                    LOOK,
                    1.0,
                );
            }
        }
        for t in &self.tentacles {
            let world: Vec<Mat4> = t.world.iter().map(|m| self.turn * *m).collect();
            self.overlay.skeleton(&t.skeleton, &world, t.color(), 4.0);
            for m in &world[1..] {
                self.overlay.point(m.w_axis.truncate(), t.color(), 6.0);
            }
            self.overlay.point(self.turn.transform_point3(t.target), LOOK, 10.0);
        }
        self.lines.draw(gl, camera, &self.overlay, false);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.ik, "IK on (feet and head)");
        ui.checkbox(&mut self.ghost, "IK-off walker beside it (orange)");
        ui.checkbox(&mut self.gizmos, "targets and poles");
        ui.checkbox(&mut self.walker.gait.look, "head follows the red target");
        ui.add(egui::Slider::new(&mut self.walker.gait.weight, 0.0..=1.0).text("IK weight"));
        ui.add(egui::Slider::new(&mut self.iterations, 1..=50).text("tentacle iterations"));
        ui.label(figures::status(self));
    }

    fn reset(&mut self) {
        self.walker.reset();
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "The character walks left to right across a ramp, steps and rolling ground, moved by its clip's root motion \
         (your step 5); its feet are placed by your step 6 (legs by your step 1) and its head follows the red dot \
         (your step 2). In orange, the same walk with IK off. Behind: your CCD (magenta) and FABRIK (cyan) reaching \
         for the red dots with the same iteration budget. Green: foot targets; yellow: knee poles."
    }
}

fn main() -> ExitCode {
    let demo = Demo {
        crate_name: "lab08_inverse_kinematics",
        title: "Lab 08: inverse kinematics",
        handout: include_str!("../README.md"),
    };
    app::run_with_figures(demo, &figures::FIGURES, Ik::new)
}
