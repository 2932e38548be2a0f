//! The accept loop: hyper driven directly (axum's own `serve` has neither a
//! header-read timeout nor a connection cap). A client that opens a
//! connection and sends half a request is dropped after the header timeout;
//! connections past the cap are answered 503 and closed at once, so slow
//! or idle clients can never take the last file descriptor.

use super::{events, Shared};
use crate::kind::stop::Cancel;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How often the loop looks at Ctrl-C while no one connects.
const TICK: Duration = Duration::from_millis(100);

/// What a connection past the cap is told before it is closed.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n\
Content-Length: 44\r\nRetry-After: 1\r\nConnection: close\r\n\r\n\
unscramble serve: too many open connections\n";

/// Serves until `cancel` is set, then stops the event streams, lets the
/// requests under way end (at most 2 seconds) and returns.
pub(super) async fn serve(
    shared: Arc<Shared>,
    app: Router,
    listener: std::net::TcpListener,
    cancel: Cancel,
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    let connections = Arc::new(Semaphore::new(shared.limits.connections()));
    let header_timeout = shared.limits.header_timeout;
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let mut tasks = tokio::task::JoinSet::new();
    while !cancel.is_cancelled() {
        let stream = match tokio::time::timeout(TICK, listener.accept()).await {
            Err(_) => continue,
            Ok(Ok((stream, _))) => stream,
            // Out of descriptors (or a connection reset before it was
            // taken): the next accept may work once some are closed.
            Ok(Err(_)) => {
                tokio::time::sleep(TICK).await;
                continue;
            }
        };
        while tasks.try_join_next().is_some() {}
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            let _ = stream.try_write(BUSY);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut stopping = stopping.clone();
        tasks.spawn(async move {
            let _permit = permit;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_buf_size(64 * 1024);
            let mut conn = std::pin::pin!(builder.serve_connection(TokioIo::new(stream), service));
            let stopped = std::pin::pin!(stopping.changed());
            if let futures_util::future::Either::Right(_) =
                futures_util::future::select(conn.as_mut(), stopped).await
            {
                conn.as_mut().graceful_shutdown();
                let _ = conn.await;
            }
        });
    }
    // Ends the event streams, which would otherwise hold the shutdown; a
    // client that keeps another request open cannot hold the process long.
    let _ = shared.events.send(events::Message::Stop);
    let _ = stop.send(true);
    let drained = async { while tasks.join_next().await.is_some() {} };
    let _ = tokio::time::timeout(Duration::from_secs(2), drained).await;
    Ok(())
}
