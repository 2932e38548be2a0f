//! `UNSCRAMBLE_INFER_DEBUG_TIME=1`: where one `infer` spends its time, one
//! stderr line per stage (`TIME stage cpu_ms wall_ms`) and per solver call
//! (`TIME solve what nodes cpu_ms`), so a slow case can be broken down
//! without a profiler. The CPU time is the whole process's (user + system,
//! from `/proc/self/stat`, 10 ms ticks): the machine the benches run on is
//! shared, and wall time there measures the neighbours too.

use std::sync::OnceLock;
use std::time::Instant;

/// Whether the switch is on (read once).
pub(crate) fn on() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("UNSCRAMBLE_INFER_DEBUG_TIME").is_some())
}

/// The process's CPU time so far in milliseconds (0 where `/proc` is not
/// there to say).
fn cpu_ms() -> u64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0;
    };
    // The command name (field 2) may hold spaces; fields 14 and 15 (utime,
    // stime) count from after its closing parenthesis.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
        return 0;
    };
    let ticks: u64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    ticks * 10
}

/// A stage's start, when timing.
pub(crate) struct Clock(Option<(Instant, u64)>);

/// Starts timing a stage (nothing when the switch is off).
pub(crate) fn start() -> Clock {
    Clock(on().then(|| (Instant::now(), cpu_ms())))
}

impl Clock {
    /// Prints the stage's CPU and wall time since [`start`].
    pub(crate) fn stage(&self, name: &str) {
        if let Some((wall, cpu)) = self.0 {
            eprintln!(
                "TIME {name} {} {}",
                cpu_ms().saturating_sub(cpu),
                wall.elapsed().as_millis()
            );
        }
    }

    /// Prints one solver call's placements and CPU time since [`start`].
    pub(crate) fn solve(&self, what: &str, nodes: u64) {
        if let Some((_, cpu)) = self.0 {
            eprintln!("TIME solve {what} {nodes} {}", cpu_ms().saturating_sub(cpu));
        }
    }
}
