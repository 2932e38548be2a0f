//! The "new puzzle" page over HTTP: `/new` (the form), `/_unscramble/parse`
//! (errors, or the solution count, as the user types),
//! `/_unscramble/preview.png` (the first solution drawn) and `POST /new`
//! (save). Every body is multipart, read field by field within the limits
//! below; the checks themselves are [`super::new_puzzle`]'s.

use super::new_puzzle::{self, Kind, Refusal};
use super::Shared;
use crate::kind::tiles::input::Parsed;
use crate::kind::tiles::solve::Outcome;
use axum::extract::multipart::{Multipart, MultipartError};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use std::sync::Arc;

/// The most a notation text may hold.
pub const MAX_NOTATION: usize = 64 * 1024;
/// The most one tile picture may hold.
pub const MAX_PICTURE: usize = 2 * 1024 * 1024;
/// The most a whole request body may hold.
pub const MAX_BODY: usize = 16 * 1024 * 1024;
/// The most a short field (name, notation choice) may hold.
const MAX_FIELD: usize = 256;

const PAGE: &str = include_str!("new.html");

/// The form's fields as sent.
#[derive(Default)]
struct Submitted {
    name: String,
    notation: String,
    text: Vec<u8>,
    pictures: Vec<Vec<u8>>,
}

pub(super) async fn page() -> Html<String> {
    Html(super::files::inject(PAGE))
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
    form: Multipart,
    then: fn(&Parsed, &Outcome) -> Result<T, Refusal>,
) -> Result<T, Response> {
    let form = read(form).await?;
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
pub(super) async fn parse(form: Multipart) -> Response {
    let summary = solved(form, |parsed, outcome| {
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
pub(super) async fn preview(form: Multipart) -> Response {
    let png = solved(form, |parsed, outcome| {
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
pub(super) async fn save(State(shared): State<Arc<Shared>>, form: Multipart) -> Response {
    let form = match read(form).await {
        Ok(f) => f,
        Err(r) => return r,
    };
    let done = tokio::task::spawn_blocking(move || {
        new_puzzle::save(
            &shared.puzzles,
            &form.name,
            &form.notation,
            &form.text,
            form.pictures,
            shared.max_tile_side,
        )
        .map(|_| form.name)
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
