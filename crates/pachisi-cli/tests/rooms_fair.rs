//! Rooms on a real `pachisi serve` process: fair throws committed to before the game and revealed
//! after it, a changed throw named by `pachisi verify` and `/api/verify` (docs/fair-throws.md);
//! the lobby's public open seats; watching turned off; chat within its limits, kept verbatim.
//!
//! Every wait polls with a deadline; every choice is deterministic (the first listed move).

mod common;
mod rooms_common;

use common::api::{bearer, code_of, Api};
use common::{fresh_database, Server};
use reqwest::Method;
use rooms_common::*;
use serde_json::{json, Value};
use std::process::Command;

/// How many throws the throw-off of a record threw (its `Opening` tag: `Y 3, G 3; Y 5, G 10`).
fn throw_off_throws(record: &str) -> u64 {
    record
        .lines()
        .find_map(|l| l.strip_prefix("[Opening \""))
        .map_or(0, |tag| {
            tag.trim_end_matches("\"]")
                .split([',', ';'])
                .filter(|t| !t.trim().is_empty())
                .count() as u64
        })
}

/// The record with its first game throw `(N)` changed to another face of the die; the old and
/// new values.
fn with_first_throw_changed(record: &str) -> (String, u8, u8) {
    let (head, body) = record.split_once("\n\n").expect("a header and a body");
    let mut changed = None;
    let body: Vec<String> = body
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|token| {
                    let value = token.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
                    match (value, changed) {
                        (Some(value), None) => {
                            let value: u8 = value.parse().expect("a die's face");
                            let other = value % 6 + 1;
                            changed = Some((value, other));
                            format!("({other})")
                        }
                        _ => token.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let (was, now) = changed.expect("a throw");
    (format!("{head}\n\n{}\n", body.join("\n")), was, now)
}

/// 5. A game of fair throws: the record hides the seed while the game goes on and carries the
///    commitment; at the end the seed is revealed, hashes to the commitment, and verifies, on
///    the server and with `pachisi verify`; a record with a throw changed is refused, naming it.
#[tokio::test]
async fn fair_throws_are_committed_before_revealed_after_and_a_changed_throw_is_named() {
    // The SHA-256 here agrees with the published vector (docs/fair-throws.md, seed A).
    let seed_a = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    assert_eq!(
        hex(&sha256(&unhex(seed_a))),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
    let server = Server::start(&fresh_database("rooms-fair"), 0);
    let api = Api::new(&server);
    let mut new = against_bots();
    new["player_seed"] = "lucky 7".into();
    let room = api.create(&new).await;
    let (id, token) = (room.id.clone(), room.token.clone());
    let fair = &room.created["fair"];
    let commitment = fair["commitment"].as_str().expect("commitment").to_string();
    assert_eq!(commitment.len(), 64, "{fair}");
    assert_eq!(fair["server_seed"], Value::Null, "{fair}");
    assert!(
        fair["player_seeds"]
            .as_str()
            .is_some_and(|s| s.contains("lucky 7")),
        "{fair}"
    );
    let seats = seat_tokens(&[(&token, &room.created["you"])]);

    // Mid-game.
    let state = api
        .play_until(&id, &seats, |s| {
            s["actions"].as_u64().is_some_and(|a| a >= 10)
        })
        .await;
    assert_ne!(state["phase"], "over", "{state}");
    assert_eq!(state["fair"]["server_seed"], Value::Null, "{state}");
    for reader in [&token, &room.watch] {
        let record = api.record(&id, reader).await;
        assert!(!record.contains("[Seed "), "{record}");
        assert!(!record.contains("[ServerSeed "), "{record}");
        assert!(
            record.contains(&format!("[ServerSeedCommitment \"{commitment}\"]")),
            "{record}"
        );
        assert!(record.contains("lucky 7"), "{record}");
    }

    // To the end.
    let state = api.play_until(&id, &seats, |_| false).await;
    assert_eq!(state["phase"], "over", "{state}");
    assert_eq!(state["fair"]["commitment"], commitment.as_str(), "{state}");
    let seed = state["fair"]["server_seed"]
        .as_str()
        .unwrap_or_else(|| panic!("the seed is revealed: {state}"))
        .to_string();
    assert_eq!(seed.len(), 64, "{state}");
    assert_eq!(
        hex(&sha256(&unhex(&seed))),
        commitment,
        "the revealed seed's SHA-256 is the commitment: {state}"
    );
    let events = api.events(&id, &token, 0).await;
    let over = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "over")
        .unwrap_or_else(|| panic!("an over event: {events}"))
        .clone();
    assert_eq!(over["server_seed"], seed.as_str(), "{over}");
    let record = api.record(&id, &token).await;
    assert!(
        record.contains(&format!("[ServerSeed \"{seed}\"]")),
        "{record}"
    );
    assert!(
        record.contains(&format!("[ServerSeedCommitment \"{commitment}\"]")),
        "{record}"
    );
    let throws_in_record = record
        .split_once("\n\n")
        .map_or(0, |(_, body)| body.matches('(').count() as u64)
        + throw_off_throws(&record);

    let (status, verified) = api
        .post("/api/verify", None, &json!({"record": record}))
        .await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(verified["ok"], true, "{verified}");
    assert_eq!(verified["seed_matches_commitment"], true, "{verified}");
    assert_eq!(verified["mismatches"], json!([]), "{verified}");
    assert_eq!(
        verified["throws"].as_u64(),
        Some(throws_in_record),
        "{verified}"
    );

    let (tampered, was, now) = with_first_throw_changed(&record);
    let number = throw_off_throws(&record);
    let (status, refused) = api
        .post("/api/verify", None, &json!({"record": tampered}))
        .await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["ok"], false, "{refused}");
    assert_eq!(refused["seed_matches_commitment"], true, "{refused}");
    let first = &refused["mismatches"][0];
    assert_eq!(first["number"].as_u64(), Some(number), "{refused}");
    assert_eq!(first["expected"], was.to_string(), "{refused}");
    assert_eq!(first["recorded"], now.to_string(), "{refused}");
    assert!(
        first["description"]
            .as_str()
            .is_some_and(|d| d.starts_with(&format!("throw {number} (turn "))),
        "{refused}"
    );

    // The command says the same.
    let dir = fresh_database("rooms-fair-records");
    let honest_path = dir.with_extension("honest.record");
    let tampered_path = dir.with_extension("tampered.record");
    std::fs::write(&honest_path, &record).expect("written");
    std::fs::write(&tampered_path, &tampered).expect("written");
    let out = Command::new(PACHISI)
        .arg("verify")
        .arg(&honest_path)
        .output()
        .expect("verify runs");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains(&format!(
            "the server seed matches its commitment {commitment}"
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!("all {throws_in_record} throws match")),
        "{said}"
    );
    let out = Command::new(PACHISI)
        .arg("verify")
        .arg(&tampered_path)
        .output()
        .expect("verify runs");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains(&format!("throw {number} (turn ")), "{said}");
    assert!(
        said.contains(&format!("should be {was} but the record says {now}")),
        "{said}"
    );
}

/// 6. The lobby lists a public room's open seat with its invitation, never a private room, and
///    no room once its seat is taken; a game for practice (a chosen seed) cannot invite anyone.
#[tokio::test]
async fn the_lobby_lists_public_open_seats_only_until_taken_and_practice_games_invite_nobody() {
    let server = Server::start(&fresh_database("rooms-lobby"), 0);
    let api = Api::new(&server);
    let lobby = || async { api.send(Method::GET, "/api/lobby", None, None).await };
    let private = api.create(&with_friend()).await;
    let mut new = with_friend();
    new["public"] = true.into();
    let public = api.create(&new).await;
    assert_eq!(public.created["room"]["public"], true, "{}", public.created);
    let (status, listed) = lobby().await;
    assert_eq!(status, 200, "{listed}");
    let lines = listed.as_array().expect("a list");
    assert_eq!(lines.len(), 1, "only the public room: {listed}");
    let line = &lines[0];
    assert_eq!(line["id"], public.id.as_str(), "{listed}");
    assert_eq!(line["started"], false, "{listed}");
    assert_eq!(line["host"], "Asha", "{listed}");
    assert_eq!(
        line["invites"],
        json!([{"seat": 1, "invite": public.invite.clone().expect("open")}]),
        "{listed}"
    );
    let text = listed.to_string();
    for secret in [&public.token, &public.watch, &private.token, &private.watch] {
        assert!(
            !text.contains(secret.as_str()),
            "a secret in the lobby: {listed}"
        );
    }
    assert!(
        !text.contains(private.invite.as_deref().expect("open")),
        "{listed}"
    );
    // The invitation from the lobby takes the seat; then the room is gone from the lobby, and
    // the invitation cannot be used again.
    let joined = api
        .join(&public.id, public.invite.as_deref().expect("open"), "Ravi")
        .await;
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let (_, listed) = lobby().await;
    assert_eq!(listed, json!([]), "{listed}");
    let (status, again) = api
        .post(
            &format!("/api/games/{}/join", public.id),
            None,
            &json!({"invite": public.invite, "name": "Ravi"}),
        )
        .await;
    assert_eq!(status, 409, "{again}");
    // A private room turned public joins the lobby; a game for practice cannot.
    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{}/room", private.id),
            Some(&bearer(&private.token)),
            Some(&json!({"public": true})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let (_, listed) = lobby().await;
    assert_eq!(
        listed
            .as_array()
            .map(|l| l.iter().map(|g| g["id"].clone()).collect::<Vec<_>>()),
        Some(vec![json!(private.id)]),
        "{listed}"
    );
    for new in [
        json!({"ruleset": "ludo", "seats": ["me", "open", "bot:random", "bot:random"], "seed": 7}),
        json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "seed": 7, "public": true}),
    ] {
        let (status, answer) = api.post("/api/games", None, &new).await;
        assert_eq!(status, 422, "{new}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("practice")),
            "{answer}"
        );
    }
    let practice = api
        .create(&json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "seed": 7}))
        .await;
    assert_eq!(
        practice.created["fair"],
        Value::Null,
        "{}",
        practice.created
    );
    let (status, answer) = api
        .post(
            &format!("/api/games/{}/seats/1", practice.id),
            Some(&practice.token),
            &json!({"to": "open"}),
        )
        .await;
    assert_eq!(
        status, 422,
        "a practice game's seat to another person: {answer}"
    );
    let (_, listed) = lobby().await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
}

/// 7. The host turns watching off: watchers are sent away (`closed`, then close 1008) and the old
///    code is refused everywhere; players stay. Turned on again, the link is a new one.
#[tokio::test]
async fn watching_turned_off_sends_watchers_away_and_refuses_the_old_code() {
    let server = Server::start(&fresh_database("rooms-watch-off"), 0);
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let (id, token, old) = (room.id.clone(), room.token.clone(), room.watch.clone());
    api.settle(&id, &token).await;
    let (mut watcher, hello) = welcome(&api, &id, &old, None).await;
    assert_eq!(hello["you"], json!({"watcher": true}), "{hello}");
    let (mut player, _) = welcome(&api, &id, &token, None).await;

    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{id}/room"),
            Some(&bearer(&token)),
            Some(&json!({"watch": false})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["room"]["watching"], false, "{state}");
    // The watcher: perhaps the room's event, then `closed`, then the close frame.
    let mut told = Vec::new();
    let code = loop {
        let message = next_message(&mut watcher).await;
        if message.get("close").is_some() {
            break message["close"].as_u64();
        }
        assert!(
            message.get("gone").is_none(),
            "no close frame: {told:?} {message}"
        );
        told.push(message);
    };
    assert_eq!(code, Some(1008), "{told:?}");
    assert_eq!(
        told.last().map(|m| m["type"].clone()),
        Some(json!("closed")),
        "{told:?}"
    );
    // The player hears of it and stays.
    let message = next_json(&mut player).await;
    assert_eq!(message["events"][0]["kind"], "room", "{message}");
    assert_eq!(message["events"][0]["watching"], false, "{message}");
    say(&mut player, &json!({"type": "chat", "text": "still here"})).await;
    let message = next_json(&mut player).await;
    assert_eq!(message["events"][0]["text"], "still here", "{message}");

    // The old code is refused: reading, events, the record, chat and the WebSocket.
    let forbidden = [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/events?after=0"),
        format!("/api/games/{id}/record"),
    ];
    for path in &forbidden {
        let (status, answer) = api.get(path, &old).await;
        assert_eq!(status, 403, "{path}: {answer}");
    }
    let (status, answer) = api
        .chat(&id, &old, &json!({"text": "hello?", "name": "Mina"}))
        .await;
    assert_eq!(status, 403, "{answer}");
    let mut again = open_socket(&api, &id, &old, None).await;
    let refused = next_json(&mut again).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(next_message(&mut again).await["close"], 1008);
    let (status, links) = api.get(&format!("/api/games/{id}/room"), &token).await;
    assert_eq!(status, 200, "{links}");
    assert_eq!(links["watch"], Value::Null, "{links}");

    // On again: a new link; the old code stays refused.
    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{id}/room"),
            Some(&bearer(&token)),
            Some(&json!({"watch": true})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let (_, links) = api.get(&format!("/api/games/{id}/room"), &token).await;
    let new = code_of(&links["watch"]["link"], "watch", &id);
    assert_ne!(new, old, "{links}");
    let seen = api.state(&id, &new).await;
    assert_eq!(seen["you"], json!({"watcher": true}), "{seen}");
    let (status, answer) = api.get(&format!("/api/games/{id}"), &old).await;
    assert_eq!(status, 403, "{answer}");
}

/// 8. Chat keeps to its limits (length, emptiness, control characters, rate) and keeps a line as
///    it was said: markup is text, told verbatim.
#[tokio::test]
async fn chat_lines_keep_to_their_limits_and_are_kept_verbatim() {
    let server = Server::start(&fresh_database("rooms-chat"), 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let (friend, _) = api.join_friend(&room, "Ravi").await;
    let state = api.settle(&id, &room.token).await;
    let (mut listener, _) = welcome(
        &api,
        &id,
        &friend,
        Some(state["event"].as_u64().expect("n")),
    )
    .await;
    let before = fingerprint(&state);

    let refused = [
        (json!({"text": "x".repeat(301)}), 413),
        (json!({"text": "é".repeat(301)}), 413),
        (json!({"text": ""}), 400),
        (json!({"text": "   "}), 400),
        (json!({"text": "bell\u{7}"}), 400),
        (json!({"text": "two\nlines"}), 400),
        (json!({"text": "tab\there"}), 400),
        (json!({"text": "\u{1b}[31mred"}), 400),
        (json!({"text": "nul\u{0}"}), 400),
        (json!({"text": 7}), 400),
        (json!({"say": "hi"}), 400),
    ];
    for (body, want) in &refused {
        let (status, answer) = api.chat(&id, &room.token, body).await;
        assert_eq!(status, *want, "{body}: {answer}");
        assert!(answer["error"].is_string(), "{body}: {answer}");
        let now = api.state(&id, &room.token).await;
        assert_eq!(fingerprint(&now), before, "{body} was kept");
    }

    let script = "<script>alert(1)</script>";
    let longest = "é".repeat(300);
    let lines = [script, &longest, "<b>bold</b> & \"quoted\"", "four", "five"];
    for text in lines {
        let (status, answer) = api.chat(&id, &room.token, &json!({"text": text})).await;
        assert_eq!(status, 204, "{text}: {answer}");
    }
    // The sixth within ten seconds.
    let r = api
        .response(
            Method::POST,
            &format!("/api/games/{id}/chat"),
            Some(&bearer(&room.token)),
            Some(&json!({"text": "six"})),
        )
        .await;
    assert_eq!(r.status().as_u16(), 429);
    assert!(
        r.headers().get("retry-after").is_some(),
        "{:?}",
        r.headers()
    );
    let answer: Value = r.json().await.expect("json");
    assert!(answer["error"].is_string(), "{answer}");
    // The limit is the speaker's: the friend and a watcher still speak.
    let (status, answer) = api.chat(&id, &friend, &json!({"text": "my turn"})).await;
    assert_eq!(status, 204, "{answer}");
    let (status, answer) = api
        .chat(&id, &room.watch, &json!({"text": script, "name": "Mina"}))
        .await;
    assert_eq!(status, 204, "{answer}");

    let start = state["event"].as_u64().expect("event");
    let said = said_after(&api, &id, &room.token, start).await;
    let mut want: Vec<Value> = lines
        .iter()
        .map(|t| json!(["chat", "table", "Asha", t]))
        .collect();
    want.push(json!(["chat", "table", "Ravi", "my turn"]));
    want.push(json!(["chat", "watchers", "Mina", script]));
    assert_eq!(said, want, "{said:?}");
    // Live, each line is told once, verbatim, with no state.
    let end = start + want.len() as u64;
    let mut told = Vec::new();
    while told.len() < want.len() {
        let message = next_json(&mut listener).await;
        assert_eq!(message["type"], "events", "{message}");
        assert!(
            message.get("state").is_none() && message.get("patch").is_none(),
            "a line changes no state: {message}"
        );
        told.extend(
            message["events"]
                .as_array()
                .expect("events")
                .iter()
                .cloned(),
        );
    }
    assert_eq!(
        numbers(&Value::Array(told.clone())),
        (start + 1..=end).collect::<Vec<_>>()
    );
    assert_eq!(told[0]["text"], script, "{}", told[0]);
    let game = api.state(&id, &room.token).await;
    assert_eq!(game["actions"], state["actions"], "chat plays nothing");
}
