//! OpenGL 3.3 core (and OpenGL ES 3.0 / WebGL2) helpers: shader programs with readable errors, mesh
//! buffers, a lit surface renderer, a line/point renderer for skeletons and
//! gizmos, textures, and offscreen targets read back to PNG.
//!
//! This module (and lab06's exercise, where raw GL is the lesson) is where the
//! `unsafe` GL calls live; each block says why it is sound. Every function
//! takes `&glow::Context` and expects that context to be current.

mod lines;
mod mesh;
mod shader;
mod surface;
mod target;
mod texture;

pub use glow;
pub use lines::{LineRenderer, Overlay, line_scale, set_line_scale};
pub use mesh::{MeshBuffers, attrib};
pub use shader::{GlError, Program, glsl_body, glsl_header, glsl_source};
pub use surface::{SurfaceRenderer, SurfaceStyle};
pub use target::{RenderTarget, save_png};
pub use texture::{Texture, checker_image};

use glow::HasContext;

/// `GL_RENDERER` and `GL_VERSION` of the current context, on one line.
pub fn describe(gl: &glow::Context) -> String {
    // SAFETY: plain queries of constant strings on the current context.
    unsafe {
        format!("{} / OpenGL {}", gl.get_parameter_string(glow::RENDERER), gl.get_parameter_string(glow::VERSION))
    }
}

/// The first pending GL error, if any, named after `what` was being done.
pub fn check_error(gl: &glow::Context, what: &str) -> Result<(), GlError> {
    // SAFETY: glGetError only reads the context's error flag.
    let code = unsafe { gl.get_error() };
    if code == glow::NO_ERROR {
        return Ok(());
    }
    let name = match code {
        glow::INVALID_ENUM => "GL_INVALID_ENUM",
        glow::INVALID_VALUE => "GL_INVALID_VALUE",
        glow::INVALID_OPERATION => "GL_INVALID_OPERATION",
        glow::INVALID_FRAMEBUFFER_OPERATION => "GL_INVALID_FRAMEBUFFER_OPERATION",
        glow::OUT_OF_MEMORY => "GL_OUT_OF_MEMORY",
        _ => "an unknown GL error",
    };
    Err(GlError(format!("{what}: {name} (0x{code:04X})")))
}

/// The course's background colour (linear RGB).
pub const BACKGROUND: [f32; 3] = [0.16, 0.17, 0.20];

/// The background in projector mode (`--present`): black, for contrast.
pub const PRESENT_BACKGROUND: [f32; 3] = [0.0, 0.0, 0.0];

/// How much thicker lines and joint dots are in projector mode.
pub const PRESENT_LINE_SCALE: f32 = 2.0;

/// Starts drawing a 3D scene into `viewport` (x, y, width, height in pixels):
/// sets the state a scene expects and clears that rectangle to `background`.
///
/// egui's painter leaves depth test off, blending on and sRGB off, so call
/// this every frame before drawing the scene.
pub fn begin_scene(gl: &glow::Context, viewport: [i32; 4], background: [f32; 3]) {
    let [x, y, w, h] = viewport;
    // SAFETY: state changes and a clear on the current context; valid enums, no pointers.
    unsafe {
        gl.viewport(x, y, w, h);
        gl.enable(glow::SCISSOR_TEST);
        gl.scissor(x, y, w, h);
        gl.color_mask(true, true, true, true);
        gl.depth_mask(true);
        gl.clear_color(background[0], background[1], background[2], 1.0);
        gl.clear_depth_f32(1.0);
        gl.clear(glow::COLOR_BUFFER_BIT | glow::DEPTH_BUFFER_BIT);
        gl.disable(glow::SCISSOR_TEST);
        gl.enable(glow::DEPTH_TEST);
        gl.depth_func(glow::LEQUAL);
        gl.disable(glow::BLEND);
        gl.disable(glow::CULL_FACE);
        if !gl.version().is_embedded {
            gl.disable(glow::FRAMEBUFFER_SRGB); // OpenGL ES and WebGL2 have no such switch
        }
    }
}

/// Blocks until the GL commands issued so far have finished (for timing).
pub fn finish(gl: &glow::Context) {
    // SAFETY: glFinish takes no arguments and only waits.
    unsafe { gl.finish() };
}

/// Reads a rectangle `[x, y, width, height]` of the window's framebuffer
/// (the default framebuffer), top row first.
pub fn read_window(gl: &glow::Context, rect: [i32; 4]) -> image::RgbaImage {
    // SAFETY: the default framebuffer always exists while the context is
    // current; read_pixels sizes its buffer for the rectangle.
    unsafe {
        gl.bind_framebuffer(glow::READ_FRAMEBUFFER, None);
        target::read_pixels(gl, rect[0], rect[1], rect[2].max(1) as u32, rect[3].max(1) as u32)
    }
}
