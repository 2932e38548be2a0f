use super::super::super::art;
use super::super::tests::reading;
use super::super::{or_finer, Classes};
use super::*;

/// Halves on a line by print: each half's place within its print, one
/// picture's two halves (prints 0 and 1, four copies each, tight) 0.15
/// apart more, its other prints (four, five copies each, spread by damage
/// up to 0.4) and any other two prints 0.9 apart: clip art whose one
/// drawing looks alike on both sides of its cut.
fn alike_halves() -> Vec<Vec<f32>> {
    let tight = [0.0, 0.01, 0.02, 0.03];
    let spread = [0.0, 0.1, 0.2, 0.3, 0.4];
    let mut halves: Vec<(usize, f32)> = Vec::new();
    for p in 0..6 {
        let places: &[f32] = if p < 2 { &tight } else { &spread };
        halves.extend(places.iter().map(|&x| (p, x)));
    }
    halves
        .iter()
        .map(|&(p, x)| {
            halves
                .iter()
                .map(|&(q, y)| match (p, q) {
                    _ if p == q => (x - y).abs(),
                    (0, 1) | (1, 0) => 0.15 + (x - y).abs(),
                    _ => 0.9,
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_picture_whose_halves_look_alike_is_split_from_its_odd_cut() {
    let dist = alike_halves();
    // The ladder's odd cut: the picture's eight halves in one class.
    let cuts = split_cuts(&dist, art::FEWEST_CLASSES);
    assert_eq!(cuts.len(), 1);
    let (classes, parts) = &cuts[0];
    assert_eq!(classes.members.len(), 6);
    assert_eq!(classes.members[0], vec![0, 1, 2, 3]);
    assert_eq!(classes.members[1], vec![4, 5, 6, 7]);
    assert_eq!(*parts, (0, 1));
    // Read when nothing else is, and its pairing joins the two parts.
    let only_six = |c: Classes| {
        if c.members.len() == 6 {
            Ok(reading(c, 1.5, true))
        } else {
            Err("not this cut".to_string())
        }
    };
    let taken = or_finer(Err("no clear cut".into()), None, &dist, only_six).expect("a reading");
    assert_eq!(taken.classes.members.len(), 6);
    // Not when its pairing joins either part to another class.
    let apart = |c: Classes| {
        let mut r = only_six(c)?;
        r.pairs = vec![(0, 2), (1, 3), (4, 5)];
        Ok(r)
    };
    assert!(or_finer(Err("no clear cut".into()), None, &dist, apart).is_err());
    // Nor when it does not solve.
    let unsolved = |c: Classes| Ok(reading(c, 1.5, false));
    assert!(or_finer(Err("no clear cut".into()), None, &dist, unsolved).is_err());
}

#[test]
fn copies_spread_by_damage_are_not_split_as_two_halves() {
    // The same puzzle with the picture's copies spread like the others':
    // no class of the odd cut falls into two tight groups.
    let mut dist = alike_halves();
    for (a, row) in dist.iter_mut().enumerate().take(8) {
        for (b, d) in row.iter_mut().enumerate().take(8) {
            let across = if a / 4 != b / 4 { 0.15 } else { 0.0 };
            *d = 0.1 * (a % 4).abs_diff(b % 4) as f32 + across;
        }
    }
    assert!(split_cuts(&dist, art::FEWEST_CLASSES).is_empty());
}
