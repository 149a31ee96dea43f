//! The ruleset as written in a data file: one plain type per TOML table, field for field, with
//! the defaults a file may leave out. docs/rules.md explains every field and its document.
//!
//! This module owns the data and nothing else: no checks, no tables. It sits at the bottom of the
//! rules, below the route arithmetic ([`crate::route`]) and the compiled rules
//! ([`crate::ruleset`]), which both read it; [`crate::ruleset`] re-exports every type, and that is
//! where the rest of the crate and its users name them.

use crate::topology::Direction;
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
    /// Jump squares (LUDOpy's stars): how many squares past each arm's entry square they lie.
    /// A piece that a move ends on one jumps on to the next jump square of its route; empty for
    /// none.
    pub jump_squares: Vec<u8>,
    /// What ending a move on the last jump square of a route does: nothing, or take the piece
    /// home (LUDOpy). A piece that jumps onto it stays there.
    pub last_jump: LastJump,
}

/// What ending a move on a route's last jump square does (`board.last_jump`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LastJump {
    /// Nothing: the piece stays there.
    #[default]
    None,
    /// The piece jumps home (LUDOpy: "Star before the home areal").
    Home,
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
            jump_squares: Vec::new(),
            last_jump: LastJump::None,
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
    /// Only the square at `outer_castle_row` of both outer columns of every arm, the end squares
    /// unmarked (Pachih, Snouck Hurgronje 1906: "the third space, counting from the outer corner,
    /// in the two outer rows of each arm"; Sokkattan, Parker 1909).
    OuterRows,
    /// Every arm's entry square (Ludo's safe start squares).
    EntrySquares,
    /// Every arm's entry square and the star square `star_distance` past it (a Ludo house rule).
    EntryAndStarSquares,
    /// No castles at all: a piece may be captured on any square of the track, its own entry
    /// square included (OpenSpiel's maedn).
    None,
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
    /// Where each piece begins, as its progress along its seat's route (0: waiting to enter),
    /// one value a piece; empty for every piece waiting (000). Chaupar's pieces begin on the
    /// board (Abu'l Fazl 1590: the 6th and 7th squares of the middle row and the 7th and 8th of
    /// the right-hand row of each arm).
    pub start: Vec<u8>,
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
            start: Vec::new(),
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
    /// Whether each die is a separate increment (003: "The dice throw is divided into two
    /// increments"; Chaupar's three long dice, each played on its own); otherwise dice count
    /// their total. Two or three dice.
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
    /// Whether a throw of two dice counted by their total is known by the pair of numbers shown
    /// (written `4-0`), so that a pair may be a grace or throw again where its total is not:
    /// Tayam Sonalu's two long dice (Parker 1909), where 0 and 1 is Tayam and 0 and 4 is Sonal.
    /// Faces may then show 0, and a throw totalling 0 moves nothing.
    #[serde(default)]
    pub named_pairs: bool,
    /// With `named_pairs`: pairs that are graces though their total is not in `grace` (Sonal,
    /// `"4-0"`, enters a piece; 2 and 2 does not).
    #[serde(default)]
    pub grace_pairs: Vec<String>,
    /// With `named_pairs`: pairs that earn another throw though their total is not in
    /// `extra_throw`.
    #[serde(default)]
    pub extra_throw_pairs: Vec<String>,
    /// Whether the bonus step must bring a waiting piece onto the lane's first square where one
    /// can enter, and moves any piece one square only where none can (Sokkattan, Parker 1909:
    /// "This extra move must be used to enter a new piece on the board if possible").
    #[serde(default)]
    pub bonus_step_enters: bool,
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
    /// In a seat's first turn, while all its pieces still wait to enter after a throw, it throws
    /// again, up to this many throws in all (LUDOpy: 4); 1 for no such throws.
    pub first_turn_throws: u8,
    /// Whether the values of `throw.extra_throw` earn another throw in a seat's first turn too
    /// (LUDOpy: no).
    pub extra_throw_in_first_turn: bool,
    /// Most throws a seat makes in one turn, whatever earns another; 0 for no limit (Pachih,
    /// Snouck Hurgronje 1906: "Three total throws is the maximum allowed").
    pub max_throws: u8,
    /// Whether a seat whose pieces have all finished keeps its turns and throws for its partner,
    /// whose pieces move by those throws (Chaupar, Abu'l Fazl 1590). Where it is off, such a
    /// seat's turns are skipped.
    pub partner_throws: bool,
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
            first_turn_throws: 1,
            extra_throw_in_first_turn: true,
            max_throws: 0,
            partner_throws: false,
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

/// How the 14 squares of a doublet's tops and undersides may be spent (003, Doubles Bonus #2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fourteen {
    /// As four increments, the numbers on the tops and on the undersides (SR, MB).
    #[default]
    Increments,
    /// As 14 squares divided in any fashion between at most two pawns (003: "(TR) ... may
    /// optionally be subdivided in any fashion v1960 between two pawns").
    TwoPawns,
    /// As 14 squares divided in any fashion among any number of pawns (TR v1938).
    AnyPawns,
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
    /// How the 14 squares of the tops and undersides may be spent.
    pub fourteen: Fourteen,
    /// Whether a doublet's squares bring a pawn home only when the whole 14 carries it there from
    /// 14 squares out (003: "(TR) Doubles may bring a pawn to finish only from 14 spaces out").
    pub finish_from_fourteen: bool,
}

impl Default for DoublesRules {
    fn default() -> Self {
        DoublesRules {
            enabled: false,
            throw_again: DoublesAgain::Always,
            undersides: Undersides::Never,
            undersides_all_or_nothing: false,
            third: ThirdDoublet::None,
            fourteen: Fourteen::Increments,
            finish_from_fourteen: false,
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

/// When the pieces of a pair standing on a castle may move apart (001).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairParts {
    /// Whenever the pair stands on a castle, even one it reached during this turn.
    #[default]
    AtOnce,
    /// Only from the turn after the one in which the pieces came together on the castle (001:
    /// "You can break the pair on a block which has a 'cross' symbol and move the pieces
    /// individually from the consequent turn").
    NextTurn,
}

/// What a throw costs whose only moves would end on a castle an opponent holds (001: "If you land
/// in a condition in which you get the number which allows you to only move your piece to the
/// 'safe block' occupied by the opponent. In such a case, you shall skip your turn").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeldCastle {
    /// That throw is lost, as any throw no piece can use; the turn's other throws are played.
    #[default]
    LosesThrow,
    /// The whole turn is lost: the throws not yet spent and any throw still due.
    LosesTurn,
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
    /// When the pieces of a pair standing on a castle may move apart (with `pairs`).
    pub pair_parts: PairParts,
    /// What a throw costs whose only moves would end on a castle an opponent holds.
    pub held_castle: HeldCastle,
    /// Whether a die may land a pawn on a castle an opponent holds when another die of the same
    /// throw carries that pawn on at once (003: "(PB) A pawn may use a die increment that lands it
    /// on a safety space occupied by an opponent's pawn provided that another increment of the
    /// throw is immediately used to carry the pawn further"; a house rule in SR).
    pub carry_on: bool,
    /// Whether, while a piece waits to enter, a piece standing on the entry square must move off
    /// it before anything else moves, whenever it can (OpenSpiel's maedn: "start field must be
    /// cleared as soon as possible"); it comes before `must_enter`.
    pub clear_entry: bool,
    /// What a move too long to reach home exactly does, where home needs an exact throw: it is
    /// refused, or the piece bounces back from home.
    pub bounce: Bounce,
    /// How many of its partners' pieces must have gone past a seat's arm (stand beyond its end
    /// square on their own routes, or be home) before the seat's pieces may come round to that end
    /// square again and turn up the lane; 0 for no such gate (Pahada Keliya, Parker 1909: "A
    /// player cannot move into their central row ... unless two of their team member's pieces
    /// have moved past the player's own pieces").
    pub home_gate: u8,
}

/// What a move too long to reach home exactly does (`moves.bounce`, with `moves.exact_home`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bounce {
    /// The move is not allowed.
    #[default]
    None,
    /// The piece goes home and back by the squares left over: it stops as many squares before
    /// home as it would have gone past it.
    BackByExcess,
    /// The piece stops as many squares before home as the throw's value, wherever it started
    /// (LUDOpy: `old_piece_pos - overshoot`, that is 57 minus the die).
    BackByThrow,
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
            pair_parts: PairParts::AtOnce,
            held_castle: HeldCastle::LosesThrow,
            carry_on: false,
            clear_entry: false,
            bounce: Bounce::None,
            home_gate: 0,
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
    /// A piece may land on a castle an opponent holds, but goes back to its start instead of
    /// staying (LUDOpy's globes). On an entry square only its seat's pieces send it back; other
    /// opponents there are met as on any square, so an entering piece meets them too.
    SendBack,
}

/// What a single piece landing on two or more pieces of one opponent does
/// (`capture.two_or_more`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TwoOrMore {
    /// They are captured, as a lone piece is.
    #[default]
    Captured,
    /// The moving piece goes back to its start instead (LUDOpy's "rule A"). The opponents are
    /// looked at in turn order from the mover, and only the first with pieces on the square is
    /// met: one piece of it is captured, two or more send the mover back.
    SendBack,
    /// They are safe: the moving piece stands beside them (Chaupar, Abu'l Fazl 1590: "If two of
    /// a player's pieces are on the same space, they cannot be sent to the beginning").
    Safe,
}

/// Where a captured piece goes (`capture.back_to`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackTo {
    /// To the start: it waits to enter again, as the rules' entry says (000).
    #[default]
    Start,
    /// Onto the square nearest the Charkoni where pieces begin (the least non-zero progress of
    /// `players.start`), in the seat's own lane, where no opponent comes (Chaupar as Ludii's
    /// code plays it).
    StartSquare,
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
    /// What a single piece landing on two or more pieces of one opponent does.
    pub two_or_more: TwoOrMore,
    /// Where a captured piece goes.
    pub back_to: BackTo,
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

/// Where a seat's pieces finish.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// In the Charkoni (home), off the board, after the lane's last square (000, 003, Ludo).
    #[default]
    Home,
    /// In the lane itself: a route ends on the lane's last square, a piece that has turned up
    /// its lane has finished but still stands there (and may move on in it by exact throws),
    /// and a seat has finished when all its pieces stand in its lane (OpenSpiel's maedn: four
    /// goal fields).
    Lane,
}

/// `[finish]`: when the game ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FinishRules {
    /// Which places are played for.
    pub placings: Placings,
    /// Where a seat's pieces finish.
    pub goal: Goal,
    /// Squares of movement bringing a piece home earns, as one increment for another piece to take
    /// whole or forfeit; 0 for none (003: 10 in SR and some MB).
    pub bonus: u8,
}

impl Default for FinishRules {
    fn default() -> Self {
        FinishRules {
            placings: Placings::Winner,
            goal: Goal::Home,
            bonus: 0,
        }
    }
}
impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.title, self.name)
    }
}
