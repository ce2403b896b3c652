//! The state machine's data: read from a small TOML file (the default is
//! `machine.toml` beside the crate), checked once, with every error naming
//! its line; and its state while a character runs (which state, for how
//! long, the transition in progress). Step 3 decides which transition fires.

use serde::Deserialize;
use toml::Spanned;

pub use super::running::{Active, MachineState, Parameters};

/// A state's motion that is the blend space over speed (step 2), not a clip.
pub const BLEND_SPACE: &str = "blend space";

/// The default machine: locomotion, a stop, and a wave of the upper body.
pub const DEFAULT_MACHINE: &str = include_str!("../../machine.toml");

/// A comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `<`
    Less,
    /// `<=`
    LessEq,
    /// `>`
    Greater,
    /// `>=`
    GreaterEq,
}

/// `parameter op value`, as `speed < 0.1` in the file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Condition {
    /// Index into [`Machine::parameters`].
    pub parameter: usize,
    /// The comparison.
    pub op: Op,
    /// The number compared with.
    pub value: f32,
}

impl Condition {
    /// Whether this condition holds for these parameter values.
    pub fn holds(&self, parameters: &Parameters) -> bool {
        let p = parameters.values[self.parameter];
        match self.op {
            Op::Less => p < self.value,
            Op::LessEq => p <= self.value,
            Op::Greater => p > self.value,
            Op::GreaterEq => p >= self.value,
        }
    }
}

/// One state: its name, what it plays, and (for an action) the subtree it
/// plays on over the locomotion underneath.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The name transitions use.
    pub name: String,
    /// A clip's name, or [`BLEND_SPACE`].
    pub motion: String,
    /// For an action: the node whose subtree plays the clip (lab 07's mask);
    /// the rest of the body keeps the blend space.
    pub mask: Option<String>,
    /// The line the state starts on in its file.
    pub line: usize,
}

/// One transition: from a state (or any), to a state, when.
#[derive(Clone, Debug, PartialEq)]
pub struct Transition {
    /// Index of the state it leaves; `None` for any state (`from = "*"`).
    pub from: Option<usize>,
    /// Index of the state it enters.
    pub to: usize,
    /// Conditions that must all hold.
    pub when: Vec<Condition>,
    /// A trigger that must be set (index into [`Machine::triggers`]).
    pub trigger: Option<usize>,
    /// Fires only once the state's clip has played to its end.
    pub at_end: bool,
    /// Seconds the change takes (a crossfade's length, an offset's half-life scale).
    pub duration: f64,
    /// Higher fires first when several could; equal: the first in the file.
    pub priority: i32,
    /// Whether another transition may start while this one is in progress.
    pub interruptible: bool,
    /// The line of its `to` in the file.
    pub line: usize,
}

/// A state machine, checked: every name resolved to an index.
#[derive(Clone, Debug, PartialEq)]
pub struct Machine {
    /// The states, in file order.
    pub states: Vec<State>,
    /// The transitions, in file order.
    pub transitions: Vec<Transition>,
    /// Names of the number parameters conditions read.
    pub parameters: Vec<String>,
    /// Names of the triggers (set for one frame by an event, such as a key).
    pub triggers: Vec<String>,
    /// Index of the state the machine starts in.
    pub start: usize,
}

/// What is wrong in a machine file, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineError {
    /// The file's name, as given to [`Machine::parse`].
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// What is wrong and what to do.
    pub message: String,
}

impl std::fmt::Display for MachineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} line {}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for MachineError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileMachine {
    start: Spanned<String>,
    #[serde(default)]
    parameters: Vec<Spanned<String>>,
    #[serde(default)]
    triggers: Vec<Spanned<String>>,
    #[serde(default, rename = "state")]
    states: Vec<FileState>,
    #[serde(default, rename = "transition")]
    transitions: Vec<FileTransition>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileState {
    name: Spanned<String>,
    motion: Spanned<String>,
    mask: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileTransition {
    from: Spanned<String>,
    to: Spanned<String>,
    #[serde(default)]
    when: Vec<Spanned<String>>,
    trigger: Option<Spanned<String>>,
    #[serde(default)]
    at_end: bool,
    #[serde(default)]
    duration: Option<Spanned<f64>>,
    #[serde(default)]
    priority: i32,
    #[serde(default = "yes")]
    interruptible: bool,
}

fn yes() -> bool {
    true
}

/// The most states, transitions, parameters or conditions a file may hold.
pub const MOST: usize = 256;

impl Machine {
    /// Reads and checks a machine file. `clips` are the clip names a state may
    /// play, `nodes` the node names a mask may start at. Refused, naming the
    /// line: TOML that does not parse or has unknown keys, a state or clip or
    /// node that does not exist, a condition that does not read
    /// `parameter op number` or names an unknown parameter, an unknown
    /// trigger, a transition with no condition at all, a negative or infinite
    /// duration, `at_end` from the blend space (it never ends), a state no
    /// transition reaches.
    pub fn parse(file: &str, text: &str, clips: &[&str], nodes: &[&str]) -> Result<Machine, MachineError> {
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let fail =
            |offset: usize, message: String| MachineError { file: file.to_string(), line: line_of(offset), message };
        let parsed: FileMachine = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            fail(offset, e.message().trim().to_string())
        })?;
        let count = parsed.states.len() + parsed.transitions.len() + parsed.parameters.len() + parsed.triggers.len();
        if count > MOST {
            return Err(fail(0, format!("more than {MOST} states, transitions, parameters and triggers")));
        }
        let mut states: Vec<State> = Vec::new();
        for s in &parsed.states {
            let at = s.name.span().start;
            if states.iter().any(|o| o.name == *s.name.get_ref()) {
                return Err(fail(at, format!("a second state named `{}`: state names must differ", s.name.get_ref())));
            }
            let motion = s.motion.get_ref();
            if motion != BLEND_SPACE && !clips.contains(&motion.as_str()) {
                return Err(fail(
                    s.motion.span().start,
                    format!("no clip `{motion}`: use `{BLEND_SPACE}` or one of {}", clips.join(", ")),
                ));
            }
            if let Some(mask) = &s.mask
                && !nodes.contains(&mask.get_ref().as_str())
            {
                return Err(fail(mask.span().start, format!("no node `{}` to start the mask at", mask.get_ref())));
            }
            states.push(State {
                name: s.name.get_ref().clone(),
                motion: motion.clone(),
                mask: s.mask.as_ref().map(|m| m.get_ref().clone()),
                line: line_of(at),
            });
        }
        if states.is_empty() {
            return Err(fail(0, "no state: add a [[state]] table".into()));
        }
        let find = |name: &Spanned<String>| {
            states.iter().position(|s| s.name == *name.get_ref()).ok_or_else(|| {
                let known: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
                fail(name.span().start, format!("no state `{}` (states: {})", name.get_ref(), known.join(", ")))
            })
        };
        let start = find(&parsed.start)?;
        let names = |list: &[Spanned<String>]| -> Result<Vec<String>, MachineError> {
            let mut out: Vec<String> = Vec::new();
            for n in list {
                if out.contains(n.get_ref()) {
                    return Err(fail(n.span().start, format!("`{}` is declared twice", n.get_ref())));
                }
                out.push(n.get_ref().clone());
            }
            Ok(out)
        };
        let parameters = names(&parsed.parameters)?;
        let triggers = names(&parsed.triggers)?;
        let mut transitions = Vec::new();
        for t in &parsed.transitions {
            let from = if t.from.get_ref() == "*" { None } else { Some(find(&t.from)?) };
            let to = find(&t.to)?;
            let mut when = Vec::new();
            for c in &t.when {
                when.push(condition(c.get_ref(), &parameters).map_err(|m| fail(c.span().start, m))?);
            }
            let trigger = match &t.trigger {
                Some(name) => Some(triggers.iter().position(|n| n == name.get_ref()).ok_or_else(|| {
                    fail(
                        name.span().start,
                        format!("no trigger `{}` (triggers: {})", name.get_ref(), triggers.join(", ")),
                    )
                })?),
                None => None,
            };
            if when.is_empty() && trigger.is_none() && !t.at_end {
                return Err(fail(
                    t.to.span().start,
                    "a transition with no condition, trigger or at_end would fire every frame".into(),
                ));
            }
            if t.at_end && from.is_none_or(|f| states[f].motion == BLEND_SPACE) {
                return Err(fail(
                    t.to.span().start,
                    "at_end needs a `from` state that plays a clip (the blend space never ends)".into(),
                ));
            }
            let duration = match &t.duration {
                Some(d) if !(d.get_ref().is_finite() && *d.get_ref() >= 0.0 && *d.get_ref() <= 60.0) => {
                    return Err(fail(d.span().start, "duration must be from 0 to 60 seconds".into()));
                }
                Some(d) => *d.get_ref(),
                None => 0.0,
            };
            transitions.push(Transition {
                from,
                to,
                when,
                trigger,
                at_end: t.at_end,
                duration,
                priority: t.priority,
                interruptible: t.interruptible,
                line: line_of(t.to.span().start),
            });
        }
        for (i, s) in states.iter().enumerate() {
            if i != start && !transitions.iter().any(|t| t.to == i) {
                return Err(MachineError {
                    file: file.to_string(),
                    line: s.line,
                    message: format!("no transition reaches state `{}`: add one or remove the state", s.name),
                });
            }
        }
        Ok(Machine { states, transitions, parameters, triggers, start })
    }

    /// Index of the state named `name`.
    pub fn state(&self, name: &str) -> Option<usize> {
        self.states.iter().position(|s| s.name == name)
    }

    /// A transition as the overlays show it: `from -> to`.
    pub fn label(&self, transition: usize) -> String {
        let t = &self.transitions[transition];
        let from = t.from.map_or("*", |f| self.states[f].name.as_str());
        format!("{from} -> {}", self.states[t.to].name)
    }
}

/// One condition, `parameter op number`.
fn condition(text: &str, parameters: &[String]) -> Result<Condition, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [name, op, value] = words[..] else {
        return Err(format!("condition `{text}` must read `parameter op number`, as `speed < 0.1`"));
    };
    let parameter = parameters.iter().position(|p| p == name).ok_or_else(|| {
        format!("condition `{text}` reads an unknown parameter `{name}` (parameters: {})", parameters.join(", "))
    })?;
    let op = match op {
        "<" => Op::Less,
        "<=" => Op::LessEq,
        ">" => Op::Greater,
        ">=" => Op::GreaterEq,
        _ => return Err(format!("condition `{text}`: the comparison must be <, <=, > or >=")),
    };
    let value: f32 = value.parse().map_err(|_| format!("condition `{text}`: `{value}` is not a number"))?;
    if !value.is_finite() {
        return Err(format!("condition `{text}`: the number must be finite"));
    }
    Ok(Condition { parameter, op, value })
}
