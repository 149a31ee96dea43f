//! A client of the server's JSON API for the tests over real HTTP: requests with a seat token or
//! a watch code, rooms created with their invitation and watch codes, states, events, records,
//! and the address of a game's WebSocket (docs/api.md).

use super::Server;
use reqwest::Method;
use serde_json::{json, Value};

/// `Authorization: Bearer TOKEN`.
pub fn bearer(token: &str) -> String {
    format!("Bearer {token}")
}

/// The code of a link `URL/#KIND=ID.CODE`.
pub fn code_of(link: &Value, kind: &str, id: &str) -> String {
    let text = link.as_str().unwrap_or_else(|| panic!("no link: {link}"));
    text.split_once(&format!("#{kind}={id}."))
        .map(|(_, code)| code.to_string())
        .unwrap_or_else(|| panic!("not a {kind} link of {id}: {text}"))
}

/// The next action of the person to act in `state`: a throw, or the first listed move, with the
/// state's count of actions.
pub fn next_action(state: &Value) -> Value {
    if state["phase"] == "throw" {
        json!({"action": "throw", "actions": state["actions"]})
    } else {
        json!({"action": "move", "index": 0, "actions": state["actions"]})
    }
}

/// A room just created: its id, the host's token, the creation answer, and the codes of its
/// invitation (if a seat is open) and watch link.
pub struct Room {
    pub id: String,
    pub token: String,
    pub created: Value,
    pub invite: Option<String>,
    pub watch: String,
}

/// A client of one server's API.
pub struct Api {
    pub http: reqwest::Client,
    pub url: String,
}

impl Api {
    pub fn new(server: &Server) -> Api {
        Api {
            http: reqwest::Client::new(),
            url: server.url.clone(),
        }
    }

    /// Sends a request with `auth` as its whole `Authorization` header (if any) and `body` as
    /// JSON (if any); `Err` when the server cannot be reached.
    pub async fn try_response(
        &self,
        method: Method,
        path: &str,
        auth: Option<&str>,
        body: Option<&Value>,
    ) -> Result<reqwest::Response, reqwest::Error> {
        let mut request = self.http.request(method, format!("{}{path}", self.url));
        if let Some(auth) = auth {
            request = request.header("authorization", auth);
        }
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        request.send().await
    }

    /// As [`Api::try_response`], for a server that must answer.
    pub async fn response(
        &self,
        method: Method,
        path: &str,
        auth: Option<&str>,
        body: Option<&Value>,
    ) -> reqwest::Response {
        self.try_response(method, path, auth, body)
            .await
            .expect("the server answers")
    }

    /// As [`Api::try_response`]: the status and the JSON body (`null` when there is none);
    /// status 0 with the error when the server cannot be reached (a server killed by a test).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        auth: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        match self.try_response(method, path, auth, body).await {
            Ok(r) => {
                let status = r.status().as_u16();
                (status, r.json().await.unwrap_or(Value::Null))
            }
            Err(e) => (0, json!({ "error": e.to_string() })),
        }
    }

    pub async fn get(&self, path: &str, token: &str) -> (u16, Value) {
        self.send(Method::GET, path, Some(&bearer(token)), None)
            .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        let auth = token.map(bearer);
        self.send(Method::POST, path, auth.as_deref(), Some(body))
            .await
    }

    /// Creates a room as `new` asks.
    pub async fn create(&self, new: &Value) -> Room {
        let (status, created) = self.post("/api/games", None, new).await;
        assert_eq!(status, 201, "{new}: {created}");
        let id = created["id"].as_str().expect("id").to_string();
        let token = created["token"].as_str().expect("token").to_string();
        let invite = created["links"]["invites"]
            .get(0)
            .map(|i| code_of(&i["link"], "join", &id));
        let watch = code_of(&created["links"]["watch"]["link"], "watch", &id);
        Room {
            id,
            token,
            created,
            invite,
            watch,
        }
    }

    /// Takes the seat of `invite` as a new person named `name`; the answer (state, token, seat,
    /// you).
    pub async fn join(&self, id: &str, invite: &str, name: &str) -> Value {
        let (status, joined) = self
            .post(
                &format!("/api/games/{id}/join"),
                None,
                &json!({"invite": invite, "name": name}),
            )
            .await;
        assert_eq!(status, 200, "{joined}");
        assert!(joined["token"].is_string(), "{joined}");
        joined
    }

    /// A friend named `name` takes the room's open seat by its invitation: their token, and the
    /// join's answer.
    pub async fn join_friend(&self, room: &Room, name: &str) -> (String, Value) {
        let invite = room.invite.as_deref().expect("an open seat");
        let joined = self.join(&room.id, invite, name).await;
        let token = joined["token"].as_str().expect("token").to_string();
        (token, joined)
    }

    /// The state of game `id` as `token` (a player's or the watch code) reads it.
    pub async fn state(&self, id: &str, token: &str) -> Value {
        let (status, state) = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, 200, "{id}: {state}");
        state
    }

    /// `GET /api/games/{id}/events?after=N`.
    pub async fn events(&self, id: &str, token: &str, after: u64) -> Value {
        let (status, events) = self
            .get(&format!("/api/games/{id}/events?after={after}"), token)
            .await;
        assert_eq!(status, 200, "{events}");
        events
    }

    /// The game's record as `token` downloads it.
    pub async fn record(&self, id: &str, token: &str) -> String {
        let r = self
            .response(
                Method::GET,
                &format!("/api/games/{id}/record"),
                Some(&bearer(token)),
                None,
            )
            .await;
        assert_eq!(r.status().as_u16(), 200);
        r.text().await.expect("the record's text")
    }

    /// The address of game `id`'s WebSocket.
    pub fn ws_url(&self, id: &str) -> String {
        format!(
            "{}/api/games/{id}/ws",
            self.url.replacen("http://", "ws://", 1)
        )
    }
}

/// Checks that `record` replays with `pachisi record check`.
pub fn assert_record_checks(record: &str) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("game.record");
    std::fs::write(&file, record).expect("write");
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(["record", "check"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(
        check.status.success(),
        "{record}\n{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
}
