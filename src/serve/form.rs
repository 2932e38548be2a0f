//! The "new puzzle" page over HTTP: `/new` (the form), `/_unscramble/parse`
//! (errors, or the solution count, as the user types),
//! `/_unscramble/preview.png` (the first solution drawn) and `POST /new`
//! (save). Every body is multipart, read field by field within the limits
//! below, by at most [`super::FORMS_AT_ONCE`] requests at a time and within
//! the body timeout; the checks themselves are [`super::new_puzzle`]'s. The
//! guard has checked origin and token before any of these run.

use super::new_puzzle::{self, Kind, Refusal};
use super::Shared;
use crate::kind::tiles::input::Parsed;
use crate::kind::tiles::solve::Outcome;
use axum::extract::multipart::{Multipart, MultipartError};
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use std::sync::Arc;
use tokio::sync::OwnedSemaphorePermit;

/// The most a notation text may hold.
pub const MAX_NOTATION: usize = 64 * 1024;
/// The most one tile picture may hold.
pub const MAX_PICTURE: usize = 2 * 1024 * 1024;
/// The most a whole request body may hold.
pub const MAX_BODY: usize = 16 * 1024 * 1024;
/// The most a short field (name, notation choice) may hold.
const MAX_FIELD: usize = 256;

pub(super) const PAGE: &str = include_str!("new.html");

/// Where the page's token goes (a hex string: nothing to escape).
const TOKEN_SLOT: &str = "{{token}}";

/// The form's fields as sent.
#[derive(Default)]
struct Submitted {
    name: String,
    notation: String,
    text: Vec<u8>,
    pictures: Vec<Vec<u8>>,
}

/// The form, holding this run's token, with the reload script (which on
/// this page only shows a failed render: a reload would lose what is typed).
pub(super) async fn page(State(shared): State<Arc<Shared>>) -> Response {
    let html =
        PAGE.replacen(TOKEN_SLOT, shared.access.token(), 1) + super::policy::RELOAD_TAG.as_str();
    let mut response = Html(html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    super::policy::for_new_page(headers);
    response
}

fn refuse(r: Refusal) -> Response {
    let status = match r.kind {
        Kind::Bad => StatusCode::BAD_REQUEST,
        Kind::Exists => StatusCode::CONFLICT,
        Kind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
        Kind::Failed => StatusCode::INTERNAL_SERVER_ERROR,
    };
    let mut body = serde_json::json!({ "ok": false, "error": r.message });
    if let Some((line, column)) = r.at {
        body["line"] = line.into();
        body["column"] = column.into();
    }
    json(status, &body)
}

fn json(status: StatusCode, body: &serde_json::Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn too_large(what: &str, limit: usize) -> Response {
    let body = serde_json::json!({
        "ok": false,
        "error": format!("{what} is larger than the limit of {} KiB", limit / 1024),
    });
    json(StatusCode::PAYLOAD_TOO_LARGE, &body)
}

/// Every place for a form is taken: the page tries again shortly.
fn busy() -> Response {
    let body = serde_json::json!({
        "ok": false,
        "error": format!("the server is checking {} forms already; try again in a moment", super::FORMS_AT_ONCE),
    });
    let mut response = json(StatusCode::SERVICE_UNAVAILABLE, &body);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A place for one more form and its fields, read within the body timeout;
/// the place is held until the answer is made.
async fn admit(
    shared: &Shared,
    form: Multipart,
) -> Result<(Submitted, OwnedSemaphorePermit), Response> {
    let timeout = shared.limits.body_timeout;
    let Some(place) = shared.forms.enter() else {
        drain(form, timeout).await;
        return Err(busy());
    };
    match tokio::time::timeout(timeout, read(form)).await {
        Ok(read) => read.map(|form| (form, place)),
        Err(_) => {
            let body = serde_json::json!({
                "ok": false,
                "error": format!("the form did not arrive within {} s", timeout.as_secs_f64()),
            });
            let mut response = json(StatusCode::REQUEST_TIMEOUT, &body);
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            Err(response)
        }
    }
}

/// Reads a form refused as busy to its end, keeping none of it, so the
/// answer is not lost to a reset connection (within `timeout`; at most
/// [`MAX_BODY`], which the body limit enforces).
async fn drain(mut form: Multipart, timeout: std::time::Duration) {
    let all = async {
        while let Ok(Some(mut field)) = form.next_field().await {
            while let Ok(Some(_)) = field.chunk().await {}
        }
    };
    let _ = tokio::time::timeout(timeout, all).await;
}

fn broken(e: MultipartError) -> Response {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large("the request", MAX_BODY);
    }
    let body = serde_json::json!({ "ok": false, "error": format!("cannot read the form: {}", e.body_text()) });
    json(StatusCode::BAD_REQUEST, &body)
}

/// Reads the fields, refusing any beyond its limit as soon as it passes it.
async fn read(mut form: Multipart) -> Result<Submitted, Response> {
    let mut got = Submitted::default();
    while let Some(mut field) = form.next_field().await.map_err(broken)? {
        let name = field.name().unwrap_or_default().to_string();
        let (what, limit) = match name.as_str() {
            "text" => ("the notation", MAX_NOTATION),
            "pictures" => ("a tile picture", MAX_PICTURE),
            _ => ("a form field", MAX_FIELD),
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > limit {
                return Err(too_large(what, limit));
            }
            bytes.extend_from_slice(&chunk);
        }
        let text = || String::from_utf8_lossy(&bytes).trim().to_string();
        match name.as_str() {
            "name" => got.name = text(),
            "notation" => got.notation = text(),
            "text" => got.text = bytes,
            // A file input left empty still sends an empty part.
            "pictures" if !bytes.is_empty() => got.pictures.push(bytes),
            _ => {}
        }
    }
    Ok(got)
}

/// The name shown in parse errors: the typed one, or a placeholder.
fn shown_name(form: &Submitted) -> String {
    if new_puzzle::check_name(&form.name).is_ok() {
        form.name.clone()
    } else {
        "new".to_string()
    }
}

/// Reads the form, then parses and solves it off the async thread and
/// answers with what `then` makes of the result.
async fn solved<T: Send + 'static>(
    shared: &Shared,
    form: Multipart,
    then: fn(&Parsed, &Outcome) -> Result<T, Refusal>,
) -> Result<T, Response> {
    let (form, _place) = admit(shared, form).await?;
    let done = tokio::task::spawn_blocking(move || {
        let parsed = new_puzzle::parse(&shown_name(&form), &form.notation, &form.text)?;
        let outcome = new_puzzle::solve_preview(&parsed.puzzle);
        then(&parsed, &outcome)
    })
    .await;
    match done {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(r)) => Err(refuse(r)),
        Err(_) => Err(refuse(Refusal::new(
            Kind::Failed,
            "the check stopped unexpectedly",
        ))),
    }
}

/// Parses and solves: `{ok, tiles, rows, cols, solutions, complete}` or the
/// error with its line and column.
pub(super) async fn parse(State(shared): State<Arc<Shared>>, form: Multipart) -> Response {
    let summary = solved(&shared, form, |parsed, outcome| {
        let p = &parsed.puzzle;
        Ok(serde_json::json!({
            "ok": true,
            "tiles": p.tiles.len(),
            "rows": p.rows,
            "cols": p.cols,
            "solutions": outcome.total,
            "complete": outcome.complete(),
            "warnings": parsed.warnings,
        }))
    });
    match summary.await {
        Ok(body) => json(StatusCode::OK, &body),
        Err(r) => r,
    }
}

/// The first solution drawn as PNG; 422 with the reason when there is none.
pub(super) async fn preview(State(shared): State<Arc<Shared>>, form: Multipart) -> Response {
    let png = solved(&shared, form, |parsed, outcome| {
        let board = outcome
            .solutions
            .first()
            .ok_or_else(|| Refusal::new(Kind::Invalid, "no solution found"))?;
        Ok(new_puzzle::preview_png(&parsed.puzzle, board))
    });
    match png.await {
        Ok(png) => ([(header::CONTENT_TYPE, "image/png")], png).into_response(),
        Err(r) => r,
    }
}

/// Saves the puzzle; the watcher renders it. `{ok, name, gallery, board}`:
/// where its first solution will be served once rendered.
/// Counts against [`super::MAX_NEW_PUZZLES`] and [`super::MAX_NEW_BYTES`]
/// before a byte is written; a puzzle refused is not counted.
pub(super) async fn save(State(shared): State<Arc<Shared>>, form: Multipart) -> Response {
    let (form, _place) = match admit(&shared, form).await {
        Ok(f) => f,
        Err(r) => return r,
    };
    let bytes = (form.text.len() + form.pictures.iter().map(Vec::len).sum::<usize>()) as u64;
    if let Err(full) = shared.quota.take(bytes) {
        let body = serde_json::json!({ "ok": false, "error": full.to_string() });
        return json(StatusCode::TOO_MANY_REQUESTS, &body);
    }
    let saver = shared.clone();
    let done = tokio::task::spawn_blocking(move || {
        let saved = new_puzzle::save(
            &saver.puzzles,
            &form.name,
            &form.notation,
            &form.text,
            form.pictures,
            saver.max_tile_side,
        );
        match saved {
            Ok(dir) => {
                saver
                    .quota
                    .add(folder_bytes(&dir.join("input")).saturating_sub(bytes));
                Ok(form.name)
            }
            Err(refusal) => {
                saver.quota.give_back(bytes);
                Err(refusal)
            }
        }
    })
    .await;
    match done {
        Ok(Ok(name)) => {
            eprintln!("new puzzle '{name}' saved from the form");
            let body = serde_json::json!({
                "ok": true,
                "name": name,
                "gallery": "/",
                "board": format!("/{name}/solution-1.png"),
            });
            json(StatusCode::CREATED, &body)
        }
        Ok(Err(r)) => refuse(r),
        Err(_) => refuse(Refusal::new(Kind::Failed, "saving stopped unexpectedly")),
    }
}

/// The bytes of the files directly in `dir`.
fn folder_bytes(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len())
        .sum()
}
