//! The `character` view: a clip played with the chosen rotation
//! interpolation, skinned on the CPU with lab 03's reference every frame.

use common::app::Scene;
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, MeshBuffers, Overlay, SurfaceRenderer, SurfaceStyle};
use common::model::{Clip, Skeleton, SkinnedMesh, Transform};
use glam::{Mat4, Vec3};
use lab03_cpu_skinning::given::{Method, Skinned};
use lab03_cpu_skinning::solution::{bone_gradients, skin_mesh_into};
use lab05_slerp::{ClipCursors, Cursor, Mode, sample_rotation};

use crate::playback::{Rotation, thin, world_at};

/// One skinned mesh: its data, its GPU buffers, and this frame's result.
struct Skin {
    mesh: SkinnedMesh,
    gpu: MeshBuffers,
    out: Skinned,
}

/// What the character view starts with (from `--set`).
pub struct Options {
    pub rotation: Rotation,
    pub every: usize,
    pub looping: Option<bool>,
    pub skeleton: bool,
}

/// Poses sampled over one play of the clip to frame the camera (the ends
/// included).
const FRAMING_SAMPLES: u32 = 16;

pub struct Character {
    skeleton: Skeleton,
    rest: Vec<Transform>,
    global_inverse: Mat4,
    skins: Vec<Skin>,
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
    builtin: bool,
    overlay: Overlay,
    bounds: Aabb,
}

impl Character {
    pub fn new(gl: &glow::Context, scene: Scene, options: Options) -> Result<Character, String> {
        let Scene { model, source, builtin, clip } = scene;
        let clip = clip.ok_or(format!(
            "{source} has no clips: the character view plays one (try --model with an animated file)"
        ))?;
        // The clips passed common's clip rulebook when the scene was loaded.
        let looping = options.looping.unwrap_or(!builtin || common::character::is_looping(&model.clips[clip].name));
        let skins = model
            .meshes
            .into_iter()
            .filter(|m| !m.bones.is_empty())
            .map(|mesh| {
                let gpu = MeshBuffers::from_mesh(gl, &mesh).map_err(|e| e.to_string())?;
                Ok(Skin { mesh, gpu, out: Skinned::default() })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let played = thin(&model.clips[clip], options.every);
        let mut character = Character {
            rest: model.skeleton.rest_locals(),
            skeleton: model.skeleton,
            global_inverse: model.global_inverse,
            skins,
            cursors: ClipCursors::for_clip(&played),
            played,
            clips: model.clips,
            clip,
            every: options.every,
            looping,
            rotation: options.rotation,
            skeleton_lines: options.skeleton,
            seconds: 0.0,
            builtin,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        // Your step 5a once, then 5b for the first frame.
        if let Some(channel) = character.played.channels.iter().find(|c| !c.rotations.is_empty()) {
            let _ = sample_rotation(&channel.rotations, 0.0, &mut Cursor::default());
        }
        // Frame the camera on the whole clip, not only its first pose (a
        // clip that grows, rises or walks away would leave the picture).
        let root = character.global_inverse.inverse();
        let mut points: Vec<Vec3> = Vec::new();
        let length = character.played.duration_seconds();
        for i in 0..=FRAMING_SAMPLES {
            // (just short of the end: a looping clip's end is its start again)
            character.seconds = (length * f64::from(i) / f64::from(FRAMING_SAMPLES)).min(length * 0.999);
            let world = character.skin(gl)?;
            points.extend(world.iter().map(|m| m.w_axis.truncate()));
            for skin in &character.skins {
                points.extend(skin.out.positions.iter().map(|p| root.transform_point3(*p)));
            }
        }
        character.seconds = 0.0;
        character.cursors = ClipCursors::for_clip(&character.played);
        character.skin(gl)?;
        character.bounds = Aabb::from_points(&points);
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
    fn skin(&mut self, gl: &glow::Context) -> Result<Vec<Mat4>, String> {
        let world = world_at(
            &self.skeleton,
            &self.played,
            &self.rest,
            self.seconds,
            self.mode(),
            self.rotation,
            &mut self.cursors,
        )
        .map_err(|e| format!("clip `{}`: {e}", self.played.name))?;
        for skin in &mut self.skins {
            let gradients = bone_gradients(&self.global_inverse, &world, &skin.mesh.bones);
            skin_mesh_into(&skin.mesh, &gradients, Method::LinearBlend, &mut skin.out)
                .map_err(|e| format!("mesh `{}`: {e}", skin.mesh.name))?;
            skin.gpu.update_positions(gl, &skin.out.positions);
            if !skin.out.normals.is_empty() {
                skin.gpu.update_normals(gl, &skin.out.normals);
            }
            skin.gpu.update_tangents(gl, &skin.out.tangents);
        }
        Ok(world)
    }

    pub fn draw(&mut self, gl: &glow::Context, camera: &Camera, surface: &SurfaceRenderer, lines: &LineRenderer) {
        let world = match self.skin(gl) {
            Ok(world) => world,
            Err(e) => panic!("{e}"),
        };
        let root = self.global_inverse.inverse();
        let style = SurfaceStyle { alpha: if self.skeleton_lines { 0.55 } else { 1.0 }, ..SurfaceStyle::default() };
        for skin in &self.skins {
            surface.draw(gl, camera, &root, &skin.gpu, &style);
        }
        self.overlay.clear();
        if self.skeleton_lines || self.skins.is_empty() {
            self.overlay.skeleton(&self.skeleton, &world, Vec3::new(1.0, 0.8, 0.3), 2.0);
        }
        lines.draw(gl, camera, &self.overlay, true);
    }

    /// The panel: clip, interpolation, key thinning, loop, time.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let mut clip = self.clip;
        if common::ui::clip_picker(ui, &self.clips, &mut clip) {
            self.clip = clip;
            if self.builtin {
                self.looping = common::character::is_looping(&self.clips[clip].name);
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
