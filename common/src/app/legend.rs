//! `--legend`: the words in a lecture picture. Each lab says what plays and
//! what its colours mean ([`Lab::legend`](super::Lab::legend)); the runner
//! adds the title and the time and paints it with egui in the top-right corner.

#[cfg(not(target_arch = "wasm32"))]
use egui::{Color32, Frame, RichText, Sense, Vec2};

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

/// The widest the legend's text may be, as a share of the picture's width:
/// a longer line wraps.
#[cfg(not(target_arch = "wasm32"))]
const MAX_SHARE: f32 = 0.45;

/// Paints the legend box in the top-right corner of the screen; returns
/// its left edge in points (the 3D view keeps to the left of it).
///
/// Its width is worked out from this frame's text before it is placed (its
/// widest line, at least 200 points, at most [`MAX_SHARE`] of the screen,
/// longer lines wrapping), so the box never runs off the picture: an
/// anchored egui area places itself by the previous frame's size.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn paint(ctx: &egui::Context, title: &str, time: f64, legend: &Legend) -> f32 {
    const MARGIN: f32 = 8.0; // from the screen's edges, and inside the box
    const STROKE: f32 = 1.0;
    let time = format!("time: {time:.2} s");
    let screen = ctx.content_rect();
    let style = ctx.global_style();
    let gap = style.spacing.item_spacing.x;
    let swatch = |key: &Key| if key.colors.len() > 1 { 48.0 } else { 16.0 };
    let font = egui::TextStyle::Body.resolve(&style);
    let widest = ctx.fonts_mut(|fonts| {
        let mut width = |text: &str| fonts.layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE).size().x;
        let mut widest = width(title) + 2.0; // a little room for the title's strong style
        for line in legend.playing.iter().chain([&time]) {
            widest = widest.max(width(line));
        }
        for key in &legend.keys {
            widest = widest.max(swatch(key) + gap + width(&key.text));
        }
        widest
    });
    let most = (screen.width() * MAX_SHARE - 2.0 * (MARGIN + STROKE)).max(60.0);
    let width = widest.ceil().max(200.0).min(most);
    let left = screen.right() - MARGIN - 2.0 * (MARGIN + STROKE) - width;
    egui::Area::new(egui::Id::unique("legend")).fixed_pos(egui::pos2(left, screen.top() + MARGIN)).show(ctx, |ui| {
        Frame::new()
            .fill(Color32::from_black_alpha(210))
            .stroke(egui::Stroke::new(STROKE, Color32::from_gray(90)))
            .inner_margin(MARGIN)
            .corner_radius(4.0)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                ui.set_width(width);
                ui.label(RichText::new(title).strong().color(Color32::WHITE));
                for line in legend.playing.iter().chain([&time]) {
                    ui.label(RichText::new(line).color(Color32::from_gray(225)));
                }
                if !legend.keys.is_empty() {
                    ui.separator();
                }
                for key in &legend.keys {
                    ui.horizontal_top(|ui| {
                        let (rect, _) = ui.allocate_exact_size(Vec2::new(swatch(key), 12.0), Sense::hover());
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
    left
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Every shape the legend paints lies inside the picture, right of the
    /// edge it returns, over a few frames (egui places areas by the last
    /// frame's size): a long line wraps or widens the box, never runs off.
    #[test]
    fn a_long_line_wraps_or_widens_the_box_inside_the_picture() {
        let legend = Legend::default()
            .line("`walk` -> `run`: weight 0.03 (0.03 s of 1.00 s)")
            .line("a line much longer than any legend should hold, so that a narrow picture has to wrap it")
            .swatch([1.0, 0.55, 0.15], "left ghost: what fades out, alone");
        for width in [320.0, 640.0, 1280.0] {
            let ctx = egui::Context::default();
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(width, 360.0));
            let input = egui::RawInput { screen_rect: Some(screen), ..Default::default() };
            for frame in 0..3 {
                let mut left = 0.0;
                let legend = if frame == 0 { Legend::default().line("short") } else { legend.clone() };
                let mut output =
                    ctx.run_ui(input.clone(), |ui| left = paint(ui.ctx(), "Lab 07: transitions", 1.03, &legend));
                output.textures_delta.clear();
                for clipped in &output.shapes {
                    let rect = clipped.shape.visual_bounding_rect();
                    assert!(
                        rect.right() <= width - 7.0 && rect.left() >= left - 1.0,
                        "{width} points wide, frame {frame}: a shape spans {rect:?}, outside the legend's box \
                         ({left} to {})",
                        width - 8.0
                    );
                }
            }
        }
    }
}
