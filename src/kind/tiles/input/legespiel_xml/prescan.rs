//! A linear pass over the XML text before roxmltree parses it, counting the
//! attributes of each start tag. roxmltree (0.21) offers a node limit but
//! none for attributes, and compares every attribute of an element with the
//! ones before it: 200,000 attributes on one element took two minutes,
//! during which Ctrl-C could not stop the parse. The pass is no XML parser:
//! it skips comments, CDATA, processing instructions and declarations,
//! counts the `=` outside quotes in each tag, and leaves every other
//! question about the text to roxmltree.

/// At most this many attributes on one element: a Legespiel file's have
/// three or four, and the parser's work grows with the square of the count.
pub(crate) const MAX_ATTRIBUTES: usize = 64;
/// At most this many attributes in the whole file (the largest real file
/// has a few hundred), so that every element at its own limit cannot add
/// up to minutes either.
pub(crate) const MAX_TOTAL_ATTRIBUTES: usize = 100_000;

/// Markup whose `>` may not end it, or that holds no attributes: its
/// opening and its end.
const SKIPPED: [(&[u8], &[u8]); 3] = [(b"<!--", b"-->"), (b"<![CDATA[", b"]]>"), (b"<?", b"?>")];

/// What the pass found over a limit, and the byte offset of the tag.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Over {
    /// One element has more than [`MAX_ATTRIBUTES`].
    Element,
    /// The file has more than [`MAX_TOTAL_ATTRIBUTES`].
    Total,
}

/// The first limit `text` goes over, with the offset of the tag where it
/// does; `None` when within both.
pub(super) fn check(text: &str) -> Option<(Over, usize)> {
    check_with(text, MAX_ATTRIBUTES, MAX_TOTAL_ATTRIBUTES)
}

fn check_with(text: &str, per_element: usize, total_max: usize) -> Option<(Over, usize)> {
    let b = text.as_bytes();
    let mut at = 0;
    let mut total = 0usize;
    while let Some(lt) = find(b, at, b"<") {
        let rest = &b[lt..];
        let skipped = SKIPPED.iter().find(|(open, _)| rest.starts_with(open));
        if let Some((_, close)) = skipped {
            at = find(b, lt + 2, close).map_or(b.len(), |e| e + close.len());
            continue;
        }
        if rest.starts_with(b"</") || rest.starts_with(b"<!") {
            at = lt + 2;
            continue;
        }
        // A start tag: `=` outside quoted values, up to its `>`.
        let (mut count, mut quote, mut i) = (0usize, None, lt + 1);
        while i < b.len() {
            match (quote, b[i]) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, c @ (b'"' | b'\'')) => quote = Some(c),
                (None, b'=') => {
                    count += 1;
                    if count > per_element {
                        return Some((Over::Element, lt));
                    }
                    total += 1;
                    if total > total_max {
                        return Some((Over::Total, lt));
                    }
                }
                (None, b'>') => break,
                (None, _) => {}
            }
            i += 1;
        }
        at = i + 1;
    }
    None
}

/// The offset of the first `needle` in `b` at or after `from`.
fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_are_counted_per_element_and_in_all() {
        let tag = |n: usize| {
            let attrs: String = (0..n).map(|i| format!(" a{i}=\"x\"")).collect();
            format!("<e{attrs}/>")
        };
        assert_eq!(check_with(&tag(3), 3, 10), None);
        assert_eq!(check_with(&tag(4), 3, 10), Some((Over::Element, 0)));
        let text = format!("<r>{}{}</r>", tag(3), tag(3));
        assert_eq!(check_with(&text, 3, 6), None);
        let text = format!("<r>{}{}{}</r>", tag(3), tag(3), tag(1));
        let last = text.rfind("<e").expect("the third tag");
        assert_eq!(check_with(&text, 3, 6), Some((Over::Total, last)));
    }

    #[test]
    fn equals_signs_that_are_no_attributes_do_not_count() {
        let text = concat!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!-- a=b c=d <x a=\"1\" b=\"2\"> -->",
            "<r q=\"a=b=c\" s='>=\"'>",
            "<![CDATA[ <x a=1 b=2 c=3> ]]>",
            "x = y = z</r>",
        );
        assert_eq!(check_with(text, 2, 2), None);
        let r = text.find("<r").expect("the root");
        assert_eq!(check_with(text, 1, 10), Some((Over::Element, r)));
    }

    #[test]
    fn an_unclosed_tag_or_comment_ends_the_pass() {
        assert_eq!(
            check_with("<a b=\"1\" c=\"2", 1, 10),
            Some((Over::Element, 0))
        );
        assert_eq!(check_with("<!-- a=1 b=2", 0, 0), None);
        assert_eq!(check_with("<a b='>", 5, 5), None);
    }
}
