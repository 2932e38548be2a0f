use super::*;
use crate::kind::tiles::model::{Half, Matching, Tile};

/// Two tiles side by side that fit when tile 1 is turned twice: token 0's
/// `+` half on tile 1's left edge, its `-` half on tile 2's left edge.
fn pair() -> Puzzle {
    let plus = Edge::new(0, Half::Plus);
    let minus = Edge::new(0, Half::Minus);
    let other = Edge::new(1, Half::Plus);
    Puzzle {
        rows: 1,
        cols: 2,
        tiles: vec![
            Tile {
                edges: [other, other, plus, other],
            },
            Tile {
                edges: [other, other, minus, other],
            },
        ],
        tokens: vec!["a".into(), "b".into()],
        matching: Matching::halves(2),
    }
}

const PICTURE: Picture = Picture {
    src: "unsolved.png",
    width: 202,
    height: 102,
    side: 100,
    frame: 1,
};

fn data_of(html: &str) -> serde_json::Value {
    let json = html
        .split_once("<script type=\"application/json\" id=\"play-data\">")
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(json, _)| json)
        .expect("the data element");
    serde_json::from_str(json).expect("valid JSON")
}

fn board(cells: &[(u8, u8)]) -> Vec<Placement> {
    cells
        .iter()
        .map(|&(tile, turns)| Placement { tile, turns })
        .collect()
}

#[test]
fn the_page_carries_edges_the_match_rule_and_solutions_in_key_numbers() {
    let p = pair();
    let solution = board(&[(0, 2), (1, 0)]);
    assert_eq!(p.check(&solution), Ok(()), "the fixture is solved");
    let boards = vec![solution];
    let found = Solutions {
        boards: &boards,
        total: 1,
        complete: true,
    };
    let html = page("pair", &p, found, PICTURE);
    let data = data_of(&html);
    assert_eq!(data["rows"], 1);
    assert_eq!(data["cols"], 2);
    assert_eq!(
        data["tiles"],
        serde_json::json!([[2, 2, 0, 2], [2, 2, 1, 2]])
    );
    assert_eq!(data["fits"], serde_json::json!([[1], [0], [3], [2]]));
    assert_eq!(data["solutions"], serde_json::json!([[[1, 2], [2, 0]]]));
    assert_eq!(data["picture"]["src"], "unsolved.png");
    assert_eq!(data["picture"]["side"], 100);
    assert!(html.contains("The puzzle has 1 solution."));
    assert!(html.contains("id=\"status\" role=\"status\" aria-live=\"polite\""));
    assert!(
        html.contains(SCRIPT) && !html.contains("http"),
        "self-contained"
    );
}

#[test]
fn at_most_a_hundred_solutions_are_embedded_and_the_page_says_so() {
    let p = pair();
    let boards = vec![board(&[(0, 2), (1, 0)]); 250];
    let found = Solutions {
        boards: &boards,
        total: 1000,
        complete: false,
    };
    let html = page("pair", &p, found, PICTURE);
    let solutions = data_of(&html)["solutions"].as_array().map(Vec::len);
    assert_eq!(solutions, Some(MAX_SOLUTIONS));
    assert!(html.contains("The puzzle has 1000+ solutions; this page holds the first 100."));
}

#[test]
fn a_puzzle_without_solution_says_so_and_names_are_escaped() {
    let found = Solutions {
        boards: &[],
        total: 0,
        complete: true,
    };
    let picture = Picture {
        src: "</script><b>",
        ..PICTURE
    };
    let html = page("kids/<owls>", &pair(), found, picture);
    assert!(html.contains("<title>Play Kids / &lt;owls&gt;</title>"));
    assert!(html.contains("This puzzle has no solution."));
    assert!(
        !html.contains("</script><b>"),
        "data cannot end its element"
    );
    assert_eq!(data_of(&html)["picture"]["src"], "</script><b>");
    assert_eq!(data_of(&html)["solutions"], serde_json::json!([]));
}

/// JSON inside `<script>`: no `<`, `>` or `&` is left to end the element,
/// open a comment or start a character reference, and the text still
/// parses to the same value.
#[test]
fn script_safe_json_cannot_leave_its_script_and_means_the_same() {
    let value = serde_json::json!({
        "src": "</script><script>alert(1)</script>",
        "comment": "<!-- <script> --> &amp; \"'",
        "n": 3,
    });
    let json = serde_json::to_string(&value).expect("json");
    let safe = script_safe(&json);
    assert!(!safe.contains(['<', '>', '&']), "{safe}");
    let back: serde_json::Value = serde_json::from_str(&safe).expect("still JSON");
    assert_eq!(back, value);
}
