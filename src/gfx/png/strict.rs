//! Decoding with every checksum checked, for the tests that read a PNG this
//! project wrote: the unit tests here, and the end-to-end tests, which
//! include this file from `tests/common`. The `png` crate, and image-rs
//! through it, skip the zlib stream's Adler-32 by default, so a wrong one
//! would pass every test that decodes the files while zlib, libpng and
//! strict browsers reject them.

use image::DynamicImage;

/// The first frame of `bytes` as image-rs holds it, after reading every
/// chunk to `IEND` with each chunk's CRC and each frame's Adler-32 checked
/// (an APNG's later frames are decoded too, and dropped).
pub(crate) fn decode(bytes: &[u8]) -> Result<DynamicImage, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.ignore_checksums(false);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let frames = reader
        .info()
        .animation_control
        .map_or(1, |a| a.num_frames.max(1));
    let size = reader.output_buffer_size().ok_or("no buffer size")?;
    let mut first = vec![0; size];
    let out = reader.next_frame(&mut first).map_err(|e| e.to_string())?;
    first.truncate(out.buffer_size());
    let mut rest = vec![0; size];
    for _ in 1..frames {
        reader.next_frame(&mut rest).map_err(|e| e.to_string())?;
    }
    reader.finish().map_err(|e| e.to_string())?;
    let (w, h) = (out.width, out.height);
    let image = match out.color_type {
        png::ColorType::Grayscale => image::GrayImage::from_raw(w, h, first).map(Into::into),
        png::ColorType::GrayscaleAlpha => {
            image::GrayAlphaImage::from_raw(w, h, first).map(Into::into)
        }
        png::ColorType::Rgb => image::RgbImage::from_raw(w, h, first).map(Into::into),
        png::ColorType::Rgba => image::RgbaImage::from_raw(w, h, first).map(Into::into),
        png::ColorType::Indexed => None,
    };
    image.ok_or_else(|| format!("{:?} pixels of {w} x {h} not expanded", out.color_type))
}
