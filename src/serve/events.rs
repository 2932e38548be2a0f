//! What the last render left, and the reload events: `/_unscramble/status`
//! (JSON) and `/_unscramble/events` (server-sent events), which the reload
//! script in every served page listens to.

use super::Shared;
use crate::pipeline::batch::{Run, RunError};
use crate::present::summary::Status as PuzzleStatus;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Serialize;
use std::convert::Infallible;
use std::sync::Arc;

/// The last render, as pages and tests see it.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Status {
    /// Counts renders since `serve` started (the first is 1).
    pub generation: u64,
    /// No puzzle failed and the run itself went through.
    pub ok: bool,
    pub failed: Vec<Failed>,
    /// Why the run as a whole failed (e.g. the puzzles folder is gone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub(super) struct Failed {
    pub puzzle: String,
    pub error: String,
}

impl Status {
    pub(super) fn of(generation: u64, run: &Result<Run, RunError>) -> Status {
        match run {
            Ok(run) => {
                let failed: Vec<Failed> = run
                    .summary
                    .puzzles
                    .iter()
                    .filter(|p| p.status == PuzzleStatus::Error)
                    .map(|p| Failed {
                        puzzle: p.name.clone(),
                        error: p.error.clone().unwrap_or_default(),
                    })
                    .collect();
                Status {
                    generation,
                    ok: failed.is_empty(),
                    failed,
                    error: None,
                }
            }
            Err(e) => Status {
                generation,
                ok: false,
                failed: Vec::new(),
                error: Some(e.to_string()),
            },
        }
    }

    pub(super) fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}

/// Sent to every open event stream.
#[derive(Clone, Debug)]
pub(super) enum Message {
    /// A render finished: its status as JSON.
    Reload(String),
    /// The server is stopping: streams end.
    Stop,
}

impl Shared {
    pub(super) fn status(&self) -> Status {
        match self.status.lock() {
            Ok(s) => s.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Records a render and tells every open page.
    pub(super) fn rendered(&self, run: &Result<Run, RunError>) {
        let json = {
            let mut status = match self.status.lock() {
                Ok(s) => s,
                Err(poisoned) => poisoned.into_inner(),
            };
            *status = Status::of(status.generation + 1, run);
            status.json()
        };
        // No receiver (no page open) is not an error.
        let _ = self.events.send(Message::Reload(json));
    }
}

/// The last render's status, and `pages`: how many event streams (open
/// pages) are listening.
pub(super) async fn status(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    let mut json = serde_json::to_value(shared.status()).unwrap_or_default();
    json["pages"] = shared.events.receiver_count().into();
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        json.to_string(),
    )
}

/// A `status` event at once (so a page shows a broken render's banner), then
/// a `reload` event after every render. Past [`super::Limits::streams`]
/// open streams, 503 (a browser's `EventSource` then gives up).
pub(super) async fn stream(State(shared): State<Arc<Shared>>) -> Response {
    if shared.events.receiver_count() >= shared.limits.streams() {
        let busy = "unscramble serve: too many pages are open\n";
        return (StatusCode::SERVICE_UNAVAILABLE, busy).into_response();
    }
    events(&shared).into_response()
}

fn events(shared: &Shared) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = shared.events.subscribe();
    let first = Event::default()
        .event("status")
        .data(shared.status().json());
    let rest = stream::unfold(rx, |mut rx| async move {
        use tokio::sync::broadcast::error::RecvError;
        loop {
            match rx.recv().await {
                Ok(Message::Reload(json)) => {
                    return Some((Ok(Event::default().event("reload").data(json)), rx))
                }
                Ok(Message::Stop) | Err(RecvError::Closed) => return None,
                Err(RecvError::Lagged(_)) => continue,
            }
        }
    });
    Sse::new(stream::once(async { Ok(first) }).chain(rest)).keep_alive(KeepAlive::default())
}
