//! The instances' own traffic, on a database shared by several instances (docs/deploy.md): each
//! instance listens on a second address for the others (`--cluster-listen`), where it answers
//! the requests they forward to it as the owner of a game, and the lobby's lines of its games.
//!
//! That listener trusts what a forwarding instance says of its client (the client's address,
//! which every limit per address counts) only from a request that shows the instances' shared
//! key, compared in constant time; any other request is refused (403). The key is made by the
//! first instance from the operating system's generator and kept in the database: whoever can
//! read the database is one of the instances. The listener is for the instances' network only:
//! its connections are not capped per address, since all of an instance's forwarded clients
//! arrive from that instance's one address (their own caps are counted at the instance they
//! reached).

use crate::guard;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use subtle::ConstantTimeEq;

/// The header that carries the instances' shared key.
pub(crate) const KEY: &str = "x-pachisi-instance-key";
/// The header that carries the address of the client a request is forwarded for.
pub(crate) const CLIENT: &str = "x-pachisi-client";

/// How long an instance waits to connect to another.
const CONNECT: Duration = Duration::from_secs(2);

/// A request that came from another instance, with the shared key (an extension of the
/// request).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FromPeer;

/// What an instance needs to talk to the others: the shared key and a pool of connections.
pub struct Peers {
    key: Arc<str>,
    pub(crate) http: reqwest::Client,
}

impl Peers {
    /// The instances' traffic with `key`.
    ///
    /// # Errors
    /// When the HTTP client cannot be made.
    pub fn new(key: String) -> Result<Peers, String> {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT)
            .timeout(crate::answer::REQUEST_TIMEOUT)
            // Nothing is followed: an answer goes back to the client as it is.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot make the client of the other instances: {e}"))?;
        Ok(Peers {
            key: key.into(),
            http,
        })
    }

    /// The key, as a header's value.
    pub(crate) fn key_header(&self) -> Result<HeaderValue, String> {
        HeaderValue::from_str(&self.key).map_err(|e| format!("the instances' key: {e}"))
    }

    /// Whether `shown` is the key (compared in constant time).
    fn is_key(&self, shown: &[u8]) -> bool {
        shown.ct_eq(self.key.as_bytes()).into()
    }
}

/// A fresh key for the instances, from the operating system's generator (256 bits).
pub fn new_key() -> String {
    format!("{}{}", crate::room::secret(), crate::room::secret())
}

/// Admits to the instances' listener only a request that shows the shared key; the client it
/// is forwarded for (the `x-pachisi-client` header) becomes the request's client, whom every
/// limit per address counts, and the request is marked [`FromPeer`].
pub(crate) async fn admit(
    State(peers): State<Arc<Peers>>,
    mut request: Request,
    next: Next,
) -> Response {
    let shown = request.headers().get(KEY).map(HeaderValue::as_bytes);
    if !shown.is_some_and(|k| peers.is_key(k)) {
        return guard::error_response(
            StatusCode::FORBIDDEN,
            "this address is for the other instances of this server, which show its key",
        );
    }
    let client = request
        .headers()
        .get(CLIENT)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<IpAddr>().ok());
    match client {
        Some(ip) => {
            request
                .extensions_mut()
                .insert(ConnectInfo(SocketAddr::new(ip, 0)));
        }
        None => {
            // A request of the instance itself (the lobby's lines): no client's limits count.
            request.extensions_mut().remove::<ConnectInfo<SocketAddr>>();
        }
    }
    request.extensions_mut().insert(FromPeer);
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    /// A listener of the instances whose one page says which client a request is for.
    fn listener() -> Router {
        let peers = Arc::new(Peers::new("k".repeat(64)).expect("peers"));
        Router::new()
            .route(
                "/",
                get(|request: Request| async move {
                    let info = request.extensions().get::<ConnectInfo<SocketAddr>>();
                    format!(
                        "{} {}",
                        info.map_or("nobody".into(), |c| c.0.ip().to_string()),
                        request.extensions().get::<FromPeer>().is_some()
                    )
                }),
            )
            .layer(axum::middleware::from_fn_with_state(peers, admit))
    }

    async fn ask(headers: &[(&str, &str)]) -> (StatusCode, String) {
        let mut request = axum::http::Request::builder().uri("/");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request.body(Body::empty()).expect("request");
        // The connection's own address: the forwarding instance's.
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([10, 0, 0, 11], 40_000))));
        let response = listener().oneshot(request).await.expect("answered");
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .expect("body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn the_instances_listener_takes_only_requests_that_show_the_key() {
        let key = "k".repeat(64);
        assert_eq!(ask(&[]).await.0, StatusCode::FORBIDDEN);
        assert_eq!(
            ask(&[(KEY, &"k".repeat(63)), (CLIENT, "192.0.2.7")])
                .await
                .0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            ask(&[(KEY, &"j".repeat(64)), (CLIENT, "192.0.2.7")])
                .await
                .0,
            StatusCode::FORBIDDEN
        );
        // With the key, the client forwarded for is the request's client.
        assert_eq!(
            ask(&[(KEY, &key), (CLIENT, "192.0.2.7")]).await,
            (StatusCode::OK, "192.0.2.7 true".into())
        );
        // Without a client (the instance's own request), no client's limits count.
        assert_eq!(
            ask(&[(KEY, &key)]).await,
            (StatusCode::OK, "nobody true".into())
        );
        assert_eq!(
            ask(&[(KEY, &key), (CLIENT, "not an address")]).await,
            (StatusCode::OK, "nobody true".into())
        );
    }

    #[test]
    fn a_new_key_is_256_bits_in_hex_and_never_the_same() {
        let (a, b) = (new_key(), new_key());
        assert_eq!(a.len(), 64);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
