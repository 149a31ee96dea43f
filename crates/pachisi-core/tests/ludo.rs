//! Scenario tests for the `ludo` ruleset: one test per rule of Ludo and per house option, each
//! built from a position in notation and played through the public API. Every test cites the
//! Ludo rule book (Wikipedia, "Ludo", Rules section) and paraphrases the rule it checks.
//!
//! The Ludo board: four arms six squares long, a 52-square track and a 5-square home column per
//! seat. Seats are Red, Green, Yellow and Blue (`R G Y B`), on arms 0, 3, 2 and 1. A token's
//! progress counts along its seat's own route: 0 in the yard, 1 its start square (`<arm>r5`), 51
//! its arm's end square (`<arm>m6`, the last track square before the home column), 52 to 56 the
//! home column (`<arm>m5` to `<arm>m1`), 57 (`h`) home. Travel is clockwise, and so are turns:
//! from Red's start square the track runs past Green's start square (Red's progress 14),
//! Yellow's (27) and Blue's (40). A square at Red's progress `p` (1 to 51) is at `p + 39`,
//! `p + 26` and `p + 13` for Green, Yellow and Blue (less 52 when above 51). The start squares
//! are castles (Red's progress
//! 1, 14, 27, 40); with the star squares too, 9, 22, 35 and 48 as well.

use pachisi_core::ruleset::{CastleLayout, Placings};
use pachisi_core::{Move, Phase, Position, Rules};

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The `ludo` ruleset with `field=value` overrides (the house options).
fn ludo(overrides: &[&str]) -> Rules {
    rules_of("ludo", overrides)
}

/// The house option of two-token blocks.
const BLOCKS: [&str; 2] = ["moves.stack_limit=2", "moves.blockades=true"];

/// Throws `value` in the position `text` and checks the legal moves.
fn assert_legal_after(rules: &Rules, text: &str, value: u8, expected: &[&str]) {
    let pos = after_throw(rules, text, value);
    assert_eq!(pos.phase(), Phase::Move, "after {value} at `{text}`");
    assert_legal(&pos, rules, expected);
}

/// Throws `value` in the position `text`, plays `mv` and returns the position's notation.
fn outcome_of(rules: &Rules, text: &str, value: u8, mv: &str) -> String {
    let mut pos = after_throw(rules, text, value);
    play(&mut pos, rules, mv);
    pos.to_notation(rules)
}

/// Red's progresses (1 to the end of the route) that stand on castles.
fn castles_on_reds_route(rules: &Rules) -> Vec<u8> {
    (1..rules.home())
        .filter(|&p| {
            rules
                .square_at(0, p)
                .is_some_and(|sq| rules.topology().is_castle(sq))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the board is a cross whose arms are
/// three columns of six squares; the middle column's five coloured squares are a player's home
/// column, and a token runs from its start square once round the track to the square below its
/// home column, then up the column to the finishing square.
#[test]
fn the_track_has_52_squares_and_each_home_column_5() {
    let rules = ludo(&[]);
    let t = rules.topology();
    assert_eq!((t.arms(), t.arm_length()), (4, 6));
    assert_eq!(t.track_len(), 52);
    // Start = progress 1, the end square below the home column = 51, home = 57.
    assert_eq!(rules.route_len(), 56);
    assert_eq!(rules.home(), 57);
    assert_eq!(rules.turn_home(), 51);
    assert_eq!(square_name(&rules, 0, 1), "0r5");
    assert_eq!(square_name(&rules, 0, 51), "0m6");
    let column: Vec<String> = (52..=56).map(|p| square_name(&rules, 0, p)).collect();
    assert_eq!(column, ["0m5", "0m4", "0m3", "0m2", "0m1"]);
    assert_eq!(rules.square_at(0, 57), None);
    // Progress 1 to 51 is on the track, 51 distinct squares of the 52: every track square but
    // the one between the end square and the start square.
    let route = rules.route(0);
    assert!(route[..51].iter().all(|&sq| t.on_track(sq)));
    assert!(route[51..].iter().all(|&sq| !t.on_track(sq)));
    let mut track: Vec<u8> = route[..51].iter().map(|sq| sq.0).collect();
    track.sort_unstable();
    track.dedup();
    assert_eq!(track.len(), 51);
    assert!(!route.iter().any(|&sq| t.name(sq).to_string() == "0r6"));
    // The home column is the owner's alone: no other seat's route enters it.
    for seat in 1..4 {
        assert!(
            !rules.route(seat).iter().any(|sq| route[51..].contains(sq)),
            "seat {seat} enters Red's home column"
        );
    }
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the players race their tokens
/// clockwise round the board along the track.
#[test]
fn tokens_travel_clockwise_from_the_start_square_round_to_the_home_column() {
    let rules = ludo(&[]);
    let first: Vec<String> = (1..=8).map(|p| square_name(&rules, 0, p)).collect();
    // Down Red's own arm's right column, then onto the left column of the arm numbered one lower.
    assert_eq!(
        first,
        ["0r5", "0r4", "0r3", "0r2", "0r1", "3l1", "3l2", "3l3"]
    );
    // The start squares come every 13 squares: Green's, Yellow's, Blue's.
    assert_eq!(square_name(&rules, 0, 14), square_name(&rules, 1, 1));
    assert_eq!(square_name(&rules, 0, 27), square_name(&rules, 2, 1));
    assert_eq!(square_name(&rules, 0, 40), square_name(&rules, 3, 1));
    // Counter-clockwise the same start square would lead elsewhere.
    let ccw = ludo(&["board.direction=counterclockwise"]);
    assert_ne!(square_name(&ccw, 0, 6), "3l1");
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the players alternate turns in a
/// clockwise direction, the way the tokens travel; so the next to play after Red is the player
/// whose start square Red's tokens reach first.
#[test]
fn turns_pass_clockwise_the_way_the_tokens_travel() {
    let rules = ludo(&[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "-");
    let next = pos.to_move();
    assert_eq!(
        square_name(&rules, next, 1),
        square_name(&rules, 0, 14),
        "after Red, {} plays, whose start square Red's tokens reach after {} squares",
        rules.seat_colour(next),
        (1..=3)
            .find(|k| square_name(&rules, 0, 1 + 13 * k) == square_name(&rules, next, 1))
            .map_or(0, |k| 13 * k)
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): each player's start square is a safe
/// square; there are four of them, one on each arm.
#[test]
fn the_four_start_squares_are_the_castles() {
    let rules = ludo(&[]);
    assert_eq!(castle_names(&rules), ["0r5", "1r5", "2r5", "3r5"]);
    assert_eq!(castles_on_reds_route(&rules), [1, 14, 27, 40]);
    for seat in 0..4 {
        let sq = rules.square_at(seat, 1).expect("a start square");
        assert!(rules.topology().is_castle(sq), "seat {seat}'s start square");
    }
}

// ---------------------------------------------------------------------------------------------
// The die
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the tokens move by the throws of a
/// single die; a 6 is needed to enter a token, and a 6 earns another throw.
#[test]
fn one_die_shows_each_face_one_time_in_six_and_only_a_6_enters_and_throws_again() {
    let rules = ludo(&[]);
    let table: Vec<(u8, u8, bool, bool)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.result, o.value, o.grace, o.extra_throw))
        .collect();
    assert_eq!(
        table,
        [
            (1, 1, false, false),
            (2, 2, false, false),
            (3, 3, false, false),
            (4, 4, false, false),
            (5, 5, false, false),
            (6, 6, true, true),
        ]
    );
    assert!(rules.outcomes().iter().all(|o| o.probability == 1.0 / 6.0));
    assert!(rules.throw_by_value(7).is_none());
    assert!(rules.throw_by_value(0).is_none());
}

// ---------------------------------------------------------------------------------------------
// Entering
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): a token enters play from its yard onto
/// its start square only when the player throws a 6; a player with no token in play who throws
/// anything else passes the turn to the next player.
#[test]
fn a_token_enters_from_the_yard_onto_its_start_square_only_on_a_6() {
    let rules = ludo(&[]);
    for value in 1..=5 {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, value);
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_eq!(
            pos.to_notation(&rules),
            "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -",
            "after a {value}"
        );
    }
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 6);
    assert_legal(&pos, &rules, &["E6"]);
    play(&mut pos, &rules, "E6");
    assert_eq!(
        pos.to_notation(&rules),
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x1 entered=R"
    );
    assert_eq!(square_name(&rules, 0, 1), "0r5");
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): on a 6 the player may either move a
/// token already in play or enter another from the yard; a token sent back to the yard comes in
/// again only on a 6.
#[test]
fn a_6_enters_another_token_or_moves_one_in_play() {
    let rules = ludo(&[]);
    let start = "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, start, 6, &["10+6", "E6"]);
    for value in 1..=5 {
        let mv = format!("10+{value}");
        assert_legal_after(&rules, start, value, &[mv.as_str()]);
    }
    assert_eq!(
        outcome_of(&rules, start, 6, "E6"),
        "10,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x1 entered=R"
    );
    assert_eq!(
        outcome_of(&rules, start, 6, "10+6"),
        "16,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x1"
    );
}

// ---------------------------------------------------------------------------------------------
// Throwing again, and the third six
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): a 6 earns the player a bonus throw in
/// that turn; any other throw ends the turn once it is moved.
#[test]
fn a_6_earns_another_throw_and_any_other_throw_ends_the_turn() {
    let rules = ludo(&[]);
    let mut pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6);
    assert_eq!(
        pos.to_notation(&rules),
        "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 6 again streak=6x1"
    );
    play(&mut pos, &rules, "10+6");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "16+4");
    assert_notation(&pos, &rules, "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): rolling a 6 earns a bonus throw, even
/// when the 6 itself cannot be moved.
#[test]
fn a_6_that_cannot_be_moved_still_earns_another_throw() {
    let rules = ludo(&[]);
    // Red's last token is 2 from home and the other three are home: the 6 is lost.
    let mut pos = after_throw(&rules, "55,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_eq!(
        pos.to_notation(&rules),
        "55,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x1"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): if the second bonus throw is a 6 too,
/// the third 6 in a row may not be moved and the turn passes at once to the next player.
#[test]
fn a_third_6_in_a_row_is_void_and_ends_the_turn() {
    let rules = ludo(&[]);
    let mut pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6);
    play(&mut pos, &rules, "10+6");
    throw(&mut pos, &rules, 6);
    assert_legal(&pos, &rules, &["16+6", "E6"]);
    play(&mut pos, &rules, "16+6");
    assert_eq!(
        pos.to_notation(&rules),
        "22,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x2"
    );
    throw(&mut pos, &rules, 6);
    // No move and no further throw: Green plays next.
    assert_notation(&pos, &rules, "22,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): only the third 6 *in a row* is void: a
/// different throw after two sixes is moved as usual, and the next player's sixes count afresh.
#[test]
fn two_sixes_then_another_number_count_and_the_next_player_starts_a_new_run() {
    let rules = ludo(&[]);
    let text = "22,0,0,0/10,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x2";
    assert_legal_after(&rules, text, 5, &["22+5"]);
    let mut pos = at(&rules, &outcome_of(&rules, text, 5, "22+5"));
    assert_notation(&pos, &rules, "27,0,0,0/10,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    throw(&mut pos, &rules, 6);
    assert_eq!(
        pos.to_notation(&rules),
        "27,0,0,0/10,0,0,0/0,0,0,0/0,0,0,0 Gm 6 again streak=6x1"
    );
    assert_legal(&pos, &rules, &["10+6", "E6"]);
}

// ---------------------------------------------------------------------------------------------
// Moving, home, passing
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): a token reaches the finishing square
/// only by an exact throw; a token 2 squares from home cannot use a 3 or more.
#[test]
fn a_token_reaches_home_only_by_an_exact_throw() {
    let rules = ludo(&[]);
    let text = "55,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, text, 1, &["20+1", "55+1"]);
    assert_legal_after(&rules, text, 2, &["20+2", "55+2"]);
    assert_legal_after(&rules, text, 3, &["20+3"]);
    assert_legal_after(&rules, text, 4, &["20+4"]);
    assert_legal_after(&rules, text, 5, &["20+5"]);
    assert_legal_after(&rules, text, 6, &["20+6", "E6"]);
    assert_eq!(
        outcome_of(&rules, text, 2, "55+2"),
        "h,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
    // From the end square below the home column a 6 is exactly home.
    assert_legal_after(
        &rules,
        "51,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        6,
        &["51+6"],
    );
    // Alone, a token 2 from home moves only on a 1 or a 2.
    let alone = "55,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, alone, 2, &["55+2"]);
    for value in 3..=5 {
        assert_legal_after(&rules, alone, value, &["-"]);
    }
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): when a token ends its move on a square
/// held by an opponent's token, the opponent's token goes back to its owner's yard (and needs a 6
/// to come in again); passing over it does nothing.
#[test]
fn landing_on_an_opponents_token_sends_it_back_to_its_yard() {
    let rules = ludo(&[]);
    // Green's token at 7 stands on Red's progress 20 (`2l2`), no castle.
    assert_eq!(square_name(&rules, 1, 7), square_name(&rules, 0, 20));
    assert_eq!(square_name(&rules, 0, 20), "2l2");
    let text = "17,0,0,0/7,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, text, 3, &["17+3"]);
    let captured = outcome_of(&rules, text, 3, "17+3");
    assert_eq!(captured, "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    // Back in the yard, Green's token needs a 6.
    assert_legal_after(&rules, &captured, 5, &["-"]);
    assert_legal_after(&rules, &captured, 6, &["E6"]);
    // Passing over the token leaves it be.
    assert_eq!(
        outcome_of(&rules, text, 5, "17+5"),
        "22,0,0,0/7,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the start squares are safe squares:
/// tokens of any colours may share them and nobody is captured there, whether arriving round the
/// track or entering from the yard.
#[test]
fn start_squares_are_safe_and_shared_by_any_colours() {
    let rules = ludo(&[]);
    // Red's progress 40 is Blue's start square, where a Blue token stands.
    assert_eq!(square_name(&rules, 3, 1), square_name(&rules, 0, 40));
    let text = "37,0,0,0/0,0,0,0/0,0,0,0/1,0,0,0 Rt -";
    assert_legal_after(&rules, text, 3, &["37+3"]);
    assert_eq!(
        outcome_of(&rules, text, 3, "37+3"),
        "40,0,0,0/0,0,0,0/0,0,0,0/1,0,0,0 Gt -"
    );
    // A Green token on Red's start square (Green's progress 40) is not captured by Red entering.
    assert_eq!(square_name(&rules, 1, 40), square_name(&rules, 0, 1));
    let text = "0,0,0,0/40,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, text, 6, &["E6"]);
    assert_eq!(
        outcome_of(&rules, text, 6, "E6"),
        "1,0,0,0/40,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=6x1 entered=R"
    );
    // Without the star squares, the square 8 past Red's start is no castle: a token there is
    // captured.
    let text = "6,0,0,0/0,0,0,0/0,0,0,0/22,0,0,0 Rt -";
    assert_eq!(square_name(&rules, 3, 22), square_name(&rules, 0, 9));
    assert_eq!(
        outcome_of(&rules, text, 3, "6+3"),
        "9,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): a player may not end a move on a square
/// it already occupies (entering included), though a token may pass over its own.
#[test]
fn a_token_may_not_stop_on_a_square_its_player_already_occupies() {
    let rules = ludo(&[]);
    let text = "10,13,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&rules, text, 3, &["13+3"]);
    assert_legal_after(&rules, text, 4, &["10+4", "13+4"]);
    // A token on the start square keeps the next one in the yard.
    assert_legal_after(
        &rules,
        "1,10,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        6,
        &["1+6", "10+6"],
    );
    // Nothing else to move: the throw is lost.
    assert_legal_after(&rules, "52,55,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 3, &["-"]);
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): a player must always move a token by
/// the number thrown, and passes only when no move is possible.
#[test]
fn a_player_passes_only_when_no_move_is_legal() {
    let rules = ludo(&[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 4);
    assert_legal(&pos, &rules, &["10+4"]);
    let mut refused = pos;
    assert!(refused.play(&rules, Move::Pass).is_err());
    assert_eq!(refused, pos);
    // Home column too short for the throw and the rest in the yard: pass, and Green plays.
    let mut pos = after_throw(&rules, "56,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 3);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_notation(&pos, &rules, "56,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}

// ---------------------------------------------------------------------------------------------
// House options
// ---------------------------------------------------------------------------------------------

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the house rules are variations the
/// players may agree on; the plain ruleset leaves every one off.
#[test]
fn the_house_options_are_off_in_the_plain_ruleset() {
    let rules = ludo(&[]);
    let r = rules.ruleset();
    assert_eq!(r.board.castles, CastleLayout::EntrySquares);
    assert!(!r.turn.extra_throw_on_capture);
    assert!(!r.turn.extra_throw_on_home);
    assert_eq!((r.moves.stack_limit, r.moves.blockades), (1, false));
    assert_eq!(r.throw.grace, [6]);
    assert_eq!(r.finish.placings, Placings::Winner);
    assert!(!r.moves.pass);
    assert!(r.moves.exact_home);
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option
/// `board.castles=entry-and-star-squares`: the star squares, 8 past each start square, are safe
/// as well, making eight castles.
#[test]
fn with_star_squares_eight_squares_are_safe() {
    let on = ludo(&["board.castles=entry-and-star-squares"]);
    assert_eq!(
        castle_names(&on),
        ["0l4", "0r5", "1l4", "1r5", "2l4", "2r5", "3l4", "3r5"]
    );
    assert_eq!(castles_on_reds_route(&on), [1, 9, 14, 22, 27, 35, 40, 48]);
    // A Blue token on Red's star square (Red's progress 9, Blue's 22) shares it with Red's.
    assert_eq!(square_name(&on, 3, 22), square_name(&on, 0, 9));
    let text = "6,0,0,0/0,0,0,0/0,0,0,0/22,0,0,0 Rt -";
    assert_legal_after(&on, text, 3, &["6+3"]);
    assert_eq!(
        outcome_of(&on, text, 3, "6+3"),
        "9,0,0,0/0,0,0,0/0,0,0,0/22,0,0,0 Gt -"
    );
    // Off: four castles, and the token is captured.
    let off = ludo(&[]);
    assert_eq!(castle_names(&off).len(), 4);
    assert_eq!(
        outcome_of(&off, text, 3, "6+3"),
        "9,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option
/// `turn.extra_throw_on_capture=true`: capturing an opponent's token earns another throw.
#[test]
fn with_the_option_a_capture_earns_another_throw() {
    // Green's token at 7 stands on Red's progress 20.
    let text = "17,0,0,0/7,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    let on = ludo(&["turn.extra_throw_on_capture=true"]);
    assert_eq!(
        outcome_of(&on, text, 3, "17+3"),
        "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=3x1"
    );
    // A move that captures nothing earns nothing.
    assert_eq!(
        outcome_of(&on, text, 2, "17+2"),
        "19,0,0,0/7,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
    let off = ludo(&[]);
    assert_eq!(
        outcome_of(&off, text, 3, "17+3"),
        "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option
/// `turn.extra_throw_on_home=true`: bringing a token home earns another throw.
#[test]
fn with_the_option_bringing_a_token_home_earns_another_throw() {
    let text = "55,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    let on = ludo(&["turn.extra_throw_on_home=true"]);
    assert_eq!(
        outcome_of(&on, text, 2, "55+2"),
        "h,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=2x1"
    );
    assert_eq!(
        outcome_of(&on, text, 2, "20+2"),
        "55,22,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
    let off = ludo(&[]);
    assert_eq!(
        outcome_of(&off, text, 2, "55+2"),
        "h,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option of blocks
/// (`moves.stack_limit=2` with `moves.blockades=true`): two tokens of one colour on a square
/// form a block, which no token may pass or land on.
#[test]
fn with_blocks_two_tokens_on_a_square_may_be_neither_passed_nor_landed_on() {
    let on = ludo(&BLOCKS);
    // A token may join its own to form a block.
    let text = "17,20,0,0/5,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&on, text, 3, &["17+3", "20+3"]);
    let blocked = outcome_of(&on, text, 3, "17+3");
    assert_eq!(blocked, "20,20,0,0/5,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    // Green's token at 5 (Red's 18) may not land on the block at Red's 20 (Green's 7) or pass
    // it; a 1 stops short of it, and a 6 may enter a token instead.
    assert_eq!(square_name(&on, 1, 5), square_name(&on, 0, 18));
    assert_eq!(square_name(&on, 1, 7), square_name(&on, 0, 20));
    assert_legal_after(&on, &blocked, 1, &["5+1"]);
    for value in [2, 3, 4, 5] {
        assert_legal_after(&on, &blocked, value, &["-"]);
    }
    assert_legal_after(&on, &blocked, 6, &["E6"]);
    // The block stops its own side's tokens too.
    let own = "10,13,13,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&on, own, 2, &["10+2", "13+2"]);
    assert_legal_after(&on, own, 3, &["13+3"]);
    assert_legal_after(&on, own, 4, &["13+4"]);
    // A token may enter onto its own token on the start square, making a block there.
    assert_legal_after(
        &on,
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        6,
        &["1+6", "E6"],
    );
    // No third token joins a block, not even by entering.
    assert_legal_after(&on, "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6, &["1+6"]);
    // A single opposing token is still captured.
    assert_eq!(
        outcome_of(&on, "17,0,0,0/7,0,0,0/0,0,0,0/0,0,0,0 Rt -", 3, "17+3"),
        "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -"
    );
    // Off: one token per square, and a single token blocks nobody.
    let off = ludo(&[]);
    assert_legal_after(&off, text, 3, &["20+3"]);
    let lone = "17,20,0,0/5,0,0,0/0,0,0,0/0,0,0,0 Gt -";
    assert_legal_after(&off, lone, 4, &["5+4"]);
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option of blocks: nobody lands on
/// a block, not even a token entering onto its own start square.
#[test]
fn with_blocks_a_block_on_a_start_square_keeps_its_owner_from_entering() {
    let on = ludo(&BLOCKS);
    // Green's pair at its progress 40 stands on Red's start square.
    assert_eq!(square_name(&on, 1, 40), square_name(&on, 0, 1));
    let text = "0,0,0,0/40,40,0,0/0,0,0,0/0,0,0,0 Rt -";
    // Blue's token at 12, two short of the square (Blue's 14), may not pass the block.
    assert_eq!(square_name(&on, 3, 14), square_name(&on, 0, 1));
    let blue = "0,0,0,0/40,40,0,0/0,0,0,0/12,0,0,0 Bt -";
    assert_legal_after(&on, blue, 1, &["12+1"]);
    assert_legal_after(&on, blue, 2, &["-"]);
    assert_legal_after(&on, blue, 4, &["-"]);
    // Nor may Red enter onto it.
    assert_legal_after(&on, text, 6, &["-"]);
    // Off: a single Green token there is shared (the start square is safe).
    let off = ludo(&[]);
    assert_legal_after(&off, "0,0,0,0/40,0,0,0/0,0,0,0/0,0,0,0 Rt -", 6, &["E6"]);
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section), house option `throw.grace=[1,6]`: a
/// token may enter on a 1 as well as on a 6; only the 6 earns another throw.
#[test]
fn with_the_option_a_1_enters_a_token_too() {
    let on = ludo(&["throw.grace=[1,6]"]);
    let start = "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    assert_legal_after(&on, start, 1, &["E1"]);
    assert_eq!(
        outcome_of(&on, start, 1, "E1"),
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=R"
    );
    assert_legal_after(&on, start, 6, &["E6"]);
    for value in 2..=5 {
        assert_legal_after(&on, start, value, &["-"]);
    }
    assert_legal_after(
        &on,
        "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -",
        1,
        &["10+1", "E1"],
    );
    let off = ludo(&[]);
    assert_legal_after(&off, start, 1, &["-"]);
}

/// The Ludo rule book (Wikipedia, "Ludo", Rules section): the first player to bring all four
/// tokens home wins; house option `finish.placings=all`: play goes on for the other places.
#[test]
fn with_the_option_play_goes_on_for_the_places() {
    let text = "h,h,h,55/10,0,0,0/0,0,0,0/0,0,0,0 Rt -";
    let off = ludo(&[]);
    let mut pos = after_throw(&off, text, 2);
    play(&mut pos, &off, "55+2");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.winner(), Some(0));
    assert_notation(&pos, &off, "h,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Rx - placed=0");
    let on = ludo(&["finish.placings=all"]);
    let mut pos = after_throw(&on, text, 2);
    play(&mut pos, &on, "55+2");
    assert_notation(&pos, &on, "h,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Gt - placed=0");
    // A finished seat is skipped; the game ends when three are home, the fourth placed last.
    let mut pos = after_throw(&on, "h,h,h,h/h,h,h,55/h,h,h,h/10,0,0,0 Gt - placed=0,2", 2);
    play(&mut pos, &on, "55+2");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.placings(), [0, 2, 1, 3]);
    // After Yellow, Blue and Red are home and skipped: Green plays.
    let mut pos = after_throw(&on, "h,h,h,h/5,0,0,0/20,0,0,0/h,h,h,h Yt - placed=0,3", 3);
    play(&mut pos, &on, "20+3");
    assert_eq!(
        pos.to_notation(&on),
        "h,h,h,h/5,0,0,0/23,0,0,0/h,h,h,h Gt - placed=0,3"
    );
}
