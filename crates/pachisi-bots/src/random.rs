//! The `random` bot: every legal move equally likely, the baseline every other bot must beat.

use crate::{legal_moves, Bot, RankedMove};
use pachisi_core::{Move, Position, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Chooses uniformly among the legal moves.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rules: Arc<Rules>,
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices come from `seed`.
    pub fn new(rules: Arc<Rules>, seed: u64) -> RandomBot {
        RandomBot {
            rules,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, pos: &Position) -> Move {
        let moves = legal_moves(&self.rules, pos);
        moves[self.rng.gen_range(0..moves.len())]
    }

    fn rank(&mut self, _pos: &Position) -> Option<Vec<RankedMove>> {
        None
    }
}
