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

/// Draws an [`Overlay`] with screen-space widths (a geometry shader widens
/// each line into a quad: the core profile has no wide lines).
pub struct LineRenderer {
    lines: Program,
    points: Program,
    vao: glow::VertexArray,
    vbo: glow::Buffer,
}

impl LineRenderer {
    /// Compiles the line and point shaders and makes a streaming buffer.
    pub fn new(gl: &glow::Context) -> Result<LineRenderer, GlError> {
        let vert = include_str!("shaders/lines.vert");
        let frag = include_str!("shaders/lines.frag");
        let lines = Program::new(
            gl,
            "lines",
            &[
                (glow::VERTEX_SHADER, vert),
                (glow::GEOMETRY_SHADER, include_str!("shaders/lines.geom")),
                (glow::FRAGMENT_SHADER, frag),
            ],
        )?;
        let points = Program::new(
            gl,
            "points",
            &[
                (glow::VERTEX_SHADER, vert),
                (glow::GEOMETRY_SHADER, include_str!("shaders/points.geom")),
                (glow::FRAGMENT_SHADER, frag),
            ],
        )?;
        let stride = std::mem::size_of::<Vertex>() as i32;
        // SAFETY: VAO/VBO made on the current context; the attribute offsets
        // match `Vertex`'s #[repr(C)] layout (3 floats, 1 float, 3 floats).
        unsafe {
            let vao = gl.create_vertex_array().map_err(GlError)?;
            let vbo = gl.create_buffer().map_err(GlError)?;
            gl.bind_vertex_array(Some(vao));
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(vbo));
            gl.enable_vertex_attrib_array(attrib::POSITION);
            gl.vertex_attrib_pointer_f32(attrib::POSITION, 3, glow::FLOAT, false, stride, 0);
            gl.enable_vertex_attrib_array(attrib::UV);
            gl.vertex_attrib_pointer_f32(attrib::UV, 1, glow::FLOAT, false, stride, 12);
            gl.enable_vertex_attrib_array(attrib::COLOR);
            gl.vertex_attrib_pointer_f32(attrib::COLOR, 3, glow::FLOAT, false, stride, 16);
            gl.bind_vertex_array(None);
            Ok(LineRenderer { lines, points, vao, vbo })
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
            gl.bind_vertex_array(Some(self.vao));
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.vbo));
        }
        for (program, vertices, mode, round) in
            [(&self.lines, &overlay.lines, glow::LINES, 0), (&self.points, &overlay.points, glow::POINTS, 1)]
        {
            if vertices.is_empty() {
                continue;
            }
            program.bind(gl);
            program.set_mat4(gl, "u_view_proj", &camera.view_proj());
            program.set_vec2(gl, "u_viewport", camera.viewport.into());
            program.set_i32(gl, "u_round", round);
            // SAFETY: the buffer is re-specified with exactly this data, then
            // drawn with as many vertices as it holds.
            unsafe {
                gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytemuck::cast_slice(vertices), glow::STREAM_DRAW);
                gl.draw_arrays(mode, 0, vertices.len() as i32);
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
