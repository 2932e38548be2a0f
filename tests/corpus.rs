//! Every puzzle of the Legespiel corpus, solved by the binary, gives the
//! counts the corpus publishes (checked there against independent searchers).

mod common;
use common::*;

#[test]
fn every_corpus_puzzle_has_its_published_counts() {
    let expected = expected_counts();
    assert_eq!(expected.len(), 75, "the corpus lists 75 puzzles");
    let mut wrong = Vec::new();
    for (slug, rows, cols, all, unique) in &expected {
        let v = solve_json(&legespiel(slug), &[]);
        let got = (
            v["rows"].as_u64(),
            v["cols"].as_u64(),
            v["solutions_total"].as_u64(),
            v["solutions_unique"].as_u64(),
            v["complete"].as_bool(),
        );
        let want = (
            Some(*rows as u64),
            Some(*cols as u64),
            Some(*all as u64),
            Some(*unique as u64),
            Some(true),
        );
        if got != want {
            wrong.push(format!("{slug}: got {got:?}, want {want:?}"));
        }
        // The listed solutions are as many as counted, each numbered in order.
        let listed = v["solutions"].as_array().map_or(0, Vec::len);
        assert_eq!(listed, *all, "{slug}");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_cap_below_the_count_marks_a_lower_bound() {
    // Space Web has 10752 solutions.
    let out = unscramble()
        .args(["solve", "--json", "--max-solutions", "100"])
        .arg(legespiel("space-web"))
        .output()
        .expect("runs");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["solutions_total"], 100);
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped_by"], "max-solutions");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("100+ solutions"), "{stderr}");
}
