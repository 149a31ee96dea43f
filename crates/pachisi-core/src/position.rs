//! The state of a game: where every piece stands, whose turn it is and what that turn holds.
//!
//! A [`Position`] is a small `Copy` value. Pieces are stored as their progress along their own
//! seat's route: 0 waiting in the Charkoni, 1 to [`Rules::route_len`] on the board,
//! [`Rules::home`] back in the Charkoni. A turn alternates between throwing ([`Phase::Throw`],
//! a chance node) and spending the throws ([`Phase::Move`]); [`Position::apply_throw`] and
//! [`Position::play`] are the only ways forward.
//!
//! This module owns the position and its turn flow: the [`Position`] type and what it tells, with
//! its parts the pool of unspent throws (pool.rs), applying a throw (throwing.rs), the end of
//! spending and of turns, and the placings (turns.rs), a seat's first turn (first_turn.rs) and
//! the canonical form (canonical.rs). Playing moves is the move generator's
//! ([`crate::movegen`]).

use crate::ruleset::{Rules, MAX_PIECES, MAX_SEATS};

mod canonical;
mod first_turn;
mod pool;
mod table_turn;
mod throwing;
mod turns;

pub use pool::{Increment, Pool, Share, MAX_POOL};
pub(crate) use turns::{extend_streak, next_seat, settle_placings};

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
    /// The throws made in the current turn, counted only where a turn has a most
    /// (`turn.max_throws`); 0 elsewhere.
    pub(crate) turn_throws: u8,
    /// The seat at the table whose turn it is: the seat to move, except where a finished seat
    /// throws for its partner (`turn.partner_throws`), whose pieces then move.
    pub(crate) thrower: u8,
}

impl Position {
    /// The starting position: every piece where the rules begin it (`players.start`: in the
    /// Charkoni unless they say otherwise), seat 0 to throw.
    pub fn new(rules: &Rules) -> Position {
        let mut progress = [[0; MAX_PIECES]; MAX_SEATS];
        let start = &rules.ruleset().players.start;
        for row in progress.iter_mut().take(usize::from(rules.seats())) {
            for (slot, &p) in row.iter_mut().zip(start) {
                *slot = p;
            }
        }
        let begun = start.iter().any(|&p| p > 0);
        Position {
            progress,
            seats: rules.seats(),
            pieces: rules.pieces(),
            to_move: 0,
            phase: Phase::Throw,
            pool: Pool::EMPTY,
            throw_again: false,
            streak: (0, 0),
            opened: 0,
            entered: if begun {
                ((1u16 << rules.seats()) - 1) as u8
            } else {
                0
            },
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
            turn_throws: 0,
            thrower: 0,
        }
    }

    /// The starting position with `seat` to throw first (as a throw-off decided,
    /// [`crate::ThrowOff`]); `seat` is taken modulo the number of seats.
    pub fn starting_with(rules: &Rules, seat: u8) -> Position {
        let mut pos = Position::new(rules);
        pos.to_move = seat % rules.seats().max(1);
        pos.thrower = pos.to_move;
        pos
    }

    /// What happens next.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is: whose pieces move, and who chooses the moves. Where a
    /// finished seat throws for its partner (`turn.partner_throws`), the partner's;
    /// [`Position::thrower`] is then the finished seat.
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

    /// How many pieces of all seats together stand at progress `restart` or behind it: where
    /// captured pieces go back to the start, `restart` is 0 and these are
    /// [`Position::waiting_pieces`]; where they go back onto a square where pieces begin
    /// (`capture.back_to`, [`Rules::captured_to`]), the pieces that have yet to set out from it.
    #[inline]
    pub fn pieces_at_start(&self, restart: u8) -> u32 {
        if restart == 0 {
            return self.waiting_pieces();
        }
        let seats = &self.progress[..usize::from(self.seats)];
        let at: usize = seats
            .iter()
            .map(|row| {
                row[..usize::from(self.pieces)]
                    .iter()
                    .filter(|&&p| p <= restart)
                    .count()
            })
            .sum();
        at as u32
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
            // Where every piece begins on the board and a captured one goes back onto it
            // (Chaupar, Pachih), no piece ever waits.
            let start = &rules.ruleset().players.start;
            let never_waits = rules.captured_to() > 0 && start.iter().all(|&p| p > 0);
            assert!(
                seen[0] || never_waits,
                "{name}: no position with a piece waiting"
            );
        }
    }
}
