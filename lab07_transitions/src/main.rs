//! Lab 07 demo: clips played into each other by your code. Buttons fade to
//! each clip (your `fade_to`, with the fade duration of the slider); the
//! character is the blended pose skinned on the CPU (lab 03's reference);
//! beside it, two ghost skeletons show the poses the blend starts from,
//! sampled alone: what fades out on the left (orange), what fades in on the
//! right (blue). A plot shows each clip's weight over the last seconds.
//! Sync plays two loops in step (by phase); a layer adds the wave on top
//! (additive) or blends it over the upper body (a subtree mask).
//!
//! A scripted fade makes screenshots: the demo starts playing `from`, and
//! at `at` seconds fades to `to` over `fade` seconds, so
//! `--set from=walk --set to=run --set fade=0.5 --time 1.2` is 0.2 s into a
//! 0.5 s fade (weight 0.4). `--set clips-from=FILE` (repeatable) adds the
//! clips of another file, each channel placed on the node of the same name.

mod demo;

use demo::{clips, figures, mix, options, panel, plot};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceStyle};
use common::model::Transform;
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::given::stage::{Skinning, Stage};
use lab07_transitions::Playing;

use mix::Mixer;
use options::Options;

/// Colour of the ghost of what fades out (left) and of what fades in (right).
pub const OUTGOING: Vec3 = Vec3::new(1.0, 0.55, 0.15);
pub const INCOMING: Vec3 = Vec3::new(0.25, 0.7, 1.0);

struct Transitions {
    mixer: Mixer,
    stage: Stage,
    show_ghosts: bool,
    show_skeleton: bool,
    /// The nodes that get a dot in a ghost: the bones (every node but the
    /// roots when nothing is skinned).
    joints: Vec<bool>,
    /// Where the ghosts stand: what fades in at `+offset`, what fades out at `-offset`.
    offset: Vec3,
    lines: LineRenderer,
    overlay: Overlay,
    bounds: Aabb,
}

impl Transitions {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        let mut model = scene.model;
        let builtin = scene.builtin;
        let own_clips = model.clips.len();
        // Settings first, clips from other files included: a typo or a bad
        // file is reported before any of your steps runs.
        let files: Vec<&str> =
            args.settings.iter().filter(|(k, _)| k == "clips-from").map(|(_, v)| v.as_str()).collect();
        // The model's own clips passed common's clip rulebook when it was
        // loaded; the added ones are remapped here, so add_from_files checks
        // them once (check_clip) and blames their file.
        clips::add_from_files(&files, &mut model)?;
        if model.clips.is_empty() {
            return Err(format!("{} has no clips: lab07 blends clips (try X/BCN_Epileptic.X)", scene.source));
        }
        // `--clip` is checked after the clips are added: it may name one of them.
        let scene_clip = match (&args.clip, scene.clip) {
            (Some(wanted), None) => Some(model.find_clip(wanted).ok_or_else(|| {
                format!(
                    "no clip `{wanted}` in {} or the files of --set clips-from; they have {}",
                    scene.source,
                    common::app::clip_list(&model.clips)
                )
            })?),
            (_, found) => found,
        };
        if model.clips.len() == 1 {
            // One clip still fades: into itself from its start, at another phase.
            let again =
                common::model::Clip { name: format!("{} (again)", model.clips[0].name), ..model.clips[0].clone() };
            model.clips.push(again);
        }
        let modes = clips::modes(&model.clips, if builtin { own_clips } else { 0 });
        let first = scene_clip.unwrap_or(0);
        let o = Options::read(args, &model.skeleton, &model.clips, &modes, first, builtin)?;
        let stage = Stage::new(gl, &mut model, builtin, Skinning::REFERENCE)?;
        let mut joints: Vec<bool> =
            model.skeleton.nodes.iter().map(|n| stage.no_skin() && n.parent.is_some()).collect();
        for bone in stage.skins().iter().flat_map(|s| &s.mesh.bones) {
            if let Some(joint) = joints.get_mut(bone.node) {
                *joint = true;
            }
        }
        // Your steps run here, in order: a stub stops the demo now, and is named.
        let mixer = Mixer::new(model.skeleton, model.clips, modes, &o);
        let mut lab = Transitions {
            mixer,
            show_skeleton: o.skeleton || stage.no_skin(), // a BVH: the skeleton is all there is
            stage,
            joints,
            show_ghosts: o.ghosts,
            offset: Vec3::ZERO,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        let mut shown = vec![o.from, o.to];
        if o.layer_kind != options::LayerKind::Off {
            shown.push(o.layer);
        }
        lab.frame(&shown)?;
        Ok(lab)
    }

    /// The box the clips in `shown`, each alone, sweep through, and the
    /// ghosts' offset: about one body apart, so the three stand side by side.
    fn frame(&mut self, shown: &[usize]) -> Result<(), String> {
        let mut body = Aabb::EMPTY;
        let (clips, rest) = (&self.mixer.clips, &self.mixer.rest);
        for &clip in shown {
            let mut playing = Playing::start(clips, clip, lab07_transitions::Mode::Once);
            let swept = self.stage.sweep(clips[clip].duration_seconds(), |skeleton, seconds| {
                playing.seconds = seconds;
                Ok(world_matrices(skeleton, &playing.sample(clips, rest)))
            })?;
            body.add(swept.min);
            body.add(swept.max);
        }
        let size = body.max - body.min;
        self.offset = Vec3::X * size.x.max(0.5 * size.y.max(size.z)) * 1.1;
        self.bounds = body;
        for shift in [self.offset, -self.offset] {
            self.bounds.add(body.min + shift);
            self.bounds.add(body.max + shift);
        }
        Ok(())
    }

    /// A skeleton moved by `shift` (the ghosts stand beside the character).
    fn ghost(&mut self, pose: &[Transform], shift: Vec3, color: Vec3) {
        let world: Vec<Mat4> =
            world_matrices(&self.mixer.skeleton, pose).iter().map(|m| Mat4::from_translation(shift) * *m).collect();
        self.overlay.skeleton(&self.mixer.skeleton, &world, color, 2.0);
        // Dots on the joints: a rig of two or three nodes has hardly a line to draw.
        for (&joint, m) in self.joints.iter().zip(&world) {
            if joint {
                self.overlay.point(m.w_axis.truncate(), color, 5.0);
            }
        }
    }
}

impl Lab for Transitions {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn update(&mut self, dt: f32) {
        self.mixer.update(f64::from(dt));
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        let (pose, sources) = self.mixer.pose();
        let world = self.stage.pose(&pose).unwrap_or_else(|e| panic!("{e}"));
        self.stage.draw(gl, camera, &SurfaceStyle::default());
        self.overlay.clear();
        if self.show_skeleton {
            self.overlay.skeleton(&self.mixer.skeleton, &world, Vec3::new(1.0, 0.85, 0.4), 2.0);
        }
        if self.show_ghosts {
            if let Some(left) = &sources.left {
                self.ghost(left, -self.offset, OUTGOING);
            }
            if let Some(right) = &sources.right {
                self.ghost(right, self.offset, INCOMING);
            }
        }
        self.lines.draw(gl, camera, &self.overlay, true);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        panel::panel(ui, &mut self.mixer, &mut self.show_ghosts, &mut self.show_skeleton);
    }

    fn reset(&mut self) {
        self.mixer.reset();
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "The character is the pose your steps blend, skinned (lab 03's reference). Ghosts: on the left (orange) \
         what fades out, alone (a clip on its own clock, or the pose frozen when a fade was interrupted); on the \
         right (blue) what fades in, alone. In sync, the two loops at one phase. The plot shows each clip's weight.\n\
         The demo plays `from`, then at `at` seconds fades to `to` over `fade` seconds (R replays it)."
    }
}

fn main() -> ExitCode {
    let demo =
        Demo { crate_name: "lab07_transitions", title: "Lab 07: transitions", handout: include_str!("../README.md") };
    app::run_with_figures(demo, &figures::FIGURES, Transitions::new)
}
