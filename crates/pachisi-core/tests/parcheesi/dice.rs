//! Parcheesi scenario tests of the dice and doublets: two separate dice and their 21 throws, each
//! die an increment (or, in some MB versions, one increment of their total), the one-die version,
//! and the doublets: throwing again, the 14 of the undersides and when it counts, the increments
//! that must all be used, and the third doublet's penalty.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;
use pachisi_core::Phase;

// ---------------------------------------------------------------------------------------------
// The dice
// ---------------------------------------------------------------------------------------------

/// 003: "(SR), (PB), most (MB), (TR), and most other versions use two dice for each move"; "The
/// dice throw is divided into two increments ... corresponding to the spot counts uppermost on
/// the two dice."
#[test]
fn two_separate_dice_have_21_throws_a_doublet_one_time_in_36_and_any_other_two_in_36() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let outcomes = rules.outcomes();
        assert_eq!(outcomes.len(), 21, "{name}");
        let mut expected = Vec::new();
        for a in 1..=6u8 {
            for b in 1..=a {
                expected.push(format!("{a}-{b}"));
            }
        }
        let names: Vec<String> = outcomes.iter().map(|o| o.name.to_string()).collect();
        assert_eq!(names, expected, "{name}");
        for o in outcomes {
            let [a, b, third] = o.dice;
            assert_eq!(third, 0, "two dice leave the third slot empty");
            let p = if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 };
            assert_eq!(o.probability, p, "{name} {}", o.name);
            assert_eq!(o.doublet, a == b, "{name} {}", o.name);
            assert_eq!(o.value, a + b);
        }
        let total: f64 = outcomes.iter().map(|o| o.probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}

/// 003: "A throw of 6 and 1 can therefore allow moving one pawn 7 spaces, or moving one pawn one
/// space and another pawn 6 spaces. One increment may not be split between/among two or more
/// pawns."
#[test]
fn each_die_is_an_increment_for_the_same_pawn_or_another() {
    let rules = rules_of("parcheesi-sr", &[]);
    let start = at(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -");
    let mut pos = start;
    throw(&mut pos, &rules, "6-1");
    assert_notation(&pos, &rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 6,1");
    assert_legal(&pos, &rules, &["10+1", "10+6", "20+1", "20+6"]);
    assert!(!is_legal(&pos, &rules, "10+7"));
    assert!(!is_legal(&pos, &rules, "10+6:3"));
    let thrown = pos;
    // One pawn 7 spaces.
    play(&mut pos, &rules, "10+6");
    assert_legal(&pos, &rules, &["16+1", "20+1"]);
    play(&mut pos, &rules, "16+1");
    assert_eq!(pos.pieces_of(0), &[17, 20, 72, 72]);
    // Or one pawn one space and another six.
    let mut pos = thrown;
    play(&mut pos, &rules, "10+1");
    play(&mut pos, &rules, "20+6");
    assert_eq!(pos.pieces_of(0), &[11, 26, 72, 72]);
    assert_eq!(pos.to_move(), 1);
}

/// 003: "Exception: some (MB) versions treat both dice as one increment."
#[test]
fn the_mb_one_increment_reading_moves_one_pawn_by_the_total() {
    // The dice count their total only without doublets or entering "as the sum".
    let e = refused("parcheesi-mb", &["throw.separate_dice=false"]);
    assert_eq!(field_of(&e), "doubles.enabled");
    let e = refused(
        "parcheesi-mb",
        &["throw.separate_dice=false", "doubles.enabled=false"],
    );
    assert_eq!(field_of(&e), "moves.enter_with_sum");
    let rules = rules_of("parcheesi-mb", &MB_ONE_INCREMENT);
    let values: Vec<u8> = rules.outcomes().iter().map(|o| o.value).collect();
    assert_eq!(values, (2..=12).collect::<Vec<u8>>());
    let seven = rules.outcome(rules.throw_by_value(7).expect("a 7"));
    assert_eq!(seven.probability, 6.0 / 36.0);
    assert!(rules
        .outcomes()
        .iter()
        .all(|o| !o.doublet && !o.extra_throw));
    // A 6 and a 1 are one increment of 7: it cannot be shared between two pawns.
    let mut pos = after_throw(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "7");
    assert_notation(&pos, &rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 7");
    assert_legal(&pos, &rules, &["10+7", "20+7"]);
    play(&mut pos, &rules, "10+7");
    assert_eq!(pos.to_move(), 1);
    // A total of 5 enters a pawn.
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5");
    assert_legal(&pos, &rules, &["10+5", "E5"]);
}

/// 003: "One version that uses one die for plays adapts the doubles bonuses and penalties to the
/// roll of 6. Included is granting 7 spaces of movement corresponding to the spots on the top
/// and bottom of the die, after all pawns are out of the start area, although it is considered
/// one increment and not two."
#[test]
fn with_one_die_a_6_is_a_doublet_worth_one_increment_of_7_once_all_pawns_are_out() {
    let rules = rules_of("parcheesi-sr", &ONE_DIE);
    let table: Vec<(u8, bool, bool, f64)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.value, o.doublet, o.extra_throw, o.probability))
        .collect();
    let sixth = 1.0 / 6.0;
    assert_eq!(
        table,
        [
            (1, false, false, sixth),
            (2, false, false, sixth),
            (3, false, false, sixth),
            (4, false, false, sixth),
            (5, false, false, sixth),
            (6, true, true, sixth),
        ]
    );
    // All pawns out: the 6 is one increment of 7, and the player throws again.
    let mut pos = after_throw(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6");
    assert_notation(
        &pos,
        &rules,
        "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 7s again streak=0x1",
    );
    assert_legal(&pos, &rules, &["10+7", "20+7"]);
    play(&mut pos, &rules, "10+7");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    // A pawn still in the nest: the 6 is worth 6.
    let pos = after_throw(&rules, "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6");
    assert_notation(
        &pos,
        &rules,
        "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 6 again streak=0x1",
    );
    assert_legal(&pos, &rules, &["10+6", "20+6"]);
    // A third 6 is a third doublet.
    let mut pos = at(&rules, "10,66,30,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x2");
    throw(&mut pos, &rules, "6");
    assert_notation(&pos, &rules, "10,0,30,h/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}

// ---------------------------------------------------------------------------------------------
// Doublets
// ---------------------------------------------------------------------------------------------

/// 003: "(SR), (TR), some (MB): After completing moves using a throw of doubles the player rolls
/// the dice again and gets to move again."
#[test]
fn after_a_doublet_the_player_throws_again() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
        spend_all(&mut pos, &rules);
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw), "{name}");
        // Not after other throws.
        throw(&mut pos, &rules, "2-1");
        spend_all(&mut pos, &rules);
        assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throw), "{name}");
    }
}

/// 003: "(SR) If all of his pawns are out of the start area, a roll of doubles gives the player
/// 14 spaces of movement as four increments corresponding to the spot values uppermost on the
/// dice and the spot counts on the undersides of the dice."
#[test]
fn sr_a_doublet_gives_14_as_four_increments_only_once_all_pawns_are_out() {
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    assert_notation(
        &pos,
        &rules,
        "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2,2,5s,5s again streak=0x1",
    );
    let pos = after_throw(&rules, "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
    assert_notation(
        &pos,
        &rules,
        "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2,2 again streak=0x1",
    );
}

/// 003: "(MB) The 14 spaces of movement are granted all of the time as 4 increments. (TR) The 14
/// spaces of movement are granted all the time"; "(PB) This bonus is not given."
#[test]
fn mb_and_tr_doublets_always_give_14_and_pb_doublets_never_do() {
    for (name, pool) in [
        ("parcheesi-mb", "2,2,5s,5s again streak=0x1"),
        // Transogram's 14 is divisible: its four numbers are shares of one 14.
        ("parcheesi-tr", "2f,2f,5fs,5fs again streak=0x1"),
        ("parcheesi-pb", "2,2 again"),
    ] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
        assert_notation(
            &pos,
            &rules,
            &format!("10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm {pool}"),
        );
    }
}

/// 003: "Pawns must follow an entrance ritual starting with a five rolled on the dice, either a 5
/// coming up on one die, or as the sum of the numbers on the two dice"; the undersides give "14
/// spaces of movement". The 5s on the undersides of a double 2 did not come up, so they move
/// pawns and never enter one (the reading docs/rules.md gives).
#[test]
fn the_undersides_of_a_doublet_are_movement_and_never_enter_a_pawn() {
    for (name, overrides) in [
        ("parcheesi-mb", &[][..]),
        ("parcheesi-tr", &TR_FOUR_INCREMENTS[..]),
    ] {
        let rules = rules_of(name, overrides);
        let pos = after_throw(&rules, "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-2");
        assert_notation(
            &pos,
            &rules,
            "10,20,0,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2,2,5s,5s again streak=0x1",
        );
        assert_legal(&pos, &rules, &["10+2", "10+5", "20+2", "20+5"]);
    }
}

/// 003: "(SR), some (MB): If the player granted 14 spaces of movement cannot use up all 4
/// increments he may not move any pawns any distance for that throw. (He still rolls again.)"
#[test]
fn sr_a_player_who_cannot_use_all_four_increments_moves_nothing_but_throws_again() {
    // 12 spaces from the finish, 3-3-4-4 can use only three increments.
    for name in ["parcheesi-sr", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "60,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
        assert_notation(
            &pos,
            &rules,
            "60,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1",
        );
    }
    // Transogram does not impose it: as many increments as possible, when the 14 is read as four
    // increments,
    let rules = rules_of("parcheesi-tr", &TR_FOUR_INCREMENTS);
    let mut pos = after_throw(&rules, "60,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    assert_legal(&pos, &rules, &["60+3", "60+4"]);
    play(&mut pos, &rules, "60+3");
    assert_legal(&pos, &rules, &["63+3", "63+4"]);
    // and as many of the 14 squares as possible where they are divisible: 11, since a doublet
    // finishes a pawn only from 14 out.
    let rules = rules_of("parcheesi-tr", &[]);
    let pos = after_throw(&rules, "60,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    assert_legal(&pos, &rules, &["60+14:11"]);
}

/// Transogram's doublet read as four increments, like the other editions' (the readings of the
/// 14 are tested in tests/readings.rs).
const TR_FOUR_INCREMENTS: [&str; 2] = [
    "doubles.fourteen=increments",
    "doubles.finish_from_fourteen=false",
];

/// 003: "(SR), some (MB) If the player rolls a third set of doubles during the same turn he must
/// immediately take the pawn closest to the finish (including a pawn on his home stretch) and put
/// it back in the start area. No one receives a capture bonus. His turn then ends with no
/// movement granted for the throw."
#[test]
fn sr_a_third_doublet_sends_the_pawn_closest_to_finish_back_and_ends_the_turn() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "1-1");
    assert_notation(
        &pos,
        &rules,
        "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,1 again streak=0x1",
    );
    play(&mut pos, &rules, "10+1");
    play(&mut pos, &rules, "11+1");
    throw(&mut pos, &rules, "2-2");
    assert_notation(
        &pos,
        &rules,
        "12,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 2,2 again streak=0x2",
    );
    play(&mut pos, &rules, "12+2");
    play(&mut pos, &rules, "14+2");
    throw(&mut pos, &rules, "3-3");
    // The pawn on the home stretch (66) goes back; nothing moves; Blue's turn.
    assert_notation(&pos, &rules, "16,0,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
    // Milton Bradley alike.
    let rules = rules_of("parcheesi-mb", &[]);
    let mut pos = at(&rules, "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x2");
    throw(&mut pos, &rules, "4-4");
    assert_notation(&pos, &rules, "10,0,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
    // A third throw that is no doublet is played as usual.
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = at(&rules, "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x2");
    throw(&mut pos, &rules, "4-3");
    assert_eq!(pos.phase(), Phase::Move);
    assert_eq!(pos.pieces_of(0), &[10, 66, 30, 0]);
}

/// 003: "(TR) v1960: If the player threw two sets of doubles in the same turn and rolled doubles
/// again then there is no movement".
#[test]
fn tr_a_third_doublet_gives_no_movement_and_ends_the_turn() {
    let rules = rules_of("parcheesi-tr", &[]);
    let mut pos = at(&rules, "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x2");
    throw(&mut pos, &rules, "4-4");
    assert_notation(&pos, &rules, "10,66,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}

/// 003: "(PB), (TR) v1938: No penalty, and also another throw after doubles is unlimited."
#[test]
fn pb_doublets_earn_throws_without_limit() {
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = at(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -");
    for dice in ["1-1", "2-2", "3-3", "4-4"] {
        throw(&mut pos, &rules, dice);
        assert_eq!(pos.phase(), Phase::Move, "{dice}");
        spend_all(&mut pos, &rules);
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw), "{dice}");
    }
    // TR v1938 likewise.
    let rules = rules_of("parcheesi-tr", &["doubles.third=none"]);
    let mut pos = at(&rules, "10,20,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -");
    for dice in ["1-1", "1-1", "1-1"] {
        throw(&mut pos, &rules, dice);
        spend_all(&mut pos, &rules);
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw), "{dice}");
    }
}

/// 003: "(PB) If all of the increments cannot be used then the player does not roll again."
#[test]
fn pb_a_doublet_whose_increments_cannot_all_be_used_earns_no_throw() {
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = after_throw(&rules, "68,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-3");
    assert_notation(&pos, &rules, "68,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3,3");
    assert_legal(&pos, &rules, &["68+3"]);
    play(&mut pos, &rules, "68+3");
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_notation(&pos, &rules, "71,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Bt -");
}
