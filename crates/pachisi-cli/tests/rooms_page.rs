//! What the page asks of a room besides playing, on a real `pachisi serve` process: what an
//! invitation is for (shown to the person invited before they take the seat) and the bots' pace
//! (docs/api.md, "Rooms, people and tokens").

mod common;
mod rooms_common;

use common::api::{bearer, Api};
use common::{fresh_database, Server};
use reqwest::Method;
use rooms_common::*;
use serde_json::json;

#[tokio::test]
async fn an_invitation_says_which_game_seat_and_host_it_is_for() {
    let db = fresh_database("invitation");
    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let invite = room.invite.clone().expect("an open seat");
    let path = format!("/api/games/{}/invitation", room.id);
    let (status, about) = api.get(&path, &invite).await;
    assert_eq!(status, 200, "{about}");
    assert_eq!(about["ruleset"], "ludo", "{about}");
    assert!(
        about["title"].as_str().is_some_and(|t| !t.is_empty()),
        "{about}"
    );
    assert_eq!(about["seat"], 1, "{about}");
    assert_eq!(
        about["colour"], room.created["seats"][1]["colour"],
        "{about}"
    );
    assert_eq!(about["host"], "Asha", "{about}");
    // Nothing else of the game: no position, no token, no other seat.
    let keys: Vec<&String> = about.as_object().expect("an object").keys().collect();
    assert_eq!(keys.len(), 5, "{about}");
    // No code, another code, the watch code or the host's token: refused, and nothing said.
    let (status, refused) = api.send(Method::GET, &path, None, None).await;
    assert_eq!(status, 403, "{refused}");
    for wrong in [
        format!("{invite}0"),
        room.watch.clone(),
        room.token.clone(),
        "x".repeat(5000),
    ] {
        let (status, refused) = api.get(&path, &wrong).await;
        assert!(status == 403 || status == 409, "{status} {refused}");
        assert!(refused.get("seat").is_none(), "{refused}");
    }
    // Taken, the invitation says so.
    api.join(&room.id, &invite, "Ravi").await;
    let (status, taken) = api.get(&path, &invite).await;
    assert_eq!(status, 409, "{taken}");
    assert!(
        taken["error"]
            .as_str()
            .is_some_and(|e| e.contains("not valid any more")),
        "{taken}"
    );
    let (status, _) = api.get("/api/games/no-such-game/invitation", &invite).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_bots_pace_is_chosen_with_the_room_and_changed_by_its_host() {
    let db = fresh_database("pace");
    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let mut new = against_bots();
    new["pace"] = json!("fast");
    let room = api.create(&new).await;
    assert_eq!(room.created["room"]["pace"], "fast", "{}", room.created);
    let normal = api.create(&with_friend()).await;
    assert_eq!(normal.created["room"]["pace"], "normal");
    let path = format!("/api/games/{}/room", room.id);
    let (status, state) = api
        .send(
            Method::PATCH,
            &path,
            Some(&bearer(&room.token)),
            Some(&json!({"pace": "slow"})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let state = api.state(&room.id, &room.token).await;
    assert_eq!(state["room"]["pace"], "slow", "{state}");
    // Only the three paces, and only the host.
    for bad in [json!("instant"), json!(0), json!(""), json!({"slow": true})] {
        let (status, refused) = api
            .send(
                Method::PATCH,
                &path,
                Some(&bearer(&room.token)),
                Some(&json!({ "pace": bad })),
            )
            .await;
        assert!((400..500).contains(&status), "{bad}: {status} {refused}");
        let mut asked = against_bots();
        asked["pace"] = bad.clone();
        let (status, refused) = api.post("/api/games", None, &asked).await;
        assert!((400..500).contains(&status), "{bad}: {status} {refused}");
    }
    let (friend, _) = api.join_friend(&normal, "Ravi").await;
    let (status, refused) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{}/room", normal.id),
            Some(&bearer(&friend)),
            Some(&json!({"pace": "fast"})),
        )
        .await;
    assert_eq!(status, 403, "{refused}");
    let state = api.state(&room.id, &room.token).await;
    assert_eq!(state["room"]["pace"], "slow", "{state}");
}

/// The board in words and its questions (docs/api.md, "The board in words") are the game's to
/// read: its players and watchers only. Without a credential, with a wrong one, or with an
/// unused invitation, nothing is said; a watcher is told every seat by its colour (no "You");
/// a player is told their own seat as theirs; a language is asked for and answered.
#[tokio::test]
async fn the_board_in_words_is_said_to_the_games_players_and_watchers_only() {
    let db = fresh_database("board-words");
    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let invite = room.invite.clone().expect("an open seat");
    let words = format!("/api/games/{}/words", room.id);
    let ask = format!("/api/games/{}/ask", room.id);
    let question = json!({"question": "where"});
    let (status, refused) = api.send(Method::GET, &words, None, None).await;
    assert_eq!(status, 403, "{refused}");
    let (status, refused) = api.send(Method::POST, &ask, None, Some(&question)).await;
    assert_eq!(status, 403, "{refused}");
    for wrong in [format!("{}0", room.token), invite.clone(), "x".repeat(5000)] {
        let (status, refused) = api.get(&words, &wrong).await;
        assert_eq!(status, 403, "{refused}");
        assert!(refused.get("seats").is_none(), "{refused}");
        let (status, refused) = api.post(&ask, Some(&wrong), &question).await;
        assert_eq!(status, 403, "{refused}");
        assert!(refused.get("lines").is_none(), "{refused}");
        // A question about a past moment is refused the same: the record is not read for it.
        let past = json!({"question": "where", "actions": 0});
        let (status, refused) = api.post(&ask, Some(&wrong), &past).await;
        assert_eq!(status, 403, "{refused}");
        assert!(refused.get("lines").is_none(), "{refused}");
    }
    let (status, seen) = api.get(&words, &room.watch).await;
    assert_eq!(status, 200, "{seen}");
    let headings: Vec<&str> = seen["seats"]
        .as_array()
        .map(|s| s.iter().filter_map(|s| s["heading"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(headings.len(), 4, "{seen}");
    assert!(headings.iter().all(|h| !h.starts_with("You")), "{seen}");
    let (status, mine) = api.get(&words, &room.token).await;
    assert_eq!(status, 200, "{mine}");
    assert!(
        mine["seats"][0]["heading"]
            .as_str()
            .is_some_and(|h| h.starts_with("You")),
        "{mine}"
    );
    // In Hindi, as the page's cookie asks.
    let response = api
        .http
        .get(format!("{}{words}", api.url))
        .header("Authorization", bearer(&room.token))
        .header("Cookie", "lang=hi")
        .send()
        .await
        .expect("a request");
    let hindi: serde_json::Value = response.json().await.expect("JSON");
    assert!(
        hindi["seats"][0]["pieces"][0]
            .as_str()
            .is_some_and(|l| l.starts_with("गोटी 1")),
        "{hindi}"
    );
}
