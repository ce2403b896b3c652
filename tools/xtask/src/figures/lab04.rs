//! Lab 04's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Each figure shows one idea of the handout on numbers of its own, never
//! the grader's: a timeline with an interval, a halving search on another
//! question, where successive frames land among the keys, the two
//! remainders, the three interpolation modes and one Hermite segment.

use glam::Vec2;

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};

/// Lab 04's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "timeline", svg: timeline() },
        Figure { name: "halving", svg: halving() },
        Figure { name: "frames", svg: frames() },
        Figure { name: "remainders", svg: remainders() },
        Figure { name: "modes", svg: modes() },
        Figure { name: "tangents", svg: tangents() },
    ]
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// An open circle: a value the curve comes close to but does not take.
fn open_dot(c: &mut Canvas, p: Vec2, color: &'static str) {
    c.circle(p, 4.5, Stroke::solid(color, 2.0), "white");
}

/// A track's keys on a timeline, one time between two keys, the interval it
/// falls in and how far along it is.
fn timeline() -> String {
    let keys = [1.0_f32, 3.0, 4.0, 7.0, 11.0, 13.0];
    let t = 8.0;
    let mut c = Canvas::new(700.0, 250.0, v(-1.5, -2.0), v(15.5, 1.9));
    // The hold zones at both ends.
    let zone = |c: &mut Canvas, a: f32, b: f32, text: &str| {
        c.polygon(&[v(a, -0.35), v(b, -0.35), v(b, 0.35), v(a, 0.35)], Stroke::solid(ink::PAPER, 0.0), ink::MUTED, 0.2);
        c.label(v((a + b) * 0.5, 0.35), v(0.0, -8.0), text, 12.0, Anchor::Middle, ink::MUTED);
    };
    zone(&mut c, -1.0, keys[0], "hold k0");
    zone(&mut c, keys[5], 15.0, "hold k5");
    c.arrow(v(-1.0, 0.0), v(15.2, 0.0), Stroke::solid(ink::MUTED, 1.5));
    c.label(v(15.2, 0.0), v(0.0, 36.0), "ticks", 12.0, Anchor::End, ink::MUTED);
    for (i, &k) in keys.iter().enumerate() {
        c.dot(v(k, 0.0), 6.0, ink::INK);
        c.label(v(k, 0.0), v(0.0, 22.0), &format!("{k:.0}"), 12.0, Anchor::Middle, ink::INK);
        if i != 3 && i != 4 {
            c.label(v(k, 0.0), v(0.0, -12.0), &format!("k{i}"), 12.0, Anchor::Middle, ink::INK);
        }
    }
    // The interval: from k3 to k4, bracketed above the line.
    let (a, b) = (keys[3], keys[4]);
    let bracket = Stroke::solid(ink::Z, 2.0);
    c.polyline(&[v(a, 0.55), v(a, 0.95), v(b, 0.95), v(b, 0.55)], bracket);
    c.label(v(a, 0.95), v(0.0, -8.0), "from = k3", 13.0, Anchor::Middle, ink::Z);
    c.label(v(b, 0.95), v(0.0, -8.0), "to = k4", 13.0, Anchor::Middle, ink::Z);
    // The time asked about.
    c.line(v(t, -0.55), v(t, 1.6), Stroke::solid(ink::X, 2.0));
    c.label(v(t, 1.6), v(0.0, -6.0), "t = 8", 13.0, Anchor::Middle, ink::X);
    // How far along: 1 of the 4 ticks of the gap.
    let y = -1.15;
    c.line(v(a, y), v(b, y), Stroke::solid(ink::MUTED, 6.0));
    c.line(v(a, y), v(t, y), Stroke::solid(ink::HIGHLIGHT, 6.0));
    c.label(
        v((a + b) * 0.5, y),
        v(0.0, 24.0),
        "t has covered 1 of the gap's 4 ticks: factor 0.25",
        13.0,
        Anchor::Middle,
        ink::INK,
    );
    c.finish(
        "A track's six keys on a timeline (ticks 1 to 13). At t = 8 the interval runs from k3 (tick 7) to k4 \
         (tick 11); t has covered 1 of the 4 ticks between them, so the factor is 0.25. Before k0 and after k5 \
         the end key is held.",
    )
}

/// Binary search on another question: 16 plants sorted by height, how many
/// are shorter than 40 cm? Each probe halves the range that can still hold
/// the boundary.
fn halving() -> String {
    let heights = [12, 15, 19, 23, 26, 30, 34, 37, 41, 45, 48, 52, 57, 61, 66, 70];
    let limit = 40;
    let n = heights.len();
    let rows = 5.0;
    let row_gap = 1.45;
    let mut c = Canvas::new(700.0, 270.0, v(0.0, -0.3), v(24.0, rows * row_gap + 0.3));
    c.text_px(
        v(24.0, 28.0),
        "16 plants sorted by height (cm): how many are shorter than 40?",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    let (mut lo, mut hi) = (0usize, n);
    for row in 0..5 {
        let y = (rows - 1.0 - row as f32) * row_gap;
        let probe = if lo < hi { Some(lo + (hi - lo) / 2) } else { None };
        for (i, &h) in heights.iter().enumerate() {
            let x = i as f32;
            let cell = [v(x, y), v(x + 1.0, y), v(x + 1.0, y + 1.0), v(x, y + 1.0)];
            let inside = i >= lo && i < hi;
            let (fill, opacity, text) = if Some(i) == probe {
                (ink::HIGHLIGHT, 0.8, ink::INK)
            } else if probe.is_none() {
                if h < limit { (ink::Y, 0.35, ink::INK) } else { (ink::MUTED, 0.25, ink::INK) }
            } else if inside {
                ("white", 1.0, ink::INK)
            } else {
                (ink::PAPER, 1.0, ink::MUTED)
            };
            let edge = if inside || probe.is_none() { ink::INK } else { ink::MUTED };
            c.polygon(&cell, Stroke::solid(edge, 1.0), fill, opacity);
            c.label(v(x + 0.5, y + 0.5), v(0.0, 5.0), &h.to_string(), 13.0, Anchor::Middle, text);
        }
        let at = v(n as f32 + 0.4, y + 0.5);
        match probe {
            Some(m) => {
                let yes = heights[m] < limit;
                let what = if yes { "yes: look right of it" } else { "no: look at it or left" };
                c.label(at, v(0.0, 5.0), &format!("{} < 40? {what}", heights[m]), 12.0, Anchor::Start, ink::INK);
                if yes {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            None => {
                c.label(at, v(0.0, -3.0), &format!("none left: {lo} are shorter"), 12.0, Anchor::Start, ink::INK);
                c.label(at, v(0.0, 13.0), "(4 tests for 16 plants)", 12.0, Anchor::Start, ink::INK);
            }
        }
    }
    c.finish(
        "Sixteen plant heights in sorted order and the question: how many are shorter than 40 cm? Each row tests \
         the middle of the cells still in play (orange) and greys out the half that cannot hold the boundary; \
         after four tests nothing is left and the answer, 8, is where the yes cells end.",
    )
}

/// Where successive frames land among a track's keys: a clip of 16 keys
/// (ticks 0 to 15) played at 0.6 ticks per frame, looping, with a scrub back.
fn frames() -> String {
    let duration = 15.0_f32;
    let step = 0.6_f32;
    let scrub_frame = 37;
    let scrub_to = 1.5_f32;
    let mut points = Vec::new();
    for i in 0..=44 {
        let tick = if i < scrub_frame {
            (i as f32 * step).rem_euclid(duration)
        } else {
            scrub_to + (i - scrub_frame) as f32 * step
        };
        points.push(v(i as f32, (tick + 1e-4).floor()));
    }
    let (min, max) = (v(0.0, 0.0), v(44.0, 15.0));
    let mut c = Canvas::new(700.0, 330.0, v(-3.0, -2.2), v(46.0, 17.0));
    c.axes(
        min,
        max,
        &[0.0, 10.0, 20.0, 25.0, 30.0, 37.0],
        &[0.0, 5.0, 10.0, 14.0],
        "frame",
        "the frame's key (its interval's first)",
    );
    for w in points.windows(2) {
        let jump = w[1].y < w[0].y;
        let s = if jump { Stroke::dashed(ink::MUTED, 1.5) } else { Stroke::solid(ink::Z, 1.5) };
        c.line(w[0], w[1], s);
    }
    for p in &points {
        c.dot(*p, 3.5, ink::Z);
    }
    c.label(v(11.0, 2.2), v(0.0, 0.0), "each frame: the same key or the next", 12.0, Anchor::Start, ink::INK);
    c.arrow(v(15.0, 3.2), v(15.0, 8.3), Stroke::solid(ink::INK, 1.0));
    c.label(v(25.0, 14.0), v(8.0, -4.0), "the loop wraps: back to key 0", 12.0, Anchor::Start, ink::X);
    c.label(v(37.0, 7.0), v(-4.0, -14.0), "a scrub back to tick 1.5", 12.0, Anchor::Middle, ink::X);
    c.finish(
        "A track of 16 keys, one per tick, played at 0.6 ticks per frame: for each frame, the key its time falls \
         after. From frame to frame the answer stays or moves on by one; at frame 25 the loop wraps and the answer \
         falls back to key 0, and at frame 37 a scrub sends it back from key 6 to key 1.",
    )
}

/// Two remainders of x by 4 on plain numbers: Rust's `%` (the sign of x) and
/// the one that is never negative.
fn remainders() -> String {
    let mut c = Canvas::new(700.0, 300.0, v(0.0, 0.0), v(1.0, 1.0));
    let titles = ["x % 4 in Rust (and C's fmod): the sign of x", "a remainder that is never negative"];
    for (panel, title) in titles.iter().enumerate() {
        let x0 = panel as f32 * 350.0;
        c.view(Rect { x: x0, y: 20.0, w: 350.0, h: 280.0 }, v(-9.0, -5.0), v(9.0, 5.0));
        c.text_px(v(x0 + 175.0, 24.0), title, 13.0, Anchor::Middle, ink::INK);
        let axis = Stroke::solid(ink::MUTED, 1.0);
        c.arrow(v(-8.8, 0.0), v(8.8, 0.0), axis);
        c.arrow(v(0.0, -4.8), v(0.0, 4.8), axis);
        c.label(v(8.8, 0.0), v(-2.0, 16.0), "x", 12.0, Anchor::End, ink::MUTED);
        for x in [-8.0_f32, -4.0, 4.0, 8.0] {
            c.line(v(x, -0.12), v(x, 0.12), axis);
            c.label(v(x, 0.0), v(0.0, 16.0), &format!("{x:.0}"), 11.0, Anchor::Middle, ink::MUTED);
        }
        for y in [-4.0_f32, 4.0] {
            c.line(v(-8.5, y), v(8.5, y), Stroke::dashed(ink::MUTED, 0.6));
            c.label(v(-8.5, y), v(-4.0, 4.0), &format!("{y:.0}"), 11.0, Anchor::End, ink::MUTED);
        }
        let color = if panel == 0 { ink::X } else { ink::Z };
        for a in [-8.0_f32, -4.0, 0.0, 4.0] {
            let truncated_negative = panel == 0 && a < 0.0;
            let (start, end) =
                if truncated_negative { (v(a, -4.0), v(a + 4.0, 0.0)) } else { (v(a, 0.0), v(a + 4.0, 4.0)) };
            c.line(start, end, Stroke::solid(color, 2.5));
            // The value taken at the segment's closed end, and the one it only approaches.
            let (closed, open) = if truncated_negative { (end, start) } else { (start, end) };
            c.dot(closed, 4.5, color);
            open_dot(&mut c, open, color);
        }
        // One worked value: x = -1.
        let r = if panel == 0 { -1.0 } else { 3.0 };
        c.line(v(-1.0, 0.0), v(-1.0, r), Stroke::dashed(ink::HIGHLIGHT, 1.5));
        c.dot(v(-1.0, r), 5.5, ink::HIGHLIGHT);
        let text = format!("x = -1 gives {r:.0}");
        let side = if panel == 0 { 1.0 } else { -1.0 };
        c.label(v(-5.0, 2.3 * side), v(0.0, 4.0), &text, 12.0, Anchor::Middle, ink::HIGHLIGHT);
        c.arrow(v(-3.4, 1.7 * side), v(-1.3, r + 0.4 * side), Stroke::solid(ink::HIGHLIGHT, 1.0));
    }
    c.finish(
        "The remainder of x by 4 for x from -8 to 8, two ways. Left, Rust's % (like C's fmod) keeps the sign of x: \
         -1 gives -1. Right, a remainder that is never negative: -1 gives 3. Both repeat every 4 and take 0 at \
         the multiples of 4; filled dots are values taken, open dots values only approached.",
    )
}

/// The cubic Hermite segment from value `a` with slope `ma` to value `b`
/// with slope `mb` over `gap` time units, at fraction `s`.
fn hermite(a: f32, ma: f32, b: f32, mb: f32, gap: f32, s: f32) -> f32 {
    let (s2, s3) = (s * s, s * s * s);
    (2.0 * s3 - 3.0 * s2 + 1.0) * a + (s3 - 2.0 * s2 + s) * gap * ma + (-2.0 * s3 + 3.0 * s2) * b + (s3 - s2) * gap * mb
}

/// Points of a Hermite segment between two times.
fn hermite_points(t0: f32, a: f32, ma: f32, t1: f32, b: f32, mb: f32, xs: f32) -> Vec<Vec2> {
    (0..=40)
        .map(|i| {
            let s = i as f32 / 40.0;
            v((t0 + s * (t1 - t0)) * xs, hermite(a, ma, b, mb, t1 - t0, s))
        })
        .collect()
}

/// One track's keys played three ways: STEP, LINEAR and CUBICSPLINE.
fn modes() -> String {
    let times = [0.0_f32, 2.0, 3.0, 6.0, 9.0];
    let values = [1.0_f32, 2.6, 2.2, 0.7, 2.0];
    // Slopes (value per time unit) for the cubic row, one per key.
    let slopes = [0.9_f32, 0.2, -0.6, -0.1, 0.6];
    let xs = 2.4; // world x per time unit, so the rows are wide
    let row_h = 125.0;
    let names = ["STEP", "LINEAR", "CUBICSPLINE"];
    let colors = [ink::X, ink::Y, ink::Z];
    let mut c = Canvas::new(700.0, 3.0 * row_h, v(0.0, 0.0), v(1.0, 1.0));
    for (row, (name, color)) in names.iter().zip(colors).enumerate() {
        let top = row as f32 * row_h;
        c.view(Rect { x: 0.0, y: top, w: 700.0, h: row_h }, v(-5.0, 0.3), v(22.4, 3.0));
        c.line(v(-0.3, 0.3), v(22.3, 0.3), Stroke::solid(ink::MUTED, 1.0));
        for &t in &times {
            c.line(v(t * xs, 0.3), v(t * xs, 2.9), Stroke::dashed(ink::MUTED, 0.6));
        }
        c.text_px(v(16.0, top + row_h * 0.5 + 5.0), name, 14.0, Anchor::Start, color);
        let stroke = Stroke::solid(color, 2.5);
        for i in 0..times.len() - 1 {
            let (t0, t1) = (times[i], times[i + 1]);
            match row {
                0 => {
                    c.line(v(t0 * xs, values[i]), v(t1 * xs, values[i]), stroke);
                    c.line(v(t1 * xs, values[i]), v(t1 * xs, values[i + 1]), Stroke::dashed(color, 1.0));
                    open_dot(&mut c, v(t1 * xs, values[i]), color);
                }
                1 => c.line(v(t0 * xs, values[i]), v(t1 * xs, values[i + 1]), stroke),
                _ => {
                    let pts = hermite_points(t0, values[i], slopes[i], t1, values[i + 1], slopes[i + 1], xs);
                    c.polyline(&pts, stroke);
                }
            }
        }
        for (&t, &value) in times.iter().zip(&values) {
            c.dot(v(t * xs, value), 5.5, ink::INK);
        }
        if row == 2 {
            for &t in &times {
                c.label(v(t * xs, 0.3), v(0.0, 14.0), &format!("{t:.0}"), 11.0, Anchor::Middle, ink::MUTED);
            }
        }
    }
    c.finish(
        "The same five keys (black dots, at times 0, 2, 3, 6 and 9) played three ways. STEP: the value stays flat \
         from each key to the next and jumps at the next key's time (an open dot is a value left just before the \
         jump). LINEAR: straight lines from key to key, with a corner at each key. CUBICSPLINE: a smooth curve \
         through the keys, shaped by each key's slopes.",
    )
}

/// One cubic Hermite piece between two keys and its tangents; the middle
/// key's in- and out-tangents differ, so the curve turns a corner there.
fn tangents() -> String {
    let keys = [(0.0_f32, 1.0_f32), (4.0, 3.0), (9.0, 1.0)];
    // (in-tangent, out-tangent) of each key, as slopes.
    let slopes = [(0.0_f32, 1.2_f32), (1.0, -1.2), (-0.2, 0.0)];
    let mut c = Canvas::new(700.0, 320.0, v(-1.6, -0.1), v(10.0, 3.7));
    for i in 0..2 {
        let ((t0, a), (t1, b)) = (keys[i], keys[i + 1]);
        let pts = hermite_points(t0, a, slopes[i].1, t1, b, slopes[i + 1].0, 1.0);
        c.polyline(&pts, Stroke::solid(ink::INK, 2.5));
    }
    // The same second piece with a flat out-tangent at k1, for comparison.
    let ((t0, a), (t1, b)) = (keys[1], keys[2]);
    c.polyline(&hermite_points(t0, a, 0.0, t1, b, slopes[2].0, 1.0), Stroke::dashed(ink::MUTED, 1.5));
    c.label(v(6.2, 2.9), v(0.0, -6.0), "k1's out-tangent flat instead", 12.0, Anchor::Start, ink::MUTED);
    // Tangent arrows: an in-tangent arrives at its key, an out-tangent leaves it.
    let len = 1.4;
    let arrows = [
        (0, false, ink::Z, "out-tangent of k0", v(-6.0, -4.0), Anchor::End),
        (1, true, ink::HIGHLIGHT, "in-tangent of k1", v(-6.0, 16.0), Anchor::End),
        (1, false, ink::Z, "out-tangent of k1", v(0.0, 40.0), Anchor::End),
        (2, true, ink::HIGHLIGHT, "in-tangent of k2", v(-10.0, 36.0), Anchor::Middle),
    ];
    for (k, incoming, color, text, offset, anchor) in arrows {
        let (t, value) = keys[k];
        let slope = if incoming { slopes[k].0 } else { slopes[k].1 };
        let d = v(1.0, slope).normalize() * len;
        let key = v(t, value);
        let (from, to) = if incoming { (key - d, key) } else { (key, key + d) };
        c.arrow(from, to, Stroke::solid(color, 2.5));
        let at = if incoming { from } else { to };
        c.label(at, offset, text, 12.0, anchor, color);
    }
    for (i, &(t, value)) in keys.iter().enumerate() {
        c.dot(v(t, value), 6.0, ink::INK);
        c.label(v(t, value), v(0.0, 22.0), &format!("k{i}"), 13.0, Anchor::Middle, ink::INK);
    }
    // The gap of the first piece.
    c.polyline(&[v(0.0, 0.35), v(0.0, 0.2), v(4.0, 0.2), v(4.0, 0.35)], Stroke::solid(ink::MUTED, 1.0));
    c.label(v(2.0, 0.2), v(0.0, 16.0), "one piece: k0 to k1", 12.0, Anchor::Middle, ink::MUTED);
    c.finish(
        "Three keys joined by two cubic Hermite pieces. Each piece starts along its first key's out-tangent (blue) \
         and arrives along its second key's in-tangent (orange). At k1 the two differ, so the curve turns a \
         corner; with a flat out-tangent at k1 (dashed) the second piece leaves k1 level instead.",
    )
}
