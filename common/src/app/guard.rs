//! Turns a panic from a lab's code into one clear message: a `todo!()` stub
//! says which step to implement; anything else says where it broke.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;

/// The last panic's message and location, recorded by our hook.
static LAST_PANIC: Mutex<Option<(String, String)>> = Mutex::new(None);

/// Replaces the default panic printer (a backtrace is no help to a student
/// whose stub is simply not written yet). Call once at start-up.
///
/// On the web a panic does not unwind (`wasm32-unknown-unknown` aborts), so
/// [`guard`] never gets to report it: the hook itself shows the stop in the
/// page, once, and the abort that follows ends the frame loop.
pub(crate) fn install_hook(demo: &'static str) {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = demo;
    panic::set_hook(Box::new(move |info| {
        let message = if let Some(s) = info.payload().downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "panic".to_string()
        };
        let location = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        #[cfg(target_arch = "wasm32")]
        super::web::show_stop(demo, &stop_of(message.clone(), location.clone()));
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some((message, location));
    }));
}

/// A panic's message and location as a [`Stop`]: a `todo!()` names its step.
fn stop_of(message: String, location: String) -> Stop {
    if message.starts_with("not yet implemented") { Stop::Stub(message) } else { Stop::Crash(message, location) }
}

/// Why a demo stopped early.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// A `todo!()` stub was reached: the message names the lab and step.
    Stub(String),
    /// Any other panic: message and `file:line`.
    Crash(String, String),
}

impl Stop {
    /// The text to print, and the process exit code.
    pub fn report(&self, demo: &str) -> (String, u8) {
        match self {
            Stop::Stub(message) => {
                let step = message.trim_start_matches("not yet implemented: ");
                let text = format!(
                    "{demo}: the demo needs a step you have not written yet.\n  {step}\n\
                     Write it in {demo}/src/exercise.rs, check it with `cargo test -p {demo}`, and run the demo again.\n\
                     (To see the finished demo: cargo run -p {demo} --features solution)"
                );
                (text, 2)
            }
            Stop::Crash(message, location) => (format!("{demo}: stopped: {message} (at {location})"), 101),
        }
    }
}

/// Runs `f`; a panic inside becomes a [`Stop`] instead of unwinding further.
pub(crate) fn guard<R>(f: impl FnOnce() -> R) -> Result<R, Stop> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|_| {
        let (message, location) =
            LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or(("panic".into(), String::new()));
        stop_of(message, location)
    })
}
