//! Tile pictures that are not there: all of them named in one message, so a
//! user fixes the folder once instead of once per run, and pictures saved
//! under another format's name (`3.jpg`) named too. A JPEG decoder is not
//! built in: it would slow every build for a case a conversion fixes once.

use crate::error::InputError;
use std::collections::BTreeSet;
use std::path::Path;

/// `None` when every tile `1..=count` has something at `input/K.png`
/// (what stands there is checked when it is read).
pub(super) fn check(input_dir: &Path, count: usize) -> Option<InputError> {
    let missing: Vec<usize> = (1..=count)
        .filter(|k| !crate::input::file::exists(&input_dir.join(format!("{k}.png"))))
        .collect();
    let (&first, rest) = missing.split_first()?;
    let others = other_formats(input_dir, &missing);
    let hint = if others.is_empty() {
        "every tile K needs its picture input/K.png; `unscramble draw-tiles PUZZLE_DIR` draws missing ones from the edges".to_string()
    } else {
        let (verb, them) = if others.len() == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        format!(
            "{} {verb} there, but tile pictures are read only as PNG: convert {them} to PNG, saved as input/K.png",
            others.join(", ")
        )
    };
    let error = if rest.is_empty() {
        InputError::new(
            input_dir.join(format!("{first}.png")),
            "the file is missing",
        )
    } else {
        InputError::new(
            input_dir,
            format!("the tile pictures {} are missing", ranges(&missing)),
        )
    };
    Some(error.hint(hint))
}

/// Files named like a missing tile's picture with another extension
/// (`3.jpg`, `3.JPEG`, `3.PNG`), ordered by tile.
fn other_formats(input_dir: &Path, missing: &[usize]) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(input_dir) else {
        return Vec::new();
    };
    let mut found: BTreeSet<(usize, String)> = BTreeSet::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some((stem, ext)) = name.split_once('.') else {
            continue;
        };
        if ext.is_empty() || ext == "png" {
            continue;
        }
        if let Ok(k) = stem.parse::<usize>() {
            if missing.binary_search(&k).is_ok() {
                found.insert((k, crate::error::printable(name).into_owned()));
            }
        }
    }
    found.into_iter().map(|(_, name)| name).collect()
}

/// `3.png, 5.png, 7.png to 12.png`: runs of three or more shortened, so a
/// folder with no pictures at all still gets a one-line message.
fn ranges(ks: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < ks.len() {
        let mut j = i;
        while j + 1 < ks.len() && ks[j + 1] == ks[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}.png to {}.png", ks[i], ks[j]));
        } else {
            parts.extend(ks[i..=j].iter().map(|k| format!("{k}.png")));
        }
        i = j + 1;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_three_or_more_are_shortened() {
        assert_eq!(ranges(&[3, 5, 6]), "3.png, 5.png, 6.png");
        assert_eq!(ranges(&[1, 2, 3, 4, 9]), "1.png to 4.png, 9.png");
    }
}
