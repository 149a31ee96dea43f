//! Rooms on a real `pachisi serve` process, over real HTTP and WebSocket connections: seats that
//! belong to their token's holder (every kind of action refused to anyone else, nothing
//! changed), over the WebSocket too, and hints by the room's choice (docs/api.md, "Rooms, people
//! and tokens" on). Events and restarts: rooms_events.rs; fair throws, the lobby, watching and
//! chat: rooms_fair.rs.
//!
//! Every wait polls with a deadline; every choice is deterministic (the first listed move).

mod common;
mod rooms_common;

use common::api::{bearer, code_of, Api, Room};
use common::{fresh_database, Server};
use reqwest::Method;
use rooms_common::*;
use serde_json::{json, Value};
use std::time::Instant;

/// What a refused request must be answered.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Want {
    /// 403.
    Forbidden,
    /// Anything but success (the action is not due, or not allowed for other reasons).
    NotOk,
}

/// A credential that must be refused: what it is, and the whole `Authorization` header sent
/// (`None`: no header).
type Credential = (String, Option<String>);

/// The credentials that are not `target`'s: none, malformed ones (made from `target` itself, so
/// that only the form is wrong), another game's token and watch code, this game's watch code,
/// and `other` (the other player's token).
fn not_the_token_of(
    target: &str,
    other: &str,
    foreign: &Room,
    watch: &str,
) -> Vec<(Credential, Want)> {
    let mut list: Vec<(&str, Option<String>)> = vec![
        ("no Authorization header", None),
        ("an empty bearer token", Some("Bearer ".into())),
        (
            "a bearer token that is no token",
            Some("Bearer not-a-token".into()),
        ),
        ("the token without `Bearer`", Some(target.to_string())),
        (
            "the token as Basic credentials",
            Some(format!("Basic {target}")),
        ),
        (
            "the token and one character more",
            Some(bearer(&format!("{target}0"))),
        ),
        (
            "the token less its last character",
            Some(bearer(&target[..target.len() - 1])),
        ),
        (
            "the token's SHA-256, what the server keeps",
            Some(bearer(&hex(&sha256(target.as_bytes())))),
        ),
        ("another game's host token", Some(bearer(&foreign.token))),
        ("another game's watch code", Some(bearer(&foreign.watch))),
        ("this game's watch code", Some(bearer(watch))),
        ("the other player's token", Some(bearer(other))),
    ];
    if target.to_uppercase() != target {
        list.push((
            "the token in upper case",
            Some(bearer(&target.to_uppercase())),
        ));
    }
    list.into_iter()
        .map(|(what, header)| ((what.to_string(), header), Want::Forbidden))
        .collect()
}

/// A game whose state, read with `reader`, must not change when a request is refused.
struct Guarded<'a> {
    api: &'a Api,
    id: &'a str,
    reader: &'a str,
}

impl Guarded<'_> {
    /// Sends `method path body` with every credential of `list`, checking that each is answered
    /// as wanted and that the game is unchanged after each.
    async fn refused(
        &self,
        what: &str,
        method: Method,
        path: &str,
        body: Option<&Value>,
        list: &[(Credential, Want)],
    ) {
        let before = self.api.state(self.id, self.reader).await;
        for ((credential, header), want) in list {
            let (status, answer) = self
                .api
                .send(method.clone(), path, header.as_deref(), body)
                .await;
            match want {
                Want::Forbidden => assert_eq!(
                    status, 403,
                    "{what} with {credential} was not refused: {method} {path} {body:?}: {answer}"
                ),
                Want::NotOk => assert!(
                    !(200..300).contains(&status),
                    "{what} with {credential} was taken ({status}): {method} {path} {body:?}: {answer}"
                ),
            }
            assert!(
                answer["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{what} with {credential}: a refusal says why: {answer}"
            );
            let after = self.api.state(self.id, self.reader).await;
            assert_eq!(
                fingerprint(&after),
                fingerprint(&before),
                "{what} with {credential} ({status}: {answer}) changed the game"
            );
        }
    }
}

/// 1. Every kind of action checks the token: the seat to act's for a throw, move or pass; a
///    player's for undo; the seat's holder's or the host's for a hand-over; a player's or the
///    watch code's for chat; the host's for the room's options, its links and deletion. Anything
///    else is refused and changes nothing.
#[tokio::test]
async fn every_action_refuses_missing_malformed_foreign_watch_and_other_players_tokens() {
    let server = Server::start(&fresh_database("rooms-tokens"), 0);
    let api = Api::new(&server);
    let foreign = api.create(&against_bots()).await;
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let invite = room.invite.clone().expect("seat 1 is open");
    // The host reads the same invitation from the room's links.
    let (status, links) = api.get(&format!("/api/games/{id}/room"), &room.token).await;
    assert_eq!(status, 200, "{links}");
    assert_eq!(
        links["invites"][0]["link"], room.created["links"]["invites"][0]["link"],
        "{links}"
    );
    assert_eq!(code_of(&links["watch"]["link"], "watch", &id), room.watch);
    // Nothing is played before the friend comes.
    let (status, early) = api
        .post(
            &format!("/api/games/{id}/actions"),
            Some(&room.token),
            &json!({"action": "throw"}),
        )
        .await;
    assert_eq!(status, 409, "the game has not begun: {early}");
    let joined = api.join(&id, &invite, "Ravi").await;
    let friend = joined["token"].as_str().expect("token").to_string();
    assert_eq!(joined["seat"], 1, "{joined}");
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    assert_eq!(seats.len(), 2, "{seats:?}");
    let host_seat = room.created["you"]["seats"][0].as_u64().expect("seat");
    let state = api.settle(&id, &room.token).await;
    assert_eq!(
        state["room"]["seats"][1]["name"], "Ravi",
        "the friend holds seat 1: {state}"
    );

    let game = Guarded {
        api: &api,
        id: &id,
        reader: &room.token,
    };
    let actions = format!("/api/games/{id}/actions");
    let other_of = |token: &str| {
        if token == room.token {
            friend.clone()
        } else {
            room.token.clone()
        }
    };

    // Undo: only a player may ask, and with two people at the table even a player is refused.
    let mut list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    for (credential, want) in &mut list {
        if credential.0 == "the other player's token" {
            *want = Want::NotOk;
        }
    }
    list.push((
        ("the host's own token".into(), Some(bearer(&room.token))),
        Want::NotOk,
    ));
    let undo = json!({"action": "undo"});
    game.refused("undo", Method::POST, &actions, Some(&undo), &list)
        .await;

    // Hand-over of the host's seat: not by the friend, nor anyone else but the host.
    let to_bot = json!({"to": "bot:random"});
    let list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    let path = format!("/api/games/{id}/seats/{host_seat}");
    game.refused("hand-over", Method::POST, &path, Some(&to_bot), &list)
        .await;
    // Nor a bot's seat by the friend, to a bot or to another person.
    let friend_only = [(
        ("the friend's token".to_string(), Some(bearer(&friend))),
        Want::Forbidden,
    )];
    for to in [json!({"to": "bot:random"}), json!({"to": "open"})] {
        let path = format!("/api/games/{id}/seats/2");
        game.refused(
            "hand-over of a bot's seat",
            Method::POST,
            &path,
            Some(&to),
            &friend_only,
        )
        .await;
    }

    // Chat: a player or the watch code, nobody else.
    let list: Vec<(Credential, Want)> =
        not_the_token_of(&room.token, &friend, &foreign, &room.watch)
            .into_iter()
            .filter(|((what, _), _)| what != "the other player's token")
            .map(|((what, header), want)| {
                // A watcher speaks under a name; without one the line is refused.
                let want = if what == "this game's watch code" {
                    Want::NotOk
                } else {
                    want
                };
                ((what, header), want)
            })
            .collect();
    let line = json!({"text": "who is this?"});
    let path = format!("/api/games/{id}/chat");
    game.refused("chat", Method::POST, &path, Some(&line), &list)
        .await;

    // The room's options, its links and deletion: the host only.
    let list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    let options = json!({"watch": false, "public": true});
    let path = format!("/api/games/{id}/room");
    game.refused("room options", Method::PATCH, &path, Some(&options), &list)
        .await;
    game.refused("the room's links", Method::GET, &path, None, &list)
        .await;
    let path = format!("/api/games/{id}");
    game.refused("delete", Method::DELETE, &path, None, &list)
        .await;

    // Throw, move and pass: only the token of the seat to act. Played on, people and bots,
    // until each was tried when due.
    let (mut throw_tried, mut move_tried) = (false, false);
    let start = Instant::now();
    while !(throw_tried && move_tried) {
        let state = api.settle(&id, &room.token).await;
        assert_ne!(state["phase"], "over", "the game ended first: {state}");
        let seat = state["to_move"].as_u64().expect("to_move");
        let mover = seats.get(&seat).expect("a person's turn").clone();
        let list = not_the_token_of(&mover, &other_of(&mover), &foreign, &room.watch);
        let not_due: Vec<(Credential, Want)> = list
            .iter()
            .map(|(credential, _)| (credential.clone(), Want::NotOk))
            .collect();
        let throw = json!({"action": "throw"});
        let pass = json!({"action": "move", "move": "-"});
        if state["phase"] == "throw" && !throw_tried {
            game.refused("a throw", Method::POST, &actions, Some(&throw), &list)
                .await;
            let by_index = json!({"action": "move", "index": 0});
            for body in [&by_index, &pass] {
                game.refused(
                    "a move not due",
                    Method::POST,
                    &actions,
                    Some(body),
                    &not_due,
                )
                .await;
            }
            throw_tried = true;
        }
        let moves = state["moves"].as_array().expect("moves");
        if state["phase"] == "move" && !moves.is_empty() && !move_tried {
            let notation = moves[0]["move"].as_str().expect("move");
            let by_index = json!({"action": "move", "index": 0, "actions": state["actions"]});
            let by_notation = json!({"action": "move", "move": notation});
            for body in [&by_index, &by_notation] {
                game.refused("a move", Method::POST, &actions, Some(body), &list)
                    .await;
            }
            // A pass is checked as a move: the token first, whether it is legal after.
            game.refused("a pass", Method::POST, &actions, Some(&pass), &list)
                .await;
            game.refused(
                "a throw not due",
                Method::POST,
                &actions,
                Some(&throw),
                &not_due,
            )
            .await;
            move_tried = true;
        }
        api.step(&id, &mover, &state).await;
        assert!(start.elapsed() < DEADLINE, "no move came: {state}");
    }

    // What the friend may do, they do under their own name: a chat line naming the host is
    // said by the friend, on the table's line.
    let before = api.state(&id, &room.token).await;
    let (status, answer) = api
        .chat(&id, &friend, &json!({"text": "Asha here", "name": "Asha"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    let (status, answer) = api
        .chat(
            &id,
            &room.watch,
            &json!({"text": "watching", "name": "Mina"}),
        )
        .await;
    assert_eq!(status, 204, "{answer}");
    let after = before["event"].as_u64().expect("event");
    let said = said_after(&api, &id, &room.token, after).await;
    assert_eq!(
        said,
        vec![
            json!(["chat", "table", "Ravi", "Asha here"]),
            json!(["chat", "watchers", "Mina", "watching"]),
        ],
        "{said:?}"
    );

    // The host deletes: the friend and a watcher connected are told, the connection closes
    // (1000), and every credential then finds no game.
    let (mut friend_socket, _) = welcome(&api, &id, &friend, None).await;
    let (mut watcher_socket, _) = welcome(&api, &id, &room.watch, None).await;
    let (status, answer) = api
        .send(
            Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&bearer(&room.token)),
            None,
        )
        .await;
    assert_eq!(status, 204, "{answer}");
    for socket in [&mut friend_socket, &mut watcher_socket] {
        let told = next_message(socket).await;
        assert_eq!(told, json!({"type": "deleted"}), "{told}");
        let closed = next_message(socket).await;
        assert_eq!(closed, json!({"close": 1000}), "{closed}");
    }
    for token in [&room.token, &friend, &room.watch] {
        let (status, answer) = api.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, 404, "{answer}");
    }
    // The other game was never touched.
    let other = api.state(&foreign.id, &foreign.token).await;
    assert_eq!(other["room"]["seats"][0]["name"], "Asha", "{other}");
}

/// 2. Over the WebSocket too, the friend cannot act for the host and a watcher cannot act at
///    all: each is answered an error on its own connection, and nothing changes.
#[tokio::test]
async fn over_the_websocket_a_friend_cannot_act_for_the_host_and_a_watcher_not_at_all() {
    let server = Server::start(&fresh_database("rooms-ws-refusals"), 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let (friend, joined) = api.join_friend(&room, "Ravi").await;
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    let host_seat = room.created["you"]["seats"][0].as_u64().expect("seat");
    // Played on until the host is to act: in a throw, then (further on) with moves to choose.
    for phase in ["throw", "move"] {
        let state = api
            .play_until(&id, &seats, |s| {
                s["to_move"].as_u64() == Some(host_seat)
                    && s["phase"] == phase
                    && s["awaiting"] == "human"
                    && (phase == "throw" || s["moves"].as_array().is_some_and(|m| !m.is_empty()))
            })
            .await;
        assert_eq!(state["phase"], phase, "{state}");
        let (mut by_friend, hello) = welcome(&api, &id, &friend, None).await;
        assert_eq!(hello["you"]["name"], "Ravi", "{hello}");
        let (mut by_watcher, hello) = welcome(&api, &id, &room.watch, None).await;
        assert_eq!(hello["you"], json!({"watcher": true}), "{hello}");
        let before = fingerprint(&api.state(&id, &room.token).await);
        let mut tries = vec![
            json!({"action": "throw"}),
            json!({"action": "move", "index": 0}),
            json!({"action": "move", "move": "-"}),
            json!({"action": "undo"}),
        ];
        if let Some(notation) = state["moves"][0]["move"].as_str() {
            tries.push(json!({"action": "move", "move": notation, "actions": state["actions"]}));
        }
        for action in &tries {
            say(&mut by_friend, action).await;
            next_error(&mut by_friend, &format!("the friend's {action}")).await;
            say(&mut by_watcher, action).await;
            next_error(&mut by_watcher, &format!("the watcher's {action}")).await;
            let after = fingerprint(&api.state(&id, &room.token).await);
            assert_eq!(after, before, "{action} on the WebSocket changed the game");
        }
        // A watcher's line needs a name, and a second hello does not make the watcher the host.
        say(&mut by_watcher, &json!({"type": "chat", "text": "hi"})).await;
        next_error(&mut by_watcher, "a watcher's line without a name").await;
        say(
            &mut by_watcher,
            &json!({"type": "hello", "token": room.token}),
        )
        .await;
        next_error(&mut by_watcher, "a second hello with the host's token").await;
        say(&mut by_watcher, &json!({"action": "throw"})).await;
        next_error(&mut by_watcher, "a throw after a second hello").await;
        let after = fingerprint(&api.state(&id, &room.token).await);
        assert_eq!(after, before, "the WebSocket changed the game");
        // The host's own action on the same game goes through, and both connections hear it.
        let played = api.step(&id, &room.token, &state).await;
        for socket in [&mut by_friend, &mut by_watcher] {
            let message = next_json(socket).await;
            assert_eq!(message["type"], "events", "{message}");
            assert_eq!(message["events"][0]["kind"], "play", "{message}");
            // What changed of the state comes with the events: the count of actions did.
            let mut told = json!({});
            assert!(common::take_state(&mut told, &message), "{message}");
            assert!(
                told["actions"].as_u64() >= played["actions"].as_u64(),
                "{message}"
            );
        }
    }
}

/// 2. Hints: refused in a game between two people (to the one to move as well), given in a room
///    created to allow them, and never to the one not to move or to a watcher.
#[tokio::test]
async fn hints_are_refused_between_people_unless_the_room_allows_them() {
    let server = Server::start_with(
        &fresh_database("rooms-hints"),
        0,
        &["--hint-bot", "heuristic"],
    );
    let api = Api::new(&server);
    for allowed in [false, true] {
        let mut new = with_friend();
        new["hints"] = allowed.into();
        let room = api.create(&new).await;
        let id = room.id.clone();
        assert_eq!(room.created["room"]["hints"], allowed, "{}", room.created);
        let (friend, joined) = api.join_friend(&room, "Ravi").await;
        let seats = seat_tokens(&[
            (&room.token, &room.created["you"]),
            (&friend, &joined["you"]),
        ]);
        let state = api
            .play_until(&id, &seats, |s| {
                s["phase"] == "move"
                    && s["awaiting"] == "human"
                    && s["moves"].as_array().is_some_and(|m| !m.is_empty())
            })
            .await;
        assert_eq!(state["phase"], "move", "{state}");
        let seat = state["to_move"].as_u64().expect("to_move");
        let mover = seats[&seat].clone();
        let other = if mover == friend {
            room.token.clone()
        } else {
            friend.clone()
        };
        let path = format!("/api/games/{id}/hint");
        let (status, hint) = api.get(&path, &mover).await;
        if allowed {
            assert_eq!(status, 200, "hints allowed: {hint}");
            assert_eq!(
                hint["moves"].as_array().map(Vec::len),
                state["moves"].as_array().map(Vec::len),
                "every legal move ranked: {hint} for {state}"
            );
        } else {
            assert_eq!(status, 403, "hints between people: {hint}");
        }
        for (who, token) in [("the other player", &other), ("the watcher", &room.watch)] {
            let (status, hint) = api.get(&path, token).await;
            assert_eq!(status, 403, "{who} asked a hint: {hint}");
        }
        let (status, hint) = api.send(Method::GET, &path, None, None).await;
        assert_eq!(status, 403, "nobody asked a hint: {hint}");
        // Hints are chosen before the game begins.
        let (status, answer) = api
            .send(
                Method::PATCH,
                &format!("/api/games/{id}/room"),
                Some(&bearer(&room.token)),
                Some(&json!({"hints": !allowed})),
            )
            .await;
        assert_eq!(status, 409, "{answer}");
    }
    // Against bots alone, the host needs no permission.
    let room = api.create(&against_bots()).await;
    let seats = seat_tokens(&[(&room.token, &room.created["you"])]);
    let state = api
        .play_until(&room.id, &seats, |s| {
            s["phase"] == "move" && s["moves"].as_array().is_some_and(|m| !m.is_empty())
        })
        .await;
    let (status, hint) = api
        .get(&format!("/api/games/{}/hint", room.id), &room.token)
        .await;
    assert_eq!(status, 200, "{hint} at {state}");
}
