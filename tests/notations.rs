//! Every input notation reads into the same puzzles: the Legespiel XML
//! configurations give their published counts, conversions keep every
//! solution, and the examples of the posts each notation comes from solve the same in every notation.

mod common;
use common::*;
use std::fs;
use std::path::Path;

/// The solutions as a sorted list of boards, whatever order a search found them in.
fn boards(v: &serde_json::Value) -> Vec<String> {
    let mut b: Vec<String> = v["solutions"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["cells"].to_string())
        .collect();
    b.sort();
    b
}

fn puzzle_with(root: &Path, name: &str, file: &str, text: &str) -> std::path::PathBuf {
    let input = root.join(name).join("input");
    fs::create_dir_all(&input).expect("mkdir");
    fs::write(input.join(file), text).expect("write");
    root.join(name)
}

#[test]
fn every_legespiel_configuration_gives_its_published_counts_and_converts_faithfully() {
    let dir = fixtures().join("legespiel-xml");
    let table = fs::read_to_string(dir.join("published.tsv")).expect("published.tsv");
    let tmp = tempfile::tempdir().expect("tmp");
    let (mut checked, mut converted, mut refused, mut wrong) = (0, 0, 0, Vec::new());
    for line in table.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, all, original) = (f[0], f[5], f[6]);
        if all.is_empty() && original.is_empty() {
            continue; // nothing published to compare with (The Ant Trails Puzzle, 6 x 6)
        }
        let xml = fs::read_to_string(dir.join(file)).expect("xml");
        let p = puzzle_with(tmp.path(), file, "legespiel.xml", &xml);
        let v = solve_json(&p, &[]);
        let got = (
            v["solutions_total"].to_string(),
            v["solutions_distinct_looks"].to_string(),
        );
        let all_ok = all.is_empty() || got.0 == all;
        let original_ok = original.is_empty() || got.1 == original;
        if !(all_ok && original_ok && v["complete"] == true) {
            wrong.push(format!(
                "{file}: got {got:?}, published ({all}, {original})"
            ));
        }
        checked += 1;
        // Converted to tile_dict.yaml (where the half notation can say it), the same solutions.
        let to = tmp.path().join(format!("{file}-converted"));
        let conv = unscramble()
            .arg("convert")
            .arg(&p)
            .arg(to.join("input"))
            .output()
            .expect("runs");
        if conv.status.success() {
            assert_eq!(
                boards(&solve_json(&to, &[])),
                boards(&v),
                "{file}: converted"
            );
            converted += 1;
        } else {
            let e = String::from_utf8_lossy(&conv.stderr);
            assert!(
                e.contains("tile_dict.yaml can only say one partner or itself"),
                "{file}: {e}"
            );
            refused += 1;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(
        checked, 88,
        "every configuration with published counts (89 files, less The Ant Trails Puzzle)"
    );
    // None of them needs a picture with several partners (a unit test of
    // input::convert covers the refusal), so all convert.
    assert_eq!((converted, refused), (88, 0));
}

/// The dog puzzle (`puzzles/dogs-squareshack`) in the letter code: Golden A/B, Black C/D, Yellow E/F, Chocolate G/H, FRONT
/// the first letter; each line right, top, left, bottom.
const SEED_003_LETTERS: &str = "DBHF\nCAHE\nAGDE\nFGAC\nCBHE\nDAGF\nAECG\nCAGF\nCEBG\n";
const SEED_003_YAML: &str = include_str!("fixtures/seed-003/tile_dict.yaml");
/// The 3x3 blog puzzle (`puzzles/3x3-original`) in the signed integers of
/// `signed.txt` (ylw 1, red 2, grn 3, blu 4; '+'
/// positive), each line top, right, bottom, left.
const SEED_000_SIGNED: &str = "\
[-2, +1, +4, +3]
[+4, -4, +3, -1]
[-3, -2, -1, +4]
[-1, -2, -3, -4]
[+2, +3, +4, +1]
[+4, -2, +2, -3]
[+1, +2, -1, -3]
[+1, -2, -4, -3]
[-2, -1, -4, -3]
";

#[test]
fn the_seeds_solve_the_same_in_every_notation() {
    let tmp = tempfile::tempdir().expect("tmp");
    let letters = solve_json(
        &puzzle_with(tmp.path(), "dogs-letters", "letters.txt", SEED_003_LETTERS),
        &[],
    );
    let yaml = solve_json(
        &puzzle_with(tmp.path(), "dogs-yaml", "tile_dict.yaml", SEED_003_YAML),
        &[],
    );
    assert_eq!(boards(&letters), boards(&yaml));
    assert!(letters["solutions_total"].as_u64() > Some(0));

    let signed = solve_json(
        &puzzle_with(tmp.path(), "seed-signed", "signed.txt", SEED_000_SIGNED),
        &[],
    );
    let native = solve_json(
        &puzzle_with(tmp.path(), "seed-yaml", "tile_dict.yaml", SEED_000),
        &[],
    );
    assert_eq!(
        (
            signed["solutions_total"].as_u64(),
            signed["solutions_unique"].as_u64()
        ),
        (Some(4), Some(1))
    );
    assert_eq!(boards(&signed), boards(&native));

    // The letter-code solver prints pieces from 0 with clockwise turns, as a grid.
    let out = unscramble()
        .args([
            "solve",
            "--format",
            "schematic",
            "--numbering",
            "0",
            "--turns",
            "cw",
        ])
        .arg(tmp.path().join("seed-signed"))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("| 4/"), "the centre piece 4 (tile 5): {text}");
    assert_eq!(text.matches("+-----+-----+-----+").count(), 4 * 4, "{text}");

    // Converted and back: the same solutions.
    let to = tmp.path().join("dogs-converted");
    unscramble()
        .arg("convert")
        .arg(tmp.path().join("dogs-letters"))
        .arg(to.join("input"))
        .assert()
        .success();
    assert_eq!(boards(&solve_json(&to, &[])), boards(&letters));
}

#[test]
fn a_rectangle_needs_board_yaml_and_has_two_board_turns() {
    let tmp = tempfile::tempdir().expect("tmp");
    // The top two rows of the 3x3 blog puzzle's solved board: tiles 1, 9, 7, 4, 5, 3.
    let lines: Vec<&str> = SEED_000.lines().collect();
    let yaml: String = [1, 9, 7, 4, 5, 3]
        .iter()
        .enumerate()
        .map(|(i, &t)| {
            format!(
                "{}:{}\n",
                i + 1,
                lines[t - 1].split_once(':').map_or("", |x| x.1)
            )
        })
        .collect();
    let p = puzzle_with(tmp.path(), "rect", "tile_dict.yaml", &yaml);
    let out = unscramble().arg("solve").arg(&p).output().expect("runs");
    assert!(String::from_utf8_lossy(&out.stderr).contains("6 tiles do not fill a square board"));
    fs::write(p.join("input/board.yaml"), "rows: 2\ncols: 3\n").expect("write");
    let v = solve_json(&p, &[]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(2), Some(3)));
    let (total, unique) = (
        v["solutions_total"].as_u64().unwrap_or(0),
        v["solutions_unique"].as_u64().unwrap_or(0),
    );
    assert!(
        total >= 2 && total == 2 * unique,
        "{total} solutions, {unique} unique"
    );
    // The board it was cut from is among them: tiles 1..6 in order (with that board's turns).
    assert!(
        boards(&v).contains(&"[[1,1],[2,3],[3,2],[4,2],[5,3],[6,2]]".to_string()),
        "{:?}",
        boards(&v)
    );
    // And a render of it.
    drawn_puzzle(tmp.path(), "rect", &yaml, 16);
    let out_dir = tmp.path().join("out");
    unscramble()
        .arg("render")
        .arg(tmp.path())
        .arg("-o")
        .arg(&out_dir)
        .assert()
        .success();
    let img = open_png(&out_dir.join("rect/solution-1.png"));
    assert_eq!((img.width(), img.height()), (3 * 16 + 2, 2 * 16 + 2));
}
