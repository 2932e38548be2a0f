//! `unscramble animate`: the APNG of the plain search and the chart of nodes
//! per depth, decoded and compared with what the library renders and what
//! `solve --stats` prints.

mod common;
use common::*;
use std::fs;
use std::path::Path;
use unscramble::kind::tiles::animate::frames;
use unscramble::kind::tiles::model::Placement;
use unscramble::kind::tiles::render::Renderer;
use unscramble::kind::tiles::solve::{self, Limits, Order, TurnOrder};
use unscramble::kind::Style;

fn animate_ok(puzzle: &Path, out: &Path, extra: &[&str]) -> String {
    let mut cmd = unscramble();
    cmd.arg("animate")
        .arg(puzzle)
        .arg("-o")
        .arg(out)
        .args(extra);
    stderr(cmd.assert().success().get_output())
}

/// The board `render` draws at `tile_size` for the first solution of the
/// plain search, as RGB rows.
fn rendered_first_solution(order: Order, turns: TurnOrder, tile_size: u32) -> (u32, u32, Vec<u8>) {
    let input = bundled("3x3-original").join("input");
    let puzzle = unscramble::kind::tiles::input::read_puzzle(&input)
        .expect("puzzle")
        .puzzle;
    let pics = unscramble::kind::tiles::input::pictures::load(&input, 9, 4096).expect("pictures");
    let limits = Limits {
        symmetry: false,
        order,
        turn_order: turns,
        ..Limits::default()
    };
    let first: Vec<Placement> = solve::solve(&puzzle, &limits).solutions[0].clone();
    let style = Style {
        tile_size: Some(tile_size),
        ..Style::default()
    };
    let mut renderer = Renderer::new(&puzzle, &pics, style);
    let board = renderer.board(&first);
    (board.width(), board.height(), board.as_raw().clone())
}

/// The `(w, h)` top-left area of an RGB canvas `width` pixels wide.
fn crop(rgb: &[u8], width: u32, (w, h): (u32, u32)) -> Vec<u8> {
    rgb.chunks_exact(width as usize * 3)
        .take(h as usize)
        .flat_map(|row| row[..w as usize * 3].to_vec())
        .collect()
}

/// "first solution after N events" from the command's report.
fn events(stderr: &str) -> u64 {
    let after = stderr.split(" after ").nth(1).expect("event count");
    after
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("number")
}

#[test]
fn the_animation_ends_on_the_solved_board_and_is_the_same_every_run() {
    let tmp = tempfile::tempdir().expect("tmp");
    for (order, turns, tile) in [
        ("row-major", TurnOrder::CounterClockwise, 64u32),
        ("spiral", TurnOrder::Clockwise, 40),
    ] {
        let out = tmp.path().join(order).join("search.png");
        let try_turns = if turns == TurnOrder::Clockwise {
            "cw"
        } else {
            "ccw"
        };
        let size = tile.to_string();
        let args = [
            "--order",
            order,
            "--try-turns",
            try_turns,
            "--tile-size",
            &size,
        ];
        let stderr = animate_ok(&bundled("3x3-original"), &out, &args);
        let bytes = fs::read(&out).expect("animation");
        let decoded = apng_read::decode(&bytes).expect("an APNG the png crate reads");
        // The documented frame rule, with the default --max-frames 300.
        let plan = frames::FramePlan::new(events(&stderr), 300);
        assert_eq!(decoded.frames, plan.frames(), "{stderr}");
        assert!(decoded.frames <= 300);
        assert_eq!(decoded.delays.len(), decoded.frames as usize);
        let delays: Vec<u16> = decoded
            .delays
            .iter()
            .map(|&(n, d)| n * (1000 / d))
            .collect();
        let want: Vec<u16> = (0..plan.frames() as usize)
            .map(|k| plan.delay_ms(k))
            .collect();
        assert_eq!(delays, want);
        assert_eq!(delays.first(), Some(&frames::START_MS));
        assert_eq!(delays.last(), Some(&frames::LAST_MS));
        let order = if order == "spiral" {
            Order::Spiral
        } else {
            Order::RowMajor
        };
        let (w, h, board) = rendered_first_solution(order, turns, tile);
        assert_eq!(
            crop(&decoded.last, decoded.size[0], (w, h)),
            board,
            "last frame's board area"
        );
        animate_ok(&bundled("3x3-original"), &out, &args);
        assert_eq!(
            fs::read(&out).expect("again"),
            bytes,
            "same bytes on a second run"
        );
    }
}

#[test]
fn max_frames_caps_the_frames_and_the_default_output_goes_under_output() {
    let tmp = tempfile::tempdir().expect("tmp");
    copy_dir(&bundled("3x3-original"), &tmp.path().join("3x3-original"));
    let stderr = stderr(
        unscramble()
            .current_dir(tmp.path())
            .args(["animate", "3x3-original", "--max-frames", "40"])
            .assert()
            .success()
            .get_output(),
    );
    let out = tmp.path().join("output/3x3-original");
    let decoded =
        apng_read::decode(&fs::read(out.join("search.png")).expect("default path")).expect("apng");
    assert_eq!(decoded.frames, 40);
    assert_eq!(frames::FramePlan::new(events(&stderr), 40).frames(), 40);
    assert!(out.join("nodes-per-depth.svg").is_file());
}

/// The numbers in `solve --stats`'s "nodes per depth: [...]" line.
fn stats_nodes(extra: &[&str]) -> Vec<u64> {
    let stderr = stderr(
        unscramble()
            .arg("solve")
            .arg(bundled("3x3-original"))
            .arg("--stats")
            .args(extra)
            .assert()
            .success()
            .get_output(),
    );
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("nodes per depth: ["))
        .expect("nodes per depth");
    line.trim_end_matches(']')
        .split(", ")
        .map(|n| n.parse().expect("count"))
        .collect()
}

/// `(depth, nodes)` of each bar of the chart.
fn bars(svg: &str) -> Vec<(usize, u64)> {
    let attr = |s: &str, name: &str| -> String {
        let from = s.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        s[from..].split('"').next().unwrap_or_default().to_string()
    };
    svg.lines()
        .filter(|l| l.contains(r#"class="bar""#))
        .map(|l| {
            let depth = attr(l, "data-depth").parse().expect("depth");
            (depth, attr(l, "data-nodes").parse().expect("nodes"))
        })
        .collect()
}

#[test]
fn the_chart_has_one_bar_per_depth_with_solve_stats_numbers() {
    let tmp = tempfile::tempdir().expect("tmp");
    for extra in [
        &["--order", "spiral"][..],
        &["--no-symmetry"],
        &["--try-turns", "cw"],
    ] {
        let out = tmp.path().join("search.png");
        animate_ok(
            &bundled("3x3-original"),
            &out,
            &[&["--max-frames", "10"], extra].concat(),
        );
        let svg = fs::read_to_string(tmp.path().join("nodes-per-depth.svg")).expect("chart");
        let want: Vec<(usize, u64)> = stats_nodes(extra)
            .into_iter()
            .enumerate()
            .map(|(d, n)| (d + 1, n))
            .collect();
        assert_eq!(bars(&svg), want, "{extra:?}");
        assert_eq!(want.len(), 9);
        // The title says which search it charts: the animation beside it is
        // always the plain search.
        let which = if extra == ["--no-symmetry"] {
            "plain search, as animated"
        } else {
            "with symmetry breaking (not the animated plain search)"
        };
        assert!(svg.contains(which), "{extra:?}: {svg}");
    }
}

#[test]
fn render_keeps_the_extra_files_and_the_gallery_links_them() {
    let tmp = tempfile::tempdir().expect("tmp");
    let puzzles = tmp.path().join("puzzles");
    copy_dir(&bundled("3x3-original"), &puzzles.join("3x3-original"));
    let out = tmp.path().join("output");
    render_ok(&puzzles, &out, &[]);
    let anim = out.join("3x3-original/search.png");
    animate_ok(
        &puzzles.join("3x3-original"),
        &anim,
        &["--max-frames", "10"],
    );
    let chart = out.join("3x3-original/nodes-per-depth.svg");
    // The gallery links the animation and the chart once they exist, so
    // the page (and only the page) is stale until the next render.
    let (code, stderr) = render(&puzzles, &out, &["--check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("index.html"), "{stderr}");
    assert!(!stderr.contains("search.png") && !stderr.contains("nodes-per-depth"));
    render_ok(&puzzles, &out, &["--force"]);
    assert!(anim.is_file() && chart.is_file());
    let page = std::fs::read_to_string(out.join("index.html")).expect("page");
    assert!(
        page.contains("<a href=\"3x3-original/search.png\">"),
        "{page}"
    );
    assert!(page.contains("<a href=\"3x3-original/nodes-per-depth.svg\">"));
    let stderr = render_ok(&puzzles, &out, &["--check"]);
    assert!(
        !stderr.contains("search.png") && !stderr.contains("nodes-per-depth"),
        "{stderr}"
    );
}

#[test]
fn a_puzzle_without_solution_ends_on_the_searchs_last_state() {
    let tmp = tempfile::tempdir().expect("tmp");
    // Every edge shows the same half of one picture: nothing ever fits.
    let yaml: String = (1..=4)
        .map(|k| format!("{k}: [['a', '+'], ['a', '+'], ['a', '+'], ['a', '+']]\n"))
        .collect();
    let dir = drawn_puzzle(tmp.path(), "stuck", &yaml, 32);
    let out = tmp.path().join("stuck.png");
    let stderr = animate_ok(&dir, &out, &["--tile-size", "16"]);
    assert!(stderr.contains("no solution"), "{stderr}");
    let decoded = apng_read::decode(&fs::read(&out).expect("animation")).expect("apng");
    // 16 first placements, each with 12 rejects and a take-back: 224 events.
    assert_eq!(decoded.frames, frames::FramePlan::new(224, 300).frames());
    // The last state is the empty board: white inside the black frame.
    let board = crop(&decoded.last, decoded.size[0], (34, 34));
    let inner = crop(&board[34 * 3 + 3..], 34, (32, 32));
    assert!(inner.iter().all(|&b| b == 255), "empty board at the end");
}

#[test]
fn bad_input_gives_a_clear_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let said = stderr(
        unscramble()
            .arg("animate")
            .arg(tmp.path().join("nowhere"))
            .arg("-o")
            .arg(tmp.path().join("a.png"))
            .assert()
            .failure()
            .get_output(),
    );
    assert!(
        said.starts_with("error: ") && said.contains("nowhere: no such file or folder"),
        "{said}"
    );
    // A folder without a notation file says which files it looked for.
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).expect("mkdir");
    let said = stderr(
        unscramble()
            .arg("animate")
            .arg(&empty)
            .arg("-o")
            .arg(tmp.path().join("a.png"))
            .assert()
            .failure()
            .get_output(),
    );
    assert!(said.contains("no puzzle file (tile_dict.yaml"), "{said}");
    // A puzzle whose pictures are missing names the file.
    let dir = tmp.path().join("bare");
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    fs::write(dir.join("input/tile_dict.yaml"), SEED_000).expect("yaml");
    let said = stderr(
        unscramble()
            .arg("animate")
            .arg(&dir)
            .arg("-o")
            .arg(tmp.path().join("a.png"))
            .assert()
            .failure()
            .get_output(),
    );
    assert!(said.contains("1.png"), "{said}");
    assert!(!tmp.path().join("a.png").exists());
    unscramble()
        .args(["animate", "x", "--max-frames", "1"])
        .assert()
        .code(2);
}

/// At 64 px a tile the numbers printed on the bundled tiles could not be
/// read; the default is 96 px, so the frame is at least the 3 x 3 board of
/// 96 px tiles plus its 1-pixel frame.
#[test]
fn the_default_tile_size_is_96_pixels() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("search.png");
    animate_ok(&bundled("3x3-original"), &out, &["--max-frames", "4"]);
    let first = open_png(&out).into_rgb8();
    assert_eq!(first.height(), 3 * 96 + 2, "{:?}", first.dimensions());
}
