//! egui widgets the labs share: playback, time scrubber, clip and joint
//! pickers, and a matrix shown column by column (the "x-ray").

use egui::{Color32, RichText, Ui};
use glam::Mat4;

use crate::model::{Clip, Skeleton};

/// Play/pause button and a speed slider (the runner shows these for every lab).
pub fn playback(ui: &mut Ui, paused: &mut bool, speed: &mut f32) {
    ui.horizontal(|ui| {
        if ui.button(if *paused { "Play" } else { "Pause" }).clicked() {
            *paused = !*paused;
        }
        ui.add(egui::Slider::new(speed, 0.0..=2.0).text("speed"));
    });
}

/// A time slider from 0 to `duration` seconds. Returns true if the user moved it.
pub fn time_scrubber(ui: &mut Ui, seconds: &mut f32, duration: f32) -> bool {
    let max = duration.max(1e-3);
    ui.add(egui::Slider::new(seconds, 0.0..=max).text("time (s)").max_decimals(3)).changed()
}

/// A combo box of clips (name and length). Returns true on a new choice.
pub fn clip_picker(ui: &mut Ui, clips: &[Clip], selected: &mut usize) -> bool {
    if clips.is_empty() {
        ui.label("no clips in this model");
        return false;
    }
    let before = *selected;
    let label = |c: &Clip| format!("{} ({:.2} s)", c.name, c.duration_seconds());
    let current = clips.get(*selected).map(label).unwrap_or_default();
    egui::ComboBox::from_label("clip").selected_text(current).show_ui(ui, |ui| {
        for (i, clip) in clips.iter().enumerate() {
            ui.selectable_value(selected, i, label(clip));
        }
    });
    *selected != before
}

/// A combo box of the skeleton's nodes, indented by depth, limited to the
/// indices in `choices` (e.g. only bones). Returns true on a new choice.
pub fn bone_picker(ui: &mut Ui, skeleton: &Skeleton, choices: &[usize], selected: &mut usize) -> bool {
    let before = *selected;
    let name = |i: usize| skeleton.nodes.get(i).map_or("?", |n| n.name.as_str()).to_string();
    egui::ComboBox::from_label("joint").selected_text(name(*selected)).height(400.0).show_ui(ui, |ui| {
        for &i in choices {
            let indent = "  ".repeat(skeleton.depth(i).min(12));
            ui.selectable_value(selected, i, format!("{indent}{}", name(i)));
        }
    });
    *selected != before
}

/// Shows a 4x4 matrix as its four columns: X axis (red), Y axis (green),
/// Z axis (blue) and origin. Reading a matrix this way is lab01's "x-ray".
pub fn matrix_columns(ui: &mut Ui, m: &Mat4) {
    let colors = [
        Color32::from_rgb(240, 90, 80),
        Color32::from_rgb(90, 210, 90),
        Color32::from_rgb(100, 140, 255),
        Color32::GRAY,
    ];
    egui::Grid::new(ui.next_auto_id()).striped(true).show(ui, |ui| {
        for (name, color) in ["X", "Y", "Z", "origin"].iter().zip(colors) {
            ui.label(RichText::new(*name).color(color).strong());
        }
        ui.end_row();
        for row in 0..4 {
            for col in 0..4 {
                ui.label(RichText::new(format!("{:+.3}", m.col(col)[row])).monospace());
            }
            ui.end_row();
        }
    });
}

/// Three sliders for a joint's extra turn about its own X, Y and Z axes, in
/// degrees (see [`crate::pose::turn`]). Returns true if one moved.
pub fn turn_sliders(ui: &mut Ui, degrees: &mut glam::Vec3) -> bool {
    let mut changed = false;
    for (value, axis) in [(&mut degrees.x, "X"), (&mut degrees.y, "Y"), (&mut degrees.z, "Z")] {
        changed |= ui.add(egui::Slider::new(value, -180.0..=180.0).text(format!("turn about {axis} (deg)"))).changed();
    }
    if ui.button("zero this joint").clicked() {
        *degrees = glam::Vec3::ZERO;
        changed = true;
    }
    changed
}
