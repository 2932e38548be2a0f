//! What one `unscramble serve` takes from its clients (issue 27, K): forms
//! are handled a few at a time and the rest refused before their bodies
//! are read, slow clients are dropped after a timeout, connections are
//! capped, and files are streamed rather than read whole. No test here
//! waits for a duration: each waits for what the server does.

#[path = "serve/client.rs"]
mod client;
mod common;

use client::{folders, form, multipart, setup, Server, PATIENCE, TINY};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Instant;

/// A POST to `/new` whose head and `sent` bytes of its body are sent, the
/// rest never: the server is left reading it.
fn half_post(server: &Server, sent: usize) -> TcpStream {
    let headers = [
        format!("Origin: http://{}", server.addr),
        format!("X-Unscramble-Token: {}", server.token()),
    ];
    let picture = vec![b'x'; 1024 * 1024];
    let mut fields = form("held", TINY);
    fields.push(("pictures", &picture, Some("1.png")));
    let (head, body) = multipart("/new", &fields, &headers);
    let mut stream = server.connect();
    let head = format!(
        "{head}\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
        server.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("send");
    stream.write_all(&body[..sent]).expect("send");
    stream
}

/// Reads until the server ends the connection; what it said. Panics if it
/// did not within [`PATIENCE`] (the read timed out).
fn until_closed(mut stream: TcpStream) -> String {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                panic!("the server kept the connection open: {e}")
            }
            Err(_) => break,
        }
    }
    String::from_utf8_lossy(&got).into_owned()
}

/// Retries `post` until `done` holds for its status (the server frees a
/// place asynchronously); the status.
fn until(what: &str, mut post: impl FnMut() -> u16, done: impl Fn(u16) -> bool) -> u16 {
    let start = Instant::now();
    loop {
        let code = post();
        if done(code) {
            return code;
        }
        assert!(start.elapsed() < PATIENCE, "never {what} (last {code})");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn forms_beyond_the_limit_are_refused_until_a_place_frees() {
    let (_dir, puzzles, out) = setup();
    // Held forms must not time out while the test runs on a busy machine.
    let server = Server::start(&puzzles, &out, &["--body-timeout", "600"]);
    let holders: Vec<TcpStream> = (0..unscramble::serve::FORMS_AT_ONCE)
        .map(|_| half_post(&server, 1000))
        .collect();
    // Each further form is refused at once (503) once the held ones are in.
    let busy = || server.post("/new", &form("Bad Name", TINY)).code;
    until("refused as busy", busy, |c| c == 503);
    let reply = server.post("/_unscramble/parse", &form("x", TINY));
    assert_eq!(reply.code, 503, "{}", reply.text());
    assert!(reply.head.contains("retry-after: 1"), "{}", reply.head);
    assert!(reply.text().contains("try again in a moment"));
    // Pages and files are served meanwhile.
    assert_eq!(server.get("/").code, 200);
    drop(holders);
    until("served again", busy, |c| c == 400);
    assert_eq!(folders(&puzzles), ["3x3-original"]);
}

/// The peak memory of the server process, in bytes.
#[cfg(target_os = "linux")]
fn peak(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).expect("proc");
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM");
    kb * 1024
}

#[cfg(target_os = "linux")]
#[test]
fn many_large_forms_at_once_take_bounded_memory() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let token = server.token();
    let before = peak(&server);
    let part = vec![b'x'; unscramble::serve::MAX_PICTURE - 1024];
    let count = 24;
    let codes: Vec<u16> = std::thread::scope(|s| {
        let posts: Vec<_> = (0..count)
            .map(|k| {
                let (server, part, token) = (&server, &part, &token);
                s.spawn(move || {
                    let name = format!("big{k}");
                    let mut fields = form(&name, TINY);
                    for _ in 0..6 {
                        fields.push(("pictures", part.as_slice(), Some("k.png")));
                    }
                    let headers = [
                        format!("Origin: http://{}", server.addr),
                        format!("X-Unscramble-Token: {token}"),
                    ];
                    server.post_with("/new", &fields, &headers).code
                })
            })
            .collect();
        posts.into_iter().map(|p| p.join().expect("post")).collect()
    });
    let grown = peak(&server).saturating_sub(before);
    let sent = (count * 6 * part.len()) as u64;
    eprintln!(
        "{count} posts of 12 MiB: {codes:?}; peak grew by {} MiB",
        grown >> 20
    );
    // Six pictures for a one-tile puzzle: refused after reading (422), or
    // refused at once as busy (503) or past the bytes per run (429); never saved.
    assert!(
        codes.iter().all(|c| [422, 429, 503].contains(c)),
        "{codes:?}"
    );
    assert!(codes.contains(&503), "{codes:?}");
    assert!(
        grown < sent / 4,
        "the server grew by {grown} bytes for {sent} bytes posted"
    );
    assert_eq!(folders(&puzzles), ["3x3-original"]);
}

#[test]
fn a_half_sent_request_is_dropped_after_the_header_timeout() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &["--header-timeout", "1"]);
    let slow: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut stream = server.connect();
            let part = format!("GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", server.addr);
            stream.write_all(part.as_bytes()).expect("send");
            stream
        })
        .collect();
    // Others are served meanwhile...
    assert_eq!(server.get("/").code, 200);
    // ...and the slow ones are closed without an answer to their request.
    for stream in slow {
        let said = until_closed(stream);
        assert!(!said.contains("200 OK"), "{said}");
    }
}

#[test]
fn a_form_body_that_stops_coming_is_answered_408() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &["--body-timeout", "1"]);
    let said = until_closed(half_post(&server, 1000));
    assert!(said.starts_with("HTTP/1.0 408 Request Timeout"), "{said}");
    assert!(said.contains("did not arrive within 1 s"), "{said}");
    // Its place is free again.
    let reply = server.post("/new", &form("after", TINY));
    assert_eq!(reply.code, 201, "{}", reply.text());
}

#[test]
fn connections_past_the_cap_are_refused_and_idle_ones_dropped() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(
        &puzzles,
        &out,
        &["--max-connections", "4", "--header-timeout", "3"],
    );
    // Four connections that send nothing take every place.
    let idle: Vec<TcpStream> = (0..4).map(|_| server.connect()).collect();
    let refused = server.get("/");
    assert_eq!(refused.code, 503, "{}", refused.head);
    assert!(refused.text().contains("too many open connections"));
    // The header timeout closes them; then the server answers again.
    for stream in idle {
        until_closed(stream);
    }
    until("served again", || server.get("/").code, |c| c == 200);
}

#[cfg(target_os = "linux")]
#[test]
fn a_large_page_is_streamed_not_read_whole() {
    let (_dir, puzzles, out) = setup();
    let server = Server::start(&puzzles, &out, &[]);
    let size: u64 = 128 * 1024 * 1024;
    let big = std::fs::File::create(out.join("big.html")).expect("create");
    big.set_len(size).expect("sparse file");
    let before = peak(&server);
    let mut stream = server.connect();
    let head = format!("GET /big.html HTTP/1.0\r\nHost: {}\r\n\r\n", server.addr);
    stream.write_all(head.as_bytes()).expect("send");
    let mut reader = std::io::BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut reader, &mut line).expect("head");
        if line == "\r\n" || line.is_empty() {
            break;
        }
        head.push_str(&line);
    }
    let mut body = Vec::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut zeros = 0u64;
    loop {
        let n = reader.read(&mut buf).expect("body");
        if n == 0 {
            break;
        }
        // Keep only what follows the zeros (the script), count the zeros.
        let chunk = &buf[..n];
        let lead = chunk.iter().take_while(|b| **b == 0).count();
        if body.is_empty() {
            zeros += lead as u64;
            body.extend_from_slice(&chunk[lead..]);
        } else {
            body.extend_from_slice(chunk);
        }
    }
    let grown = peak(&server).saturating_sub(before);
    assert!(
        grown < size / 4,
        "the server grew by {grown} bytes for a {size}-byte page"
    );
    assert!(head.starts_with("HTTP/1.0 200"), "{head}");
    let tail = String::from_utf8_lossy(&body);
    assert_eq!(zeros, size, "the file, whole");
    assert!(
        tail.starts_with("\n<script>") && tail.ends_with("</script>\n"),
        "{tail:.200}"
    );
    assert!(
        head.contains(&format!("content-length: {}", size + body.len() as u64)),
        "{head}"
    );
}
