//! Markdown for a blog post: where the image links of `index.md` point
//! (`--link-prefix`), and the run's one combined snippet (`--snippet`,
//! default `OUT/index.md`) with every puzzle's boards.
//!
//! Each puzzle's `index.md` links bare file names, which work only beside the
//! images; pasted into `content/posts/x.md` they all break. A link prefix
//! names where the output folder is published, so the same links work from
//! any page: `PREFIX` + the puzzle's folder (percent-encoded) + `/` + file.

use crate::present::gallery::{board, boards, counts, esc, url};
use crate::present::summary::{PuzzleKind, PuzzleReport, Summary};
use std::fmt::Write;

/// The combined snippet's default name, in the output folder beside `index.html`.
pub const DEFAULT_NAME: &str = "index.md";

/// What goes before a file name in `name`'s links: with a prefix, the
/// published URL of its folder (from every snippet); without one, nothing in
/// the puzzle's own `index.md`, and the folder relative to the output root in
/// the combined snippet.
pub fn link_base(prefix: Option<&str>, name: &str, combined: bool) -> String {
    match prefix {
        Some(p) => format!("{p}{}/", url(name)),
        None if combined => format!("{}/", url(name)),
        None => String::new(),
    }
}

/// The combined snippet: each puzzle with images, in the summary's order, as
/// its own `index.md` shows it (a puzzle that failed has nothing to show).
pub fn run_markdown(summary: &Summary, prefix: Option<&str>) -> String {
    summary
        .puzzles
        .iter()
        .filter(|r| r.image_size.is_some())
        .map(|r| puzzle_markdown(r, &link_base(prefix, &r.name, true)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The snippet for `output/<name>/index.md`, and one puzzle's part of the
/// run's combined snippet: `base` is put before each image's file name (see
/// [`link_base`]); empty, the links are relative to the file.
pub fn puzzle_markdown(r: &PuzzleReport, base: &str) -> String {
    let mut s = format!(
        "## {}\n\n{} board, {}.\n\n",
        markdown_text(&r.name),
        board(r),
        counts(r)
    );
    if let Some(iframe) = play_iframe(r, base) {
        let _ = writeln!(s, "{iframe}");
    }
    let _ = writeln!(s, "![unsolved board]({base}unsolved.png)");
    for (_, file, alt) in boards(r) {
        let _ = writeln!(s, "\n![{alt}]({base}{file})");
    }
    s
}

/// Text (a puzzle's name) for Markdown: it is pasted into posts whose
/// renderer passes raw HTML through, so `<`, `>` and `&` become entities
/// (`## <img src=x onerror=...>` stays text), Markdown's punctuation is
/// backslash-escaped (no links, emphasis or headings by accident), and
/// control characters are shown escaped, so the heading stays one line.
/// Braces and `%` become entities too (see [`template_safe`]).
fn markdown_text(text: &str) -> String {
    let mut out = String::new();
    for c in crate::error::printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '{' | '}' | '%' => out.push_str(&template_safe(&c.to_string())),
            '\\' | '`' | '*' | '_' | '[' | ']' | '(' | ')' | '#' | '|' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` (already HTML or Markdown) with `{`, `}` and `%` as character
/// references: site generators read a post as a template before Markdown
/// (Hugo's shortcodes `{{< >}}` and `{{% %}}`, Liquid's `{{ }}` and `{% %}`
/// in Jekyll and Eleventy), and a puzzle named `{{% x %}}` must stay text.
/// Every Markdown renderer turns the references back into the characters.
fn template_safe(text: &str) -> String {
    text.replace('{', "&#123;")
        .replace('}', "&#125;")
        .replace('%', "&#37;")
}

/// The play page of a tile puzzle as an `<iframe>` for a post, or `None`
/// for a puzzle without one. A Markdown renderer that drops raw HTML drops
/// only this line; the image links stay.
pub fn play_iframe(r: &PuzzleReport, base: &str) -> Option<String> {
    (r.kind == Some(PuzzleKind::Tiles) && r.image_size.is_some()).then(|| {
        format!(
            "<iframe src=\"{base}{}\" title=\"{}\" width=\"100%\" height=\"{PLAY_HEIGHT}\" style=\"border: 0\" loading=\"lazy\"></iframe>\n",
            crate::present::play::FILE_NAME,
            template_safe(&esc(&format!("Play {}", r.name)))
        )
    })
}

/// The iframe's height in CSS pixels: the page fits its board to what is
/// left after its text and buttons.
const PLAY_HEIGHT: u32 = 560;

/// Why a `--link-prefix` is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkPrefixError {
    #[error("the prefix is empty (leave the option out for links relative to each index.md)")]
    Empty,
    /// The character at `position` (from 1), shown escaped.
    #[error("character {position} ('{shown}') would break the Markdown links (percent-encode it, e.g. a space as %20)")]
    BreaksLinks { position: usize, shown: String },
    /// Any other character outside [`PUNCTUATION`], with its encoding.
    #[error("character {position} ('{shown}') is not allowed in a link prefix (percent-encode it: {encoded})")]
    NotAllowed {
        position: usize,
        shown: String,
        encoded: String,
    },
    /// A scheme other than `http:` or `https:` (`javascript:`, `data:`).
    #[error("only http: and https: links are accepted, not '{0}:' (give a path such as /images/puzzles/ or a URL such as https://example.com/puzzles/)")]
    Scheme(String),
    /// `//host/...`: another host, whatever scheme the page has.
    #[error(
        "a prefix starting with // names a host without a scheme (write https://HOST/... instead)"
    )]
    NoScheme,
    #[error("there is no host after '{0}://' (write {0}://HOST/...)")]
    NoHost(String),
    /// A `%` at `position` (from 1) not followed by two hex digits.
    #[error("the '%' at character {0} does not start a percent-encoded byte like %20 (write a % itself as %25)")]
    Percent(usize),
}

/// A `--snippet` that is not a plain `.md` file name (the name as given).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a plain file name ending in .md (the snippet goes in the output folder, e.g. --snippet puzzles.md)", crate::error::quote(&crate::error::printable(.0)))]
pub struct SnippetNameError(pub String);

/// Characters a prefix may hold besides letters and digits: a URL's path
/// punctuation, and `%` for percent-encoded bytes. What is left out breaks
/// Markdown links (spaces, brackets, quotes, backslashes, angle brackets),
/// starts an HTML character reference (`&`), opens a template tag of a
/// site generator (`{{`, `{%`), or is no part of a folder's URL (`?`, `#`).
const PUNCTUATION: &str = "-._~/:%+,;=!$*@";

/// Reads `--link-prefix`: an `http:` or `https:` URL with a host, or a path
/// (`/images/puzzles/`, `../static/`). It ends in `href` and `src`
/// attributes of pages whose renderer passes raw HTML, so any other scheme
/// (`javascript:`, `data:`) is refused rather than neutralised, and so are
/// characters outside [`PUNCTUATION`] rather than encoded, so the links hold
/// exactly the URL the user typed; a missing final `/` is added, so
/// `/img/puzzles` and `/img/puzzles/` mean the same.
pub fn parse_link_prefix(s: &str) -> Result<String, LinkPrefixError> {
    if s.is_empty() {
        return Err(LinkPrefixError::Empty);
    }
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let (position, shown) = (i + 1, c.escape_debug().to_string());
        if c.is_control() || c.is_whitespace() || "()[]<>\"'`\\".contains(c) {
            return Err(LinkPrefixError::BreaksLinks { position, shown });
        }
        if !(c.is_alphanumeric() || PUNCTUATION.contains(c)) {
            let mut utf8 = [0; 4];
            let bytes = c.encode_utf8(&mut utf8).bytes();
            return Err(LinkPrefixError::NotAllowed {
                position,
                shown,
                encoded: bytes.map(|b| format!("%{b:02X}")).collect(),
            });
        }
        let hex = |k: usize| chars.get(i + k).is_some_and(char::is_ascii_hexdigit);
        if c == '%' && !(hex(1) && hex(2)) {
            return Err(LinkPrefixError::Percent(i + 1));
        }
    }
    // A colon before the first `/` makes the start a scheme (or, in a
    // relative path, is read as one by browsers).
    let first = s.split('/').next().unwrap_or_default();
    if let Some((scheme, rest)) = s.split_once(':').filter(|_| first.contains(':')) {
        if !["http", "https"]
            .iter()
            .any(|w| scheme.eq_ignore_ascii_case(w))
        {
            return Err(LinkPrefixError::Scheme(scheme.to_string()));
        }
        let host = rest.strip_prefix("//").and_then(|r| r.split('/').next());
        if host.is_none_or(str::is_empty) {
            return Err(LinkPrefixError::NoHost(scheme.to_string()));
        }
    } else if s.starts_with("//") {
        return Err(LinkPrefixError::NoScheme);
    }
    Ok(if s.ends_with('/') {
        s.to_string()
    } else {
        format!("{s}/")
    })
}

/// Reads `--snippet`: a plain `.md` file name for the output folder, not a
/// dot name (the tool's records start with a dot) and no path.
pub fn parse_name(s: &str) -> Result<String, SnippetNameError> {
    let plain = !s.starts_with('.')
        && !s.contains(['/', '\\'])
        && !s.chars().any(char::is_control)
        && s.len() > ".md".len();
    if plain && s.ends_with(".md") {
        Ok(s.to_string())
    } else {
        Err(SnippetNameError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::summary::Status;

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
        assert!(md.contains("![unsolved board](/images/puzzles/owls/unsolved.png)"));
        assert!(md.contains("![solution 1](/images/puzzles/owls/solution-1.png)"));
    }

    #[test]
    fn a_tile_puzzle_snippet_embeds_its_play_page() {
        let tiles = PuzzleReport {
            kind: Some(PuzzleKind::Tiles),
            ..solved("kids/<owls>")
        };
        let md = puzzle_markdown(&tiles, &link_base(Some("/p/"), &tiles.name, false));
        assert!(
            md.contains(
                "<iframe src=\"/p/kids/%3Cowls%3E/play.html\" title=\"Play kids/&lt;owls&gt;\""
            ),
            "{md}"
        );
        let domino = PuzzleReport {
            kind: Some(PuzzleKind::DominoFit),
            ..solved("d")
        };
        assert!(!puzzle_markdown(&domino, "").contains("<iframe"));
        assert!(!puzzle_markdown(&solved("none"), "").contains("<iframe"));
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
    fn the_combined_snippet_lists_every_puzzle_with_images() {
        let failed = PuzzleReport::failed("broken", "x".into(), vec![]);
        let summary = Summary::new(vec![solved("a b"), failed, solved("owls")]);
        let md = run_markdown(&summary, None);
        assert!(md.starts_with("## a b\n"), "{md}");
        assert!(md.contains("![unsolved board](a%20b/unsolved.png)"));
        assert!(md.contains("\n## owls\n"));
        assert!(md.contains("![solution 1](owls/solution-1.png)"));
        assert!(!md.contains("broken"));
        let md = run_markdown(&summary, Some("/p/"));
        assert!(md.contains("![solution 1](/p/owls/solution-1.png)"));
    }

    #[test]
    fn the_snippet_escapes_markdown_and_html_in_names() {
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

    #[test]
    fn the_snippet_links_every_rendered_board() {
        let md = puzzle_markdown(
            &crate::present::gallery::tests::report("owls", Status::Solved),
            "",
        );
        assert!(md.starts_with(
            "## owls\n\n3 x 3 board, 12 solutions, 3 unique up to turning the board.\n"
        ));
        assert!(md.contains("![unsolved board](unsolved.png)"));
        assert!(md.contains("![solution 10](solution-10.png)"));
    }
}
