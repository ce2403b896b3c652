//! Lab 09's figures about signals over time: inertialization against a
//! crossfade, and a foot's contact windows.

use super::{curve, spring_path};
use crate::figures::kit::{Anchor, Canvas, Rect, Stroke, ink};
use glam::Vec2;
use std::f32::consts::{LN_2, PI, TAU};

/// Two made-up joint angles (degrees) over time: the old motion and the new.
fn old_motion(t: f32) -> f32 {
    28.0 + 12.0 * (TAU * 0.8 * t).sin()
}
fn new_motion(t: f32) -> f32 {
    -8.0 + 14.0 * (TAU * t / 0.9 + 2.0).sin()
}
fn slope(f: fn(f32) -> f32, t: f32) -> f32 {
    (f(t + 1e-3) - f(t - 1e-3)) / 2e-3
}

pub(super) fn inertialize_or_crossfade() -> String {
    let (min, max) = (Vec2::new(0.0, -30.0), Vec2::new(2.5, 50.0));
    let mut c = Canvas::new(700.0, 480.0, min, max);
    let switch = 1.0;
    let times: Vec<f32> = (0..=250).map(|i| i as f32 * 0.01).collect();
    let panels = [
        (0.0, "crossfade, 1 s to 1.6 s: both motions sampled"),
        (1.0, "inertialized at 1 s: only the new motion sampled"),
    ];
    for (row, title) in panels {
        let top = 10.0 + row * 235.0;
        c.plot_view(Rect { x: 10.0, y: top, w: 680.0, h: 230.0 }, min, max);
        c.axes(min, max, &[0.0, 0.5, 1.0, 1.5, 2.0, 2.5], &[-20.0, 0.0, 20.0, 40.0], "time (s)", "angle (°)");
        c.text_px(Vec2::new(400.0, top + 14.0), title, 14.0, Anchor::Middle, ink::INK);
        let old: Vec<(f32, f32)> = times.iter().map(|&t| (t, old_motion(t))).collect();
        let new: Vec<(f32, f32)> = times.iter().map(|&t| (t, new_motion(t))).collect();
        curve(&mut c, &old, Stroke::dashed(ink::X, 1.0));
        curve(&mut c, &new, Stroke::dashed(ink::Z, 1.0));
        c.line(Vec2::new(switch, -30.0), Vec2::new(switch, 50.0), Stroke::dashed(ink::MUTED, 1.0));
        let shown: Vec<(f32, f32)> = if row == 0.0 {
            times
                .iter()
                .map(|&t| {
                    let w = ((t - switch) / 0.6).clamp(0.0, 1.0);
                    (t, (1.0 - w) * old_motion(t) + w * new_motion(t))
                })
                .collect()
        } else {
            let gap = old_motion(switch) - new_motion(switch);
            let gap_rate = slope(old_motion, switch) - slope(new_motion, switch);
            let decay = spring_path(gap, gap_rate, 0.0, 2.0 * LN_2 / 0.15, 1.0, 0.01, 1.5);
            times
                .iter()
                .map(|&t| {
                    if t < switch {
                        (t, old_motion(t))
                    } else {
                        let i = (((t - switch) / 0.01).round() as usize).min(decay.len() - 1);
                        (t, new_motion(t) + decay[i].1)
                    }
                })
                .collect()
        };
        curve(&mut c, &shown, Stroke::solid(ink::INK, 2.5));
        c.label(Vec2::new(2.45, old_motion(2.45)), Vec2::new(-4.0, -10.0), "old motion", 12.0, Anchor::End, ink::X);
        c.label(Vec2::new(0.05, new_motion(0.05)), Vec2::new(4.0, 20.0), "new motion", 12.0, Anchor::Start, ink::Z);
        if row == 1.0 {
            let (a, b) = (Vec2::new(switch, new_motion(switch)), Vec2::new(switch, old_motion(switch)));
            c.arrow(a, b, Stroke::solid(ink::HIGHLIGHT, 2.5));
            c.line(Vec2::new(0.8, -21.0), (a + b) * 0.5 + Vec2::new(-0.02, 0.0), Stroke::solid(ink::HIGHLIGHT, 1.0));
            c.label(
                Vec2::new(0.8, -21.0),
                Vec2::new(0.0, 16.0),
                "offset at the switch",
                12.0,
                Anchor::Middle,
                ink::HIGHLIGHT,
            );
            c.label(
                Vec2::new(1.45, 12.0),
                Vec2::new(0.0, 0.0),
                "new + an offset dying away",
                12.0,
                Anchor::Start,
                ink::INK,
            );
        }
    }
    c.finish("A joint's angle leaving an old motion (red, dashed) for a new one (blue, dashed) at 1 s, on made-up curves. Crossfade: for 0.6 s the angle is a mix of both, so both are sampled. Inertialized: from 1 s only the new motion is sampled; the difference from the old one at the switch (orange arrow), and its rate, die away without a jump or a kink.")
}

/// A made-up foot over one step cycle of 1.2 s: (height m, speed over the ground m/s).
/// On the ground for the first half of the cycle, swinging through the second.
fn foot(t: f32) -> (f32, f32) {
    let s = (t / 1.2 - 0.5).clamp(0.0, 0.5) * 2.0;
    let lift = (PI * s).sin().max(0.0);
    (0.02 + 0.14 * lift * lift, 2.6 * lift.powf(1.5))
}

pub(super) fn contact_windows() -> String {
    let mut c = Canvas::new(700.0, 460.0, Vec2::ZERO, Vec2::ONE);
    let (hmax, smax) = (0.2f32, 3.0f32);
    let (h_at, s_at) = (0.06f32, 0.25f32);
    let times: Vec<f32> = (0..=240).map(|i| i as f32 * 0.005).collect();
    let contact: Vec<bool> = times.iter().map(|&t| foot(t).0 <= h_at && foot(t).1 <= s_at).collect();
    let low: Vec<bool> = times.iter().map(|&t| foot(t).0 <= h_at).collect();
    let runs = |flags: &[bool]| {
        let mut out = Vec::new();
        let mut start: Option<f32> = None;
        for (i, &t) in times.iter().enumerate() {
            match (flags[i], start) {
                (true, None) => start = Some(t),
                (false, Some(s)) => {
                    out.push((s, t));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            out.push((s, 1.2));
        }
        out
    };
    let windows = runs(&contact);
    let low_windows = runs(&low);
    let panels = [
        (0.0, "foot height (m)", hmax, h_at, "0.06 m", [0.0, 0.1, 0.2]),
        (1.0, "speed over the ground (m/s)", smax, s_at, "0.25 m/s", [0.0, 1.0, 2.0]),
    ];
    for (row, name, top_value, threshold, threshold_text, ticks) in panels {
        let top = 10.0 + row * 225.0;
        let (min, max) = (Vec2::new(0.0, 0.0), Vec2::new(1.2, top_value));
        c.plot_view(Rect { x: 10.0, y: top, w: 680.0, h: 220.0 }, min, max);
        for (list, color, opacity) in [(&low_windows, ink::MUTED, 0.2), (&windows, ink::Y, 0.3)] {
            for &(a, b) in list {
                c.polygon(
                    &[Vec2::new(a, 0.0), Vec2::new(b, 0.0), Vec2::new(b, top_value), Vec2::new(a, top_value)],
                    Stroke::solid(color, 0.0),
                    color,
                    opacity,
                );
            }
        }
        c.axes(min, max, &[0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2], &ticks, "time (s)", name);
        let pts: Vec<(f32, f32)> = times.iter().map(|&t| (t, if row == 0.0 { foot(t).0 } else { foot(t).1 })).collect();
        curve(&mut c, &pts, Stroke::solid(ink::INK, 2.5));
        c.line(Vec2::new(0.0, threshold), Vec2::new(1.2, threshold), Stroke::dashed(ink::X, 1.5));
        c.label(Vec2::new(1.2, threshold), Vec2::new(-4.0, -6.0), threshold_text, 12.0, Anchor::End, ink::X);
        if row == 0.0 {
            let (a, b) = windows[0];
            c.label(
                Vec2::new((a + b) * 0.5, 0.1),
                Vec2::ZERO,
                "in contact: low and slow",
                13.0,
                Anchor::Middle,
                ink::Y,
            );
            c.label(Vec2::new(0.75, 0.17), Vec2::ZERO, "grey: low, but moving", 12.0, Anchor::Middle, ink::MUTED);
        }
    }
    c.finish("A made-up foot over one step cycle of 1.2 s: its height (top) and its speed over the ground (bottom), with a threshold on each (red, dashed). The foot is in contact (green) only where both are under their thresholds; as it lifts off and as it lands it is low but already moving (grey).")
}
