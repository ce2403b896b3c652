//! Lab 06, your files: this one (steps 1, 2 and 4) and
//! `shaders/exercise.vert` (step 3). Replace each `todo!()` with the step it
//! names, in order; README.md explains the ideas (Concepts) and what each step
//! must do. Check your work with `cargo test -p lab06_gpu_skinning --test
//! grader`; see it with `cargo run -p lab06_gpu_skinning`. Raw GL is the
//! lesson here, so `unsafe` GL calls are yours to write (say why each is
//! sound in a `// SAFETY:` comment, as `common::gl` does).

use common::gl::Program;
use common::model::{Influences, SkinnedMesh};
use glam::Mat4;

use crate::given::{self, GpuInfluence, GpuMesh, Layout};

/// Step 3: your vertex shader, `shaders/exercise.vert` (GLSL 330 core, and
/// GLSL ES 3.00 for WebGL2: the loader writes the `#version` line).
pub const VERTEX_SHADER: &str = include_str!("../shaders/exercise.vert");
/// Where it lives, for error messages.
pub const SHADER_FILE: &str = "lab06_gpu_skinning/shaders/exercise.vert";

/// Step 1a: where ids and weights sit in a [`GpuInfluence`] record, in bytes:
/// the record's size (the stride from one vertex to the next) and each
/// field's offset from the record's start, as `i32` (GL's type). Checked
/// against the record's real layout by `step1_layout_matches_the_record`.
///
/// Ask yourself: who knows these numbers for sure, and
/// what becomes of a typed-in number when a field's type changes?
pub fn influence_layout() -> Layout {
    todo!("lab06 step 1: influence_layout")
}

/// Step 1b: one [`GpuInfluence`] record per vertex, in vertex order, for a
/// mesh of `bones` bones: the same weights, unchanged; a slot with a non-zero
/// weight and a real bone (`< bones`) keeps its id, as a 16-bit number.
///
/// The input's other ids may be anything (exporters write 0xFFFF, a weighted
/// id may lie past the end); in the output every id of every slot is a real
/// bone, one that a weighted slot of this vertex already makes the shader
/// fetch. A vertex
/// with no such bone may name any real bone. Tested by
/// `step1_every_slot_names_a_real_bone`.
///
/// Ask yourself: what does the shader do with a slot whose weight is 0, and
/// what does 65,537 become as a `u16`?
pub fn gpu_influences(_influences: &[Influences], _bones: usize) -> Vec<GpuInfluence> {
    todo!("lab06 step 1: gpu_influences")
}

/// Step 2: point attribute 3 (the bone ids, read by the shader as a
/// `uvec4`, unchanged) and attribute 4 (the weights, a `vec4`, unscaled) of
/// `vao` at `buffer`, which holds one [`GpuInfluence`] record per vertex laid
/// out as `layout` says. Enable both. Do not assume `buffer` is bound; on
/// return no vertex array is bound (the `ARRAY_BUFFER` binding may stay).
/// Tests: `step2_ids_arrive_as_integers_and_weights_at_their_offset`,
/// `step2_the_buffer_is_bound_before_the_pointers_and_the_vao_unbound_after`.
///
/// Ask yourself: of the two pointer calls, which one delivers a `u16` to a
/// `uvec4` unchanged, and what must be bound when a pointer call runs?
pub fn bind_influences(_gl: &glow::Context, _vao: glow::VertexArray, _buffer: glow::Buffer, _layout: Layout) {
    todo!("lab06 step 2: bind_influences")
}

/// Step 4a: how many bone matrices fit in the vertex shader's default
/// uniform block, given `GL_MAX_VERTEX_UNIFORM_COMPONENTS` (in floats). The
/// shader's other uniforms need `given::OTHER_UNIFORM_COMPONENTS`. Never
/// negative, never a panic, for any `i32`: 1,024 gives 60, 16,384 gives
/// 1,020, and 64, 0 and -5 give 0. Tests: `palette::step4_bone_budget_*`.
///
/// Ask yourself: what does `i32::MIN - 64` do, and what does a negative `i32`
/// become as a `usize`?
pub fn bone_budget(_max_vertex_uniform_components: i32) -> usize {
    todo!("lab06 step 4: bone_budget")
}

/// Step 4b: upload this frame's gradient matrices, in bone order, into the
/// shader's `u_palette` array, in one call. `program` is bound; a program
/// without an active `u_palette` receives nothing. Tests:
/// `palette::step4_palette_upload_reaches_the_shader` and, with your other
/// steps, `palette::step4_the_whole_gpu_pipeline_matches_the_cpu`.
///
/// Ask yourself: in which order does glam store a matrix's 16 floats, and
/// which order does GL expect?
pub fn upload_palette(_gl: &glow::Context, _program: &Program, _palette: &[Mat4]) {
    todo!("lab06 step 4: upload_palette")
}

/// Given: a mesh on the GPU with its influences, set up by your steps 1 and
/// 2 (the loader is [`given::upload_mesh_with`]).
pub fn upload_mesh(gl: &glow::Context, mesh: &SkinnedMesh) -> Result<GpuMesh, String> {
    given::upload_mesh_with(gl, mesh, gpu_influences, bind_influences, influence_layout())
}
