//! `pachisi serve`'s connections, against a real process: one address cannot take every
//! connection slot, and the server answers only to an authority it checks whole (a `Host`
//! header, or the absolute URI a request targets). Each test fails without its defence
//! (docs/security.md). Bounds of time here are deadlock bounds, many times what the server
//! needs; scripts/probe-server measures the figures.

mod common;

use common::{fresh_database, Server};
use std::io::{Read, Write};
use std::net::{IpAddr, TcpStream};
use std::time::{Duration, Instant};

/// The server's `host:port`.
fn address(server: &Server) -> String {
    server.url.trim_start_matches("http://").to_string()
}

/// A connection from 127.0.0.1 that sends half a request and waits.
fn half_sent(address: &str) -> Option<TcpStream> {
    let mut stream = TcpStream::connect(address).ok()?;
    stream
        .write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .ok()?;
    Some(stream)
}

/// Whether the server closed `stream` (or reset it) within `wait`, rather than keeping it open.
fn closed(stream: &mut TcpStream, wait: Duration) -> bool {
    let _ = stream.set_read_timeout(Some(wait));
    let mut buffer = [0u8; 64];
    match stream.read(&mut buffer) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    }
}

/// The global cap (16) is smaller than the flood (40), and the header timeout long: without
/// the cap per address (4), the flood would hold every slot and the other address would wait a
/// minute. On Linux the whole of 127.0.0.0/8 is loopback, so 127.0.0.2 is another address.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn an_address_at_its_cap_does_not_delay_another() {
    let server = Server::start_with(
        &fresh_database("connections-per-client"),
        0,
        &[
            "--max-connections",
            "16",
            "--max-connections-per-client",
            "4",
            "--header-timeout",
            "60",
        ],
    );
    let address = address(&server);
    let mut flood: Vec<Option<TcpStream>> = (0..40).map(|_| half_sent(&address)).collect();
    let other: IpAddr = "127.0.0.2".parse().expect("address");
    let http = reqwest::Client::builder()
        .local_address(other)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let start = Instant::now();
    let answer = http
        .get(format!("{}/api/rulesets", server.url))
        .send()
        .await
        .map(|r| r.status().as_u16());
    let waited = start.elapsed();
    assert!(matches!(answer, Ok(200)), "{answer:?}");
    assert!(
        waited < Duration::from_secs(5),
        "another address waited {waited:?} behind one address's half-sent requests"
    );
    // The flooding address keeps its four; the rest were reset unread.
    let mut held = 0;
    for stream in flood.iter_mut().flatten() {
        if !closed(stream, Duration::from_millis(300)) {
            held += 1;
        }
    }
    assert_eq!(held, 4, "connections of one address left open");
}

/// Writes `head` (a request line and headers) and returns the answer's status line.
fn status_of(address: &str, head: &str) -> String {
    let mut stream = TcpStream::connect(address).expect("connect");
    stream
        .write_all(format!("{head}\r\nConnection: close\r\n\r\n").as_bytes())
        .expect("send");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.lines().next().unwrap_or_default().to_string()
}

#[test]
fn the_whole_authority_is_checked() {
    let server = Server::start(&fresh_database("connections-authority"), 0);
    let address = address(&server);
    for (head, status) in [
        (
            "GET /api/rulesets HTTP/1.1\r\nHost: [::1].evil.example",
            "400",
        ),
        ("GET /api/rulesets HTTP/1.1\r\nHost: [::1]evil", "400"),
        ("GET /api/rulesets HTTP/1.1\r\nHost: user@127.0.0.1", "400"),
        (
            "GET http://evil.example/api/rulesets HTTP/1.1\r\nHost: 127.0.0.1",
            "421",
        ),
        (
            "GET http://127.0.0.1/api/rulesets HTTP/1.1\r\nHost: 127.0.0.1",
            "200",
        ),
    ] {
        let line = status_of(&address, head);
        assert!(
            line.starts_with(&format!("HTTP/1.1 {status} ")),
            "{head:?}: {line}"
        );
    }
}
