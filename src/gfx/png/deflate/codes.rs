//! The symbol alphabet of RFC 1951, 3.2.5: match lengths and distances as
//! codes plus extra bits.

pub(super) const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
pub(super) const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];

/// Length 0..=258 to (code - 257, extra bits value); entries below 3 unused.
pub(super) static LEN_CODE: [(u8, u8); 259] = len_table();

const fn len_table() -> [(u8, u8); 259] {
    let mut t = [(0u8, 0u8); 259];
    let mut len = 3;
    while len <= 258 {
        let x = len - 3;
        t[len] = if len == 258 {
            (28, 0)
        } else if x < 8 {
            (x as u8, 0)
        } else {
            let lg = usize::BITS - 1 - x.leading_zeros();
            let extra = lg - 2;
            let code = 4 * (lg - 1) as usize + ((x >> extra) & 3);
            (code as u8, (x & ((1 << extra) - 1)) as u8)
        };
        len += 1;
    }
    t
}

/// Distance 1..=32768 to (code, extra bits value).
#[inline]
pub(super) fn dist_code(dist: usize) -> (u8, u32) {
    let x = (dist - 1) as u32;
    if x < 4 {
        return (x as u8, 0);
    }
    let lg = 31 - x.leading_zeros();
    let extra = lg - 1;
    ((2 * lg + ((x >> extra) & 1)) as u8, x & ((1 << extra) - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_and_distance_codes_follow_the_rfc_tables() {
        // RFC 1951 3.2.5: (code, first length) and (code, first distance).
        for (code, first) in [
            (257, 3),
            (264, 10),
            (265, 11),
            (269, 19),
            (284, 227),
            (285, 258),
        ] {
            assert_eq!(257 + usize::from(LEN_CODE[first].0), code, "length {first}");
            assert_eq!(LEN_CODE[first].1, 0);
        }
        assert_eq!(LEN_CODE[257], (27, 30));
        for (code, first) in [(0, 1), (4, 5), (5, 7), (6, 9), (29, 24577)] {
            assert_eq!(dist_code(first), (code, 0), "distance {first}");
        }
        assert_eq!(dist_code(32768), (29, 8191));
    }
}
