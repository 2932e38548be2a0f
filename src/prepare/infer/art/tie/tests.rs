use super::*;

/// Seam costs of `n` classes: `others` between any two, 0 from a class to
/// itself, and `c` between `a` and `b` for each `(a, b, c)` of `set`.
fn seams(n: usize, others: f32, set: &[(usize, usize, f32)]) -> Vec<Vec<f32>> {
    let mut s = vec![vec![others; n]; n];
    for &(a, b, c) in set {
        s[a][b] = c;
        s[b][a] = c;
    }
    for (i, row) in s.iter_mut().enumerate() {
        row[i] = 0.0;
    }
    s
}

/// Seam costs of six classes, three pictures 0/1, 2/3, 4/5: partners
/// 0.05 apart, strangers 1.9; `shared` also joins 0 with 3 and 2 with 1
/// at 0.05 (two flags with one middle band).
fn flags(shared: bool) -> Vec<Vec<f32>> {
    let mut set = vec![(0, 1, 0.05), (2, 3, 0.05), (4, 5, 0.05)];
    if shared {
        set.extend([(0, 3, 0.05), (2, 1, 0.05)]);
    }
    seams(6, 1.9, &set)
}

#[test]
fn two_pictures_whose_partners_the_seams_could_exchange_are_tied() {
    let pairs = [(0, 1), (2, 3), (4, 5)];
    assert_eq!(seam_tied(&flags(false), &pairs), None);
    assert_eq!(seam_tied(&flags(true), &pairs), Some([0, 1, 2, 3]));
}

#[test]
fn seams_that_continue_nowhere_tie_nothing() {
    // Half-discs: every seam costs about the same, partners included.
    let s = seams(6, 1.9, &[(0, 1, 1.7)]);
    assert_eq!(seam_tied(&s, &[(0, 1), (2, 3), (4, 5)]), None);
}

/// Seam costs of ten classes, five pictures 0/1, 2/3, 4/5, 6/7, 8/9:
/// partners 0.05 apart, strangers 1.9, and 0 continues 3 and 2 continues 1
/// (flags whose middle bands match across pictures).
fn five_flags() -> Vec<Vec<f32>> {
    let set: Vec<(usize, usize, f32)> = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (0, 3), (2, 1)]
        .iter()
        .map(|&(a, b)| (a, b, 0.05))
        .collect();
    seams(10, 1.9, &set)
}

#[test]
fn a_pair_chosen_against_a_seam_that_continues_in_a_reading_the_seams_carry_is_tied() {
    // Colour chose 0/2 and 1/3, whose seams do not continue, while 0
    // continues 1 and three of the five pairs continue.
    let pairs = [(0, 2), (1, 3), (4, 5), (6, 7), (8, 9)];
    assert_eq!(seam_tied(&five_flags(), &pairs), Some([0, 2, 1, 3]));
    // The true pairing is tied only by its exchangeable partners.
    let truth = [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)];
    assert_eq!(seam_tied(&five_flags(), &truth), Some([0, 1, 2, 3]));
}

#[test]
fn coded_art_whose_pairs_do_not_continue_is_left_to_the_colours() {
    // Half-discs: partners' fills differ (1.9, as strangers), while a
    // solid half continues a solid half of a close hue (0.8): no pair of
    // the reading continues, so the seams do not carry it.
    let s = seams(8, 1.9, &[(0, 2, 0.8), (4, 6, 0.8)]);
    assert_eq!(seam_tied(&s, &[(0, 1), (2, 3), (4, 5), (6, 7)]), None);
}

#[test]
fn a_stranger_barely_better_than_the_partner_ties_nothing() {
    // Three of four pairs continue; 0/1 does not (1.4), and 0 continues
    // 2 (0.8, under half of its median seam) but not clearly better than
    // its own partner.
    let set = [
        (0, 1, 1.4),
        (2, 3, 0.05),
        (4, 5, 0.05),
        (6, 7, 0.05),
        (0, 2, 0.8),
    ];
    let s = seams(8, 1.9, &set);
    assert_eq!(seam_tied(&s, &[(0, 1), (2, 3), (4, 5), (6, 7)]), None);
}
