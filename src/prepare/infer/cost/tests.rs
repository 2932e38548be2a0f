use super::*;

/// A palette all at `degrees` (split between the two nearest bins, as
/// `looks` adds a hue).
fn one_hue(degrees: f32) -> [f32; HUES] {
    let at = degrees.rem_euclid(360.0) / 360.0 * HUES as f32;
    let (lo, frac) = (at.floor() as usize % HUES, at.fract());
    let mut p = [0.0; HUES];
    p[lo] += 1.0 - frac;
    p[(lo + 1) % HUES] += frac;
    p
}

#[test]
fn a_palette_of_one_hue_has_that_hue_and_one_of_many_none() {
    let (a, r) = mean_hue(&one_hue(100.0));
    assert!((a.to_degrees() - 100.0).abs() < 1.0, "{}", a.to_degrees());
    assert!(r > 0.95, "{r}");
    let (_, r) = mean_hue(&[1.0 / HUES as f32; HUES]);
    assert!(r < 0.01, "{r}");
}

/// Ten pictures a tenth of a turn apart (a 6x6 of colour half-discs), the
/// two halves of each 5 degrees apart (the solid and the pale half of one
/// hue, seen through CIELAB): a neighbour's half costs the most, the
/// partner little. In a puzzle of two hues, half a turn apart, the same
/// 36 degrees are close.
#[test]
fn hues_are_near_or_far_by_the_spread_of_hues_in_the_puzzle() {
    let ten: Vec<(f32, f32)> = (0..10)
        .flat_map(|p| [p as f32 * 36.0, p as f32 * 36.0 + 5.0])
        .map(|d| mean_hue(&one_hue(d)))
        .collect();
    let span = hue_span(&ten);
    let partner = hue_distance(ten[0], ten[1], span);
    let neighbour = hue_distance(ten[1], ten[2], span);
    assert!(partner < 0.35, "{partner}");
    assert!(neighbour > 0.95, "{neighbour}");
    let two: Vec<(f32, f32)> = [0.0, 5.0, 180.0, 185.0]
        .iter()
        .map(|&d| mean_hue(&one_hue(d)))
        .collect();
    let span = hue_span(&two);
    let apart = hue_distance(two[0], mean_hue(&one_hue(36.0)), span);
    assert!(apart < 0.5, "{apart}");
}

/// Emoji, photographs: classes of many colours are not paired by a mean
/// hue that none of their colours has.
#[test]
fn classes_of_many_hues_cost_nothing_by_hue() {
    let mut many = [0.0; HUES];
    for b in [0, 8, 16] {
        many[b] = 1.0 / 3.0;
    }
    let hues = [
        mean_hue(&many),
        mean_hue(&one_hue(90.0)),
        mean_hue(&one_hue(200.0)),
        mean_hue(&one_hue(300.0)),
    ];
    let span = hue_span(&hues);
    assert!(hue_distance(hues[0], hues[1], span) < 0.05);
    assert!(hue_distance(hues[1], hues[2], span) > 0.95);
}

/// Photo crops of a few photographs: every class brownish, within a few
/// degrees of the others; their hue differences are noise and weigh
/// nothing.
#[test]
fn hues_all_within_a_few_degrees_weigh_nothing() {
    let browns: Vec<(f32, f32)> = [30.0, 31.0, 33.0, 34.5, 36.0, 37.0]
        .iter()
        .map(|&d| mean_hue(&one_hue(d)))
        .collect();
    let span = hue_span(&browns);
    assert_eq!(span.1, 0.0);
    assert_eq!(hue_distance(browns[0], browns[5], span), 0.0);
}

/// Photo crops (hues not spread): the strips weigh more and the palette
/// less; coded art in many hues keeps the weights; in between, between.
#[test]
fn the_palette_weighs_less_where_the_hues_are_not_spread() {
    let flat = by_spread(WEIGHTS, 0.0);
    assert!((flat.band - 1.5).abs() < 1e-6 && (flat.palette - 0.25).abs() < 1e-6);
    assert_eq!(by_spread(WEIGHTS, 1.0), WEIGHTS);
    let half = by_spread(WEIGHTS, 0.5);
    assert!(half.band > 1.0 && half.band < 1.5, "{half:?}");
    assert!(half.palette > 0.25 && half.palette < 1.0, "{half:?}");
    assert_eq!((half.outline, half.hue), (WEIGHTS.outline, WEIGHTS.hue));
}

/// Held-out photo 4x4 s58 clean (the pair terms of its two crops of the
/// astronaut, `UNSCRAMBLE_INFER_DEBUG_TERMS`): the true pairs' strips
/// continue (band 0.35 and 0.23) but their palettes differ (1.25, 1.19);
/// the tops of the two crops share a palette (0.18, 0.02) and do not
/// continue (1.31, 1.14). Under the old weights the rival was cheaper;
/// with the hues not spread, the true pairs are.
#[test]
fn two_crops_of_one_photograph_are_paired_by_their_strips() {
    let cost = |w: Weights, band: [f32; 2], palette: [f32; 2]| {
        w.band * (band[0] + band[1]) + w.palette * (palette[0] + palette[1])
    };
    let (truth, rival) = (([0.35, 0.23], [1.25, 1.19]), ([1.31, 1.14], [0.18, 0.02]));
    assert!(cost(WEIGHTS, truth.0, truth.1) > cost(WEIGHTS, rival.0, rival.1));
    let w = by_spread(WEIGHTS, 0.0);
    assert!(cost(w, truth.0, truth.1) + 1.0 < cost(w, rival.0, rival.1));
}
