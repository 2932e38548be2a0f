//! The output folder over HTTP: only regular files below it, never a
//! dot-file (our temporary files, manifests, lock and journals all start with
//! a dot), never through a link that leads out, and no directory listings.

use super::Shared;
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest file served: boards are a few MiB; anything bigger is not ours.
pub(crate) const MAX_FILE: u64 = 256 * 1024 * 1024;

/// Where the page script goes into a served HTML page.
const SCRIPT_TAG: &str = "<script src=\"/_unscramble/reload.js\"></script>";

/// The file below `root` (canonical) that the request path `raw` (as sent,
/// percent-encoded) names, if it may be served. A folder means its
/// `index.html`.
pub(crate) fn resolve(root: &Path, raw: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(raw).decode_utf8().ok()?;
    let rel = decoded.strip_prefix('/')?;
    let mut path = root.to_path_buf();
    for segment in rel.split('/').filter(|s| !s.is_empty()) {
        if segment.starts_with('.') || segment.contains(['\\', '\0']) {
            return None;
        }
        path.push(segment);
    }
    if path.is_dir() {
        path.push("index.html");
    }
    let real = path.canonicalize().ok()?;
    let inside = real.strip_prefix(root).ok()?;
    let hidden = inside
        .components()
        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
    let meta = std::fs::metadata(&real).ok()?;
    (!hidden && meta.is_file() && meta.len() <= MAX_FILE).then_some(real)
}

/// The `Content-Type` for a file name.
pub(crate) fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("md") => "text/markdown; charset=utf-8",
        Some("txt" | "yaml" | "yml") => "text/plain; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Puts the reload script into an HTML page, before `</body>` when it has one.
pub(crate) fn inject(html: &str) -> String {
    match html.rfind("</body>") {
        Some(at) => format!("{}{SCRIPT_TAG}\n{}", &html[..at], &html[at..]),
        None => format!("{html}\n{SCRIPT_TAG}\n"),
    }
}

pub(crate) async fn serve(State(shared): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let root = shared.out.clone();
    let found = tokio::task::spawn_blocking(move || {
        let path = resolve(&root, uri.path())?;
        let bytes = std::fs::read(&path).ok()?;
        Some((path, bytes))
    })
    .await
    .ok()
    .flatten();
    let Some((path, bytes)) = found else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let kind = content_type(&path);
    let body = if kind.starts_with("text/html") {
        inject(&String::from_utf8_lossy(&bytes)).into_bytes()
    } else {
        bytes
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    // The files change under the page: never reuse an old board.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn root() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("tmp");
        let out = dir.path().join("out");
        fs::create_dir_all(out.join("a")).expect("mkdir");
        fs::write(out.join("index.html"), "<html><body>x</body></html>").expect("write");
        fs::write(out.join("a/solution-1.png"), b"png").expect("write");
        fs::write(out.join("a/.unscramble-tmp-abcdefabcdef"), b"half").expect("write");
        fs::write(out.join("a/.unscramble-manifest.json"), b"{}").expect("write");
        fs::write(dir.path().join("secret"), b"s").expect("write");
        let out = out.canonicalize().expect("canonical");
        (dir, out)
    }

    #[test]
    fn serves_files_below_the_root_and_the_gallery_for_a_folder() {
        let (_dir, out) = root();
        assert_eq!(resolve(&out, "/"), Some(out.join("index.html")));
        assert_eq!(
            resolve(&out, "/a/solution-1.png"),
            Some(out.join("a/solution-1.png"))
        );
        assert_eq!(
            resolve(&out, "/a/solution%2D1.png"),
            Some(out.join("a/solution-1.png"))
        );
        // A folder without index.html is not listed.
        assert_eq!(resolve(&out, "/a/"), None);
    }

    #[test]
    fn refuses_escapes_dot_files_and_links_out() {
        let (dir, out) = root();
        for bad in [
            "/../secret",
            "/%2e%2e/secret",
            "/%2E%2E%2Fsecret",
            "/a/..%2f..%2fsecret",
            "/a/.unscramble-tmp-abcdefabcdef",
            "/a/.unscramble-manifest.json",
            "/a/%2eunscramble-manifest.json",
            "//etc/passwd",
            "/a\\..\\..\\secret",
            "relative",
            "/%ff",
        ] {
            assert_eq!(resolve(&out, bad), None, "{bad}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret"), out.join("link"))
                .expect("symlink");
            assert_eq!(resolve(&out, "/link"), None);
            std::os::unix::fs::symlink(out.join("a/solution-1.png"), out.join("inside"))
                .expect("symlink");
            assert!(resolve(&out, "/inside").is_some());
        }
    }

    #[test]
    fn the_script_goes_before_the_end_of_the_body() {
        assert_eq!(
            inject("<p>x</p></body></html>"),
            format!("<p>x</p>{SCRIPT_TAG}\n</body></html>")
        );
        assert!(inject("<p>x</p>").ends_with(&format!("{SCRIPT_TAG}\n")));
        assert_eq!(content_type(Path::new("a/b.PNG")), "image/png");
    }
}
