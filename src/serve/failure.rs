//! Why `serve` stopped before or instead of serving: each cause says what
//! failed, on which folder or address, and what to do, and has the exit
//! code the reference documents (2 usage, 3 output, 1 anything else).

use crate::pipeline::batch::RunError;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Why `serve` stopped before or instead of serving.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The first render could not run (its usage, lock or output error).
    #[error(transparent)]
    Render(#[from] RunError),
    /// The output folder the first render wrote cannot be found again.
    #[error("{}: cannot serve the output folder: {cause} (check that nothing removed or renamed it, then run again)", path.display())]
    Out {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// The puzzles folder the first render read cannot be found again.
    #[error("{}: cannot watch the puzzles folder: {cause} (check that nothing removed or renamed it, then run again)", path.display())]
    Puzzles {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("cannot listen on {addr}: {cause} (pick another --port, or --port 0 for a free one)")]
    Listen {
        addr: SocketAddr,
        cause: std::io::Error,
    },
    /// No random source for the token `/new` requires.
    #[error("cannot make a token for /new (no random source): {0}")]
    Token(getrandom::Error),
    #[error("cannot watch {}: {cause} ({})", path.display(), watch_hint(cause))]
    Watch { path: PathBuf, cause: notify::Error },
    /// The HTTP runtime could not start (threads or descriptors).
    #[error("cannot start the server: {0} (check the open-file and thread limits, ulimit -n and ulimit -u)")]
    Runtime(std::io::Error),
    #[error("the server stopped: {0} (run again)")]
    Stopped(std::io::Error),
}

impl Failure {
    /// The exit codes the reference documents.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Render(e) => e.exit_code(),
            Failure::Out { .. } => 3,
            Failure::Puzzles { .. } | Failure::Listen { .. } => 2,
            Failure::Token(_)
            | Failure::Watch { .. }
            | Failure::Runtime(_)
            | Failure::Stopped(_) => 1,
        }
    }
}

/// How to get past a watch the system refused, by what refused it.
fn watch_hint(cause: &notify::Error) -> &'static str {
    match &cause.kind {
        notify::ErrorKind::MaxFilesWatch => "on Linux, raise fs.inotify.max_user_watches",
        notify::ErrorKind::Io(e) if e.raw_os_error() == Some(24) => {
            "on Linux, raise fs.inotify.max_user_instances, or close other programs that watch files"
        }
        notify::ErrorKind::PathNotFound => {
            "check that the puzzles folder still exists, then run again"
        }
        _ => "serve re-renders on changes it is told of; without them, run render after each change",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{assert_said_once, InputError};
    use std::io::{Error, ErrorKind};

    fn said(f: Failure) -> (String, u8) {
        assert_said_once(&f);
        (f.to_string(), f.exit_code())
    }

    #[test]
    fn each_failure_says_what_where_and_how_to_fix_it() {
        let addr: SocketAddr = "127.0.0.1:8080".parse().expect("address");
        let cause = Error::new(ErrorKind::AddrInUse, "Address in use");
        assert_eq!(
            said(Failure::Listen { addr, cause }),
            (
                "cannot listen on 127.0.0.1:8080: Address in use (pick another --port, or --port 0 for a free one)".into(),
                2
            )
        );
        let gone = || Error::new(ErrorKind::NotFound, "No such file");
        assert_eq!(
            said(Failure::Out { path: "o".into(), cause: gone() }),
            ("o: cannot serve the output folder: No such file (check that nothing removed or renamed it, then run again)".into(), 3)
        );
        assert_eq!(
            said(Failure::Puzzles { path: "p".into(), cause: gone() }),
            ("p: cannot watch the puzzles folder: No such file (check that nothing removed or renamed it, then run again)".into(), 2)
        );
        assert_eq!(
            said(Failure::Runtime(Error::other("no threads"))),
            ("cannot start the server: no threads (check the open-file and thread limits, ulimit -n and ulimit -u)".into(), 1)
        );
        assert_eq!(
            said(Failure::Stopped(Error::other("reset"))),
            ("the server stopped: reset (run again)".into(), 1)
        );
    }

    /// A watch limit names the setting to raise; other refusals do not
    /// send the user to it.
    #[test]
    fn a_refused_watch_names_what_to_change() {
        let watch = |kind| Failure::Watch {
            path: "p".into(),
            cause: notify::Error::new(kind),
        };
        assert_eq!(
            said(watch(notify::ErrorKind::MaxFilesWatch)),
            ("cannot watch p: OS file watch limit reached. (on Linux, raise fs.inotify.max_user_watches)".into(), 1)
        );
        let (text, _) = said(watch(notify::ErrorKind::Io(Error::from_raw_os_error(24))));
        assert!(text.ends_with("(on Linux, raise fs.inotify.max_user_instances, or close other programs that watch files)"), "{text}");
        let (text, _) = said(watch(notify::ErrorKind::PathNotFound));
        assert!(
            text.ends_with("(check that the puzzles folder still exists, then run again)"),
            "{text}"
        );
        let (text, _) = said(watch(notify::ErrorKind::Generic("no backend".into())));
        assert_eq!(text, "cannot watch p: no backend (serve re-renders on changes it is told of; without them, run render after each change)");
    }

    /// The first render's errors are shown as `render` shows them, with its
    /// exit code.
    #[test]
    fn a_failed_first_render_is_the_render_s_error() {
        let usage = RunError::from(InputError::new("p", "not a folder").hint("give one"));
        let text = usage.to_string();
        assert_eq!(said(Failure::from(usage)), (text, 2));
        let busy = RunError::Busy("o".into());
        let text = busy.to_string();
        assert_eq!(said(Failure::from(busy)), (text, 4));
    }
}
