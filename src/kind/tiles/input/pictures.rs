//! Tile pictures `input/1.png … input/N.png`: checked and decoded before any
//! solving, so a bad scan is reported with its file name and a fix.

use crate::error::InputError;
use crate::kind::tiles::tile_pictures::{Tile, TilePictures};
use image::{DynamicImage, ImageFormat, ImageReader, RgbImage, RgbaImage};
use std::io::Cursor;
use std::path::{Path, PathBuf};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A tile picture's file as read from disk, not yet decoded: its bytes are
/// part of the build key, so they are read before deciding whether to decode.
pub struct RawPicture {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Reads the files of tiles `1..=count` without decoding them, each within
/// the size cap for pictures of at most `max_side` pixels a side.
pub fn read_all(
    input_dir: &Path,
    count: usize,
    max_side: u32,
) -> Result<Vec<RawPicture>, InputError> {
    if let Some(e) = super::missing::check(input_dir, count) {
        return Err(e);
    }
    let cap = crate::input::file::picture_cap(max_side);
    (1..=count)
        .map(|k| {
            let path = input_dir.join(format!("{k}.png"));
            let bytes = crate::input::file::read_capped(&path, cap)?;
            Ok(RawPicture { path, bytes })
        })
        .collect()
}

/// Reads and decodes the pictures of tiles `1..=count`, all square and of one size.
pub fn load(input_dir: &Path, count: usize, max_side: u32) -> Result<Vec<RgbaImage>, InputError> {
    let decoded = decode_all(&read_all(input_dir, count, max_side)?, max_side)?;
    Ok(decoded.into_iter().map(DynamicImage::into_rgba8).collect())
}

/// As [`load`], refusing first, by their headers, pictures that together
/// declare more than `max_pixels` (`--max-pixels`): decoded as RGBA they
/// take 4 bytes a pixel, all at once.
pub fn load_within(
    input_dir: &Path,
    count: usize,
    (max_side, max_pixels): (u32, u64),
) -> Result<Vec<RgbaImage>, InputError> {
    let raw = read_all(input_dir, count, max_side)?;
    declared_within(input_dir, &raw, max_side, max_pixels)?;
    let decoded = decode_all(&raw, max_side)?;
    Ok(decoded.into_iter().map(DynamicImage::into_rgba8).collect())
}

/// The pixels the pictures' headers declare together, refused above
/// `max_pixels` before anything is decoded. A picture above `max_side` per
/// side is left to the decoder, which refuses it by name before allocating
/// (its pixels are then counted as 0).
pub fn declared_within(
    input_dir: &Path,
    raw: &[RawPicture],
    max_side: u32,
    max_pixels: u64,
) -> Result<u64, InputError> {
    let sizes = raw.iter().filter_map(|r| png_dimensions(&r.bytes));
    let mut total = 0u64;
    for (w, h) in sizes {
        if w > max_side || h > max_side {
            return Ok(0);
        }
        total += u64::from(w) * u64::from(h);
    }
    if total > max_pixels {
        return Err(InputError::new(
            input_dir,
            format!(
                "the {} tile pictures declare {total} pixels, above the limit of {max_pixels}",
                raw.len()
            ),
        )
        .hint("scale the tile pictures down, or raise the limit with --max-pixels"));
    }
    Ok(total)
}

/// A decoded picture over white, as boards show it: a picture without
/// transparency is taken as it is, not widened to RGBA and flattened back.
pub fn flat(picture: DynamicImage) -> RgbImage {
    match picture {
        DynamicImage::ImageRgb8(rgb) => rgb,
        other => flatten_over_white(&other.into_rgba8()),
    }
}

/// Decodes pictures read by [`read_all`], checking that all are square and of
/// one size. A picture whose header declares a side above `max_side` is
/// refused before anything is allocated for its pixels.
pub fn decode_all(raw: &[RawPicture], max_side: u32) -> Result<Vec<DynamicImage>, InputError> {
    let (pictures, _) = decode_each(raw, |path, bytes| {
        let picture = decode_one(path, bytes, max_side)?;
        let size = (picture.width(), picture.height());
        Ok((picture, size))
    })?;
    Ok(pictures)
}

/// The pictures as [`decode_all`] checks them, over white as boards show
/// them ([`flat`]); 8-bit palette PNGs as palette indices, so that boards
/// of their colours need no pass over RGB pixels to find them.
pub fn decode_tiles(raw: &[RawPicture], max_side: u32) -> Result<TilePictures, InputError> {
    let (tiles, side) = decode_each(raw, |path, bytes| {
        check_declared(path, bytes, max_side)?;
        let limits = limits(max_side);
        Ok(match super::palette_png::decode(bytes, &limits) {
            Some((paletted, size)) => (Tile::Palette(Box::new(paletted)), size),
            None => {
                let picture = decode_png(path, bytes, limits)?;
                let size = (picture.width(), picture.height());
                (Tile::Rgb(flat(picture)), size)
            }
        })
    })?;
    Ok(TilePictures::from_tiles(side, tiles))
}

/// Decodes each picture with `decode` (the picture and its width and
/// height), in order, refusing the first that is not square or not the
/// first one's size. The side is 0 without pictures.
fn decode_each<T>(
    raw: &[RawPicture],
    mut decode: impl FnMut(&Path, &[u8]) -> Result<(T, (u32, u32)), InputError>,
) -> Result<(Vec<T>, u32), InputError> {
    let mut pictures = Vec::with_capacity(raw.len());
    let mut first = None;
    for RawPicture { path, bytes } in raw {
        let path = path.as_path();
        let (picture, (w, h)) = decode(path, bytes)?;
        if w != h {
            return Err(
                InputError::new(path, format!("the tile picture is {w}x{h}, not square"))
                    .hint("crop it to a square with the tile's edges on the picture's edges"),
            );
        }
        match first {
            Some(side) if side != w => {
                return Err(InputError::new(
                    path,
                    format!("the tile picture is {w}x{h}, but 1.png is {side}x{side}"),
                )
                .hint("scale all tile pictures to the same size"));
            }
            _ => first = Some(w),
        }
        pictures.push(picture);
    }
    Ok((pictures, first.unwrap_or(0)))
}

fn decode_one(path: &Path, bytes: &[u8], max_side: u32) -> Result<DynamicImage, InputError> {
    check_declared(path, bytes, max_side)?;
    decode_png(path, bytes, limits(max_side))
}

/// Refuses what is not a PNG, and a PNG whose header declares a side of 0
/// or above `max_side`, before anything is allocated for its pixels.
fn check_declared(path: &Path, bytes: &[u8], max_side: u32) -> Result<(), InputError> {
    if bytes.is_empty() {
        return Err(InputError::new(path, "the file is empty (0 bytes)")
            .hint("export the tile picture again as PNG"));
    }
    if !bytes.starts_with(PNG_SIGNATURE) {
        let what = sniff(bytes);
        return Err(
            InputError::new(path, format!("not a PNG file (it looks like {what})"))
                .hint("convert the picture to PNG; the name must say .png and the content be PNG"),
        );
    }
    if let Some((w, h)) = png_dimensions(bytes) {
        if w > max_side || h > max_side {
            return Err(InputError::new(
                path,
                format!(
                    "the picture declares {w}x{h} pixels, above the limit of {max_side} per side"
                ),
            )
            .hint("scale the picture down, or raise the limit with --max-tile-side"));
        }
        if w == 0 || h == 0 {
            return Err(
                InputError::new(path, format!("the picture declares {w}x{h} pixels"))
                    .hint("export the tile picture again"),
            );
        }
    }
    Ok(())
}

/// What a decoder may spend on a tile picture: the side checked again on
/// the header it parses, and the default byte limit.
fn limits(max_side: u32) -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    limits
}

/// Decodes a PNG whose declared size the caller has already checked, with
/// the decoder held to `limits` too, so a lying header cannot allocate more.
pub(crate) fn decode_png(
    path: &Path,
    bytes: &[u8],
    limits: image::Limits,
) -> Result<image::DynamicImage, InputError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png);
    reader.limits(limits);
    reader.decode().map_err(|e| {
        InputError::new(path, format!("cannot decode the PNG: {e}"))
            .hint("the file may be truncated or damaged; export it again")
    })
}

/// Width and height from the IHDR chunk, which the PNG format requires first.
pub fn png_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

pub(crate) fn sniff(bytes: &[u8]) -> &'static str {
    match bytes {
        [0xFF, 0xD8, 0xFF, ..] => "a JPEG",
        [b'G', b'I', b'F', b'8', ..] => "a GIF",
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => "a WebP",
        [b'B', b'M', ..] => "a BMP",
        [0x49, 0x49, 0x2A, 0x00, ..] | [0x4D, 0x4D, 0x00, 0x2A, ..] => "a TIFF",
        _ => "something else",
    }
}

/// Alpha-composites a picture over white (rounded to nearest), as the board shows it.
pub fn flatten_over_white(picture: &RgbaImage) -> RgbImage {
    let mut out = RgbImage::new(picture.width(), picture.height());
    for (o, p) in out.pixels_mut().zip(picture.pixels()) {
        *o = image::Rgb(over_white(p.0));
    }
    out
}

/// One colour over white: one formula for pixels and palette entries, so a
/// palette flattened entry by entry gives the bytes its pixels would.
pub(super) fn over_white([r, g, b, a]: [u8; 4]) -> [u8; 3] {
    match a {
        255 => [r, g, b],
        0 => [255, 255, 255],
        a => {
            let a = u32::from(a);
            let mix = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
            [mix(r), mix(g), mix(b)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgba};

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img: RgbaImage = ImageBuffer::from_pixel(w, h, Rgba([1, 2, 3, 255]));
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .expect("encode");
        out
    }

    #[test]
    fn reads_dimensions_from_the_header() {
        assert_eq!(png_dimensions(&png(7, 5)), Some((7, 5)));
    }

    #[test]
    fn refuses_large_pictures_before_decoding_and_names_the_flag() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut bytes = png(8, 8);
        // Claim a huge size in the header; the decoder is never reached.
        bytes[16..20].copy_from_slice(&100_000u32.to_be_bytes());
        std::fs::write(dir.path().join("1.png"), &bytes).expect("write");
        let e = load(dir.path(), 1, 4096)
            .expect_err("too large")
            .to_string();
        assert!(
            e.contains("100000x8 pixels, above the limit of 4096"),
            "{e}"
        );
        assert!(e.contains("--max-tile-side"), "{e}");
    }

    #[test]
    fn names_the_kind_of_wrong_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("1.png"), b"\xFF\xD8\xFF\xE0rest").expect("write");
        let e = load(dir.path(), 1, 4096).expect_err("jpeg").to_string();
        assert!(e.contains("not a PNG file (it looks like a JPEG)"), "{e}");
        std::fs::write(dir.path().join("1.png"), b"").expect("write");
        assert!(load(dir.path(), 1, 4096)
            .expect_err("empty")
            .to_string()
            .contains("empty (0 bytes)"));
        let full = png(8, 8);
        std::fs::write(dir.path().join("1.png"), &full[..full.len() / 2]).expect("write");
        assert!(load(dir.path(), 1, 4096)
            .expect_err("truncated")
            .to_string()
            .contains("cannot decode the PNG"));
        std::fs::write(dir.path().join("1.png"), png(8, 6)).expect("write");
        assert!(load(dir.path(), 1, 4096)
            .expect_err("not square")
            .to_string()
            .contains("8x6, not square"));
        std::fs::write(dir.path().join("1.png"), png(8, 8)).expect("write");
        std::fs::write(dir.path().join("2.png"), png(6, 6)).expect("write");
        assert!(load(dir.path(), 2, 4096)
            .expect_err("sizes")
            .to_string()
            .contains("but 1.png is 8x8"));
        std::fs::write(dir.path().join("2.png"), png(8, 8)).expect("write");
        let e = load(dir.path(), 3, 4096).expect_err("missing").to_string();
        assert!(e.contains("3.png: the file is missing"), "{e}");
    }
}
