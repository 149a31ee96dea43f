//! Scenario tests of choosing moves: passing, or using a usable throw where passing is not
//! optional, a throw that could only reach an opponent's castle skipped, splitting a throw between
//! pieces, and Humphries' pairs (half the throw, hitting and breaking them).
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 004 the encyclopedia
//! section), and quotes the phrase it tests. Progress numbers count along each seat's own route, as
//! tests/scenarios.rs describes.

use crate::common::*;
use pachisi_core::{Move, Position};

// ---------------------------------------------------------------------------------------------
// Choosing moves
// ---------------------------------------------------------------------------------------------

/// 000: "What is very important, moving pieces after throw is not mandatory. This means that
/// after the roll player may decide to pass."
#[test]
fn moving_after_a_throw_is_not_mandatory() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    assert_legal(&pos, &rules, &["5+3", "-"]);
    play(&mut pos, &rules, "-");
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 000: "moving pieces after throw is not mandatory" is optional: without it a throw that can be
/// used must be used (002 knows no passing), and a pass is offered only when nothing else is
/// legal.
#[test]
fn without_optional_passing_a_usable_throw_must_be_used() {
    let rules = rules_of("pachisi", &["moves.pass=false"]);
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    assert_legal(&pos, &rules, &["5+3"]);
    assert!(pos.play(&rules, Move::Pass).is_err());
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 25);
    assert_legal(&pos, &rules, &["E25"]);
    // Nothing to move: the throw is forfeited.
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_eq!(pos.to_move(), 1);
}

/// 001: "If you land in a condition in which you get the number which allows you to only move
/// your piece to the ‘safe block’ occupied by the opponent. In such a case, you shall skip your
/// turn."
#[test]
fn a_throw_that_could_only_reach_an_opponents_castle_is_skipped() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 13, 1, 64);
    let mut pos = after_throw(&rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    assert_legal(&pos, &rules, &["-"]);
    play(&mut pos, &rules, "-");
    assert_notation(&pos, &rules, "10,h,h,h/64,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}

/// 000 optional rule 2: "A player can move any number of his pieces with a single throw (not
/// only one) by spliting the value of the roll between the pieces. For example after throwing 10
/// he can move one pawn 6 squares forward and another piece 4 squares forward."
#[test]
fn a_throw_of_10_may_move_one_piece_6_and_another_4() {
    let rules = rules_of("pachisi", &["moves.split=true"]);
    let mut pos = at(&rules, "5,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    play(&mut pos, &rules, "5+10:6");
    assert_eq!(
        pos.to_notation(&rules),
        "11,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 4s again entered=Y"
    );
    // The 4 left over may itself be split again.
    assert!(is_legal(&pos, &rules, "11+4"));
    assert!(is_legal(&pos, &rules, "20+4"));
    assert!(is_legal(&pos, &rules, "20+4:1"));
    assert!(!is_legal(&pos, &rules, "E4"));
    play(&mut pos, &rules, "20+4");
    // The 10 was a grace: another throw follows.
    assert_eq!(
        pos.to_notation(&rules),
        "11,24,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y"
    );
}

/// 000 optional rule 2 splits "the value of the roll between the pieces": what is left of a
/// split grace only moves; it introduces no piece.
#[test]
fn what_is_left_of_a_split_grace_cannot_introduce_a_piece() {
    let rules = rules_of("pachisi", &["moves.split=true"]);
    let mut pos = at(&rules, "5,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    assert!(is_legal(&pos, &rules, "E10"));
    play(&mut pos, &rules, "5+10:4");
    assert_eq!(pos.pool().items().len(), 1);
    assert!(is_legal(&pos, &rules, "9+6"));
    assert!(!is_legal(&pos, &rules, "E6"));
    assert!(!legal(&pos, &rules).iter().any(|m| m.starts_with('E')));
}

/// 004: "Only one piece may be moved with a single throw"; splitting is optional (000 rule 2).
#[test]
fn without_splitting_a_throw_moves_one_piece_its_whole_value() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = at(&rules, "5,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    assert!(!is_legal(&pos, &rules, "5+10:6"));
    assert_legal(&pos, &rules, &["E10", "5+10", "20+10", "-"]);
}

// ---------------------------------------------------------------------------------------------
// Pairs (Humphries)
// ---------------------------------------------------------------------------------------------

/// 001: "The pairs can move half the number of steps as compared to the number you get on the
/// dice/seashells (for instance, your pair can only move 1 step if you get 2)."
#[test]
fn a_pair_moves_half_the_throw() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = after_throw(&rules, "10,10,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert_legal(&pos, &rules, &["10+2p", "-"]);
    play(&mut pos, &rules, "10+2p");
    assert_notation(&pos, &rules, "11,11,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}

/// 001: "A single piece cannot ‘hit’ the opponent’s pair".
#[test]
fn a_single_piece_cannot_hit_a_pair() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 12, 1, 63);
    let pos = after_throw(&rules, "9,h,h,h/63,63,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    assert_legal(&pos, &rules, &["-"]);
    // A single Green piece there is hit.
    let mut pos = after_throw(&rules, "9,h,h,h/63,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    play(&mut pos, &rules, "9+3");
    assert_eq!(pos.pieces_of(1), &[0, 0, 0, 0]);
}

/// 001: "but a ‘pair’ by the player can ‘hit’ the opponent’s pair. In this case, both the pieces
/// from the ‘pair’ of the opponent land back on the ‘0’ mark."
#[test]
fn a_pair_hits_a_pair() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 12, 1, 63);
    let mut pos = after_throw(&rules, "10,10,h,h/63,63,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4p");
    // The hit earns another throw (001), in the same turn: the pair is remembered as moved.
    assert_eq!(
        pos.to_notation(&rules),
        "12,12,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - streak=4x1 arrived=0,1"
    );
}

/// 001: "You can break the pair on a block which has a ‘cross’ symbol and move the pieces
/// individually".
#[test]
fn a_pair_can_be_broken_only_on_a_castle() {
    let rules = rules_of("humphries-1904", &[]);
    assert_eq!(square_name(&rules, 0, 13), "0l4");
    let mut pos = after_throw(&rules, "13,13,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert_legal(&pos, &rules, &["13+2", "13+2p", "-"]);
    play(&mut pos, &rules, "13+2");
    assert_eq!(pos.pieces_of(0)[..2], [15, 13]);
    // Off a castle the two move together.
    let pos = after_throw(&rules, "11,11,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert_legal(&pos, &rules, &["11+2p", "-"]);
}
