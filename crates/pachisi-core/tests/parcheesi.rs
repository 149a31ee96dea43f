//! Parcheesi scenario tests: one test per mechanic of the four editions that document 003
//! ("Parcheesi Composite Rules and Instructions") describes, each built from a position in
//! notation and played through the public API. Every test cites 003 and quotes the phrase it
//! tests. Rulesets: `parcheesi-sr` (Selchow & Righter), `parcheesi-pb` (Parker Bros.),
//! `parcheesi-mb` (Milton Bradley before 1988), `parcheesi-tr` (Transogram).
//!
//! Seats, in turn order: Red (arm 0), Blue (arm 1), Green (arm 2), Yellow (arm 3). Progress counts
//! along each seat's own route: 0 in the nest, 1 the seat's entry space (`<arm>l4`, a safety
//! space five squares past its arm's end square), 1 to 64 the shared track, 64 the arm's end
//! square (the home-stretch entrance), 65 to 71 the home stretch, 72 (`h`) the finish. Seen from
//! Red, the safety spaces are at 1, 8, 13, 18, 25, 30, 35, 42, 47, 52, 59 and 64. A track square at
//! Red's progress `p` is at Blue's `p - 17`, Green's `p - 34` and Yellow's `p - 51` (plus 68 when
//! that is not positive); every test that relies on this checks it with `same_square`.

use pachisi_core::topology::Direction;
use pachisi_core::{Phase, Position, Rules};
use std::collections::HashSet;

mod common;
use common::*;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The four editions.
const EDITIONS: [&str; 4] = [
    "parcheesi-sr",
    "parcheesi-pb",
    "parcheesi-mb",
    "parcheesi-tr",
];

/// The progress at which a seat's route passes a named square.
fn progress_on(rules: &Rules, seat: u8, name: &str) -> u8 {
    let sq = rules.topology().parse_square(name).expect("a square name");
    (1..=rules.route_len())
        .find(|&p| rules.square_at(seat, p) == Some(sq))
        .unwrap_or_else(|| panic!("seat {seat} never passes {name}"))
}

fn is_castle(rules: &Rules, seat: u8, progress: u8) -> bool {
    let sq = rules.square_at(seat, progress).expect("on the board");
    rules.topology().is_castle(sq)
}

/// The progresses of a seat's route that are safety spaces.
fn castles_on_route(rules: &Rules, seat: u8) -> Vec<u8> {
    (1..=rules.route_len())
        .filter(|&p| is_castle(rules, seat, p))
        .collect()
}

/// The "one increment" reading of some MB versions, as validation allows it: the dice count
/// their total, so nothing can be entered "as the sum" and there are no doublets.
const MB_ONE_INCREMENT: [&str; 3] = [
    "throw.separate_dice=false",
    "moves.enter_with_sum=false",
    "doubles.enabled=false",
];

/// The one-die version.
const ONE_DIE: [&str; 3] = [
    "throw.dice=1",
    "throw.separate_dice=false",
    "moves.enter_with_sum=false",
];

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// 003: "The main travel path officially has 68 spaces, twelve of which are specially marked";
/// "The official Parcheesi board has safety spaces at the entrances to the four home stretches
/// and also five spaces before and after the home stretches."
#[test]
fn the_track_has_68_spaces_and_12_safety_spaces_at_and_five_either_side_of_each_home_stretch_entrance(
) {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let topology = rules.topology();
        assert_eq!(topology.track_len(), 68, "{name}");
        let castles: Vec<String> = (0..topology.square_count())
            .map(|i| pachisi_core::Square(i as u8))
            .filter(|&sq| topology.is_castle(sq))
            .map(|sq| topology.name(sq).to_string())
            .collect();
        let mut expected = Vec::new();
        for arm in 0..4 {
            expected.extend([format!("{arm}l4"), format!("{arm}m8"), format!("{arm}r4")]);
        }
        assert_eq!(castles, expected, "{name}");
        for seat in 0..4 {
            assert_eq!(
                castles_on_route(&rules, seat),
                [1, 8, 13, 18, 25, 30, 35, 42, 47, 52, 59, 64],
                "{name}, seat {seat}"
            );
        }
    }
    // Each home-stretch entrance (an arm's end square) with the spaces five before and after.
    let rules = rules_of("parcheesi-sr", &[]);
    for arm in 0..4u8 {
        for (column, row) in [('m', 8), ('l', 4), ('r', 4)] {
            let name = format!("{arm}{column}{row}");
            let sq = rules.topology().parse_square(&name).expect("a square");
            assert!(rules.topology().is_castle(sq), "{name}");
        }
        // Seen from the seat whose entry space lies five past this entrance.
        let entrance = progress_on(&rules, 0, &format!("{arm}m8"));
        let after = if arm == 0 { 1 } else { entrance + 5 };
        assert!(is_castle(&rules, 0, entrance - 5), "five before {arm}m8");
        assert!(is_castle(&rules, 0, after), "five after {arm}m8");
        assert!(!is_castle(&rules, 0, entrance - 4) && !is_castle(&rules, 0, entrance - 6));
    }
}

/// 003: "A pawn usually begins its journey from the safety space slightly to the left of the
/// start area and travels counterclockwise spanning 64 spaces altogether to another safety space
/// at the extreme perimeter of the board"; "almost always a safety space that is just past
/// (usually 5 spaces past) where the pawns come back around to the home stretch".
#[test]
fn a_pawn_travels_64_spaces_from_its_entry_space_to_its_home_stretch_entrance() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        assert_eq!(rules.turn_home(), 64, "{name}");
        assert_eq!((rules.route_len(), rules.home()), (71, 72), "{name}");
        for seat in 0..4u8 {
            let arm = seat;
            // Entry = progress 1, the safety space five past the arm's end square.
            assert_eq!(square_name(&rules, seat, 1), format!("{arm}l4"));
            assert_eq!(
                rules.square_at(seat, 1),
                Some(
                    rules
                        .topology()
                        .track_square(arm, Direction::Counterclockwise, 5)
                )
            );
            assert!(is_castle(&rules, seat, 1));
            // The end square, where the home stretch begins, is progress 64.
            assert_eq!(square_name(&rules, seat, 64), format!("{arm}m8"));
            assert!(is_castle(&rules, seat, 64));
            // Progress 1 to 64 inclusive: 64 distinct track squares.
            let track: HashSet<_> = (1..=64).map(|p| rules.square_at(seat, p)).collect();
            assert_eq!(track.len(), 64);
            assert!((1..=64).all(|p| rules
                .topology()
                .on_track(rules.square_at(seat, p).expect("a square"))));
        }
    }
}

/// 003: "The pawn then goes up a "home stretch" or "safety zone" of seven spaces to reach the
/// finish area."
#[test]
fn the_home_stretch_has_seven_spaces_up_the_middle_of_the_arm() {
    let rules = rules_of("parcheesi-sr", &[]);
    for seat in 0..4u8 {
        let stretch: Vec<String> = (65..=71).map(|p| square_name(&rules, seat, p)).collect();
        let expected: Vec<String> = (1..=7).rev().map(|row| format!("{seat}m{row}")).collect();
        assert_eq!(stretch, expected, "seat {seat}");
        for p in 65..=71 {
            let sq = rules.square_at(seat, p).expect("a square");
            assert!(!rules.topology().on_track(sq));
        }
    }
    assert_eq!(rules.home() - rules.turn_home(), 8);
    // From the entrance: seven spaces, then the finish with an eighth step.
    let mut pos = after_throw(&rules, "64,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-2");
    assert_legal(&pos, &rules, &["64+2", "64+6"]);
    play(&mut pos, &rules, "64+6");
    assert_eq!(square_name(&rules, 0, 70), "0m2");
    play(&mut pos, &rules, "70+2");
    assert_eq!(pos.winner(), Some(0));
}

/// 003: "Pawns may not enter an opponent's home stretch, for example to capture, take a
/// shortcut, etc."
#[test]
fn pawns_never_enter_an_opponents_home_stretch() {
    let rules = rules_of("parcheesi-sr", &[]);
    for seat in 0..4u8 {
        for p in 1..=rules.route_len() {
            let name = square_name(&rules, seat, p);
            let lane = name.as_bytes()[1] == b'm' && !name.ends_with('8');
            if lane {
                assert!(
                    name.starts_with(&seat.to_string()),
                    "seat {seat} at {p}: {name}"
                );
            }
        }
    }
    // Red passes Blue's home-stretch entrance (1m8, Red's 13) and goes on round the track.
    assert_eq!(square_name(&rules, 0, 13), "1m8");
    let mut pos = after_throw(&rules, "10,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
    play(&mut pos, &rules, "10+6");
    assert_eq!(square_name(&rules, 0, pos.pieces_of(0)[0]), "1l6");
}

/// 003: "It so happens that the left opponent's entrance square is a safety square exactly 20
/// spaces from finish, just right for a player to use a capture bonus to retire that pawn."
#[test]
fn the_left_opponents_entry_space_is_a_safety_space_exactly_20_from_finish() {
    let rules = rules_of("parcheesi-sr", &[]);
    for seat in 0..4u8 {
        // The left opponent is the seat whose pawns come round to this seat's entrance first.
        let left = (seat + 3) % 4;
        let entry = rules.square_at(left, 1).expect("an entry space");
        let progress = (1..=rules.route_len())
            .find(|&p| rules.square_at(seat, p) == Some(entry))
            .expect("on the route");
        assert_eq!(rules.home() - progress, 20, "seat {seat}");
        assert!(is_castle(&rules, seat, progress));
    }
    // Red waits on Yellow's entry space (Red 52), captures with another pawn and retires the
    // waiting pawn with the bonus. Blue's pawn stands on Red's 12.
    same_square(&rules, 0, 52, 3, 1);
    same_square(&rules, 0, 12, 1, 63);
    let mut pos = after_throw(&rules, "52,10,h,h/63,0,0,0/0,0,0,0/0,0,0,0 Rt -", "2-1");
    play(&mut pos, &rules, "10+2");
    assert_eq!(pos.pieces_of(1), &[0, 0, 0, 0]);
    assert_legal(&pos, &rules, &["12+1", "12+20", "52+1", "52+20"]);
    play(&mut pos, &rules, "52+20");
    // Home, with the finish bonus to come.
    assert_notation(&pos, &rules, "h,12,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Rm 1,10b");
    // "But the left opponent might ... very quickly re-enter his pawn and capture a pawn waiting
    // on that entrance square."
    let mut pos = after_throw(&rules, "52,h,h,h/0,0,0,0/0,0,0,0/0,0,0,0 Yt -", "5-1");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "0,h,h,h/0,0,0,0/0,0,0,0/1,0,0,0 Ym 1,20b entered=Y",
    );
}

/// 003: "The game can be played with one space at the corner (64 spaces in all on the main
/// travel path) but still, different opponents' pawns may not occupy it at the same time and no
/// more than two pawns of the same player may occupy it. Pawns do not step through the finish
/// area, counting that as a space or retiring, when they reach that corner."
#[test]
fn the_one_corner_board_has_a_64_space_track_whose_corner_square_is_not_shared() {
    let rules = rules_of("parcheesi-sr", &["board.corner_squares=1"]);
    let topology = rules.topology();
    assert_eq!(topology.track_len(), 64);
    assert_eq!(
        (rules.turn_home(), rules.route_len(), rules.home()),
        (60, 67, 68)
    );
    for arm in 0..4u8 {
        let r1 = topology
            .parse_square(&format!("{arm}r1"))
            .expect("a square");
        let l1 = topology
            .parse_square(&format!("{arm}l1"))
            .expect("a square");
        assert!(!topology.on_track(r1) && topology.on_track(l1), "arm {arm}");
    }
    // Red's route steps from the corner 0l1 straight on to 1r2.
    assert_eq!(square_name(&rules, 0, 4), "0l1");
    assert_eq!(square_name(&rules, 0, 5), "1r2");
    // Blue's pawn on the corner is captured, not joined, by a Red pawn landing there.
    let blue = progress_on(&rules, 1, "0l1");
    let mut pos = at(
        &rules,
        &format!("1,h,h,h/{blue},0,0,0/0,0,0,0/0,0,0,0 Rt -"),
    );
    throw(&mut pos, &rules, "3-1");
    play(&mut pos, &rules, "1+3");
    assert_eq!(pos.pieces_of(1), &[0, 0, 0, 0]);
    let home = rules.home();
    assert_eq!(pos.pieces_of(0), &[4, home, home, home]);
    // Two opponents on the corner is not a position the rules can reach.
    let shared = format!("4,h,h,h/{blue},0,0,0/0,0,0,0/0,0,0,0 Rt -");
    assert!(Position::from_notation(&rules, &shared).is_err());
    // Two Red pawns on the corner keep a third off it.
    let pos = after_throw(&rules, "4,4,1,h/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-1");
    assert!(!is_legal(&pos, &rules, "1+3"));
}

/// 003: "There are a few other versions where the pawns enter slightly to the right of the start
/// zone and travel clockwise but the idea and strategies are the same ... Think of a mirror
/// image."
#[test]
fn the_clockwise_board_mirrors_the_route_with_the_entry_space_on_the_other_side() {
    let ccw = rules_of("parcheesi-sr", &[]);
    let cw = rules_of("parcheesi-sr", &["board.direction=clockwise"]);
    assert_eq!(square_name(&ccw, 0, 1), "0l4");
    assert_eq!(square_name(&cw, 0, 1), "0r4");
    assert_eq!(square_name(&cw, 0, 64), "0m8");
    assert_eq!((cw.turn_home(), cw.home()), (64, 72));
    for seat in 0..4u8 {
        let mirrored_seat = (4 - seat) % 4;
        for p in 1..=cw.route_len() {
            assert_eq!(
                square_name(&cw, seat, p),
                mirrored(&square_name(&ccw, mirrored_seat, p)),
                "seat {seat}, progress {p}"
            );
            assert_eq!(is_castle(&cw, seat, p), is_castle(&ccw, mirrored_seat, p));
        }
    }
    // Entering on the mirror board: the pawn comes onto 0r4.
    let mut pos = after_throw(&cw, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-1");
    play(&mut pos, &cw, "E5");
    assert_eq!(square_name(&cw, 0, pos.pieces_of(0)[0]), "0r4");
}

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
            let [a, b] = o.dice;
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
// Entering
// ---------------------------------------------------------------------------------------------

/// 003: "Pawns must follow an entrance ritual starting with a five rolled on the dice, either a 5
/// coming up on one die"; "the die value not used for entering a pawn may be used for movement
/// of the freshly entered pawn or another pawn."
#[test]
fn a_5_on_one_die_enters_a_pawn_onto_its_entry_space() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
        assert_legal(&pos, &rules, &["E5"]);
        play(&mut pos, &rules, "E5");
        assert_legal(&pos, &rules, &["1+3"]);
        play(&mut pos, &rules, "1+3");
        assert_notation(
            &pos,
            &rules,
            "4,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt - entered=R",
        );
    }
}

/// 003: "either a 5 coming up on one die, or as the sum of the numbers on the two dice such as 3
/// and 2."
#[test]
fn a_5_as_the_sum_of_both_dice_enters_a_pawn() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        for (dice, mv) in [("3-2", "E3+2"), ("4-1", "E4+1")] {
            let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", dice);
            assert_legal(&pos, &rules, &[mv]);
            play(&mut pos, &rules, mv);
            assert_notation(
                &pos,
                &rules,
                "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Bt - entered=R",
            );
        }
        // No five, no entry.
        let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "6-4");
        assert_legal(&pos, &rules, &["-"]);
    }
}

/// 003: "Some versions use a different "magic" number, for example some (MB) versions use 7 to
/// enter pawns with."
#[test]
fn some_mb_versions_enter_with_a_7() {
    let rules = rules_of("parcheesi-mb", &["throw.grace=[7]"]);
    for (dice, expected) in [
        ("6-1", "E6+1"),
        ("5-2", "E5+2"),
        ("4-3", "E4+3"),
        ("5-3", "-"),
    ] {
        let pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", dice);
        assert_legal(&pos, &rules, &[expected]);
    }
}

/// 003: "In some (MB) versions the entrance space is at the entrance to the home stretch (and
/// entering pawns must turn right and go around the board)".
#[test]
fn some_mb_versions_enter_at_the_home_stretch_entrance_and_go_once_round() {
    let rules = rules_of("parcheesi-mb", &["board.entry_offset=0"]);
    assert_eq!((rules.turn_home(), rules.home()), (69, 77));
    for seat in 0..4u8 {
        assert_eq!(square_name(&rules, seat, 1), format!("{seat}m8"));
        assert_eq!(square_name(&rules, seat, 2), format!("{seat}l8"));
        assert_eq!(square_name(&rules, seat, 68), format!("{seat}r8"));
        assert_eq!(square_name(&rules, seat, 69), format!("{seat}m8"));
        assert_eq!(square_name(&rules, seat, 70), format!("{seat}m7"));
    }
    let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "E5");
    play(&mut pos, &rules, "1+3");
    assert_eq!(square_name(&rules, 0, pos.pieces_of(0)[0]), "0l6");
}

/// 003: "(SR) v1942 and v1989 and (TR): actually the player must enter a pawn when rolling the
/// five ... unless that is impossible"; "(PB) and (MB) The player may at any time choose to use
/// a 5 to enter a pawn or to move another pawn."
#[test]
fn sr_and_tr_must_enter_on_a_5_while_pb_and_mb_may_move_instead() {
    for (name, expected) in [
        ("parcheesi-sr", &["E5"][..]),
        ("parcheesi-tr", &["E5"][..]),
        ("parcheesi-pb", &["10+2", "10+5", "E5"][..]),
        ("parcheesi-mb", &["10+2", "10+5", "E5"][..]),
    ] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, expected);
    }
    // The sum obliges as well.
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-2");
    assert_legal(&pos, &rules, &["E3+2"]);
    let rules = rules_of("parcheesi-pb", &[]);
    let pos = after_throw(&rules, "10,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "3-2");
    assert_legal(&pos, &rules, &["10+2", "10+3", "E3+2"]);
}

/// 003: "(SR) v1975 and (TR): If start is not empty and a pawn cannot be entered then any
/// remaining 5 within the throw is forfeited."
#[test]
fn sr_v1975_and_tr_forfeit_a_5_that_cannot_enter_while_pawns_wait() {
    // Blue's blockade on Red's entry space keeps Red's pawns in the nest.
    let v1975 = ["moves.must_enter=false", "moves.grace_only_enters=true"];
    for (name, overrides) in [("parcheesi-tr", &[][..]), ("parcheesi-sr", &v1975[..])] {
        let rules = rules_of(name, overrides);
        same_square(&rules, 0, 1, 1, 52);
        let mut pos = after_throw(&rules, "10,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2"]);
        play(&mut pos, &rules, "10+2");
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_notation(&pos, &rules, "12,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Bt -");
        // With the nest empty the 5 moves like any die.
        let pos = after_throw(&rules, "10,h,h,h/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2", "10+5"]);
    }
    // Elsewhere a 5 that cannot enter moves a pawn.
    for name in ["parcheesi-sr", "parcheesi-pb", "parcheesi-mb"] {
        let rules = rules_of(name, &[]);
        let pos = after_throw(&rules, "10,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-2");
        assert_legal(&pos, &rules, &["10+2", "10+5"]);
    }
}

/// 003: "the player must enter a pawn when rolling the five (or enter two pawns when rolling
/// double 5)".
#[test]
fn a_double_5_enters_two_pawns() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_notation(
        &pos,
        &rules,
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5,5 again streak=0x1",
    );
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1 entered=R",
    );
    // With one pawn left to enter, the other 5 moves a pawn.
    let mut pos = after_throw(&rules, "10,20,30,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_legal(&pos, &rules, &["1+5", "10+5", "20+5", "30+5"]);
}

/// 003: "But an entering pawn may capture a single opponent's pawn on the safety space that is
/// also the entrance space"; "Upon making a capture the player gets a 20 space increment".
#[test]
fn an_entering_pawn_captures_a_lone_opponent_on_its_entry_space_and_earns_the_bonus() {
    let rules = rules_of("parcheesi-sr", &[]);
    same_square(&rules, 0, 1, 1, 52);
    let mut pos = after_throw(&rules, "0,0,0,0/52,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3,20b entered=R",
    );
    assert_legal(&pos, &rules, &["1+20", "1+3"]);
    // Parker Bros.: the capture, but no bonus.
    let rules = rules_of("parcheesi-pb", &[]);
    let mut pos = after_throw(&rules, "0,0,0,0/52,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 3 entered=R",
    );
}

/// 003: "If an opponent's blockade were on an entrance space, a player would not be able to
/// enter his pawns onto that space. He may not enter a pawn onto another space".
#[test]
fn no_pawn_enters_onto_an_opponents_blockade_on_its_entry_space() {
    for name in EDITIONS {
        let rules = rules_of(name, &[]);
        let mut pos = after_throw(&rules, "0,0,0,0/52,52,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
        assert_legal(&pos, &rules, &["-"]);
        play(&mut pos, &rules, "-");
        assert_eq!(pos.pieces_of(0), &[0, 0, 0, 0]);
        assert_eq!(pos.pieces_of(1), &[52, 52, 0, 0]);
    }
}

/// 003: "Two (but not more) pawns of the same color may occupy the same space." A third pawn
/// cannot enter onto its own pair.
#[test]
fn no_third_pawn_enters_onto_its_own_pair_on_the_entry_space() {
    let rules = rules_of("parcheesi-sr", &[]);
    let pos = after_throw(&rules, "1,1,20,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    assert_legal(&pos, &rules, &["1+3", "1+5", "20+3", "20+5"]);
    assert!(!is_legal(&pos, &rules, "E5"));
}

/// 003: "Or the player could move a pawn out of his own blockade on his entrance space and,
/// using a 5 on the other die, enter a pawn to reform the blockade. Except for (SR) v1975 and
/// (TR), this last move is an acceptable use of double 5."
#[test]
fn a_pawn_leaving_a_blockade_on_the_entry_space_may_be_replaced_by_an_entering_pawn() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = after_throw(&rules, "1,1,20,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-3");
    play(&mut pos, &rules, "1+3");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_eq!(pos.pieces_of(0), &[4, 1, 20, 1]);
    // With double 5: one 5 takes a pawn out of the blockade, the other enters.
    let mut pos = after_throw(&rules, "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["1+5"]);
    play(&mut pos, &rules, "1+5");
    assert_legal(&pos, &rules, &["E5"]);
    play(&mut pos, &rules, "E5");
    assert_notation(
        &pos,
        &rules,
        "6,1,1,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - streak=0x1 entered=R",
    );
    // SR v1975: the 5s may not move a pawn while pawns wait, so both are forfeited.
    let rules = rules_of(
        "parcheesi-sr",
        &["moves.must_enter=false", "moves.grace_only_enters=true"],
    );
    let pos = after_throw(&rules, "1,1,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt -", "5-5");
    assert_legal(&pos, &rules, &["-"]);
}

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
