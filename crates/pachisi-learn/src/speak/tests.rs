//! The game in words on prepared positions (notation, as the guided tour's), in English.

use super::*;
use pachisi_core::explain::Obstacle;
use pachisi_core::record::Action;
use pachisi_core::{builtin_rules, Move, Phase, Position, Refusal, Rules};
use pachisi_words::english;

fn pachisi() -> Rules {
    builtin_rules("pachisi", &[]).expect("builtin")
}

fn at(rules: &Rules, text: &str) -> Position {
    Position::from_notation(rules, text).expect("position")
}

fn thrown(rules: &Rules, text: &str, value: u8) -> Position {
    let mut pos = at(rules, text);
    pos.apply_throw(rules, rules.throw_by_value(value).expect("a throw"))
        .expect("thrown");
    pos
}

/// The tour's "running to a castle": Yellow's back piece (piece 1) 2 squares ahead of Green's.
const CASTLE_SAFE: &str = "17,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG";

#[test]
fn a_place_is_said_as_players_say_it() {
    let rules = pachisi();
    let voice = Voice::new(english(), &rules, Some(0));
    let place = |seat, p| places::place_words(&voice, seat, p);
    assert_eq!(place(0, 0), "waiting in the Charkoni");
    assert_eq!(place(0, rules.home()), "home");
    assert_eq!(
        place(0, 3),
        "in your lane, 3 squares from the start, 81 to go"
    );
    // Yellow's route runs on to the next arm counter-clockwise, Green's.
    assert!(
        place(0, 17).starts_with("on Green's arm, 17 squares"),
        "{}",
        place(0, 17)
    );
    assert!(rules.castle_at(0, 21));
    assert!(
        place(0, 21).starts_with("on the castle on Green's arm"),
        "{}",
        place(0, 21)
    );
    assert_eq!(
        place(0, rules.home() - 3),
        "in the home column, 3 squares from home"
    );
    // Said to nobody, every arm by its seat.
    let all = Voice::new(english(), &rules, None);
    assert!(places::place_words(&all, 0, 3).starts_with("in Yellow's lane"));
    let ludo = builtin_rules("ludo", &[]).expect("builtin");
    let voice = Voice::new(english(), &ludo, Some(0));
    assert_eq!(places::place_words(&voice, 0, 0), "waiting in the nest");
}

#[test]
fn where_says_each_piece_with_its_safety_and_who_threatens_it() {
    let rules = pachisi();
    let pos = at(&rules, CASTLE_SAFE);
    let voice = Voice::new(english(), &rules, Some(0));
    let lines = where_lines(&voice, &pos, 0);
    assert_eq!(lines.len(), 4);
    assert!(
        lines[0].ends_with(
            "threatened by Green's piece 1, 2 squares behind, with a throw of 2 (15 in 64)."
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].starts_with("Piece 1: on Green's arm, 17 squares"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[2], "Piece 3: waiting in the Charkoni.");
    // The same answer to `threats 1`, and none to a piece that is waiting or does not exist.
    let threat = threat_words(&voice, &pos, 0, 0);
    assert!(threat.contains("with a throw of 2 (15 in 64)"), "{threat}");
    assert_eq!(
        threat_words(&voice, &pos, 0, 2),
        "Piece 3 is waiting in the Charkoni: nothing can capture it there."
    );
    assert_eq!(
        threat_words(&voice, &pos, 0, 7),
        "There is no piece 8: your pieces are 1 to 4."
    );
    // On the castle 4 squares on, it is safe.
    let safe = at(&rules, "21,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG");
    let lines = where_lines(&voice, &safe, 0);
    assert!(lines[0].ends_with("safe on a castle."), "{}", lines[0]);
}

#[test]
fn the_board_names_every_seat_from_the_players_side() {
    let rules = pachisi();
    let pos = at(&rules, CASTLE_SAFE);
    let voice = Voice::new(english(), &rules, Some(0));
    let lines = board_lines(&voice, &pos);
    assert_eq!(lines.len(), 4);
    assert!(
        lines[0].starts_with("You, Yellow: piece 2 on "),
        "{}",
        lines[0]
    );
    assert!(
        lines[0].ends_with("; pieces 3 and 4 waiting in the Charkoni."),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("Green: piece 1 on "), "{}", lines[1]);
    assert_eq!(
        lines[2],
        "Your partner, Black: pieces 1, 2, 3 and 4 waiting in the Charkoni."
    );
    // Green's piece is threatened by nobody: Yellow's pieces are ahead of it.
    assert!(
        lines[1].contains("no opposing piece can reach it"),
        "{}",
        lines[1]
    );
}

#[test]
fn the_moves_are_numbered_and_name_their_pieces_by_number() {
    let rules = pachisi();
    // Yellow throws a 2: piece 1 captures Green's piece, piece 2 moves on, or a pass.
    let pos = thrown(&rules, CASTLE_SAFE, 2);
    let voice = Voice::new(english(), &rules, Some(0));
    let lines = move_lines(&voice, &pos);
    let moves = pos.legal_moves(&rules);
    assert_eq!(lines.len(), moves.len());
    let pass = moves.iter().position(|m| *m == Move::Pass).expect("a pass");
    assert_eq!(
        lines[pass],
        format!("{}: Pass: give up the rest of the throw.", pass + 1)
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Move piece 2 (on ") && l.contains(") 2 squares")),
        "{lines:?}"
    );
    // An entry names the piece that comes in: the first waiting one.
    let pos = thrown(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 10);
    let lines = move_lines(&voice, &pos);
    assert!(
        lines
            .iter()
            .any(|l| l == "1: Bring piece 1 in with the 10."),
        "{lines:?}"
    );
}

#[test]
fn why_says_the_engines_reasons_in_words() {
    let rules = pachisi();
    // Yellow: piece 2 out (it can move the 3), pieces 3 and 4 waiting for a grace.
    let pos = thrown(&rules, "h,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    let voice = Voice::new(english(), &rules, Some(0));
    let lines = why_lines(&voice, &pos, 2);
    assert_eq!(
        lines,
        [
            "Piece 3, waiting in the Charkoni: a waiting piece comes in only on a grace (6, 10 or \
          25), which the 3 is not."
        ]
    );
    assert_eq!(
        why_lines(&voice, &pos, 0),
        ["Piece 1 is home: it has finished."]
    );
    let can = why_lines(&voice, &pos, 1);
    assert!(can[0].starts_with("Piece 2 can move: move "), "{can:?}");
    // Every piece that cannot move, grouped by place: the answer to `why`.
    let all = why_not_lines(&voice, &pos);
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].starts_with("Pieces 3 and 4, waiting in the Charkoni: "),
        "{all:?}"
    );
}

#[test]
fn every_refusal_has_words_of_its_own() {
    let rules = pachisi();
    let voice = Voice::new(english(), &rules, Some(0));
    let square = "1r5".to_string();
    let refusals = [
        Refusal::NotTimeToMove,
        Refusal::GameOver,
        Refusal::NoPiece { progress: 3 },
        Refusal::AlreadyHome,
        Refusal::NeedsGrace {
            graces: vec![6, 10, 25],
            values: vec![2, 3],
            with_sum: false,
        },
        Refusal::NeedsFirstEntry {
            first_entry: vec![10, 25],
            value: 6,
        },
        Refusal::MovementOnly { value: 20 },
        Refusal::NeverBringsOut { value: 7 },
        Refusal::EntryBlocked {
            square: square.clone(),
            obstacle: Obstacle::Full { limit: 2 },
        },
        Refusal::Overshoot { value: 6, needs: 1 },
        Refusal::Stranded { value: 3, left: 1 },
        Refusal::CastleHeld {
            value: 3,
            square: square.clone(),
        },
        Refusal::SquareFull {
            value: 3,
            square: square.clone(),
            limit: 2,
        },
        Refusal::OpposingPair {
            value: 3,
            square: square.clone(),
        },
        Refusal::BlockadeInTheWay {
            value: 3,
            square: square.clone(),
        },
        Refusal::BlockadeIntact {
            value: 3,
            square: square.clone(),
        },
        Refusal::GraceOnlyEnters { value: 6 },
        Refusal::MustEnter,
        Refusal::ClearEntryFirst {
            square: square.clone(),
        },
        Refusal::PastGoal { value: 3, room: 0 },
        Refusal::PastGoal { value: 3, room: 2 },
        Refusal::PairCannotHalve { value: 3 },
        Refusal::MustCaptureFirst { value: 3 },
        Refusal::StepMustEnter { value: 1 },
        Refusal::HomeGate {
            value: 3,
            needed: 2,
        },
        Refusal::FullestUse { value: 3 },
        Refusal::CarryOnFirst {
            square: square.clone(),
        },
        Refusal::TurnLost {
            value: 3,
            square: square.clone(),
        },
        Refusal::FinishFromFourteen { value: 4, needs: 6 },
        Refusal::NoRule { value: 3 },
    ];
    let mut seen = std::collections::HashSet::new();
    for refusal in &refusals {
        let said = refusal_words(&voice, refusal);
        assert!(!said.contains('['), "{refusal:?}: {said}");
        assert!(!said.contains("1r5"), "a square is said as a place: {said}");
        assert!(
            seen.insert(said.clone()),
            "{refusal:?} says what another says: {said}"
        );
    }
    let grace = refusal_words(&voice, &refusals[4]);
    assert_eq!(
        grace,
        "a waiting piece comes in only on a grace (6, 10 or 25), which the 2 and the 3 are not"
    );
    let held = refusal_words(&voice, &refusals[11]);
    assert!(held.contains("on Green's arm"), "{held}");
}

#[test]
fn each_action_is_one_line_in_words() {
    let rules = pachisi();
    let voice = Voice::new(english(), &rules, Some(0));
    let line = |before: &Position, action: Action| {
        let mut after = *before;
        match action {
            Action::Throw(name) => after
                .apply_throw(&rules, rules.throw_named(name).expect("a throw"))
                .expect("thrown"),
            Action::Move(mv) => after.play(&rules, mv).expect("legal"),
            Action::Seat(_) => {}
        }
        event_line(&voice, before, action, &after)
    };
    // A throw.
    let start = at(&rules, CASTLE_SAFE);
    assert_eq!(
        line(&start, Action::Throw("10".parse().expect("a name"))).as_deref(),
        Some("You threw 10: 10 squares, a grace (enters a piece), throw again.")
    );
    assert_eq!(line(&start, Action::Seat('Y')), None);
    // Green captures Yellow's piece 1 with a 2.
    let green = thrown(
        &rules,
        "17,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=YG",
        2,
    );
    let capture = green
        .legal_moves(&rules)
        .into_iter()
        .find(|m| matches!(m, Move::Advance { from: 66, .. }))
        .expect("the capture");
    let said = line(&green, Action::Move(capture)).expect("a line");
    assert_eq!(
        said,
        "Green moved piece 1 by 2 squares, now on Green's arm, capturing your piece 1."
    );
    // A throw that brings nothing in passes, and the pass says why.
    let nothing = thrown(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    let said = line(&nothing, Action::Move(Move::Pass)).expect("a line");
    assert!(
        said.starts_with(
            "You could not move with 3. Pieces 1, 2, 3 and 4, waiting in the Charkoni"
        ),
        "{said}"
    );
    // A grace spent: another throw follows.
    let grace = thrown(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 10);
    let enter = grace.legal_moves(&rules)[0];
    assert_eq!(
        line(&grace, Action::Move(enter)).as_deref(),
        Some("You brought piece 1 in. You throw again.")
    );
    // The last piece home ends the game.
    let last = thrown(
        &rules,
        "59,h,h,h/39,0,0,0/h,h,h,h/0,0,0,0 Yt - entered=YGB",
        25,
    );
    let home = last
        .legal_moves(&rules)
        .into_iter()
        .find(|m| matches!(m, Move::Advance { from: 59, .. }))
        .expect("home with the 25");
    let said = line(&last, Action::Move(home)).expect("a line");
    assert!(said.contains("Your piece 1 is home."), "{said}");
    assert!(
        said.ends_with("Game over: you won (Yellow and Black)."),
        "{said}"
    );
    // Said to nobody in particular, every seat by its colour.
    let all = Voice::new(english(), &rules, None);
    let mut after = green;
    after.play(&rules, capture).expect("legal");
    assert_eq!(
        event_line(&all, &green, Action::Move(capture), &after).as_deref(),
        Some("Green moved piece 1 by 2 squares, now on Green's arm, capturing Yellow's piece 1.")
    );
}

#[test]
fn every_command_has_its_phrases_in_english() {
    for (id, _) in commands::PHRASES {
        let phrases = english().msg(id);
        assert!(!phrases.starts_with('['), "{id}");
    }
}

#[test]
fn commands_are_understood_short_and_in_full() {
    let w = english();
    assert_eq!(parse_command(w, ""), Command::Empty);
    assert_eq!(parse_command(w, "3"), Command::Play(3));
    // A Hindi question ends with a danda, as an English one with a question mark.
    let hindi = pachisi_words::words("hi");
    assert_eq!(
        parse_command(hindi, "क्यों ५।"),
        parse_command(hindi, "क्यों ५")
    );
    assert_eq!(parse_command(hindi, "why 5।"), Command::Why(Some(5)));
    assert_eq!(parse_command(w, "t"), Command::Roll);
    assert_eq!(parse_command(w, "where"), Command::Where);
    assert_eq!(parse_command(w, "Where are my pieces?"), Command::Where);
    assert_eq!(parse_command(w, "board"), Command::Board);
    assert_eq!(parse_command(w, "threats 2"), Command::Threats(Some(2)));
    assert_eq!(
        parse_command(w, "What threatens my piece 2?"),
        Command::Threats(Some(2))
    );
    assert_eq!(parse_command(w, "threats"), Command::Threats(None));
    assert_eq!(parse_command(w, "why 3"), Command::Why(Some(3)));
    assert_eq!(
        parse_command(w, "why can’t piece 3 move"),
        Command::Why(Some(3))
    );
    assert_eq!(parse_command(w, "moves"), Command::Moves);
    assert_eq!(parse_command(w, "throw"), Command::LastThrow);
    assert_eq!(parse_command(w, "?"), Command::Help);
    assert_eq!(parse_command(w, "q"), Command::Quit);
    // A number in Devanagari or Tamil digits.
    assert_eq!(parse_command(w, "why ३"), Command::Why(Some(3)));
    assert_eq!(parse_command(w, "௨"), Command::Play(2));
    assert_eq!(
        parse_command(w, "dance"),
        Command::Unknown("dance".to_string())
    );
    assert_eq!(
        parse_command(w, "moves 3"),
        Command::Unknown("moves 3".to_string())
    );
}

/// Every phrase of every shipped catalogue means its own command: no phrase stands in two
/// lists, in its own language or against English's, which is read after it.
#[test]
fn every_shipped_phrase_means_its_own_command() {
    for (lang, _) in pachisi_words::SHIPPED {
        let w = pachisi_words::words(lang);
        for (id, meaning) in commands::PHRASES {
            let command = meaning(None).expect("a command without a number");
            for phrase in w.msg(id).split('|') {
                assert_eq!(
                    parse_command(w, phrase),
                    command,
                    "{lang}: {phrase:?} in {id}"
                );
            }
        }
    }
}

/// In Tamil the Tamil phrases are understood, a number in them anywhere and in either script,
/// and the English words as well.
#[test]
fn tamil_commands_are_understood_and_english_ones_too() {
    let w = pachisi_words::words("ta");
    assert_eq!(w.lang(), "ta");
    assert_eq!(parse_command(w, "where"), Command::Where);
    assert_eq!(parse_command(w, "moves"), Command::Moves);
    assert_eq!(parse_command(w, "threats 2"), Command::Threats(Some(2)));
    assert_eq!(parse_command(w, "th 2"), Command::Threats(Some(2)));
    assert_eq!(parse_command(w, "t"), Command::Roll);
    assert_eq!(parse_command(w, "help"), Command::Help);
    assert_eq!(parse_command(w, "எங்கே"), Command::Where);
    assert_eq!(parse_command(w, "என் காய்கள் எங்கே?"), Command::Where);
    assert_eq!(parse_command(w, "பலகை"), Command::Board);
    assert_eq!(parse_command(w, "ஆபத்து ௨"), Command::Threats(Some(2)));
    assert_eq!(
        parse_command(w, "காய் 2-க்கு என்ன ஆபத்து?"),
        Command::Threats(Some(2))
    );
    assert_eq!(parse_command(w, "ஆபத்து"), Command::Threats(None));
    assert_eq!(parse_command(w, "நகர்வுகள்"), Command::Moves);
    assert_eq!(parse_command(w, "ஏன் 3"), Command::Why(Some(3)));
    assert_eq!(parse_command(w, "காய் 3 ஏன் நகரவில்லை"), Command::Why(Some(3)));
    assert_eq!(parse_command(w, "கடைசி வீச்சு"), Command::LastThrow);
    assert_eq!(parse_command(w, "வீசு"), Command::Roll);
    assert_eq!(parse_command(w, "விடு"), Command::Pass);
    assert_eq!(parse_command(w, "உதவி"), Command::Help);
    assert_eq!(parse_command(w, "சேமி"), Command::Save);
    assert_eq!(parse_command(w, "வெளியேறு"), Command::Quit);
    assert_eq!(parse_command(w, "௩"), Command::Play(3));
    assert_eq!(
        parse_command(w, "நகர்வுகள் 3"),
        Command::Unknown("நகர்வுகள் 3".to_string())
    );
}

#[test]
fn questions_are_answered_and_actions_left_to_the_game() {
    let rules = pachisi();
    let pos = thrown(&rules, CASTLE_SAFE, 2);
    let voice = Voice::new(english(), &rules, Some(0));
    let two = rules.throw_by_value(2).expect("a 2");
    let answer = |c: Command| super::answer(&voice, &pos, Some((0, two)), &c);
    assert_eq!(answer(Command::Play(1)), None);
    assert_eq!(answer(Command::Quit), None);
    assert_eq!(
        answer(Command::LastThrow),
        Some(vec![
            "You threw 2: 2 squares.".to_string(),
            "To spend: 2.".to_string()
        ])
    );
    let moves = answer(Command::Moves).expect("the moves");
    assert!(moves[0].starts_with("1: "), "{moves:?}");
    let help = answer(Command::Help).expect("the help");
    assert!(help.iter().all(|l| !l.starts_with('[')), "{help:?}");
    let unknown = answer(Command::Unknown("dance".into())).expect("an answer");
    assert!(unknown[0].contains("help"), "{unknown:?}");
    assert_eq!(answer(Command::Threats(None)).map(|l| l.len()), Some(4));
    // Moves and reasons are for the player's own move.
    let waiting = at(&rules, CASTLE_SAFE);
    assert_eq!(
        super::answer(&voice, &waiting, None, &Command::Moves),
        Some(vec![english().msg("speak-moves-none")])
    );
    assert_eq!(waiting.phase(), Phase::Throw);
}

#[test]
fn a_chance_is_a_count_of_throws_or_about_so_many_in_a_hundred() {
    let rules = pachisi();
    let voice = Voice::new(english(), &rules, None);
    assert_eq!(voice.chance(15.0 / 64.0), "15 in 64");
    assert_eq!(voice.chance(1.0 / 6.0), "1 in 6");
    assert_eq!(voice.chance(2.0 / 36.0), "1 in 18");
    assert_eq!(voice.chance(0.234_567), "about 23 in 100");
}

#[test]
fn a_throw_reads_as_its_squares_or_dice_and_what_it_earns() {
    let words = |name: &str, text: &str| {
        let rules = builtin_rules(name, &[]).expect("builtin");
        let throw = rules
            .throw_by_name(text.parse().expect("a throw name"))
            .expect("a throw of the rules");
        throw_words(english(), &rules, throw)
    };
    assert_eq!(
        words("pachisi", "25"),
        "25: 25 squares, a grace (enters a piece), throw again"
    );
    assert_eq!(words("pachisi", "2"), "2: 2 squares");
    assert_eq!(
        words("parcheesi-sr", "4-4"),
        "4-4: a 4 and a 4, a doublet, throw again"
    );
    // "Grace" is Pachisi's own word: Ludo's six brings a token in, and is no grace.
    let six = words("ludo", "6");
    assert!(six.contains("it brings a token in"), "{six}");
    assert!(!six.contains("grace"), "{six}");
}

/// Ludo's tokens are tokens in the board in words, the moves, the reasons and the events.
#[test]
fn ludos_pieces_are_tokens_in_every_answer() {
    let rules = builtin_rules("ludo", &[]).expect("builtin");
    let voice = Voice::new(english(), &rules, Some(0));
    let pos = thrown(&rules, "20,0,0,0/10,0,0,0/0,0,0,0/0,0,0,0 Rt -", 3);
    let mut said = board_lines(&voice, &pos);
    said.extend(where_lines(&voice, &pos, 0));
    said.extend(move_lines(&voice, &pos));
    said.extend(why_not_lines(&voice, &pos));
    said.extend(help_lines(voice.words));
    let text = said.join("\n");
    assert!(
        text.contains("Token 1") && text.contains("tokens"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("piece"), "{text}");
    // The terminal's words for a move too.
    let mv = pos.legal_moves(&rules)[0];
    let words = move_words(english(), &rules, &pos, mv);
    assert!(words.short.contains("token"), "{words:?}");
}

/// The position of a seat's last turn that passed because nothing could move, until the seat
/// acts again.
#[test]
fn a_forced_pass_is_found_in_the_record_until_the_seat_acts_again() {
    let rules = builtin_rules("ludo", &[]).expect("builtin");
    let mut record = pachisi_core::GameRecord::new("ludo");
    let mut pos = Position::new(&rules);
    let three = rules.outcome(rules.throw_by_value(3).expect("3")).name;
    // A throw of 3 with every token in the nest, and the pass it forces.
    let pass_a_turn = |record: &mut pachisi_core::GameRecord, pos: &mut Position| {
        let throw = rules.throw_named(three).expect("a throw");
        pos.apply_throw(&rules, throw).expect("thrown");
        let thrown = *pos;
        pos.play(&rules, Move::Pass).expect("passed");
        record.actions.push((Action::Throw(three), 0, 0));
        record.actions.push((Action::Move(Move::Pass), 0, 0));
        thrown
    };
    assert!(
        forced_pass_of(&rules, &record, 0).is_none(),
        "nothing played"
    );
    let red = pos.to_move();
    let thrown = pass_a_turn(&mut record, &mut pos);
    assert_eq!(forced_pass_of(&rules, &record, red), Some(thrown));
    let voice = Voice::new(english(), &rules, Some(red));
    let why = why_not_lines(&voice, &thrown).join(" ");
    assert!(why.contains("comes in only on a 6"), "{why}");
    // The others' turns pass too: Red's is still the one found for Red, until Red throws again.
    while pos.to_move() != red {
        pass_a_turn(&mut record, &mut pos);
    }
    assert_eq!(forced_pass_of(&rules, &record, red), Some(thrown));
    let throw = rules.throw_by_value(6).expect("6");
    record
        .actions
        .push((Action::Throw(rules.outcome(throw).name), 0, 0));
    assert_eq!(forced_pass_of(&rules, &record, red), None);
}
