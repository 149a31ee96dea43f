//! A table resumed from a snapshot is the table restored from its record: over seeded games of
//! every built-in ruleset, with seeded and fair throws, people and bots, and undo, before and
//! after the snapshot. Snapshots that do not fit the record are refused, and no snapshot, however
//! damaged, makes resuming panic.

use super::*;
use crate::{fair_record_header, record_header, throw_off_into, Happening};
use pachisi_core::{builtin_rules, Phase, BUILTIN_RULESETS};
use pachisi_fair::{PlayerSeed, PlayerSeeds, ServerSeed};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Where a test game's throws come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Throws {
    Seeded,
    Fair,
}

/// A game's fixed parts: what restoring and resuming are given besides the record.
struct Game {
    rules: Arc<Rules>,
    specs: Vec<SeatSpec>,
    seed: u64,
    throws: Throws,
}

impl Game {
    /// A game of ruleset `name`. Bit `i` of `lineup` makes seat `i` a person's, bit `i + 4`
    /// makes a bot's the heuristic bot rather than the random one.
    fn new(name: &str, seed: u64, throws: Throws, lineup: u8) -> Game {
        let rules = Arc::new(builtin_rules(name, &[]).expect("a built-in ruleset"));
        let specs = (0..rules.seats())
            .map(|i| match (lineup >> i & 1, lineup >> (i + 4) & 1) {
                (1, _) => SeatSpec::Human,
                (_, 1) => "bot:heuristic".parse().expect("a bot"),
                _ => "bot:random".parse().expect("a bot"),
            })
            .collect();
        Game {
            rules,
            specs,
            seed,
            throws,
        }
    }

    fn server(&self) -> ServerSeed {
        let mut bytes = [0; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = self.seed.to_le_bytes()[i % 8] ^ i as u8;
        }
        ServerSeed::from_bytes(bytes)
    }

    fn players(&self) -> PlayerSeeds {
        let mut players = PlayerSeeds::new();
        players
            .insert(0, PlayerSeed::new("lucky 7").expect("a seed"))
            .expect("a seat");
        players
    }

    fn dice(&self) -> FairDice {
        FairDice::new(&self.rules, &self.server(), &self.players()).expect("fair dice")
    }

    /// A new table, begun as the server begins one.
    fn start(&self) -> Table {
        let name = self.rules.ruleset().name.clone();
        match self.throws {
            Throws::Seeded => {
                let mut record =
                    record_header(&name, &[], self.seed, Some(&self.specs)).expect("a header");
                throw_off_into(&self.rules, self.seed, &mut record);
                Table::new(self.rules.clone(), &self.specs, self.seed, record).expect("a table")
            }
            Throws::Fair => {
                let (server, players) = (self.server(), self.players());
                let mut record = fair_record_header(
                    &name,
                    &[],
                    &server.commitment(),
                    &players,
                    &self.rules,
                    Some(&self.specs),
                )
                .expect("a header");
                let mut dice = self.dice();
                dice.begin(&self.rules, &mut record);
                let bot_seed = server.bot_seed();
                Table::new_fair(self.rules.clone(), &self.specs, dice, bot_seed, record)
                    .expect("a table")
            }
        }
    }

    fn restore(&self, record: &GameRecord) -> Result<Table, String> {
        let rules = self.rules.clone();
        match self.throws {
            Throws::Seeded => Table::restore(rules, &self.specs, self.seed, record),
            Throws::Fair => {
                let bot_seed = self.server().bot_seed();
                Table::restore_fair(rules, &self.specs, self.dice(), bot_seed, record)
            }
        }
    }

    fn resume(&self, record: &GameRecord, snapshot: &TableSnapshot) -> Result<Table, String> {
        let rules = self.rules.clone();
        match self.throws {
            Throws::Seeded => Table::resume(rules, &self.specs, self.seed, record, snapshot),
            Throws::Fair => {
                let bot_seed = self.server().bot_seed();
                Table::resume_fair(rules, &self.specs, self.dice(), bot_seed, record, snapshot)
            }
        }
    }
}

/// What one step of play did.
#[derive(Debug, PartialEq)]
enum Step {
    Happened(Happening),
    Undo(Result<(), String>),
}

/// One step: now and then an undo (taken or refused) that keeps the record's first `floor`
/// actions, else a bot's or a forced action, a person's throw, or a person's move chosen by
/// `choices`. `None` once the game is over.
fn act(t: &mut Table, choices: &mut ChaCha8Rng, floor: usize) -> Option<Step> {
    if t.position().phase() == Phase::Over {
        return None;
    }
    if choices.gen_ratio(1, 16) && t.undo_reach().map_or(true, |reach| reach >= floor) {
        return Some(Step::Undo(t.undo()));
    }
    if let Some(happening) = t.step_automatic().or_else(|| t.human_throw()) {
        return Some(Step::Happened(happening));
    }
    let moves = t.legal_moves();
    let mv = moves[choices.gen_range(0..moves.len())];
    Some(Step::Happened(t.human_move(mv).expect("a legal move")))
}

/// Everything a table shows.
#[derive(Debug, PartialEq)]
struct Observed {
    position: Position,
    log: Vec<String>,
    legal_moves: Vec<Move>,
    last_move: Option<LastMove>,
    last_throw: Option<Throw>,
    last_thrower: Option<u8>,
    throw_count: u64,
    throw_number: u64,
    can_undo: bool,
    undo_reach: Option<usize>,
    record: GameRecord,
    record_to_save: GameRecord,
    is_saved: bool,
    awaits_human: bool,
    automatic_due: bool,
    seat_labels: Vec<String>,
}

fn observe(t: &Table) -> Observed {
    Observed {
        position: *t.position(),
        log: t.log().to_vec(),
        legal_moves: t.legal_moves(),
        last_move: t.last_move(),
        last_throw: t.last_throw(),
        last_thrower: t.last_thrower(),
        throw_count: t.throw_count(),
        throw_number: t.throw_number(),
        can_undo: t.can_undo(),
        undo_reach: t.undo_reach(),
        record: t.record().clone(),
        record_to_save: t.record_to_save(),
        is_saved: t.is_saved(),
        awaits_human: t.awaits_human(),
        automatic_due: t.automatic_due(),
        seat_labels: t.seat_labels(),
    }
}

/// Plays `steps` steps (fewer if the game ends), undo keeping the record's first `floor` actions.
fn play(t: &mut Table, choices: &mut ChaCha8Rng, steps: usize, floor: usize) {
    for _ in 0..steps {
        if act(t, choices, floor).is_none() {
            break;
        }
    }
}

/// Plays a game of `name`, snapshots it after `before` steps, plays `after` more (undo going
/// back past the snapshot if `cross`), then checks that the table resumed from the snapshot and
/// the record is the restored table, and stays so for `later` steps of the same choices (throws,
/// bots' moves, people's moves and undos); or, if the record no longer begins with the
/// snapshot's actions, that the snapshot is refused.
fn check_resume_is_restore(
    name: &str,
    throws: Throws,
    seed: u64,
    lineup: u8,
    (before, after, later): (usize, usize, usize),
    cross: bool,
) -> Result<(), TestCaseError> {
    let at = format!("{name}, {throws:?} throws, seed {seed}, lineup {lineup:#04x}");
    let game = Game::new(name, seed, throws, lineup);
    let mut choices = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut t = game.start();
    play(&mut t, &mut choices, before, 0);
    let snapshot = t.snapshot();
    prop_assert_eq!(snapshot.actions(), t.record().actions.len(), "{}", at);
    let json = snapshot.to_json();
    let back = TableSnapshot::from_json(&json);
    prop_assert_eq!(back.as_ref(), Ok(&snapshot), "{}", at);
    let taken_at: Vec<Action> = t.record().actions.iter().map(|a| a.0).collect();
    // Unless `cross`, undo does not go back past the snapshot.
    let floor = if cross { 0 } else { taken_at.len() };
    play(&mut t, &mut choices, after, floor);
    let record = t.record().clone();
    let mut restored = game.restore(&record).map_err(TestCaseError::fail)?;
    // An undo after the snapshot may have gone back past it, and the game gone on otherwise:
    // then the snapshot no longer stands for the record's first actions, and is refused.
    let stands = record.actions.len() >= taken_at.len()
        && record.actions.iter().zip(&taken_at).all(|(a, b)| a.0 == *b);
    let resumed = game.resume(&record, &snapshot);
    if !stands {
        prop_assert!(
            resumed.is_err(),
            "{}: a snapshot that no longer stands resumed",
            at
        );
        return Ok(());
    }
    let mut resumed = resumed.map_err(|e| TestCaseError::fail(format!("{at}: {e}")))?;
    prop_assert_eq!(observe(&resumed), observe(&restored), "{}", at);
    prop_assert_eq!(resumed.snapshot(), restored.snapshot(), "{}", at);
    // The same choices from here give the same game, undo included.
    let mut again = choices.clone();
    for step in 0..later {
        let a = act(&mut restored, &mut choices, 0);
        let b = act(&mut resumed, &mut again, 0);
        prop_assert_eq!(&b, &a, "{}, step {} after resuming", at, step);
        prop_assert_eq!(
            observe(&resumed),
            observe(&restored),
            "{}, step {}",
            at,
            step
        );
        if a.is_none() {
            break;
        }
    }
    Ok(())
}

// Each case plays a game under every built-in ruleset with each kind of throws, and restores
// and resumes it: a few dozen cases keep the module well under a minute in a debug build.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn a_resumed_table_is_the_restored_table(
        seed in any::<u64>(),
        lineup in any::<u8>(),
        before in 0usize..1500,
        after in 0usize..200,
        cross in prop::bool::weighted(0.25),
    ) {
        for &(name, _) in BUILTIN_RULESETS {
            for throws in [Throws::Seeded, Throws::Fair] {
                check_resume_is_restore(name, throws, seed, lineup, (before, after, 60), cross)?;
            }
        }
    }
}

// A damaged snapshot costs little to try: more cases.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A damaged snapshot (bytes changed, cut short) is read or refused, and a snapshot that
    /// reads is resumed or refused: never a panic.
    #[test]
    fn a_damaged_snapshot_never_panics(
        seed in any::<u64>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
        cut_short in any::<bool>(),
    ) {
        let game = Game::new("pachisi", seed, Throws::Seeded, 0x01);
        let mut choices = ChaCha8Rng::seed_from_u64(seed);
        let mut t = game.start();
        play(&mut t, &mut choices, 150, 0);
        let mut json = t.snapshot().to_json().into_bytes();
        for (at, byte) in edits {
            let i = at.index(json.len());
            json[i] = b" 0123456789,:[]{}\"-xYGRBtme.h/="[usize::from(byte) % 31];
        }
        if cut_short {
            json.truncate(cut.index(json.len()));
        }
        if let Ok(snapshot) = TableSnapshot::from_json(&String::from_utf8_lossy(&json)) {
            let _ = game.resume(t.record(), &snapshot);
        }
    }
}

/// A game of pachisi with one person and three bots, played `steps` steps.
fn pachisi(seed: u64, throws: Throws, steps: usize) -> (Game, Table) {
    let game = Game::new("pachisi", seed, throws, 0x01);
    let mut choices = ChaCha8Rng::seed_from_u64(seed);
    let mut t = game.start();
    play(&mut t, &mut choices, steps, 0);
    (game, t)
}

#[test]
fn a_snapshot_reads_back_from_its_json_and_names_its_version() {
    for throws in [Throws::Seeded, Throws::Fair] {
        let (game, t) = pachisi(3, throws, 200);
        let snapshot = t.snapshot();
        let json = snapshot.to_json();
        assert!(
            json.starts_with(&format!("{{\"version\":{SNAPSHOT_VERSION},")),
            "{json}"
        );
        let back = TableSnapshot::from_json(&json).expect("reads back");
        assert_eq!(back, snapshot);
        assert_eq!(back.version(), SNAPSHOT_VERSION);
        let resumed = game.resume(t.record(), &back).expect("resumes");
        assert_eq!(resumed.log(), t.log());
        assert_eq!(resumed.position(), t.position());
    }
}

/// A record read from its text has seat markers (`Y:`) among its actions, which are not
/// counted: the snapshot stands at the same action.
#[test]
fn a_record_read_from_its_text_resumes_as_it_restores() {
    for throws in [Throws::Seeded, Throws::Fair] {
        let (game, mut t) = pachisi(13, throws, 150);
        let snapshot = t.snapshot();
        play(
            &mut t,
            &mut ChaCha8Rng::seed_from_u64(14),
            100,
            snapshot.actions(),
        );
        let text = t.record().to_text(&game.rules).expect("the record replays");
        let read = GameRecord::parse(&text).expect("reads back");
        assert!(read.actions.iter().any(|a| matches!(a.0, Action::Seat(_))));
        let restored = game.restore(&read).expect("restores");
        let resumed = game.resume(&read, &snapshot).expect("resumes");
        assert_eq!(observe(&resumed), observe(&restored));
        assert_eq!(resumed.record().actions, t.record().actions);
    }
}

#[test]
fn a_snapshot_of_another_game_is_refused() {
    for throws in [Throws::Seeded, Throws::Fair] {
        let (game, t) = pachisi(4, throws, 200);
        let (other, u) = pachisi(5, throws, 100);
        assert!(u.record().actions.len() < t.record().actions.len());
        assert!(game.resume(t.record(), &t.snapshot()).is_ok());
        let e = game
            .resume(t.record(), &u.snapshot())
            .err()
            .expect("refused");
        assert!(e.contains("another game"), "{e}");
        let e = other
            .resume(u.record(), &t.snapshot())
            .err()
            .expect("refused");
        assert!(e.contains("but the record has only"), "{e}");
    }
    // The same actions under another seed are another game.
    let (game, t) = pachisi(4, Throws::Seeded, 0);
    let mut elsewhere = Game::new("pachisi", 4, Throws::Seeded, 0x01);
    elsewhere.seed = 6;
    assert!(game.resume(t.record(), &t.snapshot()).is_ok());
    let e = elsewhere
        .resume(t.record(), &t.snapshot())
        .err()
        .expect("refused");
    assert!(e.contains("another game") || e.contains("throw-off"), "{e}");
    // A seeded game's snapshot does not resume a game with fair throws, nor the other way.
    let (seeded, s) = pachisi(7, Throws::Seeded, 100);
    let (fair, f) = pachisi(7, Throws::Fair, 100);
    assert!(fair.resume(f.record(), &s.snapshot()).is_err());
    assert!(seeded.resume(s.record(), &f.snapshot()).is_err());
}

#[test]
fn a_snapshot_beyond_the_record_is_refused() {
    let (game, t) = pachisi(8, Throws::Seeded, 300);
    let snapshot = t.snapshot();
    let mut shorter = t.record().clone();
    shorter.actions.truncate(snapshot.actions() - 10);
    let e = game.resume(&shorter, &snapshot).err().expect("refused");
    assert!(
        e.contains(&format!("stands at action {}", snapshot.actions())),
        "{e}"
    );
    assert!(game.restore(&shorter).is_ok(), "the record itself restores");
}

/// A person takes a move back past the snapshot and plays another: the snapshot no longer
/// stands for the record's first actions.
#[test]
fn a_snapshot_of_a_move_taken_back_is_refused() {
    let (game, mut t) = pachisi(9, Throws::Seeded, 0);
    let mut choices = ChaCha8Rng::seed_from_u64(9);
    // Play until a person has two moves to choose from.
    let moves = crate::tests::play_to_a_choice(&mut t);
    t.human_move(moves[0]).expect("legal");
    play(&mut t, &mut choices, 3, 0);
    let snapshot = t.snapshot();
    while t.record().actions.len() > snapshot.actions() - 4 {
        t.undo().expect("undo");
    }
    t.human_move(moves[1]).expect("legal");
    play(&mut t, &mut choices, 20, 0);
    let e = game.resume(t.record(), &snapshot).err().expect("refused");
    assert!(e.contains("another game, or of other actions"), "{e}");
}

/// Throws replayed with `apply_action` are not drawn: restoring draws them, so a snapshot of
/// such a table would not resume as the record restores.
#[test]
fn a_snapshot_whose_throws_were_not_drawn_is_refused() {
    let (game, t) = pachisi(10, Throws::Seeded, 120);
    let mut replayed = game.start();
    for &(action, _, _) in &t.record().actions {
        replayed.apply_action(action).expect("replays");
    }
    let e = game
        .resume(t.record(), &replayed.snapshot())
        .err()
        .expect("refused");
    assert!(e.contains("drawing every throw"), "{e}");
}

/// The save mark is the one thing a snapshot keeps that a record cannot tell.
#[test]
fn the_save_mark_is_kept() {
    let (game, mut t) = pachisi(11, Throws::Seeded, 100);
    t.mark_saved();
    let resumed = game.resume(t.record(), &t.snapshot()).expect("resumes");
    assert!(resumed.is_saved());
}

/// A change to a snapshot's JSON.
type Edit = Box<dyn Fn(&mut serde_json::Value)>;

#[test]
fn malformed_snapshots_are_refused() {
    let (game, t) = pachisi(12, Throws::Seeded, 200);
    assert!(t.can_undo(), "the person's moves are in the history");
    let json = t.snapshot().to_json();
    for text in [
        "",
        "{",
        "null",
        "[]",
        "{}",
        "\"snapshot\"",
        &json[..json.len() / 2],
    ] {
        let e = TableSnapshot::from_json(text).expect_err("refused");
        assert!(e.starts_with("the snapshot cannot be read"), "{text}: {e}");
    }
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let changed = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        edit(&mut v);
        TableSnapshot::from_json(&v.to_string()).and_then(|s| game.resume(t.record(), &s))
    };
    let cases: Vec<(&str, Edit)> = vec![
        ("version 2", Box::new(|v| v["version"] = 2.into())),
        ("an unknown field", Box::new(|v| v["extra"] = 1.into())),
        (
            "no position",
            Box::new(|v| v["position"] = serde_json::Value::Null),
        ),
        (
            "a bad position",
            Box::new(|v| v["position"] = "1,2,3 Yt -".into()),
        ),
        ("negative actions", Box::new(|v| v["actions"] = (-1).into())),
        ("more actions", Box::new(|v| v["actions"] = 100_000.into())),
        (
            "another fingerprint",
            Box::new(|v| v["game"] = "0123".into()),
        ),
        ("no log", Box::new(|v| v["log"] = serde_json::json!([]))),
        (
            "a log line too many",
            Box::new(|v| v["log"].as_array_mut().expect("lines").push("Y1".into())),
        ),
        (
            "a log turn of no seat",
            Box::new(|v| v["log"][0] = "Q1".into()),
        ),
        (
            "a log turn of no actions",
            Box::new(|v| v["log"][0] = "Y0".into()),
        ),
        ("a bad log turn", Box::new(|v| v["log"][0] = "".into())),
        (
            "a last move of seat 9",
            Box::new(|v| v["last_move"] = serde_json::json!([9, "-"])),
        ),
        (
            "a bad last move",
            Box::new(|v| v["last_move"] = serde_json::json!([0, "E"])),
        ),
        (
            "a throw these rules lack",
            Box::new(|v| v["last_throw"] = serde_json::json!([0, "7-7"])),
        ),
        (
            "a throw count off",
            Box::new(|v| v["throw_count"] = 1.into()),
        ),
        (
            "the throws elsewhere",
            Box::new(|v| v["dice"]["count"] = 1.into()),
        ),
        (
            "fair throws",
            Box::new(|v| v["dice"]["word"] = serde_json::Value::Null),
        ),
        (
            "saved later",
            Box::new(|v| v["saved_actions"] = 100_000.into()),
        ),
        (
            "an undo point after the snapshot",
            Box::new(|v| v["undo"][0]["actions"] = 100_000.into()),
        ),
        (
            "undo points out of order",
            Box::new(|v| {
                let first = v["undo"][0].clone();
                v["undo"].as_array_mut().expect("undo").push(first);
            }),
        ),
        (
            "an undo point's bad position",
            Box::new(|v| v["undo"][0]["position"] = "start start".into()),
        ),
        (
            "an undo point's throws elsewhere",
            Box::new(|v| v["undo"][0]["dice"]["count"] = 100_000.into()),
        ),
    ];
    // Another version is refused as such, whatever its fields.
    let e = changed(&|v: &mut serde_json::Value| {
        v["version"] = 2.into();
        v["position"] = serde_json::json!({"pieces": []});
    })
    .err();
    assert_eq!(
        e.as_deref(),
        Some("the snapshot is of version 2, and this build reads version 1")
    );
    for (what, edit) in cases {
        let e = changed(&*edit).err();
        assert!(e.is_some(), "{what} was not refused");
    }
}

/// The log's tokens are written without the formatting machinery: exactly as the notation
/// writes them.
#[test]
fn tokens_are_written_as_the_notation_writes_them() {
    let mut actions = vec![Action::Move(Move::Pass)];
    for n in (0..=255u8).step_by(7).chain([9, 10, 99, 100, 255]) {
        actions.push(Action::Throw(ThrowName::value(n)));
        actions.push(Action::Throw(ThrowName::dice(n, n / 3)));
        actions.push(Action::Move(Move::Enter { value: n }));
        actions.push(Action::Move(Move::EnterSum {
            first: n,
            second: n / 2,
        }));
        for (steps, pair, round_again) in
            [(n, false, false), (n / 2, true, false), (1, false, true)]
        {
            actions.push(Action::Move(Move::Advance {
                from: 255 - n,
                value: n,
                steps,
                pair,
                round_again,
            }));
        }
    }
    for action in actions {
        let mut token = String::new();
        push_token(&mut token, action);
        let written = match action {
            Action::Throw(name) => format!("({name})"),
            Action::Move(mv) => mv.to_string(),
            Action::Seat(_) => String::new(),
        };
        assert_eq!(token, written, "{action:?}");
    }
}

#[test]
fn a_log_line_is_shaped_by_its_turns() {
    assert_eq!(line_shape("Y: (10) E10 (3) 1+3"), "Y4");
    assert_eq!(line_shape("G: (3) -  R: (2) -  B: (4) -"), "G2 R2 B2");
    assert_eq!(line_shape("B: (5-3)"), "B1");
    for bad in ["", "throw-off: Y 25", "Y:(10)", "G: (3) -  R"] {
        assert!(line_shape(bad).contains('?'), "{bad}: {}", line_shape(bad));
    }
}
