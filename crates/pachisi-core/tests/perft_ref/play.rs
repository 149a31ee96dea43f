//! The reference's playing of a move (docs/rules.md, `[capture]` and `[finish]`): the piece or pair
//! moved and the increment spent, captures (on the entry square, by overtaking, with their extra
//! throw and bonus, 003) and capturing before home with invalidation (000), bringing a piece home
//! with its bonus or extra throw, teams and both kinds of placings; and the move-sequence count
//! (perft) over throws and moves.

use super::*;

impl RefRules {
    pub(crate) fn play(&self, s: &mut RefState, mv: RefMove) {
        assert_eq!(s.phase, RefPhase::Move, "moving out of turn");
        let seat = s.to_move;
        match mv {
            RefMove::Pass => {
                // 001, read as the whole turn: no throw still due is thrown either.
                if self.held_loses_turn && self.castle_costs_turn(s, &self.candidates(s)) {
                    s.again = false;
                }
                s.pool.clear();
            }
            RefMove::Enter(_) | RefMove::EnterSum(..) => {
                match mv {
                    RefMove::Enter(v) => self.spend(s, v, v, true),
                    RefMove::EnterSum(a, b) => {
                        self.spend(s, a, a, true);
                        self.spend(s, b, b, true);
                    }
                    _ => unreachable!(),
                }
                let i = s.progress[seat]
                    .iter()
                    .position(|&p| p == 0)
                    .expect("a piece to enter");
                s.progress[seat][i] = 1;
                s.entered[seat] = true;
                if self.pairs && self.parts_next_turn {
                    s.arrived[i] = true;
                }
                if self.landing.resolves() {
                    self.land(s, i, 1);
                } else if self.nest {
                    // 003: "an entering pawn may capture a single opponent's pawn on the safety
                    // space that is also the entrance space".
                    self.capture(s, i, 1, self.capture_on_entry);
                }
            }
            RefMove::Advance {
                from,
                value,
                steps,
                pair,
                round,
            } => {
                let distance = if pair { steps / 2 } else { steps };
                let target = u32::from(from) + u32::from(distance);
                let bounced = self.bounced(from, distance);
                let mut to = if round {
                    (target - u32::from(self.lap)) as u8
                } else if let Some(back) = bounced {
                    back
                } else {
                    target.min(u32::from(self.home)) as u8
                };
                let piece = self.piece_to_move(s, from, to).expect("a piece to move");
                self.spend(s, value, steps, false);
                if self.overtake {
                    // 003 "(nr)" MB: passing a lone opponent off the castles captures it.
                    for p in from + 1..to.min(self.home) {
                        let Some(sq) = self.square(seat, p) else {
                            continue;
                        };
                        if !self.is_castle(seat, p) && self.opponents_on(s, sq) == 1 {
                            self.capture(s, piece, p, false);
                        }
                    }
                }
                let moved = self.lift(s, piece, from, to, if pair { 2 } else { 1 });
                if from == 0 {
                    s.entered[seat] = true;
                }
                if self.carry_on {
                    // 003 (PB): a pawn a die landed on an opponent's castle is carried on next;
                    // the die that carries it ends the carrying.
                    let held = self
                        .square(seat, to)
                        .is_some_and(|sq| self.is_castle(seat, to) && self.opponents_on(s, sq) > 0);
                    s.carrying = if s.carrying == 0 && held { to } else { 0 };
                }
                if bounced.is_some() {
                    // A piece bounced back from home meets nobody.
                } else if self.landing.resolves() {
                    to = self.land(s, moved[0], to);
                } else {
                    self.capture(s, moved[0], to, false);
                }
                if self.goal_lane && self.in_goal(to) {
                    self.place(s);
                }
                if to == self.home {
                    self.place(s);
                    if s.phase != RefPhase::Over && !self.finished(s, seat) {
                        if self.finish_bonus > 0 {
                            self.push(s, Self::bonus_inc(self.finish_bonus));
                        }
                        if self.home_throw {
                            s.again |= self.throw_left(s);
                        }
                    }
                }
            }
        }
        if s.phase == RefPhase::Over {
            return;
        }
        if self.finished(s, seat) {
            s.pool.clear();
        }
        if s.pool.is_empty() {
            self.end_spending(s);
        }
    }

    /// Moves `piece` and, for a pair, the next of the mover's pieces at `from` to `to`; returns
    /// the pieces moved. The pieces of a blockade remember it when one leaves (003).
    pub(crate) fn lift(
        &self,
        s: &mut RefState,
        piece: usize,
        from: u8,
        to: u8,
        count: usize,
    ) -> Vec<usize> {
        let seat = s.to_move;
        let together = s.progress[seat].iter().filter(|&&p| p == from).count();
        if self.blockades && from != 0 && together >= 2 {
            for i in 0..self.pieces {
                if s.progress[seat][i] == from && s.left[i] == 0 {
                    s.left[i] = from;
                }
            }
        }
        let mut moved = vec![piece];
        moved.extend(
            (0..self.pieces)
                .filter(|&i| i != piece && s.progress[seat][i] == from)
                .take(count - 1),
        );
        for &i in &moved {
            s.progress[seat][i] = to;
            // A capture can be struck out only while its piece stands where it made it.
            s.open[seat][i] = None;
            if self.pairs && self.parts_next_turn {
                s.arrived[i] = true;
            }
        }
        moved
    }

    pub(crate) fn bonus_inc(value: u8) -> Inc {
        Inc {
            bonus: true,
            ..Inc::plain(value)
        }
    }

    /// Spends `steps` of an increment worth `value`. Entering needs a grace; moving spends a
    /// plain increment first, keeping graces for entering, and a thrown one before a bonus.
    /// What a split leaves is plain; a move stopped behind a blockade forfeits the rest. The
    /// shares of a divisible 14 go together, what the pawn leaves of them staying as one rest.
    pub(crate) fn spend(&self, s: &mut RefState, value: u8, steps: u8, entering: bool) {
        if !entering && self.spends_shares(s, value) {
            let waiting = s.progress[s.to_move].contains(&0);
            s.pool
                .retain(|i| i.share == Share::No || self.kept_for_entry(i, waiting));
            if steps < value {
                s.pool.push(Inc {
                    share: Share::Rest,
                    ..Inc::plain(value - steps)
                });
            }
            return;
        }
        let i = s
            .pool
            .iter()
            .position(|inc| inc.value == value && inc.plain != entering && !inc.bonus)
            .or_else(|| {
                s.pool
                    .iter()
                    .position(|inc| inc.value == value && !inc.bonus)
            })
            .or_else(|| s.pool.iter().position(|inc| inc.value == value))
            .expect("the increment spent is in the pool");
        if steps < value && self.split {
            s.pool[i] = Inc::plain(value - steps);
        } else {
            s.pool.remove(i);
        }
    }

    /// Captures the opponents on the mover's square at progress `to`: never on a castle unless
    /// `on_castle_too` (an entering piece's capture), never a safe crowd. A captured piece goes
    /// back to the start, or to the square where pieces begin (`capture.back_to`).
    pub(crate) fn capture(&self, s: &mut RefState, piece: usize, to: u8, on_castle_too: bool) {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return;
        };
        if self.is_castle(seat, to) && !on_castle_too {
            return;
        }
        let mut victims = None;
        for t in (0..self.seats).filter(|&t| self.team[t] != self.team[seat]) {
            // Two or more pieces of one seat may be safe: the mover stands beside them.
            if self.safe_crowd(s, t, sq) {
                continue;
            }
            for i in 0..self.pieces {
                let p = s.progress[t][i];
                if self.square(t, p) != Some(sq) {
                    continue;
                }
                s.progress[t][i] = self.back_to;
                victims = Some(self.team[t]);
                // The victim's side took back a capture made by this very piece on this square.
                if s.open[t][i] == Some((p, self.team[seat])) {
                    s.open[t][i] = None;
                    s.credits[t] = s.credits[t].saturating_sub(1);
                }
            }
        }
        let Some(victims) = victims else { return };
        if self.before_home {
            s.credits[seat] = s.credits[seat].saturating_add(1);
        }
        if self.invalidation && s.progress[seat][piece] == to {
            s.open[seat][piece] = Some((to, victims));
        }
        if self.capture_bonus > 0 {
            self.push(s, Self::bonus_inc(self.capture_bonus));
        }
        if self.capture_throw {
            s.again |= self.throw_left(s);
        }
    }

    pub(crate) fn place(&self, s: &mut RefState) {
        for team in 0..self.teams {
            let done = (0..self.seats)
                .filter(|&seat| self.team[seat] == team)
                .all(|seat| self.finished(s, seat));
            if done && !s.placed.contains(&team) {
                s.placed.push(team);
            }
        }
        let unplaced = usize::from(self.teams) - s.placed.len();
        let over = if self.winner_only {
            !s.placed.is_empty()
        } else {
            unplaced <= 1
        };
        if over {
            if unplaced == 1 {
                let last = (0..self.teams)
                    .find(|t| !s.placed.contains(t))
                    .expect("one team left");
                s.placed.push(last);
            }
            s.phase = RefPhase::Over;
            s.pool.clear();
            s.left = vec![0; self.pieces];
            s.arrived = vec![false; self.pieces];
            s.carrying = 0;
            s.streak = None;
            s.again = false;
            // Nobody's turn any more: no throws counted, no seat at the table but the last mover.
            s.throws = 0;
            s.thrower = s.to_move;
        }
    }

    pub(crate) fn perft(&self, s: &RefState, depth: u32) -> u64 {
        match s.phase {
            RefPhase::Over => 1,
            RefPhase::Throw if depth == 0 => 1,
            RefPhase::Throw => self
                .throws
                .iter()
                .map(|t| {
                    let mut next = s.clone();
                    self.throw(&mut next, t);
                    self.perft(&next, depth - 1)
                })
                .sum(),
            RefPhase::Move => self
                .moves(s)
                .into_iter()
                .map(|mv| {
                    let mut next = s.clone();
                    self.play(&mut next, mv);
                    self.perft(&next, depth)
                })
                .sum(),
        }
    }
}
