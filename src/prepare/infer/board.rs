//! The board check of the pictures reading: how well the inner seams of a
//! solved board continue, measured on the real tiles as placed, not on the
//! classes' mean strips ([`super::cost`]).
//!
//! Under the true pairing every inner seam joins the two halves of one
//! picture; a wrong pairing's solutions must put some halves of different
//! pictures side by side. Each inner seam is a piece of evidence (24 on a
//! 3x3, 60 on a 6x6), where the class costs weigh each pair of classes once.
//! It is used one way only: to refuse a reading whose margin is small and
//! whose board joins two halves no better than strangers (see
//! `decide::BOARD_CHECKED_BELOW`); coded art (half-discs whose fills differ)
//! does not continue across the seam, so a good board proves nothing.

use super::cost::SEAM_SCALE;
use super::looks::Look;
use super::outline::Outline;
use super::seam::{self, Edge, Measure};
use crate::kind::tiles::model::{base_side, Placement, BOTTOM, LEFT, RIGHT, TOP};

/// The half of the tile at `p` shown on board side `side` (tiles list their
/// halves right, top, left, bottom, four a tile).
fn half(p: Placement, side: usize) -> usize {
    usize::from(p.tile) * 4 + base_side(side, p.turns)
}

/// The halves meeting at each inner seam of `board` (`side` by `side`,
/// row-major), left or upper half first.
fn seams(side: usize, board: &[Placement]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (cell, &p) in board.iter().enumerate().take(side * side) {
        let (row, col) = (cell / side, cell % side);
        if col + 1 < side {
            out.push((half(p, RIGHT), half(board[cell + 1], LEFT)));
        }
        if row + 1 < side {
            out.push((half(p, BOTTOM), half(board[cell + side], TOP)));
        }
    }
    out
}

/// How badly halves `a` and `b` continue each other: the seam `measures`
/// in use ([`seam::in_use`]), weighed and added, over [`SEAM_SCALE`] as
/// the class costs are.
pub(crate) fn cost(
    measures: &[(Measure, f32)],
    looks: &[Look],
    outlines: &[Option<Outline>],
    (a, b): (usize, usize),
) -> f32 {
    let edge = |h: usize| Edge {
        strips: &looks[h].strips,
        fg: &looks[h].strip_fg,
        outline: outlines.get(h).and_then(Option::as_ref),
    };
    let (ea, eb) = (edge(a), edge(b));
    measures
        .iter()
        .map(|&(m, w)| w * seam::dissimilarity(m, &ea, &eb))
        .sum::<f32>()
        / SEAM_SCALE
}

/// The worst inner seam of `board`: its cost over the lesser of its two
/// halves' stranger costs (the median cost of each against the halves of
/// every other tile). At 1 or more, two halves the solved board puts side
/// by side are joined no better than a half and a random stranger.
/// `hue_spread` (the puzzle's) weighs the measures ([`seam::in_use`]).
pub(crate) fn worst_seam(
    side: usize,
    board: &[Placement],
    looks: &[Look],
    outlines: &[Option<Outline>],
    hue_spread: f32,
) -> f32 {
    let measures = seam::in_use(hue_spread);
    let cost = |pair| cost(&measures, looks, outlines, pair);
    let mut strangers: Vec<Option<f32>> = vec![None; looks.len()];
    let mut stranger = |h: usize| {
        *strangers[h].get_or_insert_with(|| {
            let mut c: Vec<f32> = (0..looks.len())
                .filter(|&x| x / 4 != h / 4)
                .map(|x| cost((h, x)))
                .collect();
            c.sort_by(f32::total_cmp);
            c.get(c.len() / 2).copied().unwrap_or(f32::INFINITY)
        })
    };
    seams(side, board)
        .into_iter()
        .map(|(a, b)| cost((a, b)) / stranger(a).min(stranger(b)).max(1e-6))
        .fold(0.0f32, f32::max)
}

#[cfg(test)]
mod tests;
