//! Which tests earn points, and how many.

/// One test of a lab: the test binary (`grader`) and the test's path inside it
/// (`pose::step4_pose_at`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TestId {
    /// The integration test target's name (the file or folder under `tests/`).
    pub binary: String,
    /// The test's path as `--list` prints it.
    pub path: String,
}

impl TestId {
    /// `binary/path`, the name used in reports and in `labs.toml`.
    pub fn full(&self) -> String {
        format!("{}/{}", self.binary, self.path)
    }
}

/// Prefixes of tests that never earn points, wherever they sit in the path.
const NO_POINTS: [&str; 3] = ["grader_", "demo_", "given_"];

/// The step a test grades: the number after `step` in the first segment of
/// its path that starts with `step` and a digit (`step4_...`, `pose::step4_...`).
/// `None` for every other test and for `grader_*`, `demo_*` and `given_*`
/// tests (see ARCHITECTURE.md, "The lab contract").
pub fn step_of(path: &str) -> Option<u32> {
    let segments: Vec<&str> = path.split("::").collect();
    if segments.iter().any(|s| NO_POINTS.iter().any(|p| s.starts_with(p))) {
        return None;
    }
    segments.iter().find_map(|s| {
        let digits: String = s.strip_prefix("step")?.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })
}

/// The step tests of a listing, sorted as the handout reads: by step, then
/// binary, then path.
pub fn step_tests(all: &[TestId]) -> Vec<TestId> {
    let mut steps: Vec<TestId> = all.iter().filter(|t| step_of(&t.path).is_some()).cloned().collect();
    steps.sort_by_key(|t| (step_of(&t.path), t.binary.clone(), t.path.clone()));
    steps.dedup();
    steps
}

/// The points of each test in `tests` (step tests, as [`step_tests`] gives
/// them) under the lab's `rules` (`labs.toml`): `binary/path` beats `path`
/// beats `stepN` beats the default 1. A rule that matches no step test is an
/// error.
pub fn points(tests: &[TestId], rules: &[(String, f64)]) -> Result<Vec<f64>, String> {
    for (key, _) in rules {
        let used = tests.iter().any(|t| matches_full(t, key) || t.path == *key || matches_step(t, key));
        if !used {
            return Err(format!("points for `{key}`: no step test of this lab has that name (a renamed test?)"));
        }
    }
    let find = |pred: &dyn Fn(&str) -> bool| rules.iter().rev().find(|(k, _)| pred(k)).map(|(_, p)| *p);
    Ok(tests
        .iter()
        .map(|t| {
            find(&|k| matches_full(t, k))
                .or_else(|| find(&|k| t.path == k))
                .or_else(|| find(&|k| matches_step(t, k)))
                .unwrap_or(1.0)
        })
        .collect())
}

fn matches_full(t: &TestId, key: &str) -> bool {
    key.split_once('/').is_some_and(|(b, p)| b == t.binary && p == t.path)
}

fn matches_step(t: &TestId, key: &str) -> bool {
    key.strip_prefix("step").and_then(|n| n.parse::<u32>().ok()).is_some_and(|n| step_of(&t.path) == Some(n))
}

/// Parses `EXE --list --format terse` output: one `path: test` line per test.
pub fn parse_list(binary: &str, listing: &str) -> Vec<TestId> {
    listing
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .map(|path| TestId { binary: binary.to_string(), path: path.to_string() })
        .collect()
}

/// A score as reports print it: `3`, `2.5`.
pub fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 { format!("{p:.0}") } else { format!("{}", (p * 1000.0).round() / 1000.0) }
}
