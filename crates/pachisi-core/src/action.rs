//! A dense, stable numbering of the moves a ruleset allows, for learning agents and their masks.
//!
//! [`ActionSpace::new`] numbers every move a ruleset could ever make from 0 to
//! [`ActionSpace::len`]` - 1`, so that a network can have one output per action and mask the
//! illegal ones. The numbering depends only on the rules (never on the position), is the same on
//! every run and machine, and [`ActionSpace::decode`] inverts [`ActionSpace::index`].
//!
//! The blocks, in order:
//!
//! | block | size | move |
//! |---|---|---|
//! | pass | 1 | `-` (index 0) |
//! | enter | `V` | `E<value>`, one per increment value |
//! | enter with a sum | `D(D+1)/2`, or 0 | `E<first>+<second>`, dice numbers `first >= second`, where `moves.enter_with_sum` |
//! | advance | `H·V·S·P·R` | `<from>+<value>[:<steps>][p][o]` |
//!
//! - `V` is the number of increment values ([`ActionSpace::values`]): the values a throw, a die,
//!   an underside, a bonus step or a capture or finish bonus can put in the pool, and, where
//!   throws may be split or a doublet's 14 divided, every value from 1 to the largest;
//! - `D` the number of distinct die numbers (for entering with two dice);
//! - `H` = [`Rules::home`]: a piece moves from progress 0 to `H - 1`;
//! - `S` is the largest value where a throw may be split or a 14 divided (`steps` from 1), else 1
//!   (a move takes its whole value);
//! - `P` is 2 where pairs move together (`moves.pairs`), else 1; `R` 2 where a piece may go round
//!   again (`moves.go_round_again`), else 1.
//!
//! An advance's index is `A + (((from·V + v)·S + s)·P + pair)·R + round`, with `A` the block's
//! first index, `v` the value's position in [`ActionSpace::values`], `s = steps - 1` (0 without
//! splits) and `pair`, `round` 0 or 1. Indices whose `steps` exceed their value decode to
//! nothing; every other index decodes to a move, legal or not in a given position.

use crate::moves::Move;
use crate::ruleset::{Fourteen, Rules, Undersides};

/// The dense numbering of a ruleset's moves (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    values: Vec<u8>,
    /// Position of each value in `values`, `u8::MAX` for none.
    value_slot: [u8; 256],
    dice: Vec<u8>,
    dice_slot: [u8; 256],
    enter_sum: bool,
    froms: u32,
    steps: u32,
    pairs: u32,
    rounds: u32,
}

const NONE: u8 = u8::MAX;

impl ActionSpace {
    /// The numbering of the moves `rules` can make.
    pub fn new(rules: &Rules) -> ActionSpace {
        let r = rules.ruleset();
        let separate = r.throw.separate_dice;
        let doubles = r.doubles.enabled;
        let undersides = (separate || doubles) && r.doubles.undersides != Undersides::Never;
        let mut seen = [false; 256];
        let mut dice_seen = [false; 256];
        for o in rules.outcomes() {
            if separate {
                for &d in o.dice.iter().filter(|&&d| d > 0) {
                    seen[usize::from(d)] = true;
                    dice_seen[usize::from(d)] = true;
                    if undersides && d < 7 {
                        seen[usize::from(7 - d)] = true;
                    }
                }
            } else {
                seen[usize::from(o.value)] = true;
                dice_seen[usize::from(o.value)] = true;
                if undersides && o.doublet {
                    seen[7] = true;
                }
            }
        }
        if !r.throw.bonus_step.is_empty() {
            seen[1] = true;
        }
        seen[usize::from(r.capture.bonus)] = true;
        seen[usize::from(r.finish.bonus)] = true;
        let shares = r.doubles.fourteen != Fourteen::Increments;
        if shares {
            seen[14] = true;
        }
        seen[0] = false;
        let divisible = r.moves.split || shares;
        let largest = (1..=255u8)
            .rev()
            .find(|&v| seen[usize::from(v)])
            .unwrap_or(1);
        if divisible {
            // A split leaves any remainder, and the shares of a 14 add up to any sum.
            for slot in &mut seen[1..=usize::from(largest)] {
                *slot = true;
            }
        }
        let values: Vec<u8> = (1..=255u8).filter(|&v| seen[usize::from(v)]).collect();
        let dice: Vec<u8> = if r.moves.enter_with_sum {
            (1..=255u8).filter(|&v| dice_seen[usize::from(v)]).collect()
        } else {
            Vec::new()
        };
        let slots = |list: &[u8]| {
            let mut slot = [NONE; 256];
            for (i, &v) in list.iter().enumerate() {
                slot[usize::from(v)] = i as u8;
            }
            slot
        };
        ActionSpace {
            value_slot: slots(&values),
            dice_slot: slots(&dice),
            enter_sum: r.moves.enter_with_sum,
            froms: u32::from(rules.home()),
            steps: if divisible { u32::from(largest) } else { 1 },
            pairs: if r.moves.pairs { 2 } else { 1 },
            rounds: if r.moves.go_round_again { 2 } else { 1 },
            values,
            dice,
        }
    }

    /// The number of actions: every index is below it.
    pub fn len(&self) -> u32 {
        self.advance_start()
            + self.froms * self.value_count() * self.steps * self.pairs * self.rounds
    }

    /// Whether there are no actions (never: there is always the pass).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The increment values, in increasing order: the `V` of the numbering.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The die numbers of entries with two dice, in increasing order (empty unless
    /// `moves.enter_with_sum`).
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    fn value_count(&self) -> u32 {
        self.values.len() as u32
    }

    fn sum_count(&self) -> u32 {
        let d = self.dice.len() as u32;
        d * (d + 1) / 2
    }

    /// The first index of the enter-with-a-sum block.
    fn sum_start(&self) -> u32 {
        1 + self.value_count()
    }

    /// The first index of the advance block.
    pub fn advance_start(&self) -> u32 {
        self.sum_start() + self.sum_count()
    }

    /// The index of a move, or `None` for a move these rules can never make (a value no
    /// increment takes, a pair where pieces never pair, a progress beyond the route).
    pub fn index(&self, mv: Move) -> Option<u32> {
        let slot = |table: &[u8; 256], v: u8| {
            let s = table[usize::from(v)];
            (s != NONE).then_some(u32::from(s))
        };
        match mv {
            Move::Pass => Some(0),
            Move::Enter { value } => slot(&self.value_slot, value).map(|v| 1 + v),
            Move::EnterSum { first, second } => {
                if !self.enter_sum || first < second {
                    return None;
                }
                let (a, b) = (
                    slot(&self.dice_slot, first)?,
                    slot(&self.dice_slot, second)?,
                );
                Some(self.sum_start() + a * (a + 1) / 2 + b)
            }
            Move::Advance {
                from,
                value,
                steps,
                pair,
                round_again,
            } => {
                let v = slot(&self.value_slot, value)?;
                let from = u32::from(from);
                let s = if self.steps == 1 {
                    if steps != value {
                        return None;
                    }
                    0
                } else {
                    u32::from(steps).checked_sub(1)?
                };
                let (pair, round) = (u32::from(pair), u32::from(round_again));
                if from >= self.froms
                    || s >= self.steps
                    || steps > value
                    || pair >= self.pairs
                    || round >= self.rounds
                {
                    return None;
                }
                let i = (((from * self.value_count() + v) * self.steps + s) * self.pairs + pair)
                    * self.rounds
                    + round;
                Some(self.advance_start() + i)
            }
        }
    }

    /// The move with this index, or `None` when the index is out of range or names a split
    /// taking more squares than its value.
    pub fn decode(&self, index: u32) -> Option<Move> {
        if index == 0 {
            return Some(Move::Pass);
        }
        if index < self.sum_start() {
            let value = self.values[(index - 1) as usize];
            return Some(Move::Enter { value });
        }
        if index < self.advance_start() {
            let mut k = index - self.sum_start();
            let mut a = 0u32;
            while k > a {
                k -= a + 1;
                a += 1;
            }
            return Some(Move::EnterSum {
                first: self.dice[a as usize],
                second: self.dice[k as usize],
            });
        }
        if index >= self.len() {
            return None;
        }
        let mut i = index - self.advance_start();
        let round = i % self.rounds;
        i /= self.rounds;
        let pair = i % self.pairs;
        i /= self.pairs;
        let s = i % self.steps;
        i /= self.steps;
        let v = i % self.value_count();
        let from = i / self.value_count();
        let value = self.values[v as usize];
        let steps = if self.steps == 1 {
            value
        } else {
            (s + 1) as u8
        };
        if steps > value {
            return None;
        }
        Some(Move::Advance {
            from: from as u8,
            value,
            steps,
            pair: pair == 1,
            round_again: round == 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{builtin_rules, Phase, Position, BUILTIN_RULESETS};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashSet;

    /// Every built-in ruleset, and with the options that widen the numbering.
    fn all_rules() -> Vec<(String, Rules)> {
        let variants: [&[&str]; 5] = [
            &[],
            &["moves.split=true"],
            &["moves.pairs=true", "moves.go_round_again=true"],
            &["doubles.fourteen=\"any-pawns\""],
            &["capture.bonus=20", "finish.bonus=10"],
        ];
        let mut out = Vec::new();
        for overrides in variants {
            let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
            for &(name, _) in BUILTIN_RULESETS {
                if let Ok(rules) = builtin_rules(name, &overrides) {
                    out.push((format!("{name} {overrides:?}"), rules));
                }
            }
        }
        out
    }

    #[test]
    fn every_legal_move_of_random_games_has_an_index_that_decodes_to_it() {
        for (seed, (name, rules)) in all_rules().iter().enumerate() {
            let space = ActionSpace::new(rules);
            let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
            let mut checked = 0;
            for _ in 0..4 {
                let mut pos = Position::new(rules);
                for _ in 0..3000 {
                    match pos.phase() {
                        Phase::Over => break,
                        Phase::Throw => pos
                            .apply_throw(rules, rules.throw_for(rng.gen()))
                            .expect("a throw"),
                        Phase::Move => {
                            let moves = pos.legal_moves(rules);
                            let mut seen = HashSet::new();
                            for &mv in &moves {
                                let i = space.index(mv).unwrap_or_else(|| {
                                    panic!(
                                        "{name}: {mv} has no index in {}",
                                        pos.to_notation(rules)
                                    )
                                });
                                assert!(i < space.len(), "{name}: {mv} -> {i}");
                                assert_eq!(space.decode(i), Some(mv), "{name}: {i}");
                                assert!(seen.insert(i), "{name}: two moves share {i}");
                                checked += 1;
                            }
                            let mv = moves[rng.gen_range(0..moves.len())];
                            pos.play(rules, mv).expect("legal");
                        }
                    }
                }
            }
            assert!(checked > 100, "{name}: only {checked} moves checked");
        }
    }

    #[test]
    fn every_index_decodes_to_a_move_that_indexes_back_to_it() {
        for (name, rules) in all_rules() {
            let space = ActionSpace::new(&rules);
            let mut decoded = 0;
            for i in 0..space.len() {
                if let Some(mv) = space.decode(i) {
                    assert_eq!(space.index(mv), Some(i), "{name}: {mv}");
                    decoded += 1;
                }
            }
            assert!(space.decode(space.len()).is_none());
            assert!(
                decoded > space.len() / 2,
                "{name}: {decoded} of {}",
                space.len()
            );
        }
    }

    #[test]
    fn pachisi_numbers_its_moves_by_progress_then_value() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let space = ActionSpace::new(&rules);
        assert_eq!(space.values(), [2, 3, 4, 5, 6, 10, 25]);
        assert_eq!(space.index(Move::Pass), Some(0));
        assert_eq!(space.index("E25".parse().expect("move")), Some(7));
        assert_eq!(space.advance_start(), 8);
        // from 1, the value 3 (the second value): 8 + 1·7 + 1.
        assert_eq!(space.index("1+3".parse().expect("move")), Some(16));
        assert_eq!(space.len(), 8 + u32::from(rules.home()) * 7);
        // Values no throw of Pachisi gives, and pairs, have no index.
        assert_eq!(space.index("1+7".parse().expect("move")), None);
        assert_eq!(space.index("1+3p".parse().expect("move")), None);
        assert_eq!(space.index("E3+2".parse().expect("move")), None);
        assert_eq!(space.index("200+3".parse().expect("move")), None);
    }

    #[test]
    fn entries_with_two_dice_are_numbered_larger_die_first() {
        let rules = builtin_rules("parcheesi-sr", &[]).expect("builtin");
        let space = ActionSpace::new(&rules);
        assert_eq!(space.dice(), [1, 2, 3, 4, 5, 6]);
        let mut indices = HashSet::new();
        for a in 1..=6u8 {
            for b in 1..=a {
                let mv = Move::EnterSum {
                    first: a,
                    second: b,
                };
                let i = space.index(mv).expect("indexed");
                assert_eq!(space.decode(i), Some(mv));
                indices.insert(i);
            }
        }
        assert_eq!(indices.len(), 21);
        assert_eq!(indices.iter().min(), Some(&space.sum_start()));
        assert_eq!(indices.iter().max(), Some(&(space.advance_start() - 1)));
    }
}
