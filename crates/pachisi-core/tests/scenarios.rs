//! Scenario tests: one test per rule, each built from a position in notation and played through
//! the public API. Every test cites the source document it checks (by number, as in
//! docs/rules.md: 000 the article "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots
//! 1832, 004 the encyclopedia section) and quotes the phrase it tests.
//!
//! Progress numbers in positions count along each seat's own route: 1 to 7 are the seat's lane,
//! 8 its arm's end square, 8 to 75 the shared track, 76 the end square again, 77 to 83 the lane
//! back, 84 (`h`) home. On the Pachisi board seat 0 (Yellow) has castles at progress 8, 12, 21,
//! 25, 29, 38, 42, 46, 55, 59, 63, 72 and 76; a square at Yellow's progress `p` (8 to 75) is at
//! `p + 51`, `p + 34` and `p + 17` for Green, Black and Red (less 68 when past 75).

use pachisi_core::ruleset::MAX_PIECES;
use pachisi_core::{builtin_rules, builtin_text, Move, Phase, Position, Rules, RulesetError};
use std::collections::HashSet;

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn throws(pos: &mut Position, rules: &Rules, values: &[u8]) {
    for &v in values {
        throw(pos, rules, v);
    }
}

/// `(result, value, grace, extra throw)` of every outcome.
fn table(rules: &Rules) -> Vec<(u8, u8, bool, bool)> {
    rules
        .outcomes()
        .iter()
        .map(|o| (o.result, o.value, o.grace, o.extra_throw))
        .collect()
}

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

// ---------------------------------------------------------------------------------------------
// Throws
// ---------------------------------------------------------------------------------------------

/// 000: "Number of cowries “up” Value / 0 25 (+ grace) / 1 10 (+ grace) / 2 2 / 3 3 / 4 4 /
/// 5 5 / 6 6 (+ grace)".
#[test]
fn six_cowries_count_25_10_2_3_4_5_6_with_graces_on_6_10_and_25() {
    let rules = rules_of("pachisi", &[]);
    assert_eq!(
        table(&rules),
        [
            (0, 25, true, true),
            (1, 10, true, true),
            (2, 2, false, false),
            (3, 3, false, false),
            (4, 4, false, false),
            (5, 5, false, false),
            (6, 6, true, true),
        ]
    );
}

/// 000: "Players throws six shells and value of the throw is determined by the number of cowries
/// which fall with their openings upwards."
#[test]
fn six_fair_cowries_fall_1_6_15_20_15_6_1_times_in_64() {
    let rules = rules_of("pachisi", &[]);
    let probabilities: Vec<f64> = rules.outcomes().iter().map(|o| o.probability).collect();
    let expected: Vec<f64> = [1.0, 6.0, 15.0, 20.0, 15.0, 6.0, 1.0]
        .iter()
        .map(|w| w / 64.0)
        .collect();
    assert_eq!(probabilities, expected);
}

/// 000: "Number of cowries “up” Value / 0 7 (+ grace) / 1 10 (+ grace) / 2 2 / 3 3 / 4 4 /
/// 5 25 (+ grace) / 6 35 (+ grace) / 7 14 (+ grace)".
#[test]
fn seven_cowries_count_7_10_2_3_4_25_35_14_with_graces_on_all_but_2_3_4() {
    let rules = rules_of("pachisi-7-cowries", &[]);
    assert_eq!(
        table(&rules),
        [
            (0, 7, true, true),
            (1, 10, true, true),
            (2, 2, false, false),
            (3, 3, false, false),
            (4, 4, false, false),
            (5, 25, true, true),
            (6, 35, true, true),
            (7, 14, true, true),
        ]
    );
    let probabilities: Vec<f64> = rules.outcomes().iter().map(|o| o.probability).collect();
    let expected: Vec<f64> = [1.0, 7.0, 21.0, 35.0, 35.0, 21.0, 7.0, 1.0]
        .iter()
        .map(|w| w / 128.0)
        .collect();
    assert_eq!(probabilities, expected);
}

/// 002: "The game is generally played with six cowries, making the highest throw 25 (the six
/// apertures up then counting 12)"; "if none be turned up, it counts 6".
#[test]
fn herklots_six_cowries_count_6_10_2_3_4_25_12() {
    let rules = rules_of("herklots-1832", &[]);
    let values: Vec<u8> = rules.outcomes().iter().map(|o| o.value).collect();
    assert_eq!(values, [6, 10, 2, 3, 4, 25, 12]);
    // Herklots knows no grace: pieces start with any throw.
    assert!(rules.outcomes().iter().all(|o| !o.grace));
}

/// 002: "one aperture up, counts 10; two, 2; three, 3; four, 4; five, 25; six, 30; seven, 12;
/// and if none be turned up, it counts 6".
#[test]
fn herklots_seven_cowries_count_6_10_2_3_4_25_30_12() {
    let rules = rules_of("herklots-1832-7-cowries", &[]);
    let values: Vec<u8> = rules.outcomes().iter().map(|o| o.value).collect();
    assert_eq!(values, [6, 10, 2, 3, 4, 25, 30, 12]);
    let total: f64 = rules.outcomes().iter().map(|o| o.probability).sum();
    assert_eq!(total, 1.0);
}

/// 004: "In other versions, this includes 10, 25, or 35 to introduce another of their pieces";
/// "on throwing 7 or 14, you can not introduce your new pawn, you only get an extra turn".
#[test]
fn the_encyclopedias_graces_are_10_25_35_while_7_and_14_only_earn_a_throw() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    assert_eq!(
        table(&rules),
        [
            (0, 7, false, true),
            (1, 10, true, true),
            (2, 2, false, false),
            (3, 3, false, false),
            (4, 4, false, false),
            (5, 25, true, true),
            (6, 35, true, true),
            (7, 14, false, true),
        ]
    );
}

/// 000: "value of the throw is determined by the number of cowries which fall with their openings
/// upwards" (real shells are not fair coins, so the chance of falling mouth up is settable).
#[test]
fn biased_shells_change_the_odds_through_throw_p_up() {
    let rules = rules_of("pachisi", &["throw.p_up=0.25"]);
    let o = rules.outcomes();
    // No shell up (a 25): every one of the six falls mouth down.
    assert!((o[0].probability - 0.75f64.powi(6)).abs() < 1e-15);
    assert!((o[1].probability - 6.0 * 0.25 * 0.75f64.powi(5)).abs() < 1e-15);
    assert!((o[6].probability - 0.25f64.powi(6)).abs() < 1e-15);
    let total: f64 = o.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let e = refused("pachisi", &["throw.p_up=1.0"]);
    assert_eq!(field_of(&e), "throw.p_up");
}

/// 001: "But you can use a dice for playing this game as well. ... The player gets an additional
/// turn if they get a ‘6’ on their dice."
#[test]
fn one_die_shows_each_face_one_time_in_six_and_a_6_throws_again() {
    let rules = rules_of("humphries-1904-dice", &[]);
    let table = table(&rules);
    assert_eq!(
        table,
        [
            (1, 1, false, false),
            (2, 2, false, false),
            (3, 3, false, false),
            (4, 4, false, false),
            (5, 5, false, false),
            (6, 6, false, true),
        ]
    );
    assert!(rules.outcomes().iter().all(|o| o.probability == 1.0 / 6.0));
}

/// 000: "I have seen versions of Pachisi with two or three rectangular dice or with long dice".
#[test]
fn long_dice_show_only_1_2_5_and_6() {
    let rules = rules_of("humphries-1904-dice", &["throw.faces=[1,2,5,6]"]);
    let outcomes: Vec<(u8, f64)> = rules
        .outcomes()
        .iter()
        .map(|o| (o.value, o.probability))
        .collect();
    assert_eq!(outcomes, [(1, 0.25), (2, 0.25), (5, 0.25), (6, 0.25)]);
    assert!(rules.throw_by_value(3).is_none());
    // Three long dice total 3 to 18.
    let three = rules_of(
        "humphries-1904-dice",
        &["throw.faces=[1,2,5,6]", "throw.dice=3"],
    );
    let totals: Vec<u8> = three.outcomes().iter().map(|o| o.value).collect();
    assert_eq!(totals.first(), Some(&3));
    assert_eq!(totals.last(), Some(&18));
    let total: f64 = three.outcomes().iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

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

// ---------------------------------------------------------------------------------------------
// How long a turn lasts
// ---------------------------------------------------------------------------------------------

/// 002: "The players throw in turns, and each goes on until he throws a 2, 3, or 4, when he
/// loses the lead."
#[test]
fn herklots_turn_goes_on_until_a_2_3_or_4_is_thrown() {
    let rules = rules_of("herklots-1832", &[]);
    for o in rules.outcomes() {
        let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, o.value);
        spend_all(&mut pos, &rules);
        let keeps_the_lead = ![2, 3, 4].contains(&o.value);
        assert_eq!(pos.to_move() == 0, keeps_the_lead, "after a {}", o.value);
        assert_eq!(pos.phase(), Phase::Throw);
    }
    // A run of throws: 6, 10, 12 keep the lead, the 3 loses it.
    let mut pos = Position::new(&rules);
    for (value, mv) in [(6, "0+6"), (10, "6+10"), (12, "16+12"), (3, "28+3")] {
        assert_eq!(pos.to_move(), 0);
        throw(&mut pos, &rules, value);
        play(&mut pos, &rules, mv);
    }
    assert_eq!(
        pos.to_notation(&rules),
        "31,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 001: "If you are playing with seashells, then you will get extra turns on getting ‘6’, ‘10’
/// and ‘25’."
#[test]
fn humphries_shells_throw_again_on_6_10_and_25() {
    let rules = rules_of("humphries-1904", &[]);
    let extra: Vec<u8> = rules
        .outcomes()
        .iter()
        .filter(|o| o.extra_throw)
        .map(|o| o.value)
        .collect();
    assert_eq!(extra, [25, 10, 6]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[6, 10, 25]);
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, 5);
    assert_eq!(pos.phase(), Phase::Move);
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 6,10,25,5 streak=5x1"
    );
}

/// 000 optional rule 6: "A player making a capture earns another turn".
#[test]
fn a_capture_earns_another_throw_when_the_rule_is_on() {
    let on = rules_of("pachisi", &["turn.extra_throw_on_capture=true"]);
    let off = rules_of("pachisi", &[]);
    same_square(&on, 0, 14, 1, 65);
    for (rules, next) in [(&on, 'Y'), (&off, 'G')] {
        let mut pos = after_throw(rules, "10,0,0,0/65,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
        play(&mut pos, rules, "10+4");
        assert_eq!(
            pos.to_notation(rules),
            format!("14,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 {next}t -")
        );
    }
}

/// 001: "You shall get an extra turn after ‘hitting’ an opponent’s piece. There is no limit to
/// the number of times you ‘hit’ your opponent’s piece and get extra turns consecutively."
#[test]
fn humphries_hit_earns_another_throw() {
    let rules = rules_of("humphries-1904", &[]);
    same_square(&rules, 0, 14, 1, 65);
    same_square(&rules, 0, 17, 1, 68);
    let mut pos = after_throw(&rules, "10,h,h,h/65,68,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_eq!((pos.to_move(), pos.phase()), (0, Phase::Throw));
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "14+3");
    assert_eq!(
        pos.to_notation(&rules),
        "17,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - streak=3x1 arrived=0"
    );
}

// ---------------------------------------------------------------------------------------------
// Three throws in a row
// ---------------------------------------------------------------------------------------------

/// 002: "If the same number be thrown thrice successively, it does not count."
#[test]
fn herklots_third_equal_throw_in_a_row_does_not_count() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 6);
    play(&mut pos, &rules, "0+6");
    throw(&mut pos, &rules, 6);
    play(&mut pos, &rules, "6+6");
    assert_eq!(
        pos.to_notation(&rules),
        "12,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - streak=6x2 entered=Y"
    );
    throw(&mut pos, &rules, 6);
    // Neither a move nor another throw: the lead passes.
    assert_eq!(
        pos.to_notation(&rules),
        "12,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 002: "If the same number be thrown thrice successively, it does not count." Different
/// numbers in between break the run.
#[test]
fn herklots_throws_count_when_the_same_number_is_not_thrown_thrice_running() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = Position::new(&rules);
    for (value, mv) in [(6, "0+6"), (6, "6+6"), (10, "12+10"), (6, "22+6")] {
        throw(&mut pos, &rules, value);
        play(&mut pos, &rules, mv);
    }
    throw(&mut pos, &rules, 6);
    assert_eq!(pos.phase(), Phase::Move);
    assert_eq!(
        pos.to_notation(&rules),
        "28,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 6 again streak=6x2 entered=Y"
    );
}

/// 004: "the player needs to consecutively throw either 10, 25, or 30 three times (including the
/// original throw) to nullify the higher value throw" (30 read as 35).
#[test]
fn three_high_throws_in_a_row_are_all_struck_out() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    // A 7 first (kept), then 10, 25, 35: the three high throws are struck out, throwing ends.
    let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[7, 10, 25]);
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, 35);
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 7 entered=Y"
    );
    // With nothing else thrown, the turn is over.
    let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[25, 25, 10]);
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
    );
}

/// 004: the pyada steps of struck-out throws go with them ("three consecutive throws of 10, 25,
/// or 30 in a single turn nullifies them").
#[test]
fn struck_out_high_throws_take_their_pyada_steps_with_them() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = at(&rules, "5,9,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[14, 10, 35]);
    assert_eq!(pos.pool().items().len(), 5);
    throw(&mut pos, &rules, 25);
    assert_eq!(
        pos.to_notation(&rules),
        "5,9,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Ym 14 entered=Y"
    );
}

/// 004: "Since throwing three consecutive throws of 10, 25, or 30 in a single turn nullifies
/// them, players can instead throw a 7 or 14 in between to keep their turn going."
#[test]
fn a_7_or_14_between_high_throws_keeps_the_turn_going() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[25, 25, 14, 10, 35, 7, 25, 3]);
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 25,25,14,10,35,7,25,3 streak=3x1 entered=Y"
    );
}

/// 004: "If the player casts a 7, the player must consecutively cast a 7 only 3 times (including
/// the original throw) to nullify the throw." Likewise a 14.
#[test]
fn three_7s_or_three_14s_in_a_row_are_struck_out() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    for value in [7, 14] {
        let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throws(&mut pos, &rules, &[value, value, value]);
        assert_eq!(
            pos.to_notation(&rules),
            "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y"
        );
    }
    // A 7 and a 14 are not the same throw.
    let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[7, 7, 14, 2]);
    assert_eq!(pos.pool().items().len(), 4);
}

/// 001: "if you get the same number consecutively three times while getting your additional
/// turn, then your entire turn gets cancelled".
#[test]
fn three_equal_throws_in_a_row_cancel_the_whole_turn() {
    let rules = rules_of("humphries-1904", &[]);
    for value in [6, 10, 25] {
        let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        // A 10 or 6 thrown first is cancelled with the rest.
        let first = if value == 10 { 6 } else { 10 };
        throws(&mut pos, &rules, &[first, value, value, value]);
        assert_eq!(
            pos.to_notation(&rules),
            "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y",
            "three {value}s"
        );
    }
}

/// 001: "For example, your turn does not get cancelled if you get a 6 and then a 10 and again a
/// 6, the turn will only get cancelled if you get either ‘6’, ‘10’ or ‘25’ consecutively".
#[test]
fn a_6_a_10_and_a_6_do_not_cancel_the_turn() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[6, 10, 6]);
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, 3);
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 6,10,6,3 streak=3x1"
    );
}

/// 001: "If you are using dice, then your turn will stand cancelled if you get ‘6’
/// consecutively three times."
#[test]
fn three_6s_on_the_die_cancel_the_turn() {
    let rules = rules_of("humphries-1904-dice", &[]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[6, 6, 6]);
    assert_notation(&pos, &rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[6, 6, 5]);
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 6,6,5 streak=5x1"
    );
}

/// 001: "then your entire turn gets cancelled" — a move already played cannot be cancelled, so
/// the rule needs the turn's throws made before any is spent; a ruleset that spends each throw at
/// once is refused, naming the field.
#[test]
fn cancelling_the_turn_needs_the_throws_made_before_they_are_spent() {
    let e = refused("humphries-1904", &["turn.spend=each-throw"]);
    assert_eq!(field_of(&e), "turn.three_in_a_row");
    // Likewise 004's striking out of three high throws.
    let e = refused("pachisi-encyclopedia", &["turn.spend=each-throw"]);
    assert_eq!(field_of(&e), "turn.three_in_a_row");
    // 002's void third needs no such thing.
    rules_of("herklots-1832", &["turn.spend=each-throw"]);
}

// ---------------------------------------------------------------------------------------------
// Bonus steps
// ---------------------------------------------------------------------------------------------

/// 002: "A throw of 25 or 30 gives an additional move of 1."
#[test]
fn herklots_25_gives_an_additional_move_of_1() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 25);
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 25,1s again streak=25x1 entered=Y"
    );
    // The 1 is a move of its own: it may go to another piece, or follow the 25.
    assert!(is_legal(&pos, &rules, "0+1"));
    assert!(is_legal(&pos, &rules, "5+1"));
    play(&mut pos, &rules, "5+25");
    play(&mut pos, &rules, "30+1");
    assert_eq!(
        pos.to_notation(&rules),
        "31,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - streak=25x1 entered=Y"
    );
}

/// 002: "A throw of 25 or 30 gives an additional move of 1." (seven cowries)
#[test]
fn herklots_30_gives_an_additional_move_of_1_with_seven_cowries() {
    let rules = rules_of("herklots-1832-7-cowries", &[]);
    for value in [25, 30] {
        let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, value);
        assert_eq!(
            pos.to_notation(&rules),
            format!(
                "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym {value},1s again streak={value}x1 entered=Y"
            )
        );
    }
    let pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 12);
    assert_eq!(pos.pool().items().len(), 1);
}

/// 004: "Once all of the player's pieces are introduced onto the board, every time a player
/// throws a 10, 25, or 30, the player must move their piece one additional square, which is known
/// as PYADA. ... the player can then move a total of 55 squares (25+25+3+1+1)".
#[test]
fn pyada_adds_a_square_to_each_high_throw_once_all_pieces_are_in() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = at(&rules, "5,9,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[25, 25, 3]);
    assert_eq!(
        pos.to_notation(&rules),
        "5,9,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Ym 25,1s,25,1s,3 streak=3x1 entered=Y"
    );
    let total: u32 = pos.pool().items().iter().map(|i| u32::from(i.value)).sum();
    assert_eq!(total, 55);
    // Pieces already home count as introduced.
    let mut pos = at(&rules, "5,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[10, 2]);
    assert_eq!(pos.pool().items().len(), 3);
}

/// 004: "A player casts 25, 25, 3 in their turn, and their pieces can move a total of 53
/// squares." No pyada while pieces wait in the Charkoni; the throws are all made first, then
/// spent.
#[test]
fn throws_25_25_3_move_53_squares_before_all_pieces_are_in() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = at(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throws(&mut pos, &rules, &[25, 25, 3]);
    assert_eq!(
        pos.to_notation(&rules),
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 25,25,3 streak=3x1 entered=Y"
    );
    // Spent in any order, here the 3 first.
    play(&mut pos, &rules, "5+3");
    play(&mut pos, &rules, "8+25");
    play(&mut pos, &rules, "33+25");
    assert_eq!(pos.pieces_of(0), &[58, 0, 0, 0]);
    assert_eq!(58 - 5, 53);
    assert_eq!(pos.to_move(), 1);
}

// ---------------------------------------------------------------------------------------------
// Throws that count for nothing
// ---------------------------------------------------------------------------------------------

/// 004: "A player needs to have at least one piece on the board to be able to throw a 7 or 14."
#[test]
fn a_7_or_14_counts_for_nothing_without_a_piece_on_the_board() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    for value in [7, 14] {
        let mut pos = Position::new(&rules);
        throw(&mut pos, &rules, value);
        assert_notation(&pos, &rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
        // Pieces home do not count as on the board.
        let mut pos = at(&rules, "h,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, value);
        assert_eq!(pos.to_move(), 1);
    }
    // With a piece out, a 7 is a move and earns another throw.
    let mut pos = after_throw(&rules, "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 7);
    assert_eq!(pos.phase(), Phase::Throw);
    throw(&mut pos, &rules, 3);
    assert_legal(&pos, &rules, &["5+7", "5+3", "-"]);
}

/// 004: "on throwing 10 or 25, or 35, you will introduce your new pawn at square number 1, and
/// then you will add the second throw numbers that will be appeared on your cowries and 7, 14":
/// a grace already thrown brings a piece out, so a 7 or 14 thrown after it counts.
#[test]
fn a_7_or_14_counts_after_a_grace_that_brings_a_piece_out() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[10, 7, 3]);
    assert_eq!(pos.to_notation(&rules).split(' ').nth(2), Some("10,7,3"));
    play(&mut pos, &rules, "E10");
    play(&mut pos, &rules, "1+7");
    play(&mut pos, &rules, "8+3");
    assert_eq!(pos.pieces_of(0)[0], 11);
}

/// 004: "you can not introduce your new pawn directly to 10 or 25, or 35 number square directly,
/// you have to land the new pawn on square number 1": also true of the first piece, which may
/// otherwise leave on any throw.
#[test]
fn a_grace_never_carries_a_new_piece_straight_to_its_value() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[25, 2]);
    assert!(is_legal(&pos, &rules, "E25"));
    assert!(!is_legal(&pos, &rules, "0+25"));
    assert!(is_legal(&pos, &rules, "0+2"));
}

/// 004: "on throwing 7 or 14, you can not introduce your new pawn, you only get an extra turn":
/// not even the first piece, which may otherwise leave the Charkoni on any throw.
#[test]
fn a_7_or_14_never_brings_a_piece_out_of_the_charkoni() {
    let rules = rules_of("pachisi-encyclopedia", &[]);
    let mut pos = Position::new(&rules);
    throws(&mut pos, &rules, &[10, 14, 3]);
    assert!(!is_legal(&pos, &rules, "0+14"));
    assert!(is_legal(&pos, &rules, "0+3"));
    assert!(is_legal(&pos, &rules, "E10"));
}

/// A position the rules cannot reach is refused when read: a finished side must be placed, an
/// increment must be worth a throw, credits need the rule that keeps them.
#[test]
fn positions_the_rules_cannot_reach_are_refused() {
    let rules = rules_of("pachisi", &[]);
    for text in [
        "h,h,h,h/0,0,0,0/h,h,h,h/0,0,0,0 Gt -",
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - placed=0,1",
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 7 entered=Y",
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y credits=1,0,0,0",
        "5,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - again entered=Y",
    ] {
        assert!(Position::from_notation(&rules, text).is_err(), "{text}");
    }
    let over = "h,h,h,h/0,0,0,0/h,h,h,h/0,0,0,0 Gx - placed=0,1";
    assert!(Position::from_notation(&rules, over).is_ok());
}

/// A streak is kept only under a rule that counts one (docs/notation.md, `streak=VxN`): refused
/// where none does, with the field as typed, the reason and the position without it; where one
/// does, its value must name a streak group (a doublet streak is written with 0).
#[test]
fn a_streak_is_refused_where_no_rule_keeps_one() {
    let start = "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0";
    let refusal = |name: &str, text: &str| match Position::from_notation(&rules_of(name, &[]), text)
    {
        Ok(pos) => panic!("{name}: {text} read as {pos:?}"),
        Err(e) => e,
    };
    let e = refusal("pachisi", &format!("{start} Ym 3 streak=10x1"));
    assert_eq!(e.at, start.len() + 7);
    assert!(e.reason.starts_with("`streak=10x1`: "), "{}", e.reason);
    assert!(e.reason.contains("turn.three_in_a_row"), "{}", e.reason);
    assert!(
        e.reason.contains(&format!("`{start} Ym 3`")),
        "{}",
        e.reason
    );

    let e = refusal("pachisi-encyclopedia", &format!("{start} Yt - streak=25x1"));
    assert!(e.reason.contains("streak=10x1"), "{}", e.reason);
    for (name, text) in [
        ("pachisi-encyclopedia", format!("{start} Yt - streak=10x2")),
        ("ludo", format!("{start} Rt - streak=6x1")),
        ("parcheesi-sr", format!("{start} Rt - streak=0x2")),
    ] {
        let rules = rules_of(name, &[]);
        let pos = Position::from_notation(&rules, &text).expect(&text);
        assert_eq!(pos.to_notation(&rules), text);
    }
    let e = refusal("parcheesi-sr", &format!("{start} Rt - streak=6x1"));
    assert!(e.reason.contains("streak=0x1"), "{}", e.reason);
    let e = refusal("parcheesi-pb", &format!("{start} Rt - streak=0x1"));
    assert!(e.reason.contains("doubles.third"), "{}", e.reason);
}

/// 003's principle under 000 optional rule 4 (exact home), for Humphries' pairs (001): a pair
/// moves half a throw, so it may stop one square short (a throw of 2 or 3 takes it home) where a
/// single piece may not.
#[test]
fn under_the_direct_throw_rule_a_pair_may_stop_one_square_short() {
    let rules = rules_of("humphries-1904", &["moves.exact_home=true"]);
    // Yellow's pair at 79 (0m5): a 6 moves it 3 squares to 82, one from home.
    let mut pos = at(&rules, "79,79,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    throws(&mut pos, &rules, &[6, 2]);
    assert!(is_legal(&pos, &rules, "79+6p"));
    play(&mut pos, &rules, "79+6p");
    assert!(is_legal(&pos, &rules, "82+2p"));
    // A single piece may not stop one square short: no throw is worth 1.
    let pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 3);
    assert!(!is_legal(&pos, &rules, "80+3"));
    let pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 2);
    assert!(is_legal(&pos, &rules, "80+2"));
}

/// 000 optional rule 1: "First move of each player can be made only when 2, 3, or 4 is thrown."
/// 004: "pieces cannot move until a 2, 3, or 4 is thrown".
#[test]
fn the_first_move_can_be_made_only_after_a_2_3_or_4() {
    let rules = rules_of("pachisi", &["turn.opening=[2,3,4]"]);
    // A grace before the opening throw counts for nothing, not even an extra throw.
    let mut pos = Position::new(&rules);
    throw(&mut pos, &rules, 25);
    assert_notation(&pos, &rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt -");
    // Green opens with a 3; it counts (there is nothing to move yet).
    throw(&mut pos, &rules, 3);
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gm 3 opened=G"
    );
    play(&mut pos, &rules, "-");
    // From then on, Green's graces introduce pieces.
    let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - opened=G", 25);
    assert_legal(&pos, &rules, &["E25", "-"]);
}

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

// ---------------------------------------------------------------------------------------------
// Going home
// ---------------------------------------------------------------------------------------------

/// 000 optional rule 4 ("A piece can return to the Charkoni only by a direct throw") is
/// optional: by default any throw long enough takes a piece home.
#[test]
fn by_default_any_throw_long_enough_takes_a_piece_home() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = after_throw(&rules, "80,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 10);
    play(&mut pos, &rules, "80+10");
    assert_eq!(pos.pieces_of(0), &[rules.home(), 0, 0, 0]);
}

/// 000 optional rule 4: "A piece can return to the Charkoni only by a direct throw."; 004: "A
/// piece can only return to the Charkoni by a direct throw."
#[test]
fn a_piece_returns_to_the_charkoni_only_by_a_direct_throw() {
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    let mut pos = at(&rules, "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 10);
    assert!(!is_legal(&pos, &rules, "80+10"));
    let mut pos = after_throw(&rules, "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.pieces_of(0)[0], rules.home());
}

/// 000 optional rule 4, "only by a direct throw": no six-cowrie throw is worth 1, so a piece left
/// one square short of the Charkoni could never get in; such a stop is not allowed (a reading
/// that traps a player is discarded).
#[test]
fn under_the_direct_throw_rule_no_piece_may_stop_where_no_throw_takes_it_home() {
    let rules = rules_of("pachisi", &["moves.exact_home=true"]);
    let pos = after_throw(&rules, "79,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(!is_legal(&pos, &rules, "79+4"));
    let pos = after_throw(&rules, "78,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(is_legal(&pos, &rules, "78+4"));
    // Where a throw may be split, a single square can always be spent: no stop is forbidden.
    let split = rules_of("pachisi", &["moves.exact_home=true", "moves.split=true"]);
    let pos = after_throw(&split, "79,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert!(is_legal(&pos, &split, "79+4"));
}

/// 002: "At the last step the throw must account exactly to one more than the number of squares
/// ledt to enable the piece to go into the central space".
#[test]
fn herklots_throw_home_must_be_one_more_than_the_squares_left() {
    let rules = rules_of("herklots-1832", &[]);
    // From 80 three squares are left (81, 82, 83): it takes a 4.
    let mut pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 4);
    assert_legal(&pos, &rules, &["80+4"]);
    play(&mut pos, &rules, "80+4");
    assert!(pos.seat_finished(&rules, 0));
    let pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 6);
    assert_legal(&pos, &rules, &["-"]);
    let mut pos = after_throw(&rules, "80,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 3);
    play(&mut pos, &rules, "80+3");
    assert_eq!(pos.pieces_of(0)[0], 83);
}

/// 002: "If it happen to stop on the last square, therefore, it cannot get off until you throw a
/// 25 or 30."
#[test]
fn herklots_piece_on_the_last_square_gets_off_only_with_the_extra_1_of_a_25() {
    let rules = rules_of("herklots-1832", &[]);
    assert_eq!(square_name(&rules, 0, 83), "0m1");
    for value in [2, 3, 4, 6, 10, 12] {
        let mut pos = at(&rules, "83,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
        throw(&mut pos, &rules, value);
        assert_legal(&pos, &rules, &["-"]);
    }
    let mut pos = at(&rules, "83,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
    throw(&mut pos, &rules, 25);
    assert_legal(&pos, &rules, &["83+1"]);
    play(&mut pos, &rules, "83+1");
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Gt - entered=Y placed=0"
    );
}

/// 000 optional rule 3: "Player cannot take his pieces back to the Charkoni, unless he have
/// captured at least one enemy piece". Read so that nobody is trapped (003): a piece of a seat
/// that has not captured may not turn up its lane, where it could never capture; it goes round
/// again instead.
#[test]
fn a_piece_cannot_go_home_before_its_player_has_captured() {
    let rules = rules_of("pachisi", &["capture.before_home=true"]);
    // Yellow at 74 (0r8, one step before its end square) throws 5: turning up the lane would
    // reach 79; without a capture the piece goes round again to 79 - 68 = 11 instead.
    let mut pos = after_throw(&rules, "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 5);
    assert!(!is_legal(&pos, &rules, "74+5"));
    assert!(is_legal(&pos, &rules, "74+5o"));
    play(&mut pos, &rules, "74+5o");
    assert_eq!(pos.pieces_of(0)[0], 11);
    // Landing on the end square itself is still allowed: it is on the track.
    let pos = after_throw(&rules, "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y", 2);
    assert!(is_legal(&pos, &rules, "74+2"));
    // After a capture the piece turns up the lane and goes home.
    let mut pos = at(
        &rules,
        "74,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y credits=1,0,0,0",
    );
    throw(&mut pos, &rules, 5);
    assert!(is_legal(&pos, &rules, "74+5"));
    assert!(!is_legal(&pos, &rules, "74+5o"));
    let mut pos = at(
        &rules,
        "80,5,5,5/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y credits=1,0,0,0",
    );
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.pieces_of(0)[0], rules.home());
}

/// 000 optional rule 3: "unless he have captured at least one enemy piece": the capture is
/// credited to the capturing player.
#[test]
fn a_capture_earns_its_player_the_right_to_go_home() {
    let rules = rules_of("pachisi", &["capture.before_home=true"]);
    let mut pos = after_throw(&rules, "10,0,0,0/65,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_eq!(
        pos.to_notation(&rules),
        "14,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Gt - credits=1,0,0,0"
    );
    assert_eq!(pos.credits(0), 1);
}

/// 000 optional rule 5: "Capture can be canceled if capturing piece is immediately captured by
/// opponent or his partner."; 004: "then Player 1's capture/kill is invalidated".
#[test]
fn a_capture_is_cancelled_when_the_victim_captures_the_capturer_at_once() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    same_square(&rules, 0, 11, 1, 62);
    let mut pos = after_throw(&rules, "10,0,0,0/65,62,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    assert_eq!(
        pos.to_notation(&rules),
        "14,0,0,0/0,62,0,0/0,0,0,0/0,0,0,0 Gt - credits=1,0,0,0 open=Y:0:14:1"
    );
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "62+3");
    assert_eq!(
        pos.to_notation(&rules),
        "0,0,0,0/0,65,0,0/0,0,0,0/0,0,0,0 Bt - credits=0,1,0,0 open=G:1:65:0"
    );
}

/// 000 optional rule 5: "immediately captured by opponent or his partner".
#[test]
fn the_victims_partner_may_cancel_the_capture_too() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    same_square(&rules, 0, 11, 3, 28);
    let mut pos = after_throw(&rules, "10,0,0,0/65,0,0,0/0,0,0,0/28,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    // Green and Black pass.
    for _ in 0..2 {
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(pos.to_move(), 3);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "28+3");
    assert_eq!(pos.credits(0), 0);
    assert_eq!(pos.credits(3), 1);
}

/// 000 optional rule 5: "immediately": once the capturer's next turn begins, the capture stands.
#[test]
fn a_capture_stands_once_the_capturers_next_turn_has_begun() {
    let rules = rules_of(
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    );
    let mut pos = after_throw(&rules, "10,0,0,0/65,62,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "10+4");
    // A full round of passes: Green, Black, Red, then Yellow's own turn.
    for _ in 0..4 {
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(pos.to_move(), 1);
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "62+3");
    assert_eq!(pos.pieces_of(0), &[0, 0, 0, 0]);
    assert_eq!(pos.credits(0), 1);
    assert_eq!(pos.credits(1), 1);
}

/// 001: "On reaching block ‘8’after circling the whole board, the player gets two choices.
/// Either they can enter the respective coloured columns and finish the journey of their
/// respective piece,or they can move along the 9th block, then the 10th and continue with the
/// entire journey over again."
#[test]
fn a_piece_back_at_its_end_square_may_go_round_again() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = after_throw(&rules, "74,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    assert_legal(&pos, &rules, &["74+4", "74+4o", "-"]);
    play(&mut pos, &rules, "74+4o");
    assert_eq!(pos.pieces_of(0)[0], 10);
    // Both go on from the end square, one into the lane, the other round again.
    assert_eq!(square_name(&rules, 0, 78), "0m6");
    assert_eq!(square_name(&rules, 0, 10), "0l7");
    // Without the rule there is one way only.
    let pachisi = rules_of("pachisi", &[]);
    let pos = after_throw(&pachisi, "74,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", 4);
    assert_legal(&pos, &pachisi, &["74+4", "-"]);
}

// ---------------------------------------------------------------------------------------------
// Players, pieces and the end of the game
// ---------------------------------------------------------------------------------------------

/// 000 optional rule 7: "Game can be played with different number of pieces (8, 12 or even 16
/// pieces per player)."
#[test]
fn players_may_have_8_12_or_16_pieces() {
    for n in [8usize, 12, 16] {
        let set = format!("players.pieces={n}");
        let rules = rules_of("pachisi", &[set.as_str()]);
        let pos = Position::new(&rules);
        assert_eq!(pos.pieces_of(0).len(), n);
        let group = vec!["0"; n].join(",");
        assert_eq!(
            pos.to_notation(&rules),
            format!("{group}/{group}/{group}/{group} Yt -")
        );
    }
    let too_many = format!("players.pieces={}", MAX_PIECES + 1);
    assert_eq!(
        field_of(&refused("pachisi", &[too_many.as_str()])),
        "players.pieces"
    );
}

/// 000: "Pachisi is a board game of skill and luck for 2, 3 or 4 players." and "Then the game
/// goes counterclockwise."
#[test]
fn two_three_or_four_players_take_turns_counterclockwise() {
    let two = rules_of(
        "pachisi",
        &[
            "players.seats=[0,2]",
            "players.colours=[\"yellow\",\"black\"]",
            "players.teams=[]",
        ],
    );
    let three = rules_of(
        "pachisi",
        &[
            "players.seats=[0,1,2]",
            "players.colours=[\"yellow\",\"green\",\"black\"]",
            "players.teams=[]",
        ],
    );
    let four = rules_of("pachisi", &[]);
    for (rules, order) in [(&two, "YBY"), (&three, "YGBY"), (&four, "YGBRY")] {
        let mut pos = Position::new(rules);
        let mut seen = String::new();
        for _ in 0..=rules.seats() {
            seen.push(rules.seat_letter(pos.to_move()));
            throw(&mut pos, rules, 2);
            play(&mut pos, rules, "-");
        }
        assert_eq!(&seen[..order.len()], order);
    }
}

/// 000: "Traditionally players play in the “Yellow-Black” and “Green-Red” teams." and "One team
/// wins if all pieces of the two team’s members finish the game."
#[test]
fn a_team_wins_only_when_both_partners_pieces_are_home() {
    let rules = rules_of("pachisi", &[]);
    assert_eq!(rules.team_of(0), rules.team_of(2));
    assert_eq!(rules.team_of(1), rules.team_of(3));
    assert_ne!(rules.team_of(0), rules.team_of(1));
    let mut pos = after_throw(&rules, "h,h,h,80/0,0,0,0/h,h,h,h/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.winner(), Some(rules.team_of(0)));
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/0,0,0,0/h,h,h,h/0,0,0,0 Yx - placed=0,1"
    );
    // With Black still out, Yellow's last piece home wins nothing yet.
    let mut pos = after_throw(&rules, "h,h,h,80/0,0,0,0/5,h,h,h/0,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Throw);
    assert_eq!(pos.placings(), &[] as &[u8]);
}

/// 000: "The aim of the game for players is to move all their pieces completely around the
/// board": a player whose pieces are all home has no more turns.
#[test]
fn a_finished_players_turns_are_skipped() {
    let rules = rules_of("pachisi", &[]);
    let mut pos = at(&rules, "h,h,h,h/0,0,0,0/5,h,h,h/0,0,0,0 Gt -");
    let mut seen = String::new();
    for _ in 0..4 {
        seen.push(rules.seat_letter(pos.to_move()));
        throw(&mut pos, &rules, 2);
        play(&mut pos, &rules, "-");
    }
    assert_eq!(seen, "GBRG");
}

/// 002: "It is sometimes played by two persons, each taking the two opposite rectangles with
/// eight pieces, and playing them all from the rectangle next to him".
#[test]
fn herklots_two_players_take_opposite_arms_with_eight_pieces_each() {
    let rules = rules_of("herklots-1832-two-player", &[]);
    assert_eq!(rules.seats(), 2);
    assert_eq!(rules.pieces(), 8);
    assert_eq!(square_name(&rules, 0, 1), "0m1");
    assert_eq!(square_name(&rules, 1, 1), "2m1");
    assert_ne!(rules.team_of(0), rules.team_of(1));
    let mut pos = Position::new(&rules);
    assert_notation(&pos, &rules, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 Yt -");
    throw(&mut pos, &rules, 3);
    play(&mut pos, &rules, "0+3");
    assert_eq!(
        pos.to_notation(&rules),
        "3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 Bt - entered=Y"
    );
}

/// 002: "the game continues till three of the players get out".
#[test]
fn herklots_game_continues_till_three_players_get_out() {
    let rules = rules_of("herklots-1832", &[]);
    let mut pos = at(
        &rules,
        "h,h,h,80/h,h,h,80/h,h,h,80/5,0,0,0 Yt - entered=YGBR",
    );
    for (seat, placed) in [(0u8, "0"), (1, "0,1")] {
        assert_eq!(pos.to_move(), seat);
        throw(&mut pos, &rules, 4);
        play(&mut pos, &rules, "80+4");
        assert_eq!(pos.phase(), Phase::Throw);
        assert!(pos
            .to_notation(&rules)
            .ends_with(&format!("placed={placed}")));
    }
    throw(&mut pos, &rules, 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    // Red, the one left, is placed last without finishing.
    assert_eq!(pos.placings(), &[0, 1, 2, 3]);
    assert_eq!(pos.pieces_of(3), &[5, 0, 0, 0]);
}

/// 001: "The game continues until only one player is left to land all their pieces on the home.
/// In this game, you also get players who are declared as the first runner-up and the second
/// runner-up."
#[test]
fn humphries_game_decides_the_winner_and_both_runners_up() {
    let rules = rules_of("humphries-1904", &[]);
    let mut pos = at(&rules, "5,0,0,0/h,h,h,80/h,h,h,80/h,h,h,80 Gt -");
    for _ in 0..3 {
        throw(&mut pos, &rules, 4);
        play(&mut pos, &rules, "80+4");
    }
    assert_eq!(pos.phase(), Phase::Over);
    // Winner Green, first runner-up Black, second Red; Yellow last.
    assert_eq!(pos.placings(), &[1, 2, 3, 0]);
}

/// 000: "One team wins if all pieces of the two team’s members finish the game." With
/// finish.placings = "winner" the game ends there.
#[test]
fn with_winner_only_the_game_ends_when_the_first_side_is_home() {
    let rules = rules_of("pachisi", &["players.teams=[]"]);
    let mut pos = after_throw(&rules, "h,h,h,80/5,0,0,0/5,0,0,0/5,0,0,0 Yt -", 4);
    play(&mut pos, &rules, "80+4");
    assert_eq!(pos.phase(), Phase::Over);
    assert_eq!(pos.placings(), &[0]);
    assert_eq!(
        pos.to_notation(&rules),
        "h,h,h,h/5,0,0,0/5,0,0,0/5,0,0,0 Yx - placed=0"
    );
    assert!(pos.apply_throw(&rules, pachisi_core::Throw(0)).is_err());
}

// ---------------------------------------------------------------------------------------------
// Rulesets that make no sense are refused, naming the field
// ---------------------------------------------------------------------------------------------

/// 000: "if 6, 10, or 25 is thrown, the player gets so called grace": a grace must be the value
/// of some throw.
#[test]
fn a_grace_that_no_throw_is_worth_is_refused_naming_throw_grace() {
    let e = refused("pachisi", &["throw.grace=[6,10,25,7]"]);
    assert_eq!(field_of(&e), "throw.grace");
    assert!(
        e.to_string().contains("7 is not the value of any throw"),
        "{e}"
    );
    let e = refused("pachisi", &["throw.extra_throw=[6,10,30]"]);
    assert_eq!(field_of(&e), "throw.extra_throw");
    let e = refused("pachisi", &["turn.opening=[1]"]);
    assert_eq!(field_of(&e), "turn.opening");
}

/// 000: "Pachisi is a board game of skill and luck for 2, 3 or 4 players." and "four arms":
/// seats outside that range are refused.
#[test]
fn seats_the_board_cannot_hold_are_refused_naming_players_seats() {
    for seats in ["[0,1,2,3,4]", "[0]", "[0,4]", "[0,0]"] {
        let set = format!("players.seats={seats}");
        let e = refused("pachisi", &[set.as_str()]);
        assert_eq!(field_of(&e), "players.seats", "{seats}: {e}");
    }
}

/// 000 optional rule 5: "Capture can be canceled if capturing piece is immediately captured by
/// opponent or his partner." A cancelled capture only matters under rule 3 ("unless he have
/// captured at least one enemy piece"), so rule 5 without rule 3 is refused, naming the field.
#[test]
fn capture_cancellation_without_capture_before_home_is_refused() {
    let e = refused("pachisi", &["capture.invalidation=true"]);
    assert_eq!(field_of(&e), "capture.invalidation");
}

/// 000 optional rule 4, "A piece can return to the Charkoni only by a direct throw", is the field
/// `moves.exact_home`; a misspelt field is refused with its line and column.
#[test]
fn an_unknown_field_is_refused_with_its_line_and_column() {
    let text = builtin_text("pachisi").expect("built in");
    let bad = text.replace(
        "exact_home = false",
        "exact_home = false\nexactly_home = true",
    );
    let line = bad
        .lines()
        .position(|l| l.starts_with("exactly_home"))
        .expect("inserted")
        + 1;
    match pachisi_core::Ruleset::from_toml(&bad, "bad.toml") {
        Err(RulesetError::Syntax {
            origin,
            line: l,
            column,
            message,
        }) => {
            assert_eq!(origin, "bad.toml");
            assert_eq!((l, column), (line, 1), "{message}");
            assert!(message.contains("exactly_home"), "{message}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    // The same through an override names the override.
    match builtin_rules("pachisi", &["moves.exactly_home=true".to_string()]) {
        Err(RulesetError::Override { assignment, .. }) => {
            assert_eq!(assignment, "moves.exactly_home=true");
        }
        other => panic!("expected an override error, got {other:?}"),
    }
}
