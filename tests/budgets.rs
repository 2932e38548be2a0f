//! Every command's work is bounded before it starts: attributes in a
//! Legespiel file, the pixels `infer` decodes, the frames `animate` paints
//! and the pictures `cut` makes. Each refusal names the file, the limit and
//! the option that raises it, and writes nothing.

mod common;
mod cut_sheets;

use common::*;
use std::fs;
use std::path::Path;

/// A PNG header (signature and IHDR) declaring `side` x `side` pixels and
/// nothing after it: enough for every check made before decoding.
fn declared_png(side: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend_from_slice(&side.to_be_bytes());
    png.extend_from_slice(&side.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    png
}

/// roxmltree compares every attribute of an element with the ones before
/// it: 200,000 on one element took two minutes. Such a file is refused
/// before it is parsed, naming the file, the element's place and the limit.
#[test]
fn a_legespiel_file_with_too_many_attributes_is_refused_before_parsing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("xml/input");
    fs::create_dir_all(&input).expect("mkdir");
    let attrs: String = (0..200_000).map(|i| format!(" a{i}=\"1\"")).collect();
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<legespielConfiguration{attrs}>\n</legespielConfiguration>\n"
    );
    fs::write(input.join("legespiel.xml"), xml).expect("write");
    let (code, _, stderr) = run(&["solve", "--no-config", utf8(&tmp.path().join("xml"))]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("legespiel.xml:2:1: this element has more than 64 attributes, the most one element may have"),
        "{stderr}"
    );
}

/// `infer` holds every picture decoded at once: 121 pictures declaring
/// 4096 x 4096 pixels each (a few bytes apiece) took gigabytes and ended
/// in a panic (docs/performance.md). Their headers are now counted against --max-pixels first, by
/// `infer` and by `render --infer` alike.
#[test]
fn infer_refuses_pictures_over_the_pixel_budget_before_decoding() {
    let tmp = tempfile::tempdir().expect("tmp");
    let input = tmp.path().join("puzzles/bomb/input");
    fs::create_dir_all(&input).expect("mkdir");
    for k in 1..=121 {
        fs::write(input.join(format!("{k}.png")), declared_png(4096)).expect("write");
    }
    let dir = tmp.path().join("puzzles/bomb");
    let (code, _, stderr) = run(&["infer", "--no-config", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    let refused = "bomb/input: the 121 tile pictures declare 2030043136 pixels, above the limit of 64000000 (scale the tile pictures down, or raise the limit with --max-pixels)";
    assert!(stderr.contains(refused), "{stderr}");
    assert!(!input.join("tile_dict.yaml").exists());
    // render --infer: the puzzle fails with the same words, not as a bug.
    let out = tmp.path().join("out");
    let (code, stderr) = render(
        &tmp.path().join("puzzles"),
        &out,
        &["--infer", "--no-config"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains(refused), "{stderr}");
    assert!(!stderr.contains("internal error"), "{stderr}");
}

/// The budget is the option's: a small one refuses real pictures, and the
/// side limit is `infer`'s own option too.
#[test]
fn infer_takes_max_pixels_and_max_tile_side() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("drawn");
    unscramble()
        .args(["generate", "--size", "3", "--tokens", "4", "--seed", "7"])
        .args(["--tile-size", "160", "--no-config"])
        .arg(&dir)
        .assert()
        .success();
    fs::remove_file(dir.join("input/tile_dict.yaml")).expect("rm");
    // 9 pictures of 160 x 160 pixels: 230400.
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-pixels", "230399", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the 9 tile pictures declare 230400 pixels, above the limit of 230399"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-tile-side", "159", utf8(&dir)]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "1.png: the picture declares 160x160 pixels, above the limit of 159 per side"
        ),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["infer", "--no-config", "--max-pixels", "230400", utf8(&dir)]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(dir.join("input/tile_dict.yaml").is_file());
}

/// An animation's frames are counted and sized before the first is
/// painted: too many pixels in all (8 x 8 tiles at --tile-size 1024 took
/// over five minutes and 1.8 GB) or in one frame are refused, naming the
/// option that raises each limit; nothing is written.
#[test]
fn animate_refuses_frames_over_its_budgets_before_painting() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = drawn_puzzle(tmp.path(), "seed", SEED_000, 16);
    let out = tmp.path().join("anim/search.png");
    let animate = |extra: &[&str]| {
        let mut args = vec!["animate", "--no-config", "--json", "-o", utf8(&out)];
        args.extend_from_slice(extra);
        args.push(utf8(&dir));
        run(&args)
    };
    let (code, stdout, stderr) = animate(&["--tile-size", "64", "--max-output-pixels", "1000"]);
    assert_eq!(code, Some(1), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    let frames = doc["errors"][0]["message"].as_str().expect("an error");
    assert!(
        frames.contains("the animation's 300 frames of ")
            && frames.contains(" pixels together, above the limit of 1000 (lower --tile-size or --max-frames, or raise the limit with --max-output-pixels)"),
        "{frames}"
    );
    assert!(!out.exists());
    // The default: 300 frames of about 3800 x 3074 pixels are 3.5 billion.
    let (code, _, stderr) = animate(&["--tile-size", "1024"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("above the limit of 500000000 (lower --tile-size or --max-frames"),
        "{stderr}"
    );
    let (code, _, stderr) = animate(&["--tile-size", "1024", "--max-pixels", "1000000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("each frame of the animation would have ")
            && stderr.contains(" pixels, above the limit of 1000000 (lower --tile-size, or raise the limit with --max-pixels)"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (code, stdout, stderr) = animate(&["--tile-size", "64", "--max-frames", "10"]);
    assert_eq!(code, Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(doc["frames"], 10);
    assert!(out.is_file());
}

/// The tile pictures `cut` makes are counted before the first is made: 16
/// x 16 tiles at --size 4096 (4.3 billion pixels) took minutes; now they
/// are refused before the sheet is even read. Without --size the side is
/// the one found on the sheet, checked as soon as it is known.
#[test]
fn cut_refuses_tile_pictures_over_its_budget_before_making_one() {
    let tmp = tempfile::tempdir().expect("tmp");
    let sheet = tmp.path().join("scan.png");
    let layout = cut_sheets::Layout::straight(2, 2);
    cut_sheets::sheet(&cut_sheets::tiles(80)[..4], &layout)
        .save(&sheet)
        .expect("save");
    let out = tmp.path().join("input");
    let cut = |extra: &[&str]| {
        let mut args = vec!["cut", "--no-config", utf8(&sheet), "-o", utf8(&out)];
        args.extend_from_slice(extra);
        run(&args)
    };
    let (code, _, stderr) = cut(&["--grid", "16x16", "--size", "4096"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("scan.png: the 256 tile pictures of 4096 x 4096 would have 4294967296 pixels together, above the limit of 64000000 (give a smaller --size, or raise the limit with --max-output-pixels)"),
        "{stderr}"
    );
    assert!(!out.exists());
    let (code, _, stderr) = cut(&["--grid", "2x2", "--max-output-pixels", "20000"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the 4 tile pictures of ")
            && stderr.contains("pixels together, above the limit of 20000"),
        "{stderr}"
    );
    assert!(!out.join("1.png").exists());
    let (code, _, stderr) = cut(&["--grid", "2x2", "--max-output-pixels", "40000"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(out.join("4.png").is_file());
}

/// `n` copies of a generated 2 x 2 puzzle under `root`, tiles of `side`
/// pixels: with `side` 600, each render is estimated at about 45 MB.
fn generated_puzzles(root: &Path, n: usize, side: u32) {
    let first = root.join("p0");
    unscramble()
        .args(["generate", "--size", "2", "--tokens", "2", "--no-config"])
        .args(["--tile-size", &side.to_string()])
        .arg(&first)
        .assert()
        .success();
    for i in 1..n {
        copy_dir(&first, &root.join(format!("p{i}")));
    }
}

/// Eight puzzles within --max-pixels each, rendered with `-j 8`, took more
/// memory together than the machine had and the run was killed without a
/// summary (docs/safety.md). The run's
/// --max-memory now holds puzzles back until there is room: with room for
/// two at a time, all eight render, and every file is the one a run of one
/// thread with the default budget writes.
#[test]
fn puzzles_wait_for_the_run_s_memory_and_all_render_the_same() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    generated_puzzles(&root, 8, 600);
    let (tight, alone) = (tmp.path().join("tight"), tmp.path().join("alone"));
    let stderr = render_ok(
        &root,
        &tight,
        &["-j", "8", "--max-memory", "100M", "--no-config"],
    );
    assert!(stderr.contains("8 puzzles: 8 solved"), "{stderr}");
    let summary = json(&tight.join("summary.json"));
    assert_eq!(summary["totals"]["solved"], 8);
    render_ok(&root, &alone, &["-j", "1", "--no-config"]);
    let files = files_below(&alone);
    assert_eq!(files_below(&tight), files);
    for rel in &files {
        assert!(
            fs::read(tight.join(rel)).expect("a") == fs::read(alone.join(rel)).expect("b"),
            "{} differs",
            rel.display()
        );
    }
}

/// A puzzle that alone needs more than the whole --max-memory fails with
/// the option named, whatever runs beside it; the others render.
#[test]
fn a_puzzle_larger_than_the_run_s_memory_fails_alone() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    generated_puzzles(&root, 1, 600);
    drawn_puzzle(&root, "small", SEED_000, 16);
    let out = tmp.path().join("out");
    let (code, stderr) = render(&root, &out, &["--max-memory", "20M", "--no-config"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("error: puzzle 'p0': ")
            && stderr.contains("p0/input: rendering this puzzle takes about ")
            && stderr.contains(" MB (estimated from its pictures and boards), above the limit of 21 MB for all puzzles at once (lower --tile-size or scale the pictures down, or raise the limit with --max-memory)"),
        "{stderr}"
    );
    assert!(stderr.contains("small: 4 solutions"), "{stderr}");
    assert!(!out.join("p0/unsolved.png").exists());
    let (code, stderr) = render(&root, &out, &["--max-memory", "2G", "--no-config"]);
    assert_eq!(code, Some(0), "{stderr}");
}

/// Writes `root/p0 … p{n-1}`, each the generated 2 x 2 puzzle with its four
/// tiles replaced by `side`-pixel pictures of noise: boards that hardly
/// compress, so their encoding holds as much as a board can.
fn noisy_puzzles(root: &Path, n: usize, side: u32) {
    generated_puzzles(root, 1, 8);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for k in 1..=4 {
        let tile = image::RgbImage::from_fn(side, side, |_, _| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let [r, g, b, ..] = state.to_le_bytes();
            image::Rgb([r, g, b])
        });
        tile.save(root.join(format!("p0/input/{k}.png")))
            .expect("save");
    }
    for i in 1..n {
        copy_dir(&root.join("p0"), &root.join(format!("p{i}")));
    }
}

/// The budget is kept in fact, not only in the estimates: under an
/// address-space limit that eight such puzzles rendered at once exceed
/// (the run was killed, exit 134), a budget with room for one at a time
/// lets all eight render and the run write its summary. One malloc arena
/// per core, not per thread, so that reserved address space is not what
/// the limit measures.
#[cfg(target_os = "linux")]
#[test]
fn under_a_memory_limit_the_budget_lets_every_puzzle_render() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    noisy_puzzles(&root, 8, 600);
    let out = tmp.path().join("out");
    let output = std::process::Command::new("prlimit")
        .arg("--as=350000000")
        .arg(env!("CARGO_BIN_EXE_unscramble"))
        .args(["render", "--no-config", "-j", "8", "--max-images", "4"])
        .args(["--max-memory", "60M", "-o"])
        .arg(&out)
        .arg(&root)
        .env("MALLOC_ARENA_MAX", "2")
        .env("NO_COLOR", "1")
        .output()
        .expect("prlimit (util-linux) runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("8 puzzles: 8 solved"), "{stderr}");
    assert_eq!(json(&out.join("summary.json"))["totals"]["solved"], 8);
}
