//! Renumbers and turns a tile puzzle's pieces, notation and pictures
//! together, so that its unsolved board (tile K at cell K, unturned) stops
//! looking solved while its solutions stay the same boards. Run once per
//! puzzle by `scripts/scramble-bundled`, which lists the permutations used.
//!
//! `cargo run --example scramble -- PUZZLE_DIR ORDER TURNS`: new tile K is
//! old tile `ORDER[K]` turned `TURNS[K]` quarter turns counter-clockwise
//! (both comma-separated, one entry per tile), in the project's convention:
//! turned side `e` shows old side `(e - turns) mod 4`, and its picture turns
//! the same way.

use std::fmt::Write;
use std::path::Path;
use unscramble::kind::tiles::model::{Half, Matching, Placement};

/// Marks a scrambled `tile_dict.yaml`, so a second run is refused instead
/// of scrambling twice.
const MARK: &str = "# Scrambled by examples/scramble.rs";

fn list(arg: &str) -> anyhow::Result<Vec<usize>> {
    Ok(arg
        .split(',')
        .map(|s| s.trim().parse())
        .collect::<Result<_, _>>()?)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, order, turns] = &args[..] else {
        anyhow::bail!("usage: scramble PUZZLE_DIR ORDER TURNS (see the file's comment)");
    };
    let (order, turns) = (list(order)?, list(turns)?);
    let input = Path::new(dir).join("input");
    let yaml = input.join("tile_dict.yaml");
    let text = std::fs::read_to_string(&yaml)?;
    anyhow::ensure!(!text.starts_with(MARK), "{dir} is scrambled already");
    let puzzle = unscramble::kind::tiles::input::read_puzzle(&input)?.puzzle;
    let n = puzzle.tiles.len();
    anyhow::ensure!(
        order.len() == n && turns.len() == n,
        "give {n} tiles and {n} turns"
    );
    let mut sorted = order.clone();
    sorted.sort_unstable();
    anyhow::ensure!(
        sorted == (1..=n).collect::<Vec<_>>(),
        "ORDER is no permutation of 1..{n}"
    );
    anyhow::ensure!(
        puzzle.matching == Matching::halves(puzzle.tokens.len()),
        "only '+'/'-' halves are written back"
    );
    let identity: Vec<Placement> = (0..n as u8)
        .map(|tile| Placement { tile, turns: 0 })
        .collect();
    let mut out = format!("{MARK}: new tile K is old tile ORDER[K] turned TURNS[K] quarter turns counter-clockwise\n# ORDER {order:?}\n# TURNS {turns:?}\n");
    let mut pictures = Vec::new();
    for (k, (&old, &t)) in order.iter().zip(&turns).enumerate() {
        let tile = &puzzle.tiles[old - 1];
        let edges: Vec<String> = (0..4)
            .map(|side| {
                let e = tile.edge(side, t as u8);
                let half = if e.half() == Half::Plus { '+' } else { '-' };
                format!(
                    "['{}', '{half}']",
                    puzzle.tokens[e.token()].replace('\'', "''")
                )
            })
            .collect();
        writeln!(out, "{}: [{}]", k + 1, edges.join(", "))?;
        let picture = image::open(input.join(format!("{old}.png")))?;
        // `rotate270` turns clockwise three quarters: one counter-clockwise.
        let turned = (0..t % 4).fold(picture, |p, _| p.rotate270());
        pictures.push(turned);
    }
    let scrambled =
        unscramble::kind::tiles::input::parse_notation(&yaml, out.as_bytes(), None)?.puzzle;
    anyhow::ensure!(
        scrambled.check(&identity).is_err(),
        "the key order would still be a solution: pick other ORDER/TURNS"
    );
    std::fs::write(&yaml, out)?;
    for (k, p) in pictures.iter().enumerate() {
        save(&p.to_rgba8(), &input.join(format!("{}.png", k + 1)))?;
    }
    Ok(())
}

/// Writes RGBA as the `png` crate's smallest: the `image` crate's default
/// settings made these pictures two to three times their original size.
fn save(picture: &image::RgbaImage, path: &Path) -> anyhow::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, picture.width(), picture.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(picture.as_raw())?;
    writer.finish()?;
    Ok(())
}
