//! Lines and round points drawn a fixed number of pixels wide: skeletons,
//! joint axes, arrows, normals.

use std::sync::atomic::{AtomicU32, Ordering};

use glam::Vec3;
use glow::HasContext;

use super::{GlError, Program, attrib};
use crate::camera::Camera;

/// One vertex as the line shader reads it: position, width/size, colour.
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
struct Vertex {
    position: [f32; 3],
    size: f32,
    color: [f32; 3],
}

/// Red, green, blue: the colours of a joint's X, Y and Z axes.
pub const AXIS_COLORS: [Vec3; 3] = [Vec3::new(0.95, 0.25, 0.2), Vec3::new(0.3, 0.85, 0.3), Vec3::new(0.25, 0.45, 1.0)];

/// A list of lines and points to draw this frame (world space).
#[derive(Default, Clone)]
pub struct Overlay {
    lines: Vec<Vertex>,
    points: Vec<Vertex>,
}

impl Overlay {
    /// An empty overlay.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets everything added so far.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.points.clear();
    }

    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.points.is_empty()
    }

    /// A line from `a` to `b`, `width` pixels wide.
    pub fn line(&mut self, a: Vec3, b: Vec3, color: Vec3, width: f32) {
        for p in [a, b] {
            self.lines.push(Vertex { position: p.into(), size: width, color: color.into() });
        }
    }

    /// An arrow from `a` to `b` with a small head.
    pub fn arrow(&mut self, a: Vec3, b: Vec3, color: Vec3, width: f32) {
        self.line(a, b, color, width);
        let d = b - a;
        let len = d.length();
        if len < 1e-6 {
            return;
        }
        let dir = d / len;
        let side = dir.any_orthonormal_vector();
        let other = dir.cross(side);
        let back = b - dir * len.min(1.0) * 0.2;
        for s in [side, -side, other, -other] {
            self.line(b, back + s * len * 0.07, color, width);
        }
    }

    /// Three axes from `origin` along `x`, `y`, `z` (scaled to `length`),
    /// coloured red, green, blue.
    pub fn axes(&mut self, origin: Vec3, x: Vec3, y: Vec3, z: Vec3, length: f32, width: f32) {
        for (axis, color) in [x, y, z].into_iter().zip(AXIS_COLORS) {
            let tip = origin + axis.normalize_or_zero() * length;
            self.line(origin, tip, color, width);
        }
    }

    /// The bones of a pose: a line from each joint to its parent, read from
    /// the origins (fourth columns) of `world`. Nothing is drawn from a scene
    /// root: it is usually the origin, not a joint.
    pub fn skeleton(&mut self, skeleton: &crate::model::Skeleton, world: &[glam::Mat4], color: Vec3, width: f32) {
        for (i, node) in skeleton.nodes.iter().enumerate() {
            if let Some(p) = node.parent.filter(|&p| skeleton.nodes[p].parent.is_some()) {
                self.line(world[p].w_axis.truncate(), world[i].w_axis.truncate(), color, width);
            }
        }
    }

    /// A round dot `size` pixels across.
    pub fn point(&mut self, p: Vec3, color: Vec3, size: f32) {
        self.points.push(Vertex { position: p.into(), size, color: color.into() });
    }
}

/// Draws an [`Overlay`] with screen-space widths: every line and every dot
/// is one instance of a four-corner quad, widened in the vertex shader
/// (neither the core profile nor WebGL2 has wide lines, and WebGL2 has no
/// geometry shaders), so desktop GL and the browser draw them alike.
pub struct LineRenderer {
    program: Program,
    /// Reads the buffer as lines: two [`Vertex`] records per instance.
    lines_vao: glow::VertexArray,
    /// Reads the buffer as dots: one [`Vertex`] record per instance.
    points_vao: glow::VertexArray,
    vbo: glow::Buffer,
}

/// The attributes `lines.vert` reads beyond the mesh's: a line's end and its colour there.
const END: u32 = 7;
const END_COLOR: u32 = 8;

impl LineRenderer {
    /// Compiles the overlay shader and makes a streaming buffer.
    pub fn new(gl: &glow::Context) -> Result<LineRenderer, GlError> {
        let program = Program::new(
            gl,
            "lines",
            &[
                (glow::VERTEX_SHADER, include_str!("shaders/lines.vert")),
                (glow::FRAGMENT_SHADER, include_str!("shaders/lines.frag")),
            ],
        )?;
        let size = std::mem::size_of::<Vertex>() as i32;
        // SAFETY: VAOs/VBO made on the current context; the attribute offsets
        // match `Vertex`'s #[repr(C)] layout (3 floats, 1 float, 3 floats),
        // a line's end being the next record (`size` bytes on).
        unsafe {
            let vbo = gl.create_buffer().map_err(GlError)?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(vbo));
            let mut vaos = Vec::new();
            // (stride, where the end's position is): lines, then points (end = start).
            for (stride, end) in [(2 * size, size), (size, 0)] {
                let vao = gl.create_vertex_array().map_err(GlError)?;
                gl.bind_vertex_array(Some(vao));
                for (location, components, offset) in [
                    (attrib::POSITION, 3, 0),
                    (attrib::UV, 1, 12),
                    (attrib::COLOR, 3, 16),
                    (END, 3, end),
                    (END_COLOR, 3, end + 16),
                ] {
                    gl.enable_vertex_attrib_array(location);
                    gl.vertex_attrib_pointer_f32(location, components, glow::FLOAT, false, stride, offset);
                    gl.vertex_attrib_divisor(location, 1);
                }
                vaos.push(vao);
            }
            gl.bind_vertex_array(None);
            Ok(LineRenderer { program, lines_vao: vaos[0], points_vao: vaos[1], vbo })
        }
    }

    /// Draws the overlay. With `on_top` it ignores depth (a skeleton inside
    /// a mesh stays visible); otherwise the scene hides what is behind it.
    /// Widths and dot sizes are multiplied by [`line_scale`] (projector mode).
    pub fn draw(&self, gl: &glow::Context, camera: &Camera, overlay: &Overlay, on_top: bool) {
        let scale = line_scale();
        let widened;
        let overlay = if scale == 1.0 {
            overlay
        } else {
            let wider = |v: &[Vertex]| v.iter().map(|v| Vertex { size: v.size * scale, ..*v }).collect();
            widened = Overlay { lines: wider(&overlay.lines), points: wider(&overlay.points) };
            &widened
        };
        // SAFETY: state changes on the current context; restored at the end.
        unsafe {
            if on_top {
                gl.disable(glow::DEPTH_TEST);
            }
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.vbo));
        }
        self.program.bind(gl);
        self.program.set_mat4(gl, "u_view_proj", &camera.view_proj());
        self.program.set_vec2(gl, "u_viewport", camera.viewport.into());
        for (vao, vertices, per_instance, round) in
            [(self.lines_vao, &overlay.lines, 2, 0), (self.points_vao, &overlay.points, 1, 1)]
        {
            if vertices.is_empty() {
                continue;
            }
            self.program.set_i32(gl, "u_round", round);
            // SAFETY: the buffer is re-specified with exactly this data, and
            // each instance reads `per_instance` whole records of it.
            unsafe {
                gl.bind_vertex_array(Some(vao));
                gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytemuck::cast_slice(vertices), glow::STREAM_DRAW);
                gl.draw_arrays_instanced(glow::TRIANGLE_STRIP, 0, 4, (vertices.len() / per_instance) as i32);
            }
        }
        // SAFETY: restores the state changed above.
        unsafe {
            gl.bind_vertex_array(None);
            if on_top {
                gl.enable(glow::DEPTH_TEST);
            }
        }
    }
}

/// The factor every line width and dot size is drawn at (bits of an `f32`; 1.0).
static LINE_SCALE: AtomicU32 = AtomicU32::new(0x3F80_0000);

/// Sets the factor [`LineRenderer::draw`] applies to widths and dot sizes
/// (projector mode makes lines and joints thicker); 1 is as the lab asked.
pub fn set_line_scale(scale: f32) {
    let scale = if scale.is_finite() && scale > 0.0 { scale } else { 1.0 };
    LINE_SCALE.store(scale.to_bits(), Ordering::Relaxed);
}

/// The factor set by [`set_line_scale`].
pub fn line_scale() -> f32 {
    f32::from_bits(LINE_SCALE.load(Ordering::Relaxed))
}
