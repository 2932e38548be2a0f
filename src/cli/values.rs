//! How the command line's numbers are read, and how many threads `-j` gives.

use std::time::Duration;

/// The tile sides the drawing and scaling options take: the same bound as a
/// tile picture's default `--max-tile-side`, so nothing drawn is refused later.
pub fn tile_side() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(4..=i64::from(unscramble::config::MAX_TILE_SIDE))
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

pub fn parse_count(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("0 would stop every search before it starts (give 1 or more)".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("'{s}' is not a count: {e}")),
    }
}

pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("'{s}' is not a usable number of seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
