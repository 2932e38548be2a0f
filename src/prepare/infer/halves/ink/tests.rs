use super::*;

/// The grouping as first written: every pixel within [`REACH`] of each ink
/// pixel looked at. [`keep_edge_ink`] must keep exactly the same pixels.
fn plain(strength: &[f32], first_row: usize) -> Vec<bool> {
    let on: Vec<bool> = strength
        .iter()
        .enumerate()
        .map(|(i, &s)| s >= 0.5 && i / WORK >= first_row)
        .collect();
    let mut seen = vec![false; on.len()];
    let rows = WORK / 2;
    let centre = (WORK as f32 / 2.0, WORK as f32 / 2.0);
    let near_centre = WORK as f32 * 0.1;
    let near_side = WORK / 4;
    // Per group: its pixels, bounding box (x0, y0, x1, y1) and whether it is kept.
    let mut groups: Vec<(Vec<usize>, [usize; 4], bool)> = Vec::new();
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
        if members.len() < 3 {
            continue;
        }
        let central = members.iter().any(|&i| {
            let (x, y) = ((i % WORK) as f32, (i / WORK) as f32);
            (x - centre.0).hypot(y - centre.1) < near_centre
        });
        let by_side = bbox[1] < near_side;
        groups.push((members, bbox, by_side || !central));
    }
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
    let mut keep = vec![false; on.len()];
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
