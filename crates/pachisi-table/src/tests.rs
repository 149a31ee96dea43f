//! The table's own tests: seats, the log, undo, restore.

use super::*;
use pachisi_core::builtin_rules;

/// Plays `t` on (the bots, and the person's first move each time) until a person has two moves
/// or more to choose from, and returns them.
pub(crate) fn play_to_a_choice(t: &mut Table) -> Vec<Move> {
    loop {
        while t.step_automatic().is_some() {}
        if t.human_throw().is_none() {
            let moves = t.legal_moves();
            if moves.len() >= 2 {
                return moves;
            }
            t.human_move(moves[0]).expect("legal");
        }
    }
}

/// Seats from a comma-separated list of specs.
fn seats(specs: &str) -> Vec<SeatSpec> {
    specs.split(',').map(|s| s.parse().expect("seat")).collect()
}

fn table(specs: &str, seed: u64) -> Table {
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let mut record = GameRecord::new("pachisi");
    throw_off_into(&rules, seed, &mut record);
    Table::new(rules, &seats(specs), seed, record).expect("table")
}

#[test]
fn seats_are_people_or_bots_by_spec() {
    assert!(matches!("human".parse(), Ok(SeatSpec::Human)));
    assert!(matches!(" Human ".parse(), Ok(SeatSpec::Human)));
    match "bot".parse::<SeatSpec>() {
        Ok(SeatSpec::Bot(spec)) => assert_eq!(spec.to_string(), DEFAULT_BOT),
        other => panic!("{other:?}"),
    }
    match "bot:mcts:playouts=50".parse::<SeatSpec>() {
        Ok(s) => assert_eq!(s.to_string(), "bot:mcts:playouts=50"),
        Err(e) => panic!("{e}"),
    }
    for bad in ["robot", "bot:", "botheuristic", "bot:chess", ""] {
        assert!(bad.parse::<SeatSpec>().is_err(), "{bad}");
    }
}

#[test]
fn a_bot_whose_network_does_not_fit_the_rules_is_refused_at_the_table() {
    let rules = Arc::new(builtin_rules("maedn", &[]).expect("builtin"));
    let err = Table::new(
        rules.clone(),
        &seats("human,bot:neural,human,human"),
        1,
        GameRecord::new("maedn"),
    )
    .err()
    .expect("refused");
    assert!(err.contains("bot `neural` cannot play"), "{err}");
    let fits = Table::new(
        rules,
        &seats("human,bot:heuristic,human,human"),
        1,
        GameRecord::new("maedn"),
    );
    assert!(fits.is_ok());
}

#[test]
fn the_log_writes_one_line_per_turn_as_records_do() {
    let mut t = table("bot:heuristic,bot:heuristic,bot:heuristic,bot:heuristic", 3);
    for _ in 0..200 {
        t.step_automatic();
    }
    let rules = t.rules().clone();
    let text = t.record().to_text(&rules).expect("replays");
    let body: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    // Pachisi begins with a throw-off (000), which the log says first and the record keeps
    // in its Opening tag.
    let (opening, turns) = t.log().split_first().expect("a log");
    assert!(opening.starts_with("throw-off: "), "{opening}");
    assert!(text.contains(&format!(
        "[Opening \"{}\"]",
        &opening["throw-off: ".len()..opening.rfind(':').expect(":")]
    )));
    let unfolded: Vec<&str> = turns
        .iter()
        .flat_map(|l| l.split(LOG_FOLD_SEPARATOR))
        .collect();
    assert_eq!(body, unfolded, "the log, unfolded, is the record's body");
}

/// Pachisi's opening, where only 6, 10 and 25 bring a piece in: turns that are forced passes
/// share lines, the log only grows (what the server's replay frames count on), and the
/// record keeps one turn per line.
#[test]
fn forced_passes_share_a_line_and_the_log_only_grows() {
    let mut t = table("bot:heuristic,bot:heuristic,bot:heuristic,bot:heuristic", 3);
    let mut before: Vec<String> = t.log().to_vec();
    for _ in 0..200 {
        t.step_automatic();
        let now = t.log();
        assert!(now.len() >= before.len(), "{before:?} then {now:?}");
        if let Some((last, complete)) = before.split_last() {
            assert_eq!(&now[..complete.len()], complete);
            assert!(now[complete.len()].starts_with(last.as_str()), "{now:?}");
        }
        before = now.to_vec();
    }
    let folded: Vec<&String> = before
        .iter()
        .filter(|l| l.contains(LOG_FOLD_SEPARATOR))
        .collect();
    assert!(!folded.is_empty(), "no passes were folded: {before:?}");
    for line in folded {
        assert!(line.chars().count() <= LOG_FOLD_WIDTH, "{line}");
        for turn in line.split(LOG_FOLD_SEPARATOR) {
            assert!(turn.ends_with(" -"), "{turn} is no pass, in {line}");
        }
    }
    // The same game restored from its record shows the same log.
    let rules = t.rules().clone();
    let seats = seats("bot:heuristic,bot:heuristic,bot:heuristic,bot:heuristic");
    let restored = Table::restore(rules.clone(), &seats, 3, t.record()).expect("restores");
    assert_eq!(restored.log(), t.log());
    let text = t.record().to_text(&rules).expect("replays");
    assert!(!text.contains(LOG_FOLD_SEPARATOR), "{text}");
}

/// The throw-off is the seed's: a record whose Opening tag says otherwise does not restore.
#[test]
fn a_throw_off_that_is_not_the_seeds_does_not_restore() {
    let t = table("human,human,human,human", 5);
    let off = t
        .record()
        .tag("Opening")
        .expect("pachisi has a throw-off")
        .to_string();
    let seats: Vec<SeatSpec> = vec![SeatSpec::Human; 4];
    assert!(Table::restore(t.rules().clone(), &seats, 5, t.record()).is_ok());
    let mut record = t.record().clone();
    let other = (0..100)
        .filter_map(|seed| throw_off(t.rules(), seed))
        .map(|o| o.to_text(t.rules()))
        .find(|text| *text != off)
        .expect("another throw-off");
    record.set_tag("Opening", other);
    let e = Table::restore(t.rules().clone(), &seats, 5, &record)
        .err()
        .expect("refused");
    assert!(e.contains("throw-off"), "{e}");
}

#[test]
fn bots_play_until_a_person_must_act() {
    let mut t = table("bot:random,human,bot:random,bot:random", 9);
    let mut steps = 0;
    while t.step_automatic().is_some() {
        steps += 1;
    }
    assert!(steps > 0);
    assert!(t.awaits_human());
    assert_eq!(t.position().to_move(), 1);
    assert!(t.human_move(Move::Pass).is_err() || t.position().phase() == Phase::Move);
}

#[test]
fn a_person_cannot_play_an_illegal_move_or_out_of_turn() {
    let mut t = table("human,bot,bot,bot", 1);
    // The bots play until the person's turn (the throw-off may have given them the lead).
    while t.step_automatic().is_some() {}
    assert!(t.human_move(Move::Pass).is_err(), "a throw is due");
    assert!(t.human_throw().is_some());
    if t.position().phase() == Phase::Move {
        let bogus = Move::Advance {
            from: 50,
            value: 3,
            steps: 3,
            pair: false,
            round_again: false,
        };
        let e = t.human_move(bogus).expect_err("illegal");
        assert!(e.contains("not a legal move"), "{e}");
    }
}

#[test]
fn a_game_restored_from_its_record_goes_on_as_if_never_stopped() {
    let specs = "human,bot:heuristic,bot:heuristic,bot:heuristic";
    let mut a = table(specs, 12);
    // Play a while, choosing the last legal move, with an undo on the way.
    let turn = |t: &mut Table| {
        while t.step_automatic().is_some() {}
        if t.human_throw().is_none() {
            if let Some(&mv) = t.legal_moves().last() {
                t.human_move(mv).expect("legal");
            }
        }
    };
    for i in 0..60 {
        turn(&mut a);
        if i == 30 {
            a.undo().expect("undo");
        }
    }
    let mut b = Table::restore(a.rules().clone(), &seats(specs), 12, a.record()).expect("restores");
    assert_eq!(b.position(), a.position());
    assert_eq!(b.log(), a.log());
    assert_eq!(b.record(), a.record());
    // The same choices from here give the same game: the throws go on from the seed.
    for _ in 0..40 {
        turn(&mut a);
        turn(&mut b);
    }
    assert_eq!(b.record(), a.record());
    // Undo works across the restore.
    let before = *b.position();
    b.undo().expect("undo after restore");
    assert_ne!(*b.position(), before);
}

#[test]
fn a_record_from_another_seed_is_refused() {
    let sides = seats("human,bot,bot,bot");
    let mut a = table("human,bot,bot,bot", 5);
    a.human_throw();
    let e = Table::restore(a.rules().clone(), &sides, 6, a.record())
        .err()
        .expect("another seed");
    assert!(e.contains("seed 6"), "{e}");
}

#[test]
fn a_record_with_an_illegal_move_is_refused_with_the_reason() {
    let sides = seats("human,bot,bot,bot");
    let mut a = table("human,bot,bot,bot", 5);
    a.human_throw();
    let mut record = a.record().clone();
    record.push(Action::Move(Move::Advance {
        from: 50,
        value: 3,
        steps: 3,
        pair: false,
        round_again: false,
    }));
    let e = Table::restore(a.rules().clone(), &sides, 5, &record)
        .err()
        .expect("an illegal move");
    assert!(e.starts_with("record line 0, column 0: move 50+3: "), "{e}");
}

#[test]
fn automatic_due_says_exactly_when_step_automatic_acts() {
    let mut t = table("human,bot:heuristic,bot:random,bot:heuristic", 21);
    let (mut automatic, mut forced) = (0, 0);
    for _ in 0..3000 {
        if t.position().phase() == Phase::Over {
            break;
        }
        let due = t.automatic_due();
        let human_pass = t.awaits_human() && t.legal_moves() == [Move::Pass];
        let stepped = t.step_automatic().is_some();
        assert_eq!(due, stepped);
        automatic += usize::from(stepped);
        forced += usize::from(stepped && human_pass);
        if !stepped && t.human_throw().is_none() {
            let mv = t.legal_moves()[0];
            t.human_move(mv).expect("legal");
        }
    }
    assert!(
        automatic > 0 && forced > 0,
        "bots acted ({automatic}), passes forced ({forced})"
    );
}

#[test]
fn a_saved_move_taken_back_leaves_the_game_unsaved() {
    let mut t = table("human,bot:heuristic,bot:heuristic,bot:heuristic", 5);
    assert!(t.is_saved(), "nothing to lose before the first action");
    // Play on until a person has two moves to choose from.
    let moves = play_to_a_choice(&mut t);
    let before = t.log().to_vec();
    t.human_move(moves[0]).expect("legal");
    t.mark_saved();
    assert!(t.is_saved());
    t.undo().expect("undo");
    assert_eq!(t.log(), before, "undo restores the log");
    // Another move brings the record back to the saved length, but not to the saved game.
    t.human_move(moves[1]).expect("legal");
    assert!(!t.is_saved(), "the saved record has another move");
}

/// A finished game's result stands: undo offers nothing and takes nothing back, for the
/// terminal and the server alike.
#[test]
fn a_finished_game_takes_no_move_back() {
    let rules = Arc::new(builtin_rules("ludo", &[]).expect("builtin"));
    let sides = seats("human,bot:random,bot:random,bot:random");
    let mut t = Table::new(rules, &sides, 5, GameRecord::new("ludo")).expect("table");
    let mut moved = false;
    while t.position().phase() != Phase::Over {
        while t.step_automatic().is_some() {}
        match t.position().phase() {
            Phase::Throw => {
                t.human_throw();
            }
            Phase::Move => {
                let first = t.legal_moves()[0];
                t.human_move(first).expect("legal");
                moved = true;
            }
            Phase::Over => {}
        }
    }
    assert!(
        moved,
        "the person moved, so there was something to take back"
    );
    assert!(!t.can_undo());
    let before = t.record().clone();
    let refused = t.undo().expect_err("refused");
    assert!(refused.contains("the game is over"), "{refused}");
    assert_eq!(*t.record(), before, "the result stands");
}

#[test]
fn labels_say_who_plays() {
    let t = table("human,bot:heuristic,human,bot", 1);
    assert_eq!(
        t.seat_labels(),
        vec!["human 1", "bot heuristic", "human 2", "bot expectimax"]
    );
    let t = table("human,bot:heuristic,bot,bot", 1);
    assert_eq!(t.seat_labels()[0], "you");
}
