use super::*;

const GROUND: [f32; 3] = [235.0, 230.0, 220.0];
const DISC: [f32; 3] = [40.0, 60.0, 160.0];
const BLOCK: [f32; 3] = [200.0, 90.0, 30.0];

/// A tile like the photo crops': picture all the way to the frame (a
/// mid-tone wash), a dark half-disc cut by each edge and a block in the
/// middle; `ground` is the wash's colour.
fn tile(ground: [f32; 3]) -> Work {
    let c = (WORK as f32 - 1.0) / 2.0;
    let mut px = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        for x in 0..WORK {
            let (fx, fy) = (x as f32, y as f32);
            let centres = [
                (c + 60.0, 0.0),
                (WORK as f32, c - 40.0),
                (c - 70.0, WORK as f32),
                (0.0, c + 50.0),
            ];
            let disc = centres
                .iter()
                .any(|&(cx, cy)| (fx - cx).hypot(fy - cy) < 110.0);
            let block = (fx - c).abs() < 40.0 && (fy - c).abs() < 40.0;
            px.push(if disc {
                DISC
            } else if block {
                BLOCK
            } else {
                ground
            });
        }
    }
    Work { px }
}

/// `work` turned by `degrees` as a scanner does: the uncovered corners
/// filled with `fill`.
fn turned(work: &Work, degrees: f32, fill: [f32; 3]) -> Work {
    let c = (WORK as f32 - 1.0) / 2.0;
    let last = WORK as f32 - 1.0;
    let mut px = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        for x in 0..WORK {
            // The untouched point that lands here: the inverse turn.
            let (sx, sy) = turned_point(-degrees, x as f32 - c, y as f32 - c);
            let inside = (-0.5..=last + 0.5).contains(&sx) && (-0.5..=last + 0.5).contains(&sy);
            px.push(if inside {
                sample_clamped(work, sx, sy)
            } else {
                fill
            });
        }
    }
    Work { px }
}

/// A card as the corpus scans show it: a grey border a few pixels wide all
/// around a white card with dark writing.
fn card() -> Work {
    let mut px = Vec::with_capacity(WORK * WORK);
    for y in 0..WORK {
        for x in 0..WORK {
            let edge = x.min(y).min(WORK - 1 - x).min(WORK - 1 - y);
            let ink = (60..140).contains(&x) && (20..34).contains(&y);
            px.push(if edge < 4 {
                [150.0, 150.0, 150.0]
            } else if ink {
                [20.0, 20.0, 20.0]
            } else {
                [250.0, 250.0, 250.0]
            });
        }
    }
    Work { px }
}

const WASH: [f32; 3] = [120.0, 150.0, 110.0];

#[test]
fn an_untouched_tile_is_left_as_it_is() {
    for work in [tile(WASH), tile(GROUND), card()] {
        let (_, turn) = work.straightened();
        assert_eq!(turn.degrees, 0.0, "{turn:?}");
    }
}

#[test]
fn a_slight_turn_either_way_is_found_and_undone() {
    for want in [-2.0f32, -1.5, -0.8, 0.6, 1.2, 2.0] {
        let turn = estimate(&turned(&tile(WASH), want, GROUND));
        assert_eq!(turn.why, "undone");
        assert!(
            (turn.degrees - want).abs() <= 0.15,
            "turned {want}: {turn:?}"
        );
    }
}

#[test]
fn a_turn_the_frame_does_not_show_is_left_alone() {
    // The fill has the picture's ground colour: no wedge is seen, and the
    // tile is not turned on a guess.
    let turn = estimate(&turned(&tile(GROUND), 1.2, GROUND));
    assert_eq!(turn.degrees, 0.0, "{turn:?}");
    // A card's border looks like fill on every side at once: no turn.
    let turn = estimate(&turned(&card(), 0.0, GROUND));
    assert_eq!(turn.degrees, 0.0, "{turn:?}");
}

#[test]
fn undoing_the_turn_puts_the_edges_back() {
    let clean = tile(WASH);
    let (back, turn) = turned(&clean, 1.4, GROUND).straightened();
    assert!((turn.degrees - 1.4).abs() <= 0.15, "{turn:?}");
    // Along the top edge's strip the disc is where it was, a pixel aside.
    let off = (0..WORK)
        .filter(|&x| {
            let (a, b) = (clean.px[3 * WORK + x], back.px[3 * WORK + x]);
            (a[2] - b[2]).abs() > 60.0
        })
        .count();
    assert!(off <= 6, "{off} pixels of the top strip differ");
}
