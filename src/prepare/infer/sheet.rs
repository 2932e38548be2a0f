//! `infer.png`: the review sheet a person reads to check an inference at a
//! glance. One row per class, the two classes of a picture one above the
//! other: the label (`a+`, `a-`), the class's confidence in percent, then
//! every member half turned with its side at the top. A weak pairing is
//! marked `weak` in red; the classes in doubt (those whose partner the
//! closest other reading changes) are framed in red and marked `?`.

use super::classes::Classes;
use super::pairing::{token_name, Pairing};
use crate::kind::tiles::render::{encode_png, PngEffort};
use image::{imageops, Rgb, RgbImage, RgbaImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

/// Width of one half's thumbnail (its height is half of it).
const THUMB: u32 = 64;
const GAP: u32 = 4;
/// Thumbnails per row before the row is cut short.
const PER_ROW: usize = 24;
const LABEL: u32 = 96;
const SCALE: i32 = 3;

/// Draws the sheet and encodes it as PNG.
pub(crate) fn draw(
    images: &[RgbaImage],
    classes: &Classes,
    pairing: &Pairing,
    doubt: &[usize],
) -> Vec<u8> {
    let rows = classes.members.len() as u32;
    let widest = classes
        .members
        .iter()
        .map(|m| m.len().min(PER_ROW))
        .max()
        .unwrap_or(1) as u32;
    let row_h = THUMB / 2 + GAP;
    let pair_gap = GAP * 2;
    let width = LABEL + widest * (THUMB + GAP) + GAP;
    let height = rows * row_h + (rows / 2) * pair_gap + GAP;
    let mut sheet = RgbImage::from_pixel(width, height, Rgb([255, 255, 255]));
    let ink = Rgb([20, 20, 20]);
    let red = Rgb([200, 30, 30]);
    let mut y = GAP;
    for (token, &(plus, minus)) in pairing.pairs.iter().enumerate() {
        for (class, sign) in [(plus, '+'), (minus, '-')] {
            let label = format!("{}{sign}", token_name(token));
            crate::gfx::font::draw_text(&mut sheet, &label, (GAP as i32, y as i32 + 2), SCALE, ink);
            let percent = (classes.confidence[class] * 100.0).round() as u32;
            let colour = if percent < 50 { red } else { ink };
            crate::gfx::font::draw_text(
                &mut sheet,
                &percent.to_string(),
                (GAP as i32, y as i32 + 18),
                2,
                colour,
            );
            if pairing.weak && sign == '+' {
                crate::gfx::font::draw_text(&mut sheet, "weak", (40, y as i32 + 2), SCALE, red);
            }
            if doubt.contains(&class) {
                let shown = classes.members[class].len().clamp(1, PER_ROW) as u32;
                let frame = Rect::at(LABEL as i32 - 3, y as i32 - 2)
                    .of_size(shown * (THUMB + GAP) + 2, THUMB / 2 + 4);
                draw_filled_rect_mut(&mut sheet, frame, red);
                crate::gfx::font::draw_text(
                    &mut sheet,
                    "?",
                    (LABEL as i32 - 22, y as i32 + 2),
                    SCALE,
                    red,
                );
            }
            for (k, &half) in classes.members[class].iter().take(PER_ROW).enumerate() {
                let thumb = half_thumbnail(&images[half / 4], half % 4);
                let x = LABEL + k as u32 * (THUMB + GAP);
                imageops::replace(&mut sheet, &thumb, i64::from(x), i64::from(y));
            }
            y += row_h;
        }
        if pairing.weak {
            draw_filled_rect_mut(
                &mut sheet,
                Rect::at(0, y as i32 - GAP as i32).of_size(width, 2),
                red,
            );
        }
        y += pair_gap;
    }
    let mut out = Vec::new();
    encode_png(&sheet, PngEffort::Fast, &mut out);
    out
}

/// The half of `img` at `side` (right, top, left, bottom), turned so that its
/// side is at the top, as a `THUMB x THUMB/2` picture over white.
fn half_thumbnail(img: &RgbaImage, side: usize) -> RgbImage {
    let turned = match side {
        0 => imageops::rotate270(img),
        1 => img.clone(),
        2 => imageops::rotate90(img),
        _ => imageops::rotate180(img),
    };
    let (w, h) = turned.dimensions();
    let top = imageops::crop_imm(&turned, 0, 0, w, (h / 2).max(1)).to_image();
    let small = super::halves::resample::triangle(&top, THUMB, THUMB / 2);
    RgbImage::from_fn(THUMB, THUMB / 2, |x, y| {
        let p = small.get_pixel(x, y).0;
        let a = u32::from(p[3]);
        let over = |c: u8| ((u32::from(c) * a + 255 * (255 - a)) / 255) as u8;
        Rgb([over(p[0]), over(p[1]), over(p[2])])
    })
}
