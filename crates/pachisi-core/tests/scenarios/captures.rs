//! Scenario tests of captures and castles: a capture sends every opposing piece on the square back
//! to the Charkoni, whence only a grace brings it out again; no piece lands on a castle an opponent
//! holds (nor, in Herklots, overtakes onto one); partners share squares, and without teams every
//! other player is an opponent.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 002 Herklots 1832), and quotes the phrase it tests. Progress
//! numbers count along each seat's own route, as tests/scenarios.rs describes.

use crate::common::*;

// ---------------------------------------------------------------------------------------------
// Captures and castles
// ---------------------------------------------------------------------------------------------

/// 000: "Piece can also land on a square occupied by enemy piece(s). In such situation enemy
/// pieces are captured. They must return to the Charkoni".
#[test]
fn a_capture_sends_every_opposing_piece_on_the_square_to_the_charkoni() {
    let rules = rules_of("pachisi", &[]);
    // Two Green pieces and a Red one (Green's partner) on Yellow's 14 (0l3).
    same_square(&rules, 0, 14, 1, 65);
    same_square(&rules, 0, 14, 3, 31);
    let mut pos = after_throw(&rules, "10,0,0,0/65,65,5,0/0,0,0,0/31,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_notation(&pos, &rules, "14,0,0,0/0,0,5,0/0,0,0,0/0,0,0,0 Gt -");
}

/// 000: "They must return to the Charkoni and may be introduced on board again after a grace
/// throw (so they lose all progress)."
#[test]
fn a_captured_piece_comes_back_only_with_a_grace() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = at(&rules, "10,0,0,0/65,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG");
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "10+4");
    throw(&mut pos, &rules, 4);
    assert_legal(&pos, &rules, &["-"]);
    let mut pos = at(&rules, "14,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=YG");
    throw(&mut pos, &rules, 6);
    assert_legal(&pos, &rules, &["E6", "-"]);
    play(&mut pos, &rules, "E6");
    assert_eq!(pos.pieces_of(1), &[1, 0, 0, 0]);
}

/// 000: "A piece on castle square may not be captured. Whats more, enemy piece may not move onto
/// a castle square that is already occupied by opponent’s piece."
#[test]
fn no_piece_may_land_on_a_castle_an_opponent_holds() {
    let rules = rules_of("pachisi", &[]);
    // Green on Yellow's 12, the castle 0l5.
    same_square(&rules, 0, 12, 1, 63);
    assert_eq!(square_name(&rules, 0, 12), "0l5");
    let pos = after_throw(&rules, "10,0,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert_legal(&pos, &rules, &["-"]);
    // Passing over it is allowed.
    let mut pos = after_throw(&rules, "10,0,0,0/63,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    play(&mut pos, &rules, "10+3");
    assert_eq!(pos.pieces_of(1), &[63, 0, 0, 0]);
}

/// 002: "except in the case of the twelve privileged squares, which are marked with a cross
/// (see plate); in that case the overtaking piece cannot move from its position."
#[test]
fn herklots_overtaking_piece_cannot_move_onto_a_privileged_square() {
    let rules = rules_of("herklots-1832", &[]);
    // Black on Yellow's 21 (1r5), a castle.
    same_square(&rules, 0, 21, 2, 55);
    let pos = after_throw(&rules, "18,h,h,h/0,0,0,0/55,0,0,0/0,0,0,0 Yt -", 3);
    assert_legal(&pos, &rules, &["-"]);
}

/// 000: "One square can be occupied by more than one piece of the same team."
#[test]
fn partners_share_squares_and_never_capture_each_other() {
    let rules = rules_of("pachisi", &[]);
    // Black, Yellow's partner, on Yellow's 14 and on the castle at Yellow's 12.
    same_square(&rules, 0, 14, 2, 48);
    same_square(&rules, 0, 12, 2, 46);
    let mut pos = after_throw(&rules, "10,10,0,0/0,0,0,0/48,46,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_notation(&pos, &rules, "14,10,0,0/0,0,0,0/48,46,0,0/0,0,0,0 Gt -");
    let mut pos = after_throw(&rules, "14,10,0,0/0,0,0,0/48,46,0,0/0,0,0,0 Yt -", 2);
    play(&mut pos, &rules, "10+2");
    assert_notation(&pos, &rules, "14,12,0,0/0,0,0,0/48,46,0,0/0,0,0,0 Gt -");
}

/// 002: "Any piece is liable, however, to be taken up and thrown back to the beginning ... by any
/// of the adversaries' pieces happening to fall upon its square". Playing each for himself, the
/// player opposite is an adversary too.
#[test]
fn without_teams_every_other_player_is_an_opponent() {
    let rules = rules_of("herklots-1832", &[]);
    same_square(&rules, 0, 14, 2, 48);
    let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/48,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_notation(&pos, &rules, "14,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
}
