//! The commands besides `render` treat a person's files and machine with the
//! same care: `generate` and `convert` replace nothing without `--force` and
//! never leave two notation files in one folder; sizes are checked before
//! anything is drawn; `-j` is capped instead of starting thousands of threads.

mod common;
use common::*;
use std::fs;

#[test]
fn generate_replaces_nothing_without_force() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("g");
    let generate = |extra: &[&str]| {
        unscramble()
            .args([
                "generate",
                "--size",
                "2",
                "--tokens",
                "2",
                "--tile-size",
                "8",
            ])
            .args(extra)
            .arg(&dir)
            .output()
            .expect("runs")
    };
    assert!(generate(&[]).status.success());
    fs::write(dir.join("input/1.png"), b"my scan").expect("write");
    let again = generate(&["--seed", "2"]);
    assert_eq!(again.status.code(), Some(1), "{}", stderr(&again));
    assert!(
        stderr(&again).contains("already exists") && stderr(&again).contains("--force"),
        "{}",
        stderr(&again)
    );
    assert_eq!(fs::read(dir.join("input/1.png")).expect("read"), b"my scan");

    assert!(generate(&["--seed", "2", "--force"]).status.success());
    assert_ne!(fs::read(dir.join("input/1.png")).expect("read"), b"my scan");
}

#[test]
fn generate_never_adds_a_second_notation_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("g");
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    fs::write(dir.join("input/letters.txt"), "ABCD\n").expect("write");
    for force in [false, true] {
        let mut cmd = unscramble();
        cmd.args(["generate", "--size", "2", "--tokens", "2"]);
        if force {
            cmd.arg("--force");
        }
        let out = cmd.arg(&dir).output().expect("runs");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("letters.txt"), "{}", stderr(&out));
        assert!(!dir.join("input/tile_dict.yaml").exists());
    }
}

#[test]
fn convert_replaces_nothing_without_force_and_refuses_its_own_input_folder() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("p/input");
    fs::create_dir_all(&input).expect("mkdir");
    fs::write(input.join("signed.txt"), "[1, 2, -1, -2]\n").expect("write");

    // Into the puzzle's own input/: signed.txt and tile_dict.yaml side by side.
    let own = unscramble()
        .arg("convert")
        .arg(&input)
        .arg(&input)
        .output()
        .expect("runs");
    assert_eq!(own.status.code(), Some(1), "{}", stderr(&own));
    assert!(stderr(&own).contains("signed.txt"), "{}", stderr(&own));
    assert!(!input.join("tile_dict.yaml").exists());

    let to = tmp.path().join("q/input");
    fs::create_dir_all(&to).expect("mkdir");
    fs::write(to.join("tile_dict.yaml"), "# mine\n").expect("write");
    let convert = |force: bool| {
        let mut cmd = unscramble();
        cmd.arg("convert").arg(&input).arg(&to);
        if force {
            cmd.arg("--force");
        }
        cmd.output().expect("runs")
    };
    let refused = convert(false);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("already exists"));
    assert_eq!(
        fs::read_to_string(to.join("tile_dict.yaml")).expect("read"),
        "# mine\n"
    );
    assert!(convert(true).status.success());
    assert!(fs::read_to_string(to.join("tile_dict.yaml"))
        .expect("read")
        .starts_with("1: "));
}

/// Issue 29 item 9: a converted puzzle folder renders as it is, and the
/// Legespiel solver's own `NAME.config.xml` converts.
#[test]
fn convert_writes_a_puzzle_folder_that_renders() {
    let tmp = tempfile::tempdir().expect("tmp");
    let from = drawn_puzzle(&tmp.path().join("puzzles"), "p", SEED_000, 16);
    let site = tmp.path().join("site");
    let to = site.join("q");
    let (code, _, err) = run(&["convert", utf8(&from), utf8(&to)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(to.join("input/tile_dict.yaml").is_file(), "{err}");
    assert!(!to.join("tile_dict.yaml").exists());
    for k in 1..=9 {
        let name = format!("input/{k}.png");
        assert_eq!(
            fs::read(to.join(&name)).expect("copied"),
            fs::read(from.join(&name)).expect("original"),
            "{name}"
        );
    }
    let out = tmp.path().join("out");
    let (code, _, err) = run(&["render", utf8(&site), "-o", utf8(&out)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.join("q/solution-1.png").is_file(), "{err}");

    // The Legespiel solver's file, under its own name: converted, and the
    // missing pictures named with the command that draws them.
    let xml = tmp.path().join("iqtestnr8.config.xml");
    fs::copy(fixtures().join("legespiel-xml/iqtestnr8.config.xml"), &xml).expect("copy");
    let iq = site.join("iq");
    let (code, _, err) = run(&["convert", utf8(&xml), utf8(&iq)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(iq.join("input/tile_dict.yaml").is_file(), "{err}");
    assert!(err.contains("unscramble draw-tiles "), "{err}");
    // Any other name: what to name it.
    let other = tmp.path().join("puzzle.txt");
    fs::write(&other, "[1, 2, -1, -2]\n").expect("write");
    let (code, _, err) = run(&["convert", utf8(&other), utf8(&tmp.path().join("x"))]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains(
            "rename it after its notation (tile_dict.yaml, letters.txt, signed.txt, legespiel.xml)"
        ),
        "{err}"
    );
}

#[test]
fn sizes_are_checked_before_anything_is_drawn() {
    let tmp = tempfile::tempdir().expect("tmp");
    let generate = unscramble()
        .args(["generate", "--size", "2", "--tokens", "2"])
        .args(["--tile-size", "100000"])
        .arg(tmp.path().join("g"))
        .output()
        .expect("runs");
    assert_eq!(generate.status.code(), Some(2), "{}", stderr(&generate));
    assert!(
        stderr(&generate).contains("4..=4096"),
        "{}",
        stderr(&generate)
    );
    assert!(!tmp.path().join("g").exists());

    let dir = tmp.path().join("d");
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    fs::write(dir.join("input/tile_dict.yaml"), SEED_000).expect("write");
    let draw = unscramble()
        .args(["draw-tiles", "--size", "100000"])
        .arg(&dir)
        .output()
        .expect("runs");
    assert_eq!(draw.status.code(), Some(2), "{}", stderr(&draw));
    assert!(!dir.join("input/1.png").exists());
}

#[test]
fn jobs_are_capped_with_a_note_and_zero_means_one_per_core() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    drawn_puzzle(&puzzles, "p", SEED_000, 8);
    let many = render_ok(&puzzles, &tmp.path().join("a"), &["-j", "65535"]);
    assert!(
        many.contains("note: -j 65535 is more than 4 threads per core"),
        "{many}"
    );
    let zero = render_ok(&puzzles, &tmp.path().join("b"), &["-j", "0"]);
    assert!(!zero.contains("note:"), "{zero}");
    assert_eq!(
        fs::read(tmp.path().join("a/p/solution-4.png")).expect("a"),
        fs::read(tmp.path().join("b/p/solution-4.png")).expect("b")
    );
}

/// Issue: `draw-tiles` coloured each named half of a Legespiel picture on its
/// own, so on a solved board no colours met. On every seam of every solution
/// the two drawn edges now show one colour.
#[test]
fn drawn_tiles_of_an_xml_puzzle_show_matching_colours_on_every_seam() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("lx/iq");
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    fs::copy(
        fixtures().join("legespiel-xml/iqtestnr8.config.xml"),
        dir.join("input/legespiel.xml"),
    )
    .expect("copy");
    let side = 60u32;
    unscramble()
        .args(["draw-tiles", "--size", &side.to_string()])
        .arg(&dir)
        .assert()
        .success();
    let out = tmp.path().join("out");
    render_ok(&tmp.path().join("lx"), &out, &[]);
    let rendered = json(&out.join("iq/solutions.json"))["rendered"]
        .as_array()
        .expect("rendered")
        .len();
    assert!(rendered > 0);
    for k in 1..=rendered {
        let board = open_png(&out.join(format!("iq/solution-{k}.png"))).to_rgb8();
        let cell = |i: u32| 1 + i * side;
        // Three pixels either side of a seam, a fifth of a tile off its middle
        // (inside both edges' triangles, clear of the markers).
        for r in 0..3 {
            for c in 0..2 {
                let (x, y) = (cell(c + 1), cell(r) + side / 2 - side / 5);
                let (left, right) = (board.get_pixel(x - 3, y), board.get_pixel(x + 2, y));
                assert_eq!(left, right, "solution {k}: seam right of row {r} col {c}");
                let (x, y) = (cell(r) + side / 2 - side / 5, cell(c + 1));
                let (up, down) = (board.get_pixel(x, y - 3), board.get_pixel(x, y + 2));
                assert_eq!(up, down, "solution {k}: seam below row {c} col {r}");
            }
        }
    }
}
