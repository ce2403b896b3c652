//! Step 3: which transition fires. And the given machine file: it parses,
//! and every mistake in it is refused with its line.

use common::grade::Verdict;
use lab09_locomotion::given::machine::{Active, DEFAULT_MACHINE};
use lab09_locomotion::{Machine, MachineState, Parameters};

const CLIPS: [&str; 4] = ["idle", "walk", "run", "wave"];
const NODES: [&str; 3] = ["hips", "spine", "head"];

/// A machine of four states with transitions that test every rule.
pub const TEST_MACHINE: &str = r#"
start = "walk"
parameters = ["speed", "stick"]
triggers = ["wave", "jump"]

[[state]]
name = "walk"
motion = "blend space"
[[state]]
name = "stop"
motion = "idle"
[[state]]
name = "wave"
motion = "wave"
mask = "spine"
[[state]]
name = "hop"
motion = "run"

# 0: stop when slow and the stick is let go
[[transition]]
from = "walk"
to = "stop"
when = ["speed < 0.2", "stick <= 0.1"]
duration = 0.3
# 1: a wave from anywhere, high priority, not interruptible
[[transition]]
from = "*"
to = "wave"
trigger = "wave"
duration = 0.5
priority = 2
interruptible = false
# 2: back when the wave ends
[[transition]]
from = "wave"
to = "walk"
at_end = true
duration = 0.3
# 3: from the wave, a jump (priority 1) on the same frame as its end (priority 0)
[[transition]]
from = "wave"
to = "hop"
trigger = "jump"
priority = 1
# 4: stop to walk when pushed
[[transition]]
from = "stop"
to = "walk"
when = ["stick > 0.1"]
# 5: a second way to stop, same priority as 0, later in the file
[[transition]]
from = "walk"
to = "stop"
when = ["speed < 0.5"]
# 6: leave the hop at its end
[[transition]]
from = "hop"
to = "walk"
at_end = true
"#;

pub fn machine() -> Machine {
    Machine::parse("test.toml", TEST_MACHINE, &CLIPS, &NODES).unwrap_or_else(|e| panic!("{e}"))
}

fn params(m: &Machine, speed: f32, stick: f32, triggers: &[&str]) -> Parameters {
    let mut p = Parameters::of(m);
    p.set(m, "speed", speed);
    p.set(m, "stick", stick);
    for t in triggers {
        p.pull(m, t);
    }
    p
}

fn at(m: &Machine, state: &str) -> MachineState {
    MachineState { state: m.state(state).expect("state"), seconds: 1.0, clip_ended: false, active: None }
}

/// Step 3's judge: each case, its expected answer, and the rule it tests.
pub fn judge_choose(f: fn(&Machine, &MachineState, &Parameters) -> Option<usize>) -> Result<(), String> {
    let m = machine();
    let ended = |s: &str| MachineState { clip_ended: true, ..at(&m, s) };
    let busy =
        |s: &str, t: usize| MachineState { active: Some(Active { transition: t, from: 0, elapsed: 0.1 }), ..at(&m, s) };
    let cases: Vec<(&str, MachineState, Parameters, Option<usize>)> = vec![
        ("walking fast, stick pushed: nothing fires", at(&m, "walk"), params(&m, 1.0, 1.0, &[]), None),
        (
            "slow, stick let go: transitions 0 and 5 hold; equal priorities: the first in the file wins",
            at(&m, "walk"),
            params(&m, 0.1, 0.0, &[]),
            Some(0),
        ),
        (
            "slow but the stick still pushed: transition 0 needs ALL its conditions; transition 5 (speed < 0.5) fires",
            at(&m, "walk"),
            params(&m, 0.1, 0.9, &[]),
            Some(5),
        ),
        ("0.3 m/s, stick pushed: only transition 5 holds", at(&m, "walk"), params(&m, 0.3, 0.9, &[]), Some(5)),
        (
            "slow, stick let go: transitions 0 and 5 both hold at equal priority: the first in the file wins",
            at(&m, "walk"),
            params(&m, 0.1, 0.05, &[]),
            Some(0),
        ),
        (
            "the wave trigger while slow: the wave's priority 2 beats transition 0's 0",
            at(&m, "walk"),
            params(&m, 0.1, 0.0, &["wave"]),
            Some(1),
        ),
        (
            "the wave trigger from stop (from = \"*\" leaves any state)",
            at(&m, "stop"),
            params(&m, 0.0, 0.0, &["wave"]),
            Some(1),
        ),
        ("waving, the clip not ended: at_end waits", at(&m, "wave"), params(&m, 0.0, 0.0, &[]), None),
        (
            "the wave trigger while waving: a transition never enters the state it leaves",
            at(&m, "wave"),
            params(&m, 0.0, 0.0, &["wave"]),
            None,
        ),
        ("waving, the clip ended: at_end fires", ended("wave"), params(&m, 0.0, 0.0, &[]), Some(2)),
        (
            "the jump trigger and the wave's end on the same frame: priority 1 beats 0",
            ended("wave"),
            params(&m, 0.0, 0.0, &["jump"]),
            Some(3),
        ),
        ("a trigger that is not set does not fire its transition", at(&m, "wave"), params(&m, 0.0, 0.0, &[]), None),
        (
            "during the wave's transition (not interruptible), a jump waits",
            MachineState { clip_ended: true, ..busy("wave", 1) },
            params(&m, 0.0, 0.0, &["jump"]),
            None,
        ),
        (
            "during transition 0 (interruptible), the wave trigger fires",
            busy("stop", 0),
            params(&m, 0.0, 0.0, &["wave"]),
            Some(1),
        ),
        (
            "during transition 4 (interruptible), stopping again may fire",
            busy("walk", 4),
            params(&m, 0.1, 0.0, &[]),
            Some(0),
        ),
        (
            "a transition from another state does not fire (transition 4 leaves stop, not walk)",
            at(&m, "walk"),
            params(&m, 1.0, 1.0, &[]),
            None,
        ),
    ];
    for (what, now, p, want) in cases {
        let got = f(&m, &now, &p);
        if got != want {
            let show = |t: Option<usize>| t.map_or("none".to_string(), |i| format!("{i} ({})", m.label(i)));
            return Err(format!(
                "choose_transition: {what}\n  in state `{}`, speed {}, stick {}, triggers {:?}, clip ended {}, in transition {:?}\n  expected {}, got {}",
                m.states[now.state].name,
                p.values[0],
                p.values[1],
                p.triggers,
                now.clip_ended,
                now.active.map(|a| a.transition),
                show(want),
                show(got)
            ));
        }
    }
    Ok(())
}

#[test]
fn step3_choose_transition_follows_every_rule() {
    judge_choose(lab09_locomotion::choose_transition).or_fail();
}

/// The machine `text` is refused, naming the line of the last `needle` and `words`.
fn refused(text: &str, needle: &str, words: &[&str]) {
    let at = text.rfind(needle).expect("the needle is in the text");
    let line = text[..at].matches('\n').count() + 1;
    let e = Machine::parse("bad.toml", text, &CLIPS, &NODES).expect_err("a broken machine must be refused");
    let shown = e.to_string();
    assert_eq!(e.line, line, "{shown}: expected line {line}");
    assert!(shown.starts_with(&format!("bad.toml line {line}: ")), "{shown}");
    for w in words {
        assert!(shown.contains(w), "`{shown}` should mention `{w}`");
    }
}

#[test]
fn given_the_default_machine_parses() {
    let m = Machine::parse("machine.toml", DEFAULT_MACHINE, &CLIPS, &NODES).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.states[m.start].name, "stop");
    assert!(m.states.iter().any(|s| s.mask.as_deref() == Some("spine")));
    machine();
}

#[test]
fn given_machine_errors_name_the_line() {
    let base = "start = \"a\"\nparameters = [\"speed\"]\ntriggers = [\"go\"]\n[[state]]\nname = \"a\"\nmotion = \"idle\"\n[[state]]\nname = \"b\"\nmotion = \"walk\"\n";
    let to_b = "[[transition]]\nfrom = \"a\"\nto = \"b\"\nwhen = [\"speed > 1\"]\n";
    // A transition to a missing state.
    refused(
        &format!("{base}{to_b}[[transition]]\nfrom = \"b\"\nto = \"c\"\nwhen = [\"speed < 1\"]\n"),
        "to = \"c\"",
        &["no state `c`"],
    );
    // A condition on an unknown parameter.
    refused(
        &format!("{base}[[transition]]\nfrom = \"a\"\nto = \"b\"\nwhen = [\"sped > 1\"]\n"),
        "sped",
        &["unknown parameter `sped`"],
    );
    // A state no transition reaches.
    refused(base, "name = \"b\"", &["no transition reaches state `b`"]);
    // Syntax: a condition that does not read `parameter op number`.
    refused(
        &format!("{base}[[transition]]\nfrom = \"a\"\nto = \"b\"\nwhen = [\"speed >> 1\"]\n"),
        "speed >>",
        &["<, <=, > or >="],
    );
    refused(
        &format!("{base}[[transition]]\nfrom = \"a\"\nto = \"b\"\nwhen = [\"speed\"]\n"),
        "[\"speed\"]",
        &["parameter op number"],
    );
    // An unknown trigger, a transition with no condition, a bad duration.
    refused(
        &format!("{base}[[transition]]\nfrom = \"a\"\nto = \"b\"\ntrigger = \"jump\"\n"),
        "\"jump\"",
        &["no trigger `jump`"],
    );
    refused(&format!("{base}[[transition]]\nfrom = \"a\"\nto = \"b\"\n"), "to = \"b\"", &["every frame"]);
    refused(&format!("{base}{to_b}duration = -1.0\n"), "-1.0", &["duration"]);
    // An unknown key and broken TOML.
    refused(&format!("{base}{to_b}priorty = 2\n"), "priorty", &["priorty"]);
    refused(&format!("{base}[[transition]\n"), "[[transition]", &[]);
    // A clip or a mask node that does not exist; a state named twice; at_end from the blend space.
    refused(&base.replace("\"walk\"", "\"jog\""), "jog", &["no clip `jog`"]);
    refused(&format!("{base}mask = \"tail\"\n{to_b}"), "tail", &["no node `tail`"]);
    refused(
        &format!("{base}[[state]]\nname = \"a\"\nmotion = \"run\"\n{to_b}"),
        "name = \"a\"",
        &["second state named `a`"],
    );
    let blend = base.replace("motion = \"idle\"", "motion = \"blend space\"");
    refused(
        &format!("{blend}[[transition]]\nfrom = \"a\"\nto = \"b\"\nat_end = true\n"),
        "to = \"b\"",
        &["never ends"],
    );
    refused("start = \"nowhere\"\n[[state]]\nname = \"a\"\nmotion = \"idle\"\n", "nowhere", &["no state `nowhere`"]);
}
