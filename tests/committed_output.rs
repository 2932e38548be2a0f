//! `output/` in the repository is what the current code renders from
//! `puzzles/`, the same with one thread as with three. When the first fails, regenerate with
//! `cargo run --release -- --force` (the manifests key on inputs, options
//! and the tool's version, not on its code, so a plain run after a code
//! change may find everything up to date) and look at the diff images this
//! test writes (changed pixels in red).

mod common;
use common::*;
use image::{Rgb, RgbImage};
use std::fs;
use std::path::{Path, PathBuf};

/// The bundled puzzles as they are, rendered with `-j 3`.
fn fresh() -> &'static Rendered {
    let rendered = rendered_once(|_| {});
    assert_eq!(rendered.code, Some(0), "{}", rendered.stderr);
    rendered
}

/// Writes a picture of where two boards differ: unchanged pixels faded,
/// changed ones red. Returns where it went.
fn diff_image(name: &Path, old: &RgbImage, new: &RgbImage) -> Option<PathBuf> {
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

fn decode(png: &[u8]) -> Option<RgbImage> {
    Some(image::load_from_memory(png).ok()?.into_rgb8())
}

#[test]
fn committed_output_is_what_the_code_renders() {
    let fresh = fresh().output();
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
            let diff = decode(&old)
                .zip(decode(&new))
                .and_then(|(old, new)| diff_image(f, &old, &new))
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

/// Every file of the output tree, the manifests, summary and gallery page
/// included, is the same byte for byte whether one thread renders the
/// puzzles or three share them.
#[test]
fn one_thread_and_three_write_the_same_bytes() {
    let three = fresh();
    // Beside the first, so the manifests name the puzzles by the same
    // relative path.
    let one = three.dir.join("output-j1");
    render_ok(&three.puzzles(), &one, &["-j", "1"]);
    let files = files_below(&three.output());
    assert_eq!(files, files_below(&one), "the same files");
    for f in &files {
        assert!(
            fs::read(three.output().join(f)).expect("-j 3") == fs::read(one.join(f)).expect("-j 1"),
            "{} differs between -j 1 and -j 3",
            f.display()
        );
    }
    assert!(files.len() > 40, "{files:?}");
    for f in [
        "summary.json",
        "index.html",
        "3x3-original/.unscramble-manifest.json",
    ] {
        assert!(files.contains(&PathBuf::from(f)), "{f} is compared");
    }
}
