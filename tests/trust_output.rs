//! The output folder is input too (a blog's CI renders pull requests): the
//! tool deletes or replaces only files it can prove it wrote, never follows a
//! link out of the output folder, and runs one at a time per folder.
#![cfg(unix)]

mod common;
use common::child::Stderr;
use common::*;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn manifest_text(files: &[(&str, String)]) -> String {
    let files: serde_json::Map<String, serde_json::Value> = files
        .iter()
        .map(|(n, h)| (n.to_string(), serde_json::Value::String(h.clone())))
        .collect();
    let mut m = common::json(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("output/3x3-original/.unscramble-manifest.json"),
    );
    m["source"] = "../gone".into();
    m["files"] = files.into();
    serde_json::to_string(&m).expect("json")
}

fn hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

#[test]
fn a_hostile_manifest_deletes_nothing_outside_its_folder() {
    let (tmp, root, out) = site(&["seed"]);
    let victim = tmp.path().join("victim.txt");
    fs::write(&victim, b"precious").expect("write");
    fs::write(tmp.path().join("victim2.txt"), b"precious").expect("write");
    fs::create_dir_all(out.join("evil")).expect("mkdir");
    let abs = victim.display().to_string();
    fs::write(
        out.join("evil/.unscramble-manifest.json"),
        manifest_text(&[
            (&abs, hash(b"precious")),
            ("../../victim2.txt", hash(b"precious")),
        ]),
    )
    .expect("write");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(fs::read(&victim).expect("kept"), b"precious");
    assert!(tmp.path().join("victim2.txt").exists());
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("evil/.unscramble-manifest.json: not a manifest unscramble wrote"),
        "{stderr}"
    );
    assert!(out.join("evil/.unscramble-manifest.json").exists());
}

#[test]
fn a_hostile_manifest_of_a_puzzle_that_exists_fails_it_and_says_what_to_do() {
    let (tmp, root, out) = site(&["seed"]);
    let victim = tmp.path().join("victim.txt");
    fs::write(&victim, b"precious").expect("write");
    fs::create_dir_all(out.join("seed")).expect("mkdir");
    let manifest = out.join("seed/.unscramble-manifest.json");
    let text = manifest_text(&[("../../victim.txt", hash(b"precious"))]);
    fs::write(&manifest, text).expect("write");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(fs::read(&victim).expect("kept"), b"precious");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("seed/.unscramble-manifest.json: not a manifest unscramble wrote (it lists \"../../victim.txt\": a file name with a path separator)"),
        "{stderr}"
    );
    assert!(stderr.contains("(delete it, then run again)"), "{stderr}");
    fs::remove_file(&manifest).expect("rm");
    assert_eq!(render(&root, &out, &[]).0, Some(0));
}

#[test]
fn pruning_removes_only_recorded_unchanged_files_and_check_names_each() {
    let (tmp, root, out) = site(&["seed"]);
    drawn_puzzle(&root, "gone", SEED_000, 16);
    assert_eq!(render(&root, &out, &[]).0, Some(0));
    fs::rename(root.join("gone"), tmp.path().join("moved")).expect("move");
    fs::write(out.join("gone/solution-2.png"), b"edited by hand").expect("write");
    let output = unscramble()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .args(["--check", "--json"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let files: Vec<&str> = v["pruned_files"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(files.contains(&"gone/unsolved.png"), "{files:?}");
    assert!(
        files.contains(&"gone/.unscramble-manifest.json"),
        "{files:?}"
    );
    assert!(!files.contains(&"gone/solution-2.png"), "{files:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("would remove: gone/solution-1.png"));
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("solution-2.png: kept, changed since unscramble wrote it"),
        "{stderr}"
    );
    assert_eq!(
        files_below(&out.join("gone")),
        [PathBuf::from("solution-2.png")]
    );
}

#[test]
fn files_saved_by_hand_survive_a_render() {
    let (_tmp, root, out) = site(&["seed"]);
    let mine = [
        "solution-7.png",
        "closest-3.txt",
        "solution-12.txt",
        "solution-007.png",
    ];
    // Before the first render (no manifest) and after one (not in it).
    fs::create_dir_all(out.join("seed")).expect("mkdir");
    for name in mine {
        fs::write(out.join("seed").join(name), b"mine").expect("write");
    }
    assert_eq!(render(&root, &out, &[]).0, Some(0));
    assert_eq!(
        render(&root, &out, &["--force", "--max-images", "1"]).0,
        Some(0)
    );
    for name in mine {
        assert_eq!(fs::read(out.join("seed").join(name)).expect(name), b"mine");
    }
    assert!(
        !out.join("seed/solution-2.png").exists(),
        "the tool's own stale file goes"
    );
}

#[test]
fn a_file_the_tool_did_not_write_is_never_replaced() {
    let (_tmp, root, out) = site(&["seed"]);
    fs::create_dir_all(out.join("seed")).expect("mkdir");
    fs::write(out.join("seed/index.md"), b"my post").expect("write");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("seed/index.md: not written by unscramble, or changed since (move it away or delete it, then run again"),
        "{stderr}"
    );
    assert_eq!(
        fs::read(out.join("seed/index.md")).expect("kept"),
        b"my post"
    );
}

#[test]
fn a_symlinked_puzzle_output_folder_is_refused() {
    let (tmp, root, out) = site(&["seed"]);
    let away = tmp.path().join("away");
    fs::create_dir_all(&away).expect("mkdir");
    fs::write(away.join("solution-9.png"), b"not yours").expect("write");
    fs::create_dir_all(&out).expect("mkdir");
    symlink(&away, out.join("seed")).expect("link");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("seed: is a symbolic link (the tool writes only into real folders below the output folder: remove the link)"),
        "{stderr}"
    );
    assert_eq!(files_below(&away), [PathBuf::from("solution-9.png")]);
    assert_eq!(
        fs::read(away.join("solution-9.png")).expect("kept"),
        b"not yours"
    );
}

#[test]
fn links_planted_at_guessable_temporary_names_are_harmless() {
    let (tmp, root, out) = site(&["seed"]);
    let target = tmp.path().join("target.txt");
    fs::write(&target, b"precious").expect("write");
    fs::create_dir_all(out.join("seed")).expect("mkdir");
    // The names earlier versions used: `.NAME.PID.unscramble-tmp`, with the
    // next process ids (handed out in sequence).
    let next = std::process::Command::new("true")
        .spawn()
        .expect("spawns")
        .id();
    for pid in next..next + 400 {
        for name in ["unsolved.png", "index.md"] {
            let link = out.join(format!("seed/.{name}.{pid}.unscramble-tmp"));
            symlink(&target, link).expect("link");
        }
    }
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(fs::read(&target).expect("read"), b"precious");
}

#[test]
fn one_run_at_a_time_per_output_folder() {
    let (_tmp, root, out) = site(&["seed"]);
    fs::create_dir_all(&out).expect("mkdir");
    let lock = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(out.join(".unscramble-lock"))
        .expect("open");
    lock.lock().expect("locked");
    let (code, stderr) = render(&root, &out, &["--no-wait"]);
    assert_eq!(code, Some(4), "{stderr}");
    assert!(
        stderr.contains("another unscramble run is using this output folder"),
        "{stderr}"
    );
    assert!(!out.join("seed").exists(), "wrote nothing");
    // A check shares the lock with other checks, not with a render.
    let (code, stderr) = render(&root, &out, &["--check", "--no-wait"]);
    assert_eq!(code, Some(4), "{stderr}");

    let mut child = unscramble_child()
        .arg("render")
        .arg(&root)
        .arg("-o")
        .arg(&out)
        .spawn()
        .expect("starts");
    // It says it waits, and it does: still running, nothing written.
    let mut stderr = Stderr::of(&mut child);
    stderr.wait_for(&format!(
        "waiting for another unscramble run to finish with {} (pass --no-wait to fail instead)",
        out.display()
    ));
    assert!(child.try_wait().expect("polls").is_none(), "it waits");
    assert!(
        !out.join("seed").exists(),
        "and writes nothing while waiting"
    );
    drop(lock);
    // A safety net against a run that never sees the lock go, not a measure.
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().expect("polls").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("still waiting 120 s after the lock was released");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = child.wait().expect("finishes");
    assert!(status.success(), "{}", stderr.all());
    assert!(out.join("seed/unsolved.png").exists());
}

#[test]
fn two_puzzles_with_one_output_folder_are_an_error_naming_both() {
    let tmp = tempfile::tempdir().expect("tmp");
    let proot = tmp.path().join("proot");
    drawn_puzzle(tmp.path(), "proot", SEED_000, 16);
    drawn_puzzle(&proot, "proot", SEED_000, 16);
    let out = tmp.path().join("output");
    let (code, stderr) = render(&proot, &out, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    let inner = proot.join("proot").display().to_string();
    assert!(
        stderr.contains(&format!("{}: its outputs would go to the same output folder 'proot' as those of the puzzle {inner}", proot.display())),
        "{stderr}"
    );
    assert!(!out.join("proot").exists());
}

#[test]
fn an_unusable_output_folder_exits_3() {
    let (tmp, root, _) = site(&["seed"]);
    let afile = tmp.path().join("afile");
    fs::write(&afile, b"x").expect("write");
    let (code, stderr) = render(&root, &afile, &[]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "afile: the output folder is a file (pass a folder with -o, or move the file away)"
        ),
        "{stderr}"
    );
    let real = tmp.path().join("real");
    fs::create_dir_all(&real).expect("mkdir");
    let link = tmp.path().join("link");
    symlink(&real, &link).expect("link");
    let (code, stderr) = render(&root, &link, &[]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.contains("link: the output folder is a symbolic link to"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_dir(&real).expect("list").count(),
        0,
        "nothing written"
    );
}

#[test]
fn output_in_the_puzzles_folder_or_a_puzzle_is_a_usage_error() {
    let (_tmp, root, _) = site(&["seed"]);
    let (code, stderr) = render(&root, &root, &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the output folder is the puzzles folder"),
        "{stderr}"
    );
    let (code, stderr) = render(&root, &root.join("seed"), &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the output folder is the puzzle folder"),
        "{stderr}"
    );
    let (code, stderr) = render(&root, &root.join("seed/input/out"), &[]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the output folder is inside the input folder of the puzzle"),
        "{stderr}"
    );
    assert!(!root.join("seed/index.md").exists());
    // Elsewhere inside the puzzles folder is fine (and left out of the walk).
    let (code, stderr) = render(&root, &root.join("site"), &[]);
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn a_users_index_html_in_the_output_folder_is_kept_and_refused() {
    let (tmp, root, _) = site(&["seed"]);
    let out = tmp.path().join("pub");
    fs::create_dir_all(&out).expect("mkdir");
    fs::write(out.join("index.html"), b"<h1>my site</h1>").expect("write");
    let (code, stderr) = render(&root, &out, &[]);
    assert_eq!(code, Some(3), "{stderr}");
    assert!(
        stderr.contains("index.html: not written by unscramble, or changed since"),
        "{stderr}"
    );
    assert_eq!(
        fs::read(out.join("index.html")).expect("kept"),
        b"<h1>my site</h1>"
    );
    // Once it is moved away the tool's own files are replaced freely.
    fs::remove_file(out.join("index.html")).expect("rm");
    assert_eq!(render(&root, &out, &[]).0, Some(0));
    assert_eq!(render(&root, &out, &["--max-images", "1"]).0, Some(0));
}
