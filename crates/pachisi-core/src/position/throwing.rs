//! Applying a throw: whether it counts (an opening due, a throw that needs a piece on the board,
//! the third of a streak), what it puts in the pool (the throw with its bonus step, or each die of
//! a Parcheesi throw with the doublets' undersides, bonuses and penalties), and whether the seat
//! throws again, spends, or passes the turn on.

use super::turns::extend_streak;
use super::{Increment, Phase, Position, Share};
use crate::ruleset::{
    DoublesAgain, Fourteen, Rules, Spend, StreakPenalty, ThirdDoublet, Undersides, Usage,
};
use crate::throw::{Outcome, Throw};
use crate::Move;

impl Position {
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
        self.count_turn_throw(rules);
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

    /// Puts a throw that counts into the pool, with the bonus step it may earn, and moves on. A
    /// throw worth nothing (Tayam Sonalu's 0 and 0) puts nothing there; one that is no grace
    /// though its value is one (2 and 2 beside Sonal's 0 and 4) puts a plain increment.
    fn add_throw(&mut self, rules: &Rules, outcome: &Outcome) {
        let mut room = true;
        if outcome.value > 0 {
            let mut inc = Increment::thrown(outcome.value);
            inc.plain = !outcome.grace && rules.flags(outcome.value).grace;
            room = self.pool.push(inc);
        }
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
            // Two dice leave the third slot 0.
            let count = outcome.dice.iter().take_while(|&&d| d > 0).count();
            &outcome.dice[..count]
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
        let extra = extra && self.may_throw_again(rules);
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
}
