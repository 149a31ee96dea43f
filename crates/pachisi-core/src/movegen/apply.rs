//! Playing a move: spending its increment, moving the piece or pair, and what follows (captures,
//! a capture struck out, reaching home, bonuses).

use super::*;
use crate::ruleset::TwoOrMore;

impl Position {
    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// When the position is not waiting for a move or the move is not legal; the position is
    /// unchanged.
    pub fn play(&mut self, rules: &Rules, mv: Move) -> Result<(), PlayError> {
        if self.phase != Phase::Move {
            return Err(PlayError::NotMoving);
        }
        if !self.is_legal(rules, mv) {
            return Err(PlayError::Illegal(mv));
        }
        self.play_unchecked(rules, mv);
        Ok(())
    }

    /// Plays a move taken from [`Position::legal_moves`] without checking it again. An illegal
    /// move leaves the position consistent (pieces are neither created nor lost) but not
    /// necessarily one the rules allow.
    pub fn play_unchecked(&mut self, rules: &Rules, mv: Move) {
        match mv {
            Move::Pass => {
                // 001, read as the whole turn: no throw still due is thrown.
                if rules.ruleset().moves.held_castle == HeldCastle::LosesTurn
                    && self
                        .castle_costing_turn(
                            rules,
                            &LazyOccupancy::new(self, rules),
                            &self.candidates(rules),
                        )
                        .is_some()
                {
                    self.throw_again = false;
                }
                self.pool.clear();
            }
            Move::Enter { value } => {
                self.take_increment(rules, value, value, true);
                self.enter_piece(rules);
            }
            Move::EnterSum { first, second } => {
                self.take_increment(rules, first, first, true);
                self.take_increment(rules, second, second, true);
                self.enter_piece(rules);
            }
            Move::Advance {
                from,
                value,
                steps,
                pair,
                ..
            } => {
                self.take_increment(rules, value, steps, false);
                let mut to = mv.destination(rules).unwrap_or(from);
                // Only blockades make it matter which of the pieces at `from` moves.
                let piece = if rules.ruleset().moves.blockades {
                    self.piece_to_move(rules, from, to)
                } else {
                    None
                };
                if rules.ruleset().capture.overtake {
                    self.capture_overtaken(rules, from, to);
                }
                let moved = self.set_piece(rules, piece, from, to, if pair { 2 } else { 1 });
                if rules.ruleset().moves.carry_on {
                    // 003 (PB): a pawn landed on an opponent's castle is carried on next.
                    self.carrying = if self.carrying == 0 && self.opponent_on_castle(rules, to) {
                        to
                    } else {
                        0
                    };
                }
                if let Some(piece) = moved {
                    let bounced = bounced(rules.route_end(), from, mv.distance()).is_some();
                    if rules.resolves_landings() || bounced {
                        to = self.land(rules, piece, to, bounced);
                    } else {
                        self.capture_at(rules, piece, to, false);
                    }
                }
                if to == rules.home() {
                    self.reach_home(rules);
                } else if rules.goal_in_lane() && rules.in_goal(to) && !rules.in_goal(from) {
                    // Turning up the lane finishes the piece: the seat may have finished.
                    self.update_placings(rules);
                }
            }
        }
        if self.phase == Phase::Over {
            return;
        }
        if self.seat_finished(rules, self.to_move) {
            self.pool.clear();
        }
        if self.pool.is_empty() {
            self.end_spending(rules);
        }
    }

    /// Brings a waiting piece onto the first square of its route, capturing there where the rules
    /// let an entering piece capture.
    fn enter_piece(&mut self, rules: &Rules) {
        if let Some(piece) = self.set_piece(rules, None, 0, 1, 1) {
            if rules.resolves_landings() {
                self.land(rules, piece, 1, false);
            } else {
                self.capture_at(rules, piece, 1, rules.ruleset().capture.on_entry);
            }
        }
    }

    /// A piece has just reached home: places, the finish bonus and the extra throw it may earn.
    fn reach_home(&mut self, rules: &Rules) {
        self.update_placings(rules);
        if self.phase == Phase::Over || self.seat_finished(rules, self.to_move) {
            return;
        }
        let bonus = rules.ruleset().finish.bonus;
        if bonus > 0 {
            self.pool.push(Increment::bonus(bonus));
        }
        if rules.ruleset().turn.extra_throw_on_home {
            self.throw_again = self.may_throw_again(rules);
        }
    }

    /// Spends `steps` of an increment of `value` (for a grace when `grace`). What a split leaves
    /// stays in the pool; a move stopped short by a blockade forfeits the rest (003, TR).
    pub(super) fn take_increment(&mut self, rules: &Rules, value: u8, steps: u8, grace: bool) {
        // The shares of a divisible 14 are spent together: what the pawn does not take stays as
        // one rest (003, TR).
        if !grace && self.spends_shares(rules, value) {
            let waiting = self.pieces_of(self.to_move).contains(&0);
            for i in (0..self.pool.items().len()).rev() {
                let inc = self.pool.items()[i];
                if inc.share != Share::None && !grace_kept_for_entry(rules, &inc, waiting) {
                    self.pool.remove(i);
                }
            }
            if steps < value {
                self.pool.push(Increment {
                    value: value - steps,
                    plain: true,
                    bonus: false,
                    share: Share::Rest,
                });
            }
            return;
        }
        let items = self.pool.items();
        // Keep graces for entering: prefer spending a plain increment when moving; and spend a
        // thrown increment before a bonus of the same value (the board ends the same either way,
        // and the bonus, which may be forfeited, stays).
        let index = items
            .iter()
            .position(|i| i.value == value && i.plain != grace && !i.bonus)
            .or_else(|| items.iter().position(|i| i.value == value && !i.bonus))
            .or_else(|| items.iter().position(|i| i.value == value));
        let Some(index) = index else { return };
        if steps < value && rules.ruleset().moves.split {
            self.pool.set_value(index, value - steps);
            self.pool.mark_plain(index);
        } else {
            self.pool.remove(index);
        }
    }

    /// Moves up to `count` of the mover's pieces from `from` to `to`, starting with `piece` when
    /// given; returns the first moved.
    pub(super) fn set_piece(
        &mut self,
        rules: &Rules,
        piece: Option<usize>,
        from: u8,
        to: u8,
        count: usize,
    ) -> Option<u8> {
        let seat = self.to_move;
        let pieces = usize::from(self.pieces);
        if rules.ruleset().moves.blockades && from != 0 {
            self.remember_blockade(from);
        }
        let mut first = None;
        let mut moved = 0;
        let start = piece.unwrap_or(0);
        let m = &rules.ruleset().moves;
        let track_arrivals = m.pairs && m.pair_parts == PairParts::NextTurn;
        for k in 0..pieces {
            if moved == count {
                break;
            }
            // From `start` to the last piece, then round from the first.
            let i = if start + k < pieces {
                start + k
            } else {
                start + k - pieces
            };
            if self.progress[usize::from(seat)][i] != from {
                continue;
            }
            self.progress[usize::from(seat)][i] = to;
            first.get_or_insert(i as u8);
            if track_arrivals {
                self.arrived |= 1 << i;
            }
            moved += 1;
            // A capture can only be struck out where it was made.
            self.open_capture[usize::from(seat)][i] = 0;
        }
        if from == 0 && first.is_some() {
            self.entered |= 1 << seat;
        }
        first
    }

    /// Before a piece leaves `from`: if two of the mover's pieces stand there, both remember the
    /// blockade they formed (see piece_to_move).
    fn remember_blockade(&mut self, from: u8) {
        let seat = usize::from(self.to_move);
        let pieces = usize::from(self.pieces);
        let together = self.progress[seat][..pieces]
            .iter()
            .filter(|&&p| p == from)
            .count();
        if together >= 2 {
            for i in 0..pieces {
                let slot = &mut self.left_blockade[i];
                if self.progress[seat][i] == from && *slot == 0 {
                    *slot = from;
                }
            }
        }
    }

    /// 003's "(nr)" MB reading: a piece passing a lone opponent off the castles captures it.
    fn capture_overtaken(&mut self, rules: &Rules, from: u8, to: u8) {
        let seat = self.to_move;
        let last = to.min(rules.home()).saturating_sub(1);
        // Each square passed is a different square, so a capture on one leaves the count on the
        // next as it was before the move.
        for p in from.saturating_add(1)..=last {
            let sq = rules.square_index(seat, p);
            if sq != NO_SQUARE && self.opposing_on(rules, sq) == 1 {
                // The capture earns what any capture earns; a piece that only passed by leaves no
                // capture open to strike out.
                self.capture_square(rules, p, false);
            }
        }
    }

    /// How many pieces of the mover's opponents stand on the square with index `sq`.
    #[inline(never)]
    /// Whether the mover's progress `to` is a castle where an opponent stands.
    fn opponent_on_castle(&self, rules: &Rules, to: u8) -> bool {
        let sq = rules.square_index(self.to_move, to);
        sq != NO_SQUARE && rules.is_castle_index(sq) && self.opposing_on(rules, sq) > 0
    }

    pub(super) fn opposing_on(&self, rules: &Rules, sq: u8) -> usize {
        rules
            .opponents(self.to_move)
            .iter()
            .map(|&t| {
                let squares = rules.square_row(t);
                self.pieces_of(t)
                    .iter()
                    .filter(|&&p| squares[usize::from(p)] == sq)
                    .count()
            })
            .sum()
    }

    /// Sends every opposing piece on the square at `to` back to the start and settles what the
    /// capture earns. Castles protect, except where `on_castle_too` (an entering piece's capture).
    fn capture_at(&mut self, rules: &Rules, piece: u8, to: u8, on_castle_too: bool) {
        let Some(victims) = self.capture_square(rules, to, on_castle_too) else {
            return;
        };
        if rules.ruleset().capture.invalidation {
            self.open_capture[usize::from(self.to_move)][usize::from(piece)] = victims + 1;
        }
    }

    /// Captures every opposing piece on the mover's square at progress `to`; returns the victims'
    /// team when there were any.
    fn capture_square(&mut self, rules: &Rules, to: u8, on_castle_too: bool) -> Option<u8> {
        let seat = self.to_move;
        let sq = rules.square_index(seat, to);
        if sq == NO_SQUARE || (rules.is_castle_index(sq) && !on_castle_too) {
            return None;
        }
        self.capture_on(rules, sq, None)
    }

    /// Captures the opposing pieces on the square with index `sq` (only those of the seat `only`
    /// where given) and settles what the capture earns; returns the victims' team when there
    /// were any.
    pub(super) fn capture_on(&mut self, rules: &Rules, sq: u8, only: Option<u8>) -> Option<u8> {
        let seat = self.to_move;
        let c = &rules.ruleset().capture;
        let mut victims = None;
        for &t in rules.opponents(seat) {
            if only.is_some_and(|o| o != t) {
                continue;
            }
            let squares = rules.square_row(t);
            // Most moves capture nothing: look before touching anything, at every piece rather
            // than stopping at the first there, as which one stands there is anybody's guess.
            let here = self
                .pieces_of(t)
                .iter()
                .fold(0u8, |n, &p| n + u8::from(squares[usize::from(p)] == sq));
            if here == 0 || (here >= 2 && c.two_or_more == TwoOrMore::Safe) {
                continue;
            }
            for i in 0..self.pieces {
                let p = self.progress[usize::from(t)][usize::from(i)];
                if squares[usize::from(p)] != sq {
                    continue;
                }
                self.progress[usize::from(t)][usize::from(i)] = rules.captured_to();
                victims = Some(rules.team_of(t));
                self.strike_out_capture(rules, t, i);
            }
        }
        let victims = victims?;
        if c.before_home {
            let credit = &mut self.credits[usize::from(seat)];
            *credit = credit.saturating_add(1);
        }
        if c.bonus > 0 {
            self.pool.push(Increment::bonus(c.bonus));
        }
        if rules.ruleset().turn.extra_throw_on_capture {
            self.throw_again = self.may_throw_again(rules);
        }
        Some(victims)
    }

    /// A piece of `owner` that had just captured was itself captured where it stood, by the side
    /// it had captured from: the owner's capture no longer counts (000 rule 5, 004).
    fn strike_out_capture(&mut self, rules: &Rules, owner: u8, piece: u8) {
        let slot = &mut self.open_capture[usize::from(owner)][usize::from(piece)];
        let avenged = *slot == rules.team_of(self.to_move) + 1;
        *slot = 0;
        if avenged {
            let credit = &mut self.credits[usize::from(owner)];
            *credit = credit.saturating_sub(1);
        }
    }
}
