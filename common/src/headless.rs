//! An OpenGL 3.3+ core context with no window, through the EGL device
//! platform: works on Mesa's llvmpipe with no X server or Wayland compositor.
//! Tests and `--screenshot` use it.
//!
//! ```no_run
//! let headless = common::headless::Headless::new(64, 64).expect("a GL driver");
//! let gl = headless.gl();
//! ```

use std::ffi::CStr;
use std::fmt;
use std::sync::Arc;

use glutin::api::egl::{context::PossiblyCurrentContext, device::Device, display::Display};
use glutin::config::{ConfigSurfaceTypes, ConfigTemplateBuilder};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::prelude::*;

use crate::gl::RenderTarget;

/// Why no headless context could be made, and what to install.
#[derive(Debug, Clone)]
pub struct HeadlessError(String);

impl fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no headless OpenGL 3.3 context: {}. Install an EGL driver with OpenGL 3.3 \
             (Debian/Ubuntu: `sudo apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri`), \
             or run the demo in a window instead of --screenshot",
            self.0
        )
    }
}

impl std::error::Error for HeadlessError {}

/// A current, surfaceless GL context with an offscreen colour+depth target bound.
///
/// The context belongs to the thread that made it (each test makes its own).
pub struct Headless {
    gl: Arc<glow::Context>,
    target: RenderTarget,
    // Kept alive for as long as `gl` is used; dropped after it.
    _context: PossiblyCurrentContext,
    _display: Display,
}

impl Headless {
    /// Makes a context on the first EGL device that gives OpenGL 3.3 core,
    /// and binds a `width` x `height` offscreen target (a complete framebuffer
    /// is also what transform feedback needs in a surfaceless context).
    pub fn new(width: u32, height: u32) -> Result<Self, HeadlessError> {
        let devices = Device::query_devices()
            .map_err(|e| HeadlessError(format!("cannot list EGL devices ({e}); is libEGL installed?")))?;
        let mut reasons = Vec::new();
        for device in devices {
            match Self::on_device(&device, width, height) {
                Ok(headless) => return Ok(headless),
                Err(e) => reasons.push(format!("{}: {e}", device.name().unwrap_or("unnamed device"))),
            }
        }
        if reasons.is_empty() {
            reasons.push("EGL lists no devices".into());
        }
        Err(HeadlessError(reasons.join("; ")))
    }

    fn on_device(device: &Device, width: u32, height: u32) -> Result<Self, String> {
        // SAFETY: with no raw display handle, glutin only asks EGL for the
        // device's platform display; nothing borrowed must outlive this call.
        let display = unsafe { Display::with_device(device, None) }.map_err(|e| e.to_string())?;
        // A surfaceless context needs no window/pbuffer surface type; the
        // default template asks for WINDOW and finds no config here.
        let template = ConfigTemplateBuilder::new().with_surface_type(ConfigSurfaceTypes::empty()).build();
        // SAFETY: the template is plain data and no window handle is involved.
        let config = unsafe { display.find_configs(template) }
            .map_err(|e| e.to_string())?
            .next()
            .ok_or("no EGL config without a surface")?;
        let attributes = ContextAttributesBuilder::new()
            .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
            .with_profile(GlProfile::Core)
            .build(None);
        // SAFETY: the config came from this display; no window handle is passed.
        let context = unsafe { display.create_context(&config, &attributes) }
            .map_err(|e| format!("OpenGL 3.3 core refused ({e})"))?
            .make_current_surfaceless()
            .map_err(|e| e.to_string())?;
        // SAFETY: the context is current on this thread, so the pointers that
        // eglGetProcAddress returns are valid for it.
        let gl = unsafe { glow::Context::from_loader_function_cstr(|name: &CStr| display.get_proc_address(name)) };
        let gl = Arc::new(gl);
        let target = RenderTarget::new(&gl, width, height).map_err(|e| e.to_string())?;
        target.bind(&gl);
        Ok(Headless { gl, target, _context: context, _display: display })
    }

    /// The GL function table of this context.
    pub fn gl(&self) -> &Arc<glow::Context> {
        &self.gl
    }

    /// The offscreen target everything is drawn into.
    pub fn target(&self) -> &RenderTarget {
        &self.target
    }

    /// Reads the target back as an RGBA image (top row first).
    pub fn read_image(&self) -> image::RgbaImage {
        self.target.read_image(&self.gl)
    }

    /// `GL_RENDERER` and `GL_VERSION`, for messages and notes.
    pub fn describe(&self) -> String {
        crate::gl::describe(&self.gl)
    }
}
