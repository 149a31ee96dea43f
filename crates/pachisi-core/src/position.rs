//! The state of a game: where every piece stands, whose turn it is and what that turn holds.
//!
//! A [`Position`] is a small `Copy` value. Pieces are stored as their progress along their own
//! seat's route: 0 waiting in the Charkoni, 1 to [`Rules::route_len`] on the board,
//! [`Rules::home`] back in the Charkoni. A turn alternates between throwing ([`Phase::Throw`],
//! a chance node) and spending the throws ([`Phase::Move`]); [`Position::apply_throw`] and
//! [`Position::play`] are the only ways forward.

use crate::ruleset::{
    DoublesAgain, Fourteen, Placings, Rules, Spend, StreakPenalty, ThirdDoublet, Undersides, Usage,
    MAX_PIECES, MAX_SEATS,
};
use crate::throw::{Outcome, Throw};
use crate::Move;

mod canonical;
mod first_turn;

/// Most throws (with their bonus steps) a turn can hold at once. When the pool is full, throwing
/// stops and the turn is spent: with every real throw table this needs dozens of extra throws in a
/// row, far less likely than once in the lifetime of the universe.
pub const MAX_POOL: usize = 24;

/// What the seat to move must do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Throw the shells or dice (a chance node).
    Throw,
    /// Spend the throws in the pool.
    Move,
    /// The game is over.
    Over,
}

/// An amount of movement waiting to be spent: a throw (or one die of it), a bonus step of one
/// square, or a capture or finish bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Increment {
    /// Squares.
    pub value: u8,
    /// Whether this moves only and is never a grace: a bonus step, or what is left of a split throw.
    pub plain: bool,
    /// Whether this is a capture or finish bonus (003): taken whole by one piece or forfeited, and
    /// never counted when as many increments as possible must be used.
    pub bonus: bool,
    /// Whether this is a share of a doublet's 14 squares under `doubles.fourteen` other than
    /// `increments`, and which.
    pub share: Share,
}

/// Whether an increment is a share of a doublet's 14 squares where they may be divided (003,
/// TR): such shares are spent together, square by square, and count by the square when as much
/// of the throw as possible must be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Share {
    /// An ordinary increment.
    #[default]
    None,
    /// One of the four numbers of the doublet (a top, which may bring a pawn in, or an
    /// underside); nothing of the 14 has been divided yet.
    Part,
    /// What is left of the 14 once a pawn took some of it: taken whole by one pawn where the 14
    /// is divided between two pawns, divided again where among any number.
    Rest,
}

impl Increment {
    /// A throw's increment (or a die's), which may be a grace.
    pub(crate) fn thrown(value: u8) -> Increment {
        Increment {
            value,
            plain: false,
            bonus: false,
            share: Share::None,
        }
    }

    /// A capture or finish bonus of `value` squares (003).
    pub(crate) fn bonus(value: u8) -> Increment {
        Increment {
            value,
            plain: true,
            bonus: true,
            share: Share::None,
        }
    }
}

/// The throws of the current turn that have not been spent yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    items: [Increment; MAX_POOL],
    len: u8,
}

impl Pool {
    const EMPTY: Pool = Pool {
        items: [Increment {
            value: 0,
            plain: false,
            bonus: false,
            share: Share::None,
        }; MAX_POOL],
        len: 0,
    };

    /// The increments, in the order they were thrown.
    #[inline]
    pub fn items(&self) -> &[Increment] {
        &self.items[..usize::from(self.len)]
    }

    /// Whether nothing is left to spend.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many increments are not bonuses.
    pub fn thrown_count(&self) -> u8 {
        self.items().iter().filter(|i| !i.bonus).count() as u8
    }

    /// What "use as many increments as possible" counts: the increments that are not bonuses,
    /// with a share of a divisible 14 counted by its squares (see [`Share`]).
    pub fn thrown_measure(&self) -> u8 {
        self.items()
            .iter()
            .filter(|i| !i.bonus)
            .map(|i| if i.share == Share::None { 1 } else { i.value })
            .sum()
    }

    /// Whether the pool holds a thrown increment (not a bonus) of `value`.
    #[inline]
    pub(crate) fn holds_thrown(&self, value: u8) -> bool {
        self.items().iter().any(|i| i.value == value && !i.bonus)
    }

    /// Whether the pool holds shares of a divisible 14 (003, TR).
    #[inline]
    pub fn has_shares(&self) -> bool {
        self.items().iter().any(|i| i.share != Share::None)
    }

    pub(crate) fn mark_share(&mut self, index: usize, share: Share) {
        self.items[index].share = share;
    }

    fn is_full(&self) -> bool {
        usize::from(self.len) == MAX_POOL
    }

    pub(crate) fn push(&mut self, inc: Increment) -> bool {
        if self.is_full() {
            return false;
        }
        self.items[usize::from(self.len)] = inc;
        self.len += 1;
        true
    }

    /// Empties the pool, resetting every slot so that equal pools compare and hash equal.
    pub(crate) fn clear(&mut self) {
        *self = Pool::EMPTY;
    }

    pub(crate) fn remove(&mut self, index: usize) {
        let len = usize::from(self.len);
        // Usually the only or the last increment: then nothing needs to shift.
        if index + 1 < len {
            self.items.copy_within(index + 1..len, index);
        }
        self.len -= 1;
        self.items[usize::from(self.len)] = Increment::default();
    }

    pub(crate) fn set_value(&mut self, index: usize, value: u8) {
        self.items[index].value = value;
    }

    pub(crate) fn mark_plain(&mut self, index: usize) {
        self.items[index].plain = true;
    }

    /// Removes the last `throws` throws together with the bonus steps that followed them.
    fn pop_throws(&mut self, mut throws: u8) {
        while throws > 0 && self.len > 0 {
            self.len -= 1;
            let inc = self.items[usize::from(self.len)];
            self.items[usize::from(self.len)] = Increment::default();
            if !inc.plain {
                throws -= 1;
            }
        }
    }
}

/// A game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) progress: [[u8; MAX_PIECES]; MAX_SEATS],
    pub(crate) seats: u8,
    pub(crate) pieces: u8,
    pub(crate) to_move: u8,
    pub(crate) phase: Phase,
    pub(crate) pool: Pool,
    /// Another throw is due once the pool is spent (each-throw turns, and captures).
    pub(crate) throw_again: bool,
    /// The streak group of the last throw of this turn and how many times in a row it came.
    pub(crate) streak: (u8, u8),
    /// Seats that have made their opening throw (turn.opening).
    pub(crate) opened: u8,
    /// Seats that have introduced at least one piece.
    pub(crate) entered: u8,
    /// Captures credited to each seat (only kept when capture.before_home is on).
    pub(crate) credits: [u8; MAX_SEATS],
    /// Captures the victims' side may still strike out (000 optional rule 5, 004), by capturing
    /// seat and piece: 0 for none, else the victims' team + 1. An entry stays open while the
    /// piece stands where it captured and until its seat's next turn begins.
    pub(crate) open_capture: [[u8; MAX_PIECES]; MAX_SEATS],
    /// Teams in the order they finished.
    pub(crate) placings: [u8; MAX_SEATS],
    pub(crate) placed: u8,
    /// For each of the mover's pieces, the progress of the blockade it belonged to when one of
    /// that blockade's pieces moved during the current throw (0 for none): the two may not meet
    /// again elsewhere before the throw is spent (003: "A blockade may not be moved intact").
    pub(crate) left_blockade: [u8; MAX_PIECES],
    /// The mover's pieces (one bit each) that moved during this turn, kept only where a pair
    /// parts on a castle from the next turn on (`moves.pair_parts`, 001).
    pub(crate) arrived: u8,
    /// The progress of the mover's pawn that a die has just landed on a castle an opponent holds
    /// and that another die must now carry on (`moves.carry_on`, 003 PB); 0 for none.
    pub(crate) carrying: u8,
    /// Seats that have yet to finish their first turn, where the first turn has rules of its own
    /// (`turn.first_turn_throws`, `turn.extra_throw_in_first_turn`); 0 elsewhere.
    pub(crate) first_turn: u8,
    /// The throws the seat to move has made in its first turn (0 outside it).
    pub(crate) tries: u8,
}

impl Position {
    /// The starting position: every piece in the Charkoni, seat 0 to throw.
    pub fn new(rules: &Rules) -> Position {
        Position {
            progress: [[0; MAX_PIECES]; MAX_SEATS],
            seats: rules.seats(),
            pieces: rules.pieces(),
            to_move: 0,
            phase: Phase::Throw,
            pool: Pool::EMPTY,
            throw_again: false,
            streak: (0, 0),
            opened: 0,
            entered: 0,
            credits: [0; MAX_SEATS],
            open_capture: [[0; MAX_PIECES]; MAX_SEATS],
            placings: [0; MAX_SEATS],
            placed: 0,
            left_blockade: [0; MAX_PIECES],
            arrived: 0,
            carrying: 0,
            first_turn: if rules.first_turn_rules() {
                ((1u16 << rules.seats()) - 1) as u8
            } else {
                0
            },
            tries: 0,
        }
    }

    /// The starting position with `seat` to throw first (as a throw-off decided,
    /// [`crate::ThrowOff`]); `seat` is taken modulo the number of seats.
    pub fn starting_with(rules: &Rules, seat: u8) -> Position {
        let mut pos = Position::new(rules);
        pos.to_move = seat % rules.seats().max(1);
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

    /// The progress of every piece of a seat (0: waiting in the Charkoni; `rules.home()`: home;
    /// never home where the goal is in the lane).
    #[inline]
    pub fn pieces_of(&self, seat: u8) -> &[u8] {
        &self.progress[usize::from(seat)][..usize::from(self.pieces)]
    }

    /// How many pieces of all seats together wait at the start (progress 0).
    ///
    /// Simulation statistics ask for this after every move, so it avoids walking the pieces one
    /// by one: each slot counts the zeros in its column over the seats' fixed-size rows (a few
    /// vector instructions per row), and since every slot past a seat's pieces always holds 0,
    /// those slots are taken away at the end.
    #[inline]
    pub fn waiting_pieces(&self) -> u32 {
        let seats = &self.progress[..usize::from(self.seats)];
        // At most MAX_SEATS in each column: byte-wide counts cannot overflow.
        let mut columns = [0u8; MAX_PIECES];
        for row in seats {
            for (column, &p) in columns.iter_mut().zip(row) {
                *column += u8::from(p == 0);
            }
        }
        let zeros: u32 = columns.iter().map(|&n| u32::from(n)).sum();
        let unused = seats.len() * (MAX_PIECES - usize::from(self.pieces));
        zeros - unused as u32
    }

    /// The progress of the mover's pawn that a die has just landed on a castle an opponent holds
    /// and that the next move must carry on (`moves.carry_on`, 003 PB), if there is one: for that
    /// moment it shares the castle with the opponent.
    #[inline]
    pub fn carried(&self) -> Option<u8> {
        (self.carrying != 0).then_some(self.carrying)
    }

    /// The unspent throws of the current turn.
    #[inline]
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Whether another throw is due once the pool is spent (a grace's or a capture's).
    #[inline]
    pub fn throw_again(&self) -> bool {
        self.throw_again
    }

    /// The streak of the turn's last throws: its group (the value representing it) and how many
    /// times in a row it came (0 when no streak is counted).
    #[inline]
    pub fn streak(&self) -> (u8, u8) {
        self.streak
    }

    /// Whether a seat has made its opening throw (`turn.opening`).
    #[inline]
    pub fn has_opened(&self, seat: u8) -> bool {
        seat < 8 && self.opened & (1 << seat) != 0
    }

    /// Whether a seat has introduced at least one piece.
    #[inline]
    pub fn has_entered(&self, seat: u8) -> bool {
        seat < 8 && self.entered & (1 << seat) != 0
    }

    /// Teams in the order they finished so far.
    pub fn placings(&self) -> &[u8] {
        &self.placings[..usize::from(self.placed)]
    }

    /// The winning team, once one has finished.
    pub fn winner(&self) -> Option<u8> {
        self.placings().first().copied()
    }

    /// Captures credited to a seat (counted only where captures are needed to go home).
    pub fn credits(&self, seat: u8) -> u8 {
        self.credits[usize::from(seat)]
    }

    /// Whether every piece of a seat has finished: is home, or stands in its lane where the goal
    /// is there ([`Rules::in_goal`]).
    ///
    /// The slots past the seat's pieces always hold 0, so where pieces finish at home this is one
    /// comparison of the whole row with the rules' row of pieces home.
    #[inline]
    pub fn seat_finished(&self, rules: &Rules, seat: u8) -> bool {
        if rules.goal_in_lane() {
            return self.pieces_of(seat).iter().all(|&p| rules.in_goal(p));
        }
        if self.pieces != rules.pieces() {
            // A position paired with rules it was not made for: compare piece by piece.
            return self.pieces_of(seat).iter().all(|&p| p == rules.home());
        }
        self.progress[usize::from(seat)] == *rules.home_row()
    }

    /// Whether a seat has a piece on the board.
    pub fn has_piece_on_board(&self, rules: &Rules, seat: u8) -> bool {
        self.pieces_of(seat)
            .iter()
            .any(|&p| p != 0 && p != rules.home())
    }

    /// Whether all of a seat's pieces have left the Charkoni (those home included).
    pub fn all_entered(&self, seat: u8) -> bool {
        self.pieces_of(seat).iter().all(|&p| p != 0)
    }

    /// Whether the pool holds a grace that can still bring one of the seat's waiting pieces out.
    fn grace_waiting_to_enter(&self, rules: &Rules, seat: u8) -> bool {
        self.pieces_of(seat).contains(&0)
            && self
                .pool
                .items()
                .iter()
                .any(|i| !i.plain && rules.flags(i.value).grace)
    }

    /// Applies a throw by the seat to move.
    ///
    /// # Errors
    /// When the position is not waiting for a throw or the throw is not an outcome of the rules.
    pub fn apply_throw(&mut self, rules: &Rules, throw: Throw) -> Result<(), crate::PlayError> {
        self.throw_listing(rules, throw, None).map(|_| ())
    }

    /// [`Position::apply_throw`], then the legal moves of the position it leads to written into
    /// `out`, the list [`Position::legal_moves_into`] writes. Where settling the throw looks at
    /// every move already (a throw used whole or not at all, or a doublet that earns another
    /// throw only if used whole, 003), the list it looked at is kept rather than made twice:
    /// the quicker way for a game that lists the moves after every throw.
    ///
    /// # Errors
    /// As [`Position::apply_throw`]; the position is unchanged and `out` empty.
    pub fn apply_throw_listing(
        &mut self,
        rules: &Rules,
        throw: Throw,
        out: &mut Vec<Move>,
    ) -> Result<(), crate::PlayError> {
        out.clear();
        let listed = self.throw_listing(rules, throw, Some(out))?;
        if !listed {
            self.legal_moves_into(rules, out);
        } else if self.phase != Phase::Move {
            // The throw was forfeited: no move is due.
            out.clear();
        }
        // Else the list stands: since it was made only the turn's next throw was settled, which
        // no move depends on.
        Ok(())
    }

    /// [`Position::apply_throw`], which, given `out`, may write there the legal moves of the
    /// position waiting for them on its way; returns whether it did.
    fn throw_listing(
        &mut self,
        rules: &Rules,
        throw: Throw,
        out: Option<&mut Vec<Move>>,
    ) -> Result<bool, crate::PlayError> {
        if self.phase != Phase::Throw {
            return Err(crate::PlayError::NotThrowing);
        }
        let outcome = *rules
            .outcomes()
            .get(usize::from(throw.0))
            .ok_or(crate::PlayError::UnknownThrow(throw.0))?;
        self.count_first_turn_throw();
        if rules.ruleset().throw.separate_dice || rules.ruleset().doubles.enabled {
            return Ok(self.apply_dice(rules, &outcome, out));
        }
        // Under plain throws no throw can be void or end a streak: straight into the pool.
        if !rules.plain_throws() && self.void_throw(rules, &outcome) {
            self.after_throw(rules, false);
        } else {
            self.add_throw(rules, &outcome);
        }
        Ok(false)
    }

    /// Settles what comes before a throw counts: its opening, and whether it is void (before
    /// the opening, a 7 or 14 with no piece to move) or the third of a streak, whose penalty it
    /// applies. Returns whether the throw is void.
    fn void_throw(&mut self, rules: &Rules, outcome: &Outcome) -> bool {
        let seat = self.to_move;
        let bit = 1u8 << seat;
        let flags = rules.flags(outcome.value);
        let turn = &rules.ruleset().turn;

        let void_before_opening =
            !turn.opening.is_empty() && self.opened & bit == 0 && !flags.opening;
        if flags.opening {
            self.opened |= bit;
        }
        // 004: "A player needs to have at least one piece on the board to be able to throw a 7 or
        // 14". A grace already in the pool counts, as it will bring a piece out before the 7 or 14
        // is spent ("introduce your new pawn at square number 1, and then ... add ... 7, 14").
        let void_off_board = flags.needs_piece_on_board
            && !self.has_piece_on_board(rules, seat)
            && !self.grace_waiting_to_enter(rules, seat);
        if void_before_opening || void_off_board {
            return true;
        }

        if turn.three_in_a_row != StreakPenalty::None {
            self.streak = extend_streak(self.streak, flags.streak_group);
        }
        if self.streak.1 >= 3 {
            self.streak = (0, 0);
            match turn.three_in_a_row {
                StreakPenalty::VoidStreak => self.pool.pop_throws(2),
                StreakPenalty::CancelTurn => self.pool.clear(),
                _ => {}
            }
            return true;
        }
        false
    }

    /// Puts a throw that counts into the pool, with the bonus step it may earn, and moves on.
    fn add_throw(&mut self, rules: &Rules, outcome: &Outcome) {
        let mut room = self.pool.push(Increment::thrown(outcome.value));
        let bonus_due = rules.flags(outcome.value).bonus_step
            && (!rules.ruleset().throw.bonus_step_needs_all_entered
                || self.all_entered(self.to_move));
        if bonus_due {
            room &= self.pool.push(Increment {
                value: 1,
                plain: true,
                bonus: false,
                share: Share::None,
            });
        }
        let extra = outcome.extra_throw && self.extra_throw_counts(rules);
        self.after_throw(rules, extra && room);
    }

    /// A throw of dice under Parcheesi's rules (003): each die an increment, and doublets with
    /// their bonuses and penalties. Where the fullest use of the throw must be known and `out`
    /// is given, it is found by listing the legal moves there; returns whether they were.
    fn apply_dice(
        &mut self,
        rules: &Rules,
        outcome: &Outcome,
        out: Option<&mut Vec<Move>>,
    ) -> bool {
        let d = &rules.ruleset().doubles;
        let separate = rules.ruleset().throw.separate_dice;
        if outcome.doublet && d.third != ThirdDoublet::None {
            self.streak = (0, self.streak.1 + 1);
            if self.streak.1 >= 3 {
                // Doubles Penalty #2: no movement for the throw, and the turn ends.
                if d.third == ThirdDoublet::SendBack {
                    self.send_back_leader(rules);
                }
                self.pool.clear();
                self.throw_again = false;
                self.next_turn(rules);
                return false;
            }
        }
        let undersides = outcome.doublet
            && match d.undersides {
                Undersides::Never => false,
                Undersides::AllEntered => self.all_entered(self.to_move),
                Undersides::Always => true,
            };
        let dice: &[u8] = if separate {
            &outcome.dice
        } else {
            std::slice::from_ref(&outcome.value)
        };
        let first = usize::from(self.pool.len);
        let mut room = true;
        for &die in dice {
            room &= self.pool.push(Increment::thrown(die));
        }
        // The undersides are "spaces of movement" (003), not dice that came up: they move pawns
        // but never enter one, so they are plain increments.
        if undersides {
            if separate {
                for &die in dice {
                    room &= self.pool.push(Increment {
                        value: 7 - die,
                        plain: true,
                        bonus: false,
                        share: Share::None,
                    });
                }
            } else if let Some(last) = self.pool.len.checked_sub(1) {
                // One die's top and bottom count as one increment of 7 (003).
                self.pool.set_value(usize::from(last), 7);
                self.pool.mark_plain(usize::from(last));
            }
            // TR: the 14 squares "may optionally be subdivided in any fashion" (003).
            if separate && d.fourteen != Fourteen::Increments {
                for index in first..usize::from(self.pool.len) {
                    self.pool.mark_share(index, Share::Part);
                }
            }
        }
        let thrown = self.pool.thrown_measure();
        let mut listed_moves = false;
        // Doubles Penalty #1, or the "(nr)" reading that a throw is used whole or not at all.
        let all_or_nothing = rules.ruleset().moves.usage == Usage::AllOrNothing
            || (undersides && d.undersides_all_or_nothing);
        let usable =
            if all_or_nothing || (outcome.doublet && d.throw_again == DoublesAgain::IfAllUsed) {
                // Counted as the moves will be: from the position waiting for them.
                self.phase = Phase::Move;
                let most = out.and_then(|out| {
                    listed_moves = true;
                    self.legal_moves_and_use(rules, out)
                });
                most.unwrap_or_else(|| self.max_use(rules))
            } else {
                thrown
            };
        if all_or_nothing && usable < thrown {
            self.pool.clear();
        }
        let again = match d.throw_again {
            _ if !outcome.doublet => outcome.extra_throw,
            DoublesAgain::Always => true,
            DoublesAgain::IfAllUsed => usable == thrown,
            DoublesAgain::Never => false,
        };
        self.after_throw(rules, again && room);
        listed_moves
    }

    /// Doubles Penalty #2 (003): the seat's piece closest to home, one in its lane included, goes
    /// back to the start.
    fn send_back_leader(&mut self, rules: &Rules) {
        let seat = usize::from(self.to_move);
        let home = rules.home();
        let pieces = usize::from(self.pieces);
        // A piece that has finished in its lane is not sent back: it is no longer on its way.
        let leader = (0..pieces)
            .filter(|&i| {
                let p = self.progress[seat][i];
                (1..home).contains(&p) && !rules.in_goal(p)
            })
            .max_by_key(|&i| self.progress[seat][i]);
        if let Some(i) = leader {
            self.progress[seat][i] = 0;
            self.open_capture[seat][i] = 0;
        }
    }

    /// Moves on after a throw: throw again, spend, or end the turn.
    fn after_throw(&mut self, rules: &Rules, extra: bool) {
        match rules.ruleset().turn.spend {
            Spend::EachThrow => {
                self.throw_again = extra;
                if self.pool.is_empty() {
                    self.end_spending(rules);
                } else {
                    self.phase = Phase::Move;
                }
            }
            Spend::AfterThrowing => {
                if extra && !self.pool.is_full() {
                    self.phase = Phase::Throw;
                } else if self.pool.is_empty() {
                    self.end_spending(rules);
                } else {
                    self.phase = Phase::Move;
                }
            }
        }
    }

    /// The pool is spent (or forfeited): throw again or pass the turn on.
    pub(crate) fn end_spending(&mut self, rules: &Rules) {
        self.pool.clear();
        self.left_blockade = [0; MAX_PIECES];
        self.carrying = 0;
        if self.phase == Phase::Over {
            return;
        }
        if self.throw_again && !self.seat_finished(rules, self.to_move) {
            self.throw_again = false;
            self.phase = Phase::Throw;
            return;
        }
        if self.first_turn_retry(rules) {
            self.phase = Phase::Throw;
            return;
        }
        self.next_turn(rules);
    }

    fn next_turn(&mut self, rules: &Rules) {
        self.end_first_turn();
        self.throw_again = false;
        self.streak = (0, 0);
        self.arrived = 0;
        match next_seat(self.seats, self.to_move, |s| self.seat_finished(rules, s)) {
            Some(seat) => {
                self.to_move = seat;
                self.open_capture[usize::from(seat)] = [0; MAX_PIECES];
                self.phase = Phase::Throw;
            }
            None => self.phase = Phase::Over,
        }
    }

    /// Records teams that have just finished and ends the game when the places are decided.
    pub(crate) fn update_placings(&mut self, rules: &Rules) {
        let (mut placings, mut placed) = (self.placings, self.placed);
        let over = settle_placings(rules, &mut placings, &mut placed, |s| {
            self.seat_finished(rules, s)
        });
        (self.placings, self.placed) = (placings, placed);
        if over {
            self.phase = Phase::Over;
            self.pool.clear();
            self.left_blockade = [0; MAX_PIECES];
            self.streak = (0, 0);
            self.throw_again = false;
            self.arrived = 0;
            self.carrying = 0;
        }
    }
}

/// The streak (group, length) after a throw of `group`: one longer if it continues the last.
#[inline]
pub(crate) fn extend_streak(streak: (u8, u8), group: u8) -> (u8, u8) {
    match streak {
        (last, n) if n > 0 && last == group => (group, n + 1),
        _ => (group, 1),
    }
}

/// The next seat round the table after `seat` that has not `finished`, if any.
#[inline]
pub(crate) fn next_seat(seats: u8, seat: u8, finished: impl Fn(u8) -> bool) -> Option<u8> {
    let mut seat = seat;
    for _ in 0..seats {
        // The next seat round the table, counted without a division.
        seat = if seat + 1 < seats { seat + 1 } else { 0 };
        if !finished(seat) {
            return Some(seat);
        }
    }
    None
}

/// Adds to `placings` (the first `placed` entries so far) every team whose seats have all
/// `finished`, and, once the places are decided, the last team; returns whether the game is over.
pub(crate) fn settle_placings(
    rules: &Rules,
    placings: &mut [u8; MAX_SEATS],
    placed: &mut u8,
    finished: impl Fn(u8) -> bool,
) -> bool {
    for team in 0..rules.teams() {
        if placings[..usize::from(*placed)].contains(&team) {
            continue;
        }
        let seats = rules.team_seats(team);
        let done = (0..rules.seats())
            .filter(|s| seats & (1 << s) != 0)
            .all(&finished);
        if done {
            placings[usize::from(*placed)] = team;
            *placed += 1;
        }
    }
    let unplaced = rules.teams() - *placed;
    let over = match rules.ruleset().finish.placings {
        Placings::Winner => *placed > 0,
        Placings::All => unplaced <= 1,
    };
    if over && unplaced == 1 {
        if let Some(last) =
            (0..rules.teams()).find(|t| !placings[..usize::from(*placed)].contains(t))
        {
            placings[usize::from(*placed)] = last;
            *placed += 1;
        }
    }
    over
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    /// The zero count over whole rows takes away exactly the unused slots, whatever the number of
    /// seats and pieces.
    #[test]
    fn waiting_pieces_counts_only_real_pieces() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        assert_eq!(Position::new(&rules).waiting_pieces(), 16);
        let text = "12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25";
        let pos = Position::from_notation(&rules, text).expect("valid");
        assert_eq!(pos.waiting_pieces(), 12);
        let three = builtin_rules("pachisi-3-players", &["players.pieces=6".into()])
            .expect("builtin with six pieces");
        assert_eq!(Position::new(&three).waiting_pieces(), 18);
    }

    /// Over random games of every built-in ruleset, the count equals the pieces at progress 0
    /// counted one by one.
    #[test]
    fn waiting_pieces_matches_a_count_piece_by_piece() {
        for (seed, &(name, _)) in crate::BUILTIN_RULESETS.iter().enumerate() {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let mut seen = [false; 2];
            crate::movegen::tests::random_positions(&rules, seed as u64, 5, 2000, |pos| {
                let naive = (0..pos.seats)
                    .flat_map(|seat| pos.pieces_of(seat))
                    .filter(|&&p| p == 0)
                    .count();
                assert_eq!(
                    pos.waiting_pieces() as usize,
                    naive,
                    "{name}: {}",
                    pos.to_notation(&rules)
                );
                seen[usize::from(naive == 0)] = true;
            });
            assert!(seen[0], "{name}: no position with a piece waiting");
        }
    }
}
