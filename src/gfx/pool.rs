//! Pixel buffers kept from one puzzle to the next.
//!
//! A puzzle's turned tiles are megabytes (nine 400 px scans in three more
//! turns are 13 MB) and live only while its boards are painted. Fresh
//! buffers of that size come from the kernel as new pages, each zeroed and
//! mapped on first touch, and go back to it when the puzzle ends, and those
//! page faults and unmaps cost a large share of the turning itself (the
//! profile is in docs/performance.md). Buffers given back here are handed
//! out again instead.

use std::sync::Mutex;

/// Bytes the pool keeps at most; a buffer given back past this is freed.
/// Enough for the turned tiles of a 6 x 6 puzzle of 400 px scans.
const CAP: usize = 64 << 20;

#[derive(Default)]
struct Pool {
    buffers: Vec<Vec<u8>>,
    bytes: usize,
}

impl Pool {
    /// The smallest kept buffer of at least `len` bytes.
    fn take(&mut self, len: usize) -> Option<Vec<u8>> {
        let (at, _) = (self.buffers.iter().enumerate())
            .filter(|(_, b)| b.capacity() >= len)
            .min_by_key(|(_, b)| b.capacity())?;
        let buffer = self.buffers.swap_remove(at);
        self.bytes -= buffer.capacity();
        Some(buffer)
    }

    fn give(&mut self, buffer: Vec<u8>) {
        if buffer.capacity() > 0 && self.bytes + buffer.capacity() <= CAP {
            self.bytes += buffer.capacity();
            self.buffers.push(buffer);
        }
    }
}

static POOL: Mutex<Pool> = Mutex::new(Pool {
    buffers: Vec::new(),
    bytes: 0,
});

/// A buffer of `len` bytes, reused when the pool has one large enough. Its
/// contents are unspecified (whatever an earlier user left): the caller
/// overwrites every byte.
pub(crate) fn take(len: usize) -> Vec<u8> {
    let reused = POOL.lock().ok().and_then(|mut pool| pool.take(len));
    let mut buffer = reused.unwrap_or_default();
    if buffer.len() >= len {
        buffer.truncate(len);
    } else {
        buffer.resize(len, 0);
    }
    buffer
}

/// Gives `buffer` back for later [`take`]s, unless the pool is full.
pub(crate) fn give(buffer: Vec<u8>) {
    if let Ok(mut pool) = POOL.lock() {
        pool.give(buffer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_smallest_fitting_buffer_comes_back() {
        let mut pool = Pool::default();
        let (big, small) = (vec![1u8; 5000], vec![2u8; 1000]);
        let small_at = small.as_ptr();
        pool.give(big);
        pool.give(small);
        assert_eq!(pool.bytes, 6000);
        let got = pool.take(800).expect("a buffer");
        assert_eq!(got.as_ptr(), small_at);
        assert_eq!(pool.bytes, 5000);
        assert!(pool.take(6000).is_none());
    }

    #[test]
    fn the_pool_keeps_at_most_its_cap() {
        let mut pool = Pool::default();
        pool.give(vec![0; CAP - 10]);
        pool.give(vec![0; 20]);
        pool.give(Vec::new());
        assert_eq!(pool.buffers.len(), 1);
        assert!(pool.bytes <= CAP);
    }

    #[test]
    fn taken_buffers_have_the_asked_length() {
        assert_eq!(take(300).len(), 300);
        give(vec![9; 4000]);
        assert_eq!(take(10).len(), 10);
        assert_eq!(take(5000).len(), 5000);
    }
}
