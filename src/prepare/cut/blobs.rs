//! Each tile is one connected shape of foreground; its square is the
//! smallest rectangle round the shape's outline (rotating calipers), which
//! gives the centre, the turn and the side at once. A square's second
//! moments are the same in every direction, so principal axes could not
//! tell its turn.

use super::Problem;
use image::{GrayImage, Luma};
use imageproc::geometry::convex_hull;
use imageproc::point::Point;
use imageproc::region_labelling::{connected_components, Connectivity};

/// Shapes of fewer pixels are dust or noise, never looked at.
const MIN_PIXELS: u32 = 16;
/// Shapes smaller than this share of the median tile's area are specks.
pub(super) const SPECK_SHARE: f64 = 0.25;
/// A shape this many times the median tile's area is tiles that touch.
pub(super) const TOUCHING: f64 = 1.6;
/// A tile whose found rectangle is longer than wide by more than this is
/// not a square tile (or two tiles that overlap).
pub(super) const MAX_ASPECT: f64 = 1.25;

/// A tile found on the sheet, in sheet pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    pub centre: (f64, f64),
    /// The turn of the tile's top edge from the horizontal, clockwise on the
    /// sheet (y grows down), in radians within (-45°, 45°].
    pub angle: f64,
    /// The mean of the rectangle's two sides.
    pub side: f64,
    /// The longer side over the shorter.
    pub aspect: f64,
    /// The rectangle's area.
    pub area: f64,
    /// The rectangle's corners, in the order the calipers gave them.
    pub corners: [(f64, f64); 4],
}

impl Square {
    /// Does `p` lie inside this square?
    fn contains(&self, p: (f64, f64)) -> bool {
        let (dx, dy) = (p.0 - self.centre.0, p.1 - self.centre.1);
        let (s, c) = self.angle.sin_cos();
        let (u, v) = (dx * c + dy * s, -dx * s + dy * c);
        u.abs() < self.side / 2.0 && v.abs() < self.side / 2.0
    }
}

/// The tile-sized shapes of `mask` (255: foreground), largest first: specks
/// and shapes inside another tile (its printing, on a tile as pale as the
/// background) dropped. `expected` tiles set the scale of a speck.
pub(super) fn find(mask: &GrayImage, expected: usize) -> Vec<Square> {
    let labels = connected_components(mask, Connectivity::Eight, Luma([0u8]));
    let top = labels.pixels().map(|p| p[0]).max().unwrap_or(0) as usize;
    let mut area = vec![0u32; top + 1];
    for p in labels.pixels() {
        area[p[0] as usize] += 1;
    }
    // Only sizeable shapes get an outline: noise makes many tiny ones.
    let mut slot = vec![usize::MAX; top + 1];
    let mut outlines: Vec<Vec<Point<i32>>> = Vec::new();
    for (label, &a) in area.iter().enumerate().skip(1) {
        if a >= MIN_PIXELS {
            slot[label] = outlines.len();
            outlines.push(Vec::new());
        }
    }
    let (w, h) = labels.dimensions();
    let at = |x: u32, y: u32| labels.get_pixel(x, y)[0];
    for (x, y, p) in labels.enumerate_pixels() {
        let l = p[0];
        let Some(&s) = slot.get(l as usize).filter(|&&s| s != usize::MAX) else {
            continue;
        };
        let edge = x == 0
            || y == 0
            || x + 1 == w
            || y + 1 == h
            || at(x - 1, y) != l
            || at(x + 1, y) != l
            || at(x, y - 1) != l
            || at(x, y + 1) != l;
        if edge {
            outlines[s].push(Point::new(x as i32, y as i32));
        }
    }
    let mut squares: Vec<Square> = outlines
        .iter()
        .filter(|o| o.len() >= 3)
        .map(|o| fit(o))
        .collect();
    squares.sort_by(|a, b| b.area.total_cmp(&a.area));
    let median = median_area(&squares, expected);
    squares.retain(|s| s.area >= SPECK_SHARE * median);
    let inner: Vec<bool> = squares
        .iter()
        .enumerate()
        .map(|(i, s)| squares[..i].iter().any(|big| big.contains(s.centre)))
        .collect();
    let mut keep = inner.iter().map(|i| !i);
    squares.retain(|_| keep.next().unwrap_or(true));
    squares
}

/// The median area of the `expected` largest shapes: the tiles, whatever
/// dust there is besides them.
fn median_area(largest_first: &[Square], expected: usize) -> f64 {
    let top = &largest_first[..expected.min(largest_first.len())];
    top.get(top.len() / 2).map_or(0.0, |s| s.area)
}

/// Refuses shapes that are not one tile each, and a count that is not the grid's.
pub(super) fn check(squares: &[Square], rows: usize, cols: usize) -> Result<(), Problem> {
    let n = rows * cols;
    let median = median_area(squares, n);
    if let Some(big) = squares.iter().find(|s| s.area >= TOUCHING * median) {
        let k = (big.area / median).round();
        let (x, y) = big.centre;
        return Err(Problem::new(
            format!(
                "tiles touching: the shape round ({x:.0}, {y:.0}) is about {k} times a tile's area"
            ),
            "lay the tiles apart so background shows between every two, then scan again; cut.png shows what was found",
        ));
    }
    if let Some(long) = squares.iter().find(|s| s.aspect > MAX_ASPECT) {
        let (x, y) = long.centre;
        return Err(Problem::new(
            format!(
                "the shape round ({x:.0}, {y:.0}) is not square: {:.2} times as long as wide",
                long.aspect
            ),
            "check that nothing lies on or beside that tile and that it is not in shadow; cut.png shows what was found",
        ));
    }
    if squares.len() != n {
        let hint = if squares.len() < n {
            "a tile may be missing, hang over the sheet's edge, or be too close to the background's colour; cut.png shows what was found"
        } else {
            "something besides the tiles lies on the sheet, or --grid is wrong; cut.png shows what was found"
        };
        return Err(Problem::new(
            format!(
                "found {}, --grid {rows}x{cols} needs {n}",
                crate::phrases::plural(squares.len() as u64, "tile")
            ),
            hint,
        ));
    }
    Ok(())
}

/// The side every tile is written at by default: the median side found.
pub(super) fn median_side(squares: &[Square]) -> u32 {
    let mut sides: Vec<f64> = squares.iter().map(|s| s.side).collect();
    sides.sort_unstable_by(f64::total_cmp);
    sides
        .get(sides.len() / 2)
        .map_or(1, |s| s.round().max(1.0) as u32)
}

/// The smallest rectangle round `outline`: one of its sides lies along an
/// edge of the convex hull (rotating calipers). Computed here in floating
/// point, as imageproc's `min_area_rect` rounds the corners to whole pixels,
/// which costs a tile's turn about half a degree.
fn fit(outline: &[Point<i32>]) -> Square {
    let hull: Vec<(f64, f64)> = convex_hull(outline)
        .iter()
        .map(|p| (f64::from(p.x), f64::from(p.y)))
        .collect();
    let mut best = (f64::MAX, 0.0, [0.0; 4]);
    for (i, &a) in hull.iter().enumerate() {
        let b = hull[(i + 1) % hull.len()];
        let theta = (b.1 - a.1).atan2(b.0 - a.0);
        let (s, c) = theta.sin_cos();
        let (mut lo_u, mut hi_u, mut lo_v, mut hi_v) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in &hull {
            let (u, v) = (x * c + y * s, -x * s + y * c);
            (lo_u, hi_u) = (lo_u.min(u), hi_u.max(u));
            (lo_v, hi_v) = (lo_v.min(v), hi_v.max(v));
        }
        let area = (hi_u - lo_u + 1.0) * (hi_v - lo_v + 1.0);
        if area < best.0 {
            best = (area, theta, [lo_u, hi_u, lo_v, hi_v]);
        }
    }
    let (_, theta, [lo_u, hi_u, lo_v, hi_v]) = best;
    let (s, c) = theta.sin_cos();
    // A turned edge's outermost pixels stick out up to a pixel beyond the
    // edge, at random: each side is where the median pixel along it lies.
    let frame: Vec<(f64, f64)> = outline
        .iter()
        .map(|p| {
            let (x, y) = (f64::from(p.x), f64::from(p.y));
            (x * c + y * s, -x * s + y * c)
        })
        .collect();
    let along = |pick: fn(&(f64, f64)) -> (f64, f64), lo: f64, hi: f64, edge: f64| {
        let mut near: Vec<f64> = frame
            .iter()
            .map(pick)
            .filter(|&(across, at)| (across - edge).abs() <= 1.5 && at > lo + 2.0 && at < hi - 2.0)
            .map(|(across, _)| across)
            .collect();
        near.sort_unstable_by(f64::total_cmp);
        near.get(near.len() / 2).copied().unwrap_or(edge)
    };
    let (lo_u, hi_u, lo_v, hi_v) = (
        along(|&(u, v)| (u, v), lo_v, hi_v, lo_u),
        along(|&(u, v)| (u, v), lo_v, hi_v, hi_u),
        along(|&(u, v)| (v, u), lo_u, hi_u, lo_v),
        along(|&(u, v)| (v, u), lo_u, hi_u, hi_v),
    );
    let point = |u: f64, v: f64| (u * c - v * s, u * s + v * c);
    let corners = [
        point(lo_u, lo_v),
        point(hi_u, lo_v),
        point(hi_u, hi_v),
        point(lo_u, hi_v),
    ];
    // Outline points are pixel centres: the shape reaches half a pixel further.
    let (a, b) = (hi_u - lo_u + 1.0, hi_v - lo_v + 1.0);
    let quarter = std::f64::consts::FRAC_PI_2;
    let mut angle = theta - quarter * (theta / quarter).round();
    if angle <= -quarter / 2.0 {
        angle += quarter;
    }
    Square {
        centre: point((lo_u + hi_u) / 2.0, (lo_v + hi_v) / 2.0),
        angle,
        side: (a + b) / 2.0,
        aspect: a.max(b) / a.min(b),
        area: a * b,
        corners,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turned_square(mask: &mut GrayImage, centre: (f64, f64), side: f64, angle: f64) {
        let (s, c) = angle.sin_cos();
        for (x, y, p) in mask.enumerate_pixels_mut() {
            let (dx, dy) = (f64::from(x) - centre.0, f64::from(y) - centre.1);
            let (u, v) = (dx * c + dy * s, -dx * s + dy * c);
            if u.abs() < side / 2.0 && v.abs() < side / 2.0 {
                *p = Luma([255]);
            }
        }
    }

    #[test]
    fn finds_each_squares_centre_turn_and_side_and_drops_specks() {
        let mut mask = GrayImage::new(300, 160);
        let turns = [3.0f64, -3.0, 10.0, -10.0];
        for (i, deg) in turns.iter().enumerate() {
            let centre = (40.0 + 70.0 * i as f64, 70.0);
            turned_square(&mut mask, centre, 50.0, deg.to_radians());
        }
        // Dust: a 3x3 speck and an 8x8 blot.
        for (x, y) in [(5, 150), (6, 150), (5, 151)] {
            mask.put_pixel(x, y, Luma([255]));
        }
        turned_square(&mut mask, (150.0, 140.0), 8.0, 0.0);
        let mut found = find(&mask, 4);
        assert_eq!(found.len(), 4, "{found:?}");
        check(&found, 1, 4).expect("four squares");
        found.sort_by(|a, b| a.centre.0.total_cmp(&b.centre.0));
        for (s, deg) in found.iter().zip(turns) {
            assert!((s.angle.to_degrees() - deg).abs() < 0.6, "{s:?} {deg}");
            assert!((s.side - 50.0).abs() < 1.0, "{s:?}");
        }
        assert_eq!(median_side(&found), 50);
    }

    #[test]
    fn touching_tiles_and_a_missing_one_are_refused() {
        let mut mask = GrayImage::new(200, 80);
        turned_square(&mut mask, (30.0, 40.0), 40.0, 0.0);
        turned_square(&mut mask, (69.0, 40.0), 40.0, 0.0);
        turned_square(&mut mask, (150.0, 40.0), 40.0, 0.0);
        let found = find(&mask, 3);
        let e = check(&found, 1, 3).expect_err("touching");
        assert!(
            e.problem.contains("about 2 times a tile's area"),
            "{}",
            e.problem
        );
        let e = check(&found[1..], 1, 3).expect_err("missing");
        assert_eq!(e.problem, "found 1 tile, --grid 1x3 needs 3");
    }
}
