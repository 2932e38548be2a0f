use super::*;
use crate::kind::tiles::solve::Limits;

/// A 2x2 board that solves when classes 0/1 and 2/3 are paired: tiles
/// A B over C D, edges right, top, left, bottom.
const OF: [usize; 16] = [0, 2, 2, 0, 2, 2, 1, 0, 0, 1, 3, 3, 3, 1, 1, 3];

fn score() -> Vec<Vec<f32>> {
    let mut s = vec![vec![0.0; 4]; 4];
    for (i, j) in [(0, 1), (2, 3)] {
        s[i][j] = 1.0;
        s[j][i] = 1.0;
    }
    s
}

#[test]
fn the_best_looking_pairing_that_solves_wins() {
    let p = decide(2, &OF, &score(), None, NODE_BUDGET).expect("decides");
    assert_eq!(p.pairs, vec![(0, 1), (2, 3)]);
    assert!(!p.weak);
}

#[test]
fn a_better_scoring_pairing_that_solves_nothing_is_kept_as_the_preferred_one() {
    // A 2x2 whose inner seams all join classes 0 and 2 (7 halves each;
    // 1 and 3 one each, on the border): 0/1 and 2/3 score best but
    // leave 12 surplus halves for 8 border edges; 0/2 and 1/3 solve.
    let of = [0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0, 1, 2, 2, 2, 3];
    let mut s = vec![vec![0.0; 4]; 4];
    for (i, j, v) in [(0, 1, 1.0), (2, 3, 1.0), (0, 2, 0.8), (1, 3, 0.8)] {
        s[i][j] = v;
        s[j][i] = v;
    }
    let p = decide(2, &of, &s, None, NODE_BUDGET).expect("decides");
    assert_eq!(p.pairs, vec![(0, 2), (1, 3)]);
    assert_eq!(p.preferred, Some(vec![(0, 1), (2, 3)]));
    assert!((p.below_best - 0.2).abs() < 1e-6, "{}", p.below_best);
    // When the best-scoring pairing solves, none is preferred to it.
    let p = decide(2, &OF, &score(), None, NODE_BUDGET).expect("decides");
    assert_eq!((p.preferred, p.below_best), (None, 0.0));
}

#[test]
fn a_search_past_its_node_budget_is_refused_with_the_budget_named() {
    let err = decide(2, &OF, &score(), None, 1).expect_err("budget of one placement");
    assert_eq!(
        err,
        PairingError::Budget {
            classes: 4,
            budget: 1,
            tried: 1
        }
    );
    assert!(
        err.to_string()
            .contains("used up its budget of 1 placements after 1 pairings"),
        "{err}"
    );
}

#[test]
fn a_pairing_whose_surplus_halves_exceed_the_border_cannot_solve() {
    // 2x2: 16 halves, 8 of them on the border. Classes of 7, 1, 7 and
    // 1 halves: 0/1 and 2/3 leave 6 + 6 surplus halves, more than the
    // border holds; 0/2 and 1/3 none.
    let of: Vec<usize> = [0; 7]
        .into_iter()
        .chain([1])
        .chain([2; 7])
        .chain([3])
        .collect();
    // Counted out: answered "no" without a placement.
    let counted = |of: &[usize], pairs: &[(usize, usize)]| {
        let p = solve::probe(&puzzle(2, of, pairs), NODE_BUDGET, Default::default());
        p.solves == Some(false) && p.nodes == 0
    };
    assert!(counted(&of, &[(0, 1), (2, 3)]));
    assert!(!counted(&of, &[(0, 2), (1, 3)]));
    // The right pairing of the board above is not counted out.
    assert!(!counted(&OF, &[(0, 1), (2, 3)]));
}

/// A 4x4 board laid out solved: every inner seam joins class `2p` (on
/// the left or top tile) to `2p + 1` of picture `p`, the pictures taken
/// in turn from 8; border halves of class 0.
fn solved_4x4() -> Vec<usize> {
    let mut of = vec![0usize; 64];
    let mut p = 0;
    for r in 0..4 {
        for c in 0..4 {
            let t = 4 * r + c;
            if c < 3 {
                // right of t, left of its neighbour
                of[4 * t] = 2 * (p % 8);
                of[4 * (t + 1) + 2] = 2 * (p % 8) + 1;
                p += 1;
            }
            if r < 3 {
                // bottom of t, top of the tile below
                of[4 * t + 3] = 2 * (p % 8);
                of[4 * (t + 4) + 1] = 2 * (p % 8) + 1;
                p += 1;
            }
        }
    }
    of
}

#[test]
fn one_pairing_reached_twice_past_seven_pictures_does_not_tie_with_itself() {
    // Names "Xp Yp M" / "Xp Yp N": pictures 1-7 differ by M/N, picture
    // 0 by other markers. The greedy pairing over all pairs puts 0/1
    // first; the one over the pairs that differ by M/N leaves 0 and 1
    // over and adds them last: the same pairing in another order.
    let of = solved_4x4();
    let strings: Vec<Vec<usize>> = (0..16)
        .map(|c| {
            let p = c / 2;
            let marker = if p == 0 { 102 + c % 2 } else { 100 + c % 2 };
            vec![10 + 2 * p, 11 + 2 * p, usize::MAX, marker]
        })
        .collect();
    let d = Differences::new(&strings, &vec![Vec::new(); 16]);
    let mut s = vec![vec![0.1f32; 16]; 16];
    for p in 0..8 {
        let v = if p == 0 { 1.1 } else { 1.0 };
        s[2 * p][2 * p + 1] = v;
        s[2 * p + 1][2 * p] = v;
    }
    let right: Vec<(usize, usize)> = (0..8).map(|p| (2 * p, 2 * p + 1)).collect();
    let p = decide(4, &of, &s, Some(&d), NODE_BUDGET).expect("decides");
    let mut got = p.pairs.clone();
    got.sort_unstable();
    assert_eq!(got, right);
}

#[test]
fn the_classes_a_marker_leaves_unpaired_are_paired_among_themselves() {
    // Pairs of one marker paired 0/1; 2 and 3 (one of them the half no
    // tile shows) are left and paired with each other, not dropped.
    let mut s = score();
    s[1][2] = 2.0;
    assert_eq!(completed(&s, vec![(0, 1)]), vec![(0, 1), (2, 3)]);
}

#[test]
fn two_solving_pairings_tied_far_below_one_that_solves_nothing_leave_it_preferred() {
    // A 2x2 under which 0/1 and 2/3 score best and solve nothing; 0/2
    // and 1/3, and 0/3 and 1/2, score alike, 20 % below, and both solve.
    // The tie does not refuse: the names clearly preferred a pairing that
    // solves nothing, which `decide` weighs (an unsolvable puzzle, or a
    // guess).
    let of = [0, 0, 1, 0, 3, 3, 2, 2, 0, 1, 0, 1, 3, 1, 3, 3];
    let mut s = vec![vec![0.0; 4]; 4];
    for (i, j, v) in [
        (0, 1, 1.0),
        (2, 3, 1.0),
        (0, 2, 0.8),
        (1, 3, 0.8),
        (0, 3, 0.8),
        (1, 2, 0.8),
    ] {
        s[i][j] = v;
        s[j][i] = v;
    }
    let solves = |pairs: &[(usize, usize)]| {
        let limits = Limits {
            max_solutions: 1,
            ..Limits::default()
        };
        solve::solve(&puzzle(2, &of, pairs), &limits).total > 0
    };
    assert!(!solves(&[(0, 1), (2, 3)]));
    assert!(solves(&[(0, 2), (1, 3)]) && solves(&[(0, 3), (1, 2)]));
    let p = decide(2, &of, &s, None, NODE_BUDGET).expect("decides");
    assert_eq!(p.preferred, Some(vec![(0, 1), (2, 3)]));
    assert!((p.below_best - 0.2).abs() < 1e-6, "{}", p.below_best);
    assert!(p.weak);
    // Without a better-fitting pairing that solves nothing, a tie of two
    // that solve is still refused.
    for (i, j) in [(0, 1), (2, 3)] {
        s[i][j] = 0.0;
        s[j][i] = 0.0;
    }
    let err = decide(2, &of, &s, None, NODE_BUDGET).expect_err("a tie");
    assert!(matches!(err, PairingError::Tie { .. }), "{err}");
}

#[test]
fn resemblance_that_is_alike_for_every_two_classes_says_nothing() {
    let flat = vec![
        vec![0.0, 0.3, 0.3],
        vec![0.3, 0.0, 0.3],
        vec![0.3, 0.3, 0.0],
    ];
    assert!(silent(&flat, 3));
    // One pair a little more alike (a shared ground colour, a glyph) speaks.
    let mut one = flat.clone();
    one[0][1] = 0.31;
    one[1][0] = 0.31;
    assert!(!silent(&one, 3));
    assert!(!silent(&score(), 4));
}

#[test]
fn the_class_of_a_half_no_tile_shows_does_not_make_the_names_speak() {
    // Three classes alike (0.475 each: labels 3x3 s1057 after a scan) and
    // the absent half's class, 0.3 against each by its making.
    let s: Vec<Vec<f32>> = (0..4)
        .map(|i| {
            (0..4)
                .map(|j| match (i, j) {
                    _ if i == j => 0.0,
                    (3, _) | (_, 3) => 0.3,
                    _ => 0.475,
                })
                .collect()
        })
        .collect();
    assert!(!silent(&s, 4), "over all four the absent class differs");
    assert!(silent(&s, 3), "the three present classes say nothing");
}
