//! Lab 09 demo (placeholder until the demo lands): steers the built-in
//! character through a few seconds of scripted input and prints where it is.

use std::process::ExitCode;

use lab09_locomotion::{Character, Input, Locomotion, Settings};

fn main() -> ExitCode {
    let setup = match Locomotion::builtin(Settings::default()) {
        Ok(setup) => setup,
        Err(e) => {
            eprintln!("lab09: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut character = Character::new(&setup, glam::Vec3::ZERO);
    let input = Input { stick: glam::Vec2::new(0.0, 1.0), run: false, wave: false };
    for frame in 0..180 {
        if let Err(e) = lab09_locomotion::update(&setup, &mut character, &input, 1.0 / 60.0) {
            eprintln!("lab09: frame {frame}: {e}");
            return ExitCode::FAILURE;
        }
    }
    println!("{} at {:?}", character.state_name(&setup), character.position);
    ExitCode::SUCCESS
}
