//! Scenario tests of leaving the Charkoni: a grace introduces a piece onto the lane's first square
//! (or moves one instead) and earns another throw, a throw that is no grace introduces none, the
//! seven-cowrie rules for the first piece and the others, the encyclopedia's first piece that
//! leaves on any throw, and Herklots' and Humphries' pieces that start with any throw.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 004 the encyclopedia
//! section), and quotes the phrase it tests. Progress numbers count along each seat's own route, as
//! tests/scenarios.rs describes.

use crate::common::pachisi::*;
use crate::common::*;
use pachisi_core::{Phase, Position};

// ---------------------------------------------------------------------------------------------
// Leaving the Charkoni
// ---------------------------------------------------------------------------------------------

/// 000: "Player who got a grace has the right to introduce one of his pieces from the Charkoni
/// onto the board." and "The newly introduced piece always stays on the first square of central
/// column."
#[test]
fn a_grace_introduces_a_piece_onto_the_first_lane_square() {
    let rules = rules_of("pachisi", &[]);
    for grace in [6, 10, 25] {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, grace);
        assert_eq!(pos.phase(), Phase::Move);
        let enter = format!("E{grace}");
        assert_legal(&pos, &rules, &[enter.as_str(), "-"]);
        play(&mut pos, &rules, &enter);
        assert_eq!(
            pos.to_notation(&rules),
            "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y"
        );
        assert_eq!(square_name(&rules, 0, 1), "0m1");
    }
}

/// 000: "And if 6, 10, or 25 is thrown, the player gets so called grace"; only a grace
/// introduces a piece.
#[test]
fn a_throw_that_is_no_grace_cannot_introduce_a_piece() {
    let rules = rules_of("pachisi", &[]);
    for value in [2, 3, 4, 5] {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, value);
        assert_legal(&pos, &rules, &["-"]);
    }
}

/// 000: "They hold a piece on castle square and wait until a 25 is thrown"; 004: "throwing 10 or
/// 25, or 35 allows you to move the respective numbers ahead". A grace may move a piece instead
/// of introducing one.
#[test]
fn a_grace_may_move_a_piece_by_its_value_instead_of_introducing_one() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 25);
    assert_legal(&pos, &rules, &["E25", "5+25", "-"]);
    play(&mut pos, &rules, "5+25");
    assert_eq!(
        pos.to_notation(&rules),
        "30,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y"
    );
}

/// 000: "If the player has introduced all his pieces to game, grace throw gives him just another
/// throw."
#[test]
fn once_every_piece_is_in_play_a_grace_only_moves_and_throws_again() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = at(&rules, "5,9,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    assert_legal(&pos, &rules, &["5+10", "9+10", "20+10", "30+10", "-"]);
    play(&mut pos, &rules, "5+10");
    assert_eq!(pos.phase(), Phase::Throw);
    assert_eq!(pos.to_move(), 0);
}

/// 000: "Player who got a grace has the right to introduce one of his pieces from the Charkoni
/// onto the board. And this player also earns another additional move."
#[test]
fn a_grace_earns_another_throw_whether_it_introduces_moves_or_is_passed() {
    let rules = rules_of("pachisi", &[]);
    for (grace, mv) in [(6, "E6"), (10, "5+10"), (25, "-")] {
        let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, grace);
        play(&mut pos, &rules, mv);
        assert_eq!(
            (pos.to_move(), pos.phase()),
            (0, Phase::Throw),
            "{grace} spent as {mv}"
        );
    }
}

/// 000: "Player moves one of his pieces for as many fields as cowries shown." A throw without a
/// grace ends the turn.
#[test]
fn a_throw_without_a_grace_passes_the_turn_on() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    play(&mut pos, &rules, "5+3");
    assert_eq!(
        pos.to_notation(&rules),
        "8,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 000: "When playing with 7 cowries there is also a rule, that only throwing 10, 25 or 30 gives
/// you the ability introduce first pawn on board" (30 read as the table's 35).
#[test]
fn with_seven_cowries_only_10_25_or_35_introduce_the_first_piece() {
    let rules = rules_of("pachisi-7-cowries", &[]);
    for value in [7, 14] {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, value);
        assert_legal(&pos, &rules, &["-"]);
        // Still a grace's extra throw.
        play(&mut pos, &rules, "-");
        assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    }
    for value in [10, 25, 35] {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, value);
        let enter = format!("E{value}");
        assert_legal(&pos, &rules, &[enter.as_str(), "-"]);
    }
}

/// 000: the seven-cowrie table marks "0 7 (+ grace)" and "7 14 (+ grace)": once the first piece
/// is out, a 7 or a 14 introduces the others.
#[test]
fn with_seven_cowries_7_and_14_introduce_pieces_after_the_first() {
    let rules = rules_of("pachisi-7-cowries", &[]);
    for value in [7, 14] {
        let mut pos = at(&rules, "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, value);
        let enter = format!("E{value}");
        let advance = format!("1+{value}");
        assert_legal(&pos, &rules, &[enter.as_str(), advance.as_str(), "-"]);
    }
}

/// 000: "You can also assume that every time you 10, 25 or 30 to introduce a pawn and 7 and 14
/// only gives an extra move."
#[test]
fn with_seven_cowries_7_and_14_may_be_read_as_extra_throws_only() {
    let rules = rules_of("pachisi-7-cowries", &["throw.grace=[10,25,35]"]);
    let mut pos = after_throw(&rules, "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 7);
    assert_legal(&pos, &rules, &["1+7", "-"]);
    play(&mut pos, &rules, "1+7");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
}

/// 004: "Each player's first piece may leave the Charkoni on any throw"; it leaves as a move,
/// a throw of n landing on the n-th square.
#[test]
fn the_encyclopedias_first_piece_leaves_the_charkoni_on_any_throw() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["0+3", "-"]);
    play(&mut pos, &rules, "0+3");
    assert_eq!(
        pos.to_notation(&rules),
        "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 004: "Captured pieces may only enter the game again with a grace throw"; "this includes 10,
/// 25, or 35 to introduce another of their pieces". Only the first piece leaves freely.
#[test]
fn the_encyclopedias_later_pieces_need_a_grace() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    // Before the first piece is out, a grace may introduce it, or any throw carry it out.
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[10, 3]);
    assert!(is_legal(&pos, &rules, "E10"));
    assert!(is_legal(&pos, &rules, "0+3"));
    play(&mut pos, &rules, "0+3");
    // The first piece is out: the others need the grace.
    assert_legal(&pos, &rules, &["E10", "3+10", "-"]);
    let pos = after_throw(&rules, "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert_legal(&pos, &rules, &["3+4", "-"]);
}

/// 002: "His pieces (or gotee) start one by one from the middle row of his own rectangle.
/// beginning at the division next to the large central space."
#[test]
fn herklots_pieces_start_with_any_throw_from_the_square_next_to_the_charkoni() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["0+3"]);
    play(&mut pos, &rules, "0+3");
    assert_eq!(
        pos.to_notation(&rules),
        "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
    assert_eq!(square_name(&rules, 0, 3), "0m3");
}

/// 001: "The piece which gets ‘hit’ lands on the zero mark and starts the journey over again."
/// Humphries needs no grace to start.
#[test]
fn humphries_pieces_start_from_the_zero_mark_with_any_throw() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["0+3", "-"]);
    play(&mut pos, &rules, "0+3");
    assert_eq!(
        pos.to_notation(&rules),
        "3,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}
