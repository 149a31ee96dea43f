//! Scenario tests for the `ludopy` ruleset: one test per rule of Ludo as LUDOpy 1.5.0 plays it,
//! each citing the code of `ludopy/game.py` or `ludopy/player.py` it follows.
//!
//! Seats are Green, Yellow, Blue and Red (`G Y B R`), LUDOpy's players 0 to 3. A piece's progress
//! is LUDOpy's position: 0 in the yard ("home"), 1 the start square, 1 to 51 round the track, 52
//! to 56 the home column ("goal areal"), 57 (`h`) the goal. Player `k`'s start square lies
//! `13 k` squares past Green's, so a track square at Green's progress `p` is at `p - 13 k` (plus
//! 52 when below 1) for seat `k`: Green's 14 is Yellow's 1, Green's 1 is Yellow's 40, Blue's 27
//! and Red's 14.

use pachisi_core::{Phase, Position, Rules};

mod common;
use common::*;

fn ludopy() -> Rules {
    rules_of("ludopy", &[])
}

/// Throws `value` at `text`, plays `mv` and returns every seat's progresses.
fn after(rules: &Rules, text: &str, value: u8, mv: &str) -> Vec<Vec<u8>> {
    let mut pos = after_throw(rules, text, value);
    play(&mut pos, rules, mv);
    pieces(rules, &pos)
}

fn pieces(rules: &Rules, pos: &Position) -> Vec<Vec<u8>> {
    (0..rules.seats())
        .map(|s| pos.pieces_of(s).to_vec())
        .collect()
}

/// Green's progress `p` (1 to 51) as seat `seat`'s progress on the same square.
fn seen_by(seat: u8, p: u8) -> u8 {
    let q = i16::from(p) - 13 * i16::from(seat);
    (if q < 1 { q + 52 } else { q }) as u8
}

/// The board is LUDOpy's: player i+1 starts 13 squares further on, its stars are STAR_INDEXS and
/// its globes GLOB_INDEXS with the enemies' start squares (player.py, the constants at the top).
#[test]
fn the_board_is_ludopys_with_its_stars_and_globes() {
    let rules = ludopy();
    for seat in 1..4u8 {
        // The square before a start square is not on that seat's route (its 52 is its lane).
        for p in (1..=51u8).filter(|&p| seen_by(seat, p) != 52) {
            assert_eq!(
                rules.square_at(seat, seen_by(seat, p)),
                rules.square_at(0, p),
                "seat {seat} at Green's {p}"
            );
        }
    }
    let globes: Vec<u8> = (1..rules.home())
        .filter(|&p| rules.castle_at(0, p))
        .collect();
    assert_eq!(globes, [1, 9, 14, 22, 27, 35, 40, 48]);
    let stars: Vec<(u8, u8)> = (1..rules.home())
        .filter_map(|p| rules.jump_at(0, p).map(|to| (p, to)))
        .collect();
    assert_eq!(
        stars,
        [
            (5, 12),
            (12, 18),
            (18, 25),
            (25, 31),
            (31, 38),
            (38, 44),
            (44, 51),
            (51, 57)
        ]
    );
    assert_eq!((rules.route_len(), rules.home()), (56, 57));
}

/// Rule 1: a piece leaves the yard only with a 6, onto its start square (player.py,
/// `get_pieces_that_can_move`: `TAILE_HOME and dice == DICE_MOVE_OUT_OF_HOME`; `move_piece`:
/// `self.pieces[piece] = START_INDEX`).
#[test]
fn rule_1_a_six_brings_a_piece_out_of_the_yard() {
    let rules = ludopy();
    let start = "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -";
    assert_legal(&after_throw(&rules, start, 5), &rules, &["-"]);
    assert_legal(&after_throw(&rules, start, 6), &rules, &["E6"]);
    assert_eq!(after(&rules, start, 6, "E6")[0], [1, 0, 0, 0]);
}

/// Rule 1: entering captures one enemy piece on the start square, but two of one enemy there
/// send the entering piece back (player.py, `move_piece`: the home branch appends START_INDEX,
/// and the loop applies rule A: `len(enemy_pieces_at_pos) == 1`, else `self.pieces[piece] =
/// HOME_INDEX`).
#[test]
fn rule_1_entering_captures_one_enemy_but_two_send_the_piece_back() {
    let rules = ludopy();
    let one = format!("0,0,0,0/{},0,0,0/0,0,0,0/0,0,0,0 Gt -", seen_by(1, 1));
    assert_eq!(
        after(&rules, &one, 6, "E6"),
        [[1, 0, 0, 0], [0; 4], [0; 4], [0; 4]]
    );
    let two = format!("0,0,0,0/0,0,0,0/{0},{0},0,0/0,0,0,0 Gt -", seen_by(2, 1));
    assert_eq!(
        after(&rules, &two, 6, "E6"),
        [[0; 4], [0; 4], [27, 27, 0, 0], [0; 4]]
    );
}

/// Rule 2: every piece not in the goal moves, own pieces stack, nothing blocks, and a player
/// passes only when nothing can move (player.py, `get_pieces_that_can_move`; no blockade in
/// `move_piece`; game.py, `answer_observation`: "If there was no pieces that could be moved").
#[test]
fn rule_2_nothing_blocks_and_own_pieces_stack() {
    let rules = ludopy();
    // Green's 2 and 4, Yellow's pair two squares on: the pair blocks nothing.
    let text = format!("2,4,h,0/{0},{0},0,0/0,0,0,0/0,0,0,0 Gt -", seen_by(1, 7));
    assert_legal(&after_throw(&rules, &text, 2), &rules, &["2+2", "4+2"]);
    assert_eq!(after(&rules, &text, 2, "2+2")[0], [4, 4, 57, 0]);
    assert_legal(
        &after_throw(&rules, &text, 6),
        &rules,
        &["2+6", "4+6", "E6"],
    );
    assert_eq!(after(&rules, &text, 6, "2+6")[0], [8, 4, 57, 0]);
    let yard = "0,0,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt -";
    assert_legal(&after_throw(&rules, yard, 3), &rules, &["-"]);
}

/// Rule 3: a piece landing on a star jumps to the next star; enemies on both are captured
/// (player.py, `move_piece`, "The other stars": `next_star_pos`, both positions appended to
/// `move_enemy_home_from_poss`).
#[test]
fn rule_3_a_star_jumps_to_the_next_and_captures_on_both() {
    let rules = ludopy();
    let text = format!(
        "2,0,0,0/{},0,0,0/{},0,0,0/0,0,0,0 Gt -",
        seen_by(1, 5),
        seen_by(2, 12)
    );
    assert_eq!(
        after(&rules, &text, 3, "2+3"),
        [[12, 0, 0, 0], [0; 4], [0; 4], [0; 4]]
    );
}

/// Rule 3 with rule A: two pieces of one enemy on the landing star send the mover back, and the
/// enemy on the star jumped to is captured all the same (player.py, `move_piece`: the loop over
/// `move_enemy_home_from_poss` settles each position on its own).
#[test]
fn rule_3_two_enemies_on_a_star_send_back_but_the_next_star_still_captures() {
    let rules = ludopy();
    let text = format!(
        "2,0,0,0/{0},{0},0,0/{1},0,0,0/0,0,0,0 Gt -",
        seen_by(1, 5),
        seen_by(2, 12)
    );
    assert_eq!(
        after(&rules, &text, 3, "2+3"),
        [[0; 4], [44, 44, 0, 0], [0; 4], [0; 4]]
    );
}

/// Rule 3: the last star (51) takes a piece landing on it straight to the goal, capturing there;
/// a piece that jumps onto it from the star before stays on it (player.py, `move_piece`: "Star
/// before the home areal" is `new_piece_pos == STAR_AT_GOAL_AREAL_INDX`; the jump sets
/// `self.pieces[piece] = next_star_pos`).
#[test]
fn rule_3_the_last_star_goes_to_the_goal_only_when_landed_on() {
    let rules = ludopy();
    let text = format!("46,40,0,0/0,0,0,0/{},0,0,0/0,0,0,0 Gt -", seen_by(2, 51));
    assert_eq!(
        after(&rules, &text, 5, "46+5"),
        [[57, 40, 0, 0], [0; 4], [0; 4], [0; 4]]
    );
    assert_eq!(after(&rules, &text, 4, "40+4")[0], [46, 51, 0, 0]);
    let two = format!("46,0,0,0/0,0,0,0/{0},{0},0,0/0,0,0,0 Gt -", seen_by(2, 51));
    assert_eq!(after(&rules, &two, 5, "46+5")[0], [0; 4]);
}

/// Rule 4: landing on a globe (9, 22, 35, 48) where an enemy stands sends the mover back; the
/// enemy stays (player.py, `move_piece`, "Globs there are not own by enemy").
#[test]
fn rule_4_an_enemy_on_a_globe_sends_the_mover_back() {
    let rules = ludopy();
    let text = format!("6,0,0,0/{},0,0,0/0,0,0,0/0,0,0,0 Gt -", seen_by(1, 9));
    assert_eq!(
        after(&rules, &text, 3, "6+3"),
        [[0; 4], [48, 0, 0, 0], [0; 4], [0; 4]]
    );
    let empty = "6,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -";
    assert_eq!(after(&rules, empty, 3, "6+3")[0], [9, 0, 0, 0]);
}

/// Rule 4: on an enemy's start square the owner's piece sends the mover back, another enemy's
/// lone piece is captured, and two of another enemy send the mover back (player.py,
/// `move_piece`, "Globs there are own by enemy": `enemy_at_pos != globs_enemy`, then rule A).
#[test]
fn rule_4_on_an_enemy_start_only_its_owner_protects() {
    let rules = ludopy();
    let owner = "10,0,0,0/1,0,0,0/0,0,0,0/0,0,0,0 Gt -";
    assert_eq!(
        after(&rules, owner, 4, "10+4"),
        [[0; 4], [1, 0, 0, 0], [0; 4], [0; 4]]
    );
    let other = format!("10,0,0,0/0,0,0,0/0,0,0,0/{},0,0,0 Gt -", seen_by(3, 14));
    assert_eq!(
        after(&rules, &other, 4, "10+4"),
        [[14, 0, 0, 0], [0; 4], [0; 4], [0; 4]]
    );
    let two = format!("10,0,0,0/0,0,0,0/0,0,0,0/{0},{0},0,0 Gt -", seen_by(3, 14));
    assert_eq!(after(&rules, &two, 4, "10+4")[0], [0; 4]);
}

/// Rule 5: landing on one enemy piece captures it; on two or more of one enemy the mover goes
/// back instead (player.py, `move_piece`: the TAILE_FREE branch, then rule A,
/// `PLAY_WITH_RULE_A = True`).
#[test]
fn rule_5_one_enemy_is_captured_two_send_the_mover_back() {
    let rules = ludopy();
    let one = format!("2,0,0,0/{},0,0,0/0,0,0,0/0,0,0,0 Gt -", seen_by(1, 3));
    assert_eq!(
        after(&rules, &one, 1, "2+1"),
        [[3, 0, 0, 0], [0; 4], [0; 4], [0; 4]]
    );
    let two = format!("2,0,0,0/{0},{0},0,0/0,0,0,0/0,0,0,0 Gt -", seen_by(1, 3));
    assert_eq!(
        after(&rules, &two, 1, "2+1"),
        [[0; 4], [42, 42, 0, 0], [0; 4], [0; 4]]
    );
}

/// Rule 5: where pieces of several enemies share a square (a bounce back from the goal can leave
/// them so), only the first enemy in turn order after the mover is met (player.py,
/// `get_enemy_at_pos`: "If there is then stop checking for more (there can only be one)").
#[test]
fn rule_5_only_the_first_enemy_in_turn_order_is_met() {
    let rules = ludopy();
    // Red moves from its 14 to its 16, Green's 3, where Yellow and Blue stand: Green, then
    // Yellow, is Red's turn order, so Yellow's piece is captured and Blue's stays.
    let text = format!(
        "0,0,0,0/{},0,0,0/{},0,0,0/14,0,0,0 Rt -",
        seen_by(1, 3),
        seen_by(2, 3)
    );
    assert_eq!(
        after(&rules, &text, 2, "14+2"),
        [[0; 4], [0; 4], [29, 0, 0, 0], [16, 0, 0, 0]]
    );
}

/// Rule 6: in the home column a throw too long for the goal leaves the piece as many squares
/// before the goal as the die shows, which a 6 takes back onto the track at 51, where it meets
/// nobody (player.py, `move_piece`, "Goal areal": `old_piece_pos - overshoot`, that is 57 minus
/// the die; nothing is appended to `move_enemy_home_from_poss`).
#[test]
fn rule_6_a_throw_too_long_for_the_goal_bounces_back() {
    let rules = ludopy();
    let text = format!("55,52,54,0/0,0,0,0/{},0,0,0/0,0,0,0 Gt -", seen_by(2, 51));
    assert_eq!(after(&rules, &text, 4, "55+4")[0], [53, 52, 54, 0]);
    assert_eq!(after(&rules, &text, 3, "54+3")[0], [55, 52, 57, 0]);
    assert_eq!(
        after(&rules, &text, 6, "52+6"),
        [[55, 51, 54, 0], [0; 4], [25, 0, 0, 0], [0; 4]]
    );
}

/// Rule 7: a 6 earns another throw after the first round, passing or not (game.py,
/// `answer_observation`: `if self.round != 1 and self.current_dice == 6: next_player = False`).
#[test]
fn rule_7_a_six_earns_another_throw_after_the_first_round() {
    let rules = ludopy();
    let mut pos = after_throw(&rules, "9,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -", 6);
    play(&mut pos, &rules, "9+6");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    let mut pos = after_throw(&rules, "9,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -", 5);
    play(&mut pos, &rules, "9+5");
    assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throw));
}

/// Rule 7: in the first round a player whose pieces all wait throws up to four times, and a 6
/// brings a piece out and ends the turn (game.py, `answer_observation`: `self.round == 1`,
/// all pieces 0 and `self.current_start_attempts < 3` after three increments, so a fourth throw;
/// `_count_player` counts the round up when play passes from player 3 to player 0).
#[test]
fn rule_7_the_first_round_gives_four_throws_and_no_extra_throw() {
    let rules = ludopy();
    let mut pos = Position::new(&rules);
    assert_notation(
        &pos,
        &rules,
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - first=GYBR",
    );
    for tries in 1..=3 {
        throw(&mut pos, &rules, 3);
        play(&mut pos, &rules, "-");
        assert_eq!((pos.to_move(), pos.first_turn_tries()), (0, tries));
    }
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "-");
    assert_notation(
        &pos,
        &rules,
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - first=YBR",
    );
    throw(&mut pos, &rules, 6);
    play(&mut pos, &rules, "E6");
    assert_eq!((pos.to_move(), pos.pieces_of(1)[0]), (2, 1));
    for _ in 0..4 {
        throw(&mut pos, &rules, 1);
        play(&mut pos, &rules, "-");
    }
    throw(&mut pos, &rules, 6);
    play(&mut pos, &rules, "E6");
    // Play is back with Green: the first round is over, and a 6 throws again.
    assert_notation(
        &pos,
        &rules,
        "0,0,0,0/1,0,0,0/0,0,0,0/1,0,0,0 Gt - entered=YR",
    );
    throw(&mut pos, &rules, 6);
    play(&mut pos, &rules, "E6");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
}

/// Rule 8: the game ends when the first player has all four pieces in the goal (game.py,
/// `answer_observation`: `first_winner_was`; player.py, `player_winner`).
#[test]
fn rule_8_the_first_player_home_wins() {
    let rules = ludopy();
    let mut pos = after_throw(&rules, "h,h,h,55/0,0,0,0/0,0,0,0/0,0,0,0 Gt -", 2);
    play(&mut pos, &rules, "55+2");
    assert_eq!((pos.phase(), pos.winner()), (Phase::Over, Some(0)));
}

/// The new fields refuse what they cannot mean: a last jump square without jump squares, jump
/// squares on castles or beyond an arm, a bounce where overshooting goes home anyway, a first
/// turn of no throws, and a first turn without extra throws where no value earns one.
#[test]
fn the_landing_and_first_turn_fields_refuse_meaningless_combinations() {
    let cases: [(&str, &[&str], &str); 7] = [
        ("ludo", &["board.last_jump=\"home\""], "board.last_jump"),
        ("ludopy", &["board.jump_squares=[8]"], "board.jump_squares"),
        (
            "ludopy",
            &["board.jump_squares=[4,13]"],
            "board.jump_squares",
        ),
        ("ludopy", &["moves.exact_home=false"], "moves.bounce"),
        (
            "ludopy",
            &["turn.first_turn_throws=0"],
            "turn.first_turn_throws",
        ),
        (
            "ludopy",
            &["throw.extra_throw=[]"],
            "turn.extra_throw_in_first_turn",
        ),
        ("pachisi", &["board.jump_squares=[3]"], "board.jump_squares"),
    ];
    for (name, overrides, field) in cases {
        assert_eq!(field_of(&refused(name, overrides)), field, "{overrides:?}");
    }
    // Every existing ruleset keeps its rules: the defaults change nothing.
    let ludo = rules_of("ludo", &[]);
    assert!(!ludo.first_turn_rules() && !ludo.opponents_may_share_squares());
    assert_eq!(ludo.jump_at(0, 5), None);
}
