//! Tests of what people may do with a room once strangers are about: undo that takes back no
//! throw and no other person's move, a token that stands for a seat, the rates and bounds of
//! room changes, chat and a game's length, and the games of an address counted after a restart.

use super::*;
use crate::action::Request;
use crate::games::NewGame;
use crate::limits::Limits;
use crate::testing::{open, remove, temp_db};
use pachisi_core::record::Action;
use std::time::Duration;

/// Waits until the server has played the passes forced on the seat to act (a person's pass is
/// the server's to play), at most a few seconds.
async fn settle(game: &Game) {
    for _ in 0..5000 {
        if !game.table().automatic_due() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    panic!("the server never played the forced pass");
}

/// The request that plays on for the person to act: a throw, or their first legal move.
fn next_request(game: &Game) -> Request {
    match game.table().position().phase() {
        Phase::Move => Request::Move {
            notation: None,
            index: Some(0),
        },
        _ => Request::Throw {},
    }
}

/// The invitation of open seat `seat`.
fn invite_of(game: &Game, seat: usize) -> String {
    match &game.room().seats[seat] {
        Holder::Open { invite } => invite.clone(),
        other => panic!("seat {seat} is not open: {other:?}"),
    }
}

/// A game of two people, the host (seat 0, returned first) and a friend who joined (seat 1):
/// Mensch ärgere dich nicht for two, fair throws. Bots, if a seat is handed to one, wait an hour.
fn two_friends(name: &str) -> (Arc<Games>, Arc<Game>, String, String, std::path::PathBuf) {
    let path = temp_db(name);
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let created = games
        .create(
            NewGame {
                ruleset: "maedn-2".into(),
                seats: vec!["me".into(), "open".into()],
                name: Some("Asha".into()),
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    let invite = invite_of(&created.game, 1);
    let joined = games
        .join(&created.game, &invite, "Bela", None, None)
        .expect("joined");
    (games, created.game, created.token, joined.token, path)
}

/// The host hands seat 1 `to` a bot or (`open`) a new invitation, returned.
fn hand(games: &Arc<Games>, game: &Arc<Game>, to: &str, host: &str) -> Option<String> {
    let to = HandOver { to: to.into() };
    games
        .hand_over(game, 1, &to, Some(host))
        .expect("handed over")
        .0
}

#[tokio::test]
async fn undo_never_takes_back_a_move_made_while_another_person_played() {
    let (games, game, host, friend, path) = two_friends("undo-floor");
    // The two play until the friend has just moved, no throw since.
    let mut moved = false;
    for _ in 0..3000 {
        settle(&game).await;
        let seat = game.table().position().to_move();
        let request = next_request(&game);
        let moving = matches!(request, Request::Move { .. });
        let token = if seat == 0 { &host } else { &friend };
        games.act(&game, Some(token), request, None).expect("acted");
        if seat == 1 && moving {
            moved = true;
            break;
        }
    }
    assert!(moved, "the friend never moved");
    // The host hands the friend's seat to a bot: only one person is seated now.
    hand(&games, &game, "bot:random", &host);
    let before = game.table().record().clone();
    let e = games
        .act(&game, Some(&host), Request::Undo {}, None)
        .expect_err("the friend's move stands");
    assert!(
        matches!(e, GameError::NotNow(_)) && e.to_string().contains("another person"),
        "{e}"
    );
    assert_eq!(*game.table().record(), before, "nothing was taken back");
    let state: serde_json::Value = serde_json::from_str(&game.state_json()).expect("JSON");
    assert_eq!(state["can_undo"], false, "no undo is offered");
    remove(&path);
}

#[tokio::test]
async fn a_token_whose_seat_was_handed_away_stands_for_nobody() {
    let (games, game, host, friend, path) = two_friends("handed-away");
    assert_eq!(game.room().who(Some(&friend)), Some(Caller::Person(1)));
    hand(&games, &game, "bot:random", &host);
    assert_eq!(game.room().who(Some(&friend)), None, "a stranger now");
    assert_eq!(
        crate::app::you(&game, Some(&friend)),
        serde_json::Value::Null
    );
    let e = games
        .chat(&game, Some(&friend), None, "still here?", "192.0.2.9")
        .expect_err("no chat");
    assert!(matches!(e, GameError::Forbidden(_)), "{e}");
    let e = games
        .act(&game, Some(&friend), Request::Undo {}, None)
        .expect_err("no action");
    assert!(matches!(e, GameError::Forbidden(_)), "{e}");
    // The host, seated or not, is still the host.
    assert_eq!(game.room().who(Some(&host)), Some(Caller::Person(0)));
    // Invited again, the old token joins as a new person, with a token of its own.
    let invite = hand(&games, &game, "open", &host).expect("an invitation");
    let again = games
        .join(&game, &invite, "Bela", None, Some(&friend))
        .expect("joined again");
    assert_ne!(again.token, friend, "a new token");
    assert_eq!(game.room().who(Some(&friend)), None);
    remove(&path);
}

#[test]
fn a_rematch_seats_only_the_people_at_the_table_now() {
    let person = |name: &str, host: bool| Person {
        token: token_hash(name),
        name: name.into(),
        host,
        seed: "kept no more".into(),
    };
    let mut room = Room::new(
        person("Asha", true),
        vec![
            Holder::Person { person: 0 },
            Holder::Bot {
                spec: "random".into(),
            },
            Holder::Person { person: 2 },
        ],
        false,
        false,
    );
    // Bela held seat 1 until it was handed to a bot; Chitra holds seat 2.
    room.people.push(person("Bela", false));
    room.people.push(person("Chitra", false));
    let next = rematch_room(&room);
    let names: Vec<&str> = next.people.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Asha", "Chitra"]);
    assert_eq!(next.seats[2], Holder::Person { person: 1 }, "renumbered");
    assert_eq!(next.who(Some("Bela")), None);
    assert!(next.people.iter().all(|p| p.seed.is_empty()));
}

/// Waits until the person of a game against bots is to act (the bots play at once, on the
/// server's own task).
async fn persons_turn(game: &Game) {
    for _ in 0..10_000 {
        {
            let table = game.table();
            assert!(table.position().phase() != Phase::Over, "game over first");
            if table.awaits_human() && !table.automatic_due() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    panic!("the bots never handed on");
}

#[tokio::test]
async fn undo_takes_back_only_the_moves_since_the_last_throw() {
    let path = temp_db("undo-throws");
    let games = open(&path, Duration::ZERO, Limits::default());
    let created = games
        .create(
            NewGame {
                ruleset: "ludo".into(),
                seats: ["me", "bot:random", "bot:random", "bot:random"]
                    .map(String::from)
                    .to_vec(),
                seed: Some(11),
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    let (game, token) = (created.game, created.token);
    let (mut taken_back, mut refused) = (false, false);
    for _ in 0..20_000 {
        if taken_back && refused {
            break;
        }
        persons_turn(&game).await;
        let request = next_request(&game);
        let moving = matches!(request, Request::Move { .. });
        games
            .act(&game, Some(&token), request, None)
            .expect("acted");
        if !moving {
            continue;
        }
        // Whatever follows the move is played first: the bots' turns, or nothing when the
        // person is to throw again.
        persons_turn(&game).await;
        let table = game.table();
        let since = table.undo_reach().expect("a move to undo");
        let thrown = table.record().actions[since..]
            .iter()
            .any(|(a, ..)| matches!(a, Action::Throw(_)));
        let before = table.record().clone();
        drop(table);
        if taken_back && !thrown {
            // Taken back once; the same move again is played on.
            continue;
        }
        let undone = games.act(&game, Some(&token), Request::Undo {}, None);
        if thrown {
            // A bot threw since (or the person did): the throw was seen, and stands.
            let e = undone.expect_err("a throw fell since");
            assert!(e.to_string().contains("a throw has fallen"), "{e}");
            assert_eq!(*game.table().record(), before);
            refused = true;
        } else {
            // The person threw a six and is to throw again: the move goes back.
            undone.expect("nothing was thrown since");
            assert_eq!(game.table().record().actions.len(), since);
            taken_back = true;
        }
    }
    assert!(taken_back && refused, "both cases met");
    remove(&path);
}

/// A room of Ludo that has not begun: the host's seat, an open one and two bots. Returns the
/// game and the host's token.
fn open_room(games: &Arc<Games>) -> (Arc<Game>, String) {
    let created = games
        .create(
            NewGame {
                ruleset: "ludo".into(),
                seats: ["me", "open", "bot", "bot"].map(String::from).to_vec(),
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    (created.game, created.token)
}

#[tokio::test]
async fn room_changes_and_undos_keep_a_rate_and_a_game_its_bounds_of_events() {
    let path = temp_db("room-rate");
    let limits = Limits {
        changes: 3,
        max_game_events: 12,
        chat_lines: 100,
        ..Limits::default()
    };
    let games = open(&path, Duration::from_secs(3600), limits);
    let (game, host) = open_room(&games);
    let toggle = |public: bool| {
        games.set_options(
            &game,
            &RoomOptions {
                public: Some(public),
                ..RoomOptions::default()
            },
            Some(&host),
        )
    };
    for i in 0..3 {
        toggle(i % 2 == 0).expect("within the rate");
    }
    let e = toggle(true).expect_err("over the rate");
    assert!(
        matches!(e, GameError::TooMany(_)) && e.to_string().contains("changes"),
        "{e}"
    );
    // The chat fills the game's events to their bound: then neither chat nor change is taken.
    let mut said = 0;
    while games
        .chat(&game, Some(&host), None, &format!("line {said}"), "-")
        .is_ok()
    {
        said += 1;
        assert!(said < 100, "the chat never stopped");
    }
    let e = games
        .chat(&game, Some(&host), None, "one more", "-")
        .expect_err("full");
    assert!(e.to_string().contains("limit of 12 events"), "{e}");
    assert_eq!(game.last_event(), 12);
    remove(&path);
}

#[tokio::test]
async fn watchers_cannot_use_up_the_players_chat() {
    let path = temp_db("chat-lines");
    let limits = Limits {
        max_chat_lines: 3,
        ..Limits::default()
    };
    let games = open(&path, Duration::from_secs(3600), limits);
    let (game, host) = open_room(&games);
    let watch = game.room().watch.clone().expect("a watch link");
    // Watchers from three addresses fill their line.
    for n in 0..3 {
        games
            .chat(
                &game,
                Some(&watch),
                Some("Onlooker"),
                "hello",
                &format!("192.0.2.{n}"),
            )
            .expect("a watcher's line");
    }
    let e = games
        .chat(&game, Some(&watch), Some("Onlooker"), "more", "192.0.2.9")
        .expect_err("the watchers' line is full");
    assert!(
        matches!(e, GameError::TooMany(_)) && e.to_string().contains("watchers"),
        "{e}"
    );
    // The players still speak, with direction controls taken out.
    games
        .chat(&game, Some(&host), None, "abc\u{202E}FED", "-")
        .expect("the players' line is apart");
    let last = game.events_after(game.last_event() - 1);
    let said: serde_json::Value = serde_json::from_str(&last[0].json).expect("JSON");
    assert_eq!(said["text"], "abcFED");
    assert_eq!(said["line"], "table");
    remove(&path);
}

#[tokio::test]
async fn a_game_that_reaches_the_most_actions_is_stopped_and_its_seed_revealed() {
    let path = temp_db("stopped");
    let limits = Limits {
        max_game_actions: 60,
        ..Limits::default()
    };
    let games = open(&path, Duration::ZERO, limits);
    let created = games
        .create(
            NewGame {
                ruleset: "ludo".into(),
                seats: ["bot:random"; 4].map(String::from).to_vec(),
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    let game = created.game;
    for _ in 0..20_000 {
        if game.room().stopped.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let why = game.room().stopped.clone().expect("stopped");
    assert!(why.contains("stopped unfinished after 60 actions"), "{why}");
    let played = game.table().record().actions.len();
    assert_eq!(played, 60, "one action a commit");
    // Nothing more is played, and the seed is out: no throw will fall after.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(game.table().record().actions.len(), played);
    let state: serde_json::Value = serde_json::from_str(&game.state_json()).expect("JSON");
    assert_eq!(state["result"], why.as_str());
    assert!(state["awaiting"].is_null());
    assert!(
        state["fair"]["server_seed"].is_string(),
        "{}",
        state["fair"]
    );
    let stopped = game
        .events_after(0)
        .iter()
        .map(|e| serde_json::from_str::<serde_json::Value>(&e.json).expect("JSON"))
        .find(|e| e["kind"] == "stopped")
        .expect("a stopped event");
    assert_eq!(stopped["server_seed"], state["fair"]["server_seed"]);
    assert!(game
        .record_text()
        .expect("record")
        .contains(pachisi_fair::SERVER_SEED_TAG));
    remove(&path);
}

#[tokio::test]
async fn shells_that_fall_too_unevenly_for_a_game_to_end_are_refused() {
    let path = temp_db("cowries");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let seats: Vec<String> = ["me", "bot", "bot", "bot"].map(String::from).to_vec();
    let asking = |cowrie_p: Option<f64>, set: &[&str]| NewGame {
        ruleset: "pachisi-7-cowries".into(),
        seats: seats.clone(),
        cowrie_p,
        set: set.iter().map(ToString::to_string).collect(),
        ..NewGame::default()
    };
    for (cowrie_p, set) in [
        (Some(1e-300), &[][..]),
        (Some(0.999), &[]),
        (None, &["throw.p_up=0.01"]),
    ] {
        let e = games
            .create(asking(cowrie_p, set), None)
            .err()
            .expect("refused");
        assert!(
            matches!(e, GameError::Invalid(_))
                && e.to_string().contains(&format!(
                    "from {} to {}",
                    crate::games::COWRIE_P_UP.start(),
                    crate::games::COWRIE_P_UP.end()
                )),
            "{e}"
        );
    }
    games
        .create(asking(Some(*crate::games::COWRIE_P_UP.start()), &[]), None)
        .expect("within the range");
    remove(&path);
}

#[tokio::test]
async fn the_games_of_an_address_are_counted_after_a_restart() {
    let path = temp_db("per-client");
    let limits = Limits {
        max_games_per_client: 2,
        ..Limits::default()
    };
    let client: std::net::IpAddr = "192.0.2.7".parse().expect("address");
    let other: std::net::IpAddr = "198.51.100.1".parse().expect("address");
    let game = || NewGame {
        ruleset: "ludo".into(),
        ..NewGame::default()
    };
    {
        let games = open(&path, Duration::from_secs(3600), limits.clone());
        for _ in 0..2 {
            games
                .create(game(), Some(client))
                .expect("within the limit");
        }
        assert!(games.create(game(), Some(client)).is_err());
    }
    let games = open(&path, Duration::from_secs(3600), limits);
    let e = games
        .create(game(), Some(client))
        .err()
        .expect("still at the limit after a restart");
    assert!(matches!(e, GameError::TooMany(_)), "{e}");
    games.create(game(), Some(other)).expect("another address");
    remove(&path);
}
