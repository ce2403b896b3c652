//! The lit surface shader every demo draws meshes with.

use glam::{Mat4, Vec3};
use glow::HasContext;

use super::{GlError, MeshBuffers, Program, Texture};
use crate::camera::Camera;

/// How a mesh looks: a base colour (linear RGB), or per-vertex colours, or a texture.
#[derive(Clone, Copy, Debug)]
pub struct SurfaceStyle<'a> {
    /// Base colour, linear RGB.
    pub color: Vec3,
    /// Use the mesh's per-vertex colours (see [`MeshBuffers::set_colors`]) instead.
    pub vertex_colors: bool,
    /// Multiply the colour by this texture.
    pub texture: Option<&'a Texture>,
    /// Opacity; below 1 only the mesh's nearest surface is blended over the scene.
    pub alpha: f32,
}

impl Default for SurfaceStyle<'_> {
    fn default() -> Self {
        SurfaceStyle { color: Vec3::new(0.72, 0.62, 0.52), vertex_colors: false, texture: None, alpha: 1.0 }
    }
}

/// Draws [`MeshBuffers`] lit by a key light that follows the camera.
pub struct SurfaceRenderer {
    program: Program,
}

impl SurfaceRenderer {
    /// Compiles the surface shader.
    pub fn new(gl: &glow::Context) -> Result<SurfaceRenderer, GlError> {
        let program = Program::new(
            gl,
            "surface",
            &[
                (glow::VERTEX_SHADER, include_str!("shaders/surface.vert")),
                (glow::FRAGMENT_SHADER, include_str!("shaders/surface.frag")),
            ],
        )?;
        Ok(SurfaceRenderer { program })
    }

    /// The same lighting with a vertex shader of your own (lab06's skinning
    /// shader), whose `feedback` outputs transform feedback can record. The
    /// shader must write `gl_Position` and the outputs `surface.frag` reads:
    /// `v_world`, `v_normal`, `v_uv`, `v_color`; it receives `u_model` and
    /// `u_view_proj` from [`SurfaceRenderer::draw`].
    pub fn with_vertex_shader(
        gl: &glow::Context,
        name: &str,
        vertex: &str,
        feedback: &[&str],
    ) -> Result<SurfaceRenderer, GlError> {
        let stages = [(glow::VERTEX_SHADER, vertex), (glow::FRAGMENT_SHADER, include_str!("shaders/surface.frag"))];
        Ok(SurfaceRenderer { program: Program::with_feedback(gl, name, &stages, feedback)? })
    }

    /// The program, to set uniforms of your own (bind it first) before [`SurfaceRenderer::draw`].
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Draws `mesh` moved by `model` (use identity for skinned vertices).
    pub fn draw(&self, gl: &glow::Context, camera: &Camera, model: &Mat4, mesh: &MeshBuffers, style: &SurfaceStyle) {
        let p = &self.program;
        p.bind(gl);
        p.set_mat4(gl, "u_model", model);
        p.set_mat4(gl, "u_view_proj", &camera.view_proj());
        p.set_vec3(gl, "u_eye", camera.eye);
        // Key light from above, a little to the right of the viewer.
        let inverse_view = camera.view.inverse();
        let (right, up, back) =
            (inverse_view.x_axis.truncate(), inverse_view.y_axis.truncate(), inverse_view.z_axis.truncate());
        p.set_vec3(gl, "u_light_dir", (back * 0.8 + up * 0.7 + right * 0.35).normalize());
        p.set_vec3(gl, "u_color", style.color);
        p.set_i32(gl, "u_vertex_colors", style.vertex_colors as i32);
        p.set_i32(gl, "u_textured", style.texture.is_some() as i32);
        p.set_f32(gl, "u_alpha", style.alpha);
        if let Some(texture) = style.texture {
            texture.bind(gl, 0);
            p.set_i32(gl, "u_texture", 0);
        }
        if style.alpha >= 1.0 {
            mesh.draw(gl);
            return;
        }
        // See-through: first lay down depth only, then blend just the nearest
        // surface, so a mesh's own hidden parts do not show through it.
        // SAFETY: state changes on the current context, restored afterwards.
        unsafe { gl.color_mask(false, false, false, false) };
        mesh.draw(gl);
        // SAFETY: as above.
        unsafe {
            gl.color_mask(true, true, true, true);
            gl.depth_mask(false);
            gl.depth_func(glow::LEQUAL);
            gl.enable(glow::BLEND);
            gl.blend_func(glow::SRC_ALPHA, glow::ONE_MINUS_SRC_ALPHA);
        }
        mesh.draw(gl);
        // SAFETY: as above.
        unsafe {
            gl.disable(glow::BLEND);
            gl.depth_mask(true);
        }
    }
}
