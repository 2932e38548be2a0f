//! Reading back an animation `gfx::apng::Apng` wrote, as a viewer shows
//! it, for the tests: the unit tests here, and the end-to-end tests, which
//! include this file from `tests/common` (the library itself never reads an
//! APNG).

/// An APNG as a viewer shows it: every frame blended onto the canvas.
pub(crate) struct Decoded {
    pub(crate) size: [u32; 2],
    /// Frames announced in `acTL` and loops (0: forever).
    pub(crate) frames: u32,
    pub(crate) plays: u32,
    /// Each frame's delay as (numerator, denominator) seconds.
    pub(crate) delays: Vec<(u16, u16)>,
    /// The canvas after the last frame, RGB.
    pub(crate) last: Vec<u8>,
}

/// Decodes an animation written by `Apng` (8-bit RGBA frames, no
/// disposal), not a general APNG reader. Every chunk's CRC and every
/// frame's Adler-32 are checked, to the end of the file (the `png` crate
/// skips the Adler-32 unless told).
pub(crate) fn decode(bytes: &[u8]) -> Result<Decoded, png::DecodingError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.ignore_checksums(false);
    let mut reader = decoder.read_info()?;
    let info = reader.info();
    let (w, h) = (info.width as usize, info.height as usize);
    let actl = info.animation_control.unwrap_or(png::AnimationControl {
        num_frames: 1,
        num_plays: 0,
    });
    let mut canvas = vec![255u8; w * h * 3];
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(w * h * 4)];
    let mut delays = Vec::new();
    for _ in 0..actl.num_frames {
        let out = reader.next_frame(&mut buf)?;
        let fc = reader.info().frame_control.unwrap_or_default();
        delays.push((fc.delay_num, fc.delay_den));
        let (fx, fy) = (fc.x_offset as usize, fc.y_offset as usize);
        let data = &buf[..out.buffer_size()];
        for (y, row) in data.chunks_exact(out.line_size).enumerate() {
            for (x, px) in row.chunks_exact(4).enumerate() {
                if px[3] == 255 || fc.blend_op == png::BlendOp::Source {
                    let at = ((fy + y) * w + fx + x) * 3;
                    canvas[at..at + 3].copy_from_slice(&px[..3]);
                }
            }
        }
    }
    reader.finish()?;
    Ok(Decoded {
        size: [w as u32, h as u32],
        frames: actl.num_frames,
        plays: actl.num_plays,
        delays,
        last: canvas,
    })
}
