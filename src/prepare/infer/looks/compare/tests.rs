use super::super::HUES;
use super::*;

/// The comparison as first written: every cell of the grid walked at
/// every shift, the triangle tested cell by cell. [`distance`] must agree
/// with it to the bit.
fn plain(a: &Look, b: &Look) -> f32 {
    let shift_l = plain_light_shift(a, b);
    let (bc, br) = (COLS.div_ceil(BLOCK), ROWS.div_ceil(BLOCK));
    let mut sums = vec![([0.0f32; 3], 0.0f32); bc * br];
    let mut best = f32::INFINITY;
    for dv in 0..=1i64 {
        for du in -1..=1i64 {
            for (x, y, flip) in [(a, b, 1.0f32), (b, a, -1.0)] {
                sums.iter_mut().for_each(|s| *s = ([0.0; 3], 0.0));
                for i in (0..COLS * ROWS).filter(|&i| inside(i)) {
                    let (cx, cy) = ((i % COLS) as i64 + du, (i / COLS) as i64 + dv);
                    if cx < 0 || cx >= COLS as i64 || cy >= ROWS as i64 {
                        continue;
                    }
                    let j = cy as usize * COLS + cx as usize;
                    if !inside(j) {
                        continue;
                    }
                    let (p, c) = (x.cells[i], y.cells[j]);
                    let w = x.fg[i].max(y.fg[j]) + GROUND_WEIGHT;
                    let k = (i / COLS / BLOCK) * bc + (i % COLS) / BLOCK;
                    let d = [
                        0.5 * (p[0] - c[0] - flip * shift_l),
                        p[1] - c[1],
                        p[2] - c[2],
                    ];
                    (0..3).for_each(|q| sums[k].0[q] += w * d[q]);
                    sums[k].1 += w;
                }
                let (mut s, mut n) = (0.0, 0.0);
                for (d, w) in sums.iter().filter(|(_, w)| *w > 0.0) {
                    let size = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt() / w;
                    s += w * size.min(CAP);
                    n += w;
                }
                if n > 0.0 {
                    best = best.min(s / n);
                }
            }
        }
    }
    best
}

fn plain_light_shift(a: &Look, b: &Look) -> f32 {
    let (mut s, mut n, mut all) = (0.0, 0.0, 0.0);
    let cells = (0..COLS * ROWS).filter(|&i| inside(i));
    let count = cells.clone().count().max(1) as f32;
    for i in cells {
        let w = a.fg[i] * b.fg[i];
        let d = a.cells[i][0] - b.cells[i][0];
        s += w * d;
        n += w;
        all += d;
    }
    let shift = if n > 4.0 { s / n } else { all / count };
    shift.clamp(-15.0, 15.0)
}

/// A look of random cells: a disc of picture (fg 1) on ground (fg 0),
/// or, when `sparse`, almost no picture, so that the light shift falls
/// back on the whole triangle.
fn random_look(seed: &mut u64, sparse: bool) -> Look {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed >> 40) as f32 / (1u64 << 24) as f32
    };
    let (cx, cy, r) = (20.0 + 40.0 * next(), 10.0 * next(), 10.0 + 25.0 * next());
    let mut cells = Vec::new();
    let mut fg = Vec::new();
    for i in 0..COLS * ROWS {
        cells.push([100.0 * next(), 120.0 * next() - 60.0, 120.0 * next() - 60.0]);
        let (x, y) = ((i % COLS) as f32 - cx, (i / COLS) as f32 - cy);
        let disc = x.hypot(y) < r && !sparse;
        fg.push(if disc {
            0.5 + 0.5 * next()
        } else {
            0.1 * next()
        });
    }
    Look {
        cells,
        strips: [Vec::new(), Vec::new()],
        hues: [0.0; HUES],
        fg,
        strip_fg: Vec::new(),
    }
}

#[test]
fn the_tabled_distance_is_the_plain_walk_to_the_bit() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let looks: Vec<Look> = (0..8).map(|k| random_look(&mut seed, k % 4 == 3)).collect();
    for a in &looks {
        for b in &looks {
            let (fast, slow) = (distance(a, b), plain(a, b));
            assert_eq!(fast.to_bits(), slow.to_bits(), "{fast} against {slow}");
        }
    }
    // The table holds every cell of the triangle, and each shift all but
    // the cells pushed off it.
    let t = table();
    let cells = (0..COLS * ROWS).filter(|&i| inside(i)).count();
    assert_eq!(t.inside.len(), cells);
    assert_eq!(t.shifts[1].len(), cells);
    assert!(t.shifts.iter().all(|m| m.len() > cells * 9 / 10));
}
