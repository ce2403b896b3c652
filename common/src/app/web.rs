//! The page around the web runner: settings from the query string, messages
//! shown in the page, and what a test reads back (frames drawn, the 3D view's
//! rectangle, the frame time) as attributes of `<body>`.
//!
//! The page (`tools/web/page.html`) holds `<canvas id="lab">` and
//! `<pre id="message">`; a failure or a stub's "the demo needs step N" goes
//! into the message, and to the browser's console as an error.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Args, Stop};

/// Whether the page asked to start paused (`?paused`).
static PAUSED: AtomicBool = AtomicBool::new(false);

/// Whether a stop has been shown already (a panic after the first one, from
/// a frame loop that was cut short, says nothing new).
static STOPPED: AtomicBool = AtomicBool::new(false);

/// The query keys a page understands, with what each stands for.
const KEYS: &str = "clip, time, set (repeatable), paused, present";

/// The page's query string (`?clip=walk&time=0.4&set=fade=0.5&paused`) as
/// the command line `--clip walk --time 0.4 --set fade=0.5` would give it.
pub(super) fn page_args() -> Result<Args, String> {
    use clap::Parser;
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let mut argv = vec!["lab".to_string()];
    for (key, value) in query_pairs(&search) {
        match key.as_str() {
            "clip" | "time" | "set" => argv.extend([format!("--{key}"), value]),
            "present" => argv.push("--present".into()),
            "paused" => PAUSED.store(true, Ordering::Relaxed),
            _ => return Err(format!("?{key}=...: no such page setting; the page knows: {KEYS}")),
        }
    }
    Args::try_parse_from(argv).map_err(|e| {
        let text = e.to_string();
        let first = text.lines().next().unwrap_or_default().trim_start_matches("error: ");
        format!("in the page's address: {first}")
    })
}

/// `a=1&b=x%20y` as (key, value) pairs, `+` and `%XX` decoded (by the
/// browser's own `decodeURIComponent`; a malformed escape stays as typed).
fn query_pairs(search: &str) -> Vec<(String, String)> {
    let decode = |s: &str| {
        let spaced = s.replace('+', " ");
        js_sys::decode_uri_component(&spaced).map(String::from).unwrap_or(spaced)
    };
    let search = search.strip_prefix('?').unwrap_or(search);
    let pairs = search.split('&').filter(|p| !p.is_empty());
    pairs.map(|p| p.split_once('=').unwrap_or((p, ""))).map(|(k, v)| (decode(k), decode(v))).collect()
}

/// Whether the page asked to start paused (`?paused`).
pub(super) fn starts_paused() -> bool {
    PAUSED.load(Ordering::Relaxed)
}

/// Shows `text` in the page's message box and as a console error.
pub(super) fn show_failure(text: &str) {
    web_sys::console::error_1(&text.into());
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Some(message) = document.get_element_by_id("message") {
        message.set_text_content(Some(text));
        let _ = message.set_attribute("class", "failure");
    }
    if let Some(body) = document.body() {
        let _ = body.set_attribute("data-stopped", "true");
    }
}

/// Shows why the demo stopped (a stub's step, or a crash), once.
pub(super) fn show_stop(demo: &str, stop: &Stop) {
    if !STOPPED.swap(true, Ordering::Relaxed) {
        show_failure(&stop.report(demo).0);
    }
}

/// Records on `<body>` that frame `n` was drawn: `data-frames`,
/// `data-viewport` (the 3D view as x,y,w,h from the canvas's top left, in
/// canvas pixels), `data-frame-ms` (the mean time between frames), for a lab
/// whose camera follows a point ([`Lab::follow`](super::Lab::follow))
/// `data-follow` (x,y,z in metres: a test sees a steered character move),
/// `data-clock` (the seconds the demo's clock has advanced: a test holds a
/// key for demo time, not wall time) and, on the first frame,
/// `data-first-frame-ms` (since the page began to load).
pub(super) fn frame_drawn(
    n: u32,
    viewport: [i32; 4],
    height: u32,
    mean_ms: f32,
    follow: Option<glam::Vec3>,
    clock: f64,
) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(body) = window.document().and_then(|d| d.body()) else {
        return;
    };
    let [x, y, w, h] = viewport;
    let top = height as i32 - (y + h);
    let _ = body.set_attribute("data-frames", &n.to_string());
    let _ = body.set_attribute("data-viewport", &format!("{x},{top},{w},{h}"));
    let _ = body.set_attribute("data-frame-ms", &format!("{mean_ms:.3}"));
    let _ = body.set_attribute("data-clock", &format!("{clock:.3}"));
    if let Some(p) = follow {
        let _ = body.set_attribute("data-follow", &format!("{:.3},{:.3},{:.3}", p.x, p.y, p.z));
    }
    if n == 1
        && let Some(performance) = window.performance()
    {
        let _ = body.set_attribute("data-first-frame-ms", &format!("{:.1}", performance.now()));
    }
}
