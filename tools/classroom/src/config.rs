//! The course's grading configuration, `tools/classroom/labs.toml`: for each
//! lab, the student's files and the points of its step tests. Read with the
//! `toml` crate; a mistake names its line, the key and what is expected.

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};

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

/// One `[lab]` section as written (with its `[lab.points]` table).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Section {
    #[serde(default)]
    files: Vec<String>,
    #[serde(default)]
    points: Ordered<Points>,
}

/// A section, only from a table (serde's derive would take a list too).
struct Table(Section);

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Only;
        impl<'de> Visitor<'de> for Only {
            type Value = Table;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a lab section, e.g. [lab01_hierarchy] with files = [\"src/exercise.rs\"]")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Table, A::Error> {
                Section::deserialize(de::value::MapAccessDeserializer::new(map)).map(Table)
            }
        }
        d.deserialize_map(Only)
    }
}

/// A table's entries in file order (TOML forbids duplicate keys).
struct Ordered<T>(Vec<(String, T)>);

impl<T> Default for Ordered<T> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Ordered<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Entries<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Entries<T> {
            type Value = Ordered<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, T>()? {
                    entries.push(entry);
                }
                Ok(Ordered(entries))
            }
        }
        d.deserialize_map(Entries(PhantomData))
    }
}

/// The points of one key: a number of at least 0.
struct Points(f64);

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Number;
        impl Visitor<'_> for Number {
            type Value = Points;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number of points of at least 0, e.g. step3 = 2")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Points, E> {
                if v.is_finite() && v >= 0.0 {
                    Ok(Points(v))
                } else {
                    Err(E::invalid_value(de::Unexpected::Float(v), &self))
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
                if v < 0 { Err(E::invalid_value(de::Unexpected::Signed(v), &self)) } else { self.visit_f64(v as f64) }
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
                self.visit_f64(v as f64)
            }
        }
        d.deserialize_any(Number)
    }
}

/// Reads and parses the configuration of the course at `course`.
pub fn load(course: &Path) -> Result<Vec<LabSpec>, String> {
    let path = course.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Parses the configuration text (see `labs.toml` for the format). An error
/// is one line: where (`line N`, and the line itself) and what is wrong.
pub fn parse(text: &str) -> Result<Vec<LabSpec>, String> {
    let sections: Ordered<Table> = toml::from_str(text).map_err(|e| one_line(text, &e))?;
    let mut labs = Vec::new();
    for (name, Table(section)) in sections.0 {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("[{name}]: a section names a lab folder, e.g. [lab01_hierarchy]"));
        }
        if section.files.is_empty() {
            return Err(format!("[{name}] lists no student files (files = [\"src/exercise.rs\"])"));
        }
        if let Some(bad) =
            section.files.iter().find(|f| f.starts_with('/') || f.split('/').any(|p| p == ".." || p.is_empty()))
        {
            return Err(format!("[{name}] student file `{bad}` must be a plain path inside the lab folder"));
        }
        let points = section.points.0.into_iter().map(|(key, Points(p))| (key, p)).collect();
        labs.push(LabSpec { name, files: section.files, points });
    }
    Ok(labs)
}

/// The `toml` crate's error (several lines, with a drawing of the place) as
/// one line: `line N: message: `the line``.
fn one_line(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let start = span.start.min(text.len());
            let line = text[..start].matches('\n').count() + 1;
            let shown = text.lines().nth(line - 1).unwrap_or("").trim();
            format!("line {line}: {message}: `{shown}`")
        }
        None => message,
    }
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
