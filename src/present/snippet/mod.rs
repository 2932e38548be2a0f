//! Markdown for a blog post: where the image links of `index.md` point
//! (`--link-prefix`), and the run's one combined snippet (`--snippet`,
//! default `OUT/all-puzzles.md`) with every puzzle.
//!
//! Each puzzle's `index.md` links bare file names, which work only beside the
//! images; pasted into `content/posts/x.md` they all break. A link prefix
//! names where the output folder is published, so the same links work from
//! any page: `PREFIX` + the puzzle's folder (percent-encoded) + `/` + file.
//!
//! The combined snippet is not `index.md`: beside the gallery's `index.html`
//! a generator that renders Markdown (MkDocs, Eleventy) makes both the same
//! page and drops one. Nor is it `puzzles.md`: Eleventy makes a file named
//! like its folder (`puzzles/puzzles.md`) that folder's index page too.

mod puzzle;

pub use puzzle::{play_iframe, puzzle_markdown};

use crate::present::gallery::url;
use crate::present::summary::{PuzzleReport, Summary};

/// The combined snippet's default name, in the output folder beside `index.html`.
pub const DEFAULT_NAME: &str = "all-puzzles.md";

/// The combined snippet's name before version 0.2 (see [`DEFAULT_NAME`]):
/// still reserved at the output root, where the sweep removes an old one the
/// tool wrote.
pub const OLD_NAME: &str = "index.md";

/// Sizes every play frame on the page to the page inside it: the page says
/// its height, and is told the height of the window it is seen in. Written
/// once per snippet (it does nothing when a page holds it twice). It has no
/// blank line and no `{{` or `{%`, so Markdown and Liquid pass it through.
const FIT_SCRIPT: &str = concat!("<script>\n", include_str!("fit.js"), "</script>\n");

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

/// A puzzle's own snippet, `output/<name>/index.md`.
pub fn puzzle_file(r: &PuzzleReport, prefix: Option<&str>) -> String {
    let mut s = puzzle_markdown(r, &link_base(prefix, &r.name, false));
    if let Some(script) = puzzle::fit_script(r) {
        s.push('\n');
        s.push_str(script);
    }
    s
}

/// The combined snippet: every puzzle, in the summary's order, as its own
/// `index.md` shows it; one that failed or drew nothing says so, so a post
/// never loses a puzzle without a word.
pub fn run_markdown(summary: &Summary, prefix: Option<&str>) -> String {
    let mut s = summary
        .puzzles
        .iter()
        .map(|r| puzzle_markdown(r, &link_base(prefix, &r.name, true)))
        .collect::<Vec<_>>()
        .join("\n");
    if summary
        .puzzles
        .iter()
        .any(|r| puzzle::fit_script(r).is_some())
    {
        s.push('\n');
        s.push_str(FIT_SCRIPT);
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
#[error("{} is not a plain file name ending in .md (the snippet goes in the output folder, e.g. --snippet all-puzzles.md)", crate::error::quote(&crate::error::printable(.0)))]
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
mod tests;
