//! A bot in every seat as a simulation's policy: how `pachisi simulate --bots` and the Python
//! package's `simulate` play their games, so that both give the same games for the same seed.

use crate::{Bot, BotSpec};
use pachisi_core::{Move, Position, Rules};
use pachisi_sim::{game_seed, Policy};
use std::sync::Arc;

/// Mixed into a game's seed to seed its bots, apart from its throws.
const BOT_SALT: u64 = 0xB075_0000;

/// A bot in every seat, each asked for the moves of its own seat.
pub struct SeatBots(Vec<Box<dyn Bot>>);

impl SeatBots {
    /// The bots of `specs`, seat by seat, for the game whose seed is `game`: each seeded from
    /// the game's seed and its seat, so that a game replays from its seed alone.
    pub fn new(specs: &[BotSpec], rules: &Arc<Rules>, game: u64) -> SeatBots {
        SeatBots(
            (0u64..)
                .zip(specs)
                .map(|(seat, s)| s.build(rules.clone(), game_seed(game, BOT_SALT + seat)))
                .collect(),
        )
    }
}

impl Policy for SeatBots {
    fn choose(&mut self, _rules: &Rules, pos: &Position, legal: &[Move]) -> Move {
        // A single legal move is no decision: the bot is not asked.
        if let [only] = legal {
            return *only;
        }
        match self.0.get_mut(usize::from(pos.to_move())) {
            Some(bot) => bot.choose(pos),
            None => legal.first().copied().unwrap_or(Move::Pass),
        }
    }
}
