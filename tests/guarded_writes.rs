//! Every command writes through one guarded writer: never through a link
//! below the current folder or at the path given (`-o output/` with a
//! trailing slash, `-o static/puzzles` with `static` a link), and never over
//! a file it cannot prove it wrote. `animate` writes into the puzzle's own
//! output folder, which the gallery links and pruning cleans.
#![cfg(unix)]

mod common;
mod cut_sheets;
use common::*;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

/// `unscramble ARGS...` run in `dir`: exit code and stderr.
fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let output = unscramble()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("runs");
    (output.status.code(), stderr(&output))
}

/// A folder `tmp/repo` with the blog puzzle at `puzzles/p` (16 px tiles)
/// and `static -> tmp/away` (an empty folder outside it).
fn repo_with_a_link() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let repo = tmp.path().join("repo");
    drawn_puzzle(&repo.join("puzzles"), "p", SEED_000, 16);
    let away = tmp.path().join("away");
    fs::create_dir_all(&away).expect("mkdir");
    symlink(&away, repo.join("static")).expect("link");
    (tmp, repo, away)
}

#[test]
fn no_command_writes_through_a_link_below_the_current_folder() {
    let (_tmp, repo, away) = repo_with_a_link();
    // A puzzle reached through the link, for the commands that write into
    // the puzzle's own input folder.
    copy_dir(&repo.join("puzzles/p"), &away.join("drawn"));
    for k in 1..=9 {
        fs::remove_file(away.join(format!("drawn/input/{k}.png"))).expect("rm");
    }
    copy_dir(&bundled("3x3-original"), &away.join("pictures"));
    fs::remove_file(away.join("pictures/input/tile_dict.yaml")).expect("rm");
    let tiles = cut_sheets::tiles(40);
    let layout = cut_sheets::Layout::straight(1, 2);
    cut_sheets::sheet(&tiles[..2], &layout)
        .save(repo.join("scan.png"))
        .expect("save");
    let before = files_below(&away);
    for args in [
        &["render", "puzzles", "-o", "static/puzzles"][..],
        &["animate", "puzzles/p", "-o", "static/anim/search.png"],
        &["generate", "static/gen", "--size", "2", "--tokens", "2"],
        &["convert", "puzzles/p", "static/conv"],
        &["cut", "scan.png", "--grid", "1x2", "-o", "static/cut"],
        &["draw-tiles", "static/drawn"],
        &["infer", "static/pictures"],
    ] {
        let (code, stderr) = run_in(&repo, args);
        assert_ne!(code, Some(0), "{args:?}: {stderr}");
        assert!(
            stderr.contains("static is a symbolic link (to ")
                && stderr.contains("pass ")
                && stderr.contains("away"),
            "{args:?}: {stderr}"
        );
        assert_eq!(
            files_below(&away),
            before,
            "{args:?} wrote through the link"
        );
    }
}

#[test]
fn render_refuses_an_output_link_hidden_by_a_trailing_slash() {
    let (_tmp, repo, away) = repo_with_a_link();
    symlink(&away, repo.join("output")).expect("link");
    for out in ["output/", "output/.", "static/puzzles"] {
        let (code, stderr) = run_in(&repo, &["render", "puzzles", "-o", out]);
        assert_eq!(code, Some(3), "{out}: {stderr}");
        assert!(stderr.contains("is a symbolic link"), "{out}: {stderr}");
        assert_eq!(fs::read_dir(&away).expect("list").count(), 0, "{out}");
    }
    // The link's target, given as such, is the user's choice.
    let target = away.join("puzzles");
    let (code, stderr) = run_in(&repo, &["render", "puzzles", "-o", utf8(&target)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(target.join("p/solution-1.png").is_file());
}

#[test]
fn animate_replaces_only_what_it_wrote() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = drawn_puzzle(&tmp.path().join("puzzles"), "p", SEED_000, 16);
    let notes = tmp.path().join("notes.txt");
    fs::write(&notes, b"my notes").expect("write");
    let animate = |out: &Path, frames: &str| {
        run(&[
            "animate",
            utf8(&dir),
            "-o",
            utf8(out),
            "--max-frames",
            frames,
            "--tile-size",
            "16",
        ])
    };
    let (code, _, stderr) = animate(&notes, "2");
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("notes.txt: not written by unscramble, or changed since"),
        "{stderr}"
    );
    assert_eq!(fs::read(&notes).expect("kept"), b"my notes");
    let anim = tmp.path().join("anim/search.png");
    assert_eq!(animate(&anim, "2").0, Some(0));
    let first = fs::read(&anim).expect("written");
    // Its own file, unchanged since: replaced.
    assert_eq!(animate(&anim, "3").0, Some(0));
    assert_ne!(fs::read(&anim).expect("rewritten"), first);
    fs::write(&anim, b"edited by hand").expect("write");
    let (code, _, stderr) = animate(&anim, "2");
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(fs::read(&anim).expect("kept"), b"edited by hand");
}

#[test]
fn animate_writes_into_the_puzzles_output_folder_that_render_names() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("content/puzzles");
    for name in ["kids/owls", "zoo/owls"] {
        drawn_puzzle(&root, name, SEED_000, 16);
    }
    fs::write(
        tmp.path().join("unscramble.toml"),
        "[render]\npuzzles = \"content/puzzles\"\nout = \"static/puzzles\"\n",
    )
    .expect("write");
    let out = tmp.path().join("static/puzzles");
    for name in ["kids/owls", "zoo/owls"] {
        let puzzle = format!("content/puzzles/{name}");
        let args = ["animate", &puzzle, "--max-frames", "2", "--tile-size", "16"];
        let (code, stderr) = run_in(tmp.path(), &args);
        assert_eq!(code, Some(0), "{stderr}");
        assert!(out.join(name).join("search.png").is_file(), "{stderr}");
        assert!(out.join(name).join("nodes-per-depth.svg").is_file());
    }
    assert!(!tmp.path().join("output").exists());
    let (code, stderr) = run_in(tmp.path(), &["render"]);
    assert_eq!(code, Some(0), "{stderr}");
    let page = read(&out.join("index.html"));
    for name in ["kids/owls", "zoo/owls"] {
        assert!(
            page.contains(&format!("<a href=\"{name}/search.png\">")),
            "{page}"
        );
    }
    assert_eq!(run_in(tmp.path(), &["render", "--check"]).0, Some(0));
    // The command line still wins over the config.
    let (code, stderr) = run_in(
        tmp.path(),
        &[
            "animate",
            "content/puzzles/kids/owls",
            "-o",
            "elsewhere/search.png",
            "--max-frames",
            "2",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(tmp.path().join("elsewhere/search.png").is_file());
    // A puzzle that is gone takes its animation with it.
    fs::remove_dir_all(root.join("kids")).expect("rm");
    let (code, stderr) = run_in(tmp.path(), &["render"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!out.join("kids").exists(), "{:?}", files_below(&out));
    assert!(out.join("zoo/owls/search.png").is_file());
}

#[test]
fn animate_never_writes_into_a_linked_output_folder() {
    let (tmp, repo, _) = repo_with_a_link();
    let elsewhere = tmp.path().join("elsewhere");
    fs::create_dir_all(repo.join("output")).expect("mkdir");
    fs::create_dir_all(&elsewhere).expect("mkdir");
    symlink(&elsewhere, repo.join("output/p")).expect("link");
    let (code, stderr) = run_in(&repo, &["animate", "puzzles/p", "--max-frames", "2"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("output/p is a symbolic link (to "),
        "{stderr}"
    );
    assert_eq!(fs::read_dir(&elsewhere).expect("list").count(), 0);
}
