//! Rulesets: plain data read from TOML, validated once into [`Rules`].
//!
//! A [`Ruleset`] is what a data file says, field for field; docs/rules.md explains every field and
//! the document it comes from. [`Rules::compile`] checks that the fields make sense together and
//! precomputes what play needs (routes, outcomes, per-value flags). Nothing downstream re-checks.
//!
//! This module owns the compiled [`Rules`] and what play asks of them. The ruleset's types are
//! defined below it, in the crate's schema module, where the route arithmetic can read them too,
//! and are re-exported here under their usual paths. Its parts:
//! - compile.rs: [`Rules::compile`], the order of its checks and the tables it precomputes;
//! - checks.rs: the checks of each section of a ruleset;
//! - entry.rs: the tables of random play's hot path (entries, single moves' landing squares);
//! - historical.rs: the checks of the older games' rules (pieces that begin on the board, a
//!   turn's most throws, throwing for a partner, a bonus step that enters);
//! - landing.rs: the tables of the landing and first-turn rules;
//! - pairs.rs: two dice known by the pair they show (Tayam Sonalu's Tayam and Sonal);
//! - text.rs: reading and writing TOML, with overrides, and [`RulesetError`].

use crate::route::mechanics::Build;
use crate::route::RouteEnd;
use crate::sampling::Sampling;
use crate::throw::{
    cowrie_distribution, dice_distribution, dice_sets, Outcome, Throw, ThrowName, ValueFlags,
};
use crate::topology::{Square, Topology};

mod checks;
mod compile;
mod entry;
mod historical;
mod landing;
mod pairs;
mod text;

pub use crate::schema::*;
pub(crate) use entry::{EntryBits, SeatEntry, OFF_BOARD};
use landing::LandingTables;
pub use text::RulesetError;

/// Stands for "no square" in [`Rules`]' square tables: a piece waiting to enter, or home. No
/// board has this many squares (see the assertion below), so it is never a real square's index.
pub(crate) const NO_SQUARE: u8 = u8::MAX;

/// In [`Rules::single_destination`]: the move may not end there (no progress reaches 255).
pub(crate) const NO_DESTINATION: u8 = u8::MAX;

const _: () = assert!(
    (crate::topology::MAX_ARMS as usize) * 3 * (crate::topology::MAX_ARM_LENGTH as usize)
        < NO_SQUARE as usize,
    "square indices must stay below NO_SQUARE"
);

/// A family of rulesets ([`Rules::family`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Pieces start in the Charkoni: Pachisi, its old rule books and the older games of the
    /// cross (Chaupar, Pachih, Sokkattan, ...).
    Pachisi,
    /// Pawns start in a nest, and two dice are used separately: Parcheesi's editions.
    Parcheesi,
    /// Tokens start in a nest, and a throw is one value: Ludo, Mensch ärgere dich nicht.
    Ludo,
}

impl Family {
    /// The family's name, as the catalogues' messages select by it (`$family`) and the page and
    /// the network files know it: `pachisi`, `parcheesi` or `ludo`.
    pub fn name(self) -> &'static str {
        match self {
            Family::Pachisi => "pachisi",
            Family::Parcheesi => "parcheesi",
            Family::Ludo => "ludo",
        }
    }
}

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
    /// Whether some seat's route passes a square twice (Pachisi's end square, or an entry on it).
    routes_revisit: bool,
    /// Where a captured piece goes: see [`Rules::captured_to`].
    captured_to: u8,
    /// For each seat and each seat of its team, the progress beyond which the first has gone
    /// past the second's arm: see [`Rules::past_arm`].
    past_arm: [[u8; MAX_SEATS]; MAX_SEATS],
    /// Whether moves are plain: see [`Rules::plain_moves`].
    plain_moves: bool,
    /// Whether moves are single: see [`Rules::single_moves`].
    single_moves: bool,
    /// Whether throws are plain: see [`Rules::plain_throws`].
    plain_throws: bool,
    /// The build of the move generator the moves take: see [`Rules::build`].
    build: Build,
    /// Where home is, where the lane turns off the track, how far a piece can go and what a throw
    /// too long for home does: what the route arithmetic reads ([`Rules::route_end`]).
    end: RouteEnd,
    /// A seat's progress row once all its pieces are home: `home` for each piece, 0 in the unused
    /// slots (as [`crate::Position`] keeps them), so a finished seat is one row comparison.
    home_row: [u8; MAX_PIECES],
    outcomes: Vec<Outcome>,
    /// The running sums of the outcomes' probabilities, added in the outcomes' order exactly as
    /// [`Rules::throw_for`] has always added them, so the same `u` selects the same throw.
    cumulative: Vec<f64>,
    /// How [`Rules::draw_throw`] turns random bits into a throw.
    sampling: Sampling,
    /// Where a single piece moving to raw progress `i` (its progress plus the throw) ends
    /// ([`crate::route::destination`] with [`Rules::min_step`]), or [`NO_DESTINATION`]: one
    /// lookup on the hot path of [`crate::PlainGame`].
    single_destination: Box<[u8; 512]>,
    /// For each seat, where a single piece moving to raw progress `i` ends, as a square index:
    /// [`Rules::landing_row`].
    landing_square: Vec<[u8; 512]>,
    /// For each thrown value, whether it introduces a piece or takes one out of the start, as
    /// [`Rules::entry_bits`] spells out.
    entry_bits: Box<[u8; 256]>,
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
    /// The least progress at which a piece has finished: `home`, or the lane's first square
    /// where the goal is in the lane.
    goal_start: u8,
    /// Jump squares, entry squares' seats, and what the landing and first-turn rules need.
    landing: LandingTables,
}

impl Rules {
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

    /// Whether every move is plain: every move is single ([`Rules::single_moves`]), pieces finish
    /// at home, and no rule puts one move before the others (no forced entries or an entry square
    /// that must be cleared). Pachisi's and Ludo's rules are such; move generation then takes a
    /// shorter path.
    #[inline]
    pub(crate) fn plain_moves(&self) -> bool {
        self.plain_moves
    }

    /// The narrowest build of the move generator that asks every question these rules need.
    #[inline]
    pub(crate) fn build(&self) -> Build {
        self.build
    }

    /// Whether every move is single: one piece takes one whole increment (no splits, pairs or
    /// sums), nothing makes a piece go round again or bounce back from home, a landing does no
    /// more than capture, and only the stack limit, exact throws and a castle an opponent holds
    /// can stop a piece (no blockades, captures on entry or captures needed before home). Forced
    /// entries, an entry square that must be cleared and the goal in the lane may come with it.
    #[inline]
    pub(crate) fn single_moves(&self) -> bool {
        self.single_moves
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

    /// The progress a captured piece goes back to: 0, waiting to enter again, or the square
    /// nearest the Charkoni where pieces begin (`capture.back_to = "start-square"`).
    #[inline]
    pub fn captured_to(&self) -> u8 {
        self.captured_to
    }

    /// The progress on `seat`'s route beyond which its piece has gone past the arm of `other`, a
    /// seat of its team (`moves.home_gate`): the first visit of that arm's end square. 255 where
    /// `seat`'s route never passes it (the seat itself, or no gate).
    #[inline]
    pub fn past_arm(&self, seat: u8, other: u8) -> u8 {
        self.past_arm[usize::from(seat)][usize::from(other)]
    }

    /// The progress of a piece that has reached the Charkoni again.
    #[inline]
    pub fn home(&self) -> u8 {
        self.end.home
    }

    /// Whether pieces finish in their lane (`finish.goal = "lane"`) rather than at home.
    #[inline]
    pub fn goal_in_lane(&self) -> bool {
        self.ruleset.finish.goal == Goal::Lane
    }

    /// The least progress at which a piece has finished: [`Rules::home`], or where the goal is in
    /// the lane the lane's first square.
    #[inline]
    pub fn goal_start(&self) -> u8 {
        self.goal_start
    }

    /// Whether a piece at `progress` has finished: home, or in its lane where the goal is there.
    #[inline]
    pub fn in_goal(&self, progress: u8) -> bool {
        progress >= self.goal_start
    }

    /// The farthest progress a piece can reach: [`Rules::home`], or where the goal is in the lane
    /// the lane's last square ([`Rules::route_len`]).
    #[inline]
    pub fn last_progress(&self) -> u8 {
        self.end.last_progress
    }

    /// The progress at which a piece stands on its arm's end square for the second time, about to
    /// turn up its lane.
    pub fn turn_home(&self) -> u8 {
        self.end.turn_home
    }

    /// The end of the routes as the route arithmetic meets it ([`crate::route`]): home, the turn
    /// up the lane, the farthest progress, exact throws and bounces.
    #[inline]
    pub(crate) fn route_end(&self) -> &RouteEnd {
        &self.end
    }

    /// Whether pieces wait in a nest beside the board and enter onto the track (Parcheesi, Ludo)
    /// rather than in the Charkoni.
    pub fn starts_in_nest(&self) -> bool {
        self.ruleset.board.start == StartArea::Nest
    }

    /// The family the ruleset belongs to, by how its pieces start and what is thrown: the word
    /// players use for its pieces follows it (Pachisi's pieces, Parcheesi's pawns, Ludo's
    /// tokens), as do the network files of the bots.
    pub fn family(&self) -> Family {
        let r = &self.ruleset;
        match (r.board.start, r.throw.device) {
            (StartArea::Charkoni, _) => Family::Pachisi,
            (StartArea::Nest, Device::Dice) if r.throw.separate_dice => Family::Parcheesi,
            (StartArea::Nest, _) => Family::Ludo,
        }
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

    /// Whether some seat's route passes a square twice: elsewhere a seat's progress and its
    /// squares correspond one to one.
    #[inline]
    pub(crate) fn routes_revisit(&self) -> bool {
        self.routes_revisit
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

    /// How [`Rules::draw_throw`] draws a throw.
    #[inline]
    pub(crate) fn sampling(&self) -> &Sampling {
        &self.sampling
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
            return plain || self.outcomes.iter().any(|o| o.value == value && value > 0);
        }
        let undersides = self.ruleset.doubles.undersides != Undersides::Never;
        self.outcomes
            .iter()
            .any(|o| match (plain, t.separate_dice) {
                (false, true) => o.dice.contains(&value),
                (false, false) => o.value == value,
                (true, _) if !(undersides && o.doublet) => false,
                (true, true) => o
                    .dice
                    .iter()
                    .any(|&d| d > 0 && u16::from(d) + u16::from(value) == 7),
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
        let dice = if t.separate_dice {
            t.dice.unwrap_or(2)
        } else {
            1
        };
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

    /// Where a single piece at `from` moving `value` ends, or [`NO_DESTINATION`] where it may
    /// not stop ([`crate::route::destination`] with [`Rules::min_step`], from a table).
    #[inline]
    pub(crate) fn single_destination(&self, from: u8, value: u8) -> u8 {
        self.single_destination[usize::from(from) + usize::from(value)]
    }

    /// What a thrown `value` may do for a piece in the start, for the seat's first entry or a
    /// later one: the hot path's form of [`crate::route::can_enter_with`] and
    /// [`crate::route::may_leave_start`], from a table (0 for a value no throw gives).
    #[inline]
    pub(crate) fn entry_bits(&self, value: u8) -> EntryBits {
        EntryBits(self.entry_bits[usize::from(value)])
    }

    pub(crate) fn flags(&self, value: u8) -> ValueFlags {
        self.flags[usize::from(value)]
    }

    /// Where a piece of `seat` that ends a move at `progress` jumps to (`board.jump_squares`):
    /// the progress of the next jump square of its route, or home from the last where
    /// `board.last_jump` says so; `None` where it does not jump.
    #[inline]
    pub fn jump_at(&self, seat: u8, progress: u8) -> Option<u8> {
        let row = self.landing.jump_to.get(usize::from(seat))?;
        Some(row[usize::from(progress)]).filter(|&to| to != 0)
    }

    /// The seat whose entry square the square with index `sq` is, if any.
    #[inline]
    pub(crate) fn entry_owner(&self, sq: u8) -> Option<u8> {
        Some(self.landing.entry_owner[usize::from(sq)]).filter(|&s| s != u8::MAX)
    }

    /// Whether a move's landing needs more than a plain capture: a jump, or the mover sent back
    /// by a castle or a crowd (`capture.castles = "send-back"`, `capture.two_or_more`).
    #[inline]
    pub(crate) fn resolves_landings(&self) -> bool {
        self.landing.resolves_landings
    }

    /// Whether a seat's first turn has rules of its own (`turn.first_turn_throws`,
    /// `turn.extra_throw_in_first_turn`).
    #[inline]
    pub fn first_turn_rules(&self) -> bool {
        self.landing.first_turn_rules
    }

    /// Whether pieces of opposing sides may stand together off the castles: where a bounce back
    /// from home can leave a piece on the track, it meets nobody there (`moves.bounce`); where two
    /// pieces of one seat are safe (`capture.two_or_more = "safe"`, Chaupar), a piece stops beside
    /// them, and either side may then move on and leave one.
    pub fn opponents_may_share_squares(&self) -> bool {
        self.landing.bounce_to_track || self.ruleset.capture.two_or_more == TwoOrMore::Safe
    }
}
