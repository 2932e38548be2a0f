//! What a search of either kind found, in one shape.

pub use super::stop::Count;
use super::stop::StopReason;

/// Solutions whose boards a search of any kind keeps (and `solutions.json` lists); beyond
/// it they are only counted, so memory and output stay bounded whatever
/// `max_solutions` is: about 10 MB of boards and 40 MB of `solutions.json` on
/// a 6 x 6 board. Every corpus puzzle (at most 43008 solutions) is listed
/// whole, so its distinct looks are exact.
pub const MAX_LISTED: usize = 100_000;

/// What a search found: the solutions it listed, how many it counted, why
/// it stopped early (if it did) and the nodes it visited. `B` is one of the
/// kind's solutions; `X` is what only that kind's search knows (tiles: the
/// rotation and look classes and the search statistics; Domino Fit: the
/// cover rule it searched under).
#[derive(Clone, Debug)]
pub struct Outcome<B, X> {
    /// In search order, at most [`MAX_LISTED`]: `total` counts them all.
    pub solutions: Vec<B>,
    /// Solutions found (up to `max_solutions`), listed or not.
    pub total: Count,
    /// `None` when the whole tree was searched and the count is exact.
    pub stopped: Option<StopReason>,
    pub nodes: u64,
    pub extra: X,
}

impl<B, X> Outcome<B, X> {
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
    }

    /// Whether `solutions` holds every solution counted in `total`.
    pub fn listed_all(&self) -> bool {
        self.solutions.len() as Count == self.total
    }
}
