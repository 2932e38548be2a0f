//! The rival of a reading the seams carry, read on the seams too: a rival
//! pairing the colour terms alone bring near is no near rival there.
//!
//! Where a picture's two halves continue each other across the seam (photo
//! crops, flags of colour bands, emoji), the colour terms (palette and hue)
//! take a picture's halves to share colours; two crops of one photograph
//! share more (the top of one crop of the coffee cup is the top of the
//! other), and a flag's halves need not share any. A pairing that
//! exchanges such partners then costs about as much as the true one in all
//! the terms while its seams continue clearly worse: held-out photo 3x3
//! s141 (two crops of the coffee cup), the seams 1.24 to 1.33 worse, the
//! colours 1.17 to 1.40 better; colour-band flags 4x4 s1046, right and
//! refused at margins 0.21 and 0.00 while no other pairing came within 1.0
//! of its seams (docs/infer-journal.md, "Photo crops and flags: the rival
//! read on the seams too").

use super::tie::carry;

/// The cost of the rival of `chosen` (candidate `at` of `candidates`,
/// cheapest first) as the seams carry it: per other candidate, the larger
/// of how much more it costs in all the terms and how much more its seams
/// alone (`seams`) cost, the least of those over the candidates, added to
/// the chosen pairing's cost. A rival near by the seams alone stays near:
/// only what the colour terms alone bring near is discounted. `None` where
/// the seams do not carry the reading (at most half its pairs continue
/// across the seam: coded art, whose halves' fills differ, where the
/// colours are the reading).
///
/// A pairing not listed among the candidates costs at least `unlisted` in
/// all the terms, and may continue the seams as well: the rival is never
/// read dearer than that.
pub(super) fn rival(
    candidates: &[(f32, Vec<(usize, usize)>)],
    at: usize,
    seams: &[Vec<f32>],
    unlisted: f32,
) -> Option<f32> {
    let (chosen, pairs) = candidates.get(at)?;
    if !carry(seams, pairs) {
        return None;
    }
    let seam_cost = |ps: &[(usize, usize)]| ps.iter().map(|&(a, b)| seams[a][b]).sum::<f32>();
    let own = seam_cost(pairs);
    let beyond = unlisted - chosen;
    let nearest = candidates
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != at)
        .map(|(_, (c, ps))| (c - chosen).max(seam_cost(ps) - own))
        .fold(beyond, f32::min);
    Some(chosen + nearest)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six classes in three pictures, 0-1, 2-3 and 4-5, whose seams
    /// continue (0.1 each) against strangers at 1.0.
    fn seams() -> Vec<Vec<f32>> {
        let mut s = vec![vec![1.0f32; 6]; 6];
        (0..6).for_each(|i| s[i][i] = 0.0);
        for (a, b) in [(0, 1), (2, 3), (4, 5)] {
            s[a][b] = 0.1;
            s[b][a] = 0.1;
        }
        s
    }

    /// The true pairing at 3.0, and the exchange of the first two
    /// pictures' partners at `at`.
    fn candidates(at: f32) -> Vec<(f32, Vec<(usize, usize)>)> {
        vec![
            (3.0, vec![(0, 1), (2, 3), (4, 5)]),
            (at, vec![(0, 2), (1, 3), (4, 5)]),
        ]
    }

    #[test]
    fn a_rival_the_colours_alone_bring_near_is_read_on_the_seams() {
        // The exchange costs 0.05 more in all the terms, 1.8 more in the
        // seams; another 2.5 more in all the terms.
        let mut c = candidates(3.05);
        c.push((5.5, vec![(0, 3), (1, 2), (4, 5)]));
        let r = rival(&c, 0, &seams(), 6.0);
        assert!(r.is_some_and(|r| (r - 4.8).abs() < 1e-4), "{r:?}");
    }

    #[test]
    fn a_rival_near_on_the_seams_stays_near() {
        // The exchange continues as well as the chosen pairs: a tie of the
        // seams, which the colour terms alone broke.
        let mut s = seams();
        for (a, b) in [(0, 2), (1, 3)] {
            s[a][b] = 0.1;
            s[b][a] = 0.1;
        }
        let r = rival(&candidates(3.05), 0, &s, 6.0);
        assert!(r.is_some_and(|r| (r - 3.05).abs() < 1e-4), "{r:?}");
    }

    #[test]
    fn seams_that_carry_nothing_leave_the_rival_alone() {
        // Coded art: no pair continues (every seam alike).
        let s = vec![vec![1.0f32; 6]; 6];
        assert_eq!(rival(&candidates(3.05), 0, &s, 6.0), None);
    }

    #[test]
    fn pairings_not_listed_bound_the_rival() {
        // The list was cut at its second candidate: a pairing not listed
        // may cost as much, 0.4 more, and continue as well.
        let r = rival(&candidates(3.4), 0, &seams(), 3.4);
        assert!(r.is_some_and(|r| (r - 3.4).abs() < 1e-4), "{r:?}");
    }
}
