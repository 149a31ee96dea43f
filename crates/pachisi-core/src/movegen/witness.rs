//! Quick proofs that a throw can be used whole after a move, without playing anything out: the
//! common case of the demand to use as many increments as possible (003: "A player must use up
//! as many increments as possible"). When the moves listed from a position include, besides the
//! move in question, moves of other pawns that spend what it leaves of the throw, and no two of
//! these moves touch a square another of them passes or lands on, then they can be played one
//! after the other, in any order, each as it was listed: the move uses as much of the throw as
//! any sequence can. Where no such moves are found, or the rules have moves whose effects reach
//! further than their own squares, the search of `fullest.rs` decides.

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
    fn disturbs(&self, other: &Footprint) -> bool {
        let range = other.from..=other.last;
        range.contains(&self.from) || range.contains(&self.to)
    }

    /// Whether either move disturbs the other.
    fn meets(&self, other: &Footprint) -> bool {
        self.disturbs(other) || other.disturbs(self)
    }
}

/// Whether the rules keep every move's effects on its own squares, so that proofs apply: no
/// splits or pairs (the demand to use a throw already excludes them), no captures in passing, no
/// jumps or bounces, no square that must be cleared first, no going round again, no captures
/// owed before home, the goal at home, and no route passing a square twice (so that moves whose
/// progress ranges are apart touch different squares).
fn proofs_apply(rules: &Rules) -> bool {
    let m = &rules.ruleset().moves;
    let c = &rules.ruleset().capture;
    !m.split
        && !m.pairs
        && !m.clear_entry
        && !m.go_round_again
        && m.bounce == Bounce::None
        && !c.overtake
        && !c.before_home
        && !rules.goal_in_lane()
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

/// What proofs about the moves listed from one position need: which moves disturb which, which
/// may serve as witnesses, and the thrown increments of the pool.
pub(super) struct Proofs {
    /// For each listed move, the listed moves it meets (one bit each), itself included; all of
    /// them for a move without a footprint.
    meets: [u64; MAX_LISTED],
    /// The moves that may serve as witnesses: advances of one pawn from the board, ending where
    /// they may end in their own right.
    witnesses: u64,
    /// The increment each listed move spends.
    values: [u8; MAX_LISTED],
    thrown: Values,
    waiting: bool,
}

impl Position {
    /// What proofs about `listed`, every candidate move of this position, need; `None` where
    /// they do not apply: rules whose moves reach beyond their own squares (see
    /// [`proofs_apply`]), shares of a divisible 14 (they spend squares, not increments), a pawn
    /// being carried on, more thrown increments than two dice and their undersides, or a grace
    /// kept for entering (`grace_kept_for_entry` looks at the first increment of a value, which
    /// spending another of the same value could change).
    pub(super) fn proofs(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        listed: &[Move],
    ) -> Option<Proofs> {
        if self.carrying != 0 || listed.len() > MAX_LISTED || !proofs_apply(rules) {
            return None;
        }
        let waiting = self.pieces_of(self.to_move).contains(&0);
        if rules.ruleset().moves.grace_only_enters && waiting {
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
        let mut prints = [Footprint::default(); MAX_LISTED];
        let mut proofs = Proofs {
            meets: [0; MAX_LISTED],
            witnesses: 0,
            values: [0; MAX_LISTED],
            thrown,
            waiting,
        };
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut printless = 0u64;
        for (i, &mv) in listed.iter().enumerate() {
            proofs.values[i] = match mv {
                Move::Enter { value } | Move::Advance { value, .. } => value,
                _ => 0,
            };
            match self.footprint(rules, occupancy, mv) {
                Some(print) => {
                    prints[i] = print;
                    if matches!(mv, Move::Advance { .. }) && print.from != 0 {
                        proofs.witnesses |= 1 << i;
                    }
                }
                None => printless |= 1 << i,
            }
        }
        for i in 0..n {
            if printless & (1 << i) != 0 {
                proofs.meets[i] = all;
                continue;
            }
            proofs.meets[i] |= printless | (1 << i);
            for j in i + 1..n {
                if printless & (1 << j) == 0 && prints[i].meets(&prints[j]) {
                    proofs.meets[i] |= 1 << j;
                    proofs.meets[j] |= 1 << i;
                }
            }
        }
        Some(proofs)
    }

    /// The footprint of a listed move: an entry, or an advance of one piece ending where it may
    /// end in its own right. `None` for a move landing on an opponent's castle to be carried on
    /// (003 PB), which decides what moves next.
    fn footprint(&self, rules: &Rules, occupancy: &LazyOccupancy, mv: Move) -> Option<Footprint> {
        let seat = self.to_move;
        let (from, value) = match mv {
            Move::Enter { .. } | Move::EnterSum { .. } => (0, 0),
            Move::Advance {
                from,
                value,
                pair: false,
                round_again: false,
                ..
            } => (from, value),
            _ => return None,
        };
        let to = mv.destination(rules)?;
        let to_sq = rules.square_index(seat, to);
        if rules.ruleset().moves.carry_on
            && to_sq != NO_SQUARE
            && rules.is_castle_index(to_sq)
            && occupancy.get().occupied(to_sq)
        {
            return None;
        }
        Some(Footprint {
            from,
            to,
            last: from.checked_add(value)?,
        })
    }

    /// Whether `mv`, the `index`-th of the moves `proofs` was made for, leaves a throw that the
    /// other listed moves use up (all of it: `mv` then uses as many thrown increments as any
    /// sequence can).
    pub(super) fn used_up_after(
        &self,
        rules: &Rules,
        proofs: &Proofs,
        index: usize,
        mv: Move,
    ) -> bool {
        let mut left = proofs.thrown;
        match mv {
            // An entry spends a thrown grace, never a bonus (`can_enter_with`).
            Move::Enter { value } => {
                if !left.take(value) {
                    return false;
                }
            }
            Move::Advance { value, .. } => {
                if self.spends_thrown(rules, value) && !left.take(value) {
                    return false;
                }
            }
            Move::EnterSum { first, second } => {
                if !left.take(first) || !left.take(second) {
                    return false;
                }
            }
            Move::Pass => return false,
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
        witnesses(proofs, proofs.witnesses & !proofs.meets[index], &mut left)
    }
}

/// Whether witnesses for every value in `left` can be chosen among the listed moves in
/// `allowed` (one bit each), no two of them meeting.
fn witnesses(proofs: &Proofs, mut allowed: u64, left: &mut Values) -> bool {
    if left.len == 0 {
        return true;
    }
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
