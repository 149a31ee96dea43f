//! A seat's first turn (`turn.first_turn_throws`, `turn.extra_throw_in_first_turn`; LUDOpy's
//! first round): which seats have yet to finish their first turn, the throws made in it, and
//! the extra throws they give or withhold.

use super::Position;
use crate::ruleset::Rules;

impl Position {
    /// Whether `seat` is in (or has yet to play) its first turn, where these rules give the first
    /// turn rules of its own.
    #[inline]
    pub fn in_first_turn(&self, seat: u8) -> bool {
        seat < 8 && self.first_turn & (1 << seat) != 0
    }

    /// The throws the seat to move has made in its first turn so far (0 outside it).
    #[inline]
    pub fn first_turn_tries(&self) -> u8 {
        self.tries
    }

    /// Counts a throw of the seat to move when it is in its first turn.
    #[inline]
    pub(super) fn count_first_turn_throw(&mut self) {
        if self.in_first_turn(self.to_move) {
            self.tries = self.tries.saturating_add(1);
        }
    }

    /// Whether a value of `throw.extra_throw` earns its throw now: not in the first turn where
    /// `turn.extra_throw_in_first_turn` is off (LUDOpy: `if self.round != 1 and
    /// self.current_dice == 6`).
    #[inline]
    pub(super) fn extra_throw_counts(&self, rules: &Rules) -> bool {
        rules.ruleset().turn.extra_throw_in_first_turn || !self.in_first_turn(self.to_move)
    }

    /// Whether the seat to move throws again because its first turn's throws have left every
    /// piece waiting and it has throws left (LUDOpy: `all(p_piece == 0 ...)` and
    /// `current_start_attempts < 3`, which gives four throws).
    #[inline]
    pub(super) fn first_turn_retry(&self, rules: &Rules) -> bool {
        self.in_first_turn(self.to_move)
            && self.tries < rules.ruleset().turn.first_turn_throws
            && self.pieces_of(self.to_move).iter().all(|&p| p == 0)
    }

    /// The turn of the seat to move ends: so does its first turn.
    #[inline]
    pub(super) fn end_first_turn(&mut self) {
        if self.first_turn != 0 {
            self.first_turn &= !(1 << self.to_move);
        }
        self.tries = 0;
    }

    /// The first turn's throws are counted only for the mover, in its first turn (the check
    /// every position read from notation passes).
    pub(crate) fn check_first_turn(&self) -> Result<(), String> {
        if self.tries != 0 && !self.in_first_turn(self.to_move) {
            return Err(format!(
                "`tries={}` needs the seat to move in its first turn (`first=`)",
                self.tries
            ));
        }
        Ok(())
    }
}
