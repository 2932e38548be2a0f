//! One descriptor per edge half: what a person compares when they decide that
//! two half-pictures are the same print.
//!
//! Every tile is resampled to one working side first, so scans at another
//! scale describe alike. A half is the triangle between the tile's centre and
//! one side, read in a frame where that side is at the top (as if the tile had
//! been turned so). Inside it the "ground" is the region's median colour and
//! the "ink" is whatever differs clearly from it (the marker of a drawn tile,
//! the name written on a card). Ink connected to the centre (a card number, a
//! drawn tile's number disc) says nothing about the edge and is dropped.

use image::{Rgba, RgbaImage};

mod grid;
mod ink;
mod number;
pub(crate) use grid::{frame, shrink_factor, turns_at};
/// The card's number as the halves find it; the names' middle line
/// (`names::line`) looks for the same number.
pub(crate) use number::{NUMBER_REACH, RIM, SEED_SPAN, SLACK as NUMBER_SLACK};
pub(crate) mod grounds;
pub(crate) mod light;
pub(crate) mod resample;
mod straighten;
use grid::area_average;
use ink::keep_edge_ink;

/// Working side in pixels: large enough that names written on a 400-pixel
/// card stay legible (about 8 pixels high), small enough to stay cheap.
pub(crate) const WORK: usize = 400;
/// Side of the normalised ink crop compared between halves.
pub(crate) const GRID: usize = 20;

/// A tile picture at the working side, as linear-ish RGB floats.
#[derive(Clone)]
pub(crate) struct Work {
    px: Vec<[f32; 3]>,
}

impl Work {
    /// Resamples `img` (any square size) to [`WORK`], transparency over white.
    pub(crate) fn new(img: &RgbaImage) -> Work {
        let side = WORK as u32;
        let small = resample::triangle(img, side, side);
        let px = small
            .pixels()
            .map(|&Rgba([r, g, b, a])| {
                let a = f32::from(a) / 255.0;
                let over = |c: u8| f32::from(c) * a + 255.0 * (1.0 - a);
                [over(r), over(g), over(b)]
            })
            .collect();
        Work { px }
    }

    /// The pixel seen at `(u, v)` of the frame where side `side` (right, top,
    /// left, bottom) is at the top: the tile turned counter-clockwise by
    /// `(5 - side) % 4` quarter turns.
    pub(crate) fn at(&self, side: usize, u: usize, v: usize) -> [f32; 3] {
        let (x, y) = frame(side, u, v);
        self.px[y * WORK + x]
    }

    /// The summed colour of the `cell` x `cell` block from `(u0, v0)` in
    /// side `side`'s frame (see [`Work::at`]): the looks and the strokes
    /// read their cells so.
    pub(crate) fn cell_sum(&self, side: usize, (u0, v0): (usize, usize), cell: usize) -> [f32; 3] {
        let mut sum = [0.0f32; 3];
        for v in v0..v0 + cell {
            for u in u0..u0 + cell {
                let p = self.at(side, u, v);
                (0..3).for_each(|k| sum[k] += p[k]);
            }
        }
        sum
    }
}

/// What one half looks like.
#[derive(Clone, Debug)]
pub(crate) struct Half {
    /// Median colour of the region.
    pub ground: [f32; 3],
    /// The ground is the whole tile's (a card's background), not this edge's.
    pub card_ground: bool,
    /// The kept ink reaches the tile's centre ([`ink::reaches_centre`]): a
    /// name written so close to the card's number that the number was read
    /// as part of it.
    pub at_centre: bool,
    /// Mean colour of the ink (the ground's when there is none).
    pub ink_colour: [f32; 3],
    /// Ink strength (0..1) in the ink's bounding box, resampled to
    /// `GRID x GRID`; empty when the region has no ink.
    pub crop: Vec<f32>,
    /// The bounding box's width and height as fractions of the tile side.
    pub dims: [f32; 2],
    /// The ink at working resolution, in the tile's own frame (not turned):
    /// names written upright on a card read upright here.
    pub upright: Mask,
    /// `upright` under each of the four turns (the last unturned), for
    /// comparisons; shrunk so that its short side has at most [`grid::FINE`]
    /// pixels, which keeps the comparison of large markers cheap while
    /// lines of text keep their full resolution ([`shrink_factor`]; two
    /// halves shrunk by different factors are compared at the larger,
    /// `classes::distance`).
    pub turns: [Mask; 4],
}

/// A small binary picture, row-major, with the ink's grey levels.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mask {
    pub w: usize,
    pub h: usize,
    pub on: Vec<bool>,
    /// Pixels that are on.
    pub count: usize,
    /// How strongly each pixel is ink, 0..=255 (0 where it is not on), or
    /// empty when only `on` is known. A letter's anti-aliased rim is grey:
    /// thresholded, one name a fraction of a pixel elsewhere on the grid
    /// gains or loses a pixel along every stroke, and read two ways.
    pub level: Vec<u8>,
}

impl Mask {
    fn get(&self, x: usize, y: usize) -> bool {
        self.on[y * self.w + x]
    }
    /// The mask turned a quarter turn counter-clockwise.
    pub(crate) fn turned(&self) -> Mask {
        let mut on = vec![false; self.w * self.h];
        let mut level = vec![0u8; self.level.len()];
        for y in 0..self.h {
            for x in 0..self.w {
                // (x, y) goes to (y, w - 1 - x) in a picture h wide.
                on[(self.w - 1 - x) * self.h + y] = self.get(x, y);
                if !level.is_empty() {
                    level[(self.w - 1 - x) * self.h + y] = self.level[y * self.w + x];
                }
            }
        }
        Mask {
            w: self.h,
            h: self.w,
            on,
            count: self.count,
            level,
        }
    }
}

/// How different two colours look, lighting aside: the difference of their
/// hues and saturations (each colour divided by its brightness), and of
/// their brightness only beyond what uneven light does (a factor of 1.6).
/// About 1 between two clearly different colours.
pub(crate) fn colour_distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    let bright = |c: [f32; 3]| (c[0] + c[1] + c[2]) / 3.0 + 10.0;
    let (ba, bb) = (bright(a), bright(b));
    let chroma = (0..3)
        .map(|i| (a[i] / ba - b[i] / bb).powi(2))
        .sum::<f32>()
        .sqrt();
    let light = ((ba / bb).ln().abs() - 0.5).max(0.0);
    chroma + 2.0 * light
}

fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Is `(u, v)` inside the half's triangle, away from the diagonals (which
/// cards draw as lines) by `margin` pixels?
fn inside(u: usize, v: usize, margin: usize) -> bool {
    let last = WORK - 1;
    v >= BORDER && v + margin < u && v + margin < last - u && v < WORK / 2
}

/// Rows along the side left out: a card's printed border or a scan's edge.
const BORDER: usize = WORK / 50;

/// Describes the four halves of a tile, in the order right, top, left, bottom.
/// A ground shared by all four halves is the card's, not the edges': it is
/// marked so that comparisons ignore it.
pub(crate) fn describe(tile: &Work) -> [Half; 4] {
    let mut halves: [Half; 4] = std::array::from_fn(|side| describe_side(tile, side));
    let shared = halves
        .iter()
        .all(|h| colour_distance(h.ground, halves[0].ground) < CARD_GROUND);
    for h in &mut halves {
        h.card_ground = shared;
    }
    halves
}

/// Describes every tile's halves (four per tile, as [`describe`]), deciding
/// card grounds for the whole puzzle: a tile's shared ground is the card's
/// only when most tiles share one. On drawn tiles each half has its token's
/// colour, and a tile whose four halves happen to be one token (all yellow)
/// would otherwise be read as a yellow card: its halves then differed by 1
/// from every other yellow half and fell into classes of their own.
pub(crate) fn describe_all(tiles: &[Work]) -> Vec<Half> {
    let mut halves: Vec<Half> = tiles.iter().flat_map(describe).collect();
    let cards = halves.chunks(4).filter(|t| t[0].card_ground).count();
    if 2 * cards <= halves.len() / 4 {
        for h in &mut halves {
            h.card_ground = false;
        }
    }
    halves
}

/// Grounds closer than this ([`colour_distance`]) count as one colour.
const CARD_GROUND: f32 = 0.12;

fn describe_side(tile: &Work, side: usize) -> Half {
    let margin = WORK * 3 / 100;
    let mut cells = Vec::new();
    for v in 0..WORK / 2 {
        for u in 0..WORK {
            if inside(u, v, margin) {
                cells.push((u, v, tile.at(side, u, v)));
            }
        }
    }
    let ground = median(&cells.iter().map(|c| c.2).collect::<Vec<_>>());
    // Ink: clearly unlike the ground. The threshold follows the spread of the
    // region (noise, gradients) but never falls below a visible difference,
    // which scales with the ground's brightness: JPEG at quality 50 and below
    // bleeds a neighbouring half's colour 45 to 60 away from a mid-bright
    // ground (blue, yellow) around markers and diagonals, and a fixed 45 made
    // that ink (classes broke on every drawn puzzle); a fixed 60 lost the
    // darkened side of a lighting gradient, 70 lost corpus names.
    let mut spreads: Vec<f32> = cells.iter().map(|c| dist(c.2, ground)).collect();
    let typical = middle(&mut spreads).unwrap_or(0.0);
    let bright = (ground[0] + ground[1] + ground[2]) / 3.0;
    let threshold = (typical * 4.0).max((bright * 0.55).clamp(30.0, 60.0));
    // The rows along the side are read too, but only to finish words begun
    // inside: a name's descenders ("Grey", "Kopf") can reach into them,
    // and cutting them off made one name on a bottom edge differ from
    // itself on a side.
    let last = WORK - 1;
    cells.extend((0..BORDER).flat_map(|v| {
        (v + margin + 1..last.saturating_sub(v + margin)).map(move |u| (u, v, tile.at(side, u, v)))
    }));
    let mut strength = vec![0.0f32; WORK * WORK / 2];
    for &(u, v, c) in &cells {
        strength[v * WORK + u] = ((dist(c, ground) - threshold * 0.5) / threshold).clamp(0.0, 1.0);
    }
    // The card's number is no part of a name written against it.
    // A name that touched it lost the pixels it covers: marked as one
    // read with the number.
    let number = number::number(tile, side, ground, threshold);
    for &(u, v) in &number.pixels {
        strength[v * WORK + u] = 0.0;
    }
    let ink = keep_edge_ink(&strength, BORDER);
    let touched = number.against.iter().any(|&(u, v)| ink[v * WORK + u]);
    let at_centre = touched || ink::reaches_centre(&ink);
    let (mut u0, mut v0, mut u1, mut v1) = (WORK, WORK, 0, 0);
    let mut inked = Vec::new();
    for &(u, v, c) in &cells {
        if ink[v * WORK + u] {
            (u0, v0, u1, v1) = (u0.min(u), v0.min(v), u1.max(u), v1.max(v));
            inked.push(c);
        }
    }
    if inked.len() < 4 {
        return Half {
            ground,
            card_ground: false,
            at_centre,
            ink_colour: ground,
            crop: Vec::new(),
            dims: [0.0, 0.0],
            upright: Mask::default(),
            turns: Default::default(),
        };
    }
    let (w, h) = (u1 - u0 + 1, v1 - v0 + 1);
    let crop = area_average(w, h, |x, y| {
        let i = (v0 + y) * WORK + u0 + x;
        if ink[i] {
            strength[i]
        } else {
            0.0
        }
    });
    let at = |i: usize| (v0 + i / w) * WORK + u0 + i % w;
    let on: Vec<bool> = (0..w * h).map(|i| ink[at(i)]).collect();
    let count = on.iter().filter(|&&b| b).count();
    let level = (0..w * h)
        .map(|i| {
            if ink[at(i)] {
                (strength[at(i)] * 255.0).round() as u8
            } else {
                0
            }
        })
        .collect();
    let mut upright = Mask {
        w,
        h,
        on,
        count,
        level,
    };
    // The frame was the tile turned `(5 - side) % 4` quarter turns; turn back.
    for _ in 0..(side + 3) % 4 {
        upright = upright.turned();
    }
    let turns = turns_at(&upright, shrink_factor(&upright));
    Half {
        ground,
        card_ground: false,
        at_centre,
        ink_colour: core_colour(&mut inked, ground),
        crop,
        dims: [w as f32 / WORK as f32, h as f32 / WORK as f32],
        upright,
        turns,
    }
}

/// The half of a picture that no tile shows: blank card, no ink. It stands
/// for the partner of a class left over when the classes are odd in number.
pub(crate) fn absent() -> Half {
    Half {
        ground: [255.0; 3],
        card_ground: true,
        at_centre: false,
        ink_colour: [255.0; 3],
        crop: Vec::new(),
        dims: [0.0, 0.0],
        upright: Mask::default(),
        turns: Default::default(),
    }
}

/// The colour of the ink itself: the median of the quarter of its pixels
/// farthest from the ground. The mean of all of them mixed in the ground
/// along every stroke's anti-aliased rim, so one name printed on a white
/// card and on a tinted one differed by the tint (0.07, as much as half the
/// step between two names one digit apart).
fn core_colour(inked: &mut [[f32; 3]], ground: [f32; 3]) -> [f32; 3] {
    inked.sort_by(|a, b| dist(*b, ground).total_cmp(&dist(*a, ground)));
    median(&inked[..inked.len().div_ceil(4)])
}

fn median(colours: &[[f32; 3]]) -> [f32; 3] {
    std::array::from_fn(|c| {
        let mut v: Vec<f32> = colours.iter().map(|x| x[c]).collect();
        middle(&mut v).unwrap_or(255.0)
    })
}

/// The value at index `len / 2` of `v` sorted (by `total_cmp`), found
/// without sorting all of it: a half holds tens of thousands of pixels.
fn middle(v: &mut [f32]) -> Option<f32> {
    let at = v.len() / 2;
    (at < v.len()).then(|| *v.select_nth_unstable_by(at, f32::total_cmp).1)
}

#[cfg(test)]
mod tests;
