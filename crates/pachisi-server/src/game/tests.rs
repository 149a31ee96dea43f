//! Tests of `game`: a finished game's result stands; a snapshot that does not read is passed over.

use super::*;
use crate::action::apply;

/// A Ludo game of a person and three random bots, stored with no action yet.
fn ludo() -> StoredGame {
    StoredGame {
        id: "over".into(),
        created: 0,
        updated: 0,
        host: None,
        opening: Some(String::new()),
        server_seed: None,
        player_seeds: None,
        room: None,
        events: Vec::new(),
        ruleset: "ludo".into(),
        overrides: Vec::new(),
        seats: ["human", "bot:random", "bot:random", "bot:random"]
            .map(String::from)
            .to_vec(),
        seed: 5,
        actions: Vec::new(),
        snapshot: None,
        creator: None,
    }
}

/// A snapshot that does not read (another version, damaged) is passed over: the game is built
/// from its whole record.
#[test]
fn a_snapshot_that_does_not_read_is_passed_over_and_the_record_replays() {
    let mut stored = ludo();
    stored.snapshot = Some((0, "not a snapshot".into()));
    let time = Arc::new(ServerTime::resume(0));
    let game = build(stored, None, &BotLimits::default(), &time)
        .ok()
        .expect("built from the record");
    assert_eq!(game.table().record().actions.len(), 0);
}

#[test]
fn a_finished_game_cannot_be_undone() {
    let stored = ludo();
    let time = Arc::new(ServerTime::resume(0));
    let game = build(stored, None, &BotLimits::default(), &time)
        .ok()
        .expect("built");
    let mut table = game.table();
    let can_undo = |table: &Table| {
        let state = view::game_state("over", table, &game.stored.seats).expect("state");
        serde_json::to_value(state).expect("json")["can_undo"] == true
    };
    for _ in 0..100_000 {
        while table.step_automatic().is_some() {}
        match table.position().phase() {
            pachisi_core::Phase::Over => break,
            pachisi_core::Phase::Throw => apply(&mut table, Request::Throw {}).expect("throw"),
            pachisi_core::Phase::Move => {
                let request = Request::Move {
                    notation: None,
                    index: Some(0),
                };
                apply(&mut table, request).expect("move");
                assert!(can_undo(&table), "a move of the person's can be taken back");
            }
        }
    }
    assert_eq!(table.position().phase(), pachisi_core::Phase::Over);
    assert!(
        !table.can_undo(),
        "the table takes no move back once the game is over"
    );
    assert!(
        !can_undo(&table),
        "the state offers no undo once the game is over"
    );
    let before = table.record().clone();
    let e = apply(&mut table, Request::Undo {}).expect_err("refused");
    assert!(matches!(e, GameError::NotNow(_)), "{e}");
    assert!(e.to_string().contains("the game is over"), "{e}");
    assert_eq!(*table.record(), before, "the result stands");
}
