use super::*;

/// A white tile with dark rectangles `(x0, y0, x1, y1)`, inclusive.
fn tile(rects: &[(usize, usize, usize, usize)]) -> Work {
    let mut px = vec![[255.0f32; 3]; WORK * WORK];
    for &(x0, y0, x1, y1) in rects {
        for y in y0..=y1 {
            for x in x0..=x1 {
                px[y * WORK + x] = [0.0; 3];
            }
        }
    }
    Work { px }
}

#[test]
fn a_number_alone_at_the_centre_is_found_in_each_half() {
    // A digit 48 px high, 24 wide, at the centre.
    let t = tile(&[(188, 176, 211, 223)]);
    let top = number(&t, 1, [255.0; 3], 60.0);
    assert!(!top.pixels.is_empty() && top.against.is_empty());
    let rim = 188 - RIM..=211 + RIM;
    assert!(top
        .pixels
        .iter()
        .all(|&(u, v)| v < WORK / 2 && rim.contains(&u)));
    assert!(!number(&t, 2, [255.0; 3], 60.0).pixels.is_empty());
}

#[test]
fn a_letter_against_the_number_is_cut_off_at_its_other_side() {
    // The digit, and a letter beside the left edge's name touching it.
    let t = tile(&[(188, 176, 211, 223), (176, 192, 187, 207)]);
    let left = number(&t, 2, [255.0; 3], 60.0);
    assert!(
        !left.against.is_empty(),
        "the left half's letter is against it"
    );
    // In the left half's frame `v` is the tile's column.
    assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
}

#[test]
fn ink_running_far_both_ways_is_no_number() {
    // A bar from the left edge to the right one, through the centre.
    let t = tile(&[(20, 192, 380, 207)]);
    assert!(number(&t, 2, [255.0; 3], 60.0).pixels.is_empty());
}

#[test]
fn a_name_of_touching_letters_against_the_number_is_cut_off() {
    // The digit, and a bar from the left edge into it.
    let t = tile(&[(188, 176, 211, 223), (20, 192, 188, 207)]);
    let left = number(&t, 2, [255.0; 3], 60.0);
    assert!(!left.against.is_empty());
    assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
}

#[test]
fn a_name_near_the_number_is_not_taken_with_it() {
    // The name ends 11 px short of the digit: not connected.
    let t = tile(&[(188, 176, 211, 223), (20, 192, 176, 207)]);
    let left = number(&t, 2, [255.0; 3], 60.0);
    assert!(left.against.is_empty());
    assert!(left.pixels.iter().all(|&(_, v)| v + RIM + SLACK >= 188));
}

/// The search as it was before each pixel's darkness was kept and the
/// search cut short (2026-11-27): the reference the kept one must match.
fn plain_number(tile: &Work, side: usize, ground: [f32; 3], threshold: f32) -> Number {
    let c = WORK / 2;
    let dark =
        |u: usize, v: usize| super::super::dist(tile.at(side, u, v), ground) >= DARK * threshold;
    let (lo, hi) = (c - SEARCH_REACH, c + SEARCH_REACH);
    let span = hi - lo + 1;
    let at = |u: usize, v: usize| (v - lo) * span + (u - lo);
    let mut seen = vec![false; span * span];
    let mut stack = Vec::new();
    for v in lo..=hi {
        for u in lo..=hi {
            let r = (u as f32 - c as f32).hypot(v as f32 - c as f32);
            if r < SEED_REACH && dark(u, v) {
                seen[at(u, v)] = true;
                stack.push((u, v));
            }
        }
    }
    let mut found = Vec::new();
    while let Some((u, v)) = stack.pop() {
        found.push((u, v));
        for (nu, nv) in neighbours(u, v) {
            if !dark(nu, nv) {
                continue;
            }
            // Letters that touch each other carry the search along a
            // name: it is not followed past the search's reach.
            if nu < lo || nu > hi || nv < lo || nv > hi {
                continue;
            }
            if !seen[at(nu, nv)] {
                seen[at(nu, nv)] = true;
                stack.push((nu, nv));
            }
        }
    }
    if found.is_empty() {
        return Number::default();
    }
    // Printed centred: its reach is the lesser of the two ways, each axis.
    let reach = |along: fn(&(usize, usize)) -> usize| {
        let low = found.iter().map(along).min().unwrap_or(c);
        let high = found.iter().map(along).max().unwrap_or(c);
        (c - low.min(c)).min(high.max(c) - c) + 1
    };
    let (ru, rv) = (reach(|p| p.0), reach(|p| p.1));
    if ru > NUMBER_REACH || rv > NUMBER_REACH {
        return Number::default();
    }
    // A pixel or two of slack: the number is centred on the picture's
    // pixel grid, not on the working tile's, and a sliver of a digit left
    // on a name is a mark no other copy of it has.
    let (ru, rv) = (ru + SLACK, rv + SLACK);
    let in_box = |&(u, v): &(usize, usize)| u.abs_diff(c) <= ru && v.abs_diff(c) <= rv;
    let against = found
        .iter()
        .copied()
        .filter(|p| !in_box(p) && p.1 < c)
        .collect();
    let mut take = vec![false; span * span];
    for &(u, v) in found.iter().filter(|p| in_box(p)) {
        for y in v - RIM..=v + RIM {
            for x in u - RIM..=u + RIM {
                take[at(x, y)] = true;
            }
        }
    }
    let pixels = (0..span * span)
        .filter(|&i| take[i])
        .map(|i| (lo + i % span, lo + i / span))
        .filter(|&(_, v)| v < c)
        .collect();
    Number { pixels, against }
}

/// A tile of random dark blobs on a light ground, some at the centre.
fn blobs(seed: &mut u64) -> Work {
    let mut next = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let mut px = vec![[230.0f32; 3]; WORK * WORK];
    let blobs = 1 + next() % 12;
    for _ in 0..blobs {
        let (cx, cy) = (120 + next() % 160, 120 + next() % 160);
        let (rx, ry) = (2 + next() % 60, 2 + next() % 60);
        let grey = (next() % 200) as f32;
        for y in cy.saturating_sub(ry)..(cy + ry).min(WORK as u64) {
            for x in cx.saturating_sub(rx)..(cx + rx).min(WORK as u64) {
                px[y as usize * WORK + x as usize] = [grey, grey * 0.5, 255.0 - grey];
            }
        }
    }
    Work { px }
}

#[test]
fn the_kept_search_finds_what_the_plain_one_finds() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut numbers = 0;
    for k in 0..60 {
        let t = if k < 2 {
            tile(&[(188, 176, 211, 223), (20, 192, 188, 207)])
        } else {
            blobs(&mut seed)
        };
        for side in 0..4 {
            for threshold in [20.0, 45.0, 60.0] {
                let a = number(&t, side, [230.0; 3], threshold);
                let b = plain_number(&t, side, [230.0; 3], threshold);
                assert_eq!(a.pixels, b.pixels, "tile {k} side {side}");
                assert_eq!(a.against, b.against, "tile {k} side {side}");
                numbers += usize::from(!a.pixels.is_empty());
            }
        }
    }
    assert!(
        numbers > 20,
        "only {numbers} numbers found: the test tells little"
    );
}
