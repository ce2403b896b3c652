//! The weight plot: each clip's weight in the pose over the last few
//! seconds, as recorded once per frame (your `fade_weight` for the clip
//! fading in, one minus it for what fades out). Drawn with egui's painter.

use std::collections::VecDeque;

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};

/// How many seconds the plot shows.
pub const SPAN: f64 = 5.0;

/// One colour per clip, in clip order (repeating), and grey for a frozen pose.
const PALETTE: [Color32; 8] = [
    Color32::from_rgb(110, 200, 255),
    Color32::from_rgb(255, 160, 70),
    Color32::from_rgb(120, 220, 120),
    Color32::from_rgb(240, 110, 170),
    Color32::from_rgb(230, 220, 90),
    Color32::from_rgb(170, 140, 255),
    Color32::from_rgb(90, 220, 200),
    Color32::from_rgb(250, 120, 110),
];
const FROZEN: Color32 = Color32::from_gray(170);

/// The weights of the last [`SPAN`] seconds: (time, one weight per series).
#[derive(Default)]
pub struct History {
    samples: VecDeque<(f64, Vec<f32>)>,
}

impl History {
    /// Adds the weights at `time`. Samples after `time` (the user stepped
    /// back) and before the plotted span are forgotten.
    pub fn record(&mut self, time: f64, weights: Vec<f32>) {
        while self.samples.back().is_some_and(|(t, _)| *t > time) {
            self.samples.pop_back();
        }
        self.samples.push_back((time, weights));
        while self.samples.front().is_some_and(|(t, _)| *t < time - SPAN) {
            self.samples.pop_front();
        }
    }

    /// How many samples are kept.
    #[cfg(all(test, feature = "solution"))]
    pub fn recorded(&self) -> usize {
        self.samples.len()
    }

    /// Forgets everything (on reset).
    pub fn clear(&mut self) {
        self.samples.clear();
    }
}

fn color(series: usize, clips: usize) -> Color32 {
    if series == clips { FROZEN } else { PALETTE[series % PALETTE.len()] }
}

/// The plot, `height` points tall, then a legend of the series that appear.
/// `names` are the clips' names (the series after them is "frozen pose").
pub fn plot(ui: &mut Ui, history: &History, names: &[String], height: f32) {
    let width = ui.available_width().max(120.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_gray(24));
    let inner = Rect::from_min_max(rect.min + vec2(6.0, 8.0), rect.max - vec2(6.0, 14.0));
    let axis = Stroke::new(1.0, Color32::from_gray(80));
    let font = FontId::proportional(10.0);
    for (w, label) in [(0.0f32, "0"), (1.0, "1")] {
        let y = inner.bottom() - w * inner.height();
        painter.hline(inner.x_range(), y, axis);
        painter.text(pos2(inner.left() + 2.0, y), Align2::LEFT_BOTTOM, label, font.clone(), Color32::GRAY);
    }
    painter.text(
        pos2(inner.right(), rect.bottom() - 1.0),
        Align2::RIGHT_BOTTOM,
        format!("last {SPAN:.0} s, now at the right"),
        font,
        Color32::GRAY,
    );
    let Some(now) = history.samples.back().map(|(t, _)| *t) else {
        return;
    };
    let at = |t: f64, w: f32| -> Pos2 {
        let x = inner.right() - ((now - t) / SPAN) as f32 * inner.width();
        pos2(x, inner.bottom() - w.clamp(0.0, 1.0) * inner.height())
    };
    let series = names.len() + 1;
    let mut shown = Vec::new();
    for s in 0..series {
        if !history.samples.iter().any(|(_, w)| w.get(s).is_some_and(|&v| v > 0.0)) {
            continue;
        }
        let points: Vec<Pos2> = history.samples.iter().map(|(t, w)| at(*t, w.get(s).copied().unwrap_or(0.0))).collect();
        painter.line(points, Stroke::new(2.0, color(s, names.len())));
        shown.push(s);
    }
    ui.horizontal_wrapped(|ui| {
        for s in shown {
            let name = names.get(s).map_or("frozen pose", |n| n.as_str());
            ui.colored_label(color(s, names.len()), format!("— {name}"));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_keeps_the_last_span_and_forgets_the_future_on_step_back() {
        let mut h = History::default();
        for i in 0..=600 {
            h.record(f64::from(i) / 60.0, vec![1.0, 0.0]);
        }
        assert_eq!(h.samples.len(), 301, "5 s at 60 per second, both ends");
        h.record(9.0, vec![0.5, 0.5]);
        assert_eq!(h.samples.back().unwrap().0, 9.0);
        assert!(h.samples.iter().all(|(t, _)| *t <= 9.0));
    }

    #[test]
    fn the_plot_draws_without_a_window() {
        let mut h = History::default();
        for i in 0..120 {
            let w = (f32::from(i as u8) / 60.0).min(1.0);
            h.record(f64::from(i) / 60.0, vec![1.0 - w, w, 0.0]);
        }
        let names = vec!["walk".to_string(), "run".to_string()];
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| plot(ui, &h, &names, 100.0));
        out.textures_delta.clear(); // no GPU here to upload the font atlas to
        let curves =
            out.shapes.iter().filter(|s| matches!(&s.shape, egui::Shape::Path(p) if p.points.len() == 120)).count();
        assert_eq!(curves, 2, "one curve per clip with some weight (walk and run), none for the frozen pose");
    }
}
