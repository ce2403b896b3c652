//! The windowed runner: winit 0.30 + glutin 0.32 (OpenGL 3.3 core) + egui.

use std::collections::VecDeque;
use std::path::PathBuf;

use winit::application::ApplicationHandler;
use winit::event::{ElementState, KeyEvent, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::WindowId;

use super::graphics::{Graphics, create_graphics};
use super::guard::guard;
use super::keys::{self, Route, Router};
use super::panel::{Shared, side_panel};
use super::screenshot::advance;
use super::{Args, Demo, Failure, Lab, MakeLab, Scene};
use crate::Instant;
use crate::camera::OrbitCamera;
use crate::gl;

struct App<'a, L: Lab> {
    demo: Demo,
    /// The handout's settings table as text, for the help window.
    settings_help: String,
    args: &'a Args,
    pending: Option<(Scene, MakeLab<L>)>,
    graphics: Option<Graphics>,
    lab: Option<L>,
    orbit: OrbitCamera,
    paused: bool,
    speed: f32,
    step: f32,
    show_help: bool,
    present: bool,
    take_screenshot: bool,
    message: String,
    drag: Option<MouseButton>,
    cursor: Option<(f64, f64)>,
    last_frame: Instant,
    frame_times: VecDeque<f32>,
    frames_drawn: u32,
    /// The 3D view's size the camera was last framed for, while the user
    /// has not moved the camera (`None` once they have): until then a new
    /// size (the panel settling, the page laying out the canvas) frames again.
    framed_for: Option<(i32, i32)>,
    started: Instant,
    failure: Option<Failure>,
    /// The lab's claimed keys now down ([`Lab::KEYS`]).
    router: Router,
    /// Where [`Lab::follow`] was last frame.
    followed: Option<glam::Vec3>,
    /// Seconds the demo's clock has run (at most 0.1 s a frame).
    clock: f64,
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) fn run<L: Lab>(demo: Demo, args: &Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    let event_loop = EventLoop::new().map_err(|e| {
        format!(
            "cannot open a window ({e}). With no display (SSH, CI, containers) use \
             --screenshot out.png to render headless"
        )
    })?;
    let mut app = App::new(demo, args, scene, make);
    event_loop.run_app(&mut app).map_err(|e| format!("the window's event loop failed: {e}"))?;
    if let Some(failure) = app.failure {
        return Err(failure);
    }
    if let Some(n) = args.frames {
        let ms = app.started.elapsed().as_secs_f64() * 1000.0 / n.max(1) as f64;
        println!("{}: {n} frames, {ms:.2} ms per frame in the window", demo.crate_name);
    }
    Ok(())
}

/// The web's window: the page's canvas. Returns at once; the browser then
/// calls the frame loop (`requestAnimationFrame`) and the event handlers.
#[cfg(target_arch = "wasm32")]
pub(super) fn spawn<L: Lab + 'static>(
    demo: Demo,
    args: &'static Args,
    scene: Scene,
    make: MakeLab<L>,
) -> Result<(), Failure> {
    use winit::platform::web::EventLoopExtWebSys;
    let event_loop = EventLoop::new().map_err(|e| format!("cannot run in this page ({e})"))?;
    let mut app = App::new(demo, args, scene, make);
    app.paused = super::web::starts_paused();
    event_loop.spawn_app(app);
    Ok(())
}

impl<'a, L: Lab> App<'a, L> {
    fn new(demo: Demo, args: &'a Args, scene: Scene, make: MakeLab<L>) -> Self {
        let settings = super::settings::from_handout(demo.handout).unwrap_or_default();
        App {
            demo,
            settings_help: super::settings::help_text(&settings),
            args,
            pending: Some((scene, make)),
            graphics: None,
            lab: None,
            orbit: OrbitCamera::framing(&crate::camera::Aabb::EMPTY, 1.0),
            paused: false,
            speed: 1.0,
            step: 0.0,
            show_help: false,
            present: args.present,
            take_screenshot: false,
            message: String::new(),
            drag: None,
            cursor: None,
            last_frame: Instant::now(),
            frame_times: VecDeque::new(),
            frames_drawn: 0,
            framed_for: Some((0, 0)),
            started: Instant::now(),
            failure: None,
            router: Router::default(),
            followed: None,
            clock: 0.0,
        }
    }
}

impl<L: Lab> App<'_, L> {
    fn fail(&mut self, event_loop: &ActiveEventLoop, failure: Failure) {
        #[cfg(target_arch = "wasm32")]
        match &failure {
            Failure::Message(message) => super::say(&format!("{}: {message}", self.demo.crate_name)),
            Failure::Stopped(stop) => super::web::show_stop(self.demo.crate_name, stop),
        }
        self.failure = Some(failure);
        event_loop.exit();
    }

    /// A key the lab claimed goes to the lab, any other press to the runner.
    fn key(&mut self, event: &KeyEvent, panel_has_keyboard: bool, event_loop: &ActiveEventLoop) {
        let PhysicalKey::Code(code) = event.physical_key else {
            return;
        };
        let pressed = event.state == ElementState::Pressed;
        let code = match self.router.route(code, pressed, panel_has_keyboard, L::KEYS) {
            Route::Lab(told) => return self.tell_lab(told, event_loop),
            Route::Runner(code) => code,
            Route::Nowhere => return,
        };
        match code {
            KeyCode::Space => self.paused = !self.paused,
            KeyCode::ArrowRight | KeyCode::Period => {
                self.paused = true;
                self.step += 1.0 / 30.0;
            }
            KeyCode::ArrowLeft | KeyCode::Comma => {
                self.paused = true;
                self.step -= 1.0 / 30.0;
            }
            KeyCode::KeyR => {
                if let Some(lab) = self.lab.as_mut() {
                    if let Err(stop) = guard(|| lab.reset()) {
                        self.fail(event_loop, stop.into());
                        return;
                    }
                    let (bounds, followed) = (lab.bounds(), lab.follow());
                    self.orbit = OrbitCamera::framing(&bounds, self.aspect());
                    self.followed = followed;
                }
            }
            KeyCode::KeyS | KeyCode::F12 => self.take_screenshot = true,
            KeyCode::KeyP => self.set_present(!self.present),
            KeyCode::F1 => self.show_help = !self.show_help,
            KeyCode::Escape => event_loop.exit(),
            _ => {}
        }
    }

    /// Tells the lab of its keys' presses and releases.
    fn tell_lab(&mut self, keys: Vec<(keys::LabKey, bool)>, event_loop: &ActiveEventLoop) {
        let Some(lab) = self.lab.as_mut() else {
            return;
        };
        if let Err(stop) = guard(|| keys.into_iter().for_each(|(key, pressed)| lab.key(key, pressed))) {
            self.fail(event_loop, stop.into());
        }
    }

    /// Projector mode on or off: UI zoom, line scale (the background is
    /// chosen each frame).
    fn set_present(&mut self, on: bool) {
        self.present = on;
        set_line_scale(on, self.scale());
        if let Some(g) = self.graphics.as_ref() {
            g.egui.egui_ctx.set_zoom_factor(if on { super::panel::PRESENT_ZOOM } else { 1.0 });
        }
    }

    /// Width / height of the 3D view (the window less the side panel, about
    /// 300 points wide), before the first frame measures the panel.
    fn aspect(&self) -> f32 {
        let Some(g) = self.graphics.as_ref() else {
            return (self.args.size.0 as f32 - 300.0).max(1.0) / self.args.size.1.max(1) as f32;
        };
        let size = g.window.inner_size();
        let panel = 300.0 * g.window.scale_factor() as f32;
        (size.width as f32 - panel).max(1.0) / size.height.max(1) as f32
    }

    /// The window's scale factor: physical pixels per logical point (2 on a
    /// Retina screen, 1 on most others).
    fn scale(&self) -> f64 {
        self.graphics.as_ref().map_or(1.0, |g| g.window.scale_factor())
    }

    /// Orbits or pans by the cursor's move, in logical points (winit gives
    /// physical pixels), so a drag turns the model as far on a Retina
    /// screen as on any other.
    fn mouse_moved(&mut self, x: f64, y: f64) {
        let scale = self.scale();
        let (x, y) = (x / scale, y / scale);
        if let (Some(button), Some((px, py))) = (self.drag, self.cursor) {
            self.framed_for = None;
            let (dx, dy) = ((x - px) as f32, (y - py) as f32);
            let height = self.graphics.as_ref().map_or(600.0, |g| g.window.inner_size().height as f32 / scale as f32);
            match button {
                MouseButton::Left => self.orbit.drag(dx, dy),
                _ => self.orbit.pan(dx, dy, height),
            }
        }
        self.cursor = Some((x, y));
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let (Some(g), Some(lab)) = (self.graphics.as_mut(), self.lab.as_mut()) else {
            return;
        };
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f32().min(0.1);
        self.last_frame = now;
        self.frame_times.push_back(dt);
        if self.frame_times.len() > 60 {
            self.frame_times.pop_front();
        }
        let advance_by = if self.paused { self.step } else { dt * self.speed + self.step };
        self.step = 0.0;
        if let Err(stop) = guard(|| lab.update(advance_by)) {
            return self.fail(event_loop, stop.into());
        }
        self.clock += f64::from(advance_by);

        // The side panel: shared controls, then the lab's own.
        let mean_ms = 1000.0 * self.frame_times.iter().sum::<f32>() / self.frame_times.len() as f32;
        let (paused, speed, show_help, message) =
            (&mut self.paused, &mut self.speed, &mut self.show_help, &self.message);
        let mut panel_right = 0.0;
        let (title, settings_help) = (self.demo.title, self.settings_help.as_str());
        let ui_result = guard(|| {
            g.egui.run(&g.window, |ui| {
                let shared = Shared {
                    title,
                    status: format!("{mean_ms:.1} ms per frame"),
                    paused: &mut *paused,
                    speed: &mut *speed,
                    show_help: &mut *show_help,
                    message: message.as_str(),
                };
                panel_right = side_panel(ui, shared, &mut *lab);
                egui::Window::new("Help").open(show_help).show(ui.ctx(), |ui| {
                    ui.label(keys::help(L::KEYS));
                    if !lab.help().is_empty() {
                        ui.separator();
                        ui.label(lab.help());
                    }
                    if !settings_help.is_empty() {
                        ui.separator();
                        ui.label(settings_help);
                    }
                });
            })
        });
        if let Err(stop) = ui_result {
            return self.fail(event_loop, stop.into());
        }

        // The first frame knows the panel's width: frame the model in the
        // 3D view as it is (as `--screenshot` of the view's size does).
        let size = g.window.inner_size();
        let left = (panel_right * g.egui.egui_ctx.pixels_per_point()).round() as i32;
        let viewport = [left, 0, (size.width as i32 - left).max(1), size.height.max(1) as i32];
        if lab.take_reframe() || self.frames_drawn == 0 {
            self.orbit = OrbitCamera::framing(&lab.bounds(), viewport[2] as f32 / viewport[3] as f32);
            self.followed = lab.follow();
        }
        self.orbit.follow(&mut self.followed, lab.follow());
        let camera = self.orbit.camera(viewport[2] as f32, viewport[3] as f32);
        let gl_ctx = g.gl.clone();
        let background = if self.present { gl::PRESENT_BACKGROUND } else { gl::BACKGROUND };
        gl::begin_scene(&gl_ctx, viewport, background);
        if let Err(stop) = guard(|| lab.draw(&gl_ctx, &camera)) {
            return self.fail(event_loop, stop.into());
        }
        if std::mem::take(&mut self.take_screenshot) {
            self.message = save_viewport(&gl_ctx, viewport, self.demo.crate_name);
        }
        g.egui.paint(&g.window);
        if let Err(e) = g.present() {
            return self.fail(event_loop, e.into());
        }
        self.frames_drawn += 1;
        #[cfg(target_arch = "wasm32")]
        super::web::frame_drawn(self.frames_drawn, viewport, size.height, mean_ms, self.followed, self.clock);
        if self.args.frames.is_some_and(|n| self.frames_drawn >= n) {
            event_loop.exit();
        }
        g.window.request_redraw();
    }
}

/// Line widths and dot sizes are in pixels: scaled for projector mode and by
/// the window's scale factor (as thick on a Retina screen as elsewhere).
fn set_line_scale(present: bool, scale_factor: f64) {
    let lines = if present { gl::PRESENT_LINE_SCALE } else { 1.0 };
    gl::set_line_scale(lines * scale_factor as f32);
}

/// Saves the 3D viewport as the first free `<crate>-N.png`; returns a status line.
fn save_viewport(gl_ctx: &glow::Context, viewport: [i32; 4], crate_name: &str) -> String {
    let path =
        (1..).map(|n| PathBuf::from(format!("{crate_name}-{n}.png"))).find(|p| !p.exists()).expect("a free name");
    let image = gl::read_window(gl_ctx, viewport);
    match gl::save_png(&image, &path) {
        Ok(()) => format!("saved {}", path.display()),
        Err(e) => e.to_string(),
    }
}

impl<L: Lab> ApplicationHandler for App<'_, L> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        let Some((scene, make)) = self.pending.take() else {
            return;
        };
        let graphics = match create_graphics(event_loop, self.demo.title, self.args.size) {
            Ok(g) => g,
            Err(e) => return self.fail(event_loop, e.into()),
        };
        let gl_ctx = graphics.gl.clone();
        self.graphics = Some(graphics);
        let made = guard(|| make(&gl_ctx, self.args, scene));
        let mut lab = match made {
            Ok(Ok(lab)) => lab,
            Ok(Err(message)) => return self.fail(event_loop, super::naming_model(message, self.args).into()),
            Err(stop) => return self.fail(event_loop, stop.into()),
        };
        if let Err(failure) = advance(&mut lab, self.args.time) {
            return self.fail(event_loop, failure);
        }
        self.lab = Some(lab);
        self.orbit = OrbitCamera::framing(&self.lab.as_ref().expect("just set").bounds(), self.aspect());
        self.last_frame = Instant::now();
        self.started = Instant::now();
        self.set_present(self.args.present);
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        if let WindowEvent::ScaleFactorChanged { scale_factor, .. } = &event {
            // Moved to a screen of another density: lines follow.
            set_line_scale(self.present, *scale_factor);
        }
        let Some(g) = self.graphics.as_mut() else {
            return;
        };
        match &event {
            WindowEvent::CloseRequested => return event_loop.exit(),
            WindowEvent::RedrawRequested => return self.frame(event_loop),
            WindowEvent::Resized(size) => g.resize(size.width, size.height),
            _ => {}
        }
        let response = g.egui.on_window_event(&g.window, &event);
        let wants_keyboard = g.egui.egui_ctx.egui_wants_keyboard_input();
        match event {
            WindowEvent::KeyboardInput { event, .. } => self.key(&event, wants_keyboard, event_loop),
            WindowEvent::Focused(false) => {
                let released = self.router.release_all();
                self.tell_lab(released.into_iter().map(|k| (k, false)).collect(), event_loop);
            }
            WindowEvent::MouseInput { state: ElementState::Pressed, button, .. } if !response.consumed => {
                self.drag = Some(button);
            }
            WindowEvent::MouseInput { state: ElementState::Released, .. } => self.drag = None,
            WindowEvent::CursorMoved { position, .. } => self.mouse_moved(position.x, position.y),
            WindowEvent::MouseWheel { delta, .. } if !response.consumed => {
                let steps = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => (p.y / g.window.scale_factor()) as f32 / 40.0,
                };
                self.orbit.zoom(steps);
                self.framed_for = None;
            }
            _ => {}
        }
    }

    fn exiting(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(g) = self.graphics.as_mut() {
            g.egui.destroy();
        }
    }
}
