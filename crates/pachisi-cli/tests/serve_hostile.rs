//! `pachisi serve` against hostile requests, over real HTTP and WebSocket connections to a real
//! process: each test is one defect a probe of the server found (docs/security.md), and fails
//! without its fix. Bounds of time here are deadlock bounds, many times what the server needs;
//! figures are measured by scripts/probe-server, not by tests.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
mod common;

use common::{fresh_database, idle_ludo, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

fn error_of(body: &Value) -> String {
    body["error"].as_str().unwrap_or_default().to_string()
}

/// Sends a request and returns its status and JSON body.
async fn send(request: reqwest::RequestBuilder) -> (u16, Value) {
    let r = request.send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The server's peak resident memory in MB (Linux).
fn peak_mb(server: &Server) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[tokio::test]
async fn replays_are_linear_bounded_and_taken_only_as_json() {
    let server = Server::start(&fresh_database("hostile-replay"), 0);
    let http = reqwest::Client::new();
    let url = format!("{}/api/replay", server.url);
    // 32,000 actions: over the limit, refused before a frame is made.
    let (status, body) = send(http.post(&url).json(&json!({"record": idle_ludo(16_000)}))).await;
    assert_eq!(status, 413, "{body}");
    assert!(error_of(&body).contains("at most 20000"), "{body}");
    // 18,000 actions: answered, in a size that grows with the record.
    let r = http
        .post(&url)
        .json(&json!({"record": idle_ludo(9_000)}))
        .send()
        .await
        .expect("replay");
    assert_eq!(r.status().as_u16(), 200);
    let bytes = r.bytes().await.expect("body").len();
    assert!(bytes < 18_000 * 300, "{bytes} bytes for 18,000 actions");
    if let Some(peak) = peak_mb(&server) {
        assert!(peak < 500, "the server's peak memory reached {peak} MB");
    }
    // A cross-site form can send text/plain or a form: neither is taken.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let (status, body) = send(
            http.post(&url)
                .header("content-type", kind)
                .body(idle_ludo(10)),
        )
        .await;
        assert_eq!(status, 415, "{kind}: {body}");
        assert!(!error_of(&body).is_empty(), "{kind}: {body}");
    }
}

#[tokio::test]
async fn bots_from_the_network_read_no_file_and_keep_to_their_budgets() {
    let server = Server::start(&fresh_database("hostile-bots"), 0);
    let http = reqwest::Client::new();
    let url = format!("{}/api/games", server.url);
    let with_bot =
        |bot: &str| json!({"ruleset": "ludo", "seats": ["human", "human", "human", bot]});
    let mut answers = Vec::new();
    for path in ["/dev/zero", "/etc/passwd", "/no/such/file.toml"] {
        let (status, body) = send(
            http.post(&url)
                .json(&with_bot(&format!("bot:heuristic:weights={path}"))),
        )
        .await;
        assert_eq!(status, 422, "{body}");
        answers.push(error_of(&body).replace(path, "PATH"));
    }
    assert!(answers[0].contains("not built-in weights"), "{answers:?}");
    assert!(
        answers.iter().all(|a| *a == answers[0]),
        "the answers tell files apart: {answers:?}"
    );
    for (bot, option) in [
        ("bot:mcts:ms=600000", "ms"),
        ("bot:mcts:playouts=10000000", "playouts"),
        ("bot:expectimax:depth=4", "depth"),
    ] {
        let (status, body) = send(http.post(&url).json(&with_bot(bot))).await;
        assert_eq!(status, 422, "{bot}: {body}");
        assert!(error_of(&body).contains(&format!("`{option}`")), "{body}");
    }
    let (status, body) = send(
        http.post(&url)
            .json(&with_bot("bot:expectimax:weights=default")),
    )
    .await;
    assert_eq!(status, 201, "built-in weights by name: {body}");
}

#[tokio::test]
async fn creation_is_limited_and_the_host_deletes() {
    let server = Server::start_with(
        &fresh_database("hostile-create"),
        0,
        &["--max-games-per-client", "3"],
    );
    let http = reqwest::Client::new();
    let url = format!("{}/api/games", server.url);
    let new = json!({"ruleset": "ludo", "seats": ["human", "human", "human", "human"]});
    let mut tokens = Vec::new();
    for _ in 0..3 {
        let (status, body) = send(http.post(&url).json(&new)).await;
        assert_eq!(status, 201, "{body}");
        let token = body["token"].as_str().expect("token").to_string();
        assert!(token.len() >= 32, "at least 128 bits: {token}");
        tokens.push((body["id"].as_str().expect("id").to_string(), token));
    }
    let (status, body) = send(http.post(&url).json(&new)).await;
    assert_eq!(status, 429, "{body}");
    assert!(error_of(&body).contains("limit"), "{body}");
    // The token is shown once: never in a state or the lobby.
    let (status, state) = send(
        http.get(format!("{url}/{}", tokens[0].0))
            .bearer_auth(&tokens[0].1),
    )
    .await;
    assert_eq!(status, 200, "{state}");
    assert!(state.get("token").is_none(), "{state}");
    assert!(!state.to_string().contains(&tokens[0].1), "{state}");
    let (_, lobby) = send(http.get(format!("{}/api/lobby", server.url))).await;
    assert!(!lobby.to_string().contains(&tokens[0].1));
    // Overrides are bounded.
    let many = json!({"ruleset": "pachisi", "set": vec!["moves.split=true"; 1500]});
    let (status, body) = send(http.post(&url).json(&many)).await;
    assert_eq!(status, 400, "{body}");
    // Only the host deletes, and then a new game may be made.
    let (id, token) = &tokens[0];
    for auth in [
        None,
        Some("Bearer 00112233445566778899aabbccddeeff".to_string()),
    ] {
        let mut request = http.delete(format!("{url}/{id}"));
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        let (status, body) = send(request).await;
        assert_eq!(status, 403, "{body}");
    }
    let r = http
        .delete(format!("{url}/{id}"))
        .header("authorization", format!("Bearer {token}"))
        .send()
        .await
        .expect("delete");
    assert_eq!(r.status().as_u16(), 204);
    let (status, _) = send(http.get(format!("{url}/{id}"))).await;
    assert_eq!(status, 404);
    let (status, body) = send(http.post(&url).json(&new)).await;
    assert_eq!(status, 201, "{body}");
}

/// A request whose headers never end is dropped after the header timeout, and the connections
/// held so are capped without keeping others out for longer than that.
#[tokio::test]
async fn half_sent_requests_are_dropped_and_connections_are_capped() {
    let server = Server::start_with(
        &fresh_database("hostile-slow"),
        0,
        &["--header-timeout", "1", "--max-connections", "4"],
    );
    let address = server.url.trim_start_matches("http://").to_string();
    let half = || {
        let mut s = TcpStream::connect(&address).expect("connect");
        s.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .expect("send");
        s.set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        s
    };
    let mut held: Vec<TcpStream> = (0..6).map(|_| half()).collect();
    // Every connection slot is taken, yet a whole request is answered once a slot frees.
    let (status, _) =
        send(reqwest::Client::new().get(format!("{}/api/rulesets", server.url))).await;
    assert_eq!(status, 200);
    let mut buffer = [0u8; 1024];
    let start = Instant::now();
    let read = held[0].read(&mut buffer);
    assert!(
        matches!(read, Ok(0) | Err(_)) || buffer.starts_with(b"HTTP/1.1 408"),
        "the half-sent request was dropped"
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "the half-sent request stayed open {:?}",
        start.elapsed()
    );
    held.clear();
    // A body that never comes is not waited on forever: the request times out (30 s).
    let mut s = TcpStream::connect(&address).expect("connect");
    s.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    )
    .expect("send");
    s.set_read_timeout(Some(Duration::from_secs(90)))
        .expect("timeout");
    let n = s.read(&mut buffer).unwrap_or(0);
    let answer = String::from_utf8_lossy(&buffer[..n]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("{\"error\""), "{answer}");
}

#[tokio::test]
async fn the_lobby_and_states_answer_while_two_hundred_bot_games_play() {
    let server = Server::start_with(
        &fresh_database("hostile-load"),
        0,
        &["--max-games-per-client", "300"],
    );
    let http = reqwest::Client::new();
    let url = format!("{}/api/games", server.url);
    let bots = json!({"ruleset": "pachisi", "seats": vec!["bot:random"; 4]});
    let public = json!({"ruleset": "ludo", "seats": ["me", "open", "bot", "bot"], "public": true});
    let (status, body) = send(http.post(&url).json(&public)).await;
    assert_eq!(status, 201, "{body}");
    let mut games = Vec::new();
    for _ in 0..200 {
        let (status, body) = send(http.post(&url).json(&bots)).await;
        assert_eq!(status, 201, "{body}");
        games.push((
            body["id"].as_str().expect("id").to_string(),
            body["token"].as_str().expect("token").to_string(),
        ));
    }
    for (id, token) in games.iter().take(5) {
        let start = Instant::now();
        let (status, lobby) = send(http.get(format!("{}/api/lobby", server.url))).await;
        assert_eq!(status, 200);
        assert_eq!(lobby.as_array().map(Vec::len), Some(1), "{lobby}");
        let (status, state) = send(http.get(format!("{url}/{id}")).bearer_auth(token)).await;
        assert_eq!(status, 200, "{state}");
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the lobby and a state took {:?}",
            start.elapsed()
        );
    }
}

#[tokio::test]
async fn a_failing_database_makes_the_bots_back_off() {
    let database = fresh_database("hostile-backoff");
    let server = Server::start(&database, 0);
    let http = reqwest::Client::new();
    let url = format!("{}/api/games", server.url);
    let (status, body) = send(
        http.post(&url)
            .json(&json!({"ruleset": "pachisi", "seats": vec!["bot:random"; 4]})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    rusqlite::Connection::open(&database)
        .and_then(|c| c.execute_batch("DROP TABLE actions;"))
        .expect("drop");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let tries = server.output().matches("could not be saved").count();
    assert!(tries >= 1, "the failure is reported:\n{}", server.output());
    // 0.1 + 0.2 + 0.4 + 0.8 + 1.6 s: at most six tries in three seconds, not thousands.
    assert!(tries <= 6, "{tries} tries in 3 s");
}

#[tokio::test]
async fn other_sites_and_names_are_refused() {
    let server = Server::start(&fresh_database("hostile-origin"), 0);
    let http = reqwest::Client::new();
    let url = format!("{}/api/games", server.url);
    let new = json!({"ruleset": "ludo", "seats": vec!["human"; 4]});
    let (status, body) = send(
        http.post(&url)
            .header("origin", "https://evil.example")
            .json(&new),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = send(http.post(&url).header("origin", &server.url).json(&new)).await;
    assert_eq!(status, 201, "the server's own page: {body}");
    let id = body["id"].as_str().expect("id").to_string();
    // Even with the host's token, a page of another site may not delete the game.
    let token = body["token"].as_str().expect("token").to_string();
    let (status, body) = send(
        http.delete(format!("{url}/{id}"))
            .header("origin", "https://evil.example")
            .header("authorization", format!("Bearer {token}")),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = send(http.get(format!("{url}/{id}")).bearer_auth(&token)).await;
    assert_eq!(status, 200, "the game stands");
    let (status, body) = send(http.get(&url).header("host", "evil.example")).await;
    assert_eq!(status, 421, "{body}");
    assert!(error_of(&body).contains("evil.example"), "{body}");
    // A WebSocket opened by a page of another site.
    let ws = format!("{}/api/games/{id}/ws", server.url.replacen("http", "ws", 1));
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(ws.as_str())
            .expect("request");
    request
        .headers_mut()
        .insert("origin", "https://evil.example".parse().expect("header"));
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!(
            "a cross-site WebSocket was not refused: {:?}",
            other.map(|_| ())
        ),
    }
}

/// Opens the WebSocket of a new game and reads its first state.
async fn socket(
    server: &Server,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let http = reqwest::Client::new();
    let (_, body) = send(
        http.post(format!("{}/api/games", server.url))
            .json(&json!({"ruleset": "ludo", "seats": vec!["human"; 4]})),
    )
    .await;
    let id = body["id"].as_str().expect("id");
    let token = body["token"].as_str().expect("token");
    let ws = format!("{}/api/games/{id}/ws", server.url.replacen("http", "ws", 1));
    let (mut socket, _) = tokio_tungstenite::connect_async(ws).await.expect("ws");
    let hello = json!({"type": "hello", "token": token}).to_string();
    socket
        .send(Message::Text(hello.into()))
        .await
        .expect("hello");
    socket.next().await.expect("welcome").expect("welcome");
    socket
}

/// The close code the server ends the connection with.
async fn close_code<S>(socket: &mut S) -> Option<u16>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let deadline = tokio::time::sleep(Duration::from_secs(20));
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            () = &mut deadline => return None,
            message = socket.next() => match message {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
                _ => return None,
            },
        }
    }
}

#[tokio::test]
async fn broken_websocket_messages_close_with_their_own_codes() {
    let server = Server::start(&fresh_database("hostile-ws"), 0);
    let text = OpCode::Data(Data::Text);
    let cases: Vec<(&str, Vec<Frame>, u16)> = vec![
        (
            "invalid UTF-8",
            vec![Frame::message(vec![0xff, 0xfe, 0x80], text, true)],
            1007,
        ),
        (
            "a reserved opcode",
            vec![Frame::message(
                vec![1, 2, 3],
                OpCode::Data(Data::Reserved(3)),
                true,
            )],
            1002,
        ),
        (
            "a message over the limit",
            vec![Frame::message(vec![b'x'; 70_000], text, true)],
            1009,
        ),
        (
            "a message over the limit in two fragments",
            vec![
                Frame::message(vec![b'x'; 40_000], text, false),
                Frame::message(vec![b'x'; 40_000], OpCode::Data(Data::Continue), true),
            ],
            1009,
        ),
    ];
    for (what, frames, want) in cases {
        let mut socket = socket(&server).await;
        for frame in frames {
            // The server may close before the last fragment is sent.
            let _ = socket.send(Message::Frame(frame)).await;
        }
        assert_eq!(close_code(&mut socket).await, Some(want), "{what}");
    }
}

/// A watcher that stops reading while the bots play misses nothing: once it reads again, every
/// event comes, each once and in order of its number, up to the end of the game.
#[tokio::test]
async fn a_slow_watcher_misses_no_event() {
    let server = Server::start(&fresh_database("hostile-slow"), 0);
    let http = reqwest::Client::new();
    let (_, body) = send(
        http.post(format!("{}/api/games", server.url))
            .json(&json!({"ruleset": "ludo", "seats": vec!["bot:random"; 4]})),
    )
    .await;
    let id = body["id"].as_str().expect("id");
    let token = body["token"].as_str().expect("token");
    let ws = format!("{}/api/games/{id}/ws", server.url.replacen("http", "ws", 1));
    let (mut socket, _) = tokio_tungstenite::connect_async(ws).await.expect("ws");
    let hello = json!({"type": "hello", "token": token, "after": 0}).to_string();
    socket
        .send(Message::Text(hello.into()))
        .await
        .expect("hello");
    // Not reading while hundreds of events are told.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut numbers = Vec::new();
    let mut over = false;
    let deadline = Instant::now() + Duration::from_secs(120);
    while !over && Instant::now() < deadline {
        let next = tokio::time::timeout(Duration::from_secs(30), socket.next()).await;
        let Ok(Some(Ok(Message::Text(text)))) = next else {
            break;
        };
        let message: Value = serde_json::from_str(text.as_str()).expect("json");
        for event in message["events"].as_array().into_iter().flatten() {
            numbers.push(event["n"].as_u64().expect("n"));
            over |= event["kind"] == "over";
        }
    }
    assert!(over, "the game's end was told");
    let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
    assert_eq!(numbers, expected, "every event once, in order");
}

#[tokio::test]
async fn every_refusal_has_a_json_error_body() {
    let server = Server::start(&fresh_database("hostile-errors"), 0);
    let http = reqwest::Client::new();
    for (request, want) in [
        (http.put(format!("{}/api/rulesets", server.url)), 405),
        (
            http.post(format!("{}/api/games", server.url))
                .header("content-type", "application/json")
                // Just over the 64 KiB limit: small enough that the whole body is sent before
                // the refusal, so that the client reads the answer rather than a reset.
                .body(format!("\"{}\"", "x".repeat(66_000))),
            413,
        ),
        (
            http.post(format!("{}/api/games", server.url))
                .header("content-type", "application/json")
                .body("{"),
            400,
        ),
        (http.get(format!("{}/no/such/page", server.url)), 404),
    ] {
        let r = request.send().await.expect("request");
        assert_eq!(r.status().as_u16(), want);
        assert!(r.headers().get("content-type").is_some_and(|v| v
            .to_str()
            .unwrap_or_default()
            .starts_with("application/json")));
        let allow = r.headers().get("allow").cloned();
        let body: Value = r.json().await.expect("json");
        assert!(!error_of(&body).is_empty(), "{want}: {body}");
        if want == 405 {
            assert!(error_of(&body).contains("PUT"), "{body}");
            assert_eq!(
                allow.as_ref().and_then(|v| v.to_str().ok()),
                Some("GET,HEAD")
            );
        }
    }
}

/// A stored game whose bot names a file is kept unplayable; the server starts and plays the
/// others.
#[tokio::test]
async fn a_stored_game_the_server_would_refuse_does_not_stop_it() {
    let database = fresh_database("hostile-restart");
    let id = {
        let server = Server::start(&database, 0);
        let (_, body) = send(
            reqwest::Client::new()
                .post(format!("{}/api/games", server.url))
                .json(&json!({"ruleset": "ludo", "seats": vec!["human"; 4]})),
        )
        .await;
        server.kill();
        (
            body["id"].as_str().expect("id").to_string(),
            body["token"].as_str().expect("token").to_string(),
        )
    };
    let (id, token) = id;
    rusqlite::Connection::open(&database)
        .and_then(|c| {
            c.execute_batch(
                "INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed)
                 VALUES ('old', 1, 1, 'ludo', '', 'human,human,human,bot:heuristic:weights=/gone.toml', '1');
                 UPDATE games SET updated = strftime('%s','now'), created = strftime('%s','now') WHERE id = 'old';",
            )
        })
        .expect("insert");
    let server = Server::start(&database, 0);
    let http = reqwest::Client::new();
    let (status, body) = send(http.get(format!("{}/api/games/old", server.url))).await;
    assert_eq!(status, 409, "{body}");
    assert!(error_of(&body).contains("weights"), "{body}");
    let (status, _) = send(
        http.get(format!("{}/api/games/{id}", server.url))
            .bearer_auth(&token),
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        server.output().contains("cannot be played"),
        "{}",
        server.output()
    );
}
