use super::*;

fn at(tile: u8, turns: u8) -> Placement {
    Placement { tile, turns }
}

#[test]
fn a_turned_tile_shows_the_half_its_turns_bring_to_that_side() {
    // Turned once counter-clockwise, the tile's bottom half is on the right.
    assert_eq!(half(at(2, 1), RIGHT), 2 * 4 + BOTTOM);
    assert_eq!(half(at(2, 0), TOP), 2 * 4 + TOP);
    assert_eq!(half(at(0, 3), TOP), LEFT);
}

#[test]
fn a_two_by_two_board_has_four_inner_seams() {
    let board = [at(0, 0), at(1, 0), at(2, 0), at(3, 0)];
    let s = seams(2, &board);
    assert_eq!(
        s,
        vec![
            (RIGHT, 4 + LEFT),
            (BOTTOM, 8 + TOP),
            (4 + BOTTOM, 12 + TOP),
            (8 + RIGHT, 12 + LEFT)
        ]
    );
}
