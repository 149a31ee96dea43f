//! A compact game for fast self-play under rulesets whose turns are plain.
//!
//! Most of what [`Position`] carries serves rules that only some rulesets play: a pool of several
//! throws, pairs, blockades, capture credits, doublets. Under Pachisi's own rules, Ludo's, and
//! those of Mensch ärgere dich nicht as OpenSpiel plays it (maedn), a turn is simpler: each throw
//! is spent (or passed) before the next, by one piece moving its whole value, and only the stack
//! limit, exact throws and a castle an opponent holds stop it. Two rules may put one move before
//! the others: a piece on the entry square moves off it first while another waits
//! (`moves.clear_entry`), and a piece that can enter must (`moves.must_enter`). Pieces finish at
//! home, or in their lane, where they may still move on (`finish.goal = "lane"`).
//! [`PlainGame`] plays exactly those rules ([`PlainGame::supports`] says which) on a compact
//! state: every piece's key (its progress and slot, the order of a move list) and board square in
//! a row each, with the slots on each square kept beside them as a bit mask, so that "who stands
//! on this square" is one load, and a finished seat is one bit. A move is a byte naming its
//! piece's slot ([`PlainMove`]), so that playing it needs no search for the piece. The rules that
//! order moves are read once, when the game is made: where they are not played they cost a test
//! of a flag. The move list has a module of its own (`moves`).
//!
//! It is the same game, not an approximation: from any position it lists the moves
//! [`Position::legal_moves`] lists, in the same order, and playing one leads to the position
//! [`Position::play`] leads to. The tests check both over random games of every ruleset it
//! supports (`tests/plain.rs`), and simulations played either way give identical statistics.

use crate::position::{extend_streak, next_seat, settle_placings, Increment, Phase, Position};
use crate::ruleset::{CastleRule, Rules, Spend, StreakPenalty, MAX_PIECES, MAX_SEATS, NO_SQUARE};
use crate::throw::Throw;
use crate::{Move, PlayError};

mod moves;

/// The most pieces, all seats together, a [`PlainGame`] holds.
pub const PLAIN_PIECES: usize = 16;

/// The most moves [`PlainGame::legal_moves`] can list: one per distinct progress of the mover's
/// pieces, an entry and a pass.
pub const MAX_PLAIN_MOVES: usize = MAX_PIECES + 2;

/// A move of a [`PlainGame`] in a byte, for random play: the slot of the piece that moves (the
/// first of the mover's pieces at its progress), marked when it enters from the start, or
/// [`PlainMove::PASS`]; [`PlainGame::move_of`] spells it out. Carrying the slot spares playing
/// the move a search for its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlainMove(u8);

impl PlainMove {
    /// The throw is passed.
    pub const PASS: PlainMove = PlainMove(0xFF);
    /// Set on the slot of a piece that enters onto the first square.
    const ENTER: u8 = 0x20;

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self == PlainMove::PASS
    }

    /// The slot of the piece that moves (not for the pass): below [`PLAIN_PIECES`], so that the
    /// mask spares the bounds checks of the rows it indexes.
    #[inline]
    fn slot(self) -> usize {
        usize::from(self.0) % PLAIN_PIECES
    }

    #[inline]
    fn enters(self) -> bool {
        self.0 & PlainMove::ENTER != 0 && self != PlainMove::PASS
    }
}

/// A game under plain rules in a compact form, for fast self-play; see the module documentation.
#[derive(Clone, Debug)]
pub struct PlainGame<'r> {
    rules: &'r Rules,
    /// Every piece's key, `progress << 8 | slot`, seat after seat (`pieces` slots each; unused
    /// slots at progress 0). The key orders the pieces as a move list does (by progress, then
    /// slot), and kept whole it spares building it for every list.
    keys: [u16; PLAIN_PIECES],
    /// Every piece's board square index ([`NO_SQUARE`] while waiting, home, or unused).
    square: [u8; PLAIN_PIECES],
    /// The slots standing on each square index, as bit masks over the rows above, kept with
    /// them: "who stands here" is one load. Pieces off the board count under [`NO_SQUARE`],
    /// which no move lands on, so that moving a piece never needs a test of where it was.
    occupants: [u16; 256],
    /// For each seat, its own slots and its opponents' slots, as bit masks over the rows above,
    /// and its row of square indices by progress ([`Rules::square_row`]). Indexed by
    /// [`seat_row`], which needs no bounds check.
    own: [u16; SEAT_ROWS],
    opponents: [u16; SEAT_ROWS],
    squares: [&'r [u8; 256]; SEAT_ROWS],
    /// For each seat, where a single move ends, as a square ([`Rules::landing_row`]).
    landings: [&'r [u8; 512]; SEAT_ROWS],
    seats: u8,
    pieces: u8,
    to_move: u8,
    phase: Phase,
    /// The value of the throw to spend in [`Phase::Move`]: under each-throw turns the pool holds
    /// exactly one thrown increment then, and none otherwise (the value is then the last throw's,
    /// never read).
    hand: u8,
    throw_again: bool,
    streak: (u8, u8),
    entered: u8,
    /// Seats whose pieces are all home, one bit each.
    finished: u8,
    placings: [u8; MAX_SEATS],
    placed: u8,
    home: u8,
    /// The least progress at which a piece has finished ([`Rules::goal_start`]): `home`, or the
    /// lane's first square where the goal is in the lane.
    goal_start: u8,
    /// `moves.must_enter` and `moves.clear_entry`, read once: the rules that put one move before
    /// the others.
    must_enter: bool,
    clear_entry: bool,
    /// `moves.stack_limit` (0: none), and whether an opponent on a castle closes it
    /// (`capture.castles` other than shared), read once for [`PlainGame::may_land`].
    stack_limit: u8,
    closed_castles: bool,
    /// `moves.pass`, read once.
    may_pass: bool,
    /// Whether every seat has four pieces (and so there are at most four seats), listed by
    /// [`PlainGame::list_of_four`].
    four: bool,
    /// Whether a third throw of a streak is void (`turn.three_in_a_row`), read once.
    streaks: bool,
}

impl<'r> PlainGame<'r> {
    /// Whether `rules` are plain enough for a [`PlainGame`]: single moves (no splits, pairs, sums,
    /// blockades, bounces back from home, jumps or movers sent back, captures on entry or capture
    /// credits; forced entries, an entry square cleared first and the goal in the lane are
    /// played), each throw spent before the next, one die or one set of shells without doublets,
    /// opening throws, throws that need a piece on the board or bonus steps, no capture or finish
    /// bonus, no struck-out or overtaking captures, no first turn with rules of its own, no most
    /// throws a turn and no finished seat throwing for its partner, and at
    /// most [`PLAIN_PIECES`] pieces in all. Traditional Pachisi (with six or seven cowries, or
    /// three players), Ludo and maedn (with four players or two) are; Herklots' record (its 25
    /// earns a bonus step, a second increment to spend), Parcheesi and LUDOpy's Ludo are not.
    pub fn supports(rules: &Rules) -> bool {
        let r = rules.ruleset();
        rules.single_moves()
            && r.turn.spend == Spend::EachThrow
            && !r.throw.separate_dice
            && !r.doubles.enabled
            && r.turn.opening.is_empty()
            && r.throw.needs_piece_on_board.is_empty()
            && r.throw.bonus_step.is_empty()
            && r.capture.bonus == 0
            && r.finish.bonus == 0
            && !r.capture.invalidation
            && !r.capture.overtake
            && !rules.first_turn_rules()
            && r.turn.max_throws == 0
            && !r.turn.partner_throws
            && usize::from(rules.seats()) * usize::from(rules.pieces()) <= PLAIN_PIECES
    }

    /// The starting position, if the rules are supported.
    pub fn new(rules: &'r Rules) -> Option<PlainGame<'r>> {
        PlainGame::from_position(rules, &Position::new(rules))
    }

    /// The game at `pos`, if the rules are supported and `pos` holds nothing plain rules never
    /// use (more than one increment to spend, capture credits, open captures, a remembered
    /// blockade or an opening).
    pub fn from_position(rules: &'r Rules, pos: &Position) -> Option<PlainGame<'r>> {
        let plain_pool = match (pos.phase, pos.pool.items()) {
            (Phase::Move, [inc]) => !inc.plain && !inc.bonus,
            (Phase::Move, _) => false,
            (_, items) => items.is_empty(),
        };
        let unused = pos.opened == 0
            && pos.credits == [0; MAX_SEATS]
            && pos.open_capture == [[0; MAX_PIECES]; MAX_SEATS]
            && pos.left_blockade == [0; MAX_PIECES];
        let fits = pos.seats == rules.seats() && pos.pieces == rules.pieces();
        if !(PlainGame::supports(rules) && plain_pool && unused && fits) {
            return None;
        }
        let mut game = PlainGame {
            rules,
            keys: std::array::from_fn(|slot| slot as u16),
            square: [NO_SQUARE; PLAIN_PIECES],
            // Every slot starts off the board; `set` moves each piece to its square.
            occupants: [0; 256],
            own: [0; SEAT_ROWS],
            opponents: [0; SEAT_ROWS],
            // Rows past the last seat are never read: they repeat the first seats'.
            squares: std::array::from_fn(|row| {
                rules.square_row((row % usize::from(rules.seats().max(1))) as u8)
            }),
            landings: std::array::from_fn(|row| {
                rules.landing_row((row % usize::from(rules.seats().max(1))) as u8)
            }),
            seats: pos.seats,
            pieces: pos.pieces,
            to_move: pos.to_move,
            phase: pos.phase,
            hand: pos.pool.items().first().map_or(0, |i| i.value),
            throw_again: pos.throw_again,
            streak: pos.streak,
            entered: pos.entered,
            finished: 0,
            placings: pos.placings,
            placed: pos.placed,
            home: rules.home(),
            goal_start: rules.goal_start(),
            must_enter: rules.ruleset().moves.must_enter,
            clear_entry: rules.ruleset().moves.clear_entry,
            stack_limit: rules.ruleset().moves.stack_limit,
            closed_castles: rules.ruleset().capture.castles != CastleRule::Shared,
            may_pass: rules.ruleset().moves.pass,
            four: pos.pieces == 4,
            streaks: rules.ruleset().turn.three_in_a_row != StreakPenalty::None,
        };
        game.occupants[usize::from(NO_SQUARE)] = u16::MAX;
        for seat in 0..game.seats {
            game.own[seat_row(seat)] = game.seat_mask(seat);
            for &other in rules.opponents(seat) {
                game.opponents[seat_row(seat)] |= game.seat_mask(other);
            }
            for (i, &p) in pos.pieces_of(seat).iter().enumerate() {
                game.set(game.slot(seat, i), seat, p);
            }
            if pos.seat_finished(rules, seat) {
                game.finished |= 1 << seat;
            }
        }
        Some(game)
    }

    /// The same game as a [`Position`].
    pub fn to_position(&self) -> Position {
        let mut pos = Position::new(self.rules);
        for seat in 0..self.seats {
            let first = self.slot(seat, 0);
            let row = &mut pos.progress[usize::from(seat)][..usize::from(self.pieces)];
            for (i, p) in row.iter_mut().enumerate() {
                *p = self.progress(first + i);
            }
        }
        pos.to_move = self.to_move;
        pos.thrower = self.to_move;
        pos.phase = self.phase;
        if self.phase == Phase::Move {
            pos.pool.push(Increment::thrown(self.hand));
        }
        pos.throw_again = self.throw_again;
        pos.streak = self.streak;
        pos.entered = self.entered;
        pos.placings = self.placings;
        pos.placed = self.placed;
        pos
    }

    /// What happens next.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    #[inline]
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Applies a throw by the seat to move, as [`Position::apply_throw`] does.
    ///
    /// # Errors
    /// When the game is not waiting for a throw or the throw is not an outcome of the rules.
    #[inline]
    pub fn apply_throw(&mut self, throw: Throw) -> Result<(), PlayError> {
        if self.phase != Phase::Throw {
            return Err(PlayError::NotThrowing);
        }
        let outcome = self
            .rules
            .outcomes()
            .get(usize::from(throw.0))
            .ok_or(PlayError::UnknownThrow(throw.0))?;
        if self.streaks {
            let group = self.rules.flags(outcome.value).streak_group;
            self.streak = extend_streak(self.streak, group);
            if self.streak.1 >= 3 {
                // The third of a streak is void, and under each-throw turns nothing earlier is
                // left unspent to void or cancel with it: the turn passes on.
                self.streak = (0, 0);
                self.throw_again = false;
                self.end_spending();
                return Ok(());
            }
        }
        self.hand = outcome.value;
        self.throw_again = outcome.extra_throw;
        self.phase = Phase::Move;
        Ok(())
    }

    /// The [`Move`] a code stands for, with the throw in hand.
    #[inline]
    pub fn move_of(&self, code: PlainMove) -> Move {
        if code.is_pass() {
            Move::Pass
        } else if code.enters() {
            Move::Enter { value: self.hand }
        } else {
            advance(self.progress(code.slot()), self.hand)
        }
    }

    /// Plays a move taken from [`PlainGame::legal_moves`] without checking it, as
    /// [`Position::play_unchecked`] does; returns how many opposing pieces it sent back.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> u32 {
        let seat = self.to_move;
        let code = match mv {
            Move::Enter { .. } => self.find(seat, 0).map(|slot| slot | PlainMove::ENTER),
            // A listed advance moves its piece by the throw in hand.
            Move::Advance { from, .. } => self.find(seat, from),
            _ => None,
        };
        self.play_code(code.map_or(PlainMove::PASS, PlainMove))
    }

    /// Plays a code taken from [`PlainGame::legal_codes`] without checking it; returns how many
    /// opposing pieces it sent back.
    #[inline]
    pub fn play_code(&mut self, code: PlainMove) -> u32 {
        let mut captured = 0;
        if !code.is_pass() {
            let seat = self.to_move;
            let slot = code.slot();
            let from = self.progress(slot);
            let to = if code.enters() {
                1
            } else {
                self.rules.single_destination(from, self.hand)
            };
            self.set(slot, seat, to);
            if from == 0 {
                self.entered |= 1 << seat;
            }
            captured = self.capture(seat, slot);
            // Home, or the goal in the lane entered from outside it (moving on within the lane
            // finishes nothing new).
            if to >= self.goal_start && from < self.goal_start {
                self.reach_goal();
            }
        }
        if self.phase != Phase::Over {
            self.end_spending();
        }
        captured
    }

    /// The slot of a seat's piece `i`.
    #[inline]
    fn slot(&self, seat: u8, i: usize) -> usize {
        usize::from(seat) * usize::from(self.pieces) + i
    }

    /// The progress of the piece in `slot`.
    #[inline]
    fn progress(&self, slot: usize) -> u8 {
        (self.keys[slot] >> 8) as u8
    }

    fn seat_mask(&self, seat: u8) -> u16 {
        let ones = (1u32 << self.pieces) - 1;
        (ones << self.slot(seat, 0)) as u16
    }

    /// Puts the piece in `slot` (one of `seat`'s) at `progress`.
    #[inline]
    fn set(&mut self, slot: usize, seat: u8, progress: u8) {
        let (old, new) = (
            self.square[slot],
            self.squares[seat_row(seat)][usize::from(progress)],
        );
        self.keys[slot] = u16::from(progress) << 8 | slot as u16;
        self.square[slot] = new;
        self.occupants[usize::from(old)] &= !(1 << slot);
        self.occupants[usize::from(new)] |= 1 << slot;
    }

    /// The slot of the first of `seat`'s pieces at `progress`.
    fn find(&self, seat: u8, progress: u8) -> Option<u8> {
        let first = self.slot(seat, 0);
        let i =
            (first..first + usize::from(self.pieces)).find(|&i| self.progress(i) == progress)?;
        Some(i as u8)
    }

    /// Sends back every opposing piece on the square the mover's piece in `slot` reached, unless
    /// it is a castle; returns how many.
    #[inline]
    fn capture(&mut self, seat: u8, slot: usize) -> u32 {
        let sq = self.square[slot];
        let mut victims = self.occupants[usize::from(sq)] & self.opponents[seat_row(seat)];
        // Victims are rare: the test of the square comes only after finding some.
        if victims == 0 || sq == NO_SQUARE || self.rules.is_castle_index(sq) {
            return 0;
        }
        let count = victims.count_ones();
        self.occupants[usize::from(sq)] &= !victims;
        self.occupants[usize::from(NO_SQUARE)] |= victims;
        while victims != 0 {
            let slot = victims.trailing_zeros() as usize;
            self.keys[slot] = slot as u16;
            self.square[slot] = NO_SQUARE;
            victims &= victims - 1;
        }
        if self.rules.ruleset().turn.extra_throw_on_capture {
            self.throw_again = true;
        }
        count
    }

    #[inline]
    fn seat_finished(&self, seat: u8) -> bool {
        self.finished & (1 << seat) != 0
    }

    /// A piece has just reached its goal (home, or its lane where the goal is there): places,
    /// and the extra throw it may earn (the rules refuse that one with the goal in the lane).
    fn reach_goal(&mut self) {
        let first = self.slot(self.to_move, 0);
        if (first..first + usize::from(self.pieces)).all(|i| self.progress(i) >= self.goal_start) {
            self.finished |= 1 << self.to_move;
        }
        let (mut placings, mut placed) = (self.placings, self.placed);
        let over = settle_placings(self.rules, &mut placings, &mut placed, |s| {
            self.seat_finished(s)
        });
        (self.placings, self.placed) = (placings, placed);
        if over {
            self.phase = Phase::Over;
            self.streak = (0, 0);
            self.throw_again = false;
        } else if !self.seat_finished(self.to_move) && self.rules.ruleset().turn.extra_throw_on_home
        {
            self.throw_again = true;
        }
    }

    /// The throw is spent: throw again or pass the turn on.
    #[inline]
    fn end_spending(&mut self) {
        // The hand is read only in [`Phase::Move`], which the next throw sets it for: it is left
        // as it is.
        if self.throw_again && !self.seat_finished(self.to_move) {
            self.throw_again = false;
            self.phase = Phase::Throw;
            return;
        }
        self.throw_again = false;
        self.streak = (0, 0);
        // While no seat has finished, the next seat round the table is simply the next.
        if self.finished == 0 {
            let next = self.to_move + 1;
            self.to_move = if next < self.seats { next } else { 0 };
            self.phase = Phase::Throw;
            return;
        }
        match next_seat(self.seats, self.to_move, |s| self.seat_finished(s)) {
            Some(seat) => {
                self.to_move = seat;
                self.phase = Phase::Throw;
            }
            None => self.phase = Phase::Over,
        }
    }
}

/// The rows of a [`PlainGame`]'s tables by seat: a power of two at least [`MAX_SEATS`].
const SEAT_ROWS: usize = 8;
const _: () = assert!(SEAT_ROWS >= MAX_SEATS && SEAT_ROWS.is_power_of_two());

/// The row of `seat` in a [`PlainGame`]'s tables by seat: seats are below [`MAX_SEATS`], and
/// the mask only spares a bounds check.
#[inline(always)]
fn seat_row(seat: u8) -> usize {
    usize::from(seat) % SEAT_ROWS
}

/// The move of a single piece from progress `from` by the whole of a thrown `value`.
#[inline]
fn advance(from: u8, value: u8) -> Move {
    Move::Advance {
        from,
        value,
        steps: value,
        pair: false,
        round_again: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    /// The occupants of every square are exactly the slots whose piece stands there, after every
    /// step of seeded random games of every plain ruleset (captures and finished seats included).
    #[test]
    fn occupants_follow_every_piece() {
        for name in ["pachisi", "pachisi-3-players", "ludo", "maedn", "maedn-2"] {
            let rules = builtin_rules(name, &[]).expect("builtin");
            for game_index in 0..20u64 {
                let mut game = PlainGame::new(&rules).expect("plain");
                let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ game_index;
                let mut next = |n: usize| {
                    // xorshift: any varied sequence of choices will do.
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state >> 16) as usize % n
                };
                let mut codes = [PlainMove::PASS; MAX_PLAIN_MOVES];
                for _ in 0..2_000 {
                    match game.phase() {
                        Phase::Over => break,
                        Phase::Throw => {
                            let t = next(rules.outcomes().len());
                            game.apply_throw(Throw(t as u8)).expect("throw");
                        }
                        Phase::Move => {
                            let n = game.legal_codes(&mut codes);
                            game.play_code(codes[next(n)]);
                        }
                    }
                    for (sq, &mask) in game.occupants.iter().enumerate() {
                        let expected = (0..PLAIN_PIECES)
                            .filter(|&i| usize::from(game.square[i]) == sq)
                            .fold(0u16, |m, i| m | 1 << i);
                        // Unused slots stay off the board, under NO_SQUARE.
                        let used = (1u32 << (game.seats * game.pieces)) - 1;
                        assert_eq!(u32::from(mask) & used, u32::from(expected) & used, "{name}");
                    }
                }
            }
        }
    }
}
