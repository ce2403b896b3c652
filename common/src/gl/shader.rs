//! Shader programs whose compile and link errors name the shader and the line.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use glam::{Mat4, Vec2, Vec3, Vec4};
use glow::HasContext;

/// A GL failure described for a person: what was being done and what GL said.
#[derive(Debug, Clone, PartialEq)]
pub struct GlError(pub String);

impl fmt::Display for GlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GlError {}

/// The lines every course shader starts with on `gl`'s context: `#version
/// 330 core` on desktop OpenGL, and on OpenGL ES / WebGL2 `#version 300 es`
/// with default precisions (GLSL ES has no default `float` precision in
/// fragment shaders; `highp` everywhere keeps both targets' arithmetic alike).
/// Shader files carry no `#version` line: this is the one place that writes it.
pub fn glsl_header(gl: &glow::Context) -> &'static str {
    if gl.version().is_embedded {
        "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
    } else {
        "#version 330 core\n"
    }
}

/// A shader body without a `#version` line, and the number its first line
/// has in the author's file: a leading `#version` line (an older copy of a
/// shader file) is dropped, because [`glsl_header`] writes the one that fits.
pub fn glsl_body(source: &str) -> (usize, &str) {
    match source.split_once('\n') {
        Some((first, rest)) if first.trim_start().starts_with("#version") => (2, rest),
        None if source.trim_start().starts_with("#version") => (2, ""),
        _ => (1, source),
    }
}

/// `source` as `gl`'s context compiles it: [`glsl_header`], then the body
/// ([`glsl_body`]) after a `#line` that keeps the file's line numbers in
/// compile errors.
pub fn glsl_source(gl: &glow::Context, source: &str) -> String {
    let (first, body) = glsl_body(source);
    format!("{}#line {first}\n{body}", glsl_header(gl))
}

/// A linked GLSL program with cached uniform locations.
pub struct Program {
    /// The GL program object.
    pub raw: glow::Program,
    name: String,
    locations: RefCell<HashMap<String, Option<glow::UniformLocation>>>,
}

fn stage_name(kind: u32) -> &'static str {
    match kind {
        glow::VERTEX_SHADER => "vertex",
        glow::FRAGMENT_SHADER => "fragment",
        _ => "shader",
    }
}

/// The source line number a driver's log line points at, if it names one.
/// Mesa writes `0:12(5): error`, NVIDIA `0(12) : error`, others `ERROR: 0:12:`.
pub(crate) fn line_number(log_line: &str) -> Option<usize> {
    for (i, _) in log_line.match_indices('0') {
        let rest = &log_line[i + 1..];
        let digits_after = |s: &str| -> Option<usize> {
            let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
            s[..end].parse().ok()
        };
        if let Some(r) = rest.strip_prefix(':').or_else(|| rest.strip_prefix('(')) {
            if i > 0 && log_line.as_bytes()[i - 1].is_ascii_digit() {
                continue; // part of a longer number
            }
            if let Some(n) = digits_after(r) {
                return Some(n);
            }
        }
    }
    None
}

/// Turns a compile log into lines that quote the offending source lines.
fn explain(name: &str, kind: u32, source: &str, log: &str) -> String {
    let mut out = format!("shader `{name}` ({} stage) failed to compile:", stage_name(kind));
    let lines = numbered_lines(source);
    for entry in log.lines().filter(|l| !l.trim().is_empty()) {
        // Of several lines with one number (text inserted before a `#line`), the last is the author's.
        match line_number(entry).and_then(|n| lines.iter().rev().find(|(m, _)| *m == n)) {
            Some((n, text)) => out += &format!("\n  line {n}: {}\n    {}", text.trim(), entry.trim()),
            None => out += &format!("\n    {}", entry.trim()),
        }
    }
    out
}

/// Each source line with the number a compiler gives it: counting from 1,
/// and after `#line N` the next line is line N (GLSL 3.30 and later).
fn numbered_lines(source: &str) -> Vec<(usize, &str)> {
    let mut next = 1;
    let mut out = Vec::new();
    for text in source.lines() {
        let directive = text.trim().strip_prefix("#line").and_then(|n| n.split_whitespace().next()?.parse().ok());
        out.push((next, text));
        next = directive.unwrap_or(next + 1);
    }
    out
}

impl Program {
    /// Compiles and links `stages` (`(glow::VERTEX_SHADER, source)`, ...),
    /// each source without a `#version` line (see [`glsl_source`]). `name` appears in every error, e.g. "shader `skin` (vertex stage)
    /// failed to compile: line 12: ...".
    pub fn new(gl: &glow::Context, name: &str, stages: &[(u32, &str)]) -> Result<Program, GlError> {
        Self::with_feedback(gl, name, stages, &[])
    }

    /// Like [`Program::new`], and records the named vertex outputs with
    /// transform feedback (interleaved), which lets tests read back what a
    /// vertex shader computed.
    pub fn with_feedback(
        gl: &glow::Context,
        name: &str,
        stages: &[(u32, &str)],
        feedback: &[&str],
    ) -> Result<Program, GlError> {
        // SAFETY: every object is created, used and deleted on the current
        // context; sources are plain strings copied by GL.
        unsafe {
            let program = gl.create_program().map_err(GlError)?;
            let mut shaders = Vec::new();
            for &(kind, body) in stages {
                let source = &glsl_source(gl, body);
                let shader = gl.create_shader(kind).map_err(GlError)?;
                gl.shader_source(shader, source);
                gl.compile_shader(shader);
                if !gl.get_shader_compile_status(shader) {
                    let log = gl.get_shader_info_log(shader);
                    gl.delete_shader(shader);
                    gl.delete_program(program);
                    return Err(GlError(explain(name, kind, source, &log)));
                }
                gl.attach_shader(program, shader);
                shaders.push(shader);
            }
            if !feedback.is_empty() {
                gl.transform_feedback_varyings(program, feedback, glow::INTERLEAVED_ATTRIBS);
            }
            gl.link_program(program);
            for shader in shaders {
                gl.detach_shader(program, shader);
                gl.delete_shader(shader);
            }
            if !gl.get_program_link_status(program) {
                let log = gl.get_program_info_log(program);
                gl.delete_program(program);
                return Err(GlError(format!("shader `{name}` failed to link: {}", log.trim())));
            }
            Ok(Program { raw: program, name: name.to_string(), locations: RefCell::default() })
        }
    }

    /// The name given at creation.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Makes this the current program.
    pub fn bind(&self, gl: &glow::Context) {
        // SAFETY: the program was linked on this context.
        unsafe { gl.use_program(Some(self.raw)) };
    }

    /// Location of a uniform (cached); `None` if the shader lacks or optimised it away.
    pub fn location(&self, gl: &glow::Context, uniform: &str) -> Option<glow::UniformLocation> {
        let mut cache = self.locations.borrow_mut();
        cache
            .entry(uniform.to_string())
            // SAFETY: a query on a linked program of this context.
            .or_insert_with(|| unsafe { gl.get_uniform_location(self.raw, uniform) })
            .to_owned()
    }

    /// Sets a `mat4` uniform (the program must be bound).
    pub fn set_mat4(&self, gl: &glow::Context, uniform: &str, m: &Mat4) {
        let loc = self.location(gl, uniform);
        // SAFETY: 16 floats for a mat4, column-major as GL expects.
        unsafe { gl.uniform_matrix_4_f32_slice(loc.as_ref(), false, &m.to_cols_array()) };
    }

    /// Sets a `mat4` array uniform from its first element's name, e.g. `"bones[0]"`.
    pub fn set_mat4_array(&self, gl: &glow::Context, uniform: &str, ms: &[Mat4]) {
        let loc = self.location(gl, uniform);
        let floats: Vec<f32> = ms.iter().flat_map(|m| m.to_cols_array()).collect();
        // SAFETY: 16 floats per matrix, as many matrices as given.
        unsafe { gl.uniform_matrix_4_f32_slice(loc.as_ref(), false, &floats) };
    }

    /// Sets a `vec2` uniform.
    pub fn set_vec2(&self, gl: &glow::Context, uniform: &str, v: Vec2) {
        let loc = self.location(gl, uniform);
        // SAFETY: plain values.
        unsafe { gl.uniform_2_f32(loc.as_ref(), v.x, v.y) };
    }

    /// Sets a `vec3` uniform.
    pub fn set_vec3(&self, gl: &glow::Context, uniform: &str, v: Vec3) {
        let loc = self.location(gl, uniform);
        // SAFETY: plain values.
        unsafe { gl.uniform_3_f32(loc.as_ref(), v.x, v.y, v.z) };
    }

    /// Sets a `vec4` uniform.
    pub fn set_vec4(&self, gl: &glow::Context, uniform: &str, v: Vec4) {
        let loc = self.location(gl, uniform);
        // SAFETY: plain values.
        unsafe { gl.uniform_4_f32(loc.as_ref(), v.x, v.y, v.z, v.w) };
    }

    /// Sets a `float` uniform.
    pub fn set_f32(&self, gl: &glow::Context, uniform: &str, v: f32) {
        let loc = self.location(gl, uniform);
        // SAFETY: plain value.
        unsafe { gl.uniform_1_f32(loc.as_ref(), v) };
    }

    /// Sets an `int` (or `bool`, or sampler unit) uniform.
    pub fn set_i32(&self, gl: &glow::Context, uniform: &str, v: i32) {
        let loc = self.location(gl, uniform);
        // SAFETY: plain value.
        unsafe { gl.uniform_1_i32(loc.as_ref(), v) };
    }
}

#[cfg(test)]
mod tests {
    use super::{glsl_body, line_number, numbered_lines};

    #[test]
    fn an_old_version_line_is_dropped_and_the_lines_keep_their_numbers() {
        assert_eq!(glsl_body("#version 330 core\nvoid main() {}\n"), (2, "void main() {}\n"));
        assert_eq!(glsl_body("void main() {}\n"), (1, "void main() {}\n"));
        assert_eq!(glsl_body("// #version 330 core\nvoid main() {}"), (1, "// #version 330 core\nvoid main() {}"));
        let source = "#version 300 es\nprecision highp float;\n#line 2\nout vec4 c;\n";
        assert_eq!(numbered_lines(source)[3], (2, "out vec4 c;"));
    }

    #[test]
    fn reads_line_numbers_of_several_drivers() {
        assert_eq!(line_number("0:12(5): error: syntax error"), Some(12));
        assert_eq!(line_number("0(7) : error C0000: syntax error"), Some(7));
        assert_eq!(line_number("ERROR: 0:3: 'x' : undeclared identifier"), Some(3));
        assert_eq!(line_number("error: linking failed"), None);
    }
}
