//! Unit tests of reading a card's middle line whole.

use super::*;
use image::{Rgba, RgbaImage};

/// A made-up name: glyphs 6 pixels wide, 1 apart, of heights from `code`.
fn name(code: &[usize]) -> Mask {
    let (w, h) = (code.len() * 7, 16);
    let on: Vec<bool> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            x % 7 < 6 && y >= 16 - code[x / 7]
        })
        .collect();
    let level = on.iter().map(|&b| if b { 255 } else { 0 }).collect();
    Mask {
        w,
        h,
        count: on.iter().filter(|&&b| b).count(),
        on,
        level,
    }
}

/// A white card at the working side with `names` drawn black at their
/// top-left corners, and a number block at the centre.
fn card(names: &[(&Mask, usize, usize)]) -> Work {
    let mut img = RgbaImage::from_pixel(WORK as u32, WORK as u32, Rgba([255, 255, 255, 255]));
    let c = WORK / 2;
    for y in c - 16..c + 16 {
        for x in c - 10..c + 10 {
            img.put_pixel(x as u32, y as u32, Rgba([0, 0, 0, 255]));
        }
    }
    for &(m, x0, y0) in names {
        for y in 0..m.h {
            for x in 0..m.w {
                if m.on[y * m.w + x] {
                    img.put_pixel((x0 + x) as u32, (y0 + y) as u32, Rgba([0, 0, 0, 255]));
                }
            }
        }
    }
    Work::new(&img)
}

const WHITE: [f32; 3] = [255.0; 3];

#[test]
fn a_name_against_the_number_is_seen_and_one_apart_is_not() {
    let a = name(&[
        10, 14, 8, 12, 16, 9, 11, 13, 10, 15, 12, 8, 14, 10, 9, 12, 16, 11, 10, 13, 9, 14,
    ]);
    // 22 glyphs, 154 pixels: from 36 in it ends at the number's left side.
    let touching = Band::read(&card(&[(&a, 36, 192)]), WHITE).number_reach();
    assert!(touching.is_some_and(|c| c.near || lopsided(c)));
    let apart = Band::read(&card(&[(&a, 20, 192)]), WHITE).number_reach();
    assert!(apart.is_some_and(|c| !c.near && !lopsided(c)));
}

#[test]
fn the_copies_that_ran_into_each_other_explain_the_line_and_another_name_does_not() {
    let a = name(&[
        10, 14, 8, 12, 16, 9, 11, 13, 10, 15, 12, 8, 14, 10, 9, 12, 16, 11, 10, 13, 9, 14, 12,
    ]);
    let b = name(&[
        12, 9, 16, 10, 13, 11, 8, 14, 15, 9, 12, 10, 16, 13, 11, 9, 14, 10, 12, 8, 15, 11, 13,
    ]);
    // Like `a` but for its last eleven glyphs, the last few under the
    // number.
    let c = name(&[
        10, 14, 8, 12, 16, 9, 11, 13, 10, 15, 12, 8, 9, 16, 12, 8, 10, 15, 8, 16, 14, 10, 9,
    ]);
    // 161 pixels each: `a` from 30 in runs into the number (190 to 209);
    // `b` ending 24 from the right starts at 215.
    let band = Band::read(&card(&[(&a, 30, 192), (&b, WORK - 24 - b.w, 192)]), WHITE);
    let centre = band.number_reach().expect("the number");
    assert!(centre.near || lopsided(centre));
    let (first, last) = (30 - EDGE, WORK - 24 - EDGE - 1);
    let lay_b = band.lay(&b, (last + 1 - b.w) as i64, false);
    let out = |x: usize| x + EDGE + 13 < WORK / 2 || x + EDGE > WORK / 2 + 13;
    let right = band.disagreement(&a, band.lay(&a, first as i64, true), &b, lay_b, &out);
    let other = band.disagreement(&c, band.lay(&c, first as i64, true), &b, lay_b, &out);
    assert!(right.0 < EXPLAINED && right.1 < WORST, "{right:?}");
    assert!(
        other.0 >= CLEARLY * right.0 && other.0 >= right.0 + CLEARLY_BY,
        "{right:?} {other:?}"
    );
}
