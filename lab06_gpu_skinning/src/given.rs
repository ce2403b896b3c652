//! What both variants share and the lab does not ask you to write: the
//! vertex record the GPU reads per vertex, the shader loader (it inserts the
//! bone budget and the demo's colour modes before your shader), transform
//! feedback read-back, and the bone budget check with its refusal message.

use bytemuck::{Pod, Zeroable};
use common::gl::{GlError, MeshBuffers, SurfaceRenderer};
use common::model::{Influences, SkinnedMesh};
use glam::{Mat4, Vec3, Vec4};
use glow::HasContext;

/// One vertex's bones as the GPU reads them: four bone ids and four weights,
/// interleaved in one buffer (one record per vertex). Ids are 16-bit: a
/// palette never has 65,536 bones, and the record stays small.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Pod, Zeroable)]
pub struct GpuInfluence {
    /// Indices into the palette (`SkinnedMesh::bones` order).
    pub ids: [u16; 4],
    /// Weight of each id, in the same slot; they sum to 1 (or are all 0).
    pub weights: [f32; 4],
}

/// Where the two attributes live in a buffer of [`GpuInfluence`] records, in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Bytes from one vertex's record to the next.
    pub stride: i32,
    /// Bytes from the start of a record to its `ids`.
    pub ids_offset: i32,
    /// Bytes from the start of a record to its `weights`.
    pub weights_offset: i32,
}

/// Vertex outputs recorded by transform feedback, in this order (interleaved).
pub const FEEDBACK: [&str; 3] = ["skinned_position", "skinned_normal", "skinned_tangent"];

/// Floats per vertex in the feedback buffer: vec3 + vec3 + vec4.
const FEEDBACK_FLOATS: usize = 10;

/// Uniform components the skinning shader uses besides the palette: two
/// `mat4` (32) and two `int` (rounded up to whole `vec4` slots by some
/// drivers: 8), with room to spare.
pub const OTHER_UNIFORM_COMPONENTS: i32 = 64;

/// `GL_MAX_VERTEX_UNIFORM_COMPONENTS`: how many floats the default uniform
/// block of a vertex shader may hold (OpenGL 3.3 promises 1,024; llvmpipe
/// gives 16,384).
pub fn max_vertex_uniform_components(gl: &glow::Context) -> i32 {
    // SAFETY: a plain integer query on the current context.
    unsafe { gl.get_parameter_i32(glow::MAX_VERTEX_UNIFORM_COMPONENTS) }
}

/// The shader as the loader hands it to GL: `#define MAX_BONES n` and
/// `debug.glsl` before your file, then `#line` so that error messages keep
/// your file's line numbers. The `#version` line (GLSL 330 core natively,
/// GLSL ES 3.00 in a browser) is written by `common::gl::Program`; an old
/// `#version` line at the top of your file is dropped.
pub fn full_source(vertex: &str, max_bones: usize) -> String {
    let (first, body) = common::gl::glsl_body(vertex);
    format!("#define MAX_BONES {}\n{}\n#line {first}\n{body}", max_bones.max(1), include_str!("../shaders/debug.glsl"))
}

/// Compiles a skinning vertex shader with the course's lit fragment shader,
/// recording [`FEEDBACK`]. `file` names the shader in errors, which give the
/// GLSL log with the line in your file.
pub fn compile(gl: &glow::Context, file: &str, vertex: &str, max_bones: usize) -> Result<SurfaceRenderer, GlError> {
    SurfaceRenderer::with_vertex_shader(gl, file, &full_source(vertex, max_bones), &FEEDBACK)
}

/// What a skinning shader computed for every vertex, read back from the GPU.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Captured {
    /// `skinned_position` per vertex.
    pub positions: Vec<Vec3>,
    /// `skinned_normal` per vertex.
    pub normals: Vec<Vec3>,
    /// `skinned_tangent` per vertex.
    pub tangents: Vec<Vec4>,
}

/// Runs `program` (already bound, its uniforms set) once over every vertex
/// of `vao` as points, with the rasterizer off, and reads back what transform
/// feedback recorded. Needs a complete framebuffer bound (the headless
/// context's target is), or drivers capture zeros.
pub fn capture(gl: &glow::Context, vao: glow::VertexArray, vertices: usize) -> Result<Captured, GlError> {
    let bytes = vertices * FEEDBACK_FLOATS * 4;
    let mut raw = vec![0f32; vertices * FEEDBACK_FLOATS];
    // SAFETY: the buffer is sized for `vertices` records of FEEDBACK_FLOATS
    // floats, exactly what a points draw of `vertices` writes; the read-back
    // copies the same number of bytes into `raw`. State is restored.
    unsafe {
        let buffer = gl.create_buffer().map_err(GlError)?;
        gl.bind_buffer(glow::TRANSFORM_FEEDBACK_BUFFER, Some(buffer));
        gl.buffer_data_size(glow::TRANSFORM_FEEDBACK_BUFFER, bytes as i32, glow::STREAM_READ);
        gl.bind_buffer_base(glow::TRANSFORM_FEEDBACK_BUFFER, 0, Some(buffer));
        gl.enable(glow::RASTERIZER_DISCARD);
        gl.bind_vertex_array(Some(vao));
        gl.begin_transform_feedback(glow::POINTS);
        gl.draw_arrays(glow::POINTS, 0, vertices as i32);
        gl.end_transform_feedback();
        gl.bind_vertex_array(None);
        gl.disable(glow::RASTERIZER_DISCARD);
        read_buffer(gl, glow::TRANSFORM_FEEDBACK_BUFFER, bytemuck::cast_slice_mut(&mut raw));
        gl.bind_buffer_base(glow::TRANSFORM_FEEDBACK_BUFFER, 0, None);
        gl.delete_buffer(buffer);
    }
    common::gl::check_error(gl, "capturing the skinned vertices")?;
    let mut out = Captured::default();
    for v in raw.chunks_exact(FEEDBACK_FLOATS) {
        out.positions.push(Vec3::new(v[0], v[1], v[2]));
        out.normals.push(Vec3::new(v[3], v[4], v[5]));
        out.tangents.push(Vec4::new(v[6], v[7], v[8], v[9]));
    }
    Ok(out)
}

/// Copies the start of the buffer bound to `target` into `out`. WebGL2 has
/// `getBufferSubData`; OpenGL ES 3.0 lacks it, and desktop GL and ES both map
/// the buffer instead.
///
/// # Safety
/// A buffer of at least `out.len()` bytes must be bound to `target` and not mapped.
unsafe fn read_buffer(gl: &glow::Context, target: u32, out: &mut [u8]) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the caller's promise: the bound buffer holds `out.len()` bytes.
    unsafe {
        gl.get_buffer_sub_data(target, 0, out)
    };
    #[cfg(not(target_arch = "wasm32"))]
    // SAFETY: the mapping covers `out.len()` bytes of the bound buffer (the
    // caller's promise); it is read before it is unmapped.
    unsafe {
        let mapped = gl.map_buffer_range(target, 0, out.len() as i32, glow::MAP_READ_BIT);
        if !mapped.is_null() {
            std::ptr::copy_nonoverlapping(mapped, out.as_mut_ptr(), out.len());
            gl.unmap_buffer(target);
        }
    }
}

/// Uploads influence records into a new buffer (the attribute pointers are
/// your step 2). Returns the buffer, bound to `GL_ARRAY_BUFFER`.
pub fn influence_buffer(gl: &glow::Context, records: &[GpuInfluence]) -> Result<glow::Buffer, GlError> {
    // SAFETY: GL copies the slice; the buffer belongs to this context.
    unsafe {
        let buffer = gl.create_buffer().map_err(GlError)?;
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, bytemuck::cast_slice(records), glow::STATIC_DRAW);
        Ok(buffer)
    }
}

/// A mesh on the GPU in its bind pose, with its influences: everything the
/// shader needs except the palette, which changes every frame.
pub struct GpuMesh {
    /// Positions, normals, UVs, tangents and indices (the VAO is `buffers.vao`).
    pub buffers: MeshBuffers,
    /// The influence records, pointed at by attributes 3 and 4.
    pub influences: glow::Buffer,
    /// How many bones the palette must hold for this mesh.
    pub bones: usize,
}

/// Refuses a model whose palette does not fit the bone budget, saying what
/// to do instead (never draw it wrong).
pub fn check_budget(source: &str, bones: usize, budget: usize, components: i32) -> Result<(), String> {
    if bones <= budget {
        return Ok(());
    }
    let bones = if bones == 1 { "1 bone".to_string() } else { format!("{bones} bones") };
    let matrices = if budget == 1 { "1 bone matrix".to_string() } else { format!("{budget} bone matrices") };
    Err(format!(
        "{source} has {bones}, but this GPU's vertex shaders hold {matrices} \
         (GL_MAX_VERTEX_UNIFORM_COMPONENTS = {components}, 16 floats per mat4, {OTHER_UNIFORM_COMPONENTS} kept for \
         other uniforms): split the mesh by bones, pack the palette as three vec4 rows per bone (lab06 FURTHER.md, past \
         the budget), or keep it in a uniform buffer or a texture"
    ))
}

/// A mesh on the GPU with its influences: checked by lab 03's `check_skin`,
/// its records built by `records` (step 1), bound by `bind` (step 2) with
/// `layout`. Each variant's `upload_mesh` is this with its own steps.
pub fn upload_mesh_with(
    gl: &glow::Context,
    mesh: &SkinnedMesh,
    records: fn(&[Influences], usize) -> Vec<GpuInfluence>,
    bind: fn(&glow::Context, glow::VertexArray, glow::Buffer, Layout),
    layout: Layout,
) -> Result<GpuMesh, String> {
    lab03_cpu_skinning::check_skin(mesh, &vec![Mat4::IDENTITY; mesh.bones.len()])
        .map_err(|e| format!("mesh `{}`: {e}", mesh.name))?;
    let buffers = MeshBuffers::from_mesh(gl, mesh).map_err(|e| e.to_string())?;
    let influences = influence_buffer(gl, &records(&mesh.influences, mesh.bones.len())).map_err(|e| e.to_string())?;
    bind(gl, buffers.vao, influences, layout);
    Ok(GpuMesh { buffers, influences, bones: mesh.bones.len() })
}
