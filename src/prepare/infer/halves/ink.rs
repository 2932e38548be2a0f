//! Which ink of a half belongs to its edge: ink is grouped into words and
//! the groups owned by the tile's centre are dropped. Apart from halves.rs
//! because the grouping is its own search, with its own tuning constants.

use super::WORK;

/// Ink pixels of a half, without specks of noise and without what belongs
/// to the tile's centre (a card's number, a drawn tile's number disc). Ink is
/// grouped with gaps of up to [`REACH`] pixels (letters into words); a group
/// that comes near the centre but never near the side is the centre's,
/// unless it continues a kept group within [`WORD_GAP`]: the last word of a
/// long name written beside a left or right edge reaches the centre too, and
/// dropping it made equal names on opposite edges look different.
///
/// Rows above `first_row` (along the side: a card's printed border, a
/// scan's edge) take no part in the grouping; ink there is added afterwards
/// only where it touches kept ink ([`finish_words`]).
pub(super) fn keep_edge_ink(strength: &[f32], first_row: usize) -> Vec<bool> {
    let on = ink_on(strength, first_row);
    let groups = groups_of(&on);
    keep_groups(groups, on.len(), strength, first_row)
}

/// Whether kept ink (`keep`, one half's pixels) comes within
/// [`CENTRE_REACH`] of the tile's centre. A name's ink never does on its
/// own: it is written beside its edge, clear of the card's number, and a
/// group that reaches the centre without nearing the side is dropped as
/// the number's. Kept ink there is the number taken into a name that was
/// written against it (an upright name beside a left or right edge:
/// "4TIGER unten" on held-out text of seed 15), read as a name no other
/// copy of it matches.
pub(super) fn reaches_centre(keep: &[bool]) -> bool {
    let c = WORK as f32 / 2.0;
    keep.iter().enumerate().any(|(i, &k)| {
        let (x, y) = ((i % WORK) as f32, (i / WORK) as f32);
        k && (x - c).hypot(y - c) < CENTRE_REACH
    })
}

/// See [`reaches_centre`]: 5 % of the tile. The benchmark's card numbers
/// (a bold digit or two, 12 % of the tile high) cover it; the names beside
/// them end 8 % or more from the centre when they do not touch them.
const CENTRE_REACH: f32 = WORK as f32 * 0.05;

/// The ink pixels that take part in the grouping: none above `first_row`.
fn ink_on(strength: &[f32], first_row: usize) -> Vec<bool> {
    strength
        .iter()
        .enumerate()
        .map(|(i, &s)| s >= 0.5 && i / WORK >= first_row)
        .collect()
}

/// A group of ink: its pixels and bounding box (x0, y0, x1, y1).
type Group = (Vec<usize>, [usize; 4]);

/// The groups of ink pixels `on` joined by gaps of up to [`REACH`], in the
/// order of their first pixel, each pixel in the order it was reached.
fn groups_of(on: &[bool]) -> Vec<Group> {
    let mut seen = vec![false; on.len()];
    let rows = WORK / 2;
    let mut unseen = Unseen::new(on, rows);
    let mut groups = Vec::new();
    for start in 0..on.len() {
        if !on[start] || seen[start] {
            continue;
        }
        let mut stack = vec![start];
        let mut members = Vec::new();
        let mut bbox = [WORK, WORK, 0, 0];
        seen[start] = true;
        unseen.take(start);
        while let Some(i) = stack.pop() {
            members.push(i);
            let (x, y) = (i % WORK, i / WORK);
            bbox = [
                bbox[0].min(x),
                bbox[1].min(y),
                bbox[2].max(x),
                bbox[3].max(y),
            ];
            let (from, to) = (x.saturating_sub(REACH), (x + REACH + 1).min(WORK));
            for ny in y.saturating_sub(REACH)..(y + REACH + 1).min(rows) {
                let mut nx = unseen.first(ny, from);
                while nx < to {
                    let j = ny * WORK + nx;
                    seen[j] = true;
                    unseen.take(j);
                    stack.push(j);
                    nx = unseen.first(ny, nx + 1);
                }
            }
        }
        groups.push((members, bbox));
    }
    groups
}

/// Which pixels of `groups` (of a half of `len` pixels) belong to the edge:
/// the rule of [`keep_edge_ink`].
fn keep_groups(groups: Vec<Group>, len: usize, strength: &[f32], first_row: usize) -> Vec<bool> {
    let centre = (WORK as f32 / 2.0, WORK as f32 / 2.0);
    let near_centre = WORK as f32 * 0.1;
    let near_side = WORK / 4;
    // Per group: its pixels, bounding box and whether it is kept.
    let mut groups: Vec<(Vec<usize>, [usize; 4], bool)> = groups
        .into_iter()
        .filter(|(members, _)| members.len() >= SPECK)
        .map(|(members, bbox)| {
            let central = members.iter().any(|&i| {
                let (x, y) = ((i % WORK) as f32, (i / WORK) as f32);
                (x - centre.0).hypot(y - centre.1) < near_centre
            });
            let by_side = bbox[1] < near_side;
            (members, bbox, by_side || !central)
        })
        .collect();
    // Central groups next to a kept one continue it (a name's last word).
    let gap = |a: &[usize; 4], b: &[usize; 4]| {
        let dx = a[0].saturating_sub(b[2]).max(b[0].saturating_sub(a[2]));
        let dy = a[1].saturating_sub(b[3]).max(b[1].saturating_sub(a[3]));
        dx.max(dy)
    };
    let mut changed = true;
    while changed {
        changed = false;
        for g in 0..groups.len() {
            if !groups[g].2
                && groups
                    .iter()
                    .any(|h| h.2 && gap(&h.1, &groups[g].1) <= WORD_GAP)
            {
                groups[g].2 = true;
                changed = true;
            }
        }
    }
    let mut keep = vec![false; len];
    for (members, _, kept) in groups {
        if kept {
            for i in members {
                keep[i] = true;
            }
        }
    }
    finish_words(&mut keep, strength, first_row);
    keep
}

/// The ink pixels the grouping has not reached yet, row by row: from any
/// column, the first such pixel at or right of it is found in a step or
/// two (pointers that skip what was taken, shortened as they are followed),
/// so a pixel's neighbourhood is searched row by row, not pixel by pixel.
/// Solid pictures (a half-disc) are tens of thousands of ink pixels, each
/// with 289 neighbours within [`REACH`].
struct Unseen {
    /// Per row `WORK + 1` entries: entry `x` is `x` when pixel `x` is
    /// unseen ink (and for the end, `WORK`), else a column further right
    /// from which to look on.
    next: Vec<u16>,
}

impl Unseen {
    fn new(on: &[bool], rows: usize) -> Unseen {
        let mut next = Vec::with_capacity(rows * (WORK + 1));
        for row in on.chunks(WORK).take(rows) {
            next.extend((0..WORK).map(|x| (if row[x] { x } else { x + 1 }) as u16));
            next.push(WORK as u16);
        }
        Unseen { next }
    }

    /// The first unseen ink pixel of row `y` at or right of `x`, `WORK` when
    /// none.
    fn first(&mut self, y: usize, x: usize) -> usize {
        let row = &mut self.next[y * (WORK + 1)..(y + 1) * (WORK + 1)];
        let mut x = x;
        loop {
            let n = usize::from(row[x]);
            if n == x {
                return x;
            }
            // Path halving: point past the next step as well.
            row[x] = row[n];
            x = n;
        }
    }

    /// Pixel `i` (row-major) is seen.
    fn take(&mut self, i: usize) {
        let (y, x) = (i / WORK, i % WORK);
        self.next[y * (WORK + 1) + x] = (x + 1) as u16;
    }
}

/// Adds the ink of the rows above `first_row` that touches kept ink, row by
/// row towards the side: the descender of a name written close to the edge.
/// A row inked along much of its length is a printed border or a scan's
/// edge, not a letter, and stops the growth.
fn finish_words(keep: &mut [bool], strength: &[f32], first_row: usize) {
    for v in (0..first_row.min(WORK / 2)).rev() {
        let row = v * WORK;
        let inked = (0..WORK).filter(|&u| strength[row + u] >= 0.5).count();
        if inked > WORK / 4 {
            break;
        }
        let below = row + WORK;
        for u in 0..WORK {
            let touches = (u.saturating_sub(1)..(u + 2).min(WORK)).any(|x| keep[below + x]);
            if strength[row + u] >= 0.5 && touches {
                keep[row + u] = true;
            }
        }
        // Along the row, both ways: the foot of a descender is wider than
        // its stem.
        for u in (1..WORK).chain((0..WORK - 1).rev()) {
            let beside = (u > 0 && keep[row + u - 1]) || (u + 1 < WORK && keep[row + u + 1]);
            if strength[row + u] >= 0.5 && beside {
                keep[row + u] = true;
            }
        }
    }
}

/// Largest gap in pixels between the words of one name.
const WORD_GAP: usize = WORK * 3 / 100;

/// Gap in pixels bridged when ink is grouped.
const REACH: usize = WORK / 50;

/// Groups of fewer pixels are specks, not ink. They stand alone by more
/// than [`REACH`] (a letter's dot joins its stem), and after JPEG they are
/// a block's stray pixels: one kept beside a drawn tile's marker stretched
/// its box across the half (drawn 6x6 of dev seed 8, JPEG, tile 10 left),
/// one between the marker and the number disc chained the disc to the
/// marker (tile 26 top), each a class of its own, and the 16 classes for
/// 14 paired into nothing that solves. It was 3; a source pixel of a
/// 240-pixel tile is about 3 working pixels.
const SPECK: usize = 12;

#[cfg(test)]
mod tests;
