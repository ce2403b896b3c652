//! Vertex and index buffers of a mesh, one buffer per attribute so that a
//! CPU-skinning lab can re-upload positions and normals alone every frame.

use glam::{Vec2, Vec3, Vec4};
use glow::HasContext;

use super::GlError;
use crate::model::SkinnedMesh;

/// Attribute locations shared by every shader of the course.
pub mod attrib {
    /// `vec3` model-space position.
    pub const POSITION: u32 = 0;
    /// `vec3` unit normal.
    pub const NORMAL: u32 = 1;
    /// `vec2` texture coordinate.
    pub const UV: u32 = 2;
    /// `uvec4` (or `ivec4`) bone indices (lab06 binds these with `glVertexAttribIPointer`).
    pub const BONE_IDS: u32 = 3;
    /// `vec4` bone weights (lab06).
    pub const BONE_WEIGHTS: u32 = 4;
    /// `vec4` tangent with handedness in `w`.
    pub const TANGENT: u32 = 5;
    /// `vec3` per-vertex colour (heat maps).
    pub const COLOR: u32 = 6;
}

/// GPU copy of a triangle mesh: a vertex array object, one buffer per
/// attribute and an index buffer.
pub struct MeshBuffers {
    /// The vertex array object; bind it to add attributes of your own.
    pub vao: glow::VertexArray,
    positions: glow::Buffer,
    normals: glow::Buffer,
    uvs: Option<glow::Buffer>,
    tangents: Option<glow::Buffer>,
    colors: Option<glow::Buffer>,
    indices: glow::Buffer,
    index_count: i32,
    vertex_count: usize,
}

/// Creates a buffer with `data` and, if `location` is given, points that
/// float attribute at it with `components` floats per vertex.
///
/// # Safety
/// The context must be current and the target VAO bound.
unsafe fn float_buffer(
    gl: &glow::Context,
    data: &[u8],
    location: Option<(u32, i32)>,
    usage: u32,
) -> Result<glow::Buffer, GlError> {
    // SAFETY: the caller keeps the context current and the VAO bound (this function's contract); GL copies `data`.
    unsafe {
        let buffer = gl.create_buffer().map_err(GlError)?;
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, data, usage);
        if let Some((location, components)) = location {
            gl.enable_vertex_attrib_array(location);
            gl.vertex_attrib_pointer_f32(location, components, glow::FLOAT, false, 0, 0);
        }
        Ok(buffer)
    }
}

impl MeshBuffers {
    /// Uploads a mesh (bind pose). `uvs` and `tangents` may be empty.
    pub fn new(
        gl: &glow::Context,
        positions: &[Vec3],
        normals: &[Vec3],
        uvs: &[Vec2],
        tangents: &[Vec4],
        indices: &[u32],
    ) -> Result<MeshBuffers, GlError> {
        // SAFETY: all objects are made on the current context; slices are
        // copied by glBufferData; attribute layouts match the slices' types.
        unsafe {
            let vao = gl.create_vertex_array().map_err(GlError)?;
            gl.bind_vertex_array(Some(vao));
            let dynamic = glow::DYNAMIC_DRAW;
            let pos = float_buffer(gl, bytemuck::cast_slice(positions), Some((attrib::POSITION, 3)), dynamic)?;
            let nrm = float_buffer(gl, bytemuck::cast_slice(normals), Some((attrib::NORMAL, 3)), dynamic)?;
            let uvs = match uvs.is_empty() {
                true => None,
                false => Some(float_buffer(gl, bytemuck::cast_slice(uvs), Some((attrib::UV, 2)), glow::STATIC_DRAW)?),
            };
            let tangents = match tangents.is_empty() {
                true => None,
                false => Some(float_buffer(gl, bytemuck::cast_slice(tangents), Some((attrib::TANGENT, 4)), dynamic)?),
            };
            let ebo = gl.create_buffer().map_err(GlError)?;
            gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(ebo));
            gl.buffer_data_u8_slice(glow::ELEMENT_ARRAY_BUFFER, bytemuck::cast_slice(indices), glow::STATIC_DRAW);
            gl.bind_vertex_array(None);
            Ok(MeshBuffers {
                vao,
                positions: pos,
                normals: nrm,
                uvs,
                tangents,
                colors: None,
                indices: ebo,
                index_count: indices.len() as i32,
                vertex_count: positions.len(),
            })
        }
    }

    /// Uploads a [`SkinnedMesh`] in its bind pose.
    pub fn from_mesh(gl: &glow::Context, mesh: &SkinnedMesh) -> Result<MeshBuffers, GlError> {
        Self::new(gl, &mesh.positions, &mesh.normals, &mesh.uvs, &mesh.tangents, &mesh.indices)
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    fn replace(&self, gl: &glow::Context, buffer: glow::Buffer, data: &[u8]) {
        // SAFETY: the buffer was allocated with exactly this many bytes
        // (callers pass one value per vertex); GL copies the slice.
        unsafe {
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
            gl.buffer_sub_data_u8_slice(glow::ARRAY_BUFFER, 0, data);
            gl.bind_buffer(glow::ARRAY_BUFFER, None);
        }
    }

    /// Replaces the positions (one per vertex), e.g. after CPU skinning.
    pub fn update_positions(&self, gl: &glow::Context, positions: &[Vec3]) {
        assert_eq!(positions.len(), self.vertex_count, "one position per vertex");
        self.replace(gl, self.positions, bytemuck::cast_slice(positions));
    }

    /// Replaces the normals (one per vertex).
    pub fn update_normals(&self, gl: &glow::Context, normals: &[Vec3]) {
        assert_eq!(normals.len(), self.vertex_count, "one normal per vertex");
        self.replace(gl, self.normals, bytemuck::cast_slice(normals));
    }

    /// Replaces the tangents, if the mesh was uploaded with some.
    pub fn update_tangents(&self, gl: &glow::Context, tangents: &[Vec4]) {
        if let Some(buffer) = self.tangents {
            assert_eq!(tangents.len(), self.vertex_count, "one tangent per vertex");
            self.replace(gl, buffer, bytemuck::cast_slice(tangents));
        }
    }

    /// Sets per-vertex colours (shown when a style asks for vertex colours);
    /// an empty slice removes them.
    pub fn set_colors(&mut self, gl: &glow::Context, colors: &[Vec3]) -> Result<(), GlError> {
        // SAFETY: VAO and buffers belong to this context; sizes match the slice.
        unsafe {
            gl.bind_vertex_array(Some(self.vao));
            match (self.colors, colors.is_empty()) {
                (_, true) => gl.disable_vertex_attrib_array(attrib::COLOR),
                (Some(buffer), false) => {
                    assert_eq!(colors.len(), self.vertex_count, "one colour per vertex");
                    gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
                    gl.buffer_sub_data_u8_slice(glow::ARRAY_BUFFER, 0, bytemuck::cast_slice(colors));
                    gl.enable_vertex_attrib_array(attrib::COLOR);
                }
                (None, false) => {
                    assert_eq!(colors.len(), self.vertex_count, "one colour per vertex");
                    let data = bytemuck::cast_slice(colors);
                    let buffer = float_buffer(gl, data, Some((attrib::COLOR, 3)), glow::DYNAMIC_DRAW)?;
                    self.colors = Some(buffer);
                }
            }
            gl.bind_vertex_array(None);
        }
        Ok(())
    }

    /// Draws the triangles with whatever program is bound.
    pub fn draw(&self, gl: &glow::Context) {
        // SAFETY: the VAO's element buffer holds `index_count` u32 indices.
        unsafe {
            gl.bind_vertex_array(Some(self.vao));
            gl.draw_elements(glow::TRIANGLES, self.index_count, glow::UNSIGNED_INT, 0);
            gl.bind_vertex_array(None);
        }
    }

    /// Frees the GL objects.
    pub fn delete(self, gl: &glow::Context) {
        // SAFETY: the objects belong to this context and are not used again.
        unsafe {
            for b in
                [Some(self.positions), Some(self.normals), self.uvs, self.tangents, self.colors, Some(self.indices)]
                    .into_iter()
                    .flatten()
            {
                gl.delete_buffer(b);
            }
            gl.delete_vertex_array(self.vao);
        }
    }
}
