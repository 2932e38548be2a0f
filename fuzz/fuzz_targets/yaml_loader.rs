//! Any bytes as a notation file: every tile notation's reader and the
//! validator, and the Domino Fit reader, must return a puzzle or a message,
//! never panic, hang or allocate without bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    for name in [
        "tile_dict.yaml",
        "letters.txt",
        "signed.txt",
        "legespiel.xml",
    ] {
        if let Ok(parsed) =
            unscramble::kind::tiles::input::parse_notation(Path::new(name), data, None)
        {
            // What the validator accepts, the rest of the program relies on.
            let p = &parsed.puzzle;
            assert_eq!(p.rows * p.cols, p.tiles.len());
            assert!(
                !p.tiles.is_empty() && p.tiles.len() <= unscramble::kind::tiles::model::MAX_TILES
            );
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = unscramble::kind::domino::parse(Path::new("domino_fit.yaml"), text);
    }
});
