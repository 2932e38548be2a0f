//! Every board PNG below a folder, decoded, then encoded again by each
//! candidate encoder: CPU time per board (this thread's, so other processes
//! on a shared machine count less) and total bytes, as a Markdown table.
//! Usage: bench-encoders FOLDER [WIDTH]  (WIDTH: only boards that wide)

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};
use std::collections::BTreeSet;
use std::io::Write;
use unscramble::encode::{Method, Pixels, PngWriter};

fn cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn boards(dir: &str, width: Option<u32>) -> Vec<RgbImage> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy();
            n.ends_with(".png") && ["unsolved", "solution-", "closest-"].iter().any(|s| n.starts_with(s))
        })
        .filter_map(|e| image::open(e.path()).ok().map(|i| i.into_rgb8()))
        .filter(|b| width.is_none_or(|w| b.width() == w))
        .collect()
}

/// PNG filter `f` (0 none, 1 sub, 2 up, 4 Paeth) on every row, with filter bytes.
fn filtered(img: &RgbImage, f: u8) -> Vec<u8> {
    let w = img.width() as usize * 3;
    let raw = img.as_raw();
    let zero = vec![0u8; w];
    let mut out = Vec::with_capacity(raw.len() + img.height() as usize);
    for (y, row) in raw.chunks_exact(w).enumerate() {
        let up = if y == 0 { &zero[..] } else { &raw[(y - 1) * w..y * w] };
        out.push(f);
        for x in 0..w {
            let a = if x >= 3 { row[x - 3] } else { 0 };
            let (b, c) = (up[x], if x >= 3 { up[x - 3] } else { 0 });
            let predictor = match f {
                0 => 0,
                1 => a,
                2 => b,
                _ => {
                    let p = i16::from(a) + i16::from(b) - i16::from(c);
                    let (pa, pb, pc) = ((p - i16::from(a)).abs(), (p - i16::from(b)).abs(), (p - i16::from(c)).abs());
                    if pa <= pb && pa <= pc { a } else if pb <= pc { b } else { c }
                }
            };
            out.push(row[x].wrapping_sub(predictor));
        }
    }
    out
}

fn palette(b: &RgbImage) -> Option<(Vec<[u8; 3]>, Vec<u8>)> {
    let colours: BTreeSet<[u8; 3]> = b.pixels().map(|p| p.0).collect();
    if colours.len() > 256 {
        return None;
    }
    let p: Vec<[u8; 3]> = colours.into_iter().collect();
    let idx = b.pixels().map(|px| p.binary_search(&px.0).map_or(0, |i| i as u8)).collect();
    Some((p, idx))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map_or("output", String::as_str);
    let width = args.get(2).and_then(|w| w.parse().ok());
    let boards = boards(dir, width);
    let indexed: Vec<_> = boards.iter().map(palette).collect();
    let sizes: BTreeSet<u32> = boards.iter().map(|b| b.width()).collect();
    println!(
        "{} boards from {dir} (widths {sizes:?}), {} of them with at most 256 colours\n",
        boards.len(),
        indexed.iter().filter(|i| i.is_some()).count()
    );
    println!("| encoder | settings | CPU ms per board | bytes | vs image default |");
    println!("|---|---|---|---|---|");
    let mut reference = 0usize;
    let mut run = |encoder: &str, settings: String, f: &mut dyn FnMut(usize, &RgbImage) -> usize| {
        let t = cpu_seconds();
        let bytes: usize = boards.iter().enumerate().map(|(i, b)| f(i, b)).sum();
        let ms = (cpu_seconds() - t) * 1e3 / boards.len().max(1) as f64;
        if encoder == "image (png crate)" && settings == "Default, Adaptive" {
            reference = bytes;
        }
        let ratio = if reference > 0 { format!("{:.2}", bytes as f64 / reference as f64) } else { "-".into() };
        println!("| {encoder} | {settings} | {ms:.2} | {bytes} | {ratio} |");
    };
    let image_filters = [
        ("Adaptive", FilterType::Adaptive),
        ("NoFilter", FilterType::NoFilter),
        ("Sub", FilterType::Sub),
        ("Up", FilterType::Up),
        ("Paeth", FilterType::Paeth),
    ];
    for (cname, c) in [("Default", CompressionType::Default), ("Fast", CompressionType::Fast), ("Best", CompressionType::Best)] {
        for (fname, f) in image_filters {
            if cname == "Best" && !matches!(fname, "Adaptive" | "NoFilter") {
                continue;
            }
            run("image (png crate)", format!("{cname}, {fname}"), &mut |_, b| {
                let mut out = Vec::new();
                let e = PngEncoder::new_with_quality(&mut out, c, f);
                e.write_image(b.as_raw(), b.width(), b.height(), image::ExtendedColorType::Rgb8)
                    .expect("encode");
                out.len()
            });
        }
    }
    let filters = [("none", 0u8), ("up", 2), ("Paeth", 4)];
    for (fname, f) in filters {
        for level in [1u32, 2, 4, 6, 9] {
            run("flate2 + zlib-rs", format!("level {level}, {fname}"), &mut |_, b| {
                let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(level));
                e.write_all(&filtered(b, f)).expect("write");
                e.finish().expect("finish").len() + 57
            });
        }
        for level in [1i32, 6] {
            run("libdeflater", format!("level {level}, {fname}"), &mut |_, b| {
                let data = filtered(b, f);
                let mut c = libdeflater::Compressor::new(libdeflater::CompressionLvl::new(level).expect("level"));
                let mut out = vec![0u8; c.zlib_compress_bound(data.len())];
                c.zlib_compress(&data, &mut out).expect("compress") + 57
            });
        }
    }
    let mut w = PngWriter::default();
    let mut out = Vec::new();
    for (name, method) in [("tile parse (default)", Method::Tiles), ("nearby only (fast)", Method::Near)] {
        run("unscramble", format!("{name}, RGB"), &mut |_, b| {
            w.encode(b.width(), b.height(), Pixels::Rgb(b.as_raw()), method, &mut out);
            out.len()
        });
        run("unscramble", format!("{name}, palette where possible"), &mut |i, b| {
            let pixels = match &indexed[i] {
                Some((palette, indices)) => Pixels::Indexed { palette, indices },
                None => Pixels::Rgb(b.as_raw()),
            };
            w.encode(b.width(), b.height(), pixels, method, &mut out);
            out.len()
        });
    }
}
