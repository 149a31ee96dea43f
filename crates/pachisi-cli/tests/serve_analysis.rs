//! `POST /api/analyze` of a real `pachisi serve` process: the analysis of a record with a spoiled
//! move, as the page reads it; every refusal, each with a JSON error; and an evaluator that only
//! the server's operator chooses.

mod common;
mod spoiled;

use common::{fresh_database, idle_ludo, Server};
use serde_json::{json, Value};
use spoiled::{marked_alone, spoiled_record, EVALUATOR};
use std::process::Command;

fn error_of(body: &Value) -> String {
    body["error"].as_str().unwrap_or_default().to_string()
}

/// Posts `body` to the analysis as JSON: the status and the JSON body (every answer has one).
async fn analyze(server: &Server, body: &Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("{}/api/analyze", server.url))
        .json(body)
        .send()
        .await
        .expect("the server answers");
    let status = r.status().as_u16();
    (status, r.json().await.expect("a JSON body"))
}

#[tokio::test]
async fn a_record_s_analysis_marks_its_spoiled_move_and_draws_each_team_s_chances() {
    let server = Server::start(&fresh_database("analysis-shape"), 0);
    let (record, number, worst, loss) = spoiled_record("ludo", 4, 0.08);
    let (status, a) = analyze(&server, &json!({ "record": record })).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["evaluator"], EVALUATOR, "the server's default evaluator");
    assert_eq!(a["ruleset"], "ludo");
    let steps = a["steps"].as_u64().expect("steps") as usize;
    assert_eq!(steps, number, "the record ends with the spoiled move");
    assert!(
        a["positions"].as_u64().is_some_and(|p| p > 0),
        "{}",
        a["positions"]
    );
    for key in ["inaccuracy", "mistake", "blunder"] {
        assert!(a["thresholds"][key].is_f64(), "{key}");
    }
    let d = marked_alone(&a, number, worst, loss);
    for key in [
        "best",
        "played_chance",
        "best_chance",
        "seat",
        "team",
        "turn",
    ] {
        assert!(!d[key].is_null(), "{key}: {d}");
    }
    // Every team's chance before every throw, and at the end (a throw is due after the move).
    let chances = a["chances"].as_array().expect("chances");
    let throws = a["throws"].as_array().expect("throws");
    assert_eq!(chances.len(), throws.len() + 1);
    let mut last = 0;
    for point in chances {
        let teams = point["teams"].as_array().expect("teams");
        assert_eq!(teams.len(), 4, "{point}");
        let sum: f64 = teams.iter().filter_map(Value::as_f64).sum();
        assert!((sum - 1.0).abs() < 1e-6, "{point}");
        let at = point["steps"].as_u64().expect("steps") as usize;
        assert!(at >= last && at <= steps, "{point}");
        last = at;
    }
    assert_eq!(last, steps, "the last point is the end");
    for t in throws {
        assert!(t["luck"].is_f64() && t["throw"].is_string(), "{t}");
    }
    let seats = a["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4);
    let marks: u64 = seats
        .iter()
        .map(|s| s["mistakes"].as_u64().unwrap_or(0) + s["blunders"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(marks, 1, "{seats:?}");
    assert_eq!(a["teams"], json!([]), "Ludo's seats play alone");
}

#[tokio::test]
async fn records_too_large_too_long_too_costly_or_invalid_are_refused_in_json() {
    let server = Server::start_with(
        &fresh_database("analysis-refusals"),
        0,
        &["--max-analysis-positions", "5000"],
    );
    let http = reqwest::Client::new();
    let url = format!("{}/api/analyze", server.url);
    let cases = [
        // Over the replay viewer's 256 KiB, refused before it is read.
        (
            json!({ "record": format!("{}{}", idle_ludo(1), " ".repeat(300_000)) }),
            413,
            "at most 262144",
        ),
        // 32,000 actions: over the replay viewer's 20,000.
        (json!({ "record": idle_ludo(16_000) }), 413, "at most 20000"),
        // 1,000 turns: within the actions, over the positions this server evaluates.
        (
            json!({ "record": idle_ludo(1000) }),
            413,
            "up to 8001 positions",
        ),
        (json!({ "record": "no record" }), 422, ""),
        (
            json!({ "record": "[Ruleset \"ludo\"]\n\n(6) 99+6\n" }),
            422,
            "99+6",
        ),
        (
            json!({ "record": "[Ruleset \"no-such-game\"]\n\n" }),
            422,
            "no-such-game",
        ),
        (json!({ "text": idle_ludo(1) }), 400, "record"),
        (json!("just text"), 400, ""),
    ];
    for (body, want, says) in cases {
        let (status, answer) = analyze(&server, &body).await;
        let shown: String = body.to_string().chars().take(80).collect();
        assert_eq!(status, want, "{shown}: {answer}");
        assert!(!error_of(&answer).is_empty(), "{shown}: {answer}");
        assert!(error_of(&answer).contains(says), "{shown}: {answer}");
    }
    // A cross-site form can send text/plain or a form: neither is taken.
    for kind in ["text/plain", "application/x-www-form-urlencoded"] {
        let r = http
            .post(&url)
            .header("content-type", kind)
            .body(json!({ "record": idle_ludo(1) }).to_string())
            .send()
            .await
            .expect("answers");
        assert_eq!(r.status().as_u16(), 415, "{kind}");
        let body: Value = r.json().await.expect("a JSON body");
        assert!(!error_of(&body).is_empty(), "{kind}: {body}");
    }
    // Just within the positions: answered.
    let (status, answer) = analyze(&server, &json!({ "record": idle_ludo(600) })).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["positions"], 600 * 8 + 1);
}

#[tokio::test]
async fn the_evaluator_is_the_server_s_and_no_visitor_s() {
    let server = Server::start_with(
        &fresh_database("analysis-evaluator"),
        0,
        &["--analysis-bot", "heuristic"],
    );
    let record = idle_ludo(3);
    // A visitor who names an evaluator, in any field, is refused.
    for field in ["bot", "evaluator", "spec"] {
        let (status, answer) =
            analyze(&server, &json!({ "record": record, field: "random" })).await;
        assert_eq!(status, 400, "{field}: {answer}");
        assert!(
            error_of(&answer).contains(&format!("unknown field `{field}`")),
            "{answer}"
        );
    }
    // A query string is not read: the server's evaluator answers.
    let r = reqwest::Client::new()
        .post(format!(
            "{}/api/analyze?bot=expectimax:depth=2&evaluator=random",
            server.url
        ))
        .json(&json!({ "record": record }))
        .send()
        .await
        .expect("answers");
    assert_eq!(r.status().as_u16(), 200);
    let answer: Value = r.json().await.expect("JSON");
    assert_eq!(answer["evaluator"], "heuristic", "{answer}");
}

/// An evaluator that gives no winning chances, or reads a file, stops the server before it
/// announces an address.
#[test]
fn a_bad_analysis_bot_is_reported_before_any_address() {
    for (spec, says) in [
        ("random", "no estimates"),
        ("mcts", "no estimates"),
        ("heuristic:weights=/etc/passwd", "built-in"),
        ("expectimax:depth=x", "depth"),
    ] {
        let database = fresh_database("analysis-bad-bot");
        let out = Command::new(env!("CARGO_BIN_EXE_pachisi"))
            .args(["serve", "--port", "0", "--analysis-bot", spec, "--database"])
            .arg(&database)
            .output()
            .expect("runs");
        assert!(!out.status.success(), "{spec}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stdout.contains("Serving"), "{spec}: {stdout}");
        assert!(
            stderr.contains("--analysis-bot") && stderr.contains(says),
            "{spec}: {stderr}"
        );
    }
}
