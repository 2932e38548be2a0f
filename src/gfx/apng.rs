//! Animated PNG with the `png` crate (image-rs's own PNG codec). Frames are
//! compressed as they come, so only the encoded bytes grow.
//!
//! A step of the search changes one cell and a few numbers, yet PNG
//! compresses each frame on its own: full frames would make an animation
//! megabytes for a few changed cells (docs/performance.md). So every frame
//! after the first stores only the rectangle where it differs from the one
//! before, with the unchanged pixels in it transparent and blended over the
//! previous frame, which compresses to almost nothing.

use std::io::Write;

pub type Error = png::EncodingError;

/// An APNG being written: frames of one size given as RGB, each with its own
/// delay, looping forever.
pub struct Apng<W: Write> {
    writer: png::Writer<W>,
    width: usize,
    /// The previous frame (RGB), and the buffer a frame's rectangle is built in.
    prev: Vec<u8>,
    rect: Vec<u8>,
}

impl<W: Write> Apng<W> {
    /// Starts an animation of exactly `frames` frames (the `acTL` chunk that
    /// announces the count comes before the first frame).
    pub fn new(out: W, [width, height]: [u32; 2], frames: u32) -> Result<Apng<W>, Error> {
        let mut encoder = png::Encoder::new(out, width, height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::High);
        encoder.set_animated(frames, 0)?;
        encoder.set_dispose_op(png::DisposeOp::None)?;
        Ok(Apng {
            writer: encoder.write_header()?,
            width: width as usize,
            prev: Vec::new(),
            rect: Vec::new(),
        })
    }

    /// Appends one frame (RGB, the full size) shown for `delay_ms` milliseconds.
    pub fn frame(&mut self, rgb: &[u8], delay_ms: u16) -> Result<(), Error> {
        let w = self.width;
        let h = rgb.len() / (3 * w);
        self.writer.set_frame_delay(delay_ms, 1000)?;
        let (x0, y0, x1, y1) = if self.prev.is_empty() {
            self.writer.set_blend_op(png::BlendOp::Source)?;
            (0, 0, w, h)
        } else {
            self.writer.set_blend_op(png::BlendOp::Over)?;
            // An unchanged frame still needs a rectangle: one transparent pixel.
            changed(&self.prev, rgb, w).unwrap_or((0, 0, 1, 1))
        };
        self.rect.clear();
        for y in y0..y1 {
            for x in x0..x1 {
                let at = (y * w + x) * 3;
                let px = &rgb[at..at + 3];
                if self.prev.get(at..at + 3) == Some(px) {
                    self.rect.extend_from_slice(&[0, 0, 0, 0]);
                } else {
                    self.rect.extend_from_slice(&[px[0], px[1], px[2], 255]);
                }
            }
        }
        self.writer.reset_frame_position()?;
        self.writer
            .set_frame_dimension((x1 - x0) as u32, (y1 - y0) as u32)?;
        self.writer.set_frame_position(x0 as u32, y0 as u32)?;
        self.writer.write_image_data(&self.rect)?;
        self.prev.clear();
        self.prev.extend_from_slice(rgb);
        Ok(())
    }

    /// Ends the file.
    pub fn finish(self) -> Result<(), Error> {
        self.writer.finish()
    }
}

/// The smallest rectangle `(x0, y0, x1, y1)` (ends exclusive) holding every
/// pixel in which two RGB frames of width `w` differ.
fn changed(a: &[u8], b: &[u8], w: usize) -> Option<(usize, usize, usize, usize)> {
    let row = 3 * w;
    let rows = || a.chunks_exact(row).zip(b.chunks_exact(row)).enumerate();
    let y0 = rows().find(|(_, (p, q))| p != q)?.0;
    let y1 = rows().rev().find(|(_, (p, q))| p != q)?.0 + 1;
    let (mut x0, mut x1) = (w, 0);
    for (p, q) in rows().skip(y0).take(y1 - y0).map(|(_, r)| r) {
        let px = |x: &usize| p[x * 3..x * 3 + 3] != q[x * 3..x * 3 + 3];
        if let Some(first) = (0..x0).find(px) {
            x0 = first;
        }
        if let Some(last) = (x1..w).rev().find(px) {
            x1 = last + 1;
        }
    }
    Some((x0, y0, x1.max(x0 + 1), y1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::apng_read::decode;

    #[test]
    fn frames_store_only_what_changed_and_read_back_whole() {
        let mut bytes = Vec::new();
        let mut apng = Apng::new(&mut bytes, [3, 2], 3).expect("header");
        let first = [9u8; 18];
        let mut second = first;
        second[12..15].copy_from_slice(&[1, 2, 3]); // pixel (1, 1)
        apng.frame(&first, 100).expect("frame");
        apng.frame(&second, 40).expect("frame");
        apng.frame(&second, 2500).expect("frame");
        apng.finish().expect("finish");
        let decoded = decode(&bytes).expect("decode");
        assert_eq!(
            (decoded.size, decoded.frames, decoded.plays),
            ([3, 2], 3, 0)
        );
        assert_eq!(decoded.delays, [(100, 1000), (40, 1000), (2500, 1000)]);
        assert_eq!(decoded.last, second);
        assert_eq!(changed(&first, &second, 3), Some((1, 1, 2, 2)));
        assert_eq!(changed(&first, &first, 3), None);
    }
}
