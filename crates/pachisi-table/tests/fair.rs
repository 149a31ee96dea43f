//! Tables whose throws are fair throws (docs/fair-throws.md): a game played to the end restores
//! exactly from its record and passes `pachisi verify`'s check once the seed is revealed; a
//! changed throw or throw-off is refused by its number; undo lets the same throw fall again.

use pachisi_core::{builtin_rules, Action, GameRecord, Phase, Rules, Throw, ThrowOff};
use pachisi_fair::{verify_record, FairDice, PlayerSeed, PlayerSeeds, ServerSeed};
use pachisi_table::{fair_record_header, throw_off, Happening, SeatSpec, Table};
use std::sync::Arc;

/// One person and three bots, the random one drawing on the bots' seed.
const SEATS: &str = "human,bot:heuristic,bot:random,bot:heuristic";

fn seats(specs: &str) -> Vec<SeatSpec> {
    specs.split(',').map(|s| s.parse().expect("seat")).collect()
}

fn pachisi() -> Arc<Rules> {
    Arc::new(builtin_rules("pachisi", &[]).expect("builtin"))
}

fn server() -> ServerSeed {
    ServerSeed::from_bytes(*b"a fixed server seed for tests!!!")
}

fn players(rules: &Rules) -> PlayerSeeds {
    let mut players = PlayerSeeds::new();
    players
        .insert_entry(rules, "Y:lucky 7")
        .expect("a player seed");
    players
        .insert(2, PlayerSeed::new("gopal").expect("a seed"))
        .expect("a new seat");
    players
}

fn dice(rules: &Rules) -> FairDice {
    FairDice::new(rules, &server(), &players(rules)).expect("the device")
}

/// A new fair game, begun as a server begins one: the header, the throw-off from the dice, the
/// bots seeded from the server's seed.
fn new_game(rules: &Arc<Rules>, specs: &str) -> Table {
    let seats = seats(specs);
    let mut record = fair_record_header(
        "pachisi",
        &[],
        &server().commitment(),
        &players(rules),
        rules,
        Some(&seats),
    )
    .expect("a header");
    let mut dice = dice(rules);
    dice.begin(rules, &mut record);
    Table::new_fair(rules.clone(), &seats, dice, server().bot_seed(), record).expect("a table")
}

fn restore(t: &Table, record: &GameRecord) -> Result<Table, String> {
    let rules = t.rules().clone();
    Table::restore_fair(
        rules.clone(),
        &seats(SEATS),
        dice(&rules),
        server().bot_seed(),
        record,
    )
}

/// Plays one action: a bot's or a forced one, or else the person's, who throws or plays a move
/// chosen by the throws made so far (so that the person does not always choose alike).
fn act(t: &mut Table) -> Option<Happening> {
    if let Some(happening) = t.step_automatic() {
        return Some(happening);
    }
    if let Some(happening) = t.human_throw() {
        return Some(happening);
    }
    let moves = t.legal_moves();
    let mv = *moves.get(t.throw_count() as usize % moves.len().max(1))?;
    Some(t.human_move(mv).expect("a legal move"))
}

/// A fair game played for `actions` actions, or to its end.
fn played(rules: &Arc<Rules>, actions: usize) -> Table {
    let mut t = new_game(rules, SEATS);
    for _ in 0..actions {
        if act(&mut t).is_none() {
            break;
        }
    }
    t
}

/// Everything of the two tables a player sees.
fn assert_same(a: &Table, b: &Table) {
    assert_eq!(a.position(), b.position());
    assert_eq!(a.record(), b.record());
    assert_eq!(a.log(), b.log());
    assert_eq!(a.throw_count(), b.throw_count());
    assert_eq!(a.throw_number(), b.throw_number());
    assert_eq!(a.last_throw(), b.last_throw());
    assert_eq!(a.last_thrower(), b.last_thrower());
    assert_eq!(a.last_move(), b.last_move());
    assert_eq!(a.can_undo(), b.can_undo());
}

/// Plays on until a throw falls, and returns it.
fn next_throw(t: &mut Table) -> Throw {
    loop {
        if let Happening::Threw(_, throw) = act(t).expect("the game goes on") {
            return throw;
        }
    }
}

/// The throws of the record's throw-off.
fn opening_throws(rules: &Rules, record: &GameRecord) -> Vec<Throw> {
    let text = record.tag("Opening").expect("pachisi throws off");
    let off = ThrowOff::parse(rules, text).expect("a throw-off");
    off.rounds().iter().flatten().map(|&(_, t)| t).collect()
}

#[test]
fn a_finished_fair_game_restores_exactly_and_verifies_once_revealed() {
    let rules = pachisi();
    let a = played(&rules, 100_000);
    assert_eq!(a.position().phase(), Phase::Over, "the game ends");
    let b = restore(&a, a.record()).expect("restores");
    assert_same(&a, &b);
    // Every throw drawn is numbered: the throw-off's first, then the game's.
    let opening = opening_throws(&rules, a.record()).len() as u64;
    assert_eq!(a.throw_number(), opening + a.throw_count());

    let mut finished = a.record_to_save();
    assert!(
        finished.tag("Seed").is_none(),
        "no seed gives the throws away"
    );
    pachisi_fair::reveal(&mut finished, &server());
    // Through its text, as it would be published.
    let text = finished.to_text(&rules).expect("writes");
    let report = verify_record(&rules, &GameRecord::parse(&text).expect("parses")).expect("fair");
    assert!(report.all_match(), "{report:?}");
    assert_eq!(report.throws, a.throw_number());
}

#[test]
fn a_fair_game_restored_midway_has_the_same_undo_history() {
    let rules = pachisi();
    // A quarter, half and three quarters of the way through the game.
    let length = played(&rules, 100_000).record().actions.len();
    for actions in [length / 4, length / 2, length * 3 / 4] {
        let mut a = played(&rules, actions);
        let mut b = restore(&a, a.record()).expect("restores");
        assert_same(&a, &b);
        assert!(a.can_undo(), "after {actions} actions the person has moved");
        // Back through every move the person made, the two alike at each step.
        let mut undone = 0;
        while a.can_undo() {
            a.undo().expect("undo");
            b.undo().expect("undo after restore");
            assert_same(&a, &b);
            undone += 1;
        }
        assert!(undone > 1, "{actions} actions");
        assert!(b.undo().is_err());
        // And on again: the same throws fall, whatever the bots now choose (a bot's own
        // generator is not taken back by undo, nor rebuilt by a restore).
        for _ in 0..20 {
            assert_eq!(next_throw(&mut a), next_throw(&mut b));
        }
    }
}

#[test]
fn a_changed_throw_is_refused_by_its_number_line_and_column() {
    let rules = pachisi();
    let a = played(&rules, 200);
    let text = a.record().to_text(&rules).expect("writes");
    let mut record = GameRecord::parse(&text).expect("parses");
    // The game's tenth throw, changed to another outcome.
    let (i, recorded) = record
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, &(action, _, _))| match action {
            Action::Throw(name) => Some((i, name)),
            _ => None,
        })
        .nth(9)
        .expect("ten throws");
    let other = rules
        .outcomes()
        .iter()
        .map(|o| o.name)
        .find(|&name| name != recorded)
        .expect("another outcome");
    let (_, line, column) = record.actions[i];
    record.actions[i].0 = Action::Throw(other);
    let e = restore(&a, &record).err().expect("refused");
    let number = opening_throws(&rules, &record).len() + 9;
    assert_eq!(
        e,
        format!(
            "record line {line}, column {column}: the record throws ({other}) where fair throw \
             {number} is ({recorded})"
        )
    );
    // The number is the one `pachisi verify` names.
    pachisi_fair::reveal(&mut record, &server());
    let report = verify_record(&rules, &record).expect("fair");
    assert_eq!(report.mismatches[0].number, number as u64, "{report:?}");
}

#[test]
fn a_throw_taken_back_falls_again_the_same() {
    let rules = pachisi();
    let mut t = new_game(&rules, SEATS);
    // On to a move of the person's with a choice.
    let moves = loop {
        if t.awaits_human() && t.position().phase() == Phase::Move && t.legal_moves().len() >= 2 {
            break t.legal_moves();
        }
        act(&mut t).expect("the game goes on");
    };
    let number = t.throw_number();
    let actions = t.record().actions.len();
    t.human_move(moves[0]).expect("legal");
    let first = next_throw(&mut t);
    assert_eq!(t.throw_number(), number + 1);
    // Back to the choice (the person may have moved again before the throw).
    while t.record().actions.len() > actions {
        t.undo().expect("undo");
    }
    assert_eq!(t.throw_number(), number, "undo puts the dice back");
    t.human_move(moves[1]).expect("legal");
    let again = next_throw(&mut t);
    assert_eq!(again, first, "another move, the same throw");
    assert_eq!(again, dice(&rules).throw_at(number));
}

#[test]
fn the_throw_off_is_the_fair_dices_and_another_is_refused() {
    let rules = pachisi();
    let t = new_game(&rules, "human,human,human,human");
    // The throw-off is throws 0, 1, ... of the dice; the game's first throw comes after.
    let drawn = opening_throws(&rules, t.record());
    let mut fresh = dice(&rules);
    let expected: Vec<Throw> = drawn.iter().map(|_| fresh.next_throw()).collect();
    assert_eq!(drawn, expected);
    assert_eq!(t.throw_number(), drawn.len() as u64);
    assert_eq!(t.throw_count(), 0);
    assert!(t.log()[0].starts_with("throw-off: "), "{:?}", t.log());

    // A throw-off the dice do not give: from a seeded game's.
    let off = t.record().tag("Opening").expect("an Opening").to_string();
    let other = (0..100)
        .filter_map(|seed| throw_off(&rules, seed))
        .map(|o| o.to_text(&rules))
        .find(|text| *text != off)
        .expect("another throw-off");
    let mut record = t.record().clone();
    record.set_tag("Opening", other.clone());
    let e = Table::restore_fair(
        rules.clone(),
        &seats("human,human,human,human"),
        dice(&rules),
        server().bot_seed(),
        &record,
    )
    .err()
    .expect("refused");
    assert!(
        e.starts_with(&format!(
            "the record's throw-off ({other}) is not the fair dice's: "
        )) && e.contains("where fair throw "),
        "{e}"
    );
    // Nor does a new game begin with it.
    let refused = Table::new_fair(
        rules.clone(),
        &seats("human,human,human,human"),
        dice(&rules),
        server().bot_seed(),
        record,
    );
    assert!(refused.is_err());
}

#[test]
fn the_bots_choices_follow_from_the_bots_seed() {
    let rules = pachisi();
    let specs = "bot:random,bot:random,bot:random,bot:random";
    let game = |bot_seed: u64| {
        let mut record = GameRecord::new("pachisi");
        let mut dice = dice(&rules);
        dice.begin(&rules, &mut record);
        let mut t =
            Table::new_fair(rules.clone(), &seats(specs), dice, bot_seed, record).expect("table");
        for _ in 0..300 {
            t.step_automatic();
        }
        t.record().clone()
    };
    let bot_seed = server().bot_seed();
    assert_eq!(game(bot_seed), game(bot_seed));
    assert_ne!(game(bot_seed), game(bot_seed ^ 1));
}

#[test]
fn a_seeded_table_numbers_the_games_throws_only() {
    let rules = pachisi();
    let sides = seats(SEATS);
    let mut record = GameRecord::new("pachisi");
    pachisi_table::throw_off_into(&rules, 4, &mut record);
    let mut t = Table::new(rules, &sides, 4, record).expect("table");
    for _ in 0..300 {
        act(&mut t);
        assert_eq!(t.throw_number(), t.throw_count());
    }
    assert!(t.throw_count() > 0);
}
