use super::*;
use crate::present::summary::{PuzzleKind, Status};

fn solved(name: &str) -> PuzzleReport {
    PuzzleReport {
        name: name.into(),
        status: Status::Solved,
        rows: Some(3),
        cols: Some(3),
        solutions_total: Some(1),
        complete: Some(true),
        rendered: vec![1],
        image_size: Some([241, 241]),
        ..PuzzleReport::default()
    }
}

#[test]
fn the_prefix_comes_before_the_encoded_puzzle_folder() {
    let p = parse_link_prefix("/images/puzzles").expect("valid");
    assert_eq!(p, "/images/puzzles/");
    assert_eq!(
        link_base(Some(&p), "kids/owl pair", false),
        "/images/puzzles/kids/owl%20pair/"
    );
    assert_eq!(link_base(None, "owls", false), "");
    assert_eq!(link_base(None, "owls", true), "owls/");
    let md = puzzle_markdown(&solved("owls"), &link_base(Some(&p), "owls", false));
    assert!(
        md.contains("[![Owls, unsolved board](/images/puzzles/owls/unsolved.png)](/images/puzzles/owls/unsolved.png)"),
        "{md}"
    );
    assert!(md.contains("<a href=\"/images/puzzles/owls/solution-1.png\"><img src=\"/images/puzzles/owls/solution-1.png\""));
}

#[test]
fn a_tile_puzzle_snippet_embeds_its_play_page_and_the_script_that_sizes_it() {
    let tiles = PuzzleReport {
        kind: Some(PuzzleKind::Tiles),
        ..solved("kids/<owls>")
    };
    let md = puzzle_markdown(&tiles, &link_base(Some("/p/"), &tiles.name, false));
    assert!(
        md.contains(
            "<iframe src=\"/p/kids/%3Cowls%3E/play.html\" title=\"Play Kids / &lt;owls&gt;\""
        ),
        "{md}"
    );
    assert!(md.contains(" data-unscramble-play></iframe>"), "{md}");
    assert!(!md.contains("<script"), "the script is the file's, once");
    let file = puzzle_file(&tiles, None);
    assert_eq!(file.matches("<script>").count(), 1, "{file}");
    assert!(file.ends_with("</script>\n"), "{file}");
    let domino = PuzzleReport {
        kind: Some(PuzzleKind::DominoFit),
        ..solved("d")
    };
    assert!(!puzzle_file(&domino, None).contains("<iframe"));
    assert!(!puzzle_file(&domino, None).contains("<script"));
    assert!(!puzzle_file(&solved("none"), None).contains("<iframe"));
}

#[test]
fn the_sizing_script_survives_markdown_and_liquid() {
    assert!(
        !FIT_SCRIPT.contains("\n\n"),
        "a blank line ends an HTML block"
    );
    for tag in ["{{", "{%", "}}", "%}"] {
        assert!(!FIT_SCRIPT.contains(tag), "{tag}");
    }
}

#[test]
fn prefixes_that_break_links_are_refused() {
    for bad in [
        "", "/a b/", "/a)/", "/a]/", "<x>", "/a\n", "/a\u{1b}", "a\\b",
    ] {
        assert!(parse_link_prefix(bad).is_err(), "{bad:?}");
    }
    assert_eq!(parse_link_prefix(""), Err(LinkPrefixError::Empty));
    let e = parse_link_prefix("/my images/").expect_err("space");
    assert!(e.to_string().contains("character 4 (' ')"), "{e}");
    for good in [
        "https://cdn.example.com/p/",
        "HTTP://localhost:1313",
        "/img/%20x/",
        "../static/",
        "img/",
        "/bilder/wölfe",
    ] {
        assert!(parse_link_prefix(good).is_ok(), "{good}");
    }
}

#[test]
fn only_web_urls_and_paths_are_prefixes() {
    use LinkPrefixError::*;
    let scheme = |s: &str| Err(Scheme(s.to_string()));
    for (bad, why) in [
        (
            "javascript:top.document.body.setAttribute%28%27x%27%29//",
            scheme("javascript"),
        ),
        ("JaVaScRiPt:alert%281%29", scheme("JaVaScRiPt")),
        ("data:text/html,x", scheme("data")),
        ("vbscript:x", scheme("vbscript")),
        ("file:///etc/", scheme("file")),
        ("a:b/c", scheme("a")),
        ("//evil.example/p/", Err(NoScheme)),
        ("https:/p/", Err(NoHost("https".into()))),
        ("http:", Err(NoHost("http".into()))),
        ("https:///p/", Err(NoHost("https".into()))),
        ("/p/%zz/", Err(Percent(4))),
        ("/p/%4", Err(Percent(4))),
    ] {
        assert_eq!(parse_link_prefix(bad), why, "{bad}");
    }
    // An entity, a template tag, a query: refused, with the encoding to use.
    for (bad, encoded) in [
        ("&#106;avascript:x", "%26"),
        ("/{{%x%}}/", "%7B"),
        ("/p?x=1", "%3F"),
        ("/p#x", "%23"),
        ("/\u{202e}x/", "%E2%80%AE"),
    ] {
        let e = parse_link_prefix(bad).expect_err(bad).to_string();
        assert!(
            e.contains(&format!("percent-encode it: {encoded}")),
            "{bad}: {e}"
        );
    }
}

#[test]
fn names_stay_text_to_template_engines() {
    let tiles = PuzzleReport {
        kind: Some(PuzzleKind::Tiles),
        ..solved("{{% x %}} {{< y >}} {% z %} {{ w }}")
    };
    let md = puzzle_markdown(&tiles, "");
    for opener in ["{{", "{%", "%}", "}}"] {
        assert!(!md.contains(opener), "{opener} in {md}");
    }
    assert!(md.starts_with(
        "## &#123;&#123;&#37; x &#37;&#125;&#125; &#123;&#123;&lt; y &gt;&#125;&#125; &#123;&#37; z &#37;&#125; &#123;&#123; w &#125;&#125;\n"
    ), "{md}");
    assert!(md.contains(" title=\"Play &#123;&#123;&#37; x &#37;&#125;&#125; &#123;&#123;&lt; y &gt;&#125;&#125;"), "{md}");
}

#[test]
fn snippet_names_are_plain_md_files() {
    assert_eq!(parse_name("puzzles.md").as_deref(), Ok("puzzles.md"));
    for bad in [".md", ".x.md", "a/b.md", "index.html", "summary.json", "x"] {
        assert!(parse_name(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_combined_snippet_lists_every_puzzle_and_says_which_failed() {
    let failed = PuzzleReport::failed(
        "broken",
        "puzzles/broken/input/tile_dict.yaml:1:2: bad\nmore".into(),
        vec![],
    );
    let tiles = PuzzleReport {
        kind: Some(PuzzleKind::Tiles),
        ..solved("owls")
    };
    let summary = Summary::new(vec![solved("a b"), failed, tiles]);
    let md = run_markdown(&summary, None);
    assert!(md.starts_with("## A b\n"), "{md}");
    assert!(md.contains("](a%20b/unsolved.png)"));
    assert!(md.contains(
        "\n## Broken\n\nNot rendered: the puzzle failed \\(puzzles/broken/input/tile\\_dict.yaml:1:2: bad\\).\n"
    ), "{md}");
    assert!(md.contains("\n## Owls\n"));
    assert!(md.contains("<a href=\"owls/solution-1.png\">"));
    assert_eq!(md.matches("<script>").count(), 1, "once for the page");
    let md = run_markdown(&summary, Some("/p/"));
    assert!(md.contains("<a href=\"/p/owls/solution-1.png\">"));
}

#[test]
fn the_snippet_escapes_markdown_html_and_template_tags_in_names() {
    let md = puzzle_markdown(
        &crate::present::gallery::tests::report(
            "<img src=x onerror=alert(1)>\n# *x*",
            Status::Solved,
        ),
        "",
    );
    let heading = md.lines().next().expect("a line");
    assert_eq!(
        heading,
        // Rendered: `<img src=x onerror=alert(1)>\u{a}# *x*` as plain text.
        "## &lt;img src=x onerror=alert\\(1\\)&gt;\\\\u&#123;a&#125;\\# \\*x\\*"
    );
    let md = puzzle_markdown(
        &crate::present::gallery::tests::report("{{ site }} {% raw %}", Status::Solved),
        "",
    );
    for tag in ["{{", "{%", "}}", "%}"] {
        assert!(!md.contains(tag), "{tag} in {md}");
    }
}

#[test]
fn the_snippet_shows_thumbnails_and_folds_the_solutions() {
    let mut r = crate::present::gallery::tests::report("3x3-original", Status::Solved);
    r.rendered_looks = vec![1, 1, 2, 1, 2, 1, 1, 2, 1, 1];
    let md = puzzle_markdown(&r, "");
    assert!(
        md.starts_with(
            "## 3x3 original\n\n3 x 3 board, 12 solutions, 3 unique up to turning the board.\n"
        ),
        "{md}"
    );
    assert!(
        md.contains("\n[![3x3 original, unsolved board](thumb-unsolved.png)](unsolved.png)\n"),
        "{md}"
    );
    let (before, fold) = md.split_once("<details>").expect("a fold");
    assert!(
        !before.contains("solution-"),
        "no solution outside the fold"
    );
    assert!(
        fold.starts_with("<summary>Show 10 of the 12 solutions (spoiler)</summary>\n"),
        "{fold}"
    );
    assert_eq!(fold.matches("<img ").count(), 10);
    // One thumbnail per look, as the gallery; the rest show their board.
    assert!(fold.contains(
        "<a href=\"solution-3.png\"><img src=\"thumb-solution-3.png\" width=\"240\" height=\"240\" alt=\"3x3 original, solution 3 of 12\" loading=\"lazy\"></a>"
    ), "{fold}");
    assert!(fold.contains("<a href=\"solution-10.png\"><img src=\"solution-10.png\" width=\"240\""));
    assert!(fold.ends_with("</details>\n"));
    assert!(
        !md.contains("\n\n<a ") && !fold.contains("\n\n"),
        "one HTML block"
    );
    r.rendered = vec![1, 2];
    r.solutions_total = Some(2);
    r.rendered_looks = vec![];
    let md = puzzle_markdown(&r, "");
    assert!(
        md.contains("<summary>Show the 2 solutions (spoiler)</summary>"),
        "{md}"
    );
}

/// Headings rendered by a CommonMark renderer that passes raw HTML
/// through (as blogs' do): whatever the name, the heading's text is the
/// name, with control characters shown escaped, and nothing else.
#[test]
fn markdown_text_renders_as_the_name_and_nothing_else() {
    for name in [
        "a\"b'c</script><img src=x onerror=alert(1)>\nd",
        "*em* _em_ **strong** `code` [link](http://x) ![img](x.png)",
        "# not a heading ## | a | table | {attrs} \\ \\n & &amp; &#60;",
        "<!-- comment --> <b>bold</b> 1. list - item > quote ~~strike~~",
    ] {
        let md = format!("## {}\n", markdown_text(name));
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, pulldown_cmark::Parser::new(&md));
        let want = crate::error::printable(name)
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert_eq!(html, format!("<h2>{want}</h2>\n"), "{name:?} as {md:?}");
    }
}
