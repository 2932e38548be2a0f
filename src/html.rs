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
