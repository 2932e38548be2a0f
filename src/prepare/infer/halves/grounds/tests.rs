use super::*;

/// A tile on `ground` showing, on its top side, a red half-disc whose rim
/// blends into the ground over two pixels, a cream bar (a pale drawing),
/// and beside the disc its shadow, black laid at 40 % over the ground.
fn tile(ground: [f32; 3]) -> Work {
    let c = (WORK as f32 - 1.0) / 2.0;
    let red = [200.0, 30.0, 40.0];
    let cream = [250.0, 246.0, 228.0];
    let px = (0..WORK * WORK)
        .map(|k| {
            let (x, y) = ((k % WORK) as f32, (k / WORK) as f32);
            let r = (x - c).hypot(y);
            let a = ((70.0 - r) / 2.0).clamp(0.0, 1.0);
            let mut p: [f32; 3] = std::array::from_fn(|i| a * red[i] + (1.0 - a) * ground[i]);
            if a == 0.0 && (c + 75.0..c + 110.0).contains(&x) && y < 50.0 {
                p = ground.map(|v| 0.6 * v);
            }
            if (c - 150.0..c - 110.0).contains(&x) && y < 30.0 {
                p = cream;
            }
            p
        })
        .collect();
    Work { px }
}

const PINK: [f32; 3] = [242.0, 213.0, 213.0];
const GREEN: [f32; 3] = [213.0, 242.0, 221.0];
const BLUE: [f32; 3] = [213.0, 237.0, 242.0];

fn apart(a: &Work, b: &Work, i: usize) -> f32 {
    dist(a.px[i], b.px[i])
}

#[test]
fn tiles_on_grounds_of_their_own_are_brought_to_one_ground() {
    let tiles = vec![tile(PINK), tile(GREEN), tile(BLUE)];
    let moved = common(&tiles, &[false; 3]);
    assert!(matches!(moved, Cow::Owned(_)));
    let c = WORK / 2;
    // The ground, the disc's blended rim and the shadow: alike on every
    // tile once moved, where they differed by the grounds' 30 or more.
    for (x, y) in [(20, 200), (c + 69, 0), (c + 90, 20)] {
        let i = y * WORK + x;
        assert!(apart(&tiles[0], &tiles[1], i) > 20.0, "{x},{y}");
        for k in 1..3 {
            let d = apart(&moved[0], &moved[k], i);
            assert!(d < 3.0, "pixel {x},{y}: {d}");
        }
    }
    // The drawing keeps its colours: the disc's core and the pale bar.
    for (x, y) in [(c, 10), (c - 130, 10)] {
        let i = y * WORK + x;
        for k in 0..3 {
            assert_eq!(moved[k].px[i], tiles[k].px[i], "pixel {x},{y}");
        }
    }
}

#[test]
fn tiles_on_one_ground_are_read_as_they_are() {
    let tiles = vec![tile(PINK), tile(PINK), tile(PINK)];
    assert!(matches!(common(&tiles, &[false; 3]), Cow::Borrowed(_)));
    // Tiles whose ground changes across them are not counted.
    let tiles = vec![tile(PINK), tile(GREEN), tile(BLUE)];
    assert!(matches!(common(&tiles, &[true; 3]), Cow::Borrowed(_)));
}

#[test]
fn a_darker_shade_of_the_ground_is_shadow_and_a_grey_is_not() {
    assert!((blend::shade(PINK.map(|v| 0.5 * v), PINK, 0.0) - 0.5).abs() < 1e-4);
    assert_eq!(blend::shade([128.0; 3], PINK, 0.0), 0.0);
    // A rim pixel halfway from the ground to red is half drawing; a fill
    // beside a dark outline is no blend of the two.
    let half: [f32; 3] = std::array::from_fn(|i| 0.5 * (PINK[i] + [200.0, 30.0, 40.0][i]));
    let t = blend::drawing(half, PINK, [200.0, 30.0, 40.0], 8.0);
    assert!((t - 0.5).abs() < 0.01, "{t}");
    assert_eq!(
        blend::drawing([40.0, 160.0, 60.0], PINK, [10.0; 3], 8.0),
        1.0
    );
}
