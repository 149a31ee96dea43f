//! Numbered events of rooms on a real `pachisi serve` process: a client reconnecting after a gap
//! of any length gets exactly the events it missed, then the live ones; an answer after the last
//! event still says its number; and a server killed outright keeps every room, token, chat line
//! and event number (docs/api.md, "Events", "Live updates").
//!
//! Every wait polls with a deadline; every choice is deterministic (the first listed move).

mod common;
mod rooms_common;

use common::api::{code_of, Api};
use common::{fresh_database, Server};
use reqwest::Method;
use rooms_common::*;
use serde_json::{json, Value};

/// Checks a welcome after `after`: its events are exactly `after + 1 ..= event`, and they are the
/// events `GET .../events?after=` answers.
async fn check_welcome(api: &Api, id: &str, token: &str, after: u64, welcome: &Value) -> u64 {
    let last = welcome["event"].as_u64().expect("event");
    let got = numbers(&welcome["events"]);
    let want: Vec<u64> = (after + 1..=last).collect();
    assert_eq!(got, want, "after {after}: {welcome}");
    let listed = api.events(id, token, after).await;
    let listed_numbers = numbers(&listed["events"]);
    assert!(
        listed_numbers.starts_with(&got),
        "GET events after {after} tells the same events: {listed} and {welcome}"
    );
    for (a, b) in listed["events"]
        .as_array()
        .expect("events")
        .iter()
        .zip(welcome["events"].as_array().expect("events"))
    {
        assert_eq!(a, b, "the same event, told twice");
    }
    last
}

/// 3. A client that reconnects with the number of the last event it saw gets exactly the events
///    after it, whatever the gap (1, 5, 50 and more), and the live events go on from there.
#[tokio::test]
async fn a_reconnecting_client_gets_exactly_the_events_it_missed_then_the_live_ones() {
    let server = Server::start_with(
        &fresh_database("rooms-reconnect"),
        0,
        &["--chat-lines", "1000"],
    );
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let (id, token) = (room.id.clone(), room.token.clone());
    let seats = seat_tokens(&[(&token, &room.created["you"])]);
    let state = api.settle(&id, &token).await;
    let (socket, hello) = welcome(&api, &id, &token, None).await;
    assert_eq!(
        hello["events"],
        json!([]),
        "no past events without `after`: {hello}"
    );
    assert_eq!(hello["event"], state["event"], "{hello} {state}");
    let mut last = hello["event"].as_u64().expect("event");
    drop(socket);

    // Gaps of 1 and 5: chat lines said while away.
    for gap in [1, 5] {
        for i in 0..gap {
            let (status, answer) = api
                .chat(
                    &id,
                    &token,
                    &json!({"text": format!("gap {gap}, line {i}")}),
                )
                .await;
            assert_eq!(status, 204, "{answer}");
        }
        let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
        let now = check_welcome(&api, &id, &token, last, &hello).await;
        assert_eq!(now, last + gap, "{hello}");
        let texts: Vec<&str> = hello["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| e["text"].as_str().expect("a chat line"))
            .collect();
        let want: Vec<String> = (0..gap).map(|i| format!("gap {gap}, line {i}")).collect();
        assert_eq!(texts, want, "{hello}");
        // The next line comes live, numbered next, without a state (a line changes none).
        let (status, _) = api.chat(&id, &token, &json!({"text": "live"})).await;
        assert_eq!(status, 204);
        let message = next_json(&mut socket).await;
        assert_eq!(numbers(&message["events"]), vec![now + 1], "{message}");
        assert!(message.get("state").is_none(), "{message}");
        assert!(message.get("patch").is_none(), "{message}");
        last = now + 1;
    }

    // A gap of 50 and more: the person plays, the bots answer, while nobody is connected.
    let target = last + 50;
    let state = api
        .play_until(&id, &seats, |s| {
            s["event"].as_u64().is_some_and(|e| e >= target)
        })
        .await;
    assert_ne!(
        state["phase"], "over",
        "the game ended before 50 events: {state}"
    );
    let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
    let now = check_welcome(&api, &id, &token, last, &hello).await;
    assert!(now >= last + 50, "{hello}");
    assert_eq!(hello["state"]["actions"], state["actions"], "{hello}");
    // Live from there: an action, and the bots' answers, each once, numbered on.
    let played = api.step(&id, &token, &state).await;
    let settled = api.settle(&id, &token).await;
    let end = settled["event"].as_u64().expect("event");
    let (seen, live_state) = read_events_until(&mut socket, end, hello["state"].clone()).await;
    assert_eq!(seen, (now + 1..=end).collect::<Vec<_>>(), "after {played}");
    assert_eq!(live_state["actions"], settled["actions"], "{live_state}");
    drop(socket);

    // A client that reconnects while the bots are playing misses nothing either.
    let state = api.settle(&id, &token).await;
    let last = state["event"].as_u64().expect("event");
    api.step(&id, &token, &state).await;
    let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
    let first = check_welcome(&api, &id, &token, last, &hello).await;
    let settled = api.settle(&id, &token).await;
    let end = settled["event"].as_u64().expect("event");
    let mut seen = numbers(&hello["events"]);
    if first < end {
        let (live, _) = read_events_until(&mut socket, end, hello["state"].clone()).await;
        seen.extend(live);
    }
    assert_eq!(seen, (last + 1..=end).collect::<Vec<_>>(), "{hello}");
    // The whole list, from the start, has every number once.
    let all = api.events(&id, &token, 0).await;
    assert_eq!(
        numbers(&all["events"]),
        (1..=end).collect::<Vec<_>>(),
        "{all}"
    );
    assert_eq!(all["state"]["actions"], settled["actions"]);
}

/// `GET .../events?after=N` says the number of the last event, as the WebSocket's welcome does,
/// even when nothing came after N: a client polling with the number it was told must not be
/// sent back to the start.
#[tokio::test]
async fn events_after_the_last_one_still_say_the_last_number() {
    let server = Server::start(&fresh_database("rooms-events-last"), 0);
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let state = api.settle(&room.id, &room.token).await;
    let last = state["event"].as_u64().expect("event");
    assert!(last >= 2, "{state}");
    let before = api.events(&room.id, &room.token, last - 1).await;
    assert_eq!(before["event"].as_u64(), Some(last), "{before}");
    let nothing_new = api.events(&room.id, &room.token, last).await;
    assert_eq!(nothing_new["events"], json!([]), "{nothing_new}");
    assert_eq!(
        nothing_new["event"].as_u64(),
        Some(last),
        "the last event is {last}: {nothing_new}"
    );
}

/// 4. A server killed outright (SIGKILL) and started again on its database keeps every room:
///    seats, names, holders, tokens that still act, the watch code, invitations, chat lines as
///    the same numbered events, and the numbering going on from the last.
#[tokio::test]
async fn a_server_killed_outright_keeps_every_room_token_chat_line_and_event_number() {
    let db = fresh_database("rooms-restart");
    // Bots wait 5 ms, so that the game of bots below is still at play when the server dies.
    let server = Server::start(&db, 5);
    let api = Api::new(&server);
    // A game between two people, played a while, with lines on both lines of chat.
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let (friend, joined) = api.join_friend(&room, "Ravi").await;
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    for (token, body) in [
        (&room.token, json!({"text": "namaste"})),
        (&friend, json!({"text": "good luck, Asha"})),
        (&room.watch, json!({"text": "go red", "name": "Mina"})),
    ] {
        let (status, answer) = api.chat(&id, token, &body).await;
        assert_eq!(status, 204, "{answer}");
    }
    let state = api
        .play_until(&id, &seats, |s| {
            s["actions"].as_u64().is_some_and(|a| a >= 12)
        })
        .await;
    assert_ne!(state["phase"], "over", "{state}");
    let (status, answer) = api
        .chat(&id, &friend, &json!({"text": "well played"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    // A public room waiting for its guest, and a game of bots at play when the server dies.
    let mut public = with_friend();
    public["public"] = true.into();
    public["name"] = "Lata".into();
    let waiting = api.create(&public).await;
    let bots = api
        .create(&json!({"ruleset": "ludo", "seats": vec!["bot:random"; 4]}))
        .await;

    let before = api.settle(&id, &room.token).await;
    let events_before = api.events(&id, &room.token, 0).await;
    let (_, links_before) = api
        .get(&format!("/api/games/{}/room", waiting.id), &waiting.token)
        .await;
    let waiting_before = api.state(&waiting.id, &waiting.token).await;
    let (_, lobby_before) = api.send(Method::GET, "/api/lobby", None, None).await;
    let bots_before = api.events(&bots.id, &bots.token, 0).await;
    server.kill();

    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let after = api.state(&id, &room.token).await;
    assert_eq!(
        fingerprint(&after),
        fingerprint(&before),
        "the game: {after}"
    );
    assert_eq!(after["room"], before["room"], "seats, names and holders");
    assert_eq!(after["fair"], before["fair"], "the commitment");
    for (who, token) in [("the friend", &friend), ("the watcher", &room.watch)] {
        let seen = api.state(&id, token).await;
        assert_eq!(fingerprint(&seen), fingerprint(&before), "{who}: {seen}");
    }
    let watcher = api.state(&id, &room.watch).await;
    assert_eq!(watcher["you"], json!({"watcher": true}), "{watcher}");
    let events_after = api.events(&id, &room.token, 0).await;
    assert_eq!(
        events_after["events"], events_before["events"],
        "every event, chat lines included, with its number"
    );
    let chat: Vec<Value> = events_after["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "chat")
        .map(|e| json!([e["line"], e["name"], e["text"]]))
        .collect();
    assert_eq!(
        chat,
        vec![
            json!(["table", "Asha", "namaste"]),
            json!(["table", "Ravi", "good luck, Asha"]),
            json!(["watchers", "Mina", "go red"]),
            json!(["table", "Ravi", "well played"]),
        ],
        "{events_after}"
    );
    // The old tokens act, and the events are numbered on from the last.
    let last = before["event"].as_u64().expect("event");
    let seat = after["to_move"].as_u64().expect("to_move");
    let mover = seats[&seat].clone();
    let other = if mover == friend {
        room.token.clone()
    } else {
        friend.clone()
    };
    let action = if after["phase"] == "throw" {
        json!({"action": "throw"})
    } else {
        json!({"action": "move", "index": 0})
    };
    let (status, refused) = api
        .post(&format!("/api/games/{id}/actions"), Some(&other), &action)
        .await;
    assert_eq!(
        status, 403,
        "the other player still may not act for the seat to move: {refused}"
    );
    let played = api.step(&id, &mover, &after).await;
    assert_eq!(
        played["actions"].as_u64(),
        after["actions"].as_u64().map(|a| a + 1),
        "{played}"
    );
    // The other player's old token acts too, once its seat is to act.
    let other_seat = *seats
        .iter()
        .find(|(_, token)| **token == other)
        .expect("the other's seat")
        .0;
    let state = api
        .play_until(&id, &seats, |s| {
            s["to_move"].as_u64() == Some(other_seat) && s["awaiting"] == "human"
        })
        .await;
    assert_eq!(state["to_move"].as_u64(), Some(other_seat), "{state}");
    let played = api.step(&id, &other, &state).await;
    assert_eq!(
        played["actions"].as_u64(),
        state["actions"].as_u64().map(|a| a + 1),
        "{played}"
    );
    let (status, answer) = api
        .chat(&id, &room.token, &json!({"text": "still here"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    let settled = api.settle(&id, &room.token).await;
    let next = api.events(&id, &room.token, last).await;
    let end = settled["event"].as_u64().expect("event");
    assert_eq!(
        numbers(&next["events"]),
        (last + 1..=end).collect::<Vec<_>>(),
        "{next}"
    );
    assert_eq!(next["events"][0]["kind"], "play", "{next}");
    assert!(
        next["events"]
            .as_array()
            .expect("events")
            .iter()
            .any(|e| e["text"] == "still here"),
        "{next}"
    );

    // The waiting room: its links, its place in the lobby, and its invitation still taken.
    let (status, links_after) = api
        .get(&format!("/api/games/{}/room", waiting.id), &waiting.token)
        .await;
    assert_eq!(status, 200, "{links_after}");
    // The server's port is a new one; the codes are the same.
    let codes = |links: &Value| {
        json!({
            "invites": links["invites"].as_array().map(|l| l.iter().map(|i| json!([i["seat"], code_of(&i["link"], "join", &waiting.id)])).collect::<Vec<_>>()),
            "watch": code_of(&links["watch"]["link"], "watch", &waiting.id),
        })
    };
    assert_eq!(
        codes(&links_after),
        codes(&links_before),
        "the same invitation and watch link"
    );
    assert_eq!(
        codes(&links_before)["invites"][0][1],
        waiting.invite.as_deref().expect("open"),
        "{links_before}"
    );
    let waiting_after = api.state(&waiting.id, &waiting.token).await;
    assert_eq!(
        fingerprint(&waiting_after),
        fingerprint(&waiting_before),
        "{waiting_after}"
    );
    let (_, lobby_after) = api.send(Method::GET, "/api/lobby", None, None).await;
    assert_eq!(lobby_after, lobby_before, "the lobby");
    let joined = api
        .join(
            &waiting.id,
            waiting.invite.as_deref().expect("open"),
            "Tara",
        )
        .await;
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let waited = api
        .events(
            &waiting.id,
            &waiting.token,
            waiting_before["event"].as_u64().expect("event"),
        )
        .await;
    let kinds: Vec<&Value> = waited["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| &e["kind"])
        .collect();
    assert_eq!(kinds[..2], [&json!("seat"), &json!("start")], "{waited}");
    assert_eq!(
        waited["events"][0]["n"].as_u64(),
        waiting_before["event"].as_u64().map(|n| n + 1),
        "{waited}"
    );

    // The bots' game: what was told before the kill is kept, and it went on, numbered on.
    let bots_after = api.settle(&bots.id, &bots.token).await;
    let all = api.events(&bots.id, &bots.token, 0).await;
    let told = bots_before["events"].as_array().expect("events");
    assert_eq!(
        all["events"].as_array().expect("events")[..told.len()],
        told[..],
        "the bots' events told before the kill"
    );
    assert_eq!(
        numbers(&all["events"]),
        (1..=bots_after["event"].as_u64().expect("event")).collect::<Vec<_>>(),
        "{all}"
    );
    assert_eq!(bots_after["phase"], "over", "{bots_after}");
}
