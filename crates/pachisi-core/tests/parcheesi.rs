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
//!
//! The tests stand in tests/parcheesi/, one file per family of rules: the board (`board`), the
//! dice and doublets (`dice`), entering (`entry`), blockades, safety spaces and captures
//! (`blockades`), bonuses (`bonuses`), using the dice and winning (`usage`), and the "(nr)"
//! readings (`readings`). Their shared helpers are in tests/common (`common::parcheesi`).

mod common;

#[path = "parcheesi/blockades.rs"]
mod blockades;
#[path = "parcheesi/board.rs"]
mod board;
#[path = "parcheesi/bonuses.rs"]
mod bonuses;
#[path = "parcheesi/dice.rs"]
mod dice;
#[path = "parcheesi/entry.rs"]
mod entry;
#[path = "parcheesi/readings.rs"]
mod readings;
#[path = "parcheesi/usage.rs"]
mod usage;
