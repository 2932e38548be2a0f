use super::*;

/// The grouping as first written: every pixel within [`REACH`] of each ink
/// pixel looked at. [`keep_edge_ink`] must keep exactly the same pixels.
fn plain(strength: &[f32], first_row: usize) -> Vec<bool> {
    let on = ink_on(strength, first_row);
    let mut seen = vec![false; on.len()];
    let rows = WORK / 2;
    let mut groups = Vec::new();
    for start in 0..on.len() {
        if !on[start] || seen[start] {
            continue;
        }
        let mut stack = vec![start];
        let mut members = Vec::new();
        let mut bbox = [WORK, WORK, 0, 0];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            members.push(i);
            let (x, y) = (i % WORK, i / WORK);
            bbox = [
                bbox[0].min(x),
                bbox[1].min(y),
                bbox[2].max(x),
                bbox[3].max(y),
            ];
            for ny in y.saturating_sub(REACH)..(y + REACH + 1).min(rows) {
                for nx in x.saturating_sub(REACH)..(x + REACH + 1).min(WORK) {
                    let j = ny * WORK + nx;
                    if on[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        groups.push((members, bbox));
    }
    keep_groups(groups, on.len(), strength, first_row)
}

/// Strength maps of a half: `blobs` random discs and bars of ink, specks
/// of noise, some touching the border rows and some the centre.
fn random_strength(seed: &mut u64, blobs: usize) -> Vec<f32> {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed >> 40) as f32 / (1u64 << 24) as f32
    };
    let mut s = vec![0.0f32; WORK * WORK / 2];
    for _ in 0..blobs {
        let (cx, cy) = (next() * WORK as f32, next() * (WORK / 2) as f32);
        let (rx, ry) = (1.0 + next() * 40.0, 1.0 + next() * 12.0);
        for (i, v) in s.iter_mut().enumerate() {
            let (x, y) = ((i % WORK) as f32 - cx, (i / WORK) as f32 - cy);
            if (x / rx).powi(2) + (y / ry).powi(2) < 1.0 {
                *v = 0.5 + 0.5 * next();
            }
        }
    }
    for _ in 0..300 {
        let i = (next() * s.len() as f32) as usize % s.len();
        s[i] = next();
    }
    s
}

#[test]
fn the_row_by_row_grouping_keeps_what_the_plain_one_keeps() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for blobs in [0, 1, 3, 8, 20, 60] {
        let strength = random_strength(&mut seed, blobs);
        for first_row in [0, BORDER_ROWS] {
            let (fast, slow) = (
                keep_edge_ink(&strength, first_row),
                plain(&strength, first_row),
            );
            assert!(slow.iter().any(|&k| k) || blobs == 0);
            assert_eq!(fast, slow, "{blobs} blobs from row {first_row}");
        }
    }
}

/// The border rows `halves` leaves out (`WORK / 50`).
const BORDER_ROWS: usize = WORK / 50;

#[test]
fn the_first_unseen_pixel_skips_what_was_taken() {
    let mut on = vec![false; WORK * 2];
    for x in [3, 4, 5, 9, WORK - 1] {
        on[WORK + x] = true;
    }
    let mut u = Unseen::new(&on, 2);
    assert_eq!(u.first(0, 0), WORK);
    assert_eq!(u.first(1, 0), 3);
    u.take(WORK + 3);
    u.take(WORK + 4);
    assert_eq!(u.first(1, 0), 5);
    u.take(WORK + 5);
    assert_eq!(u.first(1, 3), 9);
    assert_eq!(u.first(1, 10), WORK - 1);
    u.take(WORK + WORK - 1);
    assert_eq!(u.first(1, 10), WORK);
}

/// A drawn tile's marker after JPEG (dev seed 8's 6x6, tile 26 top): a
/// square by the side, a stray block pixel or two between it and the
/// number disc at the centre. The speck is no ink, and does not chain the
/// disc to the marker.
#[test]
fn a_speck_of_jpeg_does_not_chain_the_number_disc_to_the_marker() {
    let mut s = vec![0.0f32; WORK * WORK / 2];
    let mut paint = |x0: usize, x1: usize, y0: usize, y1: usize| {
        for y in y0..y1 {
            for x in x0..x1 {
                s[y * WORK + x] = 1.0;
            }
        }
    };
    // The marker, 70 pixels square, 25 pixels in from the side.
    paint(165, 235, 25, 95);
    // The top of the number disc, reaching the centre.
    paint(170, 230, 150, WORK / 2);
    // A speck of 3 x 3 pixels between them, more than `REACH` from both
    // but within `WORD_GAP` of the disc.
    paint(198, 201, 138, 141);
    let keep = keep_edge_ink(&s, BORDER_ROWS);
    let kept_at = |x: usize, y: usize| keep[y * WORK + x];
    assert!(kept_at(200, 60), "the marker is kept");
    assert!(!kept_at(199, 139), "the speck is dropped");
    assert!(!kept_at(200, 170), "the number disc is dropped");
}

#[test]
fn only_ink_at_the_tiles_centre_reaches_it() {
    // A name's last letter 10 % of the tile from the centre (in the
    // half's frame the centre is at the middle of the bottom row)...
    let mut keep = vec![false; WORK * WORK / 2];
    let c = WORK / 2;
    keep[(c - WORK / 10) * WORK + c] = true;
    assert!(!reaches_centre(&keep));
    // ...and a digit's stroke 2 % from it.
    keep[(c - WORK / 50) * WORK + c + 3] = true;
    assert!(reaches_centre(&keep));
}
