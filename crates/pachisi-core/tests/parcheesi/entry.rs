//! Parcheesi scenario tests of entering: a 5 on one die or as the sum of both enters a pawn (a 7 in
//! some MB versions, at the home-stretch entrance in others), SR and TR must enter while PB and MB
//! may move instead, a 5 forfeited that cannot enter, a double 5 entering two pawns, the capture
//! on the entry space, and what the entry space's blockades and pairs let in.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Entering
// ---------------------------------------------------------------------------------------------

/// 003: "Pawns must follow an entrance ritual starting with a five rolled on the dice, either a 5
/// coming up on one die"; "the die value not used for entering a pawn may be used for movement
/// of the freshly entered pawn or another pawn."
#[test]
fn a_5_on_one_die_enters_a_pawn_onto_its_entry_space() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
        assert_legal(&pos, &rules, &["E5"]);
        play(&mut pos, &rules, "E5");
        assert_legal(&pos, &rules, &["1+3"]);
        play(&mut pos, &rules, "1+3");
        assert_notation(
            &pos,
            &rules,
            "4,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt - entered=R",
        );
    }
}

/// 003: "either a 5 coming up on one die, or as the sum of the numbers on the two dice such as 3
/// and 2."
#[test]
fn a_5_as_the_sum_of_both_dice_enters_a_pawn() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        for (dice, mv) in [("3-2", "E3+2"), ("4-1", "E4+1")] {
            let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", dice);
            assert_legal(&pos, &rules, &[mv]);
            play(&mut pos, &rules, mv);
            assert_notation(
                &pos,
                &rules,
                "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt - entered=R",
            );
        }
        // No five, no entry.
        let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
        assert_legal(&pos, &rules, &["-"]);
    }
}

/// 003: "Some versions use a different "magic" number, for example some (MB) versions use 7 to
/// enter pawns with."
#[test]
fn some_mb_versions_enter_with_a_7() {
    let rules = rules_of("parcheesi-mb", &["throw.grace=[7]"]);
    for (dice, expected) in [
        ("6-1", "E6+1"),
        ("5-2", "E5+2"),
        ("4-3", "E4+3"),
        ("5-3", "-"),
    ] {
        let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", dice);
        assert_legal(&pos, &rules, &[expected]);
    }
}

/// 003: "In some (MB) versions the entrance space is at the entrance to the home stretch (and
/// entering pawns must turn right and go around the board)".
#[test]
fn some_mb_versions_enter_at_the_home_stretch_entrance_and_go_once_round() {
    let rules = rules_of("parcheesi-mb", &["board.entry_offset=0"]);
    assert_eq!((rules.turn_home(), rules.home()), (69, 77));
    for seat in 0..4u8 {
        assert_eq!(square_name(&rules, seat, 1), format!("{seat}m8"));
        assert_eq!(square_name(&rules, seat, 2), format!("{seat}l8"));
        assert_eq!(square_name(&rules, seat, 68), format!("{seat}r8"));
        assert_eq!(square_name(&rules, seat, 69), format!("{seat}m8"));
        assert_eq!(square_name(&rules, seat, 70), format!("{seat}m7"));
    }
    let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "E5");
    play(&mut pos, &rules, "1+3");
    assert_eq!(square_name(&rules, 0, pos.pieces_of(0)[0]), "0l6");
}

/// 003: "(SR) v1942 and v1989 and (TR): actually the player must enter a pawn when rolling the
/// five ... unless that is impossible"; "(PB) and (MB) The player may at any time choose to use
/// a 5 to enter a pawn or to move another pawn."
#[test]
fn sr_and_tr_must_enter_on_a_5_while_pb_and_mb_may_move_instead() {
    for (name, expected) in [
        ("parcheesi-sr", &["E5"][..]),
        ("parcheesi-tr", &["E5"][..]),
        ("parcheesi-pb", &["10+2", "10+5", "E5"][..]),
        ("parcheesi-mb", &["10+2", "10+5", "E5"][..]),
    ] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, expected);
    }
    // The sum obliges as well.
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-2");
    assert_legal(&pos, &rules, &["E3+2"]);
    let rules = rules_of("parcheesi-pb", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-2");
    assert_legal(&pos, &rules, &["10+2", "10+3", "E3+2"]);
}

/// 003: "(SR) v1975 and (TR): If start is not empty and a pawn cannot be entered then any
/// remaining 5 within the throw is forfeited."
#[test]
fn sr_v1975_and_tr_forfeit_a_5_that_cannot_enter_while_pawns_wait() {
    // Blue's blockade on Red's entry space keeps Red's pawns in the nest.
    let v1975 = ["moves.must_enter=false", "moves.grace_only_enters=true"];
    for (name, overrides) in [("parcheesi-tr", &[][..]), ("parcheesi-sr", &v1975[..])] {
        let rules = rules_of(name, overrides);
        same_square(&rules, 0, 1, 1, 52);
        let mut pos = after_throw(&rules, "10,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2"]);
        play(&mut pos, &rules, "10+2");
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_notation(&pos, &rules, "12,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Bt -");
        // With the nest empty the 5 moves like any die.
        let pos = after_throw(&rules, "10,h,h,h/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2", "10+5"]);
    }
    // Elsewhere a 5 that cannot enter moves a pawn.
    for name in ["parcheesi-sr", "parcheesi-pb", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "10,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2", "10+5"]);
    }
}

/// 003: "the player must enter a pawn when rolling the five (or enter two pawns when rolling
/// double 5)".
#[test]
fn a_double_5_enters_two_pawns() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_notation(
        &pos,
        &rules,
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5,5 again streak=0x1",
    );
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1 entered=R",
    );
    // With one pawn left to enter, the other 5 moves a pawn.
    let mut pos = after_throw(&rules, "10,20,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_legal(&pos, &rules, &["1+5", "10+5", "20+5", "30+5"]);
}

/// 003: "But an entering pawn may capture a single opponent's pawn on the safety space that is
/// also the entrance space"; "Upon making a capture the player gets a 20 space increment".
#[test]
fn an_entering_pawn_captures_a_lone_opponent_on_its_entry_space_and_earns_the_bonus() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 1, 1, 52);
    let mut pos = after_throw(&rules, "0,0,0,0/52,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3,20b entered=R",
    );
    assert_legal(&pos, &rules, &["1+20", "1+3"]);
    // Parker Bros.: the capture, but no bonus.
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = after_throw(&rules, "0,0,0,0/52,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3 entered=R",
    );
}

/// 003: "If an opponent's blockade were on an entrance space, a player would not be able to
/// enter his pawns onto that space. He may not enter a pawn onto another space".
#[test]
fn no_pawn_enters_onto_an_opponents_blockade_on_its_entry_space() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "0,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_eq!(pos.pieces_of(0), &[0, 0, 0, 0]);
        assert_eq!(pos.pieces_of(1), &[52, 52, 0, 0]);
    }
}

/// 003: "Two (but not more) pawns of the same color may occupy the same space." A third pawn
/// cannot enter onto its own pair.
#[test]
fn no_third_pawn_enters_onto_its_own_pair_on_the_entry_space() {
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "1,1,20,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    assert_legal(&pos, &rules, &["1+3", "1+5", "20+3", "20+5"]);
    assert!(!is_legal(&pos, &rules, "E5"));
}

/// 003: "Or the player could move a pawn out of his own blockade on his entrance space and,
/// using a 5 on the other die, enter a pawn to reform the blockade. Except for (SR) v1975 and
/// (TR), this last move is an acceptable use of double 5."
#[test]
fn a_pawn_leaving_a_blockade_on_the_entry_space_may_be_replaced_by_an_entering_pawn() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "1,1,20,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "1+3");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_eq!(pos.pieces_of(0), &[4, 1, 20, 1]);
    // With double 5: one 5 takes a pawn out of the blockade, the other enters.
    let mut pos = after_throw(&rules, "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["1+5"]);
    play(&mut pos, &rules, "1+5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "6,1,1,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1 entered=R",
    );
    // SR v1975: the 5s may not move a pawn while pawns wait, so both are forfeited.
    let rules = rules_of(
        "parcheesi-sr",
        &["moves.must_enter=false", "moves.grace_only_enters=true"],
    );
    let pos = after_throw(&rules, "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["-"]);
}
