//! The side panel, as the window shows it and as `--panel` paints it into a
//! capture: the shared controls, then the lab's own.

use super::Lab;

/// The shared part of the panel's state.
pub(super) struct Shared<'a> {
    pub title: &'a str,
    /// The line under the title: frame time in the window, the clock in a capture.
    pub status: String,
    pub paused: &'a mut bool,
    pub speed: &'a mut f32,
    pub show_help: &'a mut bool,
    pub message: &'a str,
}

/// Shows the panel on the left of `ui`; returns its right edge in points.
pub(super) fn side_panel<L: Lab>(ui: &mut egui::Ui, shared: Shared, lab: &mut L) -> f32 {
    let panel = egui::Panel::left("lab_panel").default_size(300.0).show(ui, |ui| {
        ui.heading(shared.title);
        ui.label(shared.status);
        crate::ui::playback(ui, shared.paused, shared.speed);
        ui.toggle_value(shared.show_help, "Help (F1)");
        if !shared.message.is_empty() {
            ui.label(shared.message);
        }
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| lab.ui(ui));
    });
    panel.response.rect.right()
}

/// How many pixels a point is in a capture of height `height`: 1 at 720
/// lines (the window's default), more for larger pictures so the text keeps
/// its size on a slide (never under 0.75: smaller text is unreadable), and
/// 1.75 times that in projector mode.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn capture_scale(height: u32, present: bool) -> f32 {
    let base = (height as f32 / 720.0).clamp(0.75, 4.0);
    if present { base * PRESENT_ZOOM } else { base }
}

/// How much larger `--present` makes the UI.
pub(super) const PRESENT_ZOOM: f32 = 1.75;
