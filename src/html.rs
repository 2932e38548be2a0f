//! Text made safe for HTML: a leaf, so the gallery, the play page and
//! `animate`'s chart (SVG) escape the same way without depending on each other.

/// Escapes text for HTML (and SVG) content and attribute values; control
/// characters (invalid in XML, and unseen in HTML) are shown escaped.
pub(crate) fn esc(text: &str) -> String {
    crate::error::printable(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::esc;

    /// Quotes of both kinds, a script's end, an element, an entity and a
    /// newline: what a puzzle folder's name may hold.
    const HOSTILE: &str = "a\"b'c</script><img src=x onerror=alert(1)>&amp;\nd";

    #[test]
    fn text_shows_every_character_and_makes_no_markup() {
        assert_eq!(
            esc(HOSTILE),
            "a&quot;b'c&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;\\u{a}d"
        );
        assert_eq!(esc("plain text, 3 x 3"), "plain text, 3 x 3");
    }

    /// The pages quote every attribute value with `"`: inside one, the
    /// escaped text can end nothing, so the value's only quotes are its own.
    #[test]
    fn an_attribute_value_keeps_to_its_quotes() {
        let attr = format!("title=\"{}\"", esc(HOSTILE));
        assert_eq!(attr.matches('"').count(), 2, "{attr}");
        assert!(!attr.contains(['<', '>', '\n']), "{attr}");
        // Every `&` starts one of the four entities written.
        for (at, _) in attr.match_indices('&') {
            let rest = &attr[at..];
            assert!(
                ["&quot;", "&lt;", "&gt;", "&amp;"]
                    .iter()
                    .any(|e| rest.starts_with(e)),
                "{rest}"
            );
        }
    }
}
