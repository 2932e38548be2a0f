//! Render cost against its floor: a full `render --force -j 1` of a puzzles
//! folder versus only decoding the same tile PNGs and encoding the same boards
//! with the same settings. Run by `scripts/bench-render`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use unscramble::kind::tiles::render;
use unscramble::pipeline::batch;

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

/// The board as the renderer holds it: palette indices when it has at
/// most 256 colours, RGB otherwise.
fn canvas(rgb: &image::RgbImage) -> render::Canvas {
    let colours: std::collections::BTreeSet<[u8; 3]> = rgb.pixels().map(|p| p.0).collect();
    let mut c = render::Canvas::default();
    if colours.len() <= 256 {
        let palette: Vec<[u8; 3]> = colours.into_iter().collect();
        let indices: Vec<u8> = rgb
            .pixels()
            .map(|p| palette.binary_search(&p.0).map_or(0, |i| i as u8))
            .collect();
        c.reset(rgb.width(), rgb.height(), Some(palette.into()));
        c.pixels_mut().copy_from_slice(&indices);
    } else {
        c.reset(rgb.width(), rgb.height(), None);
        c.pixels_mut().copy_from_slice(rgb.as_raw());
    }
    c
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
    let quiet = |_: &unscramble::present::summary::PuzzleReport| {};

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
    // Boards only, not the thumbnails (the render makes those on top).
    let is_board = |p: &Path| {
        p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
            ["unsolved", "solution-", "closest-"]
                .iter()
                .any(|s| n.starts_with(s))
        })
    };
    let boards: Vec<render::Canvas> = pngs_below(&out, &is_board)
        .iter()
        .map(|p| image::open(p).map(|i| canvas(&i.into_rgb8())))
        .collect::<Result<_, _>>()?;
    let mut writer = unscramble::gfx::png::PngWriter::default();
    // Every file the render wrote (boards, thumbnails, texts, JSON), to time
    // putting the same bytes on disk with plain `fs::write`.
    let written: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(&out)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(&out).map(Path::to_path_buf);
            (rel, std::fs::read(e.path()))
        })
        .filter_map(|(rel, bytes)| Some((rel.ok()?, bytes.ok()?)))
        .collect();
    let mut writes = Vec::new();
    // Interleaved, so load from other processes falls on both alike.
    let (mut full, mut floor) = (Vec::new(), Vec::new());
    let (mut buf, mut composite) = (Vec::new(), Vec::new());
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
            // Compositing writes every board pixel once: one copy of the
            // board is its least cost.
            composite.clear();
            composite.extend_from_slice(b.pixels());
            std::hint::black_box(&composite);
            b.encode(render::PngEffort::Default, &mut writer, &mut buf);
            std::hint::black_box(&buf);
        }
        floor.push(t.elapsed());
        // Into a folder that never existed (ext4 is slow to recreate files
        // just after deleting many).
        let fresh = tmp.join(format!("plain-{}", writes.len()));
        let t = Instant::now();
        for (rel, bytes) in &written {
            let path = fresh.join(rel);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&path, bytes)?;
        }
        writes.push(t.elapsed());
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let (f, r, w) = (median(floor), median(full), median(writes));
    println!("| what | median of {runs} runs |");
    println!("|---|---|");
    println!(
        "| floor: decode {} tile PNGs, copy and encode {} boards (palette where <= 256 colours) | {:.1} ms |",
        tiles.len(),
        boards.len(),
        f.as_secs_f64() * 1e3
    );
    println!(
        "| full render --force -j 1 (solve, composite, encode, thumbnails, hash, write) | {:.1} ms |",
        r.as_secs_f64() * 1e3
    );
    println!(
        "| plain fs::write of the render's {} files into a new folder | {:.1} ms |",
        written.len(),
        w.as_secs_f64() * 1e3
    );
    println!(
        "| ratio render / floor | {:.2}x |",
        r.as_secs_f64() / f.as_secs_f64()
    );
    println!(
        "| ratio render / (floor + plain writes) | {:.2}x |",
        r.as_secs_f64() / (f + w).as_secs_f64()
    );
    Ok(())
}
