//! A class that is really two prints' halves.
//!
//! The cut into classes weighs every jump in merge distance against a
//! floor ([`super::GAP_FLOOR`]) so that pixel noise between copies of one
//! print is no jump. Two prints that differ by a thin detail (line art's
//! inner mark, a label's "1" against its "2" under noise) then lie closer
//! than that floor says is a difference, and fall into one class: the
//! puzzle read is coarser than the true one. It usually solves (the line
//! drawing 3x3 of unseen seed 1025, made unsolvable, written at 0.99 with
//! 64 solutions), or, pairing a picture's two merged halves with another
//! picture's, reads "unsolvable" for the wrong reason (the labels 3x3 of
//! the same seed after noise, at 0.97). Neither the margin nor the class's
//! confidence (its spread against its nearest stranger) sees it: the two
//! prints are far from every stranger.
//!
//! Two signs, one per reading (docs/infer-journal.md, "A class that is really two
//! pictures' halves"):
//!
//! * the pictures reading: the class's members fall into two groups, each
//!   tight, every member of one farther from every member of the other
//!   than any two members of one group are from each other ([`split`]).
//!   Each group must hold two members or more: one odd member (a half the
//!   scan damaged) is one copy spoiled, not a second print. The names
//!   reading's distances show such groups in right classes too (a name
//!   read upright and upside down, copies on a drawn tile beside other
//!   neighbours), so they are not weighed there;
//! * the names reading, when it reads the puzzle as unsolvable: a class
//!   holding both halves of a picture has no partner, so the pairing
//!   joins it to what is left over, no better than to a stranger
//!   ([`least_support`]).

use super::ladder::Ladder;
use super::Classes;

/// Why a pictures reading with such a class is refused.
pub(crate) const REFUSAL: &str = "a class of halves falls into two groups that look clearly different: the halves of two pictures were probably taken for one, and the puzzle read is coarser than the true one";
/// The least [`least_support`] of a names reading's pairing read as a
/// puzzle without solutions: measured in docs/infer-journal.md ("A class that is
/// really two pictures' halves"), right such readings 0.19 and more, the
/// one written wrong 0.
pub(crate) const PARTNERED: f32 = 0.05;
/// How many times the nearest pair across the two groups must lie farther
/// than the farthest pair within one: measured in docs/infer-journal.md ("A class
/// that is really two pictures' halves").
pub(crate) const APART: f32 = 4.0;
/// The confidence of a reading with such a class: at most this, a
/// refusal (measured in docs/infer-journal.md: of the readings so marked on the
/// seen material, none was written right that is not named there).
pub(crate) const CONFIDENCE: f32 = 0.5;
/// Added to the spread within the groups, as a share of the class's
/// distance to its nearest stranger: copies exactly alike (a clean
/// picture's) have no spread, and a difference far below what sets the
/// class apart from the others may be the pixel grid.
const FLOOR: f32 = 0.01;

/// How a class's members fall into two groups.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Split {
    /// The two groups, halves by index, as average linkage within the
    /// class last joins them.
    pub groups: [Vec<usize>; 2],
    /// The largest distance between two members of one group.
    pub within: f32,
    /// The smallest distance between members of different groups.
    pub across: f32,
    /// The smallest distance from a member to a half of another class.
    pub stranger: f32,
}

impl Split {
    /// How clearly the groups stand apart: `across` over `within` (plus
    /// [`FLOOR`] of `stranger`).
    pub(crate) fn apart(&self) -> f32 {
        let floor = FLOOR * self.stranger;
        if self.within + floor <= 0.0 {
            return 0.0;
        }
        self.across / (self.within + floor)
    }

    /// Whether the class looks like two prints: both groups hold two
    /// members or more and stand [`APART`].
    pub(crate) fn two_prints(&self) -> bool {
        self.groups.iter().all(|g| g.len() >= 2) && self.apart() >= APART
    }
}

/// How much better the least joined pair of `pairs` resembles (`score`,
/// higher is more alike) than either of its classes resembles any third
/// class. A class that holds both halves of one picture has no partner:
/// the pairing joins it to whatever is left over, no better than to a
/// stranger (the labels 3x3 of unseen seed 1025 after noise, "Birne 1"
/// and "Birne 2" in one class and "Kirsche 1" and "Kirsche 2" in
/// another, paired with each other at 0.417 as each is with two other
/// classes). 1 when there is no third class to compare with.
pub(crate) fn least_support(score: &[Vec<f32>], pairs: &[(usize, usize)]) -> f32 {
    let k = score.len();
    pairs
        .iter()
        .map(|&(a, b)| {
            let other = (0..k)
                .filter(|&x| x != a && x != b)
                .map(|x| score[a][x].max(score[b][x]))
                .fold(f32::NEG_INFINITY, f32::max);
            if other.is_finite() {
                score[a][b] - other
            } else {
                1.0
            }
        })
        .fold(1.0f32, f32::min)
}

/// The two groups of class `c`'s members by `dist`; `None` for a class of
/// fewer than two members.
pub(crate) fn split(dist: &[Vec<f32>], classes: &Classes, c: usize) -> Option<Split> {
    let members = &classes.members[c];
    if members.len() < 2 {
        return None;
    }
    let sub: Vec<Vec<f32>> = members
        .iter()
        .map(|&a| members.iter().map(|&b| dist[a][b]).collect())
        .collect();
    let ladder = Ladder::new(&sub);
    let two = ladder.partition(2)?;
    let groups: [Vec<usize>; 2] = [
        two[0].iter().map(|&k| members[k]).collect(),
        two[1].iter().map(|&k| members[k]).collect(),
    ];
    let widest = |g: &[usize]| {
        g.iter()
            .flat_map(|&a| g.iter().map(move |&b| dist[a][b]))
            .fold(0.0f32, f32::max)
    };
    let within = widest(&groups[0]).max(widest(&groups[1]));
    let across = groups[0]
        .iter()
        .flat_map(|&a| groups[1].iter().map(move |&b| dist[a][b]))
        .fold(f32::INFINITY, f32::min);
    let stranger = members
        .iter()
        .flat_map(|&a| {
            (0..dist.len())
                .filter(|&b| classes.of[b] != c)
                .map(move |b| dist[a][b])
        })
        .fold(f32::INFINITY, f32::min);
    let stranger = if stranger.is_finite() { stranger } else { 0.0 };
    Some(Split {
        groups,
        within,
        across,
        stranger,
    })
}

/// Marks the classes whose members look like two prints
/// ([`Classes::two_prints`]), by the halves' distances `dist`; prints each
/// class's split on stderr with `UNSCRAMBLE_INFER_DEBUG_MERGED` (`reading`
/// names the reading).
pub(crate) fn mark(classes: &mut Classes, dist: &[Vec<f32>], reading: &str) {
    let debugging = std::env::var_os("UNSCRAMBLE_INFER_DEBUG_MERGED").is_some();
    classes.two_prints = (0..classes.members.len())
        .filter(|&c| {
            let Some(s) = split(dist, classes, c) else {
                return false;
            };
            if debugging {
                eprintln!(
                    "DEBUGMERGED {reading} class {c} sizes {}/{} within {:.4} across {:.4} stranger {:.4} apart {:.2} two={}",
                    s.groups[0].len(),
                    s.groups[1].len(),
                    s.within,
                    s.across,
                    s.stranger,
                    s.apart(),
                    s.two_prints()
                );
            }
            s.two_prints()
        })
        .collect();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Classes of `members` over `n` halves, cut clearly.
    fn classes_of(n: usize, members: Vec<Vec<usize>>) -> Classes {
        let mut of = vec![0; n];
        for (c, m) in members.iter().enumerate() {
            for &h in m {
                of[h] = c;
            }
        }
        let k = members.len();
        Classes {
            of,
            members,
            confidence: vec![1.0; k],
            gap: 5.0,
            finer: 1.0,
            two_prints: Vec::new(),
        }
    }

    /// Distances of halves whose "print" is `print[h]` and whose noise is
    /// `noise[h]`: one print's copies differ by their noises, two prints
    /// by `detail` more, other classes' prints lie 0.25 away.
    fn distances(print: &[usize], noise: &[f32], detail: f32) -> Vec<Vec<f32>> {
        let n = print.len();
        let mut d = vec![vec![0.0; n]; n];
        for a in 0..n {
            for b in 0..n {
                if a == b {
                    continue;
                }
                let base = (noise[a] - noise[b]).abs();
                d[a][b] = match (print[a], print[b]) {
                    (p, q) if p == q => base,
                    (p, q) if p / 2 == q / 2 => base + detail,
                    _ => 0.25,
                };
            }
        }
        d
    }

    /// Twelve halves by [`distances`], halves 0-7 cut into one class and
    /// 8-11 into another, marked.
    fn marked(print: &[usize], noise: &[f32], detail: f32) -> (Vec<Vec<f32>>, Classes) {
        let d = distances(print, noise, detail);
        let mut c = classes_of(12, vec![(0..8).collect(), (8..12).collect()]);
        mark(&mut c, &d, "test");
        (d, c)
    }

    #[test]
    fn two_prints_alike_in_one_class_are_found() {
        // Halves 0-3 are print 0, 4-7 print 1 (a thin detail apart, one
        // class), 8-11 print 2 (another class), copies exactly alike.
        let print = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2];
        let (d, c) = marked(&print, &[0.0; 12], 0.012);
        assert_eq!(c.two_prints, vec![0]);
        let s = split(&d, &c, 0).expect("a class of eight");
        let mut groups = s.groups.clone();
        groups.sort();
        assert_eq!(groups, [vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
    }

    #[test]
    fn copies_of_one_print_under_noise_are_one() {
        // Eight copies of one print, their noise spread evenly: any two
        // groups overlap, nothing stands apart.
        let print = [0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
        let noise = [
            0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.0, 0.0, 0.0, 0.0,
        ];
        let (_, c) = marked(&print, &noise, 0.0);
        assert!(c.two_prints.is_empty());
    }

    #[test]
    fn one_spoiled_copy_is_not_a_second_print() {
        // Seven exact copies and one far off (a damaged scan).
        let print = [0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2];
        let (d, c) = marked(&print, &[0.0; 12], 0.3);
        assert!(c.two_prints.is_empty());
        let s = split(&d, &c, 0).expect("a class of eight");
        assert!(s.apart() > APART, "it stands apart, alone");
    }

    #[test]
    fn a_difference_far_below_the_strangers_and_the_noise_is_none() {
        // Two groups whose copies differ by noise about as large as the
        // detail between them.
        let print = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2];
        let noise = [
            0.0, 0.02, 0.0, 0.02, 0.0, 0.02, 0.0, 0.02, 0.0, 0.0, 0.0, 0.0,
        ];
        let (_, c) = marked(&print, &noise, 0.02);
        assert!(c.two_prints.is_empty());
    }

    #[test]
    fn a_pair_left_over_has_no_support() {
        // Classes 0/1 and 2/3 resemble each other clearly; 4 and 5 each
        // hold both halves of a picture and resemble nothing more than
        // they resemble 0.
        let mut score = vec![vec![0.3f32; 6]; 6];
        score[0][1] = 0.9;
        score[1][0] = 0.9;
        score[2][3] = 0.9;
        score[3][2] = 0.9;
        let right = least_support(&score, &[(0, 1), (2, 3), (4, 5)]);
        assert!(right.abs() < 1e-6, "the left-over pair: {right}");
        let pairs = [(0, 1), (2, 3)];
        let joined = least_support(
            &score[..4]
                .iter()
                .map(|r| r[..4].to_vec())
                .collect::<Vec<_>>(),
            &pairs,
        );
        assert!((joined - 0.6).abs() < 1e-6, "{joined}");
        assert_eq!(
            least_support(&[vec![0.0, 0.5], vec![0.5, 0.0]], &[(0, 1)]),
            1.0
        );
    }

    #[test]
    fn a_lone_half_has_no_split() {
        let d = distances(&[0, 2], &[0.0, 0.0], 0.0);
        let c = classes_of(2, vec![vec![0], vec![1]]);
        assert_eq!(split(&d, &c, 0), None);
    }
}
