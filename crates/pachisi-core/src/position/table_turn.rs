//! Who takes a turn, and how many throws it holds: the most throws of a turn (`turn.max_throws`,
//! Pachih) and a finished seat throwing for its partner (`turn.partner_throws`, Chaupar), with
//! the table's seat kept apart from the seat whose pieces move.

use super::{next_seat, Position};
use crate::ruleset::Rules;

impl Position {
    /// The seat at the table whose turn it is. It is [`Position::to_move`] except where a seat
    /// whose pieces have all finished throws for its partner (`turn.partner_throws`, Chaupar):
    /// then it is the finished seat, and the partner's pieces move.
    #[inline]
    pub fn thrower(&self) -> u8 {
        self.thrower
    }

    /// The throws made in this turn, where the rules limit them (`turn.max_throws`; 0 where
    /// they do not).
    #[inline]
    pub fn turn_throws(&self) -> u8 {
        self.turn_throws
    }

    /// Counts a throw of the turn, where the rules limit a turn's throws.
    #[inline]
    pub(super) fn count_turn_throw(&mut self, rules: &Rules) {
        if rules.ruleset().turn.max_throws > 0 {
            self.turn_throws = self.turn_throws.saturating_add(1);
        }
    }

    /// Whether the turn may hold another throw: it has not made the most the rules allow.
    #[inline]
    pub(crate) fn may_throw_again(&self, rules: &Rules) -> bool {
        let most = rules.ruleset().turn.max_throws;
        most == 0 || self.turn_throws < most
    }

    /// The seat that takes the turn of `seat` at the table: `seat` itself, or, where it has
    /// finished and throws for its partner, the first seat of its team round the table after it
    /// that has not finished. `None` where the turn is skipped.
    pub(super) fn player_for(&self, rules: &Rules, seat: u8) -> Option<u8> {
        if !self.seat_finished(rules, seat) {
            return Some(seat);
        }
        if !rules.ruleset().turn.partner_throws {
            return None;
        }
        let team = rules.team_of(seat);
        next_seat(self.seats, seat, |s| {
            rules.team_of(s) != team || self.seat_finished(rules, s)
        })
        .filter(|&s| s != seat)
    }

    /// Passes the table's turn on from the seat whose turn it was: the next seat whose turn is
    /// played, and the seat that plays it. `None` where no seat is left to play.
    pub(super) fn next_table_turn(&self, rules: &Rules) -> Option<(u8, u8)> {
        if !rules.ruleset().turn.partner_throws {
            // Every turn is its seat's own: the next seat that has not finished.
            let seat = next_seat(self.seats, self.thrower, |s| self.seat_finished(rules, s))?;
            return Some((seat, seat));
        }
        let thrower = next_seat(self.seats, self.thrower, |s| {
            self.player_for(rules, s).is_none()
        })?;
        Some((thrower, self.player_for(rules, thrower)?))
    }

    /// What a position read from text says of the table's turn fits the rules: a thrower other
    /// than the seat to move is a finished seat whose partner plays for it, and a count of the
    /// turn's throws only where the rules limit them, and below the most.
    pub(crate) fn check_table_turn(&self, rules: &Rules) -> Result<(), String> {
        if self.thrower != self.to_move
            && self.player_for(rules, self.thrower) != Some(self.to_move)
        {
            return Err(format!(
                "`thrower=` names a seat whose turn {} does not play: only a finished seat throws \
                 for its partner, where the rules say so (turn.partner_throws)",
                rules.seat_letter(self.to_move)
            ));
        }
        let most = rules.ruleset().turn.max_throws;
        if self.turn_throws > 0 && (most == 0 || self.turn_throws > most) {
            return Err(format!(
                "`throws={}` needs the rules to limit a turn's throws (turn.max_throws) to at \
                 least that many",
                self.turn_throws
            ));
        }
        Ok(())
    }
}
