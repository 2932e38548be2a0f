//! The output folder over HTTP: only regular files below it, never a
//! dot-file (our temporary files, manifests, lock and journals all start with
//! a dot), never through a link that leads out, and no directory listings.
//! Files are streamed, never read whole; HTML pages get the reload script
//! after their last byte. Every file carries [`super::policy`]'s CSP.

use super::Shared;
use crate::present::gallery::url;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use percent_encoding::percent_decode_str;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest file served: boards are a few MiB; anything bigger is not ours.
pub(crate) const MAX_FILE: u64 = 256 * 1024 * 1024;

/// Bytes read from a file at a time.
const CHUNK: usize = 64 * 1024;

/// What a request path names.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// A file to serve.
    File(PathBuf),
    /// A folder: where its page is (`/a/` for `/a` with an `index.html`,
    /// `/a/play.html` for a puzzle's folder, the gallery's section for a
    /// puzzle without a play page).
    Moved(String),
}

/// What below `root` (canonical) the request path `raw` (as sent,
/// percent-encoded) names, if it may be served.
pub(crate) fn resolve(root: &Path, raw: &str) -> Option<Found> {
    let decoded = percent_decode_str(raw).decode_utf8().ok()?;
    let rel = decoded.strip_prefix('/')?;
    let mut path = root.to_path_buf();
    let mut segments = Vec::new();
    for segment in rel.split('/').filter(|s| !s.is_empty()) {
        if segment.starts_with('.') || segment.contains(['\\', '\0']) {
            return None;
        }
        path.push(segment);
        segments.push(segment);
    }
    let real = path.canonicalize().ok()?;
    let inside = real.strip_prefix(root).ok()?;
    let hidden = inside
        .components()
        .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
    if hidden {
        return None;
    }
    if real.is_dir() {
        return folder(&real, &segments, rel.is_empty() || rel.ends_with('/'));
    }
    let meta = std::fs::metadata(&real).ok()?;
    (meta.is_file() && meta.len() <= MAX_FILE).then_some(Found::File(real))
}

/// A folder's page: its `index.html` (the gallery), else its play page, else
/// its section of the gallery when it is a puzzle's output folder.
fn folder(real: &Path, segments: &[&str], slash: bool) -> Option<Found> {
    let at = url(&segments.join("/"));
    let is_file = |name: &str| std::fs::metadata(real.join(name)).is_ok_and(|m| m.is_file());
    if is_file("index.html") {
        return Some(if slash {
            Found::File(real.join("index.html").canonicalize().ok()?)
        } else {
            Found::Moved(format!("/{at}/"))
        });
    }
    if is_file(crate::present::play::FILE_NAME) {
        return Some(Found::Moved(format!(
            "/{at}/{}",
            crate::present::play::FILE_NAME
        )));
    }
    is_file(crate::pipeline::output::manifest::FILE_NAME).then(|| Found::Moved(format!("/#{at}")))
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

/// The file's bytes, `CHUNK` at a time, then `tail`.
fn stream(file: std::fs::File, len: u64, tail: &'static [u8]) -> Body {
    struct Reading {
        file: Option<std::fs::File>,
        left: u64,
        tail: &'static [u8],
    }
    let start = Reading {
        file: Some(file),
        left: len,
        tail,
    };
    let chunks = futures_util::stream::unfold(start, |mut st| async move {
        if st.left == 0 {
            let tail = std::mem::take(&mut st.tail);
            return (!tail.is_empty()).then(|| (Ok(Bytes::from_static(tail)), st));
        }
        let mut file = st.file.take()?;
        let n = st.left.min(CHUNK as u64) as usize;
        let read = tokio::task::spawn_blocking(move || {
            let mut buf = vec![0u8; n];
            file.read_exact(&mut buf).map(|()| (file, buf))
        })
        .await
        .map_err(std::io::Error::other)
        .and_then(|r| r);
        match read {
            Ok((file, buf)) => {
                st.file = Some(file);
                st.left -= n as u64;
                Some((Ok(Bytes::from(buf)), st))
            }
            // The file shrank under us: end the body early (the
            // connection then breaks, which the browser reports).
            Err(e) => {
                st.left = 0;
                st.tail = b"";
                Some((Err(e), st))
            }
        }
    });
    Body::from_stream(chunks)
}

pub(crate) async fn serve(State(shared): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let root = shared.out.clone();
    let found = tokio::task::spawn_blocking(move || match resolve(&root, uri.path())? {
        Found::File(path) => {
            let file = std::fs::File::open(&path).ok()?;
            let len = file.metadata().ok()?.len();
            Some(Ok((path, file, len)))
        }
        Found::Moved(to) => Some(Err(to)),
    })
    .await
    .ok()
    .flatten();
    let (path, file, len) = match found {
        Some(Ok(open)) => open,
        Some(Err(to)) => return Redirect::to(&to).into_response(),
        None => return (StatusCode::NOT_FOUND, "not found\n").into_response(),
    };
    let kind = content_type(&path);
    let tail: &'static [u8] = if kind.starts_with("text/html") {
        super::policy::RELOAD_TAG.as_bytes()
    } else {
        b""
    };
    let mut response = stream(file, len, tail).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        header::CONTENT_LENGTH,
        HeaderValue::from(len + tail.len() as u64),
    );
    // The files change under the page: never reuse an old board.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    super::policy::for_file(headers);
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
        fs::create_dir_all(out.join("d")).expect("mkdir");
        fs::create_dir_all(out.join("kids/o w")).expect("mkdir");
        fs::write(out.join("index.html"), "<html><body>x</body></html>").expect("write");
        fs::write(out.join("a/solution-1.png"), b"png").expect("write");
        fs::write(out.join("a/play.html"), b"<p>play</p>").expect("write");
        fs::write(out.join("a/.unscramble-tmp-abcdefabcdef"), b"half").expect("write");
        fs::write(out.join("a/.unscramble-manifest.json"), b"{}").expect("write");
        fs::write(out.join("d/.unscramble-manifest.json"), b"{}").expect("write");
        fs::write(out.join("kids/o w/play.html"), b"<p>play</p>").expect("write");
        fs::write(dir.path().join("secret"), b"s").expect("write");
        let out = out.canonicalize().expect("canonical");
        (dir, out)
    }

    fn file(path: PathBuf) -> Option<Found> {
        Some(Found::File(path))
    }

    fn moved(to: &str) -> Option<Found> {
        Some(Found::Moved(to.to_string()))
    }

    #[test]
    fn serves_files_below_the_root_and_a_page_for_a_folder() {
        let (_dir, out) = root();
        assert_eq!(resolve(&out, "/"), file(out.join("index.html")));
        assert_eq!(resolve(&out, "/index.html"), file(out.join("index.html")));
        assert_eq!(
            resolve(&out, "/a/solution-1.png"),
            file(out.join("a/solution-1.png"))
        );
        assert_eq!(
            resolve(&out, "/a/solution%2D1.png"),
            file(out.join("a/solution-1.png"))
        );
        // A puzzle's folder leads to its play page, or to its section of
        // the gallery; other folders are not listed.
        assert_eq!(resolve(&out, "/a/"), moved("/a/play.html"));
        assert_eq!(resolve(&out, "/a"), moved("/a/play.html"));
        assert_eq!(resolve(&out, "//a//"), moved("/a/play.html"));
        assert_eq!(
            resolve(&out, "/kids/o%20w/"),
            moved("/kids/o%20w/play.html")
        );
        assert_eq!(resolve(&out, "/d/"), moved("/#d"));
        assert_eq!(resolve(&out, "/kids/"), None);
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
            std::os::unix::fs::symlink(dir.path(), out.join("up")).expect("symlink");
            assert_eq!(resolve(&out, "/up/"), None);
            std::os::unix::fs::symlink(out.join("a/solution-1.png"), out.join("inside"))
                .expect("symlink");
            assert!(resolve(&out, "/inside").is_some());
        }
        assert_eq!(content_type(Path::new("a/b.PNG")), "image/png");
    }
}
