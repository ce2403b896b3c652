//! Lab 06 grader. Tests are named after the README's steps; the quick loop is
//! `cargo test -p lab06_gpu_skinning --test grader`. Every GPU result is read
//! back with transform feedback and compared with lab 03's reference
//! skinning on the CPU. Steps 1-2 are here, step 3 in `shader.rs`, step 4 in
//! `palette.rs`; `fixture.rs` builds the meshes and the named wrong answers;
//! `further.rs` checks the going-further reference (`given_*`).

mod fixture;
mod further;
mod gles;
mod palette;
mod shader;

use common::grade::{Verdict, check_eq};
use common::headless::Headless;
use common::model::Influences;
use glow::HasContext;
use lab06_gpu_skinning::*;

/// A headless GL context for this test (each test thread makes its own).
pub fn context() -> Headless {
    Headless::new(16, 16).unwrap_or_else(|e| {
        panic!("lab06's grader runs your shader on a GPU and needs an OpenGL 3.3 driver (Mesa's llvmpipe will do: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri): {e}")
    })
}

// ---------------------------------------------------------------- step 1

#[test]
fn step1_layout_matches_the_record() {
    let got = influence_layout();
    let want = Layout {
        stride: std::mem::size_of::<GpuInfluence>() as i32,
        ids_offset: std::mem::offset_of!(GpuInfluence, ids) as i32,
        weights_offset: std::mem::offset_of!(GpuInfluence, weights) as i32,
    };
    let hint = if got.weights_offset == 16 {
        ": the weights come after four u16 ids (8 bytes), not four 32-bit ids (16 bytes, the seeds' layout)"
    } else if got.stride == 32 || got.stride == 0 {
        ": the stride is the whole record, ids and weights together (size_of::<GpuInfluence>())"
    } else if got.stride == 16 || got.stride == 8 {
        ": the stride is the size of the whole record, not of one field"
    } else {
        ""
    };
    assert!(
        got == want,
        "influence_layout() is wrong{hint}; ask std::mem::size_of and std::mem::offset_of!\n  expected: {want:?}\n  \
         got: {got:?}"
    );
}

/// Step 1's inputs: exporters' empty-slot markers, an id one past the end, a
/// weighted id that narrows to a real bone (65,537 as u16 is 1), and a vertex
/// with no real bone at all.
pub fn step1_input() -> Vec<Influences> {
    vec![
        Influences { ids: [3, 0xFFFF, 0xFFFF_FFFF, 9], weights: [1.0, 0.0, 0.0, 0.0] },
        Influences { ids: [2, 5, 1, 4], weights: [0.4, 0.3, 0.2, 0.1] },
        Influences { ids: [70_000, 1, 1, 1], weights: [0.0, 1.0, 0.0, 0.0] },
        Influences { ids: [1, 2, 0, 0], weights: [0.5, 0.3, 0.0, 0.0] }, // not summing to 1: still copied as is
        Influences { ids: [6, 2, 6, 6], weights: [0.0, 1.0, 0.0, 0.0] }, // id 6 of 6 bones: one past the end
        Influences { ids: [5, 4, 0, 3], weights: [0.0, 1.0, 0.0, 0.0] }, // real ids in unused slots: bone 4 is the one used
        Influences { ids: [65_537, 4, 0xFFFF, 2], weights: [0.5, 0.5, 0.0, 0.0] }, // 65,537 narrows to 1
        Influences { ids: [0xFFFF, 9, 70_000, 0xFFFF_FFFF], weights: [0.0; 4] }, // no real bone: any will do
        Influences { ids: [6, 3, 0xFFFF, 0xFFFF], weights: [0.5, 0.5, 0.0, 0.0] }, // a weighted id one past the end
    ]
}

/// Checks step 1's records against its contract; the error names the mistake.
pub fn check_records(input: &[Influences], bones: usize, got: &[GpuInfluence]) -> Result<(), String> {
    check_eq("one record per vertex (the number of records)", got.len(), input.len())?;
    for (v, (g, inf)) in got.iter().zip(input).enumerate() {
        if g.weights != inf.weights {
            return Err(format!(
                "vertex {v}: expected the weights {:?}, got {:?}: the weights must be copied unchanged",
                inf.weights, g.weights
            ));
        }
        let real = |slot: usize| inf.weights[slot] != 0.0 && (inf.ids[slot] as usize) < bones;
        let own: Vec<u32> = (0..4).filter(|&s| real(s)).map(|s| inf.ids[s]).collect();
        for slot in 0..4 {
            let (id, input_id) = (g.ids[slot], inf.ids[slot]);
            if usize::from(id) >= bones {
                let why = if inf.weights[slot] != 0.0 {
                    "a weighted id past the end is no real bone either (check `< bones`), so it too names one of the \
                     vertex's own bones"
                } else {
                    "the shader reads all four slots, so an unused slot (weight 0) must still name a real bone"
                };
                return Err(format!("vertex {v}, slot {slot}: id {id} is not one of the {bones} bones: {why}"));
            }
            if real(slot) {
                if u32::from(id) != input_id {
                    return Err(format!(
                        "vertex {v}, slot {slot}: expected id {input_id}, got {id}: a weighted id must stay"
                    ));
                }
            } else if !own.is_empty() && !own.contains(&u32::from(id)) {
                let hint = if inf.weights[slot] != 0.0 && u32::from(input_id as u16) == u32::from(id) {
                    format!(
                        "the weighted id {input_id} is past the end, and narrowed to u16 it became {id}, which looks \
                         like a real bone: check the range before narrowing"
                    )
                } else {
                    "an unused slot should name one of the vertex's own bones, so that the shader fetches no matrix \
                     it would not fetch anyway"
                        .to_string()
                };
                return Err(format!(
                    "vertex {v}, slot {slot} (input id {input_id}, weight {}): expected one of the vertex's own bones \
                     {own:?}, got {id}: {hint}",
                    inf.weights[slot]
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn step1_every_slot_names_a_real_bone() {
    let input = step1_input();
    check_records(&input, 6, &gpu_influences(&input, 6)).or_fail();
}

/// Two wrong answers: unused slots filled with bone 0, and ids narrowed to u16 before the range check.
#[test]
fn grader_step1_names_a_zero_fill_and_narrowing_first() {
    let input = step1_input();
    let right = solution::gpu_influences(&input, 6);
    check_records(&input, 6, &right).unwrap_or_else(|e| panic!("{e}"));
    let mut zero = right.clone();
    for (g, inf) in zero.iter_mut().zip(&input) {
        for slot in 0..4 {
            if inf.weights[slot] == 0.0 {
                g.ids[slot] = 0;
            }
        }
    }
    let e = check_records(&input, 6, &zero).unwrap_err();
    assert!(e.contains("one of the vertex's own bones"), "{e}");
    let mut narrowed = right;
    narrowed[6].ids[0] = 1;
    let e = check_records(&input, 6, &narrowed).unwrap_err();
    assert!(e.contains("check the range before narrowing"), "{e}");
}

// ---------------------------------------------------------------- step 2

/// A shader that does no skinning: it hands attributes 3 and 4, as they
/// arrive, to transform feedback.
const PROBE: &str = "layout(location = 3) in uvec4 a_bone_ids;
layout(location = 4) in vec4 a_bone_weights;
out vec3 v_world; out vec3 v_normal; out vec2 v_uv; out vec3 v_color;
out vec3 skinned_position; out vec3 skinned_normal; out vec4 skinned_tangent;
void main() {
    skinned_position = vec3(a_bone_ids.xyz);
    skinned_normal = vec3(float(a_bone_ids.w), a_bone_weights.xy);
    skinned_tangent = vec4(a_bone_weights.zw, 0.0, 0.0);
    v_world = vec3(0.0); v_normal = vec3(0.0, 0.0, 1.0); v_uv = vec2(0.0); v_color = vec3(0.0);
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}";

/// What the probe saw: ids and weights per vertex.
pub fn probe(
    gl: &glow::Context,
    records: &[GpuInfluence],
    bind: impl Fn(&glow::Context, glow::VertexArray, glow::Buffer, Layout),
) -> Vec<([f32; 4], [f32; 4])> {
    let program = given::compile(gl, "probe", PROBE, 8).expect("the probe compiles");
    // SAFETY: a fresh VAO on this context, deleted below.
    let vao = unsafe { gl.create_vertex_array() }.expect("a VAO");
    // Two spare records at the end, so that a wrong stride or offset reads garbage, not past the buffer.
    let padded: Vec<GpuInfluence> = records.iter().copied().chain([GpuInfluence::default(); 2]).collect();
    let buffer = given::influence_buffer(gl, &padded).expect("a buffer");
    bind(gl, vao, buffer, solution::influence_layout());
    program.program().bind(gl);
    let got = given::capture(gl, vao, records.len()).expect("capture");
    // SAFETY: the objects belong to this context and are not used again.
    unsafe {
        gl.delete_vertex_array(vao);
        gl.delete_buffer(buffer);
    }
    (0..records.len())
        .map(|v| {
            let (p, n, t) = (got.positions[v], got.normals[v], got.tangents[v]);
            ([p.x, p.y, p.z, n.x], [n.y, n.z, t.x, t.y])
        })
        .collect()
}

pub fn check_probe(records: &[GpuInfluence], seen: &[([f32; 4], [f32; 4])]) -> Result<(), String> {
    for (v, (r, (ids, weights))) in records.iter().zip(seen).enumerate() {
        let want_ids = r.ids.map(f32::from);
        if ids != &want_ids {
            let packed = f32::from(r.ids[1]) * 65_536.0 + f32::from(r.ids[0]);
            let hint = if ids[0] == packed {
                "each id read packs two u16 ids into one 32-bit number (2 * 65536 + 1 = 131073): the buffer holds \
                 u16, so the type is UNSIGNED_SHORT, not UNSIGNED_INT"
            } else if ids.iter().any(|&id| id > 70_000.0) {
                "the ids arrive as the bit patterns of floats (1 -> 1065353216): attribute 3 went through \
                 glVertexAttribPointer, which converts to float; integers need vertex_attrib_pointer_i32 \
                 (glVertexAttribIPointer). There is no GL error for this: only id 0 survives"
            } else {
                "wrong bytes were read as ids: check the type (u16 is UNSIGNED_SHORT), the stride and the ids offset"
            };
            // Printed as integers: every id the probe sees is a whole number, and f32's display would round
            // 1065353216 to 1065353200.
            let (ids, want_ids) = (ids.map(|id| id as u64), r.ids);
            return Err(format!("vertex {v}: the shader received ids {ids:?}, expected {want_ids:?}: {hint}"));
        }
        if weights != &r.weights {
            return Err(format!(
                "vertex {v}: the shader received weights {weights:?}, expected {:?}: attribute 4 reads the wrong \
                 bytes (check its offset, the stride, FLOAT, 4 components, not normalised)",
                r.weights
            ));
        }
    }
    Ok(())
}

/// Records with distinct non-zero ids and weights, so that no wrong layout
/// can pass by luck.
pub fn probe_records() -> Vec<GpuInfluence> {
    (0..40u16)
        .map(|v| GpuInfluence {
            ids: [1 + v % 7, 2 + v % 5, 3 + v % 11, 4 + v % 3],
            weights: [0.4, 0.3 - f32::from(v) * 0.001, 0.2, 0.1 + f32::from(v) * 0.001],
        })
        .collect()
}

#[test]
fn step2_ids_arrive_as_integers_and_weights_at_their_offset() {
    let headless = context();
    let records = probe_records();
    let seen = probe(headless.gl(), &records, bind_influences);
    use common::grade::Verdict;
    check_probe(&records, &seen).or_fail();
}

/// A classic wrong set-up: ids through the float path.
fn float_path(gl: &glow::Context, vao: glow::VertexArray, buffer: glow::Buffer, layout: Layout) {
    solution::bind_influences(gl, vao, buffer, layout);
    // SAFETY: the same buffer and layout as the reference, only the call differs.
    unsafe {
        gl.bind_vertex_array(Some(vao));
        gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffer));
        gl.vertex_attrib_pointer_f32(3, 4, glow::UNSIGNED_SHORT, false, layout.stride, layout.ids_offset);
        gl.bind_vertex_array(None);
    }
}

/// Another: the weights read at the seeds' offset for 32-bit ids.
fn offset_16(gl: &glow::Context, vao: glow::VertexArray, buffer: glow::Buffer, layout: Layout) {
    solution::bind_influences(gl, vao, buffer, Layout { weights_offset: 16, ..layout });
}

#[test]
fn grader_step2_names_the_float_path_and_a_wrong_offset() {
    let headless = context();
    let records = probe_records();
    let e = check_probe(&records, &probe(headless.gl(), &records, float_path)).unwrap_err();
    assert!(e.contains("bit patterns of floats") && e.contains("[1065353216, 1073741824, "), "{e}");
    let e = check_probe(&records, &probe(headless.gl(), &records, offset_16)).unwrap_err();
    assert!(e.contains("attribute 4"), "{e}");
}

/// What `bind` leaves in GL's state: attributes 3 and 4 of `vao` must read
/// the influence buffer (a pointer takes whichever buffer is bound to
/// ARRAY_BUFFER when it is set), and no VAO may stay bound on return (a
/// later call would change it). Before the call another buffer is bound, as
/// it would be after uploading positions, so a missing bind shows.
pub fn check_gl_state(bind: impl Fn(&glow::Context, glow::VertexArray, glow::Buffer, Layout)) -> Result<(), String> {
    let headless = context();
    let gl = headless.gl();
    let records = probe_records();
    let buffer = given::influence_buffer(gl, &records).expect("a buffer");
    let other = given::influence_buffer(gl, &records).expect("another buffer"); // left bound to ARRAY_BUFFER
    // SAFETY: fresh objects of this context; the queries write into local slices of the right size.
    let (vao, bound_after, sources) = unsafe {
        let vao = gl.create_vertex_array().expect("a VAO");
        gl.bind_vertex_array(None);
        bind(gl, vao, buffer, solution::influence_layout());
        let bound_after = gl.get_parameter_vertex_array(glow::VERTEX_ARRAY_BINDING);
        gl.bind_vertex_array(Some(vao));
        let mut sources = [0.0f32; 2];
        for (i, attribute) in [3, 4].into_iter().enumerate() {
            let mut v = [0.0f32; 4];
            gl.get_vertex_attrib_parameter_f32_slice(attribute, glow::VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &mut v);
            sources[i] = v[0];
        }
        gl.bind_vertex_array(None);
        (vao, bound_after, sources)
    };
    let name = |b: glow::Buffer| b.0.get() as f32;
    for (attribute, source) in [3, 4].into_iter().zip(sources) {
        if source != name(buffer) {
            let hint = if source == name(other) {
                "the buffer bound last, not the influence buffer: bind the influence buffer to ARRAY_BUFFER before \
                 setting the attribute pointers (a pointer takes whichever buffer is bound then)"
            } else {
                "no buffer at all: was the VAO bound when the pointers were set? Bind the VAO, then the buffer, then \
                 set the pointers"
            };
            return Err(format!(
                "attribute {attribute} of the VAO: expected it to read the influence buffer (GL name {}), got buffer \
                 {source}: {hint}",
                name(buffer)
            ));
        }
    }
    // SAFETY: objects of this context, not used again.
    unsafe {
        gl.delete_vertex_array(vao);
        gl.delete_buffer(buffer);
        gl.delete_buffer(other);
    }
    match bound_after {
        None => Ok(()),
        Some(left) => Err(format!(
            "after bind_influences: expected no VAO bound, got VAO {} still bound: the VAO is left bound on \
             return, so the next vertex array call would change it; unbind it (bind_vertex_array(None)) before \
             returning",
            left.0.get()
        )),
    }
}

#[test]
fn step2_the_buffer_is_bound_before_the_pointers_and_the_vao_unbound_after() {
    use common::grade::Verdict;
    check_gl_state(bind_influences).or_fail();
}

/// Two classic wrong set-ups with right numbers: the influence buffer never
/// bound (the pointers take the buffer bound last), and the VAO left bound.
fn no_buffer_bind(gl: &glow::Context, vao: glow::VertexArray, _buffer: glow::Buffer, layout: Layout) {
    // SAFETY: as the reference, without binding the influence buffer.
    unsafe {
        gl.bind_vertex_array(Some(vao));
        gl.enable_vertex_attrib_array(3);
        gl.vertex_attrib_pointer_i32(3, 4, glow::UNSIGNED_SHORT, layout.stride, layout.ids_offset);
        gl.enable_vertex_attrib_array(4);
        gl.vertex_attrib_pointer_f32(4, 4, glow::FLOAT, false, layout.stride, layout.weights_offset);
        gl.bind_vertex_array(None);
    }
}

fn vao_left_bound(gl: &glow::Context, vao: glow::VertexArray, buffer: glow::Buffer, layout: Layout) {
    solution::bind_influences(gl, vao, buffer, layout);
    // SAFETY: `vao` belongs to this context.
    unsafe { gl.bind_vertex_array(Some(vao)) };
}

#[test]
fn grader_step2_names_an_unbound_buffer_and_a_vao_left_bound() {
    let e = check_gl_state(no_buffer_bind).unwrap_err();
    assert!(e.contains("bind the influence buffer to ARRAY_BUFFER before"), "{e}");
    let e = check_gl_state(vao_left_bound).unwrap_err();
    assert!(e.contains("left bound"), "{e}");
    check_gl_state(solution::bind_influences).unwrap_or_else(|e| panic!("{e}"));
}
