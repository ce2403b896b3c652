//! The side panel: a button per clip (fade to it), the fade duration, the
//! weight plot, sync, the layer, and what to draw.

use egui::{Color32, RichText, Ui};
use lab07_transitions::Mode;

use crate::mix::Mixer;
use crate::options::{FADE_MAX, LayerKind};
use crate::{INCOMING, OUTGOING, plot};

fn rgb(c: glam::Vec3) -> Color32 {
    Color32::from_rgb((c.x * 255.0) as u8, (c.y * 255.0) as u8, (c.z * 255.0) as u8)
}

/// A combo box over the clips for which `allowed` holds. True on a new choice.
fn clip_combo(ui: &mut Ui, label: &str, names: &[String], allowed: impl Fn(usize) -> bool, chosen: &mut usize) -> bool {
    let before = *chosen;
    egui::ComboBox::from_label(label).selected_text(names[*chosen].as_str()).show_ui(ui, |ui| {
        for (i, name) in names.iter().enumerate().filter(|(i, _)| allowed(*i)) {
            ui.selectable_value(chosen, i, name.as_str());
        }
    });
    *chosen != before
}

/// The whole panel.
pub fn panel(ui: &mut Ui, mixer: &mut Mixer, ghosts: &mut bool, skeleton: &mut bool) {
    let names: Vec<String> = mixer.clips.iter().map(|c| c.name.clone()).collect();
    ui.label(mixer.status());
    ui.add_enabled_ui(!mixer.sync.on, |ui| {
        ui.label("Fade to:");
        ui.horizontal_wrapped(|ui| {
            for (clip, name) in names.iter().enumerate() {
                let playing = mixer.crossfade.current.clip == clip;
                let once = mixer.modes[clip] == Mode::Once;
                let button = ui.selectable_label(playing, name.as_str()).on_hover_text(if once {
                    "plays once"
                } else {
                    "loops"
                });
                if button.clicked() {
                    mixer.fade_to(clip);
                }
            }
        });
        ui.add(egui::Slider::new(&mut mixer.fade, 0.0..=FADE_MAX).text("fade (s)").max_decimals(2));
    });
    ui.horizontal(|ui| {
        ui.label(RichText::new("ghosts:").color(Color32::GRAY));
        ui.label(RichText::new("left, fading out").color(rgb(OUTGOING)));
        ui.label(RichText::new("right, fading in").color(rgb(INCOMING)));
    });
    ui.label("Each clip's weight:");
    plot::plot(ui, &mixer.history, &names, 90.0);
    ui.separator();
    sync_controls(ui, mixer, &names);
    ui.separator();
    layer_controls(ui, mixer, &names);
    ui.separator();
    ui.checkbox(ghosts, "ghost skeletons of the two sources");
    ui.checkbox(skeleton, "skeleton of the blend");
}

/// Sync: two loops at one phase (step 5), their pair and weight.
fn sync_controls(ui: &mut Ui, mixer: &mut Mixer, names: &[String]) {
    let modes = mixer.modes.clone();
    let loops = |c: usize| modes[c] == Mode::Loop;
    let (mut a, mut b) = (mixer.sync.a.clip, mixer.sync.b.clip);
    let pair_loops = loops(a) && loops(b);
    ui.add_enabled(pair_loops, egui::Checkbox::new(&mut mixer.sync.on, "sync: two loops blended by phase"));
    if !pair_loops {
        ui.label("(sync needs two looping clips: pick them below)");
    }
    let mut changed = clip_combo(ui, "sync clip a", names, loops, &mut a);
    changed |= clip_combo(ui, "sync clip b", names, loops, &mut b);
    if changed {
        mixer.set_sync_pair(a, b);
    }
    ui.add_enabled(mixer.sync.on, egui::Slider::new(&mut mixer.sync.weight, 0.0..=1.0).text("weight of b"));
}

/// The layer on top: additive or masked, its clip, weight and subtree.
fn layer_controls(ui: &mut Ui, mixer: &mut Mixer, names: &[String]) {
    ui.horizontal(|ui| {
        ui.label("layer:");
        ui.radio_value(&mut mixer.layer.kind, LayerKind::Off, "off");
        ui.radio_value(&mut mixer.layer.kind, LayerKind::Additive, "additive");
        ui.radio_value(&mut mixer.layer.kind, LayerKind::Upper, "subtree (mask)");
    });
    if mixer.layer.kind == LayerKind::Off {
        return;
    }
    let mut clip = mixer.layer.playing.clip;
    if clip_combo(ui, "layer clip", names, |_| true, &mut clip) {
        mixer.set_layer_clip(clip);
    }
    ui.add(egui::Slider::new(&mut mixer.layer.weight, 0.0..=1.0).text("layer weight"));
    if mixer.layer.kind == LayerKind::Upper {
        let nodes: Vec<usize> = (0..mixer.skeleton.nodes.len()).collect();
        if common::ui::bone_picker(ui, &mixer.skeleton, &nodes, &mut mixer.layer.root) {
            mixer.layer.mask = None; // your subtree_mask again, at the next frame
        }
        ui.label("the layer replaces the pose under this joint");
    } else {
        ui.label("the layer's motion since its first frame, added on top (it repeats)");
    }
}

/// The panel with the reference steps (the exercise's stubs would stop it).
#[cfg(all(test, feature = "solution"))]
mod tests {
    use super::*;
    use crate::options::Options;

    #[test]
    fn the_panel_shows_every_mode_without_a_window() {
        let model = common::character::build();
        let modes = crate::clips::modes(&model.clips, model.clips.len());
        let args = common::app::Args::default();
        let o = Options::read(&args, &model.skeleton, &model.clips, &modes, 0, true).unwrap();
        let mut mixer = Mixer::new(model.skeleton, model.clips, modes, &o);
        let ctx = egui::Context::default();
        let (mut ghosts, mut skeleton) = (true, false);
        for (frame, (sync, layer)) in
            [(false, LayerKind::Off), (true, LayerKind::Additive), (false, LayerKind::Upper)].into_iter().enumerate()
        {
            (mixer.sync.on, mixer.layer.kind) = (sync, layer);
            for _ in 0..40 {
                mixer.update(1.0 / 60.0);
            }
            let _ = mixer.pose();
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| panel(ui, &mut mixer, &mut ghosts, &mut skeleton));
            out.textures_delta.clear();
            assert!(!out.shapes.is_empty(), "frame {frame}: the panel drew nothing");
        }
        assert!(mixer.history.recorded() > 100, "the plot's history was not recorded");
    }
}
