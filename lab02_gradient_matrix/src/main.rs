//! Lab 02 demo: the bind pose (grey) and a target pose (blue) overlaid, an
//! arrow per joint from one to the other, and a box held in a hand that is
//! moved by that bone's gradient matrix alone.

mod demo;

use demo::figures;

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, MeshBuffers, Overlay, SurfaceRenderer, SurfaceStyle};
use common::model::{Bone, Model, Transform};
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab02_gradient_matrix::{chain_matrix, gradient, gradient_matrices, inverse_bind_matrices, skinning_matrices};

const BIND: Vec3 = Vec3::new(0.55, 0.57, 0.62);
const TARGET: Vec3 = Vec3::new(0.35, 0.65, 1.0);
const ARROW: Vec3 = Vec3::new(1.0, 0.35, 0.75);
const SELECTED: Vec3 = Vec3::new(1.0, 0.75, 0.2);

struct Gradients {
    model: Model,
    /// The bones of the first skinned mesh (lab02 works on one bone list).
    bones: Vec<Bone>,
    bind_world: Vec<Mat4>,
    /// Step 2, computed once.
    inverse_bind: Vec<Mat4>,
    clip: Option<usize>,
    key: f32,
    /// The key at start, for reset.
    first_key: f32,
    /// Extra slider turns per node, degrees.
    angles: Vec<Vec3>,
    selected: usize,
    prop_bone: usize,
    show: Toggles,
    surface: SurfaceRenderer,
    lines: LineRenderer,
    /// The meshes in bind pose, each with the matrix that places it: the
    /// bind-pose skinning matrix of its first bone (mesh space to model space).
    ghost: Vec<(MeshBuffers, Mat4)>,
    prop: MeshBuffers,
    overlay: Overlay,
    bounds: Aabb,
}

struct Toggles {
    bind: bool,
    arrows: bool,
    ghost: bool,
    compare: bool,
}

/// A bone worth holding a prop: a right hand if the names say so.
fn hand_bone(model: &Model, bones: &[Bone]) -> usize {
    let name = |b: &Bone| model.skeleton.nodes[b.node].name.to_lowercase();
    let score = |b: &Bone| {
        let n = name(b);
        (n.contains("hand") as u8) * 2
            + (n.ends_with("_r") || n.contains("_r_") || n.contains(" r ") || n.contains("right") || n.ends_with(" r"))
                as u8
    };
    (0..bones.len()).max_by_key(|&i| (score(&bones[i]), std::cmp::Reverse(i))).unwrap_or(0)
}

impl Gradients {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        let model = scene.model;
        // Every mesh's bones, once per node (meshes may share bones).
        let mut bones: Vec<Bone> = Vec::new();
        for bone in model.meshes.iter().flat_map(|m| &m.bones) {
            if bones.iter().all(|b| b.node != bone.node) {
                bones.push(*bone);
            }
        }
        if bones.is_empty() {
            return Err(format!("{} has no skinned mesh: lab02 needs bones (try X/BCN_Epileptic.X)", scene.source));
        }
        // Read the settings first: a typo is reported before anything runs.
        let key = args.setting_as("key")?.unwrap_or(0.4);
        let flag = |key: &str, default: bool| args.setting_as::<bool>(key).map(|v| v.unwrap_or(default));
        let show = Toggles {
            bind: flag("bind", true)?,
            arrows: flag("arrows", true)?,
            ghost: flag("ghost", true)?,
            compare: false,
        };
        let mut selected = bones[hand_bone(&model, &bones)].node;
        if let Some(name) = args.setting("joint") {
            selected = model.skeleton.find(name).ok_or(format!("--set joint={name}: no joint of that name"))?;
            if bones.iter().all(|b| b.node != selected) {
                return Err(format!("--set joint={name}: that node is not a bone (no vertex follows it)"));
            }
        }
        let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
        // Touch the steps in order, so an unfinished exercise names its first stub.
        let _ = gradient(&bind_world[0], &bind_world[0]);
        let inverse_bind = inverse_bind_matrices(&bind_world, &bones);
        // The character shows its wave unless another clip is asked for.
        let clip = match (&args.clip, model.find_clip("wave")) {
            (None, Some(wave)) => Some(wave),
            _ => scene.clip,
        };
        let mut bounds = Aabb::EMPTY;
        let mut ghost = Vec::new();
        for m in &model.meshes {
            let place = m.bones.first().map_or(Mat4::IDENTITY, |b| bind_world[b.node] * b.offset);
            m.positions.iter().for_each(|p| bounds.add(place.transform_point3(*p)));
            ghost.push((MeshBuffers::from_mesh(gl, m).map_err(|e| e.to_string())?, place));
        }
        for m in &bind_world {
            bounds.add(m.w_axis.truncate());
        }
        let size = bounds.radius() * 0.035;
        let hand = bones[hand_bone(&model, &bones)].node;
        let prop_center = bind_world[hand].transform_point3(Vec3::new(0.0, 2.0 * size, 0.0));
        let prop = common::shapes::box_mesh(prop_center, Vec3::new(size, 2.0 * size, size));
        let mut lab = Gradients {
            prop_bone: hand_bone(&model, &bones),
            angles: vec![Vec3::ZERO; model.skeleton.nodes.len()],
            key,
            first_key: key,
            show,
            surface: SurfaceRenderer::new(gl).map_err(|e| e.to_string())?,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            ghost,
            prop: MeshBuffers::from_mesh(gl, &prop).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            bounds,
            model,
            bones,
            bind_world,
            inverse_bind,
            clip,
            selected,
        };
        for w in world_matrices(&lab.model.skeleton, &lab.target()) {
            lab.bounds.add(w.w_axis.truncate());
        }
        let _ = lab.gradients();
        Ok(lab)
    }

    /// The target pose: a key of the clip (or the bind pose), plus slider turns.
    fn target(&self) -> Vec<Transform> {
        let skeleton = &self.model.skeleton;
        let mut locals = match self.clip {
            Some(c) => common::pose::key_pose(skeleton, &self.model.clips[c], self.key),
            None => skeleton.rest_locals(),
        };
        for (local, deg) in locals.iter_mut().zip(&self.angles) {
            local.rotation *= common::pose::turn(*deg);
        }
        locals
    }

    /// Step 3: one gradient matrix per bone, for the current target pose.
    fn gradients(&self) -> (Vec<Mat4>, Vec<Mat4>) {
        let target_world = world_matrices(&self.model.skeleton, &self.target());
        (gradient_matrices(&target_world, &self.inverse_bind, &self.bones), target_world)
    }
}

impl Lab for Gradients {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        let (gradients, target_world) = self.gradients();
        // The box was placed at the hand in the bind pose; the hand's gradient
        // alone carries it to the target pose.
        let style = SurfaceStyle { color: Vec3::new(0.9, 0.55, 0.15), ..SurfaceStyle::default() };
        self.surface.draw(gl, camera, &gradients[self.prop_bone], &self.prop, &style);
        if self.show.ghost {
            let style = SurfaceStyle { color: Vec3::splat(0.8), alpha: 0.25, ..SurfaceStyle::default() };
            for (mesh, place) in &self.ghost {
                self.surface.draw(gl, camera, place, mesh, &style);
            }
        }
        self.overlay.clear();
        let bind_world = &self.bind_world;
        if self.show.bind {
            self.overlay.skeleton(&self.model.skeleton, bind_world, BIND, 2.0);
        }
        self.overlay.skeleton(&self.model.skeleton, &target_world, TARGET, 3.0);
        for (i, (bind, target)) in bind_world.iter().zip(&target_world).enumerate() {
            let (from, to) = (bind.w_axis.truncate(), target.w_axis.truncate());
            if self.show.arrows && from.distance(to) > camera.scale * 0.2 {
                self.overlay.arrow(from, to, ARROW, 1.5);
            }
            let color = if i == self.selected { SELECTED } else { TARGET };
            self.overlay.point(to, color, if i == self.selected { 11.0 } else { 6.0 });
        }
        self.lines.draw(gl, camera, &self.overlay, true);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        if let Some(c) = self.clip.as_mut() {
            common::ui::clip_picker(ui, &self.model.clips, c);
            ui.add(egui::Slider::new(&mut self.key, 0.0..=1.0).text("key (fraction of the clip)"));
        }
        let bone_nodes: Vec<usize> = self.bones.iter().map(|b| b.node).collect();
        common::ui::bone_picker(ui, &self.model.skeleton, &bone_nodes, &mut self.selected);
        common::ui::turn_sliders(ui, &mut self.angles[self.selected]);
        ui.checkbox(&mut self.show.bind, "bind pose (grey)");
        ui.checkbox(&mut self.show.arrows, "arrows from bind to target");
        ui.checkbox(&mut self.show.ghost, "bind-pose skin, see-through");
        ui.separator();
        let Some(b) = self.bones.iter().position(|b| b.node == self.selected) else {
            return;
        };
        let target = self.target();
        let target_world = world_matrices(&self.model.skeleton, &target);
        ui.label("Gradient of the selected bone, bind to target (your step 1):");
        common::ui::matrix_columns(ui, &gradient(&self.bind_world[self.selected], &target_world[self.selected]));
        ui.checkbox(&mut self.show.compare, "compare with the loader formula and the chain (step 4)");
        if self.show.compare {
            let step3 = gradient_matrices(&target_world, &self.inverse_bind, &self.bones)[b];
            let loader = self.model.global_inverse.inverse()
                * skinning_matrices(&self.model.global_inverse, &target_world, &self.bones)[b]
                * self.model.global_inverse;
            let chain = chain_matrix(&self.model.skeleton, &self.model.skeleton.rest_locals(), &target, self.selected);
            let diff = |m: Mat4| (m - step3).to_cols_array().iter().fold(0.0f32, |a, x| a.max(x.abs()));
            ui.label(format!(
                "largest difference from step 3:\n  loader formula {:.2e}\n  chain {:.2e}\n\
                 (the loader formula uses the file's own offsets: on a file whose rest pose\n\
                 is not its bind pose, a large difference is the file, not your code)",
                diff(loader),
                diff(chain)
            ));
        }
    }

    /// Playing steps the target pose through the clip's keys (whole keys:
    /// interpolating between them is lab04).
    fn update(&mut self, dt: f32) {
        if let Some(c) = self.clip {
            let seconds = self.model.clips[c].duration_seconds().max(1e-3) as f32;
            self.key = (self.key + dt / seconds).rem_euclid(1.0);
        }
    }

    fn reset(&mut self) {
        self.angles.iter_mut().for_each(|a| *a = Vec3::ZERO);
        self.key = self.first_key;
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "Grey: the bind pose. Blue: the target pose. Pink arrows: where each joint goes. \
         The see-through skin is the bind pose. The orange box was placed at the hand in the bind pose \
         and is drawn with that bone's gradient matrix only."
    }
}

fn main() -> ExitCode {
    let demo = Demo {
        crate_name: "lab02_gradient_matrix",
        title: "Lab 02: the gradient matrix",
        handout: include_str!("../README.md"),
    };
    app::run_with_figures(demo, &figures::FIGURES, Gradients::new)
}
