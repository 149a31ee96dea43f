//! Where a table's throws come from: a seeded generator, or fair throws.
//!
//! Seeded throws (`pachisi_sim::SeededThrows`) follow from a number kept with the game: the
//! terminal game and the server's ordinary games. Fair throws (`pachisi_fair::FairDice`) follow
//! from a secret server seed committed to before the game and the players' seeds, so that anyone
//! can check them once the seed is revealed (docs/fair-throws.md).
//!
//! Both are deterministic, which is what undo and restore rely on: undo puts back a copy of the
//! source taken before the move, so a throw taken back falls again the same, and a restored game
//! draws its record's throws again, checking each, and goes on from there.

use pachisi_core::{Rules, Throw};
use pachisi_fair::FairDice;
use pachisi_sim::SeededThrows;

/// A table's throws. Every undo snapshot keeps a copy, so that undo puts back where the throws
/// stand: the seeded generator's state, or the fair dice's count.
#[derive(Clone)]
pub(crate) enum Dice {
    /// From a seed. The throw-off draws from a stream of its own (`pachisi_sim::throw_off`), so
    /// `drawn` counts only the game's throws.
    Seeded { throws: SeededThrows, drawn: u64 },
    /// Fair throws, numbered over the whole game: the throw-off's first, then the game's.
    Fair(FairDice),
}

impl Dice {
    pub(crate) fn seeded(seed: u64) -> Dice {
        Dice::Seeded {
            throws: SeededThrows::new(seed),
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
