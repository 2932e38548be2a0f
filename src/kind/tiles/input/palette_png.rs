//! 8-bit palette PNGs, what `generate` and `draw-tiles` write, read as
//! their indices: the palette is flattened over white once, entry by entry,
//! instead of every pixel being expanded to RGB(A) and flattened.

use super::pictures::over_white;
use crate::gfx::palette::Paletted;
use std::io::Cursor;

/// The picture's indices and its palette over white, with its width and
/// height; `None` when it is not an 8-bit palette PNG, or anything about it
/// is unusual: the general decoder then reads it, or says what is wrong in
/// its words. Held to `limits` as that decoder is.
pub(super) fn decode(bytes: &[u8], limits: &image::Limits) -> Option<(Paletted, (u32, u32))> {
    let max_alloc = limits.max_alloc.unwrap_or(u64::MAX);
    let mut decoder = png::Decoder::new_with_limits(
        Cursor::new(bytes),
        png::Limits {
            bytes: usize::try_from(max_alloc).unwrap_or(usize::MAX),
        },
    );
    // As the general decoder: the same chunks read, the same ones refused.
    decoder.set_ignore_text_chunk(false);
    let info = decoder.read_header_info().ok()?;
    let (w, h) = (info.width, info.height);
    let too_large = |side: u32, max: Option<u32>| max.is_some_and(|m| side > m);
    if info.color_type != png::ColorType::Indexed
        || info.bit_depth != png::BitDepth::Eight
        || too_large(w, limits.max_image_width)
        || too_large(h, limits.max_image_height)
    {
        return None;
    }
    decoder.set_transformations(png::Transformations::IDENTITY);
    let mut reader = decoder.read_info().ok()?;
    let info = reader.info();
    let colours = over_white_palette(info.palette.as_deref()?, info.trns.as_deref())?;
    let mut indices = vec![0; reader.output_buffer_size()?];
    if indices.len() != w as usize * h as usize {
        return None;
    }
    reader.next_frame(&mut indices).ok()?;
    Some((Paletted { colours, indices }, (w, h)))
}

/// Every index's colour over white, as the png crate expands it for the
/// general decoder: alpha from tRNS (opaque past its end, and everywhere
/// when it is longer than the palette), and an index past the palette
/// opaque black. `None` for a palette that is not whole entries.
fn over_white_palette(plte: &[u8], trns: Option<&[u8]>) -> Option<[[u8; 3]; 256]> {
    if plte.is_empty() || !plte.len().is_multiple_of(3) || plte.len() > 3 * 256 {
        return None;
    }
    let entries = plte.len() / 3;
    let alpha = trns.filter(|t| t.len() <= entries).unwrap_or(&[]);
    let mut colours = [[0u8; 3]; 256];
    for (i, (c, rgb)) in colours.iter_mut().zip(plte.chunks_exact(3)).enumerate() {
        let a = alpha.get(i).copied().unwrap_or(255);
        *c = over_white([rgb[0], rgb[1], rgb[2], a]);
    }
    Some(colours)
}
