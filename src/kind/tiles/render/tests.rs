use super::*;
use crate::kind::tiles::model::{Edge, Half, Tile};
use image::{Rgb, Rgba};

/// A tile whose every pixel differs, so any wrong turn or offset shows.
fn tile(seed: u8, side: u32) -> RgbaImage {
    RgbaImage::from_fn(side, side, |x, y| {
        Rgba([seed, (x * 37 + y) as u8, (y * 53 + x * 3) as u8, 255])
    })
}

fn puzzle(rows: usize, cols: usize) -> Puzzle {
    let e = Edge::new(0, Half::Plus);
    Puzzle {
        rows,
        cols,
        tiles: vec![Tile { edges: [e; 4] }; rows * cols],
        tokens: vec!["a".into()],
        matching: crate::kind::tiles::model::Matching::halves(1),
    }
}

/// Where base pixel (x, y) of a side-`s` tile lands after `turns` counter-clockwise turns.
fn turned_xy(x: u32, y: u32, s: u32, turns: u8) -> (u32, u32) {
    match turns % 4 {
        0 => (x, y),
        1 => (y, s - 1 - x),
        2 => (s - 1 - x, s - 1 - y),
        _ => (s - 1 - y, x),
    }
}

fn assert_black_frame(img: &RgbImage) {
    let black = Rgb([0, 0, 0]);
    let (w, h) = img.dimensions();
    assert!((0..w).all(|x| img.get_pixel(x, 0) == &black && img.get_pixel(x, h - 1) == &black));
    assert!((0..h).all(|y| img.get_pixel(0, y) == &black && img.get_pixel(w - 1, y) == &black));
}

#[test]
fn cells_are_the_tiles_turned_counter_clockwise() {
    let s = 5;
    let pics: Vec<RgbaImage> = (0..4).map(|k| tile(k * 60, s)).collect();
    let p = puzzle(2, 2);
    let mut r = Renderer::new(&p, &pics, Style::default());
    let board: Vec<Placement> = [(3, 0), (0, 1), (2, 2), (1, 3)]
        .iter()
        .map(|&(tile, turns)| Placement { tile, turns })
        .collect();
    // Twice: the second board reuses the canvas and the cached turns.
    for _ in 0..2 {
        let img = r.board(&board).clone();
        assert_eq!(img.dimensions(), (2 * s + 2, 2 * s + 2));
        for (cell, pl) in board.iter().enumerate() {
            let (cx, cy) = (1 + (cell as u32 % 2) * s, 1 + (cell as u32 / 2) * s);
            let base = &pics[usize::from(pl.tile)];
            for (x, y, px) in base.enumerate_pixels() {
                let (tx, ty) = turned_xy(x, y, s, pl.turns);
                let shown = img.get_pixel(cx + tx, cy + ty);
                assert_eq!(
                    shown.0,
                    [px[0], px[1], px[2]],
                    "cell {cell} pixel ({x},{y})"
                );
            }
        }
        assert_black_frame(&img);
        r.unsolved();
    }
    // A turn of one quarter moves the top-right corner to the top-left.
    let (x, y) = turned_xy(s - 1, 0, s, 1);
    assert_eq!((x, y), (0, 0));
}

#[test]
fn transparency_is_composited_over_white() {
    let pic = RgbaImage::from_fn(2, 2, |x, _| {
        if x == 0 {
            Rgba([0, 0, 0, 0])
        } else {
            Rgba([0, 0, 200, 128])
        }
    });
    let p = puzzle(1, 1);
    let mut r = Renderer::new(&p, &[pic], Style::default());
    let img = r.unsolved();
    assert_eq!(img.get_pixel(1, 1), &Rgb([255, 255, 255]));
    assert_eq!(img.get_pixel(2, 1), &Rgb([127, 127, 227]));
}

#[test]
fn tile_size_scales_every_tile_once() {
    let pics: Vec<RgbaImage> = (0..4)
        .map(|k| RgbaImage::from_pixel(40, 40, Rgba([k * 50, 10, 10, 255])))
        .collect();
    let p = puzzle(2, 2);
    let style = Style {
        tile_size: Some(16),
        ..Style::default()
    };
    let mut r = Renderer::new(&p, &pics, style);
    assert_eq!(r.size(), [34, 34]);
    let img = r.unsolved();
    // A flat tile stays flat when scaled.
    assert_eq!(img.get_pixel(1 + 16 + 8, 1 + 16 + 8), &Rgb([150, 10, 10]));
}

fn flat_tiles(s: u32) -> Vec<RgbaImage> {
    (0..4)
        .map(|k| RgbaImage::from_pixel(s, s, Rgba([k as u8 * 60, 90, 90, 255])))
        .collect()
}

fn turned_board() -> Vec<Placement> {
    (0..4)
        .map(|t| Placement {
            tile: t,
            turns: t % 4,
        })
        .collect()
}

#[test]
fn highlights_draw_only_on_top_of_the_board() {
    let s = 60;
    let (p, pics, board) = (puzzle(2, 2), flat_tiles(s), turned_board());
    let plain = Renderer::new(&p, &pics, Style::default())
        .board(&board)
        .clone();
    let style = Style {
        highlight: true,
        ..Style::default()
    };
    let drawn = Renderer::new(&p, &pics, style).board(&board).clone();
    let changed = plain
        .pixels()
        .zip(drawn.pixels())
        .filter(|(a, b)| a != b)
        .count();
    let total = (plain.width() * plain.height()) as usize;
    assert!(changed > 0 && changed < total / 4, "{changed} of {total}");
    assert_black_frame(&drawn);
    for cell in 0..4u32 {
        let (cx, cy) = (1 + (cell % 2) * s + s / 2, 1 + (cell / 2) * s + s / 2);
        assert_eq!(plain.get_pixel(cx, cy), drawn.get_pixel(cx, cy), "{cell}");
    }
}

fn labelled() -> Style {
    Style {
        labels: true,
        ..Style::default()
    }
}

#[test]
fn labels_go_in_a_key_below_the_board_and_cover_no_tile_picture() {
    let s = 120;
    let (p, pics) = (puzzle(2, 2), flat_tiles(s));
    let board = turned_board();
    for unsolved in [false, true] {
        let draw = |style| {
            let mut r = Renderer::new(&p, &pics, style);
            if unsolved {
                r.unsolved().clone()
            } else {
                r.board(&board).clone()
            }
        };
        let (plain, drawn) = (draw(Style::default()), draw(labelled()));
        assert_eq!(drawn.width(), plain.width());
        let key = crate::kind::tiles::overlay::key_height(2, s);
        assert_eq!(drawn.height(), plain.height() + key);
        // Every pixel of the board, tiles and frame, is what it is without labels.
        for (x, y, px) in plain.enumerate_pixels() {
            assert_eq!(drawn.get_pixel(x, y), px, "({x}, {y}) unsolved: {unsolved}");
        }
        assert_black_frame(&drawn);
        let dark = (plain.height()..drawn.height())
            .flat_map(|y| (0..drawn.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| drawn.get_pixel(x, y) == &Rgb([20, 20, 20]))
            .count();
        assert!(dark > 0, "the key has text (unsolved: {unsolved})");
    }
}

#[test]
fn a_tile_turned_twice_has_its_number_upright_in_the_key() {
    let s = 120;
    let (p, pics) = (puzzle(1, 2), flat_tiles(s));
    let key_of = |turns: u8| {
        let board = [
            Placement { tile: 5, turns },
            Placement { tile: 1, turns: 0 },
        ];
        let mut pics = pics.clone();
        pics.extend(flat_tiles(s));
        let img = Renderer::new(&p, &pics, labelled()).board(&board).clone();
        let top = s + 2 * FRAME;
        image::imageops::crop_imm(&img, 0, top, img.width(), img.height() - top).to_image()
    };
    let (upright, turned) = (key_of(0), key_of(2));
    // `t6 ` is the same pixels in both; only the turns digit differs.
    let scale = (s / 60) as i32;
    let number_width =
        (FRAME as i32 + 2 * scale + crate::gfx::font::text_width("t6 ", scale)) as u32;
    let differ = |x0: u32, x1: u32| {
        (x0..x1)
            .flat_map(|x| (0..upright.height()).map(move |y| (x, y)))
            .filter(|&(x, y)| upright.get_pixel(x, y) != turned.get_pixel(x, y))
            .count()
    };
    assert_eq!(differ(0, number_width), 0, "the number reads the same");
    assert!(differ(number_width, s) > 0, "r0 and r2 differ");
    // And it is the font's upright `6`, not the glyph turned.
    let mut want = RgbImage::from_pixel(upright.width(), upright.height(), Rgb([255, 255, 255]));
    let at = (FRAME as i32 + 2 * scale, 2 * scale);
    crate::gfx::font::draw_text(&mut want, "t6", at, scale, Rgb([20, 20, 20]));
    let glyphs = crate::gfx::font::text_width("t6", scale) as u32;
    for x in at.0 as u32..at.0 as u32 + glyphs {
        for y in at.1 as u32..at.1 as u32 + 5 * scale as u32 {
            assert_eq!(turned.get_pixel(x, y), want.get_pixel(x, y), "({x}, {y})");
        }
    }
}

#[test]
fn encoding_is_deterministic_and_lossless_at_every_effort() {
    let p = puzzle(1, 2);
    let mut r = Renderer::new(&p, &[tile(1, 4), tile(2, 4)], Style::default());
    let img = r.unsolved().clone();
    for effort in [PngEffort::Fast, PngEffort::Default, PngEffort::Best] {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        encode_png(&img, effort, &mut a);
        encode_png(&img, effort, &mut b);
        assert_eq!(a, b);
        let back = crate::gfx::png::strict::decode(&a)
            .expect("decode")
            .into_rgb8();
        assert_eq!(back, img, "{effort:?}");
    }
}

/// `Best` on real boards: the bundled puzzles' tiles, unturned and turned,
/// scaled. Before `Best` kept the smaller of two encodings, it wrote larger
/// files than `Default` on 70 of the 73 committed boards.
#[test]
fn best_is_never_larger_than_default_on_bundled_boards() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let (mut best_total, mut default_total) = (0, 0);
    for name in ["3x3-original", "cats-scramble-squares", "dogs-squareshack"] {
        let input = root.join(name).join("input");
        let p = crate::kind::tiles::input::read_puzzle(&input)
            .expect("bundled puzzle")
            .puzzle;
        let pictures = crate::kind::tiles::input::pictures::load(&input, p.tiles.len(), 4096)
            .expect("pictures");
        // Small tiles: Zopfli takes seconds on a full-size board.
        for tile_size in [Some(32), Some(48)] {
            let style = Style {
                tile_size,
                ..Style::default()
            };
            let mut r = Renderer::new(&p, &pictures, style);
            let turned: Vec<Placement> = (0..p.cells())
                .map(|c| Placement {
                    tile: c as u8,
                    turns: (c % 4) as u8,
                })
                .collect();
            for img in [r.unsolved().clone(), r.board(&turned).clone()] {
                let (mut best, mut default) = (Vec::new(), Vec::new());
                encode_png(&img, PngEffort::Best, &mut best);
                encode_png(&img, PngEffort::Default, &mut default);
                assert!(
                    best.len() <= default.len(),
                    "{name} {tile_size:?}: best {} > default {}",
                    best.len(),
                    default.len()
                );
                let back = crate::gfx::png::strict::decode(&best)
                    .expect("decode")
                    .into_rgb8();
                assert_eq!(back, img, "{name} {tile_size:?}");
                best_total += best.len();
                default_total += default.len();
            }
        }
    }
    // Strictly smaller overall: a `Best` that merely equals `Default` is not worth its time.
    assert!(
        best_total < default_total,
        "{best_total} vs {default_total}"
    );
}

/// Few colours: boards are painted as palette indices that expand to exactly
/// the RGB board; past 256 colours, the same set paints RGB.
#[test]
fn indexed_boards_show_the_same_pixels_as_rgb_ones() {
    let few = |k: u8, side: u32| {
        RgbaImage::from_fn(side, side, |x, y| {
            Rgba([k * 40, ((x / 3) * 50) as u8, ((y / 4) * 60) as u8, 255])
        })
    };
    let pics: Vec<RgbaImage> = (0..4).map(|k| few(k, 9)).collect();
    let board: Vec<Placement> = [(3, 1), (0, 2), (2, 3), (1, 0)]
        .iter()
        .map(|&(tile, turns)| Placement { tile, turns })
        .collect();
    let shape = (2, 2, 0);
    let flat: Vec<RgbImage> = pics.iter().map(flatten_over_white).collect();
    let indexed = TileSet::new(shape, TilePictures::Rgb(flat.clone()), Scale::Keep, true);
    let rgb = TileSet::new(shape, TilePictures::Rgb(flat), Scale::Keep, false);
    assert!(indexed.is_indexed() && !rgb.is_indexed());
    let (mut a, mut b) = (Canvas::default(), Canvas::default());
    indexed.paint(&board, &mut a);
    rgb.paint(&board, &mut b);
    assert_eq!(a.pixels().len() * 3, b.pixels().len());
    assert!(a.to_rgb() == *b.rgb());
    assert_black_frame(&a.to_rgb());
    // Encoded: a palette PNG (IHDR's colour type 3) with the same pixels.
    let (mut pa, mut pb, mut writer) = (
        Vec::new(),
        Vec::new(),
        crate::gfx::png::PngWriter::default(),
    );
    a.encode((PngEffort::Default, &|| false), &mut writer, &mut pa);
    b.encode((PngEffort::Default, &|| false), &mut writer, &mut pb);
    let back = crate::gfx::png::strict::decode(&pa)
        .expect("decode")
        .into_rgb8();
    assert!(back == *b.rgb());
    assert_eq!((pa[25], pb[25]), (3, 2));
    // Every pixel its own colour: 4 x 81 > 256, so RGB.
    let many: Vec<RgbaImage> = (0..4).map(|k| tile(k * 60, 9)).collect();
    let many: Vec<RgbImage> = many.iter().map(flatten_over_white).collect();
    assert!(!TileSet::new(shape, TilePictures::Rgb(many), Scale::Keep, true).is_indexed());
}

#[test]
fn shrunk_tiles_are_block_means() {
    // A 4 x 4 tile of 2 x 2 blocks, each block one colour but for one pixel.
    let pic = RgbaImage::from_fn(4, 4, |x, y| {
        let v = if (x, y) == (1, 1) {
            100
        } else {
            ((x / 2) * 20 + (y / 2) * 40) as u8
        };
        Rgba([v, v, v, 255])
    });
    let p = puzzle(1, 1);
    let full = TileSet::new(
        (1, 1, 0),
        TilePictures::Rgb(vec![flatten_over_white(&pic)]),
        Scale::Keep,
        false,
    );
    let small = full.shrunk(2);
    assert_eq!(small.size(), [4, 4]);
    let mut c = Canvas::default();
    paint_unsolved(&p, Style::default(), &small, &mut c);
    // Five colours: painted as palette indices, as thumbnails of drawn tiles are.
    assert!(small.is_indexed());
    let img = c.to_rgb();
    // (0 + 0 + 0 + 100) / 4 = 25; the other blocks are flat.
    assert_eq!(img.get_pixel(1, 1).0, [25, 25, 25]);
    assert_eq!(img.get_pixel(2, 1).0, [20, 20, 20]);
    assert_eq!(img.get_pixel(1, 2).0, [40, 40, 40]);
    assert_eq!(img.get_pixel(2, 2).0, [60, 60, 60]);
    // Shrinking tiles held as palette indices gives the same thumbnail.
    let indexed = TileSet::new(
        (1, 1, 0),
        TilePictures::Rgb(vec![flatten_over_white(&pic)]),
        Scale::Keep,
        true,
    );
    assert!(indexed.is_indexed());
    let mut d = Canvas::default();
    paint_unsolved(&p, Style::default(), &indexed.shrunk(2), &mut d);
    assert!(d.to_rgb() == img);
}
