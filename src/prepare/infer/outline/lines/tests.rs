use super::super::tests::cut;
use super::super::Outline;
use super::*;

// The drawings are drawn in red on pink paper by `cut`: ink is what
// differs from the ground, whatever its colour.

/// Strokes 6 pixels wide, shapes of radius 80 centred on the seam.
fn ring(x: f32, y: f32) -> bool {
    ((x - 200.0).hypot(y) - 80.0).abs() < 3.0
}

fn square(x: f32, y: f32) -> bool {
    let (dx, dy) = ((x - 200.0).abs(), y.abs());
    ((dx - 80.0).abs() < 3.0 && dy < 75.0) || ((dy - 72.0).abs() < 3.0 && dx < 83.0)
}

fn diamond(x: f32, y: f32) -> bool {
    ((x - 200.0).abs() + y.abs() - 80.0).abs() < 4.2
}

fn strokes(o: &Outline) -> Lines {
    o.lines.expect("a line drawing's strokes")
}

#[test]
fn a_ring_is_told_from_a_box_crossing_at_the_same_place() {
    let (ring_up, ring_down) = cut(ring);
    let (box_up, box_down) = cut(square);
    let cost = |a: &Outline, b: &Outline| cost(&strokes(a), &strokes(b), 2.0);
    assert!(
        cost(&ring_up, &ring_down) < 0.15,
        "{ring_up:?} {ring_down:?}"
    );
    assert!(cost(&box_up, &box_down) < 0.15, "{box_up:?} {box_down:?}");
    // Both cross the seam upright 80 pixels from the middle: only the
    // ring's bend tells them apart.
    assert!(cost(&ring_up, &box_down) > 0.4, "{ring_up:?} {box_down:?}");
    assert!(cost(&box_up, &ring_down) > 0.4, "{box_up:?} {ring_down:?}");
}

#[test]
fn a_corner_on_the_seam_continues_mirrored() {
    let (up, down) = cut(diamond);
    let (_, box_down) = cut(square);
    let cost = |a: &Outline, b: &Outline| cost(&strokes(a), &strokes(b), 2.0);
    assert!(cost(&up, &down) < 0.2, "{up:?} {down:?}");
    assert!(cost(&up, &box_down) > 1.0, "{up:?} {box_down:?}");
}

#[test]
fn a_solid_silhouette_is_no_line_drawing() {
    let (up, down) = cut(|x, y| (x - 200.0).hypot(y) < 80.0);
    assert_eq!((up.lines, down.lines), (None, None));
}

#[test]
fn a_puzzle_of_few_line_drawings_is_read_as_before() {
    let (ring_up, _) = cut(ring);
    let (solid, _) = cut(|x, y| (x - 200.0).hypot(y) < 80.0);
    let mut few = vec![Some(ring_up), Some(solid), Some(solid), None];
    gate(&mut few);
    assert!(few.iter().flatten().all(|o| o.lines.is_none()));
    let mut most = vec![
        Some(ring_up),
        Some(ring_up),
        Some(ring_up),
        Some(ring_up),
        Some(solid),
        None,
    ];
    gate(&mut most);
    assert_eq!(most[0].and_then(|o| o.lines), ring_up.lines);
}

#[test]
fn a_parabola_is_fitted_through_its_points() {
    let s = parabola((0..20).map(|v| {
        let v = v as f32;
        (v, 3.0 + 0.5 * v - 0.01 * v * v)
    }))
    .expect("a parabola");
    assert!((s.at - 3.0).abs() < 1e-3, "{s:?}");
    assert!((s.slope - 0.5).abs() < 1e-3, "{s:?}");
    assert!((s.bend + 0.01).abs() < 1e-4, "{s:?}");
}
