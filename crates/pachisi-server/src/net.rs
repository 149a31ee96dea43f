//! Connections: the accept loop in front of the router, with the limits the framework's own
//! `serve` does not set. A client has [`Limits::header_timeout`] to send a request's headers
//! (hyper's header read timeout: a half-sent request is dropped); at most
//! [`Limits::max_connections`] connections are open at once (beyond, new ones wait in the
//! system's queue until one closes, so the process never runs out of file descriptors); at most
//! [`Limits::max_connections_per_client`] of them come from one address ([`client_key`]: beyond,
//! a new one is reset as soon as it is accepted, unread, so that one address cannot take every
//! slot and keep the others waiting); headers are bounded in size; and each request knows its
//! client's address (for the limits per client).
//!
//! A connection that becomes a WebSocket leaves both counts: hyper hands its socket to the
//! WebSocket's task when the upgrade is done, and WebSockets have caps of their own
//! ([`crate::ws`]).
//!
//! [`Limits::header_timeout`]: crate::limits::Limits::header_timeout
//! [`Limits::max_connections`]: crate::limits::Limits::max_connections
//! [`Limits::max_connections_per_client`]: crate::limits::Limits::max_connections_per_client

use crate::limits::Limits;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// The largest request head (request line and headers) read.
const MAX_HEAD: usize = 16 * 1024;
/// How long open requests may finish once the server is asked to stop.
const GRACE: Duration = Duration::from_secs(5);

/// The address a client's limits are counted under: an IPv4 address as it is (one written as an
/// IPv4-mapped IPv6 address included), an IPv6 address by its /64 network, since one machine is
/// commonly given a whole /64 and could otherwise take a new address for every connection.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The connections open from each address ([`client_key`]). An address is in the map only while
/// it has a connection open, so the map is never larger than the connections themselves.
#[derive(Debug, Default)]
struct Open {
    counts: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address, counted until it is dropped.
#[derive(Debug)]
struct Slot {
    open: Arc<Open>,
    key: IpAddr,
}

impl Open {
    /// A slot for a connection from `ip`, or `None` when its address has `cap` open already.
    fn take(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<Slot> {
        let key = client_key(ip);
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.entry(key).or_insert(0);
        if *count >= cap.max(1) {
            return None;
        }
        *count += 1;
        Some(Slot {
            open: Arc::clone(self),
            key,
        })
    }

    /// The addresses with a connection open.
    #[cfg(test)]
    fn addresses(&self) -> usize {
        self.counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self
            .open
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Entry::Occupied(mut entry) = counts.entry(self.key) {
            *entry.get_mut() = entry.get().saturating_sub(1);
            if *entry.get() == 0 {
                entry.remove();
            }
        }
    }
}

/// Serves `app` on `listener` until `stop` resolves.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) {
    let max = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let per_client = limits.max_connections_per_client.max(1);
    let permits = Arc::new(Semaphore::new(max));
    let open = Arc::new(Open::default());
    // Tells every connection to finish its request and close.
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD);
    tokio::pin!(stop);
    'serving: loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => match permit {
                Ok(p) => p,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
        // Accepts until a connection is within its address's cap; the permit waits meanwhile,
        // so a connection refused never holds one.
        let (stream, address, slot) = loop {
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
                () = &mut stop => break 'serving,
            };
            match open.take(address.ip(), per_client) {
                Some(slot) => break (stream, address, slot),
                None => {
                    // Reset rather than closed: the client hears at once that it was refused,
                    // and the server keeps no state of the connection (no TIME_WAIT). Not
                    // reported: an address that floods would flood the log too.
                    let _ = stream.set_zero_linger();
                    drop(stream);
                }
            }
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
            // A client that goes away or breaks the protocol is no error of the server's. The
            // connection's future ends when it closes or becomes a WebSocket, and its counts
            // with it.
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(slot);
            drop(permit);
        });
    }
    drop(listener);
    let _ = closing.send(true);
    // Every connection has closed when every permit is back.
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(GRACE, permits.acquire_many(all)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_counted_by_its_ipv4_address_or_its_ipv6_network() {
        let v4: IpAddr = "192.0.2.7".parse().expect("address");
        assert_eq!(client_key(v4), v4);
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("address");
        assert_eq!(
            client_key(mapped),
            v4,
            "an IPv4-mapped address is its IPv4 address"
        );
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().expect("address");
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().expect("address");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("address");
        assert_eq!(client_key(a), client_key(b), "one /64");
        assert_ne!(client_key(a), client_key(other));
    }

    #[test]
    fn an_address_has_its_cap_and_leaves_the_map_with_its_last_connection() {
        let open = Arc::new(Open::default());
        let v4: IpAddr = "192.0.2.7".parse().expect("address");
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("address");
        let other: IpAddr = "192.0.2.8".parse().expect("address");
        let first = open.take(v4, 2).expect("first");
        let second = open.take(mapped, 2).expect("second, the same address");
        assert!(open.take(v4, 2).is_none(), "beyond the cap");
        assert!(open.take(mapped, 2).is_none(), "beyond the cap");
        let third = open
            .take(other, 2)
            .expect("another address has its own count");
        assert_eq!(open.addresses(), 2);
        drop(first);
        let again = open.take(v4, 2).expect("a slot freed");
        drop((second, again, third));
        assert_eq!(
            open.addresses(),
            0,
            "no address is kept once it has nothing open"
        );
        assert!(open.take(v4, 0).is_some(), "a cap of 0 is 1");
    }

    /// Sends `data` on a connection from `source` to `port` of 127.0.0.1 (an error when the
    /// server resets it first).
    #[cfg(target_os = "linux")]
    async fn connect_from(
        source: &str,
        port: u16,
        data: &[u8],
    ) -> std::io::Result<tokio::net::TcpStream> {
        use tokio::io::AsyncWriteExt;
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket
            .bind(format!("{source}:0").parse().expect("address"))
            .expect("bind: on Linux all of 127.0.0.0/8 is loopback");
        let mut stream = socket
            .connect(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
            .await?;
        stream.write_all(data).await?;
        Ok(stream)
    }

    /// What the server does with `stream` within `wait`: its answer's first bytes, "closed", or
    /// "open".
    #[cfg(target_os = "linux")]
    async fn outcome(
        stream: &mut std::io::Result<tokio::net::TcpStream>,
        wait: Duration,
    ) -> String {
        use tokio::io::AsyncReadExt;
        let Ok(stream) = stream else {
            return "closed".to_string();
        };
        let mut buffer = [0u8; 12];
        match tokio::time::timeout(wait, stream.read(&mut buffer)).await {
            Err(_) => "open".to_string(),
            Ok(Ok(0) | Err(_)) => "closed".to_string(),
            Ok(Ok(n)) => String::from_utf8_lossy(&buffer[..n]).to_string(),
        }
    }

    /// One address holding half-sent requests up to its cap, with more waiting behind them,
    /// keeps no other address waiting: the global cap here is smaller than the flood, so
    /// without the cap per address the other request would wait for the header timeout.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn an_address_at_its_cap_keeps_no_other_waiting() {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let limits = Limits {
            max_connections: 8,
            max_connections_per_client: 3,
            header_timeout: Duration::from_secs(60),
            ..Limits::default()
        };
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            serve(listener, app, &limits, async {
                let _ = stopped.await;
            })
            .await;
        });
        let half = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        let mut flood = Vec::new();
        for _ in 0..20 {
            flood.push(connect_from("127.0.0.1", port, half).await);
        }
        let start = std::time::Instant::now();
        let mut other = connect_from(
            "127.0.0.2",
            port,
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        )
        .await;
        let answer = outcome(&mut other, Duration::from_secs(10)).await;
        assert!(
            answer.starts_with("HTTP/1.1 200"),
            "the other address got {answer:?}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the other address waited {:?}",
            start.elapsed()
        );
        let mut held = 0;
        let mut refused = 0;
        for stream in &mut flood {
            match outcome(stream, Duration::from_millis(500)).await.as_str() {
                "open" => held += 1,
                "closed" => refused += 1,
                said => panic!("a half-sent request was answered {said:?}"),
            }
        }
        assert_eq!(
            (held, refused),
            (3, 17),
            "the address keeps its cap, the rest is reset"
        );
        // Its connections closed, the address has its slots back.
        flood.clear();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let mut again = connect_from(
            "127.0.0.1",
            port,
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        )
        .await;
        let answer = outcome(&mut again, Duration::from_secs(10)).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
        let _ = stop.send(());
        tokio::time::timeout(Duration::from_secs(10), server)
            .await
            .expect("the server stops")
            .expect("the server's task");
    }
}
