//! Scenario tests of the older games of the family (docs/rules.md, "The cross-and-circle
//! family"): Chaupar (Abu'l Fazl 1590), Pachih (Snouck Hurgronje 1906), Sokkattan, Tayam Sonalu
//! and Pahada Keliya (Parker 1909), each as Ludii's game of that name records it. Every test
//! quotes the phrase of the record it checks. Progress numbers count along each seat's own route,
//! as tests/scenarios.rs describes (the five games use the Pachisi board).

use crate::common::*;
use pachisi_core::describe::describe_move;
use pachisi_core::{Move, Phase, Position};

/// How many opposing pieces the move `text` sends back, as its description counts them.
fn captures_of(pos: &Position, rules: &pachisi_core::Rules, text: &str) -> u32 {
    let mv: Move = text.parse().unwrap_or_else(|e| panic!("{e}"));
    describe_move(rules, pos, mv).captures
}

// ---------------------------------------------------------------------------------------------
// Chaupar (Abu'l Fazl 1590)
// ---------------------------------------------------------------------------------------------

/// Abu'l Fazl 1590: "Each player has four pieces, which begin on the sixth and seventh space of
/// the central row and the seventh and eight space in the right hand row of the arm of the board
/// belonging to the player."
#[test]
fn chaupar_pieces_begin_on_the_sixth_and_seventh_squares_of_the_lane_and_past_the_corner() {
    let rules = rules_of("chaupar", &[]);
    let pos = Position::new(&rules);
    for seat in 0..4 {
        assert_eq!(pos.pieces_of(seat), [6, 7, 9, 10]);
    }
    let names: Vec<String> = [6, 7, 9, 10]
        .iter()
        .map(|&p| square_name(&rules, 0, p))
        .collect();
    // The right-hand row as the player at the end of the arm sees it is the left column as seen
    // from the Charkoni: its eighth and seventh squares follow the end square.
    assert_eq!(names, ["0m6", "0m7", "0l8", "0l7"]);
    assert!(pos.has_entered(0));
    round_trip(&pos, &rules);
}

/// Abu'l Fazl 1590: "three four-sided dice with values of 1, 2, 5 and 6. The values of each die
/// must be played individually".
#[test]
fn chaupar_three_long_dice_are_each_played_on_their_own() {
    let rules = rules_of("chaupar", &[]);
    assert_eq!(rules.outcomes().len(), 20);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, "6-5-2");
    let pool: Vec<u8> = pos.pool().items().iter().map(|i| i.value).collect();
    assert_eq!(pool, [6, 5, 2]);
    play(&mut pos, &rules, "10+6");
    play(&mut pos, &rules, "16+5");
    play(&mut pos, &rules, "21+2");
    assert_eq!(pos.pieces_of(0), [6, 7, 9, 23]);
}

/// Abu'l Fazl 1590: "If a piece lands on a space occupied by an opponent, the opponent's piece is
/// sent back to the starting position" (where Ludii puts it: the sixth square of the lane).
#[test]
fn chaupar_a_single_piece_hit_goes_back_to_the_sixth_square_of_its_lane() {
    let rules = rules_of("chaupar", &[]);
    // Yellow's progress 30 is Green's 13.
    same_square(&rules, 0, 30, 1, 13);
    let mut pos = at(
        &rules,
        "6,7,9,25/6,7,9,13/6,7,9,10/6,7,9,10 Ym 5,2,1 entered=YGBR",
    );
    // The move says so, though the piece it sends back stays on the board.
    assert_eq!(captures_of(&pos, &rules, "25+5"), 1);
    play(&mut pos, &rules, "25+5");
    let mut green = pos.pieces_of(1).to_vec();
    green.sort();
    assert_eq!(green, [6, 6, 7, 9]);
}

/// Abu'l Fazl 1590: "If two of a player's pieces are on the same space, they cannot be sent to
/// the beginning."
#[test]
fn chaupar_two_pieces_of_one_player_together_cannot_be_hit() {
    let rules = rules_of("chaupar", &[]);
    let mut pos = at(
        &rules,
        "6,7,9,25/6,7,13,13/6,7,9,10/6,7,9,10 Ym 5,2,1 entered=YGBR",
    );
    assert_eq!(captures_of(&pos, &rules, "25+5"), 0);
    play(&mut pos, &rules, "25+5");
    assert_eq!(pos.pieces_of(1), [6, 7, 13, 13]);
    assert_eq!(pos.pieces_of(0), [6, 7, 9, 30]);
}

/// Abu'l Fazl 1590: "The player must then move off all of their pieces by an exact roll."
#[test]
fn chaupar_pieces_reach_the_charkoni_by_an_exact_throw() {
    let rules = rules_of("chaupar", &[]);
    assert_eq!(rules.home(), 84);
    let pos = at(
        &rules,
        "82,6,7,9/6,7,9,10/6,7,9,10/6,7,9,10 Ym 5,2,1 entered=YGBR",
    );
    assert!(!is_legal(&pos, &rules, "82+5"));
    assert!(is_legal(&pos, &rules, "82+2"));
}

/// Abu'l Fazl 1590: "If a player has removed all of their pieces from the board and their
/// partner is still playing, the player rolls on what would be their turn and the partner moves
/// according to these rolls in addition to their own turn."
#[test]
fn chaupar_a_player_who_has_finished_throws_for_the_partner() {
    let rules = rules_of("chaupar", &[]);
    let mut pos = at(
        &rules,
        "h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Rm 1 entered=YGBR",
    );
    play(&mut pos, &rules, "20+1");
    // Yellow's turn at the table, played with Black's pieces.
    assert_eq!(
        (pos.phase(), pos.thrower(), pos.to_move()),
        (Phase::Throw, 0, 2)
    );
    assert!(pos.to_notation(&rules).ends_with("thrower=Y"));
    throw(&mut pos, &rules, "1-1-1");
    spend_all(&mut pos, &rules);
    // The turn passes on from Yellow's place at the table, to Green.
    assert_eq!((pos.thrower(), pos.to_move()), (1, 1));
    // Without the rule a finished seat's turns are skipped.
    let rules = rules_of("chaupar", &["turn.partner_throws=false"]);
    let mut pos = at(
        &rules,
        "h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Rm 1 entered=YGBR",
    );
    play(&mut pos, &rules, "20+1");
    assert_eq!((pos.thrower(), pos.to_move()), (1, 1));
}

/// Abu'l Fazl 1590 (the pieces "begin on the sixth and seventh space"): every seat has a piece
/// on the board from the first throw, so a position saying a seat has not entered is one the
/// rules never reach, and reading it is refused rather than taken and written back otherwise.
#[test]
fn chaupar_every_seat_has_entered_from_the_start_so_a_position_saying_otherwise_is_refused() {
    let rules = rules_of("chaupar", &[]);
    for text in [
        "1,0,0,1/0,0,0,0/0,0,0,0/0,0,0,0 Ym 6 entered=",
        "6,7,9,10/6,7,9,10/6,7,9,10/6,7,9,10 Ym 6 entered=YG",
    ] {
        let e = Position::from_notation(&rules, text).expect_err(text);
        assert!(e.reason.contains("entered=YGBR"), "{text}: {e}");
    }
    let pos = at(&rules, "6,7,9,10/6,7,9,10/6,7,9,10/6,7,9,10 Ym 6");
    assert!((0..4).all(|seat| pos.has_entered(seat)));
    round_trip(&pos, &rules);
}

// ---------------------------------------------------------------------------------------------
// Pachih (Snouck Hurgronje 1906)
// ---------------------------------------------------------------------------------------------

/// Snouck Hurgronje 1906: "Pieces begin the game on the top square of the central row of the
/// player's arm of the board."
#[test]
fn pachih_pieces_begin_on_the_first_square_of_their_lane() {
    let rules = rules_of("pachih", &[]);
    let pos = Position::new(&rules);
    assert_eq!(pos.pieces_of(3), [1, 1, 1, 1]);
    assert_eq!(square_name(&rules, 3, 1), "3m1");
}

/// Snouck Hurgronje 1906: "Seven cowrie shells used as dice, the throws as follows: Zero mouths
/// up = 7; one = 10; two = 2; three = 3; four = 4; five = 25; six =30; seven = 14. Throws of 7,
/// 25, 30, and 14 receive an extra throw."
#[test]
fn pachih_seven_cowries_count_7_10_2_3_4_25_30_14() {
    let rules = rules_of("pachih", &[]);
    let table: Vec<(u8, u8, bool)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.result, o.value, o.extra_throw))
        .collect();
    assert_eq!(
        table,
        [
            (0, 7, true),
            (1, 10, false),
            (2, 2, false),
            (3, 3, false),
            (4, 4, false),
            (5, 25, true),
            (6, 30, true),
            (7, 14, true)
        ]
    );
}

/// Snouck Hurgronje 1906: "Three total throws is the maximum allowed."
#[test]
fn pachih_a_turn_holds_three_throws_at_most() {
    let rules = rules_of("pachih", &[]);
    let mut pos = Position::new(&rules);
    for (name, mv) in [("25", "1+25"), ("30", "1+30")] {
        throw(&mut pos, &rules, name);
        play(&mut pos, &rules, mv);
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    }
    assert_eq!(pos.turn_throws(), 2);
    throw(&mut pos, &rules, "14");
    play(&mut pos, &rules, "1+14");
    // The 14 earns a throw, but the turn has had its three.
    assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throw));
    assert_eq!(pos.turn_throws(), 0);
}

/// Snouck Hurgronje 1906: "When a player's piece lands on a spot occupied by an opponent's
/// piece, the opponent's piece is sent back to the starting space."
#[test]
fn pachih_a_captured_piece_goes_back_to_its_first_square() {
    let rules = rules_of("pachih", &[]);
    same_square(&rules, 0, 30, 1, 13);
    let mut pos = at(
        &rules,
        "27,1,1,1/13,1,1,1/1,1,1,1/1,1,1,1 Ym 3 entered=YGBR",
    );
    assert_eq!(captures_of(&pos, &rules, "27+3"), 1);
    play(&mut pos, &rules, "27+3");
    assert_eq!(pos.pieces_of(1), [1, 1, 1, 1]);
}

/// Snouck Hurgronje 1906: "The third space, counting from the outer corner, in the two outer rows
/// of each arm of the board are marked with an X ... Pieces resting on a marked space cannot be
/// sent back to start; in this case the player's piece as well as the opponent's piece may
/// occupy this space."
#[test]
fn pachih_the_marked_squares_of_the_outer_rows_protect_and_are_shared() {
    let rules = rules_of("pachih", &[]);
    let expected: Vec<String> = (0..4)
        .flat_map(|arm| [format!("{arm}l6"), format!("{arm}r6")])
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(castle_names(&rules), expected);
    // Yellow's progress 11 is the sixth square of the left column of its arm; Red's 28 stands
    // there too.
    assert_eq!(square_name(&rules, 0, 11), "0l6");
    same_square(&rules, 0, 11, 3, 28);
    let mut pos = at(&rules, "8,1,1,1/1,1,1,1/1,1,1,1/28,1,1,1 Ym 3 entered=YGBR");
    play(&mut pos, &rules, "8+3");
    assert_eq!(pos.pieces_of(3)[0], 28);
    assert_eq!(pos.pieces_of(0)[0], 11);
}

// ---------------------------------------------------------------------------------------------
// Sokkattan (Parker 1909)
// ---------------------------------------------------------------------------------------------

/// Parker 1909: "Values of the cowries are: 0=6, 1=10, 2=2, 3=3, 4=4, 5=25, 6=12 ... Players play
/// until they throw a 2, 3, or 4."
#[test]
fn sokkattan_a_player_throws_on_until_a_2_3_or_4() {
    let rules = rules_of("sokkattan", &[]);
    let values: Vec<(u8, bool)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.value, o.extra_throw))
        .collect();
    assert_eq!(
        values,
        [
            (6, true),
            (10, true),
            (2, false),
            (3, false),
            (4, false),
            (25, true),
            (12, true)
        ]
    );
    assert_eq!(rules.pieces(), 3);
}

/// Parker 1909: "Pieces enter the board with a throw of 10 or 25 ... A roll of 10 or 25 adds an
/// extra move of 1. This extra move must be used to enter a new piece on the board if possible".
#[test]
fn sokkattan_a_10_or_25_brings_a_piece_in_and_its_step_must_bring_in_another() {
    let rules = rules_of("sokkattan", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, "25");
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0/0,0,0/0,0,0/0,0,0 Ym 25,1s again"
    );
    assert_legal(&pos, &rules, &["E25", "0+1"]);
    play(&mut pos, &rules, "E25");
    // A piece stands on the first square now, but the step must bring another in.
    assert_legal(&pos, &rules, &["0+1"]);
    play(&mut pos, &rules, "0+1");
    assert_eq!(pos.pieces_of(0), [1, 1, 0]);
    assert_eq!(pos.phase(), Phase::Throw);
}

/// Parker 1909: "... if not possible then it can be assigned to any piece."
#[test]
fn sokkattan_the_step_moves_any_piece_where_none_can_come_in() {
    let rules = rules_of("sokkattan", &[]);
    let pos = at(&rules, "5,9,20/0,0,0/0,0,0/0,0,0 Ym 1s again entered=Y");
    assert_legal(&pos, &rules, &["5+1", "9+1", "20+1"]);
    // A 4 is no grace: nothing enters with it, and no step comes with it.
    let pos = after_throw(&rules, "5,9,0/0,0,0/0,0,0/0,0,0 Yt - entered=Y", "4");
    assert_legal(&pos, &rules, &["5+4", "9+4"]);
}

/// Parker 1909: "Squares marked with "X" (counting from top of each row): fifth in each outer
/// row ... Pieces on a space marked "x" are safe from being captured."
#[test]
fn sokkattan_the_fifth_squares_from_the_outer_end_of_the_outer_rows_are_safe() {
    let rules = rules_of("sokkattan", &[]);
    let mut expected: Vec<String> = (0..4)
        .flat_map(|arm| [format!("{arm}l4"), format!("{arm}r4")])
        .collect();
    expected.sort();
    assert_eq!(castle_names(&rules), expected);
    // Ludii's code marks the square one nearer the outer end: a reading.
    let code = rules_of("sokkattan", &["board.outer_castle_row=5"]);
    assert!(castle_names(&code).contains(&"2r5".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Tayam Sonalu (Parker 1909)
// ---------------------------------------------------------------------------------------------

/// Parker 1909: "Two rectangular four-sided die, each marked as follows: 0, 1, 2, 4. When the
/// throw is 0 and 1, the throw is called Tayam, when it is 0 and 4 it is called Sonal."
#[test]
fn tayam_sonalu_two_long_dice_make_ten_throws_known_by_their_pair() {
    let rules = rules_of("tayam-sonalu", &[]);
    let named: Vec<(String, u8, f64)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.name.to_string(), o.value, o.probability))
        .collect();
    let names: Vec<&str> = named.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["0-0", "1-0", "1-1", "2-0", "2-1", "2-2", "4-0", "4-1", "4-2", "4-4"]
    );
    let p = |name: &str| named.iter().find(|(n, _, _)| n == name).map(|x| (x.1, x.2));
    assert_eq!(p("4-0"), Some((4, 2.0 / 16.0)));
    assert_eq!(p("2-2"), Some((4, 1.0 / 16.0)));
    assert_eq!(p("0-0"), Some((0, 1.0 / 16.0)));
}

/// Parker 1909: "The first counter of each player must be entered with a throw of Tayam."
#[test]
fn tayam_sonalu_the_first_piece_comes_in_only_with_tayam() {
    let rules = rules_of("tayam-sonalu", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, "4-0");
    // Sonal throws again, but cannot bring the first piece in.
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, "2-1");
    assert_legal(&pos, &rules, &["-"]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, "1-0");
    throw(&mut pos, &rules, "2-1");
    assert_legal(&pos, &rules, &["E1"]);
}

/// Parker 1909: "After this, pieces may be entered with a throw of 1, 5, or Sonal ... These three
/// throws also grant the player another throw. The throws made after entering a piece are made at
/// once, and then the pieces moved afterward, the undivided value of each throw being used to
/// move a piece."
#[test]
fn tayam_sonalu_later_pieces_come_in_with_1_5_or_sonal_and_2_and_2_is_no_sonal() {
    let rules = rules_of("tayam-sonalu", &[]);
    let entered = "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y";
    let pos = after_throw(&rules, entered, "2-2");
    assert_eq!(
        pos.to_notation(&rules),
        "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 4s entered=Y"
    );
    assert_legal(&pos, &rules, &["20+4"]);
    let mut pos = after_throw(&rules, entered, "4-0");
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, "2-1");
    assert_legal(&pos, &rules, &["E4", "20+3", "20+4"]);
    let pos = after_throw(&rules, entered, "4-1");
    assert_eq!(pos.phase(), Phase::Throw);
}

/// Parker 1909, as Ludii's code reads it: a throw of 0 and 0 "(!= 0 ThrowValue)" moves nothing.
#[test]
fn tayam_sonalu_a_throw_of_0_and_0_moves_nothing() {
    let rules = rules_of("tayam-sonalu", &[]);
    let pos = after_throw(
        &rules,
        "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y",
        "0-0",
    );
    assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throw));
}

// ---------------------------------------------------------------------------------------------
// Pahada Keliya (Parker 1909)
// ---------------------------------------------------------------------------------------------

/// Parker 1909: "Players start with one piece on the sixth and seventh space of the central row
/// in their arm, and two pieces on the third space in the outer row of their arm, to the right.
/// Two rectangular four-sided dice, with the following throws: 1, 3, 4, 6."
#[test]
fn pahada_keliya_pieces_begin_on_the_board_and_two_long_dice_are_played_each_on_its_own() {
    let rules = rules_of("pahada-keliya", &[]);
    let pos = Position::new(&rules);
    assert_eq!(pos.pieces_of(2), [6, 7, 11, 11]);
    assert_eq!(square_name(&rules, 0, 11), "0l6");
    assert_eq!(rules.outcomes().len(), 10);
    let pos = after_throw(&rules, "start", "6-1");
    let pool: Vec<u8> = pos.pool().items().iter().map(|i| i.value).collect();
    assert_eq!(pool, [6, 1]);
}

/// Parker 1909: "When a player's piece moves into a space occupied by an opponent's piece, the
/// opponent's piece is sent to the central square, from which it must begin again."
#[test]
fn pahada_keliya_a_captured_piece_begins_again_from_the_charkoni_with_any_die() {
    let rules = rules_of("pahada-keliya", &[]);
    same_square(&rules, 0, 30, 1, 13);
    let mut pos = at(
        &rules,
        "6,7,11,27/6,7,11,13/6,7,11,11/6,7,11,11 Ym 3,1 entered=YGBR",
    );
    play(&mut pos, &rules, "27+3");
    assert_eq!(pos.pieces_of(1), [6, 7, 11, 0]);
    // Any die brings it out along its lane.
    let pos = at(
        &rules,
        "6,7,11,30/6,7,11,0/6,7,11,11/6,7,11,11 Gm 3 entered=YGBR",
    );
    assert!(is_legal(&pos, &rules, "0+3"));
}

/// Parker 1909: "A player cannot move into their central row, approaching the end of the track,
/// unless two of their team member's pieces have moved past the player's own pieces."
#[test]
fn pahada_keliya_a_player_turns_for_home_only_once_two_of_the_partners_pieces_are_past() {
    let rules = rules_of("pahada-keliya", &[]);
    // Black's arm end square is Yellow's progress 42: a Yellow piece beyond it has gone past.
    same_square(&rules, 2, 8, 0, 42);
    assert_eq!(rules.past_arm(0, 2), 42);
    // Black at 73 with a 3 to come round to its end square; one Yellow piece past: shut.
    let text = |yellow: &str| format!("{yellow}/6,7,11,11/73,7,11,11/6,7,11,11 Bm 3 entered=YGBR");
    let shut = at(&rules, &text("43,7,11,11"));
    assert!(!is_legal(&shut, &rules, "73+3"));
    assert!(is_legal(&shut, &rules, "7+3"));
    let two = at(&rules, &text("43,60,11,11"));
    assert!(is_legal(&two, &rules, "73+3"));
    // A piece home counts as past.
    let home = at(&rules, &text("43,h,11,11"));
    assert!(is_legal(&home, &rules, "73+3"));
    // Ludii's code opens the gate with one piece: a reading.
    let one = rules_of("pahada-keliya", &["moves.home_gate=1"]);
    assert!(is_legal(&at(&one, &text("43,7,11,11")), &one, "73+3"));
}

// ---------------------------------------------------------------------------------------------
// What the new fields refuse
// ---------------------------------------------------------------------------------------------

/// The fields of the older games must fit the rest of the ruleset: each misfit is refused,
/// naming the field.
#[test]
fn the_older_games_fields_refuse_what_makes_no_sense_naming_the_field() {
    for (name, set, field) in [
        ("chaupar", "players.start=[6,7,9]", "players.start"),
        ("chaupar", "players.start=[6,7,9,90]", "players.start"),
        (
            "pachisi",
            "capture.back_to=\"start-square\"",
            "capture.back_to",
        ),
        ("ludo", "turn.partner_throws=true", "turn.partner_throws"),
        (
            "pachisi",
            "throw.bonus_step_enters=true",
            "throw.bonus_step_enters",
        ),
        ("chaupar", "throw.dice=4", "throw.separate_dice"),
        (
            "tayam-sonalu",
            "throw.grace_pairs=[\"3-0\"]",
            "throw.grace_pairs",
        ),
        ("tayam-sonalu", "throw.dice=3", "throw.named_pairs"),
        ("tayam-sonalu", "moves.home_gate=1", "moves.home_gate"),
        ("tayam-sonalu", "throw.bonus_step=[4]", "throw.bonus_step"),
        ("chaupar", "throw.first_entry=[6]", "throw.first_entry"),
        ("pahada-keliya", "moves.home_gate=5", "moves.home_gate"),
    ] {
        let e = refused(name, &[set]);
        assert_eq!(field_of(&e), field, "{name} {set}: {e}");
    }
    assert!(refused("ludo", &["turn.partner_throws=true"])
        .to_string()
        .contains("partners"));
    // A piece may begin beyond the lane where captured pieces go elsewhere.
    rules_of("chaupar", &["players.start=[6,7,9,20]"]);
    let e = refused(
        "chaupar",
        &["players.start=[9,10,11,12]", "board.start=\"nest\""],
    );
    assert_eq!(field_of(&e), "capture.back_to", "{e}");
    let e = refused("chaupar", &["players.start=[8,9,10,11]"]);
    assert_eq!(field_of(&e), "capture.back_to", "{e}");
}
