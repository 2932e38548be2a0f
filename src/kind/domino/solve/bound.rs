//! The bounds the search prunes with, each checked where it is cheap: the
//! row bound at every cell, the column cell budget at every cell, the
//! single-row and single-column Hall checks where a row starts.

use super::Search;

impl Search<'_> {
    /// The most dots the cells `avail` of row `y` can still add to the row,
    /// given what each column still has room for: a one needs its column to
    /// take one more dot and the cell below free, a two its right cell's
    /// column to take two more. A small walk from the right, one step a
    /// cell; far tighter than one dot per cell once columns fill up, which is
    /// what keeps the partial rule, where any cell may stay empty, in check.
    pub(super) fn row_most(&self, y: usize, avail: u64) -> u32 {
        let below = self.uncovered(y + 1);
        // best[i] for cells i.. ; best[w + 1] and best[w + 2] carried along.
        let (mut next, mut after) = (0u32, 0u32);
        for w in (0..self.width).rev() {
            let here = if avail >> w & 1 == 0 {
                next
            } else {
                let room = |c: usize| self.top[c].saturating_sub(self.col[c]);
                let one = u32::from(below >> w & 1 == 1 && room(w) >= 1);
                let mut best = next + one;
                if w + 1 < self.width && avail >> (w + 1) & 1 == 1 && room(w + 1) >= 2 {
                    best = best.max(2 + after);
                }
                best
            };
            after = next;
            next = here;
        }
        next
    }

    /// Where row `y` starts: can every remaining row still find its sum
    /// among the columns that still need dots, and every column its need
    /// among the rows still to come? A cell gives at most two dots (the right
    /// cell of a two: its left neighbour free) or one (the top of a one: the
    /// cell below free), and never more than its row or column still wants.
    /// Two families of Hall's condition of the rows-to-columns transport,
    /// cheap enough to check at every row start.
    pub(super) fn sums_can_meet(&self, y: usize) -> bool {
        let open = |w: usize, h: usize| {
            let covered = if h == y { self.occ[h] } else { 0 };
            (self.free[h] & !covered) >> w & 1 == 1
        };
        let cap = |w: usize, h: usize| -> u32 {
            if !open(w, h) {
                0
            } else if w > 0 && open(w - 1, h) {
                2
            } else {
                u32::from(self.free[h + 1] >> w & 1 == 1)
            }
        };
        let need = |w: usize| self.top[w].saturating_sub(self.col[w]);
        let rows_ok = (y..self.height)
            .all(|h| (0..self.width).map(|w| cap(w, h).min(need(w))).sum::<u32>() >= self.side[h]);
        rows_ok
            && (0..self.width).all(|w| {
                (y..self.height)
                    .map(|h| cap(w, h).min(self.side[h]))
                    .sum::<u32>()
                    >= need(w)
            })
    }

    /// Whether the columns' cells can still hold the dots they miss. Every
    /// future domino lies on cells counted in `left`: a one takes two cells
    /// of its column per dot, a two ending in column `w` one cell of `w` and
    /// one of `w - 1` for two dots. With `t[w]` twos still to end in `w`
    /// (`0 <= t[w] <= need / 2`, none in column 0), column `w` uses
    /// `2 need[w] - 3 t[w] + t[w + 1]` cells. This ties each column to its
    /// neighbours, which no bound on single rows or columns sees: a column
    /// that left cells empty must take more of its dots as twos and so eats
    /// into the column on its left. The partial rule asks for at most
    /// `left[w]` cells a column; taking from the right the fewest twos each
    /// column can live with decides it exactly, as more twos in `w` only help
    /// `w` itself. The full rule asks for exactly `left[w]`, which fixes
    /// every `t[w + 1]` from `t[w]` starting at `t[0] = 0`.
    pub(super) fn cols_fit(&self) -> bool {
        let need = |w: usize| (self.top[w] - self.col[w]) as i32;
        if !self.partial {
            let mut t = 0;
            for w in 0..self.width {
                if t > need(w) / 2 {
                    return false;
                }
                t = self.left[w] - 2 * need(w) + 3 * t;
                if t < 0 {
                    return false;
                }
            }
            return t == 0;
        }
        let mut least = 0;
        for w in (0..self.width).rev() {
            let short = 2 * need(w) - self.left[w] + least;
            least = if short > 0 { (short + 2) / 3 } else { 0 };
            if least > if w == 0 { 0 } else { need(w) / 2 } {
                return false;
            }
        }
        true
    }
}
