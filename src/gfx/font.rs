//! A 3x5 bitmap font for numbers and short labels drawn on boards (digits,
//! a few signs and the lower-case letters the labels and `animate` use). Built in,
//! so the bytes of every image are the same on every machine, whatever fonts
//! it has installed.

use imageproc::drawing::{draw_filled_rect_mut, Canvas};
use imageproc::rect::Rect;

/// One glyph per row of 3 bits (bit 2 = left column), 5 rows.
fn glyph(c: char) -> Option<[u8; 5]> {
    Some(match c {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        't' => [2, 7, 2, 2, 1],
        'a' => [0, 6, 1, 5, 7],
        'b' => [4, 4, 7, 5, 7],
        'c' => [0, 7, 4, 4, 7],
        'f' => [3, 4, 7, 4, 4],
        'g' => [0, 7, 4, 5, 7],
        'j' => [1, 0, 1, 5, 7],
        'k' => [4, 5, 6, 5, 5],
        'm' => [0, 7, 7, 5, 5],
        'q' => [0, 7, 5, 7, 1],
        'w' => [0, 5, 5, 7, 7],
        'x' => [0, 5, 2, 5, 5],
        'y' => [5, 5, 7, 1, 7],
        'z' => [0, 7, 2, 4, 7],
        'd' => [1, 1, 7, 5, 7],
        'e' => [7, 5, 7, 4, 7],
        'h' => [4, 4, 7, 5, 5],
        'i' => [2, 0, 6, 2, 7],
        'l' => [6, 2, 2, 2, 7],
        'n' => [0, 6, 5, 5, 5],
        'o' => [0, 7, 5, 5, 7],
        'p' => [7, 5, 7, 4, 4],
        's' => [0, 3, 4, 1, 6],
        'u' => [0, 5, 5, 5, 7],
        'v' => [0, 5, 5, 5, 2],
        'r' => [0, 3, 4, 4, 4],
        '+' => [0, 2, 7, 2, 0],
        '-' => [0, 0, 7, 0, 0],
        '/' => [1, 1, 2, 4, 4],
        ' ' => [0; 5],
        _ => return None,
    })
}

/// Width in pixels of `text` drawn at `scale` (one blank column between glyphs).
pub(crate) fn text_width(text: &str, scale: i32) -> i32 {
    let n = text.chars().filter(|&c| glyph(c).is_some()).count() as i32;
    (n * 4 - 1).max(0) * scale
}

/// Height in pixels of a line of text at `scale`.
pub(crate) fn text_height(scale: i32) -> i32 {
    5 * scale
}

/// Draws `text` with its top-left corner at `at`, each font pixel a
/// `scale`-pixel square. Characters the font lacks are skipped.
pub(crate) fn draw_text<C: Canvas>(
    canvas: &mut C,
    text: &str,
    at: (i32, i32),
    scale: i32,
    colour: C::Pixel,
) {
    let glyphs = text.chars().filter_map(glyph);
    for (k, rows) in glyphs.enumerate() {
        for (row, bits) in rows.iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    let x = at.0 + (k as i32 * 4 + col) * scale;
                    let y = at.1 + row as i32 * scale;
                    let square = Rect::at(x, y).of_size(scale as u32, scale as u32);
                    draw_filled_rect_mut(canvas, square, colour);
                }
            }
        }
    }
}

/// Draws `text` centred on `centre`.
pub(crate) fn draw_text_centred<C: Canvas>(
    canvas: &mut C,
    text: &str,
    centre: (i32, i32),
    scale: i32,
    colour: C::Pixel,
) {
    let at = (
        centre.0 - text_width(text, scale) / 2,
        centre.1 - text_height(scale) / 2,
    );
    draw_text(canvas, text, at, scale, colour);
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{GrayImage, Luma};

    #[test]
    fn draws_the_glyph_bits_at_the_right_place_and_scale() {
        let mut img = GrayImage::new(12, 12);
        draw_text(&mut img, "1", (1, 1), 2, Luma([255]));
        // '1' is 010 / 110 / 010 / 010 / 111: the top-left pixel is blank,
        // the top-middle set, each as a 2x2 square.
        assert_eq!(img.get_pixel(1, 1)[0], 0);
        assert_eq!(img.get_pixel(3, 1)[0], 255);
        assert_eq!(img.get_pixel(4, 2)[0], 255);
        assert_eq!(img.get_pixel(1, 3)[0], 255);
        let lit = img.pixels().filter(|p| p[0] == 255).count();
        assert_eq!(lit, 8 * 4, "eight font pixels, each 2x2");
        assert_eq!(text_width("t12 r3", 2), (6 * 4 - 1) * 2);
        assert_eq!(text_width("", 3), 0);
    }
}
