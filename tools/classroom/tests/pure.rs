//! The tool's pure parts: test names and points, configuration, escaping in
//! every report format, cargo's messages and libtest's output.

use classroom::compile::{explain, parse_messages};
use classroom::config::{LabSpec, find_lab, parse};
use classroom::names::{TestId, fmt_points, parse_list, points, step_of, step_tests};
use classroom::outcome::{Status, panic_message};
use classroom::report::{StudentResult, TestResult, class_csv, csv_field, cut, junit_xml, results_json, xml_escape};
use classroom::submission::for_review;
use std::path::Path;

fn id(binary: &str, path: &str) -> TestId {
    TestId { binary: binary.into(), path: path.into() }
}

#[test]
fn step_tests_are_found_in_modules_and_the_rest_earn_nothing() {
    assert_eq!(step_of("step1_identity"), Some(1));
    assert_eq!(step_of("pose::step12_clip"), Some(12));
    assert_eq!(step_of("walk::deep::step4_chain"), Some(4));
    for none in [
        "grader_step1_names_mistakes",
        "pose::grader_step5_names",
        "robust::given_step3_refuses",
        "demo_step2_screenshot",
        "given_fast_step3_agrees",
        "fast::given_fast_kernel",
        "stepping_stone",
        "inputs::given_nan_times",
        "steps::helper",
    ] {
        assert_eq!(step_of(none), None, "{none} must earn nothing");
    }
}

#[test]
fn listing_is_parsed_and_sorted_by_step_then_binary() {
    let grader = parse_list("grader", "pose::step4_b: test\ngrader_step1_x: test\nstep1_a: test\nbench_x: benchmark\n");
    let files = parse_list("files", "step4_a: test\n");
    let all: Vec<TestId> = grader.into_iter().chain(files).collect();
    let steps: Vec<String> = step_tests(&all).iter().map(TestId::full).collect();
    assert_eq!(steps, ["grader/step1_a", "files/step4_a", "grader/pose::step4_b"]);
}

#[test]
fn points_default_to_one_and_the_most_precise_rule_wins() {
    let tests =
        [id("grader", "step1_a"), id("grader", "pose::step2_b"), id("files", "pose::step2_b"), id("grader", "step2_c")];
    assert_eq!(points(&tests, &[]).unwrap(), [1.0, 1.0, 1.0, 1.0]);
    let rules =
        [("step2".to_string(), 2.0), ("pose::step2_b".to_string(), 3.0), ("files/pose::step2_b".to_string(), 0.5)];
    assert_eq!(points(&tests, &rules).unwrap(), [1.0, 3.0, 0.5, 2.0]);
    let err = points(&tests, &[("step9".to_string(), 1.0)]).unwrap_err();
    assert!(err.contains("step9"), "{err}");
    assert!(points(&tests, &[("grader/grader_step1_x".to_string(), 1.0)]).is_err(), "a self-check cannot earn points");
    assert_eq!(fmt_points(3.0), "3");
    assert_eq!(fmt_points(2.5), "2.5");
}

#[test]
fn configuration_is_read_and_its_mistakes_named() {
    let text = "# c\n[lab01_hierarchy]\nfiles = [\"src/exercise.rs\"] # ok\n\n[lab06_gpu]\nfiles = [\"src/exercise.rs\", \"shaders/exercise.vert\"]\n[lab06_gpu.points]\nstep3 = 2\n\"grader/pose::step4_x\" = 0.5\n";
    let labs = parse(text).unwrap();
    assert_eq!(labs.len(), 2);
    assert_eq!(labs[1].files, ["src/exercise.rs", "shaders/exercise.vert"]);
    assert_eq!(labs[1].points, [("step3".to_string(), 2.0), ("grader/pose::step4_x".to_string(), 0.5)]);
    assert_eq!(LabSpec::reference_of("shaders/exercise.vert"), "shaders/solution.vert");
    for (bad, says) in [
        ("files = []", "line 1: invalid type: sequence, expected a lab section, e.g. [lab01_hierarchy]"),
        ("[lab01]\nfiles = [\"../x.rs\"]", "[lab01] student file `../x.rs` must be a plain path"),
        ("[lab01]\n", "[lab01] lists no student files"),
        ("[lab01.points]\nstep1 = 1", "[lab01] lists no student files"),
        ("[lab01]\nfiles = [\"a.rs\"]\n[lab01.points]\nstep1 = lots", "line 4: "),
        ("[lab01]\nfiles = [\"a.rs\"]\n[lab01.points]\nstep1 = \"2\"", "expected a number of points"),
        (
            "[lab01]\nfiles = [\"a.rs\"]\n[lab01.points]\nstep1 = -1",
            "line 4: invalid value: integer `-1`, expected a number of points",
        ),
        ("[lab01]\nfiles = [\"a.rs\"]\n[lab01.points]\nstep1 = nan", "expected a number of points of at least 0"),
        (
            "[lab01]\nfile = [\"a.rs\"]",
            "line 2: unknown field `file`, expected `files` or `points`: `file = [\"a.rs\"]`",
        ),
        ("[lab01]\nfiles = [\"a.rs\"]\n[lab01]\nfiles = [\"b.rs\"]", "line 3: "),
        ("[lab01]\nfiles = \"a.rs\"", "line 2: invalid type: string \"a.rs\", expected a sequence"),
        ("[lab-01]\nfiles = [\"a.rs\"]", "[lab-01]: a section names a lab folder"),
    ] {
        let e = parse(bad).unwrap_err();
        assert!(e.contains(says), "{bad:?} gave {e}");
        assert!(!e.contains('\n'), "{bad:?}: the error is one line: {e}");
    }
    assert_eq!(find_lab(&labs, "lab06_gpu").unwrap().name, "lab06_gpu");
    assert_eq!(find_lab(&labs, "lab01").unwrap().name, "lab01_hierarchy");
    assert_eq!(find_lab(&labs, "6").unwrap().name, "lab06_gpu");
    assert!(find_lab(&labs, "lab09").unwrap_err().contains("lab01_hierarchy, lab06_gpu"));
}

#[test]
fn code_that_reaches_outside_the_lab_is_named_for_review() {
    let student = "unsafe { x() }; std::process::exit(0); lab06_gpu::solution::f(); lab01_hierarchy::solution::g(); std::fs::read(p)";
    let stub = "unsafe { todo!() }";
    let named = for_review(student, stub, "lab06_gpu");
    assert_eq!(
        named,
        ["process::exit", "std::fs", "lab06_gpu::solution"],
        "unsafe is in the stub; lab01's solution is allowed"
    );
    assert!(for_review(stub, stub, "lab06_gpu").is_empty());
}

fn result(name: &str) -> StudentResult {
    let t = |path: &str, status: Status, output: &str| TestResult {
        id: id("grader", path),
        max: 1.0,
        score: if status == Status::Passed { 1.0 } else { 0.0 },
        status,
        output: output.into(),
        seconds: 0.01,
    };
    StudentResult {
        name: name.into(),
        lab: "lab01_hierarchy".into(),
        tests: vec![
            t("step1_a", Status::Passed, ""),
            t("step2_b", Status::Failed, "expected <1>, got \"2\" & more\u{1}"),
            t("step3_c", Status::TimedOut, "timed out"),
        ],
        output: "notes: <none>".into(),
        note: String::new(),
    }
}

#[test]
fn results_json_is_valid_and_holds_the_scores() {
    let r = result("Zoë, \"Zo\"");
    let text = results_json(&r);
    let j: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(j["score"].as_f64(), Some(1.0));
    let tests = j["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 3);
    assert_eq!(tests[1]["output"].as_str(), Some("expected <1>, got \"2\" & more\u{1}"));
    assert_eq!(tests[2]["max_score"].as_f64(), Some(1.0));
    assert_eq!(tests[0]["name"].as_str(), Some("grader/step1_a"));
    // The layout Gradescope's readers have seen since the first version.
    assert!(text.starts_with("{\n  \"score\": 1,\n  \"visibility\": \"visible\","), "{text}");
    assert!(text.contains("\"output\": \"expected <1>, got \\\"2\\\" & more\\u0001\"}"), "{text}");
}

#[test]
fn junit_and_csv_escape_what_they_must() {
    let r = result("Zoë, \"Zo\"");
    let xml = junit_xml(&r);
    assert!(xml.contains("name=\"Zoë, &quot;Zo&quot;\""), "{xml}");
    assert!(xml.contains("expected &lt;1&gt;, got &quot;2&quot; &amp; more\u{FFFD}"), "{xml}");
    assert!(xml.contains("failures=\"1\" errors=\"1\""), "{xml}");
    assert!(xml.contains("<error message=\"timed out\" type=\"timed-out\">"), "{xml}");
    assert_eq!(xml_escape("a\tb'"), "a\tb&apos;");
    assert_eq!(csv_field("plain"), "plain");
    assert_eq!(csv_field("Zoë, \"Zo\""), "\"Zoë, \"\"Zo\"\"\"");
    let csv = class_csv(&[id("grader", "step1_a"), id("grader", "step2_b")], &[r]);
    assert_eq!(csv, "student,grader/step1_a,grader/step2_b,total\n\"Zoë, \"\"Zo\"\"\",1,0,1\n");
    assert_eq!(cut("ab€d", 3), "ab€ [... cut]");
}

#[test]
fn the_graders_own_message_is_taken_from_libtest_output() {
    let out = "running 1 test\ntest pose::step4_x ... FAILED\n\nfailures:\n\n---- pose::step4_x stdout ----\nsome print\n\nthread 'pose::step4_x' panicked at tests/grader/pose.rs:10:5:\nstep 4: expected 1.0, got 2.0\nthe product is in the wrong order (local * parent)\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n\nfailures:\n    pose::step4_x\n\ntest result: FAILED. 0 passed; 1 failed\n";
    assert_eq!(
        panic_message("pose::step4_x", out),
        "step 4: expected 1.0, got 2.0\nthe product is in the wrong order (local * parent)"
    );
}

#[test]
fn cargo_messages_give_test_binaries_and_the_first_error_at_the_students_file() {
    let stdout = [
        r#"{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"lab01_hierarchy"},"executable":null}"#,
        r#"{"reason":"compiler-artifact","target":{"kind":["test"],"name":"grader"},"profile":{"test":true},"executable":"/t/debug/deps/grader-1"}"#,
        r#"{"reason":"compiler-message","message":{"level":"warning","message":"unused","spans":[],"rendered":"w"}}"#,
        r#"{"reason":"compiler-message","message":{"level":"error","message":"mismatched types","spans":[{"file_name":"lab01_hierarchy/src/exercise.rs","line_start":19,"column_start":23,"is_primary":true}],"rendered":"error[E0308]: mismatched types\n  --> lab01_hierarchy/src/exercise.rs:19:23\n"}}"#,
        r#"{"reason":"compiler-message","message":{"level":"error","message":"second","spans":[{"file_name":"x.rs","line_start":1,"column_start":1,"is_primary":true}],"rendered":"second"}}"#,
        r#"{"reason":"build-finished","success":false}"#,
    ]
    .join("\n");
    let built = parse_messages(&stdout);
    assert!(!built.ok);
    assert_eq!(built.executables, [("grader".to_string(), "/t/debug/deps/grader-1".into())]);
    let e = built.error.unwrap();
    assert_eq!((e.line, e.column, e.message.as_str()), (19, 23, "mismatched types"));
    let map = [("lab01_hierarchy/src/exercise.rs".to_string(), "src/exercise.rs".to_string())];
    let text = explain(&e, Path::new("/scratch/tree"), &map, 1500);
    assert!(text.starts_with("compile error at src/exercise.rs:19:23: mismatched types"), "{text}");
    assert!(text.contains("--> src/exercise.rs:19:23") && !text.contains("lab01_hierarchy/"), "{text}");
    // As on Windows: the tree's verbatim root and backslashes.
    let windows = classroom::compile::CompileError {
        file: r"lab01_hierarchy\src\exercise.rs".into(),
        rendered: r"error[E0308]: mismatched types
  --> lab01_hierarchy\src\exercise.rs:19:23
  ::: C:\g\tree\common\src\lib.rs:1:1"
            .into(),
        ..e.clone()
    };
    let text = explain(&windows, Path::new(r"\\?\C:\g\tree"), &map, 1500);
    assert!(text.starts_with("compile error at src/exercise.rs:19:23: mismatched types"), "{text}");
    assert!(text.contains("--> src/exercise.rs:19:23") && text.contains("::: common\\src\\lib.rs"), "{text}");
    let other = explain(&e, Path::new("/scratch/tree"), &[], 1500);
    assert!(other.contains("course's own lab01_hierarchy/src/exercise.rs:19:23"), "{other}");
}

#[test]
fn an_error_at_no_line_such_as_the_linkers_is_shown_with_its_cause() {
    let stdout = [
        r#"{"reason":"compiler-message","message":{"level":"error","message":"linking with `cc` failed: exit status: 1","spans":[],"rendered":"error: linking with `cc` failed: exit status: 1\n  = note: ld: final link failed: No space left on device\n"}}"#,
        r#"{"reason":"build-finished","success":false}"#,
    ]
    .join("\n");
    let mut built = parse_messages(&stdout);
    built.stderr_tail =
        "error: could not compile `lab01_hierarchy` (bin \"lab01_hierarchy\") due to 1 previous error".into();
    assert!(!built.ok && built.error.is_none(), "an error at no line is not a compile error at the student's file");
    let why = built.failure_without_line();
    assert!(why.contains("No space left on device") && why.contains("could not compile"), "{why}");
}
