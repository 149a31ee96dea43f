//! Rulesets: plain data read from TOML, validated once into [`Rules`].
//!
//! A [`Ruleset`] is what a data file says, field for field; docs/rules.md explains every field and
//! the document it comes from. [`Rules::compile`] checks that the fields make sense together and
//! precomputes what play needs (routes, outcomes, per-value flags). Nothing downstream re-checks.

use crate::throw::{cowrie_distribution, dice_distribution, dice_pairs, Outcome, Throw, ThrowName};
use crate::topology::{Direction, RouteStart, Square, Topology};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most seats a game can have.
pub const MAX_SEATS: usize = 6;
/// Most pieces a seat can have (000 optional rule 7: 8, 12 or even 16).
pub const MAX_PIECES: usize = 16;

/// The colours seats get when a ruleset names none (000: "mostly black, yellow, red and green").
pub const PALETTE: [&str; MAX_SEATS] = ["yellow", "green", "black", "red", "orange", "white"];

/// A ruleset as written in a data file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Short name used on the command line, e.g. `pachisi`.
    pub name: String,
    /// Human title.
    pub title: String,
    /// The source document(s) the ruleset follows, e.g. `000`.
    pub source: String,
    /// A paragraph for `rules show`.
    #[serde(default)]
    pub description: String,
    /// The board.
    #[serde(default)]
    pub board: BoardRules,
    /// Seats, teams and pieces.
    #[serde(default)]
    pub players: PlayerRules,
    /// The throw device and what its outcomes mean.
    pub throw: ThrowRules,
    /// How a turn runs.
    #[serde(default)]
    pub turn: TurnRules,
    /// Which moves are allowed.
    #[serde(default)]
    pub moves: MoveRules,
    /// Doubles (Parcheesi's bonuses and penalties).
    #[serde(default)]
    pub doubles: DoublesRules,
    /// Captures.
    #[serde(default)]
    pub capture: CaptureRules,
    /// When the game ends.
    #[serde(default)]
    pub finish: FinishRules,
}

/// `[board]`: the shape of the cross.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BoardRules {
    /// Number of arms.
    pub arms: u8,
    /// Squares per column of an arm.
    pub arm_length: u8,
    /// Row (from the Charkoni) of the castle on each outer column.
    pub outer_castle_row: u8,
    /// Direction of travel round the track.
    pub direction: Direction,
    /// Where pieces wait before they enter: in the Charkoni (Pachisi) or in a nest beside the
    /// board (Parcheesi, Ludo).
    pub start: StartArea,
    /// With `start = "nest"`: how many track squares past its arm's end square a seat's entry
    /// square lies (003: "usually 5 spaces past"; Ludo 2; 0 enters on the end square itself).
    pub entry_offset: u8,
    /// Track squares touching each corner of the Charkoni: 2, or 1 for 003's 64-square track.
    pub corner_squares: u8,
    /// Which squares are castles (safety spaces).
    pub castles: CastleLayout,
    /// With `castles = "entry-and-star-squares"`: how many squares past each entry square the star
    /// square lies.
    pub star_distance: u8,
}

impl Default for BoardRules {
    fn default() -> Self {
        BoardRules {
            arms: 4,
            arm_length: 8,
            outer_castle_row: 5,
            direction: Direction::Counterclockwise,
            start: StartArea::Charkoni,
            entry_offset: 5,
            corner_squares: 2,
            castles: CastleLayout::Cross,
            star_distance: 8,
        }
    }
}

/// Where pieces wait before entering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartArea {
    /// In the Charkoni; a piece enters onto its lane's first square (000).
    Charkoni,
    /// In a nest (start area, yard) beside the board; a piece enters onto its entry square on the
    /// track and goes home up its lane (003, Ludo).
    Nest,
}

/// Which squares are castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastleLayout {
    /// Every arm's end square and the square at `outer_castle_row` of both outer columns (000's
    /// twelve castles; 003's twelve safety spaces with `outer_castle_row = 4`).
    Cross,
    /// Every arm's entry square (Ludo's safe start squares).
    EntrySquares,
    /// Every arm's entry square and the star square `star_distance` past it (a Ludo house rule).
    EntryAndStarSquares,
}

/// `[players]`: who plays, with how many pieces, in which teams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayerRules {
    /// The arm of each seat, in turn order.
    pub seats: Vec<u8>,
    /// The colour of each seat; its first letter names the seat in notation. Empty: yellow,
    /// green, black, red, orange, white, in seat order.
    pub colours: Vec<String>,
    /// Partnerships as lists of seat numbers; seats in no list play alone.
    pub teams: Vec<Vec<u8>>,
    /// Pieces per seat.
    pub pieces: u8,
}

impl Default for PlayerRules {
    fn default() -> Self {
        PlayerRules {
            seats: vec![0, 1, 2, 3],
            colours: ["yellow", "green", "black", "red"]
                .map(String::from)
                .to_vec(),
            teams: vec![vec![0, 2], vec![1, 3]],
            pieces: 4,
        }
    }
}

/// The kind of throw device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Device {
    /// Cowrie shells; the result is the number falling mouth up.
    Cowries,
    /// Dice; the result is their total.
    Dice,
}

/// `[throw]`: the device and the meaning of each outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowRules {
    /// Cowries or dice.
    pub device: Device,
    /// Number of shells (cowries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shells: Option<u8>,
    /// Probability that one shell falls mouth up (cowries).
    #[serde(default = "half")]
    pub p_up: f64,
    /// Number of dice (dice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<u8>,
    /// Faces of each die (dice); `[1, 2, 5, 6]` gives long dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<Vec<u8>>,
    /// Whether each of two dice is a separate increment (003: "The dice throw is divided into two
    /// increments"); otherwise dice count their total.
    #[serde(default)]
    pub separate_dice: bool,
    /// Value of each result, indexed by the number of shells mouth up (cowries only; dice count
    /// their total).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u8>>,
    /// Values that are graces (may introduce a piece).
    #[serde(default)]
    pub grace: Vec<u8>,
    /// Values that earn another throw.
    #[serde(default)]
    pub extra_throw: Vec<u8>,
    /// If not empty, only these graces may introduce a seat's first piece.
    #[serde(default)]
    pub first_entry: Vec<u8>,
    /// Values that count for nothing while the seat has no piece on the board.
    #[serde(default)]
    pub needs_piece_on_board: Vec<u8>,
    /// Sets of values that count as "the same throw" for three-in-a-row; other values only match
    /// themselves.
    #[serde(default)]
    pub streak_groups: Vec<Vec<u8>>,
    /// Values that add a separate move of one square.
    #[serde(default)]
    pub bonus_step: Vec<u8>,
    /// Whether the bonus step is only given once all the seat's pieces have been introduced.
    #[serde(default)]
    pub bonus_step_needs_all_entered: bool,
}

fn half() -> f64 {
    0.5
}

/// When the throws of a turn are spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spend {
    /// Each throw is spent before the next is made.
    EachThrow,
    /// All the turn's throws are made first, then spent in any order.
    AfterThrowing,
}

/// What three throws of the same kind in a row do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StreakPenalty {
    /// Nothing.
    None,
    /// The third throw does not count and the turn's throwing ends.
    VoidThird,
    /// All three throws are struck out and the turn's throwing ends.
    VoidStreak,
    /// Every throw of the turn is struck out and the turn ends.
    CancelTurn,
}

/// `[turn]`: how a turn runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TurnRules {
    /// When the throws are spent.
    pub spend: Spend,
    /// Three throws of the same kind in a row.
    pub three_in_a_row: StreakPenalty,
    /// Whether a capture earns another throw.
    pub extra_throw_on_capture: bool,
    /// Whether bringing a piece home earns another throw (a Ludo house rule).
    pub extra_throw_on_home: bool,
    /// If not empty, a seat's throws count for nothing until it has thrown one of these values.
    pub opening: Vec<u8>,
    /// Who begins the game.
    pub first: FirstSeat,
}

/// Who begins the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstSeat {
    /// The first seat (seat 0) begins: the players chose it (003, PB: "choose a starting
    /// player").
    #[default]
    FirstSeat,
    /// Every seat throws once and the highest throw begins; seats tied for the highest throw
    /// again, until one is highest (000, 001, 004; 003, SR, MB, TR).
    HighestThrow,
}

impl Default for TurnRules {
    fn default() -> Self {
        TurnRules {
            spend: Spend::EachThrow,
            three_in_a_row: StreakPenalty::None,
            extra_throw_on_capture: false,
            extra_throw_on_home: false,
            opening: Vec::new(),
            first: FirstSeat::FirstSeat,
        }
    }
}

/// When a doublet earns another throw (003, Doubles Bonus #1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoublesAgain {
    /// After every doublet (SR, TR, some MB).
    Always,
    /// Only when every increment of the doublet could be used (PB).
    IfAllUsed,
    /// Never.
    Never,
}

/// When a doublet also grants the numbers on the dice's undersides (003, Doubles Bonus #2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Undersides {
    /// Never (PB).
    Never,
    /// Once none of the seat's pieces waits to enter (SR).
    AllEntered,
    /// Always (MB, TR).
    Always,
}

/// What a third doublet in one turn does (003, Doubles Penalty #2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThirdDoublet {
    /// Nothing: doublets earn throws without limit (PB, TR v1938).
    None,
    /// The throw gives no movement and the turn ends (TR v1960).
    Void,
    /// The seat's piece closest to home goes back to the start, no movement, turn ends (SR).
    SendBack,
}

/// `[doubles]`: what doublets do. A doublet is two separate dice alike, or, with one die, its
/// highest face (003: a one-die version "adapts the doubles bonuses and penalties to the roll of 6").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DoublesRules {
    /// Whether doublets do anything at all.
    pub enabled: bool,
    /// When a doublet earns another throw.
    pub throw_again: DoublesAgain,
    /// When a doublet adds the undersides (7 minus each die) as further increments: 14 squares as
    /// four increments with two dice, 7 squares as one increment with one die.
    pub undersides: Undersides,
    /// Whether a seat granted the undersides that cannot use every increment moves nothing for
    /// that throw (003, Doubles Penalty #1).
    pub undersides_all_or_nothing: bool,
    /// What a third doublet in one turn does.
    pub third: ThirdDoublet,
}

impl Default for DoublesRules {
    fn default() -> Self {
        DoublesRules {
            enabled: false,
            throw_again: DoublesAgain::Always,
            undersides: Undersides::Never,
            undersides_all_or_nothing: false,
            third: ThirdDoublet::None,
        }
    }
}

/// How much of a throw must be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Usage {
    /// Each increment is spent or passed as the player likes (within `moves.pass`).
    Free,
    /// As many increments as possible must be used, the player choosing which (003; never the
    /// "defective" forced-smaller reading).
    Most,
    /// Every increment must be used, or the whole throw is forfeited (003's "(nr)" reading of some
    /// MB versions).
    AllOrNothing,
}

/// How pieces leave the Charkoni.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Entry {
    /// A grace throw places a piece on the first square of the lane.
    Grace,
    /// A piece leaves the Charkoni like any other move: a throw of n lands on the n-th square.
    Free,
}

/// `[moves]`: which moves are allowed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MoveRules {
    /// How pieces leave the Charkoni.
    pub entry: Entry,
    /// Whether a seat's first piece leaves the Charkoni freely even when entry needs a grace.
    pub first_piece_free: bool,
    /// Whether a player may decline to move.
    pub pass: bool,
    /// Whether one throw may be split between pieces.
    pub split: bool,
    /// Whether two pieces of a seat on one square move as a pair (half moves, only a pair hits a
    /// pair, broken only on a castle).
    pub pairs: bool,
    /// Whether a piece reaching its arm's end square again may go round once more instead of
    /// turning home.
    pub go_round_again: bool,
    /// Whether the Charkoni must be reached by an exact throw.
    pub exact_home: bool,
    /// How much of a throw must be used.
    pub usage: Usage,
    /// Whether two separate dice whose sum is a grace may together bring a piece in (003: "a 5
    /// coming up on one die, or as the sum of the numbers on the two dice").
    pub enter_with_sum: bool,
    /// Whether a piece must be brought in whenever one can be (003: SR v1942 and v1989, TR).
    pub must_enter: bool,
    /// Whether, while a piece waits to enter, a die showing a grace may only bring a piece in, and
    /// is forfeited when none can enter (003: SR v1975, TR).
    pub grace_only_enters: bool,
    /// Most pieces of one seat on a square; 0 for no limit (003: two; Ludo: one).
    pub stack_limit: u8,
    /// Whether two pieces of one seat on a square form a blockade that no piece may pass or land
    /// on, and that may not move on intact (003).
    pub blockades: bool,
    /// Whether a move that would pass a blockade stops on the square behind it, the rest of the
    /// increment ignored (003: TR).
    pub stop_behind_blockade: bool,
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules {
            entry: Entry::Grace,
            first_piece_free: false,
            pass: true,
            split: false,
            pairs: false,
            go_round_again: false,
            exact_home: false,
            usage: Usage::Free,
            enter_with_sum: false,
            must_enter: false,
            grace_only_enters: false,
            stack_limit: 0,
            blockades: false,
            stop_behind_blockade: false,
        }
    }
}

/// What a castle does for the pieces on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastleRule {
    /// No piece may stop on a castle an opponent holds (000, 003).
    #[default]
    Closed,
    /// Pieces of any seat may share a castle and none is captured there (Ludo's safe squares).
    Shared,
}

/// `[capture]`: captures beyond the basic rule.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CaptureRules {
    /// What a castle does for the pieces on it.
    pub castles: CastleRule,
    /// Squares of movement a capture earns, as one increment for one piece to take whole or
    /// forfeit; 0 for none (003: 20 in SR, TR and some MB).
    pub bonus: u8,
    /// Whether a piece entering onto its entry square captures a lone opponent there, castle or
    /// not (003: "an entering pawn may capture a single opponent's pawn on the safety space that
    /// is also the entrance space").
    pub on_entry: bool,
    /// Whether passing a lone opponent off the castles captures it too (003's "(nr)" MB reading of
    /// "overtaking").
    pub overtake: bool,
    /// Whether a seat must have captured before its pieces may reach the Charkoni.
    pub before_home: bool,
    /// Whether a capture is struck out when the capturing piece is captured on that square by the
    /// victim's side before the capturer's next turn.
    pub invalidation: bool,
}

/// Which places are played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placings {
    /// The game ends when the first side is home.
    Winner,
    /// Play goes on until every place is decided.
    All,
}

/// `[finish]`: when the game ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FinishRules {
    /// Which places are played for.
    pub placings: Placings,
    /// Squares of movement bringing a piece home earns, as one increment for another piece to take
    /// whole or forfeit; 0 for none (003: 10 in SR and some MB).
    pub bonus: u8,
}

impl Default for FinishRules {
    fn default() -> Self {
        FinishRules {
            placings: Placings::Winner,
            bonus: 0,
        }
    }
}

/// Why a ruleset was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesetError {
    /// The text is not valid TOML or does not fit the schema.
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        /// Where the text came from.
        origin: String,
        /// Line (1-based).
        line: usize,
        /// Column (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A field has a value that is out of range or contradicts another field.
    #[error("{origin}: field `{field}`: {reason}")]
    Invalid {
        /// Where the ruleset came from.
        origin: String,
        /// The dotted name of the field.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// An override given as `field=value` could not be applied.
    #[error("override `{assignment}`: {reason}")]
    Override {
        /// The assignment as given.
        assignment: String,
        /// What is wrong.
        reason: String,
    },
}

impl Ruleset {
    /// Parses a ruleset from TOML text. `origin` names the text in error messages (a file name).
    ///
    /// # Errors
    /// When the text is not TOML or does not fit the schema; the error gives line and column.
    pub fn from_toml(text: &str, origin: &str) -> Result<Ruleset, RulesetError> {
        toml::from_str(text).map_err(|e| syntax_error(text, origin, &e))
    }

    /// Parses TOML text, applies `field=value` overrides (TOML values, e.g. `moves.pass=false`,
    /// `players.seats=[0,2]`), then parses the result as a ruleset.
    ///
    /// # Errors
    /// As [`Ruleset::from_toml`], and when an override is malformed or names no field.
    pub fn from_toml_with(
        text: &str,
        origin: &str,
        overrides: &[String],
    ) -> Result<Ruleset, RulesetError> {
        let mut ruleset = Ruleset::from_toml(text, origin)?;
        if overrides.is_empty() {
            return Ok(ruleset);
        }
        let mut doc: toml::Table =
            toml::from_str(text).map_err(|e| syntax_error(text, origin, &e))?;
        // Apply one override at a time so that an error names the override that caused it.
        for assignment in overrides {
            apply_override(&mut doc, assignment)?;
            let fail = |reason: String| RulesetError::Override {
                assignment: assignment.clone(),
                reason,
            };
            let merged = toml::to_string(&doc).map_err(|e| fail(e.to_string()))?;
            ruleset = toml::from_str(&merged).map_err(|e| fail(e.message().trim().to_string()))?;
        }
        Ok(ruleset)
    }

    /// The ruleset as TOML text.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).unwrap_or_default()
    }
}

fn apply_override(doc: &mut toml::Table, assignment: &str) -> Result<(), RulesetError> {
    let fail = |reason: &str| RulesetError::Override {
        assignment: assignment.to_string(),
        reason: reason.to_string(),
    };
    let (path, value_text) = assignment
        .split_once('=')
        .ok_or_else(|| fail("expected field=value, e.g. moves.pass=false"))?;
    let path: Vec<&str> = path.trim().split('.').collect();
    if path.iter().any(|p| p.is_empty()) {
        return Err(fail("the field name is empty"));
    }
    let value_text = value_text.trim();
    // A bare word that is not a TOML value (e.g. `each-throw`) is taken as a string.
    let value = toml::from_str::<toml::Table>(&format!("v = {value_text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(value_text.to_string()));
    let (last, parents) = path
        .split_last()
        .ok_or_else(|| fail("the field name is empty"))?;
    let mut table = doc;
    for part in parents {
        let entry = table
            .entry((*part).to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        table = entry
            .as_table_mut()
            .ok_or_else(|| fail(&format!("`{part}` is not a table")))?;
    }
    table.insert((*last).to_string(), value);
    Ok(())
}

fn syntax_error(text: &str, origin: &str, e: &toml::de::Error) -> RulesetError {
    let (line, column) = e.span().map_or((1, 1), |span| line_col(text, span.start));
    RulesetError::Syntax {
        origin: origin.to_string(),
        line,
        column,
        message: e.message().trim().to_string(),
    }
}

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Per-value facts, looked up by throw value on the hot path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ValueFlags {
    pub grace: bool,
    pub extra_throw: bool,
    pub first_entry: bool,
    pub needs_piece_on_board: bool,
    pub bonus_step: bool,
    pub opening: bool,
    /// The representative of the value's streak group (the value itself if it has none).
    pub streak_group: u8,
}

/// Stands for "no square" in [`Rules`]' square tables: a piece waiting to enter, or home. No
/// board has this many squares (see the assertion below), so it is never a real square's index.
pub(crate) const NO_SQUARE: u8 = u8::MAX;

const _: () = assert!(
    (crate::topology::MAX_ARMS as usize) * 3 * (crate::topology::MAX_ARM_LENGTH as usize)
        < NO_SQUARE as usize,
    "square indices must stay below NO_SQUARE"
);

/// A validated ruleset with everything play needs precomputed.
#[derive(Clone, Debug)]
pub struct Rules {
    ruleset: Ruleset,
    topology: Topology,
    routes: Vec<Vec<Square>>,
    /// For each seat, the index of the square at every possible progress ([`NO_SQUARE`] where the
    /// piece is off the board): move generation looks squares up by plain indexing, with no
    /// bounds checks on the progress and no `Option` chain.
    square_table: Vec<[u8; 256]>,
    /// Whether each square index is a castle ([`NO_SQUARE`]: no).
    castle_square: [bool; 256],
    /// Whether moves are plain: see [`Rules::plain_moves`].
    plain_moves: bool,
    /// Whether throws are plain: see [`Rules::plain_throws`].
    plain_throws: bool,
    /// The progress of a piece home (`route_len + 1`), kept so it is not recomputed per lookup.
    home: u8,
    /// A seat's progress row once all its pieces are home: `home` for each piece, 0 in the unused
    /// slots (as [`crate::Position`] keeps them), so a finished seat is one row comparison.
    home_row: [u8; MAX_PIECES],
    outcomes: Vec<Outcome>,
    /// The running sums of the outcomes' probabilities, added in the outcomes' order exactly as
    /// [`Rules::throw_for`] has always added them, so the same `u` selects the same throw.
    cumulative: Vec<f64>,
    flags: Vec<ValueFlags>,
    team_of: [u8; MAX_SEATS],
    team_seats: Vec<u8>,
    /// For each seat, the seats of the other teams in increasing order (the first
    /// `opponent_count[seat]` entries): the pieces it may capture and must look out for.
    opponents: [[u8; MAX_SEATS]; MAX_SEATS],
    opponent_count: [u8; MAX_SEATS],
    letters: Vec<char>,
    colours: Vec<String>,
    /// The fewest squares any increment can move a single piece.
    min_step: u8,
    /// The progress of a piece on its arm's end square, about to turn up its lane.
    turn_home: u8,
}

impl Rules {
    /// Validates a ruleset. `origin` names it in error messages.
    ///
    /// # Errors
    /// When a field is out of range or contradicts another; the error names the field.
    pub fn compile(ruleset: Ruleset, origin: &str) -> Result<Rules, RulesetError> {
        let invalid = |field: &str, reason: String| RulesetError::Invalid {
            origin: origin.to_string(),
            field: field.to_string(),
            reason,
        };
        let b = &ruleset.board;
        let topology = compile_board(b, &invalid)?;
        let p = &ruleset.players;
        if p.seats.len() < 2 || p.seats.len() > MAX_SEATS.min(usize::from(b.arms)) {
            return Err(invalid(
                "players.seats",
                format!(
                    "needs 2 to {} seats, not {}",
                    MAX_SEATS.min(usize::from(b.arms)),
                    p.seats.len()
                ),
            ));
        }
        for (i, &arm) in p.seats.iter().enumerate() {
            if arm >= b.arms {
                return Err(invalid(
                    "players.seats",
                    format!("arm {arm} does not exist (the board has {} arms)", b.arms),
                ));
            }
            if p.seats[..i].contains(&arm) {
                return Err(invalid(
                    "players.seats",
                    format!("arm {arm} is given to two seats"),
                ));
            }
        }
        let colours: Vec<String> = if p.colours.is_empty() {
            PALETTE[..p.seats.len()]
                .iter()
                .map(|c| (*c).to_string())
                .collect()
        } else if p.colours.len() == p.seats.len() {
            p.colours.clone()
        } else {
            return Err(invalid(
                "players.colours",
                format!(
                    "{} colours for {} seats (leave the list empty for the usual colours)",
                    p.colours.len(),
                    p.seats.len()
                ),
            ));
        };
        let mut letters = Vec::new();
        for colour in &colours {
            let letter = colour
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase())
                .ok_or_else(|| {
                    invalid(
                        "players.colours",
                        format!("colour `{colour}` must start with a letter"),
                    )
                })?;
            if letters.contains(&letter) {
                return Err(invalid(
                    "players.colours",
                    format!("two colours start with `{letter}`; seats are named by it"),
                ));
            }
            letters.push(letter);
        }
        if p.pieces == 0 || usize::from(p.pieces) > MAX_PIECES {
            return Err(invalid(
                "players.pieces",
                format!("needs 1 to {MAX_PIECES} pieces, not {}", p.pieces),
            ));
        }
        let seats = p.seats.len() as u8;
        let mut team_of = [u8::MAX; MAX_SEATS];
        let mut team_seats = Vec::new();
        for team in &p.teams {
            if team.is_empty() {
                return Err(invalid("players.teams", "a team has no seats".into()));
            }
            let mut mask = 0u8;
            for &seat in team {
                if seat >= seats {
                    return Err(invalid(
                        "players.teams",
                        format!("seat {seat} does not exist ({seats} seats)"),
                    ));
                }
                if team_of[usize::from(seat)] != u8::MAX {
                    return Err(invalid(
                        "players.teams",
                        format!("seat {seat} is in two teams"),
                    ));
                }
                team_of[usize::from(seat)] = team_seats.len() as u8;
                mask |= 1 << seat;
            }
            team_seats.push(mask);
        }
        for seat in 0..seats {
            if team_of[usize::from(seat)] == u8::MAX {
                team_of[usize::from(seat)] = team_seats.len() as u8;
                team_seats.push(1 << seat);
            }
        }
        if team_seats.len() < 2 {
            return Err(invalid(
                "players.teams",
                "every seat is in one team: nobody to play against".into(),
            ));
        }

        let (outcomes, flags) = compile_throws(&ruleset, &invalid)?;

        let t = &ruleset.turn;
        if matches!(
            t.three_in_a_row,
            StreakPenalty::CancelTurn | StreakPenalty::VoidStreak
        ) && t.spend != Spend::AfterThrowing
        {
            return Err(invalid(
                "turn.three_in_a_row",
                "cancel-turn and void-streak strike out throws already made, so they need \
                 turn.spend = \"after-throwing\" (a move already played cannot be struck out)"
                    .into(),
            ));
        }
        let m = &ruleset.moves;
        if m.first_piece_free && m.entry == Entry::Free {
            return Err(invalid(
                "moves.first_piece_free",
                "every piece enters freely already (moves.entry = \"free\")".into(),
            ));
        }
        if m.entry == Entry::Free && !ruleset.throw.grace.is_empty() {
            return Err(invalid(
                "throw.grace",
                "graces introduce pieces, but moves.entry = \"free\" needs none; leave the list empty".into(),
            ));
        }
        if m.entry == Entry::Grace && !m.first_piece_free && ruleset.throw.grace.is_empty() {
            return Err(invalid(
                "throw.grace",
                "no value is a grace, so no piece could ever leave the Charkoni".into(),
            ));
        }
        check_family_rules(&ruleset, &invalid)?;
        let c = &ruleset.capture;
        if c.invalidation && !c.before_home {
            return Err(invalid(
                "capture.invalidation",
                "striking out a capture only matters when capture.before_home is true".into(),
            ));
        }

        let start = match b.start {
            StartArea::Charkoni => RouteStart::Lane,
            StartArea::Nest => RouteStart::Track {
                offset: b.entry_offset,
            },
        };
        let routes: Vec<Vec<Square>> = p
            .seats
            .iter()
            .map(|&arm| topology.route(arm, b.direction, start))
            .collect();
        let mut opponents = [[0u8; MAX_SEATS]; MAX_SEATS];
        let mut opponent_count = [0u8; MAX_SEATS];
        for seat in 0..usize::from(seats) {
            for t in (0..seats).filter(|&t| team_of[usize::from(t)] != team_of[seat]) {
                opponents[seat][usize::from(opponent_count[seat])] = t;
                opponent_count[seat] += 1;
            }
        }
        let square_table = routes.iter().map(|r| square_table(r)).collect();
        let mut castle_square = [false; 256];
        for (sq, castle) in castle_square
            .iter_mut()
            .enumerate()
            .take(topology.square_count())
        {
            *castle = topology.is_castle(Square(sq as u8));
        }
        let home = (routes[0].len() + 1) as u8;
        let mut home_row = [0; MAX_PIECES];
        home_row[..usize::from(p.pieces)].fill(home);
        let cumulative = outcomes
            .iter()
            .scan(0.0, |acc: &mut f64, o| {
                *acc += o.probability;
                Some(*acc)
            })
            .collect();
        let min_step = if m.split || !ruleset.throw.bonus_step.is_empty() {
            1
        } else if ruleset.throw.separate_dice {
            outcomes.iter().map(|o| o.dice[1]).min().unwrap_or(1)
        } else {
            outcomes.iter().map(|o| o.value).min().unwrap_or(1)
        };
        // The end square's last visit: the lane home follows it.
        let turn_home = (routes[0].len() + 1 - usize::from(b.arm_length)) as u8;
        let plain_moves = plain_moves(&ruleset);
        let plain_throws = plain_throws(&ruleset);
        Ok(Rules {
            plain_moves,
            plain_throws,
            min_step,
            turn_home,
            ruleset,
            topology,
            routes,
            square_table,
            castle_square,
            home,
            home_row,
            outcomes,
            cumulative,
            flags,
            team_of,
            team_seats,
            opponents,
            opponent_count,
            letters,
            colours,
        })
    }

    /// Parses and validates TOML text in one step.
    ///
    /// # Errors
    /// As [`Ruleset::from_toml_with`] and [`Rules::compile`].
    pub fn from_toml(
        text: &str,
        origin: &str,
        overrides: &[String],
    ) -> Result<Rules, RulesetError> {
        Rules::compile(Ruleset::from_toml_with(text, origin, overrides)?, origin)
    }

    /// The ruleset these rules were compiled from.
    #[inline]
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The board.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// Number of seats.
    #[inline]
    pub fn seats(&self) -> u8 {
        self.routes.len() as u8
    }

    /// Pieces per seat.
    #[inline]
    pub fn pieces(&self) -> u8 {
        self.ruleset.players.pieces
    }

    /// The letter naming a seat in notation (the first letter of its colour).
    pub fn seat_letter(&self, seat: u8) -> char {
        self.letters[usize::from(seat)]
    }

    /// The colour of a seat.
    pub fn seat_colour(&self, seat: u8) -> &str {
        &self.colours[usize::from(seat)]
    }

    /// The seat named by a letter.
    pub fn seat_by_letter(&self, letter: char) -> Option<u8> {
        self.letters
            .iter()
            .position(|&l| l == letter.to_ascii_uppercase())
            .map(|i| i as u8)
    }

    /// The team of a seat.
    #[inline]
    pub fn team_of(&self, seat: u8) -> u8 {
        self.team_of[usize::from(seat)]
    }

    /// Whether every move is plain: one piece takes one whole increment (no splits, pairs or
    /// sums), nothing makes a piece go round again, and only the stack limit, exact throws home
    /// and a castle an opponent holds can stop a piece (no blockades, captures on entry or
    /// forced entries). Pachisi's and Ludo's rules are such; move generation then takes a shorter
    /// path.
    #[inline]
    pub(crate) fn plain_moves(&self) -> bool {
        self.plain_moves
    }

    /// Whether every throw goes straight into the pool: one die or set of shells, no doublets,
    /// no opening throw, no throw that needs a piece on the board, and no streak penalty. No
    /// throw can then be void, so applying one takes a shorter path.
    #[inline]
    pub(crate) fn plain_throws(&self) -> bool {
        self.plain_throws
    }

    /// The seats of the other teams than `seat`'s, in increasing order.
    #[inline]
    pub(crate) fn opponents(&self, seat: u8) -> &[u8] {
        let seat = usize::from(seat);
        &self.opponents[seat][..usize::from(self.opponent_count[seat])]
    }

    /// Number of teams (seats playing alone count as teams of one).
    pub fn teams(&self) -> u8 {
        self.team_seats.len() as u8
    }

    /// The seats of a team, as a bit mask.
    pub fn team_seats(&self, team: u8) -> u8 {
        self.team_seats[usize::from(team)]
    }

    /// A seat's route: the squares its pieces pass, in order (the Charkoni excluded).
    pub fn route(&self, seat: u8) -> &[Square] {
        &self.routes[usize::from(seat)]
    }

    /// The arm a seat's pieces finish on (the arm of the last square of its route), which is the
    /// seat's own arm, where it sits.
    pub fn home_arm(&self, seat: u8) -> u8 {
        self.route(seat)
            .last()
            .map_or(seat, |&sq| self.topology().coordinates(sq).0)
    }

    /// Number of squares on a route; a piece at progress `route_len() + 1` is home.
    pub fn route_len(&self) -> u8 {
        self.routes[0].len() as u8
    }

    /// The progress of a piece that has reached the Charkoni again.
    #[inline]
    pub fn home(&self) -> u8 {
        self.home
    }

    /// The progress at which a piece stands on its arm's end square for the second time, about to
    /// turn up its lane.
    pub fn turn_home(&self) -> u8 {
        self.turn_home
    }

    /// Whether pieces wait in a nest beside the board and enter onto the track (Parcheesi, Ludo)
    /// rather than in the Charkoni.
    pub fn starts_in_nest(&self) -> bool {
        self.ruleset.board.start == StartArea::Nest
    }

    /// The square at a progress on a seat's route (`None` in the Charkoni).
    #[inline]
    pub fn square_at(&self, seat: u8, progress: u8) -> Option<Square> {
        let sq = self.square_index(seat, progress);
        (sq != NO_SQUARE).then_some(Square(sq))
    }

    /// The index of the square at a progress on a seat's route, [`NO_SQUARE`] off the board: the
    /// hot path's form of [`Rules::square_at`].
    #[inline]
    pub(crate) fn square_index(&self, seat: u8, progress: u8) -> u8 {
        self.square_table[usize::from(seat)][usize::from(progress)]
    }

    /// A seat's whole table of square indices by progress (see [`Rules::square_index`]), for
    /// loops over many pieces of one seat.
    #[inline]
    pub(crate) fn square_row(&self, seat: u8) -> &[u8; 256] {
        &self.square_table[usize::from(seat)]
    }

    /// Whether a seat's piece at `progress` stands on a castle (never in the Charkoni or home).
    #[inline]
    pub fn castle_at(&self, seat: u8, progress: u8) -> bool {
        self.is_castle_index(self.square_index(seat, progress))
    }

    /// Whether the square with this index is a castle ([`NO_SQUARE`] is not).
    #[inline]
    pub(crate) fn is_castle_index(&self, sq: u8) -> bool {
        self.castle_square[usize::from(sq)]
    }

    /// The progress row of a seat whose pieces are all home (see [`crate::Position`]).
    #[inline]
    pub(crate) fn home_row(&self) -> &[u8; MAX_PIECES] {
        &self.home_row
    }

    /// The running sums of the outcomes' probabilities, in the outcomes' order.
    #[inline]
    pub(crate) fn cumulative(&self) -> &[f64] {
        &self.cumulative
    }

    /// Every outcome of a throw with its exact probability.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The outcome of a throw.
    pub fn outcome(&self, throw: Throw) -> &Outcome {
        &self.outcomes[usize::from(throw.0)]
    }

    /// The throw whose value is `value`, if any (never a throw of two separate dice).
    pub fn throw_by_value(&self, value: u8) -> Option<Throw> {
        self.throw_by_name(ThrowName::value(value))
    }

    /// Whether a throw can put an increment of `value` in the pool, a plain one when `plain`.
    /// Where dice count separately or doublets count: a die's number, and as plain increments a
    /// doublet's undersides (or, with one die, the 7 of top and bottom). Elsewhere a throw's value;
    /// plain increments (bonus steps, what a split leaves) are not checked.
    pub fn is_increment_value(&self, value: u8, plain: bool) -> bool {
        let t = &self.ruleset.throw;
        if !(t.separate_dice || self.ruleset.doubles.enabled) {
            return plain || self.throw_by_value(value).is_some();
        }
        let undersides = self.ruleset.doubles.undersides != Undersides::Never;
        self.outcomes
            .iter()
            .any(|o| match (plain, t.separate_dice) {
                (false, true) => o.dice.contains(&value),
                (false, false) => o.value == value,
                (true, _) if !(undersides && o.doublet) => false,
                (true, true) => o.dice.iter().any(|&d| u16::from(d) + u16::from(value) == 7),
                (true, false) => value == 7,
            })
    }

    /// Where every increment of a throw must be spent before the next throw and dice count
    /// separately or by doublets (Parcheesi): the most thrown increments a pool can hold (four
    /// for a doublet with its undersides). `None` where throws accumulate.
    pub fn most_thrown_increments(&self) -> Option<u8> {
        let t = &self.ruleset.throw;
        let dice_rules = t.separate_dice || self.ruleset.doubles.enabled;
        if !dice_rules || self.ruleset.turn.spend != Spend::EachThrow {
            return None;
        }
        let dice = if t.separate_dice { 2 } else { 1 };
        let undersides = self.ruleset.doubles.undersides != Undersides::Never && t.separate_dice;
        Some(if undersides { 2 * dice } else { dice })
    }

    /// The throw written `name` (`25`, or `5-3` for two separate dice), if any.
    pub fn throw_by_name(&self, name: ThrowName) -> Option<Throw> {
        self.outcomes
            .iter()
            .position(|o| o.name == name)
            .map(|i| Throw(i as u8))
    }

    /// The throw written `name`, or an error listing how these rules write their throws.
    ///
    /// # Errors
    /// When no outcome is written `name` (a total where the dice count separately, say).
    pub fn throw_named(&self, name: ThrowName) -> Result<Throw, crate::throw::UnknownThrowName> {
        self.throw_by_name(name)
            .ok_or_else(|| crate::throw::UnknownThrowName {
                name,
                known: self
                    .outcomes
                    .iter()
                    .map(|o| o.name.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The fewest squares any increment can move a single piece: where the Charkoni must be
    /// reached exactly, no piece may stop closer to it than this, or it could never get home.
    pub fn min_step(&self) -> u8 {
        self.min_step
    }

    pub(crate) fn flags(&self, value: u8) -> ValueFlags {
        self.flags[usize::from(value)]
    }
}

/// See [`Rules::plain_moves`].
fn plain_moves(ruleset: &Ruleset) -> bool {
    let m = &ruleset.moves;
    let c = &ruleset.capture;
    !(m.split
        || m.pairs
        || m.go_round_again
        || m.enter_with_sum
        || m.must_enter
        || m.grace_only_enters
        || m.blockades
        || c.on_entry
        || c.before_home)
}

/// See [`Rules::plain_throws`].
fn plain_throws(ruleset: &Ruleset) -> bool {
    let t = &ruleset.throw;
    let turn = &ruleset.turn;
    !(t.separate_dice
        || ruleset.doubles.enabled
        || !turn.opening.is_empty()
        || !t.needs_piece_on_board.is_empty()
        || turn.three_in_a_row != StreakPenalty::None)
}

/// A route as a table indexed by progress: progress `i` (1-based) stands on `route[i - 1]`, and
/// every other progress (0: waiting; beyond the route: home) on [`NO_SQUARE`].
fn square_table(route: &[Square]) -> [u8; 256] {
    let mut table = [NO_SQUARE; 256];
    for (slot, sq) in table[1..].iter_mut().zip(route) {
        *slot = sq.0;
    }
    table
}

type Invalid<'a> = dyn Fn(&str, String) -> RulesetError + 'a;

fn compile_throws(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(Vec<Outcome>, Vec<ValueFlags>), RulesetError> {
    let t = &ruleset.throw;
    let raw = match t.device {
        Device::Cowries => {
            let shells = t
                .shells
                .ok_or_else(|| invalid("throw.shells", "cowries need a number of shells".into()))?;
            if !(1..=12).contains(&shells) {
                return Err(invalid(
                    "throw.shells",
                    format!("needs 1 to 12 shells, not {shells}"),
                ));
            }
            if !(t.p_up > 0.0 && t.p_up < 1.0) {
                return Err(invalid(
                    "throw.p_up",
                    format!("must lie strictly between 0 and 1, not {}", t.p_up),
                ));
            }
            if t.dice.is_some() || t.faces.is_some() {
                return Err(invalid(
                    "throw.dice",
                    "cowries have no dice or faces".into(),
                ));
            }
            cowrie_distribution(shells, t.p_up)
        }
        Device::Dice if t.separate_dice => {
            return compile_separate_dice(ruleset, invalid);
        }
        Device::Dice => {
            let count = t
                .dice
                .ok_or_else(|| invalid("throw.dice", "dice need a number of dice".into()))?;
            if !(1..=4).contains(&count) {
                return Err(invalid(
                    "throw.dice",
                    format!("needs 1 to 4 dice, not {count}"),
                ));
            }
            if t.shells.is_some() || t.values.is_some() {
                return Err(invalid(
                    "throw.values",
                    "dice count their total; shells and values are for cowries".into(),
                ));
            }
            let faces = die_faces(t, invalid)?;
            dice_distribution(count, &faces)
        }
    };
    let values: Vec<u8> = match (&t.values, t.device) {
        (Some(values), _) => {
            if values.len() != raw.len() {
                return Err(invalid(
                    "throw.values",
                    format!(
                        "{} shells give {} results (0 to {} mouths up) but {} values are listed",
                        raw.len() - 1,
                        raw.len(),
                        raw.len() - 1,
                        values.len()
                    ),
                ));
            }
            values.clone()
        }
        (None, Device::Dice) => raw.iter().map(|r| r.0).collect(),
        (None, Device::Cowries) => {
            return Err(invalid(
                "throw.values",
                "cowries need a value for each number of shells mouth up".into(),
            ))
        }
    };
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            return Err(invalid(
                "throw.values",
                format!("the value for result {i} is 0; a throw must be worth at least 1"),
            ));
        }
        if values[..i].contains(&v) {
            return Err(invalid(
                "throw.values",
                format!("value {v} appears twice; throws are named by their value"),
            ));
        }
    }
    let mut flags = vec![ValueFlags::default(); 256];
    for (v, f) in flags.iter_mut().enumerate() {
        f.streak_group = v as u8;
    }
    type SetFlag = fn(&mut ValueFlags);
    let lists: [(&str, &Vec<u8>, SetFlag); 6] = [
        ("throw.grace", &t.grace, |f| f.grace = true),
        ("throw.extra_throw", &t.extra_throw, |f| {
            f.extra_throw = true
        }),
        ("throw.first_entry", &t.first_entry, |f| {
            f.first_entry = true
        }),
        ("throw.needs_piece_on_board", &t.needs_piece_on_board, |f| {
            f.needs_piece_on_board = true
        }),
        ("throw.bonus_step", &t.bonus_step, |f| f.bonus_step = true),
        ("turn.opening", &ruleset.turn.opening, |f| f.opening = true),
    ];
    for (field, list, set) in lists {
        for &v in list {
            if !values.contains(&v) {
                return Err(invalid(
                    field,
                    format!("{v} is not the value of any throw (values: {values:?})"),
                ));
            }
            set(&mut flags[usize::from(v)]);
        }
    }
    for &v in &t.first_entry {
        if !t.grace.contains(&v) {
            return Err(invalid(
                "throw.first_entry",
                format!("{v} is not a grace, so it cannot introduce a piece"),
            ));
        }
    }
    let mut grouped: Vec<u8> = Vec::new();
    for group in &t.streak_groups {
        let rep = group
            .iter()
            .copied()
            .min()
            .ok_or_else(|| invalid("throw.streak_groups", "a group is empty".into()))?;
        for &v in group {
            if !values.contains(&v) {
                return Err(invalid(
                    "throw.streak_groups",
                    format!("{v} is not the value of any throw"),
                ));
            }
            if grouped.contains(&v) {
                return Err(invalid(
                    "throw.streak_groups",
                    format!("{v} is in two groups"),
                ));
            }
            grouped.push(v);
            flags[usize::from(v)].streak_group = rep;
        }
    }
    let top_face = values.iter().copied().max().unwrap_or(0);
    let doubles = ruleset.doubles.enabled;
    let outcomes = raw
        .iter()
        .zip(&values)
        .map(|(&(result, probability), &value)| {
            let f = flags[usize::from(value)];
            let doublet = doubles && value == top_face;
            Outcome {
                result,
                value,
                name: ThrowName::value(value),
                dice: [0, 0],
                doublet,
                grace: f.grace,
                extra_throw: f.extra_throw
                    || (doublet && ruleset.doubles.throw_again != DoublesAgain::Never),
                probability,
            }
        })
        .collect();
    Ok((outcomes, flags))
}

/// The faces of each die: as listed, or an ordinary die's 1 to 6.
fn faces_of(t: &ThrowRules) -> Vec<u8> {
    t.faces.clone().unwrap_or_else(|| vec![1, 2, 3, 4, 5, 6])
}

fn die_faces(t: &ThrowRules, invalid: &Invalid<'_>) -> Result<Vec<u8>, RulesetError> {
    let faces = faces_of(t);
    if faces.len() < 2 || faces.iter().any(|&f| f == 0 || f > 60) {
        return Err(invalid(
            "throw.faces",
            "a die needs at least two faces, each from 1 to 60".into(),
        ));
    }
    Ok(faces)
}

/// Two dice that count separately (003): an outcome per unordered pair; each die's number is an
/// increment, and the value lists name die numbers.
fn compile_separate_dice(
    ruleset: &Ruleset,
    invalid: &Invalid<'_>,
) -> Result<(Vec<Outcome>, Vec<ValueFlags>), RulesetError> {
    let t = &ruleset.throw;
    if t.dice != Some(2) {
        return Err(invalid(
            "throw.separate_dice",
            "separate dice need throw.dice = 2 (one die is always separate)".into(),
        ));
    }
    if t.shells.is_some() || t.values.is_some() {
        return Err(invalid(
            "throw.values",
            "dice count their own numbers; shells and values are for cowries".into(),
        ));
    }
    let faces = die_faces(t, invalid)?;
    let mut flags = vec![ValueFlags::default(); 256];
    type SetFlag = fn(&mut ValueFlags);
    let lists: [(&str, &Vec<u8>, SetFlag); 2] = [
        ("throw.grace", &t.grace, |f| f.grace = true),
        ("throw.extra_throw", &t.extra_throw, |f| {
            f.extra_throw = true
        }),
    ];
    for (field, list, set) in lists {
        for &v in list {
            let as_sum = field == "throw.grace"
                && ruleset.moves.enter_with_sum
                && faces.iter().any(|&a| faces.iter().any(|&b| a + b == v));
            if !faces.contains(&v) && !as_sum {
                return Err(invalid(
                    field,
                    format!("{v} is not a face of the dice (faces: {faces:?})"),
                ));
            }
            set(&mut flags[usize::from(v)]);
        }
    }
    for (field, list) in [
        ("throw.first_entry", &t.first_entry),
        ("throw.needs_piece_on_board", &t.needs_piece_on_board),
        ("throw.bonus_step", &t.bonus_step),
        ("throw.streak_groups", &t.streak_groups.concat()),
        ("turn.opening", &ruleset.turn.opening),
    ] {
        if !list.is_empty() {
            return Err(invalid(
                field,
                "this rule is for cowries and dice counted by their total, not separate dice"
                    .into(),
            ));
        }
    }
    let outcomes = dice_pairs(&faces)
        .into_iter()
        .map(|([a, b], probability)| {
            let doublet = ruleset.doubles.enabled && a == b;
            Outcome {
                result: a + b,
                value: a + b,
                name: ThrowName::dice(a, b),
                dice: [a, b],
                doublet,
                grace: flags[usize::from(a)].grace
                    || flags[usize::from(b)].grace
                    || (ruleset.moves.enter_with_sum && flags[usize::from(a + b)].grace),
                extra_throw: doublet && ruleset.doubles.throw_again != DoublesAgain::Never,
                probability,
            }
        })
        .collect();
    Ok((outcomes, flags))
}

/// Generates the board and lays out its castles.
fn compile_board(b: &BoardRules, invalid: &Invalid<'_>) -> Result<Topology, RulesetError> {
    let mut topology = Topology::new(b.arms, b.arm_length, b.outer_castle_row).map_err(|e| {
        let field = match e {
            crate::topology::TopologyError::Arms(_) => "board.arms",
            crate::topology::TopologyError::ArmLength(_) => "board.arm_length",
            _ => "board.outer_castle_row",
        };
        invalid(field, e.to_string())
    })?;
    match b.corner_squares {
        2 => {}
        1 => topology.merge_corners(),
        n => {
            return Err(invalid(
                "board.corner_squares",
                format!("a corner of the Charkoni touches 1 or 2 track squares, not {n}"),
            ))
        }
    }
    let lap = usize::from(topology.track_len());
    if b.start == StartArea::Nest && usize::from(b.entry_offset) >= lap {
        return Err(invalid(
            "board.entry_offset",
            format!("the entry square must lie on the {lap}-square track, less than a lap past the end square"),
        ));
    }
    if b.castles != CastleLayout::Cross {
        if b.start != StartArea::Nest {
            return Err(invalid(
                "board.castles",
                "entry squares exist only where pieces start in a nest (board.start = \"nest\")"
                    .into(),
            ));
        }
        let mut castles = Vec::new();
        for arm in 0..b.arms {
            let entry = usize::from(b.entry_offset);
            castles.push(topology.track_square(arm, b.direction, entry));
            if b.castles == CastleLayout::EntryAndStarSquares {
                let star = entry + usize::from(b.star_distance);
                castles.push(topology.track_square(arm, b.direction, star));
            }
        }
        topology.set_castles(&castles);
    }
    Ok(topology)
}

/// The rules of Parcheesi and Ludo: doubles, nests, blockades, bonuses and the use of dice must
/// fit together and with the rest of the ruleset.
fn check_family_rules(ruleset: &Ruleset, invalid: &Invalid<'_>) -> Result<(), RulesetError> {
    let (t, m, d) = (&ruleset.throw, &ruleset.moves, &ruleset.doubles);
    let dice = t.device == Device::Dice;
    if d.enabled && !(dice && (t.separate_dice || t.dice == Some(1))) {
        return Err(invalid(
            "doubles.enabled",
            "doublets need two separate dice (throw.separate_dice) or one die (whose top face \
             counts as a doublet)"
                .into(),
        ));
    }
    let mut faces = faces_of(t);
    faces.sort_unstable();
    let standard_die = faces == [1, 2, 3, 4, 5, 6];
    // With doubles off the other doubles fields say nothing, so switching doublets off is one
    // override (003: "Some (MB) versions have no special treatment at all for doubles").
    if d.enabled && d.undersides != Undersides::Never && !standard_die {
        return Err(invalid(
            "doubles.undersides",
            "undersides (7 minus the top) need ordinary dice, faces 1 to 6".into(),
        ));
    }
    if d.enabled && ruleset.turn.three_in_a_row != StreakPenalty::None {
        return Err(invalid(
            "turn.three_in_a_row",
            "with doubles.enabled, a third doublet is governed by doubles.third".into(),
        ));
    }
    if m.enter_with_sum && !t.separate_dice {
        return Err(invalid(
            "moves.enter_with_sum",
            "entering with the sum of two dice needs throw.separate_dice".into(),
        ));
    }
    if (m.must_enter || m.grace_only_enters || m.enter_with_sum) && m.entry != Entry::Grace {
        return Err(invalid(
            "moves.entry",
            "must_enter, grace_only_enters and enter_with_sum need moves.entry = \"grace\"".into(),
        ));
    }
    let each_throw = ruleset.turn.spend == Spend::EachThrow;
    if (m.usage != Usage::Free || d.enabled) && !each_throw {
        return Err(invalid(
            "turn.spend",
            "doublets and the demand to use a throw are 003's, where each throw is spent before \
             the next: they need turn.spend = \"each-throw\""
                .into(),
        ));
    }
    if m.usage != Usage::Free && (m.pass || m.split || m.pairs) {
        return Err(invalid(
            "moves.usage",
            "a throw that must be used cannot be declined or split: set moves.pass, moves.split \
             and moves.pairs to false"
                .into(),
        ));
    }
    if m.blockades && (m.go_round_again || ruleset.capture.before_home) {
        return Err(invalid(
            "moves.blockades",
            "blockades are not modelled together with going round again".into(),
        ));
    }
    if m.blockades && m.pairs {
        return Err(invalid(
            "moves.blockades",
            "Parcheesi's blockades and Humphries' pairs are two readings of two pieces on a square; \
             choose one"
                .into(),
        ));
    }
    if m.stop_behind_blockade && (!m.blockades || m.split) {
        return Err(invalid(
            "moves.stop_behind_blockade",
            "stopping behind a blockade needs moves.blockades and no moves.split".into(),
        ));
    }
    if m.blockades && m.stack_limit != 2 {
        return Err(invalid(
            "moves.stack_limit",
            "a blockade is a pair of pieces: blockades need a stack limit of 2".into(),
        ));
    }
    if ruleset.board.start == StartArea::Nest {
        if m.go_round_again || ruleset.capture.before_home {
            return Err(invalid(
                "moves.go_round_again",
                "going round again (or being sent round by capture.before_home) is only modelled \
                 for pieces that start in the Charkoni"
                    .into(),
            ));
        }
        if m.first_piece_free {
            return Err(invalid(
                "moves.first_piece_free",
                "a first piece leaving the Charkoni freely is Pachisi's; pieces here start in a nest"
                    .into(),
            ));
        }
    }
    if ruleset.capture.on_entry && ruleset.board.start != StartArea::Nest {
        return Err(invalid(
            "capture.on_entry",
            "capturing on the entry square needs board.start = \"nest\"".into(),
        ));
    }
    if (ruleset.capture.bonus > 0 || ruleset.finish.bonus > 0)
        && ruleset.turn.spend != Spend::EachThrow
    {
        return Err(invalid(
            "capture.bonus",
            "bonus increments are taken before the next throw: they need turn.spend = \
             \"each-throw\""
                .into(),
        ));
    }
    Ok(())
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.title, self.name)
    }
}
