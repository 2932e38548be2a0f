use super::*;
use crate::kind::tiles::model::{Edge, Matching, Placement, Tile};
use std::collections::HashSet;

/// Every look by brute force: each cell in row-major order gets every kind
/// left in every distinct orientation that fits its placed neighbours.
/// Returns the looks and the looks up to turning the board.
pub(crate) fn brute_looks(p: &Puzzle) -> (u128, u128) {
    let kinds = Kinds::new(p);
    let mut left: Vec<usize> = kinds.cards.iter().map(Vec::len).collect();
    let mut board: Vec<Placement> = Vec::new();
    let mut seen = HashSet::new();
    let mut looks = 0u128;
    fn rec(
        p: &Puzzle,
        k: &Kinds,
        left: &mut [usize],
        board: &mut Vec<Placement>,
        looks: &mut u128,
        seen: &mut HashSet<Vec<Placement>>,
    ) {
        let cell = board.len();
        if cell == p.cells() {
            *looks += 1;
            let canonical = (0..p.board_turns())
                .map(|q| {
                    let t = p.turn_board(board, q * (4 / p.board_turns()));
                    let fold = |x: Placement| Placement {
                        tile: x.tile,
                        turns: x.turns % k.orients[usize::from(x.tile)],
                    };
                    t.into_iter().map(fold).collect::<Vec<_>>()
                })
                .min()
                .unwrap_or_default();
            seen.insert(canonical);
            return;
        }
        let (r, c) = (cell / p.cols, cell % p.cols);
        let edge =
            |pl: Placement, side: usize| turned(k.edges[usize::from(pl.tile)], pl.turns)[side];
        for kind in 0..k.len() {
            if left[kind] == 0 {
                continue;
            }
            for o in 0..k.orients[kind] {
                let pl = Placement {
                    tile: kind as u8,
                    turns: o,
                };
                if r > 0 && !p.fits(edge(board[cell - p.cols], 3), edge(pl, 1)) {
                    continue;
                }
                if c > 0 && !p.fits(edge(board[cell - 1], 0), edge(pl, 2)) {
                    continue;
                }
                left[kind] -= 1;
                board.push(pl);
                rec(p, k, left, board, looks, seen);
                board.pop();
                left[kind] += 1;
            }
        }
    }
    rec(p, &kinds, &mut left, &mut board, &mut looks, &mut seen);
    (looks, seen.len() as u128)
}

/// A puzzle of `rows x cols` cards drawn (with repeats) from `pool` by a
/// fixed pseudo-random sequence; `self_match`: each code fits only itself,
/// else the halves pairing.
pub(crate) fn drawn(
    rows: usize,
    cols: usize,
    pool: &[[u8; 4]],
    seed: u64,
    self_match: bool,
) -> Puzzle {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let tiles = (0..rows * cols)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Tile {
                edges: pool[(x >> 33) as usize % pool.len()].map(Edge),
            }
        })
        .collect();
    let codes = 8;
    let matching = if self_match {
        let mut m = Matching::new(codes);
        (0..codes).for_each(|c| m.allow(Edge(c as u8), Edge(c as u8)));
        m
    } else {
        Matching::halves(codes / 2)
    };
    Puzzle {
        rows,
        cols,
        tiles,
        tokens: (0..codes / 2).map(|t| t.to_string()).collect(),
        matching,
    }
}

/// Boards of each shape drawn with seeds `0..seeds`, from the Ant Trails
/// kinds (each picture fits itself) and from a pool whose halves pair.
pub(crate) fn small_boards(shapes: &[(usize, usize)], seeds: u64) -> Vec<(String, Puzzle)> {
    let halves: &[[u8; 4]] = &[[0, 2, 1, 3], [1, 3, 0, 2], [0, 1, 0, 1], [2, 3, 3, 2]];
    let mut out = Vec::new();
    for &(rows, cols) in shapes {
        for seed in 0..seeds {
            for (pool, self_match) in [(&TRAILS[..], true), (halves, false)] {
                let name = format!("{rows}x{cols} seed {seed} {self_match}");
                out.push((name, drawn(rows, cols, pool, seed, self_match)));
            }
        }
    }
    out
}

pub(crate) fn counted(p: &Puzzle) -> Counted {
    let plan = setup(p, &Kinds::new(p))
        .and_then(Setup::build)
        .expect("countable");
    plan.run(&|| false).expect("not stopped")
}

/// The Ant Trails Puzzle's twelve kinds: blue 0, red 1, nothing 2, each
/// matching itself (right, top, left, bottom).
pub(crate) const TRAILS: [[u8; 4]; 12] = [
    [1, 0, 1, 0],
    [1, 0, 0, 1],
    [2, 1, 2, 2],
    [2, 1, 1, 2],
    [2, 1, 2, 1],
    [2, 1, 1, 1],
    [1, 1, 1, 1],
    [2, 0, 2, 2],
    [2, 0, 0, 2],
    [2, 0, 2, 0],
    [2, 0, 0, 0],
    [0, 0, 0, 0],
];

#[test]
fn counts_agree_with_brute_force_on_every_shape() {
    let (mut checked, mut some) = (0, 0);
    let shapes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (1, 3),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
    ];
    for (name, p) in small_boards(&shapes, 6) {
        let (looks, distinct) = brute_looks(&p);
        let c = counted(&p);
        assert_eq!(c.looks, looks, "{name}");
        some += usize::from(looks > 0);
        if let Some(d) = c.distinct {
            assert_eq!(d, distinct, "{name}");
            checked += 1;
        }
    }
    // Distinct looks are known on every board with an even side, or when
    // the counts rule out boards a turn leaves unchanged.
    assert!(checked > 60 && some > 60, "{checked} {some}");
}

#[test]
fn a_square_board_of_identical_cards_counts_its_symmetric_looks() {
    // One kind, 16 cards: boards a quarter turn leaves unchanged exist.
    let p = drawn(4, 4, &[[0, 0, 1, 1]], 1, true);
    let c = counted(&p);
    assert_eq!((c.looks, c.distinct), {
        let (l, d) = brute_looks(&p);
        (l, Some(d))
    });
}

#[test]
fn reduced_ant_trails_boards_agree_with_brute_force() {
    // 3x4 and 4x3 boards of twelve cards drawn from the Ant Trails kinds.
    for (seed, rows, cols) in [(0, 3, 4), (5, 4, 3)] {
        let p = drawn(rows, cols, &TRAILS, seed, true);
        let (looks, distinct) = brute_looks(&p);
        assert!(looks > 1000, "{looks}");
        assert_eq!(
            counted(&p),
            Counted {
                looks,
                distinct: Some(distinct)
            },
            "seed {seed}"
        );
    }
}

#[test]
fn a_stop_ends_the_counting() {
    let p = drawn(2, 2, &TRAILS, 1, true);
    let plan = setup(&p, &Kinds::new(&p))
        .and_then(Setup::build)
        .expect("countable");
    assert!(plan.work > 0);
    assert_eq!(plan.run(&|| true), None);
}

/// The Ant Trails Puzzle, read from its fixture.
pub(crate) fn ant_trails() -> Puzzle {
    let path = std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/legespiel-xml/theanttrailspuzzle.config.xml"
    ));
    let bytes = std::fs::read(path).expect("fixture");
    let named = path.with_file_name("legespiel.xml");
    crate::kind::tiles::input::parse_notation(&named, &bytes, None)
        .expect("parses")
        .puzzle
}

/// Run by hand (`cargo test --release --lib ant_trails_count -- --ignored
/// --nocapture`): minutes on two cores.
#[test]
#[ignore]
fn ant_trails_count() {
    let p = ant_trails();
    let kinds = Kinds::new(&p);
    let start = std::time::Instant::now();
    let plan = setup(&p, &kinds).and_then(Setup::build).expect("countable");
    println!(
        "kinds {:?}",
        kinds.cards.iter().map(Vec::len).collect::<Vec<_>>()
    );
    println!(
        "points {} primes {} work {} ops/point {}",
        plan.setup.points,
        plan.primes,
        plan.work,
        plan.steps.iter().map(|s| s.ops.len()).sum::<usize>()
    );
    let c = plan.run(&|| false).expect("runs");
    println!(
        "looks {} distinct {:?} in {:?}",
        c.looks,
        c.distinct,
        start.elapsed()
    );
}

/// `p` turned a quarter: rows for columns, every card turned a quarter
/// counter-clockwise. Its boards are `p`'s turned, one for one.
pub(crate) fn quarter_turned(p: &Puzzle) -> Puzzle {
    Puzzle {
        rows: p.cols,
        cols: p.rows,
        tiles: p
            .tiles
            .iter()
            .map(|t| Tile {
                edges: turned(t.edges, 1),
            })
            .collect(),
        tokens: p.tokens.clone(),
        matching: p.matching.clone(),
    }
}

/// A fixture of the Legespiel corpus (XML notation).
pub(crate) fn corpus_puzzle(file: &str) -> Puzzle {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/legespiel-xml");
    let path = std::path::Path::new(dir).join(file);
    let bytes = std::fs::read(&path).expect("fixture");
    let named = path.with_file_name("legespiel.xml");
    crate::kind::tiles::input::parse_notation(&named, &bytes, None)
        .expect("parses")
        .puzzle
}

#[test]
fn a_puzzle_turned_a_quarter_counts_the_same_both_ways() {
    // Quadromino (3x3, 43,008 solutions in 168 looks, 42 distinct) and
    // boards of Ant Trails kinds whose sides differ; turned, a 3x5 board's
    // frontier runs along its other side.
    let mut puzzles = vec![corpus_puzzle("quadromino.config.xml")];
    puzzles
        .extend([(3, 4, 0), (3, 5, 3), (5, 3, 5)].map(|(r, c, s)| drawn(r, c, &TRAILS, s, true)));
    for (i, p) in puzzles.iter().enumerate() {
        let q = quarter_turned(p);
        assert_ne!(p, &q, "{i}");
        let (looks, distinct) = brute_looks(p);
        assert!(looks > 100, "{i}: {looks}");
        assert_eq!(brute_looks(&q), (looks, distinct), "{i}");
        let c = counted(&q);
        assert_eq!(c.looks, looks, "{i}");
        assert!(c.distinct.is_none_or(|d| d == distinct), "{i}");
    }
    assert_eq!(brute_looks(&puzzles[0]), (168, 42));
}

/// The counting input of a puzzle: its shape, classes' fits, and each
/// oriented kind's edge classes with its kind's count, sorted.
type CountingInput = (Shape, Vec<Vec<bool>>, Vec<([u8; 4], usize)>);

fn counting_input(p: &Puzzle) -> CountingInput {
    let s = setup(p, &Kinds::new(p)).expect("countable");
    let mut o: Vec<([u8; 4], usize)> = s
        .oriented
        .iter()
        .zip(&s.kind_of)
        .map(|(&e, &k)| (e, s.counts[k]))
        .collect();
    o.sort_unstable();
    (s.shape, s.fit, o)
}

#[test]
fn the_ant_trails_puzzle_turned_a_quarter_is_the_same_counting_input() {
    // Cards turn freely: turning every card a quarter only renames
    // orientations, and a board with an even side is counted in halves or
    // quadrants laid along the same side whichever way it is turned. So
    // the counting of the turned puzzle repeats the same arithmetic: it is
    // no check of the count.
    let p = ant_trails();
    assert_eq!(counting_input(&quarter_turned(&p)), counting_input(&p));
    // Not so on a board whose sides are odd and differ.
    let r = drawn(3, 5, &TRAILS, 0, true);
    assert_ne!(counting_input(&quarter_turned(&r)), counting_input(&r));
}

/// Run by hand (`cargo test --release --lib quarter_turned_count --
/// --ignored --nocapture`): the count of the puzzle turned a quarter, the
/// same arithmetic as `ant_trails_count` (see the test above).
#[test]
#[ignore]
fn quarter_turned_count_of_the_ant_trails_puzzle() {
    let p = quarter_turned(&ant_trails());
    let start = std::time::Instant::now();
    let plan = setup(&p, &Kinds::new(&p))
        .and_then(Setup::build)
        .expect("countable");
    let c = plan.run(&|| false).expect("runs");
    println!(
        "turned: looks {} distinct {:?} in {:?}",
        c.looks,
        c.distinct,
        start.elapsed()
    );
    assert_eq!(
        (c.looks, c.distinct),
        (444_516_415_256_801_696, Some(111_129_103_814_200_424))
    );
}
