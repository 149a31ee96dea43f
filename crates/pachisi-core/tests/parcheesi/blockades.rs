//! Parcheesi scenario tests of blockades and safety spaces: no pawn passes or lands on a blockade
//! (its own ones included), none moves intact with a doublet or is reformed at once, TR's die that
//! stops a pawn behind one, no landing on a safety space an opponent holds, and the capture of a
//! lone opponent off the safety spaces.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Blockades and safety spaces
// ---------------------------------------------------------------------------------------------

/// 003: "Two (but not more) pawns of the same color may occupy the same space. This is a
/// blockade; no pawns of any color may capture or overtake this pair of pawns. (SR), (PB), (MB),
/// some (TR): A die increment that cannot be used by a pawn elsewhere is forfeited."
#[test]
fn no_pawn_passes_or_lands_on_an_opponents_blockade() {
    for name in ["parcheesi-sr", "parcheesi-pb", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        same_square(&rules, 0, 14, 2, 48);
        let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Rt -", "4-2");
        assert_legal(&pos, &rules, &["10+2"]);
        play(&mut pos, &rules, "10+2");
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_notation(&pos, &rules, "12,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Bt -");
    }
}

/// 003: "no pawns of any color may capture or overtake this pair of pawns" — the owner's own
/// pawns included.
#[test]
fn a_players_own_blockade_stops_his_own_pawns() {
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,14,14,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-1");
    assert_legal(&pos, &rules, &["10+1", "14+1", "14+6"]);
    let pos = after_throw(&rules, "10,14,14,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-2");
    // 10+4 would put a third pawn on 14.
    assert_legal(&pos, &rules, &["10+2", "14+2", "14+4"]);
}

/// 003: "A blockade may not be moved intact, which move might be suggested if the player rolled
/// doubles."
#[test]
fn a_blockade_may_not_move_intact_with_a_doublet() {
    // Parker Bros.: a doublet is two increments.
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = after_throw(&rules, "20,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-4");
    assert_legal(&pos, &rules, &["20+4"]);
    play(&mut pos, &rules, "20+4");
    assert_notation(
        &pos,
        &rules,
        "24,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 4 again left=0:20,1:20",
    );
    assert_legal(&pos, &rules, &["24+4"]);
    // Selchow & Righter: four increments, and the pair may not meet again anywhere.
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "20,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    assert_notation(
        &pos,
        &rules,
        "20,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3,3,4s,4s again streak=0x1",
    );
    assert_legal(&pos, &rules, &["20+3", "20+4"]);
    play(&mut pos, &rules, "20+3");
    assert_legal(&pos, &rules, &["20+4", "23+3", "23+4"]);
    play(&mut pos, &rules, "20+4");
    assert_legal(&pos, &rules, &["23+3", "23+4", "24+3", "24+4"]);
    play(&mut pos, &rules, "23+4");
    // 24+3 would bring the two together again on 27.
    assert_legal(&pos, &rules, &["27+3"]);
}

/// 003: "But a player could move one pawn of his blockade and then use another increment ... to
/// move a pawn from behind onto the space in question to reform the blockade."
#[test]
fn another_pawn_may_reform_a_blockade_one_of_its_pawns_left() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "20,20,17,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-3");
    // 17+3 would be a third pawn on 20, and 17+4 would pass the pair.
    assert_legal(&pos, &rules, &["20+3", "20+4"]);
    play(&mut pos, &rules, "20+4");
    assert_legal(&pos, &rules, &["17+3", "20+3", "24+3"]);
    play(&mut pos, &rules, "17+3");
    assert_notation(&pos, &rules, "24,20,20,h/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}

/// 003: "(TR) A die interval that would take pawn beyond a blockade may land the pawn on the
/// space immediately behind a blockade with the rest of the interval ignored."
#[test]
fn tr_a_die_that_would_pass_a_blockade_stops_the_pawn_just_behind_it() {
    let rules = rules_of("parcheesi-tr", &[]);
    same_square(&rules, 0, 14, 2, 48);
    let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Rt -", "6-1");
    // 10+6:3 would leave the 1 unusable against the blockade.
    assert_legal(&pos, &rules, &["10+1"]);
    play(&mut pos, &rules, "10+1");
    assert_legal(&pos, &rules, &["11+6:2"]);
    play(&mut pos, &rules, "11+6:2");
    assert_notation(&pos, &rules, "13,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Bt -");
    // Alone, the 6 stops behind the blockade.
    let mut pos = at(&rules, "10,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Rm 6");
    assert_legal(&pos, &rules, &["10+6:3"]);
    play(&mut pos, &rules, "10+6:3");
    assert_eq!(pos.pieces_of(0)[0], 13);
    // Selchow & Righter: the 6 is forfeited instead.
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/48,48,0,0/0,0,0,0 Rt -", "6-1");
    assert_legal(&pos, &rules, &["10+1"]);
    play(&mut pos, &rules, "10+1");
    assert_legal(&pos, &rules, &["-"]);
}

/// 003: "A pawn may not move to a safety space occupied by an opponent's pawn."
#[test]
fn no_pawn_lands_on_a_safety_space_held_by_an_opponent() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 8, 1, 59);
    assert!(is_castle(&rules, 0, 8));
    let mut pos = after_throw(&rules, "5,h,h,h/59,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-1");
    assert_legal(&pos, &rules, &["5+1"]);
    play(&mut pos, &rules, "5+1");
    // Passing it is allowed.
    assert_legal(&pos, &rules, &["6+3"]);
    play(&mut pos, &rules, "6+3");
    assert_notation(&pos, &rules, "9,h,h,h/59,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}

/// 003: "If a dice increment lands your pawn on the same non-safety space as an opponent's pawn
/// sitting alone, the opponent's pawn is sent back to start"; "Unlike in checkers, capturing is
/// not mandatory".
#[test]
fn landing_on_a_lone_opponent_off_the_safety_spaces_sends_it_back_to_the_nest() {
    let rules = rules_of("parcheesi-pb", &[]);
    same_square(&rules, 0, 9, 1, 60);
    let mut pos = after_throw(&rules, "5,h,h,h/60,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
    assert_legal(&pos, &rules, &["5+1", "5+4"]);
    play(&mut pos, &rules, "5+4");
    assert_notation(&pos, &rules, "9,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1");
}
