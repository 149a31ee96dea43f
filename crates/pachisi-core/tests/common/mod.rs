//! Helpers shared by the scenario tests (`scenarios.rs`, `parcheesi.rs`, `ludo.rs`): rulesets with
//! overrides, positions from notation, throws and moves by their text, legal-move lists and the
//! castles by name; and, in their own modules, the helpers of the Pachisi scenarios (`pachisi`)
//! and of the Parcheesi scenarios (`parcheesi`), each shared by the files of its suite.

#![allow(dead_code)]

pub mod pachisi;
pub mod parcheesi;

use pachisi_core::{builtin_rules, Move, Phase, Position, Rules, RulesetError, Square, ThrowName};

/// A built-in ruleset with `field=value` overrides.
pub fn rules_of(name: &str, overrides: &[&str]) -> Rules {
    let overrides: Vec<String> = overrides.iter().map(|s| (*s).to_string()).collect();
    builtin_rules(name, &overrides).unwrap_or_else(|e| panic!("{name} {overrides:?}: {e}"))
}

/// The error a built-in ruleset with overrides is refused with.
pub fn refused(name: &str, overrides: &[&str]) -> RulesetError {
    let overrides: Vec<String> = overrides.iter().map(|s| (*s).to_string()).collect();
    match builtin_rules(name, &overrides) {
        Ok(_) => panic!("{name} {overrides:?} should be refused"),
        Err(e) => e,
    }
}

/// The field an `Invalid` error names.
pub fn field_of(e: &RulesetError) -> &str {
    match e {
        RulesetError::Invalid { field, .. } => field,
        other => panic!("expected an invalid field, got {other:?}"),
    }
}

/// A position from its notation.
pub fn at(rules: &Rules, text: &str) -> Position {
    Position::from_notation(rules, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Checks that a position survives the trip through its notation unchanged.
pub fn round_trip(pos: &Position, rules: &Rules) {
    let text = pos.to_notation(rules);
    assert_eq!(at(rules, &text), *pos, "`{text}` does not read back");
}

/// Applies the throw written `name`: a value (`25`, `6`) or two separate dice (`5-3`).
pub fn throw(pos: &mut Position, rules: &Rules, name: impl ToString) {
    let name = name.to_string();
    let parsed: ThrowName = name.parse().unwrap_or_else(|e| panic!("{e}"));
    let t = rules
        .throw_by_name(parsed)
        .unwrap_or_else(|| panic!("no throw is written {name}"));
    pos.apply_throw(rules, t)
        .unwrap_or_else(|e| panic!("throw {name} at `{}`: {e}", pos.to_notation(rules)));
    round_trip(pos, rules);
}

/// The position `text` after the throw written `name` (see [`throw`]).
pub fn after_throw(rules: &Rules, text: &str, name: impl ToString) -> Position {
    let mut pos = at(rules, text);
    throw(&mut pos, rules, name);
    pos
}

/// Plays a move given as text, checking that it is legal.
pub fn play(pos: &mut Position, rules: &Rules, text: &str) {
    let mv: Move = text.parse().unwrap_or_else(|e| panic!("{e}"));
    let before = pos.to_notation(rules);
    pos.play(rules, mv)
        .unwrap_or_else(|e| panic!("{text} at `{before}`: {e}; legal: {:?}", legal(pos, rules)));
    round_trip(pos, rules);
}

/// Plays the first legal move that is not a pass until the throws are spent.
pub fn spend_all(pos: &mut Position, rules: &Rules) {
    while pos.phase() == Phase::Move {
        let moves = legal(pos, rules);
        let mv = moves
            .iter()
            .find(|m| m.as_str() != "-")
            .unwrap_or(&moves[0])
            .clone();
        play(pos, rules, &mv);
    }
}

/// Checks a position's notation.
pub fn assert_notation(pos: &Position, rules: &Rules, expected: &str) {
    assert_eq!(pos.to_notation(rules), expected);
}

/// The legal moves as text, sorted.
pub fn legal(pos: &Position, rules: &Rules) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves(rules)
        .iter()
        .map(ToString::to_string)
        .collect();
    moves.sort();
    moves
}

/// Checks the legal moves, in any order.
pub fn assert_legal(pos: &Position, rules: &Rules, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| (*s).to_string()).collect();
    expected.sort();
    assert_eq!(
        legal(pos, rules),
        expected,
        "legal moves at `{}`",
        pos.to_notation(rules)
    );
}

/// Whether the move written `text` is legal.
pub fn is_legal(pos: &Position, rules: &Rules, text: &str) -> bool {
    let mv: Move = text.parse().unwrap_or_else(|e| panic!("{e}"));
    pos.is_legal(rules, mv)
}

/// The name of the square at a seat's progress, e.g. `0m1`.
pub fn square_name(rules: &Rules, seat: u8, progress: u8) -> String {
    let sq = rules
        .square_at(seat, progress)
        .unwrap_or_else(|| panic!("progress {progress} is not on the board"));
    rules.topology().name(sq).to_string()
}

/// Checks that `a`'s progress `pa` and `b`'s progress `pb` name the same square.
pub fn same_square(rules: &Rules, a: u8, pa: u8, b: u8, pb: u8) {
    assert_eq!(
        square_name(rules, a, pa),
        square_name(rules, b, pb),
        "seat {a} at {pa} and seat {b} at {pb}"
    );
}

/// The name of a square's mirror image on the board of the other direction: arm `a` becomes arm
/// `(4 - a) % 4` and the left and right columns swap, e.g. `1l3` -> `3r3`.
pub fn mirrored(name: &str) -> String {
    let mut chars = name.chars();
    let arm = chars.next().and_then(|c| c.to_digit(10)).expect("an arm");
    let column = match chars.next() {
        Some('l') => 'r',
        Some('r') => 'l',
        Some(c) => c,
        None => panic!("no column"),
    };
    format!("{}{column}{}", (4 - arm) % 4, chars.as_str())
}

/// Every castle on the board, by name, sorted.
pub fn castle_names(rules: &Rules) -> Vec<String> {
    let t = rules.topology();
    let mut names: Vec<String> = (0..t.square_count())
        .map(|i| Square(i as u8))
        .filter(|&sq| t.is_castle(sq))
        .map(|sq| t.name(sq).to_string())
        .collect();
    names.sort();
    names
}
