//! Where pieces begin, for the rulesets whose pieces begin on the board rather than waiting in
//! the Charkoni or a nest (Chaupar, Pachih): the squares in a player's words ("the sixth and
//! seventh squares of its lane"), whether any piece ever waits to come in, and the square a
//! captured piece goes back to.

use super::{list_and, start_key};
use pachisi_core::topology::Column;
use pachisi_core::Rules;
use pachisi_words::{number, Args, FamilyWords};

/// A square of a seat's route as a player names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// The square of the seat's own lane this far from the Charkoni.
    Lane(u8),
    /// The end square of the seat's own arm.
    End,
    /// The square this far past the end square of the seat's own arm, in its outer column.
    PastEnd(u8),
    /// The square this far along the route, counted from its first.
    Route(u8),
}

impl Place {
    /// The selector `start-squares` takes.
    fn key(self) -> &'static str {
        match self {
            Place::Lane(_) => "lane",
            Place::End => "end",
            Place::PastEnd(_) => "past-end",
            Place::Route(_) => "route",
        }
    }
}

/// Where a piece at `progress` (not 0) stands, as a player names it. Squares are named by the
/// lane and the arm where the pieces set out from the Charkoni; elsewhere, and on boards whose
/// pieces enter from a nest, by their place along the route.
fn place(rules: &Rules, progress: u8) -> Place {
    let topology = rules.topology();
    let Some(square) = rules.square_at(0, progress) else {
        return Place::Route(progress);
    };
    if rules.starts_in_nest() {
        return Place::Route(progress);
    }
    let own = rules.home_arm(0);
    let length = topology.arm_length();
    let (arm, column, row) = topology.coordinates(square);
    // The arm's end square, where a piece first comes out onto the track.
    let end = rules
        .route(0)
        .iter()
        .position(|&sq| topology.coordinates(sq) == (own, Column::Middle, length))
        .and_then(|i| u8::try_from(i + 1).ok());
    match (arm == own, column, end) {
        (true, Column::Middle, Some(end)) if progress < end && row == progress => Place::Lane(row),
        (true, Column::Middle, Some(end)) if progress == end => Place::End,
        (true, Column::Left | Column::Right, Some(end))
            if progress > end && progress - end <= length =>
        {
            Place::PastEnd(progress - end)
        }
        _ => Place::Route(progress),
    }
}

/// Whether every piece begins on the board.
pub(super) fn all_begin_on_board(rules: &Rules) -> bool {
    let start = &rules.ruleset().players.start;
    !start.is_empty() && start.iter().all(|&p| p > 0)
}

/// Whether no piece ever waits to come in: every piece begins on the board, and a captured piece
/// goes straight back onto it.
pub(super) fn none_waits(rules: &Rules) -> bool {
    all_begin_on_board(rules) && rules.captured_to() > 0
}

/// A square's place in a row, in words: "sixth".
pub(super) fn ordinal(words: &FamilyWords, place: u8) -> String {
    let mut args = Args::new();
    args.set("place", number(place));
    words.msg_with("square-ordinal", &args)
}

/// Where the pieces begin, where some begin on the board: "Every piece begins on the board: two
/// on the sixth and seventh squares of its lane and two on the first and second squares past
/// the end square of its arm." `None` where every piece waits to come in.
pub(super) fn begin(rules: &Rules, words: &FamilyWords) -> Option<String> {
    let start = &rules.ruleset().players.start;
    // How many pieces begin on each square, in the order of the route.
    let mut counts: Vec<(u8, u8)> = Vec::new();
    let mut on_board: Vec<u8> = start.iter().copied().filter(|&p| p > 0).collect();
    on_board.sort_unstable();
    for p in on_board {
        match counts.last_mut() {
            Some((q, n)) if *q == p => *n += 1,
            _ => counts.push((p, 1)),
        }
    }
    if counts.is_empty() {
        return None;
    }
    // Squares next to each other in the list, of one kind and with as many pieces on each, make
    // one group.
    let mut groups: Vec<(Place, u8, Vec<Place>)> = Vec::new();
    for (p, n) in counts {
        let here = place(rules, p);
        match groups.last_mut() {
            Some((kind, each, places))
                if kind.key() == here.key() && *each == n && here != Place::End =>
            {
                places.push(here);
                *kind = here;
            }
            _ => groups.push((here, n, vec![here])),
        }
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(kind, each, places)| group(rules, words, *kind, *each, places))
        .collect();
    let mut args = Args::new();
    args.set("groups", list_and(words, &said));
    args.set(
        "all",
        if all_begin_on_board(rules) {
            "yes"
        } else {
            "no"
        },
    );
    args.set("start", start_key(rules));
    Some(words.msg_with("entry-start-board", &args))
}

/// One group of pieces beginning on the board: "two on the sixth and seventh squares of its
/// lane".
fn group(rules: &Rules, words: &FamilyWords, kind: Place, each: u8, places: &[Place]) -> String {
    let names: Vec<String> = places
        .iter()
        .filter_map(|&p| match p {
            Place::Lane(n) | Place::PastEnd(n) => Some(ordinal(words, n)),
            Place::Route(n) => Some(n.to_string()),
            Place::End => None,
        })
        .collect();
    let squares = places.len();
    let mut args = Args::new();
    args.set("where", kind.key());
    args.set("places", list_and(words, &names));
    args.set("squares", number(squares as u32));
    let at = words.msg_with("start-squares", &args);
    let count = u32::from(each) * squares as u32;
    let mut args = Args::new();
    args.set("count", number(count));
    args.set(
        "all",
        if count == u32::from(rules.pieces()) && count > 1 {
            "yes"
        } else {
            "no"
        },
    );
    args.set("each", number(if squares > 1 { each } else { 1 }));
    args.set("at", at);
    words.msg_with("start-group", &args)
}
