//! The handout figures' drawing kit: a small SVG canvas with a world-to-pixel
//! view (y up, as in the labs), strokes, arrows, labels and plot axes.
//!
//! Every number is written with one decimal, so a figure's text is the same
//! on every machine and `cargo xtask figures --check` can compare it exactly.
//! Not every figure uses every colour or shape, hence `allow(dead_code)`.
#![allow(dead_code)]

use glam::{Vec2, Vec3};
use std::fmt::Write;

/// Colours, named by what they mean in every figure.
pub mod ink {
    /// Text, bones, the main subject.
    pub const INK: &str = "#222222";
    /// Secondary lines: the rest pose, guides, axes of a plot.
    pub const MUTED: &str = "#999999";
    /// A light fill behind things.
    pub const PAPER: &str = "#f4f4f4";
    /// A joint's X axis (and the first of two things compared).
    pub const X: &str = "#d62728";
    /// A joint's Y axis (and the second).
    pub const Y: &str = "#2ca02c";
    /// A joint's Z axis (and the third).
    pub const Z: &str = "#1f77b4";
    /// What the figure is about: the selected joint, the answer of the example.
    pub const HIGHLIGHT: &str = "#ff7f0e";
    /// A fourth series.
    pub const PURPLE: &str = "#9467bd";
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Stroke {
    /// An SVG colour (see [`ink`]).
    pub color: &'static str,
    /// Width in pixels.
    pub width: f32,
    /// Dashed (guides, hidden or "before" states).
    pub dashed: bool,
}

impl Stroke {
    /// A solid line.
    pub const fn solid(color: &'static str, width: f32) -> Stroke {
        Stroke { color, width, dashed: false }
    }
    /// A dashed line.
    pub const fn dashed(color: &'static str, width: f32) -> Stroke {
        Stroke { color, width, dashed: true }
    }
}

/// Where a label sits relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Text starts at the point.
    Start,
    /// Text is centred on the point.
    Middle,
    /// Text ends at the point.
    End,
}

/// An SVG picture with a current view: drawing calls take world coordinates
/// (y up) and the view maps them into the current pixel rectangle.
pub struct Canvas {
    width: f32,
    height: f32,
    body: String,
    // The current view: pixel rect (x, y, w, h) and the world point at its
    // centre and pixels per world unit.
    scale: Vec2,
    centre_world: Vec2,
    centre_px: Vec2,
}

/// A rectangle in pixels: left, top, width, height.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Canvas {
    /// A white picture `width` x `height` pixels whose view shows the world
    /// box `min..max` as large as fits, centred, with a 24-pixel margin.
    pub fn new(width: f32, height: f32, min: Vec2, max: Vec2) -> Canvas {
        let mut c = Canvas {
            width,
            height,
            body: String::new(),
            scale: Vec2::ONE,
            centre_world: Vec2::ZERO,
            centre_px: Vec2::ZERO,
        };
        let _ = writeln!(c.body, r#"<rect x="0" y="0" width="{width:.1}" height="{height:.1}" fill="white"/>"#);
        c.view(Rect { x: 0.0, y: 0.0, w: width, h: height }, min, max);
        c
    }

    /// From now on draw into the pixel rectangle `px` (a panel), showing the
    /// world box `min..max` as large as fits, centred, with a 24-pixel margin.
    pub fn view(&mut self, px: Rect, min: Vec2, max: Vec2) {
        let margin = 24.0;
        let size = (max - min).max(Vec2::splat(1e-6));
        let sx = (px.w - 2.0 * margin).max(1.0) / size.x;
        let sy = (px.h - 2.0 * margin).max(1.0) / size.y;
        self.scale = Vec2::splat(sx.min(sy));
        self.centre_world = (min + max) * 0.5;
        self.centre_px = Vec2::new(px.x + px.w * 0.5, px.y + px.h * 0.5);
    }

    /// From now on draw a plot into the pixel rectangle `px`: the world box
    /// `min..max` stretched to fill it (x and y scaled apart), with a
    /// 40-pixel margin for the axes' labels.
    pub fn plot_view(&mut self, px: Rect, min: Vec2, max: Vec2) {
        let margin = Vec2::new(44.0, 30.0);
        let size = (max - min).max(Vec2::splat(1e-6));
        self.scale = ((Vec2::new(px.w, px.h) - 2.0 * margin).max(Vec2::ONE)) / size;
        self.centre_world = (min + max) * 0.5;
        self.centre_px = Vec2::new(px.x + px.w * 0.5, px.y + px.h * 0.5);
    }

    /// Pixels per world unit in the current view (along x for a plot).
    pub fn pixels_per_unit(&self) -> f32 {
        self.scale.x
    }

    /// Where a world point lands in pixels.
    pub fn px(&self, p: Vec2) -> Vec2 {
        let d = (p - self.centre_world) * self.scale;
        Vec2::new(self.centre_px.x + d.x, self.centre_px.y - d.y)
    }

    fn stroke_attrs(s: Stroke) -> String {
        let dash = if s.dashed {
            format!(r#" stroke-dasharray="{:.1} {:.1}""#, s.width * 3.0 + 2.0, s.width * 2.0 + 2.0)
        } else {
            String::new()
        };
        format!(
            r#"stroke="{}" stroke-width="{:.1}" stroke-linecap="round" stroke-linejoin="round"{dash}"#,
            s.color, s.width
        )
    }

    fn points(&self, pts: &[Vec2]) -> String {
        let mut out = String::new();
        for (i, p) in pts.iter().enumerate() {
            let q = self.px(*p);
            let _ = write!(out, "{}{:.1},{:.1}", if i == 0 { "" } else { " " }, q.x, q.y);
        }
        out
    }

    /// A straight line between two world points.
    pub fn line(&mut self, a: Vec2, b: Vec2, s: Stroke) {
        self.polyline(&[a, b], s);
    }

    /// Connected line segments through world points.
    pub fn polyline(&mut self, pts: &[Vec2], s: Stroke) {
        let p = self.points(pts);
        let a = Self::stroke_attrs(s);
        let _ = writeln!(self.body, r#"<polyline points="{p}" fill="none" {a}/>"#);
    }

    /// A closed shape, filled with `fill` (an SVG colour; "none" for none)
    /// at `opacity`.
    pub fn polygon(&mut self, pts: &[Vec2], s: Stroke, fill: &str, opacity: f32) {
        let p = self.points(pts);
        let a = Self::stroke_attrs(s);
        let _ = writeln!(self.body, r#"<polygon points="{p}" fill="{fill}" fill-opacity="{opacity:.1}" {a}/>"#);
    }

    /// An arrow from `a` to `b` with a head at `b` (head size from the width).
    pub fn arrow(&mut self, a: Vec2, b: Vec2, s: Stroke) {
        let (pa, pb) = (self.px(a), self.px(b));
        let d = pb - pa;
        let len = d.length();
        if len < 1e-3 {
            return;
        }
        let dir = d / len;
        let head = (4.0 + 3.0 * s.width).min(len * 0.5);
        let side = Vec2::new(-dir.y, dir.x) * head * 0.5;
        let base = pb - dir * head;
        let attrs = Self::stroke_attrs(s);
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {attrs}/>"#,
            pa.x, pa.y, base.x, base.y
        );
        let _ = writeln!(
            self.body,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}"/>"#,
            pb.x,
            pb.y,
            (base + side).x,
            (base + side).y,
            (base - side).x,
            (base - side).y,
            s.color
        );
    }

    /// A circle of `radius_px` pixels around a world point; `fill` "none" for
    /// a ring.
    pub fn circle(&mut self, c: Vec2, radius_px: f32, s: Stroke, fill: &str) {
        let p = self.px(c);
        let a = Self::stroke_attrs(s);
        let _ =
            writeln!(self.body, r#"<circle cx="{:.1}" cy="{:.1}" r="{radius_px:.1}" fill="{fill}" {a}/>"#, p.x, p.y);
    }

    /// A filled dot (a joint, a key, a sample).
    pub fn dot(&mut self, c: Vec2, radius_px: f32, color: &'static str) {
        self.circle(c, radius_px, Stroke::solid(color, 0.0), color);
    }

    /// A circular arc around `centre` with a world `radius`, from angle `from`
    /// to `to` (radians, counter-clockwise positive as in the world), drawn
    /// as a polyline; with `arrow`, an arrow head at the end.
    pub fn arc(&mut self, centre: Vec2, radius: f32, from: f32, to: f32, s: Stroke, arrow: bool) {
        let n = (((to - from).abs() * 24.0).ceil() as usize).max(2);
        let pts: Vec<Vec2> = (0..=n)
            .map(|i| {
                let a = from + (to - from) * i as f32 / n as f32;
                centre + radius * Vec2::new(a.cos(), a.sin())
            })
            .collect();
        if arrow && pts.len() >= 2 {
            self.polyline(&pts[..pts.len() - 1], s);
            let last = pts.len() - 1;
            self.arrow(pts[last - 1], pts[last], s);
        } else {
            self.polyline(&pts, s);
        }
    }

    /// A label at a world point, moved by `offset_px` pixels (x right, y
    /// down), `size` pixels high.
    pub fn label(&mut self, at: Vec2, offset_px: Vec2, text: &str, size: f32, anchor: Anchor, color: &str) {
        let p = self.px(at) + offset_px;
        self.text_px(p, text, size, anchor, color);
    }

    /// A label at a pixel position (titles, captions, panel names).
    pub fn text_px(&mut self, p: Vec2, text: &str, size: f32, anchor: Anchor, color: &str) {
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.body,
            r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{size:.1}" text-anchor="{anchor}" fill="{color}">{}</text>"#,
            p.x,
            p.y,
            escape(text)
        );
    }

    /// A rectangle in pixels (a panel's frame or background).
    pub fn rect_px(&mut self, r: Rect, s: Stroke, fill: &str) {
        let a = Self::stroke_attrs(s);
        let _ = writeln!(
            self.body,
            r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{fill}" {a}/>"#,
            r.x, r.y, r.w, r.h
        );
    }

    /// Plot axes for the current view: the x axis along `y = min.y`, the y
    /// axis along `x = min.x`, tick labels at `x_ticks` and `y_ticks` (world
    /// values), and the axis names.
    pub fn axes(&mut self, min: Vec2, max: Vec2, x_ticks: &[f32], y_ticks: &[f32], x_name: &str, y_name: &str) {
        let axis = Stroke::solid(ink::MUTED, 1.0);
        self.line(Vec2::new(min.x, min.y), Vec2::new(max.x, min.y), axis);
        self.line(Vec2::new(min.x, min.y), Vec2::new(min.x, max.y), axis);
        for &t in x_ticks {
            self.line(Vec2::new(t, min.y), Vec2::new(t, min.y) + Vec2::new(0.0, -4.0 / self.scale.y), axis);
            self.label(Vec2::new(t, min.y), Vec2::new(0.0, 16.0), &tick(t), 11.0, Anchor::Middle, ink::MUTED);
        }
        for &t in y_ticks {
            self.line(Vec2::new(min.x, t), Vec2::new(min.x, t) + Vec2::new(-4.0 / self.scale.x, 0.0), axis);
            self.label(Vec2::new(min.x, t), Vec2::new(-7.0, 4.0), &tick(t), 11.0, Anchor::End, ink::MUTED);
        }
        self.label(Vec2::new(max.x, min.y), Vec2::new(0.0, 30.0), x_name, 12.0, Anchor::End, ink::INK);
        self.label(Vec2::new(min.x, max.y), Vec2::new(4.0, -8.0), y_name, 12.0, Anchor::Start, ink::INK);
    }

    /// The finished SVG text, with `alt` as its `<title>` (what to see).
    pub fn finish(self, alt: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\n<title>{t}</title>\n{b}</svg>\n",
            w = self.width,
            h = self.height,
            t = escape(alt),
            b = self.body
        )
    }
}

/// A fixed orthographic camera for 3D figures: looks along `-forward`
/// after turning by `yaw` about Y and then `pitch` about the camera's X.
#[derive(Clone, Copy, Debug)]
pub struct Ortho {
    right: Vec3,
    up: Vec3,
}

impl Ortho {
    /// A camera turned `yaw` radians about world Y and tilted down by
    /// `pitch` radians.
    pub fn new(yaw: f32, pitch: f32) -> Ortho {
        let right = Vec3::new(yaw.cos(), 0.0, -yaw.sin());
        let forward = Vec3::new(yaw.sin(), 0.0, yaw.cos());
        let up = Vec3::Y * pitch.cos() + forward * pitch.sin();
        Ortho { right, up }
    }

    /// The 2D picture of a 3D point.
    pub fn project(&self, p: Vec3) -> Vec2 {
        Vec2::new(p.dot(self.right), p.dot(self.up))
    }
}

fn tick(t: f32) -> String {
    if (t - t.round()).abs() < 1e-4 {
        format!("{}", t.round() as i64)
    } else {
        format!("{t:.2}").trim_end_matches('0').to_string()
    }
}

/// XML-escapes text for a label or a title.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
