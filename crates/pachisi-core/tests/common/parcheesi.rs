//! Helpers shared by the Parcheesi scenario tests (tests/parcheesi/): the four editions, where a
//! seat's route passes a square and which of its squares are safety spaces, and the overrides of
//! the MB "one increment" reading and of the one-die version.

use pachisi_core::Rules;

/// The four editions.
pub const EDITIONS: [&str; 4] = [
    "parcheesi-sr",
    "parcheesi-pb",
    "parcheesi-mb",
    "parcheesi-tr",
];

/// The progress at which a seat's route passes a named square.
pub fn progress_on(rules: &Rules, seat: u8, name: &str) -> u8 {
    let sq = rules.topology().parse_square(name).expect("a square name");
    (1..=rules.route_len())
        .find(|&p| rules.square_at(seat, p) == Some(sq))
        .unwrap_or_else(|| panic!("seat {seat} never passes {name}"))
}

pub fn is_castle(rules: &Rules, seat: u8, progress: u8) -> bool {
    let sq = rules.square_at(seat, progress).expect("on the board");
    rules.topology().is_castle(sq)
}

/// The progresses of a seat's route that are safety spaces.
pub fn castles_on_route(rules: &Rules, seat: u8) -> Vec<u8> {
    (1..=rules.route_len())
        .filter(|&p| is_castle(rules, seat, p))
        .collect()
}

/// The "one increment" reading of some MB versions, as validation allows it: the dice count
/// their total, so nothing can be entered "as the sum" and there are no doublets.
pub const MB_ONE_INCREMENT: [&str; 3] = [
    "throw.separate_dice=false",
    "moves.enter_with_sum=false",
    "doubles.enabled=false",
];

/// The one-die version.
pub const ONE_DIE: [&str; 3] = [
    "throw.dice=1",
    "throw.separate_dice=false",
    "moves.enter_with_sum=false",
];
