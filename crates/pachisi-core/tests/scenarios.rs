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
//!
//! The tests stand in tests/scenarios/, one file per family of rules: the board (`board`), the
//! throws (`throws`), leaving the Charkoni (`entry`), turns, streaks, bonus steps and throws that
//! count for nothing (`turns`), choosing moves and Humphries' pairs (`moves`), captures and
//! castles (`captures`), going home and the end of the game (`finishing`), rulesets refused
//! (`refused`), and the older games of the family: Chaupar, Pachih, Sokkattan and Tayam Sonalu
//! (`family`). Their shared helpers are in tests/common (`common::pachisi`).

mod common;

#[path = "scenarios/board.rs"]
mod board;
#[path = "scenarios/captures.rs"]
mod captures;
#[path = "scenarios/entry.rs"]
mod entry;
#[path = "scenarios/family.rs"]
mod family;
#[path = "scenarios/finishing.rs"]
mod finishing;
#[path = "scenarios/moves.rs"]
mod moves;
#[path = "scenarios/refused.rs"]
mod refused;
#[path = "scenarios/throws.rs"]
mod throws;
#[path = "scenarios/turns.rs"]
mod turns;
