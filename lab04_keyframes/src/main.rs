//! Lab 04 demo: clips played by your sampler, skinned every frame (lab 03's
//! reference). A timeline with the key times marked, loop or once, the
//! stepping you see when keys are held instead of interpolated, and a chosen
//! joint's motion trail over the whole clip with its keys as dots.

mod demo;

use demo::{figures, view};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceStyle};
use common::model::Clip;
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::given::stage::{Skinning, Stage};
use lab04_keyframes::{ClipCursors, Mode, clip_ticks, find_interval};

struct Keyframes {
    stage: Stage,
    clips: Vec<Clip>,
    clip: usize,
    mode: Mode,
    cursors: ClipCursors,
    seconds: f64,
    hold: bool,
    show_trail: bool,
    show_skeleton: bool,
    joint: usize,
    trail: view::Trail,
    marks: Vec<f64>,
    dirty: bool,
    lines: LineRenderer,
    overlay: Overlay,
    bounds: Aabb,
}

fn default_mode(stage: &Stage, clip: &Clip) -> Mode {
    if stage.loops(clip) { Mode::Loop } else { Mode::Once }
}

impl Keyframes {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        let mut model = scene.model;
        let Some(clip) = scene.clip else {
            return Err(format!("{} has no clips: lab04 plays clips (try X/BCN_Epileptic.X)", scene.source));
        };
        // Settings first: a typo is reported before any of your steps runs.
        let flag = |key: &str, default: bool| args.setting_as::<bool>(key).map(|v| v.unwrap_or(default));
        let stage = Stage::new(gl, &mut model, scene.builtin, Skinning::REFERENCE)?;
        let mode = match args.setting("mode") {
            None => default_mode(&stage, &model.clips[clip]),
            Some("loop") => Mode::Loop,
            Some("once") => Mode::Once,
            Some(other) => return Err(format!("--set mode={other}: use `loop` or `once`")),
        };
        let (hold, show_trail, show_skeleton) = (flag("hold", false)?, flag("trail", true)?, flag("skeleton", false)?);
        let named_joint = match args.setting("joint") {
            Some(name) => Some(model.skeleton.find(name).ok_or(format!("--set joint={name}: no node of that name"))?),
            None => None,
        };
        // Your steps run here first, in order: a stub stops the demo now, and is named.
        let _ = clip_ticks(0.0, &model.clips[clip], mode);
        view::touch_steps(&model.clips[clip], &model.skeleton.rest_locals());
        let joint = named_joint.unwrap_or_else(|| view::busiest_joint(&model.skeleton, &model.clips[clip]));
        let no_skin = stage.no_skin(); // a BVH: show the skeleton
        let cursors = ClipCursors::for_clip(&model.clips[clip]);
        let mut lab = Keyframes {
            stage,
            clips: model.clips,
            clip,
            mode,
            cursors,
            seconds: 0.0,
            hold,
            show_trail,
            show_skeleton: show_skeleton || no_skin,
            joint,
            trail: view::Trail::default(),
            marks: Vec::new(),
            dirty: true,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        lab.refresh()?;
        lab.bounds = lab.motion_bounds()?;
        Ok(lab)
    }

    /// Recomputes what depends on the clip, the joint or the hold toggle.
    fn refresh(&mut self) -> Result<(), String> {
        let clip = &self.clips[self.clip];
        self.trail = view::trail(&self.stage.skeleton, clip, self.joint, self.hold, 240)?;
        self.marks = view::key_times(&self.stage.skeleton, clip, self.joint, 240);
        self.dirty = false;
        Ok(())
    }

    /// The box the skin (or skeleton) sweeps through during the clip.
    fn motion_bounds(&mut self) -> Result<Aabb, String> {
        let (clip, hold) = (&self.clips[self.clip], self.hold);
        let rest = self.stage.skeleton.rest_locals();
        let cursors = &mut self.cursors;
        let swept = self.stage.sweep(clip.duration_seconds(), |skeleton, seconds| {
            Ok(world_matrices(skeleton, &view::pose(clip, &rest, seconds, Mode::Once, hold, cursors)?))
        })?;
        let mut bounds = Aabb::from_points(&self.trail.points);
        bounds.add(swept.min);
        bounds.add(swept.max);
        self.cursors = ClipCursors::for_clip(clip);
        Ok(bounds)
    }

    /// This frame's pose, skinned and uploaded on the next draw. Returns the
    /// world matrices (for the skeleton and the joint marker).
    fn skin(&mut self) -> Result<Vec<Mat4>, String> {
        let clip = &self.clips[self.clip];
        let rest = self.stage.skeleton.rest_locals();
        let pose = view::pose(clip, &rest, self.seconds, self.mode, self.hold, &mut self.cursors)?;
        self.stage.pose(&pose)
    }

    fn switch_clip(&mut self, clip: usize) {
        self.clip = clip;
        self.mode = default_mode(&self.stage, &self.clips[clip]);
        self.cursors = ClipCursors::for_clip(&self.clips[clip]);
        self.seconds = 0.0;
        self.joint = view::busiest_joint(&self.stage.skeleton, &self.clips[clip]);
        self.dirty = true;
    }

    /// The selected joint's rotation track at this moment, as your step 2 sees it.
    fn interval_text(&self) -> String {
        let clip = &self.clips[self.clip];
        let ticks = clip_ticks(self.seconds, clip, self.mode);
        let Some(channel) = clip.channels.iter().find(|c| c.node == self.joint) else {
            return format!("tick {ticks:.2}: this joint has no channel (it keeps its rest pose)");
        };
        match find_interval(&channel.rotations, ticks) {
            Some(i) => format!(
                "tick {ticks:.2}: rotation keys {} -> {} of {}, factor {:.2}",
                i.from,
                i.to,
                channel.rotations.len(),
                i.factor
            ),
            None => format!("tick {ticks:.2}: no rotation keys on this joint"),
        }
    }
}

impl Lab for Keyframes {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn update(&mut self, dt: f32) {
        self.seconds += f64::from(dt);
        let length = self.clips[self.clip].duration_seconds();
        if self.mode == Mode::Once && length > 0.0 {
            self.seconds = self.seconds.clamp(0.0, length); // stop at the end, as a one-shot does
        }
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        if self.dirty
            && let Err(e) = self.refresh()
        {
            panic!("{e}");
        }
        let world = self.skin().unwrap_or_else(|e| panic!("{e}"));
        self.stage.draw(gl, camera, &SurfaceStyle::default());
        self.overlay.clear();
        if self.show_skeleton {
            self.overlay.skeleton(&self.stage.skeleton, &world, Vec3::new(1.0, 0.8, 0.3), 2.0);
        }
        if self.show_trail {
            let (line, dot) = (Vec3::new(0.3, 0.8, 1.0), Vec3::new(1.0, 0.78, 0.3));
            for pair in self.trail.points.windows(2) {
                self.overlay.line(pair[0], pair[1], line, 2.0);
            }
            let size = if self.trail.keys.len() > 80 { 4.0 } else { 7.0 }; // dense mocap keys: smaller dots
            for &p in &self.trail.keys {
                self.overlay.point(p, dot, size);
            }
            self.overlay.point(world[self.joint].w_axis.truncate(), Vec3::new(1.0, 0.3, 0.3), 14.0);
        }
        self.lines.draw(gl, camera, &self.overlay, true);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let mut clip = self.clip;
        if common::ui::clip_picker(ui, &self.clips, &mut clip) {
            self.switch_clip(clip);
        }
        view::timeline(ui, &mut self.seconds, &self.clips[self.clip], self.mode, &self.marks);
        ui.label(view::modes_text(&self.stage.skeleton, &self.clips[self.clip], self.joint));
        ui.label(self.interval_text());
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.mode, Mode::Loop, "loop");
            ui.radio_value(&mut self.mode, Mode::Once, "once");
        });
        self.dirty |= ui.checkbox(&mut self.hold, "hold the previous key (no interpolation)").changed();
        ui.checkbox(&mut self.show_trail, "motion trail of the joint, keys as dots");
        let joints: Vec<usize> = (0..self.stage.skeleton.nodes.len()).collect();
        self.dirty |= common::ui::bone_picker(ui, &self.stage.skeleton, &joints, &mut self.joint);
        ui.checkbox(&mut self.show_skeleton, "skeleton");
        let clip = &self.clips[self.clip];
        ui.label(format!(
            "`{}`: {:.2} s, {} ticks at {} per second, {} channels",
            clip.name,
            clip.duration_seconds(),
            clip.duration_ticks,
            clip.ticks_per_second,
            clip.channels.len()
        ));
    }

    fn reset(&mut self) {
        self.seconds = 0.0;
        self.cursors = ClipCursors::for_clip(&self.clips[self.clip]);
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "The clip is sampled by your code every frame and skinned (lab 03's reference). The blue line is the \
         selected joint's path over one play of the clip; amber dots are where it is at key times; the red dot is \
         where it is now. Hold the previous key to see the stepping interpolation removes."
    }
}

fn main() -> ExitCode {
    let demo =
        Demo { crate_name: "lab04_keyframes", title: "Lab 04: keyframes", handout: include_str!("../README.md") };
    app::run_with_figures(demo, &figures::FIGURES, Keyframes::new)
}
