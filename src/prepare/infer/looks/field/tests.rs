use super::*;

/// A tile of `ground(x, y)` with a disc of `figure` on each side's middle.
fn tile(ground: impl Fn(usize, usize) -> [f32; 3], figure: [f32; 3]) -> Work {
    let r = (WORK / 8) as f64;
    let mid = WORK as f64 / 2.0;
    let centres = [
        (WORK as f64 - r, mid),
        (mid, r),
        (r, mid),
        (mid, WORK as f64 - r),
    ];
    Work::from_fn(|x, y| {
        let on = centres
            .iter()
            .any(|&(cx, cy)| (x as f64 - cx).hypot(y as f64 - cy) < r);
        if on {
            figure
        } else {
            ground(x, y)
        }
    })
}

/// A linear gradient from `a` to `b` along `angle` (radians), as
/// scripts/unseen-styles.py draws the `critters` ground.
fn gradient(a: [f32; 3], b: [f32; 3], angle: f64) -> impl Fn(usize, usize) -> [f32; 3] {
    move |x, y| {
        let (xx, yy) = (x as f64 / WORK as f64 - 0.5, y as f64 / WORK as f64 - 0.5);
        let f = (0.5 + xx * angle.cos() + yy * angle.sin()).clamp(0.0, 1.0) as f32;
        std::array::from_fn(|c| a[c] * (1.0 - f) + b[c] * f)
    }
}

#[test]
fn a_gradient_between_two_pale_colours_is_fitted_under_the_figures() {
    let (pink, green) = ([236.0, 196.0, 190.0], [120.0, 200.0, 140.0]);
    let t = tile(gradient(pink, green, 0.4), [250.0, 180.0, 20.0]);
    let field = fit(&t).expect("a gradient is a varying ground");
    // The ground under each corner's region is found within a few units.
    for (x, y) in [(30, 30), (370, 30), (30, 370), (370, 370), (200, 200)] {
        let truth = lab(gradient(pink, green, 0.4)(x, y));
        let got = field.at(1, x, y);
        assert!(
            delta(truth, got) < 3.0,
            "{x},{y}: {truth:?} against {got:?}"
        );
    }
}

#[test]
fn a_plain_ground_and_a_faint_slope_are_no_varying_ground() {
    let plain = tile(|_, _| [230.0, 220.0, 200.0], [200.0, 30.0, 30.0]);
    assert_eq!(fit(&plain), None);
    let faint = gradient([230.0, 220.0, 200.0], [224.0, 216.0, 198.0], 1.0);
    assert_eq!(fit(&tile(faint, [200.0, 30.0, 30.0])), None);
}

#[test]
fn four_coloured_triangles_fit_no_plane() {
    let colours = [
        [220.0, 40.0, 40.0],
        [40.0, 160.0, 60.0],
        [40.0, 60.0, 200.0],
        [230.0, 200.0, 40.0],
    ];
    let t = Work::from_fn(|x, y| {
        let (a, b) = (y < x, y + x < WORK);
        colours[usize::from(a) * 2 + usize::from(b)]
    });
    assert_eq!(fit(&t), None);
}
