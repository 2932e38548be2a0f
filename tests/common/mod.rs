//! Helpers shared by the end-to-end tests: they run the real binary on
//! folders made in a temporary directory.
// Each test binary is its own crate and uses a part of these; none is an API.
#![allow(dead_code, unreachable_pub)]

use assert_cmd::Command;
use image::{imageops, DynamicImage, Rgb, RgbImage, RgbaImage};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

pub mod child;

/// The library's strict decoder, shared with its unit tests.
#[path = "../../src/gfx/png/strict.rs"]
mod strict_png;

/// The animations read back as a viewer shows them, checksums checked; the
/// library's unit tests use the same file.
#[path = "../../src/gfx/apng_read.rs"]
pub mod apng_read;

/// A PNG this project wrote, decoded with every chunk's CRC and the zlib
/// stream's Adler-32 checked (image-rs skips the Adler-32): every test that
/// reads the tool's PNGs goes through here, so a broken writer fails them.
pub fn decode_png(bytes: &[u8]) -> Result<DynamicImage, String> {
    strict_png::decode(bytes)
}

/// [`decode_png`] of a file; one that is missing or broken fails the test
/// naming it.
pub fn open_png(path: &Path) -> DynamicImage {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    decode_png(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The 3x3 puzzle of the blog series "Scramble Squares, Pt. 1/3: Constraint
/// Programming", as bundled in `puzzles/3x3-original`.
pub const SEED_000: &str = include_str!("../../puzzles/3x3-original/input/tile_dict.yaml");

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn fixtures() -> PathBuf {
    repo().join("tests/fixtures")
}

pub fn legespiel(slug: &str) -> PathBuf {
    fixtures().join("legespiel").join(slug)
}

/// A bundled puzzle's folder, `puzzles/NAME`.
pub fn bundled(name: &str) -> PathBuf {
    repo().join("puzzles").join(name)
}

/// A temporary path as the `&str` an argument list wants.
pub fn utf8(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temporary path")
}

/// What a run wrote to stderr, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs `unscramble ARGS...`: its exit code, stdout and stderr.
pub fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = unscramble().args(args).output().expect("runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// `solve --json` of the puzzle in `dir` with every solution listed; the
/// run must succeed.
pub fn solve_json(dir: &Path, extra: &[&str]) -> serde_json::Value {
    let out = unscramble()
        .args(["solve", "--json", "--max-solutions", "100000"])
        .args(extra)
        .arg(dir)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

/// What the tests' environment must not hand the binary: a config file
/// named by the developer's environment must not change what the tests see,
/// and the readiness line is asked for by the tests that wait for it.
const CLEARED: [&str; 2] = ["UNSCRAMBLE_CONFIG", "UNSCRAMBLE_SAY_READY"];

pub fn unscramble() -> Command {
    let mut cmd = Command::cargo_bin("unscramble").expect("binary is built");
    cmd.env("NO_COLOR", "1");
    CLEARED.iter().for_each(|v| {
        cmd.env_remove(v);
    });
    cmd
}

/// The binary to start and then watch or signal while it runs, in the
/// environment [`unscramble`] gives: stdout dropped, stderr piped (read it
/// with [`child::Stderr`]); either can be set again.
pub fn unscramble_child() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_unscramble"));
    cmd.env("NO_COLOR", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    CLEARED.iter().for_each(|v| {
        cmd.env_remove(v);
    });
    cmd
}

/// Runs `render ROOT -o OUT EXTRA...`: its exit code and stderr.
pub fn render(root: &Path, out: &Path, extra: &[&str]) -> (Option<i32>, String) {
    code_and_stderr(&mut render_command(root, out, extra))
}

/// [`render`], killed (and the test failed) if it runs past `limit`: a
/// guard for the inputs made to hang or exhaust a reader.
pub fn render_within(
    root: &Path,
    out: &Path,
    extra: &[&str],
    limit: std::time::Duration,
) -> (Option<i32>, String) {
    code_and_stderr(render_command(root, out, extra).timeout(limit))
}

fn render_command(root: &Path, out: &Path, extra: &[&str]) -> Command {
    let mut cmd = unscramble();
    cmd.arg("render").arg(root).arg("-o").arg(out).args(extra);
    cmd
}

fn code_and_stderr(cmd: &mut Command) -> (Option<i32>, String) {
    let output = cmd.output().expect("runs");
    (output.status.code(), stderr(&output))
}

/// The one line of `stderr` that reports puzzle `name`'s error; the test
/// fails, showing all of stderr, when there is none.
pub fn error_line<'a>(stderr: &'a str, name: &str) -> &'a str {
    let prefix = format!("error: puzzle '{name}': ");
    stderr
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no error for {name}:\n{stderr}"))
}

/// Runs `render ROOT -o OUT EXTRA...`, which must succeed; returns its stderr.
pub fn render_ok(root: &Path, out: &Path, extra: &[&str]) -> String {
    let assert = unscramble()
        .arg("render")
        .arg(root)
        .arg("-o")
        .arg(out)
        .args(extra)
        .assert()
        .success();
    String::from_utf8_lossy(&assert.get_output().stderr).into_owned()
}

/// Copies a folder tree (files and folders only).
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read_dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// A puzzle folder `root/name` with the given YAML and pictures drawn by the tool.
pub fn drawn_puzzle(root: &Path, name: &str, yaml: &str, size: u32) -> PathBuf {
    let dir = root.join(name);
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    fs::write(dir.join("input/tile_dict.yaml"), yaml).expect("write yaml");
    unscramble()
        .args(["draw-tiles", "--size", &size.to_string()])
        .arg(&dir)
        .assert()
        .success();
    dir
}

/// A puzzles folder with the 3x3 blog puzzle ([`SEED_000`]) drawn at 16 pixels a tile under each of
/// `names`, and where its output goes (not yet made).
pub fn site(names: &[&str]) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    for name in names {
        drawn_puzzle(&root, name, SEED_000, 16);
    }
    let out = tmp.path().join("output");
    (tmp, root, out)
}

/// A text file's contents; a missing one fails the test naming it.
pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn json(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file below `dir`, as sorted paths relative to it.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("read_dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path.strip_prefix(dir).expect("below").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// Rows of `expected.tsv`: slug, rows, cols, all solutions, unique up to turning.
pub fn expected_counts() -> Vec<(String, usize, usize, usize, usize)> {
    let text = fs::read_to_string(fixtures().join("legespiel/expected.tsv")).expect("expected.tsv");
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let n = |i: usize| f[i].parse::<usize>().expect("number");
            (f[0].to_string(), n(1), n(2), n(3), n(4))
        })
        .collect()
}

/// The bundled puzzles, copied and rendered once per test binary for all of
/// its tests to read: `puzzles/` and `output/` side by side in one folder, as
/// in the repository (manifests name their puzzle relative to the output
/// folder). Tests may add files beside them, never change them.
pub struct Rendered {
    pub dir: PathBuf,
    pub code: Option<i32>,
    pub stderr: String,
}

impl Rendered {
    pub fn puzzles(&self) -> PathBuf {
        self.dir.join("puzzles")
    }

    pub fn output(&self) -> PathBuf {
        self.dir.join("output")
    }
}

/// Renders the bundled puzzles with `-j 3` the first time a test of this
/// binary asks, after `add` has put any puzzles of its own beside them (a
/// binary passes the same `add` everywhere: only the first call's runs); the
/// other tests wait for that render and share it.
///
/// The folder is `target/tmp/rendered-<test binary>`, emptied first: a
/// `TempDir` in a static is never dropped, so a temporary directory would be
/// left behind by every run, and a fixed one is there to look at after a
/// failure.
pub fn rendered_once(add: fn(&Path)) -> &'static Rendered {
    static RENDERED: OnceLock<Rendered> = OnceLock::new();
    RENDERED.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("rendered-{}", env!("CARGO_CRATE_NAME")));
        if dir.exists() {
            fs::remove_dir_all(&dir).expect("remove the last run's folder");
        }
        let puzzles = dir.join("puzzles");
        copy_dir(&repo().join("puzzles"), &puzzles);
        add(&puzzles);
        let (code, stderr) = render(&puzzles, &dir.join("output"), &["-j", "3"]);
        Rendered { dir, code, stderr }
    })
}

/// What a board shows at a cell: the tile picture composited over white and
/// turned `turns` quarter turns counter-clockwise (README, Output), done here
/// with image-rs alone: `rotate90` turns clockwise, so a counter-clockwise
/// turn is three of its turns.
pub fn turned_tile(picture: &RgbaImage, turns: u64) -> RgbImage {
    let mut tile = RgbImage::from_fn(picture.width(), picture.height(), |x, y| {
        let p = picture.get_pixel(x, y);
        let a = u32::from(p[3]);
        let mix = |c: u8| ((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        Rgb([mix(p[0]), mix(p[1]), mix(p[2])])
    });
    for _ in 0..(4 - turns % 4) % 4 {
        tile = imageops::rotate90(&tile);
    }
    tile
}

/// A board as README's Output section lays it out, built from the tile
/// pictures (`pictures[t - 1]` is tile `t`): `cells` row-major `[tile,
/// turns]` on a grid of `cols` columns, each cell a tile picture's size,
/// with no gaps and a 1-pixel black frame.
pub fn reference_board(pictures: &[RgbaImage], cells: &[[u64; 2]], cols: u32) -> RgbImage {
    let side = pictures[0].width();
    let rows = (cells.len() as u32).div_ceil(cols);
    let mut board = RgbImage::from_pixel(cols * side + 2, rows * side + 2, Rgb([0, 0, 0]));
    for (i, [tile, turns]) in cells.iter().enumerate() {
        let (x, y) = (1 + (i as u32 % cols) * side, 1 + (i as u32 / cols) * side);
        let picture = &pictures[*tile as usize - 1];
        imageops::replace(
            &mut board,
            &turned_tile(picture, *turns),
            x.into(),
            y.into(),
        );
    }
    board
}

/// Writes a picture of where two boards differ, under
/// `target/tmp/output-diff/NAME`: unchanged pixels faded, changed ones red.
/// Returns where it went.
pub fn diff_image(name: &Path, old: &RgbImage, new: &RgbImage) -> Option<PathBuf> {
    if old.dimensions() != new.dimensions() {
        return None;
    }
    let diff = RgbImage::from_fn(new.width(), new.height(), |x, y| {
        let (a, b) = (old.get_pixel(x, y), new.get_pixel(x, y));
        if a == b {
            Rgb(b.0.map(|c| 200 + c / 5))
        } else {
            Rgb([255, 0, 0])
        }
    });
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("output-diff")
        .join(name);
    fs::create_dir_all(path.parent()?).ok()?;
    diff.save(&path).ok()?;
    Some(path)
}

/// A solution's `cells` from `solutions.json`: row-major `[tile, turns]`.
pub fn cells(solution: &serde_json::Value) -> Vec<[u64; 2]> {
    let cells = solution["cells"].as_array().expect("cells");
    cells
        .iter()
        .map(|c| [0, 1].map(|i| c[i].as_u64().expect("tile and turns")))
        .collect()
}

/// `capped` is exactly the first `cap` boards of `full` (compared without
/// printing thousands of boards when they differ).
pub fn assert_prefix<T: PartialEq + std::fmt::Debug>(
    capped: &[T],
    full: &[T],
    cap: usize,
    what: &str,
) {
    assert_eq!(capped.len(), cap.min(full.len()), "{what}: boards listed");
    if let Some(i) = (0..capped.len()).find(|&i| capped[i] != full[i]) {
        panic!(
            "{what}: board {i} differs: {:?} where the full list has {:?}",
            capped[i], full[i]
        );
    }
}
