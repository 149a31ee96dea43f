//! Legal move generation and move application.
//!
//! The generator lists each distinct move once: pieces at the same progress and increments of the
//! same value are interchangeable, so only the first of each is offered. [`Move::Pass`] is offered
//! when the rules allow declining, and always when nothing else is legal, so every position in
//! [`Phase::Move`] has at least one legal move.
//!
//! Where a move may end and which throws bring a piece out of the start, it asks the route
//! arithmetic (the crate's `route` module), the same the rules compile their tables for random
//! play from.

use crate::moves::Move;
use crate::position::{Increment, Phase, Position, Share};
use crate::route::mechanics::{AnyMechanics, Build, Mechanics, StraightMoves};
use crate::route::{bounced, can_enter_with, destination, leaves_freely, may_leave_start, reach};
use crate::ruleset::{
    CastleRule, Fourteen, HeldCastle, PairParts, Rules, Usage, MAX_PIECES, MAX_SEATS, NO_SQUARE,
};
use crate::PlayError;
use std::cell::OnceCell;

mod advance;
mod apply;
mod clear_entry;
mod fullest;
mod gate;
mod landing;
mod occupancy;
mod witness;

pub(crate) use occupancy::LazyOccupancy;
use occupancy::{ByteSet, Occupancy};

/// The smallest move a piece (or a pair, which moves half a throw) could make next, as
/// [`destination`] takes it.
#[inline]
pub(crate) fn min_step(rules: &Rules, pair: bool) -> u8 {
    if pair {
        (rules.min_step() / 2).max(1)
    } else {
        rules.min_step()
    }
}

/// Whether `inc` may move no piece because it must wait to bring one in: under
/// `grace_only_enters`, a thrown grace while one of the mover's pieces is `waiting` (003: SR
/// v1975, TR: "a five enters or is forfeited").
#[inline]
pub(crate) fn grace_kept_for_entry(rules: &Rules, inc: &Increment, waiting: bool) -> bool {
    rules.ruleset().moves.grace_only_enters && waiting && rules.flags(inc.value).grace && !inc.plain
}

/// What stops a move from ending on a square ([`Position::landing_stop`]) or closes the entry
/// square ([`Position::entry_stop`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A blockade stands on the entry square.
    Blockade,
    /// The mover has as many pieces there as the stack limit allows.
    Full,
    /// Two pieces that left one blockade during this throw would meet there again.
    Intact,
    /// It is a castle an opponent holds.
    Castle,
    /// An opposing pair stands there, and the move is a single piece's.
    Pair,
}

/// Where move generation puts its moves: the caller's `Vec`, or, inside the search for the
/// fullest use of a throw, a [`BestUse`] that plays each move out as it comes, so that the search
/// keeps no lists and allocates nothing.
pub(crate) trait MoveSink {
    /// Whether `mv` was put here already (entries are offered once per value).
    fn contains(&self, mv: &Move) -> bool;
    /// Takes a move.
    fn push(&mut self, mv: Move);
    /// Takes a move unless it was put here already.
    #[inline]
    fn push_new(&mut self, mv: Move) {
        if !self.contains(&mv) {
            self.push(mv);
        }
    }
    /// Whether no move was put here yet.
    fn is_empty(&self) -> bool;
    /// Whether further moves can make no difference, so generation may stop.
    fn done(&self) -> bool {
        false
    }
}

/// Whether any move was pushed, kept without a list (move generation allocates nothing).
struct AnyMove(bool);

impl MoveSink for AnyMove {
    fn contains(&self, _: &Move) -> bool {
        false
    }

    fn push(&mut self, _: Move) {
        self.0 = true;
    }

    fn is_empty(&self) -> bool {
        !self.0
    }

    fn done(&self) -> bool {
        self.0
    }
}

impl MoveSink for Vec<Move> {
    fn contains(&self, mv: &Move) -> bool {
        self.as_slice().contains(mv)
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }

    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
}

impl Position {
    /// The legal moves, written into `out` (cleared first). Empty unless the phase is
    /// [`Phase::Move`]. Reusing `out` keeps generation free of allocation under every ruleset:
    /// the search for the fullest use of a throw keeps no lists of its own.
    pub fn legal_moves_into(&self, rules: &Rules, out: &mut Vec<Move>) {
        self.legal_moves_and_use(rules, out);
    }

    /// [`Position::legal_moves_into`], returning what the comparison of the moves found out on
    /// its way: the most thrown increments a sequence of moves from here can use
    /// ([`Position::max_use`]), where the rules demand the fullest use and more than one move
    /// was compared; `None` elsewhere.
    pub(crate) fn legal_moves_and_use(&self, rules: &Rules, out: &mut Vec<Move>) -> Option<u8> {
        out.clear();
        if self.phase != Phase::Move {
            return None;
        }
        let occupancy = LazyOccupancy::new(self, rules);
        // Chosen once per list: the generator's build narrowed to the rules' mechanics.
        let most = match rules.build() {
            Build::Straight => self.fullest_moves::<StraightMoves>(rules, &occupancy, out),
            Build::Any => self.fullest_moves::<AnyMechanics>(rules, &occupancy, out),
        };
        // 001, read as the whole turn: a throw that could only end on an opponent's castle
        // costs the turn, and passing is all that is left.
        if rules.ruleset().moves.held_castle == HeldCastle::LosesTurn
            && self.castle_costs_turn(rules, &occupancy, out)
        {
            out.clear();
            out.push(Move::Pass);
            return most;
        }
        // A bonus is taken or forfeited (003), so passing is allowed once no legal move spends a
        // thrown increment. Without bonuses in the pool every move spends one.
        let may_pass = rules.ruleset().moves.pass
            || out.is_empty()
            || (self.pool.items().iter().any(|i| i.bonus)
                && !out.iter().any(|&mv| self.thrown_used(rules, mv) > 0));
        if may_pass {
            out.push(Move::Pass);
        }
        most
    }

    /// The candidate moves, kept to those that use the throw as fully as any can where the
    /// rules demand it: [`Position::legal_moves_into`] before passing is considered. Returns
    /// what [`Position::keep_fullest_use`] returns, where it was asked.
    fn fullest_moves<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        out: &mut Vec<Move>,
    ) -> Option<u8> {
        if rules.plain_moves() {
            self.plain_candidate_moves(rules, occupancy, out);
        } else {
            self.candidate_moves::<M>(rules, occupancy, out);
        }
        if rules.ruleset().moves.usage == Usage::Free {
            return None;
        }
        self.keep_fullest_use::<M>(rules, occupancy, out)
    }

    /// [`Position::candidate_moves`] where the rules keep moves plain ([`Rules::plain_moves`]):
    /// each increment moves one piece its whole value, and only exact throws home, the stack
    /// limit and a castle an opponent holds stop it. The same moves in the same order, from the
    /// same rules ([`Position::may_enter`], [`Position::may_leave_start`], [`destination`],
    /// [`Position::may_land_alone`]), without the machinery the other rules need: this is the hot
    /// path of Pachisi and Ludo.
    fn plain_candidate_moves(&self, rules: &Rules, occupancy: &LazyOccupancy, out: &mut Vec<Move>) {
        let mut progresses = [0u8; MAX_PIECES];
        let n_progress = self.distinct_progress(rules, &mut progresses);
        let progresses = &progresses[..n_progress];
        let waiting = progresses.first() == Some(&0);
        let mut entry_open = None;
        let mut seen_values = ByteSet::default();
        for inc in self.pool.items() {
            let v = inc.value;
            if waiting
                && self.can_enter_with(rules, v, inc.plain)
                && *entry_open.get_or_insert_with(|| self.may_enter(rules, occupancy))
            {
                out.push_new(Move::Enter { value: v });
            }
            if seen_values.insert(v) {
                continue;
            }
            let leaves_start = waiting && self.may_leave_start(rules, inc);
            for &from in progresses {
                if from == 0 && !leaves_start {
                    continue;
                }
                let raw = u16::from(from) + u16::from(v);
                let Some(to) =
                    destination::<AnyMechanics>(rules.route_end(), raw, rules.min_step())
                else {
                    continue;
                };
                if self.may_land_alone(rules, to) {
                    out.push(Move::Advance {
                        from,
                        value: v,
                        steps: v,
                        pair: false,
                        round_again: false,
                    });
                }
            }
        }
    }

    /// [`Position::may_land`] where neither blockades nor pairs are played: only the stack limit
    /// and a castle an opponent holds (unless castles are shared) stop a piece, and one square is
    /// quicker to look at than the whole board.
    #[inline]
    fn may_land_alone(&self, rules: &Rules, to: u8) -> bool {
        let sq = rules.square_index(self.to_move, to);
        if sq == NO_SQUARE {
            return true;
        }
        let limit = rules.ruleset().moves.stack_limit;
        if limit > 0 && self.own_on(rules, sq) >= usize::from(limit) {
            return false;
        }
        !rules.is_castle_index(sq)
            || rules.ruleset().capture.castles != CastleRule::Closed
            || self.opposing_on(rules, sq) == 0
    }

    /// How many of the mover's pieces stand on the square with index `sq`.
    #[inline(never)]
    fn own_on(&self, rules: &Rules, sq: u8) -> usize {
        let squares = rules.square_row(self.to_move);
        self.pieces_of(self.to_move)
            .iter()
            .filter(|&&p| squares[usize::from(p)] == sq)
            .count()
    }

    /// Every move the rules allow one increment at a time, before the demand to use as many
    /// increments as possible is applied; [`Move::Pass`] is not included. `M` must fit the rules
    /// ([`crate::route::mechanics::fits`]).
    pub(crate) fn candidate_moves<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        out: &mut impl MoveSink,
    ) {
        let m = &rules.ruleset().moves;
        let mut progresses = [0u8; MAX_PIECES];
        let n_progress = self.distinct_progress(rules, &mut progresses);
        let progresses = &progresses[..n_progress];
        let waiting = progresses.first() == Some(&0);
        // Whether the entry square takes a piece, worked out once and only when a throw could
        // bring one in.
        let mut entry_open = None;
        let mut may_enter = || *entry_open.get_or_insert_with(|| self.may_enter(rules, occupancy));
        // 003 (PB): a pawn a die has landed on an opponent's castle goes on with another die,
        // and nothing else moves until it has, not even a pawn that must enter.
        if self.carrying != 0 {
            self.push_carries::<M>(rules, occupancy, out);
            return;
        }
        // OpenSpiel's maedn: while a piece waits, one standing on the entry square moves off it
        // first whenever it can; only then may a piece be brought in.
        if M::clear_entry(rules.ruleset()) && waiting && progresses.contains(&1) {
            self.push_entry_clearing::<M>(rules, occupancy, out);
            if !out.is_empty() {
                return;
            }
        }
        // 003 (SR v1942 and v1989, TR): a pawn must be entered whenever one can be. The entries
        // come out in the order the full list would have them in, and if there are any, nothing
        // else is a candidate.
        if m.must_enter && waiting {
            self.push_entries(rules, &mut may_enter, out);
            if !out.is_empty() {
                return;
            }
        }
        let mut seen_values = ByteSet::default();
        for inc in self.pool.items() {
            if out.done() {
                return;
            }
            if waiting && self.can_enter_with(rules, inc.value, inc.plain) && may_enter() {
                out.push_new(Move::Enter { value: inc.value });
            }
            // The shares of a divisible 14 move pawns together, after this loop.
            if inc.share != Share::None || seen_values.insert(inc.value) {
                continue;
            }
            let v = inc.value;
            if grace_kept_for_entry(rules, inc, waiting) {
                continue;
            }
            // Sokkattan: the bonus step brings a waiting piece out where one can come, and only
            // where none can does it move another.
            if waiting && step_enters(rules, inc) {
                let mut can = AnyMove(false);
                self.push_advances::<M>(rules, occupancy, 0, v, v, false, &mut can);
                if can.0 {
                    self.push_advances::<M>(rules, occupancy, 0, v, v, false, out);
                    continue;
                }
            }
            for &from in progresses {
                if out.done() {
                    return;
                }
                if from == 0 && !self.may_leave_start(rules, inc) {
                    continue;
                }
                let (may_pair, must_pair) = self.pairing::<M>(rules, from);
                let first_steps = if M::split(rules.ruleset()) { 1 } else { v };
                for steps in first_steps..=v {
                    if !must_pair {
                        self.push_advances::<M>(rules, occupancy, from, v, steps, false, out);
                    }
                    if may_pair && steps / 2 > 0 {
                        self.push_advances::<M>(rules, occupancy, from, v, steps, true, out);
                    }
                }
            }
        }
        if m.enter_with_sum && waiting && may_enter() {
            self.push_sum_entries(rules, out);
        }
        if self.pool.has_shares() {
            self.push_share_moves::<M>(rules, occupancy, progresses, waiting, out);
        }
    }

    /// The moves of the pawn being carried on from an opponent's castle (003, PB): one per die
    /// left in the throw, each landing where a move may end.
    fn push_carries<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        out: &mut impl MoveSink,
    ) {
        let mut seen_values = ByteSet::default();
        for inc in self.pool.items() {
            if inc.bonus || seen_values.insert(inc.value) {
                continue;
            }
            let v = inc.value;
            self.push_advances::<M>(rules, occupancy, self.carrying, v, v, false, out);
        }
    }

    /// The moves that spend the shares of a divisible 14 (003, TR: "may optionally be subdivided
    /// in any fashion v1960 between two pawns or v1938 among any number of pawns"): any number of
    /// its squares for one pawn, or, where what is left must go to one pawn, all of them. A pawn
    /// finishes with them only from 14 out where `doubles.finish_from_fourteen` says so.
    fn push_share_moves<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        progresses: &[u8],
        waiting: bool,
        out: &mut impl MoveSink,
    ) {
        let budget = self.share_budget(rules, waiting);
        if budget == 0 {
            return;
        }
        let d = &rules.ruleset().doubles;
        let whole = d.fourteen == Fourteen::TwoPawns
            && self.pool.items().iter().any(|i| i.share == Share::Rest);
        let home = u16::from(rules.home());
        for &from in progresses.iter().filter(|&&p| p != 0) {
            let reach = (u16::from(from) + u16::from(budget)).min(home);
            // A blockade ends the pawn's way: it may stop anywhere before it, never beyond.
            let last = match self.first_blockade(rules, occupancy, from, reach) {
                Some(stop) => stop - 1 - from,
                None => budget,
            };
            let first = if whole { budget } else { 1 };
            for steps in first..=last {
                if out.done() {
                    return;
                }
                let finishes = u16::from(from) + u16::from(steps) >= home;
                if finishes && d.finish_from_fourteen && !(budget == 14 && steps == 14) {
                    continue;
                }
                // The blockade was looked for above, over the whole budget.
                self.push_advances_past::<M>(
                    rules, occupancy, from, budget, steps, false, true, out,
                );
            }
        }
    }

    /// The squares of a divisible 14 the mover may spend moving pawns now: every share, except a
    /// top that must wait to bring a pawn in ([`grace_kept_for_entry`]).
    pub(crate) fn share_budget(&self, rules: &Rules, waiting: bool) -> u8 {
        self.pool
            .items()
            .iter()
            .filter(|i| i.share != Share::None && !grace_kept_for_entry(rules, i, waiting))
            .map(|i| i.value)
            .sum()
    }

    /// The entries alone, in the order [`Position::candidate_moves`] lists them: one per grace in
    /// the pool, then those spending two dice.
    fn push_entries(
        &self,
        rules: &Rules,
        may_enter: &mut impl FnMut() -> bool,
        out: &mut impl MoveSink,
    ) {
        for inc in self.pool.items() {
            if self.can_enter_with(rules, inc.value, inc.plain) && may_enter() {
                out.push_new(Move::Enter { value: inc.value });
            }
        }
        if rules.ruleset().moves.enter_with_sum && may_enter() {
            self.push_sum_entries(rules, out);
        }
    }

    /// Entries that spend two separate dice whose sum is a grace (003: "3 and 2").
    pub(crate) fn push_sum_entries(&self, rules: &Rules, out: &mut impl MoveSink) {
        let items = self.pool.items();
        let thrown = |x: &&Increment| !x.plain && !x.bonus;
        for (i, a) in items.iter().enumerate().filter(|(_, a)| thrown(a)) {
            for b in items[i + 1..].iter().filter(thrown) {
                let sum = u16::from(a.value) + u16::from(b.value);
                if !u8::try_from(sum).is_ok_and(|s| rules.flags(s).grace) {
                    continue;
                }
                out.push_new(Move::EnterSum {
                    first: a.value.max(b.value),
                    second: a.value.min(b.value),
                });
            }
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

    /// The distinct progresses of the mover's pieces that are not home, in increasing order;
    /// returns how many there are.
    fn distinct_progress(&self, rules: &Rules, out: &mut [u8; MAX_PIECES]) -> usize {
        // Four pieces (every edition of Parcheesi): sorted by a network of five comparisons and
        // written without a branch, where the set below costs a loop over its words.
        if let &[a, b, c, d] = self.pieces_of(self.to_move) {
            let order = |x: u8, y: u8| (x.min(y), x.max(y));
            let ((a, b), (c, d)) = (order(a, b), order(c, d));
            let ((a, c), (b, d)) = (order(a, c), order(b, d));
            let (b, c) = order(b, c);
            let home = rules.home();
            let mut n = 0;
            // A progress is written, and kept if it is not home and not the one before it (the
            // first never is: `previous` starts as no progress at all).
            let mut previous = None;
            for p in [a, b, c, d] {
                out[n] = p;
                n += usize::from(p != home && previous != Some(p));
                previous = Some(p);
            }
            return n;
        }
        let mut set = ByteSet::default();
        for &p in self.pieces_of(self.to_move) {
            if p != rules.home() {
                set.insert(p);
            }
        }
        set.members_into(out)
    }

    /// Whether the mover's pieces at `from` may move as a pair, and whether they must: two pieces
    /// on a square move only together, half the throw, except on a castle, where they may part
    /// (001).
    #[inline(always)]
    pub(crate) fn pairing<M: Mechanics>(&self, rules: &Rules, from: u8) -> (bool, bool) {
        let m = &rules.ruleset().moves;
        // Most rules have no pairs: nothing to count or look up.
        if !M::pairs(rules.ruleset()) {
            return (false, false);
        }
        let may_pair = from != 0 && self.together(from) >= 2;
        // 001: "move the pieces individually from the consequent turn", where that is the reading.
        let may_part = rules.castle_at(self.to_move, from)
            && !(m.pair_parts == PairParts::NextTurn && self.arrived_at(from));
        (may_pair, may_pair && !may_part)
    }

    /// Whether one of the mover's pieces at `from` moved during this turn.
    fn arrived_at(&self, from: u8) -> bool {
        self.pieces_of(self.to_move)
            .iter()
            .enumerate()
            .any(|(i, &p)| p == from && self.arrived & (1 << i) != 0)
    }

    /// Whether the mover's side has yet to capture where a side must capture before a piece may
    /// go home (000 optional rule 3).
    #[inline]
    pub(crate) fn uncredited<M: Mechanics>(&self, rules: &Rules) -> bool {
        M::before_home(rules.ruleset()) && self.credits[usize::from(self.to_move)] == 0
    }

    /// Whether a move of `value` from `from` that a blockade at `stop` cuts short stops on the
    /// square behind it: only a die, not a bonus, and only where there is such a square (003, TR;
    /// see [`Position::push_advances`]).
    #[inline]
    pub(crate) fn stops_behind(&self, rules: &Rules, from: u8, stop: u8, value: u8) -> bool {
        rules.ruleset().moves.stop_behind_blockade
            && stop > from + 1
            && self.spends_thrown(rules, value)
    }

    /// How many of the mover's pieces stand at progress `from`.
    fn together(&self, from: u8) -> usize {
        self.pieces_of(self.to_move)
            .iter()
            .filter(|&&p| p == from)
            .count()
    }

    /// Whether the mover's pieces leave the start freely (see [`leaves_freely`]).
    pub(crate) fn leaves_freely(&self, rules: &Rules) -> bool {
        leaves_freely(rules.ruleset(), self.first_entry_due())
    }

    /// Whether the seat to move has yet to introduce its first piece.
    #[inline]
    fn first_entry_due(&self) -> bool {
        self.entered & (1 << self.to_move) == 0
    }

    /// Whether `inc` may take a piece out of the start (progress 0) straight to the square its
    /// value reaches: only where pieces leave the start freely ([`Position::leaves_freely`]), and
    /// under grace entry never a grace, which brings a new piece onto the first square instead
    /// (004, even for a first piece that may leave freely), nor a 7 or 14, which "can not
    /// introduce your new pawn" at all (004).
    pub(crate) fn may_leave_start(&self, rules: &Rules, inc: &Increment) -> bool {
        let first = self.first_entry_due();
        step_enters(rules, inc)
            || may_leave_start(rules.ruleset(), first, rules.flags(inc.value), inc.plain)
    }

    /// Whether an increment of `value` (a thrown one unless `plain`) may introduce one of the
    /// mover's pieces (see [`can_enter_with`]).
    pub(crate) fn can_enter_with(&self, rules: &Rules, value: u8, plain: bool) -> bool {
        let first = self.first_entry_due();
        can_enter_with(rules.ruleset(), first, rules.flags(value), plain)
    }
}

/// Whether `inc` is a bonus step that brings a piece out of the start onto the first square
/// (`throw.bonus_step_enters`, Sokkattan). The rules allow it only where the plain increments are
/// exactly the bonus steps (no split throws, dice or doublets).
#[inline]
fn step_enters(rules: &Rules, inc: &Increment) -> bool {
    inc.plain && !inc.bonus && rules.ruleset().throw.bonus_step_enters
}

const _: () = assert!(MAX_SEATS <= 8, "seat masks are u8");

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{builtin_rules, BUILTIN_RULESETS};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Calls `visit` on every position of `games` seeded random games under `rules` (random
    /// throws, a random legal move at each step), up to `max_steps` steps a game.
    pub(crate) fn random_positions(
        rules: &Rules,
        seed: u64,
        games: u64,
        max_steps: usize,
        mut visit: impl FnMut(&Position),
    ) {
        let mut moves = Vec::new();
        for game in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1000).wrapping_add(game));
            let mut pos = Position::new(rules);
            for _ in 0..max_steps {
                visit(&pos);
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => pos
                        .apply_throw(rules, rules.throw_for(rng.gen()))
                        .expect("a throw of the rules"),
                    Phase::Move => {
                        pos.legal_moves_into(rules, &mut moves);
                        let mv = moves[rng.gen_range(0..moves.len())];
                        pos.play(rules, mv).expect("a legal move");
                    }
                }
            }
        }
    }

    /// The built-in rulesets, and variants of them, whose moves take the plain path: house rules
    /// that keep moves plain but change what stops a piece (shared or closed castles, a stack
    /// limit, exact throws home or not, free entry).
    fn plain_rules() -> Vec<(String, Rules)> {
        let variants: [&[&str]; 5] = [
            &[],
            &["capture.castles=\"shared\""],
            &["capture.castles=\"closed\""],
            &["moves.stack_limit=2", "moves.exact_home=true"],
            &["moves.exact_home=false", "moves.entry=\"free\""],
        ];
        let mut out = Vec::new();
        for overrides in variants {
            let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
            let before = out.len();
            for &(name, _) in BUILTIN_RULESETS {
                // Not every ruleset takes every house rule (free entry, say).
                let Ok(rules) = builtin_rules(name, &overrides) else {
                    continue;
                };
                if rules.plain_moves() {
                    out.push((format!("{name} {overrides:?}"), rules));
                }
            }
            assert!(out.len() > before, "no plain ruleset takes {overrides:?}");
        }
        out
    }

    /// `plain_candidate_moves` is a shortcut: wherever the rules take it, it must list exactly
    /// the moves of the general `candidate_moves`, in the same order.
    #[test]
    fn plain_path_lists_the_moves_of_the_general_path() {
        let rulesets = plain_rules();
        let names: Vec<&str> = rulesets.iter().map(|(n, _)| n.as_str()).collect();
        for builtin in ["pachisi []", "ludo []", "herklots-1832 []"] {
            assert!(
                names.contains(&builtin),
                "{builtin} should take the plain path: {names:?}"
            );
        }
        for (seed, (name, rules)) in rulesets.iter().enumerate() {
            let mut compared = 0;
            random_positions(rules, seed as u64, 20, 3000, |pos| {
                if pos.phase() != Phase::Move {
                    return;
                }
                let (mut plain, mut general) = (Vec::new(), Vec::new());
                pos.plain_candidate_moves(rules, &LazyOccupancy::new(pos, rules), &mut plain);
                let occupancy = LazyOccupancy::new(pos, rules);
                pos.candidate_moves::<AnyMechanics>(rules, &occupancy, &mut general);
                assert_eq!(plain, general, "{name}: {}", pos.to_notation(rules));
                compared += 1;
            });
            assert!(
                compared > 1000,
                "{name}: only {compared} positions compared"
            );
        }
    }

    fn round_again(from: u8, value: u8) -> Move {
        Move::Advance {
            from,
            value,
            steps: value,
            pair: false,
            round_again: true,
        }
    }

    /// A move too long for home that bounces back (`moves.bounce`) is allowed, where the plain
    /// path's [`destination`] would refuse it: the rules that bounce are not plain.
    #[test]
    fn bouncing_moves_take_the_general_path() {
        let overrides = ["moves.bounce=\"back-by-excess\"".to_string()];
        let rules = builtin_rules("ludo", &overrides).expect("valid overrides");
        assert!(!rules.plain_moves() && !rules.single_moves());
        let from = rules.home() - 2;
        let text = format!("{from},0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5 entered=R");
        let pos = Position::from_notation(&rules, &text).expect("valid position");
        let bounce = Move::Advance {
            from,
            value: 5,
            steps: 5,
            pair: false,
            round_again: false,
        };
        assert!(pos.is_legal(&rules, bounce));
        assert_eq!(bounce.destination(&rules), Some(rules.home() - 3));
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
