//! Quick proofs that a throw can be used whole after a move, without playing anything out: the
//! common case of the demand to use as many increments as possible (003: "A player must use up
//! as many increments as possible"). When the moves listed from a position include, besides the
//! move in question, moves of other pawns that spend what it leaves of the throw (witnesses),
//! and no two of these moves touch a square another of them passes or lands on, then they can be
//! played one after the other, in any order, each as it was listed: the move uses as much of the
//! throw as any sequence can. The pawn just moved may also go on, judged from the squares ahead
//! of it, which the move did not change; and a doublet's 14 divided between two pawns (003, TR)
//! is proved the same way, the rest taken whole by another pawn or the same one going on.
//!
//! A proof only ever says "the whole throw": where none is found, or the rules have moves whose
//! effects reach further than their own squares (see `proofs_apply`), the search of fullest.rs
//! decides, so the moves listed are the same either way.

use super::*;
use crate::ruleset::Bounce;

/// The most candidate moves a proof looks at: a longer list is left to the search.
pub(super) const MAX_LISTED: usize = 64;

/// The most thrown increments a proof covers (two dice, or a doublet with its undersides).
const MAX_THROWN: usize = 4;

/// Candidate moves kept on the stack, for the proofs inside the search (which allocates nothing).
pub(super) struct Listed {
    moves: [Move; MAX_LISTED],
    len: usize,
    /// Whether a move did not fit: then no proof is attempted.
    overflow: bool,
}

impl Listed {
    pub(super) fn new() -> Listed {
        Listed {
            moves: [Move::Pass; MAX_LISTED],
            len: 0,
            overflow: false,
        }
    }

    /// The moves, or `None` if some did not fit.
    pub(super) fn moves(&self) -> Option<&[Move]> {
        (!self.overflow).then(|| &self.moves[..self.len])
    }
}

impl MoveSink for Listed {
    fn contains(&self, mv: &Move) -> bool {
        self.moves[..self.len].contains(mv)
    }

    fn push(&mut self, mv: Move) {
        if self.len < MAX_LISTED {
            self.moves[self.len] = mv;
            self.len += 1;
        } else {
            self.overflow = true;
        }
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What a move touches and what it depends on, in the mover's progress (which the rules of
/// proofs keep in step with squares: [`proofs_apply`]).
#[derive(Clone, Copy, Default)]
struct Footprint {
    /// Where the piece starts (0 for an entry) and where it ends: the move empties one square
    /// (or breaks up a blockade there) and fills the other, capturing there.
    from: u8,
    to: u8,
    /// The last progress the move's listing looks at: `from` plus the whole increment (a move
    /// stopped behind a blockade depends on the blockade beyond it). Who stands from `from` to
    /// here decides whether the move is listed.
    last: u8,
}

impl Footprint {
    /// Whether this move changes something that `other`'s listing depends on.
    #[inline(always)]
    fn disturbs(&self, other: &Footprint) -> bool {
        // `from..=last` is never empty: a progress in it is at most its width past `from`, and
        // one before `from` wraps round to more. No branch: the proofs compare every pair of
        // listed moves, and which pairs meet is anybody's guess.
        let width = other.last.wrapping_sub(other.from);
        (self.from.wrapping_sub(other.from) <= width) | (self.to.wrapping_sub(other.from) <= width)
    }

    /// Whether either move disturbs the other.
    #[inline(always)]
    fn meets(&self, other: &Footprint) -> bool {
        self.disturbs(other) | other.disturbs(self)
    }
}

/// Whether the rules keep every move's effects on its own squares, so that proofs apply: no
/// splits or pairs (the demand to use a throw already excludes them), no captures in passing, no
/// jumps or bounces, no square that must be cleared first, no going round again, no captures
/// owed before home, the goal at home, and no route passing a square twice (so that moves whose
/// progress ranges are apart touch different squares).
fn proofs_apply<M: Mechanics>(rules: &Rules) -> bool {
    let r = rules.ruleset();
    !M::split(r)
        && !M::pairs(r)
        && !M::clear_entry(r)
        && !M::go_round_again(r)
        && M::bounce(r) == Bounce::None
        && !r.capture.overtake
        && !M::before_home(r)
        && !M::goal_in_lane(r)
        && !rules.resolves_landings()
        && !rules.routes_revisit()
}

/// The values of the thrown (non-bonus) increments of a pool, when a proof can cover them.
#[derive(Clone, Copy)]
struct Values {
    values: [u8; MAX_THROWN],
    len: usize,
}

impl Values {
    fn contains(&self, value: u8) -> bool {
        self.first(self.len, value)
    }

    /// Whether one of the first `n` values is `value`.
    fn first(&self, n: usize, value: u8) -> bool {
        // Not `contains`: on bytes it calls memchr, slow for the few values here.
        #[allow(clippy::manual_contains)]
        self.values[..n].iter().any(|&v| v == value)
    }

    /// Takes one increment of `value` out; returns whether there was one.
    fn take(&mut self, value: u8) -> bool {
        let Some(i) = self.values[..self.len].iter().position(|&v| v == value) else {
            return false;
        };
        self.values[i] = self.values[self.len - 1];
        self.len -= 1;
        true
    }
}

/// The largest budget of shares a proof covers: a doublet's 14.
const MAX_BUDGET: usize = 14;

/// The pawns a proof of shares keeps for each number of squares.
const SHARE_PAWNS: usize = 4;

/// What proofs about a doublet's 14 divided between two pawns need ([`Position::share_proofs`]).
pub(super) struct ShareProofs {
    budget: u8,
    /// For each number of squares short of the budget, the progress of up to four pawns that
    /// the listed moves move that far (0: none).
    froms: [[u8; SHARE_PAWNS]; MAX_BUDGET + 1],
}

/// The most moves a proof looks at (one bit each in a [`MoveBits`]): a longer list is left to the
/// search.
const MAX_PROVED: usize = 16;

/// A set of the moves of a list, one bit each.
type MoveBits = u16;

/// What proofs about the moves listed from one position need: which moves disturb which, which
/// may serve as witnesses, and the thrown increments each spends.
pub(super) struct Proofs {
    /// For each listed move, the listed moves it meets (one bit each), itself included; all of
    /// them for a move without a footprint.
    meets: [MoveBits; MAX_PROVED],
    /// The moves that may serve as witnesses: advances of one pawn from the board, ending where
    /// they may end in their own right.
    witnesses: MoveBits,
    /// The value of the increment each listed move spends (the larger die of an entry with two).
    values: [u8; MAX_PROVED],
    /// Each listed move's footprint (any, for a move without one).
    prints: [Footprint; MAX_PROVED],
    /// The moves that spend a thrown increment of their value, and the entries spending two.
    spend_thrown: MoveBits,
    sums: MoveBits,
    /// The moves without a footprint.
    printless: MoveBits,
    /// The thrown increments of the pool.
    thrown: Values,
    /// For each thrown increment, the listed moves that spend one of its value (one bit each).
    of_value: [MoveBits; MAX_THROWN],
    /// Whether a pawn waits to enter.
    waiting: bool,
}

impl Position {
    /// What proofs about `listed`, every candidate move of this position, need; `None` where
    /// they do not apply: rules whose moves reach beyond their own squares (see
    /// [`proofs_apply`]), shares of a divisible 14 (they spend squares, not increments), a pawn
    /// being carried on, more thrown increments than two dice and their undersides, or graces
    /// that may be kept for entering where increments of one value differ (see
    /// [`Position::graces_differ`]).
    pub(super) fn proofs<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        listed: &[Move],
    ) -> Option<Proofs> {
        if self.carrying != 0 || listed.len() > MAX_PROVED || !proofs_apply::<M>(rules) {
            return None;
        }
        let waiting = self.pieces_of(self.to_move).contains(&0);
        if rules.ruleset().moves.grace_only_enters && waiting && self.graces_differ(rules) {
            return None;
        }
        let mut thrown = Values {
            values: [0; MAX_THROWN],
            len: 0,
        };
        for inc in self.pool.items() {
            if inc.share != Share::None {
                return None;
            }
            if !inc.bonus {
                if thrown.len == MAX_THROWN {
                    return None;
                }
                thrown.values[thrown.len] = inc.value;
                thrown.len += 1;
            }
        }
        let n = listed.len();
        let mut proofs = Proofs {
            meets: [0; MAX_PROVED],
            witnesses: 0,
            values: [0; MAX_PROVED],
            prints: [Footprint::default(); MAX_PROVED],
            spend_thrown: 0,
            sums: 0,
            printless: 0,
            thrown,
            of_value: [0; MAX_THROWN],
            waiting,
        };
        let all = if n == MAX_PROVED {
            MoveBits::MAX
        } else {
            (1 << n) - 1
        };
        let mut printless: MoveBits = 0;
        let home = rules.home();
        let carry_on = rules.ruleset().moves.carry_on;
        for (i, &mv) in listed.iter().enumerate() {
            let bit: MoveBits = 1 << i;
            let print = match mv {
                // An entry spends a thrown grace, never a bonus (`can_enter_with`).
                Move::Enter { value } => {
                    proofs.values[i] = value;
                    proofs.spend_thrown |= bit;
                    Footprint {
                        from: 0,
                        to: 1,
                        last: 0,
                    }
                }
                Move::EnterSum { first, .. } => {
                    proofs.values[i] = first;
                    proofs.sums |= bit;
                    Footprint {
                        from: 0,
                        to: 1,
                        last: 0,
                    }
                }
                Move::Advance {
                    from,
                    value,
                    steps,
                    pair: false,
                    round_again: false,
                } => {
                    proofs.values[i] = value;
                    if thrown.contains(value) {
                        proofs.spend_thrown |= bit;
                    }
                    // Without bounces or laps a move ends `steps` on, or home.
                    let to = from.saturating_add(steps).min(home);
                    let to_sq = rules.square_index(self.to_move, to);
                    // 003 (PB): a pawn landing on an opponent's castle is carried on next, and
                    // nothing else moves until it is.
                    let carried = carry_on
                        && to_sq != NO_SQUARE
                        && rules.is_castle_index(to_sq)
                        && occupancy.get().occupied(to_sq);
                    if carried {
                        printless |= bit;
                        continue;
                    }
                    if from != 0 {
                        proofs.witnesses |= bit;
                    }
                    Footprint {
                        from,
                        to,
                        last: from.saturating_add(value),
                    }
                }
                _ => {
                    printless |= bit;
                    continue;
                }
            };
            proofs.prints[i] = print;
        }
        for (k, &v) in thrown.values[..thrown.len].iter().enumerate() {
            for (i, &value) in proofs.values[..n].iter().enumerate() {
                if value == v {
                    proofs.of_value[k] |= 1 << i;
                }
            }
        }
        for i in 0..n {
            if printless & (1 << i) != 0 {
                proofs.meets[i] = all;
                continue;
            }
            proofs.meets[i] |= printless | (1 << i);
            for j in i + 1..n {
                if printless & (1 << j) == 0 && proofs.prints[i].meets(&proofs.prints[j]) {
                    proofs.meets[i] |= 1 << j;
                    proofs.meets[j] |= 1 << i;
                }
            }
        }
        proofs.printless = printless;
        Some(proofs)
    }

    /// Whether the thrown increments of some grace value in the pool are not all alike thrown or
    /// all plain. `grace_kept_for_entry` looks at the first increment of a value: where they are
    /// alike, spending one leaves that as it was, and a pawn entering only lets more moves be
    /// listed, so a move listed here stays listed after others.
    fn graces_differ(&self, rules: &Rules) -> bool {
        let items = self.pool.items();
        items.iter().enumerate().any(|(i, a)| {
            !a.bonus
                && rules.flags(a.value).grace
                && items[i + 1..]
                    .iter()
                    .any(|b| !b.bonus && b.value == a.value && b.plain != a.plain)
        })
    }

    /// Whether the `index`-th of the moves `proofs` was made for leaves a throw that the other
    /// listed moves use up (all of it: the move then uses as many thrown increments as any
    /// sequence can), with, if need be, the moved pawn going on with one more increment.
    pub(super) fn used_up_after<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        proofs: &Proofs,
        index: usize,
    ) -> bool {
        let bit: MoveBits = 1 << index;
        let mut left = proofs.thrown;
        let value = proofs.values[index];
        if proofs.sums & bit != 0 {
            // Both dice of the sum are thrown ones: the sum is all of them or leaves the rest.
            return false;
        }
        if proofs.spend_thrown & bit != 0 && !left.take(value) {
            return false;
        }
        if left.len == 0 {
            return true;
        }
        // 003 (SR v1942 and v1989, TR): while a pawn waits, a position where it can enter lists
        // only entries. The last increment is used either way (an entry spends a thrown one),
        // but a witness listed here might not be listed in between.
        if left.len > 1 && rules.ruleset().moves.must_enter && proofs.waiting {
            return false;
        }
        let allowed = proofs.witnesses & !proofs.meets[index];
        if witnesses(proofs, allowed, &mut left) {
            return true;
        }
        // The pawn just moved going on with some of the values left, one after the other, the
        // others used by witnesses that meet none of its moves.
        if proofs.printless & bit != 0 {
            return false;
        }
        let to = proofs.prints[index].to;
        self.goes_on::<M>(rules, occupancy, proofs, allowed, to, to, left)
    }

    /// Whether the pawn that came to `start` and has gone on to `at` can go on with one of the
    /// values of `left`, and perhaps further, so that witnesses among `allowed` that meet none
    /// of its moves (between `start` and the last square the last one looks at) use the rest.
    #[allow(clippy::too_many_arguments)]
    fn goes_on<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        proofs: &Proofs,
        allowed: MoveBits,
        start: u8,
        at: u8,
        left: Values,
    ) -> bool {
        for (k, &v) in left.values[..left.len].iter().enumerate() {
            if left.first(k, v) {
                continue;
            }
            let Some(next) = self.going_on::<M>(rules, occupancy, at, v) else {
                continue;
            };
            let mut rest = left;
            rest.take(v);
            // Every move of the pawn from `start` on lies within this span.
            let span = Footprint {
                from: start,
                to: next.to,
                last: next.last,
            };
            let mut apart = allowed;
            let mut bits = allowed;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if span.meets(&proofs.prints[j]) {
                    apart &= !(1 << j);
                }
            }
            let mut used = rest;
            if witnesses(proofs, apart, &mut used)
                || (rest.len > 0
                    && self.goes_on::<M>(rules, occupancy, proofs, apart, start, next.to, rest))
            {
                return true;
            }
        }
        false
    }

    /// The first division of a doublet's 14 between two pawns (003, TR: "may optionally be
    /// subdivided in any fashion v1960 between two pawns"), where proofs apply: every share of
    /// the pool is in the budget (none kept for entering, no other thrown increment), and a move
    /// takes any part of it, leaving the rest as one increment that a pawn must take whole. The
    /// budget and, for each number of squares, the pawns of `listed` that move them.
    pub(super) fn share_proofs<M: Mechanics>(
        &self,
        rules: &Rules,
        listed: &[Move],
    ) -> Option<ShareProofs> {
        if rules.ruleset().doubles.fourteen != Fourteen::TwoPawns
            || self.carrying != 0
            || !proofs_apply::<M>(rules)
            || self.pool.items().iter().any(|i| i.share == Share::Rest)
        {
            return None;
        }
        let waiting = self.pieces_of(self.to_move).contains(&0);
        let budget = self.share_budget(rules, waiting);
        if budget != self.pool.thrown_measure() || usize::from(budget) > MAX_BUDGET {
            return None;
        }
        let mut proofs = ShareProofs {
            budget,
            froms: [[0; SHARE_PAWNS]; MAX_BUDGET + 1],
        };
        for &mv in listed {
            if let Move::Advance {
                from,
                value,
                steps,
                pair: false,
                round_again: false,
            } = mv
            {
                if from != 0 && value == budget && steps < budget {
                    // A fifth pawn is not needed: the first four are witnesses enough.
                    if let Some(slot) = proofs.froms[usize::from(steps)]
                        .iter_mut()
                        .find(|f| **f == 0)
                    {
                        *slot = from;
                    }
                }
            }
        }
        Some(proofs)
    }

    /// Whether `mv`, a candidate move of this position, divides the 14 so that the rest can be
    /// taken whole: by another listed move of those squares that meets it nowhere (here the 14
    /// is still whole, and a pawn may take any part of it), or by the same pawn going on. The
    /// move then uses the whole 14, as many squares as any sequence can.
    pub(super) fn shares_used_up_after<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        proofs: &ShareProofs,
        mv: Move,
    ) -> bool {
        let Move::Advance {
            from,
            value,
            steps,
            pair: false,
            round_again: false,
        } = mv
        else {
            return false;
        };
        if value != proofs.budget || steps >= value {
            return false;
        }
        let rest = value - steps;
        let home = rules.home();
        let span = |from: u8, steps: u8| Footprint {
            from,
            to: from.saturating_add(steps).min(home),
            last: from.saturating_add(steps),
        };
        let first = span(from, steps);
        let apart = proofs.froms[usize::from(rest)]
            .iter()
            .any(|&other| other != 0 && !first.meets(&span(other, rest)));
        if apart {
            return true;
        }
        // The rest may not finish a pawn where only the whole 14 may (003, TR).
        self.going_on::<M>(rules, occupancy, first.to, rest)
            .is_some_and(|next| !(rules.ruleset().doubles.finish_from_fourteen && next.to >= home))
    }

    /// The footprint of a pawn that has just come to `from` (entering, or moving from squares
    /// behind) going on with an increment of `value` after that, if the moves that got it there
    /// leave it free to: judged from this position, before those moves. Nothing they changed
    /// lies ahead of `from`, where the pawn goes now: it left squares behind and may have
    /// captured on them or on `from`. Only where no blockade was left earlier in the throw, so that the
    /// pawn cannot be the one a blockade left with may not meet again (003: "A blockade may not
    /// be moved intact"); and never past a blockade, nor stopped behind one.
    fn going_on<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        value: u8,
    ) -> Option<Footprint> {
        let m = &rules.ruleset().moves;
        let home = rules.home();
        if from == 0 || from >= home || self.left_blockade != [0; MAX_PIECES] {
            return None;
        }
        // A grace that must wait to bring a pawn in moves none (003: SR v1975, TR); the pawns
        // waiting now are all that may be waiting then.
        if m.grace_only_enters
            && self.pieces_of(self.to_move).contains(&0)
            && self
                .pool
                .items()
                .iter()
                .any(|i| i.value == value && grace_kept_for_entry(rules, i, true))
        {
            return None;
        }
        let to = reach::<M>(rules.route_end(), from, value, min_step(rules, false))?;
        let raw = u16::from(from) + u16::from(value);
        if m.blockades
            && self
                .first_blockade(rules, occupancy, from, raw.min(u16::from(home)))
                .is_some()
        {
            return None;
        }
        let sq = rules.square_index(self.to_move, to);
        if sq != NO_SQUARE {
            // `landing_stop_on`, for a lone pawn the blockade rule lets move: the mover's pieces
            // on the square and the opponents' stand as they stand here.
            let closed = rules.ruleset().capture.castles == CastleRule::Closed;
            if !m.blockades && !M::pairs(rules.ruleset()) {
                if !self.may_land_alone(rules, to) {
                    return None;
                }
            } else {
                let o = occupancy.get();
                if !o.has_room(sq) || (o.occupied(sq) && rules.is_castle_index(sq) && closed) {
                    return None;
                }
                let pairs = M::pairs(rules.ruleset());
                if o.occupied(sq) && !rules.is_castle_index(sq) && pairs && o.pair(sq) {
                    return None;
                }
            }
            // 003 (PB): landing on an opponent's castle would hand the next move to this pawn.
            if m.carry_on && rules.is_castle_index(sq) && occupancy.get().occupied(sq) {
                return None;
            }
        }
        Some(Footprint {
            from,
            to,
            last: from.saturating_add(value),
        })
    }
}

/// Whether witnesses for every value in `left` can be chosen among the listed moves in
/// `allowed` (one bit each), no two of them meeting.
#[inline(always)]
fn witnesses(proofs: &Proofs, allowed: MoveBits, left: &mut Values) -> bool {
    match left.len {
        0 => true,
        // One value left (most throws are two dice): any allowed move of that value will do.
        1 => {
            let value = left.values[0];
            let thrown = &proofs.thrown;
            (0..thrown.len).any(|k| {
                thrown.values[k] == value && allowed & proofs.of_value[k] != 0 && left.take(value)
            })
        }
        _ => several_witnesses(proofs, allowed, left),
    }
}

/// [`witnesses`] for two values left or more: each allowed move in turn, and the rest by the
/// moves after it that it does not meet.
#[inline(never)]
fn several_witnesses(proofs: &Proofs, mut allowed: MoveBits, left: &mut Values) -> bool {
    while allowed != 0 {
        let i = allowed.trailing_zeros() as usize;
        allowed &= allowed - 1;
        let before = *left;
        if !left.take(proofs.values[i]) {
            continue;
        }
        // Later moves only: the order of the witnesses does not matter.
        if witnesses(proofs, allowed & !proofs.meets[i], left) {
            return true;
        }
        *left = before;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;
    use crate::movegen::tests::random_positions;

    /// Every proof must agree with the search it stands in for: wherever a move is proved to use
    /// the whole throw, playing it out finds that it does. Along random games of each edition
    /// and of house rules that change what a move touches.
    #[test]
    fn every_proof_agrees_with_the_search() {
        let configurations: [(&str, &[&str]); 10] = [
            ("parcheesi-sr", &[]),
            ("parcheesi-pb", &[]),
            ("parcheesi-mb", &[]),
            ("parcheesi-tr", &[]),
            ("parcheesi-sr", &["moves.carry_on=true"]),
            ("parcheesi-sr", &["board.corner_squares=1"]),
            (
                "parcheesi-sr",
                &["moves.must_enter=false", "moves.grace_only_enters=true"],
            ),
            ("parcheesi-mb", &["moves.usage=\"all-or-nothing\""]),
            ("parcheesi-pb", &["moves.stop_behind_blockade=true"]),
            ("parcheesi-tr", &["doubles.finish_from_fourteen=false"]),
        ];
        for (seed, (name, overrides)) in configurations.iter().enumerate() {
            let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
            let rules = builtin_rules(name, &overrides).expect("valid overrides");
            let (mut proved, mut shares_proved) = (0, 0);
            random_positions(&rules, 500 + seed as u64, 30, 3000, |pos| {
                if pos.phase() != Phase::Move {
                    return;
                }
                let occupancy = LazyOccupancy::new(pos, &rules);
                let mut listed = Vec::new();
                pos.candidate_moves::<AnyMechanics>(&rules, &occupancy, &mut listed);
                let available = pos.pool.thrown_measure();
                let searched = |mv: Move| {
                    let mut next = *pos;
                    next.play_unchecked(&rules, mv);
                    pos.thrown_used(&rules, mv) + next.max_use(&rules)
                };
                if let Some(proofs) = pos.proofs::<AnyMechanics>(&rules, &occupancy, &listed) {
                    for (i, &mv) in listed.iter().enumerate() {
                        if pos.used_up_after::<AnyMechanics>(&rules, &occupancy, &proofs, i) {
                            proved += 1;
                            let notation = pos.to_notation(&rules);
                            assert_eq!(searched(mv), available, "{name}: {notation}, {mv}");
                        }
                    }
                }
                if let Some(proofs) = pos.share_proofs::<AnyMechanics>(&rules, &listed) {
                    for &mv in &listed {
                        if pos.shares_used_up_after::<AnyMechanics>(&rules, &occupancy, &proofs, mv)
                        {
                            shares_proved += 1;
                            let notation = pos.to_notation(&rules);
                            assert_eq!(searched(mv), available, "{name}: {notation}, {mv}");
                        }
                    }
                }
            });
            assert!(proved > 1000, "{name} {overrides:?}: only {proved} proofs");
            if *name == "parcheesi-tr" {
                assert!(
                    shares_proved > 100,
                    "{name}: only {shares_proved} proofs of shares"
                );
            }
        }
    }
}
