//! What a served page may do, said in its response headers. The output
//! folder is input (a contributor may commit any file into it), and every
//! file in it is served from the same origin as `/new`: so no served page
//! may run a script of its own. The Content-Security-Policy names each
//! script a page may run by its SHA-256 (the tool's own: the reload script
//! `serve` adds, the play page's and the form's), which only the tool's
//! pages hold; event-handler attributes and `javascript:` links are refused
//! along with every other script.

use axum::http::{header, HeaderMap, HeaderValue};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

/// The script `serve` adds to every HTML page it serves: reloads after a
/// render, shows a failed render's errors, links the gallery to `/new`.
pub(crate) const RELOAD: &str = include_str!("reload.js");

/// Where [`RELOAD`] goes: appended to the page, so the file can be streamed
/// as it is (a browser puts a script after `</html>` into the body).
pub(crate) static RELOAD_TAG: LazyLock<String> =
    LazyLock::new(|| format!("\n<script>{RELOAD}</script>\n"));

/// The scripts a file from the output folder may run: the reload script and
/// the play page's (exactly as `present::play` writes it).
fn file_scripts() -> Vec<String> {
    vec![
        RELOAD.to_string(),
        format!("\n{}", crate::present::play::SCRIPT),
    ]
}

/// For every file of the output folder: the tool's scripts, styles inline
/// (the pages carry their own), pictures and the event stream from this
/// server only, no forms, plugins or `<base>`. Framing is left open: the
/// play page is made to sit in a blog's `<iframe>`.
static FILES: LazyLock<HeaderValue> = LazyLock::new(|| {
    policy(
        &file_scripts(),
        "form-action 'none'; frame-src 'self'; img-src 'self' data:",
    )
});

/// For `/new`: its own script and the reload script; it posts only to this
/// server and may not be framed (a framed form invites clickjacking).
static NEW_PAGE: LazyLock<HeaderValue> = LazyLock::new(|| {
    let mut scripts = inline_scripts(super::form::PAGE)
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    scripts.push(RELOAD.to_string());
    policy(
        &scripts,
        "form-action 'self'; frame-ancestors 'none'; img-src 'self' blob:",
    )
});

fn policy(scripts: &[String], extra: &str) -> HeaderValue {
    let hashes: Vec<String> = scripts.iter().map(|s| hash_source(s)).collect();
    let text = format!(
        "default-src 'none'; script-src {}; style-src 'self' 'unsafe-inline'; \
         connect-src 'self'; font-src 'self'; media-src 'self'; base-uri 'none'; \
         object-src 'none'; {extra}",
        hashes.join(" ")
    );
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static("default-src 'none'"))
}

/// Headers every response gets.
pub(crate) fn common(headers: &mut HeaderMap) {
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
}

/// Headers for a file of the output folder.
pub(crate) fn for_file(headers: &mut HeaderMap) {
    headers.insert(header::CONTENT_SECURITY_POLICY, FILES.clone());
}

/// Headers for the `/new` page.
pub(crate) fn for_new_page(headers: &mut HeaderMap) {
    headers.insert(header::CONTENT_SECURITY_POLICY, NEW_PAGE.clone());
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

/// `'sha256-…'`: the CSP source that allows exactly this inline script.
pub(crate) fn hash_source(script: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(script.as_bytes())))
}

/// The bodies of the `<script>` elements that run (no `type`, no `src`):
/// the tool writes them with no attributes at all.
pub(crate) fn inline_scripts(html: &str) -> Vec<&str> {
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</script>").map(|(body, _)| body))
        .collect()
}

/// Standard base64 with padding (RFC 4648), as CSP hash sources are written.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_and_hashes_follow_the_rfcs() {
        for (raw, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(raw.as_bytes()), encoded);
        }
        // The example of CSP level 3, section 2.3.1.
        assert_eq!(
            hash_source("alert('Hello, world.');"),
            "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='"
        );
    }

    /// Every script the tool's committed pages run is allowed, and nothing
    /// else: a page changed without its hash would stop working under serve.
    #[test]
    fn the_tools_own_pages_run_and_nothing_else_does() {
        let files = FILES.to_str().expect("ascii").to_string();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("output");
        for page in ["index.html", "3x3-original/play.html"] {
            let html = std::fs::read_to_string(root.join(page)).expect("committed page");
            for script in inline_scripts(&html) {
                assert!(files.contains(&hash_source(script)), "{page}: {script:.80}");
            }
        }
        assert!(files.contains(&hash_source(RELOAD)));
        let scripts = files
            .split("; ")
            .find_map(|d| d.strip_prefix("script-src "))
            .expect("script-src");
        assert!(
            scripts.split(' ').all(|s| s.starts_with("'sha256-")),
            "{scripts}"
        );
        assert!(
            !files.contains("frame-ancestors"),
            "the play page may be framed"
        );
        let new_page = NEW_PAGE.to_str().expect("ascii");
        let scripts = inline_scripts(super::super::form::PAGE);
        assert_eq!(scripts.len(), 1);
        assert!(new_page.contains(&hash_source(scripts[0])));
        assert!(new_page.contains("frame-ancestors 'none'"));
    }
}
