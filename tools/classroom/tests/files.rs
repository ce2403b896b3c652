//! Submission discovery on real folders (links refused, special and
//! non-UTF-8 files named), the pristine tree's sync, and the process limits
//! (on every system: this test binary runs itself as the limited child; on
//! Unix also through the shell). Each system is held to what it enforces
//! (`process::MEMORY_LIMIT`), never to another system's numbers; what Wine
//! (the CI's Windows, `.ci/windows-wine`) does not enforce is said, not
//! checked.

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use classroom::config::LabSpec;
use classroom::outcome::{Status, classify};
use classroom::process::{Limits, MEMORY_LIMIT, MemoryLimit, PLATFORM_LIMITS, run_limited};
use classroom::submission::{discover, out_name, students};
use classroom::tree::{canonical, sync};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("classroom-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn put(path: &Path, text: &[u8]) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn lab06() -> LabSpec {
    LabSpec {
        name: "lab06_gpu".into(),
        files: vec!["src/exercise.rs".into(), "shaders/exercise.vert".into()],
        points: vec![],
    }
}

#[test]
fn each_layout_is_found_and_the_first_place_wins() {
    let d = scratch("layouts");
    let lab = lab06();
    put(&d.join("course/lab06_gpu/src/exercise.rs"), b"course");
    put(&d.join("course/lab06_gpu/shaders/exercise.vert"), b"vert");
    put(&d.join("course/exercise.rs"), b"loose");
    let found = discover(&d.join("course"), &lab);
    assert_eq!(found.error, None);
    assert_eq!(
        found.files.iter().map(|f| (f.shown.as_str(), f.text.as_str())).collect::<Vec<_>>(),
        [("lab06_gpu/src/exercise.rs", "course"), ("lab06_gpu/shaders/exercise.vert", "vert")]
    );
    assert!(found.notes.iter().any(|n| n.contains("exercise.rs ignored")), "{:?}", found.notes);
    put(&d.join("folder/src/exercise.rs"), b"folder");
    let found = discover(&d.join("folder"), &lab);
    assert_eq!(found.files[0].shown, "src/exercise.rs");
    assert!(found.notes.iter().any(|n| n.contains("no shaders/exercise.vert handed in")), "{:?}", found.notes);
    put(&d.join("zip/course-main/lab06_gpu/src/exercise.rs"), b"zip");
    assert_eq!(discover(&d.join("zip"), &lab).files[0].shown, "course-main/lab06_gpu/src/exercise.rs");
    put(&d.join("vert/exercise.vert"), b"v");
    let found = discover(&d.join("vert"), &lab);
    assert_eq!((found.files.len(), found.files[0].lab_file.as_str()), (1, "shaders/exercise.vert"));
    fs::create_dir_all(d.join("none/other")).unwrap();
    let e = discover(&d.join("none"), &lab).error.unwrap();
    assert!(e.starts_with("no exercise.rs found"), "{e}");
    fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn links_are_never_followed_and_bad_files_are_named() {
    let d = scratch("links");
    let lab = lab06();
    put(&d.join("outside/exercise.rs"), b"the solution");
    put(&d.join("outside/src/exercise.rs"), b"the solution");
    fs::create_dir_all(d.join("sub")).unwrap();
    symlink(d.join("outside/exercise.rs"), d.join("sub/exercise.rs")).unwrap();
    symlink(d.join("outside/src"), d.join("sub/src")).unwrap();
    symlink(d.join("outside"), d.join("sub/lab06_gpu")).unwrap();
    let found = discover(&d.join("sub"), &lab);
    assert!(found.files.is_empty(), "a link was followed: {:?}", found.files);
    assert!(found.error.unwrap().starts_with("no exercise.rs found"));
    for link in ["exercise.rs", "src", "lab06_gpu"] {
        let says = format!("{link} is a symbolic link: not followed");
        assert!(found.notes.contains(&says), "{:?}", found.notes);
    }
    put(&d.join("latin/exercise.rs"), b"// r\xe9sum\xe9");
    let e = discover(&d.join("latin"), &lab).error.unwrap();
    assert_eq!(e, "exercise.rs is not UTF-8 text (invalid byte at offset 4): save it as UTF-8");
    fs::create_dir_all(d.join("dir/exercise.rs")).unwrap();
    let found = discover(&d.join("dir"), &lab);
    assert!(found.notes.contains(&"exercise.rs is not a regular file: ignored".to_string()), "{:?}", found.notes);
    put(&d.join("big/exercise.rs"), &vec![b'/'; 2 << 20]);
    assert!(discover(&d.join("big"), &lab).error.unwrap().contains("over the limit"));
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn students_are_the_folders_or_the_folder_itself() {
    let d = scratch("students");
    let lab = lab06();
    put(&d.join("class/Zoë Ångström/exercise.rs"), b"x");
    put(&d.join("class/bob/exercise.rs"), b"x");
    put(&d.join("class/notes.txt"), b"x");
    fs::create_dir_all(d.join("class/.git")).unwrap();
    fs::create_dir_all(d.join("class/out")).unwrap();
    let list = students(&d.join("class"), &lab, &[d.join("class/out")], false).unwrap();
    let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Zoë Ångström", "bob"]);
    #[cfg(unix)]
    {
        symlink(d.join("class/bob"), d.join("class/linked")).unwrap();
        let list = students(&d.join("class"), &lab, &[d.join("class/out")], false).unwrap();
        let names: Vec<&str> = list.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Zoë Ångström", "bob", "linked"]);
        assert!(list[2].refused.as_deref().unwrap().contains("symbolic link"));
    }
    let one = students(&d.join("class/bob"), &lab, &[], false).unwrap();
    assert_eq!((one.len(), one[0].name.as_str()), (1, "bob"));
    fs::create_dir_all(d.join("empty")).unwrap();
    assert!(students(&d.join("empty"), &lab, &[], false).unwrap_err().contains("holds no student folders"));
    assert_eq!(students(&d.join("empty"), &lab, &[], true).unwrap().len(), 1);
    assert!(students(&d.join("missing"), &lab, &[], false).unwrap_err().contains("cannot be read"));
    let mut used = Vec::new();
    assert_eq!(out_name("Zoë Ångström, \"Zo\"", &mut used), "Zoë Ångström, \"Zo\"");
    assert_eq!(out_name(".hidden", &mut used), "_.hidden");
    assert_eq!(out_name("a\u{1}b", &mut used), "a_b");
    assert_eq!(out_name("a_b", &mut used), "a_b~2");
    assert_eq!(out_name("class.csv", &mut used), "class.csv~2");
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn sync_copies_only_what_changed_and_removes_the_rest() {
    let d = scratch("sync");
    put(&d.join("course/Cargo.toml"), b"[workspace]");
    put(&d.join("course/lab/src/lib.rs"), b"lib");
    put(&d.join("course/target/debug/big"), b"build output");
    put(&d.join("course/.git/HEAD"), b"ref");
    put(&d.join("course/grades/a/results.json"), b"{}");
    let tree = d.join("tree");
    assert_eq!(sync(&d.join("course"), &tree, &[d.join("course/grades")]).unwrap(), 2);
    assert!(!tree.join("target").exists() && !tree.join(".git").exists() && !tree.join("grades").exists());
    let before = fs::metadata(tree.join("lab/src/lib.rs")).unwrap().modified().unwrap();
    put(&tree.join("lab/tests/added_by_a_student.rs"), b"x");
    put(&tree.join("Cargo.toml"), b"tampered");
    assert_eq!(
        sync(&d.join("course"), &tree, &[d.join("course/grades")]).unwrap(),
        1,
        "only the tampered file is written again"
    );
    assert_eq!(fs::read(tree.join("Cargo.toml")).unwrap(), b"[workspace]");
    assert!(!tree.join("lab/tests").exists(), "what the course lacks is removed");
    assert_eq!(fs::metadata(tree.join("lab/src/lib.rs")).unwrap().modified().unwrap(), before);
    fs::remove_dir_all(&d).unwrap();
}

fn limits(timeout_ms: u64, memory_mb: u64) -> Limits {
    Limits { timeout: Duration::from_millis(timeout_ms), memory_mb, cpu_s: 0, output_cap: 1000 }
}

#[cfg(unix)]
#[test]
fn a_hang_is_stopped_with_everything_it_started() {
    let start = Instant::now();
    // The background sleep keeps the pipes open: only a group kill ends it.
    let ran = run_limited(Path::new("/bin/sh"), &["-c", "sleep 30 & sleep 30"], Path::new("/"), &[], &limits(300, 0))
        .unwrap();
    assert!(ran.timed_out);
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
}

#[cfg(unix)]
#[test]
fn the_shell_sets_what_this_system_enforces_and_output_is_capped() {
    let sh = Path::new("/bin/sh");
    let ran = run_limited(sh, &["-c", "ulimit -v"], Path::new("/"), &[], &limits(5000, 100)).unwrap();
    match MEMORY_LIMIT {
        MemoryLimit::AddressSpace => assert_eq!(ran.stdout.trim(), "102400"),
        // macOS: no `ulimit -v`; the child keeps what its parent had.
        _ => {
            let parent = std::process::Command::new(sh).args(["-c", "ulimit -v"]).output().unwrap();
            assert_eq!(ran.stdout.trim(), String::from_utf8_lossy(&parent.stdout).trim());
        }
    }
    let cpu = Limits { cpu_s: 7, ..limits(5000, 0) };
    let ran = run_limited(sh, &["-c", "ulimit -t; ulimit -c"], Path::new("/"), &[], &cpu).unwrap();
    assert_eq!(ran.stdout.split_whitespace().collect::<Vec<_>>(), ["7", "0"]);
    let ran = run_limited(sh, &["-c", "yes | head -c 100000; exit 3"], Path::new("/"), &[], &limits(5000, 0)).unwrap();
    assert_eq!(ran.status.and_then(|s| s.code()), Some(3));
    assert!(ran.stdout.len() < 1200 && ran.stdout.contains("bytes of output left out"), "{}", ran.stdout.len());
}

#[test]
fn grade_names_the_memory_limit_this_system_enforces() {
    let says = match MEMORY_LIMIT {
        MemoryLimit::AddressSpace => "address space (ulimit -v)",
        MemoryLimit::CommittedPerProcess => "committed memory per process",
        MemoryLimit::NotEnforced => "no memory limit",
    };
    assert!(PLATFORM_LIMITS.contains(says), "{PLATFORM_LIMITS}");
    let expected = if cfg!(windows) {
        MemoryLimit::CommittedPerProcess
    } else if cfg!(target_os = "macos") {
        MemoryLimit::NotEnforced
    } else {
        MemoryLimit::AddressSpace
    };
    assert_eq!(MEMORY_LIMIT, expected);
    assert!(classroom::options::USAGE.contains("macOS enforces none"));
}

/// What the child does when this binary runs itself (`CLASSROOM_CHILD`):
/// `hang` sleeps, with a grandchild that keeps the pipes open; `grow`
/// allocates and touches 2 GiB; `spin` burns CPU; `talk` prints 100 kB;
/// `abort` aborts.
#[test]
#[ignore = "only run as the child of the limit tests"]
fn child() {
    let Ok(what) = std::env::var("CLASSROOM_CHILD") else { return };
    match what.as_str() {
        "hang" => {
            let me = std::env::current_exe().unwrap();
            let mut grandchild = std::process::Command::new(me)
                .args(["--exact", "child", "--ignored"])
                .env("CLASSROOM_CHILD", "sleep")
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_secs(30));
            let _ = grandchild.kill();
            let _ = grandchild.wait();
        }
        "sleep" => std::thread::sleep(Duration::from_secs(30)),
        "abort" => std::process::abort(),
        "grow" => {
            let big = vec![1u8; 2 << 30];
            println!("allocated {}", big.iter().step_by(4096).map(|&b| b as usize).sum::<usize>());
        }
        "spin" => {
            let mut x = 0u64;
            loop {
                x = std::hint::black_box(x.wrapping_add(1));
            }
        }
        "talk" => {
            print!("{}", "y\n".repeat(50_000));
            std::process::exit(3);
        }
        other => panic!("unknown child {other}"),
    }
}

/// Whether this Windows program runs under Wine (its ntdll exports
/// `wine_get_version`).
#[cfg(windows)]
fn under_wine() -> bool {
    use windows_sys::Win32::System::LibraryLoader::{GetModuleHandleA, GetProcAddress};
    // SAFETY: ntdll is loaded in every process; both names are
    // NUL-terminated; the function found is not called.
    unsafe {
        let ntdll = GetModuleHandleA(c"ntdll.dll".as_ptr().cast());
        !ntdll.is_null() && GetProcAddress(ntdll, c"wine_get_version".as_ptr().cast()).is_some()
    }
}

#[cfg(not(windows))]
fn under_wine() -> bool {
    false
}

fn run_child(what: &str, limits: &Limits) -> classroom::process::Ran {
    let me = std::env::current_exe().unwrap();
    let env = [("CLASSROOM_CHILD", what.as_ref())];
    let args = ["--exact", "child", "--ignored", "--nocapture", "--test-threads=1"];
    run_limited(&me, &args, &std::env::temp_dir(), &env, limits).unwrap()
}

#[test]
fn limits_hold_on_every_system() {
    let start = Instant::now();
    let ran = run_child("hang", &limits(1000, 0));
    assert!(ran.timed_out, "{ran:?}");
    assert!(start.elapsed() < Duration::from_secs(20), "the grandchild kept it alive: {:?}", start.elapsed());

    // Each system is held to what it enforces; Wine (which the CI runs the
    // Windows build under) accepts a Job Object's memory limit without
    // enforcing it.
    if under_wine() {
        eprintln!("Wine does not enforce a Job Object's memory limit: not checked here");
        return check_output_cap();
    }
    let ran = run_child("grow", &limits(20_000, 512));
    match MEMORY_LIMIT {
        MemoryLimit::AddressSpace | MemoryLimit::CommittedPerProcess => {
            assert!(!ran.status.is_some_and(|s| s.success()), "2 GiB under a 512 MiB limit: {ran:?}");
            assert!(ran.stderr.contains("memory allocation of"), "{}", ran.stderr);
            let (status, message) = classify("child", &ran, 20.0, 512, 500);
            assert_eq!(status, Status::Crashed);
            assert!(message.starts_with("crashed: out of memory (the limit is 512 MiB"), "{message}");
        }
        // macOS: no limit, as `grade` says when it starts.
        MemoryLimit::NotEnforced => assert!(ran.stdout.contains("allocated 524288"), "{ran:?}"),
    }
    check_output_cap();
}

fn check_output_cap() {
    let ran = run_child("talk", &limits(20_000, 0));
    assert_eq!(ran.status.and_then(|s| s.code()), Some(3));
    assert!(ran.stdout.len() < 1200 && ran.stdout.contains("bytes of output left out"), "{}", ran.stdout.len());
}

#[test]
fn an_abort_is_named_on_every_system() {
    // SIGABRT on Unix, __fastfail's STATUS_STACK_BUFFER_OVERRUN on Windows.
    let ran = run_child("abort", &limits(20_000, 0));
    let (status, message) = classify("child", &ran, 20.0, 0, 500);
    assert_eq!(status, Status::Crashed, "{ran:?}");
    assert!(message.starts_with("crashed: the process aborted"), "{message}\n{ran:?}");
}

#[test]
fn canonical_paths_are_plain_and_read_only_files_are_synced() {
    let d = scratch("modes");
    let c = canonical(&d).unwrap();
    assert!(c.is_absolute() && c.is_dir(), "{}", c.display());
    // Windows: no `\\?\` prefix (not every tool takes one as its working folder).
    assert!(!c.to_string_lossy().starts_with(r"\\?\"), "{}", c.display());
    put(&d.join("course/lab/src/lib.rs"), b"lib");
    let tree = d.join("tree");
    sync(&d.join("course"), &tree, &[]).unwrap();
    // A read-only file in the way (a student's checkout, a tool) is replaced.
    let file = tree.join("lab/src/lib.rs");
    fs::write(&file, b"tampered").unwrap();
    let mut perms = fs::metadata(&file).unwrap().permissions();
    perms.set_readonly(true);
    fs::set_permissions(&file, perms).unwrap();
    put(&tree.join("lab/extra/added.rs"), b"x");
    let added = tree.join("lab/extra/added.rs");
    let mut perms = fs::metadata(&added).unwrap().permissions();
    perms.set_readonly(true);
    fs::set_permissions(&added, perms).unwrap();
    assert_eq!(sync(&d.join("course"), &tree, &[]).unwrap(), 1);
    assert_eq!(fs::read(&file).unwrap(), b"lib");
    assert!(!tree.join("lab/extra").exists(), "a read-only file the course lacks is removed");
    fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_cpu_limit_stops_a_spinning_child() {
    if under_wine() {
        eprintln!("Wine does not enforce a Job Object's CPU-time limit: not checked here");
        return;
    }
    let ran = run_child("spin", &Limits { cpu_s: 1, ..limits(30_000, 0) });
    assert!(!ran.timed_out && !ran.status.is_some_and(|s| s.success()), "{ran:?}");
    assert!(ran.seconds < 20.0, "{}", ran.seconds);
}

#[test]
fn secrets_and_libtest_settings_are_not_passed_on() {
    for name in ["GITHUB_TOKEN", "aws_secret_access_key", "DB_PASSWORD", "RUST_TEST_NOCAPTURE"] {
        assert!(classroom::process::hidden(name), "{name}");
    }
    for name in ["PATH", "HOME", "RUST_BACKTRACE", "TMPDIR"] {
        assert!(!classroom::process::hidden(name), "{name}");
    }
}

#[test]
fn labs_toml_names_every_lab_and_files_that_exist() {
    let course = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let labs = classroom::config::load(&course).unwrap();
    let mut folders: Vec<String> = fs::read_dir(&course)
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("lab") && n[3..].starts_with(|c: char| c.is_ascii_digit()) && course.join(n).is_dir())
        .collect();
    folders.sort();
    let named: Vec<String> = labs.iter().map(|l| l.name.clone()).collect();
    assert_eq!(named, folders, "tools/classroom/labs.toml must have one section per lab folder, in order");
    for lab in &labs {
        for file in &lab.files {
            for f in [file.clone(), LabSpec::reference_of(file)] {
                assert!(course.join(&lab.name).join(&f).is_file(), "{}: {f} does not exist", lab.name);
            }
        }
    }
}
