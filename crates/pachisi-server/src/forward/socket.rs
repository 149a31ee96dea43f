//! A game's WebSocket relayed to its owner, byte for byte. The client's handshake is sent to
//! the owner as it came (its key and version included), so the owner checks it and its answer
//! is the client's: a refusal (429, 421, 400) is answered as the owner gave it, and a 101 is
//! passed back with the owner's `Sec-WebSocket-Accept`. From then on the two connections are
//! joined: the bytes go across each way as they came, with no frame decoded, checked or
//! encoded again (the owner checks the client's frames; the relay is only a pipe, its cost two
//! reads and two writes a message).
//!
//! The relay follows only where the owner's frames begin (`Frames`), so that an owner that
//! goes away without a close frame (killed, say) can be said to the client as a close frame of
//! its own, "connect again" (1012), written between two frames: the client reconnects and
//! reaches the game's new owner. An owner gone in the middle of a frame leaves nothing to say
//! it with: the client's connection is closed, and the client reconnects as after any
//! connection lost.

use super::{outgoing, Forward, NotAnswered};
use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::Response;
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long the owner has to answer the handshake.
const HANDSHAKE: Duration = Duration::from_secs(5);
/// The most of an owner's refusal read and passed back.
const MAX_REFUSAL: usize = 64 * 1024;
/// The bytes read at once, each way.
const BUFFER: usize = 16 * 1024;

/// Relays the WebSocket `request` to the owner at `address`.
pub(super) async fn relay(
    forward: &Forward,
    request: Request,
    address: &str,
) -> Result<Response, NotAnswered> {
    let (mut parts, _) = request.into_parts();
    let Some(client_upgrade) = parts.extensions.remove::<OnUpgrade>() else {
        return Ok(crate::guard::error_response(
            StatusCode::UPGRADE_REQUIRED,
            "a WebSocket is opened with an upgrade of an HTTP/1.1 connection",
        ));
    };
    let path = parts
        .uri
        .path_and_query()
        .map(|pq| pq.as_str())
        .unwrap_or("/");
    let headers = handshake_headers(forward, &parts.headers, &parts.extensions)?;
    let mut owner_request = hyper::Request::builder()
        .method(Method::GET)
        .uri(path)
        .body(Body::empty())
        .map_err(NotAnswered::because)?;
    *owner_request.headers_mut() = headers;

    let answered = tokio::time::timeout(HANDSHAKE, async {
        let stream = TcpStream::connect(address).await?;
        // Events are small and must go at once.
        stream.set_nodelay(true)?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(connection.with_upgrades());
        let answer = sender.send_request(owner_request).await?;
        Ok::<_, Box<dyn std::error::Error + Send + Sync>>(answer)
    })
    .await;
    let mut answer = match answered {
        Ok(Ok(answer)) => answer,
        Ok(Err(e)) => return Err(NotAnswered::because(e)),
        Err(_) => {
            return Err(NotAnswered::because(
                "the owner did not answer the handshake",
            ))
        }
    };
    let status = answer.status();
    if status == StatusCode::MISDIRECTED_REQUEST {
        return Err(NotAnswered::moved());
    }
    let mut response = Response::builder().status(status);
    for (name, value) in answer.headers() {
        if name != header::CONTENT_LENGTH && name != header::TRANSFER_ENCODING {
            response = response.header(name, value);
        }
    }
    if status != StatusCode::SWITCHING_PROTOCOLS {
        // A refusal: its body goes back as the owner wrote it.
        let body = http_body_util::Limited::new(answer.into_body(), MAX_REFUSAL);
        let bytes = http_body_util::BodyExt::collect(body)
            .await
            .map_err(NotAnswered::because)?
            .to_bytes();
        return response
            .body(Body::from(bytes))
            .map_err(NotAnswered::because);
    }
    let owner_upgrade = hyper::upgrade::on(&mut answer);
    tokio::spawn(async move {
        let (client, owner) = tokio::join!(client_upgrade, owner_upgrade);
        if let (Ok(client), Ok(owner)) = (client, owner) {
            join(client, owner).await;
        }
    });
    response.body(Body::empty()).map_err(NotAnswered::because)
}

/// The headers of the handshake sent to the owner: the client's as a forwarded request keeps
/// them (never the instances' own, whatever the client sent), with the instances' key and the
/// client's address; and the handshake's own as the client sent them, since the owner answers
/// the client's key and the connection is the client's once upgraded.
fn handshake_headers(
    forward: &Forward,
    incoming: &HeaderMap,
    extensions: &axum::http::Extensions,
) -> Result<HeaderMap, NotAnswered> {
    let mut headers = outgoing(forward, incoming, extensions)?;
    for (name, value) in incoming {
        if name.as_str().starts_with("sec-websocket-") {
            headers.append(name, value.clone());
        }
    }
    headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
    headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    Ok(headers)
}

/// Carries the bytes both ways until either side goes away.
async fn join(client: Upgraded, owner: Upgraded) {
    let (mut from_client, mut to_client) = tokio::io::split(TokioIo::new(client));
    let (mut from_owner, mut to_owner) = tokio::io::split(TokioIo::new(owner));
    let up = async {
        let mut buffer = vec![0u8; BUFFER];
        loop {
            match from_client.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to_owner.write_all(&buffer[..n]).await.is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to_owner.shutdown().await;
    };
    let down = async {
        let mut buffer = vec![0u8; BUFFER];
        let mut frames = Frames::default();
        loop {
            match from_owner.read(&mut buffer).await {
                Ok(n) if n > 0 => {
                    frames.feed(&buffer[..n]);
                    if to_client.write_all(&buffer[..n]).await.is_err() {
                        return;
                    }
                }
                // Gone: said to the client, when there is a place to say it.
                _ => {
                    if !frames.closed && frames.between() {
                        let _ = to_client.write_all(&connect_again()).await;
                    }
                    let _ = to_client.shutdown().await;
                    return;
                }
            }
        }
    };
    // Either side gone ends the relay: the other connection is dropped with it.
    tokio::select! {
        _ = up => {}
        _ = down => {}
    }
}

/// A close frame from the server, 1012 "connect again", unmasked as a server's frames are.
fn connect_again() -> Vec<u8> {
    const REASON: &[u8] = b"the game's server went away: connect again";
    let code = axum::extract::ws::close_code::RESTART.to_be_bytes();
    let mut frame = vec![0x88, (2 + REASON.len()) as u8];
    frame.extend_from_slice(&code);
    frame.extend_from_slice(REASON);
    frame
}

/// Where the frames of a WebSocket stream begin, followed from its bytes without reading their
/// payloads (RFC 6455, 5.2): the header of each (2 to 14 bytes) is read, its payload counted
/// past.
#[derive(Debug, Default)]
struct Frames {
    /// The header read so far of the frame beginning.
    header: [u8; 14],
    /// How many bytes of it are read.
    have: usize,
    /// The payload bytes of the current frame still to come.
    remaining: u64,
    /// Whether a close frame has begun.
    closed: bool,
}

impl Frames {
    /// Follows `bytes`, the next of the stream.
    fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            if self.remaining > 0 {
                let skip = self.remaining.min(bytes.len() as u64);
                self.remaining -= skip;
                bytes = &bytes[skip as usize..];
                continue;
            }
            self.header[self.have] = bytes[0];
            self.have += 1;
            bytes = &bytes[1..];
            if let Some(length) = self.payload_length() {
                if self.header[0] & 0x0f == 0x8 {
                    self.closed = true;
                }
                self.remaining = length;
                self.have = 0;
            }
        }
    }

    /// The payload's length once the header is whole.
    fn payload_length(&self) -> Option<u64> {
        if self.have < 2 {
            return None;
        }
        let masked = self.header[1] & 0x80 != 0;
        let (extended, length) = match self.header[1] & 0x7f {
            126 => (2, None),
            127 => (8, None),
            short => (0, Some(u64::from(short))),
        };
        let whole = 2 + extended + if masked { 4 } else { 0 };
        if self.have < whole {
            return None;
        }
        Some(length.unwrap_or_else(|| {
            self.header[2..2 + extended]
                .iter()
                .fold(0u64, |sum, byte| (sum << 8) | u64::from(*byte))
        }))
    }

    /// Whether the stream stands between two frames.
    fn between(&self) -> bool {
        self.have == 0 && self.remaining == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(opcode: u8, payload: &[u8], mask: bool) -> Vec<u8> {
        let mut bytes = vec![0x80 | opcode];
        let bit = if mask { 0x80 } else { 0 };
        match payload.len() {
            n if n < 126 => bytes.push(bit | n as u8),
            n if n <= 0xffff => {
                bytes.push(bit | 126);
                bytes.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                bytes.push(bit | 127);
                bytes.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        if mask {
            bytes.extend_from_slice(&[1, 2, 3, 4]);
        }
        bytes.extend_from_slice(payload);
        bytes
    }

    #[test]
    fn frames_of_every_length_are_followed_to_their_ends() {
        let mut stream = Vec::new();
        for (length, mask) in [
            (0, false),
            (5, true),
            (125, false),
            (126, false),
            (70_000, true),
        ] {
            stream.extend(frame(0x1, &vec![b'x'; length], mask));
        }
        let mut whole = Frames::default();
        whole.feed(&stream);
        assert!(whole.between());
        // Byte by byte, the stream is between frames exactly where a frame ends.
        let ends: Vec<usize> = {
            let mut at = 0;
            [
                (0, false),
                (5, true),
                (125, false),
                (126, false),
                (70_000, true),
            ]
            .iter()
            .map(|(length, mask)| {
                at += frame(0x1, &vec![b'x'; *length], *mask).len();
                at
            })
            .collect()
        };
        let mut split = Frames::default();
        for (i, byte) in stream.iter().enumerate() {
            split.feed(std::slice::from_ref(byte));
            assert_eq!(split.between(), ends.contains(&(i + 1)), "after byte {i}");
        }
        assert!(!split.closed);
    }

    #[test]
    fn a_close_frame_is_seen_and_a_cut_frame_is_not_between() {
        let mut frames = Frames::default();
        let text = frame(0x1, b"event", false);
        frames.feed(&text[..3]);
        assert!(!frames.between(), "cut in the middle of a frame");
        frames.feed(&text[3..]);
        assert!(frames.between());
        frames.feed(&frame(0x8, &[0x03, 0xe8], false));
        assert!(frames.closed);
    }

    /// The owner hears the instances' key and the client's address from the relay only, never
    /// as the client wrote them, and the client's own handshake as it came.
    #[tokio::test]
    async fn the_owner_gets_the_instances_key_from_the_relay_never_the_clients() {
        use crate::peers::{Peers, CLIENT, KEY};
        use axum::extract::ConnectInfo;
        use std::net::SocketAddr;
        use std::sync::Arc;
        let path = crate::testing::temp_db("relay-headers");
        let games =
            crate::testing::open(&path, std::time::Duration::ZERO, crate::Limits::default());
        let key = "k".repeat(64);
        let forward = Forward::new(games, Arc::new(Peers::new(key.clone()).expect("peers")));
        let mut incoming = HeaderMap::new();
        for (name, value) in [
            (KEY, "a guessed key"),
            (CLIENT, "192.0.2.1"),
            ("host", "pachisi.example.org"),
            ("connection", "Upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("sec-websocket-version", "13"),
        ] {
            incoming.insert(name, HeaderValue::from_static(value));
        }
        let mut extensions = axum::http::Extensions::new();
        let client: SocketAddr = "198.51.100.7:4000".parse().expect("an address");
        extensions.insert(ConnectInfo(client));
        let Ok(sent) = handshake_headers(&forward, &incoming, &extensions) else {
            panic!("the headers are made");
        };
        assert_eq!(sent.get_all(KEY).iter().count(), 1);
        assert_eq!(sent[KEY], key.as_str());
        assert_eq!(sent.get_all(CLIENT).iter().count(), 1);
        assert_eq!(sent[CLIENT], "198.51.100.7");
        assert_eq!(sent["sec-websocket-key"], "dGhlIHNhbXBsZSBub25jZQ==");
        assert_eq!(sent["sec-websocket-version"], "13");
        assert_eq!(sent["host"], "pachisi.example.org");
        assert_eq!(sent["upgrade"], "websocket");
        crate::testing::remove(&path);
    }

    #[test]
    fn the_relays_own_close_frame_says_connect_again() {
        let bytes = connect_again();
        let mut frames = Frames::default();
        frames.feed(&bytes);
        assert!(frames.closed && frames.between());
        assert_eq!(u16::from_be_bytes([bytes[2], bytes[3]]), 1012);
        assert_eq!(bytes[1] as usize, bytes.len() - 2);
    }
}
