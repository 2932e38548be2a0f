//! In-process solve times, the median of several runs, with the search over
//! kinds of cards and over cards (the counts must agree). Not a test: the
//! numbers are for docs/performance.md.
//!
//! Usage: cargo run --release --example bench_solve -- [-n RUNS] [-j THREADS] FILE...
//! where FILE is a tile_dict.yaml or a legespiel.xml.
//!
//! Besides the wall time of each solve it reads the CPU time the process's
//! threads spent (Linux: /proc/self/task/*/schedstat): on a shared machine
//! the wall time also holds the waits for a core, the CPU time does not.

use std::path::PathBuf;
use std::time::{Duration, Instant};
use unscramble::kind::tiles::{input, solve};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Nanoseconds on a CPU of all this process's threads so far (`None` where
/// /proc does not say).
fn cpu_ns() -> Option<u64> {
    let mut sum = 0;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
        sum += stat.split_whitespace().next()?.parse::<u64>().ok()?;
    }
    Some(sum)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut runs, mut threads, mut files) = (9usize, 1usize, Vec::new());
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> Result<usize, String> {
            let v = args.next().ok_or(format!("{what} needs a number"))?;
            v.parse().map_err(|e| format!("{what} {v}: {e}"))
        };
        match a.as_str() {
            "-n" => runs = number("-n")?.max(1),
            "-j" => threads = number("-j")?.max(1),
            _ => files.push(PathBuf::from(a)),
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    println!("| puzzle | solutions | unique | looks | kinds: median ms (CPU ms) | cards: median ms (CPU ms) | cards/kinds |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for file in files {
        let parsed = input::read_notation_file(&file).map_err(|e| e.to_string())?;
        let p = parsed.puzzle;
        let time = |kinds: bool| {
            let limits = solve::Limits {
                max_solutions: solve::Count::MAX,
                kinds,
                ..solve::Limits::default()
            };
            let (mut times, mut cpu) = (Vec::new(), Vec::new());
            let mut last = None;
            for _ in 0..runs {
                let (start, cpu_start) = (Instant::now(), cpu_ns());
                let o = pool.install(|| solve::solve(&p, &limits));
                times.push(start.elapsed());
                if let (Some(a), Some(b)) = (cpu_start, cpu_ns()) {
                    cpu.push(Duration::from_nanos(b.saturating_sub(a)));
                }
                last = Some((o.total, o.extra.unique, o.extra.looks));
            }
            let cpu = (cpu.len() == runs).then(|| median(cpu));
            ((median(times), cpu), last)
        };
        let (tk, ck) = time(true);
        let (tc, cc) = time(false);
        if ck != cc {
            return Err(format!("{}: kinds {ck:?} != cards {cc:?}", file.display()));
        }
        let (total, unique, looks) = ck.unwrap_or_default();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let both = |(wall, cpu): (Duration, Option<Duration>)| match cpu {
            Some(c) => format!("{:.1} ({:.1})", ms(wall), ms(c)),
            None => format!("{:.1}", ms(wall)),
        };
        let name = file.parent().unwrap_or(&file).display();
        println!(
            "| {name} | {total} | {unique} | {looks} | {} | {} | {:.1}x |",
            both(tk),
            both(tc),
            ms(tc.0) / ms(tk.0)
        );
    }
    Ok(())
}
