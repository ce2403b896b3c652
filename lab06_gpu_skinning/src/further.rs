//! Going further (the reference only, no steps): a packed palette of three
//! `vec4` rows per bone and dual-quaternion skinning. Shown by the demo
//! (`--set palette=packed`, `--set view=twist`) and checked by
//! the grader's `further` module; neither variant imports it.

use common::gl::Program;
use glam::{Mat4, Quat, Vec4};
use glow::HasContext;

use crate::given::OTHER_UNIFORM_COMPONENTS;

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
/// 1,024 components: 80 bones instead of [`bone_budget`](crate::solution::bone_budget)'s 60.
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
