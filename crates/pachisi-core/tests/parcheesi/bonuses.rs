//! Parcheesi scenario tests of bonuses: the 20 for a capture and the 10 for a pawn home (SR and MB),
//! taken whole by one pawn or forfeited, before the next throw, and never where it would spoil a
//! die.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Bonuses
// ---------------------------------------------------------------------------------------------

/// 003: "(SR), (TR), some (MB): Upon making a capture the player gets a 20 space increment (to be
/// taken in its entirety by one pawn, or forfeited)."
#[test]
fn a_capture_earns_20_for_one_pawn_to_take_whole_or_forfeit() {
    for name in ["parcheesi-sr", "parcheesi-tr", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        same_square(&rules, 0, 9, 1, 60);
        let mut pos = after_throw(&rules, "5,31,h,h/60,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
        play(&mut pos, &rules, "5+4");
        assert_notation(&pos, &rules, "9,31,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,20b");
        play(&mut pos, &rules, "31+1");
        assert_legal(&pos, &rules, &["-", "32+20", "9+20"]);
        assert!(!is_legal(&pos, &rules, "9+20:10"));
        let bonus = pos;
        play(&mut pos, &rules, "9+20");
        assert_eq!(pos.pieces_of(0), &[29, 32, 72, 72]);
        let mut pos = bonus;
        play(&mut pos, &rules, "-");
        assert_notation(&pos, &rules, "9,32,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
    }
    // "No capture bonus for (PB)".
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = after_throw(&rules, "5,31,h,h/60,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
    play(&mut pos, &rules, "5+4");
    assert_notation(&pos, &rules, "9,31,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1");
}

/// 003: "The capture bonus is taken before throwing the dice again (if applicable) after throwing
/// doubles."
#[test]
fn the_capture_bonus_is_taken_before_throwing_again() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 12, 1, 63);
    let mut pos = after_throw(&rules, "10,h,h,h/63,0,0,0/0,0,0,0/0,0,0,0 Rt -", "1-1");
    assert_notation(
        &pos,
        &rules,
        "10,h,h,h/63,0,0,0/0,0,0,0/0,0,0,0 Rm 1,1,6s,6s again streak=0x1",
    );
    play(&mut pos, &rules, "10+1");
    play(&mut pos, &rules, "11+1");
    assert_eq!(pos.pieces_of(1), &[0, 0, 0, 0]);
    play(&mut pos, &rules, "12+6");
    play(&mut pos, &rules, "18+6");
    // The dice are spent; the bonus is still to be taken, before the next throw.
    assert_notation(
        &pos,
        &rules,
        "24,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 20b again streak=0x1",
    );
    assert_legal(&pos, &rules, &["-", "24+20"]);
    play(&mut pos, &rules, "24+20");
    assert_notation(
        &pos,
        &rules,
        "44,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1",
    );
}

/// 003: "(SR) and some (MB): When a pawn enters the finish area, the player receives a 10 space
/// increment to be taken by one other pawn (the player's choice) or forfeited. (PB), (TR), and
/// some (MB) There is no finish bonus."
#[test]
fn bringing_a_pawn_home_earns_10_for_another_pawn_in_sr_and_mb_only() {
    for name in ["parcheesi-sr", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "70,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-1");
        play(&mut pos, &rules, "70+2");
        assert_notation(&pos, &rules, "h,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,10b");
        assert_legal(&pos, &rules, &["20+1", "20+10"]);
        play(&mut pos, &rules, "20+10");
        play(&mut pos, &rules, "30+1");
        assert_eq!(pos.pieces_of(0), &[72, 31, 72, 72]);
    }
    for name in ["parcheesi-pb", "parcheesi-tr"] {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "70,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-1");
        play(&mut pos, &rules, "70+2");
        assert_notation(&pos, &rules, "h,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1");
    }
}

/// 003: "to be taken by one other pawn (the player's choice) or forfeited": a bonus never brings
/// a pawn out of the nest.
#[test]
fn a_bonus_no_pawn_on_the_board_can_take_is_forfeited() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "70,0,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-1");
    assert_legal(&pos, &rules, &["70+1", "70+2"]);
    play(&mut pos, &rules, "70+2");
    assert_notation(&pos, &rules, "h,0,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,10b");
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_eq!(pos.to_move(), 1);
}

/// 003: "A player must use up as many increments as possible"; the capture bonus is "to be taken
/// in its entirety by one pawn, or forfeited": taking it may not cost a die.
#[test]
fn the_bonus_may_not_be_taken_where_it_would_spoil_a_die() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 48, 1, 31);
    let mut pos = after_throw(&rules, "45,h,h,h/31,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-3");
    assert_legal(&pos, &rules, &["45+3", "45+6"]);
    play(&mut pos, &rules, "45+3");
    assert_notation(&pos, &rules, "48,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 6,20b");
    // 48+20 reaches 68, from where the 6 would overshoot the finish.
    assert_legal(&pos, &rules, &["48+6"]);
    play(&mut pos, &rules, "48+6");
    assert_legal(&pos, &rules, &["-"]);
}
