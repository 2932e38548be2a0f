use super::*;

/// A half drawn by `ink(cx, cy)` (cells), as [`describe_side`] reads it.
fn drawn(ink: impl Fn(i64, i64) -> bool) -> Strokes {
    let mut cells = Vec::new();
    for cy in 0..ROWS {
        for cx in 0..COLS {
            if inside(cx, cy) && ink(cx as i64, cy as i64) {
                cells.push((cx as i64, cy as i64, 1.0));
            }
        }
    }
    let cost = costs(&cells);
    Strokes { ink: cells, cost }
}

/// Half a ring crossing the side, centred at the side's middle.
fn ring(x: i64, y: i64) -> bool {
    let r = ((x - 50) * (x - 50) + y * y) as f32;
    (r.sqrt() - 20.0).abs() < 1.0
}

fn dot(x: i64, y: i64) -> bool {
    (x - 50) * (x - 50) + (y - 10) * (y - 10) <= 6
}

fn cross(x: i64, y: i64) -> bool {
    ((x - 50).abs() <= 5 && y == 10) || ((y - 10).abs() <= 5 && x == 50)
}

#[test]
fn a_copy_shifted_by_a_cell_or_two_is_the_same_half() {
    let a = drawn(|x, y| ring(x, y) || dot(x, y));
    let b = drawn(|x, y| ring(x - 2, y - 1) || dot(x - 2, y - 1));
    assert!(distance(&a, &b) < 0.01, "{}", distance(&a, &b));
}

#[test]
fn a_dot_and_a_cross_in_one_ring_differ() {
    let a = drawn(|x, y| ring(x, y) || dot(x, y));
    let b = drawn(|x, y| ring(x, y) || cross(x, y));
    let d = distance(&a, &b);
    assert!(d > 0.02, "{d}");
    assert_eq!(d, distance(&b, &a));
}

#[test]
fn ink_is_read_against_the_paper_beside_it_under_uneven_light() {
    // Lightness falling from 95 to 65 across the half, a stroke 40 darker.
    let light: Vec<f32> = (0..COLS * ROWS)
        .map(|i| {
            let cx = i % COLS;
            let paper = 95.0 - 30.0 * cx as f32 / COLS as f32;
            if cx == 60 {
                paper - 40.0
            } else {
                paper
            }
        })
        .collect();
    let ground = local_ground(&light);
    let ink = |cx: usize| {
        ((ground[10 * COLS + cx] - light[10 * COLS + cx] - INK_FROM) / INK_SPAN).clamp(0.0, 1.0)
    };
    assert_eq!(ink(60), 1.0);
    assert_eq!(ink(20), 0.0);
    assert_eq!(ink(90), 0.0);
}

#[test]
fn halves_without_ink_are_alike_and_unlike_any_drawing() {
    let empty = drawn(|_, _| false);
    let a = drawn(ring);
    assert_eq!(distance(&empty, &empty), 0.0);
    assert_eq!(distance(&empty, &a), 1.0);
}
