//! A blog's project folder with an `unscramble.toml`, and the command run in it.
// Each test binary uses a part of these; none is an API.
#![allow(dead_code, unreachable_pub)]

use crate::common::{bundled, copy_dir, unscramble};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// A project folder as a blog has it: `puzzles/` with the 3x3 blog puzzle, and
/// `unscramble.toml` beside it holding `config`.
pub fn project(config: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_dir(
        &bundled("3x3-original"),
        &tmp.path().join("puzzles/3x3-original"),
    );
    fs::write(tmp.path().join("unscramble.toml"), config).expect("write config");
    tmp
}

/// Runs the command in `dir` (where `unscramble.toml` is found): exit code,
/// stdout and stderr.
pub fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = unscramble()
        .current_dir(dir)
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The width of a PNG, from its header.
pub fn png_width(path: &Path) -> u32 {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    u32::from_be_bytes(bytes[16..20].try_into().expect("IHDR width"))
}

pub fn board(dir: &Path) -> u32 {
    png_width(&dir.join("output/3x3-original/solution-1.png"))
}

/// The height of a PNG, from its header.
pub fn png_height(path: &Path) -> u32 {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    u32::from_be_bytes(bytes[20..24].try_into().expect("IHDR height"))
}
