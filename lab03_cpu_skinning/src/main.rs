//! Lab 03 demo: the character skinned on the CPU by your code every frame,
//! and re-uploaded. Toggle linear blend vs stitching, paint a bone's weights,
//! show normals and tangents, or look at the twisting cylinders that show
//! linear blending's volume loss.

mod demo;

use demo::{figures, look, twist};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, Overlay, SurfaceRenderer, SurfaceStyle, Texture};
use common::model::{Skeleton, Transform};
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::given::stage::{Skin, Skinning};
use lab03_cpu_skinning::{Method, bone_gradients, influences_from_weights, skin_mesh_into};

/// Your steps 2-6 on every vertex (the stage's skinning, with your code).
const YOURS: Skinning = Skinning { gradients: bone_gradients, skin: skin_mesh_into };

/// `skin` skinned by your code for `world`, then re-uploaded (the cost of CPU skinning).
fn skin_and_upload(
    gl: &glow::Context,
    skin: &mut Skin,
    world: &[Mat4],
    global_inverse: &Mat4,
    method: Method,
) -> Result<(), String> {
    skin.skin(YOURS, global_inverse, world, method)?;
    skin.upload(gl);
    Ok(())
}

/// Line overlays.
struct Show {
    normals: bool,
    tangents: bool,
    skeleton: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum View {
    Character,
    Twist,
}

struct CpuSkinning {
    skeleton: Skeleton,
    global_inverse: Mat4,
    skins: Vec<Skin>,
    clips: Vec<common::model::Clip>,
    builtin: bool,
    /// Pose source: `None` = bind pose + motion, `Some(c)` = a key of clip c.
    clip: Option<usize>,
    key: f32,
    angles: Vec<Vec3>,
    selected: usize,
    time: f32,
    animate: bool,
    method: Method,
    heat: bool,
    checker: bool,
    show: Show,
    heat_dirty: bool,
    view: View,
    twist: (Skeleton, [Skin; 2], f32, f32),
    reframe: bool,
    surface: SurfaceRenderer,
    line_renderer: LineRenderer,
    texture: Texture,
    overlay: Overlay,
    bounds: Aabb,
}

impl CpuSkinning {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        let model = scene.model;
        if model.meshes.iter().all(|m| m.bones.is_empty()) {
            return Err(format!("{} has no skinned mesh: lab03 needs bones (try X/BCN_Epileptic.X)", scene.source));
        }
        // Settings first: a typo is reported before any of your steps run.
        let flag = |key: &str, default: bool| args.setting_as::<bool>(key).map(|v| v.unwrap_or(default));
        let builtin = scene.builtin;
        let (animate, heat, checker) = (flag("animate", true)?, flag("heat", false)?, flag("checker", false)?);
        let show = Show {
            normals: flag("normals", false)?,
            tangents: flag("tangents", false)?,
            skeleton: flag("skeleton", false)?,
        };
        let method = if flag("stitching", false)? { Method::Stitching } else { Method::LinearBlend };
        let view = match args.setting("view") {
            None | Some("character") => View::Character,
            Some("twist") => View::Twist,
            Some(other) => return Err(format!("--set view={other}: use `character` or `twist`")),
        };
        let twist_angle = args.setting_as::<f32>("twist")?.unwrap_or(150.0);
        let selected = match args.setting("joint") {
            Some(name) => model.skeleton.find(name).ok_or(format!("--set joint={name}: no joint of that name"))?,
            None => model.skeleton.find("forearm_l").unwrap_or_else(|| common::pose::suggested_joint(&model.skeleton)),
        };
        let clip = if args.clip.is_none() { None } else { scene.clip }; // a clip key replaces the motion
        let skins = model
            .meshes
            .into_iter()
            .filter(|m| !m.bones.is_empty())
            .map(|m| Skin::new(gl, m))
            .collect::<Result<Vec<_>, _>>()?;
        let (twist_skeleton, cylinder) = twist::cylinder();
        let twist_skins = [Skin::new(gl, cylinder.clone())?, Skin::new(gl, cylinder)?];
        let texture = Texture::from_image(gl, &common::gl::checker_image(256, 16)).map_err(|e| e.to_string())?;
        let mut lab = CpuSkinning {
            angles: vec![Vec3::ZERO; model.skeleton.nodes.len()],
            skeleton: model.skeleton,
            global_inverse: model.global_inverse,
            skins,
            clips: model.clips,
            builtin,
            clip,
            key: args.setting_as("key")?.unwrap_or(0.5),
            selected,
            time: 0.0,
            animate,
            method,
            heat,
            checker,
            show,
            heat_dirty: false,
            view,
            twist: (twist_skeleton, twist_skins, twist_angle, 0.0),
            reframe: false,
            surface: SurfaceRenderer::new(gl).map_err(|e| e.to_string())?,
            line_renderer: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            texture,
            overlay: Overlay::new(),
            bounds: Aabb::EMPTY,
        };
        // Your steps run here first, in order: a stub stops the demo now and is named.
        let _ = influences_from_weights(&[(0, 1.0)]);
        lab.skin_all(gl)?;
        lab.bounds = lab.current_bounds();
        lab.update_heat(gl)?;
        Ok(lab)
    }

    /// The pose: bind pose (or a clip key), the motion, and the sliders.
    fn pose(&self) -> Vec<Transform> {
        let mut locals = match self.clip {
            Some(c) => common::pose::key_pose(&self.skeleton, &self.clips[c], self.key),
            None => self.skeleton.rest_locals(),
        };
        if self.builtin && self.clip.is_none() {
            look::motion(&self.skeleton, &mut locals, if self.animate { self.time } else { 0.0 });
        } else if self.animate {
            let swing = Vec3::new(0.0, 0.0, 35.0 * (self.time * std::f32::consts::TAU / 3.0).cos());
            locals[self.selected].rotation *= common::pose::turn(swing);
        }
        for (local, deg) in locals.iter_mut().zip(&self.angles) {
            local.rotation *= common::pose::turn(*deg);
        }
        locals
    }

    fn skin_all(&mut self, gl: &glow::Context) -> Result<(), String> {
        match self.view {
            View::Character => {
                let world = world_matrices(&self.skeleton, &self.pose());
                for skin in &mut self.skins {
                    skin_and_upload(gl, skin, &world, &self.global_inverse, self.method)?;
                }
            }
            View::Twist => {
                let (skeleton, skins, twist, bend) = &mut self.twist;
                let world = world_matrices(skeleton, &twist::pose(skeleton, twist.to_radians(), bend.to_radians()));
                skin_and_upload(gl, &mut skins[0], &world, &Mat4::IDENTITY, Method::LinearBlend)?;
                skin_and_upload(gl, &mut skins[1], &world, &Mat4::IDENTITY, Method::Stitching)?;
            }
        }
        Ok(())
    }

    fn current_bounds(&self) -> Aabb {
        match self.view {
            View::Twist => Aabb { min: Vec3::new(-0.7, -0.05, -0.3), max: Vec3::new(0.7, 1.05, 0.3) },
            View::Character => {
                let root = self.global_inverse.inverse();
                Aabb::from_points(
                    &self
                        .skins
                        .iter()
                        .flat_map(|s| s.out.positions.iter().map(|p| root.transform_point3(*p)))
                        .collect::<Vec<_>>(),
                )
            }
        }
    }

    /// Per-vertex colours: the selected joint's weight, cold to hot.
    fn update_heat(&mut self, gl: &glow::Context) -> Result<(), String> {
        for skin in &mut self.skins {
            let bone = skin.mesh.bones.iter().position(|b| b.node == self.selected).map(|b| b as u32);
            let colors: Vec<Vec3> = skin
                .mesh
                .influences
                .iter()
                .map(|inf| look::heat((0..4).filter(|&i| Some(inf.ids[i]) == bone).map(|i| inf.weights[i]).sum()))
                .collect();
            skin.gpu.set_colors(gl, &colors).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn vector_lines(&mut self, camera: &Camera) {
        let root = self.global_inverse.inverse();
        for skin in &self.skins {
            let step = (skin.out.positions.len() / 700).max(1);
            for v in (0..skin.out.positions.len()).step_by(step) {
                let p = root.transform_point3(skin.out.positions[v]);
                if let (true, Some(n)) = (self.show.normals, skin.out.normals.get(v)) {
                    self.overlay.line(
                        p,
                        p + root.transform_vector3(*n).normalize() * camera.scale * 0.5,
                        Vec3::new(0.3, 0.6, 1.0),
                        1.0,
                    );
                }
                if let (true, Some(t)) = (self.show.tangents, skin.out.tangents.get(v)) {
                    let t = root.transform_vector3(t.truncate()).normalize();
                    self.overlay.line(p, p + t * camera.scale * 0.5, Vec3::new(1.0, 0.4, 0.3), 1.0);
                }
            }
        }
    }
}

impl Lab for CpuSkinning {
    fn bounds(&self) -> Aabb {
        self.bounds
    }

    fn update(&mut self, dt: f32) {
        self.time += dt;
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        if let Err(e) = self.skin_all(gl) {
            panic!("{e}");
        }
        if std::mem::take(&mut self.heat_dirty)
            && let Err(e) = self.update_heat(gl)
        {
            panic!("{e}");
        }
        let style = SurfaceStyle {
            vertex_colors: self.heat,
            texture: self.checker.then_some(&self.texture),
            ..SurfaceStyle::default()
        };
        self.overlay.clear();
        match self.view {
            View::Character => {
                let root = self.global_inverse.inverse();
                for skin in &self.skins {
                    self.surface.draw(gl, camera, &root, &skin.gpu, &style);
                }
                self.vector_lines(camera);
                if self.show.skeleton {
                    let world = world_matrices(&self.skeleton, &self.pose());
                    self.overlay.skeleton(&self.skeleton, &world, Vec3::new(1.0, 0.8, 0.3), 2.0);
                }
            }
            View::Twist => {
                let style = SurfaceStyle { texture: Some(&self.texture), ..style };
                for (skin, x) in self.twist.1.iter().zip([-0.35, 0.35]) {
                    self.surface.draw(gl, camera, &Mat4::from_translation(Vec3::X * x), &skin.gpu, &style);
                }
            }
        }
        self.line_renderer.draw(gl, camera, &self.overlay, true);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let before = self.view;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.view, View::Character, "character");
            ui.selectable_value(&mut self.view, View::Twist, "twisting cylinders");
        });
        self.reframe |= before != self.view;
        if self.view == View::Twist {
            ui.label("Left: linear blend (the waist collapses). Right: stitching (a seam).");
            ui.add(egui::Slider::new(&mut self.twist.2, 0.0..=180.0).text("twist (deg)"));
            ui.add(egui::Slider::new(&mut self.twist.3, -90.0..=90.0).text("bend (deg)"));
            return;
        }
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.method, Method::LinearBlend, "linear blend");
            ui.radio_value(&mut self.method, Method::Stitching, "stitching (step 6)");
        });
        if !self.builtin && !self.clips.is_empty() {
            let mut from_clip = self.clip.is_some();
            ui.checkbox(&mut from_clip, "pose from a clip key");
            self.clip = from_clip.then(|| self.clip.unwrap_or(0));
            if let Some(c) = self.clip.as_mut() {
                common::ui::clip_picker(ui, &self.clips, c);
                ui.add(egui::Slider::new(&mut self.key, 0.0..=1.0).text("key"));
            }
        }
        ui.checkbox(&mut self.animate, "move on its own");
        let bone_nodes: Vec<usize> = self.skins.iter().flat_map(|s| s.mesh.bones.iter().map(|b| b.node)).collect();
        let nodes: Vec<usize> = (0..self.skeleton.nodes.len()).filter(|i| bone_nodes.contains(i)).collect();
        let heat_changed = common::ui::bone_picker(ui, &self.skeleton, &nodes, &mut self.selected);
        common::ui::turn_sliders(ui, &mut self.angles[self.selected]);
        ui.checkbox(&mut self.heat, "weights of the selected joint (heat map)");
        ui.checkbox(&mut self.checker, "checker texture (shows stretching)");
        ui.checkbox(&mut self.show.normals, "normals (blue)");
        ui.checkbox(&mut self.show.tangents, "tangents (red)");
        ui.checkbox(&mut self.show.skeleton, "skeleton");
        let vertices: usize = self.skins.iter().map(|s| s.mesh.positions.len()).sum();
        ui.label(format!("{vertices} vertices skinned on the CPU and uploaded each frame"));
        if heat_changed {
            self.heat = true;
            self.heat_dirty = true;
        }
    }

    fn reset(&mut self) {
        self.angles.iter_mut().for_each(|a| *a = Vec3::ZERO);
        self.time = 0.0;
    }

    fn take_reframe(&mut self) -> bool {
        if std::mem::take(&mut self.reframe) {
            self.bounds = self.current_bounds();
            return true;
        }
        false
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "The skin is moved by your skinning code on the CPU every frame. Heat map: blue = no weight, \
         red = full weight of the selected joint. Twisting cylinders: linear blend on the left, stitching on the right."
    }
}

fn main() -> ExitCode {
    let demo = Demo {
        crate_name: "lab03_cpu_skinning",
        title: "Lab 03: skinning on the CPU",
        handout: include_str!("../README.md"),
    };
    app::run_with_figures(demo, &figures::FIGURES, CpuSkinning::new)
}
