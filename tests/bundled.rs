//! The bundled puzzles as a reader meets them: every tile puzzle's unsolved
//! board (tile K at cell K, unturned) is scrambled, so its play page does not
//! start solved, and scrambling kept every count. The solver itself says so.

mod common;
use common::*;

/// Every bundled tile puzzle with its solutions in all and up to turning.
const BUNDLED: [(&str, u64, u64); 7] = [
    ("3x3-original", 4, 1),
    ("3x3-typo", 0, 0),
    ("asterix-knobelei", 48, 12),
    ("cats-scramble-squares", 8, 2),
    ("dogs-squareshack", 4, 1),
    ("dolphin-scramble-squares", 4, 1),
    ("quasthoff-example", 8, 2),
];

#[test]
fn no_bundled_puzzle_starts_solved_and_the_counts_stay() {
    let mut tile_puzzles: Vec<String> = std::fs::read_dir(bundled(""))
        .expect("puzzles")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("input").is_dir())
        .filter(|e| !e.path().join("input/domino_fit.yaml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    tile_puzzles.sort();
    let listed: Vec<&str> = BUNDLED.iter().map(|b| b.0).collect();
    assert_eq!(tile_puzzles, listed, "every bundled tile puzzle is checked");
    for (name, total, unique) in BUNDLED {
        let v = solve_json(&bundled(name), &[]);
        assert_eq!(v["complete"], true, "{name}");
        assert_eq!(v["solutions_total"], total, "{name}");
        assert_eq!(v["solutions_unique"], unique, "{name}");
        let tiles = v["tiles"].as_u64().expect("tiles");
        let key_order: Vec<[u64; 2]> = (1..=tiles).map(|t| [t, 0]).collect();
        let key_order = serde_json::json!(key_order);
        let solutions = v["solutions"].as_array().expect("solutions");
        assert_eq!(solutions.len() as u64, total, "{name}: all listed");
        assert!(
            solutions.iter().all(|s| s["cells"] != key_order),
            "{name}: the tiles in key order, unturned, are a solution"
        );
    }
}
