//! A puzzle's build record, kept beside its outputs as `.unscramble-manifest.json`.
//!
//! It says which inputs and options made the outputs (a content hash, never
//! mtimes, which git checkouts reset), which files the tool wrote and their
//! hashes, and what the summary says of the puzzle. A second run with nothing
//! changed compares hashes and does no solving or encoding; `--check` uses it
//! the same way; pruning removes only folders that hold one.

use crate::pipeline::output::guard;
use crate::present::summary::PuzzleReport;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Component, Path};

pub(crate) const FILE_NAME: &str = ".unscramble-manifest.json";

/// Bumped when the outputs change for reasons the version does not show.
const FORMAT: &str = "unscramble-manifest-2";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Manifest {
    /// The tool that wrote the outputs.
    pub tool: String,
    /// blake3 of the tool version, the options that affect output, and every input file.
    pub key: String,
    /// The puzzle folder, relative to the output folder, `/`-separated.
    pub source: String,
    /// The output folder it was written for, relative to the manifest's own
    /// folder (`..` per level, see [`root_of`]): a manifest is someone
    /// else's when it sits where its root would be another folder (an
    /// output folder nested in another one), so its `source` is never
    /// resolved against the wrong root, and nothing is pruned or replaced on
    /// its word. Missing in manifests written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// Every file written for the puzzle, with the blake3 of its bytes.
    pub files: BTreeMap<String, String>,
    pub report: PuzzleReport,
}

/// Why a manifest on disk is not one the tool could have written. Its
/// wording goes inside "not a manifest unscramble wrote (...)".
#[derive(Debug, thiserror::Error)]
pub(crate) enum ManifestError {
    /// It cannot be read as a plain file (a link, a folder, permissions).
    #[error(transparent)]
    Unreadable(#[from] std::io::Error),
    /// The message says the parser's reason (no `source()`, said once).
    #[error("not a manifest: {0}")]
    NotJson(serde_json::Error),
    /// It lists a path or a hash the tool never writes.
    #[error("it lists \"{name}\": {why}")]
    ForeignEntry { name: String, why: &'static str },
}

impl From<serde_json::Error> for ManifestError {
    fn from(e: serde_json::Error) -> Self {
        ManifestError::NotJson(e)
    }
}

/// The options could not be written out for the build key. Hashing nothing
/// in their place would let different options share a key, so this is an
/// error (and, for the plain option structs, a bug).
/// The message says the serializer's reason (no `source()`, said once).
#[derive(Debug, thiserror::Error)]
#[error("the options cannot be written for the build key: {0}")]
pub(crate) struct KeyError(serde_json::Error);

impl From<serde_json::Error> for KeyError {
    fn from(e: serde_json::Error) -> Self {
        KeyError(e)
    }
}

/// The build key: what the outputs depend on, and nothing else.
pub(crate) fn key(options: &impl Serialize, inputs: &[(&str, &[u8])]) -> Result<String, KeyError> {
    let options = serde_json::to_vec(options)?;
    let mut h = blake3::Hasher::new();
    let mut field = |bytes: &[u8]| {
        h.update(&(bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    field(FORMAT.as_bytes());
    field(tool().as_bytes());
    field(&options);
    for (name, bytes) in inputs {
        field(name.as_bytes());
        field(bytes);
    }
    Ok(h.finalize().to_hex().to_string())
}

pub(crate) use crate::fsio::hash;

pub(crate) fn tool() -> String {
    format!("unscramble {}", env!("CARGO_PKG_VERSION"))
}

impl Manifest {
    /// The manifest in `dir`: `Ok(None)` if there is none, `Err` with the
    /// reason if the file there is not one the tool could have written (it is
    /// untrusted input: nothing is deleted or replaced on its word).
    pub(crate) fn load(dir: &Path) -> Result<Option<Manifest>, ManifestError> {
        let Some(m) = load_json::<Manifest>(&dir.join(FILE_NAME))? else {
            return Ok(None);
        };
        validate(&m.files)?;
        Ok(Some(m))
    }

    pub(crate) fn to_json(&self) -> String {
        crate::json::to_string(self, 2)
    }

    /// Was it written for the output folder in which its folder is `rel`?
    /// (One written before roots were recorded is taken to be.)
    pub(crate) fn written_for(&self, rel: &Path) -> bool {
        self.root.as_ref().is_none_or(|r| *r == root_of(rel))
    }

    /// Are the files it lists all present in `dir` (as files, not links)
    /// with the bytes it hashed?
    pub(crate) fn outputs_intact(&self, dir: &Path) -> bool {
        self.files.iter().all(|(name, h)| {
            guard::read_regular(&dir.join(name)).is_ok_and(|b| b.is_some_and(|b| hash(&b) == *h))
        })
    }
}

/// The output root's record of the run-level files (`summary.json`,
/// `index.html`), so that a run replaces only the ones it wrote.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct RootManifest {
    pub tool: String,
    pub files: BTreeMap<String, String>,
}

impl RootManifest {
    /// As [`Manifest::load`], for `out`'s root manifest.
    pub(crate) fn load(out: &Path) -> Result<Option<RootManifest>, ManifestError> {
        let Some(m) = load_json::<RootManifest>(&out.join(guard::ROOT_MANIFEST))? else {
            return Ok(None);
        };
        validate(&m.files)?;
        Ok(Some(m))
    }

    pub(crate) fn to_json(&self) -> String {
        crate::json::to_string(self, 2)
    }
}

fn load_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Option<T>, ManifestError> {
    let Some(bytes) = guard::read_regular(path)? else {
        return Ok(None);
    };
    Ok(Some(serde_json::from_slice(&bytes)?))
}

/// Every listed file must be a plain name in the manifest's own folder, with
/// a hash as we write them.
fn validate(files: &BTreeMap<String, String>) -> Result<(), ManifestError> {
    for (name, h) in files {
        if let Some(why) = guard::bad_file_name(name).or_else(|| guard::bad_hash(h)) {
            let name = name.escape_debug().take(80).collect();
            return Err(ManifestError::ForeignEntry { name, why });
        }
    }
    Ok(())
}

/// The way up from an output folder `rel` below its output root back to
/// that root: `..` per component (`kids/owls`: `../..`).
pub(crate) fn root_of(rel: &Path) -> String {
    vec![".."; rel.components().count()].join("/")
}

/// `target` relative to `base` with `/` separators, worked out from absolute
/// forms of both without touching the disk (the output folder may not exist
/// yet). Stored relative, so a committed manifest is the same on every machine.
pub(crate) fn relative_path(base: &Path, target: &Path) -> String {
    let (b, t) = (parts(base), parts(target));
    let common = b.iter().zip(&t).take_while(|(x, y)| x == y).count();
    let mut rel: Vec<String> = vec!["..".to_string(); b.len() - common];
    rel.extend(t[common..].iter().cloned());
    if rel.is_empty() {
        ".".to_string()
    } else {
        rel.join("/")
    }
}

/// `p` made absolute with `.` and `..` worked out by name (for messages).
pub(crate) fn normalized(p: &Path) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::from(std::path::MAIN_SEPARATOR_STR);
    out.extend(
        parts(p)
            .iter()
            .skip_while(|c| c.as_str() == std::path::MAIN_SEPARATOR_STR),
    );
    out
}

fn parts(p: &Path) -> Vec<String> {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out: Vec<String> = Vec::new();
    for c in abs.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_out_of_the_output_folder() {
        assert_eq!(
            relative_path(Path::new("/r/output"), Path::new("/r/puzzles/kids/owls")),
            "../puzzles/kids/owls"
        );
        assert_eq!(
            relative_path(Path::new("/r/a/./b/.."), Path::new("/r/a/c")),
            "c"
        );
        assert_eq!(relative_path(Path::new("/r"), Path::new("/r")), ".");
        assert_eq!(normalized(Path::new("/r/a/b/../..")), Path::new("/r"));
    }

    #[test]
    fn a_manifest_knows_the_root_it_was_written_for() {
        assert_eq!(root_of(Path::new("kids/owls")), "../..");
        assert_eq!(root_of(Path::new("owls")), "..");
        let m = |root: Option<&str>| Manifest {
            tool: tool(),
            key: String::new(),
            source: "../p".into(),
            root: root.map(String::from),
            files: BTreeMap::new(),
            report: PuzzleReport::default(),
        };
        assert!(m(Some("../..")).written_for(Path::new("a/owls")));
        assert!(!m(Some("..")).written_for(Path::new("a/owls")));
        assert!(!m(Some("../../..")).written_for(Path::new("a/owls")));
        assert!(m(None).written_for(Path::new("a/owls")));
    }

    #[test]
    fn the_key_depends_on_every_input_and_option_and_on_nothing_else() {
        let key = |o: &(&str, i32), i: &[(&str, &[u8])]| super::key(o, i).expect("key");
        let base = key(&("opts", 1), &[("a", b"x"), ("b", b"y")]);
        assert_eq!(base, key(&("opts", 1), &[("a", b"x"), ("b", b"y")]));
        assert_ne!(base, key(&("opts", 2), &[("a", b"x"), ("b", b"y")]));
        assert_ne!(base, key(&("opts", 1), &[("a", b"x"), ("b", b"z")]));
        assert_ne!(
            base,
            key(&("opts", 1), &[("a", b"xb"), ("", b"y")]),
            "fields are delimited"
        );
        assert_eq!(base.len(), 64);
    }

    /// Options that cannot be written out have no key, rather than the key
    /// of empty options that other options could share.
    #[test]
    fn options_that_do_not_serialise_have_no_key() {
        let bad: BTreeMap<(u8, u8), u8> = [((1, 2), 3)].into();
        assert!(key(&bad, &[("a", b"x")]).is_err());
        assert!(key(&BTreeMap::<(u8, u8), u8>::new(), &[("a", b"x")]).is_ok());
    }

    #[test]
    fn outputs_intact_notices_a_changed_or_missing_file() {
        let dir = tempfile::tempdir().expect("tmp");
        std::fs::write(dir.path().join("a.png"), b"one").expect("write");
        let m = Manifest {
            tool: tool(),
            key: String::new(),
            source: "../p".into(),
            root: Some("..".into()),
            files: [("a.png".to_string(), hash(b"one"))].into(),
            report: PuzzleReport::default(),
        };
        assert!(m.outputs_intact(dir.path()));
        std::fs::write(dir.path().join("a.png"), b"two").expect("write");
        assert!(!m.outputs_intact(dir.path()));
        std::fs::remove_file(dir.path().join("a.png")).expect("rm");
        assert!(!m.outputs_intact(dir.path()));
    }

    #[test]
    fn a_manifest_listing_paths_or_bad_hashes_is_foreign() {
        let dir = tempfile::tempdir().expect("tmp");
        assert!(Manifest::load(dir.path()).expect("none").is_none());
        let h = hash(b"x");
        for (name, h) in [("/etc/passwd", h.as_str()), ("../../x", &h), ("a.png", "0")] {
            let text = format!(
                r#"{{"tool": "x", "key": "k", "source": "../gone", "files": {{"{name}": "{h}"}}, "report": {}}}"#,
                serde_json::to_string(&PuzzleReport::default()).expect("json")
            );
            std::fs::write(dir.path().join(FILE_NAME), text).expect("write");
            let e = Manifest::load(dir.path()).expect_err("foreign");
            assert!(matches!(e, ManifestError::ForeignEntry { .. }), "{e}");
            assert!(e.to_string().starts_with("it lists"), "{e}");
        }
        std::fs::write(dir.path().join(FILE_NAME), "{").expect("write");
        let e = Manifest::load(dir.path()).expect_err("not json");
        assert!(matches!(e, ManifestError::NotJson(_)), "{e}");
        assert!(e.to_string().starts_with("not a manifest: "), "{e}");
        crate::error::assert_said_once(&e);
    }
}
