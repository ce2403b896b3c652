//! Lab 06 reference solution. Same API as `exercise.rs`, step by step; the
//! vertex shader is `shaders/solution.vert`.

use std::mem::{offset_of, size_of};

use common::gl::{Program, attrib};
use common::model::{Influences, SkinnedMesh};
use glam::Mat4;
use glow::HasContext;

use crate::given::{self, GpuInfluence, GpuMesh, Layout, OTHER_UNIFORM_COMPONENTS};

/// Step 3: the vertex shader (GLSL 330 core, and GLSL ES 3.00 for WebGL2:
/// the loader writes the `#version` line).
pub const VERTEX_SHADER: &str = include_str!("../shaders/solution.vert");
/// Where it lives, for error messages.
pub const SHADER_FILE: &str = "lab06_gpu_skinning/shaders/solution.vert";

/// Step 1a: where ids and weights sit in a [`GpuInfluence`] record. Asked of
/// the compiler, never typed in: `#[repr(C)]` fixes the order, and the
/// compiler knows the sizes and any padding.
pub fn influence_layout() -> Layout {
    Layout {
        stride: size_of::<GpuInfluence>() as i32,
        ids_offset: offset_of!(GpuInfluence, ids) as i32,
        weights_offset: offset_of!(GpuInfluence, weights) as i32,
    }
}

/// Step 1b: one record per vertex. The shader reads all four slots, so a
/// slot of weight 0 must still name a real bone: its id may be anything in
/// the input (exporters write 0xFFFF or -1), and it becomes the vertex's first
/// weighted real bone, a matrix the shader fetches anyway. The range is
/// checked on the `u32`, before narrowing (65,537 as `u16` is 1). A vertex
/// with no weighted real bone gets bone 0 and keeps its weights.
pub fn gpu_influences(influences: &[Influences], bones: usize) -> Vec<GpuInfluence> {
    influences
        .iter()
        .map(|inf| {
            let valid = |id: u32| (id as usize) < bones;
            let used = |slot: usize| inf.weights[slot] != 0.0 && valid(inf.ids[slot]);
            let fallback = (0..4).find(|&slot| used(slot)).map_or(0, |slot| inf.ids[slot]);
            let mut out = GpuInfluence { ids: [0; 4], weights: inf.weights };
            for slot in 0..4 {
                let id = if used(slot) { inf.ids[slot] } else { fallback };
                out.ids[slot] = id as u16;
            }
            out
        })
        .collect()
}

/// Step 2: points attributes 3 (ids) and 4 (weights) of `vao` at `buffer`.
///
/// Ids go through the *integer* path, `glVertexAttribIPointer`: the shader's
/// `uvec4` receives the numbers as stored. `glVertexAttribPointer` would turn
/// them into floats, and the `uvec4` would receive the bits of those floats
/// (1 -> 1065353216), with no GL error. The type names what is in the buffer
/// (`u16` -> `UNSIGNED_SHORT`); stride and offsets come from step 1.
pub fn bind_influences(gl: &glow::Context, vao: glow::VertexArray, buffer: glow::Buffer, layout: Layout) {
    // SAFETY: `vao` and `buffer` belong to this context; the buffer holds one
    // `GpuInfluence` per vertex, and `layout` describes that record, so every
    // read GL makes stays inside the buffer.
    unsafe {
        gl.bind_vertex_array(Some(vao));
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.enable_vertex_attrib_array(attrib::BONE_IDS);
        gl.vertex_attrib_pointer_i32(attrib::BONE_IDS, 4, glow::UNSIGNED_SHORT, layout.stride, layout.ids_offset);
        gl.enable_vertex_attrib_array(attrib::BONE_WEIGHTS);
        let (stride, offset) = (layout.stride, layout.weights_offset);
        gl.vertex_attrib_pointer_f32(attrib::BONE_WEIGHTS, 4, glow::FLOAT, false, stride, offset);
        gl.bind_vertex_array(None);
    }
}

/// Step 4a: how many bone matrices fit in the vertex shader's default
/// uniform block: each `mat4` takes 16 components, and the shader's other
/// uniforms keep [`OTHER_UNIFORM_COMPONENTS`]. Never negative, never a panic:
/// the subtraction saturates, so even `i32::MIN` gives 0.
pub fn bone_budget(max_vertex_uniform_components: i32) -> usize {
    (max_vertex_uniform_components.saturating_sub(OTHER_UNIFORM_COMPONENTS).max(0) / 16) as usize
}

/// Step 4b: uploads this frame's gradient matrices into `u_palette` of the
/// bound `program`. glam stores matrices column by column, which is what GL
/// expects with `transpose = false`: 16 floats per matrix, in bone order.
pub fn upload_palette(gl: &glow::Context, program: &Program, palette: &[Mat4]) {
    let location = program.location(gl, "u_palette");
    // SAFETY: the program is bound (the caller's contract); GL copies the floats.
    unsafe { gl.uniform_matrix_4_f32_slice(location.as_ref(), false, bytemuck::cast_slice(palette)) };
}

/// Given: a mesh on the GPU with its influences, set up by your steps 1 and
/// 2 (the loader is [`given::upload_mesh_with`]).
pub fn upload_mesh(gl: &glow::Context, mesh: &SkinnedMesh) -> Result<GpuMesh, String> {
    given::upload_mesh_with(gl, mesh, gpu_influences, bind_influences, influence_layout())
}
