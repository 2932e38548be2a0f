//! Unit tests of the spec's checks, apart so spec.rs holds only the model and its checks.

use super::*;
use crate::kind::tiles::input::tile_dict;

fn spec(text: &str) -> Spec {
    tile_dict::read(Path::new("t.yaml"), text).expect("reads")
}

#[test]
fn an_equals_half_fits_itself_and_nothing_else() {
    let p = build(
        spec("1: [[sun, '='], [a, '+'], [a, '-'], [moon, '+']]\n"),
        None,
    )
    .expect("builds")
    .puzzle;
    let [sun, plus, minus, _] = p.tiles[0].edges;
    assert!(p.fits(sun, sun));
    assert!(p.fits(plus, minus) && !p.fits(plus, plus) && !p.fits(sun, plus));
}

#[test]
fn one_picture_cannot_be_both_self_fitting_and_halved() {
    let e = build(
        spec("1: [[sun, '='], [sun, '+'], [a, '-'], [a, '+']]\n"),
        None,
    )
    .expect_err("mixed")
    .to_string();
    assert!(
        e.starts_with("t.yaml:1:17: 'sun' is written with '=' and with '+' or '-'"),
        "{e}"
    );
}

#[test]
fn a_shape_must_hold_every_tile() {
    let text = "1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n2: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n";
    let p = build(spec(text), Some((1, 2))).expect("1 x 2").puzzle;
    assert_eq!((p.rows, p.cols, p.board_turns()), (1, 2, 2));
    let e = build(spec(text), Some((2, 2)))
        .expect_err("too few")
        .to_string();
    assert!(
        e.contains("2 tiles do not fill a 2 x 2 board, which needs 4"),
        "{e}"
    );
    let e = build(spec(text), None).expect_err("not square").to_string();
    assert!(
        e.contains("2 tiles do not fill a square board") && e.contains("board.yaml"),
        "{e}"
    );
}
