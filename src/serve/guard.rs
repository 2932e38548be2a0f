//! Who may talk to `serve`. A browser lets any web page send requests to
//! 127.0.0.1, so every request is checked before a handler sees it:
//!
//! - `Host` must name this server (`localhost`, a loopback address, the
//!   bound address, or a name given with `--allow-host`): a page whose own
//!   name an attacker points at 127.0.0.1 (DNS rebinding) sends its own name
//!   and is refused, as Vite and webpack-dev-server refuse it.
//! - Every request that changes something (any method but GET and HEAD)
//!   must come from this server's own origin (`Origin`, which browsers send
//!   on every POST) and carry this run's token, which only the `/new` page
//!   holds: another origin can neither read that page nor send the header.
//! - A declared body larger than any form may be is refused before a byte
//!   of it is read.

use super::Shared;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The header the `/new` page sends its token in.
pub(crate) const TOKEN_HEADER: &str = "x-unscramble-token";

/// Refusals said on stderr; past this many, only that more came.
const LOGGED: usize = 20;

/// Whom this run answers.
pub(crate) struct Access {
    bound: IpAddr,
    /// `--allow-host` names, lowercase.
    names: Vec<String>,
    /// This run's token: 32 random bytes as hex.
    token: String,
    refusals: AtomicUsize,
}

/// Why a request was refused.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    NoHost,
    Host(String),
    Origin(Option<String>),
    Token,
    TooLarge(u64),
}

impl Access {
    /// A fresh token from the system's random source.
    pub(crate) fn new(bound: IpAddr, names: &[String]) -> Result<Access, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        let token = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Ok(Access::with_token(bound, names, token))
    }

    fn with_token(bound: IpAddr, names: &[String], token: String) -> Access {
        Access {
            bound,
            names: names.iter().map(|n| n.to_ascii_lowercase()).collect(),
            token,
            refusals: AtomicUsize::new(0),
        }
    }

    pub(crate) fn token(&self) -> &str {
        &self.token
    }

    /// Whether a `Host` header names this server.
    pub(crate) fn host_allowed(&self, host: &str) -> bool {
        let Some(name) = host_name(host) else {
            return false;
        };
        if let Ok(ip) = name.parse::<IpAddr>() {
            return ip.is_loopback() || ip == self.bound || self.bound.is_unspecified();
        }
        name.eq_ignore_ascii_case("localhost")
            || self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Checks a request's head; `max_body` bounds its declared length.
    pub(crate) fn check(
        &self,
        method: &Method,
        headers: &HeaderMap,
        max_body: usize,
    ) -> Result<(), Refusal> {
        let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text(header::HOST).ok_or(Refusal::NoHost)?;
        if !self.host_allowed(host) {
            return Err(Refusal::Host(host.to_string()));
        }
        if let Some(length) = text(header::CONTENT_LENGTH).and_then(|l| l.parse::<u64>().ok()) {
            if length > max_body as u64 {
                return Err(Refusal::TooLarge(length));
            }
        }
        if method == Method::GET || method == Method::HEAD {
            return Ok(());
        }
        let origin = text(header::ORIGIN);
        let same = origin.is_some_and(|o| o.eq_ignore_ascii_case(&format!("http://{host}")));
        if !same {
            return Err(Refusal::Origin(origin.map(str::to_string)));
        }
        let token = headers.get(TOKEN_HEADER).map(|v| v.as_bytes());
        if !token.is_some_and(|t| same_bytes(t, self.token.as_bytes())) {
            return Err(Refusal::Token);
        }
        Ok(())
    }

    /// Says a refusal on stderr, the first [`LOGGED`] of them.
    fn log(&self, method: &Method, path: &str, refusal: &Refusal) {
        let n = self.refusals.fetch_add(1, Ordering::Relaxed);
        if n < LOGGED {
            eprintln!(
                "refused {method} {}: {}",
                crate::error::printable(path),
                refusal.reason()
            );
        } else if n == LOGGED {
            eprintln!("(further refusals are not shown)");
        }
    }
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Refusal::NoHost => StatusCode::BAD_REQUEST,
            Refusal::Host(_) => StatusCode::MISDIRECTED_REQUEST,
            Refusal::Origin(_) | Refusal::Token => StatusCode::FORBIDDEN,
            Refusal::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
        }
    }

    fn reason(&self) -> String {
        let shown = |s: &str| crate::error::printable(s).into_owned();
        match self {
            Refusal::NoHost => "the request has no Host header".to_string(),
            Refusal::Host(host) => format!(
                "Host {} is not this server (it answers to localhost and its addresses; add a name with --allow-host)",
                shown(host)
            ),
            Refusal::Origin(Some(origin)) => format!(
                "it comes from another origin ({}); only the pages this server serves may post",
                shown(origin)
            ),
            Refusal::Origin(None) => {
                "it has no Origin header; only the pages this server serves may post".to_string()
            }
            Refusal::Token => format!(
                "its {TOKEN_HEADER} header is missing or wrong (reload /new: the token changes with every run)"
            ),
            Refusal::TooLarge(length) => format!(
                "its body of {length} bytes is larger than the limit of {} bytes",
                super::MAX_BODY
            ),
        }
    }
}

/// The name in a `Host` header, without its port: `[::1]:80` → `::1`.
fn host_name(host: &str) -> Option<&str> {
    let port_ok = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if let Some(rest) = host.strip_prefix('[') {
        let (ip, after) = rest.split_once(']')?;
        let ok = after.is_empty() || after.strip_prefix(':').is_some_and(port_ok);
        return ok.then_some(ip);
    }
    match host.split_once(':') {
        Some((name, port)) if port_ok(port) => Some(name),
        Some(_) => None,
        None => Some(host),
    }
}

/// Compares in time that does not depend on where the bytes differ.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Reads a body to its end and drops it, at most [`super::MAX_BODY`] bytes
/// within `timeout` (whatever is left then closes the connection).
pub(super) async fn drain(body: axum::body::Body, timeout: std::time::Duration) {
    use futures_util::StreamExt;
    let mut chunks = body.into_data_stream();
    let all = async {
        let mut read = 0;
        while let Some(Ok(chunk)) = chunks.next().await {
            read += chunk.len();
            if read > super::MAX_BODY {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(timeout, all).await;
}

/// The middleware: refuses what [`Access::check`] refuses (a JSON body for
/// a POST, which the form's script shows; text otherwise), and adds the
/// headers every response carries.
pub(super) async fn guard(
    State(shared): State<Arc<Shared>>,
    request: Request,
    next: Next,
) -> Response {
    let checked = shared
        .access
        .check(request.method(), request.headers(), super::MAX_BODY);
    let mut response = match checked {
        Ok(()) => next.run(request).await,
        Err(refusal) => {
            shared
                .access
                .log(request.method(), request.uri().path(), &refusal);
            let reason = refusal.reason();
            let post = request.method() == Method::POST;
            let too_large = matches!(refusal, Refusal::TooLarge(_));
            if !too_large {
                // Read (and drop) what was sent, so closing the connection
                // does not reset it before the client reads the answer.
                drain(request.into_body(), shared.limits.body_timeout).await;
            }
            let mut response = if post {
                let body = serde_json::json!({ "ok": false, "error": reason });
                (
                    [(header::CONTENT_TYPE, "application/json")],
                    body.to_string(),
                )
                    .into_response()
            } else {
                format!("unscramble serve refused this request: {reason}\n").into_response()
            };
            *response.status_mut() = refusal.status();
            if too_large {
                // The body is not read: the connection cannot carry another request.
                response.headers_mut().insert(
                    header::CONNECTION,
                    axum::http::HeaderValue::from_static("close"),
                );
            }
            response
        }
    };
    super::policy::common(response.headers_mut());
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn access(bound: &str, names: &[&str]) -> Access {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        Access::with_token(bound.parse().expect("ip"), &names, "t0ken".to_string())
    }

    #[test]
    fn the_host_must_name_this_server() {
        let a = access("127.0.0.1", &["Blog.Example"]);
        for good in [
            "localhost",
            "LOCALHOST:8080",
            "127.0.0.1:8080",
            "127.0.0.2",
            "[::1]:8080",
            "[::1]",
            "blog.example:80",
        ] {
            assert!(a.host_allowed(good), "{good}");
        }
        for bad in [
            "rebind.evil.example",
            "rebind.evil.example:8080",
            "localhost.evil.example",
            "evil.localhost",
            "192.168.1.5:8080",
            "localhost:80x",
            "localhost:",
            "[::1]x",
            "::1",
            "",
        ] {
            assert!(!a.host_allowed(bad), "{bad}");
        }
        // Bound to every address, any address names it; a name still must be known.
        let any = access("0.0.0.0", &[]);
        assert!(any.host_allowed("192.168.1.5:8080"));
        assert!(!any.host_allowed("mybox.local:8080"));
        assert!(access("192.168.1.5", &[]).host_allowed("192.168.1.5:8080"));
    }

    fn head(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).expect("value"));
        }
        h
    }

    #[test]
    fn a_post_needs_this_origin_and_the_token() {
        let a = access("127.0.0.1", &[]);
        let post = Method::POST;
        let host = ("host", "127.0.0.1:8080");
        let origin = ("origin", "http://127.0.0.1:8080");
        let token = ("x-unscramble-token", "t0ken");
        assert_eq!(a.check(&post, &head(&[host, origin, token]), 10), Ok(()));
        assert_eq!(a.check(&Method::GET, &head(&[host]), 10), Ok(()));
        assert_eq!(
            a.check(&post, &head(&[origin, token]), 10),
            Err(Refusal::NoHost)
        );
        assert_eq!(
            a.check(&post, &head(&[host, token]), 10),
            Err(Refusal::Origin(None))
        );
        for other in [
            "http://localhost:8080",
            "http://127.0.0.1:9999",
            "https://127.0.0.1:8080",
            "null",
        ] {
            assert_eq!(
                a.check(&post, &head(&[host, ("origin", other), token]), 10),
                Err(Refusal::Origin(Some(other.to_string())))
            );
        }
        for wrong in ["", "t0ke", "t0kenn", "T0KEN"] {
            let h = head(&[host, origin, ("x-unscramble-token", wrong)]);
            assert_eq!(a.check(&post, &h, 10), Err(Refusal::Token), "{wrong:?}");
        }
        assert_eq!(
            a.check(&post, &head(&[host, origin]), 10),
            Err(Refusal::Token)
        );
        let big = head(&[host, origin, token, ("content-length", "11")]);
        assert_eq!(a.check(&post, &big, 10), Err(Refusal::TooLarge(11)));
        let rebound = head(&[("host", "rebind.evil.example:8080")]);
        assert!(matches!(
            a.check(&Method::GET, &rebound, 10),
            Err(Refusal::Host(_))
        ));
    }

    #[test]
    fn tokens_differ_between_runs() {
        let ip: IpAddr = "127.0.0.1".parse().expect("ip");
        let (a, b) = (
            Access::new(ip, &[]).expect("token"),
            Access::new(ip, &[]).expect("token"),
        );
        assert_eq!(a.token().len(), 64);
        assert_ne!(a.token(), b.token());
    }
}
