//! `--record PATH`: a fixed number of frames rendered headless at a fixed
//! step (`--fps`), written as an animated GIF or a numbered PNG sequence.
//!
//! The clock advances as `--time` does (equal steps of at most 1/60 s), by
//! exactly `1 / fps` between frames: never by wall time, so one command line
//! always gives the same frames. What is written goes to a temporary name
//! first and is removed on any failure: nothing half-written is left behind.

// On the web only the command line's checks are used (no headless capture).
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, RgbaImage};

#[cfg(not(target_arch = "wasm32"))]
use super::capture::Capture;
use super::{Args, Demo, Failure, Lab, MakeLab, Scene};

/// The most frames one recording may hold (30 s at 30 frames a second).
pub const MAX_FRAMES: u32 = 900;

/// The most frames per second `--fps` accepts.
pub const MAX_FPS: f32 = 100.0;

/// Length of a recording when neither `--frames` nor a clip says: 3 s.
const DEFAULT_SECONDS: f32 = 3.0;

/// NeuQuant's sampling factor for GIF palettes (1 best and slowest, 30
/// fastest). Measured on lab07's 90-frame 640x360 GIF: 11.2 s of CPU at 1,
/// 3.2 s at 10, 2.7 s at 30, the files within 2% (README, instructor notes).
const GIF_SPEED: i32 = 10;

/// Where a recording goes.
#[derive(Debug, Clone, PartialEq)]
enum Output {
    Gif(PathBuf),
    Folder(PathBuf),
}

/// `--record PATH`: a `.gif` in an existing folder, or an existing folder
/// (or a path ending in `/`, which must exist too).
pub(super) fn parse_record_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    if s.ends_with('/') || s.ends_with(std::path::MAIN_SEPARATOR) || path.is_dir() {
        if !path.is_dir() {
            return Err(format!("the folder {s} does not exist: make it first (mkdir -p {s})"));
        }
        return Ok(path);
    }
    if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("gif")) {
        return Err("recordings are written as .gif, or as numbered PNGs into a folder (end the path in /)".into());
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(format!("the folder {} does not exist: make it first", parent.display()));
    }
    Ok(path)
}

/// `--fps`: a finite number above 0, at most [`MAX_FPS`].
pub(super) fn parse_fps(s: &str) -> Result<f32, String> {
    let fps: f32 = s.parse().map_err(|_| format!("`{s}` is not a number of frames per second"))?;
    if !fps.is_finite() || fps <= 0.0 || fps > MAX_FPS {
        return Err(format!("give a number of frames per second above 0 and at most {MAX_FPS}, e.g. 30"));
    }
    Ok(fps)
}

/// The number of frames to record: `--frames`, else the clip's length,
/// else 3 s, at `fps`. Refuses more than [`MAX_FRAMES`].
pub(super) fn frame_count(args: &Args, clip_seconds: Option<f32>) -> Result<u32, String> {
    if let Some(n) = args.frames {
        if n > MAX_FRAMES {
            return Err(format!(
                "--frames {n}: a recording holds at most {MAX_FRAMES} frames; record a shorter stretch or lower --fps"
            ));
        }
        return Ok(n);
    }
    let seconds = clip_seconds.filter(|s| s.is_finite() && *s > 0.0).unwrap_or(DEFAULT_SECONDS);
    Ok(((seconds * args.fps).round() as u32).clamp(1, MAX_FRAMES))
}

/// Hundredths of a second that frame `k` stays on screen: GIF counts in
/// centiseconds, so 30 fps alternates 3, 3 and 4 and keeps the right pace
/// on average (a plain 3 would play 11% fast).
pub fn gif_delay_cs(k: u32, fps: f32) -> u32 {
    let at = |i: u32| (f64::from(i) * 100.0 / f64::from(fps)).round() as u32;
    (at(k + 1) - at(k)).max(1)
}

/// Removes what it holds on drop unless [`Written::keep`] was called.
struct Written(Vec<PathBuf>);

impl Written {
    fn keep(mut self) {
        self.0.clear();
    }
}

impl Drop for Written {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) fn run<L: Lab>(demo: Demo, args: &Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    let path = args.record.clone().expect("record path given");
    let output = if path.is_dir() { Output::Folder(path) } else { Output::Gif(path) };
    let clip_seconds = scene.clip.map(|c| scene.model.clips[c].duration_seconds() as f32);
    let frames = frame_count(args, clip_seconds)?;
    let mut capture = Capture::new(demo, args, scene, make)?;
    let (w, h) = args.size;
    let step = 1.0 / args.fps;
    match &output {
        Output::Gif(path) => {
            let partial = path.with_extension(format!("gif.part-{}", std::process::id()));
            let written = Written(vec![partial.clone()]);
            let file = File::create(&partial).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let mut encoder = GifEncoder::new_with_speed(BufWriter::new(file), GIF_SPEED);
            encoder.set_repeat(Repeat::Infinite).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            for k in 0..frames {
                if k > 0 {
                    capture.advance(step)?;
                }
                let image = opaque(capture.render()?);
                let delay = Delay::from_numer_denom_ms(gif_delay_cs(k, args.fps) * 10, 1);
                encoder
                    .encode_frame(Frame::from_parts(image, 0, 0, delay))
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
            drop(encoder);
            std::fs::rename(&partial, path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            written.keep();
            let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            println!("wrote {} ({frames} frames, {w}x{h}, {} fps, {} KiB)", path.display(), args.fps, bytes / 1024);
        }
        Output::Folder(dir) => {
            let mut written = Written(Vec::new());
            for k in 0..frames {
                if k > 0 {
                    capture.advance(step)?;
                }
                let image = opaque(capture.render()?);
                let file = dir.join(format!("frame-{k:04}.png"));
                written.0.push(file.clone());
                crate::gl::save_png(&image, &file).map_err(|e| e.to_string())?;
            }
            written.keep();
            println!("wrote {frames} frames {}/frame-0000.png ... ({w}x{h}, {} fps)", dir.display(), args.fps);
        }
    }
    Ok(())
}

/// The image with every pixel opaque (a GIF turns low alpha into holes).
fn opaque(mut image: RgbaImage) -> RgbaImage {
    for p in image.pixels_mut() {
        p[3] = 255;
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn gif_delays_keep_the_pace() {
        let total: u32 = (0..30).map(|k| gif_delay_cs(k, 30.0)).sum();
        assert_eq!(total, 100, "30 frames at 30 fps last one second");
        assert_eq!((0..3).map(|k| gif_delay_cs(k, 30.0)).collect::<Vec<_>>(), [3, 4, 3]);
        assert!((0..25).all(|k| gif_delay_cs(k, 25.0) == 4));
        assert!(gif_delay_cs(0, 100.0) == 1);
    }

    fn refusal(args: &[&str]) -> String {
        let all = std::iter::once("demo").chain(args.iter().copied());
        let error = Args::try_parse_from(all).expect_err("should be refused").to_string();
        error.lines().next().unwrap_or_default().to_string()
    }

    #[test]
    fn bad_recordings_are_refused_in_one_line() {
        assert!(refusal(&["--record", "clip.mp4"]).contains("recordings are written as .gif"));
        assert!(refusal(&["--record", "no/such/folder/clip.gif"]).contains("the folder no/such/folder does not exist"));
        assert!(refusal(&["--record", "no-such-folder/"]).contains("the folder no-such-folder/ does not exist"));
        for fps in ["0", "NaN", "-5", "inf", "1000"] {
            assert!(refusal(&["--record", "x.gif", "--fps", fps]).contains("above 0 and at most 100"), "{fps}");
        }
        let both = refusal(&["--record", "x.gif", "--screenshot", "x.png"]);
        assert!(both.contains("cannot be used with"), "{both}");
        let args = Args::try_parse_from(["demo", "--record", "x.gif", "--frames", "901"]).unwrap();
        assert!(frame_count(&args, None).unwrap_err().contains("at most 900 frames"));
    }

    #[test]
    fn the_count_comes_from_frames_or_the_clip() {
        let args = Args::try_parse_from(["demo", "--record", "x.gif"]).unwrap();
        assert_eq!(frame_count(&args, None), Ok(90));
        assert_eq!(frame_count(&args, Some(1.0)), Ok(30));
        let args = Args::try_parse_from(["demo", "--record", "x.gif", "--fps", "10", "--frames", "7"]).unwrap();
        assert_eq!(frame_count(&args, Some(1.0)), Ok(7));
        assert_eq!(Args::try_parse_from(["demo", "--record", "./"]).unwrap().record, Some(PathBuf::from("./")));
    }
}
