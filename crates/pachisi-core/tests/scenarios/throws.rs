//! Scenario tests of the throws: what six or seven cowries count and which counts are graces
//! (the article's, Herklots' and the encyclopedia's tables), the odds of fair and biased shells,
//! and one die or long dice instead of shells.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo", 001 Humphries 1904, 002 Herklots 1832, 004 the encyclopedia
//! section), and quotes the phrase it tests. Progress numbers count along each seat's own route, as
//! tests/scenarios.rs describes.

use crate::common::pachisi::*;
use crate::common::*;

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
