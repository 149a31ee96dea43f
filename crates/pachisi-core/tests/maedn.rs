//! Scenario tests for the `maedn` and `maedn-2` rulesets: Mensch ärgere dich nicht exactly as
//! OpenSpiel plays it (open_spiel 2.0.2, open_spiel/games/maedn/maedn.h and maedn.cc). One test
//! per rule, named after it and citing the place in OpenSpiel that states it, built from a
//! position in notation and throws, played through the public API.
//!
//! Seats are Red, Blue, Green and Yellow (`R B G Y`), OpenSpiel's players 0 to 3, on arms 0, 3, 2
//! and 1 (travel and turns are clockwise); in `maedn-2` Red and Blue sit opposite, on arms 0 and
//! 2. Our progress p is maedn's relative field p - 1: 0 off the board, 1 the start field
//! (`<arm>r5`), 40 the field just before it (`<arm>m5`), 41 to 44 the four goal fields (`<arm>m4`
//! to `<arm>m1`). A square at Red's progress p (1 to 40) is Blue's p - 10, Green's p - 20 and
//! Yellow's p - 30 (plus 40 when that is below 1).

use pachisi_core::{Phase, Position, Refusal, Rules};

mod common;
use common::*;

fn maedn() -> Rules {
    rules_of("maedn", &[])
}

// ---------------------------------------------------------------------------------------------
// The board and the seats
// ---------------------------------------------------------------------------------------------

/// maedn.h: "Board consists of 40 common fields for all players and 4 separate goal fields for
/// each player"; "Player 1 starts on field 10 ... Player 2 starts on field 20 ... Player 3 starts
/// on field 30", each going up to the field before its start field and into its goal fields.
#[test]
fn forty_common_fields_four_goal_fields_and_start_fields_ten_apart() {
    let rules = maedn();
    assert_eq!(rules.topology().track_len(), 40);
    assert_eq!(rules.route_len(), 44);
    assert_eq!(rules.turn_home(), 40);
    let castles = (0..rules.topology().square_count())
        .filter(|&i| rules.topology().is_castle(pachisi_core::Square(i as u8)))
        .count();
    assert_eq!(castles, 0, "no safe squares at all");
    for seat in 0..4u8 {
        let next = (seat + 1) % 4;
        // The next player's start field (its relative field 0) is this player's field 10.
        assert_eq!(rules.square_at(next, 1), rules.square_at(seat, 11));
        // The field before a player's start field is its relative field 39, the last before
        // its goal fields.
        assert_eq!(rules.square_at(next, 40), rules.square_at(seat, 10));
        // Its goal fields are its lane, which no other route enters.
        for p in 41..=44 {
            let sq = rules.square_at(seat, p).expect("a goal field");
            assert!(!rules.topology().on_track(sq));
            assert!((0..4u8)
                .filter(|&s| s != seat)
                .all(|s| !rules.route(s).contains(&sq)));
        }
    }
    assert_eq!(square_name(&rules, 0, 1), "0r5");
    assert_eq!(square_name(&rules, 0, 40), "0m5");
    assert_eq!(square_name(&rules, 0, 44), "0m1");
}

/// maedn.h, PlayerToPosition and the parameter twoPlayersOpposite (default true): "in this case
/// position of player 1 is 2", so its start field is field 20.
#[test]
fn two_players_sit_opposite() {
    let rules = rules_of("maedn-2", &[]);
    assert_eq!(rules.seats(), 2);
    assert_eq!(rules.square_at(1, 1), rules.square_at(0, 21));
    assert_eq!(rules.square_at(0, 1), rules.square_at(1, 21));
}

/// maedn.cc, the MaednState constructor and DoApplyAction: the first chance node gives the turn to
/// player 0 (`prev_player_` starts as the last player), with no throw-off; a throw that is not a
/// 6 passes the turn on after one throw (no three tries to bring a piece in).
#[test]
fn player_0_begins_and_a_player_with_no_piece_out_throws_once() {
    let rules = maedn();
    let mut pos = Position::new(&rules);
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    throw(&mut pos, &rules, 5);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_notation(&pos, &rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}

// ---------------------------------------------------------------------------------------------
// Legal moves: maedn.cc LegalActions, its rules "in this exact order"
// ---------------------------------------------------------------------------------------------

/// maedn.cc LegalActions: "If a player's own piece is standing on the start field and player has
/// at least one piece off the board, player MUST move the piece on the start field away" -- even
/// with a 6, which would otherwise bring a piece in.
#[test]
fn the_start_field_must_be_cleared() {
    let rules = maedn();
    let text = "1,12,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    assert_legal(&after_throw(&rules, text, 3), &rules, &["1+3"]);
    assert_legal(&after_throw(&rules, text, 6), &rules, &["1+6"]);
    // The other pieces are told why.
    let pos = after_throw(&rules, text, 3);
    assert_eq!(
        pos.why_not(&rules, 12),
        vec![Refusal::ClearEntryFirst {
            square: "0r5".into()
        }]
    );
    assert!(matches!(
        pos.why_not(&rules, 0).as_slice(),
        [Refusal::ClearEntryFirst { .. }]
    ));
    // With no piece off the board the start field need not be cleared.
    let all_out = "1,12,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    assert_legal(
        &after_throw(&rules, all_out, 3),
        &rules,
        &["1+3", "12+3", "20+3", "30+3"],
    );
}

/// maedn.cc LegalActions: "... unless it is blocked by another own piece. If that is the case,
/// player is free to move any own piece"; and with a 6 the start field, held by the player's own
/// piece, takes no new piece.
#[test]
fn the_start_field_is_not_cleared_when_an_own_piece_blocks_it() {
    let rules = maedn();
    let text = "1,4,9,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let pos = after_throw(&rules, text, 3);
    assert_legal(&pos, &rules, &["4+3", "9+3"]);
    assert_eq!(
        pos.why_not(&rules, 1),
        vec![Refusal::SquareFull {
            value: 3,
            square: "0r2".into(),
            limit: 1
        }]
    );
    let text = "1,7,9,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    assert_legal(&after_throw(&rules, text, 6), &rules, &["7+6", "9+6"]);
}

/// maedn.cc LegalActions: "If player rolls a 6 and has at least one piece off the board, player
/// MUST bring in a new piece" -- the only legal move.
#[test]
fn a_six_must_bring_a_piece_in() {
    let rules = maedn();
    let text = "10,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let pos = after_throw(&rules, text, 6);
    assert_legal(&pos, &rules, &["E6"]);
    assert_eq!(pos.why_not(&rules, 10), vec![Refusal::MustEnter]);
    // Any other throw brings nothing in.
    assert_legal(&after_throw(&rules, text, 5), &rules, &["10+5", "30+5"]);
}

/// maedn.cc DoApplyAction, kBringInAction: `thrown_out_player = board_[players_first_field] - 1`
/// -- a piece brought in onto an opponent on the start field sends it off the board; and a 6
/// throws again.
#[test]
fn bringing_a_piece_in_captures_on_the_start_field() {
    let rules = maedn();
    // Blue's piece at its progress 31 stands on Red's start field.
    let text = "10,0,0,0/31,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB";
    let mut pos = after_throw(&rules, text, 6);
    assert_legal(&pos, &rules, &["E6"]);
    play(&mut pos, &rules, "E6");
    assert_notation(
        &pos,
        &rules,
        "10,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB",
    );
}

/// maedn.cc DoApplyAction: a piece landing on an opponent's sends it off the board, wherever it
/// stands (maedn has no safe fields), its owner's own start field included.
#[test]
fn there_are_no_safe_squares() {
    let rules = maedn();
    // Blue's piece on its own start field (Blue 1 = Red 11), Red's six squares behind it.
    let text = "5,20,30,41/1,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB";
    let mut pos = after_throw(&rules, text, 6);
    play(&mut pos, &rules, "5+6");
    assert_notation(
        &pos,
        &rules,
        "11,20,30,41/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB",
    );
}

/// maedn.h: "throwing out own pieces is not possible"; maedn.cc LegalActions moves a piece only
/// when `board_[absolute_target_field] != cur_player_ + 1`, on the track and in the goal alike.
#[test]
fn no_piece_lands_on_its_own() {
    let rules = maedn();
    let text = "5,8,41,43/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    assert_legal(&after_throw(&rules, text, 3), &rules, &["41+3", "8+3"]);
    assert_legal(&after_throw(&rules, text, 2), &rules, &["5+2", "8+2"]);
    let text = "5,8,42,43/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    assert_legal(
        &after_throw(&rules, text, 1),
        &rules,
        &["43+1", "5+1", "8+1"],
    );
}

/// maedn.cc LegalActions: a piece moves only to a relative field below `kNumCommonFields +
/// kNumGoalFieldsPerPlayer` (44): it goes into the goal by an exact throw, never beyond the last
/// goal field.
#[test]
fn the_goal_is_reached_by_exact_throw_only() {
    let rules = maedn();
    let text = "38,41,42,43/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let mut pos = after_throw(&rules, text, 6);
    assert_legal(&pos, &rules, &["38+6"]);
    play(&mut pos, &rules, "38+6");
    assert_eq!(pos.pieces_of(0), [44, 41, 42, 43]);
    let text = "40,42,43,44/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let pos = after_throw(&rules, text, 5);
    assert_legal(&pos, &rules, &["-"]);
    assert_eq!(
        pos.why_not(&rules, 40),
        vec![Refusal::PastGoal { value: 5, room: 4 }]
    );
}

/// maedn.h: "pieces may jump over each other on four final fields"; maedn.cc LegalActions loops
/// over every relative field below 44 minus the throw, the goal fields included: a piece in the
/// goal still moves on in it, over others.
#[test]
fn pieces_move_on_within_the_goal_and_jump_over_others() {
    let rules = maedn();
    let text = "41,42,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let mut pos = after_throw(&rules, text, 2);
    assert_legal(&pos, &rules, &["20+2", "30+2", "41+2", "42+2"]);
    play(&mut pos, &rules, "41+2");
    assert_eq!(pos.pieces_of(0), [43, 42, 20, 30]);
}

/// maedn.cc IsTerminal and Returns: the game ends as soon as a player has a piece on each of its
/// four goal fields; it gets `num_players_ - 1`, every other player -1.
#[test]
fn the_game_ends_when_all_four_pieces_are_in_the_goal() {
    let rules = maedn();
    let text = "41,42,43,38/39,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB";
    let mut pos = after_throw(&rules, text, 6);
    play(&mut pos, &rules, "38+6");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.winner(), Some(0));
    assert_eq!(pos.pieces_of(0), [41, 42, 43, 44]);
    assert!(pos.seat_finished(&rules, 0));
    // Three pieces in the goal are not enough.
    let text = "41,42,43,30/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let mut pos = after_throw(&rules, text, 2);
    play(&mut pos, &rules, "30+2");
    assert_eq!(pos.phase(), Phase::Throw);
    assert!(!pos.seat_finished(&rules, 0));
}

/// maedn.h: "only one dice roll even if no move is possible except if dice roll was a six, in
/// this case, same player may roll again"; maedn.cc DoApplyAction: `if (prev_dice_ == 6)` the
/// same player moves again -- after a pass too, and without limit.
#[test]
fn a_six_throws_again_even_after_a_pass() {
    let rules = maedn();
    let text = "39,42,43,44/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R";
    let mut pos = after_throw(&rules, text, 6);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    // A third, fourth and fifth 6 in a row throw again all the same.
    for _ in 0..3 {
        throw(&mut pos, &rules, 6);
        play(&mut pos, &rules, "-");
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    }
    // Any other throw that cannot be used passes the turn on.
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throw));
}

// ---------------------------------------------------------------------------------------------
// The new fields on other rulesets
// ---------------------------------------------------------------------------------------------

/// The goal in the lane leaves nothing for the rules about reaching the Charkoni to do: every
/// combination it makes meaningless is refused, naming the field.
#[test]
fn the_goal_in_the_lane_refuses_what_it_makes_meaningless() {
    let cases: [(&str, &[&str], &str); 7] = [
        ("pachisi", &["finish.goal=\"lane\""], "board.start"),
        ("maedn", &["moves.bounce=\"back-by-throw\""], "moves.bounce"),
        ("maedn", &["moves.exact_home=false"], "moves.exact_home"),
        ("maedn", &["finish.bonus=10"], "finish.bonus"),
        (
            "maedn",
            &["turn.extra_throw_on_home=true"],
            "turn.extra_throw_on_home",
        ),
        (
            "maedn",
            &["moves.stack_limit=2", "moves.blockades=true"],
            "moves.blockades",
        ),
        ("maedn", &["players.pieces=5"], "finish.goal"),
    ];
    for (name, overrides, field) in cases {
        assert_eq!(field_of(&refused(name, overrides)), field, "{overrides:?}");
    }
    for overrides in [
        &["moves.split=true"][..],
        &[
            "board.start=\"charkoni\"",
            "board.castles=\"cross\"",
            "finish.goal=\"home\"",
        ][..],
    ] {
        assert_eq!(
            field_of(&refused("maedn", overrides)),
            "moves.clear_entry",
            "{overrides:?}"
        );
    }
    // Ludo with its goal in the lane and its start squares cleared is a valid ruleset.
    rules_of("ludo", &["finish.goal=\"lane\"", "moves.clear_entry=true"]);
    rules_of("ludo", &["board.castles=\"none\""]);
}

/// With the goal at home (every ruleset but maedn), a piece at home is written `h`; with the goal
/// in the lane no piece goes home, and a position saying one did is refused.
#[test]
fn no_piece_goes_home_where_the_goal_is_in_the_lane() {
    let rules = maedn();
    assert!(
        Position::from_notation(&rules, "h,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R").is_err()
    );
}
