//! Lab 02's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Each shows one idea of the handout's Concepts on a case other than a
//! step's own (a 2D arm, a flag, a frame, a tray, units), so that no figure
//! is a step's answer.

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::{Affine2, Vec2};

/// Lab 02's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "arm-bind-target", svg: arm_bind_target() },
        Figure { name: "order-matters", svg: order_matters() },
        Figure { name: "undo-a-frame", svg: undo_a_frame() },
        Figure { name: "cup-on-tray", svg: cup_on_tray() },
        Figure { name: "convert-act-convert", svg: convert_act_convert() },
        Figure { name: "undo-two-steps", svg: undo_two_steps() },
    ]
}

const W: f32 = 700.0;

/// A 2D placement: turn by `angle`, then move to `at`.
fn place(angle: f32, at: Vec2) -> Affine2 {
    Affine2::from_angle_translation(angle, at)
}

/// A frame's two axes (X red, Y green) drawn from its origin, `len` long.
fn axes(c: &mut Canvas, f: Affine2, len: f32, width: f32) {
    let o = f.transform_point2(Vec2::ZERO);
    c.arrow(o, f.transform_point2(Vec2::X * len), Stroke::solid(ink::X, width));
    c.arrow(o, f.transform_point2(Vec2::Y * len), Stroke::solid(ink::Y, width));
}

/// A box of text in pixels, centred on `centre`, one line per entry.
fn text_box(c: &mut Canvas, centre: Vec2, size: Vec2, lines: &[&str], border: &'static str) {
    let r = Rect { x: centre.x - size.x * 0.5, y: centre.y - size.y * 0.5, w: size.x, h: size.y };
    c.rect_px(r, Stroke::solid(border, 1.5), ink::PAPER);
    let top = centre.y - (lines.len() as f32 - 1.0) * 9.0 + 5.0;
    for (i, line) in lines.iter().enumerate() {
        let colour = if i == 0 { ink::INK } else { ink::MUTED };
        c.text_px(Vec2::new(centre.x, top + i as f32 * 18.0), line, 13.0, Anchor::Middle, colour);
    }
}

/// An arrow between two pixel points, with a label above its middle.
fn arrow_px(c: &mut Canvas, a: Vec2, b: Vec2, text: &str, raise: f32, colour: &'static str) {
    // The canvas's arrows take world points: map pixels back through the view.
    let (o, s) = (c.px(Vec2::ZERO), c.pixels_per_unit());
    let world = |p: Vec2| Vec2::new((p.x - o.x) / s, (o.y - p.y) / s);
    c.arrow(world(a), world(b), Stroke::solid(colour, 2.0));
    let mid = (a + b) * 0.5;
    c.text_px(mid + Vec2::new(0.0, -raise), text, 12.0, Anchor::Middle, colour);
}

fn fmt2(p: Vec2) -> String {
    format!("({:.1}, {:.1})", p.x, p.y)
}

/// Bind and target pose of a two-bone arm, with the points attached to each
/// bone carried from one pose to the other.
fn arm_bind_target() -> String {
    let (upper, fore) = (1.2, 1.0);
    let world = |shoulder: f32, elbow: f32| {
        let u = place(shoulder, Vec2::ZERO);
        let f = u * place(elbow, Vec2::new(upper, 0.0));
        (u, f)
    };
    let (bind_u, bind_f) = world(0.0, 0.0);
    let (target_u, target_f) = world(0.6, 0.9);
    let skin = |len: f32, half: f32| -> Vec<Vec2> {
        [0.45, 0.9].iter().flat_map(|&t| [Vec2::new(t * len, half), Vec2::new(t * len, -half)]).collect()
    };
    let (skin_u, skin_f) = (skin(upper, 0.16), skin(fore, 0.13));

    let mut c = Canvas::new(W, 380.0, Vec2::new(-0.3, -0.45), Vec2::new(4.6, 2.05));
    c.text_px(
        Vec2::new(12.0, 22.0),
        "Each bone carries the points attached to it from the bind pose to the target pose",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    for (u, f, stroke, colour, name) in [
        (bind_u, bind_f, Stroke::dashed(ink::MUTED, 5.0), ink::MUTED, "bind pose"),
        (target_u, target_f, Stroke::solid(ink::Z, 5.0), ink::Z, "target pose"),
    ] {
        let (s, e, w) =
            (u.transform_point2(Vec2::ZERO), f.transform_point2(Vec2::ZERO), f.transform_point2(Vec2::X * fore));
        c.polyline(&[s, e, w], stroke);
        for p in [s, e, w] {
            c.dot(p, 5.0, colour);
        }
        let at = if name == "bind pose" { w } else { e };
        let off = if name == "bind pose" { Vec2::new(10.0, 4.0) } else { Vec2::new(12.0, 4.0) };
        c.label(at, off, name, 13.0, Anchor::Start, colour);
    }
    let carry = Stroke::solid(ink::HIGHLIGHT, 1.5);
    for (pts, (bind, target)) in [(&skin_u, (bind_u, target_u)), (&skin_f, (bind_f, target_f))] {
        for p in pts.iter() {
            let (a, b) = (bind.transform_point2(*p), target.transform_point2(*p));
            c.arrow(a, b, carry);
            c.dot(a, 3.0, ink::MUTED);
            c.dot(b, 3.0, ink::Z);
        }
    }
    let s = Vec2::ZERO;
    c.label(s, Vec2::new(-8.0, 20.0), "shoulder", 12.0, Anchor::Middle, ink::INK);
    c.label(bind_f.transform_point2(Vec2::ZERO), Vec2::new(0.0, 34.0), "elbow", 12.0, Anchor::Middle, ink::MUTED);
    c.label(target_f.transform_point2(Vec2::X * fore), Vec2::new(10.0, 0.0), "wrist", 12.0, Anchor::Start, ink::Z);
    let legend: [(&str, &'static str); 6] = [
        ("grey, dashed: the bind pose,", ink::MUTED),
        ("arm straight", ink::MUTED),
        ("blue: a target pose, shoulder", ink::Z),
        ("raised, elbow bent", ink::Z),
        ("orange: where each attached point goes;", ink::HIGHLIGHT),
        ("forearm points follow the shoulder too", ink::HIGHLIGHT),
    ];
    for (i, (text, colour)) in legend.iter().enumerate() {
        c.text_px(Vec2::new(405.0, 110.0 + i as f32 * 21.0), text, 13.0, Anchor::Start, colour);
    }
    c.finish(
        "A two-bone arm in its bind pose (grey, straight) and a target pose (blue, shoulder raised, elbow bent); \
         orange arrows carry each point attached to a bone from the first pose to the second, and the forearm's \
         points travel furthest because they also follow the shoulder.",
    )
}

/// A small flag: a pole from the origin along X with a triangle at its end.
fn flag() -> Vec<Vec2> {
    vec![Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.0, 0.6), Vec2::new(0.6, 0.3), Vec2::new(1.0, 0.3)]
}

fn draw_flag(c: &mut Canvas, m: Affine2, stroke: Stroke, fill: &str) {
    let pts: Vec<Vec2> = flag().iter().map(|p| m.transform_point2(*p)).collect();
    c.line(pts[0], pts[1], stroke);
    c.polygon(&pts[1..4], stroke, fill, 0.5);
    c.dot(pts[0], 3.5, stroke.color);
}

/// One turn and one move applied in both orders.
fn order_matters() -> String {
    let turn = Affine2::from_angle(std::f32::consts::FRAC_PI_2);
    let shift = Affine2::from_translation(Vec2::new(2.0, 0.0));
    let (min, max) = (Vec2::new(-1.3, -0.6), Vec2::new(3.4, 3.4));
    let mut c = Canvas::new(W, 330.0, min, max);
    let panels = [
        ("the flag F", None, "", Affine2::IDENTITY),
        ("turn 90°, then move (2, 0)", Some(turn), "T * R * F", shift * turn),
        ("move (2, 0), then turn 90°", Some(shift), "R * T * F", turn * shift),
    ];
    let pw = W / 3.0;
    for (i, (title, middle, formula, m)) in panels.iter().enumerate() {
        let r = Rect { x: i as f32 * pw, y: 30.0, w: pw, h: 300.0 };
        c.view(r, min, max);
        let grey = Stroke::solid(ink::MUTED, 1.0);
        c.line(Vec2::new(min.x, 0.0), Vec2::new(max.x, 0.0), grey);
        c.line(Vec2::new(0.0, min.y), Vec2::new(0.0, max.y), grey);
        for x in 1..=3 {
            c.label(Vec2::new(x as f32, 0.0), Vec2::new(0.0, 14.0), &x.to_string(), 10.0, Anchor::Middle, ink::MUTED);
        }
        c.text_px(Vec2::new(r.x + pw * 0.5, 22.0), title, 13.0, Anchor::Middle, ink::INK);
        if i > 0 {
            draw_flag(&mut c, Affine2::IDENTITY, Stroke::dashed(ink::MUTED, 1.5), "none");
            if let Some(first) = middle {
                draw_flag(&mut c, *first, Stroke::dashed(ink::PURPLE, 1.5), "none");
            }
            draw_flag(&mut c, *m, Stroke::solid(ink::HIGHLIGHT, 2.5), ink::HIGHLIGHT);
            c.text_px(Vec2::new(r.x + pw * 0.5, 318.0), formula, 13.0, Anchor::Middle, ink::HIGHLIGHT);
        } else {
            draw_flag(&mut c, *m, Stroke::solid(ink::INK, 2.5), ink::MUTED);
            c.text_px(
                Vec2::new(r.x + pw * 0.5, 318.0),
                "dashed purple: after the first step",
                11.0,
                Anchor::Middle,
                ink::PURPLE,
            );
        }
    }
    c.finish(
        "The same turn R (90° about the origin) and move T (2 along X) applied to a flag in the two orders: turning \
         first leaves the flag upright at x = 2, moving first swings it up to (0, 2). In a product the matrix \
         nearest the point acts first.",
    )
}

/// A frame in 2D, a point fixed in it, and the two ways between its
/// coordinates and the model's.
fn undo_a_frame() -> String {
    let frame = place(0.6, Vec2::new(3.0, 1.0));
    let local = Vec2::new(1.5, 1.0);
    let p = frame.transform_point2(local);
    let turn_only = Affine2::from_angle(-0.6).transform_point2(p);
    let mut c = Canvas::new(W, 380.0, Vec2::new(-0.6, -0.4), Vec2::new(6.2, 3.9));
    c.text_px(
        Vec2::new(12.0, 22.0),
        "One point, two sets of coordinates: the frame F's and the model's",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    axes(&mut c, Affine2::IDENTITY, 1.0, 2.0);
    c.label(Vec2::ZERO, Vec2::new(-6.0, 16.0), "model origin", 12.0, Anchor::Start, ink::MUTED);
    axes(&mut c, frame, 1.0, 2.5);
    let o = frame.transform_point2(Vec2::ZERO);
    c.label(o, Vec2::new(8.0, 16.0), "F's origin (3.0, 1.0), turned 34°", 12.0, Anchor::Start, ink::INK);
    // The point's coordinates along F's axes.
    let along = frame.transform_point2(Vec2::new(local.x, 0.0));
    c.polyline(&[o, along, p], Stroke::dashed(ink::Z, 1.5));
    c.label((o + along) * 0.5, Vec2::new(10.0, 14.0), "1.5 along F's X", 11.0, Anchor::Start, ink::Z);
    c.label((along + p) * 0.5, Vec2::new(8.0, 0.0), "1.0 along F's Y", 11.0, Anchor::Start, ink::Z);
    // The point's model coordinates.
    let guide = Stroke::dashed(ink::MUTED, 1.0);
    c.polyline(&[Vec2::new(p.x, 0.0), p, Vec2::new(0.0, p.y)], guide);
    c.dot(p, 6.0, ink::HIGHLIGHT);
    c.label(
        p,
        Vec2::new(-10.0, -10.0),
        &format!("model {}, in F (1.5, 1.0)", fmt2(p)),
        13.0,
        Anchor::End,
        ink::HIGHLIGHT,
    );
    // Undoing only the turn leaves the move in.
    c.circle(turn_only, 6.0, Stroke::solid(ink::X, 2.0), "none");
    c.label(
        turn_only,
        Vec2::new(0.0, 22.0),
        &format!("only the turn undone: {}, not F's (1.5, 1.0)", fmt2(turn_only)),
        12.0,
        Anchor::Middle,
        ink::X,
    );
    c.text_px(Vec2::new(12.0, 48.0), "F: from F's coordinates to the model's", 12.0, Anchor::Start, ink::MUTED);
    c.text_px(
        Vec2::new(12.0, 66.0),
        "the way back must undo the move as well as the turn",
        12.0,
        Anchor::Start,
        ink::MUTED,
    );
    c.finish(
        "A frame F, moved to (3, 1) and turned 34°, and a point 1.5 along F's X and 1.0 along its Y: the same point \
         has other coordinates in the model. Going back to F's coordinates must undo the whole placement; undoing \
         only the turn (red ring) leaves the move in.",
    )
}

/// A cup on a tray that moves: table space, the tray's space, table space.
fn cup_on_tray() -> String {
    let tray_a = place(0.0, Vec2::new(1.5, 0.4));
    let tray_b = place(0.5, Vec2::new(5.0, 1.2));
    let cup = Vec2::new(0.8, 0.5);
    let board = [Vec2::new(-1.0, -0.12), Vec2::new(1.0, -0.12), Vec2::new(1.0, 0.12), Vec2::new(-1.0, 0.12)];
    let cup_shape = [Vec2::new(0.6, 0.12), Vec2::new(1.0, 0.12), Vec2::new(1.05, 0.75), Vec2::new(0.55, 0.75)];
    let (min, max) = (Vec2::new(-0.2, -0.3), Vec2::new(7.0, 2.8));
    let mut c = Canvas::new(W, 420.0, min, max);
    c.view(Rect { x: 0.0, y: 20.0, w: W, h: 260.0 }, min, max);
    c.text_px(
        Vec2::new(12.0, 22.0),
        "A cup rides on a tray that moves from place A to place B",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    c.line(Vec2::new(min.x, -0.2), Vec2::new(max.x, -0.2), Stroke::solid(ink::MUTED, 1.0));
    c.label(Vec2::new(max.x, -0.2), Vec2::new(-4.0, 14.0), "table", 11.0, Anchor::End, ink::MUTED);
    for (tray, stroke, colour, name) in [
        (tray_a, Stroke::dashed(ink::MUTED, 1.5), ink::MUTED, "tray at A"),
        (tray_b, Stroke::solid(ink::Z, 2.0), ink::Z, "tray at B"),
    ] {
        let b: Vec<Vec2> = board.iter().map(|p| tray.transform_point2(*p)).collect();
        let k: Vec<Vec2> = cup_shape.iter().map(|p| tray.transform_point2(*p)).collect();
        c.polygon(&b, stroke, ink::PAPER, 1.0);
        c.polygon(&k, stroke, colour, 0.2);
        axes(&mut c, tray, 0.5, 1.5);
        c.dot(tray.transform_point2(cup), 4.0, colour);
        let at = tray.transform_point2(Vec2::new(-1.0, 0.0));
        c.label(at, Vec2::new(-6.0, 4.0), name, 12.0, Anchor::End, colour);
    }
    let (ca, cb) = (tray_a.transform_point2(cup), tray_b.transform_point2(cup));
    c.arrow(ca, cb, Stroke::solid(ink::HIGHLIGHT, 2.0));
    c.label(ca, Vec2::new(-40.0, -4.0), &fmt2(ca), 12.0, Anchor::End, ink::MUTED);
    c.label(cb, Vec2::new(22.0, -10.0), &fmt2(cb), 12.0, Anchor::Start, ink::Z);
    // The journey through the tray's space, as boxes.
    let y = 350.0;
    let size = Vec2::new(168.0, 58.0);
    let xs = [96.0, 350.0, 604.0];
    text_box(&mut c, Vec2::new(xs[0], y), size, &["table, tray at A", &format!("cup at {}", fmt2(ca))], ink::MUTED);
    text_box(&mut c, Vec2::new(xs[1], y), size, &["the tray's own space", &format!("cup at {}", fmt2(cup))], ink::INK);
    text_box(&mut c, Vec2::new(xs[2], y), size, &["table, tray at B", &format!("cup at {}", fmt2(cb))], ink::Z);
    let half = size.x * 0.5 + 4.0;
    arrow_px(&mut c, Vec2::new(xs[0] + half, y), Vec2::new(xs[1] - half, y), "undo A", 8.0, ink::HIGHLIGHT);
    arrow_px(&mut c, Vec2::new(xs[1] + half, y), Vec2::new(xs[2] - half, y), "place at B", 8.0, ink::HIGHLIGHT);
    c.text_px(
        Vec2::new(W * 0.5, 404.0),
        "the cup's coordinates on the tray never change",
        12.0,
        Anchor::Middle,
        ink::MUTED,
    );
    c.finish(
        "A cup sits on a tray; the tray moves from A to B and turns. To find the cup at B, go from the table's \
         coordinates at A into the tray's own (where the cup's coordinates never change), then out again with \
         the tray at B.",
    )
}

/// A point stored in centimetres moved by a motion known in metres.
fn convert_act_convert() -> String {
    let stored = Vec2::new(150.0, 40.0);
    let metres = stored * 0.01;
    let moved = metres + Vec2::new(0.5, 0.0);
    let back = moved * 100.0;
    let mut c = Canvas::new(W, 230.0, Vec2::ZERO, Vec2::ONE);
    c.text_px(
        Vec2::new(12.0, 22.0),
        "A motion known in metres, a point stored in centimetres",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    let size = Vec2::new(124.0, 58.0);
    let xs = [77.0, 259.0, 441.0, 623.0];
    let y = 100.0;
    let cm = |p: Vec2| format!("({:.0}, {:.0}) cm", p.x, p.y);
    let m = |p: Vec2| format!("({:.1}, {:.1}) m", p.x, p.y);
    text_box(&mut c, Vec2::new(xs[0], y), size, &["as stored", &cm(stored)], ink::MUTED);
    text_box(&mut c, Vec2::new(xs[1], y), size, &["in metres", &m(metres)], ink::INK);
    text_box(&mut c, Vec2::new(xs[2], y), size, &["moved", &m(moved)], ink::INK);
    text_box(&mut c, Vec2::new(xs[3], y), size, &["as stored again", &cm(back)], ink::Z);
    let half = size.x * 0.5 + 3.0;
    let labels = ["× 0.01", "+ (0.5, 0) m", "× 100"];
    for i in 0..3 {
        arrow_px(&mut c, Vec2::new(xs[i] + half, y), Vec2::new(xs[i + 1] - half, y), labels[i], 38.0, ink::HIGHLIGHT);
    }
    c.text_px(
        Vec2::new(W * 0.5, 175.0),
        "into the motion's units, the motion, back into the point's units:",
        13.0,
        Anchor::Middle,
        ink::INK,
    );
    c.text_px(
        Vec2::new(W * 0.5, 197.0),
        "skip the last conversion and the answer is right in the wrong units (2.0 for 200)",
        13.0,
        Anchor::Middle,
        ink::X,
    );
    c.finish(
        "A point stored in centimetres, (150, 40), moved by half a metre: convert it into metres, move it, and \
         convert the result back into centimetres, (200, 40). Without the last conversion the result is in the \
         wrong units.",
    )
}

/// Two steps done and undone in both orders: the undoing that works runs
/// the other way round.
fn undo_two_steps() -> String {
    let turn = Affine2::from_angle(std::f32::consts::FRAC_PI_2);
    let shift = Affine2::from_translation(Vec2::new(2.5, 0.5));
    let done = shift * turn;
    let (min, max) = (Vec2::new(-2.4, -3.3), Vec2::new(3.3, 2.3));
    let mut c = Canvas::new(W, 380.0, min, max);
    c.text_px(
        Vec2::new(12.0, 22.0),
        "Done: turn 90°, then move (2.5, 0.5). Two ways to undo it:",
        14.0,
        Anchor::Start,
        ink::INK,
    );
    let pw = W / 2.0;
    let panels = [
        ("move back, then turn back", shift.inverse(), turn.inverse(), ink::Y, "back at the start"),
        ("turn back, then move back", turn.inverse(), shift.inverse(), ink::X, "not the start"),
    ];
    for (i, (title, first, second, colour, verdict)) in panels.into_iter().enumerate() {
        let r = Rect { x: i as f32 * pw, y: 40.0, w: pw, h: 340.0 };
        c.view(r, min, max);
        c.text_px(Vec2::new(r.x + pw * 0.5, 50.0), title, 13.0, Anchor::Middle, colour);
        let grey = Stroke::solid(ink::MUTED, 1.0);
        c.line(Vec2::new(min.x, 0.0), Vec2::new(max.x, 0.0), grey);
        c.line(Vec2::new(0.0, min.y), Vec2::new(0.0, max.y), grey);
        draw_flag(&mut c, Affine2::IDENTITY, Stroke::dashed(ink::MUTED, 1.5), "none");
        c.label(Vec2::ZERO, Vec2::new(-6.0, -6.0), "start", 11.0, Anchor::End, ink::MUTED);
        draw_flag(&mut c, done, Stroke::solid(ink::HIGHLIGHT, 2.0), ink::HIGHLIGHT);
        c.label(done.transform_point2(Vec2::ZERO), Vec2::new(8.0, 12.0), "done", 11.0, Anchor::Start, ink::HIGHLIGHT);
        let half = first * done;
        let end = second * half;
        draw_flag(&mut c, half, Stroke::dashed(ink::PURPLE, 1.5), "none");
        draw_flag(&mut c, end, Stroke::solid(colour, 2.5), colour);
        let tip = |m: Affine2| m.transform_point2(Vec2::new(1.0, 0.6));
        c.arrow(tip(done), tip(half), Stroke::dashed(ink::PURPLE, 1.2));
        c.arrow(tip(half), tip(end), Stroke::dashed(colour, 1.2));
        c.label(tip(half), Vec2::new(-10.0, 4.0), "1.", 12.0, Anchor::End, ink::PURPLE);
        c.label(
            end.transform_point2(Vec2::new(0.5, 0.0)),
            Vec2::new(0.0, 30.0),
            &format!("2. {verdict}"),
            12.0,
            Anchor::Middle,
            colour,
        );
    }
    c.finish(
        "A flag is turned 90° and then moved by (2.5, 0.5). Moving back and then turning back returns it to the \
         start (left, green); turning back first and then moving back leaves it elsewhere (right, red): undoing \
         two steps takes the last one back first.",
    )
}
