//! The demo's `--set` keys and `--input`, read and checked before any of
//! your steps runs (a typo is one clear line, not a stopped step).

use common::app::Args;
use lab08_inverse_kinematics::Terrain;
use lab09_locomotion::{InputScript, Settings, Transitions};

/// The built-in scripted runs (`--set script=NAME`), as `--input` files read
/// them; `lab09_locomotion/scripts/NAME.txt` holds the same text.
pub const SCRIPTS: [(&str, &str); 3] = [
    ("tour", include_str!("../../scripts/tour.txt")),
    ("run", include_str!("../../scripts/run.txt")),
    ("zigzag", include_str!("../../scripts/zigzag.txt")),
];

/// The largest `--input` or `--set machine=` file read, bytes (a script of
/// [`lab09_locomotion::given::input::MOST_CUES`] lines fits).
pub const MOST_BYTES: u64 = 4 << 20;

/// The second character, steered the same way beside the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// None.
    Off,
    /// Lab 07's crossfade at every transition instead of step 4.
    Crossfade,
    /// Feet not held (step 6 off).
    NoPlant,
}

impl Compare {
    /// Every kind, by its `--set compare=` name.
    pub const NAMES: [(&'static str, Compare); 3] =
        [("none", Compare::Off), ("crossfade", Compare::Crossfade), ("no-plant", Compare::NoPlant)];

    /// Its name.
    pub fn name(self) -> &'static str {
        Compare::NAMES.iter().find(|(_, c)| *c == self).map_or("none", |(n, _)| n)
    }
}

/// Where the steering comes from at the start.
#[derive(Clone, Debug, PartialEq)]
pub struct Scripted {
    /// Its name: a built-in script's, or the file's.
    pub name: String,
    /// The script.
    pub script: InputScript,
}

/// The demo's start-up state.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The lab's settings (springs, transitions, planting, ground).
    pub settings: Settings,
    /// `--input` or `--set script=`: the run to play instead of the keys.
    pub scripted: Option<Scripted>,
    /// The second character.
    pub compare: Compare,
    /// The joint whose angle the panel plots, by name.
    pub joint: String,
    /// A state machine file instead of the lab's (its name and text).
    pub machine: Option<(String, String)>,
    /// Draw the trajectory, the prediction and the feet.
    pub trajectory: bool,
    /// The camera follows the character.
    pub follow: bool,
    /// Seconds the panel's plots show.
    pub span: f64,
}

/// A small text file, or one line saying why not.
fn read_small(what: &str, path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| format!("{what} {shown}: cannot read it ({e})"))?;
    if !meta.is_file() {
        return Err(format!("{what} {shown}: not a file"));
    }
    if meta.len() > MOST_BYTES {
        return Err(format!("{what} {shown}: {} bytes; a few lines are enough (at most {MOST_BYTES})", meta.len()));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{what} {shown}: cannot read it as text ({e})"))
}

/// A name from a list, or a message naming the list.
fn named<T: Copy>(key: &str, value: &str, names: &[(&str, T)]) -> Result<T, String> {
    names.iter().find(|(n, _)| *n == value).map(|(_, t)| *t).ok_or_else(|| {
        let all: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
        format!("--set {key}={value}: use one of {}", all.join(", "))
    })
}

impl Options {
    /// Reads every setting; the first problem is the error.
    pub fn read(args: &Args) -> Result<Options, String> {
        if let Some(clip) = &args.clip {
            return Err(format!(
                "--clip {clip}: lab09 plays what its state machine says; steer it (keys, --input FILE or --set script=NAME)"
            ));
        }
        let terrain = named("ground", args.setting("ground").unwrap_or("sine"), &Terrain::NAMES)?;
        let mut settings = Settings { terrain, ..Settings::default() };
        let kinds = [("inertialize", Transitions::Inertialize), ("crossfade", Transitions::Crossfade)];
        settings.transitions = named("transitions", args.setting("transitions").unwrap_or("inertialize"), &kinds)?;
        settings.plant = args.setting_flag("plant", true)?;
        settings.velocity_halflife = args.setting_in("velocity-halflife", settings.velocity_halflife, 0.0..=2.0)?;
        settings.heading_halflife = args.setting_in("heading-halflife", settings.heading_halflife, 0.0..=2.0)?;
        let compare = named("compare", args.setting("compare").unwrap_or("none"), &Compare::NAMES)?;
        let scripted = match (&args.input, args.setting("script")) {
            (Some(_), Some(_)) => return Err("--input and --set script=...: give one of them".into()),
            (Some(path), None) => {
                let text = read_small("--input", path)?;
                let script = InputScript::parse(&text).map_err(|e| format!("--input {}: {e}", path.display()))?;
                Some(Scripted { name: path.display().to_string(), script })
            }
            (None, Some(name)) => {
                let text = named("script", name, &SCRIPTS)?;
                let script = InputScript::parse(text).map_err(|e| format!("script {name}: {e}"))?;
                Some(Scripted { name: name.to_string(), script })
            }
            (None, None) => None,
        };
        let machine = match args.setting("machine") {
            Some(path) => Some((path.to_string(), read_small("--set machine=", std::path::Path::new(path))?)),
            None => None,
        };
        Ok(Options {
            settings,
            scripted,
            compare,
            joint: args.setting("joint").unwrap_or("thigh_l").to_string(),
            machine,
            trajectory: args.setting_flag("trajectory", true)?,
            follow: args.setting_flag("follow", true)?,
            span: args.setting_in("span", crate::demo::plot::SPAN, 1.0..=crate::demo::plot::SPAN)?,
        })
    }

    /// The second character's settings: the first's, changed as `compare` says.
    pub fn compared(&self) -> Option<Settings> {
        let mut settings = self.settings;
        match self.compare {
            Compare::Off => return None,
            Compare::Crossfade => settings.transitions = Transitions::Crossfade,
            Compare::NoPlant => settings.plant = false,
        }
        Some(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--set` pairs (`KEY=VALUE`), `--clip C` and `--input PATH`, as the command line gives them.
    fn read(extra: &[&str]) -> Result<Options, String> {
        let mut args = Args::default();
        let mut words = extra.iter();
        while let (Some(flag), Some(value)) = (words.next(), words.next()) {
            match *flag {
                "--set" => {
                    let (k, v) = value.split_once('=').expect("KEY=VALUE");
                    args.settings.push((k.to_string(), v.to_string()));
                }
                "--clip" => args.clip = Some(value.to_string()),
                "--input" => args.input = Some(value.into()),
                other => panic!("{other}"),
            }
        }
        Options::read(&args)
    }

    #[test]
    fn the_built_in_scripts_read() {
        for (name, text) in SCRIPTS {
            let script = InputScript::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!script.cues.is_empty() && script.end() <= 10.0, "{name}: its last cue at {} s", script.end());
        }
    }

    #[test]
    fn settings_are_read_and_refused_in_one_line() {
        let o = read(&["--set", "ground=flat", "--set", "compare=no-plant", "--set", "script=run"]).unwrap();
        assert_eq!((o.settings.terrain, o.compare), (Terrain::Flat, Compare::NoPlant));
        assert!(!o.compared().unwrap().plant && o.settings.plant);
        assert_eq!(o.scripted.unwrap().name, "run");
        for (args, mentions) in [
            (&["--set", "ground=lava"][..], "course, flat, ramp, steps, sine"),
            (&["--set", "transitions=pop"], "inertialize, crossfade"),
            (&["--set", "compare=all"], "none, crossfade, no-plant"),
            (&["--set", "script=dance"], "tour, run, zigzag"),
            (&["--set", "velocity-halflife=nan"], "not a finite number"),
            (&["--set", "heading-halflife=3"], "between 0 and 2"),
            (&["--clip", "walk"], "state machine"),
            (&["--input", "/no/such/run.txt"], "--input /no/such/run.txt: cannot read it"),
            (&["--input", "/tmp", "--set", "script=run"], "give one of them"),
            (&["--set", "machine=/no/such.toml"], "/no/such.toml"),
        ] {
            let e = read(args).expect_err(&format!("{args:?} should be refused"));
            assert!(e.contains(mentions) && !e.contains('\n'), "{args:?}: {e}");
        }
    }
}
