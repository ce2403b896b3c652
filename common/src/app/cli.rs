//! The command line every demo shares.

use std::path::PathBuf;

use clap::Parser;

/// Options of every lab's demo (`cargo run -p labNN_name -- --help`).
#[derive(Parser, Debug, Clone, Default)]
#[command(about = None, long_about = None)]
pub struct Args {
    /// Load this model file (any format assimp reads: .x, .fbx, .gltf, .dae,
    /// .bvh, ...) instead of the built-in character.
    #[arg(long, value_name = "PATH")]
    pub model: Option<PathBuf>,

    /// Play this clip, by name or index (default: the first).
    #[arg(long, value_name = "NAME|INDEX", allow_negative_numbers = true)]
    pub clip: Option<String>,

    /// Render one frame without a window (no display needed), write it
    /// as a PNG (the path must end in .png) and exit.
    #[arg(long, value_name = "PATH", value_parser = parse_png_path)]
    pub screenshot: Option<PathBuf>,

    /// Window size in logical points (twice the pixels on a Retina screen),
    /// or screenshot size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size, allow_hyphen_values = true)]
    pub size: (u32, u32),

    /// Advance the demo by this many seconds before the first frame.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time: f32,

    /// Render this many frames (1 or more), print the mean frame time, and exit.
    #[arg(long, value_name = "N", value_parser = parse_frames, allow_negative_numbers = true)]
    pub frames: Option<u32>,

    /// A demo setting, as in its side panel (repeatable), e.g. `--set joint=forearm_l`.
    /// Each lab's README lists its settings.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_setting, allow_hyphen_values = true)]
    pub settings: Vec<(String, String)>,

    /// Print what was loaded (nodes, meshes, bones, clips) and exit.
    #[arg(long)]
    pub info: bool,

    /// Record headless and exit: an animated GIF (PATH ends in .gif) or, when
    /// PATH is an existing folder or ends in `/`, numbered PNGs. `--frames`
    /// gives the count (default: the clip's length, else 3 s; at most 900).
    #[arg(long, value_name = "PATH", conflicts_with = "screenshot", value_parser = super::record::parse_record_path)]
    pub record: Option<PathBuf>,

    /// Frames per second of a recording: the clock steps by exactly 1/FPS.
    #[arg(long, value_name = "FPS", default_value_t = 30.0, value_parser = super::record::parse_fps, allow_negative_numbers = true)]
    pub fps: f32,

    /// Draw the lab's title, what is playing and the key to its colours into
    /// screenshots and recordings.
    #[arg(long)]
    pub legend: bool,

    /// Paint the demo's side panel into screenshots and recordings.
    #[arg(long)]
    pub panel: bool,

    /// Projector mode: larger UI, thicker lines and dots, a black background
    /// (P toggles it in the window).
    #[arg(long)]
    pub present: bool,

    /// Render every lecture figure this demo declares into DIR (PNG and GIF,
    /// plus `figures.tsv`: name, file, caption, command) and exit.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["screenshot", "record"])]
    pub figures: Option<PathBuf>,

    /// Scripted input for a lab steered from the keyboard (lab 09): a file
    /// of times and stick values, read by the lab, so a screenshot or a
    /// recording shows the same run every time. Other labs refuse it.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,

    /// Whether `--size` was given on the command line (`--figures` keeps each
    /// figure's own size unless it was).
    #[arg(skip)]
    pub size_given: bool,
}

impl Args {
    /// The value of `--set key=...`, the last one if given several times.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.settings.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// `--set key=...` parsed as `T`; an error names the key and the value.
    ///
    /// NaN and infinity are refused, for any `T` (`nan`, `inf`, and for `f32`
    /// a number past its range such as `1e39`): no setting wants them, and
    /// one NaN makes a whole model vanish without a word.
    pub fn setting_as<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>, String> {
        let Some(v) = self.setting(key) else {
            return Ok(None);
        };
        let value = v.parse().map_err(|_| format!("--set {key}={v}: cannot read `{v}` as a value for {key}"))?;
        if names_non_finite::<T>(v) {
            return Err(not_finite(key, v, v));
        }
        Ok(Some(value))
    }

    /// `--set key=A,B,C`: exactly `count` finite numbers separated by commas
    /// (e.g. `--set angles=0,0,45`); an error names the key and the value.
    pub fn setting_numbers(&self, key: &str, count: usize) -> Result<Option<Vec<f32>>, String> {
        let Some(v) = self.setting(key) else {
            return Ok(None);
        };
        let example = vec!["0"; count].join(",");
        let wrong = || format!("--set {key}={v}: give {count} numbers separated by commas, e.g. {example}");
        let parts: Vec<&str> = v.split(',').map(str::trim).collect();
        if parts.len() != count {
            return Err(wrong());
        }
        let mut numbers = Vec::with_capacity(count);
        for part in parts {
            let x: f32 = part.parse().map_err(|_| wrong())?;
            if !x.is_finite() {
                return Err(not_finite(key, v, part));
            }
            numbers.push(x);
        }
        Ok(Some(numbers))
    }

    /// `--set key=true|false`, or `default` when not given; anything else is refused.
    pub fn setting_flag(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.setting(key) {
            None => Ok(default),
            Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(other) => Err(format!("--set {key}={other}: use true or false")),
        }
    }

    /// `--set key=NUMBER` within `range`, or `default` when not given (NaN and
    /// infinity are refused by [`Args::setting_as`]).
    pub fn setting_in<T>(&self, key: &str, default: T, range: std::ops::RangeInclusive<T>) -> Result<T, String>
    where
        T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
    {
        let value = self.setting_as::<T>(key)?.unwrap_or(default);
        if !range.contains(&value) {
            return Err(format!("--set {key}={value}: must be between {} and {}", range.start(), range.end()));
        }
        Ok(value)
    }
}

/// Whether `text`, read as `T`, is NaN or infinite: it reads as a
/// non-finite `f64`, or `T` is `f32` and it overflows one.
fn names_non_finite<T>(text: &str) -> bool {
    let as_f64 = text.parse::<f64>().is_ok_and(|x| !x.is_finite());
    let as_f32 = std::any::type_name::<T>() == "f32" && text.parse::<f32>().is_ok_and(|x| !x.is_finite());
    as_f64 || as_f32
}

fn not_finite(key: &str, value: &str, part: &str) -> String {
    format!("--set {key}={value}: `{part}` is not a finite number (NaN and infinity are refused)")
}

fn parse_png_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        return Err("screenshots are written as PNG only: use a .png path".into());
    }
    Ok(path)
}

fn parse_frames(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(0) => Err("give 1 or more frames (0 would draw nothing)".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is not a whole number of frames (1 or more)")),
    }
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once(['x', 'X']).ok_or("expected WIDTHxHEIGHT, e.g. 1280x720")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("width `{w}` is not a number"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("height `{h}` is not a number"))?;
    if !(16..=8192).contains(&w) || !(16..=8192).contains(&h) {
        return Err("each side must be between 16 and 8192 pixels".into());
    }
    Ok((w, h))
}

fn parse_seconds(s: &str) -> Result<f32, String> {
    let t: f32 = s.parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() || t < 0.0 {
        return Err("give a finite number of seconds, 0 or more".into());
    }
    Ok(t)
}

fn parse_setting(s: &str) -> Result<(String, String), String> {
    let (k, v) = s.split_once('=').ok_or("expected KEY=VALUE")?;
    Ok((k.trim().to_string(), v.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_shared_options() {
        let a = Args::try_parse_from(["demo", "--size", "640x480", "--time", "1.5", "--set", "joint=hand_l"]).unwrap();
        assert_eq!(a.size, (640, 480));
        assert_eq!(a.time, 1.5);
        assert_eq!(a.setting("joint"), Some("hand_l"));
        assert!(Args::try_parse_from(["demo", "--time", "NaN"]).is_err());
        assert!(Args::try_parse_from(["demo", "--size", "big"]).is_err());
    }

    /// The error clap prints for these arguments (after the program name).
    fn refusal(args: &[&str]) -> String {
        let all = std::iter::once("demo").chain(args.iter().copied());
        let error = Args::try_parse_from(all).expect_err("should be refused").to_string();
        error.lines().next().unwrap_or_default().to_string()
    }

    #[test]
    fn negative_numbers_reach_the_value_checks() {
        let time = refusal(&["--time", "-1"]);
        assert!(time.contains("'-1' for '--time <SECONDS>': give a finite number of seconds, 0 or more"), "{time}");
        let frames = refusal(&["--frames", "-1"]);
        assert!(frames.contains("`-1` is not a whole number of frames (1 or more)"), "{frames}");
        let set = Args::try_parse_from(["demo", "--set", "x=-1", "--set", "twist=-30"]).unwrap();
        assert_eq!(set.setting_as::<f32>("x"), Ok(Some(-1.0)));
        assert_eq!(set.setting_as::<i32>("twist"), Ok(Some(-30)));
        assert!(refusal(&["--set", "-1"]).contains("expected KEY=VALUE"));
        assert!(refusal(&["--size", "-640x480"]).contains("width `-640` is not a number"));
        assert_eq!(Args::try_parse_from(["demo", "--clip", "-1"]).unwrap().clip.as_deref(), Some("-1"));
    }

    #[test]
    fn zero_frames_are_refused() {
        let zero = refusal(&["--frames", "0"]);
        assert!(zero.contains("'0' for '--frames <N>': give 1 or more frames (0 would draw nothing)"), "{zero}");
        assert_eq!(Args::try_parse_from(["demo", "--frames", "1"]).unwrap().frames, Some(1));
    }

    #[test]
    fn a_screenshot_path_must_end_in_png() {
        let jpg = refusal(&["--screenshot", "x.jpg"]);
        assert!(jpg.contains("'x.jpg' for '--screenshot <PATH>': screenshots are written as PNG only"), "{jpg}");
        assert!(jpg.contains("use a .png path"), "{jpg}");
        assert!(refusal(&["--screenshot", "shot"]).contains("use a .png path"));
        let png = Args::try_parse_from(["demo", "--screenshot", "out/Shot.PNG"]).unwrap();
        assert_eq!(png.screenshot, Some(PathBuf::from("out/Shot.PNG")));
    }

    #[test]
    fn settings_refuse_nan_and_infinity() {
        let args = |value: &str| Args::try_parse_from(["demo", "--set", value]).unwrap();
        for text in ["nan", "NaN", "inf", "-inf", "infinity", "1e39"] {
            let error = args(&format!("twist={text}")).setting_as::<f32>("twist").unwrap_err();
            assert_eq!(
                error,
                format!("--set twist={text}: `{text}` is not a finite number (NaN and infinity are refused)")
            );
        }
        assert!(args("key=1e400").setting_as::<f64>("key").is_err());
        assert_eq!(args("key=1e39").setting_as::<f64>("key"), Ok(Some(1e39)));
        assert_eq!(args("key=0.25").setting_as::<f64>("key"), Ok(Some(0.25)));
        assert_eq!(args("recursive=true").setting_as::<bool>("recursive"), Ok(Some(true)));
        assert!(args("crowd=nan").setting_as::<usize>("crowd").unwrap_err().contains("cannot read `nan`"));
    }

    #[test]
    fn number_lists_are_finite_and_complete() {
        let args = |value: &str| Args::try_parse_from(["demo", "--set", value]).unwrap();
        assert_eq!(args("angles=0, -30,45").setting_numbers("angles", 3), Ok(Some(vec![0.0, -30.0, 45.0])));
        assert_eq!(
            args("angles=nan,0,0").setting_numbers("angles", 3),
            Err("--set angles=nan,0,0: `nan` is not a finite number (NaN and infinity are refused)".into())
        );
        let short = args("angles=1,2").setting_numbers("angles", 3).unwrap_err();
        assert_eq!(short, "--set angles=1,2: give 3 numbers separated by commas, e.g. 0,0,0");
        assert_eq!(args("other=1").setting_numbers("angles", 3), Ok(None));
    }
}
