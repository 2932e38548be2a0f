//! A capped search lists exactly the first boards of the whole list, in its
//! order, for any thread count, on the corpus puzzles whose identical cards
//! make one look stand for many boards (the search over kinds must still
//! list them in the order of the plain, card by card, search).

mod common;
use common::{assert_prefix, fixtures};
use std::path::PathBuf;
use unscramble::kind::tiles::input::parse_notation;
use unscramble::kind::tiles::model::Puzzle;
use unscramble::kind::tiles::solve::{solve, Count, Limits, Order, Outcome, StopReason};

/// The corpus in both notations, by file name.
fn corpus() -> Vec<(String, Puzzle)> {
    let root = fixtures();
    let mut files: Vec<PathBuf> = Vec::new();
    for e in std::fs::read_dir(root.join("legespiel"))
        .expect("legespiel")
        .flatten()
    {
        files.push(e.path().join("input/tile_dict.yaml"));
    }
    for e in std::fs::read_dir(root.join("legespiel-xml"))
        .expect("legespiel-xml")
        .flatten()
    {
        if e.path().to_string_lossy().ends_with(".config.xml") {
            files.push(e.path());
        }
    }
    files.sort();
    files
        .into_iter()
        .filter(|f| f.is_file())
        .map(|f| {
            let bytes = std::fs::read(&f).expect("fixture");
            // The XML notation is known by its file name.
            let as_read = if f.extension().is_some_and(|e| e == "xml") {
                f.with_file_name("legespiel.xml")
            } else {
                f.clone()
            };
            let p = parse_notation(&as_read, &bytes, None).expect("parses");
            (f.display().to_string(), p.puzzle)
        })
        .collect()
}

/// Whether two cards of `p` show the same edges, one of them turned.
fn has_identical_cards(p: &Puzzle) -> bool {
    let turned =
        |t: usize, r: u8| -> Vec<u8> { (0..4).map(|side| p.tiles[t].edge(side, r).0).collect() };
    (0..p.tiles.len())
        .any(|a| (a + 1..p.tiles.len()).any(|b| (0..4).any(|r| turned(a, 0) == turned(b, r))))
}

fn run(p: &Puzzle, jobs: usize, max_solutions: Count, order: Order) -> Outcome {
    let limits = Limits {
        max_solutions,
        order,
        ..Limits::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("pool");
    pool.install(|| solve(p, &limits))
}

#[test]
fn capped_lists_are_prefixes_of_the_full_list_on_corpus_puzzles_with_identical_cards() {
    let mut checked = Vec::new();
    for (name, p) in corpus() {
        if name.contains("anttrails") || !has_identical_cards(&p) {
            continue;
        }
        for order in [Order::RowMajor, Order::Spiral] {
            let full = run(&p, 2, Count::MAX, order);
            assert!(full.complete(), "{name}");
            let total = full.solutions.len();
            if total < 40 {
                continue;
            }
            for cap in [1, 2, 3, 5, 17, total / 3 + 1, total - 1] {
                for jobs in [1, 2] {
                    let what = format!("{name} {order:?} cap {cap} -j {jobs}");
                    let capped = run(&p, jobs, cap as Count, order);
                    assert_eq!(
                        capped.stopped,
                        Some(StopReason::MaxSolutions(cap as Count)),
                        "{what}"
                    );
                    assert_prefix(&capped.solutions, &full.solutions, cap, &what);
                    let classes = &full.extra.classes[..cap];
                    assert_eq!(capped.extra.classes, classes, "{what}");
                }
            }
            if order == Order::RowMajor {
                checked.push(name.clone());
            }
        }
    }
    // Quadromino (43,008 boards of 42 looks), Knifflidiffels and Schlaumeier
    // among them.
    for must in ["quadromino", "knifflidiffelsversion4", "schlaumeier"] {
        assert!(
            checked.iter().any(|c| c.contains(must)),
            "{must}: {checked:?}"
        );
    }
    assert!(checked.len() >= 15, "{checked:?}");
}
