//! `unscramble infer` on art it did not draw: one small 3x3 per style of
//! scripts/bench-infer-styles (colour half-discs with marks, emoji cut in
//! two, round photo crops on wood, symbols cut in two, text cards,
//! draw-tiles), made by scripts/infer-styles.py from a planted truth
//! (tests/fixtures/infer-styles/README.md). Each is read back to its truth,
//! or refused with the halves in doubt named and marked on the review
//! sheet, as its `expect` file says; never written wrong.

mod common;

use common::{fixtures, unscramble};
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the style's fixture in a temporary folder, its truth as the
/// folder's tile_dict.yaml when `with_truth`.
fn copy(style: &str, with_truth: bool) -> (tempfile::TempDir, PathBuf, String) {
    let src = fixtures().join("infer-styles").join(style);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(style);
    fs::create_dir_all(dir.join("input")).expect("mkdir");
    for entry in fs::read_dir(src.join("input")).expect("fixture") {
        let path = entry.expect("entry").path();
        fs::copy(
            &path,
            dir.join("input").join(path.file_name().expect("name")),
        )
        .expect("copy");
    }
    if with_truth {
        fs::copy(src.join("truth.yaml"), dir.join("input/tile_dict.yaml")).expect("truth");
    }
    let expect = fs::read_to_string(src.join("expect")).expect("expect file");
    (tmp, dir, expect.trim().to_string())
}

fn check(dir: &Path) -> (Option<i32>, String) {
    let out = unscramble()
        .args(["infer", "--check"])
        .arg(dir)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks that fixture `style` is read right (the transcription beside it
/// equals the inferred edges) and gives what `infer --check` said.
fn read_right(style: &str) -> String {
    let (_tmp, dir, expect) = copy(style, true);
    assert_eq!(expect, "right", "{style}");
    let (code, stderr) = check(&dir);
    assert_eq!(code, Some(0), "{style}: {stderr}");
    assert!(
        stderr.contains("the inferred edges equal tile_dict.yaml"),
        "{style}: {stderr}"
    );
    assert!(!stderr.contains("differs:"), "{style}: {stderr}");
    stderr
}

fn reads_back_or_refuses(style: &str) {
    let (_tmp, dir, expect) = copy(style, true);
    let (code, stderr) = check(&dir);
    match expect.as_str() {
        "right" => assert!(
            code == Some(0) && stderr.contains("the inferred edges equal tile_dict.yaml"),
            "{style}: {stderr}"
        ),
        "refused" => {
            assert_eq!(code, Some(1), "{style}: {stderr}");
            assert!(
                stderr.contains("the pictures do not decide the edges"),
                "{style}: {stderr}"
            );
            assert!(!stderr.contains("differs:"), "{style}: {stderr}");
        }
        other => panic!("{style}: unknown expectation {other}"),
    }
}

#[test]
fn colour_half_discs_with_marks() {
    reads_back_or_refuses("discs");
}

#[test]
fn emoji_cut_in_two() {
    reads_back_or_refuses("emoji");
}

#[test]
fn round_photo_crops_on_wood() {
    reads_back_or_refuses("photo");
}

/// Photo crops whose halves continue each other just inside the seam (dev
/// seed 2's 4x4): read right since the strips are compared next to the
/// seam; refused before (confidence 0.74), when they were 5 to 21 working
/// pixels in, where a photograph's detail no longer continues.
#[test]
fn photo_crops_are_paired_by_how_they_continue_across_the_seam() {
    reads_back_or_refuses("photo-seam");
}

/// Photo crops, two of them cut from one photograph (coffee), whose
/// colours pair the halves of the two crops with each other into a puzzle
/// without solutions, while the seams continue under the true pairing,
/// which solves (held-out seed 109's 3x3 made as a fixture, 128-pixel
/// tiles). Main wrote it "unsolvable" at 0.96, 10 edges wrong; it is
/// refused since "unsolvable" must not stand against the seams.
#[test]
fn photo_crops_read_unsolvable_against_the_seams_are_refused() {
    reads_back_or_refuses("photo-two-crops");
    let (_tmp, dir, _) = copy("photo-two-crops", true);
    let (_, stderr) = check(&dir);
    assert!(
        stderr.contains("a pairing that solves continues the seams better"),
        "{stderr}"
    );
}

/// Emoji halves on a gradient, shrunk to 128 pixels (`critters-gradient`'s
/// unsolvable puzzle): six classes for eight, a puzzle of 1000 solutions or
/// more. Main wrote it wrong at 0.97; a count that reaches the cap says the
/// classes were cut too coarsely, and the reading is refused.
#[test]
fn a_reading_whose_count_reaches_the_cap_is_refused() {
    reads_back_or_refuses("critters-coarse");
    let (_tmp, dir, _) = copy("critters-coarse", true);
    let (code, stderr) = check(&dir);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(stderr.contains("at least 1000 solutions"), "{stderr}");
}

/// Clip art of another hand (scripts/clipart-styles.py `openclip`, the
/// Open Clip Art Library's drawings): a 6x6 of six pictures whose twelve
/// classes were read right and paired wrong by the seams. The solver once
/// neither solved that pairing nor proved it unsolvable within its
/// budget, and it was written at 0.91, 18 edges wrong; with the probe's
/// orders sharing their units it is proved unsolvable, and was written
/// unsolvable at 0.92. The true pairing, the seams' second, costs only
/// 0.815 more and is never ruled out (it solves): whatever the solver
/// answers for the first, "unsolvable" is refused while it is that near
/// (`art::open`).
#[test]
fn a_pairing_the_solver_neither_solved_nor_ruled_out_is_refused() {
    let (_tmp, dir, expect) = copy("openclip-unchecked", true);
    assert_eq!(expect, "refused");
    let (code, stderr) = check(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the puzzle may be solvable"), "{stderr}");
    assert!(!stderr.contains("differs:"), "{stderr}");
}

/// Colour half-discs scanned slightly turned (`make discs 6 4 turn yes`,
/// 200-pixel tiles, 96 colours): every tile turned by up to 1.5 degrees,
/// its corners filled with one colour. Main refused it (confidence 0.76);
/// the tiles whose fill wedges show the turn are turned back: read right
/// at 0.95.
#[test]
fn colour_half_discs_scanned_slightly_turned_are_turned_back() {
    read_right("discs-turned");
}

/// Photo crops two of whose pictures are crops of one photograph (seen
/// seed 58's 4x4): their tops share a palette, and main paired them by it
/// against strips that continued clearly, writing a pairing that solves
/// nothing at 0.90, 12 edges wrong. In a puzzle whose hues are not spread
/// the palette weighs a quarter and the strips half again as much: read
/// right at 0.99.
#[test]
fn photo_crops_of_one_photograph_are_paired_by_the_seam_not_the_palette() {
    read_right("photo-palette");
}

/// Photo crops whose classes look unsure (seen seed 81's 3x3, 200-pixel
/// tiles of 128 shared colours): a crop's two halves show the two sides of
/// one line of the photograph, so a class's nearest stranger is its own
/// partner, and main refused it at 0.79 on its least sure class alone
/// (margin 1.02, support 2.04). Every member of every class continues
/// every member of its partner (worst 0.54 of a stranger's cost), so the
/// classes are judged beside their partners: read right at 0.98.
#[test]
fn photo_crops_whose_classes_the_seams_confirm_are_written() {
    read_right_from_the_pictures("photo-classes");
}

/// Photo crops two and two of one photograph (seen seed 74's 4x4: two
/// crops of the astronaut, two of the retina; 128-pixel tiles of 128 shared
/// colours): the rival pairing exchanges the partners of two crops of one
/// photograph, whose colours along the seam differ by little, and main
/// refused it at 0.79 (margin 0.25). Where the puzzle's hues are not
/// spread the strips are also compared by how each continues its shading
/// across the seam (the prediction measure): margin 0.37, read right.
#[test]
fn photo_crops_are_paired_by_their_shading_continued_across_the_seam() {
    read_right_from_the_pictures("photo-shading");
}

/// Photo crops under uneven light (seen seed 117's 3x3, its light case;
/// 128-pixel tiles of 256 colours): once the light is evened, the two
/// halves of a retina crop and of a coffee crop, alike in tone, merge
/// before the prints of different crops, and the largest jump cut 6
/// classes for 8; main refused their pairing at 0.30. The finer cut into
/// the 8 prints, read when that one is refused, solves at 0.99.
#[test]
fn photo_crops_whose_halves_merged_are_read_at_the_finer_cut() {
    read_right_from_the_pictures("photo-finer-cut");
}

/// Photo crops after noise (seed 129's 3x3, 128-pixel tiles of 256
/// colours): the crop p02's two halves are each other's nearest print, so
/// their classes are unsure by their looks (0.46), while their own seams
/// confirm them (0.70 of a stranger). One other pair meets at 1.00 of a
/// stranger, and main, which asked every pair to confirm before it
/// judged any class beside its partner, refused the right reading; each
/// pair's seams now confirm its own classes: read right at 0.99.
#[test]
fn photo_crops_are_confirmed_pair_by_pair_by_their_own_seams() {
    read_right_from_the_pictures("photo-pair-confirmed");
}

/// Emoji cut in two after JPEG (dev seed 1's 3x3 of the benchmark, its
/// JPEG case, stored as 256-colour palette PNGs): JPEG's blocks made
/// copies of one half differ block by block as much as two halves of
/// different emoji, and the reading was refused; the block difference
/// less what the cells' scatter gives by chance reads it right.
#[test]
fn emoji_after_jpeg_are_grouped_by_their_detail_not_their_noise() {
    read_right("emoji-jpeg");
}

/// Symbols cut in two after JPEG (seen seed 85's unsolvable 3x3 of the
/// benchmark, its JPEG case, each tile compressed at its own quality,
/// stored as 256-colour palette PNGs): JPEG moved each block's colour by
/// a noticeable difference or so, copies of one half lay a quarter as far
/// apart as the nearest other half, and the class bound refused the
/// reading (0.78); block differences under the floor read it right, as it
/// is (no solution).
#[test]
fn symbols_after_jpeg_are_grouped_under_a_noticeable_difference() {
    read_right("symbols-jpeg");
}

#[test]
fn symbols_cut_in_two() {
    reads_back_or_refuses("symbols");
}

#[test]
fn text_cards() {
    reads_back_or_refuses("text");
}

#[test]
fn drawn_tiles() {
    reads_back_or_refuses("drawn");
}

/// Symbols cut in two, two of them in one colour (dev seed 1 of the
/// benchmark: a green arrow and a green star, a pink arrow, a blue heart):
/// the strips' colours cannot tell the green arrow's shaft from the star's
/// halves, and the reading was refused (confidence 0.30). Where and at
/// what angle each half's outline crosses the seam pairs them: read from
/// the pictures, right.
#[test]
fn symbols_sharing_a_colour_are_paired_by_how_their_outlines_continue() {
    read_right_from_the_pictures("symbols-shared-colours");
}

/// Line drawings (unseen seed 1009's 3x3: a ring, a box, a hexagon and a
/// diamond in black outline on white, each half with its own detail): the
/// ring and the box cross the seam at one place, both upright there, so
/// the outline in the rows next to the side tied them, and main refused
/// (confidence 0.38). Each stroke followed further in, the ring's bends
/// and the box's does not: read from the pictures, right.
#[test]
fn line_drawings_are_paired_by_how_their_strokes_go_on_across_the_seam() {
    read_right_from_the_pictures("lineart");
}

/// Line drawings after a blur (dev seed 9's 3x3 of `lineart`, blurred):
/// as colour blocks the halves are mostly paper, and main's pictures
/// reading found no cut into classes; the names reading's six classes
/// left two pairings that solve (refused). The halves compared by where
/// their strokes run, each detail's class stands apart: read right from
/// the pictures.
#[test]
fn line_drawings_are_told_apart_by_their_strokes() {
    read_right_from_the_pictures("lineart-blur");
}

/// Line drawings with two hexagons (unseen seed 1025's unsolvable 3x3):
/// one hexagon's bar and the other's zigzag lay 0.012 apart as colour
/// blocks, their classes merged, and main wrote the coarse puzzle, which
/// solves, at 0.99 (5 edges wrong). Told apart by their strokes, the eight
/// classes are cut right; the two hexagons cross the seam alike, so which
/// of their halves go together only solving could say, and the puzzle
/// solves under neither: refused.
#[test]
fn line_drawings_with_merged_details_are_refused_not_written() {
    reads_back_or_refuses("lineart-details");
}

/// Line drawings whose two pictures differ by a thin detail (unseen seed
/// 1025's 3x3, made unsolvable, `lineart-merged`, the puzzle of
/// `lineart-details` stored as 240-pixel grey): the looks put the halves
/// of two pictures into one class, and the coarse puzzle solves (64
/// solutions). Main wrote it wrong at 0.99. A class whose members fall into
/// two groups of exact copies that differ is refused (`classes::merged`);
/// since the strokes are compared too the classes are cut right, and the
/// pairing, which only solving could settle, is refused first.
#[test]
fn line_drawings_whose_class_holds_two_pictures_are_refused() {
    let (_tmp, dir, expect) = copy("lineart-merged", true);
    assert_eq!(expect, "refused");
    let (code, stderr) = check(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("the pictures do not decide the edges"),
        "{stderr}"
    );
    assert!(!stderr.contains("differs:"), "{stderr}");
}

/// Colour half-discs of eight hues on a 5x5 (dev seed 3 of the benchmark):
/// the strips of two solid halves of neighbouring hues continue each other
/// better than a solid half and its own pale half do, and a pairing of
/// like with like, which the solver ruled out, cost 0.22 less than the
/// right one (refused, confidence 0.30). The hues, measured against how
/// far apart the puzzle's hues lie, pair each solid half with the pale half
/// of its own hue: read from the pictures, right.
#[test]
fn colour_half_discs_of_close_hues_are_paired_by_hue_against_the_spread() {
    read_right_from_the_pictures("discs-hues");
}

/// Colour half-discs under uneven light (dev seed 5's unsolvable 3x3 of
/// the benchmark, its light falling to 0.6-0.75 across every tile, from
/// about one side for all): a half and its copy on another tile, lying in
/// another turn, saw other parts of the ramp, and the names reading and
/// the pictures' seams paired the classes differently (refused). With each
/// tile's light fitted on its diagonals and divided out, copies lie 0.01
/// apart where they lay 0.2: read from the pictures, right, 0 solutions.
#[test]
fn colour_half_discs_under_uneven_light_are_read_after_the_light_is_evened() {
    read_right_from_the_pictures("discs-light");
}

/// Emoji cut in two on a ground that is a gradient between two pale
/// colours at its own angle on every tile (unseen seed 1005's unsolvable
/// 3x3 of `critters`, `critters-gradient`). Main found no plain ground on
/// the diagonals, weighed every cell as picture, and evened the gradient's
/// brightness as if it were light, darkening the figures: copies of a half
/// lay farther apart than the nearest stranger in most such puzzles, and
/// this one was refused. With the ground fitted as a plane per colour
/// channel and left as it is, it is read right from the pictures.
#[test]
fn emoji_on_a_gradient_ground_are_read_against_the_fitted_ground() {
    read_right_from_the_pictures("critters-gradient");
}

/// Emoji on a gradient whose classes are wide (`critters-wide`: unseen
/// seed 1033's 3x3): the copies of a half lie on other colours of the ramp,
/// so the least sure class, its spread twice the puzzle's median, measured
/// 0.66 beside its partner and held a clear pairing (margin 3.0) under 0.9:
/// main refuses it. Its partner's seams confirm it and tell every other
/// class apart from it; on a coloured ground a wide class is judged so too,
/// and the puzzle is read right.
#[test]
fn wide_classes_on_a_coloured_ground_are_confirmed_by_their_seams() {
    read_right_from_the_pictures("critters-wide");
}

/// Emoji on a gradient whose seams confirmed nothing (`critters-ground`:
/// unseen seed 1029's 3x3): every member of a class against every member
/// of its partner, the worst seam measured 0.986 of a median stranger's (0.905 on the picture),
/// the ground beside the figures (other colours of the ramp on each copy)
/// weighed in; main refuses it, held by its least sure class. Read on the
/// picture only, the true pairs' seams are clearly better than strangers',
/// the classes are confirmed, and the puzzle is read right.
#[test]
fn cross_seams_on_a_coloured_ground_are_read_on_the_picture() {
    read_right_from_the_pictures("critters-ground");
}

/// Clip art of another hand on a ground of its own on every tile
/// (scripts/clipart-styles.py `things`, Tux Paint's stamps: the 3x3 of
/// seed 1, `things-grounds`). Main read the halves' looks against each
/// tile's ground, whose colour the anti-aliased rims and the seam strips
/// took with them: two pictures' halves fell into one class each, six
/// classes for eight, written wrong at 0.99. With every tile's ground
/// brought to one before the halves are read, it is read right.
#[test]
fn clip_art_on_a_ground_of_its_own_per_tile_is_read_against_one_ground() {
    read_right_from_the_pictures("things-grounds");
}

/// The same clip art cut from a crooked sheet (the 3x3 of seed 13,
/// `things-wide`): the three copies of a castle's `+` half, each on
/// another tile's ground, lie 2.5 times as far apart as most classes' and
/// main judged them beside every stranger, the seams notwithstanding
/// (0.76, refused).
/// Grounds that vary per tile are weighed as a gradient is: the class is
/// judged beside the prints the seams do not tell apart.
#[test]
fn a_class_widened_by_the_tiles_own_grounds_is_confirmed_by_its_seams() {
    read_right_from_the_pictures("things-wide");
}

/// Checks that fixture `style` is read right from the pictures, written at
/// a confidence of 0.9 or more.
fn read_right_from_the_pictures(style: &str) {
    let (_tmp, dir, expect) = copy(style, true);
    assert_eq!(expect, "right");
    let out = unscramble()
        .args(["infer", "--check", "--json"])
        .arg(&dir)
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["read_from"], "pictures", "{doc}");
    assert_eq!(
        doc["differences"].as_array().map(Vec::len),
        Some(0),
        "{doc}"
    );
    assert!(
        doc["confidence"].as_f64().expect("confidence") >= 0.9,
        "{doc}"
    );
}

/// Drawn tiles whose pictures reading cuts both halves of each colour into
/// one class (4 classes for 4 pictures' 8): the pictures prefer pairings
/// the solver rules out, and the one that solves (as any pairing of so few
/// classes does) was written at 0.99, wrong. The pictures' margin now
/// counts the pairings they preferred, so the reading gives way to the
/// names reading, which reads it right.
#[test]
fn drawn_tiles_whose_colours_fall_into_one_class_each_are_not_read_wrong() {
    reads_back_or_refuses("drawn-coarse");
}

/// An unsolvable drawn 4x4: the names reading's best pairing solves
/// nothing, and one 40 % below it solved and was written at 0.97, wrong;
/// then it was refused as a guess. Its classes are cut right and the
/// names' best pairing leads the next by 37 %: it is read as it is, its
/// true edges, and said to have no solution.
#[test]
fn an_unsolvable_puzzle_is_read_as_it_is_not_as_the_pairing_that_solves() {
    let stderr = read_right("drawn-unsolvable");
    assert!(stderr.contains("the puzzle has 0 solutions"), "{stderr}");
    assert!(
        stderr.contains("the puzzle as read has no solution"),
        "{stderr}"
    );
}

/// An unsolvable text 3x3 (`fixture text 7 DIR 3 no`): refused before as
/// a guess (the pairing that solves 40 % below the names' best); the
/// best-fitting pairing leads the next by 40 %, the classes are sure:
/// read as it is, 0 solutions, said in `--json` too.
#[test]
fn unsolvable_text_cards_are_read_as_they_are() {
    read_right("text-unsolvable");
    let (_tmp, dir, _) = copy("text-unsolvable", true);
    let out = unscramble()
        .args(["infer", "--check", "--json"])
        .arg(&dir)
        .output()
        .expect("runs");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["read_from"], "names", "{doc}");
    assert_eq!(doc["solutions"], 0, "{doc}");
    assert_eq!(doc["unsolvable"], true, "{doc}");
    assert!(
        doc["confidence"].as_f64().expect("confidence") >= 0.9,
        "{doc}"
    );
}

/// An unsolvable 3x3 of emoji cut in two (dev seed 5): the names reading
/// preferred a pairing under which it has no solution, and wrote the one
/// that solves, 18 % below it, at 0.97, wrong; then it was refused. With
/// the seams read next to the seam the pictures reading reads it as it
/// is, its true edges with no solution (margin 1.84, halved as it solves
/// nothing): never the pairing that solves.
#[test]
fn an_unsolvable_puzzle_is_not_read_as_a_pairing_chosen_for_solving() {
    let stderr = read_right("emoji-unsolvable");
    assert!(stderr.contains("the puzzle has 0 solutions"), "{stderr}");
}

/// The switch that writes every pictures reading for measuring them
/// (scripts/bench-infer-styles' margins) still marks one below the write
/// threshold weak: the photo crops' reading, refused at 0.3 without it.
#[test]
fn a_reading_written_under_the_measuring_switch_still_says_weak() {
    let (_tmp, dir, expect) = copy("photo", false);
    assert_eq!(expect, "refused");
    let out = unscramble()
        .args(["infer", "--json"])
        .arg(&dir)
        .env("UNSCRAMBLE_INFER_DEBUG_WRITE_ALL", "1")
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["read_from"], "pictures", "{doc}");
    assert!(
        doc["confidence"].as_f64().expect("confidence") < 0.9,
        "{doc}"
    );
    assert_eq!(doc["weak"], true, "{doc}");
    assert!(dir.join("input/tile_dict.yaml").is_file());
}

/// Text cards cut from a crooked sheet (seed 13 of the benchmark): "Katze
/// TOP" and "Biene TOP" (and their BOTTOMs) fell into one class each, 6
/// classes for 8, and that pairing was written at 0.97, wrong. Each merged
/// class's members carry two different words, each on several of them,
/// never both: the class is split, and the 8 classes, their names read
/// either way up, are paired right.
#[test]
fn text_cards_whose_two_names_merged_into_one_class_are_not_read_wrong() {
    let stderr = read_right("text-sheet");
    assert!(stderr.contains("from 8 classes"), "{stderr}");
}

/// `unscramble infer DIR`: its exit code and what it said.
fn infer(dir: &std::path::Path) -> (Option<i32>, String) {
    let out = unscramble().arg("infer").arg(dir).output().expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr)
}

#[test]
fn a_reading_from_the_seams_says_so_and_writes_its_edges() {
    let (_tmp, dir, _) = copy("emoji", false);
    let (code, stderr) = infer(&dir);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("read from how the pictures continue across the seams, confidence"),
        "{stderr}"
    );
    assert!(dir.join("input/tile_dict.yaml").is_file());
    assert!(dir.join("input/infer.png").is_file());
}

/// Flags of three colour bands cut through the middle band (unseen seed
/// 1003's 5x5, `bands-middle`): four classes share a middle colour at the
/// seam and a flag's halves need not share colours. Main joined two pairs
/// by colour whose seams do not continue while each of their classes
/// continues a stranger, in a reading whose other pairs continue, and
/// wrote it wrong at 0.93; such a pair ties the reading, which is refused
/// with the flags' halves in doubt.
#[test]
fn flags_paired_by_colour_against_seams_that_continue_are_refused() {
    reads_back_or_refuses("bands-middle");
    let (_tmp, dir, expect) = copy("bands-middle", false);
    assert_eq!(expect, "refused");
    let (code, stderr) = infer(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("halves in doubt: tile "), "{stderr}");
    assert!(!dir.join("input/tile_dict.yaml").exists());
}

#[test]
fn a_refused_reading_writes_only_the_review_sheet_and_names_the_halves_in_doubt() {
    let (_tmp, dir, expect) = copy("photo", false);
    assert_eq!(expect, "refused");
    let (code, stderr) = infer(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("halves in doubt: tile "), "{stderr}");
    assert!(
        stderr.contains("infer.png marks the classes in doubt"),
        "{stderr}"
    );
    assert!(dir.join("input/infer.png").is_file(), "{stderr}");
    assert!(!dir.join("input/tile_dict.yaml").exists());
}

#[test]
fn render_infer_renders_no_refused_reading_and_says_where_edges_came_from() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    for style in ["photo", "emoji"] {
        let (_t, dir, _) = copy(style, false);
        let to = root.join(style).join("input");
        fs::create_dir_all(&to).expect("mkdir");
        for entry in fs::read_dir(dir.join("input")).expect("copy") {
            let path = entry.expect("entry").path();
            fs::copy(&path, to.join(path.file_name().expect("name"))).expect("copy");
        }
    }
    let out = tmp.path().join("out");
    let (code, stderr) = common::render(&root, &out, &["--infer"]);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains("the pictures do not decide the edges"),
        "{stderr}"
    );
    assert!(!out.join("photo/solution-1.png").exists());
    assert!(out.join("emoji/solution-1.png").is_file(), "{stderr}");
    let md = fs::read_to_string(out.join("emoji/index.md")).expect("index.md");
    assert!(
        md.contains("The edges were read from the tile pictures"),
        "{md}"
    );
    let page = fs::read_to_string(out.join("index.html")).expect("gallery");
    assert!(
        page.contains("Warning: the edges were inferred from the pictures"),
        "the gallery says where the edges came from"
    );
}

/// The benchmark's text 3x3 of dev seed 9 (`text-split`): copies of one
/// name printed alike are 0 apart and the same name turned with another
/// edge a few hundredths, and that step counted as the clearest cut: 18
/// classes for 8, no pairing solving. Now a coarser clear cut is tried
/// when the finest pairs into nothing that solves, and the names are
/// compared by their grey levels.
#[test]
fn text_cards_whose_names_were_cut_into_a_class_per_edge_are_read_right() {
    let stderr = read_right("text-split");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
}

/// Upright text cards whose side names run into the card's number
/// (`text-number-cut`, seen seed 81's 3x3 of the benchmark, 320-pixel
/// tiles quantised to 96 colours): "Frosch unten4" was read with the number
/// as a name no other copy matched, and identical copies of one name (0
/// apart) cut apart from the same name on another edge: 22 classes for 8,
/// no pairing solving, refused by main. The number is now taken out of
/// the ink before names are grouped.
#[test]
fn text_cards_whose_names_touch_the_number_are_read_without_it() {
    let stderr = read_right("text-number-cut");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
}

/// Upright text cards whose side names run into the number and into each
/// other (`text-line`, `fixture text 94 DIR 4 yes`: "SHARK hea10PANDA
/// head"): each collided name was a class of its own, and main refused it
/// (its names' best pairing solves nothing). The middle line is now explained
/// as two whole copies of names printed elsewhere on the board.
#[test]
fn text_cards_whose_side_names_collide_are_read_as_whole_copies() {
    let stderr = read_right("text-line");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
}

/// Text cards whose names run along their edges (`text-both-ways`,
/// `fixture text 12 DIR 3 yes`): a name lies upside down in its half on
/// two of the four sides, and each class's name was read the way up its
/// own words were seen before, so "head" became two words and "PANDA"
/// upright and turned none: "PANDA head" was paired with "Kuh head" and
/// written at 0.90. Every name's way up is now chosen against all the
/// others, and the pairs differ by head/tail alone.
#[test]
fn names_along_the_edges_are_read_one_way_up_and_paired_right() {
    let stderr = read_right("text-both-ways");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
    assert!(stderr.contains("confidence 0.97"), "{stderr}");
}

/// Text cards in a small serif print whose letters run together
/// (`text-spaces`, `fixture text 61 DIR 3 yes`): the few gaps left
/// between letters were outnumbered by the spaces, the median gap was a
/// space, and no name was cut into words; every pairing scored 0.750 and
/// main refuses a tie. The spaces are now found where the gaps fall into
/// two clear groups.
#[test]
fn spaces_are_found_when_letters_run_together() {
    let stderr = read_right("text-spaces");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
}

/// The benchmark's text 4x4 of dev seed 6 (`text-coarser`): its finest
/// clear cut over-splits (14 classes for 8, two pairs of classes reading
/// as one name), and the one pairing of them found to solve scores 42 %
/// below the names' best: a guess, refused, where the coarser clear cut
/// reads it right. A coarser cut is now also tried when the finer one's
/// only reading is such a guess with a name read twice.
#[test]
fn an_over_split_cut_whose_only_solving_pairing_is_a_guess_gives_way() {
    let stderr = read_right("text-coarser");
    assert!(stderr.contains("4 pictures from 8 classes"), "{stderr}");
}

/// The benchmark's text 6x6 of held-out seed 116 (`text-walk`, `make
/// text 6 116 clean yes DIR`, 240-pixel tiles in 96 colours): copies of
/// one name printed alike are 0 apart, so the finest clear cut gives each
/// edge's copies a class of their own (38 classes for 18) and no pairing
/// solves. Merged up the ink's ladder while the nearest two classes read
/// as the same words, the classes are the truth's 18, read right.
#[test]
fn one_name_cut_per_edge_is_merged_where_ink_and_words_agree() {
    let stderr = read_right("text-walk");
    assert!(stderr.contains("9 pictures from 18 classes"), "{stderr}");
}

/// Text cards all look alike to the pictures reading (one class of card,
/// nothing to pair, confidence 0): when the names reading fails, its own
/// reason is the one given, not the pictures reading's.
#[test]
fn a_refused_text_card_says_why_the_names_reading_failed() {
    let (_tmp, dir, expect) = copy("text-unpaired", false);
    assert_eq!(expect, "refused");
    let (code, stderr) = infer(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    // Not cut into classes on main; cut since the number is taken out of
    // the names (docs/infer-journal.md, "Text cards: the number taken out"), into
    // classes that pair into nothing that solves: either is the names'.
    let names_reason = [
        "the pictures do not decide the edges: the halves do not fall into classes",
        "the pictures do not decide the edges: no pairing of the",
        "the pairing the names written on the tiles show best gives a puzzle without solutions",
    ];
    assert!(names_reason.iter().any(|r| stderr.contains(r)), "{stderr}");
    assert!(!stderr.contains("continues the seams"), "{stderr}");
    assert!(!dir.join("input/tile_dict.yaml").exists());
}

/// An unsolvable text 3x3 of upright cards (`text-number`, `fixture text
/// 15 DIR 3 no`): "TIGER unten" written against the card's number on two
/// tiles was read with it as two names of their own ("4TIGER unten",
/// "TIGER unten8"), each a class, and main paired those two classes
/// with each other into a puzzle that solves: written wrong at 0.97. A
/// class whose every name took in the number was refused since; now the
/// middle line is read whole (`names/line`), those names are read as their
/// whole copies, and the puzzle is read as it is, unsolvable, every edge
/// right.
#[test]
fn names_written_against_the_number_are_read_as_their_whole_copies() {
    reads_back_or_refuses("text-number");
}

/// The benchmark's text 3x3 of seed 117 under uneven light (`text-words`,
/// `make text 3 117 light yes DIR`, its 280-pixel tiles as made): the ink
/// of one name's copies spreads so that the truth's classes are only 0.14
/// sure, and main's binary refuses the reading it pairs right. Every half
/// of each class reads as the same words and no two classes as the same
/// ones, so the classes are taken as sure as the names reading needs: read
/// right at 0.9.
#[test]
fn classes_the_words_agree_with_are_sure_enough() {
    read_right("text-words");
}

/// The benchmark's text 3x3 of seed 105 after a scan (`text-speck`, `make
/// text 3 105 scan yes DIR`, its 311-pixel tiles quantised to 128 colours,
/// which main still writes wrong). Two copies of names were cut into
/// classes of their own, each reading as its name and one word more (a
/// speck of the scan); the words were taken to agree with the cut, the
/// classes lifted to sure, and the names paired each such copy with its
/// own name's class: written wrong at 0.90, 4 edges. A class whose words
/// hold all of another's is now one name twice: refused.
#[test]
fn a_name_read_with_a_speck_as_one_word_more_is_not_a_name_of_its_own() {
    reads_back_or_refuses("text-speck");
}
