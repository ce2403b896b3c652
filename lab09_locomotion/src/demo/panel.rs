//! The side panel: where the steering comes from, the machine's state and
//! its transition in progress, the blend space's weights, the plots, and
//! the settings that may change while it runs.

use egui::{Color32, RichText, Ui};
use lab08_inverse_kinematics::Terrain;
use lab09_locomotion::Transitions;
use lab09_locomotion::given::GAITS;

use crate::Steer;
use crate::demo::options::Compare;
use crate::demo::plot::{self, CHARACTER_COLORS, GAIT_COLORS};

/// Where the steering comes from, in one line.
pub fn source(lab: &Steer) -> String {
    match &lab.steering.scripted {
        Some(s) => format!(
            "scripted: {} at {:.1} s, its last cue at {:.1} s (a key takes over)",
            s.name,
            lab.steering.main.character.seconds,
            s.script.end()
        ),
        None => "keys: W A S D or the arrows steer (away from the camera is ahead), Shift runs, E waves".into(),
    }
}

/// The state, the transition in progress and the last one that fired.
pub fn state_lines(lab: &Steer) -> Vec<String> {
    let (setup, ch) = (&lab.steering.main.setup, &lab.steering.main.character);
    let mut lines = vec![format!("state: {} ({:.1} s in it)", ch.state_name(setup), ch.machine.seconds)];
    if let (Some(active), Some(label)) = (ch.machine.active, ch.pending(setup)) {
        let duration = setup.machine.transitions[active.transition].duration;
        lines.push(format!("transition: {label}, {:.2} of {duration:.2} s", active.elapsed));
    }
    if let Some((at, label)) = &lab.steering.fired {
        lines.push(format!("last fired: {label} at {at:.2} s"));
    }
    lines
}

/// The speed and the blend space's answer, in one line.
pub fn blend_line(lab: &Steer) -> String {
    let (setup, ch) = (&lab.steering.main.setup, &lab.steering.main.character);
    let v = ch.motion.velocity;
    let w = ch.gait_weights(setup);
    format!(
        "{:.2} m/s: idle {:.2}, walk {:.2}, run {:.2}, played at {:.2}x",
        glam::Vec2::new(v.x, v.z).length(),
        w[0],
        w[1],
        w[2],
        ch.rate
    )
}

/// A bar per gait: its weight now and the speed its root motion measures.
fn blend_bars(ui: &mut Ui, lab: &Steer) {
    let (setup, ch) = (&lab.steering.main.setup, &lab.steering.main.character);
    for ((name, weight), (gait, color)) in
        GAITS.iter().zip(ch.gait_weights(setup)).zip(setup.gaits.iter().zip(GAIT_COLORS))
    {
        ui.horizontal(|ui| {
            ui.colored_label(color, format!("{name} ({:.2} m/s)", gait.speed));
            ui.add(egui::ProgressBar::new(weight).desired_width(110.0).text(format!("{weight:.2}")));
        });
    }
}

/// The feet: each held or free, and how fast feet in contact slid.
fn feet(ui: &mut Ui, lab: &Steer) {
    let ch = &lab.steering.main.character;
    let word = |i: usize| match (ch.plants[i].held, ch.contacts[i]) {
        (true, _) => "held",
        (false, true) => "in contact",
        (false, false) => "free",
    };
    ui.label(format!("feet: left {}, right {}", word(0), word(1)));
    if let Some(g) = &lab.steering.ghost {
        let state = g.character.state_name(&g.setup);
        ui.colored_label(CHARACTER_COLORS[1], format!("the second character: state {state}"));
    }
    for (k, name) in [(0, "this character"), (1, "the second")] {
        if let Some((mean, max)) = lab.steering.history.mean_max(|s| s.slides[k]) {
            let text = format!("{name}: feet in contact slide {mean:.1} cm/s on average, {max:.1} at most");
            ui.colored_label(CHARACTER_COLORS[k], text);
        }
    }
}

/// The whole panel.
pub fn ui(ui: &mut Ui, lab: &mut Steer) {
    ui.label(source(lab));
    for line in state_lines(lab) {
        ui.label(RichText::new(line).strong());
    }
    ui.label(blend_line(lab));
    blend_bars(ui, lab);
    let states: Vec<String> = lab.steering.main.setup.machine.states.iter().map(|s| s.name.clone()).collect();
    ui.label("Blend weights (idle, walk, run) and the state under them:");
    plot::weights(ui, &lab.steering.history, &states, (110.0, lab.span));
    if lab.compare != Compare::NoPlant {
        let second = if lab.compare == Compare::Crossfade { "; orange: lab 07's crossfade" } else { "" };
        let axis = plot::main_axis(&lab.steering.history, lab.span);
        let (joint, name) = (&lab.steering.joint.1, ["x", "y", "z"][axis]);
        ui.label(format!("{joint}'s turn about its {name} axis, degrees (green: this character{second}):"));
        plot::values(ui, &lab.steering.history, &|s| s.angles.map(|a| a[axis]), "°", (90.0, lab.span));
    }
    if lab.compare != Compare::Crossfade {
        let second = if lab.compare == Compare::NoPlant { "; orange: feet not held" } else { "" };
        ui.label(format!("A foot in contact sliding, cm/s (green: this character{second}):"));
        plot::values(ui, &lab.steering.history, &|s| s.slides, " cm/s", (90.0, lab.span));
    }
    feet(ui, lab);
    ui.separator();
    settings(ui, lab);
}

/// What may change while it runs: transitions, planting, ground, springs, drawing.
fn settings(ui: &mut Ui, lab: &mut Steer) {
    let s = &mut lab.steering.main.setup.settings;
    let before = *s;
    ui.horizontal(|ui| {
        ui.label("transitions:");
        ui.radio_value(&mut s.transitions, Transitions::Inertialize, "inertialize (step 4)");
        ui.radio_value(&mut s.transitions, Transitions::Crossfade, "crossfade (lab 07)");
    });
    ui.checkbox(&mut s.plant, "hold the feet in contact (step 6)");
    egui::ComboBox::from_label("ground").selected_text(ground_name(&s.terrain)).show_ui(ui, |ui| {
        for (name, terrain) in Terrain::NAMES {
            ui.selectable_value(&mut s.terrain, terrain, name);
        }
    });
    ui.add(egui::Slider::new(&mut s.velocity_halflife, 0.0..=2.0).text("velocity half-life (s)"));
    ui.add(egui::Slider::new(&mut s.heading_halflife, 0.0..=2.0).text("heading half-life (s)"));
    if *s != before {
        lab.sync_ghost();
    }
    ui.checkbox(&mut lab.show_trajectory, "trajectory, prediction and feet");
    ui.checkbox(&mut lab.follow, "the camera follows");
    ui.add(egui::Slider::new(&mut lab.span, 1.0..=plot::SPAN).text("plotted seconds"));
    if lab.steering.ghost.is_some() {
        let text = format!("orange: the same steering with {}", lab.compare.name());
        ui.colored_label(Color32::from_rgb(255, 140, 40), text);
    }
}

/// A terrain's `--set ground=` name.
pub fn ground_name(terrain: &Terrain) -> &'static str {
    Terrain::NAMES.iter().find(|(_, t)| t == terrain).map_or("?", |(n, _)| n)
}
