use super::*;
use image::{Rgba, RgbaImage};

const PAPER: Rgba<u8> = Rgba([240, 228, 236, 255]);
const RED: Rgba<u8> = Rgba([220, 40, 60, 255]);

/// A picture drawn across the seam of two tiles stacked one above the
/// other (`inside(x, y)`, `y` measured from the seam, up negative): the
/// upper tile's bottom half and the lower tile's top half.
pub(super) fn cut(inside: impl Fn(f32, f32) -> bool) -> (Outline, Outline) {
    let side = WORK as u32;
    let tile = |dy: f32| {
        RgbaImage::from_fn(side, side, |x, y| {
            if inside(x as f32, y as f32 + dy) {
                RED
            } else {
                PAPER
            }
        })
    };
    let (upper, lower) = (tile(-(WORK as f32)), tile(0.0));
    let bottom = describe(&Work::new(&upper))[3].expect("the upper half's outline");
    let top = describe(&Work::new(&lower))[1].expect("the lower half's outline");
    (bottom, top)
}

/// A bar 100 pixels wide crossing the seam at the middle, leaning by
/// `lean` pixels sideways per pixel down.
fn bar(lean: f32) -> impl Fn(f32, f32) -> bool {
    move |x, y| (x - (200.0 + lean * y)).abs() < 50.0 && y.abs() < 150.0
}

#[test]
fn the_two_halves_of_a_leaning_bar_continue_each_other() {
    let (upper, lower) = cut(bar(0.6));
    assert!(cost(&upper, &lower) < 0.3, "{upper:?} {lower:?}");
    // Both halves see the bar lean the same way, the side at the top.
    assert!((upper.left_slope - 0.6).abs() < 0.15, "{upper:?}");
    assert!((lower.left_slope - 0.6).abs() < 0.15, "{lower:?}");
}

#[test]
fn a_half_crossing_at_the_same_width_but_another_angle_does_not() {
    let (upper, _) = cut(bar(0.6));
    let (_, upright) = cut(bar(0.0));
    let (_, other_way) = cut(bar(-0.6));
    // The same crossing on the side: only the angle tells them apart.
    assert!(cost(&upper, &upright) > 1.0, "{upper:?} {upright:?}");
    // Leaning the other way: as unlike as two outlines are counted.
    assert_eq!(cost(&upper, &other_way), CAP, "{upper:?} {other_way:?}");
}

#[test]
fn a_step_a_few_pixels_in_does_not_bend_the_crossing() {
    // An arrow's shaft crossing the seam, its head widening 6 pixels
    // inside the upper tile.
    let arrow = |x: f32, y: f32| {
        let half = if y < -6.0 { 90.0 + 0.8 * y.abs() } else { 30.0 };
        (x - 200.0).abs() < half && y > -150.0 && y < 150.0
    };
    let (upper, lower) = cut(arrow);
    assert!(cost(&upper, &lower) < 0.5, "{upper:?} {lower:?}");
}

#[test]
fn a_half_on_no_plain_ground_has_no_outline() {
    // Wood grain, or a photograph, all along the side.
    let side = WORK as u32;
    let grain = RgbaImage::from_fn(side, side, |x, y| {
        let v = ((x * 7 + y * 3) % 50) as u8 * 3;
        Rgba([120 + v, 80 + v / 2, 40, 255])
    });
    assert!(describe(&Work::new(&grain)).iter().all(Option::is_none));
    // A plain tile: nothing crosses its sides.
    let plain = RgbaImage::from_pixel(side, side, PAPER);
    assert!(describe(&Work::new(&plain)).iter().all(Option::is_none));
}

#[test]
fn a_line_through_points_ignores_a_stray_one() {
    let points = [
        (2.0, 10.0),
        (3.0, 11.0),
        (4.0, 12.0),
        (5.0, 30.0),
        (6.0, 14.0),
    ];
    let (at, slope) = line(points.into_iter());
    assert!(
        (slope - 1.0).abs() < 1e-6 && (at - 8.0).abs() < 1e-6,
        "{at} {slope}"
    );
}

#[test]
fn a_class_has_an_outline_when_half_its_members_do() {
    let o = Outline {
        left: 150.0,
        left_slope: 0.5,
        right: 250.0,
        right_slope: 0.5,
        lines: None,
    };
    let far = Outline { left: 100.0, ..o };
    assert_eq!(
        of_class([Some(o), Some(o), Some(far), None].iter()),
        Some(o)
    );
    assert_eq!(of_class([Some(o), None, None].iter()), None);
}
