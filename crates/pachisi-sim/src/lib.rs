//! Seeded self-play on top of the rules engine.
//!
//! The engine draws no random numbers; this crate does. [`SeededThrows`] turns a seed into a
//! reproducible sequence of throws; [`play_random_game`] plays one game with uniformly random
//! choices and [`simulate`] plays many. Each game's seed is derived from the master seed and the
//! game's index ([`game_seed`]), so a game can be replayed on its own and results never depend on
//! the order games are played in.

use pachisi_core::{Action, GameRecord, Move, Phase, Position, Rules, Throw};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The most throws a simulated game may take before it is abandoned as unfinished. Random play
/// finishes every built-in ruleset far below it (docs/rules.md gives the measured lengths).
pub const MAX_THROWS_PER_GAME: u64 = 200_000;

/// A reproducible source of throws.
#[derive(Clone, Debug)]
pub struct SeededThrows {
    rng: ChaCha8Rng,
}

impl SeededThrows {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> SeededThrows {
        SeededThrows {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The next throw, drawn with the rules' exact outcome probabilities.
    pub fn next_throw(&mut self, rules: &Rules) -> Throw {
        rules.throw_for(self.rng.gen::<f64>())
    }
}

/// The seed of game `index` of a run with master seed `master` (SplitMix64 of the pair).
pub fn game_seed(master: u64, index: u64) -> u64 {
    let mut z = master ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one game came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Throws made.
    pub throws: u64,
    /// Moves played (passes included).
    pub moves: u64,
    /// Teams in finishing order (empty if the game was abandoned).
    pub placings: Vec<u8>,
    /// The final position.
    pub position: Position,
}

/// Plays one game from `start` with throws from `seed` and choices uniformly at random among the
/// legal moves (from a second stream of the same seed). When `record` is given, every throw and
/// move is appended to it.
pub fn play_random_game(
    rules: &Rules,
    start: Position,
    seed: u64,
    mut record: Option<&mut GameRecord>,
) -> GameResult {
    let mut throws = SeededThrows::new(seed);
    let mut choices = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_C401_CE5E_ED00);
    let mut pos = start;
    let mut moves = Vec::new();
    let (mut n_throws, mut n_moves) = (0u64, 0u64);
    while n_throws < MAX_THROWS_PER_GAME {
        match pos.phase() {
            Phase::Over => break,
            Phase::Throw => {
                let t = throws.next_throw(rules);
                // The phase is Throw and the outcome comes from the rules: this cannot fail.
                let _ = pos.apply_throw(rules, t);
                n_throws += 1;
                if let Some(r) = record.as_deref_mut() {
                    r.push(Action::Throw(rules.outcome(t).name));
                }
            }
            Phase::Move => {
                pos.legal_moves_into(rules, &mut moves);
                let mv = moves
                    .get(choices.gen_range(0..moves.len()))
                    .copied()
                    .unwrap_or(Move::Pass);
                pos.play_unchecked(rules, mv);
                n_moves += 1;
                if let Some(r) = record.as_deref_mut() {
                    r.push(Action::Move(mv));
                }
            }
        }
    }
    let placings = if pos.phase() == Phase::Over {
        pos.placings().to_vec()
    } else {
        Vec::new()
    };
    GameResult {
        throws: n_throws,
        moves: n_moves,
        placings,
        position: pos,
    }
}

/// Totals over many games.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games abandoned at [`MAX_THROWS_PER_GAME`].
    pub unfinished: u64,
    /// Throws over all games.
    pub throws: u64,
    /// Wins per team.
    pub team_wins: Vec<u64>,
    /// Wins per seat (a seat wins when its team does).
    pub seat_wins: Vec<u64>,
    /// Wall-clock time taken.
    pub elapsed: Duration,
}

impl Summary {
    /// Mean throws per game.
    pub fn mean_throws(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.throws as f64 / self.games as f64
        }
    }
}

/// Plays `games` random games, game `i` seeded with [`game_seed`]`(seed, i)`; `progress` is called
/// after each game with the number played so far.
pub fn simulate(rules: &Rules, games: u64, seed: u64, mut progress: impl FnMut(u64)) -> Summary {
    let started = Instant::now();
    let mut s = Summary {
        games,
        unfinished: 0,
        throws: 0,
        team_wins: vec![0; usize::from(rules.teams())],
        seat_wins: vec![0; usize::from(rules.seats())],
        elapsed: Duration::ZERO,
    };
    for i in 0..games {
        let result = play_random_game(rules, Position::new(rules), game_seed(seed, i), None);
        s.throws += result.throws;
        match result.placings.first() {
            Some(&team) => {
                s.team_wins[usize::from(team)] += 1;
                for seat in (0..rules.seats()).filter(|&seat| rules.team_of(seat) == team) {
                    s.seat_wins[usize::from(seat)] += 1;
                }
            }
            None => s.unfinished += 1,
        }
        progress(i + 1);
    }
    s.elapsed = started.elapsed();
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    #[test]
    fn the_same_seed_gives_the_same_game() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let a = play_random_game(&rules, Position::new(&rules), 7, None);
        let b = play_random_game(&rules, Position::new(&rules), 7, None);
        assert_eq!(a, b);
        let c = play_random_game(&rules, Position::new(&rules), 8, None);
        assert_ne!(a.position, c.position);
    }

    #[test]
    fn game_seeds_differ_by_index_and_master() {
        assert_ne!(game_seed(1, 0), game_seed(1, 1));
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn a_recorded_random_game_replays_to_its_final_position() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let mut record = GameRecord::new("pachisi");
        let result = play_random_game(&rules, Position::new(&rules), 3, Some(&mut record));
        assert_eq!(record.replay(&rules).expect("replays"), result.position);
    }
}
