//! The player's input for one frame ([`Input`]) and scripted input
//! ([`InputScript`], the demo's `--input FILE`): lines of
//! `time stick_x stick_y [run] [wave]`, so screenshots, tests and figures
//! steer the character the same way every time.

use glam::Vec2;

/// What the player does this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// The stick: x along world +X, y along world +Z; its length (at most 1
    /// counts) is the share of the top speed wanted.
    pub stick: Vec2,
    /// Run held: the top speed is the run's, not the walk's.
    pub run: bool,
    /// The wave key went down this frame.
    pub wave: bool,
}

/// A script line that cannot be read, with its line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong and what to do.
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "input script line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

/// One line of a script: from `time` on, this input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    /// Seconds from the start.
    pub time: f64,
    /// The stick and run from this time on; `wave` pressed at this time.
    pub input: Input,
}

/// The most lines a script may hold.
pub const MOST_CUES: usize = 100_000;

/// Scripted input: cues in time order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputScript {
    /// The cues, times in order (equal times allowed: the later wins).
    pub cues: Vec<Cue>,
}

impl InputScript {
    /// Reads a script: one cue per line, `time stick_x stick_y` then the
    /// words `run` and/or `wave`; `#` starts a comment; blank lines are
    /// skipped. Times finite, 0 or more and in order; stick values finite,
    /// from -1 to 1. Every error names its line.
    pub fn parse(text: &str) -> Result<InputScript, ScriptError> {
        let mut cues: Vec<Cue> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let fail = |message: String| ScriptError { line, message };
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            if cues.len() >= MOST_CUES {
                return Err(fail(format!("more than {MOST_CUES} cues")));
            }
            let words: Vec<&str> = body.split_whitespace().collect();
            if words.len() < 3 {
                return Err(fail(format!("`{body}` must read `time stick_x stick_y [run] [wave]`")));
            }
            let number = |w: &str, what: &str| -> Result<f64, ScriptError> {
                let v: f64 = w.parse().map_err(|_| fail(format!("{what} `{w}` is not a number")))?;
                if v.is_finite() { Ok(v) } else { Err(fail(format!("{what} `{w}` is not finite"))) }
            };
            let time = number(words[0], "the time")?;
            if time < 0.0 {
                return Err(fail(format!("the time {time} is negative")));
            }
            if let Some(last) = cues.last()
                && time < last.time
            {
                return Err(fail(format!("the time {time} comes before the previous line's {}", last.time)));
            }
            let mut stick = Vec2::ZERO;
            for (k, what) in [(1, "stick_x"), (2, "stick_y")] {
                let v = number(words[k], what)?;
                if !(-1.0..=1.0).contains(&v) {
                    return Err(fail(format!("{what} {v} is outside -1 to 1")));
                }
                stick[k - 1] = v as f32;
            }
            let mut input = Input { stick, run: false, wave: false };
            for w in &words[3..] {
                match *w {
                    "run" => input.run = true,
                    "wave" => input.wave = true,
                    other => return Err(fail(format!("unknown word `{other}`: only `run` and `wave` may follow"))),
                }
            }
            cues.push(Cue { time, input });
        }
        Ok(InputScript { cues })
    }

    /// The input for the frame from `from` to `to` seconds: the stick and
    /// run of the last cue at or before `from` (none: the stick at rest),
    /// and a wave if a cue in `[from, to)` has one.
    pub fn input(&self, from: f64, to: f64) -> Input {
        let held = self.cues.partition_point(|c| c.time <= from);
        let mut input = if held > 0 { self.cues[held - 1].input } else { Input::default() };
        let first = self.cues.partition_point(|c| c.time < from);
        input.wave = self.cues[first..].iter().take_while(|c| c.time < to).any(|c| c.input.wave);
        input
    }

    /// The time of the last cue (0 for an empty script).
    pub fn end(&self) -> f64 {
        self.cues.last().map_or(0.0, |c| c.time)
    }
}
