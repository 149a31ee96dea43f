//! What a refusal says: [`Refusal`], why a piece cannot move, and [`Obstacle`], what closes the
//! entry square, each with the one sentence a player reads.

use crate::describe::squares;
use std::fmt;

/// What closes the entry square to a waiting piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Obstacle {
    /// A blockade (two pieces of one side) stands on it (003: "If an opponent's blockade were on
    /// an entrance space, a player would not be able to enter").
    Blockade,
    /// As many of the mover's pieces as the stack limit allows stand on it already.
    Full {
        /// The stack limit.
        limit: u8,
    },
    /// It is a castle and an opponent holds it.
    CastleHeld,
    /// An opposing pair stands on it, and a single piece may not land on a pair.
    OpposingPair,
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Obstacle::Blockade => f.write_str("a blockade stands on it"),
            Obstacle::Full { limit: 1 } => f.write_str("one of your pieces stands on it already"),
            Obstacle::Full { limit } => write!(f, "{limit} of your pieces stand on it already"),
            Obstacle::CastleHeld => f.write_str("it is a castle an opponent holds"),
            Obstacle::OpposingPair => {
                f.write_str("an opposing pair stands on it, and a single piece may not land there")
            }
        }
    }
}

/// Why a piece cannot move with one increment of the pool (or at all).
///
/// Its [`Display`](fmt::Display) form is one short English sentence for the player, without a
/// final full stop. Variants that name a `value` concern that increment of the pool only; the
/// others cover every increment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// A throw is due: nothing moves before the shells or dice are thrown.
    NotTimeToMove,
    /// The game is over.
    GameOver,
    /// None of the mover's pieces stands at that progress.
    NoPiece {
        /// The progress asked about.
        progress: u8,
    },
    /// The piece has already reached home.
    AlreadyHome,
    /// A waiting piece comes in only on a grace, and these throws are not graces.
    NeedsGrace {
        /// The graces of the rules.
        graces: Vec<u8>,
        /// The values in the pool that are not graces, in the order they were thrown.
        values: Vec<u8>,
        /// Whether two separate dice whose sum is a grace also bring a piece in.
        with_sum: bool,
    },
    /// A side's very first piece comes in only on one of some graces, and this one is not among
    /// them (000: "only throwing 10, 25 or 30 gives you the ability to introduce first pawn").
    NeedsFirstEntry {
        /// The graces that may bring a first piece in.
        first_entry: Vec<u8>,
        /// The grace in the pool that may not.
        value: u8,
    },
    /// The increment only moves pieces already on the board: a bonus, a bonus step, a doublet's
    /// undersides or what is left of a split throw never brings a piece in.
    MovementOnly {
        /// The increment.
        value: u8,
    },
    /// A throw such as 7 or 14 never brings a piece out, not even a first piece that may
    /// otherwise leave on any throw (004: "on throwing 7 or 14, you can not introduce your new
    /// pawn").
    NeverBringsOut {
        /// The throw.
        value: u8,
    },
    /// The entry square does not take a waiting piece now.
    EntryBlocked {
        /// The entry square's name.
        square: String,
        /// What closes it.
        obstacle: Obstacle,
    },
    /// The move would carry the piece past the end, and the end must be reached by an exact
    /// throw.
    Overshoot {
        /// The increment.
        value: u8,
        /// The squares the piece still needs to get home, the step home counted.
        needs: u8,
    },
    /// The move would leave the piece nearer home than any increment can take it, so it could
    /// never get home (the exact-throw rule read with 003's principle against trapping a player).
    Stranded {
        /// The increment.
        value: u8,
        /// The squares from home where the piece would stand.
        left: u8,
    },
    /// The landing square is a castle an opponent holds.
    CastleHeld {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
    },
    /// The landing square holds as many of the mover's pieces as the stack limit allows.
    SquareFull {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
        /// The stack limit.
        limit: u8,
    },
    /// A single piece may not land on the opposing pair there (001: only a pair hits a pair).
    OpposingPair {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
    },
    /// A blockade stands on the way (003: "no pawns of any color may capture or overtake this
    /// pair of pawns").
    BlockadeInTheWay {
        /// The increment.
        value: u8,
        /// The blockade's square.
        square: String,
    },
    /// The move would bring the two pieces of a blockade together again on another square during
    /// one throw (003: "A blockade may not be moved intact").
    BlockadeIntact {
        /// The increment.
        value: u8,
        /// The square where they would meet again.
        square: String,
    },
    /// While a piece waits, a grace may only bring a piece in, and is forfeited when none can
    /// come in (003: SR v1975 and TR).
    GraceOnlyEnters {
        /// The grace.
        value: u8,
    },
    /// A waiting piece must be brought in whenever one can be (003: SR v1942 and v1989, TR).
    MustEnter,
    /// While a piece waits to enter, the mover's piece on the entry square must move off it first
    /// (OpenSpiel's maedn: "start field must be cleared as soon as possible").
    ClearEntryFirst {
        /// The entry square's name.
        square: String,
    },
    /// The move would carry the piece past the last square of its goal in the lane, which it
    /// reaches only by an exact throw (OpenSpiel's maedn).
    PastGoal {
        /// The increment.
        value: u8,
        /// The most squares the piece can still move.
        room: u8,
    },
    /// The pieces here move together as a pair, half the throw, and this increment cannot be
    /// halved (001).
    PairCannotHalve {
        /// The increment.
        value: u8,
    },
    /// The move would take the piece up its lane home, and the side has not captured yet (000
    /// optional rule 3), nor can the piece go round again with it.
    MustCaptureFirst {
        /// The increment.
        value: u8,
    },
    /// The move is possible on its own, but the throws must be used as fully as possible, and
    /// doing so takes other moves (003: "A player must use up as many increments as possible").
    FullestUse {
        /// The increment (for two dice entering together, their sum).
        value: u8,
    },
    /// Another pawn, which a die has just landed on an opponent's castle, must be carried on by
    /// the other die first (003, PB).
    CarryOnFirst {
        /// The castle where that pawn stands.
        square: String,
    },
    /// A throw could only have ended on an opponent's castle, and that costs the whole turn
    /// (001, with `moves.held_castle = "loses-turn"`).
    TurnLost {
        /// The throw.
        value: u8,
        /// The castle it would have ended on.
        square: String,
    },
    /// A doublet's squares bring a pawn home only when the whole 14 carries it there from 14 out
    /// (003: "(TR) Doubles may bring a pawn to finish only from 14 spaces out").
    FinishFromFourteen {
        /// The squares of the doublet left to spend.
        value: u8,
        /// The squares the pawn needs to finish.
        needs: u8,
    },
    /// The bonus step must bring a waiting piece in while one can come (Sokkattan, Parker 1909:
    /// "This extra move must be used to enter a new piece on the board if possible").
    StepMustEnter {
        /// The step.
        value: u8,
    },
    /// The piece may not come round to its arm's end square again before enough of the partners'
    /// pieces have gone past the arm (Pahada Keliya, Parker 1909).
    HomeGate {
        /// The increment.
        value: u8,
        /// How many of the partners' pieces must have gone past.
        needed: u8,
    },
    /// No rule lets the piece use the increment, for a reason none of the other variants names.
    NoRule {
        /// The increment.
        value: u8,
    },
}

/// Writes `values` as a list in words: `6`, `6 or 10`, `6, 10 or 25`.
pub(super) fn list(values: &[u8], last: &str) -> String {
    let words: Vec<String> = values.iter().map(u8::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((tail, rest)) => format!("{} {last} {tail}", rest.join(", ")),
    }
}

/// `the 3`, `the 2 and the 3`, `the 2, the 3 and the 4`.
pub(super) fn the_values(values: &[u8]) -> String {
    let words: Vec<String> = values.iter().map(|v| format!("the {v}")).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((tail, rest)) => format!("{} and {tail}", rest.join(", ")),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotTimeToMove => f.write_str("it is not time to move: throw first"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NoPiece { progress } => {
                write!(f, "none of your pieces stands at progress {progress}")
            }
            Refusal::AlreadyHome => f.write_str("the piece is already home"),
            Refusal::NeedsGrace {
                graces,
                values,
                with_sum,
            } => {
                match (graces.as_slice(), with_sum) {
                    ([one], true) => write!(
                        f,
                        "a waiting piece comes in only on a {one}, on one die or as the sum of two"
                    )?,
                    ([one], false) => write!(f, "a waiting piece comes in only on a {one}")?,
                    (_, true) => write!(
                        f,
                        "a waiting piece comes in only on a grace ({}), on one die or as the sum \
                         of two",
                        list(graces, "or")
                    )?,
                    (_, false) => write!(
                        f,
                        "a waiting piece comes in only on a grace ({})",
                        list(graces, "or")
                    )?,
                }
                match values.as_slice() {
                    [] => Ok(()),
                    [_] => write!(f, ", which {} is not", the_values(values)),
                    _ => write!(f, ", which {} are not", the_values(values)),
                }
            }
            Refusal::NeedsFirstEntry { first_entry, value } => write!(
                f,
                "a side's first piece comes in only on {}, not on the {value}",
                list(first_entry, "or")
            ),
            Refusal::MovementOnly { value } => write!(
                f,
                "the {value} only moves pieces already on the board and cannot bring one in"
            ),
            Refusal::NeverBringsOut { value } => write!(
                f,
                "a {value} never brings a piece out: it only moves pieces already on the board"
            ),
            Refusal::EntryBlocked { square, obstacle } => {
                write!(f, "the entry square {square} is closed: {obstacle}")
            }
            Refusal::Overshoot { value, needs } => write!(
                f,
                "the {value} would overshoot the end: a piece goes home only by an exact throw, \
                 and this one needs exactly {needs} {}",
                squares(*needs)
            ),
            Refusal::Stranded { value, left } => write!(
                f,
                "the {value} would leave the piece {left} {} from home, nearer than any throw can \
                 take it",
                squares(*left)
            ),
            Refusal::CastleHeld { value, square } => write!(
                f,
                "the {value} would land on {square}, a castle an opponent holds"
            ),
            Refusal::SquareFull {
                value,
                square,
                limit: 1,
            } => write!(
                f,
                "the {value} would land on {square}, where one of your pieces stands already"
            ),
            Refusal::SquareFull {
                value,
                square,
                limit,
            } => write!(
                f,
                "the {value} would land on {square}, where {limit} of your pieces stand already"
            ),
            Refusal::OpposingPair { value, square } => write!(
                f,
                "the {value} would land a single piece on the opposing pair on {square}: only a \
                 pair may land on a pair"
            ),
            Refusal::BlockadeInTheWay { value, square } => {
                write!(f, "a blockade on {square} stands in the way of the {value}")
            }
            Refusal::BlockadeIntact { value, square } => write!(
                f,
                "the {value} would bring two pieces of a blockade together again on {square}, \
                 and a blockade may not be moved intact"
            ),
            Refusal::GraceOnlyEnters { value } => write!(
                f,
                "while a piece waits to come in, a {value} may only bring a piece in"
            ),
            Refusal::MustEnter => f.write_str("a waiting piece must be brought in first"),
            Refusal::ClearEntryFirst { square } => write!(
                f,
                "your piece on the entry square {square} must move off it first, while a piece \
                 waits to come in"
            ),
            Refusal::PastGoal { value, room: 0 } => write!(
                f,
                "the piece stands on the last square of its goal, and the {value} cannot take it \
                 farther"
            ),
            Refusal::PastGoal { value, room } => write!(
                f,
                "the {value} would carry the piece past the last square of its goal, {room} {} \
                 ahead",
                squares(*room)
            ),
            Refusal::PairCannotHalve { value } => write!(
                f,
                "the pieces here move together as a pair, half the throw, and the {value} cannot \
                 be halved"
            ),
            Refusal::MustCaptureFirst { value } => write!(
                f,
                "the {value} would turn the piece up its lane home, which your side may not do \
                 before it has captured, and it cannot go round again instead"
            ),
            Refusal::FullestUse { value } => write!(
                f,
                "the {value} could move it, but the throws must be used as fully as possible, \
                 and that takes other moves"
            ),
            Refusal::CarryOnFirst { square } => write!(
                f,
                "the pawn on {square}, an opponent's safety space, must first be carried on with \
                 the other die"
            ),
            Refusal::TurnLost { value, square } => write!(
                f,
                "the {value} could only end on {square}, a castle an opponent holds, and that \
                 costs the whole turn"
            ),
            Refusal::FinishFromFourteen { value, needs } => write!(
                f,
                "a doublet brings a pawn home only from 14 out, with all 14 squares; this one \
                 needs {needs} and {value} {} of the doublet are left",
                squares(*value)
            ),
            Refusal::StepMustEnter { value } => write!(
                f,
                "the extra step of {value} must bring a waiting piece in while one can come"
            ),
            Refusal::HomeGate { value, needed } => write!(
                f,
                "the {value} would bring the piece round to the end of its arm again, which waits \
                 until {needed} of your partner's pieces have gone past that arm"
            ),
            Refusal::NoRule { value } => write!(f, "no rule lets this piece use the {value}"),
        }
    }
}
