//! Writing any notation as `tile_dict.yaml` (and `board.yaml` for a board
//! that is not square), so a user can move to the native format. Only a
//! relation that the half notation can say is written: pairs of pictures
//! (`'+'`/`'-'`) and pictures that fit themselves (`'='`).

use super::spec::{Mark, Relation, Spec};
use crate::error::InputError;
use std::collections::BTreeMap;

/// Why `convert` wrote nothing (or not everything): the source or the
/// target folder's files are wrong, or the disk refused a write. Worded as
/// `FILE: what is wrong (how to fix it)`, the system's reason for a write.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Output(#[from] crate::error::OutputError),
}

impl ConvertError {
    /// The file the message names.
    pub fn file(&self) -> &std::path::Path {
        match self {
            ConvertError::Input(e) => &e.file,
            ConvertError::Output(e) => &e.path,
        }
    }
}

/// The converted files: `tile_dict.yaml`, and `board.yaml` when needed.
pub struct Converted {
    pub tile_dict: String,
    pub board: Option<String>,
}

/// Quotes a label for YAML (single quotes, doubled inside).
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

pub fn to_tile_dict(spec: &Spec) -> Result<Converted, InputError> {
    // Label -> (token, mark) in the written file.
    let written: BTreeMap<String, (String, Mark)> = match &spec.relation {
        Relation::Halves => BTreeMap::new(),
        Relation::Explicit(pairs) => {
            let mut partners: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
            for (a, b) in pairs {
                partners.entry(a).or_default().push(b);
                if a != b {
                    partners.entry(b).or_default().push(a);
                }
            }
            let mut out = BTreeMap::new();
            for (label, with) in &partners {
                let mark = match with.as_slice() {
                    [one] if one == label => (label.to_string(), Mark::Same),
                    [one] if partners.get(one).is_some_and(|w| w.len() == 1) => {
                        let token = if label < one {
                            format!("{label}/{one}")
                        } else {
                            format!("{one}/{label}")
                        };
                        (token, if label < one { Mark::Plus } else { Mark::Minus })
                    }
                    _ => {
                        return Err(InputError::new(
                            &spec.file,
                            format!(
                            "picture {} fits {}; tile_dict.yaml can only say one partner or itself",
                            crate::error::quote(label),
                            crate::error::cut(&with.join(", "))
                        ),
                        )
                        .hint("keep this puzzle in its own notation"))
                    }
                };
                out.insert(label.to_string(), mark);
            }
            out
        }
    };
    let mut yaml = String::new();
    for (k, tile) in spec.tiles.iter().enumerate() {
        let edges: Vec<String> = tile
            .iter()
            .map(|e| {
                let (token, mark) = match &spec.relation {
                    Relation::Halves => (e.label.clone(), e.mark),
                    // A picture that fits nothing keeps its name and never matches.
                    Relation::Explicit(_) => written
                        .get(&e.label)
                        .cloned()
                        .unwrap_or((e.label.clone(), Mark::Plus)),
                };
                let half = match mark {
                    Mark::Plus => "'+'",
                    Mark::Minus => "'-'",
                    Mark::Same => "'='",
                };
                format!("[{}, {half}]", quote(&token))
            })
            .collect();
        yaml.push_str(&format!("{}: [{}]\n", k + 1, edges.join(", ")));
    }
    let square = |n: usize| (1..=n).find(|s| s * s >= n).is_some_and(|s| s * s == n);
    let board = match spec.shape {
        Some((r, c)) if r != c || !square(spec.tiles.len()) => {
            Some(format!("rows: {r}\ncols: {c}\n"))
        }
        _ => None,
    };
    Ok(Converted {
        tile_dict: yaml,
        board,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::input::{legespiel_xml, signed};
    use std::path::Path;

    #[test]
    fn a_convert_error_says_its_cause_once() {
        let write = ConvertError::from(crate::error::OutputError::refuse(
            "p/input/tile_dict.yaml",
            "disk full",
            "free some space",
        ));
        assert_eq!(
            write.to_string(),
            "p/input/tile_dict.yaml: disk full (free some space)"
        );
        crate::error::assert_said_once(&write);
        let input = ConvertError::from(InputError::new("p/input/letters.txt", "empty"));
        assert_eq!(input.to_string(), "p/input/letters.txt: empty");
        crate::error::assert_said_once(&input);
    }

    #[test]
    fn halves_and_explicit_pairs_become_tokens_with_halves() {
        let s = signed::parse(Path::new("s.txt"), "1 -2 0 3\n").expect("valid");
        let c = to_tile_dict(&s).expect("converts");
        assert_eq!(
            c.tile_dict,
            "1: [['2', '-'], ['1', '+'], ['3', '+'], ['0', '=']]\n"
        );
        assert!(c.board.is_none());
        let xml = r#"<c><numberOfRows>1</numberOfRows><numberOfColumns>2</numberOfColumns><pictures>
            <picture id="1" name="Sun" matchWithIds="1"/><picture id="2" name="up" matchWithIds="3"/>
            <picture id="3" name="down" matchWithIds="2"/></pictures><cards>
            <card north="1" west="2" east="3" south="1"/><card north="2" west="3" east="1" south="2"/></cards></c>"#;
        let c = to_tile_dict(&legespiel_xml::parse(Path::new("l.xml"), xml).expect("valid"))
            .expect("converts");
        assert_eq!(
            c.tile_dict.lines().next(),
            Some("1: [['down/up', '+'], ['Sun', '='], ['down/up', '-'], ['Sun', '=']]")
        );
        assert_eq!(c.board.as_deref(), Some("rows: 1\ncols: 2\n"));
        let several = xml.replace(
            r#"name="Sun" matchWithIds="1""#,
            r#"name="Sun" matchWithIds="1,2""#,
        );
        let e = to_tile_dict(&legespiel_xml::parse(Path::new("l.xml"), &several).expect("valid"))
            .err()
            .map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("picture 'Sun' fits Sun, up")));
    }
}
