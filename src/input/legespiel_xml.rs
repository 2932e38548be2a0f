//! `legespiel.xml`, the puzzle configuration of the Legespiel solver
//! (keilhauer/Legespiel-Solver): `numberOfRows`, `numberOfColumns`;
//! `pictures`, each with an `id`, a `name` and `matchWithIds` (the ids it fits,
//! comma-separated; a picture may fit itself or several others); `cards`, each
//! with the picture ids on its `north`, `west`, `east` and `south` edges, in
//! card order 1..N. A match listed by one picture only is taken both ways,
//! with a warning.

use super::spec::{EdgeSpec, Mark, Relation, Spec};
use crate::error::InputError;
use roxmltree::{Document, Node};
use std::collections::BTreeMap;
use std::path::Path;

const HINT: &str = "see the Legespiel format: numberOfRows, numberOfColumns, pictures/picture(id, name, matchWithIds), cards/card(north, west, east, south)";

fn child<'a, 'i>(parent: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    parent.children().find(|c| c.tag_name().name() == name)
}

pub fn parse(file: &Path, text: &str) -> Result<Spec, InputError> {
    let doc = Document::parse(text).map_err(|e| {
        let pos = e.pos();
        InputError::new(file, format!("not valid XML: {e}"))
            .at(pos.row as usize, pos.col as usize)
            .hint(HINT)
    })?;
    let at = |n: Node| {
        let p = doc.text_pos_at(n.range().start);
        (p.row as usize, p.col as usize)
    };
    let err = |n: Node, problem: String| {
        let (l, c) = at(n);
        InputError::new(file, problem).at(l, c).hint(HINT)
    };
    let root = doc.root_element();
    let number = |name: &str| -> Result<usize, InputError> {
        let n = child(root, name).ok_or_else(|| err(root, format!("no <{name}>")))?;
        let t = n.text().unwrap_or("").trim();
        t.parse::<usize>().ok().filter(|&v| v > 0).ok_or_else(|| {
            err(
                n,
                format!("<{name}> must be a whole number above 0, found '{t}'"),
            )
        })
    };
    let (rows, cols) = (number("numberOfRows")?, number("numberOfColumns")?);

    let pictures = child(root, "pictures").ok_or_else(|| err(root, "no <pictures>".into()))?;
    // id -> (label, listed matches, node)
    let mut by_id: BTreeMap<u32, (String, Vec<u32>, Node)> = BTreeMap::new();
    for p in pictures
        .children()
        .filter(|c| c.tag_name().name() == "picture")
    {
        let attr = |a: &str| {
            p.attribute(a)
                .ok_or_else(|| err(p, format!("a <picture> without {a}")))
        };
        let id: u32 = attr("id")?
            .trim()
            .parse()
            .map_err(|_| err(p, "a picture id must be a whole number".into()))?;
        let name = attr("name")?.trim().to_string();
        let mut matches = Vec::new();
        for m in attr("matchWithIds")?
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty())
        {
            matches.push(m.parse().map_err(|_| {
                err(
                    p,
                    format!("picture {id}: '{m}' in matchWithIds is not a picture id"),
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
                warnings.push(format!("{}: picture {m} does not list picture {id} in matchWithIds; taking the match both ways", file.display()));
            }
            if id <= m || !back.contains(id) {
                pairs.push((label[id].clone(), label[m].clone()));
            }
        }
    }

    let cards = child(root, "cards").ok_or_else(|| err(root, "no <cards>".into()))?;
    let mut tiles = Vec::new();
    for card in cards.children().filter(|c| c.tag_name().name() == "card") {
        let k = tiles.len() + 1;
        let edge = |side: &str| -> Result<EdgeSpec, InputError> {
            let v = card
                .attribute(side)
                .ok_or_else(|| err(card, format!("card {k} has no {side} edge")))?;
            let id: u32 = v.trim().parse().map_err(|_| {
                err(
                    card,
                    format!("card {k}, {side} edge: '{v}' is not a picture id"),
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
    if tiles.len() != rows * cols {
        return Err(err(
            cards,
            format!(
                "{} cards for a {rows} x {cols} board, which needs {}",
                tiles.len(),
                rows * cols
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
        let one_way = XML.replace("matchWithIds=\"2\"", "matchWithIds=\"\"");
        let s = parse(Path::new("l.xml"), &one_way).expect("valid");
        assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    }
}
