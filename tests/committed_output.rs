//! `output/` in the repository is what the current code renders from
//! `puzzles/`. When this fails, regenerate with `cargo run --release -- --force`
//! (the manifests key on inputs, options and the tool's version, not on its
//! code, so a plain run after a code change may find everything up to date)
//! and look at the diff images this test writes (changed pixels in red).

mod common;
use common::*;
use image::{Rgb, RgbImage};
use std::fs;
use std::path::{Path, PathBuf};

/// Writes a picture of where two boards differ: unchanged pixels faded,
/// changed ones red. Returns where it went.
fn diff_image(name: &Path, old: &[u8], new: &[u8]) -> Option<PathBuf> {
    let old = image::load_from_memory(old).ok()?.into_rgb8();
    let new = image::load_from_memory(new).ok()?.into_rgb8();
    if old.dimensions() != new.dimensions() {
        return None;
    }
    let diff = RgbImage::from_fn(new.width(), new.height(), |x, y| {
        let (a, b) = (old.get_pixel(x, y), new.get_pixel(x, y));
        if a == b {
            Rgb(b.0.map(|c| 200 + c / 5))
        } else {
            Rgb([255, 0, 0])
        }
    });
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("output-diff")
        .join(name);
    fs::create_dir_all(path.parent()?).ok()?;
    diff.save(&path).ok()?;
    Some(path)
}

#[test]
fn committed_output_is_what_the_code_renders() {
    let tmp = tempfile::tempdir().expect("tmp");
    // The same layout as the repository: manifests name their puzzle relative
    // to the output folder.
    copy_dir(&repo().join("puzzles"), &tmp.path().join("puzzles"));
    let fresh = tmp.path().join("output");
    unscramble()
        .arg("render")
        .arg(tmp.path().join("puzzles"))
        .arg("-o")
        .arg(&fresh)
        .assert()
        .success();
    let committed = repo().join("output");
    // The lock file is the run's handle, not an output (it is git-ignored).
    let outputs = |dir: &Path| -> Vec<PathBuf> {
        files_below(dir)
            .into_iter()
            .filter(|f| f != Path::new(".unscramble-lock"))
            .collect()
    };
    let (want, have) = (outputs(&fresh), outputs(&committed));
    let missing: Vec<_> = want.iter().filter(|f| !have.contains(f)).collect();
    let extra: Vec<_> = have.iter().filter(|f| !want.contains(f)).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "output/ lacks {missing:?} and has extra {extra:?}; run `cargo run --release -- --force`"
    );
    let mut differ = Vec::new();
    for f in &want {
        let (old, new) = (
            fs::read(committed.join(f)).expect("old"),
            fs::read(fresh.join(f)).expect("new"),
        );
        if old != new {
            let diff = diff_image(f, &old, &new)
                .map_or(String::new(), |p| format!(" (diff: {})", p.display()));
            differ.push(format!("{}{diff}", f.display()));
        }
    }
    assert!(
        differ.is_empty(),
        "stale files in output/; run `cargo run --release -- --force`:\n{}",
        differ.join("\n")
    );
}
