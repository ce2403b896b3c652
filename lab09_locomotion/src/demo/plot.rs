//! What the panel plots over the last seconds, one sample per frame: the
//! blend space's weights with the machine's state under them, a joint's
//! angle, and how fast a foot in contact slides; for the first character
//! and (angle, slide) the second. Drawn with egui's painter.

use std::collections::VecDeque;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};

/// The most seconds the plots show and the history keeps (a built-in script fits).
pub const SPAN: f64 = 10.0;

/// The gaits' colours (idle, walk, run), the characters' (first, second),
/// and the states' (repeating).
pub const GAIT_COLORS: [Color32; 3] =
    [Color32::from_rgb(170, 170, 190), Color32::from_rgb(110, 200, 255), Color32::from_rgb(255, 160, 70)];
pub const CHARACTER_COLORS: [Color32; 2] = [Color32::from_rgb(120, 220, 120), Color32::from_rgb(255, 140, 40)];
const STATE_COLORS: [Color32; 6] = [
    Color32::from_rgb(70, 110, 160),
    Color32::from_rgb(150, 90, 60),
    Color32::from_rgb(120, 80, 150),
    Color32::from_rgb(60, 130, 90),
    Color32::from_rgb(150, 140, 60),
    Color32::from_rgb(150, 70, 100),
];

/// One frame's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Seconds since the start.
    pub time: f64,
    /// Idle, walk, run.
    pub weights: [f32; 3],
    /// The machine's state.
    pub state: usize,
    /// The plotted joint's turn from rest as a rotation vector, degrees
    /// (first, second character; NaN: none).
    pub angles: [glam::Vec3; 2],
    /// The fastest sliding foot in contact, cm/s (NaN: none in contact).
    pub slides: [f32; 2],
    /// A transition of the first character's fired in this frame.
    pub fired: bool,
}

/// The samples of the last [`SPAN`] seconds.
#[derive(Default)]
pub struct History {
    samples: VecDeque<Sample>,
}

impl History {
    /// Adds a sample, forgetting those older than the span.
    pub fn record(&mut self, sample: Sample) {
        self.samples.push_back(sample);
        while self.samples.front().is_some_and(|s| s.time < sample.time - SPAN) {
            self.samples.pop_front();
        }
    }

    /// Forgets everything (on reset).
    pub fn clear(&mut self) {
        self.samples.clear();
    }

    /// The samples, oldest first.
    pub fn samples(&self) -> impl Iterator<Item = &Sample> {
        self.samples.iter()
    }

    /// The mean and largest of a value over the span, NaNs skipped.
    pub fn mean_max(&self, pick: impl Fn(&Sample) -> f32) -> Option<(f32, f32)> {
        let values: Vec<f32> = self.samples.iter().map(pick).filter(|v| v.is_finite()).collect();
        let max = values.iter().copied().fold(f32::NAN, f32::max);
        (!values.is_empty()).then(|| (values.iter().sum::<f32>() / values.len() as f32, max))
    }
}

/// The axis (0 x, 1 y, 2 z) about which the first character's plotted
/// joint turned the most over the last `span` seconds: the one its angle plot shows.
pub fn main_axis(history: &History, span: f64) -> usize {
    let now = history.samples.back().map_or(0.0, |s| s.time);
    let shown: Vec<glam::Vec3> =
        history.samples().filter(|s| s.time >= now - span && s.angles[0].is_finite()).map(|s| s.angles[0]).collect();
    let low = shown.iter().copied().fold(glam::Vec3::INFINITY, glam::Vec3::min);
    let high = shown.iter().copied().fold(glam::Vec3::NEG_INFINITY, glam::Vec3::max);
    let range = high - low;
    // Ties go to the first axis: a joint that does not turn plots x.
    let mut best = 0;
    for axis in 1..3 {
        if range[axis] > range[best] {
            best = axis;
        }
    }
    if range.is_finite() { best } else { 0 }
}

/// The colour of state `i`.
pub fn state_color(i: usize) -> Color32 {
    STATE_COLORS[i % STATE_COLORS.len()]
}

/// A plot's frame: the area, and the map from (time, value) to it.
struct Frame {
    inner: Rect,
    now: f64,
    span: f64,
    low: f32,
    high: f32,
}

impl Frame {
    fn at(&self, t: f64, v: f32) -> Pos2 {
        let x = self.inner.right() - ((self.now - t) / self.span) as f32 * self.inner.width();
        let y = (v - self.low) / (self.high - self.low).max(1e-6);
        pos2(x, self.inner.bottom() - y.clamp(0.0, 1.0) * self.inner.height())
    }
}

/// Allocates a plot of `height` showing the last `span` seconds, with axis
/// lines at `low` and `high` (labelled), a grey line where a transition
/// fired, and the caption; `None` before the first sample.
fn frame(
    ui: &mut Ui,
    history: &History,
    (height, span): (f32, f64),
    range: (f32, f32),
    unit: &str,
) -> (egui::Painter, Option<Frame>) {
    let width = ui.available_width().max(120.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_gray(24));
    let inner = Rect::from_min_max(rect.min + vec2(6.0, 8.0), rect.max - vec2(6.0, 14.0));
    let font = FontId::proportional(10.0);
    for v in [range.0, range.1] {
        let y = inner.bottom() - if v == range.0 { 0.0 } else { inner.height() };
        painter.hline(inner.x_range(), y, Stroke::new(1.0, Color32::from_gray(80)));
        let label = format!("{v:.0}{unit}");
        painter.text(pos2(inner.left() + 2.0, y), Align2::LEFT_BOTTOM, label, font.clone(), Color32::GRAY);
    }
    let caption = format!("last {span:.1} s, now at the right; grey: a transition fired");
    painter.text(pos2(inner.right(), rect.bottom() - 1.0), Align2::RIGHT_BOTTOM, caption, font, Color32::GRAY);
    let Some(now) = history.samples.back().map(|s| s.time) else {
        return (painter, None);
    };
    let f = Frame { inner, now, span, low: range.0, high: range.1 };
    for s in history.samples().filter(|s| s.fired && s.time >= now - span) {
        painter.vline(f.at(s.time, 0.0).x, inner.y_range(), Stroke::new(1.0, Color32::from_gray(110)));
    }
    (painter, Some(f))
}

/// Draws one series, broken where it is NaN.
fn series(painter: &egui::Painter, f: &Frame, points: impl Iterator<Item = (f64, f32)>, color: Color32) {
    let mut run: Vec<Pos2> = Vec::new();
    let width = if color == CHARACTER_COLORS[1] { 1.5 } else { 2.5 };
    for (t, v) in points.chain(std::iter::once((0.0, f32::NAN))) {
        if v.is_finite() && t >= f.now - f.span {
            run.push(f.at(t, v));
        } else if !run.is_empty() {
            painter.line(std::mem::take(&mut run), Stroke::new(width, color));
        }
    }
}

/// The gaits' weights (0 to 1) over the last seconds, and under them a
/// band coloured by the machine's state, named where each state begins.
pub fn weights(ui: &mut Ui, history: &History, states: &[String], size: (f32, f64)) {
    let (painter, Some(f)) = frame(ui, history, size, (0.0, 1.0), "") else {
        return;
    };
    let band =
        Rect::from_min_max(pos2(f.inner.left(), f.inner.bottom() + 2.0), pos2(f.inner.right(), f.inner.bottom() + 6.0));
    let mut last: Option<(usize, f32)> = None;
    let mut label_end = f32::NEG_INFINITY;
    let font = FontId::proportional(10.0);
    for s in history.samples().filter(|s| s.time >= f.now - f.span) {
        let x = f.at(s.time, 0.0).x;
        // Each state named where it begins, on the next row down when the
        // previous name is still in the way.
        if last.is_none_or(|(state, _)| state != s.state) {
            let name = states.get(s.state).map_or("?", String::as_str);
            let row = if x < label_end { 12.0 } else { 0.0 };
            let at = pos2(x + 2.0, f.inner.top() + row);
            let drawn = painter.text(at, Align2::LEFT_TOP, name, font.clone(), state_color(s.state));
            label_end = if row > 0.0 { label_end } else { drawn.right() };
        }
        if let Some((state, from)) = last {
            painter.rect_filled(Rect::from_x_y_ranges(from..=x, band.y_range()), 0.0, state_color(state));
        }
        last = Some((s.state, x));
    }
    for (g, color) in GAIT_COLORS.iter().enumerate() {
        series(&painter, &f, history.samples().map(|s| (s.time, s.weights[g])), *color);
    }
}

/// Two characters' values over the last seconds (the second's, thinner,
/// on top, where there is one), on a range that holds them all.
pub fn values(ui: &mut Ui, history: &History, pick: &dyn Fn(&Sample) -> [f32; 2], unit: &str, size: (f32, f64)) {
    let now = history.samples.back().map_or(0.0, |s| s.time);
    let shown = history.samples().filter(|s| s.time >= now - size.1);
    let all = shown.flat_map(pick).filter(|v| v.is_finite());
    let (low, high) = all.fold((f32::INFINITY, f32::NEG_INFINITY), |(l, h), v| (l.min(v), h.max(v)));
    let range = if low <= high { ((low - 1.0).floor(), (high + 1.0).ceil()) } else { (0.0, 1.0) };
    let (painter, Some(f)) = frame(ui, history, size, range, unit) else {
        return;
    };
    for (k, color) in CHARACTER_COLORS.iter().enumerate() {
        series(&painter, &f, history.samples().map(|s| (s.time, pick(s)[k])), *color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(time: f64, state: usize) -> Sample {
        Sample {
            time,
            weights: [0.0, 1.0, 0.0],
            state,
            angles: [glam::Vec3::new(1.0, 0.0, 0.0), glam::Vec3::NAN],
            slides: [f32::NAN; 2],
            fired: false,
        }
    }

    #[test]
    fn history_keeps_the_span_and_skips_nan_in_its_means() {
        let mut h = History::default();
        for i in 0..=1200 {
            h.record(sample(f64::from(i) / 60.0, 0));
        }
        assert_eq!(h.samples().count(), 601, "10 s at 60 per second, both ends");
        assert_eq!(h.mean_max(|s| s.angles[0].x), Some((1.0, 1.0)));
        assert_eq!(h.mean_max(|s| s.angles[1].x), None);
        assert_eq!(main_axis(&h, SPAN), 0);
    }

    #[test]
    fn the_plots_draw_without_a_window() {
        let mut h = History::default();
        for i in 0..120 {
            h.record(sample(f64::from(i) / 60.0, usize::from(i >= 60)));
        }
        let states = vec!["stop".to_string(), "locomotion".to_string()];
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            weights(ui, &h, &states, (100.0, SPAN));
            values(ui, &h, &|s| s.angles.map(|a| a.x), "°", (80.0, SPAN));
        });
        out.textures_delta.clear();
        let curves =
            out.shapes.iter().filter(|s| matches!(&s.shape, egui::Shape::Path(p) if p.points.len() == 120)).count();
        assert_eq!(curves, 4, "three gaits and one character's angle (the second has none)");
    }
}
