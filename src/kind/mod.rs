//! The puzzle kinds, each with its own model, reader, solver and renderer.

use std::path::Path;

pub mod domino;
pub(crate) mod seeded;
pub mod stop;
pub mod tiles;

/// Which kind of puzzle a notation file describes. The file's name decides
/// (a Domino Fit board is `domino_fit.yaml`, every other notation is tiles),
/// here and nowhere else, so the job, `solve`, `animate` and the tile reader
/// cannot disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tiles,
    Domino,
}

impl Kind {
    pub fn of(notation: &Path) -> Kind {
        if notation.file_name().is_some_and(|n| n == domino::FILE_NAME) {
            Kind::Domino
        } else {
            Kind::Tiles
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_name_decides_and_only_the_name() {
        assert_eq!(Kind::of(Path::new("p/input/domino_fit.yaml")), Kind::Domino);
        assert_eq!(Kind::of(Path::new("domino_fit.yaml")), Kind::Domino);
        assert_eq!(Kind::of(Path::new("p/input/tile_dict.yaml")), Kind::Tiles);
        assert_eq!(
            Kind::of(Path::new("p/domino_fit.yaml/letters.txt")),
            Kind::Tiles
        );
        assert_eq!(Kind::of(Path::new("p/input/Domino_Fit.yaml")), Kind::Tiles);
    }
}
