//! Average-linkage merging of the halves and where to cut it
//! ([`super::cluster_into`]).

use super::{Classes, CLEAR_GAP, FINER, GAP_FLOOR, MIN_GAP};

/// Average-linkage merging of all the halves: the height of each merge and
/// the partition after it.
pub(super) struct Ladder {
    pub(super) heights: Vec<f32>,
    snapshots: Vec<Vec<Vec<usize>>>,
}

impl Ladder {
    #[allow(clippy::needless_range_loop)] // a symmetric matrix, read both ways
    pub(super) fn new(dist: &[Vec<f32>]) -> Ladder {
        let n = dist.len();
        let mut groups: Vec<Vec<usize>> = (0..n).map(|i| vec![i]).collect();
        let mut link: Vec<Vec<f32>> = dist.to_vec();
        let mut heights = Vec::new();
        let mut snapshots = vec![groups.clone()];
        while groups.len() > 1 {
            let (mut bi, mut bj, mut best) = (0, 1, f32::INFINITY);
            for i in 0..groups.len() {
                for j in i + 1..groups.len() {
                    if link[i][j] < best {
                        (bi, bj, best) = (i, j, link[i][j]);
                    }
                }
            }
            let (si, sj) = (groups[bi].len() as f32, groups[bj].len() as f32);
            for k in 0..groups.len() {
                let merged = (link[bi][k] * si + link[bj][k] * sj) / (si + sj);
                link[bi][k] = merged;
                link[k][bi] = merged;
            }
            let gone = groups.remove(bj);
            groups[bi].extend(gone);
            link.remove(bj);
            for row in &mut link {
                row.remove(bj);
            }
            heights.push(best);
            snapshots.push(groups.clone());
        }
        Ladder { heights, snapshots }
    }

    /// Relative jump after merge `i`: noise makes the distances inside
    /// classes small but not zero, and what matters is how much larger the
    /// next merge is.
    pub(super) fn gap(&self, i: usize) -> f32 {
        (self.heights[i + 1] + GAP_FLOOR) / (self.heights[i] + GAP_FLOOR)
    }

    /// The cut's jump on stderr, for measuring (`UNSCRAMBLE_INFER_DEBUG`).
    pub(super) fn debug_cut(&self, reading: &str, cut: usize) {
        if std::env::var_os("UNSCRAMBLE_INFER_DEBUG").is_some() {
            eprintln!(
                "DEBUGCUT {reading} classes={} gap={:.3}",
                self.heights.len() - cut,
                self.gap(cut)
            );
        }
    }

    /// The merge after which to cut into at least `fewest` classes, or
    /// why none.
    pub(super) fn cut(&self, odd: bool, fewest: usize) -> Result<usize, String> {
        let n = self.heights.len() + 1;
        // After merge `i` (heights[i]) there are n - 1 - i groups; the gap to
        // the next merge says how clearly they stand apart.
        // The finest cut that stands out clearly wins: drawn tiles split
        // first by colour, then each colour by marker, and both jumps are
        // real. Without a clear one, the largest jump.
        let mut best: Option<(f32, usize)> = None;
        let mut finest_clear: Option<(f32, usize)> = None;
        for i in 0..self.heights.len().saturating_sub(1) {
            let count = n - 1 - i;
            if (!odd && !count.is_multiple_of(2)) || count < fewest.max(2) {
                continue;
            }
            let gap = self.gap(i);
            if best.is_none_or(|(g, _)| gap > g) {
                best = Some((gap, i));
            }
            if gap >= CLEAR_GAP && finest_clear.is_none() {
                finest_clear = Some((gap, i));
            }
        }
        match finest_clear.or(best) {
            None => Err("the halves do not fall into an even number of classes".into()),
            Some((gap, _)) if gap < MIN_GAP => Err(format!(
                "the halves do not fall into classes: no two groups of them look clearly different (largest jump in distance {:.2} times, at least {MIN_GAP} needed)",
                super::super::two_places_down(gap)
            )),
            Some((_, cut)) => Ok(cut),
        }
    }

    /// The partition into `count` groups, when there are that many halves.
    pub(super) fn partition(&self, count: usize) -> Option<&[Vec<usize>]> {
        let n = self.snapshots.first()?.len();
        let at = n.checked_sub(count)?;
        self.snapshots.get(at).map(Vec::as_slice)
    }

    /// The classes after merge `cut`, with how sure each is.
    pub(super) fn classes(&self, dist: &[Vec<f32>], cut: usize) -> Classes {
        let finer = (cut.saturating_sub(FINER)..cut)
            .map(|i| self.gap(i))
            .fold(1.0f32, f32::max);
        classes_of(
            dist,
            self.snapshots[cut + 1].clone(),
            (self.gap(cut), finer),
        )
    }
}

/// Classes of `members` (each class's halves, in any order), numbered by
/// their least half, each as sure as the halves' distances `dist` say
/// ([`super::sureness`]), cut at a jump of `gap` under finer cuts' jumps
/// of `finer` at most ([`Classes::gap`], [`Classes::finer`]).
pub(crate) fn classes_of(
    dist: &[Vec<f32>],
    mut members: Vec<Vec<usize>>,
    (gap, finer): (f32, f32),
) -> Classes {
    let n = dist.len();
    for m in &mut members {
        m.sort_unstable();
    }
    members.sort_unstable_by_key(|m| m.first().copied().unwrap_or(usize::MAX));
    let mut of = vec![0; n];
    for (c, m) in members.iter().enumerate() {
        for &h in m {
            of[h] = c;
        }
    }
    let confidence = members
        .iter()
        .enumerate()
        .map(|(c, m)| super::sureness(dist, m, |b| of[b] != c))
        .collect();
    Classes {
        of,
        members,
        confidence,
        gap,
        finer,
        // Marked by the reading, once its classes are final
        // ([`super::merged::mark`]).
        two_prints: Vec::new(),
    }
}
