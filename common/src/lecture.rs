//! Checks of the lecture kit (`--figures`, `--record`, `--legend`,
//! `--panel`, `--present`) that the labs' demo tests share: every figure a
//! demo declares is rendered at a small size and looked at.

use std::path::{Path, PathBuf};

use image::AnimationDecoder;

use crate::grade::{coverage, run_headless};

/// The size the checks render at (small, so a lab's figures take seconds).
pub const CHECK_SIZE: (u32, u32) = (256, 144);

/// One rendered figure, as `figures.tsv` lists it.
#[derive(Debug, Clone)]
pub struct Rendered {
    /// The figure's name.
    pub name: String,
    /// The file written.
    pub file: PathBuf,
    /// The command line that remakes it.
    pub command: String,
}

/// A fresh, empty folder under the system's temporary folder, removed when
/// dropped ([`TempFolder`](crate::temp::TempFolder)).
pub fn temp_folder(what: &str) -> crate::temp::TempFolder {
    crate::temp::TempFolder::new(what)
}

/// Every frame of a GIF, with its delay in hundredths of a second.
pub fn gif_frames(path: &Path) -> Result<Vec<(image::RgbaImage, u32)>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(file))
        .map_err(|e| format!("{} is not a GIF: {e}", path.display()))?;
    let frames = decoder.into_frames().collect_frames().map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(frames
        .into_iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            (f.into_buffer(), (n / d.max(1)) / 10)
        })
        .collect())
}

/// Runs `exe --figures DIR --size 256x144` and checks every figure: the
/// file exists at the right size and is not blank; a recording holds the
/// frame count its command declares and its frames are not all the same.
/// While the exercise is unfinished the demo must instead stop naming a
/// step of `lab` (e.g. "lab07"); then nothing is returned.
#[track_caller]
pub fn expect_figures(exe: &str, lab: &str) -> Vec<Rendered> {
    let dir = temp_folder(&format!("{lab}-figures"));
    let size = format!("{}x{}", CHECK_SIZE.0, CHECK_SIZE.1);
    let run = run_headless(exe, &["--figures", &dir.display().to_string(), "--size", &size])
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    if !run.status.success() {
        assert!(stderr.contains(&format!("{lab} step")), "--figures failed without naming a {lab} step:\n{stderr}");
        return Vec::new();
    }
    let tsv = std::fs::read_to_string(dir.join("figures.tsv")).expect("--figures writes figures.tsv");
    let mut rendered = Vec::new();
    for line in tsv.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "figures.tsv: expected name, file, caption, command; got {line:?}");
        let (name, file, caption, command) = (fields[0], dir.join(fields[1]), fields[2], fields[3]);
        assert!(!caption.trim().is_empty(), "figure {name} has no caption");
        assert!(
            command.starts_with("cargo run -p "),
            "figure {name}: the command should be a cargo run line, got {command}"
        );
        let frames = if file.extension().is_some_and(|e| e == "gif") {
            gif_frames(&file).unwrap_or_else(|e| panic!("figure {name}: {e}")).into_iter().map(|(f, _)| f).collect()
        } else {
            vec![image::open(&file).unwrap_or_else(|e| panic!("figure {name}: {}: {e}", file.display())).to_rgba8()]
        };
        for (k, frame) in frames.iter().enumerate() {
            assert_eq!(frame.dimensions(), CHECK_SIZE, "figure {name}, frame {k}: expected {size}");
            let c = coverage(frame);
            assert!(c > 0.003, "figure {name}, frame {k} is nearly empty ({:.2}% drawn)", c * 100.0);
        }
        let declared = command.split(' ').skip_while(|w| *w != "--frames").nth(1).map(|n| n.parse::<usize>().unwrap());
        if let Some(n) = declared {
            assert_eq!(frames.len(), n, "figure {name}: expected {n} frames, got {}", frames.len());
            assert!(frames.windows(2).any(|w| w[0] != w[1]), "figure {name}: every frame is the same: nothing moves");
        }
        rendered.push(Rendered { name: name.to_string(), file, command: command.to_string() });
    }
    assert!(rendered.len() >= 2, "a lab declares two figures or more; {exe} rendered {}", rendered.len());
    rendered
}
