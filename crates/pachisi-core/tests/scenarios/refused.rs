//! Scenario tests of rulesets that make no sense: each is refused, and the error names the field
//! (or the line and column) at fault.
//!
//! Every test cites the source document it checks, by number as in docs/rules.md (000 the article
//! "Pachisi. Ancestor of Ludo"), and quotes the phrase it tests. Progress numbers count along each
//! seat's own route, as tests/scenarios.rs describes.

use crate::common::*;
use pachisi_core::{builtin_rules, builtin_text, RulesetError};

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
