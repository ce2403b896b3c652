//! `--screenshot PATH`: render headless through EGL and write a PNG.

use std::time::Instant;

use super::guard::guard;
use super::{Args, Demo, Failure, Lab, MakeLab, Scene};
use crate::camera::OrbitCamera;
use crate::gl;
use crate::headless::Headless;

/// Advances `lab` by `seconds` in steps of at most 1/60 s, as a window would.
pub(super) fn advance<L: Lab>(lab: &mut L, seconds: f32) -> Result<(), Failure> {
    if seconds > 0.0 {
        let steps = (seconds * 60.0).ceil().max(1.0);
        for _ in 0..steps as u32 {
            guard(|| lab.update(seconds / steps))?;
        }
    }
    Ok(())
}

pub(super) fn run<L: Lab>(demo: Demo, args: &Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    let path = args.screenshot.clone().expect("screenshot path given");
    let (w, h) = args.size;
    let headless = Headless::new(w, h).map_err(|e| e.to_string())?;
    let gl = headless.gl().clone();
    let mut lab = guard(|| make(&gl, args, scene))??;
    let camera = OrbitCamera::framing(&lab.bounds(), w as f32 / h as f32).camera(w as f32, h as f32);
    advance(&mut lab, args.time)?;
    let frames = args.frames.unwrap_or(1).max(1);
    let start = Instant::now();
    for frame in 0..frames {
        if frame > 0 {
            guard(|| lab.update(1.0 / 60.0))?;
        }
        headless.target().bind(&gl);
        gl::begin_scene(&gl, [0, 0, w as i32, h as i32], gl::BACKGROUND);
        guard(|| lab.draw(&gl, &camera))?;
        gl::finish(&gl);
    }
    if args.frames.is_some() {
        let ms = start.elapsed().as_secs_f64() * 1000.0 / frames as f64;
        println!("{}: {frames} frames, {ms:.2} ms per frame (update + draw), {}", demo.crate_name, headless.describe());
    }
    gl::check_error(&gl, "drawing the screenshot").map_err(|e| e.to_string())?;
    let image = headless.read_image();
    let first = image.get_pixel(0, 0);
    if image.pixels().all(|p| p == first) {
        eprintln!("warning: the image is one flat colour: nothing was drawn in view");
    }
    gl::save_png(&image, &path).map_err(|e| e.to_string())?;
    println!("wrote {} ({w}x{h})", path.display());
    Ok(())
}
