//! `unscramble infer`: edges read back from tile pictures, on corpus cards
//! (names written on them), on tiles drawn by `generate`, and on those tiles
//! after the damage a photo brings, made here from the clean pictures.

mod common;
mod cut_sheets;

use common::{fixtures, unscramble};
use image::{imageops, Rgba, RgbaImage};
use std::fs;
use std::path::Path;

/// `generate` a puzzle into `dir`: its tile_dict.yaml is the truth.
fn generate(dir: &Path, size: u32, tokens: u32, seed: u64) {
    unscramble()
        .arg("generate")
        .arg(dir)
        .args(["--size", &size.to_string(), "--tokens", &tokens.to_string()])
        .args(["--seed", &seed.to_string(), "--tile-size", "160"])
        .assert()
        .success();
}

/// Runs `infer --check`: exit code and stderr.
fn check(dir: &Path) -> (Option<i32>, String) {
    let out = unscramble()
        .args(["infer", "--check"])
        .arg(dir)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_same_edges(dir: &Path, what: &str) {
    let (code, stderr) = check(dir);
    assert!(
        code == Some(0) && stderr.contains("the inferred edges equal tile_dict.yaml"),
        "{what}: {stderr}"
    );
}

/// Rewrites every tile picture of `dir` through `damage`.
fn damage_all(dir: &Path, damage: impl Fn(&RgbaImage, usize) -> RgbaImage) {
    let input = dir.join("input");
    for k in 1.. {
        let path = input.join(format!("{k}.png"));
        if !path.exists() {
            break;
        }
        let img = common::open_png(&path).to_rgba8();
        damage(&img, k).save(&path).expect("saves");
    }
}

/// Damage done to tile picture `k`.
type Damage = fn(&RgbaImage, usize) -> RgbaImage;

/// A small deterministic generator for noise.
fn noise(seed: usize, i: usize) -> i32 {
    let mut x = (seed as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (i as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 29;
    (x % 41) as i32 - 20
}

fn map_pixels(img: &RgbaImage, f: impl Fn(u32, u32, [u8; 4]) -> [i32; 3]) -> RgbaImage {
    RgbaImage::from_fn(img.width(), img.height(), |x, y| {
        let p = img.get_pixel(x, y).0;
        let [r, g, b] = f(x, y, p).map(|c| c.clamp(0, 255) as u8);
        Rgba([r, g, b, 255])
    })
}

#[test]
fn corpus_cards_give_their_transcription_back() {
    let root = fixtures().join("infer");
    // das-verflixte-hundespiel: "BLACK BACK", its letters run together
    // but for the space, read as one word before, and its reading refused.
    for slug in [
        "asterix-knobelei",
        "nobs-arrows",
        "harry-potter",
        "das-verflixte-hundespiel",
    ] {
        let tmp = tempfile::tempdir().expect("tmp");
        common::copy_dir(&root.join(slug), tmp.path());
        assert_same_edges(tmp.path(), slug);
    }
}

/// Corpus cards damaged as a phone would
/// (tests/fixtures/infer/damaged/README.md).
fn damaged(slug: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    common::copy_dir(
        &fixtures().join("infer").join("damaged").join(slug),
        tmp.path(),
    );
    tmp
}

#[test]
fn corpus_cards_shrunk_to_55_percent_are_refused_not_read_wrong() {
    // Two names of different sizes in one class: paired, the few classes
    // solved under a wrong pairing.
    let tmp = damaged("pippi-langstrumpf-absolut-knifflig-shrunk55");
    let (code, stderr) = check(tmp.path());
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the pictures do not decide the edges") && !stderr.contains("differs"),
        "{stderr}"
    );
}

#[test]
fn corpus_cards_two_of_whose_names_read_as_one_are_refused() {
    // "gelb-grün" and "blau-grün" are one word to the word reading: the
    // names' first choice pairs wrong (17 edges differ), and is refused.
    let slug = "japanisches-kartenraetsel-parallelogramme";
    let tmp = tempfile::tempdir().expect("tmp");
    common::copy_dir(&fixtures().join("infer").join(slug), tmp.path());
    let (code, stderr) = check(tmp.path());
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the pictures do not decide the edges")
            && stderr.contains("read as the same name"),
        "{stderr}"
    );
}

#[test]
fn infer_writes_the_yaml_that_solves_and_refuses_to_overwrite_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    generate(dir, 3, 4, 7);
    let truth = fs::read_to_string(dir.join("input/tile_dict.yaml")).expect("yaml");
    fs::remove_file(dir.join("input/tile_dict.yaml")).expect("rm");
    unscramble().arg("infer").arg(dir).assert().success();
    let inferred = fs::read_to_string(dir.join("input/tile_dict.yaml")).expect("written");
    assert!(inferred.contains("1: [['"), "{inferred}");
    assert!(dir.join("input/infer.png").is_file());
    let sheet = common::open_png(&dir.join("input/infer.png"));
    assert!(sheet.width() > 100 && sheet.height() > 100);
    // A second run without --force leaves the file alone and fails.
    fs::write(dir.join("input/tile_dict.yaml"), &truth).expect("write");
    let out = unscramble().arg("infer").arg(dir).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(
        fs::read_to_string(dir.join("input/tile_dict.yaml")).expect("kept"),
        truth
    );
    // --check against the truth: equal up to names and halves.
    assert_same_edges(dir, "generated 3x3");
    // --force replaces it with an equivalent puzzle: as many solutions as
    // the truth (`solve` exits 0 when it finds none, so the count is what
    // says it solves).
    unscramble()
        .args(["infer", "--force"])
        .arg(dir)
        .assert()
        .success();
    let truth_dir = tmp.path().join("truth");
    fs::create_dir_all(truth_dir.join("input")).expect("mkdir");
    fs::write(truth_dir.join("input/tile_dict.yaml"), &truth).expect("write");
    let count = |dir: &Path| {
        let v = common::solve_json(dir, &[]);
        assert_eq!(v["complete"], true, "{v}");
        v["solutions_total"].as_u64().expect("a count")
    };
    let solutions = count(&truth_dir);
    assert!(solutions > 0, "a generated puzzle has its own solution");
    assert_eq!(count(dir), solutions);
}

/// Issue 27 B: the review sheet is written like every output, never over a
/// file that was there unless `--force`.
#[test]
fn infer_keeps_an_infer_png_it_did_not_write() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    generate(dir, 3, 4, 7);
    fs::remove_file(dir.join("input/tile_dict.yaml")).expect("rm");
    fs::write(dir.join("input/infer.png"), b"my own picture").expect("write");
    let out = unscramble().arg("infer").arg(dir).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("infer.png: already exists"), "{err}");
    assert_eq!(
        fs::read(dir.join("input/infer.png")).expect("kept"),
        b"my own picture"
    );
    assert!(!dir.join("input/tile_dict.yaml").exists(), "{err}");
    unscramble()
        .args(["infer", "--force"])
        .arg(dir)
        .assert()
        .success();
    assert!(common::open_png(&dir.join("input/infer.png")).width() > 100);
}

#[test]
fn check_lists_the_edges_that_differ_and_exits_1() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    generate(dir, 3, 4, 7);
    let yaml = dir.join("input/tile_dict.yaml");
    let text = fs::read_to_string(&yaml).expect("yaml");
    // Tile 1's first edge changed to another token: one edge differs.
    let first = text
        .lines()
        .find(|l| l.starts_with("1:"))
        .expect("tile 1")
        .to_string();
    let token = first.split('\'').nth(1).expect("a token").to_string();
    let other = text
        .split('\'')
        .skip(1)
        .step_by(2)
        .find(|t| *t != token && *t != "+" && *t != "-")
        .expect("another token")
        .to_string();
    let changed = first.replacen(&format!("'{token}'"), &format!("'{other}'"), 1);
    fs::write(&yaml, text.replace(&first, &changed)).expect("write");
    let (code, stderr) = check(dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("differs: tile 1 right"), "{stderr}");
}

#[test]
fn drawn_tiles_survive_scaling_blur_noise_blocks_and_uneven_light() {
    let cases: [(&str, Damage); 6] = [
        ("scaled 0.7", |img, _| {
            let s = (img.width() as f32 * 0.7) as u32;
            imageops::resize(img, s, s, imageops::FilterType::Triangle)
        }),
        ("scaled 1.3", |img, _| {
            let s = (img.width() as f32 * 1.3) as u32;
            imageops::resize(img, s, s, imageops::FilterType::CatmullRom)
        }),
        ("blurred", |img, _| {
            imageproc::filter::gaussian_blur_f32(img, 2.0)
        }),
        ("noisy", |img, k| {
            map_pixels(img, |x, y, p| {
                let n = noise(k, (y * img.width() + x) as usize);
                [
                    i32::from(p[0]) + n,
                    i32::from(p[1]) + n,
                    i32::from(p[2]) + n,
                ]
            })
        }),
        ("8x8 blocks", |img, _| {
            // JPEG-like: each 8x8 block keeps its mean and coarse detail only.
            let mut out = img.clone();
            for by in (0..img.height()).step_by(8) {
                for bx in (0..img.width()).step_by(8) {
                    let cells: Vec<(u32, u32)> = (by..(by + 8).min(img.height()))
                        .flat_map(|y| (bx..(bx + 8).min(img.width())).map(move |x| (x, y)))
                        .collect();
                    let mean: [i32; 3] = std::array::from_fn(|c| {
                        cells
                            .iter()
                            .map(|&(x, y)| i32::from(img.get_pixel(x, y).0[c]))
                            .sum::<i32>()
                            / cells.len() as i32
                    });
                    for &(x, y) in &cells {
                        let p = img.get_pixel(x, y).0;
                        let q: [u8; 3] = std::array::from_fn(|c| {
                            let d = i32::from(p[c]) - mean[c];
                            (mean[c] + (d / 24) * 24).clamp(0, 255) as u8
                        });
                        out.put_pixel(x, y, Rgba([q[0], q[1], q[2], 255]));
                    }
                }
            }
            out
        }),
        ("uneven light", |img, _| {
            let w = img.width() as f32;
            map_pixels(img, |x, _, p| {
                let f = 0.65 + 0.35 * x as f32 / w;
                [0, 1, 2].map(|c| (f32::from(p[c]) * f) as i32)
            })
        }),
    ];
    for (what, damage) in cases {
        let tmp = tempfile::tempdir().expect("tmp");
        generate(tmp.path(), 3, 4, 11);
        damage_all(tmp.path(), damage);
        assert_same_edges(tmp.path(), what);
    }
}

#[test]
fn identical_tiles_do_not_decide_and_are_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("input");
    fs::create_dir_all(&input).expect("mkdir");
    let plain = RgbaImage::from_pixel(64, 64, Rgba([200, 200, 200, 255]));
    for k in 1..=9 {
        plain.save(input.join(format!("{k}.png"))).expect("save");
    }
    let out = unscramble()
        .arg("infer")
        .arg(tmp.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("the pictures do not decide the edges"),
        "{stderr}"
    );
    assert!(!input.join("tile_dict.yaml").exists());
}

#[test]
fn render_infer_renders_a_folder_of_pictures_with_a_warning() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    let puzzle = root.join("drawn");
    generate(&puzzle, 3, 4, 7);
    fs::remove_file(puzzle.join("input/tile_dict.yaml")).expect("rm");
    let out = tmp.path().join("out");
    // Without --infer the folder is no puzzle.
    let (code, _) = common::render(&root, &out, &[]);
    assert_eq!(code, Some(2));
    let stderr = common::render_ok(&root, &out, &["--infer"]);
    assert!(
        stderr.contains("the edges were inferred from the pictures"),
        "{stderr}"
    );
    assert!(out.join("drawn/solution-1.png").is_file(), "{stderr}");
    // Nothing is written into the puzzle's own folder.
    assert!(!puzzle.join("input/tile_dict.yaml").exists());
}

#[test]
fn a_crooked_noisy_sheet_of_drawn_tiles_is_cut_and_inferred_back() {
    let tmp = tempfile::tempdir().expect("tmp");
    let drawn = tmp.path().join("drawn");
    generate(&drawn, 3, 4, 11);
    let tiles: Vec<image::RgbImage> = (1..=9)
        .map(|k| {
            let path = drawn.join(format!("input/{k}.png"));
            common::open_png(&path).into_rgb8()
        })
        .collect();
    // Every tile turned 1 to 3 degrees either way, on paper with noise.
    let layout = cut_sheets::Layout {
        rows: 3,
        cols: 3,
        margin: 30,
        turns: vec![1.0, -2.0, 3.0, -1.5, 2.5, -3.0, 1.5, -1.0, 2.0],
        noise: 6.0,
        background: cut_sheets::PAPER,
        missing: None,
    };
    let scan = tmp.path().join("scan.png");
    cut_sheets::sheet(&tiles, &layout)
        .save(&scan)
        .expect("save sheet");
    let cut = tmp.path().join("cut");
    unscramble()
        .arg("cut")
        .arg(&scan)
        .args(["--grid", "3x3", "-o"])
        .arg(cut.join("input"))
        .assert()
        .success();
    // The truth beside the cut pictures: `--check` compares up to renaming.
    fs::copy(
        drawn.join("input/tile_dict.yaml"),
        cut.join("input/tile_dict.yaml"),
    )
    .expect("copy truth");
    assert_same_edges(&cut, "cut from a crooked sheet");
}
