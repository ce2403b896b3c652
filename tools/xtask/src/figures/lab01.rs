//! Lab 01's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Every figure is drawn in 2D, on cases other than the graders' (other
//! numbers, other joints), so that none of them is a step's answer: the
//! student reads the principle off the picture and works the step out.

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::{Affine2, Vec2};

/// Lab 01's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "local-and-world", svg: local_and_world() },
        Figure { name: "orders-of-three", svg: orders_of_three() },
        Figure { name: "fourth-coordinate", svg: fourth_coordinate() },
        Figure { name: "frame-of-a-matrix", svg: frame_of_a_matrix() },
        Figure { name: "reparent", svg: reparent() },
    ]
}

fn deg(d: f32) -> f32 {
    d.to_radians()
}

/// A placement in 2D: move by `t` after turning by `angle` degrees (no scale).
fn place(t: [f32; 2], angle: f32) -> Affine2 {
    Affine2::from_angle_translation(deg(angle), Vec2::from(t))
}

fn pair(p: Vec2) -> String {
    // No "-0.0": a coordinate that rounds to zero is written 0.0.
    let tidy = |v: f32| if v.abs() < 0.05 { 0.0 } else { v };
    format!("({:.1}, {:.1})", tidy(p.x), tidy(p.y))
}

/// A joint's frame: its X (red) and Y (green) axes, `len` world units long,
/// and a dot at its origin.
fn frame(c: &mut Canvas, m: &Affine2, len: f32, width: f32) {
    let o = m.transform_point2(Vec2::ZERO);
    c.arrow(o, o + m.transform_vector2(Vec2::X).normalize() * len, Stroke::solid(ink::X, width));
    c.arrow(o, o + m.transform_vector2(Vec2::Y).normalize() * len, Stroke::solid(ink::Y, width));
    c.dot(o, 4.5, ink::INK);
}

/// The model's own axes at the origin, long and grey.
fn model_axes(c: &mut Canvas, x_len: f32, y_len: f32) {
    let axis = Stroke::solid(ink::MUTED, 1.2);
    c.arrow(Vec2::ZERO, Vec2::new(x_len, 0.0), axis);
    c.arrow(Vec2::ZERO, Vec2::new(0.0, y_len), axis);
    c.label(Vec2::new(x_len, 0.0), Vec2::new(-2.0, 16.0), "model X", 12.0, Anchor::End, ink::MUTED);
    c.label(Vec2::new(0.0, y_len), Vec2::new(6.0, 4.0), "model Y", 12.0, Anchor::Start, ink::MUTED);
    c.label(Vec2::ZERO, Vec2::new(-6.0, 16.0), "model origin", 12.0, Anchor::Start, ink::MUTED);
}

/// A chain of three nodes: each local offset is measured along its parent's
/// own (turned) axes; the world frames are where they end up in model space.
fn local_and_world() -> String {
    let root = place([0.8, 0.5], 15.0);
    let a_local = place([1.6, 1.0], 35.0);
    let b_local = place([1.5, 0.0], -60.0);
    let a = root * a_local;
    let b = a * b_local;
    let (r0, a0, b0) = (root.translation, a.translation, b.translation);
    let (lo, hi) = (Vec2::new(-0.4, -0.3), Vec2::new(4.6, 3.6));
    let mut c = Canvas::new(700.0, 440.0, lo, hi);
    c.view(Rect { x: 0.0, y: 0.0, w: 700.0, h: 380.0 }, lo, hi);
    model_axes(&mut c, 4.4, 3.4);
    // The root's frame as a faint grid up to A: "its parent's space" for A.
    let grid = Stroke::dashed(ink::MUTED, 0.8);
    for k in 0..=2 {
        let s = k as f32 * 0.5;
        c.line(root.transform_point2(Vec2::new(0.0, s)), root.transform_point2(Vec2::new(1.6, s)), grid);
    }
    for k in 0..=4 {
        let s = k as f32 * 0.4;
        c.line(root.transform_point2(Vec2::new(s, 0.0)), root.transform_point2(Vec2::new(s, 1.0)), grid);
    }
    // A's local offset, as steps along the root's axes.
    let along_x = root.transform_point2(Vec2::new(1.6, 0.0));
    c.arrow(r0, along_x, Stroke::solid(ink::X, 2.5));
    c.arrow(along_x, a0, Stroke::solid(ink::Y, 2.5));
    c.label((r0 + along_x) * 0.5, Vec2::new(10.0, 18.0), "1.6 along R's X", 12.0, Anchor::Start, ink::X);
    c.label((along_x + a0) * 0.5, Vec2::new(10.0, 6.0), "1.0 along R's Y", 12.0, Anchor::Start, ink::Y);
    // Bones.
    let bone = Stroke::solid(ink::INK, 3.0);
    c.line(r0, a0, bone);
    c.line(a0, b0, bone);
    frame(&mut c, &root, 0.45, 2.0);
    frame(&mut c, &a, 0.45, 2.0);
    frame(&mut c, &b, 0.45, 2.0);
    c.label(r0, Vec2::new(-10.0, 4.0), "root R", 13.0, Anchor::End, ink::INK);
    c.label(r0, Vec2::new(-10.0, 20.0), &format!("model space: {}", pair(r0)), 12.0, Anchor::End, ink::MUTED);
    c.label(a0, Vec2::new(12.0, 16.0), "A", 13.0, Anchor::Start, ink::INK);
    c.label(a0, Vec2::new(-34.0, -2.0), &format!("model space: {}", pair(a0)), 12.0, Anchor::End, ink::MUTED);
    c.label(b0, Vec2::new(14.0, 20.0), "B", 13.0, Anchor::Start, ink::INK);
    c.label(b0, Vec2::new(14.0, 36.0), &format!("model space: {}", pair(b0)), 12.0, Anchor::Start, ink::MUTED);
    let notes = [
        ("A's local transform: offset (1.6, 1.0) and a turn of 35°, both read in R's frame (dashed grid)", ink::INK),
        ("B's local transform: offset (1.5, 0.0) and a turn of -60°, both read in A's frame", ink::INK),
        ("red, green: each node's own X and Y axes, as its world frame places them", ink::MUTED),
    ];
    for (k, (text, color)) in notes.iter().enumerate() {
        c.text_px(Vec2::new(20.0, 392.0 + 17.0 * k as f32), text, 13.0, Anchor::Start, color);
    }
    c.finish(
        "A chain of three nodes R, A, B in 2D. A's local offset (1.6, 1.0) is measured along R's own turned axes \
         (the dashed grid), not along the model's; B's is measured along A's. Each node's world frame is where it \
         ends up in model space.",
    )
}

/// One of the six orders of scale, turn and move, as the operations applied
/// to a point one after another.
#[derive(Clone, Copy)]
enum Op {
    Scale,
    Turn,
    Move,
}

const SCALE: Vec2 = Vec2::new(1.6, 1.0);
const TURN: f32 = 90.0;
const MOVE: Vec2 = Vec2::new(1.5, 0.5);

fn apply(op: Op, p: Vec2) -> Vec2 {
    match op {
        Op::Scale => p * SCALE,
        Op::Turn => Vec2::from_angle(deg(TURN)).rotate(p),
        Op::Move => p + MOVE,
    }
}

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Scale => "scale",
        Op::Turn => "turn",
        Op::Move => "move",
    }
}

fn op_color(op: Op) -> &'static str {
    match op {
        Op::Scale => ink::PURPLE,
        Op::Turn => ink::Z,
        Op::Move => ink::HIGHLIGHT,
    }
}

/// What a small flag goes through under each of the six orders of the same
/// three operations: each panel says the order in words, none is marked.
fn orders_of_three() -> String {
    let flag = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 0.6),
        Vec2::new(0.35, 0.6),
        Vec2::new(0.35, 1.0),
        Vec2::new(0.0, 1.0),
    ];
    let tip = Vec2::new(1.0, 0.0);
    use Op::{Move, Scale, Turn};
    let orders = [
        [Scale, Turn, Move],
        [Scale, Move, Turn],
        [Turn, Scale, Move],
        [Turn, Move, Scale],
        [Move, Scale, Turn],
        [Move, Turn, Scale],
    ];
    let through = |order: &[Op; 3], p: Vec2| order.iter().fold(p, |q, &op| apply(op, q));
    // One world box for every panel, so that the panels compare: every end
    // flag, and every point of the tip's path, arcs included.
    let (mut lo, mut hi) = (Vec2::splat(-0.3), Vec2::splat(1.2));
    let mut grow = |q: Vec2| {
        lo = lo.min(q);
        hi = hi.max(q);
    };
    for order in &orders {
        for &p in &flag {
            grow(through(order, p));
        }
        let mut p = tip;
        for &op in order {
            if let Op::Turn = op {
                for k in 0..=12 {
                    grow(Vec2::from_angle(deg(TURN) * k as f32 / 12.0).rotate(p));
                }
            }
            p = apply(op, p);
            grow(p);
        }
    }
    let (lo, hi) = (lo - Vec2::splat(0.1), hi + Vec2::new(0.6, 0.3));
    let (w, h) = (700.0, 500.0);
    let top = 46.0;
    let mut c = Canvas::new(w, h, lo, hi);
    c.text_px(
        Vec2::new(w * 0.5, 18.0),
        "the same three operations in six orders: scale (1.6, 1), a quarter turn, a move by (1.5, 0.5)",
        13.0,
        Anchor::Middle,
        ink::INK,
    );
    let mut legend = w * 0.5 - 170.0;
    for (op, name) in [(Scale, "scale: a straight push"), (Turn, "turn: an arc about the origin"), (Move, "move")] {
        c.rect_px(Rect { x: legend, y: 29.0, w: 18.0, h: 4.0 }, Stroke::solid(op_color(op), 0.0), op_color(op));
        c.text_px(Vec2::new(legend + 24.0, 35.0), name, 12.0, Anchor::Start, ink::INK);
        legend += 24.0 + 7.0 * name.len() as f32 + 16.0;
    }
    let (pw, ph) = (w / 3.0, (h - top) / 2.0);
    for (k, order) in orders.iter().enumerate() {
        let r = Rect { x: (k % 3) as f32 * pw, y: top + (k / 3) as f32 * ph, w: pw, h: ph };
        c.rect_px(
            Rect { x: r.x + 3.0, y: r.y + 3.0, w: r.w - 6.0, h: r.h - 6.0 },
            Stroke::solid(ink::MUTED, 0.8),
            "none",
        );
        c.view(Rect { x: r.x, y: r.y + 18.0, w: r.w, h: r.h - 18.0 }, lo, hi);
        let axis = Stroke::solid(ink::MUTED, 0.8);
        c.line(Vec2::new(lo.x, 0.0), Vec2::new(hi.x, 0.0), axis);
        c.line(Vec2::new(0.0, lo.y), Vec2::new(0.0, hi.y), axis);
        c.polygon(&flag, Stroke::dashed(ink::MUTED, 1.0), "none", 0.0);
        let end: Vec<Vec2> = flag.iter().map(|&p| through(order, p)).collect();
        c.polygon(&end, Stroke::solid(ink::INK, 1.5), ink::PAPER, 1.0);
        // The tip's path, one coloured stroke per operation.
        let mut p = tip;
        for &op in order {
            let q = apply(op, p);
            let s = Stroke::solid(op_color(op), 2.2);
            match op {
                Op::Turn => {
                    let from = p.y.atan2(p.x);
                    c.arc(Vec2::ZERO, p.length(), from, from + deg(TURN), s, true);
                }
                _ => c.arrow(p, q, s),
            }
            p = q;
        }
        c.dot(tip, 3.5, ink::INK);
        c.dot(p, 4.5, ink::INK);
        let (offset, anchor) =
            if p.x < 0.0 { (Vec2::new(-6.0, -6.0), Anchor::End) } else { (Vec2::new(6.0, -6.0), Anchor::Start) };
        c.label(p, offset, &pair(p), 11.0, anchor, ink::INK);
        let words = order.map(op_name).join(", then ");
        c.text_px(Vec2::new(r.x + r.w * 0.5, r.y + 20.0), &words, 13.0, Anchor::Middle, ink::INK);
    }
    c.finish(
        "One flag (dashed) and one point of it, (1, 0), taken through the same scale, quarter turn and move in \
         each of the six possible orders. The point's path is drawn one operation at a time: every order ends \
         somewhere else, and a turn swings whatever has already moved about the origin.",
    )
}

/// One 2D matrix applied to the same (1, 0) with four values of the extra
/// coordinate w: the turn is the same, the move counts w times.
fn fourth_coordinate() -> String {
    let m = place([3.0, 1.0], 90.0);
    let turned = m.transform_vector2(Vec2::X);
    let step = m.translation;
    let ws = [0.0_f32, 0.5, 1.0, 2.0];
    let mut c = Canvas::new(700.0, 340.0, Vec2::new(-1.6, -0.5), Vec2::new(7.4, 3.6));
    let axis = Stroke::solid(ink::MUTED, 1.0);
    c.arrow(Vec2::new(-0.5, 0.0), Vec2::new(7.2, 0.0), axis);
    c.arrow(Vec2::new(0.0, -0.5), Vec2::new(0.0, 3.4), axis);
    c.label(Vec2::new(7.2, 0.0), Vec2::new(0.0, 16.0), "x", 12.0, Anchor::End, ink::MUTED);
    c.label(Vec2::new(0.0, 3.4), Vec2::new(8.0, 4.0), "y", 12.0, Anchor::Start, ink::MUTED);
    c.dot(Vec2::X, 5.0, ink::Z);
    c.label(Vec2::X, Vec2::new(0.0, 18.0), "(1, 0) with any w", 12.0, Anchor::Middle, ink::Z);
    c.arc(Vec2::ZERO, 1.0, 0.15, deg(90.0) - 0.15, Stroke::solid(ink::Z, 1.8), true);
    c.label(Vec2::new(0.75, 0.75), Vec2::new(6.0, -4.0), "the turn", 12.0, Anchor::Start, ink::Z);
    for (k, &w) in ws.iter().enumerate() {
        let out = turned + step * w;
        if w > 0.0 {
            c.arrow(turned, out, Stroke::dashed(ink::HIGHLIGHT, 1.6));
        }
        c.dot(out, 5.5, ink::INK);
        let text = format!("w = {}: {}", if w == 0.5 { "0.5".to_string() } else { format!("{w:.0}") }, pair(out));
        let offset = if k == 0 { Vec2::new(-12.0, -8.0) } else { Vec2::new(10.0, 18.0) };
        c.label(out, offset, &text, 13.0, if k == 0 { Anchor::End } else { Anchor::Start }, ink::INK);
    }
    c.text_px(
        Vec2::new(690.0, 24.0),
        "one 2D matrix M (a quarter turn, then a move by (3, 1)) applied to (1, 0, w)",
        13.0,
        Anchor::End,
        ink::INK,
    );
    c.text_px(
        Vec2::new(690.0, 42.0),
        "orange, dashed: how much of the move (3, 1) each w lets through",
        12.0,
        Anchor::End,
        ink::HIGHLIGHT,
    );
    c.finish(
        "One 2D matrix, a quarter turn then a move by (3, 1), applied to (1, 0, w) for w = 0, 0.5, 1 and 2. \
         Every result is turned the same way; the move is added w times, from not at all to twice.",
    )
}

/// A 2D matrix carries the model's own little frame (origin, unit X, unit
/// Y, the unit square) to a joint's frame, stretched and turned.
fn frame_of_a_matrix() -> String {
    let m = Affine2::from_scale_angle_translation(Vec2::new(1.5, 0.7), deg(35.0), Vec2::new(3.2, 0.9));
    let square = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
    let carried: Vec<Vec2> = square.iter().map(|&p| m.transform_point2(p)).collect();
    let (o, x_tip, y_tip) = (carried[0], carried[1], carried[3]);
    let mut c = Canvas::new(700.0, 360.0, Vec2::new(-0.7, -0.6), Vec2::new(5.4, 2.9));
    let axis = Stroke::solid(ink::MUTED, 1.0);
    c.line(Vec2::new(-0.5, 0.0), Vec2::new(5.3, 0.0), axis);
    c.line(Vec2::new(0.0, -0.5), Vec2::new(0.0, 2.8), axis);
    // The model's own frame.
    c.polygon(&square, Stroke::solid(ink::MUTED, 1.0), ink::PAPER, 1.0);
    c.arrow(Vec2::ZERO, Vec2::X, Stroke::solid(ink::X, 2.5));
    c.arrow(Vec2::ZERO, Vec2::Y, Stroke::solid(ink::Y, 2.5));
    c.dot(Vec2::ZERO, 5.0, ink::INK);
    c.label(Vec2::ZERO, Vec2::new(-8.0, 18.0), "origin (0, 0)", 12.0, Anchor::Start, ink::INK);
    c.label(Vec2::X, Vec2::new(4.0, -6.0), "unit X", 12.0, Anchor::Start, ink::X);
    c.label(Vec2::Y, Vec2::new(-6.0, -6.0), "unit Y", 12.0, Anchor::End, ink::Y);
    // The carried frame.
    c.polygon(&carried, Stroke::solid(ink::INK, 1.2), ink::PAPER, 1.0);
    c.arrow(o, x_tip, Stroke::solid(ink::X, 2.5));
    c.arrow(o, y_tip, Stroke::solid(ink::Y, 2.5));
    c.dot(o, 5.0, ink::INK);
    c.label(o, Vec2::new(6.0, 18.0), &format!("the origin lands at {}", pair(o)), 12.0, Anchor::Start, ink::INK);
    let x_len = (x_tip - o).length();
    let y_len = (y_tip - o).length();
    c.label(x_tip, Vec2::new(8.0, 4.0), &format!("X lands {:.1} long", x_len), 12.0, Anchor::Start, ink::X);
    c.label(y_tip, Vec2::new(-8.0, -4.0), &format!("Y lands {:.1} long", y_len), 12.0, Anchor::End, ink::Y);
    // What carries it.
    c.arrow(Vec2::new(1.3, 0.5), Vec2::new(2.8, 0.5), Stroke::dashed(ink::MUTED, 1.4));
    c.label(Vec2::new(2.05, 0.5), Vec2::new(0.0, -10.0), "the matrix", 13.0, Anchor::Middle, ink::INK);
    c.text_px(
        Vec2::new(690.0, 24.0),
        "a 2D matrix with a scale of (1.5, 0.7), a turn of 35° and a move of (3.2, 0.9)",
        13.0,
        Anchor::End,
        ink::INK,
    );
    c.finish(
        "A 2D matrix carries the model's own frame (the origin, the unit X and Y arrows, the unit square) to a \
         joint's frame: the origin lands at the joint, and the carried arrows are the joint's axes, turned and \
         with the lengths the scale gave them.",
    )
}

/// Moving joint J from parent A to parent B without moving it: its frame in
/// model space stays, its local transform (offset and turn in the parent's
/// frame) changes.
fn reparent() -> String {
    let a = place([1.2, 0.5], 25.0);
    let b = place([-0.6, 1.9], -50.0);
    let j = place([2.3, 2.4], 10.0);
    let (w, h) = (700.0, 380.0);
    let lo = Vec2::new(-1.2, -0.4);
    let hi = Vec2::new(3.2, 3.1);
    let mut c = Canvas::new(w, h, lo, hi);
    let panels = [("before: J hangs under A", a, "A"), ("after: J hangs under B, its frame unchanged", b, "B")];
    for (k, (title, parent, name)) in panels.iter().enumerate() {
        let r = Rect { x: k as f32 * w * 0.5, y: 0.0, w: w * 0.5, h };
        c.rect_px(Rect { x: r.x + 3.0, y: 3.0, w: r.w - 6.0, h: h - 6.0 }, Stroke::solid(ink::MUTED, 0.8), "none");
        c.text_px(Vec2::new(r.x + r.w * 0.5, 24.0), title, 13.0, Anchor::Middle, ink::INK);
        c.view(Rect { x: r.x, y: r.y + 40.0, w: r.w, h: r.h - 70.0 }, lo, hi);
        let axis = Stroke::solid(ink::MUTED, 0.8);
        c.line(Vec2::new(lo.x, 0.0), Vec2::new(hi.x, 0.0), axis);
        c.line(Vec2::new(0.0, lo.y), Vec2::new(0.0, hi.y), axis);
        let root = Vec2::ZERO;
        let bone = Stroke::solid(ink::INK, 2.5);
        let faint = Stroke::solid(ink::MUTED, 2.0);
        for (p, is_parent) in [(a, *name == "A"), (b, *name == "B")] {
            c.line(root, p.translation, if is_parent { bone } else { faint });
        }
        c.line(parent.translation, j.translation, Stroke::solid(ink::HIGHLIGHT, 3.0));
        c.dot(root, 4.5, ink::INK);
        c.label(root, Vec2::new(-6.0, 16.0), "root", 12.0, Anchor::End, ink::INK);
        frame(&mut c, &a, 0.45, 1.8);
        frame(&mut c, &b, 0.45, 1.8);
        frame(&mut c, &j, 0.45, 2.2);
        c.label(a.translation, Vec2::new(8.0, 16.0), "A", 13.0, Anchor::Start, ink::INK);
        c.label(b.translation, Vec2::new(-8.0, -4.0), "B", 13.0, Anchor::End, ink::INK);
        c.label(j.translation, Vec2::new(8.0, -8.0), "J", 13.0, Anchor::Start, ink::HIGHLIGHT);
        let local = parent.inverse() * j;
        let angle = local.matrix2.x_axis.y.atan2(local.matrix2.x_axis.x).to_degrees();
        c.text_px(
            Vec2::new(r.x + r.w * 0.5, h - 32.0),
            &format!("J's local, in {name}'s frame: offset {}", pair(local.translation)),
            12.0,
            Anchor::Middle,
            ink::INK,
        );
        c.text_px(
            Vec2::new(r.x + r.w * 0.5, h - 14.0),
            &format!("and a turn of {angle:.0}°; J in model space: {}", pair(j.translation)),
            12.0,
            Anchor::Middle,
            ink::INK,
        );
    }
    c.finish(
        "Joint J moved from parent A to parent B without moving: its frame in model space is the same in both \
         panels, but its local offset and turn, read in the new parent's frame, are different numbers.",
    )
}
