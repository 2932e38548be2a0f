//! The defaults the library and the command line share, each said once, so
//! `Options::default()`, the help text and the readers cannot drift apart.

/// Solutions a search keeps before it stops (`--max-solutions`); the count
/// is then a lower bound.
pub const MAX_SOLUTIONS: crate::kind::Count = 1000;

/// Board images written per puzzle (`--max-images`).
pub const MAX_IMAGES: usize = 32;

/// The largest tile picture side read, in pixels (`--max-tile-side`); also
/// the largest side drawn, so nothing drawn is refused when it is read.
pub const MAX_TILE_SIDE: u32 = 4096;

/// The side of a drawn tile picture, in pixels (`generate`, `draw`).
pub const TILE_SIZE: u32 = 240;

/// `--max-pixels`: the bundled puzzles' largest board has 1.4 million, and
/// 64 million keeps a puzzle under about 1.2 GB of memory.
pub const MAX_PIXELS: u64 = 64_000_000;

/// `--max-memory`: the bytes the puzzles rendered at once may take
/// together, as estimated before decoding. 2.5 GiB: the largest puzzle
/// `--max-pixels` admits by default (estimated at up to 2.5 GB with
/// `--png best` and files as large as their pixels) can run, alone.
pub const MAX_MEMORY: u64 = 5 << 29;

/// `animate --max-output-pixels`: the pixels of all frames together, which
/// is what an animation costs to paint and compress. The defaults (300
/// frames of 96-pixel tiles) make 36 million on a 3 x 3 board and 250
/// million on 8 x 8; this leaves room for larger tiles on small boards.
pub const MAX_ANIMATION_PIXELS: u64 = 500_000_000;
