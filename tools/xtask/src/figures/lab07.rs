//! Lab 07's handout figures (`lab07_transitions/figures/`): see `super::kit`.
//! Each shows a problem a transition must solve, on numbers of its own.

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::Vec2;
use std::f32::consts::TAU;

/// Lab 07's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "pop-or-fade", svg: pop_or_fade() },
        Figure { name: "local-not-world", svg: local_not_world() },
        Figure { name: "shared-and-independent", svg: shared_and_independent() },
        Figure { name: "interrupted-fade", svg: interrupted_fade() },
        Figure { name: "phase-sync", svg: phase_sync() },
        Figure { name: "subtree-mask", svg: subtree_mask() },
    ]
}

/// Two made-up joint angles (degrees) over time.
fn clip_a(t: f32) -> f32 {
    20.0 + 15.0 * (TAU * t).sin()
}
fn clip_b(t: f32) -> f32 {
    -15.0 + 20.0 * (TAU * t / 0.7 + 1.0).sin()
}

fn curve(c: &mut Canvas, from: f32, to: f32, f: impl Fn(f32) -> f32, s: Stroke) {
    let pts: Vec<Vec2> = (0..=200).map(|i| from + (to - from) * i as f32 / 200.0).map(|t| Vec2::new(t, f(t))).collect();
    c.polyline(&pts, s);
}

fn pop_or_fade() -> String {
    let (min, max) = (Vec2::new(0.0, -40.0), Vec2::new(2.0, 40.0));
    let mut c = Canvas::new(700.0, 420.0, min, max);
    for (row, title) in [(0.0, "cut at 1 s"), (1.0, "crossfade from 0.8 s to 1.4 s")] {
        let top = 10.0 + row * 205.0;
        c.plot_view(Rect { x: 10.0, y: top, w: 680.0, h: 200.0 }, min, max);
        c.axes(min, max, &[0.0, 0.5, 1.0, 1.5, 2.0], &[-30.0, 0.0, 30.0], "time (s)", "joint angle (°)");
        c.text_px(Vec2::new(380.0, top + 14.0), title, 14.0, Anchor::Middle, ink::INK);
        curve(&mut c, 0.0, 2.0, clip_a, Stroke::dashed(ink::X, 1.0));
        curve(&mut c, 0.0, 2.0, clip_b, Stroke::dashed(ink::Z, 1.0));
        if row == 0.0 {
            curve(&mut c, 0.0, 1.0, clip_a, Stroke::solid(ink::INK, 2.5));
            curve(&mut c, 1.0, 2.0, clip_b, Stroke::solid(ink::INK, 2.5));
            c.line(Vec2::new(1.0, clip_a(1.0)), Vec2::new(1.0, clip_b(1.0)), Stroke::solid(ink::HIGHLIGHT, 2.5));
            c.label(
                Vec2::new(1.0, clip_a(1.0)),
                Vec2::new(8.0, 4.0),
                "pop: a jump in one frame",
                12.0,
                Anchor::Start,
                ink::HIGHLIGHT,
            );
        } else {
            let blended = |t: f32| {
                let w = ((t - 0.8) / 0.6).clamp(0.0, 1.0);
                (1.0 - w) * clip_a(t) + w * clip_b(t)
            };
            curve(&mut c, 0.0, 2.0, blended, Stroke::solid(ink::INK, 2.5));
            c.line(Vec2::new(0.8, -40.0), Vec2::new(0.8, 40.0), Stroke::dashed(ink::MUTED, 1.0));
            c.line(Vec2::new(1.4, -40.0), Vec2::new(1.4, 40.0), Stroke::dashed(ink::MUTED, 1.0));
        }
        c.label(Vec2::new(0.02, clip_a(0.02)), Vec2::new(4.0, -8.0), "clip A", 12.0, Anchor::Start, ink::X);
        c.label(Vec2::new(1.98, clip_b(1.98)), Vec2::new(-4.0, -8.0), "clip B", 12.0, Anchor::End, ink::Z);
    }
    c.finish("A joint's angle over two seconds. Cut: at 1 s the angle jumps from the first clip's curve to the second's in one frame. Crossfade: over 0.6 s the curve leaves the first clip and joins the second without a jump.")
}

/// The joints of a two-bone arm hanging from the origin: shoulder turned
/// `a` from straight down, elbow bent `b` more.
fn arm(a: f32, b: f32) -> [Vec2; 3] {
    let (l1, l2) = (0.3, 0.25);
    let elbow = Vec2::new(a.sin(), -a.cos()) * l1;
    [Vec2::ZERO, elbow, elbow + Vec2::new((a + b).sin(), -(a + b).cos()) * l2]
}

fn local_not_world() -> String {
    let mut c = Canvas::new(700.0, 380.0, Vec2::new(-0.95, -0.6), Vec2::new(0.95, 0.08));
    let bend = 20f32.to_radians();
    let fwd = arm(60f32.to_radians(), bend);
    let back = arm(-60f32.to_radians(), bend);
    let world: Vec<Vec2> = fwd.iter().zip(&back).map(|(a, b)| (*a + *b) * 0.5).collect();
    let local = arm(0.0, bend);
    c.polyline(&fwd, Stroke::solid(ink::X, 3.0));
    c.polyline(&back, Stroke::solid(ink::Z, 3.0));
    c.polyline(&world, Stroke::dashed(ink::MUTED, 3.0));
    c.polyline(&local, Stroke::solid(ink::HIGHLIGHT, 3.0));
    for p in fwd.iter().chain(&back).chain(&world).chain(&local) {
        c.dot(*p, 4.0, ink::INK);
    }
    c.label(fwd[2], Vec2::new(-40.0, -30.0), "pose 1: swung 60° forward", 13.0, Anchor::Start, ink::X);
    c.label(back[2], Vec2::new(-8.0, 4.0), "pose 2: swung 60° back", 13.0, Anchor::End, ink::Z);
    c.label(
        world[2],
        Vec2::new(12.0, 14.0),
        "world positions blended: the arm folds short",
        13.0,
        Anchor::Start,
        ink::MUTED,
    );
    c.label(local[2], Vec2::new(0.0, 20.0), "local turns blended: full length", 13.0, Anchor::Middle, ink::HIGHLIGHT);
    c.label(Vec2::ZERO, Vec2::new(0.0, -10.0), "shoulder", 12.0, Anchor::Middle, ink::INK);
    c.finish("An arm of two bones swung forward (red) and back (blue). Blending the world positions of its joints half and half gives the dashed grey arm, folded short; blending the local turns gives the orange arm, hanging straight down at full length.")
}

/// A node of a tree diagram: a filled circle with its name beside it.
fn node(c: &mut Canvas, at: Vec2, name: &str, fill: &'static str) {
    c.circle(at, 11.0, Stroke::solid(ink::INK, 1.5), fill);
    c.label(at, Vec2::new(15.0, 5.0), name, 13.0, Anchor::Start, ink::INK);
}

fn tree(c: &mut Canvas, nodes: &[(&str, Vec2, Option<usize>, &'static str)]) {
    for (_, at, parent, _) in nodes {
        if let Some(p) = parent {
            c.line(nodes[*p].1, *at, Stroke::solid(ink::MUTED, 2.0));
        }
    }
    for (name, at, _, fill) in nodes {
        node(c, *at, name, fill);
    }
}

fn shared_and_independent() -> String {
    let mut c = Canvas::new(700.0, 360.0, Vec2::new(-1.0, -0.3), Vec2::new(5.2, 3.3));
    let (both, a, b, none) = (ink::PURPLE, ink::X, ink::Z, "white");
    let nodes = [
        ("root", Vec2::new(1.5, 0.0), None, none),
        ("spine", Vec2::new(1.0, 1.0), Some(0), both),
        ("chest", Vec2::new(1.0, 2.0), Some(1), none),
        ("head", Vec2::new(1.0, 3.0), Some(2), none),
        ("arm_l", Vec2::new(0.0, 2.6), Some(2), b),
        ("arm_r", Vec2::new(2.0, 2.6), Some(2), b),
        ("leg_l", Vec2::new(0.5, -0.1), Some(0), a),
        ("leg_r", Vec2::new(2.5, -0.1), Some(0), a),
    ];
    tree(&mut c, &nodes);
    for (i, (what, fill)) in
        [("both clips animate it (shared)", both), ("clip A only", a), ("clip B only", b), ("neither clip", none)]
            .into_iter()
            .enumerate()
    {
        let at = Vec2::new(3.3, 2.8 - 0.6 * i as f32);
        c.circle(at, 9.0, Stroke::solid(ink::INK, 1.5), fill);
        c.label(at, Vec2::new(15.0, 5.0), what, 13.0, Anchor::Start, ink::INK);
    }
    c.label(Vec2::new(3.3, 0.3), Vec2::ZERO, "A: a walk's legs, B: a wave's arms", 12.0, Anchor::Start, ink::MUTED);
    c.finish("A tree of eight nodes. Clip A animates the spine and the legs, clip B the spine and the arms; the root, the chest and the head are animated by neither. Nodes are coloured by which clips have a channel there: both, A only, B only, neither.")
}

fn interrupted_fade() -> String {
    let (min, max) = (Vec2::new(0.0, 0.0), Vec2::new(2.5, 1.0));
    let mut c = Canvas::new(700.0, 320.0, min, max);
    c.plot_view(Rect { x: 10.0, y: 10.0, w: 680.0, h: 300.0 }, min, max);
    c.axes(min, max, &[0.0, 0.5, 1.0, 1.3, 1.8, 2.5], &[0.0, 0.4, 0.6, 1.0], "time (s)", "weight");
    let ramp = |t: f32, from: f32| ((t - from) / 0.5).clamp(0.0, 1.0);
    let walk = [Vec2::new(0.0, 1.0), Vec2::new(1.0, 1.0), Vec2::new(1.3, 1.0 - ramp(1.3, 1.0))];
    let run = [Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), Vec2::new(1.3, ramp(1.3, 1.0))];
    c.polyline(&walk, Stroke::solid(ink::X, 2.5));
    c.polyline(&run, Stroke::solid(ink::Z, 2.5));
    // Restarting the new fade from the run alone: the walk's share vanishes.
    c.line(Vec2::new(1.3, 0.4), Vec2::new(1.3, 0.0), Stroke::solid(ink::HIGHLIGHT, 3.0));
    c.polyline(&[Vec2::new(1.3, 0.0), Vec2::new(2.5, 0.0)], Stroke::dashed(ink::X, 1.5));
    c.polyline(&[Vec2::new(1.3, 1.0), Vec2::new(1.8, 0.0), Vec2::new(2.5, 0.0)], Stroke::dashed(ink::Z, 1.5));
    c.polyline(&[Vec2::new(1.3, 0.0), Vec2::new(1.8, 1.0), Vec2::new(2.5, 1.0)], Stroke::solid(ink::Y, 2.5));
    c.label(Vec2::new(0.5, 1.0), Vec2::new(0.0, -8.0), "walk", 13.0, Anchor::Middle, ink::X);
    c.label(Vec2::new(0.5, 0.0), Vec2::new(0.0, -8.0), "run", 13.0, Anchor::Middle, ink::Z);
    c.label(Vec2::new(2.1, 1.0), Vec2::new(0.0, -8.0), "wave", 13.0, Anchor::Middle, ink::Y);
    c.label(Vec2::new(1.0, 1.0), Vec2::new(0.0, -8.0), "fade to run", 12.0, Anchor::Middle, ink::MUTED);
    c.label(
        Vec2::new(1.3, 0.2),
        Vec2::new(-8.0, 0.0),
        "wave asked: if the new fade starts from the run alone,",
        12.0,
        Anchor::End,
        ink::HIGHLIGHT,
    );
    c.label(
        Vec2::new(1.3, 0.2),
        Vec2::new(-8.0, 15.0),
        "the walk's 0.4 drops to 0 in one frame: a pop",
        12.0,
        Anchor::End,
        ink::HIGHLIGHT,
    );
    c.finish("Weights over two and a half seconds: a half-second fade from walk to run starts at 1 s; at 1.3 s (walk 0.4, run 0.6) the wave is asked for. If the new fade starts from the run alone, the walk's 0.4 drops to nothing in one frame: a pop. What must the new fade start from so that nothing jumps? (step 4)")
}

fn phase_sync() -> String {
    let mut c = Canvas::new(700.0, 380.0, Vec2::new(0.0, 0.0), Vec2::new(1.0, 1.0));
    let bar = |c: &mut Canvas, y: f32, width: f32, name: &str, color: &'static str| {
        let (x0, x1) = (60.0, 60.0 + width);
        c.rect_px(Rect { x: x0, y, w: width, h: 26.0 }, Stroke::solid(color, 1.5), "white");
        for (phase, foot) in [(0.0, "L"), (0.5, "R")] {
            let x = x0 + phase * width;
            c.rect_px(Rect { x: x - 1.0, y, w: 2.0, h: 26.0 }, Stroke::solid(color, 1.0), color);
            c.text_px(Vec2::new(x + 4.0, y + 18.0), foot, 13.0, Anchor::Start, color);
        }
        c.text_px(Vec2::new(x1 + 6.0, y + 18.0), name, 13.0, Anchor::Start, color);
    };
    // Top: time in seconds, 400 px per second.
    let px_per_s = 320.0;
    c.text_px(Vec2::new(20.0, 28.0), "one time in seconds: 0.6 s into both loops", 14.0, Anchor::Start, ink::INK);
    bar(&mut c, 45.0, 1.6 * px_per_s, "sneak, 1.6 s", ink::X);
    bar(&mut c, 85.0, 0.8 * px_per_s, "stride, 0.8 s", ink::Z);
    let x = 60.0 + 0.6 * px_per_s;
    c.rect_px(Rect { x: x - 1.0, y: 38.0, w: 2.0, h: 82.0 }, Stroke::solid(ink::HIGHLIGHT, 1.0), ink::HIGHLIGHT);
    c.text_px(
        Vec2::new(x + 6.0, 135.0),
        "sneak at phase 0.375, stride at 0.75: feet disagree",
        12.0,
        Anchor::Start,
        ink::HIGHLIGHT,
    );
    // Bottom: phase, both bars the same width.
    let w = 500.0;
    c.text_px(Vec2::new(20.0, 198.0), "one phase: 0.375 of each cycle", 14.0, Anchor::Start, ink::INK);
    bar(&mut c, 215.0, w, "sneak (0.6 s in)", ink::X);
    bar(&mut c, 255.0, w, "stride (0.3 s in)", ink::Z);
    let x = 60.0 + 0.375 * w;
    c.rect_px(Rect { x: x - 1.0, y: 208.0, w: 2.0, h: 82.0 }, Stroke::solid(ink::HIGHLIGHT, 1.0), ink::HIGHLIGHT);
    c.text_px(
        Vec2::new(x + 6.0, 305.0),
        "both between the left foot's contact and the right's, at the same moment",
        12.0,
        Anchor::Start,
        ink::HIGHLIGHT,
    );
    c.text_px(
        Vec2::new(20.0, 350.0),
        "L, R: a foot's contact, at phase 0 and 0.5 of a two-step cycle",
        12.0,
        Anchor::Start,
        ink::MUTED,
    );
    c.finish("Two loops drawn as bars, a 1.6 s sneak and a 0.8 s stride, with their foot contacts marked. At one time in seconds (0.6 s, the vertical line) the sneak is at phase 0.375 and the stride at 0.75: their feet disagree. At one phase (0.375 of each bar) they agree.")
}

fn subtree_mask() -> String {
    let mut c = Canvas::new(700.0, 380.0, Vec2::new(-1.6, -1.9), Vec2::new(3.6, 3.3));
    let (inside, outside) = (ink::HIGHLIGHT, "white");
    let nodes = [
        ("root", Vec2::new(1.0, -1.0), None, outside),
        ("spine", Vec2::new(1.0, 0.0), Some(0), outside),
        ("chest", Vec2::new(1.0, 1.0), Some(1), inside),
        ("neck", Vec2::new(1.0, 2.0), Some(2), inside),
        ("head", Vec2::new(1.0, 3.0), Some(3), inside),
        ("arm_l", Vec2::new(-0.3, 1.6), Some(2), inside),
        ("hand_l", Vec2::new(-1.0, 0.8), Some(5), inside),
        ("arm_r", Vec2::new(2.3, 1.6), Some(2), inside),
        ("hand_r", Vec2::new(3.0, 0.8), Some(7), inside),
        ("leg_l", Vec2::new(0.0, -1.8), Some(0), outside),
        ("leg_r", Vec2::new(2.0, -1.8), Some(0), outside),
    ];
    c.polygon(
        &[
            Vec2::new(-1.45, 0.45),
            Vec2::new(-0.5, 0.45),
            Vec2::new(0.5, 0.6),
            Vec2::new(1.5, 0.6),
            Vec2::new(2.5, 0.45),
            Vec2::new(3.55, 0.45),
            Vec2::new(3.55, 2.2),
            Vec2::new(1.9, 3.3),
            Vec2::new(0.3, 3.3),
            Vec2::new(-1.45, 2.2),
        ],
        Stroke::dashed(ink::HIGHLIGHT, 1.5),
        ink::HIGHLIGHT,
        0.1,
    );
    tree(&mut c, &nodes);
    c.label(Vec2::new(1.9, 2.75), Vec2::ZERO, "the subtree under chest", 13.0, Anchor::Start, ink::HIGHLIGHT);
    c.label(Vec2::new(1.0, 0.0), Vec2::new(15.0, 22.0), "above: not in", 12.0, Anchor::Start, ink::MUTED);
    c.label(Vec2::new(2.0, -1.8), Vec2::new(62.0, 5.0), "beside: not in", 12.0, Anchor::Start, ink::MUTED);
    c.finish("A small tree: root, spine, chest, neck and head, both arms under chest, both legs under the root. The subtree under chest (chest, neck, head, the arms and hands) is marked; the spine above it and the legs beside it are not.")
}
