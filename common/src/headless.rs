//! An OpenGL 3.3+ core context with no window on screen, for tests and
//! `--screenshot`: each caller (each test thread) makes its own, draws into
//! an offscreen framebuffer and reads it back. [`Headless::new_gles`] makes
//! an OpenGL ES 3.0 context instead (GLSL ES 3.00, what WebGL2 runs), so that
//! tests prove natively that the course's shaders and drawing work in a
//! browser.
//!
//! One platform file each:
//!
//! - **Linux** (and the BSDs): the EGL device platform (`headless/egl.rs`),
//!   which needs no X server or Wayland compositor (Mesa's llvmpipe works).
//! - **Windows**: WGL on a hidden window that the calling thread creates and
//!   owns (`headless/wgl.rs`). WGL loads its context-creation extensions
//!   through a window's device context, so a window is needed, but it is
//!   never shown; any thread may make one.
//! - **macOS**: CGL directly (`headless/cgl.rs`): a pixel format, a context
//!   (OpenGL 4.1 core, forward-compatible, which runs the course's GLSL 3.30)
//!   and no drawable at all. AppKit (windows, `NSOpenGLContext` views) must
//!   be used from the main thread, but CGL is the plain C layer under it: a
//!   CGL context is an object any thread may make current on itself (one
//!   thread at a time), so it works from libtest's test threads. macOS has
//!   no OpenGL ES: [`Headless::new_gles`] says so there.
//!
//! ```no_run
//! let headless = common::headless::Headless::new(64, 64).expect("a GL driver");
//! let gl = headless.gl();
//! ```

use std::fmt;
use std::sync::Arc;

use crate::gl::RenderTarget;

#[cfg(target_os = "macos")]
mod cgl;
#[cfg(not(any(windows, target_os = "macos")))]
mod egl;
#[cfg(windows)]
mod wgl;

#[cfg(target_os = "macos")]
use cgl as platform;
#[cfg(not(any(windows, target_os = "macos")))]
use egl as platform;
#[cfg(windows)]
use wgl as platform;

/// Why no headless context could be made, and what to do about it on this
/// operating system.
#[derive(Debug, Clone)]
pub struct HeadlessError {
    api: Flavour,
    reason: String,
}

impl fmt::Display for HeadlessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let api = self.api.name();
        write!(f, "no headless {api} context: {}. {}", self.reason, platform::remedy(self.api))
    }
}

impl std::error::Error for HeadlessError {}

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

/// A current GL context with an offscreen colour+depth target bound; no
/// window is shown.
///
/// The context belongs to the thread that made it (each test makes its own).
pub struct Headless {
    gl: Arc<glow::Context>,
    target: RenderTarget,
    // Kept alive for as long as `gl` is used; dropped after it.
    _context: platform::Context,
}

impl Headless {
    /// Makes an OpenGL 3.3 core (or later, forward-compatible) context and
    /// binds a `width` x `height` offscreen target (a complete framebuffer
    /// is also what transform feedback needs without a window surface).
    pub fn new(width: u32, height: u32) -> Result<Self, HeadlessError> {
        Self::with_flavour(Flavour::Core, width, height)
    }

    /// Like [`Headless::new`], with an OpenGL ES 3.0 context: shaders get
    /// `#version 300 es` (see [`crate::gl::glsl_header`]) and only what
    /// GLSL ES 3.00 and ES 3.0 allow works, as in WebGL2. Linux's EGL gives
    /// one, Windows where the driver offers `WGL_EXT_create_context_es2_profile`,
    /// macOS never (it has no OpenGL ES).
    pub fn new_gles(width: u32, height: u32) -> Result<Self, HeadlessError> {
        Self::with_flavour(Flavour::Gles, width, height)
    }

    fn with_flavour(api: Flavour, width: u32, height: u32) -> Result<Self, HeadlessError> {
        let fail = |reason: String| HeadlessError { api, reason };
        let (context, gl) = platform::create(api).map_err(fail)?;
        let gl = Arc::new(gl);
        let target = RenderTarget::new(&gl, width, height).map_err(|e| fail(e.to_string()))?;
        target.bind(&gl);
        Ok(Headless { gl, target, _context: context })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A failure names this platform's remedy, and no other platform's.
    #[test]
    fn the_error_names_this_platforms_remedy() {
        let text = |api| HeadlessError { api, reason: "test".into() }.to_string();
        let (core, gles) = (text(Flavour::Core), text(Flavour::Gles));
        assert!(core.starts_with("no headless OpenGL 3.3 context: test. "), "{core}");
        assert!(gles.starts_with("no headless OpenGL ES 3.0 context: test. "), "{gles}");
        let (mine, others): (&str, &[&str]) = if cfg!(windows) {
            ("graphics driver from your GPU's maker", &["apt-get", "macOS"])
        } else if cfg!(target_os = "macos") {
            ("macOS", &["apt-get", "GPU's maker"])
        } else {
            ("sudo apt-get install libegl1", &["macOS", "GPU's maker"])
        };
        for text in [&core, &gles] {
            assert!(text.contains(mine) || text.contains("OpenGL ES"), "{text}");
            assert!(others.iter().all(|o| !text.contains(o)), "{text}");
        }
        assert!(core.contains(mine), "{core}");
    }
}
