//! Tests of the turn timer on tokio's paused clock, which moves only while every task waits: the
//! stand-in taking a turn when its time is up, a seat away after its misses and taken back, the
//! time left kept across a restart, and the rematch.

use super::*;
use crate::action::Request;
use crate::clock::{clock_json, Clock, DEFAULT_STAND_IN};
use crate::games::NewGame;
use crate::limits::Limits;
use crate::room::timer::stand_in_due;
use crate::room::{Caller, Holder};
use crate::store::{Database, Store};
use crate::testing::temp_db;
use serde_json::Value;

fn open(path: &std::path::Path, pace: Duration) -> Arc<Games> {
    crate::testing::open(path, pace, Limits::default())
}

/// A Ludo game of one person (seat 0) and three random bots, on a clock of `seconds` a turn,
/// its throws from `seed`.
fn timed(seconds: u32, away_after: Option<u8>, set: &[&str], seed: u64) -> NewGame {
    NewGame {
        ruleset: "ludo".into(),
        seats: ["me", "bot:random", "bot:random", "bot:random"]
            .map(String::from)
            .to_vec(),
        turn_seconds: Some(seconds),
        away_after,
        set: set.iter().map(ToString::to_string).collect(),
        seed: Some(seed),
        ..NewGame::default()
    }
}

/// Waits (on the paused clock, 100 ms a step, a bounded number of steps) until `found` gives
/// something.
async fn until<T>(what: &str, mut found: impl FnMut() -> Option<T>) -> T {
    for _ in 0..200_000 {
        if let Some(t) = found() {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("never: {what}");
}

fn state(game: &Game) -> Value {
    serde_json::from_str(&game.state_json()).expect("JSON")
}

/// The game's events of `kind`.
fn events_of(game: &Game, kind: &str) -> Vec<Value> {
    game.events_after(0)
        .iter()
        .map(|e| serde_json::from_str::<Value>(&e.json).expect("JSON"))
        .filter(|e| e["kind"] == kind)
        .collect()
}

/// The running (not expired) clock of seat 0.
fn clock_of_seat_0(game: &Game) -> Option<Clock> {
    game.room()
        .timer
        .clock
        .filter(|c| c.seat == 0 && !c.expired)
}

#[tokio::test(start_paused = true)]
async fn out_of_time_the_stand_in_plays_then_the_seat_is_away_until_taken_back() {
    let path = temp_db("stand-in");
    // Bots and the stand-in wait a minute before each action, so the test sees each moment.
    let games = open(&path, Duration::from_secs(60));
    let created = games.create(timed(2, None, &[], 1), None).expect("created");
    let (game, token) = (created.game, created.token);

    // Seat 0's turn comes, on a clock of 2 seconds.
    let clock = until("seat 0 on the clock", || clock_of_seat_0(&game)).await;
    assert_eq!(clock.deadline_ms - clock.started_ms, 2000);
    let shown = state(&game);
    assert_eq!(shown["clock"]["seat"], 0, "{}", shown["clock"]);
    assert_eq!(shown["clock"]["seconds"], 2);
    let left = shown["clock"]["left_ms"].as_i64().expect("left_ms");
    assert_eq!(left, clock.deadline_ms - games.time().now_ms());
    assert_eq!(shown["awaiting"], "human");
    assert!(events_of(&game, "timeout").is_empty());

    // Nobody acts: at the deadline, and not before, the turn is the stand-in's.
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(left).expect("left") - 1,
    ))
    .await;
    assert!(events_of(&game, "timeout").is_empty(), "not yet");
    tokio::time::sleep(Duration::from_millis(2)).await;
    let timeouts = events_of(&game, "timeout");
    assert_eq!(timeouts.len(), 1, "{timeouts:?}");
    assert_eq!(timeouts[0]["seat"], 0);
    assert_eq!(timeouts[0]["misses"], 1);
    assert_eq!(timeouts[0]["stand_in"], DEFAULT_STAND_IN);
    let shown = state(&game);
    assert_eq!(shown["awaiting"], "bot", "the stand-in plays");
    assert!(shown["clock"].is_null());
    assert_eq!(shown["moves"], serde_json::json!([]));
    assert_eq!(shown["room"]["seats"][0]["misses"], 1);
    assert_eq!(shown["room"]["seats"][0]["away"], false);
    // The person is too late for this turn: the stand-in has it.
    let e = games
        .act(&game, Some(&token), Request::Throw {}, None)
        .expect_err("the stand-in's turn");
    assert!(
        matches!(e, GameError::NotNow(_)) && e.to_string().contains("stand-in"),
        "{e}"
    );

    // The stand-in finishes the turn; the next turn of seat 0 is on a new clock, missed too:
    // the seat is away.
    let second = until("seat 0 on a new clock", || {
        clock_of_seat_0(&game).filter(|c| c.deadline_ms != clock.deadline_ms)
    })
    .await;
    assert_eq!(second.seconds, 2);
    let away = until("seat 0 away", || {
        events_of(&game, "seat")
            .into_iter()
            .find(|e| e["away"] == true)
    })
    .await;
    assert_eq!(away["seat"], 0, "{away}");
    assert_eq!(away["holder"], "person");
    assert_eq!(events_of(&game, "timeout").len(), 2);
    assert!(game.room().timer.is_away(0));

    // Away, its turns are the stand-in's at once, on no clock: the turn it missed passes on,
    // and the next comes round.
    until("the missed turn passed on", || {
        (game.table().position().to_move() != 0).then_some(())
    })
    .await;
    until("seat 0's next turn, away", || {
        let table = game.table();
        let due = table.position().to_move() == 0 && stand_in_due(&game.room(), &table);
        due.then_some(())
    })
    .await;
    assert!(
        game.room().timer.clock.is_none(),
        "no clock for an away seat"
    );
    assert_eq!(events_of(&game, "timeout").len(), 2, "no more misses");
    assert_eq!(state(&game)["awaiting"], "bot");

    // Someone else cannot take the seat back; its person can, and plays on the clock again.
    let e = games
        .back(&game, 0, Some("not a token"))
        .expect_err("nobody's token");
    assert!(matches!(e, GameError::Forbidden(_)), "{e}");
    let after: Value =
        serde_json::from_str(&games.back(&game, 0, Some(&token)).expect("back")).expect("JSON");
    assert_eq!(
        after["room"]["seats"][0]["away"], false,
        "{}",
        after["room"]
    );
    assert_eq!(after["room"]["seats"][0]["misses"], 0);
    assert_eq!(after["awaiting"], "human");
    assert_eq!(after["clock"]["seat"], 0, "{}", after["clock"]);
    assert_eq!(after["clock"]["left_ms"], 2000, "a whole turn, from now");
    let returned = events_of(&game, "seat");
    assert_eq!(
        returned.last().map(|e| e["away"].clone()),
        Some(false.into())
    );
    let request = match game.table().position().phase() {
        pachisi_core::Phase::Throw => Request::Throw {},
        _ => Request::Move {
            notation: None,
            index: Some(0),
        },
    };
    games
        .act(&game, Some(&token), request, None)
        .expect("the person plays their seat again");
    assert_eq!(game.room().timer.misses(0), 0);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test(start_paused = true)]
async fn coming_back_does_not_give_a_turn_whose_time_ran_out_a_new_clock() {
    let path = temp_db("back-stall");
    // The stand-in waits a minute before each action: time enough to come back before it plays.
    let games = open(&path, Duration::from_secs(60));
    let created = games
        .create(timed(2, Some(10), &[], 1), None)
        .expect("created");
    let (game, token) = (created.game, created.token);
    until("seat 0 on the clock", || clock_of_seat_0(&game)).await;
    // A player who never acts but comes back each time the stand-in is due: the stand-in
    // still plays each turn whose time ran out, so the game goes on.
    for round in 1..=3 {
        until("the time ran out", || {
            (events_of(&game, "timeout").len() >= round).then_some(())
        })
        .await;
        let actions = game.table().record().actions.len();
        let after: Value =
            serde_json::from_str(&games.back(&game, 0, Some(&token)).expect("back")).expect("JSON");
        assert_eq!(
            after["awaiting"], "bot",
            "round {round}: the stand-in's turn"
        );
        assert!(
            after["clock"].is_null(),
            "round {round}: {}",
            after["clock"]
        );
        {
            let table = game.table();
            assert!(stand_in_due(&game.room(), &table), "round {round}");
        }
        until("the stand-in played", || {
            (game.table().record().actions.len() > actions).then_some(())
        })
        .await;
    }
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test(start_paused = true)]
async fn a_server_started_again_gives_back_the_time_it_was_down() {
    let path = temp_db("restart");
    let games = open(&path, Duration::ZERO);
    let created = games
        .create(timed(60, None, &[], 2), None)
        .expect("created");
    let game = created.game;
    games.arm(&game);
    let clock = until("seat 0 on the clock", || clock_of_seat_0(&game)).await;
    tokio::time::sleep(Duration::from_secs(20)).await;
    let left = clock.deadline_ms - games.time().now_ms();
    assert!((39_000..=40_000).contains(&left), "{left}");
    // The heartbeat's write, then the server stops: its timer goes with it.
    games
        .store()
        .set_alive(games.time().now_ms())
        .expect("alive");
    game.mark_deleted();
    drop((game, games));

    // Down for an hour: no time at all to the clock.
    tokio::time::sleep(Duration::from_secs(3600)).await;
    let games = open(&path, Duration::ZERO);
    let game = games.get(&created_id(&path)).expect("kept");
    let shown = state(&game);
    assert_eq!(shown["clock"]["left_ms"], left, "{}", shown["clock"]);
    games.resume();
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(left).expect("left") - 1,
    ))
    .await;
    assert!(events_of(&game, "timeout").is_empty(), "not yet");
    tokio::time::sleep(Duration::from_millis(2)).await;
    until("the stand-in's turn", || {
        (!events_of(&game, "timeout").is_empty()).then_some(())
    })
    .await;
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

/// The id of the only game in the database at `path`.
fn created_id(path: &std::path::Path) -> String {
    let store = Store::open(&Database::Sqlite(path.to_path_buf())).expect("open");
    let games = store.load_all().expect("load");
    assert_eq!(games.len(), 1);
    games[0].id.clone()
}

#[tokio::test(start_paused = true)]
async fn a_rematch_seats_the_same_people_with_the_same_tokens_once() {
    let path = temp_db("rematch");
    let games = open(&path, Duration::ZERO);
    // One piece each, and the person away after one miss: the stand-in plays the game out.
    let created = games
        .create(timed(2, Some(1), &["players.pieces=1"], 3), None)
        .expect("created");
    let (game, token) = (created.game, created.token);
    let watch = game.room().watch.clone().expect("watchable");
    let early = games
        .rematch(&game, Some(&token), None)
        .err()
        .expect("not over");
    assert!(matches!(early, GameError::NotNow(_)), "{early}");
    until("the game's end", || {
        (game.table().position().phase() == pachisi_core::Phase::Over).then_some(())
    })
    .await;
    let e = games
        .rematch(&game, Some(&watch), None)
        .err()
        .expect("a watcher");
    assert!(matches!(e, GameError::Forbidden(_)), "{e}");

    let (next, new) = games.rematch(&game, Some(&token), None).expect("rematch");
    assert!(new);
    let (again, new) = games.rematch(&game, Some(&token), None).expect("again");
    assert!(!new, "the same room");
    assert_eq!(again.id(), next.id());
    let told = events_of(&game, "rematch");
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["game"], next.id());
    assert_eq!(state(&game)["room"]["rematch"], next.id());

    let room = next.room().clone();
    assert_eq!(
        room.who(Some(&token)),
        Some(Caller::Person(0)),
        "the same token"
    );
    assert_eq!(room.seats, game.room().seats, "the same seats");
    assert!(room.started);
    assert_eq!(room.timer.turn_seconds, Some(2));
    assert_eq!(room.timer.away_after, 1);
    assert!(!room.timer.is_away(0), "a new game, nobody away");
    assert_eq!(room.watch, Some(watch.clone()), "the watchers follow");
    assert!(game.fair.is_none(), "practice");
    assert!(next.fair.is_some(), "fair throws anew");
    assert!(next.table().record().actions.len() < game.table().record().actions.len());
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[test]
fn the_server_goes_on_from_its_last_heartbeat_or_a_clock_begun_after_it() {
    let mut room = crate::room::Room::new(
        crate::room::Person {
            token: String::new(),
            name: "Asha".into(),
            host: true,
            seed: String::new(),
        },
        vec![Holder::Person { person: 0 }],
        false,
        false,
    );
    assert_eq!(resume_time(5_000, std::iter::once(room.clone())), 5_000);
    room.timer.clock = Some(Clock {
        seat: 0,
        seconds: 30,
        started_ms: 7_000,
        deadline_ms: 37_000,
        expired: false,
    });
    assert_eq!(resume_time(5_000, std::iter::once(room.clone())), 7_000);
    assert_eq!(resume_time(9_000, std::iter::once(room.clone())), 9_000);

    // The time left, as of the moment a state is read, within the turn's length.
    let left = |now| {
        let text = clock_json(room.timer.clock, now);
        serde_json::from_str::<Value>(&text).expect("JSON")["left_ms"].clone()
    };
    assert_eq!(left(17_000), 20_000);
    assert_eq!(left(40_000), 0);
    assert_eq!(left(0), 30_000);
}
