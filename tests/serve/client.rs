//! A running `unscramble serve` and a tiny HTTP/1.0 client for it: a test
//! client writing a request line on a socket, not a server.
// A test helper, not an API.
#![allow(dead_code, unreachable_pub)]

use assert_cmd::cargo::CommandCargoExt;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Long: the machine running the tests may be busy.
pub const PATIENCE: Duration = Duration::from_secs(120);

pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    stderr: Arc<Mutex<String>>,
    /// This run's token, read from `/new` as its page reads it.
    token: std::sync::OnceLock<String>,
    /// The second line on stdout.
    pub form_line: String,
}

pub struct Reply {
    pub code: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }
}

/// `puzzles/3x3-original` copied into a temporary folder, and where its
/// output goes.
pub fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tmp");
    let puzzles = dir.path().join("puzzles");
    crate::common::copy_dir(
        &crate::common::bundled("3x3-original"),
        &puzzles.join("3x3-original"),
    );
    let out = dir.path().join("output");
    (dir, puzzles, out)
}

/// The smallest puzzle: one tile that fits itself.
pub const TINY: &[u8] = b"1: [[a, '+'], [a, '-'], [a, '+'], [a, '-']]\n";

/// The fields `/new` takes, for a puzzle in the YAML notation.
pub fn form<'a>(name: &'a str, text: &'a [u8]) -> Vec<(&'a str, &'a [u8], Option<&'a str>)> {
    vec![
        ("name", name.as_bytes(), None),
        ("notation", b"tile_dict.yaml", None),
        ("text", text, None),
    ]
}

/// The folders in `puzzles`, sorted.
pub fn folders(puzzles: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(puzzles)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

impl Server {
    /// The process id, to read its memory from `/proc`.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Starts `serve PUZZLES -o OUT --port 0 EXTRA...` and waits for its URL.
    pub fn start(puzzles: &Path, out: &Path, extra: &[&str]) -> Server {
        let mut child = Command::cargo_bin("unscramble")
            .expect("binary is built")
            .env("NO_COLOR", "1")
            .env_remove("UNSCRAMBLE_CONFIG")
            .arg("serve")
            .arg(puzzles)
            .arg("-o")
            .arg(out)
            .args(["--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("serve starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().expect("stderr");
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .expect("lock")
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let line = rx.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            panic!(
                "serve printed no URL; stderr: {}",
                stderr.lock().expect("lock")
            )
        });
        let addr = line
            .strip_prefix("serving http://")
            .and_then(|r| r.strip_suffix('/'))
            .unwrap_or_else(|| panic!("not the URL line: {line}"))
            .to_string();
        // The second line says where the form is.
        let form_line = rx.recv_timeout(PATIENCE).unwrap_or_default();
        Server {
            child,
            addr,
            stderr,
            token: std::sync::OnceLock::new(),
            form_line,
        }
    }

    /// The token the `/new` page holds.
    pub fn token(&self) -> String {
        self.token
            .get_or_init(|| {
                let page = self.get("/new").text();
                // None is sent as an empty one (which the server refuses).
                page.split_once("<meta name=\"unscramble-token\" content=\"")
                    .and_then(|(_, rest)| rest.split_once('"'))
                    .map(|(token, _)| token.to_string())
                    .unwrap_or_default()
            })
            .clone()
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().expect("lock").clone()
    }

    /// Waits until stderr holds `text` (it is read on another thread).
    pub fn wait_stderr(&self, text: &str) {
        let start = Instant::now();
        while !self.stderr().contains(text) {
            assert!(
                start.elapsed() < PATIENCE,
                "stderr never said {text}: {}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(&self.addr).expect("connect");
        stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
        stream
    }

    /// Sends `head` (request line and headers, without the blank line) and
    /// `body`; HTTP/1.0, so the reply is plain and ends with the connection.
    pub fn request(&self, head: &str, body: &[u8]) -> Reply {
        let mut stream = self.connect();
        let request = format!(
            "{head}\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).expect("send");
        // The server may answer (413) before reading a large body.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no reply head: {}", String::from_utf8_lossy(&raw)));
        let head = String::from_utf8_lossy(&raw[..split]).into_owned();
        let code = head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or_else(|| panic!("no status: {head}"));
        Reply {
            code,
            head,
            body: raw[split + 4..].to_vec(),
        }
    }

    /// `GET path`, the path sent exactly as given.
    pub fn get(&self, path: &str) -> Reply {
        self.request(&format!("GET {path} HTTP/1.0"), b"")
    }

    /// A multipart POST of `(name, value, file name)` fields, as the `/new`
    /// page sends it: from this server's origin, with the token.
    pub fn post(&self, path: &str, fields: &[(&str, &[u8], Option<&str>)]) -> Reply {
        let headers = [
            format!("Origin: http://{}", self.addr),
            format!("X-Unscramble-Token: {}", self.token()),
        ];
        self.post_with(path, fields, &headers)
    }

    /// A multipart POST with exactly the extra `headers` given.
    pub fn post_with(
        &self,
        path: &str,
        fields: &[(&str, &[u8], Option<&str>)],
        headers: &[String],
    ) -> Reply {
        let (head, body) = multipart(path, fields, headers);
        self.request(&head, &body)
    }

    pub fn status(&self) -> serde_json::Value {
        self.get("/_unscramble/status").json()
    }

    /// Waits until a render after number `after` has finished; its status.
    pub fn rendered_after(&self, after: u64) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let status = self.status();
            if status["generation"].as_u64() > Some(after) {
                return status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no render after {after}; stderr: {}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Opens the event stream and waits for its first (`status`) event, so
    /// no later event can be missed.
    pub fn events(&self) -> Events {
        let mut stream = self.connect();
        let request = format!(
            "GET /_unscramble/events HTTP/1.0\r\nHost: {}\r\n\r\n",
            self.addr
        );
        stream.write_all(request.as_bytes()).expect("send");
        let mut events = Events {
            stream,
            seen: String::new(),
        };
        events.wait_for("event: status");
        events
    }

    /// Sends `signal` (a name `kill -s` knows, as `tests/interrupt.rs`
    /// does); the exit code.
    pub fn signal(mut self, signal: &str) -> Option<i32> {
        crate::common::child::signal(&self.child, signal);
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            assert!(
                start.elapsed() < PATIENCE,
                "serve did not stop on SIG{signal}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A POST's head (without `Host`, `Content-Length` and the blank line) and
/// its multipart body.
pub fn multipart(
    path: &str,
    fields: &[(&str, &[u8], Option<&str>)],
    headers: &[String],
) -> (String, Vec<u8>) {
    let boundary = "unscrambletestboundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (name, value, file) in fields {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        let disposition = match file {
            Some(f) => {
                format!("form-data; name=\"{name}\"; filename=\"{f}\"\r\nContent-Type: image/png")
            }
            None => format!("form-data; name=\"{name}\""),
        };
        body.extend_from_slice(format!("Content-Disposition: {disposition}\r\n\r\n").as_bytes());
        body.extend_from_slice(value);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let mut head =
        format!("POST {path} HTTP/1.0\r\nContent-Type: multipart/form-data; boundary={boundary}");
    for h in headers {
        head.push_str("\r\n");
        head.push_str(h);
    }
    (head, body)
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Events {
    stream: TcpStream,
    pub seen: String,
}

impl Events {
    /// Reads the stream until `text` has come; everything read is in `seen`.
    pub fn wait_for(&mut self, text: &str) {
        let mut buf = [0u8; 4096];
        while !self.seen.contains(text) {
            let n = self
                .stream
                .read(&mut buf)
                .unwrap_or_else(|e| panic!("waiting for {text}: {e}; got {}", self.seen));
            assert!(n > 0, "the stream ended before {text}: {}", self.seen);
            self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}
