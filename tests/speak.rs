//! Issue 18, "silent where it should speak": every non-zero exit says why,
//! even with -q; an empty puzzles folder is an error; every missing picture
//! is named at once; a count is blamed on --max-images only when that flag
//! dropped a board; counts take the right plural.

mod common;
use common::*;

#[test]
fn unique_and_distinct_looks_do_not_blame_max_images() {
    let tmp = tempfile::tempdir().expect("tmp");
    let root = tmp.path().join("puzzles");
    drawn_puzzle(&root, "p", SEED_000, 24);
    let out = tmp.path().join("out");
    for flag in ["--unique", "--distinct-looks"] {
        let stderr = render_ok(&root, &out, &[flag]);
        assert!(
            stderr.contains("p: 4 solutions (1 unique up to turning the board), 1 image ("),
            "{flag}: {stderr}"
        );
        assert!(!stderr.contains("capped"), "{flag}: {stderr}");
        let summary = json(&out.join("summary.json"));
        assert_eq!(summary["puzzles"][0]["images_capped"], false, "{flag}");
    }
    // The flag itself still says so when it is the cause.
    let stderr = render_ok(&root, &out, &["--max-images", "3"]);
    assert!(
        stderr.contains(", 3 images (capped by --max-images) ("),
        "{stderr}"
    );
    assert_eq!(
        json(&out.join("summary.json"))["puzzles"][0]["images_capped"],
        true
    );
}
