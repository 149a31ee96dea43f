//! The simulation's random numbers: a fast seeded generator, handed out a few bits at a time.
//!
//! [`Draws`] is xoshiro256++ (from `rand_xoshiro`: 256 bits of state, a period of 2²⁵⁶ − 1, a
//! few instructions a word) seeded from a 64-bit seed by SplitMix64, with a buffer so that a draw
//! takes only the bits it needs: six fair cowries take six bits; a choice among n moves takes the
//! top 32 bits of a word of its own (Lemire's method, [`RandomBits::below`]). Each game of a simulation has its own seed derived from
//! the run's seed and the game's index ([`crate::game_seed`]), so any game replays from its index
//! alone.
//!
//! These numbers serve simulation, self-play and bots' playouts only. Games at a table or on the
//! server draw their throws from their own derivation (`pachisi-table`, `pachisi-fair`), which
//! is what a player can check.

use pachisi_core::RandomBits;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A seeded stream of random bits; see the module documentation.
#[derive(Clone, Debug)]
pub struct Draws {
    rng: Xoshiro256PlusPlus,
    /// Unused random bits, the next in the low bits.
    buffer: u64,
    /// How many bits of `buffer` are unused.
    left: u32,
}

impl Draws {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Draws {
        Draws {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            buffer: 0,
            left: 0,
        }
    }

    /// A uniform number in `[0, 1)` with 53 random bits, for callers that need a fraction.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.word() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl RandomBits for Draws {
    #[inline]
    fn bits(&mut self, n: u32) -> u32 {
        debug_assert!((1..=32).contains(&n));
        if self.left < n {
            // The few bits left over are dropped: a fresh word is as random and cheaper than
            // stitching two together.
            self.buffer = self.rng.next_u64();
            self.left = 64;
        }
        let out = (self.buffer & ((1u64 << n) - 1)) as u32;
        self.buffer >>= n;
        self.left -= n;
        out
    }

    #[inline]
    fn word(&mut self) -> u64 {
        self.rng.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_bits() {
        let (mut a, mut b, mut c) = (Draws::new(5), Draws::new(5), Draws::new(6));
        let take = |d: &mut Draws| (0..50).map(|i| d.bits(1 + i % 32)).collect::<Vec<_>>();
        let (x, y, z) = (take(&mut a), take(&mut b), take(&mut c));
        assert_eq!(x, y);
        assert_ne!(x, z);
    }

    #[test]
    fn bits_are_bounded_and_balanced() {
        let mut d = Draws::new(1);
        let mut ones = 0u64;
        for _ in 0..10_000 {
            let v = d.bits(6);
            assert!(v < 64);
            ones += u64::from(v.count_ones());
        }
        // 60,000 fair bits: 30,000 ones, standard deviation about 122.
        assert!((29_400..=30_600).contains(&ones), "{ones}");
        let u = d.unit();
        assert!((0.0..1.0).contains(&u));
    }

    #[test]
    fn a_word_of_six_bit_throws_holds_ten() {
        let mut d = Draws::new(9);
        let mut whole = Draws::new(9);
        let word = whole.word();
        for i in 0..10 {
            assert_eq!(u64::from(d.bits(6)), (word >> (6 * i)) & 63, "throw {i}");
        }
        // The eleventh starts a new word.
        assert_eq!(u64::from(d.bits(6)), whole.word() & 63);
    }
}
