//! The search over kinds against the search over cards, and the counting
//! mode against enumeration, on every puzzle of the Legespiel corpus (the
//! fixtures in `tests/fixtures/`, in both of their notations).

use super::count::{self, Setup};
use super::kinds::Kinds;
use super::*;
use crate::kind::tiles::input;
use std::path::{Path, PathBuf};

/// Every corpus puzzle but The Ant Trails Puzzle (the search over cards
/// never finishes it).
pub(super) fn corpus() -> Vec<(String, Puzzle)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["legespiel", "legespiel-xml"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let yaml = path.join("input/tile_dict.yaml");
            if yaml.is_file() {
                files.push(yaml);
            } else if path.to_string_lossy().ends_with(".config.xml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter(|f| !f.to_string_lossy().contains("anttrails"))
        .map(|f| {
            let bytes = std::fs::read(&f).expect("fixture");
            let as_read = if f.extension().is_some_and(|e| e == "xml") {
                f.with_file_name("legespiel.xml")
            } else {
                f.clone()
            };
            let p = input::parse_notation(&as_read, &bytes, None).expect("parses");
            (f.display().to_string(), p.puzzle)
        })
        .collect()
}

fn all(kinds: bool) -> Limits {
    Limits {
        max_solutions: 100_000,
        kinds,
        ..Limits::default()
    }
}

#[test]
fn kinds_and_cards_give_the_same_boards_on_every_corpus_puzzle() {
    let mut with_identical = 0;
    let puzzles = corpus();
    assert!(puzzles.len() >= 160, "{}", puzzles.len());
    for (name, p) in &puzzles {
        let (a, b) = (solve(p, &all(true)), solve(p, &all(false)));
        assert!(b.complete(), "{name}");
        assert_eq!(
            (a.total, a.extra.unique, a.extra.looks, a.stopped),
            (b.total, b.extra.unique, b.extra.looks, b.stopped),
            "{name}"
        );
        // The same boards in the same order, with the same classes.
        assert!(a.solutions == b.solutions, "{name}: boards");
        assert_eq!(a.extra.classes, b.extra.classes, "{name}");
        assert_eq!(a.extra.look_classes, b.extra.look_classes, "{name}");
        // Read once per look (see `look_classes_by_source`), the classes are
        // those read from every board.
        let (every, n) = look_classes(p, &a.solutions);
        assert_eq!(a.extra.look_classes, every, "{name}: look classes");
        assert_eq!(b.extra.looks, n as Count, "{name}: looks");
        if !Kinds::new(p).all_distinct() {
            with_identical += 1;
            assert!(
                a.nodes <= b.nodes,
                "{name}: {} > {} nodes",
                a.nodes,
                b.nodes
            );
        }
    }
    assert!(with_identical >= 20, "{with_identical}");
}

#[test]
fn counting_agrees_with_enumeration_on_every_corpus_puzzle_it_can_count() {
    let mut counted = 0;
    for (name, p) in corpus() {
        let kinds = Kinds::new(&p);
        // The counting is for identical cards; with none it would only
        // count slower what the search lists.
        if kinds.all_distinct() {
            continue;
        }
        let Some(plan) = count::setup(&p, &kinds).and_then(Setup::build) else {
            continue;
        };
        let c = plan.run(&|| false).expect("runs");
        let o = solve(&p, &all(true));
        assert_eq!(
            Some(c.looks * kinds.boards_per_look(None).unwrap_or(0)),
            Some(o.total),
            "{name}"
        );
        if let Some(d) = c.distinct {
            assert_eq!(d, o.extra.looks, "{name}");
        }
        counted += 1;
    }
    assert!(counted >= 20, "{counted}");
}

#[test]
fn the_counting_mode_finishes_a_large_count_exactly() {
    // 3x4 boards from the Ant Trails kinds: enumerated whole, and counted
    // after the first ten kind-level solutions.
    for seed in [5, 10] {
        let p = count::tests::drawn(3, 4, &count::tests::TRAILS, seed, true);
        let listed = Limits {
            max_solutions: Count::MAX,
            count_after: None,
            ..Limits::default()
        };
        let listed = solve(&p, &listed);
        let counted = Limits {
            max_solutions: Count::MAX,
            count_after: Some(10),
            ..Limits::default()
        };
        let counted = solve(&p, &counted);
        assert!(listed.complete() && counted.complete());
        assert_eq!(listed.extra.counted, None);
        let c = counted.extra.counted.expect("counted");
        assert!(c.distinct_looks_exact && c.work > 0);
        assert_eq!(
            (counted.total, counted.extra.unique, counted.extra.looks),
            (listed.total, listed.extra.unique, listed.extra.looks),
            "seed {seed}"
        );
        // It lists what the search found before it counted.
        let mut boards = counted.solutions.clone();
        boards.sort();
        boards.dedup();
        assert!(!boards.is_empty() && boards.len() == counted.solutions.len());
        assert!(counted.solutions.len() < listed.solutions.len());
        // ... and those are the first boards of the whole list.
        assert!(counted.solutions[..] == listed.solutions[..counted.solutions.len()]);
        // Beyond --max-solutions the count is that limit, a lower bound.
        let capped = Limits {
            max_solutions: listed.total - 1,
            count_after: Some(10),
            ..Limits::default()
        };
        let capped = solve(&p, &capped);
        assert_eq!(capped.total, listed.total - 1);
        assert_eq!(
            capped.stopped,
            Some(StopReason::MaxSolutions(listed.total - 1))
        );
    }
}

/// Counts `r x c` boards of cards drawn from the Ant Trails kinds (seed
/// `seed`) both ways, the counting mode from the start and the search to
/// the end, and checks they agree.
fn count_and_enumerate(r: usize, c: usize, seed: u64) {
    let p = count::tests::drawn(r, c, &count::tests::TRAILS, seed, true);
    let limits = |count_after| Limits {
        max_solutions: Count::MAX,
        max_nodes: u64::MAX,
        count_after,
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let counted = solve(&p, &limits(Some(0)));
    let t_count = start.elapsed();
    let start = std::time::Instant::now();
    let listed = solve(&p, &limits(None));
    let t_list = start.elapsed();
    println!(
        "{r}x{c} seed {seed}: total {} unique {} looks {} | counted in {t_count:?} (work {:?}), enumerated in {t_list:?} ({} nodes)",
        listed.total, listed.extra.unique, listed.extra.looks,
        counted.extra.counted.map(|c| c.work), listed.nodes
    );
    assert!(listed.complete() && counted.complete());
    assert!(counted.extra.counted.is_some() && listed.extra.counted.is_none());
    assert!(listed.total > 1000, "{r}x{c} seed {seed}: {}", listed.total);
    assert_eq!(
        (counted.total, counted.extra.unique, counted.extra.looks),
        (listed.total, listed.extra.unique, listed.extra.looks),
        "{r}x{c} seed {seed}"
    );
}

#[test]
fn counting_against_enumeration_on_4x4_boards_of_ant_trails_kinds() {
    for seed in [0, 4, 5, 6] {
        count_and_enumerate(4, 4, seed);
    }
}

/// Run by hand (`cargo test --release --lib counting_against_enumeration
/// -- --ignored --nocapture`): 5x5 boards, enumerated for minutes.
#[test]
#[ignore]
fn counting_against_enumeration_on_5x5_boards_of_ant_trails_kinds() {
    // A 4x4 whose enumeration takes about a minute.
    count_and_enumerate(4, 4, 7);
    for seed in [1, 2] {
        count_and_enumerate(5, 5, seed);
    }
}

#[test]
fn the_ant_trails_puzzle_s_first_solution_comes_within_a_node_budget() {
    // 36 cards of 12 kinds: the search over kinds finds a board well
    // within the budget; telling identical cards apart, the same budget
    // finds none (figures in docs/performance.md).
    let p = count::tests::ant_trails();
    let limits = |kinds| Limits {
        max_solutions: 1,
        max_nodes: 1_000_000,
        kinds,
        ..Limits::default()
    };
    let o = solve(&p, &limits(true));
    assert_eq!(o.stopped, Some(StopReason::MaxSolutions(1)));
    assert!(o.nodes < 100_000, "{} nodes", o.nodes);
    let board = o.solutions.first().expect("a board");
    assert!(p.check(board).is_ok());
    let cards = solve(&p, &limits(false));
    assert_eq!(
        (cards.total, cards.stopped),
        (0, Some(StopReason::MaxNodes(1_000_000)))
    );
}
