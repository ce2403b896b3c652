//! Lab 06 reference solution. Same API as `exercise.rs`, step by step; the
//! vertex shader is `shaders/solution.vert`.

use std::mem::{offset_of, size_of};

use common::gl::{MeshBuffers, Program, attrib};
use common::model::{Influences, SkinnedMesh};
use glam::{Mat4, Quat, Vec4};
use glow::HasContext;

use crate::gpu::{self, GpuInfluence, GpuMesh, Layout, OTHER_UNIFORM_COMPONENTS};

/// Step 3: the vertex shader (GLSL 330 core).
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
/// the input (exporters write 0xFFFF or -1), and it becomes the first slot's.
/// A vertex with no valid id at all gets bone 0 and keeps its weights.
pub fn gpu_influences(influences: &[Influences], bones: usize) -> Vec<GpuInfluence> {
    influences
        .iter()
        .map(|inf| {
            let valid = |id: u32| (id as usize) < bones;
            let fallback = inf.ids.iter().copied().find(|&id| valid(id)).unwrap_or(0);
            let mut out = GpuInfluence { ids: [0; 4], weights: inf.weights };
            for slot in 0..4 {
                let id = if inf.weights[slot] != 0.0 && valid(inf.ids[slot]) { inf.ids[slot] } else { fallback };
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

/// Given: a mesh on the GPU with its influences, set up by your steps 1 and 2.
pub fn upload_mesh(gl: &glow::Context, mesh: &SkinnedMesh) -> Result<GpuMesh, String> {
    lab03_cpu_skinning::check_skin(mesh, &vec![Mat4::IDENTITY; mesh.bones.len()])
        .map_err(|e| format!("mesh `{}`: {e}", mesh.name))?;
    let buffers = MeshBuffers::from_mesh(gl, mesh).map_err(|e| e.to_string())?;
    let records = gpu_influences(&mesh.influences, mesh.bones.len());
    let influences = gpu::influence_buffer(gl, &records).map_err(|e| e.to_string())?;
    bind_influences(gl, buffers.vao, influences, influence_layout());
    Ok(GpuMesh { buffers, influences, bones: mesh.bones.len() })
}

// ------------------------------------------------------------ going further
//
// Not steps: the reference only, shown by the demo (`--set palette=packed`,
// `--set view=twist`) and checked by `tests/further.rs`.

/// Going further (a): the skinning shader with a packed palette,
/// `uniform vec4 u_rows[3 * MAX_BONES]` (see [`packed_palette`]).
pub const PACKED_SHADER: &str = include_str!("../shaders/packed.vert");
/// Where it lives, for error messages.
pub const PACKED_SHADER_FILE: &str = "lab06_gpu_skinning/shaders/packed.vert";

/// Going further (b): dual-quaternion skinning, `uniform vec4 u_dual[2 * MAX_BONES]`
/// (see [`dual_quaternions`]).
pub const DUAL_QUAT_SHADER: &str = include_str!("../shaders/dual_quat.vert");
/// Where it lives, for error messages.
pub const DUAL_QUAT_SHADER_FILE: &str = "lab06_gpu_skinning/shaders/dual_quat.vert";

/// Going further (a): how many bones fit when each sends three `vec4`
/// (12 components) instead of a `mat4` (16). With OpenGL 3.3's guaranteed
/// 1,024 components: 80 bones instead of [`bone_budget`]'s 60.
pub fn packed_budget(max_vertex_uniform_components: i32) -> usize {
    (max_vertex_uniform_components.saturating_sub(OTHER_UNIFORM_COMPONENTS).max(0) / 12) as usize
}

/// Going further (a): the palette packed for `shaders/packed.vert`: per bone,
/// the top three *rows* of its gradient matrix, in bone order. The fourth row
/// of a skinning matrix is always `0 0 0 1` (an affine map: no projection),
/// so it need not travel. Rows, not columns: the shader then gets each
/// coordinate of the skinned position with one dot product.
pub fn packed_palette(palette: &[Mat4]) -> Vec<Vec4> {
    palette.iter().flat_map(|m| [m.row(0), m.row(1), m.row(2)]).collect()
}

/// Uploads [`packed_palette`]'s rows into `u_rows` of the bound `program`.
pub fn upload_packed_palette(gl: &glow::Context, program: &Program, rows: &[Vec4]) {
    let location = program.location(gl, "u_rows");
    // SAFETY: the program is bound (the caller's contract); 4 floats per vec4, GL copies them.
    unsafe { gl.uniform_4_f32_slice(location.as_ref(), bytemuck::cast_slice(rows)) };
}

/// Going further (b): each gradient as a unit dual quaternion for
/// `shaders/dual_quat.vert`: `[real, dual]`, each as `(x, y, z, w)`.
///
/// `real` is the rotation and `dual = ½ (t, 0) real` carries the translation
/// `t`. Only rigid motions have a dual quaternion: any scale in a gradient
/// (and a mirroring, which shows up as a negative scale) is *dropped*, so
/// use this for rigs whose bones only turn and move. A bone's `real` may come
/// out as `q` or `-q` (the same rotation); the shader flips each to the first
/// bone's hemisphere before blending.
pub fn dual_quaternions(palette: &[Mat4]) -> Vec<[Vec4; 2]> {
    palette
        .iter()
        .map(|m| {
            let (_scale, rotation, t) = m.to_scale_rotation_translation();
            let real = rotation.normalize();
            let dual = Quat::from_xyzw(t.x, t.y, t.z, 0.0) * real * 0.5;
            [Vec4::from(real), Vec4::from(dual)]
        })
        .collect()
}

/// Uploads [`dual_quaternions`] into `u_dual` of the bound `program`.
pub fn upload_dual_quaternions(gl: &glow::Context, program: &Program, dual_quaternions: &[[Vec4; 2]]) {
    let location = program.location(gl, "u_dual");
    // SAFETY: the program is bound (the caller's contract); two vec4 (8 floats) per bone, GL copies them.
    unsafe { gl.uniform_4_f32_slice(location.as_ref(), bytemuck::cast_slice(dual_quaternions)) };
}
