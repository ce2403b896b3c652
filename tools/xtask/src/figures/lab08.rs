//! Lab 08's handout figures (`lab08_inverse_kinematics/figures/`): see
//! `super::kit`. Each shows one idea on a case of its own (other lengths,
//! other angles, another kind of problem), never a step's own answer.

use super::Figure;
use super::kit::{Anchor, Canvas, Ortho, Rect, Stroke, ink};
use glam::{Quat, Vec2, Vec3};
use std::f32::consts::{PI, TAU};

/// Lab 08's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "leg-triangle", svg: leg_triangle() },
        Figure { name: "near-full-stretch", svg: near_full_stretch() },
        Figure { name: "coordinate-descent", svg: coordinate_descent() },
        Figure { name: "drag-a-chain", svg: drag_a_chain() },
        Figure { name: "turning-loops", svg: turning_loops() },
        Figure { name: "legs-on-a-step", svg: legs_on_a_step() },
    ]
}

/// A polyline through 3D points seen by `cam`.
fn polyline3(c: &mut Canvas, cam: &Ortho, pts: &[Vec3], s: Stroke) {
    let flat: Vec<Vec2> = pts.iter().map(|p| cam.project(*p)).collect();
    c.polyline(&flat, s);
}

/// An arm of two bones (0.5 and 0.4) reaching a target 0.7 away: the
/// triangle, the circle every knee position of that triangle lies on, and
/// the plane the pole picks.
fn leg_triangle() -> String {
    let cam = Ortho::new(-0.9, 0.8);
    let (a, b) = (0.5f32, 0.4f32);
    let s = Vec3::ZERO;
    let t = Vec3::new(0.25, -0.62, 0.12).normalize() * 0.7;
    let d = (t - s).length();
    let u = (t - s) / d;
    let pole = Vec3::new(-0.05, -0.3, 0.75);
    let n = (pole - s).reject_from(u).normalize();
    let side = u.cross(n);
    // The knee's foot on the line and its distance off it.
    let x = (a * a - b * b + d * d) / (2.0 * d);
    let h = (a * a - x * x).sqrt();
    let centre = s + u * x;
    let knee = centre + n * h;
    let p2 = |p: Vec3| cam.project(p);
    // The plane of hip, target and pole.
    let reach = (pole - s).dot(n) + 0.08;
    let quad = [s - u * 0.06 - n * 0.08, t + u * 0.06 - n * 0.08, t + u * 0.06 + n * reach, s - u * 0.06 + n * reach];
    let quad: Vec<Vec2> = quad.iter().map(|p| p2(*p)).collect();
    let (lo, hi) =
        quad.iter().fold((Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let mut c = Canvas::new(700.0, 420.0, lo - Vec2::new(0.3, 0.0), hi + Vec2::new(0.3, 0.0));
    c.polygon(&quad, Stroke::solid(ink::Z, 1.0), ink::Z, 0.1);
    // Every knee position that makes the same triangle.
    let ring: Vec<Vec3> = (0..=96)
        .map(|i| {
            let a = TAU * i as f32 / 96.0;
            centre + (n * a.cos() + side * a.sin()) * h
        })
        .collect();
    polyline3(&mut c, &cam, &ring, Stroke::dashed(ink::MUTED, 1.5));
    let other = centre + (n * (2.3f32).cos() + side * (2.3f32).sin()) * h;
    c.polyline(&[p2(s), p2(other), p2(t)], Stroke::dashed(ink::MUTED, 2.5));
    c.line(p2(s), p2(t), Stroke::dashed(ink::INK, 1.5));
    c.polyline(&[p2(s), p2(knee), p2(t)], Stroke::solid(ink::INK, 4.0));
    // The angle inside the triangle at the knee.
    let (k1, k2) = ((s - knee).normalize(), (t - knee).normalize());
    let inside = k1.angle_between(k2);
    let axis = k1.cross(k2).normalize();
    let arc: Vec<Vec3> =
        (0..=24).map(|i| knee + Quat::from_axis_angle(axis, inside * i as f32 / 24.0) * k1 * 0.08).collect();
    polyline3(&mut c, &cam, &arc, Stroke::solid(ink::HIGHLIGHT, 2.0));
    c.label(p2(knee + (k1 + k2).normalize() * 0.14), Vec2::new(0.0, 6.0), "γ", 18.0, Anchor::Middle, ink::HIGHLIGHT);
    c.line(p2(knee), p2(pole), Stroke::dashed(ink::Z, 1.0));
    for (p, r, col) in [(s, 6.0, ink::INK), (knee, 6.0, ink::INK), (t, 6.0, ink::X), (pole, 6.0, ink::Z)] {
        c.dot(p2(p), r, col);
    }
    c.dot(p2(other), 4.0, ink::MUTED);
    c.label(p2(s), Vec2::new(-10.0, -6.0), "hip", 14.0, Anchor::End, ink::INK);
    c.label(p2(knee), Vec2::new(10.0, 0.0), "knee", 14.0, Anchor::Start, ink::INK);
    c.label(p2(t), Vec2::new(10.0, 6.0), "target", 14.0, Anchor::Start, ink::X);
    c.label(p2(pole), Vec2::new(10.0, 4.0), "pole", 14.0, Anchor::Start, ink::Z);
    c.label(p2((s + knee) * 0.5), Vec2::new(8.0, -4.0), "a = 0.5", 13.0, Anchor::Start, ink::INK);
    c.label(p2((knee + t) * 0.5), Vec2::new(8.0, 8.0), "b = 0.4", 13.0, Anchor::Start, ink::INK);
    c.label(p2(s + (t - s) * 0.55), Vec2::new(-6.0, 0.0), "d = 0.7", 13.0, Anchor::End, ink::INK);
    c.label(p2(other), Vec2::new(-8.0, 14.0), "same triangle, spun", 12.0, Anchor::End, ink::MUTED);
    let right = ring.iter().map(|p| p2(*p)).fold(Vec2::splat(f32::MIN), |best, p| if p.x > best.x { p } else { best });
    c.label(right, Vec2::new(6.0, 4.0), "knee circle", 12.0, Anchor::Start, ink::MUTED);
    c.text_px(Vec2::new(690.0, 410.0), "blue: the plane of hip, target and pole", 13.0, Anchor::End, ink::Z);
    c.finish("An arm of bones 0.5 and 0.4 reaching a target 0.7 from its hip. The three lengths fix the triangle and its angle γ at the knee, but the knee may lie anywhere on a circle about the hip-target line (dashed): the pole picks the one plane (blue) the knee must lie in.")
}

/// The bend (radians, π minus the angle inside the triangle) of bones `a`
/// and `b` spanning `r`, clamped.
fn bend(a: f32, b: f32, r: f32) -> f32 {
    PI - ((a * a + b * b - r * r) / (2.0 * a * b)).clamp(-1.0, 1.0).acos()
}

/// The knee's bend against the target's distance, for bones 0.5 and 0.4:
/// vertical at full stretch; a soften zone from 0.8 of the length eases it.
fn near_full_stretch() -> String {
    let (a, b) = (0.5f32, 0.4f32);
    let l = a + b;
    let (min, max) = (Vec2::new(0.5, 0.0), Vec2::new(1.3, 130.0));
    let mut c = Canvas::new(700.0, 360.0, min, max);
    c.plot_view(Rect { x: 10.0, y: 10.0, w: 680.0, h: 340.0 }, min, max);
    c.axes(
        min,
        max,
        &[0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3],
        &[0.0, 30.0, 60.0, 90.0, 120.0],
        "target distance ÷ arm length",
        "elbow bend (°)",
    );
    let sample = |f: &dyn Fn(f32) -> f32| -> Vec<Vec2> {
        (0..=400)
            .map(|i| min.x + (max.x - min.x) * i as f32 / 400.0)
            .map(|share| Vec2::new(share, f(share * l).to_degrees()))
            .collect()
    };
    let eased = |d: f32| {
        let start = 0.8 * l;
        let r = if d <= start { d } else { l - (l - start) * (-(d - start) / (l - start)).exp() };
        bend(a, b, r)
    };
    c.line(Vec2::new(0.8, 0.0), Vec2::new(0.8, 130.0), Stroke::dashed(ink::MUTED, 1.0));
    c.line(Vec2::new(1.0, 0.0), Vec2::new(1.0, 130.0), Stroke::dashed(ink::MUTED, 1.0));
    c.polyline(&sample(&eased), Stroke::solid(ink::Z, 2.5));
    c.polyline(&sample(&|d| bend(a, b, d)), Stroke::solid(ink::INK, 2.5));
    c.label(Vec2::new(1.0, 118.0), Vec2::new(6.0, 0.0), "full length", 12.0, Anchor::Start, ink::MUTED);
    c.label(Vec2::new(0.8, 118.0), Vec2::new(-6.0, 0.0), "zone starts", 12.0, Anchor::End, ink::MUTED);
    c.label(
        Vec2::new(0.985, 20.0),
        Vec2::new(-8.0, 0.0),
        "exact: the curve falls vertically and stops dead",
        12.0,
        Anchor::End,
        ink::INK,
    );
    c.label(
        Vec2::new(1.12, eased(1.12 * l).to_degrees()),
        Vec2::new(0.0, -12.0),
        "eased",
        12.0,
        Anchor::Middle,
        ink::Z,
    );
    c.finish("An arm of bones 0.5 and 0.4: the elbow's bend against the target's distance. Solved exactly (black), the bend falls with a vertical slope as the target nears full length and stops dead there, so a millimetre of target motion swings the elbow by degrees. Eased from 0.8 of the length (blue), it approaches straight smoothly and never quite gets there.")
}

/// Coordinate descent on a tilted bowl: one coordinate at a time, the
/// other held, each move to the lowest point along its line.
fn coordinate_descent() -> String {
    let k = 0.85f32;
    let f = |p: Vec2| p.x * p.x + 2.0 * k * p.x * p.y + p.y * p.y;
    let (min, max) = (Vec2::new(-3.2, -2.4), Vec2::new(3.2, 2.4));
    let mut c = Canvas::new(700.0, 380.0, min, max);
    for level in [0.03, 0.12, 0.35, 0.8, 1.6] {
        let ring: Vec<Vec2> = (0..=120)
            .map(|i| {
                let a = TAU * i as f32 / 120.0;
                let v = Vec2::new(a.cos(), a.sin());
                v * (level / f(v)).sqrt()
            })
            .collect();
        c.polyline(&ring, Stroke::solid(ink::MUTED, 1.0));
    }
    let mut p = Vec2::new(2.0, -1.0);
    let mut path = vec![p];
    for i in 0..12 {
        if i % 2 == 0 {
            p.x = -k * p.y;
        } else {
            p.y = -k * p.x;
        }
        path.push(p);
    }
    for (i, w) in path.windows(2).enumerate() {
        let color = if i % 2 == 0 { ink::X } else { ink::Z };
        c.arrow(w[0], w[1], Stroke::solid(color, 2.0));
    }
    c.dot(path[0], 5.0, ink::INK);
    c.dot(Vec2::ZERO, 5.0, ink::HIGHLIGHT);
    c.label(path[0], Vec2::new(8.0, -6.0), "start", 13.0, Anchor::Start, ink::INK);
    c.label(Vec2::ZERO, Vec2::new(-10.0, -8.0), "lowest point", 13.0, Anchor::End, ink::HIGHLIGHT);
    c.label((path[0] + path[1]) * 0.5, Vec2::new(0.0, 20.0), "move x only, y held", 13.0, Anchor::Middle, ink::X);
    c.label((path[1] + path[2]) * 0.5, Vec2::new(-8.0, 4.0), "then y only, x held", 13.0, Anchor::End, ink::Z);
    c.text_px(Vec2::new(690.0, 370.0), "grey: lines of equal height of a bowl", 12.0, Anchor::End, ink::MUTED);
    c.finish("Coordinate descent on a bowl whose lines of equal height are tilted ellipses: from the start, move along x alone to the lowest point on that line, then along y alone, and so on. Each move is easy; the path zig-zags towards the lowest point, taking many small moves where the coordinates pull against each other.")
}

/// A chain of beads dragged by its head onto a point: the links keep their
/// lengths, the tail leaves its pin (FABRIK's principle, on one drag).
fn drag_a_chain() -> String {
    let link = 1.0f32;
    let mut before = vec![Vec2::ZERO];
    let mut heading = 1.2f32;
    for _ in 0..5 {
        heading -= 0.35;
        let last = *before.last().expect("one bead");
        before.push(last + Vec2::new(heading.cos(), heading.sin()) * link);
    }
    let head = Vec2::new(3.4, -1.7);
    let mut after = before.clone();
    let n = after.len() - 1;
    after[n] = head;
    for i in (0..n).rev() {
        let dir = (after[i] - after[i + 1]).normalize();
        after[i] = after[i + 1] + dir * link;
    }
    let (lo, hi) = before
        .iter()
        .chain(&after)
        .fold((Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let mut c = Canvas::new(700.0, 400.0, lo - Vec2::new(2.2, 0.3), hi + Vec2::new(1.2, 0.6));
    c.polyline(&before, Stroke::dashed(ink::MUTED, 2.5));
    for p in &before {
        c.dot(*p, 5.0, ink::MUTED);
    }
    for (a, b) in before.iter().zip(&after) {
        c.arrow(*a, *b, Stroke::solid(ink::HIGHLIGHT, 1.2));
    }
    c.polyline(&after, Stroke::solid(ink::INK, 3.0));
    for p in &after {
        c.dot(*p, 5.0, ink::INK);
    }
    c.circle(head, 9.0, Stroke::solid(ink::X, 2.0), "none");
    c.label(head, Vec2::new(14.0, 5.0), "the head, put here", 13.0, Anchor::Start, ink::X);
    c.label(before[n], Vec2::new(10.0, -6.0), "the head before", 12.0, Anchor::Start, ink::MUTED);
    c.label(before[2], Vec2::new(0.0, -14.0), "before (dashed)", 12.0, Anchor::Middle, ink::MUTED);
    let pin = c.px(before[0]);
    c.rect_px(Rect { x: pin.x - 7.0, y: pin.y - 7.0, w: 14.0, h: 14.0 }, Stroke::solid(ink::Z, 2.0), "none");
    c.label(before[0], Vec2::new(0.0, 26.0), "where the tail was pinned", 12.0, Anchor::Middle, ink::Z);
    c.label(after[0], Vec2::new(-12.0, -8.0), "the tail, dragged off it", 12.0, Anchor::End, ink::INK);
    c.finish("A chain of six beads, links of one unit, dragged by its head onto a new point: every link keeps its length and the chain follows smoothly, but its tail leaves the pin it was on.")
}

/// A clip that walks one unit forward while turning 60° a loop, played six
/// times: each loop's path is the first one turned by the headings before it.
fn turning_loops() -> String {
    let turn = 60f32.to_radians();
    // One loop as authored, seen from above: x right, z up the page; a sway.
    let authored = |t: f32| Vec2::new(0.07 * (TAU * t).sin(), t);
    let rot = |a: f32, v: Vec2| {
        // A turn about Y by `a`: Z goes towards X (clockwise on this page).
        Vec2::new(v.x * a.cos() + v.y * a.sin(), -v.x * a.sin() + v.y * a.cos())
    };
    let mut loops: Vec<Vec<Vec2>> = Vec::new();
    let mut start = Vec2::ZERO;
    for k in 0..6 {
        let pts: Vec<Vec2> = (0..=40).map(|i| start + rot(turn * k as f32, authored(i as f32 / 40.0))).collect();
        start = *pts.last().expect("points");
        loops.push(pts);
    }
    let all = loops.iter().flatten();
    let (lo, hi) = all.fold((Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let centre = (lo + hi) * 0.5;
    let mut c = Canvas::new(700.0, 420.0, lo - Vec2::new(0.9, 0.15), hi + Vec2::new(0.9, 0.15));
    let colors = [ink::INK, ink::Z];
    for (k, pts) in loops.iter().enumerate() {
        let heading = turn * k as f32;
        c.polyline(pts, Stroke::solid(colors[k % 2], 2.5));
        c.arrow(pts[0], pts[0] + rot(heading, Vec2::new(0.0, 0.3)), Stroke::solid(ink::HIGHLIGHT, 2.0));
        c.dot(pts[0], 5.0, ink::INK);
        let mid = pts[20];
        let out = (mid - centre).normalize();
        let text = format!("loop {}: heading {}°", k + 1, 60 * k);
        let anchor = if out.x > 0.3 {
            Anchor::Start
        } else if out.x < -0.3 {
            Anchor::End
        } else {
            Anchor::Middle
        };
        c.label(mid, Vec2::new(out.x * 16.0, -out.y * 16.0 + 4.0), &text, 12.0, anchor, colors[k % 2]);
    }
    c.label(Vec2::ZERO, Vec2::new(-10.0, 18.0), "start and end", 12.0, Anchor::End, ink::INK);
    c.text_px(
        Vec2::new(690.0, 412.0),
        "seen from above · orange: the way the root faces at each wrap",
        12.0,
        Anchor::End,
        ink::MUTED,
    );
    c.finish("Seen from above, a clip that walks one unit while turning 60° a loop, played six times. Loop 1 is the clip as authored; every later loop is the same path, turned by the headings of the loops before it (orange arrows: the facing at each wrap), so the walk goes round a hexagon and comes back to its start.")
}

/// Two legs from a pelvis at the clip's height over a step: the ground under
/// the right foot is 0.12 lower, and that foot's target lies beyond its reach.
fn legs_on_a_step() -> String {
    let length = 0.85f32;
    let hips = [Vec2::new(-0.16, 0.9), Vec2::new(0.16, 0.9)];
    let ankles = [Vec2::new(-0.19, 0.08), Vec2::new(0.19, 0.08)];
    let drop = 0.12f32;
    let targets = [ankles[0], ankles[1] - Vec2::new(0.0, drop)];
    let mut c = Canvas::new(700.0, 420.0, Vec2::new(-0.7, -0.2), Vec2::new(0.7, 1.0));
    // The ground: level on the left, a step down on the right.
    let ground = [
        Vec2::new(-0.8, 0.0),
        Vec2::new(0.0, 0.0),
        Vec2::new(0.0, -drop),
        Vec2::new(0.8, -drop),
        Vec2::new(0.8, -0.25),
        Vec2::new(-0.8, -0.25),
    ];
    c.polygon(&ground, Stroke::solid(ink::MUTED, 1.5), ink::PAPER, 1.0);
    for (i, (hip, ankle)) in hips.iter().zip(&ankles).enumerate() {
        // The clip's leg, the knee a little out to the side.
        let side = if i == 0 { -1.0 } else { 1.0 };
        let knee = (*hip + *ankle) * 0.5 + Vec2::new(0.035 * side, 0.0);
        c.polyline(&[*hip, knee, *ankle], Stroke::solid(ink::INK, 4.0));
        c.dot(knee, 4.0, ink::INK);
        c.dot(*ankle, 5.0, ink::INK);
        // How far the leg reaches: its full length around the hip.
        let down = -PI / 2.0;
        c.arc(*hip, length, down - 0.2, down + 0.2, Stroke::dashed(ink::Z, 1.5), false);
    }
    c.line(hips[0], hips[1], Stroke::solid(ink::INK, 6.0));
    c.label(
        (hips[0] + hips[1]) * 0.5,
        Vec2::new(0.0, -14.0),
        "pelvis, at the clip's height",
        13.0,
        Anchor::Middle,
        ink::INK,
    );
    c.circle(targets[0], 8.0, Stroke::solid(ink::Y, 2.0), "none");
    c.circle(targets[1], 8.0, Stroke::solid(ink::X, 2.0), "none");
    c.label(targets[0], Vec2::new(-14.0, 5.0), "left target: within reach", 12.0, Anchor::End, ink::Y);
    c.label(targets[1], Vec2::new(14.0, 5.0), "right target, 0.12 lower: beyond reach", 12.0, Anchor::Start, ink::X);
    c.label(
        hips[1] + Vec2::new(0.17, -length),
        Vec2::new(6.0, -6.0),
        "each leg's full length (dashed)",
        12.0,
        Anchor::Start,
        ink::Z,
    );
    c.label(Vec2::new(-0.6, -0.1), Vec2::ZERO, "ground", 12.0, Anchor::Start, ink::MUTED);
    c.finish("Front view of two legs, 0.85 long, hanging from a pelvis at the clip's height over a step. The dashed arcs mark how far each leg reaches at full length. The left foot's target, on the upper level, is within reach; the right foot's, on ground 0.12 lower, lies below its arc: no bend of that leg gets the foot there.")
}
