//! The network's inputs: the feature set `pieces-v1`.
//!
//! The inputs are laid out for one team's point of view (a *view*): a block per seat, starting
//! at the team's first seat and going round in turn order (so the team's own pieces come first,
//! then the opponents' in the order they play after it; partners sit in the same slots for every
//! team of a partnership game), then a few inputs about the turn. Each seat's block holds its
//! pieces sorted by progress, furthest first, so that which of two equal pieces is which never
//! matters, each with 17 inputs, then one for the seat as a whole:
//!
//! | input | meaning |
//! |---|---|
//! | 0 | progress, as a fraction of the whole route (the heuristic's `progress`) |
//! | 1 | on the board (entered, not finished) |
//! | 2 | finished (home, or in a goal lane that counts as home) |
//! | 3 | on the board where no opponent may capture it (castle, own lane) |
//! | 4 | on a castle one throw from home |
//! | 5 | the chance that an opponent can hit it with its next throw |
//! | 6 | that chance times the piece's progress (what a capture would cost) |
//! | 7 | the chance that it can hit an opponent's piece with its next throw |
//! | 8..=16 | progress on a scale of 9 points, 0, 1/8, ..., 1: the two points around it share 1 in proportion to how near it is to each |
//!
//! Inputs 0 to 6 are exactly the per-piece quantities the heuristic weighs
//! (both read them from the ruleset's precomputed tables, `StandingTables::standing`), so a linear
//! layer over them can reproduce the heuristic's score; the threat a piece makes (7) is the
//! same computation from the other side (`StandingTables::attack`), and the
//! scale lets the network value progress unevenly along the route: any function of progress that is
//! linear between the points is a weighted sum of them. (A thermometer of the same buckets
//! expresses the same functions, but with up to eight inputs a piece where these take two, and
//! every input costs a row of the hidden layer in every view.) The seat's own input is its number of blockades
//! (pairs of its pieces on one square, where the rules have blockades).
//!
//! After the blocks, per view: which slot is to move (one-hot, none once the game is over),
//! whether that seat is in the middle of spending a throw, and what it still holds to spend as a
//! fraction of the route.

use crate::standing::{blockade_count, Standing, StandingTables};
use pachisi_core::ruleset::{MAX_PIECES, MAX_SEATS};
use pachisi_core::{Phase, Position, Rules};

/// The name and version of the feature set, recorded in every network file; a file made for
/// another feature set is refused.
pub const FEATURE_SET: &str = "pieces-v1";

/// Intervals of the progress scale (it has one more point).
pub(crate) const SCALE: usize = 8;

/// Inputs per piece: the seven the heuristic weighs, the threat it makes, then the scale.
pub(crate) const PIECE_FEATURES: usize = SCALE_START + SCALE + 1;

/// Where a piece's progress scale begins among its inputs.
const SCALE_START: usize = 8;

/// Inputs per seat beyond its pieces: its blockades.
pub(crate) const SEAT_FEATURES: usize = 1;

/// The index of a piece's progress among its inputs, and of the others the heuristic weighs.
pub(crate) mod piece {
    /// Progress as a fraction of the route.
    pub const PROGRESS: usize = 0;
    /// On the board.
    pub const ON_BOARD: usize = 1;
    /// Finished.
    pub const GOAL: usize = 2;
    /// Safe on the board.
    pub const SAFE: usize = 3;
    /// On a castle one throw from home.
    pub const WAITING: usize = 4;
    /// Chance of capture.
    pub const DANGER: usize = 5;
    /// Chance of capture times progress.
    pub const DANGER_PROGRESS: usize = 6;
    /// Chance of capturing.
    pub const ATTACK: usize = 7;
}

/// Where each input of a ruleset's views lies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Seats at the table.
    pub seats: usize,
    /// Pieces per seat.
    pub pieces: usize,
    /// Teams (one view each).
    pub teams: usize,
    /// Inputs per seat block.
    pub block: usize,
    /// Inputs per view.
    pub inputs: usize,
    /// The first seat of each team, where its view starts.
    first_seat: [usize; MAX_SEATS],
}

impl Layout {
    /// The layout of a ruleset's views.
    pub fn new(rules: &Rules) -> Layout {
        let seats = usize::from(rules.seats());
        let pieces = usize::from(rules.pieces());
        let teams = usize::from(rules.teams());
        let mut first_seat = [0; MAX_SEATS];
        for (t, first) in first_seat.iter_mut().enumerate().take(teams) {
            *first = (0..rules.seats())
                .find(|&s| usize::from(rules.team_of(s)) == t)
                .map_or(0, usize::from);
        }
        let block = pieces * PIECE_FEATURES + SEAT_FEATURES;
        Layout {
            seats,
            pieces,
            teams,
            block,
            inputs: Self::inputs_for(seats, pieces),
            first_seat,
        }
    }

    /// Inputs per view for `seats` seats of `pieces` pieces: a block per seat, then the turn's
    /// (which slot is to move, whether it is spending a throw, what it holds).
    pub fn inputs_for(seats: usize, pieces: usize) -> usize {
        seats * (pieces * PIECE_FEATURES + SEAT_FEATURES) + seats + 2
    }

    /// The slot of `seat` in the view of `team`: 0 for the team's first seat, then round the
    /// table in turn order.
    #[inline]
    pub fn slot(&self, team: usize, seat: usize) -> usize {
        (seat + self.seats - self.first_seat[team]) % self.seats
    }

    /// Where the turn's inputs begin.
    #[inline]
    pub fn turn_start(&self) -> usize {
        self.seats * self.block
    }
}

/// Calls `add(k, x)` for every input `k` (within the seat's block) of `seat` that is not zero.
/// The block is the same in every view: only where it goes differs.
#[inline]
pub(crate) fn seat_inputs(
    tables: &StandingTables,
    pos: &Position,
    seat: u8,
    mut add: impl FnMut(usize, f32),
) {
    let rules = tables.rules();
    let home = f32::from(rules.home());
    let team = usize::from(rules.team_of(seat));
    let mine = pos.pieces_of(seat);
    let mut sorted = [0u8; MAX_PIECES];
    let sorted = &mut sorted[..mine.len()];
    sorted.copy_from_slice(mine);
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for (i, &p) in sorted.iter().enumerate() {
        let base = i * PIECE_FEATURES;
        let progress = f32::from(p) / home;
        if p == 0 {
            // A waiting piece has no input but its zero progress: nothing to add.
            continue;
        }
        add(base + piece::PROGRESS, progress);
        match tables.standing(pos, seat, team, p) {
            Standing::Waiting => {}
            Standing::Goal => add(base + piece::GOAL, 1.0),
            Standing::Safe { waiting } => {
                add(base + piece::ON_BOARD, 1.0);
                add(base + piece::SAFE, 1.0);
                if waiting {
                    add(base + piece::WAITING, 1.0);
                }
            }
            Standing::Exposed { danger } => {
                add(base + piece::ON_BOARD, 1.0);
                if danger > 0.0 {
                    add(base + piece::DANGER, danger);
                    add(base + piece::DANGER_PROGRESS, danger * progress);
                }
            }
        }
        if !rules.in_goal(p) {
            let attack = tables.attack(pos, seat, team, p);
            if attack > 0.0 {
                add(base + piece::ATTACK, attack);
            }
        }
        let scaled = (progress * SCALE as f32).clamp(0.0, SCALE as f32);
        let below = (scaled as usize).min(SCALE - 1);
        let above = scaled - below as f32;
        if above < 1.0 {
            add(base + SCALE_START + below, 1.0 - above);
        }
        if above > 0.0 {
            add(base + SCALE_START + below + 1, above);
        }
    }
    if tables.blockades() {
        let pairs = blockade_count(mine, rules.home());
        if pairs > 0 {
            add(sorted.len() * PIECE_FEATURES, pairs as f32);
        }
    }
}

/// Calls `add(k, x)` for every input `k` (counted from [`Layout::turn_start`]) about the turn,
/// in the view of `team`, that is not zero.
#[inline]
pub(crate) fn turn_inputs(
    layout: &Layout,
    rules: &Rules,
    pos: &Position,
    team: usize,
    mut add: impl FnMut(usize, f32),
) {
    if pos.phase() == Phase::Over {
        return;
    }
    add(layout.slot(team, usize::from(pos.to_move())), 1.0);
    if pos.phase() == Phase::Move {
        add(layout.seats, 1.0);
        let held: u32 = pos.pool().items().iter().map(|i| u32::from(i.value)).sum();
        if held > 0 {
            add(layout.seats + 1, held as f32 / f32::from(rules.home()));
        }
    }
}

/// Every input of the view of `team` that is not zero, as (index, value), appended to `out`:
/// the plain form training and tests use (inference adds the blocks where they go instead).
pub(crate) fn view_inputs(
    tables: &StandingTables,
    layout: &Layout,
    pos: &Position,
    team: usize,
    out: &mut Vec<(u32, f32)>,
) {
    for seat in 0..tables.rules().seats() {
        let base = layout.slot(team, usize::from(seat)) * layout.block;
        seat_inputs(tables, pos, seat, |k, x| out.push(((base + k) as u32, x)));
    }
    let base = layout.turn_start();
    turn_inputs(layout, tables.rules(), pos, team, |k, x| {
        out.push(((base + k) as u32, x))
    });
}
