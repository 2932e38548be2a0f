//! A running child: its stderr read as it comes (see [`Stderr`]), and
//! whether it is busy (see [`wait_busy`]), so a test signals it at the
//! moment it means to, however loaded the machine.

use std::io::BufRead;
use std::process::{Child, Command};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A running child's stderr, read line by line as it comes, so a test can
/// act once the child says it has got somewhere (not after a guessed
/// sleep, which a loaded machine outlasts) and still see every line.
pub struct Stderr {
    lines: mpsc::Receiver<String>,
    seen: String,
}

impl Stderr {
    /// Takes over `child`'s stderr, which must be piped.
    pub fn of(child: &mut Child) -> Stderr {
        let pipe = child.stderr.take().expect("stderr is piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(pipe).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Stderr {
            lines,
            seen: String::new(),
        }
    }

    /// Waits for a line that contains `text`. The limit is a safety net
    /// against a child that never says it, not a measure: past it the
    /// test fails showing what the child did say.
    pub fn wait_for(&mut self, text: &str) {
        let limit = Duration::from_secs(120);
        let end = Instant::now() + limit;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push_str(&line);
                    self.seen.push('\n');
                    if line.contains(text) {
                        return;
                    }
                }
                Err(e) => panic!(
                    "no line with {text:?} on stderr ({e:?} within {limit:?}); it said:\n{}",
                    self.seen
                ),
            }
        }
    }

    /// Everything the child wrote to stderr, once it has closed it (ended).
    pub fn all(mut self) -> String {
        for line in self.lines.iter() {
            self.seen.push_str(&line);
            self.seen.push('\n');
        }
        self.seen
    }
}

/// Processor time `pid` has used, user and system, all threads: fields 14
/// and 15 of `/proc/PID/stat`, in ticks of 10 ms (Linux reports them in
/// USER_HZ, 100 a second, whatever the kernel's own tick). `None` without
/// `/proc`.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name, which may hold spaces: state is field 3.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    Some(Duration::from_millis(10 * (ticks(11)? + ticks(12)?)))
}

/// Waits until `child` has used `cpu` more processor time than when
/// called: after the line that says a long search is next, it is then
/// busy in that search (a signal any sooner could find it not yet started,
/// which tells nothing). Time on the processor, not on the clock, so load
/// cannot shorten it. Without `/proc` (not Linux) it cannot tell and
/// returns at once. Fails if the child ends first; the limit is a safety
/// net, not a measure.
pub fn wait_busy(child: &mut Child, cpu: Duration) {
    let Some(start) = cpu_time(child.id()) else {
        return;
    };
    let end = Instant::now() + Duration::from_secs(120);
    while cpu_time(child.id()).is_some_and(|t| t < start + cpu) {
        if let Some(status) = child.try_wait().expect("polls") {
            panic!("the child ended ({status}) before it was busy");
        }
        assert!(Instant::now() < end, "the child is not busy after 120 s");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Sends `signal` (a name `kill -s` knows: INT, TERM, HUP) to `child`, as
/// Ctrl-C or a CI runner stopping a job would.
pub fn signal(child: &Child, signal: &str) {
    let pid = child.id().to_string();
    let kill = Command::new("kill").args(["-s", signal, &pid]).status();
    assert!(kill.expect("kill runs").success(), "kill -s {signal} {pid}");
}
