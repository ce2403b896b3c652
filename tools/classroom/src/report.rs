//! The reports: Gradescope's `results.json`, JUnit XML, GitHub Classroom's
//! runner result, and the class CSV.

use crate::names::{TestId, fmt_points};
use crate::outcome::Status;

/// One step test's result for one student.
#[derive(Debug, Clone)]
pub struct TestResult {
    /// The test.
    pub id: TestId,
    /// Points it is worth.
    pub max: f64,
    /// Points earned.
    pub score: f64,
    /// How it ended.
    pub status: Status,
    /// What the student reads (the grader's message, a time-out, a crash).
    pub output: String,
    /// Seconds it ran.
    pub seconds: f64,
}

/// One student's grading.
#[derive(Debug, Clone)]
pub struct StudentResult {
    /// The folder name, exactly.
    pub name: String,
    /// The lab graded.
    pub lab: String,
    /// Every step test, in report order.
    pub tests: Vec<TestResult>,
    /// What applies to the whole submission: notes, a compile error, no files.
    pub output: String,
    /// One line for the class table (the summary, or why nothing ran).
    pub note: String,
}

impl StudentResult {
    /// Points earned.
    pub fn score(&self) -> f64 {
        self.tests.iter().map(|t| t.score).sum()
    }
    /// Points available.
    pub fn max(&self) -> f64 {
        self.tests.iter().map(|t| t.max).sum()
    }
}

/// `s` as a JSON string literal, quotes included (serde_json's escapes).
fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// `text` cut to at most `max` characters, saying so when cut.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((i, _)) => format!("{} [... cut]", &text[..i]),
    }
}

/// The name a test carries in every report: `binary/path`.
fn test_name(t: &TestResult) -> String {
    t.id.full()
}

/// Gradescope's `results.json`.
pub fn results_json(r: &StudentResult) -> String {
    let mut s = format!(
        "{{\n  \"score\": {},\n  \"visibility\": \"visible\",\n  \"stdout_visibility\": \"visible\",\n  \"output\": {},\n  \"tests\": [",
        fmt_points(r.score()),
        quote(&r.output)
    );
    for (i, t) in r.tests.iter().enumerate() {
        let status = if t.status == Status::Passed { "passed" } else { "failed" };
        let output = if t.output.is_empty() { t.status.word().to_string() } else { t.output.clone() };
        s.push_str(&format!(
            "{}\n    {{\"name\": {}, \"score\": {}, \"max_score\": {}, \"status\": \"{status}\", \"visibility\": \"visible\", \"output\": {}}}",
            if i == 0 { "" } else { "," },
            quote(&test_name(t)),
            fmt_points(t.score),
            fmt_points(t.max),
            quote(&output)
        ));
    }
    s.push_str("\n  ]\n}\n");
    s
}

/// GitHub Classroom's runner result (the `result` output a grading step hands
/// to `autograding-grading-reporter`, before base64).
pub fn classroom_json(r: &StudentResult) -> String {
    let status = if r.tests.iter().all(|t| t.status == Status::Passed) { "pass" } else { "fail" };
    let tests: Vec<String> = r
        .tests
        .iter()
        .map(|t| {
            let st = if t.status == Status::Passed { "pass" } else { "fail" };
            format!(
                "{{\"name\": {}, \"status\": \"{st}\", \"score\": {}, \"message\": {}, \"test_code\": \"\", \"line_no\": 0, \"execution_time\": \"{:.2}s\"}}",
                quote(&test_name(t)),
                fmt_points(t.score),
                quote(if t.output.is_empty() { t.status.word() } else { &t.output }),
                t.seconds
            )
        })
        .collect();
    format!(
        "{{\"version\": 1, \"status\": \"{status}\", \"max_score\": {}, \"tests\": [{}]}}\n",
        fmt_points(r.max()),
        tests.join(", ")
    )
}

/// Text safe inside XML content and attributes (characters XML 1.0 cannot
/// hold become U+FFFD).
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// JUnit XML: one test case per step test; failures as `<failure>`, time-outs,
/// crashes and tests not run as `<error>`.
pub fn junit_xml(r: &StudentResult) -> String {
    let failures = r.tests.iter().filter(|t| t.status == Status::Failed).count();
    let errors = r.tests.iter().filter(|t| !matches!(t.status, Status::Passed | Status::Failed)).count();
    let time: f64 = r.tests.iter().map(|t| t.seconds).sum();
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.3}\">\n",
        xml_escape(&r.name),
        r.tests.len()
    );
    s.push_str(&format!(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.3}\">\n",
        xml_escape(&r.lab),
        r.tests.len()
    ));
    s.push_str(&format!(
        "    <properties>\n      <property name=\"student\" value=\"{}\"/>\n      <property name=\"score\" value=\"{}\"/>\n      <property name=\"max_score\" value=\"{}\"/>\n    </properties>\n",
        xml_escape(&r.name),
        fmt_points(r.score()),
        fmt_points(r.max())
    ));
    for t in &r.tests {
        s.push_str(&format!(
            "    <testcase classname=\"{}.{}\" name=\"{}\" time=\"{:.3}\">\n      <properties><property name=\"points\" value=\"{}/{}\"/></properties>\n",
            xml_escape(&r.lab),
            xml_escape(&t.id.binary),
            xml_escape(&t.id.path),
            t.seconds,
            fmt_points(t.score),
            fmt_points(t.max)
        ));
        let first = t.output.lines().next().unwrap_or("");
        match t.status {
            Status::Passed => {}
            Status::Failed => s.push_str(&format!(
                "      <failure message=\"{}\" type=\"failed\">{}</failure>\n",
                xml_escape(first),
                xml_escape(&t.output)
            )),
            other => s.push_str(&format!(
                "      <error message=\"{}\" type=\"{}\">{}</error>\n",
                xml_escape(first),
                other.word().replace(' ', "-"),
                xml_escape(&t.output)
            )),
        }
        s.push_str("    </testcase>\n");
    }
    s.push_str(&format!("    <system-out>{}</system-out>\n  </testsuite>\n</testsuites>\n", xml_escape(&r.output)));
    s
}

/// One CSV field, quoted when it holds a comma, a quote or a line break.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The class table: `student,<one column per step test>,total`, one row per
/// student (in the order given), scores as numbers.
pub fn class_csv(columns: &[TestId], rows: &[StudentResult]) -> String {
    let mut s = String::from("student");
    for c in columns {
        s.push(',');
        s.push_str(&csv_field(&c.full()));
    }
    s.push_str(",total\n");
    for r in rows {
        s.push_str(&csv_field(&r.name));
        for c in columns {
            let score = r.tests.iter().find(|t| &t.id == c).map_or(0.0, |t| t.score);
            s.push(',');
            s.push_str(&fmt_points(score));
        }
        s.push(',');
        s.push_str(&fmt_points(r.score()));
        s.push('\n');
    }
    s
}
