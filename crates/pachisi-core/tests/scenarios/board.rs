//! Scenario tests of the board: the 75 squares a piece passes, the end castles 25 steps from the
//! Charkoni (and the 25 that takes a piece from one straight in), where the twelve castles stand
//! on Herklots' and Humphries' boards, and the clockwise board as the mirror image of the
//! counter-clockwise route.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 004 the encyclopedia
//! section), and quotes the phrase it tests. Progress numbers count along each seat's own route, as
//! tests/scenarios.rs describes.

use crate::common::*;
use std::collections::HashSet;

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// 000: "Each piece must pass 75 squares, starting with squares in the middle lane of player’s
/// arm, then go around the board and return through the center column of the player’s arm."
#[test]
fn a_piece_passes_75_distinct_squares() {
    let rules = rules_of("pachisi", &[]);
    assert_eq!(rules.route_len(), 83);
    for seat in 0..rules.seats() {
        let route = rules.route(seat);
        let distinct: HashSet<_> = route.iter().collect();
        assert_eq!(distinct.len(), 75, "seat {seat}");
        // Out down the middle lane, round the track, back up the same lane.
        let arm = rules.ruleset().players.seats[usize::from(seat)];
        assert_eq!(square_name(&rules, seat, 1), format!("{arm}m1"));
        assert_eq!(square_name(&rules, seat, 8), format!("{arm}m8"));
        assert_eq!(square_name(&rules, seat, 76), format!("{arm}m8"));
        assert_eq!(square_name(&rules, seat, 83), format!("{arm}m1"));
    }
}

/// 000: "Castle squares on the ends of arms (those in central column) are exactly 25 squares
/// from Charkoni"; 004: "Four of the castle squares are placed so they are exactly 25 moves from
/// the Charkoni."
#[test]
fn twenty_five_steps_lead_from_the_preceding_arms_end_castle_to_the_charkoni() {
    let rules = rules_of("pachisi", &[]);
    let topology = rules.topology();
    for seat in 0..rules.seats() {
        let arm = rules.ruleset().players.seats[usize::from(seat)];
        let before = (arm + 3) % 4;
        let castle = topology
            .parse_square(&format!("{before}m8"))
            .expect("a square");
        assert!(topology.is_castle(castle));
        let progress = (1..=rules.route_len())
            .find(|&p| rules.square_at(seat, p) == Some(castle))
            .expect("on the route");
        assert_eq!(rules.home() - progress, 25, "seat {seat}");
    }
}

/// 000: "They hold a piece on castle square and wait until a 25 is thrown. This gives the
/// possibility to put a piece directly to Charkoni".
#[test]
fn a_25_takes_a_piece_from_the_end_castle_straight_into_the_charkoni() {
    // Even where the Charkoni needs a direct throw.
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    let mut pos = at(&rules, "59,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    assert_eq!(square_name(&rules, 0, 59), "3m8");
    throw(&mut pos, &rules, 25);
    play(&mut pos, &rules, "59+25");
    assert_eq!(pos.pieces_of(0), &[rules.home(), 0, 0, 0]);
}

/// 002: "except in the case of the twelve privileged squares, which are marked with a cross";
/// 000: "Castle squares on the ends of arms (those in central column)".
#[test]
fn twelve_castles_stand_on_the_arm_ends_and_the_fifth_row_of_the_outer_columns() {
    let rules = rules_of("pachisi", &[]);
    let topology = rules.topology();
    let castles: Vec<String> = (0..topology.square_count())
        .map(|i| pachisi_core::Square(i as u8))
        .filter(|&sq| topology.is_castle(sq))
        .map(|sq| topology.name(sq).to_string())
        .collect();
    let mut expected = Vec::new();
    for arm in 0..4 {
        expected.extend([format!("{arm}l5"), format!("{arm}m8"), format!("{arm}r5")]);
    }
    assert_eq!(castles, expected);
    // Seen from Yellow's route.
    let on_route: Vec<u8> = (1..=rules.route_len())
        .filter(|&p| {
            rules
                .square_at(0, p)
                .is_some_and(|sq| topology.is_castle(sq))
        })
        .collect();
    assert_eq!(
        on_route,
        [8, 12, 21, 25, 29, 38, 42, 46, 55, 59, 63, 72, 76]
    );
}

/// 001: "the fifth square from the end of each outer row and the center square of the bottom
/// row are highlighted with a diagonal cross to show that a piece on either of these squares is
/// protected from being captured."
#[test]
fn humphries_castles_stand_on_the_fifth_square_from_the_end_of_each_outer_row() {
    let rules = rules_of("humphries-1904", &[]);
    let topology = rules.topology();
    // Rows count from the Charkoni; the outer end is row 8, so the fifth from the end is row 4.
    let fifth_from_end = topology.arm_length() + 1 - 5;
    assert_eq!(fifth_from_end, 4);
    for arm in 0..4 {
        for (name, castle) in [
            (format!("{arm}l4"), true),
            (format!("{arm}r4"), true),
            (format!("{arm}m8"), true),
            (format!("{arm}l5"), false),
            (format!("{arm}r5"), false),
        ] {
            let sq = topology.parse_square(&name).expect("a square");
            assert_eq!(topology.is_castle(sq), castle, "{name}");
        }
    }
    // A piece on such a castle cannot be hit: Green may not land on Yellow's piece at 0l4.
    assert_eq!(square_name(&rules, 0, 13), "0l4");
    same_square(&rules, 0, 13, 1, 64);
    let pos = after_throw(&rules, "13,h,h,h/61,h,h,h/h,h,h,h/0,0,0,0 Gt - placed=2", 3);
    assert_legal(&pos, &rules, &["-"]);
}

/// 000: "Pieces go around the board counter-clockwise."; 002: "traveling from right to left
/// (I.e. contrary to the sun)". The clockwise board of later sets is the mirror image.
#[test]
fn a_clockwise_board_mirrors_the_counterclockwise_route() {
    let ccw = rules_of("pachisi", &[]);
    let cw = rules_of("pachisi", &["board.direction=clockwise"]);
    // Counter-clockwise, Yellow (arm 0) turns from its end square onto its own left column and
    // goes on to arm 1; clockwise, onto its right column and on to arm 3.
    assert_eq!(square_name(&ccw, 0, 9), "0l8");
    assert_eq!(square_name(&ccw, 0, 17), "1r1");
    assert_eq!(square_name(&cw, 0, 9), "0r8");
    assert_eq!(square_name(&cw, 0, 17), "3l1");
    // Seat s on arm a, travelling clockwise, follows the mirror image of the counter-clockwise
    // route from arm (4 - a) % 4.
    for seat in 0..4u8 {
        let mirrored_seat = (4 - seat) % 4;
        for p in 1..=cw.route_len() {
            assert_eq!(
                square_name(&cw, seat, p),
                mirrored(&square_name(&ccw, mirrored_seat, p)),
                "seat {seat}, progress {p}"
            );
        }
    }
    // The end castle 25 steps from home is now the next arm's.
    assert_eq!(square_name(&cw, 0, cw.home() - 25), "1m8");
}
