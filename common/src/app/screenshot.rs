//! `--screenshot PATH`: render headless (`crate::headless`: EGL, WGL or
//! CGL) and write a PNG (with `--frames N`, N frames 1/60 s apart, timed,
//! the last one written).

use super::guard::guard;
use super::{Failure, Lab};
#[cfg(not(target_arch = "wasm32"))]
use {
    super::capture::Capture,
    super::{Args, Demo, MakeLab, Scene},
    crate::gl,
    std::time::Instant,
};

/// The most `update` calls [`advance`] makes: 10 s at 60 frames a second.
pub(super) const MAX_STEPS: u32 = 600;

/// Advances `lab` by `seconds` in equal steps of at most 1/60 s, as a window
/// would, up to [`MAX_STEPS`] of them: a longer time (`--time 1e30`) is
/// [`MAX_STEPS`] equal, longer steps, so it costs no more than 10 s does.
pub(super) fn advance<L: Lab>(lab: &mut L, seconds: f32) -> Result<(), Failure> {
    if seconds > 0.0 && seconds.is_finite() {
        let steps = (seconds * 60.0).ceil().clamp(1.0, MAX_STEPS as f32) as u32;
        let dt = seconds / steps as f32;
        for _ in 0..steps {
            guard(|| lab.update(dt))?;
        }
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) fn run<L: Lab>(demo: Demo, args: &Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    let path = args.screenshot.clone().expect("screenshot path given");
    let (w, h) = args.size;
    let mut capture = Capture::new(demo, args, scene, make)?;
    let frames = args.frames.unwrap_or(1).max(1);
    let start = Instant::now();
    for frame in 0..frames {
        if frame > 0 {
            capture.advance(1.0 / 60.0)?;
        }
        capture.draw()?;
    }
    if args.frames.is_some() {
        let ms = start.elapsed().as_secs_f64() * 1000.0 / frames as f64;
        println!("{}: {frames} frames, {ms:.2} ms per frame (update + draw), {}", demo.crate_name, capture.describe());
    }
    let image = capture.render()?;
    let first = image.get_pixel(0, 0);
    if image.pixels().all(|p| p == first) {
        eprintln!("warning: the image is one flat colour: nothing was drawn in view");
    }
    gl::save_png(&image, &path).map_err(|e| e.to_string())?;
    println!("wrote {} ({w}x{h})", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::{Aabb, Camera};

    /// Counts the updates and adds up the time.
    #[derive(Default)]
    struct Clock {
        updates: u32,
        total: f64,
        largest: f32,
    }

    impl Lab for Clock {
        fn bounds(&self) -> Aabb {
            Aabb::EMPTY
        }
        fn update(&mut self, dt: f32) {
            self.updates += 1;
            self.total += f64::from(dt);
            self.largest = self.largest.max(dt);
        }
        fn draw(&mut self, _gl: &glow::Context, _camera: &Camera) {}
    }

    fn advanced(seconds: f32) -> Clock {
        let mut clock = Clock::default();
        assert!(advance(&mut clock, seconds).is_ok());
        clock
    }

    #[test]
    fn small_times_step_as_a_window_would() {
        let half = advanced(0.5);
        assert_eq!(half.updates, 30);
        assert!((half.total - 0.5).abs() < 1e-5 && half.largest <= 1.0 / 60.0 + 1e-6);
        assert_eq!(advanced(0.001).updates, 1);
        assert_eq!(advanced(0.0).updates, 0);
        assert_eq!(advanced(10.0).updates, 600);
    }

    #[test]
    fn a_huge_time_jumps_in_at_most_600_steps() {
        let start = std::time::Instant::now();
        for seconds in [11.0, 1e6, 4e9, 1e30, f32::MAX] {
            let clock = advanced(seconds);
            assert_eq!(clock.updates, MAX_STEPS, "{seconds}");
            assert!((clock.total / f64::from(seconds) - 1.0).abs() < 1e-3, "{seconds}: {}", clock.total);
        }
        assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
        assert_eq!(advanced(f32::INFINITY).updates, 0, "the command line refuses it; never loop on it");
    }
}
