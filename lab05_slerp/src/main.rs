//! Lab 05 demo. `arcs` (the default): one joint turned between two keys by
//! raw lerp, nlerp and slerp side by side, each arm's tip traced on a unit
//! sphere with a dot per equal step of `t`. `character`: a clip played with
//! your slerp, your nlerp, or blended rotation matrices.

mod demo;

use demo::{arc, character, figures, playback};

use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use common::gl::{LineRenderer, MeshBuffers, Overlay, SurfaceRenderer, SurfaceStyle};
use glam::{Quat, Vec3};

use arc::{Arcs, Method};
use character::{Character, Options};
use playback::Rotation;

#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    Arcs,
    Character,
}

/// One sweep of `t` from 0 to 1 takes this long when it animates.
const SWEEP_SECONDS: f64 = 3.0;

struct SlerpDemo {
    view: View,
    arcs: Arcs,
    /// Animate `t` with time, or hold `t`.
    animate: bool,
    t: f32,
    /// The demo's clock, in seconds.
    seconds: f64,
    arm: MeshBuffers,
    /// Built on first use: the model waits here until then.
    character: Option<Character>,
    waiting: Option<(Scene, Options)>,
    reframe: bool,
    surface: SurfaceRenderer,
    lines: LineRenderer,
    overlay: Overlay,
    marks: Overlay,
}

impl SlerpDemo {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        // Settings first: a typo is reported before any of your steps run.
        let view = match args.setting("view") {
            None if args.model.is_some() || args.clip.is_some() => View::Character,
            None | Some("arcs") => View::Arcs,
            Some("character") => View::Character,
            Some(other) => return Err(format!("--set view={other}: use `arcs` or `character`")),
        };
        let arcs = Arcs {
            angle: args.setting_in("angle", 150.0f32, -720.0..=720.0)?,
            steps: args.setting_in("steps", 8u32, 1..=64)?,
            long: args.setting_flag("long", false)?,
        };
        let fixed_t = args.setting("t").map(|_| args.setting_in("t", 0.5f32, 0.0..=1.0)).transpose()?;
        let options = Options {
            rotation: Rotation::parse(args.setting("rotation").unwrap_or("slerp"))?,
            every: args.setting_in("keys", 1usize, 1..=100)?,
            looping: args.setting("loop").map(|_| args.setting_flag("loop", true)).transpose()?,
            skeleton: args.setting_flag("skeleton", false)?,
        };
        // Your steps 1 to 4, in order: a stub stops the demo now and is named.
        let (a, b) = (Quat::from_rotation_x(0.3), Quat::from_rotation_y(2.0));
        let _ = (lab05_slerp::dot(a, b), lab05_slerp::shortest_arc(a, b));
        let _ = (lab05_slerp::nlerp(a, b, 0.5), lab05_slerp::slerp(a, b, 0.5));
        let _ = lab05_slerp::slerp_vec3(Vec3::X, Vec3::Y, 0.5);
        let arm = common::shapes::box_mesh(Vec3::new(0.5, 0.0, 0.0), Vec3::new(0.5, 0.06, 0.06));
        let mut demo = SlerpDemo {
            view,
            arcs,
            animate: fixed_t.is_none(),
            t: fixed_t.unwrap_or(0.5),
            seconds: 0.0,
            arm: MeshBuffers::from_mesh(gl, &arm).map_err(|e| e.to_string())?,
            character: None,
            waiting: Some((scene, options)),
            reframe: false,
            surface: SurfaceRenderer::new(gl).map_err(|e| e.to_string())?,
            lines: LineRenderer::new(gl).map_err(|e| e.to_string())?,
            overlay: Overlay::new(),
            marks: Overlay::new(),
        };
        if view == View::Character {
            demo.character_view(gl)?; // your step 5
        }
        Ok(demo)
    }

    /// The character, built the first time it is shown.
    fn character_view(&mut self, gl: &glow::Context) -> Result<&mut Character, String> {
        if let Some((scene, options)) = self.waiting.take() {
            self.character = Some(Character::new(gl, scene, options)?);
        }
        self.character.as_mut().ok_or_else(|| "the character could not be built".to_string())
    }

    /// `t` now: a triangle wave over time (starting halfway, so a still
    /// screenshot shows the keys apart), or the fixed value.
    fn current_t(&self) -> f32 {
        if !self.animate {
            return self.t;
        }
        let u = (self.seconds / SWEEP_SECONDS + 0.5).rem_euclid(2.0) as f32;
        if u <= 1.0 { u } else { 2.0 - u }
    }

    fn draw_arcs(&mut self, gl: &glow::Context, camera: &Camera) {
        let t = self.current_t();
        for method in Method::ALL {
            let matrix = Arcs::joint_matrix(method, self.arcs.rotation(method, t));
            let style = SurfaceStyle { color: method.color() * 0.85, ..SurfaceStyle::default() };
            self.surface.draw(gl, camera, &matrix, &self.arm, &style);
        }
        self.overlay.clear();
        self.marks.clear();
        self.arcs.overlay(&mut self.overlay, &mut self.marks, t);
        self.lines.draw(gl, camera, &self.overlay, false);
        self.lines.draw(gl, camera, &self.marks, true);
    }

    fn arcs_ui(&mut self, ui: &mut egui::Ui) {
        ui.label("Left: lerp, not normalised (red). Middle: nlerp (yellow). Right: slerp (green).");
        ui.add(egui::Slider::new(&mut self.arcs.angle, 0.0..=360.0).text("turn between the keys (deg)"));
        ui.add(egui::Slider::new(&mut self.arcs.steps, 1..=32).text("dots (equal steps of t)"));
        ui.checkbox(&mut self.arcs.long, "long way round (skip the sign flip)");
        ui.checkbox(&mut self.animate, "animate t");
        if self.animate {
            self.t = self.current_t();
        }
        ui.add_enabled(!self.animate, egui::Slider::new(&mut self.t, 0.0..=1.0).text("t"));
        let t = self.current_t();
        for method in Method::ALL {
            let q = self.arcs.rotation(method, t);
            let (a, _) = self.arcs.keys();
            let turned = (2.0 * (a.dot(q) / q.length().max(1e-9)).abs().min(1.0).acos()).to_degrees();
            ui.label(format!(
                "{:<22} |q| = {:.3}, turned {:6.1}° of {:.0}°",
                method.name(),
                q.length(),
                turned,
                self.arcs.angle
            ));
        }
    }
}

impl Lab for SlerpDemo {
    fn bounds(&self) -> Aabb {
        match (self.view, &self.character) {
            (View::Character, Some(c)) => c.bounds(),
            _ => Arcs::bounds(),
        }
    }

    fn update(&mut self, dt: f32) {
        self.seconds += f64::from(dt);
        if let Some(character) = &mut self.character {
            character.seconds += f64::from(dt);
        }
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        match self.view {
            View::Arcs => self.draw_arcs(gl, camera),
            View::Character => {
                if self.character.is_none() {
                    // First switch to this view in the window: your step 5 runs now.
                    if let Err(e) = self.character_view(gl) {
                        panic!("{e}");
                    }
                    self.reframe = true;
                }
                if let Some(character) = &mut self.character {
                    character.draw(gl, camera, &self.lines);
                }
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let before = self.view;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.view, View::Arcs, "arcs");
            ui.selectable_value(&mut self.view, View::Character, "character");
        });
        self.reframe |= before != self.view && (self.view == View::Arcs || self.character.is_some());
        match (self.view, &mut self.character) {
            (View::Arcs, _) => self.arcs_ui(ui),
            (View::Character, Some(character)) => character.ui(ui),
            (View::Character, None) => {
                ui.label("loading the character...");
            }
        }
    }

    fn reset(&mut self) {
        self.seconds = 0.0;
        if let Some(character) = &mut self.character {
            character.seconds = 0.0;
        }
    }

    fn take_reframe(&mut self) -> bool {
        std::mem::take(&mut self.reframe)
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "Arcs: one joint turned between two keys, left by lerp (not normalised: it shrinks), middle by nlerp, \
         right by your slerp. Dots mark equal steps of t: evenly spaced for slerp, crowded near the keys for \
         nlerp. Character: a clip played with your slerp, your nlerp, or blended matrices."
    }
}

fn main() -> ExitCode {
    let demo = Demo { crate_name: "lab05_slerp", title: "Lab 05: slerp", handout: include_str!("../README.md") };
    app::run_with_figures(demo, &figures::FIGURES, SlerpDemo::new)
}
