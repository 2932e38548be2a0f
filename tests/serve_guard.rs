//! Who may talk to `unscramble serve` (issue 27, F): a request naming
//! another host (DNS rebinding), a post from another origin or without this
//! run's token, and a body declared too large are refused, and nothing is
//! written; `/new` saves a bounded number of puzzles per run.

#[path = "serve/client.rs"]
mod client;
mod common;

use client::{folders, form, multipart, setup, Server, PATIENCE, TINY};
use std::io::{Read, Write};

/// A request sent exactly as given (head with its own `Host`, then `body`).
fn raw(server: &Server, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = server.connect();
    stream.write_all(head.as_bytes()).expect("send");
    let _ = stream.write_all(body);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let reply = String::from_utf8_lossy(&reply).into_owned();
    let code = reply
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status: {reply}"));
    (code, reply)
}

/// A POST of the tiny puzzle as `name` with `host` and `extra` headers.
fn post_as(server: &Server, name: &str, host: &str, extra: &[String]) -> (u16, String) {
    let fields = form(name, TINY);
    let (head, body) = multipart("/new", &fields, extra);
    let head = format!(
        "{head}\r\nHost: {host}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    raw(server, &head, &body)
}

#[test]
fn a_host_that_is_not_this_server_is_refused() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &["--allow-host", "blog.test,other.test"]);
    let port = server.addr.rsplit(':').next().expect("port").to_string();
    let get = |host: &str| {
        raw(
            &server,
            &format!("GET / HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            b"",
        )
    };
    // A page on rebind.evil.example whose name now points at 127.0.0.1 can
    // neither read the gallery nor /new (and so not the token)...
    for host in [
        format!("rebind.evil.example:{port}"),
        "rebind.evil.example".to_string(),
        format!("localhost.evil.example:{port}"),
    ] {
        let (code, reply) = get(&host);
        assert_eq!(code, 421, "{host}: {reply}");
        assert!(reply.contains("is not this server"), "{reply}");
        let new = raw(
            &server,
            &format!("GET /new HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            b"",
        );
        assert_eq!(new.0, 421);
        assert!(!new.1.contains("unscramble-token"));
    }
    // ...nor post, even with its own origin and this run's token.
    let token = server.token();
    let evil = format!("rebind.evil.example:{port}");
    let (code, reply) = post_as(
        &server,
        "rebound",
        &evil,
        &[
            format!("Origin: http://{evil}"),
            format!("X-Unscramble-Token: {token}"),
        ],
    );
    assert_eq!(code, 421, "{reply}");
    // A request without a Host is refused too.
    assert_eq!(raw(&server, "GET / HTTP/1.0\r\n\r\n", b"").0, 400);
    // The names it answers to: localhost, its addresses, --allow-host.
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
        format!("blog.test:{port}"),
        format!("OTHER.test:{port}"),
    ] {
        assert_eq!(get(&host).0, 200, "{host}");
    }
    let (code, reply) = post_as(
        &server,
        "allowed",
        &format!("blog.test:{port}"),
        &[
            format!("Origin: http://blog.test:{port}"),
            format!("X-Unscramble-Token: {token}"),
        ],
    );
    assert_eq!(code, 201, "{reply}");
    assert_eq!(folders(&puzzles), ["3x3-original", "allowed"]);
    server.wait_stderr("refused POST /new: Host rebind.evil.example");
}

#[test]
fn a_post_without_this_origin_or_the_token_is_refused() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let origin = format!("Origin: http://{}", server.addr);
    let token = server.token();
    let good = format!("X-Unscramble-Token: {token}");
    let wrong: String = token.chars().rev().collect();
    let wrong = format!("X-Unscramble-Token: {wrong}");
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        ("no-origin", vec![good.clone()], "no Origin header"),
        (
            "other-origin",
            vec!["Origin: http://evil.example".to_string(), good.clone()],
            "another origin (http://evil.example)",
        ),
        (
            "null-origin",
            vec!["Origin: null".to_string(), good.clone()],
            "another origin (null)",
        ),
        (
            "other-port",
            vec![format!("Origin: http://{}0", server.addr), good.clone()],
            "another origin",
        ),
        ("no-token", vec![origin.clone()], "missing or wrong"),
        (
            "wrong-token",
            vec![origin.clone(), wrong],
            "missing or wrong",
        ),
    ];
    for (name, headers, why) in &cases {
        for path in ["/new", "/_unscramble/parse", "/_unscramble/preview.png"] {
            let reply = server.post_with(path, &form(name, TINY), headers);
            assert_eq!(reply.code, 403, "{name} {path}: {}", reply.text());
            let error = reply.json()["error"].as_str().expect("error").to_string();
            assert!(error.contains(why), "{name}: {error}");
        }
    }
    assert_eq!(folders(&puzzles), ["3x3-original"], "nothing was saved");
    server.wait_stderr("refused POST /new: it comes from another origin (http://evil.example)");
    // The page's own way in works.
    let saved = server.post_with("/new", &form("mine", TINY), &[origin, good]);
    assert_eq!(saved.code, 201, "{}", saved.text());
    // The form page says where it may be framed and what it may run.
    let page = server.get("/new");
    assert!(page.head.contains("x-frame-options: DENY"), "{}", page.head);
    assert!(
        page.head.contains("frame-ancestors 'none'"),
        "{}",
        page.head
    );
}

#[test]
fn a_declared_body_too_large_is_refused_before_it_is_read() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let origin = format!("Origin: http://{}", server.addr);
    let token = format!("X-Unscramble-Token: {}", server.token());
    // The head alone: the answer must come without a byte of the body.
    let mut stream = server.connect();
    let head = format!(
        "POST /new HTTP/1.1\r\nHost: {}\r\n{origin}\r\n{token}\r\n\
         Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 1073741824\r\n\r\n",
        server.addr
    );
    stream.write_all(head.as_bytes()).expect("send");
    stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
    let mut reply = Vec::new();
    let read = stream.read_to_end(&mut reply);
    let reply = String::from_utf8_lossy(&reply);
    assert!(read.is_ok(), "no answer before the body: {read:?} {reply}");
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");
    assert!(
        reply.contains("1073741824 bytes is larger than the limit"),
        "{reply}"
    );
}

#[test]
fn the_form_saves_a_bounded_number_of_puzzles_per_run() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let cap = unscramble::serve::MAX_NEW_PUZZLES;
    // A puzzle refused is not counted.
    let bad = server.post("/new", &form("bad", b"1: [[a\n"));
    assert_eq!(bad.code, 422, "{}", bad.text());
    for k in 0..cap {
        let reply = server.post("/new", &form(&format!("p{k}"), TINY));
        assert_eq!(reply.code, 201, "{k}: {}", reply.text());
    }
    let refused = server.post("/new", &form("one-more", TINY));
    assert_eq!(refused.code, 429, "{}", refused.text());
    assert!(
        refused.text().contains("its limit per run"),
        "{}",
        refused.text()
    );
    assert_eq!(folders(&puzzles).len(), cap + 1);
    assert!(!puzzles.join("one-more").exists() && !puzzles.join("bad").exists());
}
