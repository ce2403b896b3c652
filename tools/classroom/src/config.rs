//! The course's grading configuration, `tools/classroom/labs.toml`: for each
//! lab, the student's files and the points of its step tests. The file is a
//! small subset of TOML, read here without a TOML crate.

use std::path::Path;

/// Where the configuration lives, relative to the course root.
pub const CONFIG_FILE: &str = "tools/classroom/labs.toml";

/// One lab's grading rules.
#[derive(Debug, Clone, PartialEq)]
pub struct LabSpec {
    /// The lab's folder and package name, e.g. `lab04_keyframes`.
    pub name: String,
    /// The student's files, relative to the lab folder (`src/exercise.rs`).
    pub files: Vec<String>,
    /// Points that differ from the default 1: a key (`stepN`, a test path, or
    /// `binary/test path`) and its points, in file order.
    pub points: Vec<(String, f64)>,
}

impl LabSpec {
    /// The reference file that stands in for a student file where no student
    /// work is wanted: the same path with `exercise` replaced by `solution`.
    pub fn reference_of(file: &str) -> String {
        match file.rfind("exercise") {
            Some(i) => format!("{}solution{}", &file[..i], &file[i + "exercise".len()..]),
            None => file.to_string(),
        }
    }
}

/// Reads and parses the configuration of the course at `course`.
pub fn load(course: &Path) -> Result<Vec<LabSpec>, String> {
    let path = course.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses the configuration text (see `labs.toml` for the format).
pub fn parse(text: &str) -> Result<Vec<LabSpec>, String> {
    let mut labs: Vec<LabSpec> = Vec::new();
    let mut in_points = false;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = |msg: &str| format!("line {}: {msg}: `{line}`", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[') {
            let section = section.strip_suffix(']').ok_or_else(|| at("a section header ends with `]`"))?.trim();
            let (lab, points) = match section.strip_suffix(".points") {
                Some(lab) => (lab, true),
                None => (section, false),
            };
            if lab.is_empty() || !lab.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(at("a section names a lab folder, e.g. [lab01_hierarchy] or [lab01_hierarchy.points]"));
            }
            if !labs.iter().any(|l| l.name == lab) {
                if points {
                    return Err(at("a lab's points section comes after the lab's own section"));
                }
                labs.push(LabSpec { name: lab.to_string(), files: Vec::new(), points: Vec::new() });
            } else if !points {
                return Err(at("this lab has a section already"));
            }
            in_points = points;
            continue;
        }
        let lab = labs.last_mut().ok_or_else(|| at("a key outside any [lab] section"))?;
        let (key, value) = line.split_once('=').ok_or_else(|| at("expected `key = value`"))?;
        let key = unquote(key.trim()).ok_or_else(|| at("a quoted key must end with a quote"))?;
        let value = strip_comment(value.trim());
        if in_points {
            let points: f64 = value.parse().map_err(|_| at("points are a number"))?;
            if !(points.is_finite() && points >= 0.0) {
                return Err(at("points are a number of at least 0"));
            }
            lab.points.push((key, points));
        } else if key == "files" {
            lab.files = string_list(value).ok_or_else(|| at("files is a list of quoted paths"))?;
        } else {
            return Err(at("unknown key (a lab section holds `files`)"));
        }
    }
    for lab in &labs {
        if lab.files.is_empty() {
            return Err(format!("[{}] lists no student files (files = [\"src/exercise.rs\"])", lab.name));
        }
        if let Some(bad) =
            lab.files.iter().find(|f| f.starts_with('/') || f.split('/').any(|p| p == ".." || p.is_empty()))
        {
            return Err(format!("[{}] student file `{bad}` must be a plain path inside the lab folder", lab.name));
        }
    }
    Ok(labs)
}

fn strip_comment(value: &str) -> &str {
    let mut quoted = false;
    for (i, c) in value.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return value[..i].trim_end(),
            _ => {}
        }
    }
    value
}

fn unquote(s: &str) -> Option<String> {
    match s.strip_prefix('"') {
        Some(rest) => rest.strip_suffix('"').map(str::to_string),
        None => Some(s.to_string()),
    }
}

fn string_list(value: &str) -> Option<Vec<String>> {
    let inner = value.strip_prefix('[')?.strip_suffix(']')?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.strip_prefix('"')?.strip_suffix('"').map(str::to_string))
        .collect()
}

/// The lab called `wanted`: its full name (`lab04_keyframes`), its prefix
/// (`lab04`) or its number (`04`, `4`).
pub fn find_lab<'a>(labs: &'a [LabSpec], wanted: &str) -> Result<&'a LabSpec, String> {
    let names = || labs.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(", ");
    let prefix = match wanted.parse::<u32>() {
        Ok(n) => format!("lab{n:02}_"),
        Err(_) => format!("{wanted}_"),
    };
    labs.iter()
        .find(|l| l.name == wanted)
        .or_else(|| labs.iter().find(|l| l.name.starts_with(&prefix)))
        .ok_or_else(|| format!("unknown lab `{wanted}`: the labs are {}", names()))
}
