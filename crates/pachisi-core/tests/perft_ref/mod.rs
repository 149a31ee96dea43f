//! The reference move generator that tests/perft.rs checks the engine against: an independent,
//! slow reading of the rules on plain data structures of its own, as docs/rules.md documents
//! every field and the source documents state them (000 to 004, the Ludo rule book, OpenSpiel's
//! maedn, LUDOpy; for the cross-and-circle family, Abu'l Fazl 1590, Snouck Hurgronje 1906 and
//! Parker 1909). This file holds its types (the rules as it reads them, the state, increments
//! and moves); its functions stand in one file per family of rules:
//! - rules.rs: reading the ruleset's fields;
//! - state.rs: the starting position, what stands where, and the position notation;
//! - throws.rs: throws, doublets and the turn;
//! - moves.rs: the list of legal moves and the fullest use of a throw;
//! - advances.rs: entering and advancing one piece or pair, and what stops it;
//! - play.rs: playing a move (captures, bonuses, finishing, placings), and the count;
//! - landing.rs: LUDOpy's landing rules and first turn;
//! - family.rs: the rules of the cross-and-circle family (pieces that begin on the board, a
//!   turn's most throws, crowds that cannot be captured, throwing for a partner, a bonus step
//!   that enters).

use pachisi_core::ruleset::{
    BackTo, CastleRule, DoublesAgain, Entry, Fourteen, Goal, HeldCastle, PairParts, Placings,
    Spend, StartArea, StreakPenalty, ThirdDoublet, TwoOrMore, Undersides, Usage,
};
use pachisi_core::{Outcome, Rules, Square};
use std::collections::{BTreeSet, HashMap};
use std::fmt;

mod advances;
mod family;
mod landing;
mod moves;
mod play;
mod rules;
mod state;
mod throws;

/// Most increments a turn's pool holds (docs/rules.md: "A pool holds at most 24 increments").
const POOL_LIMIT: usize = 24;

/// One outcome of the throw device, as the engine lists them.
#[derive(Clone, Debug)]
pub(crate) struct RefThrow {
    /// How the throw is written (`25`, `5-3`, `6-5-2`).
    pub(crate) name: String,
    /// The value (for separate dice, their total).
    value: u8,
    /// The numbers of separate dice (two or three), largest first; `None` when the dice count
    /// their total.
    dice: Option<Vec<u8>>,
}

/// The rules as the reference reads them from the ruleset's fields.
pub(crate) struct RefRules {
    seats: usize,
    pieces: usize,
    letters: Vec<char>,
    /// Team of each seat: partnerships in the order listed, then lone seats in seat order.
    team: Vec<u8>,
    teams: u8,
    /// Each seat's route as squares, and whether each is a castle.
    route: Vec<Vec<Square>>,
    castle: Vec<Vec<bool>>,
    home: u8,
    /// Progress of a piece back on its own end square (the square that appears twice on a route).
    turn_home: u8,
    /// Squares of one lap of the track (the distance between the two visits of the end square).
    lap: u8,
    pub(crate) throws: Vec<RefThrow>,
    grace: Vec<u8>,
    extra: Vec<u8>,
    /// Tayam Sonalu's named pairs (`throw.named_pairs`): the graces as the ruleset lists them by
    /// total, and the pairs that are graces or throw again whatever their total.
    listed_grace: Vec<u8>,
    grace_pairs: Vec<String>,
    extra_pairs: Vec<String>,
    first_entry: Vec<u8>,
    needs_board: Vec<u8>,
    bonus: Vec<u8>,
    bonus_needs_all: bool,
    groups: Vec<Vec<u8>>,
    opening: Vec<u8>,
    after_throwing: bool,
    streak_rule: StreakPenalty,
    capture_throw: bool,
    /// Pahada Keliya's gate: partners' pieces that must have gone past a seat's arm before its
    /// pieces come round to its end square again (`moves.home_gate`).
    home_gate: u8,
    home_throw: bool,
    free_entry: bool,
    first_free: bool,
    pass: bool,
    split: bool,
    pairs: bool,
    round_again: bool,
    exact: bool,
    before_home: bool,
    invalidation: bool,
    winner_only: bool,
    /// Under exact home, the closest a piece may stop to the Charkoni: the smallest increment.
    min_step: u8,
    // --- Parcheesi and Ludo (003) ---
    /// Pieces wait in a nest and enter onto their entry square (progress 1) on the track.
    nest: bool,
    /// Two or three dice, each an increment.
    separate: bool,
    /// Doublets do something: two separate dice alike, or one die's top face.
    doubles: bool,
    /// The top face of one die (its doublet).
    top_face: u8,
    doubles_again: DoublesAgain,
    undersides: Undersides,
    undersides_all_or_nothing: bool,
    third: ThirdDoublet,
    usage: Usage,
    enter_with_sum: bool,
    must_enter: bool,
    grace_only_enters: bool,
    stack_limit: u8,
    blockades: bool,
    stop_behind: bool,
    shared_castles: bool,
    capture_bonus: u8,
    capture_on_entry: bool,
    overtake: bool,
    finish_bonus: u8,
    // --- Readings of 001 and 003 ---
    /// A pair on a castle parts only if none of its pieces moved during this turn.
    parts_next_turn: bool,
    /// A throw that could only end on an opponent's castle costs the whole turn.
    pub(crate) held_loses_turn: bool,
    /// A die may land a pawn on an opponent's castle when another die carries it on (PB).
    carry_on: bool,
    /// How a doublet's 14 squares are spent (TR).
    fourteen: Fourteen,
    /// A doublet's squares finish a pawn only when all 14 carry it home from 14 out (TR).
    finish_from_fourteen: bool,
    // --- OpenSpiel's maedn ---
    /// Pieces finish in their lane (`finish.goal = "lane"`): a route ends on the lane's last
    /// square, and a piece anywhere in the lane has finished.
    goal_lane: bool,
    /// While a piece waits, the mover's piece on the entry square moves off it first, if it can.
    clear_entry: bool,
    // --- LUDOpy ---
    /// Jump squares, castles and crowds that send the mover back, the bounce, the first turn.
    landing: landing::RefLanding,
    // --- The cross-and-circle family ---
    /// Where each piece begins (0: waiting), one progress a piece.
    start: Vec<u8>,
    /// Most throws a seat makes in one turn (0: no limit).
    max_throws: u8,
    /// Two or more pieces of one seat on a square cannot be captured.
    safe_crowds: bool,
    /// The progress a captured piece goes back to (0: waiting to enter again).
    back_to: u8,
    /// A finished seat's turns are played by an unfinished seat of its team.
    partner_throws: bool,
    /// A bonus step brings a waiting piece out while one can come out.
    step_enters: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RefPhase {
    Throw,
    Move,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Inc {
    value: u8,
    /// A bonus step or a split remainder: moves only, never a grace.
    plain: bool,
    /// A capture or finish bonus (003): whole, by one piece, optional; never a grace.
    bonus: bool,
    /// Part of a doublet's divisible 14 (TR), and which part.
    pub(crate) share: Share,
}

/// Where a doublet's 14 squares may be divided (`doubles.fourteen`), the four numbers of the
/// doublet are its parts (a top still enters a pawn as any thrown die does), and what one pawn
/// leaves of them is the rest. The squares are spent together, never die by die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Share {
    No,
    Part,
    Rest,
}

impl Inc {
    fn thrown(value: u8) -> Inc {
        Inc {
            value,
            plain: false,
            bonus: false,
            share: Share::No,
        }
    }

    fn plain(value: u8) -> Inc {
        Inc {
            plain: true,
            ..Inc::thrown(value)
        }
    }

    /// What it counts for when as much of a throw as possible must be used: a share its squares,
    /// any other thrown increment one, a bonus nothing.
    fn measure(&self) -> u8 {
        match (self.bonus, self.share) {
            (true, _) => 0,
            (false, Share::No) => 1,
            (false, _) => self.value,
        }
    }
}

/// A capture its victims may still strike out: (the capturing piece's progress, victim team).
type Open = (u8, u8);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct RefState {
    progress: Vec<Vec<u8>>,
    to_move: usize,
    pub(crate) phase: RefPhase,
    pub(crate) pool: Vec<Inc>,
    again: bool,
    /// The last counted throw's streak key and how many times in a row it came; for doublets
    /// (003's third doublet) the key is 0 and the count is the doublets of this turn.
    streak: Option<(u8, u8)>,
    opened: Vec<bool>,
    entered: Vec<bool>,
    credits: Vec<u8>,
    /// By seat and piece: the capture each piece made since its seat's turn began, if any.
    open: Vec<Vec<Option<Open>>>,
    placed: Vec<u8>,
    /// By piece of the seat to move: the progress of the blockade it belonged to when one of that
    /// blockade's pieces left it during this throw (0 for none).
    left: Vec<u8>,
    /// By piece of the seat to move: whether it moved during this turn (kept where pairs part on
    /// a castle from the next turn only).
    pub(crate) arrived: Vec<bool>,
    /// The progress of the mover's pawn that a die landed on an opponent's castle, which the
    /// next die must carry on (0 for none).
    pub(crate) carrying: u8,
    /// By seat: whether its first turn is still to end (where the first turn has rules).
    first: Vec<bool>,
    /// The throws of the mover's first turn so far.
    tries: u8,
    /// The throws made in this turn so far (kept where a turn's throws are limited).
    throws: u8,
    /// The seat whose turn it is at the table: the seat to move, or a finished seat whose turn
    /// its partner plays.
    thrower: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum RefMove {
    Enter(u8),
    /// Two thrown dice, larger first, whose sum is a grace.
    EnterSum(u8, u8),
    Advance {
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        round: bool,
    },
    Pass,
}

/// The documented move notation (moves.rs), so that move lists can be compared as text.
impl fmt::Display for RefMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RefMove::Enter(v) => write!(f, "E{v}"),
            RefMove::EnterSum(a, b) => write!(f, "E{a}+{b}"),
            RefMove::Pass => write!(f, "-"),
            RefMove::Advance {
                from,
                value,
                steps,
                pair,
                round,
            } => {
                write!(f, "{from}+{value}")?;
                if steps != value {
                    write!(f, ":{steps}")?;
                }
                if pair {
                    write!(f, "p")?;
                }
                if round {
                    write!(f, "o")?;
                }
                Ok(())
            }
        }
    }
}
