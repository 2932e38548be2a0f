use super::super::HUES;
use super::*;

/// The comparison as first written: every cell of the grid walked at
/// every shift, the triangle tested cell by cell. [`distance`] must agree
/// with it to the bit.
fn plain(a: &Look, b: &Look) -> f32 {
    let shift_l = plain_light_shift(a, b);
    let (bc, br) = (COLS.div_ceil(BLOCK), ROWS.div_ceil(BLOCK));
    let mut sums = vec![Block::default(); bc * br];
    let mut best = f32::INFINITY;
    for dv in 0..=1i64 {
        for du in -1..=1i64 {
            for (x, y, flip) in [(a, b, 1.0f32), (b, a, -1.0)] {
                sums.iter_mut().for_each(|s| *s = Block::default());
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
                    sums[k].add(w, d);
                }
                let (mut s, mut n) = (0.0, 0.0);
                for block in sums.iter().filter(|b| b.w > 0.0) {
                    s += block.w * block.size(0.0).min(CAP);
                    n += block.w;
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

#[test]
fn the_distances_in_lanes_are_the_one_pair_distance_to_the_bit() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let looks: Vec<Look> = (0..11)
        .map(|k| random_look(&mut seed, k % 4 == 3))
        .collect();
    // A full group and a part-filled one (its spare lanes dropped).
    for others in [&looks[..LANES], &looks[LANES..]] {
        let group = Group::new(&others.iter().collect::<Vec<_>>());
        for a in &looks {
            let lanes = distances(a, &group, 0.0);
            assert_eq!(lanes.len(), others.len());
            for (b, d) in others.iter().zip(lanes) {
                let one = distance(a, b);
                assert_eq!(d.to_bits(), one.to_bits(), "{d} against {one}");
            }
        }
    }
}

/// A half that is picture in every cell (no ground).
fn all_picture(cells: Vec<[f32; 3]>) -> Look {
    Look {
        cells,
        strips: [Vec::new(), Vec::new()],
        hues: [0.0; HUES],
        fg: vec![1.0; COLS * ROWS],
        strip_fg: Vec::new(),
    }
}

#[test]
fn a_noisy_copy_is_nearer_than_a_picture_that_differs_in_one_part() {
    // A photograph's detail is smooth at the cells' scale: it does not
    // differ from cell to cell as noise does.
    let cells = (0..COLS * ROWS)
        .map(|i| {
            let (x, y) = ((i % COLS) as f32, (i / COLS) as f32);
            [
                50.0 + 20.0 * (x / 5.0).sin(),
                10.0 * (y / 4.0).cos(),
                20.0 * ((x + y) / 7.0).sin(),
            ]
        })
        .collect();
    let picture = all_picture(cells);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    // The copy scanned with noise: each cell's colour off by up to 16 each
    // way, independently.
    let mut copy = picture.clone();
    for c in &mut copy.cells {
        *c = [
            c[0] + 32.0 * next(),
            c[1] + 32.0 * next(),
            c[2] + 32.0 * next(),
        ];
    }
    // Another picture: the same but redder by 12 along one stretch of the
    // side (a tenth of its columns).
    let mut other = picture.clone();
    for (i, c) in other.cells.iter_mut().enumerate() {
        if (36..44).contains(&(i % COLS)) {
            c[1] += 12.0;
        }
    }
    let (same, different) = (distance(&picture, &copy), distance(&picture, &other));
    assert!(same < 0.8 * different, "{same} against {different}");
}

#[test]
fn a_copy_whose_blocks_jpeg_moved_by_less_than_the_floor_is_a_copy() {
    // A smooth picture, and a copy whose every block of cells is moved in
    // hue by 1.5 one way or the other (JPEG's colour, stored coarsely and
    // differently on every tile); another picture differs by 12 along a
    // tenth of the side.
    let cells: Vec<[f32; 3]> = (0..COLS * ROWS)
        .map(|i| {
            let (x, y) = ((i % COLS) as f32, (i / COLS) as f32);
            [50.0 + 20.0 * (x / 9.0).sin(), 10.0 * (y / 6.0).cos(), 15.0]
        })
        .collect();
    let picture = all_picture(cells);
    let mut copy = picture.clone();
    for (i, c) in copy.cells.iter_mut().enumerate() {
        let block = (i / COLS / BLOCK) * 7 + (i % COLS) / BLOCK;
        let sign = if block.is_multiple_of(3) { 1.0 } else { -1.0 };
        c[1] += sign * 0.75 * FLOOR;
        c[2] -= sign * 0.5 * FLOOR;
    }
    let mut other = picture.clone();
    for (i, c) in other.cells.iter_mut().enumerate() {
        if (36..44).contains(&(i % COLS)) {
            c[1] += 12.0;
        }
    }
    let (same, different) = (
        distance_above(&picture, &copy, FLOOR),
        distance_above(&picture, &other, FLOOR),
    );
    assert_eq!(same, 0.0, "{same} against {different}");
    assert!(different > 0.5, "{different}");
    // Pictures not compressed keep every difference.
    assert!(distance(&picture, &copy) > 1.0);
}
