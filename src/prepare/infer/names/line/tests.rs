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
    assert!(touching.is_some_and(|c| c.near || lopsided(c.line.0, c.line.1)));
    let apart = Band::read(&card(&[(&a, 20, 192)]), WHITE).number_reach();
    assert!(apart.is_some_and(|c| !c.near && !lopsided(c.line.0, c.line.1)));
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
    assert!(centre.near || lopsided(centre.line.0, centre.line.1));
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

/// Fills the box `x0..x1` by `y0..y1` of `img` with the grey `level`.
fn fill(img: &mut RgbaImage, x0: usize, x1: usize, y0: usize, y1: usize, level: u8) {
    for y in y0..y1 {
        for x in x0..x1 {
            img.put_pixel(x as u32, y as u32, Rgba([level, level, level, 255]));
        }
    }
}

#[test]
fn a_small_number_above_the_names_does_not_make_the_line_collided() {
    // As a corpus card shrunk to 55 % reads at the working side: the dark
    // crossing of the diagonals at the centre, the card's small number
    // above it in paler ink (not dark), and names far from both.
    let a = name(&[10, 14, 8, 12, 16, 9, 11, 13]);
    let c = WORK / 2;
    let mut img = RgbaImage::from_pixel(WORK as u32, WORK as u32, Rgba([255, 255, 255, 255]));
    fill(&mut img, c - 4, c + 4, c - 4, c + 4, 0);
    fill(&mut img, c + 5, c + 8, c - 30, c - 14, 200);
    for x0 in [30, WORK - 30 - a.w] {
        for y in 0..a.h {
            for x in 0..a.w {
                if a.on[y * a.w + x] {
                    img.put_pixel((x0 + x) as u32, (c - 8 + y) as u32, Rgba([0, 0, 0, 255]));
                }
            }
        }
    }
    let band = Band::read(&Work::new(&img), WHITE);
    let rows = band.line_rows().expect("the names' rows");
    assert_eq!((rows.start, rows.end), (BAND - 8, BAND + 8));
    let centre = band.number_reach().expect("the crossing");
    assert!(!centre.near && !lopsided(centre.line.0, centre.line.1));
    // Over the whole band, as branch `textline` read it, the pale number
    // lay within three columns of the crossing.
    assert!(band.inked(c + 5 - EDGE, 0..2 * BAND));
}

#[test]
fn a_rival_that_is_another_name_in_one_stretch_does_not_count() {
    // Scored pairs, sorted by disagreement; their worst stretches apart.
    let scored = [(0.036, 0, 0), (0.054, 0, 1), (0.07, 1, 0)];
    let worst_of = |s: &(f32, usize, usize)| match (s.1, s.2) {
        (0, 1) => 0.58,
        (1, 0) => 0.2,
        _ => 0.14,
    };
    let never = |_: f32| false;
    let rival = band::plausible_rival(&scored, 0.14, never, worst_of).map(|s| (s.1, s.2));
    assert_eq!(rival, Some((1, 0)));
    // A rival whose worst stretch is under twice the first pair's is still
    // one (the first pair laid a pixel off may be wrong itself).
    let rival = band::plausible_rival(&scored, 0.3, never, worst_of).map(|s| (s.1, s.2));
    assert_eq!(rival, Some((0, 1)));
    // A rival clearly worse over the whole line ends the search unread.
    let clear = |next: f32| next >= 0.05;
    let rival = band::plausible_rival(&scored, 0.14, clear, |_| unreachable!());
    assert_eq!(rival.map(|s| (s.1, s.2)), Some((0, 1)));
}

#[test]
fn a_copy_reaching_past_the_end_of_the_line_is_not_a_bad_stretch() {
    let a = name(&[10, 14, 8, 12, 16, 9, 11, 13, 10, 15, 12]);
    let b = name(&[12, 9, 16, 10, 13, 11, 8, 14, 15, 9, 16]);
    // `b` with its last glyph two columns wider: a copy printed a little
    // otherwise, whose last stem finds no ink past the line's end.
    let mut wide = Mask {
        w: b.w + 2,
        on: Vec::new(),
        level: Vec::new(),
        ..b.clone()
    };
    for y in 0..b.h {
        let row = &b.on[y * b.w..(y + 1) * b.w];
        wide.on.extend(row);
        wide.on.extend([row[b.w - 2]; 2]);
    }
    wide.level = wide.on.iter().map(|&o| if o { 255 } else { 0 }).collect();
    wide.count = wide.on.iter().filter(|&&o| o).count();
    let bx = WORK - 24 - b.w;
    let band = Band::read(&card(&[(&a, 30, 192), (&b, bx, 192)]), WHITE);
    let out = |x: usize| x + EDGE + 13 < WORK / 2 || x + EDGE > WORK / 2 + 13;
    let la = band.lay(&a, (30 - EDGE) as i64, true);
    let lb = band.lay(&wide, (bx - EDGE) as i64, true);
    let (share, worst) = band.disagreement(&a, la, &wide, lb, &out);
    assert!(share < EXPLAINED && worst < WORST, "{share} {worst}");
}
