//! Lab 04 grader. Tests are named after the README's steps; the quick loop is
//! `cargo test -p lab04_keyframes --test grader`. Failures name the classic
//! mistake they match; the `grader_*` tests prove those mistakes are rejected.
//! Steps 1-3 are here, steps 4-6 in `pose.rs`, step 7 in `curve.rs`, whole
//! clips against an independent sampler (the character, real files) in
//! `files.rs`, the given checks (`given_*`) in `inputs.rs`.

mod cost;
mod curve;
mod fast;
mod files;
mod inputs;
mod pose;
mod reference;

use common::grade::Verdict;
use common::model::{Clip, Key};
use glam::Vec3;
use lab04_keyframes::*;
use reference::{Rng, keys_at, random_times};

// ---------------------------------------------------------------- step 1

/// A clip of `duration` ticks at `rate` ticks per second, with no channels.
fn clip(duration: f64, rate: f64) -> Clip {
    Clip { name: "test".into(), duration_ticks: duration, ticks_per_second: rate, channels: vec![] }
}

fn check_ticks(seconds: f64, clip: &Clip, mode: Mode, got: f64) -> Result<(), String> {
    let want = reference::ticks(seconds, clip, mode);
    let (d, rate) = (clip.duration_ticks, clip.ticks_per_second);
    if (got - want).abs() < 1e-9 && (mode == Mode::Once || got < d || d == 0.0) {
        return Ok(());
    }
    let t = seconds * rate;
    let wrap = |x: f64| reference::ticks(x / rate, clip, Mode::Loop);
    let hint = if got.is_nan() {
        "the result is NaN: a clip of length 0 is always at tick 0 (a remainder by 0 is NaN)".to_string()
    } else if mode == Mode::Loop && got < 0.0 && (got - t % d).abs() < 1e-9 {
        "`%` keeps the sign of a negative time, so the tick is negative: wrap with a remainder that is never negative (README, step 1, hint 1)".to_string()
    } else if mode == Mode::Loop && t > d && (got - t.clamp(0.0, d)).abs() < 1e-9 {
        "a looping clip was clamped: it must wrap round to the start".to_string()
    } else if mode == Mode::Loop && d > 0.0 && got == d {
        "a looping clip never reaches `duration`: that instant is tick 0 again (README, step 1, hint 2)".to_string()
    } else if (got - wrap(seconds)).abs() < 1e-9 || (got - seconds.clamp(0.0, d)).abs() < 1e-9 {
        format!("seconds were used as ticks: this clip runs at {rate} ticks per second")
    } else if (got - wrap(seconds / rate)).abs() < 1e-9 {
        "seconds were divided by the tick rate: ticks = seconds * ticks_per_second".to_string()
    } else if mode == Mode::Loop && (got - t.clamp(0.0, d)).abs() < 1e-9 {
        "a looping clip was clamped: it must wrap round to the start".to_string()
    } else if mode == Mode::Once && (got - wrap(t)).abs() < 1e-9 {
        "a one-shot clip wrapped round: it must stop at its ends (clamp)".to_string()
    } else {
        "see README, step 1".to_string()
    };
    let what = if mode == Mode::Loop { "looping" } else { "one-shot" };
    Err(format!(
        "clip_ticks({seconds} s) on a {what} clip of {d} ticks at {rate} ticks/s is wrong: {hint}\n  expected: {want}\n  got: {got}"
    ))
}

#[test]
fn step1_looping_clip_wraps_negative_times_and_the_end() {
    let c = clip(48.0, 24.0);
    for s in [0.0, 0.5, 1.999, 2.0, 2.5, 7.25, -0.25, -2.0, -3.5, -1e-17] {
        check_ticks(s, &c, Mode::Loop, clip_ticks(s, &c, Mode::Loop)).or_fail();
    }
    let odd = clip(37.5, 4800.0); // BCN_Epileptic.X runs at 4800 ticks per second
    for s in [0.001, 0.0078125, -0.0042, 123.456] {
        check_ticks(s, &odd, Mode::Loop, clip_ticks(s, &odd, Mode::Loop)).or_fail();
    }
}

#[test]
fn step1_one_shot_clip_clamps_and_zero_length_is_zero() {
    let c = clip(60.0, 24.0);
    for s in [0.0, 1.0, 2.5, 3.0, -1.0, 1e9] {
        check_ticks(s, &c, Mode::Once, clip_ticks(s, &c, Mode::Once)).or_fail();
    }
    let empty = clip(0.0, 30.0);
    for mode in [Mode::Loop, Mode::Once] {
        for s in [0.0, 1.0, -1.0] {
            check_ticks(s, &empty, mode, clip_ticks(s, &empty, mode)).or_fail();
        }
    }
}

#[test]
fn grader_step1_names_the_classic_mistakes() {
    let c = clip(48.0, 24.0);
    let says = |s: f64, mode: Mode, got: f64, text: &str| {
        let e = check_ticks(s, &c, mode, got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(-0.25, Mode::Loop, (-0.25 * 24.0) % 48.0, "keeps the sign");
    says(2.0, Mode::Loop, 48.0, "never reaches");
    says(0.5, Mode::Loop, 0.5, "seconds were used as ticks");
    says(2.5, Mode::Loop, 48.0, "clamped");
    says(2.5, Mode::Once, 12.0, "wrapped round");
    assert!(check_ticks(1.0, &clip(0.0, 24.0), Mode::Loop, f64::NAN).unwrap_err().contains("length 0"));
}

// ---------------------------------------------------------------- step 2

fn check_interval(times: &[f64], t: f64, got: Option<Interval>, who: &str) -> Result<(), String> {
    let want = reference::interval(times, t);
    let close = |a: &Interval, b: &Interval| a.from == b.from && a.to == b.to && (a.factor - b.factor).abs() < 1e-5;
    let (want, got) = match (want, got) {
        (None, None) => return Ok(()),
        (None, Some(g)) => return Err(format!("{who}(no keys, {t}) returned {g:?}: a track with no keys gives None")),
        (Some(w), None) => return Err(format!("{who}(keys at {times:?}, {t}) returned None; expected {w:?}")),
        (Some(w), Some(g)) if close(&w, &g) => return Ok(()),
        (Some(w), Some(g)) => (w, g),
    };
    let last = times.len() - 1;
    let hint = if !got.factor.is_finite() {
        "the factor is not a number: two keys share a time (a zero gap). Of keys with equal times `from` is the \
         last, so the gap after it is never 0; never divide by a zero gap"
    } else if got.from > last || got.to > last {
        "an index past the last key"
    } else if Some(got) == strict_interval(times, t) {
        "on a key's own time you returned the interval before it (factor 1): the search tests `<` where it must \
         test `<=`; a key at exactly `ticks` is at or before it, so `from` is that key with factor 0 (README, \
         Common mistakes)"
    } else if got.from == want.from && got.to == want.to && (got.factor - (1.0 - want.factor)).abs() < 1e-5 {
        "the factor is measured from the wrong key: it is 0 at `from`'s time and grows to 1 at `to`'s"
    } else if t >= times[last] && got.from != last {
        "the last key was missed: from its time on, hold the last key (`Interval::hold(last)`)"
    } else if t < times[0] && (got.factor != 0.0 || got.to != 0) {
        "before the first key, hold key 0 (`Interval::hold(0)`); do not extrapolate"
    } else if got.to == want.from && (got.factor - 1.0).abs() < 1e-5 {
        "exactly on a key, `from` is that key with factor 0 (you returned the interval before it, with factor 1)"
    } else if got.from < want.from && times[got.from] == times[want.from] {
        "of keys that share a time, `from` is the last one"
    } else if got.from == want.from + 1 || got.from == want.to {
        "`from` is the key at or before the time, not the first key after it"
    } else {
        "see README, step 2"
    };
    Err(format!("{who}(keys at {times:?}, t = {t}) is wrong: {hint}\n  expected: {want:?}\n  got: {got:?}"))
}

/// What a search with `<` for `<=` answers: the last key strictly before `t`.
fn strict_interval(times: &[f64], t: f64) -> Option<Interval> {
    let before = times.iter().take_while(|&&k| k < t).count();
    if before == 0 || before == times.len() {
        return None; // the same as `<=` here, or not an interval at all
    }
    let (from, to) = (before - 1, before);
    let gap = times[to] - times[from];
    let factor = if gap > 0.0 { ((t - times[from]) / gap) as f32 } else { 0.0 };
    (times[to] == t).then_some(Interval { from, to, factor })
}

fn query(times: &[f64], t: f64) -> Result<(), String> {
    check_interval(times, t, find_interval(&keys_at(times), t), "find_interval")
}

#[test]
fn step2_between_keys_the_factor_runs_from_the_earlier_key() {
    let times = [2.0, 4.0, 8.0, 9.0];
    for t in [3.0, 5.0, 7.0, 8.5, 8.999] {
        query(&times, t).or_fail();
    }
}

#[test]
fn step2_exactly_on_keys_and_at_duplicate_times() {
    let times = [2.0, 4.0, 8.0, 9.0];
    for t in [2.0, 4.0, 8.0] {
        query(&times, t).or_fail();
    }
    let dup = [0.0, 1.0, 1.0, 2.0, 2.0];
    for t in [0.5, 1.0, 1.5, 2.0] {
        query(&dup, t).or_fail();
    }
    query(&[3.0, 3.0], 3.0).or_fail();
}

#[test]
fn step2_ends_one_key_and_no_keys() {
    let times = [2.0, 4.0, 8.0, 9.0];
    for t in [0.0, -5.0, 1.999, 9.0, 9.5, 1e12] {
        query(&times, t).or_fail();
    }
    for t in [0.0, 5.0, 10.0] {
        query(&[5.0], t).or_fail();
    }
    query(&[], 1.0).or_fail();
}

#[test]
fn grader_step2_names_the_classic_mistakes() {
    let times = [2.0, 4.0, 8.0, 9.0];
    let says = |times: &[f64], t: f64, got: Interval, text: &str| {
        let e = check_interval(times, t, Some(got), "find_interval").expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(&times, 5.0, Interval { from: 1, to: 2, factor: 0.75 }, "wrong key");
    says(&times, 9.0, Interval::hold(0), "last key was missed");
    says(&times, 9.0, Interval { from: 2, to: 3, factor: 1.0 }, "`<` where it must test `<=`");
    says(&times, 1.0, Interval { from: 0, to: 1, factor: -0.5 }, "do not extrapolate");
    says(&times, 4.0, Interval { from: 0, to: 1, factor: 1.0 }, "`<` where it must test `<=`");
    says(&[0.0, 1.0, 1.0, 2.0], 1.0, Interval { from: 0, to: 1, factor: 1.0 }, "`<` where it must test `<=`");
    says(&times, 5.0, Interval { from: 2, to: 3, factor: 0.0 }, "not the first key after");
    says(&[0.0, 1.0, 1.0, 2.0], 1.0, Interval { from: 1, to: 2, factor: f32::NAN }, "zero gap");
    says(&[0.0, 1.0, 1.0, 2.0], 1.0, Interval { from: 1, to: 2, factor: 0.0 }, "share a time");
}

// ---------------------------------------------------------------- step 3

/// True for the panic of a `todo!()` stub (the test then fails with it as is).
pub fn is_stub(payload: &(dyn std::any::Any + Send)) -> bool {
    let text = payload.downcast_ref::<String>().map(String::as_str).or(payload.downcast_ref::<&str>().copied());
    text.is_some_and(|t| t.contains("not yet implemented"))
}

pub type Finder = fn(&[Key<Vec3>], f64, &mut Cursor) -> Option<Interval>;

/// Queries `times` at every time of `sequence` with one cursor, checking each
/// answer against the reference; a failure says where time went.
fn cursor_run(times: &[f64], sequence: &[f64], cursor: &mut Cursor, find: Finder) -> Result<(), String> {
    let keys = keys_at(times);
    let mut previous: Option<f64> = None;
    for &t in sequence {
        let before = *cursor;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| find(&keys, t, cursor)));
        let got = match result {
            Ok(got) => got,
            Err(payload) if is_stub(&*payload) => std::panic::resume_unwind(payload),
            Err(_) if before.key >= keys.len() => {
                return Err(format!(
                    "find_with_cursor panicked with a cursor at key {} on a track of {} keys: a cursor may come \
                     from a longer track; keep its key within this one",
                    before.key,
                    keys.len()
                ));
            }
            Err(_) => return Err(format!("find_with_cursor panicked at t = {t} (cursor {before:?})")),
        };
        let mut checked = check_interval(times, t, got, "find_with_cursor");
        if let (Err(e), Some(p)) = (&checked, previous)
            && t < p
        {
            checked = Err(format!(
                "time went back from {p} to {t} ticks (a rewind, or a loop wrapping round) and the cursor was at key \
                 {}: when the time is before the cursor's key, search again from the start\n{e}",
                before.key
            ));
        }
        checked?;
        if let Some(i) = got
            && cursor.key != i.from
        {
            return Err(format!(
                "after a query at t = {t} the cursor is at key {}, but the answer's `from` is {}: leave the cursor at \
                 the key you found, so the next frame starts there",
                cursor.key, i.from
            ));
        }
        previous = Some(t);
    }
    Ok(())
}

/// Tracks like real files: keys not starting at 0, uneven gaps, duplicates, one key.
fn tracks(rng: &mut Rng) -> Vec<Vec<f64>> {
    vec![
        random_times(rng, 40, 0.0),
        random_times(rng, 7, 5.0),
        random_times(rng, 300, -3.0),
        vec![4.0],
        vec![1.0, 1.0, 1.0, 2.0],
    ]
}

#[test]
fn step3_cursor_agrees_with_binary_search_playing_forward() {
    let mut rng = Rng(4);
    for times in tracks(&mut rng) {
        let end = times.last().unwrap() + 2.0;
        let sequence: Vec<f64> = (0..2000).map(|i| -2.0 + (end + 2.0) * f64::from(i) / 2000.0).collect();
        cursor_run(&times, &sequence, &mut Cursor::default(), find_with_cursor).or_fail();
        let on_keys: Vec<f64> = times.clone(); // every key time, in order
        cursor_run(&times, &on_keys, &mut Cursor::default(), find_with_cursor).or_fail();
    }
}

#[test]
fn step3_cursor_agrees_in_any_order_and_across_loop_wraps() {
    let mut rng = Rng(7);
    for times in tracks(&mut rng) {
        let (lo, hi) = (times[0] - 1.0, times.last().unwrap() + 1.0);
        // A loop: forward in small steps, wrapping back to the start three times.
        let looped: Vec<f64> = (0..900).map(|i| lo + (f64::from(i) * 0.37) % (hi - lo)).collect();
        cursor_run(&times, &looped, &mut Cursor::default(), find_with_cursor).or_fail();
        // Scrubbing: random times, and backwards playback.
        let random: Vec<f64> = (0..3000).map(|_| rng.range_f64(lo - 2.0, hi + 2.0)).collect();
        cursor_run(&times, &random, &mut Cursor::default(), find_with_cursor).or_fail();
        let backwards: Vec<f64> = (0..500).map(|i| hi - (hi - lo) * f64::from(i) / 500.0).collect();
        cursor_run(&times, &backwards, &mut Cursor::default(), find_with_cursor).or_fail();
        // A cursor left far along a longer track.
        cursor_run(&times, &[lo, hi, times[0]], &mut Cursor { key: 5000 }, find_with_cursor).or_fail();
    }
}

/// A classic wrong cursor: it only ever walks forward.
fn stale_cursor(keys: &[Key<Vec3>], t: f64, cursor: &mut Cursor) -> Option<Interval> {
    let last = keys.len().checked_sub(1)?;
    while cursor.key < last && keys[cursor.key + 1].time_ticks <= t {
        cursor.key += 1;
    }
    let i = cursor.key;
    if i == last || keys[i].time_ticks > t {
        return Some(Interval::hold(i));
    }
    let f = (t - keys[i].time_ticks) / (keys[i + 1].time_ticks - keys[i].time_ticks);
    Some(Interval { from: i, to: i + 1, factor: f as f32 })
}

#[test]
fn grader_step3_rejects_a_cursor_that_never_rewinds() {
    let times = [0.0, 1.0, 2.0, 3.0, 4.0];
    let e = cursor_run(&times, &[0.5, 1.5, 3.5, 0.25], &mut Cursor::default(), stale_cursor).unwrap_err();
    assert!(e.contains("time went back from 3.5 to 0.25") && e.contains("search again"), "{e}");
    let far = cursor_run(&times, &[1.0], &mut Cursor { key: 50 }, |k, t, c| {
        let _ = k[c.key]; // indexes with the cursor as it is
        find_with_cursor(k, t, c)
    });
    assert!(far.unwrap_err().contains("longer track"));
}
