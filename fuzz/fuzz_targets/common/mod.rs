//! Helpers shared by the fuzz targets.

#![allow(dead_code)]

use pachisi_core::{perft, Phase, Position, Rules, Throw, BUILTIN_RULESETS};
use std::sync::OnceLock;

/// Every built-in ruleset, compiled once: `(name, rules)`.
pub fn builtin() -> &'static [(&'static str, Rules)] {
    static RULES: OnceLock<Vec<(&'static str, Rules)>> = OnceLock::new();
    RULES.get_or_init(|| {
        BUILTIN_RULESETS
            .iter()
            .map(|&(name, text)| {
                let rules = Rules::from_toml(text, &format!("{name}.toml"), &[])
                    .unwrap_or_else(|e| panic!("built-in ruleset {name} does not compile: {e}"));
                (name, rules)
            })
            .collect()
    })
}

/// A built-in ruleset by name.
pub fn builtin_named(name: &str) -> Option<&'static Rules> {
    builtin().iter().find(|(n, _)| *n == name).map(|(_, r)| r)
}

/// Checks that a position survives notation: written out and read back, it is the same position
/// and is written the same way.
pub fn assert_round_trip(rules: &Rules, pos: &Position) {
    let text = pos.to_notation(rules);
    let again = Position::from_notation(rules, &text)
        .unwrap_or_else(|e| panic!("`{text}` was written but cannot be read back: {e}"));
    assert_eq!(&again, pos, "`{text}` reads back as a different position");
    assert_eq!(again.to_notation(rules), text);
}

/// Counts the move sequences that spend the pool (perft depth 0), when that is cheap enough to do
/// on every fuzz input. The bound is a rough estimate: moves at the root raised to the most moves
/// the pool can pay for.
pub fn perft_0_if_small(rules: &Rules, pos: &Position) {
    let items = pos.pool().items();
    let depth = if rules.ruleset().moves.split {
        items.iter().map(|i| u32::from(i.value)).sum()
    } else {
        items.len() as u32
    };
    let branching = pos.legal_moves(rules).len().max(1) as u64 + 1;
    if branching.checked_pow(depth).is_some_and(|n| n <= 20_000) {
        let n = perft(rules, pos, 0);
        assert!(n >= 1, "perft 0 counted no sequence");
    }
}

/// A small deterministic random number generator (xorshift64*), seeded from bytes.
pub struct Rng(u64);

impl Rng {
    pub fn from_bytes(data: &[u8]) -> Rng {
        // FNV-1a, then never zero.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in data {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        (x % n as u64) as usize
    }
}

/// Takes one step of a game chosen by `rng`: a throw, or a legal move. Returns false when the game
/// is over. Every legal move must be playable and every outcome throwable.
pub fn step(rules: &Rules, pos: &mut Position, rng: &mut Rng) -> bool {
    match pos.phase() {
        Phase::Over => false,
        Phase::Throw => {
            let i = rng.below(rules.outcomes().len());
            pos.apply_throw(rules, Throw(i as u8))
                .unwrap_or_else(|e| panic!("throw {i} refused: {e}"));
            true
        }
        Phase::Move => {
            let moves = pos.legal_moves(rules);
            assert!(
                !moves.is_empty(),
                "no legal move in a position waiting for one"
            );
            let mv = moves[rng.below(moves.len())];
            pos.play(rules, mv)
                .unwrap_or_else(|e| panic!("legal move {mv} refused: {e}"));
            true
        }
    }
}
