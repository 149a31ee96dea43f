//! The readings: rules of documents 001 and 003 that can be taken more than one way, each a
//! ruleset field whose values are the readings (docs/rules.md, "Readings"). One test per reading,
//! quoting the document, built from positions in notation and played through the public API.
//!
//! Humphries (001), seats Yellow, Green, Black, Red: Yellow's progress 13 (`0l4`) is a castle and
//! is Green's 64. Parcheesi (003), seats Red, Blue, Green, Yellow: Red's safety spaces are at 1, 8,
//! 13, 18, ...; a track square at Red's progress `p` is Blue's `p - 17` (plus 68 when that is not
//! positive); the finish is 72 (`h`).

use pachisi_core::explain::Refusal;
use pachisi_core::Phase;

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// 001: a pair parts on a castle "from the consequent turn"
// ---------------------------------------------------------------------------------------------

/// 001: "You can break the pair on a block which has a ‘cross’ symbol and move the pieces
/// individually from the consequent turn." A pair that reaches a castle moves on as a pair for
/// the rest of that turn; from the next turn its pieces may part.
#[test]
fn humphries_a_pair_parts_on_a_castle_only_from_the_turn_after_it_got_there() {
    let rules = rules_of("humphries-1904", &[]);
    assert_eq!(square_name(&rules, 0, 13), "0l4");
    let mut pos = at(&rules, "10,10,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    // A 6 earns another throw; the throws are spent after.
    throw(&mut pos, &rules, 6);
    throw(&mut pos, &rules, 2);
    play(&mut pos, &rules, "10+6p");
    assert_notation(
        &pos,
        &rules,
        "13,13,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Ym 2 streak=2x1 arrived=0,1",
    );
    assert_legal(&pos, &rules, &["13+2p", "-"]);
    // Why the pieces cannot part: they move as a pair this turn.
    play(&mut pos, &rules, "-");
    assert_eq!(pos.to_move(), 1);
    // The next turn they may.
    let pos = after_throw(&rules, "13,13,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert_legal(&pos, &rules, &["13+2", "13+2p", "-"]);
}

/// The other reading, `moves.pair_parts = "at-once"`: the pair may part on the castle it has
/// just reached.
#[test]
fn under_the_at_once_reading_a_pair_parts_on_the_castle_it_has_just_reached() {
    let rules = rules_of("humphries-1904", &["moves.pair_parts=at-once"]);
    let mut pos = at(&rules, "10,10,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 6);
    throw(&mut pos, &rules, 2);
    play(&mut pos, &rules, "10+6p");
    assert_notation(
        &pos,
        &rules,
        "13,13,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Ym 2 streak=2x1",
    );
    assert_legal(&pos, &rules, &["13+2", "13+2p", "-"]);
}

/// A piece that joins another on a castle during the turn forms a pair that parts only from the
/// next turn too: "move the pieces individually from the consequent turn".
#[test]
fn humphries_two_pieces_meeting_on_a_castle_part_only_from_the_next_turn() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = at(&rules, "13,10,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "10+3");
    // Green's turn now; the arrival is forgotten when the turn passes.
    assert_notation(&pos, &rules, "13,13,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    let mut pos = at(&rules, "13,10,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 6);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "10+3");
    assert_legal(&pos, &rules, &["13+6p", "-"]);
}

/// `arrived` is only written where the rules keep it.
#[test]
fn the_arrived_field_needs_pairs_that_part_from_the_next_turn() {
    let rules = rules_of("pachisi", &[]);
    let e = pachisi_core::Position::from_notation(
        &rules,
        "10,10,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 2 arrived=0",
    )
    .expect_err("pachisi keeps no arrivals");
    assert!(e.reason.contains("moves.pair_parts"), "{e}");
    let e = refused("pachisi", &["moves.pair_parts=next-turn"]);
    assert_eq!(field_of(&e), "moves.pair_parts");
}

// ---------------------------------------------------------------------------------------------
// 001: "you shall skip your turn"
// ---------------------------------------------------------------------------------------------

/// 001: "If you land in a condition in which you get the number which allows you to only move
/// your piece to the ‘safe block’ occupied by the opponent. In such a case, you shall skip your
/// turn." By default only that throw is lost (the next sentence of 001 uses "skip your turn" for
/// declining one throw): the turn's other throws are played.
#[test]
fn humphries_by_default_a_throw_that_could_only_reach_an_opponents_castle_loses_that_throw() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 13, 1, 64);
    let mut pos = at(&rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 6);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["10+6", "-"]);
    play(&mut pos, &rules, "10+6");
    // The 3 now moves the piece from 16 to 19.
    assert_legal(&pos, &rules, &["16+3", "-"]);
}

/// `moves.held_castle = "loses-turn"`, the whole-turn reading of 001's "you shall skip your
/// turn": the throws not yet spent are lost with it, and so is any throw still due.
#[test]
fn under_the_whole_turn_reading_a_throw_that_could_only_reach_an_opponents_castle_loses_the_turn() {
    let rules = rules_of("humphries-1904", &["moves.held_castle=loses-turn"]);
    let mut pos = at(&rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throw(&mut pos, &rules, 6);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["-"]);
    let reasons = pos.why_not(&rules, 10);
    assert!(
        matches!(reasons.as_slice(), [Refusal::TurnLost { value: 3, square }] if square == "0l4"),
        "{reasons:?}"
    );
    assert_eq!(
        reasons[0].to_string(),
        "the 3 could only end on 0l4, a castle an opponent holds, and that costs the whole turn"
    );
    play(&mut pos, &rules, "-");
    assert_notation(&pos, &rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    // A throw due for a capture is lost too; by default it is thrown.
    for (overrides, next) in [
        (&["moves.held_castle=loses-turn"][..], "Gt -"),
        (&[][..], "Yt -"),
    ] {
        let rules = rules_of("humphries-1904", overrides);
        let mut pos = at(&rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Ym 3 again");
        play(&mut pos, &rules, "-");
        assert_notation(
            &pos,
            &rules,
            &format!("10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 {next}"),
        );
    }
}

/// The whole-turn reading needs castles an opponent can hold and throws that need not be used.
#[test]
fn the_whole_turn_reading_needs_closed_castles() {
    let e = refused("ludo", &["moves.held_castle=loses-turn"]);
    assert_eq!(field_of(&e), "moves.held_castle");
}

// ---------------------------------------------------------------------------------------------
// 003 (PB): landing on an opponent's safety space and going on with the other die
// ---------------------------------------------------------------------------------------------

/// 003: "(PB) A pawn may use a die increment that lands it on a safety space occupied by an
/// opponent's pawn provided that another increment of the throw is immediately used to carry the
/// pawn further."
#[test]
fn pb_a_die_may_land_a_pawn_on_an_opponents_safety_space_if_the_other_carries_it_on() {
    let rules = rules_of("parcheesi-pb", &[]);
    same_square(&rules, 0, 8, 1, 59);
    let mut pos = after_throw(&rules, "5,h,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Rt -", "4-3");
    assert_legal(&pos, &rules, &["5+3", "5+4"]);
    play(&mut pos, &rules, "5+3");
    assert_notation(
        &pos,
        &rules,
        "8,h,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Rm 4 carry=8",
    );
    // Nothing else moves before the pawn goes on, and nothing is captured on the safety space.
    assert_legal(&pos, &rules, &["8+4"]);
    play(&mut pos, &rules, "8+4");
    assert_notation(&pos, &rules, "12,h,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Bt -");
}

/// Where the other die cannot carry the pawn on, the first may not land it there: Blue's
/// blockade on Red's 12 stops the 4 after the 3.
#[test]
fn pb_a_pawn_is_not_landed_on_an_opponents_safety_space_when_nothing_can_carry_it_on() {
    let rules = rules_of("parcheesi-pb", &[]);
    same_square(&rules, 0, 12, 1, 63);
    let pos = after_throw(&rules, "5,h,h,h/59,63,63,h/0,0,0,0/0,0,0,0 Rt -", "4-3");
    assert!(!is_legal(&pos, &rules, "5+3"));
    assert_legal(&pos, &rules, &["5+4"]);
}

/// 003: "(SR) An ambiguity exists about passing an opponent's pawn on a safety space when throwing
/// doubles. Some players disallow using the throw ... We will leave it as a house rule": SR
/// disallows it by default, and `moves.carry_on=true` is the house rule.
#[test]
fn sr_disallows_landing_on_an_opponents_safety_space_unless_the_house_rule_allows_it() {
    let text = "5,h,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Rt -";
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, text, "4-3");
    assert_legal(&pos, &rules, &["5+4"]);
    let rules = rules_of("parcheesi-sr", &["moves.carry_on=true"]);
    let pos = after_throw(&rules, text, "4-3");
    assert_legal(&pos, &rules, &["5+3", "5+4"]);
}

/// A pawn being carried on goes first even where a pawn must enter whenever one can (SR's
/// house rule): otherwise it would be left on the opponent's castle.
#[test]
fn a_carried_pawn_goes_on_before_a_pawn_that_must_enter() {
    let rules = rules_of(
        "parcheesi-sr",
        &["moves.carry_on=true", "board.corner_squares=1"],
    );
    let mut pos = at(&rules, "1,1,0,0/0,0,0,0/0,0,0,0/23,0,0,0 Rm 6,5 entered=RY");
    assert!(is_legal(&pos, &rules, "1+6"));
    play(&mut pos, &rules, "1+6");
    assert_notation(
        &pos,
        &rules,
        "7,1,0,0/0,0,0,0/0,0,0,0/23,0,0,0 Rm 5 entered=RY left=0:1,1:1 carry=7",
    );
    assert_legal(&pos, &rules, &["7+5"]);
}

/// While a pawn is being carried on, every other piece is told why it waits.
#[test]
fn while_a_pawn_is_carried_on_the_others_wait_for_it() {
    let rules = rules_of("parcheesi-pb", &[]);
    let pos = at(&rules, "8,20,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Rm 4 carry=8");
    assert_legal(&pos, &rules, &["8+4"]);
    let reasons = pos.why_not(&rules, 20);
    assert!(
        matches!(reasons.as_slice(), [Refusal::CarryOnFirst { .. }]),
        "{reasons:?}"
    );
    // Without a pawn of the mover there, `carry` is refused.
    let e = pachisi_core::Position::from_notation(
        &rules,
        "9,20,h,h/59,h,h,h/0,0,0,0/0,0,0,0 Rm 4 carry=8",
    )
    .expect_err("no pawn at 8");
    assert!(e.reason.contains("no pawn on a castle"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// 003 (TR): the 14 of a doublet, divided; and finishing only from 14 out
// ---------------------------------------------------------------------------------------------

/// 003: "(TR) The 14 spaces of movement are granted all the time and may optionally be subdivided
/// in any fashion v1960 between two pawns": one pawn takes any part of the 14, and the rest goes
/// whole to one pawn.
#[test]
fn tr_the_14_of_a_doublet_is_divided_as_the_player_likes_between_two_pawns() {
    let rules = rules_of("parcheesi-tr", &[]);
    let mut pos = after_throw(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    assert_notation(
        &pos,
        &rules,
        "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2f,2f,5fs,5fs again streak=0x1",
    );
    let moves = legal(&pos, &rules);
    for k in 1..=14 {
        let split = if k == 14 {
            String::new()
        } else {
            format!(":{k}")
        };
        assert!(moves.contains(&format!("10+14{split}")), "{moves:?}");
        assert!(moves.contains(&format!("20+14{split}")), "{moves:?}");
    }
    // The dice alone are not moves of their own.
    assert!(!is_legal(&pos, &rules, "10+2"));
    assert!(!is_legal(&pos, &rules, "10+5"));
    play(&mut pos, &rules, "10+14:3");
    assert_notation(
        &pos,
        &rules,
        "13,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 11r again streak=0x1",
    );
    assert_legal(&pos, &rules, &["13+11", "20+11"]);
}

/// 003: "... or v1938 among any number of pawns" (`doubles.fourteen = "any-pawns"`): what is left
/// may be divided again.
#[test]
fn tr_v1938_divides_the_14_among_any_number_of_pawns() {
    let rules = rules_of("parcheesi-tr", &["doubles.fourteen=any-pawns"]);
    let mut pos = after_throw(&rules, "10,20,30,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    play(&mut pos, &rules, "10+14:3");
    assert!(is_legal(&pos, &rules, "20+11:4"));
    play(&mut pos, &rules, "20+11:4");
    assert!(is_legal(&pos, &rules, "30+7"));
    play(&mut pos, &rules, "30+7");
    assert_notation(
        &pos,
        &rules,
        "13,24,37,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1",
    );
}

/// 003: "(TR) Doubles may bring a pawn to finish only from 14 spaces out."
#[test]
fn tr_a_doublet_brings_a_pawn_home_only_from_14_out() {
    let rules = rules_of("parcheesi-tr", &[]);
    let mut pos = after_throw(&rules, "58,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    assert!(is_legal(&pos, &rules, "58+14"));
    play(&mut pos, &rules, "58+14");
    assert_eq!(pos.phase(), Phase::Over);
    // 8 out, the pawn may go up to 7 and no further, and as much as possible must be used.
    let pos = after_throw(&rules, "64,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    assert_legal(&pos, &rules, &["64+14:7"]);
    // 1 out, it cannot move at all, and is told why.
    let pos = after_throw(&rules, "71,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    assert_legal(&pos, &rules, &["-"]);
    let reasons = pos.why_not(&rules, 71);
    assert!(
        matches!(
            reasons.as_slice(),
            [Refusal::FinishFromFourteen {
                value: 14,
                needs: 1
            }]
        ),
        "{reasons:?}"
    );
    // An ordinary throw finishes by exact count as in every edition.
    let mut pos = after_throw(&rules, "71,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "1-2");
    play(&mut pos, &rules, "71+1");
    assert_eq!(pos.phase(), Phase::Over);
}

/// 003: "(TR) It is not clear how many spaces are granted if one or both dice of double 5 are
/// consumed for entering pawns as is required." Read here as the rest of the 14: a 5 that
/// brings a pawn in is 5 of the 14, and the other squares stay to be divided.
#[test]
fn tr_the_fives_of_a_double_5_that_bring_pawns_in_are_part_of_the_14() {
    let rules = rules_of("parcheesi-tr", &[]);
    let mut pos = after_throw(&rules, "10,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "10,20,1,1/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2fs,2fs again streak=0x1 entered=R",
    );
    assert!(is_legal(&pos, &rules, "10+4"));
    assert!(is_legal(&pos, &rules, "10+4:1"));
}

/// The divisible 14 is the tops and undersides of two dice: it needs them.
#[test]
fn the_divisible_14_and_finishing_from_14_need_their_rules() {
    let e = refused("parcheesi-pb", &["doubles.fourteen=two-pawns"]);
    assert_eq!(field_of(&e), "doubles.fourteen");
    let e = refused("parcheesi-sr", &["doubles.finish_from_fourteen=true"]);
    assert_eq!(field_of(&e), "doubles.finish_from_fourteen");
}
