//! Parcheesi scenario tests of using the dice and winning: as many increments as possible must be
//! used, the player choosing which where only one can, the documented game's finish with the 1 of
//! a throw, the exact count into the finish, and the winner and further placings.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;
use pachisi_core::Phase;

// ---------------------------------------------------------------------------------------------
// Using the dice
// ---------------------------------------------------------------------------------------------

/// 003: "A player must use up as many increments as possible even if the only pawns that are
/// capable of making certain movements are not the pawns the player wishes to assign the
/// increments to."
#[test]
fn as_many_increments_as_possible_must_be_used() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        // Green's blockade on Red's 17 stops 12+6; only 10+6 with 67+2 uses both dice.
        same_square(&rules, 0, 17, 2, 51);
        let pos = after_throw(&rules, "10,67,h,h/0,0,0,0/51,51,0,0/0,0,0,0 Rt -", "6-2");
        let expected: &[&str] = if name == "parcheesi-tr" {
            // Transogram may stop 10+6 behind the blockade too: 10+6 then 67+2, or 10+2 then
            // 12+6:4, or 67+2 then either.
            &["10+2", "10+6", "67+2"]
        } else {
            &["10+6", "67+2"]
        };
        assert_legal(&pos, &rules, expected);
    }
}

/// 003: "(SR), (PB), (TR), some (MB) If the player cannot make legal moves using both increments
/// he may choose to use one die and ignore/forfeit the other"; "The actual Parcheesi rules let
/// the player choose which die increment to use."
#[test]
fn a_player_who_can_use_only_one_die_chooses_which() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "66,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
        assert_legal(&pos, &rules, &["66+4", "66+6"]);
        let thrown = pos;
        play(&mut pos, &rules, "66+4");
        assert_legal(&pos, &rules, &["-"]);
        let mut pos = thrown;
        play(&mut pos, &rules, "66+6");
        assert_eq!(pos.winner(), Some(0));
    }
}

/// 003: "There is actually a documented game where a player had one pawn still in play and it
/// was on the last space on the home stretch. Forfeiting the smaller increment would make it
/// impossible to move that pawn the last space into the finish area. (Rolling double 1 would
/// grant 14 spaces all of which are forfeited if all could not be taken, while rolling 1 and
/// another number would discard the one.)"
#[test]
fn the_documented_game_one_pawn_on_the_last_space_finishes_with_the_1_of_a_1_and_another_number() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        assert_eq!(square_name(&rules, 0, 71), "0m1");
        for dice in ["2-1", "3-1", "4-1", "5-1", "6-1"] {
            let mut pos = after_throw(&rules, "71,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Rt -", dice);
            assert_legal(&pos, &rules, &["71+1"]);
            play(&mut pos, &rules, "71+1");
            assert_notation(
                &pos,
                &rules,
                "h,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Rx - placed=0",
            );
        }
    }
    // Selchow & Righter: double 1 grants 14, which cannot all be taken, so all is forfeited.
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "71,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Rt -", "1-1");
    assert_notation(
        &pos,
        &rules,
        "71,h,h,h/10,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1",
    );
}

/// 003: "Pawns must enter the finish area by exact count"; "It is not necessary for a pawn to
/// pause on the safety space in front of the home stretch."
#[test]
fn pawns_enter_the_finish_by_exact_count() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "68,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-3");
    assert_legal(&pos, &rules, &["68+3"]);
    play(&mut pos, &rules, "68+3");
    assert_legal(&pos, &rules, &["-"]);
    let mut pos = after_throw(&rules, "68,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "4-1");
    play(&mut pos, &rules, "68+4");
    assert_eq!(pos.phase(), Phase::Over);
    // Straight past the entrance into the home stretch.
    let mut pos = after_throw(&rules, "60,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-1");
    play(&mut pos, &rules, "60+6");
    assert_eq!(square_name(&rules, 0, pos.pieces_of(0)[0]), "0m6");
}

// ---------------------------------------------------------------------------------------------
// Winning
// ---------------------------------------------------------------------------------------------

/// 003: "The first player to retire all of his pawns wins."
#[test]
fn the_first_player_to_retire_all_four_pawns_wins() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "71,h,h,h/70,h,h,h/0,0,0,0/0,0,0,0 Rt -", "3-1");
    play(&mut pos, &rules, "71+1");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.winner(), Some(0));
    assert_eq!(pos.placings(), &[0]);
    // The last pawn home earns no finish bonus: nobody is left to take it.
    assert!(pos.pool().is_empty());
}

/// 003: "Optionally with a house rule, play can continue to determine second place winner, etc."
#[test]
fn with_all_placings_play_goes_on_for_second_place() {
    let rules = rules_of("parcheesi-sr", &["finish.placings=all"]);
    let mut pos = after_throw(&rules, "71,h,h,h/71,h,h,h/10,0,0,0/10,0,0,0 Rt -", "3-1");
    play(&mut pos, &rules, "71+1");
    assert_notation(
        &pos,
        &rules,
        "h,h,h,h/71,h,h,h/10,0,0,0/10,0,0,0 Bt - placed=0",
    );
    throw(&mut pos, &rules, "3-1");
    play(&mut pos, &rules, "71+1");
    assert_eq!(pos.placings(), &[0, 1]);
    assert_eq!((pos.to_move(), pos.phase()), (2, Phase::Throw));
    throw(&mut pos, &rules, "6-4");
    spend_all(&mut pos, &rules);
    assert_eq!(pos.to_move(), 3);
    throw(&mut pos, &rules, "6-4");
    spend_all(&mut pos, &rules);
    // Red and Blue, finished, are skipped.
    assert_eq!((pos.to_move(), pos.phase()), (2, Phase::Throw));
}
