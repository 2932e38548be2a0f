//! `unscramble serve`: render like `render`, serve the output folder over
//! HTTP, re-render when the puzzles change and tell open pages to reload.
//! The HTTP side (axum on a one-thread tokio runtime) only reads files and
//! the shared [`events::Status`]; renders run on the watcher's own thread, one
//! at a time, through the same batch entry point as `render`. Every request
//! passes [`guard`] first (Host, Origin, token, declared size); [`limits`]
//! bounds connections, time and the forms `/new` takes.

mod events;
mod failure;
pub(crate) mod files;
mod form;
mod guard;
mod limits;
mod listen;
pub(crate) mod new_puzzle;
mod policy;
mod watch;

use crate::kind::stop::Cancel;
use crate::pipeline::batch::{Run, RunError};
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub use failure::Failure;
pub use form::{MAX_BODY, MAX_NOTATION, MAX_PICTURE};
pub use limits::{Limits, FORMS_AT_ONCE, MAX_NEW_BYTES, MAX_NEW_PUZZLES};

/// One render of the whole puzzles folder, as `render` does it (manifests,
/// lock, terminal report): `main` builds it from the command line.
pub type Render = dyn Fn() -> Result<Run, RunError> + Send + Sync;

/// Where to listen and what to serve.
pub struct Config {
    pub puzzles: PathBuf,
    pub out: PathBuf,
    pub bind: IpAddr,
    /// 0: any free port (the URL printed says which).
    pub port: u16,
    /// Open the gallery in a browser once listening.
    pub open: bool,
    /// Refuse tile pictures larger than this per side, as `--max-tile-side`.
    pub max_tile_side: u32,
    /// Names besides `localhost` and the addresses that `Host` may give.
    pub allow_hosts: Vec<String>,
    pub limits: Limits,
}

/// What the HTTP handlers and the watcher share.
pub(crate) struct Shared {
    /// The output folder, canonical: every file served lies below it.
    out: PathBuf,
    puzzles: PathBuf,
    max_tile_side: u32,
    status: Mutex<events::Status>,
    events: tokio::sync::broadcast::Sender<events::Message>,
    access: guard::Access,
    limits: Limits,
    /// The forms being handled now.
    forms: limits::Gate,
    /// What `/new` saved this run.
    quota: limits::Quota,
}

/// Renders once, then serves until `cancel` is set (Ctrl-C, SIGTERM): the
/// first render's usage or output errors stop it with their exit code.
pub fn run(config: Config, render: Box<Render>, cancel: Cancel) -> Result<(), Failure> {
    let first = render();
    if let Err(e) = first {
        return Err(Failure::Render(e));
    }
    if cancel.is_cancelled() {
        return Ok(());
    }
    let out = config.out.canonicalize().map_err(|cause| Failure::Out {
        path: config.out.clone(),
        cause,
    })?;
    let puzzles = config
        .puzzles
        .canonicalize()
        .map_err(|cause| Failure::Puzzles {
            path: config.puzzles.clone(),
            cause,
        })?;
    let addr = SocketAddr::new(config.bind, config.port);
    let listen = |cause| Failure::Listen { addr, cause };
    let listener = TcpListener::bind(addr)
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .map_err(listen)?;
    let local = listener.local_addr().map_err(listen)?;
    let (events, _) = tokio::sync::broadcast::channel(16);
    let access = guard::Access::new(config.bind, &config.allow_hosts).map_err(Failure::Token)?;
    let shared = Arc::new(Shared {
        out,
        puzzles,
        max_tile_side: config.max_tile_side,
        status: Mutex::new(events::Status::of(1, &first)),
        events,
        access,
        limits: config.limits.clone(),
        forms: limits::Gate::new(),
        quota: limits::Quota::default(),
    });
    let (watcher, renders) = watch::start(shared.clone(), render, cancel.clone())?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(Failure::Runtime)?;
    if !config.bind.is_loopback() {
        eprintln!(
            "warning: --bind {} is not a loopback address: anyone who can reach this machine can read {} and add puzzles through /new",
            config.bind,
            config.out.display()
        );
    }
    let url = format!("http://{local}/");
    // Said, not required: with stdout closed the server still serves.
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "serving {url}\nadd a puzzle: {url}new").and_then(|()| out.flush());
    drop(out);
    if config.open {
        open_browser(&url);
    }
    let app = router(shared.clone());
    let served = runtime.block_on(listen::serve(shared, app, listener, cancel));
    drop(watcher);
    let _ = renders.join();
    served.map_err(Failure::Stopped)
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/_unscramble/events", get(events::stream))
        .route("/_unscramble/status", get(events::status))
        .route("/new", get(form::page).post(form::save))
        .route("/_unscramble/parse", post(form::parse))
        .route("/_unscramble/preview.png", post(form::preview))
        .fallback(files::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            guard::guard,
        ))
        .with_state(shared)
}

/// Best effort: a missing opener only costs a warning, the URL is printed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!("warning: --open: cannot run {opener}: {e} (open {url} yourself)");
    }
}
