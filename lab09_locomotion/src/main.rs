//! Lab 09 demo: the built-in character steered from the keyboard (W A S D
//! or the arrows, Shift to run, E to wave) or by a scripted run (`--input
//! FILE`, `--set script=NAME`), across lab 08's uneven ground, the camera
//! following. Every frame runs your steps through the lab's `update`:
//! springs (step 1), blend space (2), state machine (3), inertialization
//! (4), the character placed (5), feet planted (6). Overlays: the
//! trajectory behind and predicted, the simulated character, the feet; the
//! panel shows the state, the pending transition, the blend weights and
//! their plots. `--set compare=crossfade|no-plant` adds a second character
//! (orange) steered the same way with lab 07's crossfade or feet not held.
//! `--set clips-from=FILE` adds a file's clips, `--set walk=CLIP` (and
//! `idle`, `run`) picks the clip a gait plays; each gait's measured speed is
//! printed at start.

mod demo;

use demo::{clips, draw, figures, options, panel, steer};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, LabKey, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceStyle};
use glam::{Mat4, Vec3};
use lab03_cpu_skinning::given::stage::{Skinning, Stage};
use lab09_locomotion::given::machine::DEFAULT_MACHINE;
use lab09_locomotion::{Locomotion, Settings};

use options::{Compare, Options};
use steer::Steering;

/// The steered character's demo.
pub struct Steer {
    pub steering: Steering,
    /// The scripted run at the start (R plays it again).
    scripted: Option<options::Scripted>,
    pub compare: Compare,
    pub show_trajectory: bool,
    pub follow: bool,
    /// Seconds the panel's plots show.
    pub span: f64,
    stage: Stage,
    lines: LineRenderer,
    overlay: Overlay,
}

impl Steer {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        if !scene.builtin {
            return Err(format!(
                "{}: lab09 steers the built-in character (its rig and its idle, walk, run and wave): run it without --model",
                scene.source
            ));
        }
        // Settings first: a typo is reported before any of your steps runs.
        let options = Options::read(args)?;
        let mut model = scene.model;
        // A user's clips (`--set clips-from`) and which clip plays each gait.
        let chosen = clips::choose(args, &mut model)?;
        let (file, text) = options.machine.clone().unwrap_or_else(|| ("machine.toml".into(), DEFAULT_MACHINE.into()));
        let setup = Locomotion::new(model.skeleton.clone(), model.clips.clone(), &file, &text, options.settings)
            .map_err(|e| clips::blame(&e.to_string(), &chosen))?;
        steer::joint(&setup, &options.joint)?;
        // The speeds the blend space places its gaits at, measured from the clips.
        clips::speeds(&setup, &chosen, &model.clips).iter().for_each(|line| eprintln!("{line}"));
        // Your steps run here, once each, in order: a stub stops the demo now, and is named.
        demo::probe_steps(&setup);
        let stage = Stage::new(gl, &mut model, true, Skinning::REFERENCE)?;
        let steering = Steering::new(setup, options.compared(), &options)?;
        Ok(Steer {
            steering,
            scripted: options.scripted,
            compare: options.compare,
            show_trajectory: options.trajectory,
            follow: options.follow,
            span: options.span,
            stage,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
        })
    }

    /// The second character's settings: the first's, but for what it compares.
    pub fn sync_ghost(&mut self) {
        let mut settings: Settings = self.steering.main.setup.settings;
        match self.compare {
            Compare::Off => return,
            Compare::Crossfade => settings.transitions = lab09_locomotion::Transitions::Crossfade,
            Compare::NoPlant => settings.plant = false,
        }
        if let Some(ghost) = &mut self.steering.ghost {
            ghost.setup.settings = settings;
        }
    }
}

impl Lab for Steer {
    const KEYS: &'static [LabKey] = &[
        LabKey::W,
        LabKey::A,
        LabKey::S,
        LabKey::D,
        LabKey::Up,
        LabKey::Down,
        LabKey::Left,
        LabKey::Right,
        LabKey::Shift,
        LabKey::E,
    ];

    fn bounds(&self) -> Aabb {
        let mut bounds = Aabb::EMPTY;
        let characters = std::iter::once(&self.steering.main).chain(self.steering.ghost.as_ref());
        for s in characters {
            let p = draw::TURN.transform_point3(s.character.motion.position);
            bounds.add(p + Vec3::new(-0.9, 0.0, -0.9));
            bounds.add(p + Vec3::new(0.9, 1.9, 0.9));
        }
        bounds
    }

    fn update(&mut self, dt: f32) {
        self.steering.update(f64::from(dt)).unwrap_or_else(|e| panic!("{e}"));
    }

    fn key(&mut self, key: LabKey, pressed: bool) {
        self.steering.key(key, pressed);
    }

    fn follow(&self) -> Option<Vec3> {
        self.follow.then(|| draw::TURN.transform_point3(self.steering.main.character.motion.position))
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        // The keys steer relative to the camera: "ahead" is away from it (in the world, not turned).
        let back = draw::TURN.inverse().transform_vector3(camera.view.row(2).truncate());
        let ahead = Vec3::new(-back.x, 0.0, -back.z);
        if ahead.length() > 1e-3 {
            self.steering.forward = ahead.normalize();
        }
        let main = &self.steering.main;
        let world: Vec<Mat4> = main.character.world.iter().map(|m| draw::TURN * *m).collect();
        self.stage.skin(&world).unwrap_or_else(|e| panic!("{e}"));
        self.stage.draw(gl, camera, &SurfaceStyle::default());
        self.overlay.clear();
        let mut shown = draw::Shown(&mut self.overlay);
        draw::ground(&mut shown, &main.setup.settings.terrain, main.character.motion.position);
        if self.show_trajectory {
            draw::trajectory(&mut shown, &self.steering);
            draw::feet(&mut shown, &self.steering.main.character);
        }
        if let Some(ghost) = &self.steering.ghost {
            draw::ghost(&mut shown, &ghost.setup, &ghost.character);
        }
        self.lines.draw(gl, camera, &self.overlay, false);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        panel::ui(ui, self);
    }

    fn reset(&mut self) {
        self.steering.reset(self.scripted.clone()).unwrap_or_else(|e| panic!("{e}"));
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "Steer the character: W A S D or the arrows (W or Up goes away from the camera), Shift runs, E waves. \
         Every frame runs your steps: the springs move the simulated character (cyan) towards the velocity the \
         keys ask for (magenta) and predict where it will be (yellow); the blend space weighs idle, walk and run \
         by its speed; the state machine picks the state (stop, locomotion, wave); transitions are inertialized; \
         the character follows its clip's travel, pulled towards the simulation; feet in contact are held \
         (green). The panel plots the weights and the state. A scripted run (--input, --set script) plays until \
         a key is pressed. Here `,` and `.` step a frame and F12 saves a screenshot."
    }
}

fn main() -> ExitCode {
    let demo =
        Demo { crate_name: "lab09_locomotion", title: "Lab 09: locomotion", handout: include_str!("../README.md") };
    app::run_with_figures(demo, &figures::FIGURES, Steer::new)
}
