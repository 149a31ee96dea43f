//! The learn API through the whole router, as the page calls it: every tour walked by its
//! answers, a wrong move explained with the board left as it was, and bad requests refused in
//! words.

use crate::api::router;
use crate::app::AppState;
use crate::guard::Site;
use crate::limits::Limits;
use crate::testing::{open, remove, temp_db};
use axum::body::Body;
use axum::http::{header, Request};
use pachisi_learn::tour::TOURS;
use serde_json::{json, Value};
use std::time::Duration;
use tower::ServiceExt;

/// The server's router on a fresh database of its own (the learn API uses none).
struct Server {
    app: axum::Router,
    db: std::path::PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        remove(&self.db);
    }
}

fn server(name: &str) -> Server {
    let db = temp_db(&format!("learn-{name}"));
    let games = open(&db, Duration::ZERO, Limits::default());
    let state = AppState::new(games, "heuristic".parse().expect("bot")).expect("state");
    Server {
        app: router(state, Site::default()),
        db,
    }
}

impl Server {
    /// The status and JSON body of `method path` with `body` (raw text).
    async fn call(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        self.call_in("en", method, path, body).await
    }

    /// [`Server::call`], asked in the language `lang` (`Accept-Language`).
    async fn call_in(
        &self,
        lang: &str,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (u16, Value) {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, "127.0.0.1:8080")
            .header(header::ACCEPT_LANGUAGE, lang);
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .expect("request");
        let response = self.app.clone().oneshot(request).await.expect("answer");
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("body");
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        (status, value)
    }

    async fn post(&self, path: &str, actions: &[&str]) -> (u16, Value) {
        let body = json!({ "actions": actions }).to_string();
        self.call("POST", path, Some(&body)).await
    }
}

#[tokio::test]
async fn every_tour_walks_to_its_end_by_its_answers() {
    let server = server("walk");
    let (status, list) = server.call("GET", "/api/learn", None).await;
    assert_eq!(status, 200, "{list}");
    let tours = list["tours"].as_array().expect("tours");
    assert_eq!(tours[0]["name"], "pachisi");
    assert_eq!(tours.len(), TOURS.len());
    for (tour, listed) in TOURS.iter().zip(tours) {
        assert_eq!(
            listed["steps"].as_array().map(Vec::len),
            Some(tour.steps.len())
        );
        assert!(listed["intro"].as_str().is_some_and(|t| t.len() > 20));
        for kind in ["grace", "captured"] {
            let id = format!("learn-{}-tip-{kind}", tour.name);
            let text = pachisi_words::english().check(&id, &pachisi_words::Args::new());
            assert_eq!(text.as_deref().ok(), listed["tips"][kind].as_str(), "{id}");
        }
        assert!(listed["tips"]["passed"]
            .as_str()
            .is_some_and(|t| t.contains("{throw}") && t.contains("{reasons}")));
        for (i, step) in tour.steps.iter().enumerate() {
            let path = format!("/api/learn/{}/{}", tour.name, i + 1);
            let (status, before) = server.call("GET", &path, None).await;
            assert_eq!(status, 200, "{path}: {before}");
            assert_eq!(before["step"], i + 1);
            assert_eq!(before["last"], i + 1 == tour.steps.len());
            assert!(before["title"].as_str().is_some_and(|t| !t.is_empty()));
            assert!(before["source"].as_str().is_some_and(|t| !t.is_empty()));
            assert!(before["feedback"].is_null());
            // The board is a game's state: what the page's drawing reads.
            let state = &before["state"];
            for field in ["board", "seats", "pieces", "moves", "ruleset", "why_not"] {
                assert!(!state[field].is_null(), "{path}: no {field}");
            }
            let mut actions = Vec::new();
            if before["stage"] == "throw" {
                actions.push("throw");
                let (status, thrown) = server.post(&path, &actions).await;
                assert_eq!(status, 200, "{path}: {thrown}");
                assert_eq!(thrown["feedback"]["kind"], "thrown");
                assert_eq!(thrown["stage"], "move");
                assert!(thrown["state"]["last_throw"]["value"].is_u64());
                let moves = thrown["state"]["moves"].as_array().expect("moves");
                assert!(
                    moves.iter().any(|m| m["move"] == step.answers[0]),
                    "{path}: {} not among {moves:?}",
                    step.answers[0]
                );
            }
            actions.push(step.answers[0]);
            let (status, done) = server.post(&path, &actions).await;
            assert_eq!(status, 200, "{path}: {done}");
            assert_eq!(done["feedback"]["kind"], "right", "{path}: {done}");
            assert_eq!(done["stage"], "done");
            assert!(done["state"]["moves"].as_array().is_some_and(Vec::is_empty));
            assert_eq!(done["state"]["last_move"]["move"], step.answers[0]);
        }
    }
}

/// Every string of a JSON value.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(text) => out.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// What the tours say, in every shipped language (their list, each step's title, task and
/// source), names no field of a ruleset and no document's code.
#[tokio::test]
async fn the_tours_words_name_no_field_in_any_language() {
    let server = server("leaks");
    for (lang, _) in pachisi_words::SHIPPED {
        let (status, list) = server.call_in(lang, "GET", "/api/learn", None).await;
        assert_eq!(status, 200, "{list}");
        let mut said = Vec::new();
        strings(&list, &mut said);
        for tour in TOURS {
            for step in 1..=tour.steps.len() {
                let path = format!("/api/learn/{}/{step}", tour.name);
                let (status, answer) = server.call_in(lang, "GET", &path, None).await;
                assert_eq!(status, 200, "{path}: {answer}");
                for field in ["title", "task", "source"] {
                    said.push(answer[field].as_str().unwrap_or_default().to_string());
                }
            }
        }
        assert!(said.len() > 30, "{lang}: {said:?}");
        for text in said {
            let found = pachisi_learn::explain::leaks::leaks(&text);
            assert!(found.is_empty(), "{lang}: {found:?} in {text}");
        }
    }
}

/// The first game's tips are in the words of the tour's family, and Pachisi's castle 25
/// squares from home is marked in the state where the page looks for it.
#[tokio::test]
async fn the_tips_name_the_pieces_as_the_family_does_and_the_castle_25_is_marked() {
    let server = server("tips");
    let (_, list) = server.call("GET", "/api/learn", None).await;
    let tours = list["tours"].as_array().expect("tours");
    let tips = |name: &str| {
        tours
            .iter()
            .find(|t| t["name"] == name)
            .map(|t| t["tips"].clone())
            .expect("the tour")
    };
    let ludo = tips("ludo")["passed"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(ludo.contains("tokens") && !ludo.contains("piece"), "{ludo}");
    let parcheesi = tips("parcheesi")["passed"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(parcheesi.contains("pawns"), "{parcheesi}");
    let castle = tips("pachisi")["castle"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(castle, pachisi_words::english().msg("tip-castle-25"));
    assert!(castle.contains("25"), "{castle}");
    // The step that waits on the castle 25 squares from home.
    let at = |key: &str| {
        pachisi_learn::tour::tour("pachisi")
            .and_then(|t| t.steps.iter().position(|s| s.key == key))
            .map(|i| i + 1)
            .expect("the step")
    };
    let (_, wait) = server
        .call("GET", &format!("/api/learn/pachisi/{}", at("wait")), None)
        .await;
    let seat = wait["seat"].clone();
    let marked: Vec<&Value> = wait["state"]["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .filter(|p| p["castle_25"] == true)
        .collect();
    assert_eq!(marked.len(), 1, "{}", wait["state"]["pieces"]);
    assert_eq!(marked[0]["seat"], seat);
    // No piece stands there at the start of the tour: the mark is left out.
    let (_, first) = server.call("GET", "/api/learn/pachisi/1", None).await;
    let pieces = first["state"]["pieces"].as_array().expect("pieces");
    assert!(pieces.iter().all(|p| p.get("castle_25").is_none()));
}

#[tokio::test]
async fn a_wrong_move_is_explained_and_the_board_stays_as_it_was() {
    let server = server("wrong");
    let path = "/api/learn/pachisi/4";
    let (_, thrown) = server.post(path, &["throw"]).await;
    // The capture step: the back piece moving instead of taking Green's piece.
    let (status, wrong) = server.post(path, &["throw", "30+3"]).await;
    assert_eq!(status, 200, "{wrong}");
    assert_eq!(wrong["feedback"]["kind"], "wrong");
    assert!(wrong["feedback"]["text"]
        .as_str()
        .is_some_and(|t| t.len() > 10));
    assert_eq!(wrong["stage"], "move");
    assert_eq!(wrong["state"]["position"], thrown["state"]["position"]);
    assert_eq!(wrong["state"]["pieces"], thrown["state"]["pieces"]);
    assert_eq!(wrong["state"]["moves"], thrown["state"]["moves"]);
    // A move the rules refuse is told why, in the engine's words.
    let (status, illegal) = server.post(path, &["throw", "9+3"]).await;
    assert_eq!(status, 200, "{illegal}");
    assert_eq!(illegal["feedback"]["kind"], "wrong");
    assert_eq!(illegal["state"]["position"], thrown["state"]["position"]);
    // The right move after a wrong one is right.
    let (_, right) = server.post(path, &["throw", "30+3", "10+3"]).await;
    assert_eq!(right["feedback"]["kind"], "right");
}

#[tokio::test]
async fn bad_requests_are_refused_in_words() {
    let server = server("bad");
    let cases: &[(&str, &str, Option<&str>, u16, &str)] = &[
        ("GET", "/api/learn/chess/1", None, 404, "no tour"),
        (
            "POST",
            "/api/learn/chess/1",
            Some(r#"{"actions":[]}"#),
            404,
            "no tour",
        ),
        ("GET", "/api/learn/pachisi/0", None, 400, "no step 0"),
        ("GET", "/api/learn/pachisi/99", None, 400, "no step 99"),
        ("GET", "/api/learn/pachisi/x", None, 400, "a number"),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["throw","-","-","-","-"]}"#),
            400,
            "at most 4",
        ),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["throw","up the left"]}"#),
            400,
            "is neither \"throw\" nor a move",
        ),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["throwthrowthrowthrow"]}"#),
            400,
            "at most 16",
        ),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"acts":[]}"#),
            400,
            "unknown field",
        ),
        ("POST", "/api/learn/pachisi/1", Some("not json"), 400, ""),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["-"]}"#),
            409,
            "throw first",
        ),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["throw","throw"]}"#),
            409,
            "no throw is due",
        ),
        (
            "POST",
            "/api/learn/pachisi/1",
            Some(r#"{"actions":["throw","-","-"]}"#),
            409,
            "done",
        ),
    ];
    for (method, path, body, status, says) in cases {
        let (got, answer) = server.call(method, path, *body).await;
        assert_eq!(got, *status, "{method} {path} {body:?}: {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(says), "{method} {path} {body:?}: {error}");
    }
    // A body beyond its bound is refused before it is read as JSON.
    let long = format!(r#"{{"actions":["{}"]}}"#, "x".repeat(600));
    let (got, _) = server
        .call("POST", "/api/learn/pachisi/1", Some(&long))
        .await;
    assert_eq!(got, 413);
}
