use super::*;

/// A tile like a bought puzzle's: a plain ground, a coloured half-disc on
/// each side, a dark number in the centre.
fn tile() -> Work {
    let c = (WORK as f32 - 1.0) / 2.0;
    let colours = [
        [200.0, 40.0, 40.0],
        [40.0, 90.0, 200.0],
        [230.0, 200.0, 40.0],
        [40.0, 160.0, 60.0],
    ];
    let centres = [(WORK as f32, c), (c, 0.0), (0.0, c), (c, WORK as f32)];
    let px = (0..WORK * WORK)
        .map(|k| {
            let (x, y) = ((k % WORK) as f32, (k / WORK) as f32);
            if (x - c).hypot(y - c) < 25.0 {
                return [20.0, 20.0, 20.0];
            }
            for (&(cx, cy), colour) in centres.iter().zip(colours) {
                if (x - cx).hypot(y - cy) < WORK as f32 * 0.3 {
                    return colour;
                }
            }
            [180.0, 170.0, 220.0]
        })
        .collect();
    Work { px }
}

/// `tile` under a light falling from `low` to 1 (a linear gain, as a
/// lamp's or a scanner's) along the direction `angle`.
fn lit(tile: &Work, low: f32, angle: f32) -> Work {
    let (c, s) = (angle.cos(), angle.sin());
    let span = (WORK as f32 - 1.0) * (c.abs() + s.abs());
    let t0 = (0.0f32).min(c * (WORK as f32 - 1.0)) + (0.0f32).min(s * (WORK as f32 - 1.0));
    let px = tile
        .px
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (x, y) = ((k % WORK) as f32, (k / WORK) as f32);
            let t = (x * c + y * s - t0) / span;
            p.map(|v| (v * (low + (1.0 - low) * t)).floor())
        })
        .collect();
    Work { px }
}

fn brightness(p: [f32; 3]) -> f32 {
    (p[0] + p[1] + p[2]) / 3.0
}

#[test]
fn a_ramp_of_light_is_fitted_and_taken_off() {
    let clean = tile();
    let mut tiles = vec![lit(&clean, 0.65, 0.7), lit(&clean, 0.65, 2.5)];
    let slopes = even_all(&mut tiles);
    // A gain from 0.65 to 1 is a change of ln(1/0.65) = 0.43 along the
    // ramp, less its bend (the fit is a plane in the log).
    for s in &slopes {
        assert!((0.35..0.55).contains(&s.across()), "{s:?}");
    }
    // The ground's corners, 0.65 apart in gain before, agree within 5 %.
    for t in &tiles {
        let corners = [
            (30, 30),
            (WORK - 31, 30),
            (30, WORK - 31),
            (WORK - 31, WORK - 31),
        ]
        .map(|(x, y)| brightness(t.px[y * WORK + x]));
        let (lo, hi) = corners
            .iter()
            .fold((f32::MAX, 0.0f32), |(l, h), &v| (l.min(v), h.max(v)));
        assert!(hi / lo < 1.05, "{corners:?}");
    }
    // The two tiles, lit from other sides, now show one colour where they
    // showed two.
    let (a, b) = (tiles[0].px[30 * WORK + 30], tiles[1].px[30 * WORK + 30]);
    assert!(
        (brightness(a) / brightness(b) - 1.0).abs() < 0.06,
        "{a:?} {b:?}"
    );
}

#[test]
fn clean_tiles_are_left_exactly_as_they_are() {
    let clean = tile();
    let mut tiles = vec![tile(), tile()];
    let slopes = even_all(&mut tiles);
    assert!(slopes.iter().all(|s| s.across() < 0.01), "{slopes:?}");
    assert!(tiles.iter().all(|t| t.px == clean.px));
}

#[test]
fn a_woods_grain_is_not_taken_for_light() {
    // A wood: one colour, its brightness a wavy grain of +-12 %.
    let px = (0..WORK * WORK)
        .map(|k| {
            let (x, y) = ((k % WORK) as f32, (k / WORK) as f32);
            let wobble = 6.0 * (y / 23.0).sin() + 3.0 * (y / 7.0).sin();
            let grain = 0.8 + 0.25 * (0.5 + 0.5 * ((x + wobble) * 0.07 * 2.1).sin());
            [170.0 * grain, 120.0 * grain, 70.0 * grain]
        })
        .collect();
    let wood = Work { px };
    let slope = fit(&wood);
    assert!(slope.across() < EVEN_FROM, "{slope:?}");
}

/// [`evened`] in place, with the slopes fitted: what the tests look at.
fn even_all(tiles: &mut [Work]) -> Vec<Slope> {
    let (slopes, uneven) = measure(tiles);
    if uneven {
        for (tile, slope) in tiles.iter_mut().zip(&slopes) {
            even(tile, *slope);
        }
    }
    slopes
}
