//! Render cost against its floor, single-threaded, interleaved in one run.
//! Run by `scripts/bench-render`; the definitions it prints are the ones the
//! README's table uses.
//!
//! * floor: decode every tile PNG, copy every board's pixels once (the least
//!   compositing can do), encode each board whole with the default parse (the
//!   fastest encoder within the size bound: `--png fast` files are a third
//!   larger on the scans) and `fs::write` each board PNG into a folder that
//!   did not exist (a board that is not on disk is not rendered). The render
//!   compresses a row of tiles that several boards show once a puzzle,
//!   which the floor, knowing only pixels, cannot.
//! * render: `render -j 1` of the same puzzles into a folder that did not
//!   exist: everything the tool does (solving, texts, thumbnails, JSON,
//!   manifests, the gallery, temporary files, the journal, renames).
//! * re-render: `render --force -j 1` over the previous render's output
//!   (every file is read back and left alone when unchanged), shown beside.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use unscramble::kind::tiles::render;
use unscramble::pipeline::batch;

/// CPU time of the whole process, every thread (also ones that have
/// exited): on a machine shared with other work it moves far less than wall
/// time, which counts the time other processes hold the core.
fn cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
}

/// Wall and CPU time of `f`, pushed onto `into`.
fn timed<T>(
    into: &mut (Vec<Duration>, Vec<Duration>),
    f: impl FnOnce() -> Result<T, Box<dyn std::error::Error>>,
) -> Result<T, Box<dyn std::error::Error>> {
    let (t, c) = (Instant::now(), cpu());
    let out = f()?;
    into.1.push(cpu() - c);
    into.0.push(t.elapsed());
    Ok(out)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn files_below(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| keep(p))
        .collect();
    out.sort();
    out
}

fn is_png(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "png")
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
    // `all`: every solution drawn and no closest boards, as `scripts/bench-batch`.
    let all = args.get(3).is_some_and(|a| a == "all");
    let tmp = std::env::temp_dir().join(format!("unscramble-bench-render-{}", std::process::id()));
    let mut options = batch::Options::default();
    if all {
        options.output.max_images = 100_000;
        options.output.closest = false;
    }
    let force = batch::Options {
        force: true,
        ..options.clone()
    };
    let quiet = |_: &unscramble::present::summary::PuzzleReport| {};
    let mut fresh = 0;
    let mut fresh_dir = || {
        fresh += 1;
        tmp.join(format!("fresh-{fresh}"))
    };

    // One render first, to have the boards the floor encodes.
    let first = fresh_dir();
    batch::render_all(&puzzles, &first, &options, Some(1), &|_| {}, &quiet)?;
    let tiles: Vec<Vec<u8>> = files_below(&puzzles, &|p| {
        is_png(p) && p.parent().is_some_and(|d| d.ends_with("input"))
    })
    .iter()
    .map(std::fs::read)
    .collect::<Result<_, _>>()?;
    let is_board = |p: &Path| {
        is_png(p)
            && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                ["unsolved", "solution-", "closest-"]
                    .iter()
                    .any(|s| n.starts_with(s))
            })
    };
    let boards: Vec<render::Canvas> = files_below(&first, &is_board)
        .iter()
        .map(|p| image::open(p).map(|i| canvas(&i.into_rgb8())))
        .collect::<Result<_, _>>()?;
    let all_files = files_below(&first, &|_| true).len();
    let mut writer = unscramble::gfx::png::PngWriter::default();
    let (mut full, mut floor, mut again) = Default::default();
    let (mut buf, mut composite) = (Vec::new(), Vec::new());
    let mut previous = first;
    // Interleaved, so load from other processes falls on all alike.
    for _ in 0..runs {
        let out = fresh_dir();
        timed(&mut floor, || {
            for bytes in &tiles {
                std::hint::black_box(image::load_from_memory_with_format(
                    bytes,
                    image::ImageFormat::Png,
                )?);
            }
            std::fs::create_dir_all(&out)?;
            for (i, b) in boards.iter().enumerate() {
                composite.clear();
                composite.extend_from_slice(b.pixels());
                std::hint::black_box(&composite);
                b.encode(
                    (render::PngEffort::Default, &|| false),
                    &mut writer,
                    &mut buf,
                );
                std::fs::write(out.join(format!("{i}.png")), &buf)?;
            }
            Ok(())
        })?;
        let out = fresh_dir();
        timed(&mut full, || {
            Ok(batch::render_all(
                &puzzles,
                &out,
                &options,
                Some(1),
                &|_| {},
                &quiet,
            )?)
        })?;
        timed(&mut again, || {
            Ok(batch::render_all(
                &puzzles,
                &previous,
                &force,
                Some(1),
                &|_| {},
                &quiet,
            )?)
        })?;
        previous = out;
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    println!(
        "{} ({} boards, {all_files} files), median of {runs} interleaved runs, one thread, load average after {}",
        puzzles.display(),
        boards.len(),
        load.join(" ")
    );
    println!();
    println!("| what | wall, median | CPU, median |");
    println!("|---|---|---|");
    let row = |what: String, (wall, cpu): (Vec<Duration>, Vec<Duration>)| {
        let (w, c) = (median(wall), median(cpu));
        println!("| {what} | {:.1} ms | {:.1} ms |", ms(w), ms(c));
        (w, c)
    };
    let f = row(
        format!(
            "floor: decode {} tile PNGs, copy and encode {} boards, each whole (default parse, palette where <= 256 colours), fs::write each board PNG into a new folder",
            tiles.len(),
            boards.len()
        ),
        floor,
    );
    let r = row(
        format!("render -j 1 into a new folder ({all_files} files: boards, texts, thumbnails, JSON, manifests, gallery)"),
        full,
    );
    row(
        "render --force -j 1 over its previous output (reads every file back)".into(),
        again,
    );
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!(
        "| ratio render / floor | {:.2}x | {:.2}x |",
        ratio(r.0, f.0),
        ratio(r.1, f.1)
    );
    Ok(())
}
