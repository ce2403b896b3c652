//! The window's graphics: on the desktop a winit window with a glutin
//! OpenGL 3.3 core context; on the web the page's `<canvas id="lab">` with a
//! WebGL2 context. Both give the runner a [`Graphics`]: the window, a glow
//! context and egui's painter.

use std::sync::Arc;

use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

pub(super) use imp::{Graphics, create_graphics};

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::num::NonZeroU32;

    use glutin::config::{Config, ConfigTemplateBuilder, GlConfig};
    use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, PossiblyCurrentContext, Version};
    use glutin::display::GetGlDisplay;
    use glutin::prelude::*;
    use glutin::surface::{Surface, SwapInterval, WindowSurface};
    use glutin_winit::{DisplayBuilder, GlWindow};
    use winit::raw_window_handle::HasWindowHandle;

    use super::*;

    /// Window, GL context and egui, made once the event loop is running.
    pub(in super::super) struct Graphics {
        pub window: Window,
        surface: Surface<WindowSurface>,
        context: PossiblyCurrentContext,
        pub gl: Arc<glow::Context>,
        pub egui: egui_glow::EguiGlow,
    }

    impl Graphics {
        /// Shows the frame drawn.
        pub fn present(&self) -> Result<(), String> {
            self.surface.swap_buffers(&self.context).map_err(|e| format!("swap buffers: {e}"))
        }

        /// Follows the window's new size.
        pub fn resize(&self, width: u32, height: u32) {
            if let (Some(w), Some(h)) = (NonZeroU32::new(width), NonZeroU32::new(height)) {
                self.surface.resize(&self.context, w, h);
            }
        }
    }

    /// What a student can do when the window gets no OpenGL 3.3 core.
    fn remedy() -> &'static str {
        if cfg!(target_os = "macos") {
            "every Mac since macOS 10.9 has OpenGL 4.1 core; report the macOS version and Mac model"
        } else if cfg!(windows) {
            "install the graphics driver from the GPU's maker (Intel, AMD or NVIDIA)"
        } else {
            "install Mesa's drivers (Debian/Ubuntu: `sudo apt-get install libgl1-mesa-dri libegl-mesa0`)"
        }
    }

    /// Picks the config with the most samples up to 4 (smooth edges), else the first.
    fn pick_config(configs: Box<dyn Iterator<Item = Config> + '_>) -> Config {
        configs
            .reduce(|best, c| if c.num_samples() > best.num_samples() && c.num_samples() <= 4 { c } else { best })
            .expect("glutin offers at least one config")
    }

    pub(in super::super) fn create_graphics(
        event_loop: &ActiveEventLoop,
        title: &str,
        size: (u32, u32),
    ) -> Result<Graphics, String> {
        let attributes = Window::default_attributes()
            .with_title(title)
            // Logical points: the same apparent size on a Retina screen (twice
            // the pixels there; the viewport, the framebuffer and the S key's
            // screenshots follow the physical size, egui the scale factor).
            .with_inner_size(winit::dpi::LogicalSize::new(size.0, size.1));
        let template = ConfigTemplateBuilder::new().with_depth_size(24);
        let (window, config) = DisplayBuilder::new()
            .with_window_attributes(Some(attributes.clone()))
            .build(event_loop, template, pick_config)
            .map_err(|e| format!("no OpenGL config for a window: {e}"))?;
        let display = config.display();
        let window = match window {
            Some(w) => w,
            None => glutin_winit::finalize_window(event_loop, attributes, &config).map_err(|e| e.to_string())?,
        };
        let handle = window.window_handle().map_err(|e| e.to_string())?.as_raw();
        // OpenGL 3.3 core. macOS only gives core profiles forward-compatible
        // (no deprecated calls, which the course never makes): there the
        // config's pixel format carries the profile, and glutin asks for 4.1
        // core first (GLSL 4.10 compiles the course's `#version 330 core`).
        let context_attributes = ContextAttributesBuilder::new()
            .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
            .with_profile(GlProfile::Core)
            .build(Some(handle));
        // SAFETY: the config and the window handle come from this display and window.
        let context = unsafe { display.create_context(&config, &context_attributes) }
            .map_err(|e| format!("the driver refused an OpenGL 3.3 core context: {e}; {}", remedy()))?;
        let surface_attributes = window.build_surface_attributes(Default::default()).map_err(|e| e.to_string())?;
        // SAFETY: the surface is made for this window, which outlives it (both in `Graphics`).
        let surface =
            unsafe { display.create_window_surface(&config, &surface_attributes) }.map_err(|e| e.to_string())?;
        let context = context.make_current(&surface).map_err(|e| e.to_string())?;
        let _ = surface.set_swap_interval(&context, SwapInterval::Wait(NonZeroU32::MIN));
        // SAFETY: the context is current, so the loaded function pointers belong to it.
        let gl = unsafe { glow::Context::from_loader_function_cstr(|name| display.get_proc_address(name)) };
        let gl = Arc::new(gl);
        let egui = egui_glow::EguiGlow::new(event_loop, gl.clone(), None, None, true);
        Ok(Graphics { window, surface, context, gl, egui })
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use wasm_bindgen::JsCast;
    use winit::platform::web::WindowAttributesExtWebSys;

    use super::*;

    /// The canvas's window, its WebGL2 context and egui.
    pub(in super::super) struct Graphics {
        pub window: Window,
        canvas: web_sys::HtmlCanvasElement,
        pub gl: Arc<glow::Context>,
        pub egui: egui_glow::EguiGlow,
    }

    impl Graphics {
        /// Nothing to do: the browser shows what a frame drew when it returns.
        pub fn present(&self) -> Result<(), String> {
            Ok(())
        }

        /// Gives the canvas's drawing buffer the size the page lays it out
        /// at (winit reports it; the buffer would stay at 300x150).
        pub fn resize(&self, width: u32, height: u32) {
            if width > 0 && height > 0 && (self.canvas.width(), self.canvas.height()) != (width, height) {
                self.canvas.set_width(width);
                self.canvas.set_height(height);
            }
        }
    }

    /// The page's `<canvas id="lab">` as a winit window, and a WebGL2
    /// context on it. Without WebGL2 (an old browser, WebGL switched off, no
    /// GPU and no software fallback) the reason is one line for the page.
    pub(in super::super) fn create_graphics(
        event_loop: &ActiveEventLoop,
        _title: &str,
        _size: (u32, u32),
    ) -> Result<Graphics, String> {
        let document = web_sys::window().and_then(|w| w.document()).ok_or("this page has no document")?;
        let canvas = document
            .get_element_by_id("lab")
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok())
            .ok_or("this page has no <canvas id=\"lab\"> to draw on")?;
        let webgl2 = canvas
            .get_context("webgl2")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::WebGl2RenderingContext>().ok())
            .ok_or(
                "this browser gave the page no WebGL2 context, which the demo needs: turn on WebGL \
                 (or hardware acceleration) in the browser's settings, or use a browser that has WebGL2",
            )?;
        let attributes = Window::default_attributes().with_canvas(Some(canvas.clone())).with_prevent_default(true);
        let window = event_loop.create_window(attributes).map_err(|e| format!("cannot use the canvas: {e}"))?;
        // egui_glow and the Lab API take an Arc; the web has one thread.
        #[allow(clippy::arc_with_non_send_sync)]
        let gl = Arc::new(glow::Context::from_webgl2_context(webgl2));
        let egui = egui_glow::EguiGlow::new(event_loop, gl.clone(), None, None, true);
        // The page is dark, and so are the native captures' panels.
        egui.egui_ctx.set_theme(egui::ThemePreference::Dark);
        let graphics = Graphics { window, canvas, gl, egui };
        let size = graphics.window.inner_size();
        graphics.resize(size.width, size.height);
        Ok(graphics)
    }
}
