//! Faults and interruptions lose nothing: a render killed (SIGKILL) at any
//! moment leaves only complete files under their final names, and a normal
//! rerun reaches the same bytes as an uninterrupted run; Ctrl-C stops the
//! run before its work is done, exits 130 and leaves no temporary file.
#![cfg(unix)]

mod common;
use common::child::{wait_busy, Stderr};
use common::*;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

/// A puzzles folder of `n` small drawn puzzles (the 3x3 blog puzzle, 4 solutions each).
fn many_puzzles(root: &Path, n: usize, size: u32) {
    let first = drawn_puzzle(root, "p00", SEED_000, size);
    for i in 1..n {
        copy_dir(&first, &root.join(format!("p{i:02}")));
    }
}

fn start(puzzles: &Path, out: &Path, extra: &[&str]) -> Child {
    unscramble_child()
        .arg("render")
        .arg(puzzles)
        .arg("-o")
        .arg(out)
        .args(extra)
        .spawn()
        .expect("starts")
}

/// Sends Ctrl-C (SIGINT) to `child` and waits: its output, and how long it
/// took to stop after the signal.
fn ctrl_c(child: Child) -> (std::process::Output, Duration) {
    send_signal(child, "INT")
}

/// Sends `signal` (a name `kill -s` knows) to `child` and waits.
fn send_signal(child: Child, signal: &str) -> (std::process::Output, Duration) {
    let sent = Instant::now();
    common::child::signal(&child, signal);
    let output = child.wait_with_output().expect("waits");
    (output, sent.elapsed())
}

/// Every file under `dir` with a final name holds complete contents: PNGs
/// decode to the last pixel and JSON parses. Returns the temporary files.
fn check_final_files(dir: &Path) -> Vec<PathBuf> {
    let mut temporaries = Vec::new();
    if !dir.exists() {
        return temporaries;
    }
    for rel in files_below(dir) {
        let path = dir.join(&rel);
        let name = rel
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        if name.starts_with(".unscramble-tmp-") {
            temporaries.push(rel);
        } else if name.ends_with(".png") {
            let img = open_png(&path);
            assert!(img.width() > 0, "{}", path.display());
        } else if name.ends_with(".json") {
            json(&path);
        }
    }
    temporaries
}

/// A tiny xorshift generator: random-looking but the same on every run.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn killed_renders_leave_complete_files_and_a_rerun_reaches_the_same_bytes() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    many_puzzles(&puzzles, 24, 48);
    // Siblings, so the manifests' relative source paths are the same.
    let (reference, killed) = (tmp.path().join("a"), tmp.path().join("b"));
    let t0 = Instant::now();
    let status = start(&puzzles, &reference, &[]).wait().expect("waits");
    let clean_run = t0.elapsed();
    assert!(status.success());

    let mut rng = XorShift(0x5eed_0000_0000_0005);
    let mut killed_mid_run = 0;
    for i in 0..20 {
        // Moments spread over a whole run. Every killed run redoes all
        // puzzles, every other one with another PNG effort (other bytes, same
        // pixels), so there is always something being written to interrupt.
        // Within the first 70% of a clean run, so that load on the machine
        // (which changes how long a run takes) rarely pushes a kill past its end.
        let at = clean_run.mul_f64((rng.next() % 700) as f64 / 1000.0);
        let effort = if i % 2 == 0 { "fast" } else { "default" };
        let mut child = start(&puzzles, &killed, &["--force", "--png", effort]);
        std::thread::sleep(at);
        if child.try_wait().expect("polls").is_none() {
            killed_mid_run += 1;
        }
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        let temporaries = check_final_files(&killed);
        eprintln!("kill {i} at {at:?}: {} temporary files", temporaries.len());
    }
    assert!(
        killed_mid_run >= 5,
        "only {killed_mid_run} kills hit a running render"
    );

    let output = start(&puzzles, &killed, &[])
        .wait_with_output()
        .expect("reruns");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(check_final_files(&killed), Vec::<PathBuf>::new(), "swept");
    let files = files_below(&reference);
    assert_eq!(files_below(&killed), files, "the same files");
    for rel in &files {
        assert!(
            fs::read(reference.join(rel)).expect("a") == fs::read(killed.join(rel)).expect("b"),
            "{} differs from the uninterrupted run",
            rel.display()
        );
    }
}

/// The moment the SIGKILL test hits only by luck: killed before renaming its
/// first changed file, a run leaves intact outputs and one temporary file.
#[test]
fn a_rerun_sweeps_temporary_files_beside_up_to_date_outputs() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    many_puzzles(&puzzles, 1, 16);
    let out = tmp.path().join("out");
    let run = || assert!(start(&puzzles, &out, &[]).wait().expect("runs").success());
    run();
    let left = [
        out.join("p00/.unscramble-tmp-a1b2c3d4e5f6"),
        out.join(".unscramble-tmp-a1b2c3d4e5f6"),
    ];
    for f in &left {
        fs::write(f, b"half a file").expect("write");
    }
    // As a killed run leaves it: the journal says the folder was being written.
    fs::write(out.join("p00/.unscramble-journal"), b"").expect("write");
    fs::write(out.join(".unscramble-journal"), b"").expect("write");
    run();
    for f in &left {
        assert!(!f.exists(), "{} left behind", f.display());
    }
    assert!(!out.join("p00/.unscramble-journal").exists());
}

#[test]
fn ctrl_c_stops_soon_exits_130_and_leaves_no_temporary_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    many_puzzles(&puzzles, 40, 64);
    let out = tmp.path().join("out");
    let child = start(&puzzles, &out, &["-j", "1", "--png", "best"]);
    // Let it get going: the first puzzle's folder appears.
    let t0 = Instant::now();
    while !out.join("p00").exists() && t0.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(100));
    let (output, stopped_after) = ctrl_c(child);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    // How soon is shown, not asserted: on a loaded machine it varies tenfold.
    // What "stopped" means is asserted below by what is (not) on disk.
    eprintln!("stopped {stopped_after:?} after Ctrl-C");
    assert_eq!(check_final_files(&out), Vec::<PathBuf>::new());
    assert!(
        !out.join("summary.json").exists(),
        "an interrupted run leaves summary.json as it was"
    );
    // Puzzle folders only, not the lock file.
    let done = fs::read_dir(&out)
        .expect("out")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_dir()))
        .count();
    assert!(
        (1..40).contains(&done),
        "{done} puzzle folders: stopped midway"
    );
}

#[test]
fn ctrl_c_stops_a_single_long_search_too() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    // A 6x6 of two pictures: millions of solutions a second, few of its
    // cards alike. (36 identical cards would not do: the search over kinds
    // counts them at once, and listing the boards up to the limit is over
    // before the signal comes.)
    let yaml = unscramble::kind::tiles::generate::tile_dict(6, 2, 1);
    drawn_puzzle(&puzzles, "huge", &yaml, 8);
    // Done first on the one thread: its line says the handler is in place
    // and the long search is next.
    drawn_puzzle(&puzzles, "a", SEED_000, 8);
    let out = tmp.path().join("out");
    let args = [
        "-j",
        "1",
        "--max-solutions",
        "100000000",
        "--max-images",
        "1",
    ];
    let mut child = start(&puzzles, &out, &args);
    let mut stderr = Stderr::of(&mut child);
    stderr.wait_for("a: 4 solutions");
    wait_busy(&mut child, Duration::from_millis(100));
    let (output, stopped_after) = ctrl_c(child);
    let stderr = stderr.all();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    // How soon is shown, not asserted: on a loaded machine it varies tenfold.
    // What "stopped" means is asserted below by what is (not) on disk.
    eprintln!("stopped {stopped_after:?} after Ctrl-C");
    assert!(
        stderr.contains("puzzle 'huge': ")
            && stderr.contains("interrupted before its outputs were written"),
        "the search was under way: {stderr}"
    );
    assert!(
        !out.join("huge").exists(),
        "the interrupted puzzle wrote nothing"
    );
}

#[test]
fn ctrl_c_stops_a_domino_fit_search() {
    let tmp = tempfile::tempdir().expect("tmp");
    // This 20 x 20 board finds no solution in its first 5 s (and so never
    // stops at --max-solutions), far longer than this test waits.
    let p = unscramble::kind::domino::generate(20, 20, 0.12, 3);
    let blacks: Vec<[usize; 2]> = p.blacks().iter().map(|&(w, h)| [w, h]).collect();
    let yaml = format!(
        "width: {}\nheight: {}\nblacks: {blacks:?}\ntop: {:?}\nside: {:?}\n",
        p.width(),
        p.height(),
        p.top(),
        p.side()
    );
    let input = tmp.path().join("puzzles/domino/input");
    fs::create_dir_all(&input).expect("mkdir");
    fs::write(input.join("domino_fit.yaml"), yaml).expect("write");
    // Done first on the one thread: its line says the handler is in place
    // and the long search is next.
    drawn_puzzle(&tmp.path().join("puzzles"), "a", SEED_000, 8);
    let out = tmp.path().join("out");
    let args = ["-j", "1", "--domino-cover", "full"];
    let mut child = start(&tmp.path().join("puzzles"), &out, &args);
    let mut stderr = Stderr::of(&mut child);
    stderr.wait_for("a: 4 solutions");
    wait_busy(&mut child, Duration::from_millis(100));
    let (output, stopped_after) = ctrl_c(child);
    let stderr = stderr.all();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    // How soon is shown, not asserted: on a loaded machine it varies tenfold.
    // What "stopped" means is asserted below by what is (not) on disk.
    eprintln!("stopped {stopped_after:?} after Ctrl-C");
    assert!(
        stderr.contains("puzzle 'domino': ")
            && stderr.contains("interrupted before its outputs were written"),
        "the search was under way: {stderr}"
    );
    assert!(
        !out.join("domino").exists(),
        "the interrupted puzzle wrote nothing"
    );
}

/// A CI runner's cancel button sends SIGTERM, a closed terminal SIGHUP: both
/// stop the run as Ctrl-C does, not like a crash.
#[test]
fn sigterm_and_sighup_stop_like_ctrl_c() {
    for signal in ["TERM", "HUP"] {
        let tmp = tempfile::tempdir().expect("tmp");
        let puzzles = tmp.path().join("puzzles");
        many_puzzles(&puzzles, 40, 64);
        let out = tmp.path().join("out");
        let child = start(&puzzles, &out, &["-j", "1", "--png", "best"]);
        let t0 = Instant::now();
        while !out.join("p00").exists() && t0.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(100));
        let (output, stopped_after) = send_signal(child, signal);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(130), "SIG{signal}: {stderr}");
        eprintln!("SIG{signal}: stopped {stopped_after:?} after the signal");
        assert_eq!(
            check_final_files(&out),
            Vec::<PathBuf>::new(),
            "SIG{signal}"
        );
        assert!(!out.join("summary.json").exists(), "SIG{signal}");
        let done = fs::read_dir(&out)
            .expect("out")
            .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_dir()))
            .count();
        assert!((1..40).contains(&done), "SIG{signal}: {done} of 40 puzzles");
    }
}
