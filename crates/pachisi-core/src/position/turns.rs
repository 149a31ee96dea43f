//! The end of spending and of turns: throwing again or passing the turn on to the next seat
//! that has not finished, and the placings, settled as teams finish until the game is over.

use super::{Phase, Position};
use crate::ruleset::{Placings, Rules, MAX_PIECES, MAX_SEATS};

impl Position {
    /// The pool is spent (or forfeited): throw again or pass the turn on.
    pub(crate) fn end_spending(&mut self, rules: &Rules) {
        self.pool.clear();
        self.left_blockade = [0; MAX_PIECES];
        self.carrying = 0;
        if self.phase == Phase::Over {
            return;
        }
        if self.throw_again
            && !self.seat_finished(rules, self.to_move)
            && self.may_throw_again(rules)
        {
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

    /// Passes the turn on to the next seat that has not finished (or that throws for a partner
    /// who has not, `turn.partner_throws`), or ends the game where none is left.
    pub(super) fn next_turn(&mut self, rules: &Rules) {
        self.end_first_turn();
        self.throw_again = false;
        self.streak = (0, 0);
        self.arrived = 0;
        self.turn_throws = 0;
        match self.next_table_turn(rules) {
            Some((thrower, seat)) => {
                self.thrower = thrower;
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
            self.turn_throws = 0;
            self.thrower = self.to_move;
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
