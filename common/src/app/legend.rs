//! `--legend`: the words in a lecture picture. Each lab says what plays and
//! what its colours mean ([`Lab::legend`](super::Lab::legend)); the runner
//! adds the title and the time and paints it with egui in the top-right corner.

#[cfg(not(target_arch = "wasm32"))]
use egui::{Align2, Color32, Frame, RichText, Sense, Vec2};

/// What a lab's legend says: lines about what is playing, and the key to
/// every colour the current view uses. Build it with the chained methods:
///
/// ```
/// use common::app::Legend;
/// let legend = Legend::default()
///     .line("clip: walk")
///     .swatch([1.0, 0.55, 0.15], "fading out (walk, alone)")
///     .ramp(&[[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]], "weight of bone forearm_l: 0 blue to 1 red");
/// assert_eq!(legend.keys.len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Legend {
    /// What is playing, one line each ("clip: walk", "blend weight: 0.40").
    pub playing: Vec<String>,
    /// The colour keys, in the order they are listed.
    pub keys: Vec<Key>,
}

/// One entry of the colour key: a swatch (one colour) or a ramp (several,
/// painted left to right as a strip), and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// The colours as the lab draws them (RGB, 0 to 1, as written to the picture).
    pub colors: Vec<[f32; 3]>,
    /// What the colour means.
    pub text: String,
}

impl Legend {
    /// Adds a line about what is playing.
    pub fn line(mut self, text: impl Into<String>) -> Self {
        self.playing.push(text.into());
        self
    }

    /// Adds a one-colour key.
    pub fn swatch(mut self, color: impl Into<[f32; 3]>, text: impl Into<String>) -> Self {
        self.keys.push(Key { colors: vec![color.into()], text: text.into() });
        self
    }

    /// Adds a ramp: `colors` from low to high, painted as one strip.
    pub fn ramp(mut self, colors: &[[f32; 3]], text: impl Into<String>) -> Self {
        self.keys.push(Key { colors: colors.to_vec(), text: text.into() });
        self
    }
}

/// The picture's colour as egui paints it (the 3D view writes colours as
/// they are, so the swatch matches the pixels it explains).
#[cfg(not(target_arch = "wasm32"))]
fn color32(c: [f32; 3]) -> Color32 {
    let byte = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(byte(c[0]), byte(c[1]), byte(c[2]))
}

/// Paints the legend box in the top-right corner of the screen; returns
/// its left edge in points (the 3D view keeps to the left of it).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn paint(ctx: &egui::Context, title: &str, time: f64, legend: &Legend) -> f32 {
    let area =
        egui::Area::new(egui::Id::unique("legend")).anchor(Align2::RIGHT_TOP, Vec2::new(-8.0, 8.0)).show(ctx, |ui| {
            Frame::new()
                .fill(Color32::from_black_alpha(210))
                .stroke(egui::Stroke::new(1.0, Color32::from_gray(90)))
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    ui.set_min_width(200.0);
                    ui.label(RichText::new(title).strong().color(Color32::WHITE));
                    for line in &legend.playing {
                        ui.label(RichText::new(line).color(Color32::from_gray(225)));
                    }
                    ui.label(RichText::new(format!("time: {time:.2} s")).color(Color32::from_gray(225)));
                    if !legend.keys.is_empty() {
                        ui.separator();
                    }
                    for key in &legend.keys {
                        ui.horizontal(|ui| {
                            let width = if key.colors.len() > 1 { 48.0 } else { 16.0 };
                            let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 12.0), Sense::hover());
                            let n = key.colors.len().max(1) as f32;
                            for (i, &c) in key.colors.iter().enumerate() {
                                let x0 = rect.left() + rect.width() * i as f32 / n;
                                let x1 = rect.left() + rect.width() * (i + 1) as f32 / n;
                                let part = egui::Rect::from_x_y_ranges(x0..=x1, rect.y_range());
                                ui.painter().rect_filled(part, 0.0, color32(c));
                            }
                            ui.label(RichText::new(&key.text).color(Color32::from_gray(225)));
                        });
                    }
                });
        });
    area.response.rect.left() - 8.0
}
