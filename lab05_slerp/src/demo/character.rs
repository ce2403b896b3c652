//! The `character` view: a clip played with the chosen rotation
//! interpolation, skinned on the CPU with lab 03's reference every frame.

use common::app::Scene;
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceStyle};
use common::model::{Clip, Transform};
use glam::{Mat4, Vec3};
use lab03_cpu_skinning::given::stage::{Skinning, Stage};
use lab05_slerp::{ClipCursors, Cursor, Mode, sample_rotation};

use crate::playback::{Rotation, thin, world_at};

/// What the character view starts with (from `--set`).
pub struct Options {
    pub rotation: Rotation,
    pub every: usize,
    pub looping: Option<bool>,
    pub skeleton: bool,
}

pub struct Character {
    stage: Stage,
    rest: Vec<Transform>,
    clips: Vec<Clip>,
    clip: usize,
    /// The clip as played: every `every`th key of `clips[clip]`.
    played: Clip,
    cursors: ClipCursors,
    pub every: usize,
    pub looping: bool,
    pub rotation: Rotation,
    pub skeleton_lines: bool,
    /// The clip's clock, in seconds (as lab 04 and lab 07 keep it).
    pub seconds: f64,
    overlay: Overlay,
    bounds: Aabb,
}

impl Character {
    pub fn new(gl: &glow::Context, scene: Scene, options: Options) -> Result<Character, String> {
        let Scene { mut model, source, builtin, clip } = scene;
        let clip = clip.ok_or(format!(
            "{source} has no clips: the character view plays one (try --model with an animated file)"
        ))?;
        // The clips passed common's clip rulebook when the scene was loaded.
        let stage = Stage::new(gl, &mut model, builtin, Skinning::REFERENCE)?;
        let looping = options.looping.unwrap_or(stage.loops(&model.clips[clip]));
        let played = thin(&model.clips[clip], options.every);
        let mut character = Character {
            rest: model.skeleton.rest_locals(),
            stage,
            cursors: ClipCursors::for_clip(&played),
            played,
            clips: model.clips,
            clip,
            every: options.every,
            looping,
            rotation: options.rotation,
            skeleton_lines: options.skeleton,
            seconds: 0.0,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        // Your step 5a once, then 5b for the first frame.
        if let Some(channel) = character.played.channels.iter().find(|c| !c.rotations.is_empty()) {
            let _ = sample_rotation(&channel.rotations, 0.0, &mut Cursor::default());
        }
        // Frame the camera on the whole clip, not only its first pose (a
        // clip that grows, rises or walks away would leave the picture).
        let (played, rest, rotation) = (&character.played, &character.rest, character.rotation);
        let cursors = &mut character.cursors;
        character.bounds = character.stage.sweep(played.duration_seconds(), |skeleton, seconds| {
            world_at(skeleton, played, rest, seconds, Mode::Once, rotation, cursors)
                .map_err(|e| format!("clip `{}`: {e}", played.name))
        })?;
        character.cursors = ClipCursors::for_clip(&character.played);
        character.skin()?;
        Ok(character)
    }

    /// The box the clip sweeps through (sampled at start-up), for the camera.
    pub fn bounds(&self) -> Aabb {
        self.bounds
    }

    pub fn mode(&self) -> Mode {
        if self.looping { Mode::Loop } else { Mode::Once }
    }

    /// The pose at the current time through the chosen interpolation, then
    /// lab 03's skinning. Returns the world matrices.
    fn skin(&mut self) -> Result<Vec<Mat4>, String> {
        let world = world_at(
            &self.stage.skeleton,
            &self.played,
            &self.rest,
            self.seconds,
            self.mode(),
            self.rotation,
            &mut self.cursors,
        )
        .map_err(|e| format!("clip `{}`: {e}", self.played.name))?;
        self.stage.skin(&world)?;
        Ok(world)
    }

    pub fn draw(&mut self, gl: &glow::Context, camera: &Camera, lines: &LineRenderer) {
        let world = match self.skin() {
            Ok(world) => world,
            Err(e) => panic!("{e}"),
        };
        let style = SurfaceStyle { alpha: if self.skeleton_lines { 0.55 } else { 1.0 }, ..SurfaceStyle::default() };
        self.stage.draw(gl, camera, &style);
        self.overlay.clear();
        if self.skeleton_lines || self.stage.no_skin() {
            self.overlay.skeleton(&self.stage.skeleton, &world, Vec3::new(1.0, 0.8, 0.3), 2.0);
        }
        lines.draw(gl, camera, &self.overlay, true);
    }

    /// The panel: clip, interpolation, key thinning, loop, time.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let mut clip = self.clip;
        if common::ui::clip_picker(ui, &self.clips, &mut clip) {
            self.clip = clip;
            if self.stage.builtin {
                self.looping = self.stage.loops(&self.clips[clip]);
            }
            self.seconds = 0.0;
            self.rethin();
        }
        ui.label("rotation between keys:");
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.rotation, Rotation::Slerp, "slerp (yours)");
            ui.radio_value(&mut self.rotation, Rotation::Nlerp, "nlerp (yours)");
            ui.radio_value(&mut self.rotation, Rotation::Matrix, "matrix lerp");
        });
        let mut every = self.every;
        ui.add(egui::Slider::new(&mut every, 1..=12).text("keep every Nth key"));
        if every != self.every {
            self.every = every;
            self.rethin();
        }
        ui.checkbox(&mut self.looping, "loop (else play once and hold)");
        ui.checkbox(&mut self.skeleton_lines, "skeleton");
        let duration = self.played.duration_seconds();
        let shown = match self.mode() {
            Mode::Loop => self.seconds.rem_euclid(duration.max(1e-3)),
            Mode::Once => self.seconds.clamp(0.0, duration),
        };
        let mut scrubbed = shown as f32;
        if common::ui::time_scrubber(ui, &mut scrubbed, duration as f32) {
            self.seconds = f64::from(scrubbed);
        }
        ui.label(match self.rotation {
            Rotation::Slerp => "Constant angular speed between keys.",
            Rotation::Nlerp => "Same path as slerp; the speed varies a little within each key interval.",
            Rotation::Matrix => {
                "Rotation matrices blended entry by entry: not a rotation. Limbs shrink between keys; \
                 keep fewer keys to see it."
            }
        });
    }

    fn rethin(&mut self) {
        self.played = thin(&self.clips[self.clip], self.every);
        self.cursors = ClipCursors::for_clip(&self.played);
    }
}
