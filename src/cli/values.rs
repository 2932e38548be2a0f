//! How the command line's values are read: the choices (mirrors of the
//! library's enums, so the library needs no clap), the numbers, and how many
//! threads `-j` gives.

use clap::ValueEnum;
use std::time::Duration;
use unscramble::gfx::canvas;
use unscramble::kind::domino;
use unscramble::kind::tiles::solve;
use unscramble::kind::Count;
use unscramble::pipeline::output::solutions;

/// A clap choice for the library enum `$lib`, variant for variant (the doc
/// comments are the choices' help), and the `From` into it.
macro_rules! choice {
    ($(#[$meta:meta])* $name:ident => $lib:ty { $($(#[$vmeta:meta])* $variant:ident,)+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, ValueEnum)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl From<$name> for $lib {
            fn from(v: $name) -> $lib {
                match v {
                    $($name::$variant => <$lib>::$variant,)+
                }
            }
        }
    };
}

choice! {
    /// [`solve::Order`].
    Order => solve::Order {
        /// Left to right, top to bottom.
        RowMajor,
        /// The centre first, then round it counter-clockwise starting east:
        /// E, N, W, W, S, S, E, E, E, N, N, N, ...
        Spiral,
    }
}

choice! {
    /// [`solve::TurnOrder`].
    TurnOrder => solve::TurnOrder {
        /// Turns 0, 1, 2, 3 counter-clockwise.
        #[value(name = "ccw")]
        CounterClockwise,
        /// Turns 0, 1, 2, 3 clockwise, i.e. 0, 3, 2, 1 counter-clockwise.
        #[value(name = "cw")]
        Clockwise,
    }
}

choice! {
    /// [`domino::Cover`].
    Cover => domino::Cover {
        /// Every free cell is covered (the game's rule).
        Full,
        /// Free cells may stay empty (as some solvers model the game).
        Partial,
    }
}

choice! {
    /// [`solutions::Turns`].
    Turns => solutions::Turns {
        Ccw,
        Cw,
    }
}

choice! {
    /// [`canvas::PngEffort`].
    PngEffort => canvas::PngEffort {
        /// Looks for repeats only next to each pixel: a little faster on drawn tiles, larger files
        Fast,
        /// Looks next to each pixel and once elsewhere: small files, fast
        Default,
        /// Also tries Zopfli and keeps the smaller file: about a quarter smaller on drawn boards, but thousands of times slower (seconds of CPU a board, tens of CPU-minutes for a few hundred boards)
        Best,
    }
}

/// The tile sides the drawing and scaling options take: the same bound as a
/// tile picture's default `--max-tile-side`, so nothing drawn is refused later.
pub fn tile_side() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(4..=i64::from(unscramble::defaults::MAX_TILE_SIDE))
}

/// More worker threads than this per core only add overhead (the work is
/// CPU-bound) and, in the thousands, take seconds just to start and stop.
const THREADS_PER_CORE: usize = 4;

/// The worker threads for `-j`: none or 0 means one per core, and more than
/// [`THREADS_PER_CORE`] per core are capped, with a note saying so. The
/// outputs are the same for any number of threads.
pub fn worker_threads(requested: Option<u16>) -> (usize, Option<String>) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let cap = cores * THREADS_PER_CORE;
    match requested.map(usize::from) {
        None | Some(0) => (cores, None),
        Some(n) if n > cap => (
            cap,
            Some(format!(
                "-j {n} is more than {THREADS_PER_CORE} threads per core ({cores} {}); using {cap}",
                if cores == 1 { "core" } else { "cores" }
            )),
        ),
        Some(n) => (n, None),
    }
}

/// A number of solutions: 1 or more, or `all` (as many as a count can hold).
pub fn parse_count(s: &str) -> Result<Count, String> {
    if s == "all" {
        return Ok(Count::MAX);
    }
    match s.parse::<Count>() {
        Ok(0) => Err("0 would stop every search before it starts (give 1 or more)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!(
            "'{s}' is not a count (a whole number, or all): {e}"
        )),
    }
}

pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' is not a usable number of seconds"))
}

/// `--max-memory`'s default as the command line spells it: 2.5 GiB, the
/// library's [`unscramble::defaults::MAX_MEMORY`] (a test holds them equal).
pub const MAX_MEMORY: &str = "2560M";

/// A size in bytes: a whole number, or one followed by K, M, G or T (KiB,
/// MiB, GiB, TiB; a trailing `B` or `iB` is allowed), e.g. `2G` or `512M`.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let bad = || format!("'{s}' is not a size: give bytes, or a number with K, M, G or T, e.g. 2G");
    let text = s.trim();
    let text = text
        .strip_suffix("iB")
        .or_else(|| text.strip_suffix('B'))
        .unwrap_or(text);
    let (digits, shift) = match text.char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => {
            let shift = match unit.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(bad()),
            };
            (&text[..at], shift)
        }
        _ => (text, 0),
    };
    let n: u64 = digits.trim().parse().map_err(|_| bad())?;
    match n.checked_mul(1 << shift) {
        Some(0) => Err("0 bytes would leave no room for any puzzle (give 1 or more)".to_string()),
        Some(bytes) => Ok(bytes),
        None => Err(format!("'{s}' is more bytes than can be counted")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_with_their_units() {
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("2g"), Ok(2 << 30));
        assert_eq!(parse_bytes("3 GiB"), Ok(3 << 30));
        assert_eq!(parse_bytes("64KB"), Ok(64 << 10));
        assert_eq!(
            parse_bytes(MAX_MEMORY),
            Ok(unscramble::defaults::MAX_MEMORY)
        );
        for bad in ["", "G", "2X", "-1", "1.5G", "2 G B"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
        assert!(parse_bytes("0").expect_err("0").contains("no room"));
        assert!(parse_bytes("99999999T")
            .expect_err("huge")
            .contains("more bytes"));
    }

    fn names<T: ValueEnum>() -> Vec<String> {
        T::value_variants()
            .iter()
            .filter_map(T::to_possible_value)
            .map(|v| v.get_name().to_string())
            .collect()
    }

    /// Scripts and config files spell these names: they must not change,
    /// and each must reach the library variant of the same meaning.
    #[test]
    fn choices_keep_their_names_and_reach_the_library() {
        assert_eq!(names::<Order>(), ["row-major", "spiral"]);
        assert_eq!(names::<TurnOrder>(), ["ccw", "cw"]);
        assert_eq!(names::<Cover>(), ["full", "partial"]);
        assert_eq!(names::<Turns>(), ["ccw", "cw"]);
        assert_eq!(names::<PngEffort>(), ["fast", "default", "best"]);
        assert_eq!(solve::Order::from(Order::RowMajor), solve::Order::RowMajor);
        assert_eq!(solve::Order::from(Order::Spiral), solve::Order::Spiral);
        let cw = solve::TurnOrder::from(TurnOrder::Clockwise);
        assert_eq!(cw, solve::TurnOrder::Clockwise);
        let ccw = solve::TurnOrder::from(TurnOrder::CounterClockwise);
        assert_eq!(ccw, solve::TurnOrder::CounterClockwise);
        assert_eq!(domino::Cover::from(Cover::Full), domino::Cover::Full);
        assert_eq!(domino::Cover::from(Cover::Partial), domino::Cover::Partial);
        assert_eq!(solutions::Turns::from(Turns::Ccw), solutions::Turns::Ccw);
        assert_eq!(solutions::Turns::from(Turns::Cw), solutions::Turns::Cw);
        for (cli, lib) in [
            (PngEffort::Fast, canvas::PngEffort::Fast),
            (PngEffort::Default, canvas::PngEffort::Default),
            (PngEffort::Best, canvas::PngEffort::Best),
        ] {
            assert_eq!(canvas::PngEffort::from(cli), lib);
        }
    }

    #[test]
    fn worker_threads_default_to_the_cores_and_are_capped() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(worker_threads(None), (cores, None));
        assert_eq!(worker_threads(Some(0)), (cores, None));
        assert_eq!(worker_threads(Some(1)), (1, None));
        let (n, note) = worker_threads(Some(u16::MAX));
        assert_eq!(n, cores * THREADS_PER_CORE);
        assert!(note.is_some_and(|t| t.contains("-j 65535") && t.contains(&format!("using {n}"))));
    }
}
