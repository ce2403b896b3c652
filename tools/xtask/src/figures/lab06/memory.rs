//! Lab 06's figures about memory: one value through two pointer calls, and
//! a matrix's floats read as columns or rows.

use super::{LIGHT_BLUE, LIGHT_GREEN, LIGHT_GREY, LIGHT_ORANGE, WHITE, boxed, canvas, n, stage, text};
use crate::figures::kit::{Anchor, Rect, Stroke, ink};
use glam::{Mat3, Vec2, Vec3};

/// One stored integer through the two attribute pointer calls, into a float
/// and an integer declaration.
pub(super) fn two_pointer_calls() -> String {
    let (w, h) = (700.0, 330.0);
    let mut c = canvas(w, h);
    text(&mut c, 4.0, h - 14.0, "One byte in a buffer, 7, read two ways", 15.0, Anchor::Start, ink::INK);
    // The stored byte.
    stage(&mut c, [4.0, 140.0, 110.0, 56.0], ink::INK, LIGHT_BLUE, &["buffer: 0x07", "UNSIGNED_BYTE"]);
    // The two calls.
    let (cx, cw) = (160.0, 190.0);
    let (y_f, y_i) = (222.0, 58.0);
    stage(
        &mut c,
        [cx, y_f, cw, 56.0],
        ink::INK,
        LIGHT_GREY,
        &["vertex_attrib_pointer_f32", "converts to float: 7.0", "(normalised: 7 / 255)"],
    );
    stage(&mut c, [cx, y_i, cw, 56.0], ink::INK, LIGHT_GREY, &["vertex_attrib_pointer_i32", "keeps the integer: 7"]);
    c.arrow(Vec2::new(116.0, 178.0), Vec2::new(cx - 2.0, y_f + 28.0), Stroke::solid(ink::INK, 1.5));
    c.arrow(Vec2::new(116.0, 158.0), Vec2::new(cx - 2.0, y_i + 28.0), Stroke::solid(ink::INK, 1.5));
    // The two declarations.
    let (dx, dw) = (420.0, 276.0);
    let (y_float, y_uint) = (222.0, 58.0);
    boxed(&mut c, dx, y_float, dw, 56.0, ink::INK, WHITE);
    text(&mut c, dx + 8.0, y_float + 36.0, "in float a_level;", 13.0, Anchor::Start, ink::INK);
    text(&mut c, dx + 8.0, y_float + 20.0, "from _f32: 7.0", 11.0, Anchor::Start, ink::Y);
    text(&mut c, dx + 8.0, y_float + 6.0, "from _i32: undefined", 11.0, Anchor::Start, ink::X);
    boxed(&mut c, dx, y_uint, dw, 56.0, ink::INK, WHITE);
    text(&mut c, dx + 8.0, y_uint + 36.0, "in uint a_level;", 13.0, Anchor::Start, ink::INK);
    text(&mut c, dx + 8.0, y_uint + 20.0, "from _i32: 7", 11.0, Anchor::Start, ink::Y);
    text(&mut c, dx + 8.0, y_uint + 6.0, "from _f32: undefined; Mesa gives 1088421888", 11.0, Anchor::Start, ink::X);
    let s = Stroke::solid(ink::Y, 1.5);
    let bad = Stroke::dashed(ink::X, 1.2);
    c.arrow(Vec2::new(cx + cw + 2.0, y_f + 34.0), Vec2::new(dx - 2.0, y_float + 34.0), s);
    c.arrow(Vec2::new(cx + cw + 2.0, y_i + 22.0), Vec2::new(dx - 2.0, y_uint + 22.0), s);
    c.arrow(Vec2::new(cx + cw + 2.0, y_f + 16.0), Vec2::new(dx - 2.0, y_uint + 44.0), bad);
    c.arrow(Vec2::new(cx + cw + 2.0, y_i + 40.0), Vec2::new(dx - 2.0, y_float + 10.0), bad);
    text(
        &mut c,
        4.0,
        16.0,
        "1088421888 is 0x40E00000, the bits of the float 7.0. GL reports no error either way.",
        12.0,
        Anchor::Start,
        ink::INK,
    );
    c.finish(
        "A byte holding 7 reaches a shader by one of two pointer calls: the float call converts it to 7.0, the \
         integer call keeps 7. A float declaration fed by the float call reads 7.0 and a uint declaration fed by \
         the integer call reads 7; the crossed pairs are undefined, and Mesa hands a uint the bits of 7.0, \
         1088421888, with no GL error.",
    )
}

/// Nine floats of a 2D matrix in memory, read as columns or as rows, and
/// what each reading does to one point.
pub(super) fn column_order() -> String {
    let (w, h) = (700.0, 340.0);
    let mut c = canvas(w, h);
    text(
        &mut c,
        4.0,
        h - 14.0,
        "Nine floats in memory, read two ways (2D: turn 90 degrees, then move by (3, 1))",
        15.0,
        Anchor::Start,
        ink::INK,
    );
    // M = translate(3, 1) * rotate(90°), as glam builds it.
    let m = Mat3::from_translation(Vec2::new(3.0, 1.0)) * Mat3::from_angle(std::f32::consts::FRAC_PI_2);
    let floats = m.to_cols_array();
    let (x0, y0, cell) = (8.0, 196.0, 36.0);
    for (i, f) in floats.iter().enumerate() {
        let fill = [LIGHT_GREEN, LIGHT_BLUE, LIGHT_ORANGE][i / 3];
        boxed(&mut c, x0 + i as f32 * cell, y0, cell, 26.0, ink::INK, fill);
        let v = if f.abs() < 1e-6 { 0.0 } else { *f };
        text(&mut c, x0 + (i as f32 + 0.5) * cell, y0 + 9.0, &format!("{v:.0}"), 12.0, Anchor::Middle, ink::INK);
    }
    text(
        &mut c,
        x0,
        y0 + 70.0,
        "Read in threes, as columns (above) or as rows (below):",
        12.0,
        Anchor::Start,
        ink::INK,
    );
    for k in 0..3 {
        let (a, b) = (x0 + k as f32 * 3.0 * cell + 3.0, x0 + (k as f32 + 1.0) * 3.0 * cell - 3.0);
        c.polyline(
            &[Vec2::new(a, y0 + 30.0), Vec2::new(a, y0 + 36.0), Vec2::new(b, y0 + 36.0), Vec2::new(b, y0 + 30.0)],
            Stroke::solid(ink::INK, 1.2),
        );
        text(&mut c, (a + b) * 0.5, y0 + 40.0, &format!("column {k}"), 11.0, Anchor::Middle, ink::INK);
        c.polyline(
            &[Vec2::new(a, y0 - 4.0), Vec2::new(a, y0 - 10.0), Vec2::new(b, y0 - 10.0), Vec2::new(b, y0 - 4.0)],
            Stroke::solid(ink::MUTED, 1.2),
        );
        text(&mut c, (a + b) * 0.5, y0 - 24.0, &format!("row {k}"), 11.0, Anchor::Middle, ink::MUTED);
    }
    // What each reading does to the point p = (1, 0).
    let p = Vec3::new(1.0, 0.0, 1.0);
    let as_cols = m * p;
    let as_rows = m.transpose() * p;
    text(
        &mut c,
        x0,
        110.0,
        &format!("as columns: p = (1, 0) goes to ({}, {}), w = {}", n(as_cols.x), n(as_cols.y), n(as_cols.z)),
        12.0,
        Anchor::Start,
        ink::Z,
    );
    text(
        &mut c,
        x0,
        90.0,
        &format!("as rows: p goes to ({}, {}), w = {}", n(as_rows.x), n(as_rows.y), n(as_rows.z)),
        12.0,
        Anchor::Start,
        ink::X,
    );
    text(&mut c, x0, 70.0, "(it turned the other way, and the move", 12.0, Anchor::Start, ink::X);
    text(&mut c, x0, 54.0, "landed in w instead of x and y)", 12.0, Anchor::Start, ink::X);
    // The plot.
    c.view(Rect { x: 380.0, y: 30.0, w: 320.0, h: 300.0 }, Vec2::new(-1.5, -2.0), Vec2::new(4.0, 3.0));
    let grid = Stroke::solid(ink::PAPER, 1.0);
    for i in -1..=4 {
        c.line(Vec2::new(i as f32, -2.0), Vec2::new(i as f32, 3.0), grid);
    }
    for j in -2..=3 {
        c.line(Vec2::new(-1.5, j as f32), Vec2::new(4.0, j as f32), grid);
    }
    c.arrow(Vec2::new(-1.5, 0.0), Vec2::new(4.0, 0.0), Stroke::solid(ink::MUTED, 1.0));
    c.arrow(Vec2::new(0.0, -2.0), Vec2::new(0.0, 3.0), Stroke::solid(ink::MUTED, 1.0));
    let pp = Vec2::new(p.x, p.y);
    c.dot(pp, 5.0, ink::INK);
    c.label(pp, Vec2::new(8.0, 16.0), "p", 12.0, Anchor::Start, ink::INK);
    let qc = Vec2::new(as_cols.x, as_cols.y);
    c.arrow(pp, qc, Stroke::solid(ink::Z, 1.5));
    c.dot(qc, 5.0, ink::Z);
    c.label(qc, Vec2::new(-8.0, -8.0), "as columns", 12.0, Anchor::End, ink::Z);
    let qr = Vec2::new(as_rows.x, as_rows.y);
    c.arrow(pp, qr, Stroke::solid(ink::X, 1.5));
    c.dot(qr, 5.0, ink::X);
    c.label(qr, Vec2::new(8.0, 4.0), &format!("as rows (w = {})", n(as_rows.z)), 12.0, Anchor::Start, ink::X);
    c.finish(
        "The nine floats of a 2D matrix (turn 90 degrees, then move by (3, 1)) in memory. Read in threes as \
         columns, they send the point (1, 0) to (3, 2) with w = 1. Read in threes as rows, the same floats give \
         the transposed matrix: the point turns the other way, to (0, -1), and the move lands in w, which becomes 4.",
    )
}
