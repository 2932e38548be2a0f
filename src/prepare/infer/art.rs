//! The reading of pictures cut by the seam: the halves grouped by how they
//! look as pictures ([`looks`]), the classes paired by how their strips
//! continue across the seam ([`seam`]) and how alike their colours are
//! (the two halves of one picture share a palette: an animal's head and its
//! tail, a disc's solid and its pale half), checked by solving.
//!
//! Unlike the names reading, a pairing here must stand on the pictures: the
//! best pairing has to beat every other by a clear margin in how well its
//! seams continue, or the reading is refused with the classes in doubt.

use super::candidates::{best_pairings, support, SUPPORTED};
use super::classes::{self, Classes};
use super::looks::{self, Look, HUES};
use super::outline::{self, Outline};
use super::pairing;
use super::seam;
use crate::kind::tiles::solve::{self, Limits};

/// Look distances are divided by this so that 1 is "clearly different" for
/// the class cut: about the CIELAB distance between two prints.
const LOOK_SCALE: f32 = 20.0;
/// Seam dissimilarities are divided by this before they are added up.
const SEAM_SCALE: f32 = 20.0;
/// Weight of the palette difference (0..2) in a pair's cost.
const HUE_WEIGHT: f32 = 1.0;
/// Pairings costing more than the best by this much are not considered.
const MARGIN: f32 = 3.0;
/// A pairing that solves but costs this much more than the best one that
/// does not is not the pictures' choice.
const UNSOLVABLE_GAP: f32 = 0.5;
/// Most candidate pairings listed.
const MAX_CANDIDATES: usize = 200;
/// The fewest classes the halves are cut into: two pictures. Two classes
/// (one picture) have no rival pairing, so such a reading is never
/// written; a larger jump at two classes (the cat's crops against the
/// astronaut's) must not hide the finer cut into prints below it.
const FEWEST_CLASSES: usize = 4;

/// What the pictures say, decided or not.
pub(crate) struct Reading {
    pub classes: Classes,
    pub pairs: Vec<(usize, usize)>,
    /// The cost of the best pairing, of the best other pairing, and whether
    /// the chosen one solves.
    pub cost: f32,
    pub rival: f32,
    pub solves: bool,
    /// The classes whose partner the best rival pairing changes.
    pub doubt: Vec<usize>,
    /// The pair costs the pairing was chosen by.
    pub costs: Vec<Vec<f32>>,
    /// How much cheaper the least supported pair of the chosen pairing is
    /// than its classes' typical other partner ([`support`]).
    pub support: f32,
}

/// The halves' looks grouped into classes (an even number), or why not.
pub(crate) fn classes_of(looks: &[Look]) -> Result<(Classes, Vec<Vec<f32>>), String> {
    let n = looks.len();
    let mut dist = vec![vec![0.0f32; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let d = looks::distance(&looks[i], &looks[j]) / LOOK_SCALE;
            dist[i][j] = d;
            dist[j][i] = d;
        }
    }
    if std::env::var_os("UNSCRAMBLE_INFER_DEBUG_LOOKS").is_some() {
        for row in &dist {
            let row: Vec<String> = row.iter().map(|d| format!("{d:.3}")).collect();
            eprintln!("LOOKS {}", row.join(" "));
        }
    }
    let classes = classes::cluster_into(&dist, false, FEWEST_CLASSES)?;
    Ok((classes, dist))
}

/// Reads the pairing of `classes` from the halves' looks; the solver
/// checks candidates within `budget` placements.
pub(crate) fn read(
    side: usize,
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: Classes,
    budget: u64,
) -> Result<Reading, String> {
    let k = classes.members.len();
    if k % 2 == 1 || k < 2 {
        return Err(format!("{k} classes cannot be paired into pictures"));
    }
    let cost = pair_costs(looks, outlines, &classes);
    let candidates = best_pairings(&cost, MARGIN, MAX_CANDIDATES);
    let Some(best) = candidates.first() else {
        return Err("no pairing of the classes".into());
    };
    let mut spent = 0u64;
    let mut first_solving = None;
    for (at, (c, pairs)) in candidates.iter().enumerate() {
        let limits = Limits {
            max_solutions: 1,
            max_nodes: budget.saturating_sub(spent).max(1),
            ..Limits::default()
        };
        let outcome = solve::solve(&pairing::puzzle(side, &classes.of, pairs), &limits);
        spent += outcome.nodes;
        if outcome.total > 0 {
            first_solving = Some((at, *c));
            break;
        }
        if spent >= budget {
            break;
        }
    }
    // The pictures' choice: the best pairing that solves, unless the
    // pictures clearly prefer one that does not (an unsolvable puzzle, or
    // classes cut wrong): then the best, which solves nothing.
    let at = match first_solving {
        Some((at, c)) if c - best.0 < UNSOLVABLE_GAP => at,
        _ => 0,
    };
    let chosen = candidates[at].0;
    let pairs = candidates[at].1.clone();
    // The rival is the next pairing at least as costly, or, when the
    // pictures preferred pairings the solver ruled out, the cheapest of
    // those: the choice then stands on solvability alone, which classes
    // cut too coarsely (both halves of a colour in one class) pass with
    // ease, so the margin is what the pictures said, negative.
    let next = if at > 0 {
        candidates.first().map(|c| (0, c))
    } else {
        candidates
            .iter()
            .enumerate()
            .find(|&(i, (c, _))| i != at && *c >= chosen)
    };
    let rival = next.map_or(chosen + MARGIN, |(_, (c, _))| *c);
    let mut doubt = next
        .map(|(_, (_, other))| changed_classes(&pairs, other))
        .unwrap_or_default();
    // Classes that may be two prints taken for one are in doubt too.
    doubt.extend((0..k).filter(|&c| classes.confidence[c] < 0.8));
    doubt.sort_unstable();
    doubt.dedup();
    let (support, weakest) = support(&cost, &pairs);
    // A pair the pictures do not join better than strangers is in doubt.
    if support < SUPPORTED {
        doubt.extend(weakest);
        doubt.sort_unstable();
        doubt.dedup();
    }
    let first_solving = first_solving.filter(|&(i, _)| i == at);
    Ok(Reading {
        classes,
        pairs,
        cost: chosen,
        rival,
        solves: first_solving.is_some(),
        doubt,
        costs: cost,
        support,
    })
}

/// Classes whose partner differs between two pairings.
fn changed_classes(a: &[(usize, usize)], b: &[(usize, usize)]) -> Vec<usize> {
    let partner = |p: &[(usize, usize)], x: usize| {
        p.iter().find_map(|&(i, j)| {
            if i == x {
                Some(j)
            } else if j == x {
                Some(i)
            } else {
                None
            }
        })
    };
    let mut out: Vec<usize> = a
        .iter()
        .flat_map(|&(i, j)| [i, j])
        .filter(|&x| partner(a, x) != partner(b, x))
        .collect();
    out.sort_unstable();
    out
}

/// The cost of pairing each two classes: how badly their strips and their
/// outlines continue each other, plus how unlike their palettes are.
pub(crate) fn pair_costs(
    looks: &[Look],
    outlines: &[Option<Outline>],
    classes: &Classes,
) -> Vec<Vec<f32>> {
    let k = classes.members.len();
    let strips: Vec<seam::Strips> = classes
        .members
        .iter()
        .map(|m| std::array::from_fn(|b| mean_strip(m.iter().map(|&h| &looks[h].strips[b]))))
        .collect();
    let strip_fg: Vec<Vec<f32>> = classes
        .members
        .iter()
        .map(|m| {
            (0..looks::STRIP)
                .map(|k| {
                    m.iter().map(|&h| looks[h].strip_fg[k]).sum::<f32>() / m.len().max(1) as f32
                })
                .collect()
        })
        .collect();
    let palettes: Vec<[f32; HUES]> = classes
        .members
        .iter()
        .map(|m| {
            let mut p = [0.0f32; HUES];
            for &h in m {
                (0..HUES).for_each(|b| p[b] += looks[h].hues[b] / m.len() as f32);
            }
            p
        })
        .collect();
    // What every class shares (a coloured ground) says nothing.
    let common: [f32; HUES] =
        std::array::from_fn(|b| palettes.iter().map(|p| p[b]).fold(f32::INFINITY, f32::min));
    let own: Vec<[f32; HUES]> = palettes
        .iter()
        .map(|p| {
            let mut r: [f32; HUES] = std::array::from_fn(|b| (p[b] - common[b]).max(0.0));
            let s: f32 = r.iter().sum();
            if s > 0.0 {
                r.iter_mut().for_each(|x| *x /= s);
            }
            r
        })
        .collect();
    let lines: Vec<Option<Outline>> = classes
        .members
        .iter()
        .map(|m| outline::of_class(m.iter().map(|&h| &outlines[h])))
        .collect();
    let edges: Vec<seam::Edge> = (0..k)
        .map(|c| seam::Edge {
            strips: &strips[c],
            fg: &strip_fg[c],
            outline: lines[c].as_ref(),
        })
        .collect();
    let measures = seam::in_use();
    let mut cost = vec![vec![0.0f32; k]; k];
    for i in 0..k {
        for j in i + 1..k {
            let s = measures
                .iter()
                .map(|&m| seam::dissimilarity(m, &edges[i], &edges[j]))
                .sum::<f32>()
                / SEAM_SCALE;
            let h = palette_distance(&own[i], &own[j]);
            let c = s + HUE_WEIGHT * h;
            cost[i][j] = c;
            cost[j][i] = c;
        }
    }
    cost
}

/// Difference of two palettes (0..2), blurred over neighbouring hues first:
/// the solid and the pale half of one colour fall a bin apart.
fn palette_distance(a: &[f32; HUES], b: &[f32; HUES]) -> f32 {
    let blur = |p: &[f32; HUES]| -> [f32; HUES] {
        std::array::from_fn(|i| {
            (0..3)
                .map(|k| p[(i + HUES + k - 1) % HUES] * [1.0, 2.0, 1.0][k] / 4.0)
                .sum()
        })
    };
    let (a, b) = (blur(a), blur(b));
    (0..HUES).map(|i| (a[i] - b[i]).abs()).sum()
}

fn mean_strip<'a>(strips: impl Iterator<Item = &'a Vec<looks::Lab>>) -> Vec<looks::Lab> {
    let mut sum = vec![[0.0f32; 3]; looks::STRIP];
    let mut n = 0.0;
    for s in strips {
        for (a, b) in sum.iter_mut().zip(s) {
            (0..3).for_each(|c| a[c] += b[c]);
        }
        n += 1.0;
    }
    sum.iter()
        .map(|a| a.map(|x| x / f32::max(n, 1.0)))
        .collect()
}

#[cfg(test)]
mod tests;
