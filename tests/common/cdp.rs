//! Headless Chromium driven over the DevTools protocol, for pages that must
//! be used as a person uses them (typing, clicking) and whose own
//! Content-Security-Policy forbids a probe script in the page. The protocol
//! runs over `--remote-debugging-pipe` (file descriptors 3 and 4, given by
//! a shell from two named pipes): no port, no WebSocket.
// A test helper, not an API: each test binary uses it as a private module.
#![allow(dead_code, unreachable_pub)]

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Long: the machine running the tests may be busy.
const PATIENCE: Duration = Duration::from_secs(120);

pub struct Browser {
    child: Child,
    to: std::fs::File,
    from: Receiver<Value>,
    next: u64,
}

/// A tab, by its protocol session.
pub struct Tab {
    session: String,
}

impl Browser {
    /// Starts Chromium with a fresh profile in `dir`; `extra` flags added.
    pub fn start(chromium: &Path, dir: &Path, extra: &[&str]) -> Browser {
        let (to, from) = (dir.join("cdp-in"), dir.join("cdp-out"));
        for fifo in [&to, &from] {
            let made = Command::new("mkfifo").arg(fifo).status().expect("mkfifo");
            assert!(made.success(), "mkfifo {}", fifo.display());
        }
        let mut command = format!(
            "exec '{}' --headless --no-sandbox --disable-gpu --no-first-run \
             --disable-background-networking --disable-component-update --disable-sync \
             --hide-scrollbars --remote-debugging-pipe --user-data-dir='{}'",
            chromium.display(),
            dir.join("profile").display()
        );
        for flag in extra {
            command.push_str(&format!(" '{flag}'"));
        }
        command.push_str(" about:blank 3<cdp-in 4>cdp-out");
        let child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .current_dir(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium runs");
        // The shell opens cdp-in first, then cdp-out: the same order here.
        let to = std::fs::OpenOptions::new()
            .write(true)
            .open(&to)
            .expect("cdp-in");
        let mut reader = std::fs::File::open(&from).expect("cdp-out");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let mut chunk = [0u8; 65536];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                buf.extend_from_slice(&chunk[..n]);
                while let Some(end) = buf.iter().position(|b| *b == 0) {
                    let message: Vec<u8> = buf.drain(..=end).collect();
                    if let Ok(v) = serde_json::from_slice(&message[..end]) {
                        if tx.send(v).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Browser {
            child,
            to,
            from: rx,
            next: 0,
        }
    }

    /// Sends a command and waits for its result.
    pub fn call(&mut self, tab: Option<&Tab>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(tab) = tab {
            message["sessionId"] = tab.session.clone().into();
        }
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.to.write_all(&bytes).expect("to chromium");
        let start = Instant::now();
        loop {
            let left = PATIENCE.saturating_sub(start.elapsed());
            match self.from.recv_timeout(left) {
                Ok(reply) if reply["id"] == id => {
                    assert!(reply.get("error").is_none(), "{method}: {reply}");
                    return reply["result"].clone();
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => panic!("chromium did not answer {method}"),
                Err(RecvTimeoutError::Disconnected) => panic!("chromium ended during {method}"),
            }
        }
    }

    /// Opens `url` in a new tab of `width` x `height` CSS pixels and waits
    /// for it to load.
    pub fn open(&mut self, url: &str, width: u32, height: u32) -> Tab {
        let target = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
        );
        let tab = Tab {
            session: attached["sessionId"].as_str().expect("session").to_string(),
        };
        let size =
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false });
        self.call(Some(&tab), "Emulation.setDeviceMetricsOverride", size);
        self.call(Some(&tab), "Page.navigate", json!({ "url": url }));
        self.wait(
            &tab,
            "document.readyState === 'complete' && location.href !== 'about:blank'",
        );
        tab
    }

    /// The value of a JavaScript expression in the tab (a promise is awaited).
    pub fn eval(&mut self, tab: &Tab, expression: &str) -> Value {
        let params =
            json!({ "expression": expression, "awaitPromise": true, "returnByValue": true });
        let result = self.call(Some(tab), "Runtime.evaluate", params);
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Waits until `condition` (a JavaScript expression) is true in the tab.
    pub fn wait(&mut self, tab: &Tab, condition: &str) {
        let start = Instant::now();
        while self.eval(tab, &format!("!!({condition})")) != json!(true) {
            assert!(start.elapsed() < PATIENCE, "never true: {condition}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Types `text` into the element the selector names, as a keyboard would.
    pub fn type_into(&mut self, tab: &Tab, selector: &str, text: &str) {
        self.eval(
            tab,
            &format!("document.querySelector({selector:?}).focus()"),
        );
        self.call(Some(tab), "Input.insertText", json!({ "text": text }));
    }

    /// Clicks the middle of the element the selector names, as a mouse would.
    pub fn click(&mut self, tab: &Tab, selector: &str) {
        let at = self.eval(
            tab,
            &format!(
                "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView(); \
                 const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            let event =
                json!({ "type": kind, "x": at[0], "y": at[1], "button": "left", "clickCount": 1 });
            self.call(Some(tab), "Input.dispatchMouseEvent", event);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
