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
use roxmltree::{Document, Node, ParsingOptions};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

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

/// The only child of `parent` named `name`; a second one is an error (as a
/// duplicate key is in YAML), since silently taking the first would hide it.
fn only_child<'a, 'i>(
    parent: Node<'a, 'i>,
    name: &str,
    err: &impl Fn(Node, String) -> InputError,
) -> Result<Node<'a, 'i>, InputError> {
    let mut found = parent.children().filter(|c| c.tag_name().name() == name);
    let first = found
        .next()
        .ok_or_else(|| err(parent, format!("no <{name}>")))?;
    match found.next() {
        Some(second) => Err(err(
            second,
            format!("<{name}> appears a second time; it may appear only once"),
        )),
        None => Ok(first),
    }
}

/// Line and column of byte offsets, for offsets that mostly grow (cards and
/// pictures are visited in document order): each call scans only from the
/// previous offset, so locating every card is linear in the file's length.
/// (roxmltree's `text_pos_at` scans from the start each time, which made
/// reading 40,000 cards take minutes.)
struct Positions<'t> {
    text: &'t str,
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl Positions<'_> {
    fn at(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let (mut from, mut row, mut col) = self.last.get();
        if offset < from {
            (from, row, col) = (0, 1, 1);
        }
        for c in self.text.get(from..offset).unwrap_or("").chars() {
            if c == '\n' {
                (row, col) = (row + 1, 1);
            } else {
                col += 1;
            }
        }
        self.last.set((offset, row, col));
        (row, col)
    }
}

pub(crate) fn parse(file: &Path, text: &str) -> Result<Spec, InputError> {
    let options = ParsingOptions {
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        if matches!(e, roxmltree::Error::NodesLimitReached) {
            return InputError::new(
                file,
                format!(
                    "more than {MAX_NODES} XML elements and texts; a puzzle needs a few hundred"
                ),
            )
            .hint(format!(
                "a board has at most {MAX_TILES} cards; check that this is the right file"
            ));
        }
        let pos = e.pos();
        let problem = match &e {
            roxmltree::Error::DuplicatedAttribute(name, _) => format!(
                "not valid XML: the attribute {} appears twice in one element; it may appear only once",
                quote(name)
            ),
            _ => format!("not valid XML: {e}"),
        };
        InputError::new(file, problem)
            .at(pos.row as usize, pos.col as usize)
            .hint(HINT)
    })?;
    let positions = Positions {
        text,
        last: std::cell::Cell::new((0, 1, 1)),
    };
    let at = |n: Node| positions.at(n.range().start);
    let err = |n: Node, problem: String| {
        let (l, c) = at(n);
        InputError::new(file, problem).at(l, c).hint(HINT)
    };
    let root = doc.root_element();
    let number = |name: &str| -> Result<usize, InputError> {
        let n = only_child(root, name, &err)?;
        let t = n.text().unwrap_or("").trim();
        t.parse::<usize>().ok().filter(|&v| v > 0).ok_or_else(|| {
            err(
                n,
                format!(
                    "<{name}> must be a whole number above 0, found {}",
                    quote(t)
                ),
            )
        })
    };
    let (rows, cols) = (number("numberOfRows")?, number("numberOfColumns")?);

    let pictures = only_child(root, "pictures", &err)?;
    // id -> (label, listed matches, node)
    let mut by_id: BTreeMap<u32, (String, BTreeSet<u32>, Node)> = BTreeMap::new();
    for p in pictures
        .children()
        .filter(|c| c.tag_name().name() == "picture")
    {
        if by_id.len() == MAX_PICTURES {
            return Err(err(
                p,
                format!("more than {MAX_PICTURES} pictures; a board of at most {MAX_TILES} cards shows at most {}", 4 * MAX_TILES),
            ));
        }
        let attr = |a: &str| {
            p.attribute(a)
                .ok_or_else(|| err(p, format!("a <picture> without {a}")))
        };
        let id: u32 = attr("id")?
            .trim()
            .parse()
            .map_err(|_| err(p, "a picture id must be a whole number".into()))?;
        let name = attr("name")?.trim().to_string();
        let mut matches = BTreeSet::new();
        for m in attr("matchWithIds")?
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty())
        {
            matches.insert(m.parse().map_err(|_| {
                err(
                    p,
                    format!(
                        "picture {id}: {} in matchWithIds is not a picture id",
                        quote(m)
                    ),
                )
            })?);
        }
        if by_id.insert(id, (name, matches, p)).is_some() {
            return Err(err(p, format!("picture id {id} is listed twice")));
        }
    }
    // Labels are picture names, made unique with the id where names repeat.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (name, _, _) in by_id.values() {
        *seen.entry(name.clone()).or_default() += 1;
    }
    let label: BTreeMap<u32, String> = by_id
        .iter()
        .map(|(id, (name, _, _))| {
            (
                *id,
                if seen[name] > 1 || name.is_empty() {
                    format!("{name} #{id}")
                } else {
                    name.clone()
                },
            )
        })
        .collect();

    let mut warnings = Vec::new();
    let mut one_way = 0;
    let mut pairs = Vec::new();
    for (id, (_, matches, node)) in &by_id {
        for m in matches {
            let Some((_, back, _)) = by_id.get(m) else {
                return Err(err(
                    *node,
                    format!("picture {id} matches picture {m}, which is not listed"),
                ));
            };
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

    let cards = only_child(root, "cards", &err)?;
    let mut tiles = Vec::new();
    for card in cards.children().filter(|c| c.tag_name().name() == "card") {
        let k = tiles.len() + 1;
        // Checked while reading, so a file of a million cards is refused at
        // the first card too many instead of after all are read.
        if k > MAX_TILES {
            return Err(err(
                card,
                format!("more than {MAX_TILES} cards; at most {MAX_TILES} are supported"),
            )
            .hint("the largest board the solver takes is 11x11, 121 cards"));
        }
        let edge = |side: &str| -> Result<EdgeSpec, InputError> {
            let v = card
                .attribute(side)
                .ok_or_else(|| err(card, format!("card {k} has no {side} edge")))?;
            let id: u32 = v.trim().parse().map_err(|_| {
                err(
                    card,
                    format!("card {k}, {side} edge: {} is not a picture id", quote(v)),
                )
            })?;
            let label = label.get(&id).ok_or_else(|| {
                err(
                    card,
                    format!("card {k}, {side} edge: picture {id} is not listed"),
                )
            })?;
            Ok(EdgeSpec {
                label: label.clone(),
                mark: Mark::Plus,
                at: Some(at(card)),
            })
        };
        tiles.push([edge("east")?, edge("north")?, edge("west")?, edge("south")?]);
    }
    if Some(tiles.len()) != rows.checked_mul(cols) {
        return Err(err(
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

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<legespielConfiguration xmlns="http://whatsoftwarecando.org">
  <numberOfRows>1</numberOfRows>
  <numberOfColumns>2</numberOfColumns>
  <pictures>
    <picture id="1" name="Sun" matchWithIds="1" />
    <picture id="2" name="Moon up" matchWithIds="3" />
    <picture id="3" name="Moon down" matchWithIds="2" />
  </pictures>
  <cards>
    <card north="1" west="2" east="3" south="1" />
    <card north="2" west="3" east="1" south="2" />
  </cards>
</legespielConfiguration>"#;

    #[test]
    fn cards_read_east_north_west_south_and_matches_are_pairs() {
        let s = parse(Path::new("l.xml"), XML).expect("valid");
        assert_eq!(s.shape, Some((1, 2)));
        let labels: Vec<&str> = s.tiles[0].iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["Moon down", "Sun", "Moon up", "Sun"]);
        let Relation::Explicit(pairs) = &s.relation else {
            panic!("explicit")
        };
        assert_eq!(
            pairs,
            &[
                ("Sun".to_string(), "Sun".to_string()),
                ("Moon up".to_string(), "Moon down".to_string())
            ]
        );
        assert!(s.warnings.is_empty());
    }

    #[test]
    fn mistakes_are_located() {
        let e = parse(Path::new("l.xml"), &XML.replace("east=\"1\"", "east=\"9\""))
            .expect_err("unknown")
            .to_string();
        assert!(
            e.starts_with("l.xml:12:5: card 2, east edge: picture 9 is not listed"),
            "{e}"
        );
        let e = parse(
            Path::new("l.xml"),
            &XML.replace(">2</numberOfColumns>", ">3</numberOfColumns>"),
        )
        .expect_err("count")
        .to_string();
        assert!(
            e.contains("2 cards for a 1 x 3 board, which needs 3"),
            "{e}"
        );
        let e = parse(Path::new("l.xml"), "<a><b></a>")
            .expect_err("xml")
            .to_string();
        assert!(e.starts_with("l.xml:1:"), "{e}");
        for name in ["numberOfRows", "numberOfColumns", "pictures", "cards"] {
            let twice = XML.replacen(
                &format!("<{name}>"),
                &format!("<{name}></{name}>\n  <{name}>"),
                1,
            );
            let e = parse(Path::new("l.xml"), &twice)
                .expect_err("twice")
                .to_string();
            assert!(
                e.starts_with(&format!(
                    "l.xml:{}:3: <{name}> appears a second time; it may appear only once (",
                    XML.lines()
                        .position(|l| l.contains(&format!("<{name}>")))
                        .expect("line")
                        + 2
                )),
                "{e}"
            );
        }
        let e = parse(
            Path::new("l.xml"),
            &XML.replace("south=\"1\" />", "south=\"1\" north=\"2\" />"),
        )
        .expect_err("attribute twice")
        .to_string();
        assert!(e.starts_with("l.xml:11:"), "{e}");
        assert!(e.contains("the attribute 'north' appears twice"), "{e}");
        let one_way = XML.replace("matchWithIds=\"2\"", "matchWithIds=\"\"");
        let s = parse(Path::new("l.xml"), &one_way).expect("valid");
        assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    }
}
