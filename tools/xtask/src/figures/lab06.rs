//! Lab 06's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Box diagrams for the GPU primer and Concepts. Each shows its idea on a
//! case other than a step's answer: another record layout, another
//! attribute, a 2D matrix instead of a bone's `mat4`.

mod memory;

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::Vec2;
use memory::{column_order, two_pointer_calls};

/// Lab 06's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "pipeline", svg: pipeline() },
        Figure { name: "attributes_and_uniforms", svg: attributes_and_uniforms() },
        Figure { name: "vao", svg: vao() },
        Figure { name: "byte_map", svg: byte_map() },
        Figure { name: "two_pointer_calls", svg: two_pointer_calls() },
        Figure { name: "column_order", svg: column_order() },
    ]
}

// ------------------------------------------------------------------ helpers

/// A canvas whose world coordinates are its pixels, with y up from the
/// bottom edge (so boxes are placed by their lower-left corner).
fn canvas(w: f32, h: f32) -> Canvas {
    let mut c = Canvas::new(w, h, Vec2::ZERO, Vec2::new(w, h));
    // The kit keeps a 24-pixel margin: a view 48 pixels larger maps 1:1.
    c.view(Rect { x: -24.0, y: -24.0, w: w + 48.0, h: h + 48.0 }, Vec2::ZERO, Vec2::new(w, h));
    c
}

/// A rectangle from its lower-left corner, filled.
fn boxed(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, line: &'static str, fill: &str) {
    let pts = [Vec2::new(x, y), Vec2::new(x + w, y), Vec2::new(x + w, y + h), Vec2::new(x, y + h)];
    c.polygon(&pts, Stroke::solid(line, 1.5), fill, 1.0);
}

/// Text whose baseline starts, centres or ends at `(x, y)`.
fn text(c: &mut Canvas, x: f32, y: f32, s: &str, size: f32, anchor: Anchor, color: &str) {
    c.label(Vec2::new(x, y), Vec2::ZERO, s, size, anchor, color);
}

/// A box with a title and up to two smaller lines under it, centred.
/// `at` is `[x, y, width, height]`, from the lower-left corner.
fn stage(c: &mut Canvas, at: [f32; 4], line: &'static str, fill: &str, lines: &[&str]) {
    let [x, y, w, h] = at;
    boxed(c, x, y, w, h, line, fill);
    let cx = x + w * 0.5;
    let top = y + h * 0.5 + 4.0 + 7.0 * (lines.len() as f32 - 1.0);
    for (i, s) in lines.iter().enumerate() {
        let (size, color) = if i == 0 { (13.0, ink::INK) } else { (11.0, ink::INK) };
        text(c, cx, top - 14.0 * i as f32, s, size, Anchor::Middle, color);
    }
}

/// A whole number for a label (no "-0").
fn n(v: f32) -> i32 {
    v.round() as i32
}

const LIGHT_BLUE: &str = "#dbe9f6";
const LIGHT_ORANGE: &str = "#fde3c8";
const LIGHT_GREEN: &str = "#d9f0d3";
const LIGHT_GREY: &str = "#e6e6e6";
const WHITE: &str = "white";
const BYTE_LINE: &str = "#cccccc";

// ------------------------------------------------------------------ figures

/// The pipeline: from the CPU to pixels, where lab 03 and lab 06 skin, and
/// where transform feedback taps the vertex shader's outputs.
fn pipeline() -> String {
    let (w, h) = (700.0, 330.0);
    let mut c = canvas(w, h);
    text(&mut c, 4.0, h - 14.0, "One draw call, stage by stage", 15.0, Anchor::Start, ink::INK);
    let (bw, bh, gap, y) = (96.0, 62.0, 21.4, 150.0);
    let stages: [(&[&str], &str); 6] = [
        (&["CPU", "your Rust", "calls GL"], LIGHT_GREY),
        (&["buffers", "+ uniforms", "in GPU memory"], LIGHT_BLUE),
        (&["vertex", "shader", "once per vertex"], LIGHT_ORANGE),
        (&["rasterizer", "pixels each", "triangle covers"], LIGHT_GREY),
        (&["fragment", "shader", "once per pixel"], LIGHT_GREY),
        (&["framebuffer", "the picture"], LIGHT_GREY),
    ];
    let xs: Vec<f32> = (0..6).map(|i| 2.0 + i as f32 * (bw + gap)).collect();
    for (i, (lines, fill)) in stages.iter().enumerate() {
        let line = if i == 2 { ink::HIGHLIGHT } else { ink::INK };
        stage(&mut c, [xs[i], y, bw, bh], line, fill, lines);
        if i > 0 {
            let a = Vec2::new(xs[i - 1] + bw + 2.0, y + bh * 0.5);
            c.arrow(a, a + Vec2::new(gap - 4.0, 0.0), Stroke::solid(ink::INK, 1.5));
        }
    }
    // What travels on two of the arrows, written under them.
    let note = |c: &mut Canvas, x: f32, lines: [&str; 2]| {
        c.line(Vec2::new(x, y + bh * 0.5 - 6.0), Vec2::new(x, y - 10.0), Stroke::dashed(ink::MUTED, 1.0));
        text(c, x, y - 24.0, lines[0], 11.0, Anchor::Middle, ink::MUTED);
        text(c, x, y - 38.0, lines[1], 11.0, Anchor::Middle, ink::MUTED);
    };
    note(&mut c, xs[1] - gap * 0.5, ["upload", "(the bus)"]);
    note(&mut c, xs[3] - gap * 0.5, ["gl_Position,", "in clip space"]);

    // Where each lab skins, above the boxes.
    let over = y + bh + 8.0;
    let brace = |c: &mut Canvas, x0: f32, x1: f32, color: &'static str| {
        c.polyline(
            &[Vec2::new(x0, over), Vec2::new(x0, over + 8.0), Vec2::new(x1, over + 8.0), Vec2::new(x1, over)],
            Stroke::solid(color, 2.0),
        );
    };
    brace(&mut c, xs[0], xs[0] + bw, ink::Z);
    text(&mut c, xs[0], over + 38.0, "lab 03 skins here, then re-uploads", 12.0, Anchor::Start, ink::Z);
    text(&mut c, xs[0], over + 23.0, "every vertex, every frame", 12.0, Anchor::Start, ink::Z);
    brace(&mut c, xs[2], xs[2] + bw, ink::HIGHLIGHT);
    text(&mut c, xs[2], over + 38.0, "lab 06 skins here: the mesh is uploaded", 12.0, Anchor::Start, ink::HIGHLIGHT);
    text(&mut c, xs[2], over + 23.0, "once, a palette of matrices every frame", 12.0, Anchor::Start, ink::HIGHLIGHT);

    // Transform feedback: a tap on the vertex shader's outputs.
    let tap = Vec2::new(xs[2] + bw * 0.5, y);
    let fb = Vec2::new(xs[3] - 10.0, 30.0);
    c.polyline(&[tap, Vec2::new(tap.x, fb.y + 10.0)], Stroke::dashed(ink::PURPLE, 1.5));
    c.arrow(Vec2::new(tap.x, fb.y + 10.0), Vec2::new(fb.x - 2.0, fb.y + 10.0), Stroke::dashed(ink::PURPLE, 1.5));
    boxed(&mut c, fb.x, fb.y - 8.0, 236.0, 36.0, ink::PURPLE, WHITE);
    text(&mut c, fb.x + 8.0, fb.y + 14.0, "transform feedback: chosen outputs", 12.0, Anchor::Start, ink::PURPLE);
    text(&mut c, fb.x + 8.0, fb.y, "into a buffer the CPU reads back", 12.0, Anchor::Start, ink::PURPLE);
    c.finish(
        "The pipeline of one draw call: the CPU, buffers and uniforms, the vertex shader (once per vertex), \
         clip space, the rasterizer, the fragment shader, the picture. Lab 03 skinned on the CPU; lab 06 skins \
         in the vertex shader. Transform feedback copies chosen vertex shader outputs into a buffer.",
    )
}

/// Attributes (one value per vertex) against uniforms (one per draw), on a
/// coloured triangle tinted by a uniform.
fn attributes_and_uniforms() -> String {
    let (w, h) = (700.0, 320.0);
    let mut c = canvas(w, h);
    text(&mut c, 4.0, h - 14.0, "A triangle of 3 vertices, drawn with a tint", 15.0, Anchor::Start, ink::INK);
    // The buffer: one row per vertex.
    let (x0, top) = (4.0, 232.0);
    text(&mut c, x0, top + 8.0, "buffer (attributes)", 12.0, Anchor::Start, ink::MUTED);
    let rows = [("v0", "(0, 0)", "red"), ("v1", "(1, 0)", "green"), ("v2", "(0, 1)", "blue")];
    let colors = [ink::X, ink::Y, ink::Z];
    let row_y: Vec<f32> = (0..3).map(|i| top - 26.0 - 58.0 * i as f32).collect();
    for (i, (v, pos, col)) in rows.iter().enumerate() {
        boxed(&mut c, x0, row_y[i] - 20.0, 190.0, 44.0, ink::INK, LIGHT_BLUE);
        text(&mut c, x0 + 8.0, row_y[i] - 2.0, v, 13.0, Anchor::Start, ink::INK);
        text(&mut c, x0 + 36.0, row_y[i] + 6.0, &format!("a_position {pos}"), 11.0, Anchor::Start, ink::INK);
        c.dot(Vec2::new(x0 + 42.0, row_y[i] - 8.0), 4.0, colors[i]);
        text(&mut c, x0 + 50.0, row_y[i] - 12.0, &format!("a_color {col}"), 11.0, Anchor::Start, ink::INK);
    }
    // One run of the vertex shader per vertex.
    let rx = 290.0;
    for (i, &ry) in row_y.iter().enumerate() {
        stage(
            &mut c,
            [rx, ry - 14.0, 130.0, 34.0],
            ink::HIGHLIGHT,
            LIGHT_ORANGE,
            &[&format!("vertex shader, run {i}")],
        );
        c.arrow(Vec2::new(x0 + 193.0, ry + 3.0), Vec2::new(rx - 3.0, ry + 3.0), Stroke::solid(ink::INK, 1.5));
    }
    // The uniform, one value shared by every run.
    let (ux, uy) = (470.0, 250.0);
    boxed(&mut c, ux, uy - 20.0, 212.0, 44.0, ink::PURPLE, WHITE);
    text(&mut c, ux + 106.0, uy + 6.0, "uniform u_tint = 0.5", 12.0, Anchor::Middle, ink::PURPLE);
    text(&mut c, ux + 106.0, uy - 9.0, "set once by the CPU, before the draw", 11.0, Anchor::Middle, ink::PURPLE);
    for &ry in &row_y {
        c.arrow(Vec2::new(ux + 30.0, uy - 22.0), Vec2::new(rx + 133.0, ry + 6.0), Stroke::solid(ink::PURPLE, 1.2));
    }
    // What each run computes.
    for (i, &ry) in row_y.iter().enumerate() {
        text(&mut c, 560.0, ry - 4.0, &format!("out: {} x 0.5", rows[i].2), 12.0, Anchor::Start, ink::INK);
        c.dot(Vec2::new(548.0, ry), 5.0, colors[i]);
    }
    text(
        &mut c,
        x0,
        14.0,
        "Each run sees its own vertex's attributes, and the same uniform; no run sees another vertex.",
        12.0,
        Anchor::Start,
        ink::INK,
    );
    c.finish(
        "Three runs of a vertex shader, one per vertex: each reads its own vertex's attributes (a position and a \
         colour) from a buffer, and all three read the same uniform, a tint set once before the draw.",
    )
}

/// What a VAO holds: per attribute location, the buffer, offset, stride and
/// type it reads. The example: positions in one buffer, colour and UV
/// interleaved in another.
fn vao() -> String {
    let (w, h) = (700.0, 360.0);
    let mut c = canvas(w, h);
    text(&mut c, 4.0, h - 14.0, "A VAO: for each attribute location, where to read it", 15.0, Anchor::Start, ink::INK);
    // The VAO's table.
    let (x0, y_top, row_h) = (4.0, 290.0, 40.0);
    let cols = [("loc", 34.0), ("on", 28.0), ("buffer", 52.0), ("offset", 48.0), ("stride", 48.0), ("type", 176.0)];
    let table_w: f32 = cols.iter().map(|c| c.1).sum();
    boxed(&mut c, x0, y_top - 4.0 * row_h - 24.0, table_w, 4.0 * row_h + 44.0, ink::INK, WHITE);
    text(&mut c, x0 + 6.0, y_top + 6.0, "VAO", 13.0, Anchor::Start, ink::INK);
    let mut cx = x0;
    let col_x: Vec<f32> = cols
        .iter()
        .map(|(_, wdt)| {
            let x = cx;
            cx += wdt;
            x
        })
        .collect();
    for (i, (name, _)) in cols.iter().enumerate() {
        text(&mut c, col_x[i] + 6.0, y_top - 14.0, name, 11.0, Anchor::Start, ink::MUTED);
    }
    let rows: [[&str; 6]; 4] = [
        ["0", "yes", "A", "0", "12", "3 x FLOAT -> vec3"],
        ["1", "yes", "B", "4", "12", "2 x FLOAT -> vec2"],
        ["2", "yes", "B", "0", "12", "4 x UNSIGNED_BYTE, norm."],
        ["3", "no", "-", "-", "-", "(not read)"],
    ];
    let row_y: Vec<f32> = (0..4).map(|i| y_top - 40.0 - row_h * i as f32).collect();
    for (r, row) in rows.iter().enumerate() {
        let fill = if r == 3 { LIGHT_GREY } else { LIGHT_BLUE };
        boxed(&mut c, x0 + 2.0, row_y[r] - 12.0, table_w - 4.0, row_h - 6.0, ink::MUTED, fill);
        for (i, cell) in row.iter().enumerate() {
            let color = if r == 3 { ink::MUTED } else { ink::INK };
            text(&mut c, col_x[i] + 6.0, row_y[r] + 4.0, cell, 12.0, Anchor::Start, color);
        }
    }
    // The two buffers, as byte strips.
    let (bx, cell) = (434.0, 7.0);
    let strip = |c: &mut Canvas, y: f32, name: &str, below: bool, fields: &[(&str, usize, &str)], records: usize| {
        let label_y = if below { y - 74.0 } else { y + 30.0 };
        for (i, part) in name.split('\n').enumerate() {
            text(c, bx, label_y - 15.0 * i as f32, part, 12.0, Anchor::Start, ink::INK);
        }
        let mut x = bx;
        for _ in 0..records {
            for (label, bytes, fill) in fields {
                let wdt = *bytes as f32 * cell;
                boxed(c, x, y, wdt, 20.0, ink::INK, fill);
                text(c, x + wdt * 0.5, y + 6.0, label, 10.0, Anchor::Middle, ink::INK);
                x += wdt;
            }
        }
        text(c, x + 6.0, y + 6.0, "...", 12.0, Anchor::Start, ink::INK);
    };
    let (ya, yb) = (232.0, 110.0);
    strip(&mut c, ya, "buffer A: positions, 12 bytes each", false, &[("xyz", 12, LIGHT_GREEN)], 3);
    strip(
        &mut c,
        yb,
        "buffer B: interleaved records\n{ color: [u8; 4], uv: [f32; 2] }",
        true,
        &[("rgba", 4, LIGHT_ORANGE), ("uv", 8, LIGHT_GREEN)],
        3,
    );
    // Offsets and stride on buffer B.
    let tick = |c: &mut Canvas, byte: f32, y: f32, s: &str| {
        let x = bx + byte * cell;
        c.line(Vec2::new(x, y), Vec2::new(x, y - 12.0), Stroke::solid(ink::MUTED, 1.0));
        text(c, x, y - 24.0, s, 10.0, Anchor::Middle, ink::MUTED);
    };
    tick(&mut c, 0.0, yb, "0");
    tick(&mut c, 4.0, yb, "4");
    tick(&mut c, 12.0, yb, "12");
    tick(&mut c, 24.0, yb, "24");
    c.arrow(Vec2::new(bx, yb - 40.0), Vec2::new(bx + 12.0 * cell, yb - 40.0), Stroke::solid(ink::HIGHLIGHT, 1.5));
    text(&mut c, bx + 6.0 * cell, yb - 54.0, "stride 12: next record", 11.0, Anchor::Middle, ink::HIGHLIGHT);
    // Arrows from the rows to where each attribute starts.
    let from = |r: usize| Vec2::new(x0 + table_w + 2.0, row_y[r] + 6.0);
    c.arrow(from(0), Vec2::new(bx + 2.0, ya + 10.0), Stroke::solid(ink::INK, 1.2));
    c.arrow(from(1), Vec2::new(bx + 4.0 * cell + 2.0, yb + 22.0), Stroke::solid(ink::INK, 1.2));
    c.arrow(from(2), Vec2::new(bx + 2.0, yb + 22.0), Stroke::solid(ink::INK, 1.2));
    c.finish(
        "A vertex array object as a table: for each attribute location, whether it is enabled, which buffer it \
         reads, at which offset, with which stride, and what type is stored. A draw binds the VAO and each enabled location reads its \
         buffer from its offset, then every stride bytes. Location 0 reads positions from \
         buffer A; locations 1 and 2 read a UV and a colour interleaved in buffer B, each from its own offset, \
         12 bytes apart.",
    )
}

/// A `#[repr(C)]` record as bytes: fields, padding, offsets, and the stride
/// to the next record; the same fields reordered land elsewhere.
fn byte_map() -> String {
    let (w, h) = (700.0, 300.0);
    let mut c = canvas(w, h);
    text(&mut c, 4.0, h - 14.0, "#[repr(C)] records, byte by byte", 15.0, Anchor::Start, ink::INK);
    let cell = 25.0;
    let x0 = 8.0;
    // (field, bytes, fill); padding has no name.
    type Field = (&'static str, usize, &'static str);
    let draw = |c: &mut Canvas, y: f32, title: &str, fields: &[Field], next: usize| {
        text(c, x0, y + 40.0, title, 12.0, Anchor::Start, ink::INK);
        let mut byte = 0;
        for (name, bytes, fill) in fields {
            let bx = x0 + byte as f32 * cell;
            for k in 0..*bytes {
                boxed(c, bx + k as f32 * cell, y, cell, 22.0, BYTE_LINE, fill);
            }
            let wdt = *bytes as f32 * cell;
            boxed(c, bx, y, wdt, 22.0, ink::INK, "none");
            let label = if name.is_empty() { "pad" } else { name };
            let color = if name.is_empty() { ink::MUTED } else { ink::INK };
            text(c, bx + wdt * 0.5, y + 7.0, label, 11.0, Anchor::Middle, color);
            c.line(Vec2::new(bx, y), Vec2::new(bx, y - 8.0), Stroke::solid(ink::MUTED, 1.0));
            text(c, bx, y - 20.0, &byte.to_string(), 10.0, Anchor::Middle, ink::MUTED);
            byte += bytes;
        }
        // The next record starts here.
        let bx = x0 + byte as f32 * cell;
        for k in 0..next {
            boxed(c, bx + k as f32 * cell, y, cell, 22.0, BYTE_LINE, WHITE);
        }
        text(c, bx + next as f32 * cell * 0.5, y + 7.0, "next", 11.0, Anchor::Middle, ink::MUTED);
        text(c, bx + next as f32 * cell + 4.0, y + 7.0, "...", 11.0, Anchor::Start, ink::MUTED);
        c.line(Vec2::new(bx, y), Vec2::new(bx, y - 8.0), Stroke::solid(ink::MUTED, 1.0));
        text(c, bx, y - 20.0, &byte.to_string(), 10.0, Anchor::Middle, ink::MUTED);
        c.arrow(Vec2::new(x0, y - 30.0), Vec2::new(bx, y - 30.0), Stroke::solid(ink::HIGHLIGHT, 1.5));
        text(
            c,
            (x0 + bx) * 0.5,
            y - 44.0,
            &format!("stride = size of the record = {byte} bytes"),
            11.0,
            Anchor::Middle,
            ink::HIGHLIGHT,
        );
    };
    let a: [Field; 4] = [
        ("age", 1, LIGHT_GREY),
        ("", 3, WHITE),
        ("position: [f32; 3]", 12, LIGHT_GREEN),
        ("color: [u8; 4]", 4, LIGHT_ORANGE),
    ];
    draw(&mut c, 192.0, "struct Particle { age: u8, position: [f32; 3], color: [u8; 4] }", &a, 4);
    let b: [Field; 4] =
        [("position: [f32; 3]", 12, LIGHT_GREEN), ("age", 1, LIGHT_GREY), ("color", 4, LIGHT_ORANGE), ("", 3, WHITE)];
    draw(&mut c, 78.0, "the same fields reordered: { position, age, color }", &b, 4);
    text(
        &mut c,
        4.0,
        6.0,
        "An f32 starts at a multiple of 4, so the compiler pads; the order and the padding decide every offset.",
        12.0,
        Anchor::Start,
        ink::INK,
    );
    c.finish(
        "Two #[repr(C)] records with the same three fields, drawn byte by byte: the fields, the padding the \
         compiler adds so that each f32 starts at a multiple of 4, each field's offset, and the stride to the \
         next record. Reordering the fields moves every offset.",
    )
}
