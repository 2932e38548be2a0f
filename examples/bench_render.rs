//! Render cost against its floor: a full `render --force -j 1` of a puzzles
//! folder versus only decoding the same tile PNGs and encoding the same boards
//! with the same settings. Run by `scripts/bench-render`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use unscramble::{batch, render};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn pngs_below(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "png") && keep(p))
        .collect();
    out.sort();
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let puzzles = PathBuf::from(args.get(1).map_or("puzzles", String::as_str));
    let runs: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let tmp = std::env::temp_dir().join(format!("unscramble-bench-render-{}", std::process::id()));
    let out = tmp.join("output");
    let options = batch::Options {
        force: true,
        ..batch::Options::default()
    };
    let quiet = |_: &unscramble::summary::PuzzleReport| {};

    // One render first, to have the boards the floor encodes.
    batch::render_all(&puzzles, &out, &options, Some(1), &|_| {}, &quiet)?;
    // The floor's inputs: the tile files, and the boards the render produced
    // (decoded outside the timing).
    let tiles: Vec<Vec<u8>> = pngs_below(&puzzles, &|p| {
        p.parent().is_some_and(|d| d.ends_with("input"))
    })
    .iter()
    .map(std::fs::read)
    .collect::<Result<_, _>>()?;
    let boards: Vec<image::RgbImage> = pngs_below(&out, &|_| true)
        .iter()
        .map(|p| image::open(p).map(|i| i.into_rgb8()))
        .collect::<Result<_, _>>()?;
    // Interleaved, so load from other processes falls on both alike.
    let (mut full, mut floor) = (Vec::new(), Vec::new());
    let mut buf = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        batch::render_all(&puzzles, &out, &options, Some(1), &|_| {}, &quiet)?;
        full.push(t.elapsed());
        let t = Instant::now();
        for bytes in &tiles {
            std::hint::black_box(image::load_from_memory_with_format(
                bytes,
                image::ImageFormat::Png,
            )?);
        }
        for b in &boards {
            render::encode_png(b, render::PngEffort::Default, &mut buf);
            std::hint::black_box(&buf);
        }
        floor.push(t.elapsed());
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let (f, r) = (median(floor), median(full));
    println!("| what | median of {runs} runs |");
    println!("|---|---|");
    println!(
        "| floor: decode {} tile PNGs + encode {} boards | {:.1} ms |",
        tiles.len(),
        boards.len(),
        f.as_secs_f64() * 1e3
    );
    println!(
        "| full render --force -j 1 (solve, composite, encode, hash, write) | {:.1} ms |",
        r.as_secs_f64() * 1e3
    );
    println!(
        "| ratio render / floor | {:.2}x |",
        r.as_secs_f64() / f.as_secs_f64()
    );
    Ok(())
}
