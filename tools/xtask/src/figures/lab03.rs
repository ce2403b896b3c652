//! Lab 03's handout figures (`lab*/figures/`): see `super::kit`.
//!
//! Every figure shows its idea on a case of its own (2D limbs, other weights,
//! another stretch, other vectors), never the grader's numbers.

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::{Affine2, Mat2, Mat3, Vec2, Vec3};

/// Lab 03's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "stitch-vs-blend", svg: stitch_vs_blend() },
        Figure { name: "bone-copies", svg: bone_copies() },
        Figure { name: "weights-sum", svg: weights_sum() },
        Figure { name: "normal-under-stretch", svg: normal_under_stretch() },
        Figure { name: "shadow-and-leftover", svg: shadow_and_leftover() },
        Figure { name: "candy-wrapper", svg: candy_wrapper() },
    ]
}

const TITLE: f32 = 14.0;
const LABEL: f32 = 13.0;

fn title(c: &mut Canvas, x: f32, text: &str) {
    c.text_px(Vec2::new(x, 20.0), text, TITLE, Anchor::Middle, ink::INK);
}

fn smoothstep(a: f32, b: f32, x: f32) -> f32 {
    let t = ((x - a) / (b - a)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A 2D limb, an upper arm that stays and a forearm turned 70° at the elbow:
/// each vertex on one bone (stitching) against a weighted mix (blending).
fn stitch_vs_blend() -> String {
    let (w, h) = (700.0, 320.0);
    let turn = Affine2::from_angle(70f32.to_radians());
    let (min, max) = (Vec2::new(-3.2, -0.9), Vec2::new(1.8, 3.2));
    let mut c = Canvas::new(w, h, min, max);
    let n = 24;
    let xs: Vec<f32> = (0..=n).map(|i| -3.0 + 6.0 * i as f32 / n as f32).collect();
    for (k, stitched) in [true, false].into_iter().enumerate() {
        let x0 = k as f32 * w / 2.0;
        c.view(Rect { x: x0, y: 24.0, w: w / 2.0, h: h - 24.0 }, min, max);
        let skin = |p: Vec2| {
            let forearm = smoothstep(-0.8, 0.8, p.x);
            if stitched {
                if forearm > 0.5 { turn.transform_point2(p) } else { p }
            } else {
                p * (1.0 - forearm) + turn.transform_point2(p) * forearm
            }
        };
        let top: Vec<Vec2> = xs.iter().map(|&x| skin(Vec2::new(x, 0.5))).collect();
        let bottom: Vec<Vec2> = xs.iter().map(|&x| skin(Vec2::new(x, -0.5))).collect();
        let mut outline = top.clone();
        outline.extend(bottom.iter().rev());
        c.polygon(&outline, Stroke::solid(ink::Z, 1.5), ink::Z, 0.1);
        for (a, b) in top.iter().zip(&bottom) {
            c.line(*a, *b, Stroke::solid(ink::MUTED, 0.7));
        }
        let elbow = Vec2::ZERO;
        let (shoulder, hand) = (Vec2::new(-3.0, 0.0), turn.transform_point2(Vec2::new(3.0, 0.0)));
        c.line(shoulder, elbow, Stroke::solid(ink::INK, 3.0));
        c.line(elbow, hand, Stroke::solid(ink::INK, 3.0));
        for j in [shoulder, elbow, hand] {
            c.dot(j, 4.0, ink::INK);
        }
        c.label(shoulder, Vec2::new(0.0, 40.0), "upper arm (still)", LABEL, Anchor::Start, ink::INK);
        c.label(hand, Vec2::new(-10.0, 4.0), "forearm", LABEL, Anchor::End, ink::INK);
        c.label(elbow, Vec2::new(-8.0, 44.0), "elbow, turned 70°", LABEL, Anchor::Start, ink::INK);
        if stitched {
            title(&mut c, x0 + w / 4.0, "stitching: each vertex follows one bone");
            c.label(bottom[13], Vec2::new(8.0, 14.0), "stretched", LABEL, Anchor::Start, ink::X);
            c.label(top[12], Vec2::new(-30.0, -8.0), "folded", LABEL, Anchor::End, ink::X);
        } else {
            title(&mut c, x0 + w / 4.0, "blending: each vertex follows a weighted mix");
        }
    }
    c.finish(
        "The same 2D limb bent 70 degrees at the elbow. Left, stitching: each vertex follows one bone, so the skin \
         folds over itself inside the elbow and one row of triangles stretches across the outside. Right, blending: \
         vertices near the elbow follow both bones by fractions and the skin bends smoothly.",
    )
}

/// One vertex, four bones, four weights: each bone's copy of the vertex and
/// their weighted mix.
fn bone_copies() -> String {
    let (w, h) = (700.0, 360.0);
    let p = Vec2::new(2.0, 0.6);
    let bone = |deg: f32, t: Vec2| Affine2::from_angle_translation(deg.to_radians(), t);
    let bones = [
        (0.4, bone(10.0, Vec2::ZERO), ink::X),
        (0.3, bone(60.0, Vec2::ZERO), ink::Y),
        (0.2, bone(-40.0, Vec2::new(0.5, -0.3)), ink::Z),
        (0.1, bone(130.0, Vec2::new(0.2, 0.3)), ink::PURPLE),
    ];
    let copies: Vec<Vec2> = bones.iter().map(|(_, g, _)| g.transform_point2(p)).collect();
    let mix: Vec2 = bones.iter().zip(&copies).map(|((wt, _, _), q)| *q * *wt).sum();
    let (mut lo, mut hi) = (p.min(mix), p.max(mix));
    for q in &copies {
        lo = lo.min(*q);
        hi = hi.max(*q);
    }
    let (lo, hi) = (lo - Vec2::new(0.4, 0.3), hi + Vec2::new(1.9, 0.2));
    let mut c = Canvas::new(w, h, lo, hi);
    c.view(Rect { x: 0.0, y: 20.0, w, h: h - 20.0 }, lo, hi);
    title(&mut c, w / 2.0, "four bones, four copies of one vertex, one weighted mix");
    for (q, (_, _, color)) in copies.iter().zip(&bones) {
        c.line(*q, mix, Stroke::solid(ink::MUTED, 0.8));
        c.arrow(p, *q, Stroke::dashed(color, 1.2));
    }
    c.circle(p, 6.0, Stroke::solid(ink::INK, 1.5), "white");
    c.label(p, Vec2::new(12.0, 18.0), "the vertex in the bind pose", LABEL, Anchor::Start, ink::INK);
    let offsets = [Vec2::new(10.0, -6.0), Vec2::new(10.0, -4.0), Vec2::new(10.0, 4.0), Vec2::new(0.0, -12.0)];
    for (i, (q, (wt, _, color))) in copies.iter().zip(&bones).enumerate() {
        c.dot(*q, 6.0, color);
        let anchor = if offsets[i].x == 0.0 { Anchor::Middle } else { Anchor::Start };
        c.label(*q, offsets[i], &format!("bone {}'s copy, weight {wt:.1}", i + 1), LABEL, anchor, color);
    }
    c.dot(mix, 8.0, ink::HIGHLIGHT);
    c.label(mix, Vec2::new(-10.0, 22.0), "the skinned vertex", LABEL, Anchor::End, ink::HIGHLIGHT);
    c.finish(
        "A vertex with four influences, weights 0.4, 0.3, 0.2 and 0.1. Each bone alone would carry the vertex to its \
         own copy (coloured dots, dashed arrows); the skinned vertex (orange) is their weighted mix, pulled most \
         towards the heaviest bone's copy.",
    )
}

/// A weighted sum of two positions, weights summing to 1 or to 0.8, measured
/// from two different origins.
fn weights_sum() -> String {
    let (w, h) = (700.0, 330.0);
    let (a, b) = (Vec2::new(1.6, 1.2), Vec2::new(2.8, 2.8));
    let origins = [(Vec2::ZERO, "measured from O"), (Vec2::new(4.0, 0.0), "the same A and B, measured from O'")];
    let (min, max) = (Vec2::new(-0.5, -0.4), Vec2::new(4.5, 3.1));
    let mut c = Canvas::new(w, h, min, max);
    for (k, (o, name)) in origins.iter().enumerate() {
        let x0 = k as f32 * w / 2.0;
        c.view(Rect { x: x0, y: 24.0, w: w / 2.0, h: h - 24.0 }, min, max);
        title(&mut c, x0 + w / 4.0, name);
        // Every position is an offset from the origin; the sums are taken on offsets.
        let blend = |wa: f32, wb: f32| *o + (a - *o) * wa + (b - *o) * wb;
        let (one, short) = (blend(0.5, 0.5), blend(0.4, 0.4));
        c.line(a, b, Stroke::solid(ink::MUTED, 1.0));
        c.line(*o, one, Stroke::dashed(ink::MUTED, 1.0));
        for (q, n) in [(a, "A"), (b, "B")] {
            c.dot(q, 5.0, ink::INK);
            c.label(q, Vec2::new(9.0, 5.0), n, LABEL, Anchor::Start, ink::INK);
        }
        c.dot(*o, 5.0, ink::MUTED);
        c.label(*o, Vec2::new(0.0, 20.0), if k == 0 { "O" } else { "O'" }, LABEL, Anchor::Middle, ink::INK);
        let (side, off) = if k == 0 { (Anchor::Start, 1.0) } else { (Anchor::End, -1.0) };
        c.dot(one, 6.0, ink::Y);
        c.label(one, Vec2::new(10.0 * off, 5.0), "0.5 A + 0.5 B", LABEL, side, ink::Y);
        c.dot(short, 6.0, ink::X);
        let other = if k == 0 { Anchor::End } else { Anchor::Start };
        c.label(short, Vec2::new(-10.0 * off, 5.0), "0.4 A + 0.4 B", LABEL, other, ink::X);
        if k == 1 {
            let first_short = (a + b) * 0.4;
            c.circle(first_short, 9.0, Stroke::dashed(ink::X, 1.0), "none");
            c.label(first_short, Vec2::new(-12.0, 5.0), "where it was", 12.0, Anchor::End, ink::X);
        }
    }
    c.finish(
        "Two positions A and B mixed with weights that sum to 1 (0.5 and 0.5, green) and with weights that sum to 0.8 \
         (0.4 and 0.4, red). Measured from another origin O', the green point lands in the same place, halfway \
         between A and B; the red one moves, because it sits 0.8 of the way from whichever origin was used.",
    )
}

fn unit_angle(a: f32) -> Vec2 {
    Vec2::new(a.cos(), a.sin())
}

/// A circle stretched 2.5 times along x: an edge, the normal carried like an
/// arrow, and the direction that is still perpendicular to the edge.
fn normal_under_stretch() -> String {
    let (w, h) = (700.0, 330.0);
    let stretch = Mat2::from_diagonal(Vec2::new(2.5, 1.0));
    let a = 50f32.to_radians();
    let p = unit_angle(a);
    let edge = Vec2::new(-a.sin(), a.cos());
    let normal = p;
    let ring = |m: Mat2| -> Vec<Vec2> { (0..=72).map(|i| m * unit_angle(i as f32 * 5f32.to_radians())).collect() };
    let mut c = Canvas::new(w, h, Vec2::splat(-1.0), Vec2::splat(1.0));
    // Left: the circle.
    let left = (Vec2::new(-1.6, -1.6), Vec2::new(1.9, 1.9));
    c.view(Rect { x: 0.0, y: 24.0, w: 260.0, h: h - 24.0 }, left.0, left.1);
    title(&mut c, 130.0, "before");
    c.polyline(&ring(Mat2::IDENTITY), Stroke::solid(ink::MUTED, 1.5));
    c.line(p - edge * 0.7, p + edge * 0.7, Stroke::solid(ink::INK, 2.0));
    c.label(p + edge * 0.7, Vec2::new(-4.0, -6.0), "edge", LABEL, Anchor::End, ink::INK);
    c.arrow(p, p + normal * 0.8, Stroke::solid(ink::Y, 2.0));
    c.label(p + normal * 0.8, Vec2::new(6.0, 0.0), "normal", LABEL, Anchor::Start, ink::Y);
    c.dot(p, 4.0, ink::INK);
    // Right: the ellipse.
    let right = (Vec2::new(-2.8, -1.6), Vec2::new(3.8, 1.9));
    c.view(Rect { x: 260.0, y: 24.0, w: 440.0, h: h - 24.0 }, right.0, right.1);
    title(&mut c, 480.0, "after a stretch by 2.5 along x");
    c.polyline(&ring(stretch), Stroke::solid(ink::MUTED, 1.5));
    let (q, e) = (stretch * p, (stretch * edge).normalize());
    c.line(q - e * 1.1, q + e * 1.1, Stroke::solid(ink::INK, 2.0));
    c.label(q + e * 1.1, Vec2::new(-6.0, -4.0), "the stretched edge", LABEL, Anchor::End, ink::INK);
    let carried = (stretch * normal).normalize();
    c.arrow(q, q + carried * 0.9, Stroke::dashed(ink::X, 2.0));
    let off = carried.angle_to(e).to_degrees().abs();
    let off = off.min(180.0 - off);
    c.label(q + carried * 0.9, Vec2::new(-20.0, -12.0), "stretched normal", LABEL, Anchor::Start, ink::X);
    let perp = Vec2::new(e.y, -e.x);
    let perp = if perp.dot(carried) < 0.0 { -perp } else { perp };
    c.arrow(q, q + perp * 0.9, Stroke::solid(ink::Y, 2.0));
    c.label(q + perp * 0.9, Vec2::new(-6.0, -4.0), "perpendicular", LABEL, Anchor::End, ink::Y);
    let note = format!("the normal stretched like the shape is {off:.0}° from the edge, not 90°");
    c.text_px(Vec2::new(480.0, h - 36.0), &note, LABEL, Anchor::Middle, ink::X);
    c.text_px(
        Vec2::new(480.0, h - 16.0),
        "the green arrow is perpendicular to the edge",
        LABEL,
        Anchor::Middle,
        ink::Y,
    );
    c.dot(q, 4.0, ink::INK);
    c.finish(
        "A circle stretched 2.5 times along x into an ellipse. The edge at the marked point stretches with the shape. \
         The normal carried by the same stretch (red, dashed) is no longer perpendicular to the stretched edge; the \
         green arrow is the direction that still is.",
    )
}

/// A vector split into its part along a unit direction and the leftover,
/// which is then scaled to length 1.
fn shadow_and_leftover() -> String {
    let (w, h) = (700.0, 330.0);
    let u = Vec2::new(0.6, 0.8);
    let v = Vec2::new(2.5, 0.5);
    let along = v.dot(u);
    let shadow = u * along;
    let leftover = v - shadow;
    let unit = leftover.normalize();
    let (min, max) = (Vec2::new(-0.3, -1.2), Vec2::new(3.2, 2.0));
    let mut c = Canvas::new(w, h, min, max);
    c.view(Rect { x: 0.0, y: 20.0, w, h: h - 20.0 }, min, max);
    title(&mut c, w / 2.0, "the part of v along u, and what is left");
    c.line(-u * 0.3, u * 2.4, Stroke::dashed(ink::MUTED, 1.0));
    c.arrow(Vec2::ZERO, v, Stroke::solid(ink::Z, 2.5));
    c.label(v, Vec2::new(8.0, 4.0), "v = (2.5, 0.5)", LABEL, Anchor::Start, ink::Z);
    c.arrow(Vec2::ZERO, shadow, Stroke::solid(ink::PURPLE, 2.0));
    c.label(shadow, Vec2::new(-8.0, -6.0), &format!("along u: {along:.1} times u"), LABEL, Anchor::End, ink::PURPLE);
    c.arrow(Vec2::ZERO, u, Stroke::solid(ink::INK, 3.0));
    c.label(u * 0.5, Vec2::new(-10.0, 0.0), "u = (0.6, 0.8), unit", LABEL, Anchor::End, ink::INK);
    c.arrow(shadow, v, Stroke::dashed(ink::X, 2.0));
    c.arrow(Vec2::ZERO, leftover, Stroke::solid(ink::X, 2.0));
    c.label(
        leftover,
        Vec2::new(8.0, 14.0),
        &format!("leftover ({:.2}, {:.2}), length {:.1}", leftover.x, leftover.y, leftover.length()),
        LABEL,
        Anchor::Start,
        ink::X,
    );
    c.arrow(Vec2::ZERO, unit, Stroke::solid(ink::HIGHLIGHT, 3.0));
    c.label(unit, Vec2::new(-6.0, 18.0), "unit: (0.8, -0.6)", LABEL, Anchor::End, ink::HIGHLIGHT);
    // The right angle between u's line and the leftover, at the shadow's tip.
    let s = 0.12;
    let l = leftover.normalize();
    c.polyline(&[shadow + l * s, shadow + l * s - u * s, shadow - u * s], Stroke::solid(ink::INK, 1.0));
    c.dot(Vec2::ZERO, 3.0, ink::INK);
    c.finish(
        "A vector v split along a unit direction u: its part along u (purple, 1.9 times u) and the leftover (red, \
         dashed from the tip of that part to the tip of v, and again from the origin), which is perpendicular to u. \
         Scaled to length 1, the leftover becomes the orange arrow.",
    )
}

/// A tube twisted by its two bones, seen down its axis: the ring half-way
/// along, where the two bones weigh 0.5 each, for several twists.
fn candy_wrapper() -> String {
    let (w, h) = (700.0, 340.0);
    let blended_ring = |twist_deg: f32| -> Vec<Vec2> {
        let turned = Mat3::from_rotation_z(twist_deg.to_radians());
        let m = Mat3::IDENTITY * 0.5 + turned * 0.5;
        (0..=72)
            .map(|i| {
                let a = (i as f32 * 5.0).to_radians();
                (m * Vec3::new(a.cos(), a.sin(), 0.0)).truncate()
            })
            .collect()
    };
    let twists = [(0.0, ink::MUTED), (90.0, ink::Z), (150.0, ink::PURPLE), (180.0, ink::X)];
    let mut c = Canvas::new(w, h, Vec2::splat(-1.0), Vec2::splat(1.0));
    c.view(Rect { x: 0.0, y: 24.0, w: 320.0, h: h - 24.0 }, Vec2::splat(-1.25), Vec2::splat(1.25));
    title(&mut c, 160.0, "the middle ring, seen down the limb");
    for (i, (t, color)) in twists.iter().enumerate() {
        let ring = blended_ring(*t);
        let r = ring[0].length();
        if r > 1e-3 {
            c.polyline(&ring, Stroke::solid(color, 2.0));
        }
        c.dot(ring[0], 4.0, color);
        let text = format!("{t:.0}°: {:.0}%", r * 100.0);
        c.text_px(Vec2::new(18.0, 60.0 + 18.0 * i as f32), &text, LABEL, Anchor::Start, color);
    }
    // Right: the ring's radius against the twist, drawn at 90 degrees per
    // unit across and 1.6 units up for the full radius.
    let at = |t: f32, r: f32| Vec2::new(t / 90.0, r * 1.6);
    let (min, max) = (at(0.0, 0.0), at(180.0, 1.0));
    c.view(Rect { x: 350.0, y: 30.0, w: 350.0, h: h - 40.0 }, min - Vec2::new(0.25, 0.25), max + Vec2::new(0.1, 0.1));
    c.text_px(Vec2::new(525.0, 20.0), "its radius against the twist", TITLE, Anchor::Middle, ink::INK);
    c.axes(min, max, &[], &[], "twist (degrees)", "radius");
    for t in [0.0, 45.0, 90.0, 135.0, 180.0] {
        c.label(at(t, 0.0), Vec2::new(0.0, 16.0), &format!("{t:.0}"), 11.0, Anchor::Middle, ink::MUTED);
    }
    for (r, text) in [(0.0, "0"), (0.5, "50%"), (1.0, "100%")] {
        c.line(at(0.0, r), at(180.0, r), Stroke::dashed(ink::PAPER, 1.0));
        c.label(at(0.0, r), Vec2::new(-7.0, 4.0), text, 11.0, Anchor::End, ink::MUTED);
    }
    let curve: Vec<Vec2> = (0..=36)
        .map(|i| {
            let t = i as f32 * 5.0;
            at(t, blended_ring(t)[0].length())
        })
        .collect();
    c.polyline(&curve, Stroke::solid(ink::INK, 2.0));
    for (t, color) in twists {
        c.dot(at(t, blended_ring(t)[0].length()), 5.0, color);
    }
    c.finish(
        "A tube whose two bones each weigh 0.5 at its middle ring, one bone still and one twisted about the tube's \
         axis. Left: the blended ring at twists of 0, 90, 150 and 180 degrees, seen down the axis; the dot marks the \
         vertex that started on the right. Right: the ring's radius against the twist, falling to nothing at 180 \
         degrees.",
    )
}
