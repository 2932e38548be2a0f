//! A class mingled with its partner: when its partner's halves may not be
//! left out of its strangers.
//!
//! [`super::confirmed`] judges a class beside the other prints only, not
//! beside its partner: a photo crop's two halves show the two sides of one
//! line of the photograph and may look closer to each other than to any
//! other print. That holds for a class as narrow as most. A class both
//! wide and wider than its nearest distance to its partner is another
//! thing: its own members lie farther apart than one of them lies from a
//! partner half, so the cut could not tell its halves from its partner's,
//! and what the looks say of it is that it may hold a picture's two
//! halves. Photo 4x4 s126 after JPEG 60 (second look, 6 classes for the
//! true 8) was written wrong at 0.99 so: one class held p01+, p01- and
//! p02+ (20 halves, 4.0 times the puzzle's median spread, 1.35 times its
//! nearest distance to its partner p02-), its looks gave it 0, and with
//! its partner left out its nearest stranger was far, 0.89
//! (docs/infer-journal.md, "A second look's class holding a picture's two
//! halves").

use super::super::classes::Classes;

/// How many times the puzzle's typical class spread (the median) a class
/// must measure before its partner may count among its strangers: the
/// bound [`super::WIDE`] over which a class's other strangers count too.
const WIDE: f32 = super::WIDE;

/// Whether class `c`, whose spread is `spread` against the puzzle's
/// `typical` one, is mingled with its partner `p`: wider than [`WIDE`]
/// times `typical`, and at least as wide as the nearest distance between
/// one of its members and one of `p`'s.
pub(super) fn mingled(
    dist: &[Vec<f32>],
    classes: &Classes,
    (c, p): (usize, usize),
    (spread, typical): (f32, f32),
) -> bool {
    if p == usize::MAX || spread <= WIDE * typical {
        return false;
    }
    let nearest = classes.members[c]
        .iter()
        .flat_map(|&a| classes.members[p].iter().map(move |&b| dist[a][b]))
        .fold(f32::INFINITY, f32::min);
    nearest.is_finite() && spread >= nearest
}

#[cfg(test)]
mod tests {
    use super::super::super::classes::classes_of;
    use super::*;

    /// Halves 0-3 in class 0, 4-5 its partner; `far` between the class's
    /// two groups, `near` from half 0 to the partner.
    fn dist(far: f32, near: f32) -> Vec<Vec<f32>> {
        let mut d = vec![vec![0.5f32; 6]; 6];
        for (a, row) in d.iter_mut().enumerate() {
            row[a] = 0.0;
        }
        let mut set = |a: usize, b: usize, x: f32| {
            d[a][b] = x;
            d[b][a] = x;
        };
        set(0, 1, 0.01);
        set(2, 3, 0.01);
        for a in 0..2 {
            for b in 2..4 {
                set(a, b, far);
            }
        }
        set(4, 5, 0.01);
        set(0, 4, near);
        d
    }

    /// Class 0 of halves 0-3, its partner class 1 of halves 4-5.
    fn two_classes() -> Classes {
        let members = vec![vec![0, 1, 2, 3], vec![4, 5]];
        classes_of(&dist(0.08, 0.06), members, (2.0, 1.0))
    }

    #[test]
    fn a_wide_class_wider_than_its_distance_to_its_partner_is_mingled() {
        let c = two_classes();
        let d = dist(0.08, 0.06);
        assert!(mingled(&d, &c, (0, 1), (0.08, 0.02)));
    }

    #[test]
    fn a_class_as_narrow_as_most_or_nearer_itself_than_its_partner_is_not() {
        let c = two_classes();
        // As wide as most: a crop's halves may be each other's nearest.
        assert!(!mingled(&dist(0.08, 0.06), &c, (0, 1), (0.08, 0.06)));
        // Wide, but its partner farther than its own spread.
        assert!(!mingled(&dist(0.08, 0.1), &c, (0, 1), (0.08, 0.02)));
        // No partner.
        assert!(!mingled(
            &dist(0.08, 0.06),
            &c,
            (0, usize::MAX),
            (0.08, 0.02)
        ));
    }
}
