//! `legespiel.xml`, the puzzle configuration of the Legespiel solver
//! (keilhauer/Legespiel-Solver): `numberOfRows`, `numberOfColumns`;
//! `pictures`, each with an `id`, a `name` and `matchWithIds` (the ids it fits,
//! comma-separated; a picture may fit itself or several others); `cards`, each
//! with the picture ids on its `north`, `west`, `east` and `south` edges, in
//! card order 1..N. A match listed by one picture only is taken both ways,
//! with a warning.

use super::spec::{EdgeSpec, Mark, Relation, Spec};
use crate::error::quote;
use crate::error::InputError;
use crate::kind::tiles::model::MAX_TILES;
use roxmltree::Node;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

mod prescan;
mod read;
use read::{document, only_child, Locator, Positions};

const HINT: &str = "see the Legespiel format: numberOfRows, numberOfColumns, pictures/picture(id, name, matchWithIds), cards/card(north, west, east, south)";

/// A card file holds at most this many pictures: a board of at most
/// [`MAX_TILES`] cards shows at most four times as many, and a file listing
/// more is not a puzzle this tool can solve.
pub(crate) const MAX_PICTURES: usize = 1024;
/// At most this many XML nodes (elements, text, comments) are parsed: the
/// largest real file has a few thousand, and the parser's memory grows with
/// the count before any of our checks can run.
pub(crate) const MAX_NODES: u32 = 100_000;
/// One-way matches are each worth a warning, but a file with thousands of
/// them would bury the terminal: after this many, one line counts the rest.
const MAX_ONE_WAY_WARNINGS: usize = 10;

/// A `<picture>` as the file lists it.
struct Picture<'a, 'i> {
    name: String,
    /// The ids its `matchWithIds` lists.
    matches: BTreeSet<u32>,
    node: Node<'a, 'i>,
}

pub(crate) fn parse(file: &Path, text: &str) -> Result<Spec, InputError> {
    let doc = document(file, text)?;
    let loc = Locator {
        file,
        positions: Positions {
            text,
            last: std::cell::Cell::new((0, 1, 1)),
        },
    };
    let root = doc.root_element();
    let rows = number(&loc, root, "numberOfRows")?;
    let cols = number(&loc, root, "numberOfColumns")?;
    let by_id = pictures(&loc, only_child(root, "pictures", &loc)?)?;
    let label = labels(&by_id);
    let (pairs, warnings) = match_pairs(&loc, &by_id, &label)?;
    let cards = only_child(root, "cards", &loc)?;
    let tiles = card_edges(&loc, cards, &label)?;
    if Some(tiles.len()) != rows.checked_mul(cols) {
        return Err(loc.err(
            cards,
            format!(
                "{} cards for a {rows} x {cols} board, which needs {}",
                tiles.len(),
                rows.saturating_mul(cols)
            ),
        ));
    }
    Ok(Spec {
        file: file.to_path_buf(),
        shape: Some((rows, cols)),
        tiles,
        relation: Relation::Explicit(pairs),
        warnings,
    })
}

/// `<numberOfRows>` or `<numberOfColumns>`: a whole number above 0.
fn number(loc: &Locator, root: Node, name: &str) -> Result<usize, InputError> {
    let n = only_child(root, name, loc)?;
    let t = n.text().unwrap_or("").trim();
    t.parse::<usize>().ok().filter(|&v| v > 0).ok_or_else(|| {
        loc.err(
            n,
            format!(
                "<{name}> must be a whole number above 0, found {}",
                quote(t)
            ),
        )
    })
}

/// Every `<picture>` of `<pictures>` by id, each id once.
fn pictures<'a, 'i>(
    loc: &Locator,
    list: Node<'a, 'i>,
) -> Result<BTreeMap<u32, Picture<'a, 'i>>, InputError> {
    let mut by_id = BTreeMap::new();
    for p in list.children().filter(|c| c.tag_name().name() == "picture") {
        if by_id.len() == MAX_PICTURES {
            return Err(loc.err(
                p,
                format!("more than {MAX_PICTURES} pictures; a board of at most {MAX_TILES} cards shows at most {}", 4 * MAX_TILES),
            ));
        }
        let (id, picture) = picture(loc, p)?;
        if by_id.insert(id, picture).is_some() {
            return Err(loc.err(p, format!("picture id {id} is listed twice")));
        }
    }
    Ok(by_id)
}

/// One `<picture>`: its id, name and `matchWithIds`.
fn picture<'a, 'i>(loc: &Locator, p: Node<'a, 'i>) -> Result<(u32, Picture<'a, 'i>), InputError> {
    let attr = |a: &str| {
        p.attribute(a)
            .ok_or_else(|| loc.err(p, format!("a <picture> without {a}")))
    };
    let id: u32 = attr("id")?
        .trim()
        .parse()
        .map_err(|_| loc.err(p, "a picture id must be a whole number".into()))?;
    let name = attr("name")?.trim().to_string();
    let mut matches = BTreeSet::new();
    for m in attr("matchWithIds")?
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
    {
        matches.insert(m.parse().map_err(|_| {
            loc.err(
                p,
                format!(
                    "picture {id}: {} in matchWithIds is not a picture id",
                    quote(m)
                ),
            )
        })?);
    }
    Ok((
        id,
        Picture {
            name,
            matches,
            node: p,
        },
    ))
}

/// Labels are picture names, made unique with the id where names repeat.
fn labels(by_id: &BTreeMap<u32, Picture>) -> BTreeMap<u32, String> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for p in by_id.values() {
        *seen.entry(&p.name).or_default() += 1;
    }
    by_id
        .iter()
        .map(|(id, p)| {
            let name = &p.name;
            (
                *id,
                if seen[name.as_str()] > 1 || name.is_empty() {
                    format!("{name} #{id}")
                } else {
                    name.clone()
                },
            )
        })
        .collect()
}

/// Two picture labels that fit.
type Fits = (String, String);

/// The pairs of labels that fit, each listed once, and a warning for each
/// match listed by one picture only (taken both ways).
fn match_pairs(
    loc: &Locator,
    by_id: &BTreeMap<u32, Picture>,
    label: &BTreeMap<u32, String>,
) -> Result<(Vec<Fits>, Vec<String>), InputError> {
    let file = loc.file;
    let mut warnings = Vec::new();
    let mut one_way = 0;
    let mut pairs = Vec::new();
    for (id, picture) in by_id {
        for m in &picture.matches {
            let Some(other) = by_id.get(m) else {
                return Err(loc.err(
                    picture.node,
                    format!("picture {id} matches picture {m}, which is not listed"),
                ));
            };
            let back = &other.matches;
            if !back.contains(id) {
                one_way += 1;
                if one_way <= MAX_ONE_WAY_WARNINGS {
                    warnings.push(format!("{}: picture {m} does not list picture {id} in matchWithIds; taking the match both ways", file.display()));
                }
            }
            if id <= m || !back.contains(id) {
                pairs.push((label[id].clone(), label[m].clone()));
            }
        }
    }
    if one_way > MAX_ONE_WAY_WARNINGS {
        warnings.push(format!(
            "{}: {} more matches are listed one way only; each is taken both ways",
            file.display(),
            one_way - MAX_ONE_WAY_WARNINGS
        ));
    }
    Ok((pairs, warnings))
}

/// Every `<card>` of `<cards>`, in order, as its east, north, west and south
/// edges (right, top, left, bottom).
fn card_edges(
    loc: &Locator,
    cards: Node,
    label: &BTreeMap<u32, String>,
) -> Result<Vec<[EdgeSpec; 4]>, InputError> {
    let mut tiles = Vec::new();
    for card in cards.children().filter(|c| c.tag_name().name() == "card") {
        let k = tiles.len() + 1;
        // Checked while reading, so a file of a million cards is refused at
        // the first card too many instead of after all are read.
        if k > MAX_TILES {
            return Err(loc
                .err(
                    card,
                    format!("more than {MAX_TILES} cards; at most {MAX_TILES} are supported"),
                )
                .hint("the largest board the solver takes is 11x11, 121 cards"));
        }
        let edge = |side| card_edge(loc, card, k, side, label);
        tiles.push([edge("east")?, edge("north")?, edge("west")?, edge("south")?]);
    }
    Ok(tiles)
}

/// Card `k`'s edge on `side`: the label of the picture it names.
fn card_edge(
    loc: &Locator,
    card: Node,
    k: usize,
    side: &str,
    label: &BTreeMap<u32, String>,
) -> Result<EdgeSpec, InputError> {
    let v = card
        .attribute(side)
        .ok_or_else(|| loc.err(card, format!("card {k} has no {side} edge")))?;
    let id: u32 = v.trim().parse().map_err(|_| {
        loc.err(
            card,
            format!("card {k}, {side} edge: {} is not a picture id", quote(v)),
        )
    })?;
    let label = label.get(&id).ok_or_else(|| {
        loc.err(
            card,
            format!("card {k}, {side} edge: picture {id} is not listed"),
        )
    })?;
    Ok(EdgeSpec {
        label: label.clone(),
        mark: Mark::Plus,
        at: Some(loc.at(card)),
    })
}

#[cfg(test)]
mod tests;
