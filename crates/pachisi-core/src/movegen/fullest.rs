//! The demand to use a throw as fully as possible (003: "A player must use up as many increments
//! as possible", the player choosing which): the score of each move, the count of thrown
//! increments it spends, and the search over the sequences of moves for the most any can use.
//! Most moves are shown to use the whole throw by the other moves listed (witness.rs), so that
//! only the rest are played out; the search keeps its lists on the stack and allocates nothing
//! (except for a 14 divided among any number of pawns, TR v1938, which no built-in ruleset plays).

use super::witness::Listed;
use super::*;
use std::collections::HashMap;
use std::marker::PhantomData;

/// The most thrown increments any sequence beginning with one of the moves pushed so far uses
/// ([`Position::max_use`]), worked out move by move in the order they are generated, by the
/// generator's build `M`.
struct BestUse<'a, M> {
    pos: &'a Position,
    rules: &'a Rules,
    /// `pos`'s occupancy, which the positions after its moves often share most of.
    occupancy: &'a LazyOccupancy<'a>,
    /// The thrown increments in the pool: no sequence uses more, so reaching it ends the search.
    available: u8,
    /// Whether the pool holds shares of a divisible 14.
    shares: bool,
    best: u8,
    pushed: usize,
    build: PhantomData<M>,
}

impl<M: Mechanics> MoveSink for BestUse<'_, M> {
    /// A repeated entry scores what it scored the first time, so it needs no check.
    fn contains(&self, _: &Move) -> bool {
        false
    }

    fn push(&mut self, mv: Move) {
        self.pushed += 1;
        if !self.done() {
            let score = self.pos.use_after::<M>(
                self.rules,
                mv,
                self.occupancy.built(),
                self.available,
                self.shares,
            );
            self.best = self.best.max(score);
        }
    }

    fn is_empty(&self) -> bool {
        self.pushed == 0
    }

    fn done(&self) -> bool {
        self.best >= self.available
    }
}

impl Position {
    /// Keeps the moves that begin a sequence using as many thrown increments as any sequence can
    /// (003: "A player must use up as many increments as possible", the player choosing which).
    /// Bonuses are optional: they count for nothing, but a bonus move may not spoil the dice.
    /// Returns the most thrown increments the kept moves use ([`Position::max_use`]), except
    /// where one move or none was listed: then nothing is compared, and `None` is returned.
    pub(super) fn keep_fullest_use<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        out: &mut Vec<Move>,
    ) -> Option<u8> {
        // A lone move needs no comparison: it stays legal, and a pass is added after if it spends
        // no die.
        if out.len() <= 1 {
            return None;
        }
        // Most moves are shown to use the whole throw by the other moves listed (witness.rs);
        // the others are played out. With one thrown increment and no bonus, every move spends
        // it, and nothing needs proving.
        let available = self.pool.thrown_measure();
        let shares = self.pool.has_shares();
        let bonus = self.pool.items().iter().any(|i| i.bonus);
        // One thrown increment, whole (no shares, no splits), and nothing else: every move spends
        // it, which is all there is to use, so every move is kept.
        if available == 1 && !shares && !bonus && !M::split(rules.ruleset()) {
            return Some(1);
        }
        let proofs = (!shares && (available > 1 || bonus))
            .then(|| self.proofs::<M>(rules, occupancy, out))
            .flatten();
        let share_proofs = shares.then(|| self.share_proofs::<M>(rules, out)).flatten();
        // One pass, in place: `out[..kept]` holds the moves seen so far that reach `best`, in
        // their order; a better move starts the list again. The proofs were made before
        // anything moved.
        let mut best = 0;
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let proved = match (&proofs, &share_proofs) {
                (Some(p), _) => self.used_up_after::<M>(rules, occupancy, p, i),
                (_, Some(p)) => self.shares_used_up_after::<M>(rules, occupancy, p, mv),
                _ => false,
            };
            let score = if proved {
                available
            } else {
                self.use_after::<M>(rules, mv, occupancy.built(), available, shares)
            };
            if score > best {
                best = score;
                kept = 0;
            }
            if score == best {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
        Some(best)
    }

    /// The most thrown increments (bonuses not counted) that some sequence of moves from here
    /// can use before the pool is spent.
    pub(crate) fn max_use(&self, rules: &Rules) -> u8 {
        match rules.build() {
            Build::Straight => self.max_use_known::<StraightMoves>(rules, None),
            Build::Any => self.max_use_known::<AnyMechanics>(rules, None),
        }
    }

    /// [`Position::max_use`], given this position's occupancy when it is already known.
    pub(super) fn max_use_known<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: Option<Occupancy>,
    ) -> u8 {
        let available = self.pool.thrown_measure();
        if self.phase != Phase::Move || available == 0 {
            return 0;
        }
        // Shares divisible among any number of pawns make many orders of the same moves: the
        // search remembers the positions it has scored.
        if rules.ruleset().doubles.fourteen == Fourteen::AnyPawns && self.pool.has_shares() {
            return self.max_use_remembered(rules, &mut HashMap::new());
        }
        let occupancy = LazyOccupancy::known(self, rules, occupancy);
        // With more than one thrown increment to use, a move the other listed moves prove to
        // use them all (witness.rs) ends the search before anything is played out; failing
        // that, the listed moves are played out one by one.
        if available > 1 && !self.pool.has_shares() {
            let mut listed = Listed::new();
            self.candidate_moves::<M>(rules, &occupancy, &mut listed);
            if let Some(moves) = listed.moves() {
                if let Some(proofs) = self.proofs::<M>(rules, &occupancy, moves) {
                    let proved = (0..moves.len())
                        .any(|i| self.used_up_after::<M>(rules, &occupancy, &proofs, i));
                    if proved {
                        return available;
                    }
                }
                let mut best = 0;
                for &mv in moves {
                    let used = self.use_after::<M>(rules, mv, occupancy.built(), available, false);
                    best = best.max(used);
                    if best >= available {
                        break;
                    }
                }
                return best;
            }
        }
        let mut search = BestUse {
            pos: self,
            rules,
            occupancy: &occupancy,
            available,
            shares: self.pool.has_shares(),
            best: 0,
            pushed: 0,
            build: PhantomData::<M>,
        };
        self.candidate_moves::<M>(rules, &occupancy, &mut search);
        search.best
    }

    /// The thrown increments `mv` spends, plus the most that can be used after it. `occupancy`
    /// is this position's, when it has been built; `available` is its pool's thrown measure and
    /// `shares` whether the pool holds shares, which the caller works out once for all the
    /// moves it scores.
    fn use_after<M: Mechanics>(
        &self,
        rules: &Rules,
        mv: Move,
        occupancy: Option<&Occupancy>,
        available: u8,
        shares: bool,
    ) -> u8 {
        let used = self.thrown_used_given(rules, mv, shares);
        // Without splits a spent thrown increment leaves the pool, and a move only ever adds
        // bonuses: a move spending the last thrown increments leaves none to use after it, so
        // there is no need to play it out.
        if !M::split(rules.ruleset()) && used == available {
            return used;
        }
        let mut next = *self;
        next.play_unchecked(rules, mv);
        let inherited = occupancy
            .filter(|_| next.opponents_unmoved(self, rules))
            .map(|o| o.after_own_move(&next, rules));
        used + next.max_use_known::<M>(rules, inherited)
    }

    /// Whether the same seat is still to move here as in `before`, with every opposing piece
    /// where it stood then.
    fn opponents_unmoved(&self, before: &Position, rules: &Rules) -> bool {
        self.to_move == before.to_move
            && rules
                .opponents(self.to_move)
                .iter()
                .all(|&t| self.progress[usize::from(t)] == before.progress[usize::from(t)])
    }

    /// How many thrown (non-bonus) increments a move spends.
    #[inline]
    pub(super) fn thrown_used(&self, rules: &Rules, mv: Move) -> u8 {
        self.thrown_used_given(rules, mv, self.pool.has_shares())
    }

    /// [`Position::thrown_used`], `shares` saying whether the pool holds shares of a divisible
    /// 14 (most pools hold none, and then neither a top nor a move spends any).
    #[inline]
    fn thrown_used_given(&self, rules: &Rules, mv: Move, shares: bool) -> u8 {
        match mv {
            Move::Pass => 0,
            Move::EnterSum { .. } => 2,
            // A top of a divisible 14 counts by its squares, as the shares do (003, TR).
            Move::Enter { value } => {
                let share = shares
                    && self
                        .pool
                        .items()
                        .iter()
                        .any(|i| i.value == value && !i.plain && i.share == Share::Part);
                if share {
                    value
                } else {
                    1
                }
            }
            Move::Advance { value, steps, .. } => {
                // `spends_shares`, then `spends_thrown` with the shares ruled out.
                if shares && self.budget_is(rules, value) {
                    steps
                } else {
                    u8::from(self.pool.holds_thrown(value))
                }
            }
        }
    }

    /// Whether spending an increment of `value` spends a thrown one rather than a bonus:
    /// `take_increment` takes a thrown increment (or the shares of a divisible 14) before a bonus
    /// of the same value.
    #[inline]
    pub(super) fn spends_thrown(&self, rules: &Rules, value: u8) -> bool {
        self.spends_shares(rules, value) || self.pool.holds_thrown(value)
    }

    /// Whether a move of `value` spends the shares of a divisible 14 (003, TR): `value` is then
    /// the squares they hold together.
    // Inlined: asked of nearly every move scored, where the pool almost never holds shares.
    #[inline]
    pub(super) fn spends_shares(&self, rules: &Rules, value: u8) -> bool {
        self.pool.has_shares() && self.budget_is(rules, value)
    }

    /// Whether the shares of the pool that may move pawns now hold `value` squares together.
    fn budget_is(&self, rules: &Rules, value: u8) -> bool {
        let waiting = self.pieces_of(self.to_move).contains(&0);
        value == self.share_budget(rules, waiting)
    }

    /// [`Position::max_use`] with the positions already scored kept in `memo` (TR v1938's 14
    /// divided among any number of pawns).
    fn max_use_remembered(&self, rules: &Rules, memo: &mut HashMap<Position, u8>) -> u8 {
        let available = self.pool.thrown_measure();
        if self.phase != Phase::Move || available == 0 {
            return 0;
        }
        if let Some(&known) = memo.get(self) {
            return known;
        }
        let mut best = 0;
        for mv in self.candidates(rules) {
            let mut next = *self;
            next.play_unchecked(rules, mv);
            best = best.max(self.thrown_used(rules, mv) + next.max_use_remembered(rules, memo));
            if best >= available {
                break;
            }
        }
        memo.insert(*self, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::tests::random_positions;
    use crate::{builtin_rules, BUILTIN_RULESETS};

    /// Both builds list the same moves, in the same order, wherever the narrow one fits: along
    /// random games of every ruleset that takes it, and of house rules of the editions that
    /// change which questions are asked (carried pawns, stopping behind a blockade, a throw used
    /// whole or not at all, the 14 finishing a pawn anywhere).
    #[test]
    fn both_builds_list_the_same_moves() {
        let house_rules: [(&str, &[&str]); 4] = [
            ("parcheesi-sr", &["moves.carry_on=true"]),
            ("parcheesi-pb", &["moves.stop_behind_blockade=true"]),
            ("parcheesi-mb", &["moves.usage=\"all-or-nothing\""]),
            ("parcheesi-tr", &["doubles.finish_from_fourteen=false"]),
        ];
        let builtins = BUILTIN_RULESETS.iter().map(|&(name, _)| (name, &[][..]));
        let mut straight = 0;
        for (seed, (name, overrides)) in builtins.chain(house_rules).enumerate() {
            let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
            let rules = builtin_rules(name, &overrides).expect("valid overrides");
            if rules.build() != Build::Straight {
                continue;
            }
            straight += 1;
            let mut compared = 0;
            random_positions(&rules, 900 + seed as u64, 20, 3000, |pos| {
                if pos.phase() != Phase::Move {
                    return;
                }
                let occupancy = LazyOccupancy::new(pos, &rules);
                let (mut narrow, mut any) = (Vec::new(), Vec::new());
                pos.fullest_moves::<StraightMoves>(&rules, &occupancy, &mut narrow);
                pos.fullest_moves::<AnyMechanics>(&rules, &occupancy, &mut any);
                assert_eq!(
                    narrow,
                    any,
                    "{name} {overrides:?}: {}",
                    pos.to_notation(&rules)
                );
                assert_eq!(
                    pos.max_use_known::<StraightMoves>(&rules, None),
                    pos.max_use_known::<AnyMechanics>(&rules, None),
                    "{name} {overrides:?}: {}",
                    pos.to_notation(&rules)
                );
                compared += 1;
            });
            assert!(
                compared > 1000,
                "{name}: only {compared} positions compared"
            );
        }
        assert!(
            straight >= 8,
            "only {straight} rulesets take the narrow build"
        );
    }
}
