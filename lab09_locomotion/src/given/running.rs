//! A state machine while a character runs: the parameters it reads this
//! frame, which state it is in and for how long, the transition in progress.
//! Step 3 decides which transition fires; [`MachineState::fire`] takes it.

use super::machine::Machine;

/// The parameters' values this frame, in the machine's order, and which
/// triggers are set (a trigger stays set until a transition uses it or
/// the frame ends).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parameters {
    /// One per [`Machine::parameters`].
    pub values: Vec<f32>,
    /// One per [`Machine::triggers`].
    pub triggers: Vec<bool>,
}

impl Parameters {
    /// Every parameter 0, no trigger set.
    pub fn of(machine: &Machine) -> Parameters {
        Parameters { values: vec![0.0; machine.parameters.len()], triggers: vec![false; machine.triggers.len()] }
    }

    /// Sets the parameter `name` if the machine has one (a machine need not read them all).
    pub fn set(&mut self, machine: &Machine, name: &str, value: f32) {
        if let Some(i) = machine.parameters.iter().position(|p| p == name) {
            self.values[i] = value;
        }
    }

    /// Sets the trigger `name` if the machine has one.
    pub fn pull(&mut self, machine: &Machine, name: &str) {
        if let Some(i) = machine.triggers.iter().position(|p| p == name) {
            self.triggers[i] = true;
        }
    }
}

/// A transition in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Active {
    /// Index into [`Machine::transitions`].
    pub transition: usize,
    /// The state it left.
    pub from: usize,
    /// Seconds since it fired.
    pub elapsed: f64,
}

/// Where a running machine is.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineState {
    /// The current state (the one entered last).
    pub state: usize,
    /// Seconds since it was entered.
    pub seconds: f64,
    /// True once the current state's clip has played to its end.
    pub clip_ended: bool,
    /// The transition in progress, while it is (its `elapsed` below its duration).
    pub active: Option<Active>,
}

impl MachineState {
    /// The machine in its start state.
    pub fn start(machine: &Machine) -> MachineState {
        MachineState { state: machine.start, seconds: 0.0, clip_ended: false, active: None }
    }

    /// Takes transition `index`: enters its state, uses its trigger.
    pub fn fire(&mut self, machine: &Machine, parameters: &mut Parameters, index: usize) {
        let t = &machine.transitions[index];
        if let Some(trigger) = t.trigger {
            parameters.triggers[trigger] = false;
        }
        self.active = Some(Active { transition: index, from: self.state, elapsed: 0.0 });
        self.state = t.to;
        self.seconds = 0.0;
        self.clip_ended = false;
    }

    /// `dt` seconds later; `length` is the current state's clip's length
    /// (`None` for the blend space). A transition whose time is up ends.
    pub fn advance(&mut self, machine: &Machine, dt: f64, length: Option<f64>) {
        self.seconds += dt;
        self.clip_ended = length.is_some_and(|l| self.seconds >= l);
        if let Some(active) = &mut self.active {
            active.elapsed += dt;
            if active.elapsed >= machine.transitions[active.transition].duration {
                self.active = None;
            }
        }
    }
}
