//! A puzzle's tile pictures over white, as boards take them. The tiles that
//! `generate` and `draw-tiles` write are palette PNGs: kept as indices into
//! one palette, they reach indexed boards without being expanded to RGB and
//! searched for their colours again, pixel by pixel. Here between the
//! reading of pictures and the painting of boards, so that neither knows
//! the other.

use crate::gfx::palette::{self, Paletted};
use image::RgbImage;

/// The tiles in base orientation, all square and one size, over white.
#[derive(Clone)]
pub enum TilePictures {
    Rgb(Vec<RgbImage>),
    /// Indices into `palette`: the colours the tiles' pixels use, sorted and
    /// distinct, at most 256 (what `gfx::palette::index` finds in the
    /// same pictures as RGB).
    Indexed {
        side: u32,
        palette: Vec<[u8; 3]>,
        indices: Vec<Vec<u8>>,
    },
}

/// One tile picture as decoded: RGB, or indices into its own palette with
/// every entry already over white.
pub(crate) enum Tile {
    Rgb(RgbImage),
    Palette(Box<Paletted>),
}

impl TilePictures {
    /// The tiles, all `side` pixels square: indexed when every one is, and
    /// the colours they use together are at most 256.
    pub(crate) fn from_tiles(side: u32, tiles: Vec<Tile>) -> TilePictures {
        let expand = |p: &Paletted| rgb(side, &p.colours, &p.indices);
        if !tiles.is_empty() && tiles.iter().all(|t| matches!(t, Tile::Palette(_))) {
            let own: Vec<Paletted> = tiles
                .into_iter()
                .filter_map(|t| match t {
                    Tile::Palette(p) => Some(*p),
                    Tile::Rgb(_) => None,
                })
                .collect();
            return match palette::merge(own) {
                Ok(ix) => TilePictures::Indexed {
                    side,
                    palette: ix.colours,
                    indices: ix.pictures,
                },
                Err(own) => TilePictures::Rgb(own.iter().map(expand).collect()),
            };
        }
        let tiles = tiles.into_iter().map(|t| match t {
            Tile::Rgb(rgb) => rgb,
            Tile::Palette(p) => expand(&p),
        });
        TilePictures::Rgb(tiles.collect())
    }

    pub fn side(&self) -> u32 {
        match self {
            TilePictures::Rgb(pictures) => pictures.first().map_or(0, RgbImage::width),
            TilePictures::Indexed { side, .. } => *side,
        }
    }

    /// The same pixels as RGB, for what cannot paint indices (scaling,
    /// drawing on the boards).
    pub fn into_rgb(self) -> Vec<RgbImage> {
        match self {
            TilePictures::Rgb(pictures) => pictures,
            TilePictures::Indexed {
                side,
                palette,
                indices,
            } => indices.iter().map(|i| rgb(side, &palette, i)).collect(),
        }
    }
}

fn rgb(side: u32, colours: &[[u8; 3]], indices: &[u8]) -> RgbImage {
    RgbImage::from_raw(side, side, palette::expand(colours, indices)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::canvas::Canvas;
    use crate::kind::tiles::input::pictures::{self, RawPicture};
    use crate::kind::tiles::model::Placement;
    use crate::kind::tiles::render::{Scale, TileSet};
    use std::path::PathBuf;

    /// An 8-bit palette PNG of `indices` (a square), with `trns` as its tRNS.
    fn palette_png(plte: &[[u8; 3]], trns: &[u8], indices: &[u8]) -> Vec<u8> {
        let side = indices.len().isqrt() as u32;
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, side, side);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(plte.concat());
        if !trns.is_empty() {
            encoder.set_trns(trns.to_vec());
        }
        let mut writer = encoder.write_header().expect("header");
        writer.write_image_data(indices).expect("pixels");
        writer.finish().expect("finish");
        out
    }

    fn raw(files: Vec<Vec<u8>>) -> Vec<RawPicture> {
        let names = (1..).map(|k| PathBuf::from(format!("{k}.png")));
        let raw = names
            .zip(files)
            .map(|(path, bytes)| RawPicture { path, bytes });
        raw.collect()
    }

    /// The pictures as boards took them before indexed decoding: decoded
    /// to RGB(A) by `image`, flattened over white.
    fn old(raw: &[RawPicture]) -> Vec<RgbImage> {
        let decoded = pictures::decode_all(raw, 64).expect("decodes");
        decoded.into_iter().map(pictures::flat).collect()
    }

    /// The board of every tile in a row, painted: its pixel bytes and palette.
    fn painted(tiles: &TileSet, count: usize) -> (Vec<u8>, Option<Vec<[u8; 3]>>) {
        let board: Vec<Placement> = (0..count)
            .map(|t| Placement {
                tile: t as u8,
                turns: t as u8,
            })
            .collect();
        let mut canvas = Canvas::default();
        tiles.paint(&board, &mut canvas);
        (
            canvas.pixels().to_vec(),
            canvas.palette().map(<[_]>::to_vec),
        )
    }

    /// Decoded as indices or as RGB, the tiles paint the same bytes with
    /// the same palette, indexed or not, kept or scaled.
    fn assert_boards_as_before(raw: &[RawPicture]) -> TilePictures {
        let new = pictures::decode_tiles(raw, 64).expect("decodes");
        let old = old(raw);
        assert!(new.clone().into_rgb() == old, "the same pixels over white");
        let n = raw.len();
        for (scale, indexed) in [
            (Scale::Keep, true),
            (Scale::Keep, false),
            (Scale::To(old[0].width()), true),
            (Scale::To(3), true),
        ] {
            let a = TileSet::new((1, n, 0), new.clone(), scale, indexed);
            let b = TileSet::new((1, n, 0), TilePictures::Rgb(old.clone()), scale, indexed);
            assert_eq!(a.is_indexed(), b.is_indexed());
            assert!(painted(&a, n) == painted(&b, n), "{indexed}");
        }
        new
    }

    /// Entry 1 half transparent, 2 clear and 3 white (both white over
    /// white), 4 and 7 unused, 6 a little opaque, 7 past the tRNS entries.
    const PLTE: [[u8; 3]; 8] = [
        [10, 20, 30],
        [200, 100, 50],
        [0, 0, 0],
        [255, 255, 255],
        [1, 2, 3],
        [0, 0, 0],
        [90, 90, 90],
        [5, 5, 5],
    ];
    const TRNS: [u8; 7] = [255, 128, 0, 255, 255, 255, 77];

    #[test]
    fn palette_tiles_keep_the_palette_and_indices_of_their_pixels() {
        let a = [0, 1, 2, 3, 0, 1, 2, 3, 1, 1, 0, 0, 3, 3, 2, 2];
        let b = [6, 6, 0, 3, 0, 1, 6, 3, 1, 1, 0, 6, 3, 3, 6, 6];
        // Black drawn (index 5, and 9 past the palette, black as the png
        // crate expands it), or not: then the frame's black is added.
        let mut c = a;
        c[5] = 5;
        c[6] = 9;
        for tiles in [vec![a, b], vec![a, b, c]] {
            let files = tiles.iter().map(|t| palette_png(&PLTE, &TRNS, t));
            let raw = raw(files.collect());
            let new = assert_boards_as_before(&raw);
            let TilePictures::Indexed { palette, .. } = new else {
                panic!("palette tiles are indexed");
            };
            let white = [255, 255, 255];
            assert_eq!(palette.iter().filter(|&&c| c == white).count(), 1);
            assert!(!palette.contains(&[1, 2, 3]) && !palette.contains(&[5, 5, 5]));
        }
        // Without tRNS, and with a tRNS longer than the palette (ignored).
        let raw_of = |trns: &[u8]| raw(vec![palette_png(&PLTE[..6], trns, &a)]);
        assert_boards_as_before(&raw_of(&[]));
        assert_boards_as_before(&raw_of(&[0; 7]));
    }

    #[test]
    fn past_256_colours_or_beside_rgb_tiles_they_are_rgb() {
        // Two tiles of 200 colours each, 400 together.
        let plte = |k: u8| -> Vec<[u8; 3]> { (0..200).map(|i| [k, i, i]).collect() };
        let indices: Vec<u8> = (0..=255).map(|i: u8| i % 200).collect();
        let raw2 = raw(vec![
            palette_png(&plte(1), &[], &indices),
            palette_png(&plte(2), &[], &indices),
        ]);
        assert!(matches!(
            assert_boards_as_before(&raw2),
            TilePictures::Rgb(_)
        ));
        // 256 colours, black not among them: indexed, but the frame's black
        // makes 257, so boards are RGB, as before.
        let plte: Vec<[u8; 3]> = (0..=255).map(|i| [i, 7, 7]).collect();
        let all: Vec<u8> = (0..=255).collect();
        let raw1 = raw(vec![palette_png(&plte, &[], &all)]);
        assert!(matches!(
            assert_boards_as_before(&raw1),
            TilePictures::Indexed { .. }
        ));
        let n = raw1.len();
        let new = pictures::decode_tiles(&raw1, 64).expect("decodes");
        assert!(!TileSet::new((1, n, 0), new, Scale::Keep, true).is_indexed());
        // A palette tile beside an RGB one.
        let rgb = image::RgbImage::from_fn(4, 4, |x, y| image::Rgb([x as u8, y as u8, 9]));
        let mut png = Vec::new();
        rgb.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encode");
        let mixed = raw(vec![
            palette_png(&PLTE, &TRNS, &[0, 1, 2, 3].repeat(4)),
            png,
        ]);
        assert!(matches!(
            assert_boards_as_before(&mixed),
            TilePictures::Rgb(_)
        ));
    }

    #[test]
    fn broken_palette_pngs_are_refused_in_the_same_words() {
        let tile = palette_png(&PLTE, &TRNS, &[0; 16]);
        let mut huge = tile.clone();
        huge[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        let cut = tile[..tile.len() / 2].to_vec();
        let mut no_plte = palette_png(&PLTE, &[], &[0; 16]);
        let at = no_plte.windows(4).position(|w| w == b"PLTE").expect("PLTE");
        no_plte[at..at + 4].copy_from_slice(b"plTE");
        let smaller = palette_png(&PLTE, &TRNS, &[0; 4]);
        for files in [vec![huge], vec![cut], vec![no_plte], vec![tile, smaller]] {
            let raw = raw(files);
            let new = pictures::decode_tiles(&raw, 64)
                .err()
                .map(|e| e.to_string());
            let old = pictures::decode_all(&raw, 64).err().map(|e| e.to_string());
            assert!(new.is_some() && new == old, "{new:?} {old:?}");
        }
    }
}
