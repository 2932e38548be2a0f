//! The pairings of the classes handed to the solver: all of them for a
//! few pictures, greedy ones beyond (where enumerating would take too long).

/// All pairings of `k` items (k even), each as a list of pairs.
pub(super) fn all_pairings(k: usize) -> Vec<Vec<(usize, usize)>> {
    fn go(left: &[usize], now: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
        let Some(&first) = left.first() else {
            out.push(now.clone());
            return;
        };
        for &other in &left[1..] {
            let rest: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&x| x != first && x != other)
                .collect();
            now.push((first, other));
            go(&rest, now, out);
            now.pop();
        }
    }
    let mut out = Vec::new();
    go(&(0..k).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
    out
}

/// Greedy pairing for too many classes to enumerate: the most resembling
/// pair `(i, j)`, `i < j`, of `among` first; may leave classes unpaired.
pub(super) fn greedy(score: &[Vec<f32>], among: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let k = score.len();
    let mut all = among.to_vec();
    all.sort_by(|x, y| score[y.0][y.1].total_cmp(&score[x.0][x.1]));
    let mut used = vec![false; k];
    let mut out = Vec::new();
    for (i, j) in all {
        if !used[i] && !used[j] {
            used[i] = true;
            used[j] = true;
            out.push((i, j));
        }
    }
    out
}

/// `pairs` with the classes they leave unpaired paired greedily among
/// themselves: pairs that all differ by one marker cannot pair every class
/// when one picture's other half is never printed (the class standing for
/// it differs from its partner by a whole name), but the rest still do.
pub(super) fn completed(score: &[Vec<f32>], mut pairs: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let k = score.len();
    let mut used = vec![false; k];
    for &(i, j) in &pairs {
        used[i] = true;
        used[j] = true;
    }
    let rest: Vec<(usize, usize)> = (0..k)
        .filter(|&i| !used[i])
        .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
        .filter(|&(_, j)| !used[j])
        .collect();
    pairs.extend(greedy(score, &rest));
    pairs
}
