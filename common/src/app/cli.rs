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
    #[arg(long, value_name = "NAME|INDEX")]
    pub clip: Option<String>,

    /// Render one frame without a window (EGL, no display needed), write it
    /// as a PNG and exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,

    /// Window or screenshot size in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),

    /// Advance the demo by this many seconds before the first frame.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0, value_parser = parse_seconds)]
    pub time: f32,

    /// Render this many frames, print the mean frame time, and exit.
    #[arg(long, value_name = "N")]
    pub frames: Option<u32>,

    /// A demo setting, as in its side panel (repeatable), e.g. `--set joint=forearm_l`.
    /// Each lab's README lists its settings.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_setting)]
    pub settings: Vec<(String, String)>,

    /// Print what was loaded (nodes, meshes, bones, clips) and exit.
    #[arg(long)]
    pub info: bool,
}

impl Args {
    /// The value of `--set key=...`, the last one if given several times.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.settings.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// `--set key=...` parsed as `T`; an error names the key and the value.
    pub fn setting_as<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>, String> {
        match self.setting(key) {
            None => Ok(None),
            Some(v) => {
                v.parse().map(Some).map_err(|_| format!("--set {key}={v}: cannot read `{v}` as a value for {key}"))
            }
        }
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
        return Err("must be a finite number of seconds, 0 or more".into());
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
}
