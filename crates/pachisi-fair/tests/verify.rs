//! Whole games played with fair throws, then checked: an honest record passes, and a changed
//! throw, another seed or other player seeds are found.

use pachisi_core::{builtin_rules, Action, GameRecord, Phase, Rules};
use pachisi_fair::{
    reveal, verify, verify_record, write_commitment, FairDice, PlayerSeeds, ServerSeed, TagError,
    SERVER_SEED_TAG,
};

const SERVER: [u8; 32] = *b"a fair game of pachisi, verified";

/// Plays a game under `name` with fair throws, the moves chosen by a small deterministic
/// generator, and returns its record with the seed revealed.
fn play(name: &str, players: &str) -> (Rules, GameRecord) {
    let rules = builtin_rules(name, &[]).expect("builtin");
    let server = ServerSeed::from_bytes(SERVER);
    let players = PlayerSeeds::from_tag(&rules, players).expect("valid seeds");
    let mut record = GameRecord::new(name);
    write_commitment(&rules, &mut record, &server.commitment(), &players);
    let mut dice = FairDice::new(&rules, &server, &players).expect("builtin device");
    let mut pos = dice.begin(&rules, &mut record);
    let mut choice = 0x2545_f491_4f6c_dd1du64;
    while pos.phase() != Phase::Over && dice.count() < 20_000 {
        if pos.phase() == Phase::Throw {
            let t = dice.next_throw();
            record.push(Action::Throw(rules.outcome(t).name));
            pos.apply_throw(&rules, t).expect("a throw is due");
        } else {
            let legal = pos.legal_moves(&rules);
            choice ^= choice << 13;
            choice ^= choice >> 7;
            choice ^= choice << 17;
            let mv = legal[(choice % legal.len() as u64) as usize];
            record.push(Action::Move(mv));
            pos.play(&rules, mv).expect("legal");
        }
    }
    assert_eq!(pos.phase(), Phase::Over, "{name} finishes");
    reveal(&mut record, &server);
    record.set_tag("Final", pos.to_notation(&rules));
    // Through text and back, as a file would carry it: actions get their lines.
    let text = record.to_text(&rules).expect("replays");
    (rules, GameRecord::parse(&text).expect("parses"))
}

fn throws_in(record: &GameRecord) -> usize {
    let body = record
        .actions
        .iter()
        .filter(|a| matches!(a.0, Action::Throw(_)))
        .count();
    let opening = record
        .tag("Opening")
        .map_or(0, |o| o.split([',', ';']).count());
    body + opening
}

#[test]
fn an_honest_record_passes_under_every_kind_of_device() {
    for (name, players) in [
        ("pachisi", "Y:lucky 7,B:gopal"),
        ("pachisi-7-cowries", ""),
        ("ludo", "R:50%25"),
        ("parcheesi-sr", "Y:a,G:b,B:c,R:d"),
    ] {
        let (rules, record) = play(name, players);
        let report = verify_record(&rules, &record).expect("fair tags");
        assert!(report.all_match(), "{name}: {report:?}");
        assert_eq!(report.throws as usize, throws_in(&record), "{name}");
    }
}

#[test]
fn a_changed_throw_is_found_with_its_number_turn_and_seat() {
    let (rules, mut record) = play("pachisi", "Y:lucky 7");
    let off = record
        .tag("Opening")
        .map_or(0, |o| o.split([',', ';']).count()) as u64;
    // The fifth throw of the game itself: a 25 made a 2, anything else a 25.
    let (index, name) = record
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a.0 {
            Action::Throw(name) => Some((i, name)),
            _ => None,
        })
        .nth(4)
        .expect("a long game");
    let changed = if name.to_string() == "25" { "2" } else { "25" };
    let changed = changed.parse().expect("a throw");
    record.actions[index].0 = Action::Throw(changed);
    let report = verify_record(&rules, &record).expect("fair tags");
    assert!(!report.all_match());
    assert!(report.seed_matches_commitment);
    let first = &report.mismatches[0];
    assert_eq!(first.number, off + 4);
    assert_eq!((first.expected, first.recorded), (name, changed));
    assert!(
        first.turn.is_some_and(|t| (1..=5).contains(&t)),
        "{first:?}"
    );
    assert_eq!(first.line, record.actions[index].1);
    let words = first.describe(&rules);
    assert!(
        words.starts_with(&format!("throw {} (turn ", off + 4)),
        "{words}"
    );
    assert!(
        words.ends_with(&format!("should be {name} but the record says {changed}")),
        "{words}"
    );
}

#[test]
fn another_seed_fails_its_commitment_and_the_throw_off() {
    let (rules, record) = play("pachisi", "");
    let commitment = ServerSeed::from_bytes(SERVER).commitment();
    let other = ServerSeed::from_bytes([0; 32]);
    let report = verify(&rules, &record, &other, &commitment, &PlayerSeeds::new()).expect("device");
    assert!(!report.seed_matches_commitment);
    assert!(!report.mismatches.is_empty());
    // Pachisi begins with a throw-off: its throws are numbered first, in no turn.
    let first = &report.mismatches[0];
    assert_eq!(first.turn, None, "{first:?}");
    assert!(first.describe(&rules).contains("(throw-off, "));
}

#[test]
fn other_player_seeds_give_other_throws() {
    let (rules, record) = play("ludo", "R:mine");
    let server = ServerSeed::from_bytes(SERVER);
    let players = PlayerSeeds::from_tag(&rules, "R:yours").expect("valid");
    let report = verify(&rules, &record, &server, &server.commitment(), &players).expect("device");
    assert!(report.seed_matches_commitment);
    assert!(
        report.mismatches.len() > report.throws as usize / 2,
        "{report:?}"
    );
}

#[test]
fn a_record_without_its_seed_cannot_be_checked_yet() {
    let (rules, record) = play("ludo", "");
    let mut hidden = GameRecord::new("ludo");
    for (key, value) in record.tags.iter().filter(|(k, _)| k != SERVER_SEED_TAG) {
        hidden.set_tag(key, value.clone());
    }
    hidden.actions = record.actions.clone();
    assert_eq!(verify_record(&rules, &hidden), Err(TagError::NotRevealed));
    let e = TagError::NotRevealed.to_string();
    assert!(e.contains("e.g. [ServerSeed \""), "{e}");
}

#[test]
fn a_record_that_stops_replaying_says_where() {
    let (rules, mut record) = play("ludo", "");
    // A move before the first throw, when no move can be played.
    record
        .actions
        .insert(0, (Action::Move("E6".parse().expect("move")), 9, 9));
    let report = verify_record(&rules, &record).expect("fair tags");
    assert!(!report.all_match());
    assert_eq!(
        report.replay_error.map(|e| (e.line, e.column)),
        Some((9, 9))
    );
}
