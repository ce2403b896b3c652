//! Lab 01 demo: a skeleton drawn from your world matrices. Pick a joint, turn
//! it with the sliders and watch its subtree follow; re-parent it and see it
//! stay put (step 6). `cargo run -p lab01_hierarchy -- --help` for options.

mod demo;

use demo::figures;

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay};
use common::model::{Skeleton, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::{
    joint_frame, local_from_world, transform_point, transform_to_matrix, transform_vector, world_matrices,
    world_matrices_recursive,
};

const BONE: Vec3 = Vec3::new(0.85, 0.85, 0.9);
const SELECTED: Vec3 = Vec3::new(1.0, 0.75, 0.2);
const SUBTREE: Vec3 = Vec3::new(0.95, 0.55, 0.25);
const REST: Vec3 = Vec3::new(0.35, 0.38, 0.45);

struct Hierarchy {
    /// The skeleton as loaded, for reset (re-parenting changes `skeleton`).
    original: Skeleton,
    skeleton: Skeleton,
    rest: Vec<Transform>,
    /// Extra rotation per node from the sliders, in degrees about X, Y, Z.
    angles: Vec<Vec3>,
    selected: usize,
    recursive: bool,
    show_axes: bool,
    show_rest: bool,
    animate: bool,
    time: f32,
    new_parent: usize,
    lines: LineRenderer,
    overlay: Overlay,
    bounds: Aabb,
}

impl Hierarchy {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        let skeleton = scene.model.skeleton;
        let rest = skeleton.rest_locals();
        let by_name = |name: &str| skeleton.find(name);
        let reparent = match args.setting("reparent") {
            Some(text) => Some(reparent_setting(&skeleton, text, &scene.source)?),
            None => None,
        };
        let selected = match (args.setting("joint"), reparent) {
            (Some(name), _) => {
                by_name(name).ok_or(format!("--set joint={name}: no joint of that name in {}", scene.source))?
            }
            (None, Some((joint, _))) => joint,
            (None, None) => by_name("upper_arm_l").unwrap_or_else(|| common::pose::suggested_joint(&skeleton)),
        };
        let mut angles = vec![Vec3::ZERO; skeleton.nodes.len()];
        // Three finite numbers: NaN or infinity would make the arm vanish with no error.
        if let Some(v) = args.setting_numbers("angles", 3)? {
            angles[selected] = Vec3::from_slice(&v);
        }
        let flag = |key: &str, default: bool| args.setting_as::<bool>(key).map(|v| v.unwrap_or(default));
        let (recursive, show_axes) = (flag("recursive", false)?, flag("axes", true)?);
        let (show_rest, animate) = (flag("rest", false)?, flag("animate", true)?);
        // The settings are read; now touch the steps the picture needs, in
        // order, so that an unfinished exercise is told its first missing step.
        let probe = transform_to_matrix(&Transform::IDENTITY);
        let _ = (transform_point(&probe, Vec3::ZERO), transform_vector(&probe, Vec3::X));
        let mut demo = Hierarchy {
            original: skeleton.clone(),
            new_parent: skeleton.nodes[selected].parent.unwrap_or(0),
            skeleton,
            rest,
            angles,
            selected,
            recursive,
            show_axes,
            show_rest,
            animate,
            time: 0.0,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        demo.bounds = demo.motion_bounds();
        let _ = joint_frame(&probe);
        if let Some((joint, parent)) = reparent {
            demo.reparent(joint, parent); // step 6, before the first frame
        }
        Ok(demo)
    }

    /// The joints over a whole swing, so the camera frames all of the motion
    /// (files come in any unit and any size).
    fn motion_bounds(&mut self) -> Aabb {
        let mut bounds = Aabb::EMPTY;
        for k in 0..8 {
            self.time = k as f32 * 3.0 / 8.0;
            for m in self.worlds(&self.locals()) {
                bounds.add(transform_point(&m, Vec3::ZERO));
            }
        }
        self.time = 0.0;
        bounds
    }

    /// The extra turn of node `i` on top of its rest rotation: the sliders,
    /// plus the swing when it is on.
    fn turn(&self, i: usize) -> Quat {
        let mut deg = self.angles[i];
        if self.animate && i == self.selected {
            deg.z += 35.0 * (self.time * std::f32::consts::TAU / 3.0).cos();
        }
        common::pose::turn(deg)
    }

    /// The pose: rest locals turned about each joint's own axes.
    fn locals(&self) -> Vec<Transform> {
        let mut locals = self.rest.clone();
        for (i, local) in locals.iter_mut().enumerate() {
            local.rotation *= self.turn(i);
        }
        locals
    }

    fn worlds(&self, locals: &[Transform]) -> Vec<Mat4> {
        if self.recursive {
            world_matrices_recursive(&self.skeleton, locals)
        } else {
            world_matrices(&self.skeleton, locals)
        }
    }

    fn in_subtree(&self, mut node: usize) -> bool {
        loop {
            if node == self.selected {
                return true;
            }
            match self.skeleton.nodes[node].parent {
                Some(p) => node = p,
                None => return false,
            }
        }
    }

    /// Step 6 live: move `node` under `parent` without moving it, by giving
    /// it the local matrix your step 6 returns.
    fn reparent(&mut self, node: usize, parent: usize) {
        let world = self.worlds(&self.locals());
        let local = local_from_world(&world[parent], &world[node]);
        // The pose adds this joint's turn on top of its rest local: take it
        // out again, so that the joint does not move when re-parented.
        let mut t = Transform::from_matrix(local);
        t.rotation = (t.rotation * self.turn(node).inverse()).normalize();
        self.rest[node] = t;
        self.skeleton.nodes[node].parent = Some(parent);
    }

    /// Parents the selected joint may move under: stored before it (parents
    /// come first) and not in its own subtree.
    fn parent_choices(&self) -> Vec<usize> {
        (0..self.selected).filter(|&i| !self.in_subtree(i)).collect()
    }
}

/// `--set reparent=JOINT:NEW_PARENT`: two joints of the skeleton, the new
/// parent stored before the joint (parents come first, so it is not in the
/// joint's subtree either).
fn reparent_setting(skeleton: &Skeleton, text: &str, source: &str) -> Result<(usize, usize), String> {
    let (joint, parent) = text
        .split_once(':')
        .ok_or(format!("--set reparent={text}: give JOINT:NEW_PARENT, e.g. reparent=hand_l:chest"))?;
    let find =
        |name: &str| skeleton.find(name).ok_or(format!("--set reparent={text}: no joint named `{name}` in {source}"));
    let (j, p) = (find(joint)?, find(parent)?);
    if p >= j {
        return Err(format!(
            "--set reparent={text}: `{parent}` cannot become the parent of `{joint}`: a new parent must be stored \
             before the joint (parents come first), so it is never in the joint's subtree"
        ));
    }
    Ok((j, p))
}

impl Lab for Hierarchy {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn update(&mut self, dt: f32) {
        self.time += dt;
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        self.overlay.clear();
        let s = camera.scale;
        if self.show_rest {
            let rest = self.worlds(&self.rest);
            for (i, node) in self.skeleton.nodes.iter().enumerate() {
                if let Some(p) = node.parent.filter(|&p| self.skeleton.nodes[p].parent.is_some()) {
                    self.overlay.line(
                        transform_point(&rest[p], Vec3::ZERO),
                        transform_point(&rest[i], Vec3::ZERO),
                        REST,
                        2.0,
                    );
                }
            }
        }
        let world = self.worlds(&self.locals());
        for (i, node) in self.skeleton.nodes.iter().enumerate() {
            let origin = transform_point(&world[i], Vec3::ZERO);
            let color = if i == self.selected {
                SELECTED
            } else if self.in_subtree(i) {
                SUBTREE
            } else {
                BONE
            };
            // No line from a scene root: it is usually the origin, not a joint.
            if let Some(p) = node.parent.filter(|&p| self.skeleton.nodes[p].parent.is_some()) {
                self.overlay.line(transform_point(&world[p], Vec3::ZERO), origin, color, 3.0);
            }
            self.overlay.point(origin, color, if i == self.selected { 12.0 } else { 7.0 });
            if self.show_axes || i == self.selected {
                let f = joint_frame(&world[i]);
                let length = if i == self.selected { 3.0 * s } else { 1.2 * s };
                self.overlay.axes(f.origin, f.x_axis, f.y_axis, f.z_axis, length, 2.0);
            }
        }
        self.lines.draw(gl, camera, &self.overlay, true);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let all: Vec<usize> = (0..self.skeleton.nodes.len()).collect();
        if common::ui::bone_picker(ui, &self.skeleton, &all, &mut self.selected) {
            self.new_parent = self.skeleton.nodes[self.selected].parent.unwrap_or(0);
        }
        common::ui::turn_sliders(ui, &mut self.angles[self.selected]);
        ui.checkbox(&mut self.animate, "swing the selected joint");
        ui.checkbox(&mut self.show_axes, "axes of every joint (step 5)");
        ui.checkbox(&mut self.show_rest, "rest pose underneath");
        ui.checkbox(&mut self.recursive, "recursive walk (step 4) instead of the loop (step 3)");
        ui.separator();
        ui.label("World matrix of the selected joint (x-ray, step 5):");
        let world = self.worlds(&self.locals());
        common::ui::matrix_columns(ui, &world[self.selected]);
        ui.separator();
        ui.label("Re-parent the selected joint (step 6):");
        let choices = self.parent_choices();
        if choices.is_empty() {
            ui.label("(no joint is stored before it)");
        } else {
            if !choices.contains(&self.new_parent) {
                self.new_parent = choices[0];
            }
            let name = |i: usize| self.skeleton.nodes[i].name.clone();
            egui::ComboBox::from_label("new parent").selected_text(name(self.new_parent)).show_ui(ui, |ui| {
                for &i in &choices {
                    ui.selectable_value(&mut self.new_parent, i, name(i));
                }
            });
            if ui.button("re-parent, keeping its world matrix").clicked() {
                self.reparent(self.selected, self.new_parent);
            }
        }
    }

    fn reset(&mut self) {
        self.skeleton = self.original.clone();
        self.rest = self.skeleton.rest_locals();
        self.angles.iter_mut().for_each(|a| *a = Vec3::ZERO);
        self.time = 0.0;
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "Lines join each joint to its parent; dots are joints; red/green/blue are each joint's X/Y/Z axes, \
         read from the columns of its world matrix. The selected joint is orange, its subtree a darker orange."
    }
}

fn main() -> ExitCode {
    let demo = Demo {
        crate_name: "lab01_hierarchy",
        title: "Lab 01: the transform hierarchy",
        handout: include_str!("../README.md"),
    };
    app::run_with_figures(demo, &figures::FIGURES, Hierarchy::new)
}
