//! Which edge codes fit together. The relation belongs to the puzzle, not to the
//! edge codes, so notations whose pictures match themselves or several others
//! fit the same solver: nothing downstream may assume the `+`/`-` pairing.

use super::Edge;

/// A symmetric relation over edge codes `0..codes`, as a bit matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    codes: usize,
    /// Row `a` is `bits[a * words .. (a + 1) * words]`.
    bits: Vec<u64>,
}

impl Matching {
    /// A relation over `codes` edge codes in which nothing fits yet.
    pub fn new(codes: usize) -> Matching {
        Matching {
            codes,
            bits: vec![0; codes * Self::words(codes)],
        }
    }

    /// The `tile_dict` relation: code `2t` (`'+'`) fits `2t + 1` (`'-'`) for each token.
    pub fn halves(tokens: usize) -> Matching {
        let mut m = Matching::new(tokens * 2);
        for t in 0..tokens {
            m.allow(Edge(2 * t as u8), Edge(2 * t as u8 + 1));
        }
        m
    }

    fn words(codes: usize) -> usize {
        codes.div_ceil(64)
    }

    /// Number of edge codes the relation covers.
    pub fn codes(&self) -> usize {
        self.codes
    }

    /// Lets `a` and `b` touch (in both directions: touching is symmetric).
    pub fn allow(&mut self, a: Edge, b: Edge) {
        let w = Self::words(self.codes);
        for (x, y) in [(a.0, b.0), (b.0, a.0)] {
            let (x, y) = (usize::from(x), usize::from(y));
            assert!(x < self.codes && y < self.codes, "edge code out of range");
            self.bits[x * w + y / 64] |= 1 << (y % 64);
        }
    }

    pub fn fits(&self, a: Edge, b: Edge) -> bool {
        let (x, y) = (usize::from(a.0), usize::from(b.0));
        if x >= self.codes || y >= self.codes {
            return false;
        }
        self.bits[x * Self::words(self.codes) + y / 64] >> (y % 64) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_fit_only_their_partner_both_ways() {
        let m = Matching::halves(70);
        assert!(m.fits(Edge(0), Edge(1)) && m.fits(Edge(1), Edge(0)));
        assert!(m.fits(Edge(138), Edge(139)));
        assert!(!m.fits(Edge(0), Edge(0)) && !m.fits(Edge(1), Edge(2)));
        assert!(
            !m.fits(Edge(0), Edge(200)),
            "codes outside the relation fit nothing"
        );
    }

    #[test]
    fn a_relation_may_match_an_edge_with_itself_and_several_others() {
        let mut m = Matching::new(3);
        m.allow(Edge(0), Edge(0));
        m.allow(Edge(1), Edge(2));
        m.allow(Edge(1), Edge(0));
        assert!(m.fits(Edge(0), Edge(0)) && m.fits(Edge(0), Edge(1)));
        assert!(m.fits(Edge(2), Edge(1)) && !m.fits(Edge(2), Edge(2)));
    }
}
