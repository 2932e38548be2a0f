//! Two names compared as strings of glyph numbers: the runs of two or more
//! glyphs they share (greedy string tiling), how rare those runs are among
//! all the names, and what is left over (the marker two halves differ by).

use super::SPACE;

/// How alike each two names are, 0..1 (0 where either is no name): twice
/// the glyphs the two share in common runs, over both lengths (spaces not
/// counted), times how rare those runs are together: `1 / (n - 1)` for `n`
/// names holding all of them.
pub(crate) fn likeness(strings: &[Vec<usize>]) -> Vec<Vec<f32>> {
    let k = strings.len();
    let mut score = vec![vec![0.0f32; k]; k];
    for i in 0..k {
        for j in i + 1..k {
            let runs = common_runs(&strings[i], &strings[j]);
            let shared: usize = runs.iter().map(|r| letters(r)).sum();
            if shared == 0 {
                continue;
            }
            let holders = strings
                .iter()
                .filter(|s| runs.iter().all(|r| contains(s, r)))
                .count();
            let total = letters(&strings[i]) + letters(&strings[j]);
            let s = 2.0 * shared as f32 / total as f32 / (holders.max(2) - 1) as f32;
            score[i][j] = s;
            score[j][i] = s;
        }
    }
    score
}

fn letters(s: &[usize]) -> usize {
    s.iter().filter(|&&g| g != SPACE).count()
}

fn contains(s: &[usize], run: &[usize]) -> bool {
    s.windows(run.len()).any(|w| w == run)
}

/// Greedy string tiling: the longest run common to both strings (each
/// glyph used once), then the next longest, down to two letters; a whole
/// string of one glyph ("2") counts as a run of its own.
fn common_runs(a: &[usize], b: &[usize]) -> Vec<Vec<usize>> {
    tiling(a, b).0
}

/// The glyphs of `a` and of `b` (spaces left out) that no common run of
/// [`common_runs`] covers, each sorted: what two names differ by ("FRONT"
/// and "BACK" in "BLACK FRONT" / "BLACK BACK").
pub(crate) fn leftovers(a: &[usize], b: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let (_, used_a, used_b) = tiling(a, b);
    let rest = |s: &[usize], used: &[bool]| {
        let mut r: Vec<usize> = s
            .iter()
            .zip(used)
            .filter(|&(&g, &u)| !u && g != SPACE)
            .map(|(&g, _)| g)
            .collect();
        r.sort_unstable();
        r
    };
    (rest(a, &used_a), rest(b, &used_b))
}

/// The runs of [`common_runs`] and which glyphs of `a` and of `b` they use.
fn tiling(a: &[usize], b: &[usize]) -> (Vec<Vec<usize>>, Vec<bool>, Vec<bool>) {
    let mut used_a = vec![false; a.len()];
    let mut used_b = vec![false; b.len()];
    let mut runs = Vec::new();
    loop {
        let mut best: Option<(usize, usize, usize)> = None;
        for i in 0..a.len() {
            for j in 0..b.len() {
                let mut n = 0;
                while i + n < a.len()
                    && j + n < b.len()
                    && !used_a[i + n]
                    && !used_b[j + n]
                    && a[i + n] == b[j + n]
                {
                    n += 1;
                }
                // Runs are counted in letters, and do not start or end at a gap.
                while n > 0 && a[i + n - 1] == SPACE {
                    n -= 1;
                }
                let run = &a[i..i + n];
                if a[i] != SPACE && best.is_none_or(|(_, _, m)| letters(run) > m) {
                    best = Some((i, j, letters(run)));
                }
            }
        }
        let Some((i, j, m)) = best else { break };
        let whole = letters(a) == 1 && letters(b) == 1;
        if m < 2 && !(whole && m == 1) {
            break;
        }
        let mut n = 0;
        let mut seen = 0;
        while seen < m {
            if a[i + n] != SPACE {
                seen += 1;
            }
            used_a[i + n] = true;
            used_b[j + n] = true;
            n += 1;
        }
        runs.push(a[i..i + n].to_vec());
    }
    (runs, used_a, used_b)
}
