#!/usr/bin/env python3
"""A class of test submissions for `grade`, built from the course's own files,
and the check of every figure the grading gives them.

  testclass.py make COURSE LAB DIR     writes DIR/class (one folder per student),
                                       DIR/outside (what the links point at) and
                                       DIR/expected.json
  testclass.py check DIR OUT           asserts OUT (grade's reports) against
                                       DIR/expected.json and prints the table

Submissions are made from the lab's solution.rs and exercise.rs by swapping
function bodies, so they follow the lab when it changes: the step of each
function is read from its stub's `todo!("labNN step K: ...")`.
"""
import csv
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

FN = re.compile(r"^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?fn\s+(\w+)")
TODO = re.compile(r'todo!\("lab\d+ step (\d+)')


def functions(text):
    """(name, body_first, body_end, indent) of each fn with a braced body,
    for rustfmt-formatted code: the body ends at the first `}` at the fn's indent."""
    lines = text.split("\n")
    found = []
    for i, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        j = i
        while j < len(lines) and not lines[j].rstrip().endswith("{"):
            if lines[j].rstrip().endswith(";"):
                break
            j += 1
        if j >= len(lines) or not lines[j].rstrip().endswith("{"):
            continue
        end = next((k for k in range(j + 1, len(lines)) if lines[k].rstrip() == m.group(1) + "}"), None)
        if end is not None:
            found.append((m.group(2), j + 1, end, m.group(1)))
    return lines, found


def stub_steps(stub):
    """{function name: step} for every stubbed function of exercise.rs."""
    lines, fns = functions(stub)
    steps = {}
    for name, a, b, _ in fns:
        m = TODO.search("\n".join(lines[a:b]))
        if m:
            steps[name] = int(m.group(1))
    return steps


def replace_bodies(solution, steps, wanted, body):
    """solution.rs with the body of each function of a step in `wanted`
    replaced by body(name, step)."""
    lines, fns = functions(solution)
    for name, a, b, indent in sorted(fns, key=lambda f: -f[1]):
        if name in steps and steps[name] in wanted:
            lines[a:b] = [indent + "    " + body(name, steps[name])]
    return "\n".join(lines)


def write(path, text, mode="w"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(text)


def make(course, lab, out):
    src = os.path.join(course, lab, "src")
    stub = open(os.path.join(src, "exercise.rs")).read()
    solution = open(os.path.join(src, "solution.rs")).read()
    steps = stub_steps(stub)
    all_steps = sorted(set(steps.values()))
    if len(all_steps) < 3:
        sys.exit(f"testclass: {lab} has {len(all_steps)} stubbed steps; the test class needs at least 3")
    n = all_steps[-1]
    half = [s for s in all_steps if s <= n // 2]
    crash = all_steps[-2]
    tag = lab[:5]
    stubbed = lambda name, k: f'todo!("{tag} step {k}: {name}")'
    half_text = replace_bodies(solution, steps, [s for s in all_steps if s not in half], stubbed)
    c = os.path.join(out, "class")
    expected = {}

    def student(name, rules, **checks):
        expected[name] = {"rules": {str(k): v for k, v in rules.items()}, **checks}

    everything = {s: "passed" for s in all_steps}
    write(f"{c}/solution/exercise.rs", solution)
    student("solution", everything)
    write(f"{c}/stub/src/exercise.rs", stub)
    student("stub", {s: "failed:not yet implemented" for s in all_steps})
    write(f"{c}/half/{lab}/src/exercise.rs", half_text)
    half_rules = {s: "passed" if s in half else "failed:not yet implemented" for s in all_steps}
    student("half", half_rules)
    spin = lambda name, k: "loop { std::hint::spin_loop(); }"
    write(f"{c}/loops/exercise.rs", replace_bodies(solution, steps, [n], spin))
    student("loops", {**everything, n: "timed out"})
    deep = lambda name, k: ("fn deeper(n: u64) -> u64 { std::hint::black_box(deeper(std::hint::black_box(n) + 1)) + 1 } "
                            "deeper(0); unreachable!()")
    write(f"{c}/overflows/exercise.rs", "#![allow(unconditional_recursion)]\n" + replace_bodies(solution, steps, [crash], deep))
    student("overflows", {**everything, crash: "crashed:stack overflow"})
    write(f"{c}/aborts/exercise.rs", replace_bodies(solution, steps, [crash], lambda name, k: "std::process::abort()"))
    student("aborts", {**everything, crash: "crashed:aborted"})
    hungry = lambda name, k: "let v = vec![1u8; 20 << 30]; std::hint::black_box(&v); unreachable!()"
    write(f"{c}/allocates 20 GB/exercise.rs", replace_bodies(solution, steps, [crash], hungry))
    student("allocates 20 GB", {**everything, crash: "crashed:out of memory"})
    write(f"{c}/exits/exercise.rs", replace_bodies(solution, steps, [crash], lambda name, k: "std::process::exit(0)"))
    student("exits", {**everything, crash: "crashed:exited with code 0"},
            output=["for review: exercise.rs uses process::exit"])
    # Half the work, and a course copy whose grader, manifests and common crate
    # are edited to pass: none of it may count.
    cheat = f"{c}/edits the grader/{lab}"
    write(f"{cheat}/src/exercise.rs", half_text)
    names = set()
    for root, _, files in os.walk(os.path.join(course, lab, "tests")):
        for f in files:
            names.update(re.findall(r"fn (step\d\w*)", open(os.path.join(root, f)).read()))
    passing = "".join(f"#[test]\nfn {t}() {{}}\n" for t in sorted(names))
    for root, _, files in os.walk(os.path.join(course, lab, "tests")):
        for f in files:
            rel = os.path.relpath(os.path.join(root, f), os.path.join(course, lab))
            write(f"{cheat}/{rel}", passing if f == "main.rs" or "/" not in rel[6:] else "")
    write(f"{cheat}/Cargo.toml", '[package]\nname = "cheat"\n[features]\ndefault = ["solution"]\nsolution = []\n')
    write(f"{c}/edits the grader/common/src/lib.rs", "compile_error!(\"the submission's common must be ignored\");\n")
    write(f"{c}/edits the grader/Cargo.toml", "[workspace]\nmembers = []\n")
    student("edits the grader", half_rules, same_as="half")
    # A compile error on a known line of the stub.
    lines = stub.split("\n")
    at = next(i for i, l in enumerate(lines) if l.strip().startswith("todo!("))
    lines.insert(at, '    let broken: u32 = "not a number";')
    write(f"{c}/broken/src/exercise.rs", "\n".join(lines))
    student("broken", {s: "not run" for s in all_steps}, output=[f"compile error at src/exercise.rs:{at + 1}:", "mismatched types"])
    os.makedirs(f"{c}/empty", exist_ok=True)
    student("empty", {s: "not run" for s in all_steps}, output=["no exercise.rs found"])
    spaced = 'Zoë Ångström-Núñez, "Zo"'
    write(f"{c}/{spaced}/{lab}/src/exercise.rs", solution)
    student(spaced, everything)
    # Links to a full solution outside the submission: never followed.
    write(f"{out}/outside/exercise.rs", solution)
    write(f"{out}/outside/src/exercise.rs", solution)
    os.makedirs(f"{c}/linked", exist_ok=True)
    os.symlink(os.path.abspath(f"{out}/outside/exercise.rs"), f"{c}/linked/exercise.rs")
    os.symlink(os.path.abspath(f"{out}/outside/src"), f"{c}/linked/src")
    student("linked", {s: "not run" for s in all_steps},
            output=["no exercise.rs found", "exercise.rs is a symbolic link: not followed", "src is a symbolic link"])
    write(f"{c}/latin1/exercise.rs", "// r\xe9sum\xe9\n".encode("latin-1"), "wb")
    student("latin1", {s: "not run" for s in all_steps}, output=["exercise.rs is not UTF-8 text (invalid byte at offset 4)"])
    os.makedirs(f"{c}/special", exist_ok=True)
    os.mkfifo(f"{c}/special/exercise.rs")
    student("special", {s: "not run" for s in all_steps}, output=["exercise.rs is not a regular file", "no exercise.rs found"])
    write(f"{out}/expected.json", json.dumps({"lab": lab, "students": expected}, ensure_ascii=False, indent=1))
    print(f"testclass: {len(expected)} submissions of {lab} in {c} (steps {all_steps}; half = {half}, "
          f"loop in step {n}, crashes in step {crash})")


def step_of(name):
    m = re.search(r"(?:^|::|/)step(\d+)", name)
    return int(m.group(1))


def check(d, out):
    spec = json.load(open(os.path.join(d, "expected.json")))
    students = spec["students"]
    errors = []
    rows = list(csv.reader(open(os.path.join(out, "class.csv"), newline="")))
    header, body = rows[0], {r[0]: r for r in rows[1:]}
    if sorted(body) != sorted(students) or len(rows) - 1 != len(students):
        errors.append(f"class.csv rows {sorted(body)} != students {sorted(students)}")
    table, results = [], {}
    for name, want in students.items():
        path = os.path.join(out, name, "results.json")
        r = json.load(open(path))
        results[name] = r
        tests = r["tests"]
        if header != ["student"] + [t["name"] for t in tests] + ["total"]:
            errors.append(f"{name}: class.csv header differs from results.json's tests")
        score, counts = 0, {}
        for t in tests:
            rule = want["rules"][str(step_of(t["name"]))]
            status, _, text = rule.partition(":")
            out_text = t["output"]
            got = "passed" if t["status"] == "passed" else next(
                (w for w in ("timed out", "crashed", "not run") if out_text.startswith(w)), "failed")
            counts[got] = counts.get(got, 0) + 1
            if got != status or (text and text not in out_text):
                errors.append(f"{name}: {t['name']}: expected {rule}, got {got}: {out_text[:200]!r}")
            if status == "passed":
                score += t["max_score"]
            if t["score"] != (t["max_score"] if got == "passed" else 0):
                errors.append(f"{name}: {t['name']}: score {t['score']} for {got}")
        for text in want.get("output", []):
            if text not in r["output"]:
                errors.append(f"{name}: the output lacks {text!r}: {r['output'][:400]!r}")
        if r["score"] != score:
            errors.append(f"{name}: score {r['score']}, expected {score}")
        row = body.get(name)
        if row is None or float(row[-1]) != score or [float(x) for x in row[1:-1]] != [t["score"] for t in tests]:
            errors.append(f"{name}: class.csv row {row} does not match results.json")
        if "same_as" in want and [t["score"] for t in tests] != [t["score"] for t in results.get(want["same_as"], r)["tests"]]:
            errors.append(f"{name}: scores differ from {want['same_as']}'s")
        suite = ET.parse(os.path.join(out, name, "junit.xml")).getroot().find("testsuite")
        bad = int(suite.get("failures")) + int(suite.get("errors"))
        if int(suite.get("tests")) != len(tests) or bad != len(tests) - counts.get("passed", 0):
            errors.append(f"{name}: junit.xml counts {suite.attrib} disagree with results.json")
        gh = json.load(open(os.path.join(out, name, "classroom.json")))
        if sum(t["score"] for t in gh["tests"]) != score or gh["max_score"] != sum(t["max_score"] for t in tests):
            errors.append(f"{name}: classroom.json disagrees with results.json")
        maximum = sum(t["max_score"] for t in tests)
        table.append((name, score, maximum, counts))
    width = max(len(n) for n in students)
    print(f"{'student':<{width}}  score  passed  failed  timed out  crashed  not run")
    for name, score, maximum, c in table:
        print(f"{name:<{width}}  {score:>2}/{maximum:<2}  {c.get('passed', 0):>6}  {c.get('failed', 0):>6}  "
              f"{c.get('timed out', 0):>9}  {c.get('crashed', 0):>7}  {c.get('not run', 0):>7}")
    if errors:
        print("\n".join(["testclass: FAILED"] + errors))
        sys.exit(1)
    print(f"testclass: ok, {len(students)} submissions, every score and status as expected")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "make":
        make(*sys.argv[2:])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(*sys.argv[2:])
    else:
        sys.exit(__doc__)
