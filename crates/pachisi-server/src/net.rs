//! Connections: the accept loop in front of the router, with the limits the framework's own
//! `serve` does not set. A client has [`Limits::header_timeout`] to send a request's headers
//! (hyper's header read timeout: a half-sent request is dropped); at most
//! [`Limits::max_connections`] connections are open at once (beyond, new ones wait in the
//! system's queue until one closes, so the process never runs out of file descriptors); headers
//! are bounded in size; and each request knows its client's address (for the limits per
//! client).
//!
//! [`Limits::header_timeout`]: crate::limits::Limits::header_timeout
//! [`Limits::max_connections`]: crate::limits::Limits::max_connections

use crate::limits::Limits;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The largest request head (request line and headers) read.
const MAX_HEAD: usize = 16 * 1024;
/// How long open requests may finish once the server is asked to stop.
const GRACE: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` until `stop` resolves.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) {
    let max = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let permits = Arc::new(Semaphore::new(max));
    // Tells every connection to finish its request and close.
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD);
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
        let (stream, address) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors or memory for a moment: wait rather than spin.
                    eprintln!("cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(address));
            app.clone().oneshot(request)
        });
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut closed = closed.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            // A client that goes away or breaks the protocol is no error of the server's.
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(permit);
        });
    }
    drop(listener);
    let _ = closing.send(true);
    // Every connection has closed when every permit is back.
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(GRACE, permits.acquire_many(all)).await;
}
