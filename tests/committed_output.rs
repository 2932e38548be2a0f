//! `output/` in the repository is what the current code renders from
//! `puzzles/`, the same with one thread as with three, and its boards are
//! what an independent compositor (image-rs alone) makes of the tile
//! pictures and the solutions. When the first fails, regenerate with
//! `cargo run --release -- --force` (the manifests key on inputs, options
//! and the tool's version, not on its code, so a plain run after a code
//! change may find everything up to date) and look at the diff images this
//! test writes (changed pixels in red).

mod common;
use common::*;
use image::RgbImage;
use std::fs;
use std::path::{Path, PathBuf};

/// The bundled puzzles as they are, rendered with `-j 3`.
fn fresh() -> &'static Rendered {
    let rendered = rendered_once(|_| {});
    assert_eq!(rendered.code, Some(0), "{}", rendered.stderr);
    rendered
}

fn decode(png: &[u8]) -> Option<RgbImage> {
    Some(decode_png(png).ok()?.into_rgb8())
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

/// Tile puzzles whose committed boards are rebuilt here from their tile
/// pictures: the two drawn 3 x 3 ones (RGB pictures, one in `letters.txt`),
/// a 3 x 3 and a 2 x 2 of the Legespiel pictures (RGBA, composited over
/// white).
const REBUILT: [&str; 4] = [
    "3x3-original",
    "dogs-squareshack",
    "cats-scramble-squares",
    "quasthoff-example",
];

/// The committed boards against a reference made without the tool's
/// renderer: each picture decoded and turned with image-rs, pasted into the
/// grid that `solutions.json` gives, inside a 1-pixel black frame (README,
/// Output), compared pixel for pixel, frame included. The unsolved board is
/// the tiles in key order, unturned. On a mismatch a diff image is written
/// and named.
#[test]
fn committed_boards_are_the_turned_tile_pictures_in_the_solved_grid() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for name in REBUILT {
        let input = bundled(name).join("input");
        let dir = repo().join("output").join(name);
        let v = json(&dir.join("solutions.json"));
        let cols = v["cols"].as_u64().expect("cols") as u32;
        let tiles = v["tiles"].as_u64().expect("tiles");
        let pictures: Vec<_> = (1..=tiles)
            .map(|k| {
                image::open(input.join(format!("{k}.png")))
                    .expect("tile picture")
                    .into_rgba8()
            })
            .collect();
        let mut boards = vec![(
            "unsolved.png".to_string(),
            (1..=tiles).map(|t| [t, 0]).collect::<Vec<_>>(),
        )];
        let rendered = v["rendered"].as_array().expect("rendered");
        assert!(!rendered.is_empty(), "{name}: no solution board to check");
        for k in rendered {
            let k = k.as_u64().expect("index");
            let s = &v["solutions"][k as usize - 1];
            assert_eq!(s["index"], k, "{name}: solutions are listed in order");
            boards.push((format!("solution-{k}.png"), cells(s)));
        }
        for (file, cells) in boards {
            let want = reference_board(&pictures, &cells, cols);
            let have = open_png(&dir.join(&file)).into_rgb8();
            checked += 1;
            if have.dimensions() != want.dimensions() {
                wrong.push(format!(
                    "{name}/{file}: {:?}, the reference is {:?}",
                    have.dimensions(),
                    want.dimensions()
                ));
            } else if have != want {
                let at = Path::new("reference").join(name).join(&file);
                let diff = diff_image(&at, &want, &have)
                    .map_or(String::new(), |p| format!(" (diff: {})", p.display()));
                wrong.push(format!("{name}/{file} differs from the reference{diff}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Four boards and the unsolved one for each 3 x 3, eight for the others.
    assert_eq!(checked, 5 + 5 + 9 + 9);
}
