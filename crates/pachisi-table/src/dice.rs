//! Where a table's throws come from: a seeded generator, or fair throws.
//!
//! Seeded throws ([`TableThrows`]) follow from a number kept with the game: the terminal game and
//! the server's ordinary games. Their derivation is the table's own and never changes, since a
//! stored game is restored by drawing its throws again from its seed; simulations draw theirs
//! from a faster generator of their own (`pachisi_sim::SeededThrows`), free to change. Fair throws (`pachisi_fair::FairDice`) follow
//! from a secret server seed committed to before the game and the players' seeds, so that anyone
//! can check them once the seed is revealed (docs/fair-throws.md).
//!
//! Both are deterministic, which is what undo and restore rely on: undo puts back a copy of the
//! source taken before the move, so a throw taken back falls again the same, and a restored game
//! draws its record's throws again, checking each, and goes on from there.

use pachisi_core::{Rules, Throw, ThrowOff};
use pachisi_fair::FairDice;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The throws of a seeded table game: ChaCha8 seeded with the game's seed, each throw the
/// outcome its next uniform `f64` selects ([`Rules::throw_for`]). Fixed for good: stored games
/// and their records restore by drawing these throws again.
#[derive(Clone, Debug)]
pub struct TableThrows {
    rng: ChaCha8Rng,
}

impl TableThrows {
    /// The throws of the game with seed `seed`.
    pub fn new(seed: u64) -> TableThrows {
        TableThrows {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next throw.
    pub fn next_throw(&mut self, rules: &Rules) -> Throw {
        rules.throw_for(self.rng.gen::<f64>())
    }

    /// Where the generator stands in its stream, in 32-bit words (what a snapshot keeps).
    pub(crate) fn word_pos(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Puts the generator at `word` in its stream ([`TableThrows::word_pos`]).
    pub(crate) fn set_word_pos(&mut self, word: u128) {
        self.rng.set_word_pos(word);
    }
}

/// The throw-off of the table game `seed`, if its rules have one (`turn.first =
/// "highest-throw"`): its throws drawn from a stream of their own
/// ([`pachisi_sim::throw_off_seed`]), so that the game's throws are the seed's whoever begins.
pub fn throw_off(rules: &Rules, seed: u64) -> Option<ThrowOff> {
    let mut throws = TableThrows::new(pachisi_sim::throw_off_seed(seed));
    ThrowOff::if_the_rules_ask(rules, || throws.next_throw(rules))
}

/// A table's throws. Every undo snapshot keeps a copy, so that undo puts back where the throws
/// stand: the seeded generator's state, or the fair dice's count.
#[derive(Clone)]
pub(crate) enum Dice {
    /// From a seed. The throw-off draws from a stream of its own ([`throw_off`]), so `drawn`
    /// counts only the game's throws.
    Seeded { throws: TableThrows, drawn: u64 },
    /// Fair throws, numbered over the whole game: the throw-off's first, then the game's.
    Fair(FairDice),
}

impl Dice {
    pub(crate) fn seeded(seed: u64) -> Dice {
        Dice::Seeded {
            throws: TableThrows::new(seed),
            drawn: 0,
        }
    }

    /// The next throw.
    pub(crate) fn next_throw(&mut self, rules: &Rules) -> Throw {
        match self {
            Dice::Seeded { throws, drawn } => {
                *drawn += 1;
                throws.next_throw(rules)
            }
            Dice::Fair(dice) => dice.next_throw(),
        }
    }

    /// The number of the next throw, as the source counts its throws (see `Dice`'s variants).
    pub(crate) fn count(&self) -> u64 {
        match self {
            Dice::Seeded { drawn, .. } => *drawn,
            Dice::Fair(dice) => dice.count(),
        }
    }
}

/// What a snapshot keeps of a table's throws: the number of the next throw as the source counts
/// them ([`Dice::count`]) and, for seeded throws, where the generator stands in its stream. The
/// seed and the fair dice's secret are not kept: resuming is given them, as restoring is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DiceState {
    /// The number of the next throw.
    pub(crate) count: u64,
    /// The seeded generator's position in its stream, in 32-bit words; absent for fair throws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) word: Option<u128>,
}

impl Dice {
    /// What a snapshot keeps of the throws.
    pub(crate) fn state(&self) -> DiceState {
        match self {
            Dice::Seeded { throws, drawn } => DiceState {
                count: *drawn,
                word: Some(throws.word_pos()),
            },
            Dice::Fair(dice) => DiceState {
                count: dice.count(),
                word: None,
            },
        }
    }

    /// These throws (a new game's, from its seed or its fair dice) moved on to where `state`
    /// says.
    ///
    /// # Errors
    /// When `state` is of the other kind of throws.
    pub(crate) fn at(&self, state: &DiceState) -> Result<Dice, String> {
        match (self, state.word) {
            (Dice::Seeded { throws, .. }, Some(word)) => {
                let mut throws = throws.clone();
                throws.set_word_pos(word);
                Ok(Dice::Seeded {
                    throws,
                    drawn: state.count,
                })
            }
            (Dice::Fair(dice), None) => {
                let mut dice = dice.clone();
                dice.set_count(state.count);
                Ok(Dice::Fair(dice))
            }
            (Dice::Seeded { .. }, None) => Err(
                "the snapshot's throws are fair throws, but this game's come from a seed".into(),
            ),
            (Dice::Fair(_), Some(_)) => Err(
                "the snapshot's throws come from a seed, but this game's are fair throws".into(),
            ),
        }
    }
}
