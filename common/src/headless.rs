//! An OpenGL 3.3+ core context with no window, through the EGL device
//! platform: works on Mesa's llvmpipe with no X server or Wayland compositor.
//! Tests and `--screenshot` use it. [`Headless::new_gles`] makes an OpenGL
//! ES 3.0 context instead (GLSL ES 3.00, what WebGL2 runs), so that tests
//! prove natively that the course's shaders and drawing work in a browser.
//!
//! ```no_run
//! let headless = common::headless::Headless::new(64, 64).expect("a GL driver");
//! let gl = headless.gl();
//! ```

use std::ffi::CStr;
use std::fmt;
use std::sync::Arc;

use glutin::api::egl::{context::PossiblyCurrentContext, device::Device, display::Display};
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::prelude::*;

use crate::gl::RenderTarget;

/// Why no headless context could be made, and what to install.
#[derive(Debug, Clone)]
pub struct HeadlessError {
    api: Flavour,
    reason: String,
}

impl fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let api = self.api.name();
        write!(
            f,
            "no headless {api} context: {}. Install an EGL driver with {api} \
             (Debian/Ubuntu: `sudo apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri`), \
             or run the demo in a window instead of --screenshot",
            self.reason
        )
    }
}

/// Which API a headless context speaks.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Flavour {
    /// OpenGL 3.3 core: the native demos.
    Core,
    /// OpenGL ES 3.0: what WebGL2 is built on.
    Gles,
}

impl Flavour {
    fn name(self) -> &'static str {
        match self {
            Flavour::Core => "OpenGL 3.3",
            Flavour::Gles => "OpenGL ES 3.0",
        }
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
        Self::with_flavour(Flavour::Core, width, height)
    }

    /// Like [`Headless::new`], with an OpenGL ES 3.0 context: shaders get
    /// `#version 300 es` (see [`crate::gl::glsl_header`]) and only what
    /// GLSL ES 3.00 and ES 3.0 allow works, as in WebGL2.
    pub fn new_gles(width: u32, height: u32) -> Result<Self, HeadlessError> {
        Self::with_flavour(Flavour::Gles, width, height)
    }

    fn with_flavour(api: Flavour, width: u32, height: u32) -> Result<Self, HeadlessError> {
        let fail = |reason: String| HeadlessError { api, reason };
        let devices = Device::query_devices()
            .map_err(|e| fail(format!("cannot list EGL devices ({e}); is libEGL installed?")))?;
        let mut reasons = Vec::new();
        for device in devices {
            match Self::on_device(&device, api, width, height) {
                Ok(headless) => return Ok(headless),
                Err(e) => reasons.push(format!("{}: {e}", device.name().unwrap_or("unnamed device"))),
            }
        }
        if reasons.is_empty() {
            reasons.push("EGL lists no devices".into());
        }
        Err(fail(reasons.join("; ")))
    }

    fn on_device(device: &Device, api: Flavour, width: u32, height: u32) -> Result<Self, String> {
        // SAFETY: with no raw display handle, glutin only asks EGL for the
        // device's platform display; nothing borrowed must outlive this call.
        let display = unsafe { Display::with_device(device, None) }.map_err(|e| e.to_string())?;
        // A surfaceless context needs no window/pbuffer surface type; the
        // default template asks for WINDOW and finds no config here.
        let mut template = ConfigTemplateBuilder::new().with_surface_type(ConfigSurfaceTypes::empty());
        if api == Flavour::Gles {
            template = template.with_api(Api::GLES3);
        }
        let template = template.build();
        // SAFETY: the template is plain data and no window handle is involved.
        let config = unsafe { display.find_configs(template) }
            .map_err(|e| e.to_string())?
            .next()
            .ok_or("no EGL config without a surface")?;
        let attributes = match api {
            Flavour::Core => ContextAttributesBuilder::new()
                .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
                .with_profile(GlProfile::Core)
                .build(None),
            Flavour::Gles => {
                ContextAttributesBuilder::new().with_context_api(ContextApi::Gles(Some(Version::new(3, 0)))).build(None)
            }
        };
        // SAFETY: the config came from this display; no window handle is passed.
        let context = unsafe { display.create_context(&config, &attributes) }
            .map_err(|e| format!("{} refused ({e})", api.name()))?
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
