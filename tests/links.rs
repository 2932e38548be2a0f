//! Links in a puzzles folder that lead out of it: a pull request can commit
//! `tile_dict.yaml -> a secret file`, `1.png -> any picture` or
//! `zz/proc -> /proc`. Inputs are never read through such a link (one clear
//! error per puzzle, naming the file and not showing the target's content),
//! discovery never walks through one, and `--allow-links-out` is the way to
//! trust them.
#![cfg(unix)]

mod common;
use common::*;
use std::fs;
use std::os::unix::fs::symlink;
use std::time::{Duration, Instant};

const SECRET: &str = "password: hunter2-do-not-publish\n";

#[test]
fn inputs_linked_out_of_the_puzzles_folder_are_refused_and_not_shown() {
    let (tmp, root, out) = site(&["good", "leak", "picture"]);
    let secret = tmp.path().join("secret.txt");
    fs::write(&secret, SECRET).expect("write");
    let yaml = root.join("leak/input/tile_dict.yaml");
    fs::remove_file(&yaml).expect("rm");
    symlink(&secret, &yaml).expect("link");
    // Any picture on the machine: here one of the good puzzle's, copied out.
    let away = tmp.path().join("away.png");
    fs::copy(root.join("good/input/5.png"), &away).expect("copy");
    let picture = root.join("picture/input/1.png");
    fs::remove_file(&picture).expect("rm");
    symlink(&away, &picture).expect("link");
    // A link that stays inside the puzzles folder is fine.
    let inside = root.join("good/input/2.png");
    fs::rename(&inside, root.join("shared-2.png")).expect("mv");
    symlink("../../shared-2.png", &inside).expect("link");

    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    let leak = error_line(&stderr, "leak");
    assert!(
        leak.contains("input/tile_dict.yaml: the link leads out of the puzzles folder (to ")
            && leak.contains("--allow-links-out"),
        "{leak}"
    );
    let pic = error_line(&stderr, "picture");
    assert!(
        pic.contains("input/1.png: the link leads out of the puzzles folder"),
        "{pic}"
    );
    assert!(out.join("good/solution-1.png").is_file(), "{stderr}");
    assert!(!out.join("picture/solution-1.png").exists());
    for text in [
        stderr.clone(),
        read(&out.join("summary.json")),
        read(&out.join("index.html")),
        read(&out.join("all-puzzles.md")),
    ] {
        assert!(!text.contains("hunter2"), "{text}");
    }

    // Trusted on the command line, the links are read.
    let (code, stderr) = render(&root, &out, &["--allow-links-out"]);
    assert_eq!(code, Some(1), "the secret is still no puzzle: {stderr}");
    assert!(out.join("picture/solution-1.png").is_file(), "{stderr}");
}

#[test]
fn single_puzzle_commands_refuse_links_out_of_the_puzzle_folder() {
    let (tmp, root, _) = site(&["p"]);
    let away = tmp.path().join("away.png");
    fs::copy(root.join("p/input/1.png"), &away).expect("copy");
    let picture = root.join("p/input/1.png");
    fs::remove_file(&picture).expect("rm");
    symlink(&away, &picture).expect("link");
    let dir = root.join("p");
    let out = tmp.path().join("anim/search.png");
    for args in [
        vec!["solve", utf8(&dir)],
        vec!["animate", utf8(&dir), "-o", utf8(&out), "--max-frames", "2"],
        vec!["draw-tiles", utf8(&dir)],
        vec!["infer", utf8(&dir), "--check"],
    ] {
        let (code, _, stderr) = run(&args);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("input/1.png: the link leads out of the puzzle's folder"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!out.exists());
    let (code, _, stderr) = run(&["solve", utf8(&dir), "--allow-links-out"]);
    assert_eq!(code, Some(0), "{stderr}");
}

/// Whether the process `pid` has a handler for SIGINT installed (Linux).
fn catches_sigint(pid: u32) -> bool {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

#[test]
fn a_link_to_proc_is_reported_and_never_walked() {
    let (_tmp, root, out) = site(&["good"]);
    fs::create_dir_all(root.join("zz")).expect("mkdir");
    symlink("/proc", root.join("zz/proc")).expect("link");
    // Only a guard: the walk of a small folder ends at once.
    let (code, stderr) = render_within(&root, &out, &[], Duration::from_secs(120));
    assert_eq!(code, Some(1), "{stderr}");
    let line = error_line(&stderr, "zz/proc");
    assert!(
        line.contains(
            "zz/proc: the link leads out of the puzzles folder (to /proc); it is not followed"
        ),
        "{line}"
    );
    assert!(out.join("good/solution-1.png").is_file());
}

/// With links out allowed, a walk into `/proc` (and through
/// `/proc/self/root`, the whole file system) stops at the first Ctrl-C.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_walk_that_left_the_puzzles_folder() {
    let (_tmp, root, out) = site(&["good"]);
    fs::create_dir_all(root.join("zz")).expect("mkdir");
    symlink("/proc", root.join("zz/proc")).expect("link");
    let mut child = unscramble_child()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .arg("--allow-links-out")
        .spawn()
        .expect("starts");
    let guard = Instant::now();
    while !catches_sigint(child.id()) {
        assert!(
            guard.elapsed() < Duration::from_secs(60),
            "no SIGINT handler"
        );
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::yield_now();
    }
    // One signal only: a second one quits at once whatever the walk does.
    common::child::signal(&child, "INT");
    let sent = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert_eq!(status.code(), Some(130));
            break;
        }
        if sent.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the walk went on for a minute after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!out.join("summary.json").exists());
}

#[test]
fn a_config_found_in_the_folder_may_not_trust_links_out() {
    let tmp = tempfile::tempdir().expect("tmp");
    drawn_puzzle(&tmp.path().join("puzzles"), "p", SEED_000, 16);
    fs::write(
        tmp.path().join("unscramble.toml"),
        "[render]\nallow-links-out = true\n",
    )
    .expect("write");
    let output = unscramble().current_dir(tmp.path()).output().expect("runs");
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "'allow-links-out' would read puzzle files through links out of the puzzles folder"
        ),
        "{err}"
    );
    assert!(!tmp.path().join("output").exists());
}
