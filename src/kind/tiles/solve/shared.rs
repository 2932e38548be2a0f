//! The units one order of search went through, taken by another.
//!
//! With symmetry breaking on an even board every order splits the search
//! into the same units: the chosen card pinned in each cell, the other
//! cells filled in a spiral round it, each unit split by its second
//! placement (see `symmetry`); the order only decides which unit comes
//! first. [`probe`](super::probe()) asks two orders in turn, and a unit one
//! of them searched to its end without a solution need not be searched by
//! the other: it is taken by what decides its subtree ([`Id`]). Where the
//! orders split otherwise (the spiral from the centre of an odd board), no
//! unit matches and nothing is taken.

use super::kinds::Kinds;
use super::tables::Tables;
use super::{symmetry, Limits, Searched};
use crate::kind::tiles::model::{Placement, Puzzle};
use std::collections::HashMap;

/// What decides a unit's subtree: its plan's cells in order, the card and
/// turn pinned first, and the slice of the second step's candidates.
pub(super) type Id = (Vec<usize>, Placement, Option<(u32, u32)>);

/// The units of a search of `puzzle` under `limits`, in its order.
pub(super) fn ids(puzzle: &Puzzle, limits: &Limits) -> Vec<Id> {
    let kinds = if limits.symmetry && limits.kinds {
        Kinds::new(puzzle)
    } else {
        Kinds::cards(puzzle)
    };
    let tables = Tables::of(puzzle, &kinds, limits.turn_order);
    let split = symmetry::split(puzzle, (&tables, &kinds), limits.order, limits.symmetry);
    split
        .units
        .iter()
        .map(|u| {
            let cells = split.plans[u.plan].iter().map(|s| s.cell).collect();
            (cells, u.pin, u.second)
        })
        .collect()
}

/// Notes in `to` (a search of `puzzle` under `to_limits`, whose units are
/// `to_ids`) the units `from` (whose units are `from_ids`) went through
/// without a solution, where `to` has not noted them already.
pub(super) fn share(
    puzzle: &Puzzle,
    (from, from_ids): (&Searched, &[Id]),
    (to, to_ids): (&mut Searched, &[Id]),
    to_limits: &Limits,
) {
    let key = Searched::key(puzzle, to_limits);
    if to.key.as_ref() != Some(&key) {
        *to = Searched {
            key: Some(key),
            units: Vec::new(),
            free: to.free,
            clear: 0,
        };
    }
    if to.units.len() != to_ids.len() {
        to.units = vec![None; to_ids.len()];
    }
    let at: HashMap<&Id, usize> = to_ids.iter().enumerate().map(|(i, id)| (id, i)).collect();
    for (id, unit) in from_ids.iter().zip(&from.units) {
        if let (Some(unit), Some(&j)) = (unit, at.get(id)) {
            if to.units[j].is_none() {
                to.units[j] = Some(unit.clone());
            }
        }
    }
}
