//! The buffers a board is painted and encoded in: a canvas, a thumbnail and
//! the encoder's own, megabytes each for a large board. A puzzle lends
//! them from one board to the next, so that no board allocates; when its
//! boards are written they are freed, or kept for the next puzzle if they
//! are small, so that what outlives a puzzle stays outside the run's memory
//! budget and small (at most [`KEPT`] sets for boards of [`KEEP_PIXELS`]).

use crate::gfx::canvas::Canvas;
use crate::gfx::png::PngWriter;
use std::sync::{Mutex, PoisonError};

/// Buffers for one board at a time.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) board: Canvas,
    pub(super) thumb: Canvas,
    pub(super) writer: PngWriter,
}

/// Sets kept from one puzzle to the next only for boards of at most this
/// many pixels (the bundled puzzles' largest has 1.4 million): a set takes
/// about ten bytes a pixel.
const KEEP_PIXELS: u64 = 1_500_000;
/// And at most this many sets.
const KEPT: usize = 4;

/// Small sets left by puzzles that are done.
static LEFT: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());

/// One puzzle's sets, lent to its boards one at a time each.
#[derive(Default)]
pub(super) struct Scratches {
    free: Mutex<Vec<Scratch>>,
}

impl Scratches {
    /// Runs `paint` with a set no other board of the puzzle is using.
    pub(super) fn with<R>(&self, paint: impl FnOnce(&mut Scratch) -> R) -> R {
        let lent = self
            .free
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let mut scratch = lent
            .or_else(|| LEFT.lock().unwrap_or_else(PoisonError::into_inner).pop())
            .unwrap_or_default();
        let result = paint(&mut scratch);
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        free.push(scratch);
        result
    }
}

impl Drop for Scratches {
    fn drop(&mut self) {
        let free = std::mem::take(self.free.get_mut().unwrap_or_else(PoisonError::into_inner));
        let mut left = LEFT.lock().unwrap_or_else(PoisonError::into_inner);
        for scratch in free {
            let board = u64::from(scratch.board.width) * u64::from(scratch.board.height);
            if board <= KEEP_PIXELS && left.len() < KEPT {
                left.push(scratch);
            }
        }
    }
}
