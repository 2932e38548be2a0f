//! Tile pictures drawn from a puzzle's edges, for puzzles without scans.
//!
//! Each edge is a triangle in its picture's colour with a marker at its
//! middle: a disc for half `+`, a square for half `-`, a ring for a picture
//! that fits itself ([`looks`] works them out from the match relation). On a
//! solved board every inner edge then shows one colour with a disc meeting a
//! square. The tile number is
//! drawn in the centre with a built-in bitmap font, so the bytes do not depend
//! on fonts installed on the machine.

mod looks;

pub use looks::{EdgeLooks, Marker};

use crate::kind::tiles::model::{Puzzle, BOTTOM, LEFT, RIGHT, TOP};
use image::{Rgba, RgbaImage};
use imageproc::drawing::{
    draw_filled_circle_mut, draw_filled_rect_mut, draw_line_segment_mut, draw_polygon_mut,
};
use imageproc::point::Point;
use imageproc::rect::Rect;

/// Colour for a token: named colours (and their usual three-letter forms)
/// look like their names; other tokens take distinct colours in order.
pub fn token_colours(tokens: &[String]) -> Vec<[u8; 3]> {
    const NAMED: &[(&[&str], [u8; 3])] = &[
        (&["red", "rot"], [214, 39, 40]),
        (&["blu", "blue", "blau"], [31, 119, 180]),
        (&["grn", "green", "gruen", "grün"], [44, 160, 44]),
        (&["ylw", "yel", "yellow", "gelb"], [240, 200, 30]),
        (&["org", "orange"], [255, 127, 14]),
        (&["pur", "prp", "purple", "violet", "lila"], [148, 103, 189]),
        (&["pnk", "pink", "rosa"], [247, 129, 191]),
        (&["brn", "brown", "braun"], [140, 86, 75]),
        (&["cyn", "cyan", "teal"], [23, 190, 207]),
        (&["gry", "grey", "gray", "grau"], [127, 127, 127]),
        (&["blk", "black", "schwarz"], [40, 40, 40]),
    ];
    const SPARE: &[[u8; 3]] = &[
        [214, 39, 40],
        [31, 119, 180],
        [44, 160, 44],
        [240, 200, 30],
        [148, 103, 189],
        [255, 127, 14],
        [23, 190, 207],
        [247, 129, 191],
        [140, 86, 75],
        [188, 189, 34],
        [127, 127, 127],
        [40, 40, 120],
    ];
    let named = |t: &str| {
        let t = t.to_lowercase();
        NAMED
            .iter()
            .find(|(names, _)| names.contains(&t.as_str()))
            .map(|(_, c)| *c)
    };
    let mut taken: Vec<[u8; 3]> = tokens.iter().filter_map(|t| named(t)).collect();
    let mut next = 0usize;
    tokens
        .iter()
        .map(|t| {
            named(t).unwrap_or_else(|| {
                let colour = loop {
                    let c = SPARE.get(next).copied().unwrap_or_else(|| generated(next));
                    next += 1;
                    if !taken.contains(&c) || next > SPARE.len() + 256 {
                        break c;
                    }
                };
                taken.push(colour);
                colour
            })
        })
        .collect()
}

/// Further colours, spread round the hue circle by the golden angle.
fn generated(i: usize) -> [u8; 3] {
    let h = (i as f64 * 137.507_764) % 360.0;
    let (s, v) = (0.65, 0.85);
    let c = v * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [
        ((r + m) * 255.0) as u8,
        ((g + m) * 255.0) as u8,
        ((b + m) * 255.0) as u8,
    ]
}

/// Draws tile `index` (0-based) of `puzzle` as a `side`-pixel square in base orientation.
pub fn draw_tile(puzzle: &Puzzle, index: usize, side: u32, looks: &EdgeLooks) -> RgbaImage {
    let s = side.max(16) as i32;
    let mut img = RgbaImage::from_pixel(s as u32, s as u32, Rgba([250, 250, 250, 255]));
    let c = s / 2;
    let tile = &puzzle.tiles[index];
    // Triangle corners per side, and the marker's centre (a quarter of the way in).
    let sides = [
        (RIGHT, [(s - 1, 0), (s - 1, s - 1)], (s - s / 7, c)),
        (TOP, [(0, 0), (s - 1, 0)], (c, s / 7)),
        (LEFT, [(0, 0), (0, s - 1)], (s / 7, c)),
        (BOTTOM, [(0, s - 1), (s - 1, s - 1)], (c, s - s / 7)),
    ];
    let dark = |[r, g, b]: [u8; 3]| Rgba([r / 3, g / 3, b / 3, 255]);
    for (side_idx, [a, b], (mx, my)) in sides {
        let edge = tile.edges[side_idx];
        let colour = looks.colour(edge);
        let [red, green, blue] = colour;
        let poly = [Point::new(a.0, a.1), Point::new(b.0, b.1), Point::new(c, c)];
        draw_polygon_mut(&mut img, &poly, Rgba([red, green, blue, 255]));
        let r = s / 12;
        let at = |dx: i32, dy: i32| Point::new(mx + dx, my + dy);
        match looks.marker(edge) {
            Marker::Disc => draw_filled_circle_mut(&mut img, (mx, my), r, dark(colour)),
            Marker::Square => draw_filled_rect_mut(
                &mut img,
                Rect::at(mx - r, my - r).of_size(2 * r as u32 + 1, 2 * r as u32 + 1),
                dark(colour),
            ),
            Marker::Ring => {
                draw_filled_circle_mut(&mut img, (mx, my), r, dark(colour));
                draw_filled_circle_mut(&mut img, (mx, my), r / 2, Rgba([red, green, blue, 255]));
            }
            Marker::Triangle => {
                draw_polygon_mut(&mut img, &[at(0, -r), at(r, r), at(-r, r)], dark(colour))
            }
            Marker::Diamond => draw_polygon_mut(
                &mut img,
                &[at(0, -r), at(r, 0), at(0, r), at(-r, 0)],
                dark(colour),
            ),
        }
    }
    let line = Rgba([60, 60, 60, 255]);
    draw_line_segment_mut(&mut img, (0.0, 0.0), ((s - 1) as f32, (s - 1) as f32), line);
    draw_line_segment_mut(&mut img, ((s - 1) as f32, 0.0), (0.0, (s - 1) as f32), line);
    draw_filled_circle_mut(&mut img, (c, c), s / 7, Rgba([255, 255, 255, 255]));
    let (scale, ink) = ((s / 40).max(1), Rgba([20, 20, 20, 255]));
    draw_number(&mut img, index + 1, (c, c), scale, ink);
    // The number turns with its tile: underline those that read as another
    // number upside down (6 and 9, 16 and 91), as dice and billiard balls do.
    if upside_down_reads_otherwise(index + 1) {
        let text = (index + 1).to_string();
        let w = crate::gfx::font::text_width(&text, scale);
        let y = c + crate::gfx::font::text_height(scale) / 2 + scale;
        let underline = Rect::at(c - w / 2, y).of_size(w as u32, scale as u32);
        draw_filled_rect_mut(&mut img, underline, ink);
    }
    img
}

/// Does `n`, turned half round, read as a different number?
fn upside_down_reads_otherwise(n: usize) -> bool {
    let text = n.to_string();
    let turned: Option<String> = text
        .chars()
        .rev()
        .map(|d| match d {
            '0' | '1' | '8' => Some(d),
            '6' => Some('9'),
            '9' => Some('6'),
            _ => None,
        })
        .collect();
    turned.is_some_and(|t| t != text && !t.starts_with('0'))
}

/// Draws `n` centred on `centre`, each font pixel a `scale`-pixel square.
/// Generic so RGB boards (Domino Fit) share the font with RGBA tiles.
pub fn draw_number<C: imageproc::drawing::Canvas>(
    img: &mut C,
    n: usize,
    centre: (i32, i32),
    scale: i32,
    colour: C::Pixel,
) {
    crate::gfx::font::draw_text_centred(img, &n.to_string(), centre, scale, colour);
}

/// Writes `input/K.png` for every tile of the puzzle in `puzzle_dir` whose
/// picture is missing (all of them with `force`). Returns the files written.
pub fn draw_missing_tiles(
    puzzle_dir: &std::path::Path,
    side: u32,
    force: bool,
) -> Result<Vec<std::path::PathBuf>, crate::error::PuzzleError> {
    let input_dir = puzzle_dir.join("input");
    let puzzle = crate::kind::tiles::input::read_puzzle(&input_dir)?.puzzle;
    let looks = EdgeLooks::new(&puzzle);
    let mut written = Vec::new();
    let mut png = Vec::new();
    let mut writer = crate::fsio::writer::Writer::open(&input_dir, force)?;
    for index in 0..puzzle.tiles.len() {
        let name = format!("{}.png", index + 1);
        let path = writer.path(&name);
        // A link counts as there: skipped, never followed.
        if path.symlink_metadata().is_ok() && !force {
            continue;
        }
        let rgb = crate::kind::tiles::input::pictures::flatten_over_white(&draw_tile(
            &puzzle, index, side, &looks,
        ));
        crate::gfx::canvas::encode_png(&rgb, crate::gfx::canvas::PngEffort::Default, &mut png);
        writer.put(&name, &png)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::tiles::model::{Edge, Half, Tile};

    #[test]
    fn edges_show_their_token_colour_and_half_marker() {
        let puzzle = Puzzle {
            rows: 1,
            cols: 1,
            tiles: vec![Tile {
                edges: [
                    Edge::new(0, Half::Plus),
                    Edge::new(1, Half::Minus),
                    Edge::new(2, Half::Plus),
                    Edge::new(3, Half::Minus),
                ],
            }],
            tokens: ["red", "blu", "grn", "ylw"].map(String::from).to_vec(),
            matching: crate::kind::tiles::model::Matching::halves(4),
        };
        let colours = token_colours(&puzzle.tokens);
        assert_eq!(colours[0], [214, 39, 40]);
        let img = draw_tile(&puzzle, 0, 120, &EdgeLooks::new(&puzzle));
        let px = |x, y| {
            let p = img.get_pixel(x, y);
            [p[0], p[1], p[2]]
        };
        // Inside each edge's triangle, away from the marker, the token colour.
        assert_eq!(px(110, 40), colours[0]);
        assert_eq!(px(40, 8), colours[1]);
        assert_eq!(px(8, 80), colours[2]);
        assert_eq!(px(80, 112), colours[3]);
        // Marker centres are the darkened colour; a square's corner is filled, a disc's is not.
        assert_eq!(px(103, 60), colours[0].map(|c| c / 3));
        let r = 10;
        assert_eq!(px(60 + r - 1, 17 - r + 1), colours[1].map(|c| c / 3));
        assert_eq!(px(17 + r - 1, 60 - r + 1), colours[2]);
    }

    #[test]
    fn numbers_that_read_otherwise_upside_down_are_the_ones_underlined() {
        let marked: Vec<usize> = (1..=100)
            .filter(|&n| upside_down_reads_otherwise(n))
            .collect();
        assert_eq!(
            marked,
            [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]
        );
    }

    #[test]
    fn unnamed_tokens_get_distinct_colours() {
        let tokens: Vec<String> = (0..40)
            .map(|i| format!("t{i}"))
            .chain(["red".to_string()])
            .collect();
        let colours = token_colours(&tokens);
        let mut unique = colours.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), tokens.len());
    }
}
