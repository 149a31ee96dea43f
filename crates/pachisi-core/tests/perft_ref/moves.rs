//! The reference's list of legal moves (docs/rules.md, `[moves]`): the candidates one increment at
//! a time (entries, advances, splits, pairs and going round again, the entry square cleared
//! first, must-enter), the fullest use of a throw (003, `moves.usage` most and all-or-nothing), a
//! throw that could only end on an opponent's castle costing the turn (001), pairs that part on
//! a castle (001), a doublet's 14 divided between two pawns or among any number (003, TR), and
//! the bonus step that brings a waiting piece out.

use super::*;

impl RefRules {
    // --- moves ----------------------------------------------------------------------------

    /// The legal moves: the candidates, cut down to the fullest use of the throw where the rules
    /// ask for it, and passing where allowed.
    pub(crate) fn moves(&self, s: &RefState) -> BTreeSet<RefMove> {
        let mut set = self.candidates(s);
        if s.phase != RefPhase::Move {
            return set;
        }
        if self.usage != Usage::Free {
            // Legal: the candidates m maximising used(m) + max_use(after m); a bonus move uses
            // nothing but must not lower the achievable total.
            let mut memo = HashMap::new();
            let totals: Vec<(RefMove, u8)> = set
                .iter()
                .map(|&m| {
                    let mut next = s.clone();
                    self.play(&mut next, m);
                    (m, self.used(s, m) + self.max_use_after(s, &next, &mut memo))
                })
                .collect();
            let best = totals.iter().map(|&(_, t)| t).max().unwrap_or(0);
            set = totals
                .into_iter()
                .filter(|&(_, t)| t == best)
                .map(|(m, _)| m)
                .collect();
        }
        // 001, read as the whole turn: a throw that could only end on an opponent's castle
        // leaves nothing but passing.
        if self.held_loses_turn && self.castle_costs_turn(s, &set) {
            return BTreeSet::from([RefMove::Pass]);
        }
        // Passing: where the rules allow it, or when no move spends a thrown increment (bonuses
        // are optional).
        if self.pass || set.iter().all(|&m| self.used(s, m) == 0) {
            set.insert(RefMove::Pass);
        }
        set
    }

    /// Thrown (non-bonus) increments a move spends.
    pub(crate) fn used(&self, s: &RefState, m: RefMove) -> u8 {
        match m {
            RefMove::Pass => 0,
            // A top of a divisible 14 counts its squares, as the other shares do.
            RefMove::Enter(v) => s
                .pool
                .iter()
                .find(|i| i.value == v && !i.plain && !i.bonus)
                .map_or(1, |i| if i.share == Share::Part { v } else { 1 }),
            RefMove::EnterSum(..) => 2,
            RefMove::Advance { value, steps, .. } if self.spends_shares(s, value) => steps,
            RefMove::Advance { value, .. } => {
                u8::from(s.pool.iter().any(|i| i.value == value && !i.bonus))
            }
        }
    }

    /// The most thrown increments a sequence of candidate moves can spend from `s` before the
    /// pool is empty (0 once the throw is over); a share of a divisible 14 counts its squares.
    pub(crate) fn max_use(&self, s: &RefState) -> u8 {
        self.max_use_in(s, &mut HashMap::new())
    }

    /// `max_use`, remembering in `memo` the positions scored where a 14 is divided among any
    /// number of pawns (the same moves in many orders).
    pub(crate) fn max_use_in(&self, s: &RefState, memo: &mut HashMap<RefState, u8>) -> u8 {
        if s.phase != RefPhase::Move {
            return 0;
        }
        let remember =
            self.fourteen == Fourteen::AnyPawns && s.pool.iter().any(|i| i.share != Share::No);
        if let Some(&known) = memo.get(s).filter(|_| remember) {
            return known;
        }
        // No sequence spends more than the thrown increments in the pool: stop once one does.
        let bound: u8 = s.pool.iter().map(Inc::measure).sum();
        let mut best = 0;
        for m in self.candidates(s) {
            let mut next = s.clone();
            self.play(&mut next, m);
            best = best.max(self.used(s, m) + self.max_use_after(s, &next, memo));
            if best >= bound {
                break;
            }
        }
        if remember {
            memo.insert(s.clone(), best);
        }
        best
    }

    /// `max_use` of the position after a move from `before`: nothing once the throw is spent.
    pub(crate) fn max_use_after(
        &self,
        before: &RefState,
        after: &RefState,
        memo: &mut HashMap<RefState, u8>,
    ) -> u8 {
        if after.phase == RefPhase::Move && after.to_move == before.to_move {
            self.max_use_in(after, memo)
        } else {
            0
        }
    }

    /// Under `moves.held_castle = "loses-turn"`: whether a thrown value of the pool that no
    /// candidate spends would have taken one of the mover's pieces (a pair that may not part, half
    /// of it) onto a castle an opponent holds, and nothing else stopped it there.
    pub(crate) fn castle_costs_turn(&self, s: &RefState, candidates: &BTreeSet<RefMove>) -> bool {
        let mine = &s.progress[s.to_move];
        let froms: BTreeSet<u8> = mine.iter().copied().filter(|&p| p != self.home).collect();
        let mut values = BTreeSet::new();
        for inc in s.pool.iter().filter(|i| !i.bonus) {
            let v = inc.value;
            if !values.insert(v) {
                continue;
            }
            let spent = candidates.iter().any(|m| match *m {
                RefMove::Enter(x) => x == v,
                RefMove::EnterSum(a, b) => a == v || b == v,
                RefMove::Advance { value, .. } => value == v,
                RefMove::Pass => false,
            });
            if spent {
                continue;
            }
            for &from in &froms {
                if from == 0 && !self.may_leave_start(s, inc) {
                    continue;
                }
                let (paired, single_ok) = self.pairing(s, from);
                let distance = if paired && !single_ok { v / 2 } else { v };
                if distance == 0 {
                    continue;
                }
                let to = self.destination(u32::from(from) + u32::from(distance));
                if to.is_some_and(|to| self.castle_refuses(s, from, to)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the mover's pieces at `from` form a pair, and whether one of them may move alone:
    /// only off a pair, or on a castle (001) -- where pairs part from the next turn, only if none
    /// of them moved during this turn.
    pub(crate) fn pairing(&self, s: &RefState, from: u8) -> (bool, bool) {
        let seat = s.to_move;
        let mine = &s.progress[seat];
        let together = mine.iter().filter(|&&p| p == from).count();
        let paired = self.pairs && from != 0 && together >= 2;
        let moved_this_turn = (0..self.pieces).any(|i| mine[i] == from && s.arrived[i]);
        let parts = self.is_castle(seat, from) && !(self.parts_next_turn && moved_this_turn);
        (paired, !paired || parts)
    }

    /// The squares of a divisible 14 the mover may spend now: its shares, but a top kept to bring
    /// a pawn in.
    pub(crate) fn share_budget(&self, s: &RefState) -> u8 {
        let waiting = s.progress[s.to_move].contains(&0);
        s.pool
            .iter()
            .filter(|i| i.share != Share::No && !self.kept_for_entry(i, waiting))
            .map(|i| i.value)
            .sum()
    }

    /// Whether an advance of `value` spends the shares of a divisible 14: its value is then
    /// their squares together.
    pub(crate) fn spends_shares(&self, s: &RefState, value: u8) -> bool {
        s.pool.iter().any(|i| i.share != Share::No) && value == self.share_budget(s)
    }

    /// Every move the increments in the pool allow, one increment a move, before the fullest-use
    /// rule and passing.
    pub(crate) fn candidates(&self, s: &RefState) -> BTreeSet<RefMove> {
        let mut set = BTreeSet::new();
        if s.phase != RefPhase::Move {
            return set;
        }
        let seat = s.to_move;
        let mine = &s.progress[seat];
        // 003 (PB): the pawn a die landed on an opponent's castle goes on with another die of
        // the throw before anything else moves; it lands as any move does.
        if s.carrying != 0 {
            for inc in s.pool.iter().filter(|i| !i.bonus) {
                self.advances(s, s.carrying, *inc, inc.value, false, &mut set);
            }
            return set;
        }
        let waiting = mine.contains(&0);
        let can_enter = waiting && self.entry_square_accepts(s);
        for inc in &s.pool {
            let v = inc.value;
            let first_ok =
                s.entered[seat] || self.first_entry.is_empty() || self.first_entry.contains(&v);
            if !self.free_entry && !inc.plain && self.grace.contains(&v) && first_ok && can_enter {
                set.insert(RefMove::Enter(v));
            }
            // 003 (SR v1975, TR): while a piece waits in the nest, a die showing a grace only
            // enters.
            if self.kept_for_entry(inc, waiting) {
                continue;
            }
            // The squares of a divisible 14 move pawns all together, below.
            if inc.share != Share::No {
                continue;
            }
            // A bonus step that must bring a waiting piece out does only that, where one can
            // come out.
            if self.step_enters(inc) {
                let entries = self.step_entries(s, *inc);
                if !entries.is_empty() {
                    set.extend(entries);
                    continue;
                }
            }
            let froms: BTreeSet<u8> = mine.iter().copied().filter(|&p| p != self.home).collect();
            for from in froms {
                // A grace only ever brings a new piece to the lane's first square, and a 7 or 14
                // never brings one out at all.
                if from == 0 && !self.may_leave_start(s, inc) {
                    continue;
                }
                let (paired, single_ok) = self.pairing(s, from);
                let splits = self.split && !inc.bonus;
                let steps_range = if splits { 1..=v } else { v..=v };
                for steps in steps_range {
                    if single_ok {
                        self.advances(s, from, *inc, steps, false, &mut set);
                    }
                    if paired && steps >= 2 {
                        self.advances(s, from, *inc, steps, true, &mut set);
                    }
                }
            }
        }
        // 003: a five "as the sum of the numbers on the two dice such as 3 and 2".
        if self.enter_with_sum && can_enter {
            let thrown: Vec<u8> = s
                .pool
                .iter()
                .filter(|i| !i.plain && !i.bonus)
                .map(|i| i.value)
                .collect();
            for i in 0..thrown.len() {
                for j in i + 1..thrown.len() {
                    let (a, b) = (thrown[i].max(thrown[j]), thrown[i].min(thrown[j]));
                    if self.grace.contains(&(a + b)) {
                        set.insert(RefMove::EnterSum(a, b));
                    }
                }
            }
        }
        if s.pool.iter().any(|i| i.share != Share::No) {
            self.share_moves(s, &mut set);
        }
        // OpenSpiel's maedn: while a piece waits, one on the entry square must move off it, if it
        // can; before a piece must be entered.
        if self.clear_entry
            && mine.contains(&0)
            && set
                .iter()
                .any(|m| matches!(m, RefMove::Advance { from: 1, .. }))
        {
            set.retain(|m| matches!(m, RefMove::Advance { from: 1, .. }));
            return set;
        }
        // 003 (SR v1942, v1989, TR): a piece must be entered whenever one can be.
        if self.must_enter
            && set
                .iter()
                .any(|m| matches!(m, RefMove::Enter(_) | RefMove::EnterSum(..)))
        {
            set.retain(|m| matches!(m, RefMove::Enter(_) | RefMove::EnterSum(..)));
        }
        set
    }

    /// 003 (TR): a doublet's 14 squares "may optionally be subdivided in any fashion v1960 between
    /// two pawns or v1938 among any number of pawns". One pawn takes any number of the squares
    /// (all that is left, when a first pawn has taken some and the 14 goes to two pawns at most),
    /// up to the square behind the first blockade on its way; with `finish_from_fourteen`, only
    /// the whole 14 brings a pawn home ("only from 14 spaces out"). What it leaves is one rest.
    pub(crate) fn share_moves(&self, s: &RefState, set: &mut BTreeSet<RefMove>) {
        let budget = self.share_budget(s);
        if budget == 0 {
            return;
        }
        let whole =
            self.fourteen == Fourteen::TwoPawns && s.pool.iter().any(|i| i.share == Share::Rest);
        let froms: BTreeSet<u8> = s.progress[s.to_move]
            .iter()
            .copied()
            .filter(|&p| p != 0 && p != self.home)
            .collect();
        let home = u32::from(self.home);
        for from in froms {
            let reach = (u32::from(from) + u32::from(budget)).min(home) as u8;
            let last = self
                .first_blockade(s, from, reach)
                .map_or(budget, |b| b - 1 - from);
            let first = if whole { budget } else { 1 };
            for steps in first..=last {
                let target = u32::from(from) + u32::from(steps);
                if self.finish_from_fourteen && target >= home && (budget, steps) != (14, 14) {
                    continue;
                }
                let Some(to) = self.destination(target) else {
                    continue;
                };
                if self.can_land(s, to, false) && self.piece_to_move(s, from, to).is_some() {
                    set.insert(RefMove::Advance {
                        from,
                        value: budget,
                        steps,
                        pair: false,
                        round: false,
                    });
                }
            }
        }
    }
}
