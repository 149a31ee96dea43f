//! Parcheesi scenario tests of the board: the 68-space track and its twelve safety spaces, the 64
//! spaces from a pawn's entry space to its home-stretch entrance, the seven-space home stretch no
//! opponent enters, the left opponent's entry space 20 from the finish, the one-corner board and
//! the clockwise board.
//!
//! Every test cites document 003 ("Parcheesi Composite Rules and Instructions") and quotes the
//! phrase it tests; editions, seats and progress numbers as tests/parcheesi.rs describes them.

use crate::common::parcheesi::*;
use crate::common::*;
use pachisi_core::topology::Direction;
use pachisi_core::Position;
use std::collections::HashSet;

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
