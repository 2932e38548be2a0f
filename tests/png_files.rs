//! Every PNG in the committed `output/`, and in a fresh render, read by a
//! decoder that shares no code with the `png` crate: the chunks walked here,
//! each CRC checked with `crc32fast`, and each image's zlib stream inflated
//! by `flate2`, which checks the Adler-32 as zlib and libpng do, to exactly
//! the scanline bytes its header declares. The tests that decode boards use
//! the `png` crate (with its checksums on); this one keeps a file that only
//! a lenient reader accepts out of `output/` even after regenerating it.

mod common;
use common::*;
use std::io::Read;
use std::path::Path;

/// One image's compressed scanlines: the `IDAT`s, or an APNG frame's
/// `fdAT`s, and the size of the picture they hold.
struct Stream {
    width: u32,
    height: u32,
    data: Vec<u8>,
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

/// The file's images, after checking its signature, every chunk's length
/// and CRC, that `IHDR` comes first and `IEND` last with nothing after it,
/// and that the `IDAT`s follow one another.
fn streams(bytes: &[u8]) -> Result<(Vec<u8>, Vec<Stream>), String> {
    let rest = bytes
        .strip_prefix(b"\x89PNG\r\n\x1a\n")
        .ok_or("no PNG signature")?;
    let (mut at, mut ihdr, mut out) = (0, None::<Vec<u8>>, Vec::<Stream>::new());
    let (mut prev, mut seen_idat, mut frame) = (*b"none", false, None::<(u32, u32)>);
    loop {
        let head = rest.get(at..at + 8).ok_or("the file ends inside a chunk")?;
        let len = be32(head) as usize;
        let kind: [u8; 4] = head[4..8].try_into().map_err(|_| "chunk type")?;
        let name = String::from_utf8_lossy(&kind).into_owned();
        let body = rest
            .get(at + 4..at + 8 + len + 4)
            .ok_or_else(|| format!("{name}: the file ends inside the chunk"))?;
        let (typed, crc) = body.split_at(4 + len);
        if crc32fast::hash(typed) != be32(crc) {
            return Err(format!("{name}: CRC mismatch"));
        }
        let data = &typed[4..];
        at += 12 + len;
        match (&kind, &ihdr) {
            (b"IHDR", None) if len == 13 => ihdr = Some(data.to_vec()),
            (_, None) => return Err(format!("{name} before IHDR")),
            (b"IHDR", Some(_)) => return Err("a second IHDR".into()),
            (b"IDAT", Some(h)) => {
                if prev != *b"IDAT" {
                    if seen_idat {
                        return Err("IDAT chunks apart".into());
                    }
                    let (width, height) = (be32(&h[0..4]), be32(&h[4..8]));
                    out.push(Stream {
                        width,
                        height,
                        data: Vec::new(),
                    });
                }
                seen_idat = true;
                out.last_mut().ok_or("IDAT")?.data.extend_from_slice(data);
            }
            (b"fcTL", _) if len == 26 => frame = Some((be32(&data[4..8]), be32(&data[8..12]))),
            (b"fdAT", _) if len >= 4 => {
                if prev == *b"fcTL" {
                    let (width, height) = frame.ok_or("fdAT without fcTL")?;
                    out.push(Stream {
                        width,
                        height,
                        data: Vec::new(),
                    });
                } else if prev != *b"fdAT" {
                    return Err("fdAT not after its fcTL".into());
                }
                out.last_mut()
                    .ok_or("fdAT")?
                    .data
                    .extend_from_slice(&data[4..]);
            }
            (b"IEND", _) if len == 0 => {
                if at != rest.len() {
                    return Err(format!("{} bytes after IEND", rest.len() - at));
                }
                break;
            }
            (b"fcTL" | b"fdAT" | b"IEND", _) => return Err(format!("{name}: bad length")),
            _ => {}
        }
        prev = kind;
    }
    let ihdr = ihdr.ok_or("no IHDR")?;
    if !seen_idat {
        return Err("no IDAT".into());
    }
    Ok((ihdr, out))
}

/// Checks one PNG strictly; the error says what is wrong.
fn check(bytes: &[u8]) -> Result<(), String> {
    let (ihdr, images) = streams(bytes)?;
    let (depth, colour) = (u32::from(ihdr[8]), ihdr[9]);
    let channels = match colour {
        0 | 3 => 1,
        4 => 2,
        2 => 3,
        6 => 4,
        c => return Err(format!("colour type {c}")),
    };
    if ihdr[10..13] != [0, 0, 0] {
        return Err(format!("compression, filter, interlace {:?}", &ihdr[10..]));
    }
    for (i, s) in images.iter().enumerate() {
        let mut z = flate2::read::ZlibDecoder::new(&s.data[..]);
        let mut raw = Vec::new();
        z.read_to_end(&mut raw)
            .map_err(|e| format!("image {i}: zlib: {e}"))?;
        if z.total_in() != s.data.len() as u64 {
            return Err(format!(
                "image {i}: {} bytes after the zlib stream",
                s.data.len() as u64 - z.total_in()
            ));
        }
        let row = 1 + (s.width * channels * depth).div_ceil(8) as usize;
        if raw.len() != row * s.height as usize {
            return Err(format!(
                "image {i}: {} bytes of scanlines, {} x {} needs {}",
                raw.len(),
                s.width,
                s.height,
                row * s.height as usize
            ));
        }
        if let Some(y) = raw.chunks_exact(row).position(|r| r[0] > 4) {
            return Err(format!(
                "image {i}: row {y} has filter type {}",
                raw[y * row]
            ));
        }
    }
    Ok(())
}

/// Every PNG below `dir` that fails [`check`], with why; and how many were read.
fn broken_pngs(dir: &Path) -> (Vec<String>, usize) {
    let pngs: Vec<_> = files_below(dir)
        .into_iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .collect();
    let broken = pngs
        .iter()
        .filter_map(|f| {
            let bytes = std::fs::read(dir.join(f)).expect("read");
            check(&bytes).err().map(|e| format!("{}: {e}", f.display()))
        })
        .collect();
    (broken, pngs.len())
}

#[test]
fn every_committed_png_passes_a_strict_independent_decoder() {
    let (broken, read) = broken_pngs(&repo().join("output"));
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(read > 80, "only {read} PNGs in output/");
}

/// The same reader on boards written now, palette and RGB, full size and
/// thumbnails: a writer that breaks its checksums fails here before its
/// files are ever committed.
#[test]
fn freshly_written_pngs_pass_it_too() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    copy_dir(&legespiel("quasthoff-example"), &root.join("legespiel"));
    drawn_puzzle(&root, "drawn", SEED_000, 16);
    let out = tmp.path().join("out");
    render_ok(&root, &out, &["--labels"]);
    let (broken, read) = broken_pngs(&out);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(read >= 10, "only {read} PNGs");
}

/// The reader refuses what it is there to refuse: a wrong Adler-32 (which
/// image-rs alone reads without a word), a wrong CRC, bytes after `IEND`.
#[test]
fn the_reader_refuses_broken_files() {
    let png = std::fs::read(repo().join("output/3x3-original/unsolved.png")).expect("board");
    assert_eq!(check(&png), Ok(()));
    // The file ends: IDAT's data, its Adler-32, its CRC, then IEND (12 bytes).
    let adler = png.len() - 12 - 8;
    let idat = png.windows(4).rposition(|w| w == b"IDAT").expect("IDAT");
    let mut bad = png.clone();
    bad[adler + 3] ^= 1;
    // The CRC made right again, so only the Adler-32 is wrong.
    let crc = crc32fast::hash(&bad[idat..adler + 4]);
    bad[adler + 4..adler + 8].copy_from_slice(&crc.to_be_bytes());
    let e = check(&bad).expect_err("wrong Adler-32");
    assert!(e.contains("zlib"), "{e}");
    assert!(decode_png(&bad).is_err(), "the png crate, checksums on");
    let mut bad = png.clone();
    bad[idat + 8] ^= 1;
    assert!(check(&bad).expect_err("CRC").contains("CRC"));
    let mut bad = png.clone();
    bad.push(0);
    assert!(check(&bad).expect_err("trailing").contains("after IEND"));
}
