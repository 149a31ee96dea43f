//! Routing on a database shared by several instances (docs/deploy.md): a client may reach any
//! instance (a plain round-robin load balancer in front), and every request about a game
//! (`/api/games/{id}/...`, its WebSocket included) is answered by the game's owner. The instance
//! reached answers it itself when it owns the game (or takes the game, when nobody holds it);
//! otherwise it forwards the request to the owner's address for the instances' own traffic
//! (`peers`), with the client's address and the shared key, and sends back the answer as it
//! came; a WebSocket is relayed byte for byte (`forward/socket.rs`). The owner's address is
//! remembered for a moment, and read again when the owner answers that the game is no longer
//! its own (421) or does not answer.
//!
//! A new game (`POST /api/games`) is made by the live instance holding the fewest games, so
//! that the games are balanced from the first moment; the lobby is every instance's lobby
//! together (`lobby`).

use crate::games::cluster::Place;
use crate::games::Games;
use crate::guard;
use crate::peers::{FromPeer, Peers, CLIENT, KEY};
use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod socket;

/// How long an owner's address is used without reading it again.
const REMEMBER: Duration = Duration::from_secs(2);
/// How long a request waits for a game's owner that does not answer (killed, say) to be
/// replaced: its lease runs out, and the instance asked takes the game itself.
const TAKEOVER_WAIT: Duration = Duration::from_secs(5);
/// The pause before asking the database again after an owner did not answer.
const AGAIN: Duration = Duration::from_millis(200);
/// How many owners a request is tried at, at most, before the client is told to try again.
const TRIES: usize = 20;
/// How many games' owners are remembered (beyond, the oldest are forgotten).
const REMEMBERED: usize = 100_000;
/// The headers of one connection only, never forwarded (RFC 9110, 7.6.1).
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
];

/// The router's part in forwarding: the games, the other instances, the owners remembered.
pub struct Forward {
    pub(crate) games: Arc<Games>,
    pub(crate) peers: Arc<Peers>,
    owners: Mutex<HashMap<String, (String, Instant)>>,
    /// The other instances' lobby lines and when they were read: read again at most every
    /// [`LOBBY_AGE`], by one request while the others wait for it, so that visitors asking for
    /// the lobby cost the other instances a request a second, not one each.
    others: tokio::sync::Mutex<Option<(Instant, Vec<serde_json::Value>)>>,
}

/// How long the other instances' lobby lines are used before they are read again.
const LOBBY_AGE: Duration = Duration::from_secs(1);

impl Forward {
    /// Forwarding for `games`, talking to the other instances with `peers`.
    pub fn new(games: Arc<Games>, peers: Arc<Peers>) -> Forward {
        Forward {
            games,
            peers,
            owners: Mutex::new(HashMap::new()),
            others: tokio::sync::Mutex::new(None),
        }
    }

    /// Where the game `id` is answered: the owner remembered, or found.
    async fn place(&self, id: &str) -> Result<Place, Response> {
        let remembered = crate::game::lock(&self.owners)
            .get(id)
            .filter(|(_, at)| at.elapsed() < REMEMBER)
            .map(|(address, _)| address.clone());
        if let Some(address) = remembered {
            // Taken here meanwhile (a round of leases gave it to this instance).
            if self.games.get(id).is_ok() {
                return Ok(Place::Here);
            }
            return Ok(Place::There(address));
        }
        let place = self
            .games
            .locate(id)
            .await
            .map_err(|e| crate::answer::ApiError::from(e).into_response())?;
        if let Place::There(address) = &place {
            let mut owners = crate::game::lock(&self.owners);
            if owners.len() >= REMEMBERED {
                owners.retain(|_, (_, at)| at.elapsed() < REMEMBER);
            }
            owners.insert(id.to_string(), (address.clone(), Instant::now()));
        }
        Ok(place)
    }

    /// Forgets the owner remembered for `id`.
    fn forget(&self, id: &str) {
        crate::game::lock(&self.owners).remove(id);
    }

    /// The instance a new game is made at: the live instance holding the fewest games, when it
    /// holds clearly fewer than this one (a tenth fewer, and at least two); `None`: here.
    ///
    /// Both counts are the last round of leases' (a second old at most): like is compared with
    /// like, so that instances all making games at once keep their own. The other's is counted
    /// up here as games are sent to it meanwhile, so that a burst of new games is not all sent
    /// to the one instance that held the fewest a moment ago.
    fn placement(&self) -> Option<String> {
        let mut peers = crate::game::lock(&self.games.peers);
        let here = peers
            .iter()
            .find(|p| p.instance == self.games.instance)
            .map_or(0, |p| p.games);
        let there = peers
            .iter_mut()
            .filter(|p| p.instance != self.games.instance && p.address.is_some())
            .filter(|p| p.games + (here / 10).max(2) < here)
            .min_by_key(|p| p.games);
        let there = there?;
        there.games += 1;
        there.address.clone()
    }
}

impl Forward {
    /// The lobby lines of every other live instance, each asked with the key (one that does
    /// not answer in 2 s is left out).
    async fn others_lobby(&self) -> Vec<serde_json::Value> {
        let Ok(key) = self.peers.key_header() else {
            return Vec::new();
        };
        let asks = self
            .games
            .peers()
            .into_iter()
            .filter(|p| p.instance != self.games.instance)
            .filter_map(|p| p.address)
            .map(|address| {
                self.peers
                    .http
                    .get(format!("http://{address}/api/lobby"))
                    .header(KEY, key.clone())
                    .timeout(Duration::from_secs(2))
                    .send()
            });
        let mut lines = Vec::new();
        for answer in futures_util::future::join_all(asks)
            .await
            .into_iter()
            .flatten()
        {
            if let Ok(theirs) = answer.json::<Vec<serde_json::Value>>().await {
                lines.extend(theirs);
            }
        }
        lines
    }
}

/// The game a path is about: `/api/games/{id}` and everything under it.
fn game_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/games/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

/// Answers a request about a game at the game's owner (see the module's documentation): here,
/// or forwarded. A request that came from another instance is never forwarded again: one for a
/// game that is not this instance's is answered 421, and the forwarding instance asks the
/// database again.
pub(crate) async fn route(
    State(forward): State<Arc<Forward>>,
    request: Request,
    next: Next,
) -> Response {
    let from_peer = request.extensions().get::<FromPeer>().is_some();
    let path = request.uri().path().to_string();
    if path == "/api/games" && request.method() == Method::POST && !from_peer {
        return match forward.placement() {
            Some(address) => relay_http(&forward, request, &address)
                .await
                .unwrap_or_else(|e| unanswered(&e)),
            None => next.run(request).await,
        };
    }
    let Some(id) = game_of(&path).map(str::to_string) else {
        return next.run(request).await;
    };
    let is_socket = request.headers().contains_key(header::UPGRADE);
    // The body is read once, so that it can be sent to another owner if the first has moved.
    let (parts, body) = request.into_parts();
    let body = if is_socket {
        Bytes::new()
    } else {
        match to_bytes(body, forward.games.limits().max_body).await {
            Ok(bytes) => bytes,
            Err(_) => {
                return guard::error_response(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "the request's body is larger than the server takes",
                )
            }
        }
    };
    let mut last = NotAnswered::because("no owner was tried");
    let until = Instant::now() + TAKEOVER_WAIT;
    for tried in 0..TRIES {
        let place = match forward.place(&id).await {
            Ok(place) => place,
            Err(response) => return response,
        };
        let address = match place {
            Place::Here => {
                let request = Request::from_parts(parts, Body::from(body));
                return next.run(request).await;
            }
            Place::There(_) if from_peer => {
                return guard::error_response(
                    StatusCode::MISDIRECTED_REQUEST,
                    "this server no longer holds the game",
                )
            }
            Place::There(address) => address,
        };
        let request = Request::from_parts(parts.clone(), Body::from(body.clone()));
        let answered = if is_socket {
            socket::relay(&forward, request, &address).await
        } else {
            relay_http(&forward, request, &address).await
        };
        match answered {
            Ok(response) => return response,
            // The owner moved or is gone: the database is asked again.
            Err(not) => {
                forward.forget(&id);
                let moved = not.moved;
                last = not;
                if Instant::now() >= until {
                    break;
                }
                // Asked again at once the first time the owner said the game moved (its new
                // owner is in the database); after a pause otherwise, while the game changes
                // hands.
                if !moved || tried > 0 {
                    tokio::time::sleep(AGAIN).await;
                }
            }
        }
    }
    unanswered(&last)
}

/// Why a forwarded request was not answered by the owner, and whether the owner said the game
/// is not its own (421).
pub(crate) struct NotAnswered {
    why: String,
    moved: bool,
}

impl NotAnswered {
    /// The owner did not answer: `why`.
    fn because(why: impl std::fmt::Display) -> NotAnswered {
        NotAnswered {
            why: why.to_string(),
            moved: false,
        }
    }

    /// The owner said the game is not its own.
    fn moved() -> NotAnswered {
        NotAnswered {
            why: "the game moved to another server".into(),
            moved: true,
        }
    }
}

/// Sends `request` to the instance at `address` and returns its answer. `Err` when it did not
/// answer, or answered that the game is no longer its own (421).
async fn relay_http(
    forward: &Forward,
    request: Request,
    address: &str,
) -> Result<Response, NotAnswered> {
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, forward.games.limits().max_body).await else {
        return Ok(guard::error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request's body is larger than the server takes",
        ));
    };
    let target = match parts.uri.path_and_query() {
        Some(pq) => format!("http://{address}{pq}"),
        None => format!("http://{address}/"),
    };
    let headers = outgoing(forward, &parts.headers, &parts.extensions)?;
    let sent = forward
        .peers
        .http
        .request(parts.method.clone(), &target)
        .headers(headers)
        .body(body)
        .send()
        .await;
    let answer = sent.map_err(NotAnswered::because)?;
    let status = answer.status();
    if status == StatusCode::MISDIRECTED_REQUEST {
        return Err(NotAnswered::moved());
    }
    let mut response = Response::builder().status(status);
    for (name, value) in answer.headers() {
        if !is_hop_by_hop(name) && name != header::CONTENT_LENGTH {
            response = response.header(name, value);
        }
    }
    let bytes = answer.bytes().await.map_err(NotAnswered::because)?;
    response
        .body(Body::from(bytes))
        .map_err(NotAnswered::because)
}

/// The headers a forwarded request carries: the client's, but for those of one connection and
/// the instances' own (which a client cannot set), then the key and the client's address.
pub(crate) fn outgoing(
    forward: &Forward,
    incoming: &HeaderMap,
    extensions: &axum::http::Extensions,
) -> Result<HeaderMap, NotAnswered> {
    let mut headers = passed_on(incoming);
    let key = forward.peers.key_header().map_err(NotAnswered::because)?;
    headers.insert(HeaderName::from_static(KEY), key);
    if let Some(ConnectInfo(address)) = extensions.get::<ConnectInfo<SocketAddr>>() {
        if let Ok(value) = HeaderValue::from_str(&address.ip().to_string()) {
            headers.insert(HeaderName::from_static(CLIENT), value);
        }
    }
    Ok(headers)
}

/// The client's headers a forwarded request keeps: all but those of one connection, of the
/// WebSocket's handshake, and the instances' own (a client that sends the key's or the client's
/// header has them dropped here, whatever they say).
fn passed_on(incoming: &HeaderMap) -> HeaderMap {
    let mut headers = HeaderMap::new();
    for (name, value) in incoming {
        if !is_hop_by_hop(name) && name != KEY && name != CLIENT && !is_websocket_header(name) {
            headers.append(name, value.clone());
        }
    }
    headers
}

fn is_hop_by_hop(name: &HeaderName) -> bool {
    HOP_BY_HOP.contains(&name.as_str())
}

/// The headers of a WebSocket's handshake, which the relay's own handshake makes anew.
fn is_websocket_header(name: &HeaderName) -> bool {
    name.as_str().starts_with("sec-websocket-")
}

/// The answer when no owner answered: why is said on the server's standard error, for whoever
/// runs it; the client is told only to try again (the instances' addresses and errors are not
/// its business).
fn unanswered(not: &NotAnswered) -> Response {
    eprintln!(
        "a request for a game was not answered by its server: {}",
        not.why
    );
    let mut response = guard::error_response(
        StatusCode::SERVICE_UNAVAILABLE,
        "the game's server does not answer; another takes the game over within seconds: try again",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
    response
}

/// The lobby of every instance: this one's lines and each other live instance's, newest first.
/// An instance that does not answer in time is left out (its rooms show again at the next
/// look).
pub(crate) async fn lobby(
    games: &Games,
    forward: Option<&Forward>,
    from_peer: bool,
) -> Vec<serde_json::Value> {
    let mut lines = games.lobby();
    let Some(forward) = forward.filter(|_| !from_peer) else {
        return lines;
    };
    let mut others = forward.others.lock().await;
    let fresh = others.as_ref().filter(|(at, _)| at.elapsed() < LOBBY_AGE);
    match fresh {
        Some((_, theirs)) => lines.extend(theirs.iter().cloned()),
        None => {
            let theirs = forward.others_lobby().await;
            lines.extend(theirs.iter().cloned());
            *others = Some((Instant::now(), theirs));
        }
    }
    drop(others);
    lines.sort_by(|a, b| {
        let key =
            |v: &serde_json::Value| (v["created"].as_i64(), v["id"].as_str().map(String::from));
        key(b).cmp(&key(a))
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::{game_of, passed_on, unanswered, Forward, NotAnswered, LOBBY_AGE};
    use super::{Arc, Duration, Peers, CLIENT, KEY};
    use crate::app::AppState;
    use axum::http::{HeaderMap, HeaderValue};

    /// The lobby as its route asks for it.
    async fn lobby(state: &AppState, from_peer: bool) -> Vec<serde_json::Value> {
        super::lobby(&state.games, state.forward.as_deref(), from_peer).await
    }

    #[test]
    fn the_game_of_a_path_is_its_id_after_api_games() {
        assert_eq!(game_of("/api/games/0123456789ab"), Some("0123456789ab"));
        assert_eq!(game_of("/api/games/0123456789ab/ws"), Some("0123456789ab"));
        assert_eq!(game_of("/api/games/x/seats/2/back"), Some("x"));
        assert_eq!(game_of("/api/games"), None);
        assert_eq!(game_of("/api/games/"), None);
        assert_eq!(game_of("/api/lobby"), None);
    }

    #[test]
    fn a_client_cannot_send_the_instances_own_headers_through() {
        let mut incoming = HeaderMap::new();
        for (name, value) in [
            (KEY, "a guessed key"),
            (CLIENT, "192.0.2.1"),
            ("authorization", "Bearer abc"),
            ("host", "pachisi.example.org"),
            ("connection", "keep-alive"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ] {
            incoming.insert(name, HeaderValue::from_static(value));
        }
        let kept = passed_on(&incoming);
        let mut names: Vec<&str> = kept.keys().map(|k| k.as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["authorization", "host"]);
    }

    #[tokio::test]
    async fn a_client_is_not_told_the_instances_addresses_when_no_owner_answers() {
        let why = "error sending request for url (http://10.0.0.5:9081/api/games/0123456789ab)";
        let response = unanswered(&NotAnswered::because(why));
        assert_eq!(
            response.status(),
            axum::http::StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(response.headers()["retry-after"], "2");
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .expect("body");
        let text = String::from_utf8_lossy(&body);
        assert!(
            !text.contains("10.0.0.5") && !text.contains("9081"),
            "{text}"
        );
        assert!(text.contains("try again"), "{text}");
    }

    /// Visitors asking for the lobby at once cost each other instance one request a second,
    /// not one each: the other instances' lines are read again at most every second.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_other_instances_lobbies_are_asked_at_most_once_a_second() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let asked = Arc::new(AtomicUsize::new(0));
        let counter = asked.clone();
        let other = axum::Router::new().route(
            "/api/lobby",
            axum::routing::get(move || {
                counter.fetch_add(1, Ordering::SeqCst);
                async { axum::Json(serde_json::json!([{"id": "0123456789ab", "created": 5}])) }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = listener.local_addr().expect("address").to_string();
        tokio::spawn(async move { axum::serve(listener, other).await });

        let path = crate::testing::temp_db("lobby-of-all");
        let games = crate::testing::open(&path, Duration::ZERO, crate::Limits::default());
        *crate::game::lock(&games.peers) = vec![crate::store::Peer {
            instance: "another".into(),
            address: Some(address),
            games: 1,
        }];
        let peers = Arc::new(Peers::new("k".repeat(64)).expect("peers"));
        let forward = Arc::new(Forward::new(games.clone(), peers));
        let state = AppState::new(games, "heuristic".parse().expect("a bot"))
            .expect("state")
            .with_forward(Some(forward));
        let lobbies = futures_util::future::join_all((0..20).map(|_| lobby(&state, false))).await;
        for lines in &lobbies {
            assert_eq!(lines.len(), 1, "{lines:?}");
            assert_eq!(lines[0]["id"], "0123456789ab");
        }
        assert_eq!(asked.load(Ordering::SeqCst), 1, "20 visitors, one request");
        // Another instance asking (the lobby of one) never asks on.
        assert!(lobby(&state, true).await.is_empty());
        tokio::time::sleep(LOBBY_AGE).await;
        lobby(&state, false).await;
        assert_eq!(asked.load(Ordering::SeqCst), 2, "read again a second later");
        crate::testing::remove(&path);
    }
}
