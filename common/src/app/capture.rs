//! A demo rendered headless, frame by frame: what `--screenshot` and
//! `--record` share. Draws the 3D view and, when asked, the side panel
//! (`--panel`) and the legend (`--legend`) with egui on the same context.

use std::sync::Arc;

use super::guard::guard;
use super::paint::EguiPass;
use super::panel::{Shared, capture_scale, side_panel};
use super::screenshot::advance;
use super::{Args, Demo, Failure, Lab, MakeLab, Scene};
use crate::camera::OrbitCamera;
use crate::gl;
use crate::headless::Headless;

/// A lab on the headless context, with its clock.
pub(super) struct Capture<L: Lab> {
    demo: Demo,
    // Dropped before the context: egui's painter frees its GL objects.
    egui: Option<EguiPass>,
    lab: L,
    headless: Headless,
    orbit: Option<OrbitCamera>,
    /// Where [`Lab::follow`] was at the last frame.
    followed: Option<glam::Vec3>,
    viewport: Option<[i32; 4]>,
    size: (u32, u32),
    time: f64,
    fps: f32,
    legend: bool,
    panel: bool,
    present: bool,
}

impl<L: Lab> Capture<L> {
    /// Makes the context and the lab, and advances it to `--time`.
    pub(super) fn new(demo: Demo, args: &Args, scene: Scene, make: MakeLab<L>) -> Result<Self, Failure> {
        let (w, h) = args.size;
        let headless = Headless::new(w, h).map_err(|e| e.to_string())?;
        let gl = headless.gl().clone();
        gl::set_line_scale(if args.present { gl::PRESENT_LINE_SCALE } else { 1.0 });
        let lab = guard(|| make(&gl, args, scene))?.map_err(|message| super::naming_model(message, args))?;
        let egui = if args.legend || args.panel { Some(EguiPass::new(&gl)?) } else { None };
        let mut capture = Capture {
            demo,
            egui,
            lab,
            headless,
            orbit: None,
            followed: None,
            viewport: None,
            size: (w, h),
            time: 0.0,
            fps: args.fps,
            legend: args.legend,
            panel: args.panel,
            present: args.present,
        };
        capture.advance(args.time)?;
        Ok(capture)
    }

    /// Advances the lab's clock by `seconds`, as `--time` does.
    pub(super) fn advance(&mut self, seconds: f32) -> Result<(), Failure> {
        advance(&mut self.lab, seconds)?;
        self.time += f64::from(seconds);
        Ok(())
    }

    /// `GL_RENDERER` and `GL_VERSION`.
    pub(super) fn describe(&self) -> String {
        self.headless.describe()
    }

    /// Draws one frame into the offscreen target (no read-back).
    pub(super) fn draw(&mut self) -> Result<(), Failure> {
        let (w, h) = self.size;
        let gl: Arc<glow::Context> = self.headless.gl().clone();
        let background = if self.present { gl::PRESENT_BACKGROUND } else { gl::BACKGROUND };
        let ppp = capture_scale(h, self.present);
        let mut panel_right = 0.0;
        let mut legend_left = w as f32 / ppp;
        let output = match self.egui.as_mut() {
            None => None,
            Some(egui) => {
                let (lab, title, time) = (&mut self.lab, self.demo.title, self.time);
                let (panel, legend) = (self.panel, self.legend);
                let (mut paused, mut speed, mut help) = (false, 1.0, false);
                let step = 1.0 / self.fps;
                Some(guard(|| {
                    egui.run(self.size, ppp, time, step, |ui| {
                        if panel {
                            let shared = Shared {
                                title,
                                status: format!("time: {time:.2} s"),
                                paused: &mut paused,
                                speed: &mut speed,
                                show_help: &mut help,
                                message: "",
                            };
                            panel_right = side_panel(ui, shared, &mut *lab);
                        }
                        if legend {
                            legend_left = super::legend::paint(ui.ctx(), title, time, &lab.legend());
                        }
                    })
                })?)
            }
        };
        // The 3D view: right of the panel, left of the legend (which never covers it).
        let left = ((panel_right * ppp).round() as i32).clamp(0, w as i32 - 1);
        let right = ((legend_left * ppp).round() as i32).clamp(left + 1, w as i32);
        // Fixed by the first frame: a recording's camera must not move when
        // the legend's text changes width.
        let viewport = *self.viewport.get_or_insert([left, 0, right - left, h as i32]);
        let (vw, vh) = (viewport[2] as f32, viewport[3] as f32);
        let bounds = self.lab.bounds();
        let orbit = self.orbit.get_or_insert_with(|| OrbitCamera::framing(&bounds, vw / vh));
        orbit.follow(&mut self.followed, self.lab.follow());
        let camera = orbit.camera(vw, vh);
        self.headless.target().bind(&gl);
        gl::begin_scene(&gl, [0, 0, w as i32, h as i32], background);
        gl::begin_scene(&gl, viewport, background);
        guard(|| self.lab.draw(&gl, &camera))?;
        if let (Some(egui), Some(output)) = (self.egui.as_mut(), output) {
            self.headless.target().bind(&gl);
            egui.paint(self.size, output);
        }
        gl::finish(&gl);
        gl::check_error(&gl, "drawing the picture").map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Draws one frame and reads it back.
    pub(super) fn render(&mut self) -> Result<image::RgbaImage, Failure> {
        self.draw()?;
        Ok(self.headless.read_image())
    }
}
