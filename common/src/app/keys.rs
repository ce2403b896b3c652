//! Keys a lab may take over from the runner. A lab whose character is
//! steered from the keyboard (lab 09) lists the keys it takes in
//! [`Lab::KEYS`](super::Lab::KEYS), and the runner tells it when each goes
//! down and up ([`Lab::key`](super::Lab::key)), in the window and in the web
//! page alike.
//!
//! Two of the runner's own keys may be taken this way: Left/Right (step a
//! frame) and S (save a screenshot). Each has a stand-in that works in every
//! lab, taken or not: `,` and `.` step a frame back and forward, F12 saves a
//! screenshot. Space, R, P, F1 and Esc always stay the runner's.

use winit::keyboard::KeyCode;

/// A key a lab may take for itself (see [`Lab::KEYS`](super::Lab::KEYS)):
/// the keys a game steers with, and no more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LabKey {
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow (the runner's "step a frame back" otherwise).
    Left,
    /// The right arrow (the runner's "step a frame forward" otherwise).
    Right,
    /// W.
    W,
    /// A.
    A,
    /// S (the runner's "save a screenshot" otherwise).
    S,
    /// D.
    D,
    /// Q.
    Q,
    /// E.
    E,
    /// Either Shift key (held with the other, it is up only when both are).
    Shift,
}

impl LabKey {
    /// Every key a lab may take, in this order.
    pub const ALL: [LabKey; 11] = [
        LabKey::Up,
        LabKey::Down,
        LabKey::Left,
        LabKey::Right,
        LabKey::W,
        LabKey::A,
        LabKey::S,
        LabKey::D,
        LabKey::Q,
        LabKey::E,
        LabKey::Shift,
    ];

    /// The key as a person reads it in a help text: `Up`, `W`, `Shift`.
    pub fn name(self) -> &'static str {
        match self {
            LabKey::Up => "Up",
            LabKey::Down => "Down",
            LabKey::Left => "Left",
            LabKey::Right => "Right",
            LabKey::W => "W",
            LabKey::A => "A",
            LabKey::S => "S",
            LabKey::D => "D",
            LabKey::Q => "Q",
            LabKey::E => "E",
            LabKey::Shift => "Shift",
        }
    }

    /// The lab key a physical key stands for, if any (by position, so WASD
    /// stays under the left hand on an AZERTY keyboard too).
    pub(super) fn from_code(code: KeyCode) -> Option<LabKey> {
        Some(match code {
            KeyCode::ArrowUp => LabKey::Up,
            KeyCode::ArrowDown => LabKey::Down,
            KeyCode::ArrowLeft => LabKey::Left,
            KeyCode::ArrowRight => LabKey::Right,
            KeyCode::KeyW => LabKey::W,
            KeyCode::KeyA => LabKey::A,
            KeyCode::KeyS => LabKey::S,
            KeyCode::KeyD => LabKey::D,
            KeyCode::KeyQ => LabKey::Q,
            KeyCode::KeyE => LabKey::E,
            KeyCode::ShiftLeft | KeyCode::ShiftRight => LabKey::Shift,
            _ => return None,
        })
    }

    fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// The lab keys held down now: a small set a lab may keep from the presses
/// and releases [`Lab::key`](super::Lab::key) reports.
///
/// ```
/// use common::app::{HeldKeys, LabKey};
/// let mut held = HeldKeys::default();
/// held.set(LabKey::W, true);
/// held.set(LabKey::Shift, true);
/// held.set(LabKey::W, false);
/// assert!(held.is_down(LabKey::Shift) && !held.is_down(LabKey::W));
/// assert_eq!(held.iter().collect::<Vec<_>>(), [LabKey::Shift]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeldKeys(u16);

impl HeldKeys {
    /// Marks `key` down (`pressed`) or up.
    pub fn set(&mut self, key: LabKey, pressed: bool) {
        if pressed {
            self.0 |= key.bit();
        } else {
            self.0 &= !key.bit();
        }
    }

    /// Whether `key` is down.
    pub fn is_down(self, key: LabKey) -> bool {
        self.0 & key.bit() != 0
    }

    /// Whether no key is down.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The keys down, in [`LabKey::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = LabKey> {
        LabKey::ALL.into_iter().filter(move |k| self.is_down(*k))
    }
}

/// Where a key event goes.
pub(super) enum Route {
    /// To the lab: the presses and releases to tell it (none for a repeat,
    /// or a press while the side panel has the keyboard).
    Lab(Vec<(LabKey, bool)>),
    /// To the runner: a key press it may act on.
    Runner(KeyCode),
    /// Nowhere: a release of the runner's keys, or a key typed into the panel.
    Nowhere,
}

/// The runner's side: which physical keys of a lab's claimed ones are down,
/// so that a lab hears one press and one release per key (no auto-repeat;
/// both Shift keys are one key) and every held key is released when the
/// window loses focus (a key let go elsewhere sends no release here).
#[derive(Debug, Default)]
pub(super) struct Router {
    down: Vec<KeyCode>,
}

impl Router {
    /// Routes a key going down (`pressed`) or up: a claimed key to the lab
    /// (its release always, its press unless the side panel has the
    /// keyboard), any other press to the runner.
    pub(super) fn route(&mut self, code: KeyCode, pressed: bool, panel: bool, claimed: &[LabKey]) -> Route {
        if Self::claims(code, claimed) {
            let told = match (pressed, panel) {
                (true, false) => self.press(code, claimed),
                (true, true) => None,
                (false, _) => self.release(code),
            };
            return Route::Lab(told.into_iter().map(|k| (k, pressed)).collect());
        }
        if pressed && !panel { Route::Runner(code) } else { Route::Nowhere }
    }

    /// `code` went down: the lab key to report pressed, if it was up.
    pub(super) fn press(&mut self, code: KeyCode, claimed: &[LabKey]) -> Option<LabKey> {
        let key = LabKey::from_code(code).filter(|k| claimed.contains(k))?;
        if self.down.contains(&code) {
            return None;
        }
        let was_down = self.is_down(key);
        self.down.push(code);
        (!was_down).then_some(key)
    }

    /// `code` went up: the lab key to report released, if it is now up.
    pub(super) fn release(&mut self, code: KeyCode) -> Option<LabKey> {
        let at = self.down.iter().position(|c| *c == code)?;
        self.down.swap_remove(at);
        let key = LabKey::from_code(code)?;
        (!self.is_down(key)).then_some(key)
    }

    /// Every held key, now released (focus lost).
    pub(super) fn release_all(&mut self) -> Vec<LabKey> {
        let mut keys: Vec<LabKey> = self.down.drain(..).filter_map(LabKey::from_code).collect();
        keys.sort_by_key(|k| *k as u8);
        keys.dedup();
        keys
    }

    /// Whether `code` is one of the `claimed` keys.
    fn claims(code: KeyCode, claimed: &[LabKey]) -> bool {
        LabKey::from_code(code).is_some_and(|k| claimed.contains(&k))
    }

    fn is_down(&self, key: LabKey) -> bool {
        self.down.iter().any(|c| LabKey::from_code(*c) == Some(key))
    }
}

/// The window's help on keys, with a lab's claimed keys taken out of the
/// runner's lines and their stand-ins named.
pub(super) fn help(claimed: &[LabKey]) -> String {
    let takes = |k: LabKey| claimed.contains(&k);
    let mut lines = vec!["Space: pause / play".to_string()];
    lines.push(if takes(LabKey::Left) || takes(LabKey::Right) {
        ", / .: step one frame back / forward".into()
    } else {
        "Left / Right (or , / .): step one frame back / forward".into()
    });
    lines.push("R: reset the demo and the camera".into());
    lines.push(if takes(LabKey::S) {
        "F12: save a screenshot of the 3D view (PNG)".into()
    } else {
        "S (or F12): save a screenshot of the 3D view (PNG)".into()
    });
    lines.push("P: projector mode (larger text, thicker lines, black background)".into());
    lines.push("F1: this help\nEsc: quit".into());
    if !claimed.is_empty() {
        let names: Vec<&str> = claimed.iter().map(|k| k.name()).collect();
        lines.push(format!("This lab's keys: {} (below: what they do)", names.join(", ")));
    }
    lines.push("Drag: orbit    Right-drag: pan    Wheel: zoom".into());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEER: &[LabKey] = &[LabKey::W, LabKey::S, LabKey::Left, LabKey::Shift];

    #[test]
    fn a_held_key_is_one_press_and_one_release() {
        let mut r = Router::default();
        assert_eq!(r.press(KeyCode::KeyW, STEER), Some(LabKey::W));
        assert_eq!(r.press(KeyCode::KeyW, STEER), None, "auto-repeat is not a new press");
        assert_eq!(r.release(KeyCode::KeyW), Some(LabKey::W));
        assert_eq!(r.release(KeyCode::KeyW), None);
        assert_eq!(r.press(KeyCode::KeyD, STEER), None, "D is not claimed here");
        assert_eq!(r.release(KeyCode::KeyD), None);
        assert!(Router::claims(KeyCode::ArrowLeft, STEER) && !Router::claims(KeyCode::ArrowRight, STEER));
    }

    #[test]
    fn claimed_keys_go_to_the_lab_and_the_rest_to_the_runner() {
        let mut r = Router::default();
        let lab = |route: Route| match route {
            Route::Lab(told) => told,
            _ => panic!("went elsewhere than to the lab"),
        };
        let runner = |route: Route| match route {
            Route::Runner(code) => Some(code),
            Route::Nowhere => None,
            Route::Lab(told) => panic!("{told:?} went to the lab"),
        };
        assert_eq!(lab(r.route(KeyCode::ArrowLeft, true, false, STEER)), [(LabKey::Left, true)]);
        assert_eq!(runner(r.route(KeyCode::ArrowRight, true, false, STEER)), Some(KeyCode::ArrowRight));
        assert_eq!(runner(r.route(KeyCode::ArrowLeft, true, false, &[])), Some(KeyCode::ArrowLeft), "not taken");
        assert!(lab(r.route(KeyCode::KeyW, true, true, STEER)).is_empty(), "typed into the panel");
        assert_eq!(runner(r.route(KeyCode::KeyR, true, true, STEER)), None, "typed into the panel");
        assert_eq!(lab(r.route(KeyCode::ArrowLeft, false, true, STEER)), [(LabKey::Left, false)], "always released");
        assert_eq!(runner(r.route(KeyCode::KeyR, false, false, STEER)), None, "the runner acts on presses");
    }

    #[test]
    fn both_shift_keys_are_one_key() {
        let mut r = Router::default();
        assert_eq!(r.press(KeyCode::ShiftLeft, STEER), Some(LabKey::Shift));
        assert_eq!(r.press(KeyCode::ShiftRight, STEER), None);
        assert_eq!(r.release(KeyCode::ShiftLeft), None, "the right Shift is still down");
        assert_eq!(r.release(KeyCode::ShiftRight), Some(LabKey::Shift));
    }

    #[test]
    fn losing_focus_releases_every_held_key_once() {
        let mut r = Router::default();
        for code in [KeyCode::ShiftLeft, KeyCode::KeyS, KeyCode::ShiftRight, KeyCode::KeyW] {
            r.press(code, STEER);
        }
        assert_eq!(r.release_all(), [LabKey::W, LabKey::S, LabKey::Shift]);
        assert!(r.release_all().is_empty());
        assert_eq!(r.release(KeyCode::KeyW), None);
    }

    #[test]
    fn held_keys_are_a_set() {
        let mut held = HeldKeys::default();
        assert!(held.is_empty());
        for k in LabKey::ALL {
            held.set(k, true);
        }
        assert_eq!(held.iter().count(), LabKey::ALL.len());
        held.set(LabKey::Up, false);
        assert!(!held.is_down(LabKey::Up) && held.is_down(LabKey::Down));
        for (code, key) in [(KeyCode::KeyQ, LabKey::Q), (KeyCode::ArrowDown, LabKey::Down)] {
            assert_eq!(LabKey::from_code(code), Some(key));
        }
        assert_eq!(LabKey::from_code(KeyCode::Space), None, "Space stays the runner's");
    }

    #[test]
    fn the_help_names_the_stand_ins_of_taken_keys() {
        let plain = help(&[]);
        assert!(plain.contains("Left / Right (or , / .)") && plain.contains("S (or F12)"), "{plain}");
        assert!(!plain.contains("This lab's keys"));
        let steer = help(STEER);
        assert!(steer.contains("\n, / .: step") && steer.contains("\nF12: save"), "{steer}");
        assert!(steer.contains("This lab's keys: W, S, Left, Shift"), "{steer}");
    }
}
