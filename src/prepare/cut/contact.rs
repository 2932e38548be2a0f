//! The contact sheet: the scan with every square found outlined and
//! numbered as its picture was, so a person sees at a glance that each tile
//! was found whole and numbered in the intended order.

use super::Square;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_line_segment_mut};
use imageproc::rect::Rect;

const OUTLINE: Rgb<u8> = Rgb([255, 0, 200]);

/// A copy of `sheet` with the squares outlined and numbered (`numbered`:
/// their numbers are their positions; else they are found, unnumbered shapes).
pub(super) fn draw(sheet: &RgbImage, squares: &[Square], numbered: bool) -> RgbImage {
    let mut out = sheet.clone();
    for (k, square) in squares.iter().enumerate() {
        let width = (square.side / 80.0).round().max(1.0) as i32;
        for (i, &a) in square.corners.iter().enumerate() {
            let b = square.corners[(i + 1) % 4];
            for dx in -width / 2..=width / 2 {
                for dy in -width / 2..=width / 2 {
                    let (ox, oy) = (f64::from(dx), f64::from(dy));
                    draw_line_segment_mut(
                        &mut out,
                        ((a.0 + ox) as f32, (a.1 + oy) as f32),
                        ((b.0 + ox) as f32, (b.1 + oy) as f32),
                        OUTLINE,
                    );
                }
            }
        }
        if !numbered {
            continue;
        }
        let text = (k + 1).to_string();
        let scale = ((square.side / 40.0).round() as i32).max(1);
        let (tw, th) = (
            crate::gfx::font::text_width(&text, scale),
            crate::gfx::font::text_height(scale),
        );
        let (cx, cy) = (
            square.centre.0.round() as i32,
            square.centre.1.round() as i32,
        );
        let pad = scale * 2;
        let label = Rect::at(cx - tw / 2 - pad, cy - th / 2 - pad)
            .of_size((tw + 2 * pad) as u32, (th + 2 * pad) as u32);
        draw_filled_rect_mut(&mut out, label, Rgb([255, 255, 255]));
        crate::gfx::font::draw_text_centred(&mut out, &text, (cx, cy), scale, OUTLINE);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlines_and_numbers_each_square() {
        let sheet = RgbImage::from_pixel(60, 60, Rgb([0, 0, 0]));
        let square = Square {
            centre: (30.0, 30.0),
            angle: 0.0,
            side: 40.0,
            aspect: 1.0,
            area: 1600.0,
            corners: [(10.0, 10.0), (50.0, 10.0), (50.0, 50.0), (10.0, 50.0)],
        };
        let out = draw(&sheet, &[square], true);
        assert_eq!(out.get_pixel(30, 10).0, OUTLINE.0);
        assert_eq!(out.get_pixel(10, 30).0, OUTLINE.0);
        assert_eq!(out.get_pixel(20, 20).0, [0, 0, 0]);
        // The number 1 on its white label at the centre.
        let label = out.pixels().filter(|p| p.0 == [255, 255, 255]).count();
        assert!(label > 20, "{label}");
        let plain = draw(&sheet, &[square], false);
        assert_eq!(plain.pixels().filter(|p| p.0 == [255, 255, 255]).count(), 0);
    }
}
