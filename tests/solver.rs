//! The solver against known answers: the shared corpus, a 4x4 with many
//! solutions, serial against parallel, and the stopping rules seen from the CLI.

mod common;
use common::{assert_prefix, files_below, fixtures, unscramble};
use std::path::Path;
use unscramble::kind::tiles::input::{read_puzzle, tile_dict};
use unscramble::kind::tiles::model::Puzzle;
use unscramble::kind::tiles::solve::{solve, Count, Limits, Order, Outcome, StopReason};

fn read(dir: &Path) -> Puzzle {
    read_puzzle(&dir.join("input"))
        .expect("fixture reads")
        .puzzle
}

fn with_jobs(jobs: usize, p: &Puzzle, limits: &Limits) -> Outcome {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("pool");
    pool.install(|| solve(p, limits))
}

fn all(symmetry: bool, order: Order) -> Limits {
    Limits {
        max_solutions: Count::MAX,
        symmetry,
        order,
        ..Limits::default()
    }
}

/// The same search on one thread and on three gives the same everything.
fn assert_same(a: &Outcome, b: &Outcome, what: &str) {
    assert_eq!(a.solutions, b.solutions, "{what}");
    assert_eq!(a.extra.classes, b.extra.classes, "{what}");
    assert_eq!(a.stopped, b.stopped, "{what}");
    assert_eq!(a.extra.nodes_per_depth, b.extra.nodes_per_depth, "{what}");
    assert_eq!(
        (a.extra.tries, a.extra.tries_to_first),
        (b.extra.tries, b.extra.tries_to_first),
        "{what}"
    );
}

#[test]
fn every_corpus_count_with_and_without_symmetry_serial_and_parallel() {
    let root = fixtures().join("legespiel");
    let table = std::fs::read_to_string(root.join("expected.tsv")).expect("expected.tsv");
    let mut checked = 0;
    for line in table.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (slug, total, unique): (&str, usize, usize) = (
            f[0],
            f[3].parse().expect("count"),
            f[4].parse().expect("count"),
        );
        let p = read(&root.join(slug));
        for order in [Order::RowMajor, Order::Spiral] {
            for symmetry in [true, false] {
                let limits = all(symmetry, order);
                let serial = with_jobs(1, &p, &limits);
                let what = format!("{slug} {order:?} symmetry {symmetry}");
                assert_eq!(serial.solutions.len(), total, "{what}");
                assert_eq!(serial.extra.unique, unique as Count, "{what}");
                assert!(serial.complete(), "{what}");
                assert_same(&serial, &with_jobs(3, &p, &limits), &what);
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 75);
}

#[test]
fn a_4x4_with_many_solutions() {
    let p = read(&fixtures().join("generated/4x4-many"));
    let fast = with_jobs(2, &p, &all(true, Order::RowMajor));
    assert_eq!((fast.solutions.len(), fast.extra.unique), (65200, 16300));
    let plain = with_jobs(2, &p, &all(false, Order::RowMajor));
    // The C yardstick counts the same placements as the plain row-major search.
    assert_eq!(plain.nodes, 25_219_684);
    // Tries: every unused oriented tile at depth d, once per placement at d - 1.
    let n = 16u64;
    let expected: u64 = 4 * n
        + (1..16)
            .map(|d| plain.extra.nodes_per_depth[d - 1] * 4 * (n - d as u64))
            .sum::<u64>();
    assert_eq!(plain.extra.tries, expected);
    let mut a = fast.solutions.clone();
    let mut b = plain.solutions;
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(fast.nodes * 3 < plain.nodes, "symmetry breaking saves work");
    assert_same(
        &fast,
        &with_jobs(1, &p, &all(true, Order::RowMajor)),
        "-j 1",
    );
}

#[test]
fn a_capped_search_is_the_same_prefix_for_any_thread_count() {
    let p = read(&fixtures().join("generated/4x4-many"));
    let full = with_jobs(2, &p, &all(true, Order::Spiral));
    for cap in [1usize, 2, 5, 4001] {
        let limits = Limits {
            max_solutions: cap as Count,
            ..all(true, Order::Spiral)
        };
        let one = with_jobs(1, &p, &limits);
        assert_prefix(&one.solutions, &full.solutions, cap, &format!("cap {cap}"));
        assert_eq!(one.stopped, Some(StopReason::MaxSolutions(cap as Count)));
        assert_same(&one, &with_jobs(2, &p, &limits), &format!("cap {cap}"));
    }
}

#[test]
fn a_timeout_stops_a_hard_puzzle_and_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = unscramble::kind::tiles::generate::tile_dict(6, 5, 1);
    std::fs::write(dir.path().join("tile_dict.yaml"), &text).expect("write");
    let out = unscramble()
        .args([
            "solve",
            "--json",
            "--timeout",
            "0.3",
            "--max-solutions",
            "100000000",
        ])
        .arg(dir.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("\"complete\": false"), "{json}");
    assert!(json.contains("\"stopped_by\": \"timeout\""), "{json}");
    let err = String::from_utf8_lossy(&out.stderr);
    // The limit given, not what was left of it when the search began.
    assert!(err.contains("stopped by the timeout of 300 ms;"), "{err}");
    // The same puzzle without a timeout is not finished in that time: the
    // library says so too.
    let p = tile_dict::parse(Path::new("t.yaml"), &text)
        .expect("parses")
        .puzzle;
    let limits = Limits {
        timeout: Some(std::time::Duration::from_millis(100)),
        ..all(true, Order::RowMajor)
    };
    let o = solve(&p, &limits);
    assert_eq!(
        o.stopped,
        Some(StopReason::Timeout(std::time::Duration::from_millis(100)))
    );
}

#[test]
fn stats_print_nodes_per_depth_and_time_on_the_terminal_only() {
    let yaml = fixtures().join("legespiel/das-verflixte-hundespiel/input/tile_dict.yaml");
    let out = unscramble()
        .args(["solve", "--stats", "--order", "spiral", "--json"])
        .arg(&yaml)
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nodes per depth: [9, "), "{err}");
    assert!(err.contains("nodes per second"), "{err}");
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("\"nodes_per_depth\": [9, "), "{json}");
    assert!(!json.contains("second"), "no times in the JSON: {json}");
}

/// Generated puzzles, one in a nested folder: `-j 1` and `-j 3` write the
/// same files, byte for byte.
#[test]
fn render_writes_the_same_files_for_any_jobs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let puzzles = dir.path().join("puzzles");
    for (name, size, tokens) in [("a", 3, 2), ("b", 4, 4), ("kids/c", 2, 1)] {
        unscramble()
            .args([
                "generate",
                "--size",
                &size.to_string(),
                "--tokens",
                &tokens.to_string(),
            ])
            .args(["--seed", "5", "--tile-size", "60"])
            .arg(puzzles.join(name))
            .assert()
            .success();
    }
    let render = |jobs: &str, out: &str| {
        unscramble()
            .arg("render")
            .arg(&puzzles)
            .args(["-o", out, "-j", jobs, "--max-images", "3", "-q"])
            .current_dir(dir.path())
            .assert()
            .success();
        dir.path().join(out)
    };
    let (one, three) = (render("1", "one"), render("3", "three"));
    let files = files_below(&one);
    assert_eq!(files, files_below(&three));
    for f in &files {
        assert!(
            std::fs::read(one.join(f)).expect("-j 1")
                == std::fs::read(three.join(f)).expect("-j 3"),
            "{} differs between -j 1 and -j 3",
            f.display()
        );
    }
    assert!(files.len() > 6, "{files:?}");
    assert!(files.iter().any(|f| f.starts_with("kids/c")), "{files:?}");
}

#[test]
fn render_marks_a_timed_out_puzzle_partial() {
    let dir = tempfile::tempdir().expect("tempdir");
    let puzzle = dir.path().join("puzzles/hard");
    unscramble()
        .args(["generate", "--size", "6", "--tokens", "5", "--seed", "1"])
        .args(["--tile-size", "40"])
        .arg(&puzzle)
        .assert()
        .success();
    let out = unscramble()
        .args(["render", "puzzles", "-o", "out", "--timeout", "0.2"])
        .args(["--max-solutions", "100000000"])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("stopped by --timeout") || err.contains("before --timeout"),
        "{err}"
    );
    let json = std::fs::read_to_string(dir.path().join("out/hard/solutions.json")).expect("json");
    assert!(json.contains("\"stopped_by\": \"timeout\""), "{json}");
    assert!(json.contains("\"complete\": false"), "{json}");
}
