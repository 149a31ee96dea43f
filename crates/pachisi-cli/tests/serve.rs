//! `pachisi serve` as a real process, over real HTTP and WebSocket connections: games created,
//! played and refused with clear errors, live updates, and a server killed mid-game that resumes
//! every game from its database.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
mod common;

use common::{fresh_database, Server};
use std::process::Command;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const PACHISI: &str = env!("CARGO_BIN_EXE_pachisi");

/// A client that keeps the token of each game it created and shows it for that game.
struct Client {
    http: reqwest::Client,
    url: String,
    tokens: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

impl Client {
    fn new(server: &Server) -> Client {
        Client {
            http: reqwest::Client::new(),
            url: server.url.clone(),
            tokens: std::sync::Mutex::default(),
        }
    }

    /// A client of `server` holding the tokens `other` holds (after a restart).
    fn with_tokens_of(server: &Server, other: &Client) -> Client {
        let c = Client::new(server);
        *c.tokens.lock().expect("tokens") = other.tokens.lock().expect("tokens").clone();
        c
    }

    /// The token of the game `path` is about, if this client holds one.
    fn token_for(&self, path: &str) -> Option<String> {
        let id = path.strip_prefix("/api/games/")?.split('/').next()?;
        self.tokens.lock().expect("tokens").get(id).cloned()
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let r = self.http.request(method, format!("{}{path}", self.url));
        match self.token_for(path) {
            Some(token) => r.bearer_auth(token),
            None => r,
        }
    }

    async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .request(reqwest::Method::GET, path)
            .send()
            .await
            .expect("GET");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.post_raw(path, body.to_string()).await
    }

    async fn post_raw(&self, path: &str, body: String) -> (u16, Value) {
        let r = self
            .request(reqwest::Method::POST, path)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("POST");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game of `ruleset` with `seats` and `seed`, and returns its state.
    async fn new_game(&self, ruleset: &str, seats: &Value, seed: u64) -> Value {
        let new = json!({"ruleset": ruleset, "seats": seats, "seed": seed});
        self.create(&new).await
    }

    /// Creates a game as `new` asks, keeps its token, and returns its state.
    async fn create(&self, new: &Value) -> Value {
        let (status, state) = self.post("/api/games", new).await;
        assert_eq!(status, 201, "{new}: {state}");
        let id = state["id"].as_str().expect("id").to_string();
        let token = state["token"].as_str().expect("token").to_string();
        self.tokens.lock().expect("tokens").insert(id, token);
        state
    }

    /// The WebSocket address of the game `id`.
    fn ws_url(&self, id: &str) -> String {
        format!(
            "{}/api/games/{id}/ws",
            self.url.replacen("http://", "ws://", 1)
        )
    }

    /// Posts a record's text to the replay viewer.
    async fn replay(&self, record: String) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}/api/replay", self.url))
            .json(&json!({ "record": record }))
            .send()
            .await
            .expect("replay");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Waits until the game is over or a person must act (the server plays a pass forced on a
    /// person), and returns the state.
    async fn settle(&self, id: &str) -> Value {
        let start = Instant::now();
        loop {
            let (status, state) = self.get(&format!("/api/games/{id}")).await;
            assert_eq!(status, 200, "{state}");
            if state["awaiting"] != "bot" {
                return state;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "the bots never stopped: {state}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// A person's next action: throw, or the first listed move.
    async fn step(&self, id: &str, state: &Value) -> (u16, Value) {
        let action = if state["phase"] == "throw" {
            json!({"action": "throw"})
        } else {
            json!({"action": "move", "index": 0})
        };
        self.post(&format!("/api/games/{id}/actions"), &action)
            .await
    }
}

fn error_of(body: &Value) -> String {
    body["error"].as_str().unwrap_or_default().to_string()
}

/// Every ruleset's description, as `/api/rulesets` answers it in English and in Hindi, names no
/// field of the ruleset and no document's code, and calls the pieces by the family's word.
#[tokio::test]
async fn ruleset_descriptions_name_no_field_in_any_language() {
    let server = Server::start(&fresh_database("descriptions"), 0);
    let http = reqwest::Client::new();
    for lang in ["en", "hi"] {
        let answer = http
            .get(format!("{}/api/rulesets", server.url))
            .header(reqwest::header::ACCEPT_LANGUAGE, lang)
            .send()
            .await
            .expect("GET /api/rulesets");
        assert_eq!(answer.status().as_u16(), 200);
        let rulesets: Value = answer.json().await.expect("JSON");
        let list = rulesets.as_array().expect("a list");
        assert_eq!(list.len(), pachisi_count());
        for ruleset in list {
            let name = ruleset["name"].as_str().unwrap_or_default();
            let description = ruleset["description"].as_str().unwrap_or_default();
            assert!(!description.is_empty(), "{lang} {name}");
            let found = pachisi_learn::explain::leaks::leaks(description);
            assert!(
                found.is_empty(),
                "{lang} {name}: {found:?} in {description}"
            );
            if lang == "en" && ruleset["family"] == "ludo" {
                assert!(description.contains("tokens each"), "{name}: {description}");
                assert!(!description.contains("piece"), "{name}: {description}");
            }
        }
        let hindi = list.iter().any(|r| {
            r["description"]
                .as_str()
                .is_some_and(|d| d.contains("गोटी") || d.contains("गोटियाँ"))
        });
        assert_eq!(hindi, lang == "hi", "the descriptions are in {lang}");
    }
}

/// `why`, asked after the person's turn passed because nothing could move (the server plays such
/// a pass at once), says why it passed, in Ludo's words, until the person throws again.
#[tokio::test]
async fn why_after_a_forced_pass_says_why_the_turn_passed() {
    let server = Server::start(&fresh_database("why-passed"), 0);
    let c = Client::new(&server);
    let seats = json!(["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]);
    let state = c
        .create(&json!({"ruleset": "ludo", "seats": seats, "seed": 3, "set": ["turn.first=first-seat"]}))
        .await;
    let id = state["id"].as_str().expect("id").to_string();
    let ask = format!("/api/games/{id}/ask");
    let state = c.settle(&id).await;
    assert_eq!(state["awaiting"], "human", "{state}");
    let (status, thrown) = c.step(&id, &state).await;
    assert_eq!(status, 200, "{thrown}");
    // Every token waits in the nest, and only a 6 brings one in.
    assert_ne!(
        thrown["last_throw"]["value"], 6,
        "the seed throws a 6 first: {thrown}"
    );
    let state = c.settle(&id).await;
    assert!(
        state["actions"].as_u64() > thrown["actions"].as_u64(),
        "{state}"
    );
    let (status, answer) = c.post(&ask, &json!({"question": "why"})).await;
    assert_eq!(status, 200, "{answer}");
    let said = answer["lines"].to_string();
    assert!(
        said.contains("waiting in the nest") && said.contains("comes in only on a 6"),
        "{said}"
    );
    assert!(said.contains("Tokens") && !said.contains("piece"), "{said}");
}

#[tokio::test]
async fn games_are_created_played_and_refused_with_clear_errors() {
    let server = Server::start(&fresh_database("http"), 0);
    let c = Client::new(&server);
    let (status, rulesets) = c.get("/api/rulesets").await;
    assert_eq!(status, 200);
    assert_eq!(rulesets.as_array().map(Vec::len), Some(pachisi_count()));

    let seats = json!(["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]);
    // A Pachisi game begins with a throw-off (000), kept in its record's Opening tag and shown
    // first in its log.
    let thrown_off = c.new_game("pachisi", &seats, 7).await;
    assert!(
        thrown_off["log"][0]
            .as_str()
            .is_some_and(|l| l.starts_with("throw-off: ")),
        "{thrown_off}"
    );
    // The rest of this test has yellow, the person, begin.
    let state = c
        .create(&json!({"ruleset": "pachisi", "seats": seats, "seed": 7, "set": ["turn.first=first-seat"]}))
        .await;
    let id = state["id"].as_str().expect("id").to_string();
    assert_eq!(state["board"]["side"], 19);
    assert_eq!(state["board"]["squares"].as_array().map(Vec::len), Some(96));
    assert_eq!(state["phase"], "throw");
    assert_eq!(state["awaiting"], "human");

    // A move while a throw is due, then a throw.
    let actions = format!("/api/games/{id}/actions");
    let (status, body) = c
        .post(&actions, &json!({"action": "move", "move": "E25"}))
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(error_of(&body).contains("a throw is due"), "{body}");
    let (status, state) = c.post(&actions, &json!({"action": "throw"})).await;
    assert_eq!(status, 200, "{state}");
    assert!(state["last_throw"]["words"]
        .as_str()
        .is_some_and(|w| !w.is_empty()));

    // Play on until a real choice; then an illegal move, a bad index, and a legal one.
    let mut state = c.settle(&id).await;
    for _ in 0..300 {
        if state["phase"] == "move" {
            break;
        }
        c.step(&id, &state).await;
        state = c.settle(&id).await;
    }
    assert_eq!(state["phase"], "move", "{state}");
    let (status, body) = c
        .post(&actions, &json!({"action": "move", "move": "70+3"}))
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("not a legal move"), "{body}");
    let (status, body) = c
        .post(&actions, &json!({"action": "move", "index": 99}))
        .await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = c
        .post(&actions, &json!({"action": "move", "move": "x+y"}))
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, hint) = c.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(status, 200, "{hint}");
    assert_eq!(
        hint["moves"].as_array().map(Vec::len),
        state["moves"].as_array().map(Vec::len),
        "the hint ranks every legal move"
    );
    // The board in words, said to the person (Yellow), and questions typed about it.
    let (status, board) = c.get(&format!("/api/games/{id}/words")).await;
    assert_eq!(status, 200, "{board}");
    let seats = board["seats"].as_array().cloned().unwrap_or_default();
    assert_eq!(seats.len(), 4, "{board}");
    assert_eq!(seats[0]["heading"], "You, Yellow", "{board}");
    assert!(
        seats
            .iter()
            .all(|s| s["pieces"].as_array().is_some_and(|p| p.len() == 4
                && p.iter()
                    .all(|l| l.as_str().is_some_and(|l| l.starts_with("Piece "))))),
        "{board}"
    );
    let ask = format!("/api/games/{id}/ask");
    let (status, answer) = c.post(&ask, &json!({"question": "moves"})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["lines"].as_array().map(Vec::len),
        state["moves"].as_array().map(Vec::len),
        "one line a legal move: {answer}"
    );
    let (status, answer) = c
        .post(&ask, &json!({"question": "where are my pieces"}))
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["lines"].as_array().map(Vec::len),
        Some(4),
        "{answer}"
    );
    let (status, answer) = c.post(&ask, &json!({"question": "why 4"})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer["lines"][0]
            .as_str()
            .is_some_and(|l| l.starts_with("Piece 4")),
        "why piece 4, in words: {answer}"
    );
    // What threatens piece 2, asked in a player's words and by the short command alike.
    let (status, answer) = c
        .post(&ask, &json!({"question": "what threatens my piece 2"}))
        .await;
    assert_eq!(status, 200, "{answer}");
    let line = answer["lines"][0].as_str().unwrap_or_default();
    assert!(
        answer["lines"].as_array().map(Vec::len) == Some(1)
            && (line.starts_with("Piece 2, ")
                || (line.starts_with("Piece 2 is ") && line.contains("nothing can capture"))),
        "what threatens piece 2, in words: {answer}"
    );
    let (_, short) = c.post(&ask, &json!({"question": "threats 2"})).await;
    assert_eq!(short, answer, "the phrase and the command agree");
    let (status, answer) = c.post(&ask, &json!({"question": "1"})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer["lines"][0]
            .as_str()
            .is_some_and(|l| l.contains("Space")),
        "{answer}"
    );
    let (status, answer) = c.post(&ask, &json!({"question": "x".repeat(201)})).await;
    assert_eq!(status, 400, "{answer}");
    let (status, answer) = c.post(&ask, &json!({"question": 3})).await;
    assert!(status == 400 || status == 422, "{status} {answer}");

    let before = state["actions"].as_u64().expect("actions");
    let (status, after) = c
        .post(&actions, &json!({"action": "move", "index": 0}))
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["actions"].as_u64(), Some(before + 1));
    // A question about the moment before that move: its moves, as they were.
    let (status, then) = c
        .post(&ask, &json!({"question": "moves", "actions": before}))
        .await;
    assert_eq!(status, 200, "{then}");
    assert_eq!(
        then["lines"].as_array().map(Vec::len),
        state["moves"].as_array().map(Vec::len),
        "the moves of the moment asked about: {then}"
    );
    let (_, now) = c.post(&ask, &json!({"question": "moves"})).await;
    assert_ne!(now, then, "the game has moved on since");
    // A count at or past the present asks about the game as it stands; one that is no count
    // is refused.
    let (status, beyond) = c
        .post(
            &ask,
            &json!({"question": "moves", "actions": 4_000_000_000u64}),
        )
        .await;
    assert_eq!((status, &beyond), (200, &now), "{beyond}");
    let (status, refused) = c
        .post(&ask, &json!({"question": "moves", "actions": -1}))
        .await;
    assert!(status == 400 || status == 422, "{status} {refused}");
    // Undo takes it back.
    let (status, undone) = c.post(&actions, &json!({"action": "undo"})).await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["actions"].as_u64(), Some(before));
    assert_eq!(undone["position"], state["position"]);

    // Malformed and unknown requests.
    for (body, want) in [
        ("not json", 400),
        ("{\"action\": \"fly\"}", 400),
        ("{\"action\": \"throw\", \"extra\": 1}", 400),
        ("[]", 400),
    ] {
        let (status, reply) = c.post_raw(&actions, body.to_string()).await;
        assert_eq!(status, want, "{body}: {reply}");
        assert!(!error_of(&reply).is_empty(), "{body}: {reply}");
    }
    let (status, reply) = c
        .post_raw(&actions, format!("\"{}\"", "x".repeat(70_000)))
        .await;
    assert_eq!(status, 413, "{reply}");
    let (status, reply) = c.get("/api/games/nonesuch").await;
    assert_eq!(status, 404);
    assert!(error_of(&reply).contains("nonesuch"));
    let (status, _) = c
        .post("/api/games/nonesuch/actions", &json!({"action": "throw"}))
        .await;
    assert_eq!(status, 404);
    for (new, needle) in [
        (json!({"ruleset": "chess"}), "chess"),
        (json!({"ruleset": "ludo", "seats": ["human"]}), "seats"),
        (
            json!({"ruleset": "ludo", "seats": ["human", "robot", "bot", "bot"]}),
            "robot",
        ),
        (json!({"ruleset": "ludo", "cowrie_p": 0.4}), "dice"),
        (json!({"ruleset": "pachisi", "cowrie_p": 2.0}), "p_up"),
        (
            json!({"ruleset": "pachisi", "set": ["moves.nonsense=1"]}),
            "nonsense",
        ),
    ] {
        let (status, reply) = c.post("/api/games", &new).await;
        assert_eq!(status, 422, "{new}: {reply}");
        assert!(error_of(&reply).contains(needle), "{new}: {reply}");
    }

    // The record downloads, replays on the command line and in the replay endpoint.
    let record = c
        .request(reqwest::Method::GET, &format!("/api/games/{id}/record"))
        .send()
        .await
        .expect("record");
    assert!(record
        .headers()
        .get("content-disposition")
        .is_some_and(|v| v.to_str().unwrap_or_default().contains(".record")));
    let text = record.text().await.expect("text");
    assert!(text.starts_with("[Ruleset \"pachisi\"]"), "{text}");
    let path = fresh_database("record").with_extension("record");
    std::fs::write(&path, &text).expect("write");
    let check = Command::new(PACHISI)
        .args(["record", "check"])
        .arg(&path)
        .output()
        .expect("record check");
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let (status, replay) = c.replay(text.clone()).await;
    assert_eq!(status, 200, "{replay}");
    let actions_in_record = text
        .lines()
        .skip_while(|l| !l.is_empty())
        .flat_map(|l| l.split_whitespace())
        .filter(|t| !t.ends_with(':'))
        .count();
    assert_eq!(
        replay["frames"].as_array().map(Vec::len),
        Some(actions_in_record + 1)
    );
    let (status, body) = c
        .replay("[Ruleset \"pachisi\"]\n\nY: (3) 9+3\n".into())
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("line 3"), "{body}");

    // No list of the server's games: the lobby holds only public rooms.
    let (status, _) = c.get("/api/games").await;
    assert_eq!(status, 405);
    let (_, lobby) = c.get("/api/lobby").await;
    assert_eq!(lobby, json!([]));
    // The page and its files are served from the binary.
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "javascript"),
        ("/style.css", "text/css"),
        ("/online.css", "text/css"),
        ("/analysis.css", "text/css"),
    ] {
        let r = c
            .http
            .get(format!("{}{path}", c.url))
            .send()
            .await
            .expect("page");
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let content_type = r
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap_or_default().to_string());
        assert!(content_type.is_some_and(|t| t.contains(kind)), "{path}");
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next text message, as JSON.
async fn next_json(socket: &mut Socket) -> Value {
    match tokio::time::timeout(Duration::from_secs(30), socket.next()).await {
        Ok(Some(Ok(Message::Text(t)))) => serde_json::from_str(&t).expect("json"),
        other => panic!("no message: {other:?}"),
    }
}

fn pachisi_count() -> usize {
    pachisi_core::BUILTIN_RULESETS.len()
}

#[tokio::test]
async fn the_websocket_sends_every_action_and_answers_bad_messages() {
    let server = Server::start(&fresh_database("ws"), 0);
    let c = Client::new(&server);
    let seats = json!(["human", "bot:random", "bot:random", "bot:random"]);
    let state = c.new_game("ludo", &seats, 3).await;
    let id = state["id"].as_str().expect("id").to_string();
    let (mut socket, _) = tokio_tungstenite::connect_async(c.ws_url(&id))
        .await
        .expect("connect");
    let token = c.token_for(&format!("/api/games/{id}")).expect("token");
    socket
        .send(Message::Text(
            json!({"type": "hello", "token": token}).to_string().into(),
        ))
        .await
        .expect("hello");
    let hello = next_json(&mut socket).await;
    assert_eq!(hello["type"], "welcome", "{hello}");
    assert_eq!(hello["state"]["id"], id.as_str());
    assert_eq!(hello["you"]["seats"], json!([0]));

    // A throw sent on the socket comes back as an event with the state, followed by every bot
    // action.
    socket
        .send(Message::Text(json!({"action": "throw"}).to_string().into()))
        .await
        .expect("send");
    // The state after each is told as what changed since the one before (the board never).
    let mut told = hello["state"].clone();
    let update = next_json(&mut socket).await;
    assert_eq!(update["type"], "events", "{update}");
    assert!(update["patch"].get("board").is_none(), "{update}");
    assert!(common::take_state(&mut told, &update), "{update}");
    assert_eq!(told["actions"], 1);
    let mut seen = 1;
    while seen < 4 {
        let u = next_json(&mut socket).await;
        assert_eq!(u["type"], "events");
        assert!(common::take_state(&mut told, &u), "{u}");
        let n = told["actions"].as_u64().expect("actions");
        assert!(n > seen, "states arrive in order");
        seen = n;
    }
    assert_eq!(told["board"], hello["state"]["board"]);

    // An action over HTTP reaches the socket too.
    let state = c.settle(&id).await;
    let (status, _) = c.step(&id, &state).await;
    assert_eq!(status, 200);

    // Bad messages are answered on this connection.
    socket
        .send(Message::Text("{ not json".into()))
        .await
        .expect("send");
    socket
        .send(Message::Text(
            json!({"action": "undo", "x": 1}).to_string().into(),
        ))
        .await
        .expect("send");
    let mut errors = 0;
    for _ in 0..200 {
        let m = next_json(&mut socket).await;
        if m["type"] == "error" {
            assert!(
                m["error"]
                    .as_str()
                    .is_some_and(|e| e.contains("bad message")),
                "{m}"
            );
            errors += 1;
            if errors == 2 {
                break;
            }
        }
    }
    assert_eq!(errors, 2);
    // A message over the limit closes the connection (1009, too big); the server lives on.
    let _ = socket.send(Message::Text("x".repeat(100_000).into())).await;
    let mut closed = false;
    for _ in 0..200 {
        match tokio::time::timeout(Duration::from_secs(30), socket.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => {
                assert_eq!(frame.map(|f| u16::from(f.code)), Some(1009));
                closed = true;
                break;
            }
            Ok(Some(Ok(_))) => continue,
            _ => {
                closed = true;
                break;
            }
        }
    }
    assert!(closed);
    let (status, _) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "the server survives");
    // A socket to no game is refused.
    assert!(tokio_tungstenite::connect_async(c.ws_url("nonesuch"))
        .await
        .is_err());
}

#[tokio::test]
async fn a_server_killed_mid_game_resumes_every_game_where_it_stood() {
    let db = fresh_database("restart");
    let server = Server::start(&db, 20);
    let c = Client::new(&server);
    let seats = json!(["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"]);
    let a = c.new_game("pachisi", &seats, 11).await;
    let b = c.new_game("parcheesi-sr", &seats, 12).await;
    let a = a["id"].as_str().expect("id").to_string();
    let b = b["id"].as_str().expect("id").to_string();
    // Play game a for a while; leave game b to its bots after one throw.
    let mut state = c.settle(&a).await;
    for _ in 0..12 {
        c.step(&a, &state).await;
        state = c.settle(&a).await;
    }
    let b_state = c.settle(&b).await;
    c.step(&b, &b_state).await;
    // Kill while the bots of game a are playing: a person's throw sets them going.
    let (_, last_a) = c.step(&a, &c.settle(&a).await).await;
    tokio::time::sleep(Duration::from_millis(30)).await;
    let (_, seen_a) = c.get(&format!("/api/games/{a}")).await;
    let (_, seen_b) = c.get(&format!("/api/games/{b}")).await;
    server.kill();
    assert!(seen_a["actions"].as_u64() >= last_a["actions"].as_u64());

    let server = Server::start(&db, 0);
    let c = Client::with_tokens_of(&server, &c);
    for (id, seen) in [(&a, &seen_a), (&b, &seen_b)] {
        let (status, now) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{now}");
        // Everything seen before the kill was committed; the log goes on from it.
        let seen_log: Vec<String> = serde_json::from_value(seen["log"].clone()).expect("log");
        let now_log: Vec<String> = serde_json::from_value(now["log"].clone()).expect("log");
        assert!(
            now["actions"].as_u64() >= seen["actions"].as_u64(),
            "{id}: actions lost"
        );
        let last = seen_log.len() - 1;
        assert_eq!(now_log[..last], seen_log[..last], "{id}: the past changed");
        assert!(now_log[last].starts_with(&seen_log[last]), "{id}");
    }
    // The resumed games play on to the end.
    for id in [&a, &b] {
        let mut state = c.settle(id).await;
        let mut steps = 0;
        while state["phase"] != "over" {
            let (status, reply) = c.step(id, &state).await;
            assert!(status == 200 || status == 409, "{reply}");
            state = c.settle(id).await;
            steps += 1;
            assert!(steps < 5_000, "game {id} does not end");
        }
        assert!(
            state["result"].as_str().is_some_and(|r| r.ends_with("won")),
            "{state}"
        );
        // The result stands: no undo is offered, and one asked for is refused.
        assert_eq!(state["can_undo"], false, "{state}");
        let (status, reply) = c
            .post(
                &format!("/api/games/{id}/actions"),
                &json!({"action": "undo"}),
            )
            .await;
        assert_eq!(status, 409, "{reply}");
        assert!(error_of(&reply).contains("the game is over"), "{reply}");
    }
}

/// A database that cannot be opened stops the server before it announces an address.
#[test]
fn a_database_that_cannot_be_opened_is_reported_before_any_address() {
    let out = Command::new(PACHISI)
        .args([
            "serve",
            "--port",
            "0",
            "--database",
            "/no/such/dir/games.sqlite",
        ])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stdout.contains("Serving"), "{stdout}");
    assert!(stderr.contains("/no/such/dir/games.sqlite"), "{stderr}");
}
