//! Lab 05's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Every figure shows its idea on a case of its own (2D vectors, other
//! angles than the grader's 160° and the demo's 150°), never a step's answer.

use super::Figure;
use super::kit::{Anchor, Canvas, Ortho, Rect, Stroke, ink};
use glam::{Quat, Vec2, Vec3};
use std::f32::consts::PI;

/// Lab 05's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "dot-2d", svg: dot_2d() },
        Figure { name: "double-cover", svg: double_cover() },
        Figure { name: "two-ways", svg: two_ways() },
        Figure { name: "chord-arc", svg: chord_arc() },
        Figure { name: "circle-point", svg: circle_point() },
        Figure { name: "opposite", svg: opposite() },
        Figure { name: "gimbal-lock", svg: gimbal_lock() },
    ]
}

/// The unit vector at `angle` radians from the x axis.
fn dir(angle: f32) -> Vec2 {
    Vec2::new(angle.cos(), angle.sin())
}

/// Degrees to radians.
fn rad(degrees: f32) -> f32 {
    degrees.to_radians()
}

/// An arc with an arrow head big enough to see (the kit's head is sized by
/// the last short segment of the arc).
fn arc_arrow(c: &mut Canvas, centre: Vec2, radius: f32, from: f32, to: f32, s: Stroke) {
    c.arc(centre, radius, from, to, s, false);
    let back = (14.0 / (radius * c.pixels_per_unit())).min((to - from).abs() * 0.5) * (to - from).signum();
    c.arrow(centre + dir(to - back) * radius, centre + dir(to) * radius, s);
}

/// A faint unit circle with its centre marked.
fn unit_circle(c: &mut Canvas) {
    c.arc(Vec2::ZERO, 1.0, 0.0, 2.0 * PI, Stroke::solid(ink::MUTED, 1.0), false);
    c.dot(Vec2::ZERO, 2.5, ink::MUTED);
}

/// The angle between two 2D unit vectors, read off their dot product.
fn dot_2d() -> String {
    let alt = "Two unit vectors in the plane, u at 70° and v at 15°: their dot product, 0.34·0.97 + 0.94·0.26 = \
               0.57, is the cosine of the 55° between them. Negating v makes it -0.57 and the angle 125°.";
    let mut c = Canvas::new(700.0, 340.0, Vec2::ZERO, Vec2::ONE);
    c.view(Rect { x: 0.0, y: 0.0, w: 360.0, h: 340.0 }, Vec2::new(-1.15, -0.55), Vec2::new(1.15, 1.2));
    unit_circle(&mut c);
    let (u, v) = (dir(rad(70.0)), dir(rad(15.0)));
    c.arc(Vec2::ZERO, 0.32, rad(15.0), rad(70.0), Stroke::solid(ink::HIGHLIGHT, 2.0), false);
    c.arc(Vec2::ZERO, 0.22, rad(70.0), rad(195.0), Stroke::dashed(ink::PURPLE, 1.5), false);
    c.arrow(Vec2::ZERO, u, Stroke::solid(ink::X, 2.5));
    c.arrow(Vec2::ZERO, v, Stroke::solid(ink::Z, 2.5));
    c.arrow(Vec2::ZERO, -v, Stroke::dashed(ink::Z, 1.5));
    c.label(u, Vec2::new(6.0, -4.0), "u", 15.0, Anchor::Start, ink::X);
    c.label(v, Vec2::new(8.0, 4.0), "v", 15.0, Anchor::Start, ink::Z);
    c.label(-v, Vec2::new(-8.0, 4.0), "−v", 15.0, Anchor::End, ink::Z);
    c.label(dir(rad(42.0)) * 0.32, Vec2::new(6.0, 0.0), "55°", 13.0, Anchor::Start, ink::HIGHLIGHT);
    c.label(dir(rad(130.0)) * 0.22, Vec2::new(-4.0, -6.0), "125°", 13.0, Anchor::End, ink::PURPLE);
    let lines: [(&str, &str); 7] = [
        ("u = (0.34, 0.94)    v = (0.97, 0.26)", ink::INK),
        ("", ink::INK),
        ("u·v = 0.34·0.97 + 0.94·0.26 = 0.57", ink::HIGHLIGHT),
        ("cos 55° = 0.57: the angle between them", ink::HIGHLIGHT),
        ("", ink::INK),
        ("u·(−v) = −0.57 = cos 125°", ink::PURPLE),
        ("negate one: the angle becomes 180° minus it", ink::PURPLE),
    ];
    for (i, (text, color)) in lines.iter().enumerate() {
        c.text_px(Vec2::new(370.0, 110.0 + 24.0 * i as f32), text, 14.0, Anchor::Start, color);
    }
    c.text_px(Vec2::new(370.0, 60.0), "The dot product of two unit vectors", 15.0, Anchor::Start, ink::INK);
    c.text_px(Vec2::new(370.0, 80.0), "is the cosine of the angle between them", 15.0, Anchor::Start, ink::INK);
    c.finish(alt)
}

/// A turn about one fixed axis as a point of a circle at half its angle:
/// turning a full extra turn lands on the opposite point.
fn double_cover() -> String {
    let alt = "One axis, every turn about it: the turn by φ is the point at φ/2 on a circle of quaternions. Going \
               once round the circle is two full turns, so a turn of 60° and one of 420° (the same pose) are \
               opposite points.";
    let mut c = Canvas::new(700.0, 400.0, Vec2::ZERO, Vec2::ONE);
    c.view(Rect { x: 0.0, y: 0.0, w: 410.0, h: 400.0 }, Vec2::new(-1.4, -1.3), Vec2::new(1.4, 1.3));
    // w along x, the component along the axis along y.
    let muted = Stroke::solid(ink::MUTED, 1.0);
    c.line(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0), muted);
    c.line(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0), muted);
    unit_circle(&mut c);
    for k in 0..8 {
        let turn = 90.0 * k as f32;
        let p = dir(rad(turn / 2.0));
        c.dot(p, 4.0, ink::INK);
        let out = dir(rad(turn / 2.0)) * 22.0;
        let anchor = if p.x > 0.3 {
            Anchor::Start
        } else if p.x < -0.3 {
            Anchor::End
        } else {
            Anchor::Middle
        };
        c.label(p, Vec2::new(out.x, -out.y + 4.0), &format!("{turn:.0}°"), 13.0, anchor, ink::INK);
    }
    let (p, q) = (dir(rad(30.0)), dir(rad(210.0)));
    c.line(p, q, Stroke::dashed(ink::HIGHLIGHT, 1.5));
    c.dot(p, 6.0, ink::HIGHLIGHT);
    c.dot(q, 6.0, ink::HIGHLIGHT);
    c.label(p, Vec2::new(10.0, 2.0), "60°", 14.0, Anchor::Start, ink::HIGHLIGHT);
    c.label(q, Vec2::new(-10.0, 2.0), "420°", 14.0, Anchor::End, ink::HIGHLIGHT);
    c.arc(Vec2::ZERO, 0.3, 0.0, rad(30.0), Stroke::solid(ink::HIGHLIGHT, 1.5), true);
    c.label(dir(rad(15.0)) * 0.3, Vec2::new(6.0, 0.0), "φ/2", 12.0, Anchor::Start, ink::HIGHLIGHT);
    let lines: [(&str, &str); 9] = [
        ("Each dot: a turn by φ about one axis,", ink::INK),
        ("drawn at φ/2 round the circle", ink::INK),
        ("(labels: the turn φ)", ink::MUTED),
        ("", ink::INK),
        ("across: w = cos(φ/2)", ink::MUTED),
        ("up: the part along the axis, sin(φ/2)", ink::MUTED),
        ("", ink::INK),
        ("once round the circle: two full turns", ink::INK),
        ("60° and 420°: one pose, opposite dots", ink::HIGHLIGHT),
    ];
    for (i, (text, color)) in lines.iter().enumerate() {
        c.text_px(Vec2::new(405.0, 110.0 + 22.0 * i as f32), text, 14.0, Anchor::Start, color);
    }
    c.finish(alt)
}

/// From one key to `q` or to `-q`: the two arcs on the sphere, and the two
/// turns of the joint they stand for.
fn two_ways() -> String {
    let alt = "Left, a slice of the quaternion sphere: from a, the arc to q is 50° and the arc to −q is 130°. Right, \
               what the joint does on each: a turn of 100° one way or of 260° the other way, to the same pose.";
    let mut c = Canvas::new(700.0, 360.0, Vec2::ZERO, Vec2::ONE);
    c.view(Rect { x: 0.0, y: 20.0, w: 350.0, h: 340.0 }, Vec2::new(-1.3, -1.25), Vec2::new(1.3, 1.25));
    unit_circle(&mut c);
    let start = rad(110.0);
    let (a, q) = (dir(start), dir(start - rad(50.0)));
    c.line(q, -q, Stroke::dashed(ink::MUTED, 1.0));
    arc_arrow(&mut c, Vec2::ZERO, 1.0, start - rad(3.0), start - rad(46.0), Stroke::solid(ink::Y, 4.0));
    arc_arrow(&mut c, Vec2::ZERO, 1.0, start + rad(3.0), start + rad(126.0), Stroke::solid(ink::X, 4.0));
    c.dot(a, 6.0, ink::INK);
    c.dot(q, 6.0, ink::Y);
    c.dot(-q, 6.0, ink::X);
    c.label(a, Vec2::new(-2.0, -12.0), "a", 15.0, Anchor::Middle, ink::INK);
    c.label(q, Vec2::new(10.0, 0.0), "q", 15.0, Anchor::Start, ink::Y);
    c.label(-q, Vec2::new(-10.0, 10.0), "−q", 15.0, Anchor::End, ink::X);
    c.label(dir(start - rad(25.0)) * 1.08, Vec2::new(4.0, -4.0), "50°", 13.0, Anchor::Start, ink::Y);
    c.label(dir(start + rad(65.0)) * 1.08, Vec2::new(-4.0, 0.0), "130°", 13.0, Anchor::End, ink::X);
    c.text_px(Vec2::new(175.0, 22.0), "On the sphere (a slice)", 15.0, Anchor::Middle, ink::INK);

    // The joint: an arm turned from 0° to 100°, either way round.
    c.view(Rect { x: 350.0, y: 20.0, w: 350.0, h: 340.0 }, Vec2::new(-1.3, -1.25), Vec2::new(1.3, 1.25));
    c.text_px(Vec2::new(525.0, 22.0), "What the joint does", 15.0, Anchor::Middle, ink::INK);
    let (from, to) = (rad(-30.0), rad(70.0));
    c.arrow(Vec2::ZERO, dir(from), Stroke::solid(ink::MUTED, 3.0));
    c.arrow(Vec2::ZERO, dir(to), Stroke::solid(ink::INK, 3.0));
    let gap = rad(5.0);
    arc_arrow(&mut c, Vec2::ZERO, 0.72, from + gap, to - gap, Stroke::solid(ink::Y, 3.0));
    arc_arrow(&mut c, Vec2::ZERO, 0.88, from - gap, to - 2.0 * PI + gap, Stroke::solid(ink::X, 3.0));
    c.dot(Vec2::ZERO, 4.0, ink::INK);
    c.label(dir(from), Vec2::new(8.0, 6.0), "pose a", 13.0, Anchor::Start, ink::MUTED);
    c.label(dir(to), Vec2::new(6.0, -2.0), "pose q = pose −q", 13.0, Anchor::Start, ink::INK);
    c.label(dir(rad(20.0)) * 0.72, Vec2::new(-6.0, 4.0), "100°", 13.0, Anchor::End, ink::Y);
    c.label(dir(rad(200.0)) * 0.88, Vec2::new(-6.0, 4.0), "260°", 13.0, Anchor::End, ink::X);
    c.finish(alt)
}

/// Equal steps along a chord, pushed out onto the circle, against equal
/// steps of angle.
fn chord_arc() -> String {
    let alt = "Two unit vectors 140° apart. Left: eight equal steps along the straight line between them (red), and \
               the direction of each seen from the centre (orange): the directions crowd near the ends and spread \
               in the middle, and the line's midpoint is only 0.34 long. Right: eight equal steps of angle (green).";
    let mut c = Canvas::new(700.0, 280.0, Vec2::ZERO, Vec2::ONE);
    let (u, v) = (dir(rad(20.0)), dir(rad(160.0)));
    let n = 8;
    for panel in 0..2 {
        let x = 350.0 * panel as f32;
        c.view(Rect { x, y: 30.0, w: 350.0, h: 250.0 }, Vec2::new(-1.2, -0.12), Vec2::new(1.2, 1.05));
        c.arc(Vec2::ZERO, 1.0, rad(-8.0), rad(188.0), Stroke::solid(ink::MUTED, 1.0), false);
        c.dot(Vec2::ZERO, 2.5, ink::MUTED);
        c.arrow(Vec2::ZERO, u, Stroke::solid(ink::INK, 2.0));
        c.arrow(Vec2::ZERO, v, Stroke::solid(ink::INK, 2.0));
        c.label(u, Vec2::new(10.0, 10.0), "u", 15.0, Anchor::Start, ink::INK);
        c.label(v, Vec2::new(-10.0, 10.0), "v", 15.0, Anchor::End, ink::INK);
        for i in 0..=n {
            let t = i as f32 / n as f32;
            if panel == 0 {
                let p = u.lerp(v, t);
                let on = p.normalize();
                c.line(Vec2::ZERO, on, Stroke::solid(ink::MUTED, 0.6));
                c.dot(p, 3.5, ink::X);
                c.dot(on, 5.0, ink::HIGHLIGHT);
            } else {
                c.dot(dir(rad(20.0 + 140.0 * t)), 5.0, ink::Y);
            }
        }
        if panel == 0 {
            c.line(u, v, Stroke::solid(ink::X, 1.5));
            let mid = u.lerp(v, 0.5);
            c.label(mid, Vec2::new(0.0, -8.0), "midpoint: 0.34 long", 12.0, Anchor::Middle, ink::X);
        }
    }
    c.text_px(
        Vec2::new(175.0, 24.0),
        "Equal steps on the line, seen from the centre",
        15.0,
        Anchor::Middle,
        ink::HIGHLIGHT,
    );
    c.text_px(Vec2::new(525.0, 24.0), "Equal steps of angle (17.5° each)", 15.0, Anchor::Middle, ink::Y);
    c.finish(alt)
}

/// The point at any angle on a circle through two unit vectors: a second,
/// perpendicular unit vector in their plane, built from the first two.
fn circle_point() -> String {
    let alt = "Two unit vectors e and f, 100° apart. f minus its part along e (which is cos 100° times e) is \
               perpendicular to e and sin 100° long; divided by that length it is g. Any point of the circle \
               is e·cos x + g·sin x: here x = 35°.";
    let mut c = Canvas::new(700.0, 360.0, Vec2::ZERO, Vec2::ONE);
    c.view(Rect { x: 0.0, y: 0.0, w: 400.0, h: 360.0 }, Vec2::new(-0.85, -0.3), Vec2::new(1.25, 1.2));
    c.arc(Vec2::ZERO, 1.0, rad(-15.0), rad(120.0), Stroke::solid(ink::MUTED, 1.0), false);
    c.dot(Vec2::ZERO, 2.5, ink::MUTED);
    let (e, f) = (dir(0.0), dir(rad(100.0)));
    let along = e * e.dot(f);
    let g = (f - along).normalize();
    let x = rad(35.0);
    let p = e * x.cos() + g * x.sin();
    c.line(e * x.cos(), p, Stroke::dashed(ink::HIGHLIGHT, 1.2));
    c.line(g * x.sin(), p, Stroke::dashed(ink::HIGHLIGHT, 1.2));
    c.arrow(Vec2::ZERO, e, Stroke::solid(ink::INK, 2.5));
    c.arrow(Vec2::ZERO, f, Stroke::solid(ink::Z, 2.5));
    c.arrow(Vec2::ZERO, g, Stroke::solid(ink::Y, 2.5));
    c.arrow(Vec2::ZERO, along, Stroke::solid(ink::Z, 2.0));
    c.arrow(along, f, Stroke::dashed(ink::Z, 1.5));
    c.arc(Vec2::ZERO, 0.3, 0.0, x, Stroke::solid(ink::HIGHLIGHT, 1.5), false);
    c.dot(p, 6.0, ink::HIGHLIGHT);
    c.label(e, Vec2::new(8.0, 16.0), "e", 15.0, Anchor::Start, ink::INK);
    c.label(f, Vec2::new(-8.0, 0.0), "f", 15.0, Anchor::End, ink::Z);
    c.label(g, Vec2::new(8.0, 4.0), "g", 15.0, Anchor::Start, ink::Y);
    c.label(along, Vec2::new(0.0, 18.0), "f's part along e", 12.0, Anchor::Middle, ink::Z);
    c.label(along.lerp(f, 0.5), Vec2::new(-8.0, 0.0), "f minus that part", 12.0, Anchor::End, ink::Z);
    c.label(p, Vec2::new(10.0, 0.0), "point at x", 13.0, Anchor::Start, ink::HIGHLIGHT);
    c.label(dir(x * 0.5) * 0.3, Vec2::new(6.0, 4.0), "x", 13.0, Anchor::Start, ink::HIGHLIGHT);
    let lines: [(&str, &str); 8] = [
        ("e·f = cos 100° = −0.17", ink::INK),
        ("f's part along e: (e·f)·e", ink::Z),
        ("f minus that part: perpendicular to e,", ink::Z),
        ("   sin 100° = 0.98 long", ink::Z),
        ("g: that, divided by its length", ink::Y),
        ("", ink::INK),
        ("any point of the circle:", ink::HIGHLIGHT),
        ("   e·cos x + g·sin x   (here x = 35°)", ink::HIGHLIGHT),
    ];
    for (i, (text, color)) in lines.iter().enumerate() {
        c.text_px(Vec2::new(400.0, 110.0 + 24.0 * i as f32), text, 14.0, Anchor::Start, color);
    }
    c.finish(alt)
}

/// Opposite directions: every half-circle from `a` to `-a` is as short as
/// any other.
fn opposite() -> String {
    let alt = "Two opposite directions a and −a on the unit sphere: every half-circle through both (five drawn) is \
               a shortest path from one to the other, and the straight line between them passes through the centre.";
    let cam = Ortho::new(0.5, 0.3);
    let mut c = Canvas::new(700.0, 360.0, Vec2::new(-1.9, -1.25), Vec2::new(1.9, 1.25));
    let ring = |normal_angle: f32| -> Vec<Vec2> {
        (0..=96)
            .map(|i| {
                let s = i as f32 / 96.0 * 2.0 * PI;
                let plane = Quat::from_rotation_y(normal_angle);
                cam.project(plane * Vec3::new(s.sin(), s.cos(), 0.0))
            })
            .collect()
    };
    // The outline and the equator, faint.
    c.arc(Vec2::ZERO, 1.0, 0.0, 2.0 * PI, Stroke::solid(ink::MUTED, 1.0), false);
    let equator: Vec<Vec2> = (0..=96)
        .map(|i| {
            let s = i as f32 / 96.0 * 2.0 * PI;
            cam.project(Vec3::new(s.cos(), 0.0, s.sin()))
        })
        .collect();
    c.polyline(&equator, Stroke::dashed(ink::MUTED, 1.0));
    let colors = [ink::X, ink::HIGHLIGHT, ink::Y, ink::Z, ink::PURPLE];
    for (k, color) in colors.iter().enumerate() {
        let pts = ring(k as f32 * PI / 5.0);
        // Only the half-circle on one side: from a (top) down to -a.
        c.polyline(&pts[..=48], Stroke::solid(color, 2.0));
    }
    let (a, b) = (cam.project(Vec3::Y), cam.project(-Vec3::Y));
    c.line(a, b, Stroke::dashed(ink::INK, 1.2));
    c.dot(Vec2::ZERO, 3.0, ink::INK);
    c.dot(a, 6.0, ink::INK);
    c.dot(b, 6.0, ink::INK);
    c.label(a, Vec2::new(0.0, -12.0), "a", 15.0, Anchor::Middle, ink::INK);
    c.label(b, Vec2::new(0.0, 22.0), "−a", 15.0, Anchor::Middle, ink::INK);
    c.label(Vec2::ZERO, Vec2::new(-8.0, 4.0), "centre", 12.0, Anchor::End, ink::INK);
    c.text_px(Vec2::new(24.0, 40.0), "Every half-circle from a to −a", 15.0, Anchor::Start, ink::INK);
    c.text_px(Vec2::new(24.0, 60.0), "is equally short: no plane", 15.0, Anchor::Start, ink::INK);
    c.text_px(Vec2::new(24.0, 80.0), "is \"the\" plane of a and −a", 15.0, Anchor::Start, ink::INK);
    c.text_px(Vec2::new(676.0, 300.0), "the straight line between", 14.0, Anchor::End, ink::INK);
    c.text_px(Vec2::new(676.0, 318.0), "them passes through the centre", 14.0, Anchor::End, ink::INK);
    c.finish(alt)
}

/// Three gimbal rings (Euler angles: yaw, pitch, roll): with the middle one
/// at 90° the inner ring's axis lies on the outer ring's.
fn gimbal_lock() -> String {
    let alt = "Euler angles as three nested rings, each turning about its own axis (outer red, middle green, inner \
               blue). Left: pitch 30°, three different axes. Right: pitch 90°: the inner axis lies on the outer \
               one, so two angles turn about the same axis and one way of turning is lost.";
    let cam = Ortho::new(0.65, 0.35);
    let mut c = Canvas::new(700.0, 380.0, Vec2::ZERO, Vec2::ONE);
    for (panel, pitch) in [(0, 30.0f32), (1, 90.0)] {
        let x = 350.0 * panel as f32;
        c.view(Rect { x, y: 30.0, w: 350.0, h: 350.0 }, Vec2::new(-1.3, -1.3), Vec2::new(1.3, 1.3));
        let yaw = Quat::from_rotation_y(rad(25.0));
        let middle = yaw * Quat::from_rotation_x(rad(pitch));
        // Each ring: its axis and a second direction spanning its plane.
        let rings = [
            (Vec3::Y, yaw * Vec3::X, 1.15, ink::X),
            (yaw * Vec3::X, middle * Vec3::Z, 0.95, ink::Y),
            (middle * Vec3::Z, middle * Vec3::Y, 0.75, ink::Z),
        ];
        for (axis, other, radius, color) in rings {
            let pts: Vec<Vec2> = (0..=96)
                .map(|i| {
                    let s = i as f32 / 96.0 * 2.0 * PI;
                    cam.project((axis * s.cos() + other * s.sin()) * radius)
                })
                .collect();
            c.polyline(&pts, Stroke::solid(color, 3.0));
            let (p, q) = (cam.project(axis * (radius + 0.12)), cam.project(-axis * (radius + 0.12)));
            c.line(p, q, Stroke::dashed(color, 1.5));
            c.dot(cam.project(axis * radius), 4.5, color);
            c.dot(cam.project(-axis * radius), 4.5, color);
        }
        let title = if panel == 0 { "pitch 30°: three axes" } else { "pitch 90°: inner axis = outer axis" };
        c.text_px(Vec2::new(x + 175.0, 26.0), title, 15.0, Anchor::Middle, ink::INK);
    }
    c.text_px(Vec2::new(12.0, 368.0), "outer (yaw)", 13.0, Anchor::Start, ink::X);
    c.text_px(Vec2::new(110.0, 368.0), "middle (pitch)", 13.0, Anchor::Start, ink::Y);
    c.text_px(Vec2::new(220.0, 368.0), "inner (roll)", 13.0, Anchor::Start, ink::Z);
    c.finish(alt)
}
