//! Parcheesi scenario tests of the "(nr)" readings, where 003 can be read more than one way: a
//! throw used whole or not at all, capturing by overtaking; and the positions and family fields
//! refused, and a die spent before a bonus of the same value.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;
use pachisi_core::Position;

// ---------------------------------------------------------------------------------------------
// The "(nr)" readings
// ---------------------------------------------------------------------------------------------

/// 003: "(nr) For some (MB) versions the entire throw must be used up or forfeited completely."
#[test]
fn nr_all_or_nothing_forfeits_a_throw_that_cannot_be_used_whole() {
    let rules = rules_of("parcheesi-mb", &["moves.usage=all-or-nothing"]);
    let pos = after_throw(&rules, "67,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
    assert_notation(&pos, &rules, "67,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
    let pos = after_throw(&rules, "10,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
    assert_legal(&pos, &rules, &["10+4", "10+6"]);
    // Without the switch, the 4 is used.
    let rules = rules_of("parcheesi-mb", &[]);
    let pos = after_throw(&rules, "67,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
    assert_legal(&pos, &rules, &["67+4"]);
}

/// 003: "(nr) One (MB) version states that "overtaking" an opponent's pawn (not on a safety
/// space) captures it."
#[test]
fn nr_overtaking_a_lone_opponent_off_the_safety_spaces_captures_it() {
    let rules = rules_of("parcheesi-mb", &["capture.overtake=true"]);
    same_square(&rules, 0, 12, 1, 63);
    same_square(&rules, 0, 13, 1, 64);
    assert!(!is_castle(&rules, 0, 12) && is_castle(&rules, 0, 13));
    let mut pos = after_throw(&rules, "10,h,h,h/63,64,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
    play(&mut pos, &rules, "10+4");
    // The pawn on 12 is captured; the one on the safety space 13 is not.
    assert_notation(&pos, &rules, "14,h,h,h/0,64,0,0/0,0,0,0/0,0,0,0 Rm 1,20b");
    // Without the switch, passing captures nothing.
    let rules = rules_of("parcheesi-mb", &[]);
    let mut pos = after_throw(&rules, "10,h,h,h/63,64,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
    play(&mut pos, &rules, "10+4");
    assert_notation(&pos, &rules, "14,h,h,h/63,64,0,0/0,0,0,0/0,0,0,0 Rm 1");
}

/// 003: "The dice throw is divided into two increments", and a doublet's undersides make four.
/// Positions whose pool no throw can leave are refused, so nothing downstream meets them: a pool
/// waiting while a throw is due (each throw is spent before the next), a number no die shows, more
/// than four increments.
#[test]
fn positions_with_a_pool_no_throw_can_leave_are_refused() {
    let rules = rules_of("parcheesi-sr", &[]);
    for text in [
        "0,0,0,0/0,0,0,0/0,0,0,0/0,5,0,0 Yt 7",
        "0,0,0,0/0,0,0,0/0,0,0,0/0,5,0,0 Ym 7",
        "20,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,1,6s,6s,2",
        "20,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5,30b",
        "20,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2,2,9s,9s",
    ] {
        assert!(
            Position::from_notation(&rules, text).is_err(),
            "`{text}` should be refused"
        );
    }
    // What a throw can leave reads back.
    for text in [
        "20,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,1,6s,6s again streak=0x1 entered=R",
        "20,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5,20b,10b entered=R",
    ] {
        round_trip(&at(&rules, text), &rules);
    }
    // One die: a 6's top and bottom are one increment of 7.
    let one_die = rules_of("parcheesi-sr", &ONE_DIE);
    round_trip(
        &at(
            &one_die,
            "20,30,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 7s again streak=0x1",
        ),
        &one_die,
    );
    assert!(Position::from_notation(&one_die, "20,30,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 7").is_err());
}

/// Rulesets whose Parcheesi or Ludo fields contradict each other, or the rest of the ruleset, are
/// refused with an error naming the field to change (003's rules need each throw spent before the
/// next, blockades are pairs, a nest has an entry square, and so on).
#[test]
fn contradictory_family_fields_are_refused_naming_the_field() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("pachisi", &["doubles.enabled=true"], "doubles.enabled"),
        (
            "parcheesi-sr",
            &["throw.faces=[1,2,5,6]"],
            "doubles.undersides",
        ),
        (
            "parcheesi-sr",
            &["turn.three_in_a_row=void-third"],
            "turn.three_in_a_row",
        ),
        ("parcheesi-sr", &["turn.spend=after-throwing"], "turn.spend"),
        ("parcheesi-sr", &["moves.pass=true"], "moves.usage"),
        (
            "parcheesi-sr",
            &["moves.go_round_again=true"],
            "moves.blockades",
        ),
        (
            "parcheesi-sr",
            &["moves.entry=free", "throw.grace=[]"],
            "moves.entry",
        ),
        ("parcheesi-sr", &["throw.grace=[13]"], "throw.grace"),
        ("parcheesi-sr", &["turn.opening=[5]"], "turn.opening"),
        (
            "parcheesi-sr",
            &["board.corner_squares=3"],
            "board.corner_squares",
        ),
        (
            "parcheesi-sr",
            &["board.entry_offset=68"],
            "board.entry_offset",
        ),
        (
            "parcheesi-sr",
            &["moves.stack_limit=3"],
            "moves.stack_limit",
        ),
        (
            "ludo",
            &["moves.go_round_again=true"],
            "moves.go_round_again",
        ),
        (
            "ludo",
            &["moves.first_piece_free=true"],
            "moves.first_piece_free",
        ),
        (
            "ludo",
            &["moves.stop_behind_blockade=true"],
            "moves.stop_behind_blockade",
        ),
        ("ludo", &["moves.blockades=true"], "moves.stack_limit"),
        (
            "ludo",
            &[
                "moves.blockades=true",
                "moves.stack_limit=2",
                "moves.pairs=true",
            ],
            "moves.blockades",
        ),
        ("ludo", &["throw.separate_dice=true"], "throw.separate_dice"),
        ("pachisi", &["capture.on_entry=true"], "capture.on_entry"),
        ("pachisi", &["board.castles=entry-squares"], "board.castles"),
        ("humphries-1904", &["capture.bonus=20"], "capture.bonus"),
    ];
    for &(name, overrides, field) in cases {
        let e = refused(name, overrides);
        assert_eq!(field_of(&e), field, "{name} {overrides:?}: {e}");
        assert!(e.to_string().contains(field), "{e}");
    }
}

/// 003: the capture bonus is "to be taken in its entirety by one pawn, or forfeited". Where a
/// bonus and a die are worth the same, a move spends the die first, so the optional bonus is what
/// stays: the board ends the same either way, and the player may still forfeit it.
#[test]
fn a_move_spends_a_die_before_a_bonus_of_the_same_value() {
    let rules = rules_of("parcheesi-sr", &["capture.bonus=3"]);
    let mut pos = at(
        &rules,
        "10,20,30,40/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3,3b entered=R",
    );
    assert!(!is_legal(&pos, &rules, "-"), "the die must be used");
    play(&mut pos, &rules, "10+3");
    assert_notation(
        &pos,
        &rules,
        "13,20,30,40/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3b entered=R",
    );
    assert!(is_legal(&pos, &rules, "-"), "the bonus may be forfeited");
}
