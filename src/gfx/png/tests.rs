use super::*;

/// A small deterministic generator, so the tests need no `rand`.
struct Xorshift(u64);
impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Decodes with the `png` crate (a different inflater), every checksum
/// checked, returning the colour type and the pixels expanded to RGB.
pub(super) fn decode(bytes: &[u8]) -> (png::ColorType, u32, u32, Vec<u8>) {
    let header = png::Decoder::new(std::io::Cursor::new(bytes));
    let color = header.read_info().expect("header").info().color_type;
    let rgb = super::strict::decode(bytes).expect("decodes").into_rgb8();
    (color, rgb.width(), rgb.height(), rgb.into_raw())
}

fn round_trip_rgb(width: u32, height: u32, pixels: &[u8]) -> usize {
    let mut writer = PngWriter::default();
    let mut sizes = Vec::new();
    // Zopfli only on small pictures: it takes seconds on large ones.
    let zopfli = pixels.len() < 100_000;
    let methods = [Method::Tiles, Method::Near, Method::Zopfli(1)];
    for method in methods
        .into_iter()
        .filter(|&m| zopfli || m != Method::Zopfli(1))
    {
        let mut out = Vec::new();
        writer.encode(width, height, Pixels::Rgb(pixels), method, &mut out);
        let (color, w, h, back) = decode(&out);
        assert_eq!((color, w, h), (png::ColorType::Rgb, width, height));
        assert!(
            back == pixels,
            "{width}x{height} {method:?}: pixels differ after decoding"
        );
        // The same pixels give the same bytes from a writer that has been used.
        let mut again = Vec::new();
        writer.encode(width, height, Pixels::Rgb(pixels), method, &mut again);
        assert_eq!(out, again);
        sizes.push(out.len());
    }
    sizes[0]
}

/// Flat areas, diagonal edges, repeats far apart and noise: every kind of
/// symbol the parse can choose, in one picture.
fn board_like(width: u32, height: u32, seed: u64) -> Vec<u8> {
    let mut rng = Xorshift(seed);
    let mut px = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            let c = match (x / 17 + y / 23) % 4 {
                0 => [200, 30, 30],
                1 if x > y => [20, 120, 220],
                2 => {
                    let r = rng.next();
                    [r as u8, (r >> 8) as u8, (r >> 16) as u8]
                }
                _ => [(x % 256) as u8, (y % 256) as u8, 7],
            };
            px.extend_from_slice(&c);
        }
    }
    px
}

#[test]
fn boards_decode_to_the_same_pixels() {
    for (w, h, seed) in [
        (1, 1, 1),
        (3, 3, 2),
        (2, 7, 3),
        (61, 40, 4),
        (602, 60, 5),
        (1202, 31, 6),
    ] {
        round_trip_rgb(w, h, &board_like(w, h, seed));
    }
}

#[test]
fn flat_boards_are_tiny_and_noise_is_stored() {
    let flat = vec![9u8; 602 * 602 * 3];
    assert!(round_trip_rgb(602, 602, &flat) < 4000);
    let mut rng = Xorshift(7);
    let noise: Vec<u8> = (0..300 * 300 * 3).map(|_| rng.next() as u8).collect();
    let n = round_trip_rgb(300, 300, &noise);
    // Stored blocks: the raw bytes plus their headers, never much more.
    assert!(n < noise.len() + 300 + noise.len() / 500, "{n}");
}

/// Smooth ramps with a little noise, as in photos and scans: thousands of
/// colours and almost no exact repeats.
pub(super) fn photo_like(width: u32, height: u32, seed: u64) -> Vec<u8> {
    let mut rng = Xorshift(seed);
    let mut px = Vec::with_capacity((width * height * 3) as usize);
    for y in 0..height {
        for x in 0..width {
            let ramp = [
                x * 255 / width,
                y * 255 / height,
                (x + y) * 127 / (width + height),
            ];
            px.extend(ramp.map(|v| (v as u8).wrapping_add((rng.next() % 5) as u8)));
        }
    }
    px
}

#[test]
fn truecolour_ramps_compress_filtered() {
    let (w, h) = (240, 240);
    let px = photo_like(w, h, 5);
    let n = round_trip_rgb(w, h, &px);
    // Unfiltered, the bytes are near-random literals (about 0.9 of the raw
    // size); the filtered residuals are small numbers.
    assert!(n < px.len() * 55 / 100, "{n} bytes of {}", px.len());
}

/// The filter type of each scanline of `png_bytes`, an RGB picture of
/// `width` px, read with an inflater that is not the `png` crate's.
fn filter_types(png_bytes: &[u8], width: u32) -> Vec<u8> {
    let (mut at, mut idat) = (8, Vec::new());
    while at + 8 <= png_bytes.len() {
        let len = u32::from_be_bytes(png_bytes[at..at + 4].try_into().unwrap()) as usize;
        if &png_bytes[at + 4..at + 8] == b"IDAT" {
            idat.extend_from_slice(&png_bytes[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    let mut raw = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(&idat[..]), &mut raw).unwrap();
    raw.chunks_exact(width as usize * 3 + 1)
        .map(|l| l[0])
        .collect()
}

/// A flat grey picture with a photo-like patch on a twentieth of it: nearly
/// every pixel repeats its neighbour, and filtering still shortens the patch.
fn flat_with_patch(width: u32, height: u32) -> Vec<u8> {
    let (pw, ph) = (width * 13 / 64, height * 11 / 48);
    let patch = photo_like(pw, ph, 11);
    let mut px = vec![90u8; (width * height * 3) as usize];
    for y in 0..ph as usize {
        let at = ((y + 7) * width as usize + 5) * 3;
        px[at..at + pw as usize * 3]
            .copy_from_slice(&patch[y * pw as usize * 3..][..pw as usize * 3]);
    }
    px
}

/// Rows where nearly every pixel repeats are compressed unfiltered only
/// (the filtered try costs more than it gains on such pictures) unless
/// they are few pixels; either way they decode to their pixels.
#[test]
fn nearly_flat_pictures_are_filtered_only_when_small() {
    // 640 x 480 is past the pixels compressed both ways, 320 x 240 is not.
    for (w, h, filtered) in [(640, 480, false), (320, 240, true)] {
        let px = flat_with_patch(w, h);
        let mut out = Vec::new();
        PngWriter::default().encode(w, h, Pixels::Rgb(&px), Method::Tiles, &mut out);
        assert!(decode(&out).3 == px, "{w}x{h}: pixels differ");
        let types = filter_types(&out, w);
        assert_eq!(types.len(), h as usize);
        assert_eq!(
            types.iter().any(|&t| t != 0),
            filtered,
            "{w}x{h}: {types:?}"
        );
    }
}

#[test]
fn rows_longer_than_the_window_still_decode() {
    // 11,000 px rows: the pixel above is out of deflate's reach.
    let (w, h) = (11_000, 4);
    round_trip_rgb(w, h, &board_like(w, h, 8));
}

#[test]
fn indexed_boards_decode_through_their_palette() {
    let palette: Vec<[u8; 3]> = (0..200u8).map(|i| [i, 255 - i, i / 2]).collect();
    let (w, h) = (97u32, 53u32);
    let mut rng = Xorshift(9);
    let indices: Vec<u8> = (0..w * h)
        .map(|i| {
            if i % 5 == 0 {
                (rng.next() % 200) as u8
            } else {
                (i / 31 % 200) as u8
            }
        })
        .collect();
    let mut out = Vec::new();
    PngWriter::default().encode(
        w,
        h,
        Pixels::Indexed {
            palette: &palette,
            indices: &indices,
        },
        Method::Tiles,
        &mut out,
    );
    let (color, dw, dh, back) = decode(&out);
    assert_eq!((color, dw, dh), (png::ColorType::Indexed, w, h));
    let expected: Vec<u8> = indices
        .iter()
        .flat_map(|&i| palette[usize::from(i)])
        .collect();
    assert!(back == expected);
}

/// Two bands of `band` rows each picked from `looks`, above `rest` rows:
/// boards that share whole bands, as solutions share rows of tiles.
fn banded(w: u32, band: u32, looks: &[Vec<u8>], pick: [usize; 2], rest: u32) -> Vec<u8> {
    let mut px: Vec<u8> = pick.iter().flat_map(|&k| looks[k].clone()).collect();
    px.extend(board_like(w, rest, 99));
    debug_assert_eq!(px.len(), (w * (2 * band + rest) * 3) as usize);
    px
}

#[test]
fn parts_decode_to_the_same_pixels_and_a_kept_part_gives_the_same_bytes() {
    let (w, band, rest) = (64u32, 20u32, 3u32);
    // Two drawn looks and one photo-like (its rows are filtered: a kept
    // part's first row must not refer to the row above it).
    let looks: Vec<Vec<u8>> = (0..3)
        .map(|s| match s {
            2 => photo_like(w, band, 12),
            _ => board_like(w, band, 10 + s),
        })
        .collect();
    let h = 2 * band + rest;
    let parts = |pick: [usize; 2]| -> Vec<Part> {
        pick.iter()
            .map(|&k| Part {
                rows: band,
                key: Some(vec![k as u32]),
                columns: None,
            })
            .collect()
    };
    let (shared, alone) = (Pieces::default(), Pieces::default());
    let mut writer = PngWriter::default();
    for (n, pick) in [[0, 1], [1, 0], [2, 1], [0, 0], [1, 0]]
        .into_iter()
        .enumerate()
    {
        let px = banded(w, band, &looks, pick, rest);
        for method in [Method::Tiles, Method::Near] {
            let mut out = Vec::new();
            let pieces = (&parts(pick)[..], &shared);
            writer.encode_parts(w, h, Pixels::Rgb(&px), method, pieces, &mut out);
            let (color, dw, dh, back) = decode(&out);
            assert_eq!((color, dw, dh), (png::ColorType::Rgb, w, h));
            assert!(back == px, "board {n} {method:?}: pixels differ");
            // Compressed with nothing kept yet: the same bytes.
            let mut fresh = Vec::new();
            let pieces = (&parts(pick)[..], &alone);
            PngWriter::default().encode_parts(w, h, Pixels::Rgb(&px), method, pieces, &mut fresh);
            assert_eq!(out, fresh, "board {n} {method:?}: a kept part differs");
            alone.clear_for_test();
        }
    }
    assert_eq!(shared.len_for_test(), 6, "one piece per look and method");
}

/// Zopfli takes seconds to minutes a board and cannot be interrupted: told
/// to stop, the writer gives it up (zopfli finishes alone on its thread)
/// and says so; not told, it gives the bytes `Method::Zopfli` gives.
#[test]
fn a_zopfli_attempt_is_given_up_when_told() {
    let (w, h) = (600u32, 600u32);
    let px = board_like(w, h, 5);
    let mut writer = PngWriter::default();
    let mut out = vec![1, 2, 3];
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        true
    };
    assert!(!writer.encode_zopfli(w, h, Pixels::Rgb(&px), 1, &stop, &mut out));
    assert!(out.is_empty());
    assert_eq!(asked.get(), 1, "asked once, then given up");
    let (w, h) = (40u32, 30u32);
    let px = board_like(w, h, 6);
    let mut zopfli = Vec::new();
    writer.encode(w, h, Pixels::Rgb(&px), Method::Zopfli(1), &mut zopfli);
    assert!(writer.encode_zopfli(w, h, Pixels::Rgb(&px), 1, &|| false, &mut out));
    assert_eq!(out, zopfli);
    assert!(decode(&out).3 == px);
}

/// Zopfli's match cache takes about 28 bytes per byte of what it compresses
/// at once, so a board is given to it a block at a time: one stream that
/// decodes to the same pixels.
#[test]
fn zopfli_compresses_a_block_at_a_time_into_one_stream() {
    let (w, h) = (100u32, 40u32);
    let px = board_like(w, h, 7);
    let mut lines = Vec::new();
    plain(&mut lines, px.chunks_exact(w as usize * 3));
    let adler = pieces::Adler::of(&lines).value();
    let mut streams = Vec::new();
    for block in [usize::MAX, 1000] {
        let mut writer = PngWriter::default();
        writer.bits.out.extend_from_slice(&ZLIB_HEADER);
        zopfli(&lines, (1, block), &mut writer.bits.out);
        streams.push(writer.bits.out.clone());
        let mut png = Vec::new();
        writer.finish(w, h, Pixels::Rgb(&px), adler, &mut png);
        assert!(decode(&png).3 == px, "blocks of {block}");
    }
    assert_ne!(streams[0], streams[1], "12 blocks are not one");
}
