//! Scenario tests of the turn: how long it lasts (throwing again on graces, sixes and captures),
//! three equal or high throws in a row and their penalties, bonus steps (Herklots' additional move
//! of 1, the encyclopedia's pyada), and throws that count for nothing (a 7 or 14 with no piece on
//! the board, the opening throw), with the positions and streaks the rules cannot reach refused.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 003 the Parcheesi composite
//! rules (for its principles), 004 the encyclopedia section), and quotes the phrase it tests.
//! Progress numbers count along each seat's own route, as tests/scenarios.rs describes.

use crate::common::pachisi::*;
use crate::common::*;
use pachisi_core::{Phase, Position};

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
