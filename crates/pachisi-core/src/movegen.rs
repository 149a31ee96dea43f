//! Legal move generation and move application.
//!
//! The generator lists each distinct move once: pieces at the same progress and increments of the
//! same value are interchangeable, so only the first of each is offered. [`Move::Pass`] is offered
//! when the rules allow declining, and always when nothing else is legal, so every position in
//! [`Phase::Move`] has at least one legal move.

use crate::moves::Move;
use crate::position::{Phase, Position};
use crate::ruleset::{Entry, Rules, MAX_SEATS};
use crate::PlayError;

/// Squares on the largest board (6 arms x 3 columns x 12 rows).
const MAX_SQUARES: usize = 6 * 3 * 12;

/// Opposing pieces on each square, seen from the seat to move.
struct Opponents {
    count: [u8; MAX_SQUARES],
    /// Whether one opposing seat has two or more pieces on the square (a pair).
    pair: [bool; MAX_SQUARES],
}

impl Opponents {
    fn of(pos: &Position, rules: &Rules, seat: u8) -> Opponents {
        let mut o = Opponents {
            count: [0; MAX_SQUARES],
            pair: [false; MAX_SQUARES],
        };
        let mut mine = [0u8; MAX_SQUARES];
        let team = rules.team_of(seat);
        for t in (0..pos.seats).filter(|&t| rules.team_of(t) != team) {
            let squares = pos
                .pieces_of(t)
                .iter()
                .filter_map(|&p| rules.square_at(t, p));
            for sq in squares.clone() {
                let i = usize::from(sq.0);
                mine[i] += 1;
                o.count[i] += 1;
                o.pair[i] |= mine[i] >= 2;
            }
            for sq in squares {
                mine[usize::from(sq.0)] = 0;
            }
        }
        o
    }
}

impl Position {
    /// The legal moves, written into `out` (cleared first). Empty unless the phase is
    /// [`Phase::Move`]. Reusing `out` keeps generation free of allocation.
    pub fn legal_moves_into(&self, rules: &Rules, out: &mut Vec<Move>) {
        out.clear();
        if self.phase != Phase::Move {
            return;
        }
        let seat = self.to_move;
        let m = &rules.ruleset().moves;
        let opponents = Opponents::of(self, rules, seat);
        let mut distinct = [0u8; crate::position::MAX_POOL];
        let mut progresses = [0u8; crate::ruleset::MAX_PIECES];
        let n_progress = self.distinct_progress(rules, &mut progresses);
        let mut n_values = 0;
        for inc in self.pool.items() {
            if self.can_enter_with(rules, inc.value, inc.plain) {
                let mv = Move::Enter { value: inc.value };
                if !out.contains(&mv) {
                    out.push(mv);
                }
            }
            if distinct[..n_values].contains(&inc.value) {
                continue;
            }
            distinct[n_values] = inc.value;
            n_values += 1;
            let v = inc.value;
            for &from in &progresses[..n_progress] {
                if from == 0 && !self.leaves_freely(rules) {
                    continue;
                }
                // A grace brings a new piece onto the first square, never straight to the square
                // its value would reach (004), even for a first piece that may leave freely; and
                // a 7 or 14 "can not introduce your new pawn" at all (004).
                let flags = rules.flags(v);
                let enters_otherwise = (flags.grace && !inc.plain) || flags.needs_piece_on_board;
                if from == 0 && m.entry == Entry::Grace && enters_otherwise {
                    continue;
                }
                let together = self.pieces_of(seat).iter().filter(|&&p| p == from).count();
                let may_pair = m.pairs && from != 0 && together >= 2;
                let must_pair = may_pair && !rules.castle_at(seat, from);
                let first_steps = if m.split { 1 } else { v };
                for steps in first_steps..=v {
                    if !must_pair {
                        self.push_advances(rules, &opponents, from, v, steps, false, out);
                    }
                    if may_pair && steps / 2 > 0 {
                        self.push_advances(rules, &opponents, from, v, steps, true, out);
                    }
                }
            }
        }
        if out.is_empty() || m.pass {
            out.push(Move::Pass);
        }
    }

    /// The legal moves.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(rules, &mut out);
        out
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        self.legal_moves(rules).contains(&mv)
    }

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
                self.pool.clear();
            }
            Move::Enter { value } => {
                self.take_increment(value, value, true);
                self.set_piece(0, 1, 1);
            }
            Move::Advance {
                from,
                value,
                steps,
                pair,
                ..
            } => {
                self.take_increment(value, steps, false);
                let to = mv.destination(rules).unwrap_or(from);
                let moved = self.set_piece(from, to, if pair { 2 } else { 1 });
                if let Some(piece) = moved {
                    self.capture_at(rules, piece, to);
                }
                if to == rules.home() {
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

    /// Distinct progresses of the mover's pieces that are not home, in increasing order.
    fn distinct_progress(&self, rules: &Rules, out: &mut [u8]) -> usize {
        let mut n = 0;
        for &p in self.pieces_of(self.to_move) {
            if p != rules.home() && !out[..n].contains(&p) {
                out[n] = p;
                n += 1;
            }
        }
        out[..n].sort_unstable();
        n
    }

    fn leaves_freely(&self, rules: &Rules) -> bool {
        let m = &rules.ruleset().moves;
        m.entry == Entry::Free || (m.first_piece_free && self.entered & (1 << self.to_move) == 0)
    }

    fn can_enter_with(&self, rules: &Rules, value: u8, plain: bool) -> bool {
        let flags = rules.flags(value);
        let seat = self.to_move;
        let first = self.entered & (1 << seat) == 0;
        rules.ruleset().moves.entry == Entry::Grace
            && !plain
            && flags.grace
            && (!first || rules.ruleset().throw.first_entry.is_empty() || flags.first_entry)
            && self.pieces_of(seat).contains(&0)
    }

    #[allow(clippy::too_many_arguments)]
    fn push_advances(
        &self,
        rules: &Rules,
        opponents: &Opponents,
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        out: &mut Vec<Move>,
    ) {
        let m = &rules.ruleset().moves;
        let dist = if pair { steps / 2 } else { steps };
        let raw = u16::from(from) + u16::from(dist);
        let home = u16::from(rules.home());
        let reaches_home = raw == home || (raw > home && !m.exact_home);
        let turn_home = u16::from(rules.turn_home());
        let turns_up_lane = u16::from(from) <= turn_home && raw > turn_home;
        // 000 rule 3: a seat that has not captured may not take a piece home. Stopping its pieces
        // at the lane's foot or in the lane, where no capture is possible any more, could trap the
        // seat for ever (003's principle), so they go round again instead of turning up the lane.
        let uncredited =
            rules.ruleset().capture.before_home && self.credits[usize::from(self.to_move)] == 0;
        let must_go_round = uncredited && turns_up_lane;
        // Under exact entry, a piece left nearer the Charkoni than the smallest throw could never
        // get home: that reading would trap the player (document 003's principle), so such a stop
        // is not allowed.
        // A pair moves half a throw, so its smallest move is half the smallest step.
        let min_step = if pair {
            (rules.min_step() / 2).max(1)
        } else {
            rules.min_step()
        };
        let trapped = m.exact_home && raw < home && home - raw < u16::from(min_step);
        let to = if reaches_home {
            Some(rules.home())
        } else {
            u8::try_from(raw).ok().filter(|_| raw < home && !trapped)
        };
        let mut offer = |to: u8, round_again: bool| {
            if self.may_land(rules, opponents, to, pair) {
                out.push(Move::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round_again,
                });
            }
        };
        if let Some(to) = to.filter(|_| !must_go_round) {
            offer(to, false);
        }
        if (m.go_round_again || must_go_round) && turns_up_lane {
            let again = raw - u16::from(rules.topology().track_len());
            // The extra lap ends on the end square at the latest: a move longer than a whole lap
            // (a big throw on a small board) would carry the piece past it again, off its route.
            if let Some(to) = u8::try_from(again).ok().filter(|_| again <= turn_home) {
                offer(to, true);
            }
        }
    }

    /// Whether the mover may end a move at progress `to`: not on a castle held by an opponent,
    /// and (with pairs) not a single piece onto an opposing pair.
    fn may_land(&self, rules: &Rules, opponents: &Opponents, to: u8, pair: bool) -> bool {
        let Some(sq) = rules.square_at(self.to_move, to) else {
            return true;
        };
        let i = usize::from(sq.0);
        if opponents.count[i] == 0 {
            return true;
        }
        if rules.castle_at(self.to_move, to) {
            return false;
        }
        pair || !rules.ruleset().moves.pairs || !opponents.pair[i]
    }

    /// Spends `steps` of an increment of `value` (a grace when `grace`).
    fn take_increment(&mut self, value: u8, steps: u8, grace: bool) {
        let items = self.pool.items();
        // Keep graces for entering: prefer spending a plain increment when moving.
        let index = items
            .iter()
            .position(|i| i.value == value && i.plain != grace)
            .or_else(|| items.iter().position(|i| i.value == value));
        let Some(index) = index else { return };
        if steps < value {
            self.pool.set_value(index, value - steps);
            self.pool.mark_plain(index);
        } else {
            self.pool.remove(index);
        }
    }

    /// Moves up to `count` of the mover's pieces from `from` to `to`; returns the first moved.
    fn set_piece(&mut self, from: u8, to: u8, count: usize) -> Option<u8> {
        let seat = self.to_move;
        let mut first = None;
        let pieces = usize::from(self.pieces);
        let row = &mut self.progress[usize::from(seat)][..pieces];
        for (i, p) in row
            .iter_mut()
            .enumerate()
            .filter(|(_, p)| **p == from)
            .take(count)
        {
            *p = to;
            first.get_or_insert(i as u8);
            // A capture can only be struck out where it was made.
            self.open_capture[usize::from(seat)][i] = 0;
        }
        if from == 0 && first.is_some() {
            self.entered |= 1 << seat;
        }
        first
    }

    /// Sends every opposing piece on the square at `to` back to the Charkoni (castles excepted)
    /// and settles what the capture earns.
    fn capture_at(&mut self, rules: &Rules, piece: u8, to: u8) {
        let seat = self.to_move;
        let Some(sq) = rules.square_at(seat, to) else {
            return;
        };
        if rules.castle_at(seat, to) {
            return;
        }
        let team = rules.team_of(seat);
        let mut victims = None;
        for t in 0..self.seats {
            if rules.team_of(t) == team {
                continue;
            }
            for i in 0..self.pieces {
                let p = self.progress[usize::from(t)][usize::from(i)];
                if rules.square_at(t, p) != Some(sq) {
                    continue;
                }
                self.progress[usize::from(t)][usize::from(i)] = 0;
                victims = Some(rules.team_of(t));
                self.strike_out_capture(rules, t, i);
            }
        }
        let Some(victims) = victims else { return };
        let c = &rules.ruleset().capture;
        if c.before_home {
            let credit = &mut self.credits[usize::from(seat)];
            *credit = credit.saturating_add(1);
        }
        if c.invalidation {
            self.open_capture[usize::from(seat)][usize::from(piece)] = victims + 1;
        }
        if rules.ruleset().turn.extra_throw_on_capture {
            self.throw_again = true;
        }
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

const _: () = assert!(MAX_SEATS <= 8, "seat masks are u8");

#[cfg(test)]
mod tests {
    use super::*;

    fn round_again(from: u8, value: u8) -> Move {
        Move::Advance {
            from,
            value,
            steps: value,
            pair: false,
            round_again: true,
        }
    }

    /// On a board whose lap is shorter than a throw, going round again ends on the end square at
    /// the latest: no move may leave a piece beyond home.
    #[test]
    fn going_round_again_never_runs_off_the_route() {
        let overrides = [
            "board.arms=2",
            "board.arm_length=2",
            "board.outer_castle_row=1",
            "players.seats=[0,1]",
            "players.colours=[\"yellow\",\"green\"]",
            "players.teams=[]",
        ]
        .map(String::from);
        let rules = crate::builtin_rules("humphries-1904", &overrides).expect("valid overrides");
        // A lap of 10 squares: the end square at progress 2 and 12, home at 14.
        assert_eq!((rules.turn_home(), rules.home()), (12, 14));
        let pos = Position::from_notation(&rules, "12,0,0,0/0,0,0,0 Ym 5 entered=Y")
            .expect("valid position");
        assert!(pos.is_legal(&rules, round_again(12, 5)));
        // 12 + 25 - 10 = 27 and 0 + 25 - 10 = 15 would both be beyond home.
        let pos = Position::from_notation(&rules, "12,0,0,0/0,0,0,0 Ym 25 entered=Y")
            .expect("valid position");
        let moves = pos.legal_moves(&rules);
        assert!(!moves.contains(&round_again(12, 25)));
        assert!(!moves.contains(&round_again(0, 25)));
        for mv in moves {
            let mut next = pos;
            next.play(&rules, mv).expect("a legal move");
            assert!(
                next.pieces_of(0).iter().all(|&p| p <= rules.home()),
                "{mv} leads to {}",
                next.to_notation(&rules)
            );
        }
    }
}
