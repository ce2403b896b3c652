//! egui on the headless context: the same painter (`egui_glow`) the window
//! uses, drawing into the offscreen target, so a capture can carry the side
//! panel and the legend with the window's fonts.

use std::sync::Arc;

/// An egui context and its GL painter, kept for every frame of a capture
/// (the font atlas is uploaded once).
pub(super) struct EguiPass {
    ctx: egui::Context,
    painter: egui_glow::Painter,
    /// Whether a pass has run (the first frame runs two).
    warm: bool,
}

impl EguiPass {
    pub(super) fn new(gl: &Arc<glow::Context>) -> Result<Self, String> {
        let painter = egui_glow::Painter::new(gl.clone(), "", None, false)
            .map_err(|e| format!("cannot paint the panel or legend: {e}"))?;
        let ctx = egui::Context::default();
        ctx.set_visuals(egui::Visuals::dark());
        // No fade-ins: a frame shows the state at its time, not an animation.
        ctx.all_styles_mut(|style| style.animation_time = 0.0);
        Ok(EguiPass { ctx, painter, warm: false })
    }

    /// Runs one egui pass over a `size` picture at `pixels_per_point`, at the
    /// capture's clock `time` (never the wall clock, so frames repeat exactly).
    pub(super) fn run(
        &mut self,
        size: (u32, u32),
        pixels_per_point: f32,
        time: f64,
        dt: f32,
        ui: impl FnMut(&mut egui::Ui),
    ) -> egui::FullOutput {
        let points = egui::vec2(size.0 as f32, size.1 as f32) / pixels_per_point;
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, points)),
            time: Some(time),
            predicted_dt: dt,
            ..Default::default()
        };
        input.viewports.entry(egui::ViewportId::ROOT).or_default().native_pixels_per_point = Some(pixels_per_point);
        if self.warm {
            return self.ctx.run_ui(input, ui);
        }
        // egui hides a new area for one pass while it measures it: a first,
        // unseen pass (its textures kept) so the first frame shows the legend.
        self.warm = true;
        let mut ui = ui;
        let first = self.ctx.run_ui(input.clone(), &mut ui);
        let mut output = self.ctx.run_ui(input, &mut ui);
        let mut textures = first.textures_delta;
        textures.append(std::mem::take(&mut output.textures_delta));
        output.textures_delta = textures;
        output
    }

    /// Paints what [`EguiPass::run`] produced over what is drawn already.
    pub(super) fn paint(&mut self, size: (u32, u32), output: egui::FullOutput) {
        let mut textures = output.textures_delta;
        let primitives = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        self.painter.paint_and_update_textures([size.0, size.1], output.pixels_per_point, &primitives, &mut textures);
    }
}

impl Drop for EguiPass {
    fn drop(&mut self) {
        self.painter.destroy();
    }
}
