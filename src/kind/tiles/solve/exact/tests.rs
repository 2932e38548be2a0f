use super::*;
use crate::kind::tiles::solve::count::tests::{
    ant_trails, brute_looks, counted, drawn, small_boards, TRAILS,
};
use crate::kind::tiles::solve::count::Counted;
use crate::kind::tiles::solve::kinds_tests::corpus;
use crate::kind::tiles::solve::{solve, Limits};

const ANY: usize = usize::MAX;

#[test]
fn the_programme_agrees_with_brute_force_on_every_shape() {
    let mut some = 0;
    let shapes = [
        (1, 1),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (3, 4),
    ];
    for (name, p) in small_boards(&shapes, 4) {
        let (looks, distinct) = brute_looks(&p);
        let e = count(&p, ANY).expect("packs");
        assert_eq!(e.looks, Some(looks), "{name}");
        assert!(e.distinct.is_none_or(|d| d == distinct), "{name}");
        assert_eq!(e.states.len(), p.cells() + 1, "{name}");
        some += usize::from(looks > 0);
    }
    assert!(some > 25, "{some}");
}

#[test]
fn looks_times_cards_per_look_is_the_card_level_count_on_the_corpus() {
    // Against the plain search, which tells every card and turn apart.
    let limits = Limits {
        max_solutions: 100_000,
        kinds: false,
        ..Limits::default()
    };
    let mut checked = 0;
    for (name, p) in corpus() {
        let o = solve(&p, &limits);
        assert!(o.complete(), "{name}");
        let e = count(&p, ANY).expect("packs");
        let total = e.looks.zip(e.per_look).map(|(l, m)| l * m);
        assert_eq!(total, Some(o.total), "{name}");
        if let Some(d) = e.distinct {
            assert_eq!(d, o.extra.looks, "{name}");
        }
        checked += 1;
    }
    assert!(checked >= 160, "{checked}");
}

#[test]
fn the_programme_agrees_with_the_counting_mode_on_4x4_boards_of_ant_trails_kinds() {
    for seed in [0, 4] {
        let p = drawn(4, 4, &TRAILS, seed, true);
        let e = count(&p, ANY).expect("packs");
        let c = counted(&p);
        assert!(c.looks > 10_000, "{}", c.looks);
        assert_eq!(
            (e.looks, e.distinct),
            (Some(c.looks), c.distinct),
            "seed {seed}"
        );
    }
}

/// The Ant Trails Puzzle's kinds: what a state packs, per look.
#[test]
fn the_ant_trails_puzzle_packs_and_has_its_cards_per_look() {
    let e = count(&ant_trails(), 1).expect("packs");
    assert_eq!(e.looks, None);
    assert_eq!(e.per_look, Some(22_543_424_343_244_800));
    // The first cell: every kind in every orientation, those showing the
    // same right and bottom edges one state.
    assert_eq!(e.states.len(), 2);
    assert!(
        e.states[0] == 1 && (20..36).contains(&e.states[1]),
        "{:?}",
        e.states
    );
}

/// Run by hand (`cargo test --release --lib exact_figures -- --ignored
/// --nocapture`): states per depth on 4x4 and 5x5 boards of the Ant Trails
/// kinds (against the counting mode) and on the whole puzzle, as deep as
/// `EXACT_BUDGET` states (default 20 million) allow.
#[test]
#[ignore]
fn exact_figures() {
    let budget = std::env::var("EXACT_BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(20_000_000);
    for (r, seed) in [(4, 0), (4, 4), (5, 1), (5, 2)] {
        let p = drawn(r, r, &TRAILS, seed, true);
        let start = std::time::Instant::now();
        let e = count(&p, budget).expect("packs");
        let c = counted(&p);
        println!(
            "{r}x{r} seed {seed}: looks {:?} (counting mode {}) in {:?}; states {:?}",
            e.looks,
            c.looks,
            start.elapsed(),
            e.states
        );
        assert!(e.looks.is_none_or(|l| l == c.looks));
    }
    let start = std::time::Instant::now();
    let e = count(&ant_trails(), budget).expect("packs");
    println!(
        "6x6: looks {:?} in {:?}; states {:?}",
        e.looks,
        start.elapsed(),
        e.states
    );
}

/// The counting mode and this programme on a `side x side` board of cards
/// drawn from `pool`: both counts, and the states this programme held.
/// `seed` counts the draws the counting mode can count (each kind with a
/// variable needs roots of unity of its count plus one).
fn both_ways(side: usize, pool: &[[u8; 4]], seed: usize) -> (Exact, Counted) {
    let countable = |p: &Puzzle| {
        crate::kind::tiles::solve::count::setup(p, &crate::kind::tiles::solve::kinds::Kinds::new(p))
            .and_then(crate::kind::tiles::solve::count::Setup::build)
            .is_some()
    };
    let p = (0..)
        .map(|s| drawn(side, side, pool, s, true))
        .filter(countable)
        .nth(seed)
        .expect("a countable draw");
    let start = std::time::Instant::now();
    let e = count(&p, ANY).expect("packs");
    let t_exact = start.elapsed();
    let start = std::time::Instant::now();
    let c = counted(&p);
    println!(
        "{side}x{side} seed {seed}: looks {:?} distinct {:?} (counting mode {} {:?}); exact {t_exact:?}, counting {:?}; most states {:?}",
        e.looks,
        e.distinct,
        c.looks,
        c.distinct,
        start.elapsed(),
        e.states.iter().max()
    );
    (e, c)
}

#[test]
fn the_programme_agrees_with_the_counting_mode_on_6x6_boards_of_four_kinds() {
    // The whole size of The Ant Trails Puzzle (a 3x3 quadrant, several
    // primes) with few kinds, so that the multisets stay few: the two
    // cards of both colours and the red and blue crosses.
    let pool = [TRAILS[0], TRAILS[1], TRAILS[6], TRAILS[11]];
    for seed in [0, 1] {
        let (e, c) = both_ways(6, &pool, seed);
        assert!(c.looks > 1_000_000, "{}", c.looks);
        assert_eq!(e.looks, Some(c.looks), "seed {seed}");
        assert!(
            e.distinct.is_none_or(|d| Some(d) == c.distinct),
            "seed {seed}"
        );
    }
}

/// Run by hand (`cargo test --release --lib exact_6x6 -- --ignored
/// --nocapture`): 6x6 boards of five and six Ant Trails kinds, minutes.
#[test]
#[ignore]
fn exact_6x6_boards_of_five_and_six_kinds() {
    let five = [TRAILS[0], TRAILS[1], TRAILS[3], TRAILS[8], TRAILS[11]];
    let six = [
        TRAILS[0], TRAILS[1], TRAILS[3], TRAILS[8], TRAILS[6], TRAILS[11],
    ];
    for (pool, seed) in [(&five[..], 0), (&five[..], 1), (&six[..], 0)] {
        let (e, c) = both_ways(6, pool, seed);
        assert_eq!(e.looks, Some(c.looks), "seed {seed}");
        assert!(e.distinct.is_none_or(|d| Some(d) == c.distinct));
    }
}
