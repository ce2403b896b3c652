//! `site-serve`: serves the course's web site on 127.0.0.1 (see the library).

use std::process::ExitCode;

fn main() -> ExitCode {
    match site_serve::serve(std::env::args().skip(1)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("site-serve: {message}");
            ExitCode::from(1)
        }
    }
}
