//! Tests of the WebSocket against a server on a loopback port, over real connections: the places
//! strangers may take, the connections of a person, silence, and removal whatever a client has
//! left unread. Clients take other addresses of 127.0.0.0/8 to be other addresses. Bounds of time
//! are deadlock bounds, many times what the server needs.

use crate::api::{router, AppState};
use crate::games::Games;
use crate::guard::Site;
use crate::store::{Database, Store};
use crate::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::oneshot;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::WebSocketStream;

mod patches;

type Ws = WebSocketStream<TcpStream>;

/// A server on a free port of 127.0.0.1, stopped when dropped.
struct Running {
    address: SocketAddr,
    http: reqwest::Client,
    stop: Option<oneshot::Sender<()>>,
    dir: std::path::PathBuf,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn serve(name: &str, limits: Limits) -> Running {
    let dir = std::env::temp_dir().join(format!("pachisi-ws-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let store = Store::open(&Database::Sqlite(dir.join("games.sqlite"))).expect("database");
    let games = Games::load(store, Duration::ZERO, limits.clone()).expect("games");
    let state = AppState::new(games, "heuristic".parse().expect("bot")).expect("state");
    let app = router(state, Site::new(None).expect("site"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("listen");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(async move {
        crate::net::serve(listener, app, &limits, async {
            let _ = stopped.await;
        })
        .await;
    });
    Running {
        address,
        http: reqwest::Client::new(),
        stop: Some(stop),
        dir,
    }
}

/// A new game: its id, the host's token and the watch link's code.
async fn create(server: &Running, body: Value) -> (String, String, String, Value) {
    let r = server
        .http
        .post(format!("http://{}/api/games", server.address))
        .json(&body)
        .send()
        .await
        .expect("create");
    assert_eq!(r.status().as_u16(), 201);
    let game: Value = r.json().await.expect("json");
    let code = |link: &Value| {
        link["link"]
            .as_str()
            .and_then(|l| l.rsplit('.').next())
            .expect("a link")
            .to_string()
    };
    (
        game["id"].as_str().expect("id").to_string(),
        game["token"].as_str().expect("token").to_string(),
        code(&game["links"]["watch"]),
        game["links"]["invites"].clone(),
    )
}

/// A request with `token`; its status.
async fn call(server: &Running, method: &str, path: &str, token: &str, body: Value) -> u16 {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    server
        .http
        .request(method, format!("http://{}{path}", server.address))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .expect("request")
        .status()
        .as_u16()
}

/// Opens the WebSocket of game `id` from 127.0.0.`from`, with a receive buffer of `window`
/// bytes if given; a refusal's status and body otherwise.
async fn open(
    server: &Running,
    from: u8,
    id: &str,
    window: Option<u32>,
) -> Result<Ws, (u16, String)> {
    let socket = TcpSocket::new_v4().expect("socket");
    if let Some(size) = window {
        socket.set_recv_buffer_size(size).expect("buffer");
    }
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .expect("bind");
    let stream = socket.connect(server.address).await.expect("connect");
    let url = format!("ws://{}/api/games/{id}/ws", server.address);
    match tokio_tungstenite::client_async(url, stream).await {
        Ok((ws, _)) => Ok(ws),
        Err(tungstenite::Error::Http(r)) => Err((
            r.status().as_u16(),
            String::from_utf8_lossy(r.body().as_deref().unwrap_or_default()).into_owned(),
        )),
        Err(e) => panic!("the WebSocket did not open: {e}"),
    }
}

/// The next text message, as JSON (pings skipped).
async fn next_json(ws: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                return Some(serde_json::from_str(text.as_str()).expect("json"))
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
            _ => return None,
        }
    }
}

/// Says hello with `token`; the server's first answer.
async fn hello(ws: &mut Ws, token: &str) -> Value {
    let hello = json!({"type": "hello", "token": token, "after": 0}).to_string();
    ws.send(Message::Text(hello.into())).await.expect("hello");
    next_json(ws).await.expect("an answer to the hello")
}

/// How a connection ended: the close code (`None` for a connection dropped without one, or
/// still open at the deadline, then `open` is true), and every text message before.
struct Ending {
    code: Option<u16>,
    open: bool,
    texts: Vec<String>,
}

async fn ending(ws: &mut Ws, within: Duration) -> Ending {
    let deadline = Instant::now() + within;
    let mut texts = Vec::new();
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Err(_) => {
                return Ending {
                    code: None,
                    open: true,
                    texts,
                }
            }
            Ok(Some(Ok(Message::Text(text)))) => texts.push(text.as_str().to_string()),
            Ok(Some(Ok(Message::Close(frame)))) => {
                return Ending {
                    code: frame.map(|f| u16::from(f.code)),
                    open: false,
                    texts,
                }
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_)) | None) => {
                return Ending {
                    code: None,
                    open: false,
                    texts,
                }
            }
        }
    }
}

fn four_people() -> Value {
    json!({"ruleset": "ludo", "seats": ["human", "human", "human", "human"]})
}

/// However many strangers open WebSockets without saying who they are, or watch, a player of
/// the game is let in every time: the places of the game, of an address and of the server go to
/// those who said who they are, and a seated player takes none of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_cannot_keep_a_seated_player_out() {
    let limits = Limits {
        max_sockets: 12,
        max_sockets_per_game: 6,
        max_sockets_per_client: 4,
        max_unidentified_per_client: 3,
        ..Limits::default()
    };
    let server = serve("strangers", limits).await;
    let (id, token, watch, _) = create(&server, four_people()).await;
    // Watchers from two addresses take every watcher's place of the game.
    let mut held = Vec::new();
    for from in 2..=3u8 {
        for _ in 0..3 {
            let mut ws = open(&server, from, &id, None).await.expect("a watcher");
            assert_eq!(hello(&mut ws, &watch).await["type"], "welcome");
            held.push(ws);
        }
    }
    // Strangers from eight more addresses open all the unidentified places they may, more
    // than the whole server's limit, and keep them.
    for from in 10..18u8 {
        for _ in 0..3 {
            held.push(open(&server, from, &id, None).await.expect("unidentified"));
        }
        let (status, body) = open(&server, from, &id, None)
            .await
            .expect_err("a fourth is refused");
        assert_eq!(status, 429, "{body}");
        let body: Value = serde_json::from_str(&body).expect("a JSON error");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    // The player connects twenty times: welcomed every time.
    for _ in 0..20 {
        let mut ws = open(&server, 1, &id, None)
            .await
            .expect("the player's upgrade");
        let welcome = hello(&mut ws, &token).await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let _ = ws.close(None).await;
    }
    // A watcher more is refused, once it has said who it is, with the error and close code
    // 1013 (try again later).
    let mut seventh = open(&server, 18, &id, None).await.expect("upgraded");
    let refused = hello(&mut seventh, &watch).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("watchers")),
        "{refused}"
    );
    assert_eq!(
        ending(&mut seventh, Duration::from_secs(10)).await.code,
        Some(1013)
    );
    // As is a watcher of another game once the server's count, which counts the unidentified
    // too, is over its limit.
    let (other, _, other_watch, _) = create(&server, four_people()).await;
    let mut late = open(&server, 19, &other, None).await.expect("upgraded");
    let refused = hello(&mut late, &other_watch).await;
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("server")),
        "{refused}"
    );
}

/// One address has at most so many watching connections, and so many that have not said who
/// they are; other addresses are not held back by it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_has_its_cap_of_watchers_and_of_unidentified_sockets() {
    let limits = Limits {
        max_sockets_per_client: 3,
        max_unidentified_per_client: 2,
        ..Limits::default()
    };
    let server = serve("per-address", limits).await;
    let (first, _, first_watch, _) = create(&server, four_people()).await;
    let (second, _, second_watch, _) = create(&server, four_people()).await;
    let mut held = Vec::new();
    for (id, watch) in [
        (&first, &first_watch),
        (&second, &second_watch),
        (&first, &first_watch),
    ] {
        let mut ws = open(&server, 2, id, None).await.expect("a watcher");
        assert_eq!(hello(&mut ws, watch).await["type"], "welcome");
        held.push(ws);
    }
    let mut fourth = open(&server, 2, &second, None).await.expect("upgraded");
    let refused = hello(&mut fourth, &second_watch).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("address")),
        "{refused}"
    );
    assert_eq!(
        ending(&mut fourth, Duration::from_secs(10)).await.code,
        Some(1013)
    );
    let mut other = open(&server, 3, &second, None)
        .await
        .expect("another address");
    assert_eq!(hello(&mut other, &second_watch).await["type"], "welcome");
    // The third connection of an address that says nothing is refused with a JSON error...
    let mut silent = [
        open(&server, 4, &first, None).await.expect("unidentified"),
        open(&server, 4, &first, None).await.expect("unidentified"),
    ];
    let (status, body) = open(&server, 4, &first, None).await.expect_err("refused");
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("\"error\""), "{body}");
    // ... and its place comes back once one of them says who it is.
    assert_eq!(hello(&mut silent[0], &first_watch).await["type"], "welcome");
    let mut next = open(&server, 4, &first, None).await.expect("a place again");
    assert_eq!(hello(&mut next, &first_watch).await["type"], "welcome");
}

/// A person opens at most so many connections to one game: a newer one closes their oldest,
/// which is told why and not opened again by the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_newest_connection_closes_their_oldest() {
    let server = serve("person", Limits::default()).await;
    let (id, token, _, _) = create(&server, four_people()).await;
    let mut open_ones = Vec::new();
    for _ in 0..Limits::default().max_sockets_per_person + 1 {
        let mut ws = open(&server, 1, &id, None).await.expect("upgraded");
        assert_eq!(hello(&mut ws, &token).await["type"], "welcome");
        open_ones.push(ws);
    }
    let oldest = ending(&mut open_ones[0], Duration::from_secs(10)).await;
    assert_eq!(oldest.code, Some(1008));
    let said: Value = serde_json::from_str(oldest.texts.last().expect("a message")).expect("json");
    assert_eq!(said["type"], "closed", "{said}");
    assert!(
        said["reason"]
            .as_str()
            .is_some_and(|r| r.contains("another window")),
        "{said}"
    );
    let second = ending(&mut open_ones[1], Duration::from_millis(500)).await;
    assert!(second.open, "only the oldest is closed");
}

/// A socket that answers nothing to the server's pings is dropped; one that reads (and so
/// answers them) stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_answers_no_ping_is_dropped() {
    let limits = Limits {
        socket_ping: Duration::from_millis(200),
        ..Limits::default()
    };
    let server = serve("silent", limits).await;
    let (id, token, watch, _) = create(&server, four_people()).await;
    let mut silent = open(&server, 2, &id, None).await.expect("upgraded");
    assert_eq!(hello(&mut silent, &watch).await["type"], "welcome");
    let mut reading = open(&server, 1, &id, None).await.expect("upgraded");
    assert_eq!(hello(&mut reading, &token).await["type"], "welcome");
    // The reading client reads for two seconds (its library answers the pings as it reads)
    // while the silent one reads nothing.
    let mut pings = 0;
    let until = Instant::now() + Duration::from_secs(2);
    while let Ok(message) = tokio::time::timeout_at(until, reading.next()).await {
        match message {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Text(_) | Message::Pong(_) | Message::Frame(_))) => {}
            other => panic!("the reading client was closed: {other:?}"),
        }
    }
    assert!(pings >= 3, "{pings} pings in 2 s");
    let end = ending(&mut silent, Duration::from_secs(1)).await;
    assert!(!end.open, "the silent client is still connected");
    // Its close frame may be lost: answering the pings it reads late, the client writes to a
    // connection already closed, and its unread data is dropped with it.
    assert!(matches!(end.code, None | Some(1001)), "{:?}", end.code);
}

/// A watcher that stops reading while the bots play thousands of events, so that far more than
/// the 64 updates a connection may have waiting pile up, is closed when watching is turned off:
/// it reads what was sent before, then the end, and never the table's chat after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_removed_while_lagging_is_closed() {
    let server = serve("lagging", Limits::default()).await;
    // The game begins once its open seat is handed to a bot, after the watcher is in.
    let (id, token, watch, _) = create(
        &server,
        json!({"ruleset": "pachisi", "seats": ["open", "bot:random", "bot:random", "bot:random"]}),
    )
    .await;
    // A small window, so that the server's writes wait on the client at once.
    let mut watcher = open(&server, 2, &id, Some(4096)).await.expect("upgraded");
    assert_eq!(hello(&mut watcher, &watch).await["type"], "welcome");
    let path = format!("/api/games/{id}/seats/0");
    assert_eq!(
        call(&server, "POST", &path, &token, json!({"to": "bot:random"})).await,
        200
    );
    // Not read until the game is over.
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let state: Value = server
            .http
            .get(format!("http://{}/api/games/{id}", server.address))
            .bearer_auth(&token)
            .send()
            .await
            .expect("state")
            .json()
            .await
            .expect("json");
        if state["phase"] == "over" {
            assert!(
                state["actions"].as_u64().is_some_and(|n| n > 500),
                "{}",
                state["actions"]
            );
            break;
        }
        assert!(Instant::now() < deadline, "the bots' game did not end");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let path = format!("/api/games/{id}/room");
    assert_eq!(
        call(&server, "PATCH", &path, &token, json!({"watch": false})).await,
        200
    );
    let path = format!("/api/games/{id}/chat");
    let line = json!({"text": "said after watching was turned off"});
    assert_eq!(call(&server, "POST", &path, &token, line).await, 204);
    let end = ending(&mut watcher, Duration::from_secs(20)).await;
    assert!(!end.open, "still open after {} messages", end.texts.len());
    assert!(
        end.texts.iter().all(|t| !t.contains("said after watching")),
        "the watcher heard the chat after it was sent away"
    );
}

/// A person whose seat is handed away is nobody at the game any more: their connection closes,
/// telling them so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_whose_seat_is_handed_away_is_closed() {
    let server = serve("handed", Limits::default()).await;
    let (id, host, _, invites) = create(
        &server,
        json!({"ruleset": "ludo", "seats": ["me", "open", "bot", "bot"]}),
    )
    .await;
    let invite = invites[0]["link"]
        .as_str()
        .and_then(|l| l.rsplit('.').next())
        .expect("an invitation")
        .to_string();
    let joined: Value = server
        .http
        .post(format!("http://{}/api/games/{id}/join", server.address))
        .json(&json!({"invite": invite, "name": "Ravi"}))
        .send()
        .await
        .expect("join")
        .json()
        .await
        .expect("json");
    let guest = joined["token"].as_str().expect("a token").to_string();
    let mut ws = open(&server, 2, &id, None).await.expect("upgraded");
    assert_eq!(hello(&mut ws, &guest).await["type"], "welcome");
    let path = format!("/api/games/{id}/seats/1");
    assert_eq!(
        call(&server, "POST", &path, &host, json!({"to": "bot"})).await,
        200
    );
    let end = ending(&mut ws, Duration::from_secs(10)).await;
    assert_eq!(end.code, Some(1008));
    assert!(
        end.texts.iter().any(|t| t.contains("\"closed\"")),
        "{:?}",
        end.texts
    );
}
