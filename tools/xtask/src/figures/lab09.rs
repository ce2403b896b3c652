//! Lab 09's handout figures (`lab09_locomotion/figures/`): see `super::kit`.
//! Each shows one idea on a case of its own (a cup of tea, a door, made-up
//! gaits and curves), never the lab's own numbers. Springs are integrated
//! here by small steps, not by any closed form.

mod signals;

use super::Figure;
use super::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::Vec2;
use signals::{contact_windows, inertialize_or_crossfade};
use std::f32::consts::{LN_2, PI};

/// Lab 09's figures.
pub fn figures() -> Vec<Figure> {
    vec![
        Figure { name: "exact-or-steps", svg: exact_or_steps() },
        Figure { name: "damping-ratios", svg: damping_ratios() },
        Figure { name: "trajectory", svg: trajectory() },
        Figure { name: "blend-space", svg: blend_space() },
        Figure { name: "door-machine", svg: door_machine() },
        Figure { name: "inertialize-or-crossfade", svg: inertialize_or_crossfade() },
        Figure { name: "contact-windows", svg: contact_windows() },
    ]
}

/// A damped spring `x'' = w^2 (goal - x) - 2 z w x'` integrated by tiny
/// semi-implicit Euler steps from `x`, `v`: samples every `every` seconds
/// until `until`.
fn spring_path(x: f32, v: f32, goal: f32, w: f32, z: f32, every: f32, until: f32) -> Vec<(f32, f32, f32)> {
    let h = 1e-4f32;
    let per = (every / h).round() as usize;
    let n = (until / every).round() as usize;
    let (mut x, mut v) = (x, v);
    let mut out = vec![(0.0, x, v)];
    for i in 1..=n {
        for _ in 0..per {
            v += (w * w * (goal - x) - 2.0 * z * w * v) * h;
            x += v * h;
        }
        out.push((i as f32 * every, x, v));
    }
    out
}

/// A legend row whose text starts at a world point: a short stroke, then the text.
fn legend(c: &mut Canvas, at: Vec2, text: &str, s: Stroke) {
    let w = 24.0 / c.pixels_per_unit();
    c.line(at + Vec2::new(-w - 6.0 / c.pixels_per_unit(), 0.0), at + Vec2::new(-6.0 / c.pixels_per_unit(), 0.0), s);
    c.label(at, Vec2::new(0.0, 4.0), text, 12.0, Anchor::Start, s.color);
}

fn curve(c: &mut Canvas, pts: &[(f32, f32)], s: Stroke) {
    let p: Vec<Vec2> = pts.iter().map(|&(t, y)| Vec2::new(t, y)).collect();
    c.polyline(&p, s);
}

fn exact_or_steps() -> String {
    let (min, max) = (Vec2::new(0.0, 10.0), Vec2::new(60.0, 95.0));
    let mut c = Canvas::new(700.0, 360.0, min, max);
    c.plot_view(Rect { x: 10.0, y: 10.0, w: 680.0, h: 340.0 }, min, max);
    c.axes(min, max, &[0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0], &[20.0, 40.0, 60.0, 80.0], "time (min)", "tea (°C)");
    let room = 20.0;
    c.line(Vec2::new(0.0, room), Vec2::new(60.0, room), Stroke::dashed(ink::MUTED, 1.0));
    c.label(Vec2::new(60.0, room), Vec2::new(-4.0, -6.0), "room, 20 °C", 12.0, Anchor::End, ink::MUTED);
    // The law: the gap to the room shrinks to 0.9 of itself every minute.
    let exact = |t: f32| room + 70.0 * 0.9f32.powf(t);
    let pts: Vec<(f32, f32)> = (0..=240).map(|i| i as f32 * 0.25).map(|t| (t, exact(t))).collect();
    curve(&mut c, &pts, Stroke::solid(ink::INK, 2.5));
    // Euler: the gap's rate now, held for a whole frame.
    let rate = -(0.9f32.ln());
    for (frame, color) in [(5.0f32, ink::Z), (10.0, ink::X)] {
        let mut gap = 70.0f32;
        let mut p = vec![Vec2::new(0.0, room + gap)];
        let mut t = 0.0;
        while t < 60.0 - 1e-3 {
            gap -= rate * gap * frame;
            t += frame;
            p.push(Vec2::new(t, room + gap));
        }
        c.polyline(&p, Stroke::solid(color, 1.5));
        for q in &p {
            c.dot(*q, 3.5, color);
        }
    }
    for i in 0..=6 {
        let t = i as f32 * 10.0;
        c.circle(Vec2::new(t, exact(t)), 6.0, Stroke::solid(ink::HIGHLIGHT, 2.0), "none");
    }
    legend(
        &mut c,
        Vec2::new(21.0, 86.0),
        "the law itself: any frame lands on it (rings: 10-minute frames)",
        Stroke::solid(ink::INK, 2.5),
    );
    legend(
        &mut c,
        Vec2::new(21.0, 79.0),
        "steps of 5 minutes, the rate held through each: cools too fast",
        Stroke::solid(ink::Z, 1.5),
    );
    legend(
        &mut c,
        Vec2::new(21.0, 72.0),
        "steps of 10 minutes: below the room, then above",
        Stroke::solid(ink::X, 1.5),
    );
    c.text_px(
        Vec2::new(400.0, 24.0),
        "tea at 90 °C: its gap to the room shrinks to 0.9 of itself each minute",
        14.0,
        Anchor::Middle,
        ink::INK,
    );
    c.finish("A cup of tea cooling towards room temperature over an hour. The law evaluated at any time (black curve) gives the same temperatures whether read every minute or every 10 minutes (orange rings). Stepping with the rate of cooling held for a whole frame drifts: 5-minute steps cool too fast, 10-minute steps overshoot below the room and swing back.")
}

fn damping_ratios() -> String {
    let (min, max) = (Vec2::new(0.0, 0.0), Vec2::new(2.5, 1.45));
    let mut c = Canvas::new(700.0, 360.0, min, max);
    c.plot_view(Rect { x: 10.0, y: 10.0, w: 680.0, h: 340.0 }, min, max);
    c.axes(min, max, &[0.0, 0.5, 1.0, 1.5, 2.0, 2.5], &[0.0, 0.5, 1.0], "time (s)", "value");
    let h = 0.5f32;
    let w = 2.0 * LN_2 / h;
    c.line(Vec2::new(0.0, 1.0), Vec2::new(2.5, 1.0), Stroke::dashed(ink::MUTED, 1.0));
    c.label(Vec2::new(2.5, 1.0), Vec2::new(-4.0, 16.0), "goal", 12.0, Anchor::End, ink::MUTED);
    c.line(Vec2::new(h, 0.0), Vec2::new(h, 1.45), Stroke::dashed(ink::MUTED, 1.0));
    c.label(Vec2::new(h, 1.45), Vec2::new(6.0, 12.0), "h = 0.5 s", 12.0, Anchor::Start, ink::MUTED);
    let cases = [
        (0.3, ink::X, "under-damped (ζ = 0.3): overshoots, rings", 0.42),
        (1.0, ink::Z, "critically damped (ζ = 1): quickest, no overshoot", 0.3),
        (2.5, ink::Y, "over-damped (ζ = 2.5): creeps", 0.18),
    ];
    for (z, color, name, row) in cases {
        let path = spring_path(0.0, 0.0, 1.0, w, z, 0.01, 2.5);
        let pts: Vec<(f32, f32)> = path.iter().map(|&(t, x, _)| (t, x)).collect();
        curve(&mut c, &pts, Stroke::solid(color, 2.5));
        legend(&mut c, Vec2::new(1.3, row), name, Stroke::solid(color, 2.5));
    }
    c.text_px(
        Vec2::new(400.0, 24.0),
        "one stiffness ω = 2 ln 2 / h, three damping ratios ζ; the goal jumps from 0 to 1",
        13.0,
        Anchor::Middle,
        ink::INK,
    );
    c.finish("A value at rest at 0 whose goal jumps to 1, pulled by three springs of the same stiffness: under-damped it overshoots and rings, critically damped it arrives without overshooting, over-damped it creeps. A dashed line marks the half-life h = 0.5 s that names the stiffness.")
}

fn trajectory() -> String {
    let mut c = Canvas::new(700.0, 380.0, Vec2::new(-1.5, -0.3), Vec2::new(1.8, 1.0));
    // A character at the origin running +x at 2 m/s; the stick now asks 2 m/s along +y (up the page).
    // The lab's defaults: velocity half-life 0.2 s, heading half-life 0.15 s.
    let (w, z) = (2.0 * LN_2 / 0.2, 1.0);
    let step = 0.05;
    let vx = spring_path(2.0, 0.0, 0.0, w, z, step, 1.0);
    let vy = spring_path(0.0, 0.0, 2.0, w, z, step, 1.0);
    let mut p = Vec2::ZERO;
    let mut path = vec![p];
    for i in 1..vx.len() {
        let v0 = Vec2::new(vx[i - 1].1, vy[i - 1].1);
        let v1 = Vec2::new(vx[i].1, vy[i].1);
        p += (v0 + v1) * 0.5 * step;
        path.push(p);
    }
    let facing = spring_path(0.0, 0.0, PI / 2.0, 2.0 * LN_2 / 0.15, 1.0, step, 1.0);
    c.polyline(&[Vec2::new(-1.4, 0.0), Vec2::ZERO], Stroke::solid(ink::MUTED, 2.5));
    c.label(Vec2::new(-0.9, 0.0), Vec2::new(0.0, 20.0), "where it came from", 12.0, Anchor::Middle, ink::MUTED);
    c.polyline(&path[..=12], Stroke::dashed(ink::Z, 2.0));
    // `given::PREDICTION`: 0.2, 0.4 and 0.6 s ahead.
    let ahead = [4usize, 8, 12];
    for &i in &ahead {
        let ring = Vec2::new(2.0 * i as f32 * step, 0.0);
        c.circle(ring, 6.0, Stroke::solid(ink::MUTED, 1.5), "white");
    }
    c.label(
        Vec2::new(1.0, 0.0),
        Vec2::new(0.0, 24.0),
        "straight on at today's velocity",
        12.0,
        Anchor::Middle,
        ink::MUTED,
    );
    c.arrow(Vec2::ZERO, Vec2::new(0.3, 0.0), Stroke::solid(ink::INK, 2.0));
    for &i in &ahead {
        let at = path[i];
        let a = facing[i].1;
        c.arrow(at, at + Vec2::new(a.cos(), a.sin()) * 0.3, Stroke::solid(ink::INK, 2.0));
        c.dot(at, 7.0, ink::Z);
        let t = format!("+{:.2} s", i as f32 * step);
        c.label(at, Vec2::new(-12.0, -6.0), &t, 13.0, Anchor::End, ink::Z);
    }
    c.dot(Vec2::ZERO, 8.0, ink::HIGHLIGHT);
    c.label(Vec2::ZERO, Vec2::new(-12.0, -10.0), "now: 2 m/s to the right", 13.0, Anchor::End, ink::HIGHLIGHT);
    c.arrow(Vec2::new(-1.1, 0.3), Vec2::new(-1.1, 0.9), Stroke::solid(ink::HIGHLIGHT, 3.0));
    c.label(
        Vec2::new(-1.1, 0.6),
        Vec2::new(10.0, 4.0),
        "stick: 2 m/s up the page",
        13.0,
        Anchor::Start,
        ink::HIGHLIGHT,
    );
    c.label(path[12], Vec2::new(14.0, 4.0), "predicted (black: facing)", 13.0, Anchor::Start, ink::Z);
    c.finish("Seen from above: a character running right at 2 m/s when the stick turns up the page. Its predicted positions 0.2, 0.4 and 0.6 s ahead, the lab's (blue dots, with the facing as black arrows), curve round as the velocity follows the stick with the default half-lives (velocity 0.2 s, facing 0.15 s), not straight on (grey rings).")
}

fn blend_space() -> String {
    let mut c = Canvas::new(700.0, 280.0, Vec2::new(-0.4, -1.4), Vec2::new(7.4, 2.2));
    let axis = Stroke::solid(ink::INK, 2.0);
    c.line(Vec2::new(0.0, 0.0), Vec2::new(7.0, 0.0), axis);
    for i in 0..=7 {
        let x = i as f32;
        c.line(Vec2::new(x, -0.08), Vec2::new(x, 0.08), Stroke::solid(ink::MUTED, 1.0));
        c.label(Vec2::new(x, 0.0), Vec2::new(0.0, 20.0), &format!("{i}"), 11.0, Anchor::Middle, ink::MUTED);
    }
    c.label(Vec2::new(7.0, 0.0), Vec2::new(12.0, 4.0), "m/s", 12.0, Anchor::Start, ink::INK);
    let clips = [("shuffle", 0.5f32), ("jog", 2.5), ("sprint", 6.0)];
    let asked = 3.5f32;
    let (a, b) = (clips[1].1, clips[2].1);
    let wb = (asked - a) / (b - a);
    let weights = [0.0, 1.0 - wb, wb];
    for ((name, at), weight) in clips.iter().zip(weights) {
        c.dot(Vec2::new(*at, 0.0), 7.0, ink::Z);
        c.label(Vec2::new(*at, 0.0), Vec2::new(0.0, -14.0), name, 13.0, Anchor::Middle, ink::Z);
        if weight > 0.0 {
            let top = 0.45 + 1.3 * weight;
            c.polygon(
                &[
                    Vec2::new(at - 0.2, 0.45),
                    Vec2::new(at + 0.2, 0.45),
                    Vec2::new(at + 0.2, top),
                    Vec2::new(at - 0.2, top),
                ],
                Stroke::solid(ink::Z, 1.0),
                ink::Z,
                0.3,
            );
            c.label(
                Vec2::new(*at, top),
                Vec2::new(0.0, -6.0),
                &format!("weight {weight:.2}"),
                12.0,
                Anchor::Middle,
                ink::Z,
            );
        }
    }
    c.line(Vec2::new(asked, -0.5), Vec2::new(asked, 0.3), Stroke::solid(ink::HIGHLIGHT, 2.5));
    c.label(Vec2::new(asked, 0.3), Vec2::new(0.0, -8.0), "asked: 3.5", 13.0, Anchor::Middle, ink::HIGHLIGHT);
    for (from, to, text) in [(a, asked, "1.0 away"), (asked, b, "2.5 away")] {
        c.arrow(Vec2::new((from + to) * 0.5, -0.7), Vec2::new(from, -0.7), Stroke::solid(ink::MUTED, 1.0));
        c.arrow(Vec2::new((from + to) * 0.5, -0.7), Vec2::new(to, -0.7), Stroke::solid(ink::MUTED, 1.0));
        c.label(Vec2::new((from + to) * 0.5, -0.7), Vec2::new(0.0, 16.0), text, 12.0, Anchor::Middle, ink::MUTED);
    }
    c.label(Vec2::new(0.25, -1.2), Vec2::new(0.0, 4.0), "below 0.5: shuffle alone", 11.0, Anchor::Middle, ink::MUTED);
    c.label(Vec2::new(6.6, -1.2), Vec2::new(0.0, 4.0), "above 6: sprint alone", 11.0, Anchor::Middle, ink::MUTED);
    c.finish("A 1D blend space of three made-up clips placed at their speeds: shuffle 0.5, jog 2.5, sprint 6 m/s. Asked for 3.5 m/s, only the two neighbours play: the jog, 1 m/s away, weighs 0.71; the sprint, 2.5 m/s away, 0.29. The shuffle weighs nothing.")
}

/// A state of a machine diagram: a box centred at `at` with its name.
fn state_box(c: &mut Canvas, at: Vec2, name: &str, fill: &str, dashed: bool) {
    let (hw, hh) = (0.95, 0.38);
    let s = if dashed { Stroke::dashed(ink::INK, 1.5) } else { Stroke::solid(ink::INK, 2.0) };
    c.polygon(
        &[at + Vec2::new(-hw, -hh), at + Vec2::new(hw, -hh), at + Vec2::new(hw, hh), at + Vec2::new(-hw, hh)],
        s,
        fill,
        1.0,
    );
    c.label(at, Vec2::new(0.0, 5.0), name, 15.0, Anchor::Middle, ink::INK);
}

fn door_machine() -> String {
    let mut c = Canvas::new(700.0, 340.0, Vec2::new(-2.4, -3.1), Vec2::new(7.3, 0.8));
    let (closed, open, locked, alarm, any) =
        (Vec2::new(0.0, 0.0), Vec2::new(5.8, 0.0), Vec2::new(0.0, -2.4), Vec2::new(5.8, -2.4), Vec2::new(2.7, -2.4));
    let edge = Stroke::solid(ink::INK, 1.5);
    let mid = (closed + open) * 0.5;
    c.arrow(closed + Vec2::new(0.95, 0.18), open + Vec2::new(-0.95, 0.18), edge);
    c.label(
        mid + Vec2::new(0.0, 0.18),
        Vec2::new(0.0, -8.0),
        "push > 0.5   (lasts 0.8 s)",
        12.0,
        Anchor::Middle,
        ink::Z,
    );
    c.arrow(open + Vec2::new(-0.95, -0.18), closed + Vec2::new(0.95, -0.18), edge);
    c.label(
        mid + Vec2::new(0.0, -0.18),
        Vec2::new(0.0, 18.0),
        "at the clip's end, push < 0.1",
        12.0,
        Anchor::Middle,
        ink::Z,
    );
    c.arrow(closed + Vec2::new(-0.3, -0.38), locked + Vec2::new(-0.3, 0.38), edge);
    c.label(closed + Vec2::new(-0.3, -1.2), Vec2::new(-8.0, 4.0), "trigger lock", 12.0, Anchor::End, ink::HIGHLIGHT);
    c.arrow(locked + Vec2::new(0.3, 0.38), closed + Vec2::new(0.3, -0.38), edge);
    c.label(closed + Vec2::new(0.3, -1.2), Vec2::new(8.0, 4.0), "trigger unlock", 12.0, Anchor::Start, ink::HIGHLIGHT);
    c.arrow(any + Vec2::new(0.95, 0.0), alarm + Vec2::new(-0.95, 0.0), Stroke::solid(ink::X, 2.0));
    let mid = (any + alarm) * 0.5;
    c.label(mid, Vec2::new(0.0, -34.0), "trigger forced", 12.0, Anchor::Middle, ink::X);
    c.label(mid, Vec2::new(0.0, 40.0), "priority 1, not interruptible", 12.0, Anchor::Middle, ink::X);
    c.arrow(closed + Vec2::new(-2.1, 0.0), closed + Vec2::new(-0.95, 0.0), Stroke::solid(ink::MUTED, 1.5));
    c.label(closed + Vec2::new(-2.1, 0.0), Vec2::new(0.0, -8.0), "start", 12.0, Anchor::Start, ink::MUTED);
    state_box(&mut c, closed, "closed", ink::PAPER, false);
    state_box(&mut c, open, "open", ink::PAPER, false);
    state_box(&mut c, locked, "locked", ink::PAPER, false);
    state_box(&mut c, alarm, "alarm", "#fde0dc", false);
    state_box(&mut c, any, "any state", "white", true);
    c.text_px(
        Vec2::new(350.0, 330.0),
        "parameter: push (0 to 1)     triggers: lock, unlock, forced",
        13.0,
        Anchor::Middle,
        ink::MUTED,
    );
    c.finish("A door's state machine: states closed, open, locked and alarm. Closed goes to open when the parameter push is above 0.5 (a transition lasting 0.8 s) and back at the end of the open clip once push is below 0.1; the triggers lock and unlock move between closed and locked; from any state the trigger forced goes to alarm, with priority 1 and not interruptible.")
}
