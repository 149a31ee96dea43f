//! The reference's throws and turns (docs/rules.md, `[throw]`, `[turn]` and `[doubles]`): opening
//! throws, throws that need a piece on the board, streak groups and the three streak penalties,
//! bonus steps, extra throws, both spending orders; Parcheesi's separate dice (and Chaupar's
//! three), Tayam Sonalu's named pairs (a pair that is a grace or throws again whatever its
//! total, a total of 0 that moves nothing) and one-die doublets (003): throwing again, the
//! undersides and their all-or-nothing penalty, the third doublet void or sending the leader
//! back; a turn's most throws; and how spending and the turn end (with a finished seat's turn
//! played by its partner).

use super::*;

impl RefRules {
    // --- throws ---------------------------------------------------------------------------

    pub(crate) fn throw(&self, s: &mut RefState, t: &RefThrow) {
        assert_eq!(s.phase, RefPhase::Throw, "throwing out of turn");
        // Every throw counts towards the turn's most, a void one too.
        if self.max_throws > 0 {
            s.throws += 1;
        }
        if self.separate || self.doubles {
            return self.throw_dice(s, t);
        }
        let value = t.value;
        let seat = s.to_move;
        if s.first[seat] {
            s.tries += 1;
        }
        // Opening: throws count for nothing until an opening value comes; that one counts.
        let mut void = false;
        if !self.opening.is_empty() && !s.opened[seat] {
            if self.opening.contains(&value) {
                s.opened[seat] = true;
            } else {
                void = true;
            }
        }
        // A 7 or 14 needs a piece on the board, or a grace in the pool that will bring one out.
        let grace_waiting = s
            .pool
            .iter()
            .any(|i| !i.plain && self.grace.contains(&i.value))
            && s.progress[seat].contains(&0);
        if self.needs_board.contains(&value) && !self.on_board(s, seat) && !grace_waiting {
            void = true;
        }
        if void {
            return self.after_throw(s, false);
        }
        if self.streak_rule != StreakPenalty::None {
            let key = self.streak_key(value);
            let run = match s.streak {
                Some((k, n)) if k == key => n + 1,
                _ => 1,
            };
            if run == 3 {
                s.streak = None;
                match self.streak_rule {
                    StreakPenalty::VoidStreak => {
                        // Strike out the two earlier throws of the run, with their bonus steps.
                        let mut throws = 2;
                        while throws > 0 {
                            let Some(inc) = s.pool.pop() else { break };
                            if !inc.plain {
                                throws -= 1;
                            }
                        }
                    }
                    StreakPenalty::CancelTurn => s.pool.clear(),
                    _ => {}
                }
                return self.after_throw(s, false);
            }
            s.streak = Some((key, run));
        }
        // Tayam Sonalu: a throw of 0 and 0 moves nothing; a pair that is no grace though its
        // total is one (2 and 2 beside Sonal) moves but brings nothing in.
        if value == 0 {
            return self.after_throw(s, false);
        }
        let named_grace = self.listed_grace.contains(&value) || self.grace_pairs.contains(&t.name);
        let mut room = if self.grace.contains(&value) && !named_grace {
            self.push(s, Inc::plain(value))
        } else {
            self.push(s, Inc::thrown(value))
        };
        let entered_all = s.progress[seat].iter().all(|&p| p != 0);
        if self.bonus.contains(&value) && (!self.bonus_needs_all || entered_all) {
            room &= self.push(s, Inc::plain(1));
        }
        let extra = (self.extra.contains(&value) || self.extra_pairs.contains(&t.name))
            && self.extra_counts(s);
        self.after_throw(s, extra && room);
    }

    /// A throw of dice under 003's rules: separate dice, and doublets with their bonuses and
    /// penalties (spec: "Throwing with doubles enabled or separate dice").
    pub(crate) fn throw_dice(&self, s: &mut RefState, t: &RefThrow) {
        let seat = s.to_move;
        let doublet = self.doublet(t);
        if doublet && self.third != ThirdDoublet::None {
            let n = s.streak.map_or(0, |(_, n)| n) + 1;
            if n >= 3 {
                // Doubles Penalty #2: no movement, the turn ends; SR also sends the piece closest
                // to home (one in its home stretch included) back to the nest.
                if self.third == ThirdDoublet::SendBack {
                    let leader = (0..self.pieces)
                        .filter(|&i| (1..self.home).contains(&s.progress[seat][i]))
                        .map(|i| (s.progress[seat][i], i))
                        .max();
                    // Two pieces level with each other (a blockade): the engine sends back the
                    // higher-numbered one; the spec does not say, and the choice only shows in
                    // the notation. (Looked up in position.rs.)
                    if let Some((_, i)) = leader {
                        s.progress[seat][i] = 0;
                        s.open[seat][i] = None;
                    }
                }
                s.pool.clear();
                s.again = false;
                return self.end_spending(s);
            }
            s.streak = Some((0, n));
        }
        let undersides = doublet
            && match self.undersides {
                Undersides::Never => false,
                Undersides::AllEntered => !s.progress[seat].contains(&0),
                Undersides::Always => true,
            };
        let first = s.pool.len();
        let mut room = true;
        match &t.dice {
            Some(dice) => {
                // Each die is an increment of its own, two dice or three.
                for &v in dice {
                    room &= self.push(s, Inc::thrown(v));
                }
                if undersides {
                    // 003 grants "14 spaces of movement": the undersides are no dice that came
                    // up, so they move pawns but never enter one (plain increments).
                    for &v in dice {
                        room &= self.push(s, Inc::plain(7 - v));
                    }
                }
            }
            None => {
                // One die: a doublet's top and bottom make one increment of 7 (003), plain as
                // the undersides are.
                let inc = Inc {
                    value: if undersides { 7 } else { t.value },
                    plain: undersides,
                    ..Inc::thrown(t.value)
                };
                room &= self.push(s, inc);
            }
        }
        // TR: the tops and undersides of a doublet are 14 squares to divide (003: "may
        // optionally be subdivided in any fashion"); the tops still enter pawns.
        if undersides && t.dice.is_some() && self.fourteen != Fourteen::Increments {
            for inc in &mut s.pool[first..] {
                inc.share = Share::Part;
            }
        }
        let pushed: u8 = s.pool[first..].iter().map(Inc::measure).sum();
        let forfeit_short =
            self.usage == Usage::AllOrNothing || (undersides && self.undersides_all_or_nothing);
        let counts_use =
            forfeit_short || (doublet && self.doubles_again == DoublesAgain::IfAllUsed);
        let usable = if counts_use {
            let mut m = s.clone();
            m.phase = RefPhase::Move;
            self.max_use(&m)
        } else {
            pushed
        };
        if forfeit_short && usable < pushed {
            s.pool.clear();
        }
        let again = if doublet {
            match self.doubles_again {
                DoublesAgain::Always => true,
                DoublesAgain::IfAllUsed => usable >= pushed,
                DoublesAgain::Never => false,
            }
        } else {
            // Extra-throw values name a die's number only where one die is thrown.
            t.dice.is_none() && self.extra.contains(&t.value)
        };
        self.after_throw(s, again && room);
    }

    pub(crate) fn push(&self, s: &mut RefState, inc: Inc) -> bool {
        if s.pool.len() >= POOL_LIMIT {
            return false;
        }
        s.pool.push(inc);
        true
    }

    pub(crate) fn after_throw(&self, s: &mut RefState, extra: bool) {
        // The turn's last throw earns nothing more, whatever it shows.
        let extra = extra && self.throw_left(s);
        if self.after_throwing {
            if extra && s.pool.len() < POOL_LIMIT {
                s.phase = RefPhase::Throw;
            } else if s.pool.is_empty() {
                self.end_spending(s);
            } else {
                s.phase = RefPhase::Move;
            }
        } else {
            s.again = extra;
            if s.pool.is_empty() {
                self.end_spending(s);
            } else {
                s.phase = RefPhase::Move;
            }
        }
    }

    pub(crate) fn end_spending(&self, s: &mut RefState) {
        s.pool.clear();
        s.left = vec![0; self.pieces];
        s.carrying = 0;
        if s.phase == RefPhase::Over {
            return;
        }
        if s.again && !self.finished(s, s.to_move) && self.throw_left(s) {
            s.again = false;
            s.phase = RefPhase::Throw;
            return;
        }
        if self.retries(s) && self.throw_left(s) {
            s.phase = RefPhase::Throw;
            return;
        }
        s.first[s.to_move] = false;
        s.tries = 0;
        s.throws = 0;
        s.again = false;
        s.streak = None;
        // The turn passes: no piece of the next seat has moved in it yet.
        s.arrived = vec![false; self.pieces];
        // It passes on from the seat whose turn it was at the table, who may have thrown for its
        // partner.
        match self.next_turn(s, s.thrower) {
            Some((thrower, seat)) => {
                s.thrower = thrower;
                s.to_move = seat;
                s.open[seat] = vec![None; self.pieces];
                s.phase = RefPhase::Throw;
            }
            None => s.phase = RefPhase::Over,
        }
    }
}
