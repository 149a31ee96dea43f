//! Seeded self-play on top of the rules engine.
//!
//! The engine draws no random numbers; this crate does. [`SeededThrows`] turns a seed into a
//! reproducible sequence of throws; [`play_game`] plays one game with a [`Policy`] choosing the
//! moves ([`RandomPolicy`] by default, [`play_random_game`]); [`simulate`] plays many on all cores
//! and counts them into [`Stats`]. Each game's seed is derived from the master seed and the
//! game's index ([`game_seed`]), so a game can be replayed on its own and results never depend on
//! the order games are played in, nor on the number of threads.

mod batch;
mod draws;
mod stats;

pub use batch::{simulate, simulate_random, Outcome, Simulation, SimulationError};
pub use draws::Draws;
pub use stats::{
    team_name, Distribution, GameTally, Histogram, Proportion, Stats, Summary, ThrowFrequency,
    ThrowTable, WinShare,
};

use pachisi_core::plain::{PlainMove, MAX_PLAIN_MOVES};
use pachisi_core::{
    Action, GameRecord, Move, Phase, PlainGame, Position, RandomBits, Rules, Throw, ThrowOff,
};

/// The most throws a simulated game may take before it is abandoned as unfinished. Random play
/// finishes every built-in ruleset far below it (docs/rules.md gives the measured lengths).
pub const MAX_THROWS_PER_GAME: u64 = 200_000;

/// A reproducible source of throws.
#[derive(Clone, Debug)]
pub struct SeededThrows {
    draws: Draws,
}

impl SeededThrows {
    /// A source seeded with `seed`.
    pub fn new(seed: u64) -> SeededThrows {
        SeededThrows {
            draws: Draws::new(seed),
        }
    }

    /// The next throw, drawn with the rules' exact outcome probabilities
    /// ([`Rules::draw_throw`]: six bits for six fair cowries, one draw for dice).
    #[inline]
    pub fn next_throw(&mut self, rules: &Rules) -> Throw {
        rules.draw_throw(&mut self.draws)
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

/// Who chooses the moves of a game: one policy answers for every seat (a table of bots is a
/// policy that asks the bot of [`Position::to_move`]).
pub trait Policy {
    /// Chooses one of `legal` (never empty) in `pos`.
    fn choose(&mut self, rules: &Rules, pos: &Position, legal: &[Move]) -> Move;
}

/// Uniformly random choices among the legal moves, passes included where legal.
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    draws: Draws,
}

impl RandomPolicy {
    /// The random player of the game with seed `seed`: its choices come from a stream of its own,
    /// apart from the throws' stream of the same seed.
    pub fn for_game(seed: u64) -> RandomPolicy {
        RandomPolicy {
            draws: Draws::new(seed ^ 0x5EED_C401_CE5E_ED00),
        }
    }
}

impl Policy for RandomPolicy {
    #[inline]
    fn choose(&mut self, _rules: &Rules, _pos: &Position, legal: &[Move]) -> Move {
        legal
            .get(self.pick(legal.len()))
            .copied()
            .unwrap_or(Move::Pass)
    }
}

impl RandomPolicy {
    /// The index of the choice among `n` (0 when there is none or one, which draws nothing).
    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        // At most a few dozen moves are ever legal.
        self.draws.below(n as u32) as usize
    }
}

/// One step of a game, as [`play_game`] reports it to its observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A throw was made.
    Throw(Throw),
    /// `mv` was played, chosen among `choices` legal moves.
    Move {
        /// The move.
        mv: Move,
        /// How many moves were legal.
        choices: usize,
    },
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

/// Plays one game from `start` with throws from `seed`, `policy` choosing every move; `observe`
/// sees every step with the position it led to. The game is abandoned after
/// [`MAX_THROWS_PER_GAME`] throws.
pub fn play_game<P: Policy, O: FnMut(Step, &Position)>(
    rules: &Rules,
    start: Position,
    seed: u64,
    policy: &mut P,
    mut observe: O,
) -> GameResult {
    let mut throws = SeededThrows::new(seed);
    let mut pos = start;
    let mut legal = Vec::with_capacity(32);
    let (mut n_throws, mut n_moves) = (0u64, 0u64);
    // Whether `legal` holds the moves of `pos` already: a throw lists them as it is applied.
    let mut listed = false;
    while n_throws < MAX_THROWS_PER_GAME {
        let step = match pos.phase() {
            Phase::Over => break,
            Phase::Throw => {
                let t = throws.next_throw(rules);
                // The phase is Throw and the outcome comes from the rules: this cannot fail.
                let _ = pos.apply_throw_listing(rules, t, &mut legal);
                listed = true;
                n_throws += 1;
                Step::Throw(t)
            }
            Phase::Move => {
                if !std::mem::take(&mut listed) {
                    pos.legal_moves_into(rules, &mut legal);
                }
                let mv = policy.choose(rules, &pos, &legal);
                pos.play_unchecked(rules, mv);
                n_moves += 1;
                Step::Move {
                    mv,
                    choices: legal.len(),
                }
            }
        };
        observe(step, &pos);
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

/// Plays one game from `start` with throws from `seed` and choices uniformly at random among the
/// legal moves (from a second stream of the same seed). When `record` is given, every throw and
/// move is appended to it.
pub fn play_random_game(
    rules: &Rules,
    start: Position,
    seed: u64,
    mut record: Option<&mut GameRecord>,
) -> GameResult {
    let mut policy = RandomPolicy::for_game(seed);
    play_game(rules, start, seed, &mut policy, |step, _| {
        if let Some(r) = record.as_deref_mut() {
            r.push(match step {
                Step::Throw(t) => Action::Throw(rules.outcome(t).name),
                Step::Move { mv, .. } => Action::Move(mv),
            });
        }
    })
}

/// The seed of a game's throw-off: a stream of its own, so that the game's throws are the
/// seed's whoever begins.
pub fn throw_off_seed(seed: u64) -> u64 {
    game_seed(seed, THROW_OFF_STREAM)
}

/// The index of the throw-off's stream among a game's derived seeds.
const THROW_OFF_STREAM: u64 = 0x7468_726f_775f_6f66;

/// The throw-off of the game `seed` under `rules`, if the rules have one
/// (`turn.first = "highest-throw"`), its throws drawn from [`throw_off_seed`].
pub fn throw_off(rules: &Rules, seed: u64) -> Option<ThrowOff> {
    let mut throws = SeededThrows::new(throw_off_seed(seed));
    ThrowOff::if_the_rules_ask(rules, || throws.next_throw(rules))
}

/// The position the game `seed` begins at: the usual start, with the winner of its throw-off
/// (if the rules have one) to throw.
pub fn start_position(rules: &Rules, seed: u64) -> Position {
    throw_off(rules, seed).map_or_else(|| Position::new(rules), |t| t.start(rules))
}

/// Plays one game and counts it into `stats`; it begins where [`start_position`] says.
pub fn play_counted<P: Policy>(rules: &Rules, seed: u64, policy: &mut P, stats: &mut Stats) {
    let start = start_position(rules, seed);
    let mut tally = GameTally::new(rules, &start);
    let outcomes = &mut stats.outcomes;
    let result = play_game(rules, start, seed, policy, |step, after| {
        if let Step::Throw(t) = step {
            outcomes[usize::from(t.0)] += 1;
        }
        tally.count(step, after);
    });
    stats.add_game(rules, &tally, &result.position);
}

/// Plays one game between random players ([`RandomPolicy`]) and counts it into `stats`: the game
/// [`play_counted`] plays with a `RandomPolicy`, counted alike, but on a [`PlainGame`] where the
/// rules allow, which is several times quicker.
pub fn play_random_counted(rules: &Rules, seed: u64, stats: &mut Stats) {
    let mut policy = RandomPolicy::for_game(seed);
    match PlainGame::from_position(rules, &start_position(rules, seed)) {
        Some(game) => play_plain_counted(rules, game, seed, &mut policy, stats),
        None => play_counted(rules, seed, &mut policy, stats),
    }
}

/// [`play_counted`] on a [`PlainGame`]: the same throws and choices from the same streams, in
/// the same order, so the same game and the same counts.
fn play_plain_counted(
    rules: &Rules,
    mut game: PlainGame,
    seed: u64,
    policy: &mut RandomPolicy,
    stats: &mut Stats,
) {
    let mut throws = SeededThrows::new(seed);
    // Pachisi's cowries are drawn here as `Rules::draw_throw` draws them, without asking at
    // every throw which way the device is drawn.
    let patterns = rules.shell_patterns();
    let mut tally = GameTally::new(rules, &game.to_position());
    let mut legal = [PlainMove::PASS; MAX_PLAIN_MOVES];
    // Each outcome's throws in this game, counted here (a throw is a byte: no bounds to check)
    // and added to `stats` once the game is over.
    let mut thrown = [0u32; 256];
    let mut n_throws = 0;
    let mut phase = game.phase();
    // A step is a throw and the move that spends it: the move is played in the same round of the
    // loop, so that the loop tests the phase once a step.
    loop {
        match phase {
            Phase::Over => break,
            Phase::Throw => {
                if n_throws >= MAX_THROWS_PER_GAME {
                    break;
                }
                let t = match patterns {
                    Some(patterns) => patterns.draw(&mut throws.draws),
                    None => throws.next_throw(rules),
                };
                // The phase is Throw and the outcome comes from the rules: this cannot fail.
                let _ = game.apply_throw(t);
                thrown[usize::from(t.0)] += 1;
                n_throws += 1;
                if game.phase() != Phase::Move {
                    // A void third throw of a streak: the turn passed on.
                    tally.add_throw(game.to_move(), 0);
                    phase = game.phase();
                    continue;
                }
            }
            Phase::Move => {}
        }
        let choices = game.legal_codes(&mut legal);
        // At least a pass is always legal, so the index is in range.
        let code = legal[policy.pick(choices)];
        // Passes and moves are counted apart: the game branches on which it is anyway.
        if code.is_pass() {
            game.play_code(code);
            tally.add_pass(choices, game.to_move());
        } else {
            let sent_back = game.play_code(code);
            tally.add_advance(game.to_move(), sent_back);
        }
        phase = game.phase();
    }
    for (count, &n) in stats.outcomes.iter_mut().zip(&thrown) {
        *count += u64::from(n);
    }
    // Throws were counted above, voids included.
    tally.throws = n_throws;
    stats.add_game(rules, &tally, &game.to_position());
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
