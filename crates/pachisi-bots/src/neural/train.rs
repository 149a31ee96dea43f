//! Training by self-play, from a network that starts as the heuristic.
//!
//! Training goes in batches of games. For each batch the network is frozen and the batch's
//! games are played on all cores, every seat choosing its move one ply ahead with the frozen
//! network (the `neural` bot; or the heuristic, for a share of seats drawn from the game's seed),
//! each game with its own seed ([`pachisi_sim::game_seed`] of the training seed and the game's
//! number) and beginning as the simulation's games begin. A game that has not ended after
//! [`MAX_TRAINING_THROWS`] throws is dropped. Each game gives examples, positions with target
//! chances, by the run's [`Method`]:
//!
//! - [`Method::Expectimax`] (the default): at a few decisions drawn from the game, every legal
//!   move's position, towards the value an expectimax search gives it (`neural/teacher.rs`),
//!   over the heuristic or over the network itself as frozen for the batch ([`TeacherEval`]);
//! - [`Method::Td`]: every position after a move, towards its λ-return (`neural/td.rs`).
//!
//! Last, the examples of the whole batch are learned one at a time in an order shuffled from the
//! seed and the batch's number, by stochastic gradient descent on the cross-entropy between the
//! network's chances (the softmax of the teams' scores) and the targets.
//!
//! Games depend only on the frozen network and their seeds, and the weights change only in the
//! sequential step, in a fixed order: a seed gives the same network on any number of threads.
//! A checkpoint is the network with its [`TrainingState`] after a whole batch, so training
//! resumed from one goes on exactly as it would have without the stop.
//!
//! Why the teacher by default, and why the heuristic to start from: docs/neural.md.

pub use crate::net::checkpoint::{Method, TeacherEval, TrainConfig, TrainingState};

use super::example::Example;
use super::td::{lambda_examples, Sample};
use crate::net::features::{view_inputs, Layout};
use crate::net::network::{Network, MAX_HIDDEN};
use crate::net::NetworkError;
use crate::values::finished_teams;
use crate::{Evaluator, Values, Weights};
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Move, Phase, Position, RandomBits, Rules};
use pachisi_sim::{game_seed, start_position, Draws, SeededThrows};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Why training could not start or go on.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A setting out of range.
    #[error("training settings: {0}")]
    Settings(String),
    /// The network to resume from is not usable here.
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// Why they could not start.
        reason: String,
    },
    /// The file to resume from holds a network but no training state.
    #[error("{0} holds a network but no training state to resume from")]
    NotACheckpoint(String),
}

/// What one batch did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchReport {
    /// Games played.
    pub games: u64,
    /// Positions learned.
    pub positions: u64,
    /// Mean cross-entropy of the network's chances against the targets, before each step.
    pub loss: f64,
}

/// A training run (see the [module docs](self)).
pub struct Trainer {
    rules: Arc<Rules>,
    /// The heuristic's tables, which compute the inputs.
    features: Evaluator,
    layout: Layout,
    network: Network,
    state: TrainingState,
    /// The pool that plays the games (rayon's global pool without one).
    pool: Option<rayon::ThreadPool>,
}

impl Trainer {
    /// A new run for `rules`: the network starts as the default heuristic
    /// ([`Network::from_heuristic`]); `made_by` is recorded in its files.
    ///
    /// # Errors
    /// [`TrainError::Settings`] for settings out of range.
    pub fn new(
        rules: Arc<Rules>,
        config: TrainConfig,
        made_by: &str,
    ) -> Result<Trainer, TrainError> {
        config.check().map_err(TrainError::Settings)?;
        let mut network =
            Network::from_heuristic(&rules, &Weights::default(), config.hidden, config.seed);
        network.info.made_by = made_by.to_string();
        Ok(Trainer::with(
            rules,
            network,
            TrainingState {
                config,
                games_done: 0,
            },
        ))
    }

    /// Resumes the run of a checkpoint (or of a trained file, to train it further) under
    /// `rules`, to `games` games in all.
    ///
    /// # Errors
    /// When the text is not a valid network with its training state, or does not fit the rules.
    pub fn resume(
        rules: Arc<Rules>,
        text: &str,
        origin: &str,
        games: u64,
    ) -> Result<Trainer, TrainError> {
        let (network, state) = Network::from_json_with_training(text, origin)?;
        let mut state = state.ok_or_else(|| TrainError::NotACheckpoint(origin.to_string()))?;
        network.check_rules(&rules)?;
        if network.info.ruleset != rules.ruleset().name {
            return Err(TrainError::Settings(format!(
                "{origin} was trained under ruleset `{}`, not `{}`: resume it with --rules {}",
                network.info.ruleset,
                rules.ruleset().name,
                network.info.ruleset
            )));
        }
        state.config.check().map_err(TrainError::Settings)?;
        if network.hidden != state.config.hidden {
            return Err(TrainError::Settings(format!(
                "{origin}: the network has {} hidden units but its settings say {}",
                network.hidden, state.config.hidden
            )));
        }
        state.config.games = games;
        // A fitted scale belongs to the weights it was fitted on; training changes them, and
        // learns from the plain softmax of the scores, so the network goes on without it.
        let network = network.without_fitted_scale();
        Ok(Trainer::with(rules, network, state))
    }

    fn with(rules: Arc<Rules>, network: Network, state: TrainingState) -> Trainer {
        Trainer {
            features: Evaluator::new(rules.clone(), Weights::default()),
            layout: Layout::new(&rules),
            rules,
            network,
            state,
            pool: None,
        }
    }

    /// Plays the games on `threads` worker threads (without it, one per core). The network
    /// trained does not depend on it.
    ///
    /// # Errors
    /// [`TrainError::Threads`] when the threads cannot be started.
    pub fn with_threads(mut self, threads: Option<usize>) -> Result<Trainer, TrainError> {
        if let Some(n) = threads {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| TrainError::Threads {
                    threads: n,
                    reason: e.to_string(),
                })?;
            self.pool = Some(pool);
        }
        Ok(self)
    }

    /// Where the run stands.
    pub fn state(&self) -> &TrainingState {
        &self.state
    }

    /// The network as trained so far.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// Sets the command recorded as having made the network.
    pub fn set_made_by(&mut self, made_by: String) {
        self.network.info.made_by = made_by;
    }

    /// Whether every game has been played.
    pub fn finished(&self) -> bool {
        self.state.games_done >= self.state.config.games
    }

    /// The network's file with its training state: a checkpoint to resume from.
    pub fn checkpoint(&self) -> String {
        self.network.to_json_with_training(Some(&self.state))
    }

    /// Plays and learns the next batch of games on the current rayon pool; `progress` is told
    /// the games finished so far in the run (from several threads).
    pub fn run_batch(&mut self, progress: &(dyn Fn(u64) + Sync)) -> BatchReport {
        let config = self.state.config.clone();
        let first = self.state.games_done;
        let games = config.batch.min(config.games.saturating_sub(first));
        if games == 0 {
            return BatchReport {
                games: 0,
                positions: 0,
                loss: 0.0,
            };
        }
        let frozen = Evaluator::new(self.rules.clone(), Weights::default())
            .with_network(Arc::new(self.network.clone()));
        // The network was checked against these rules when the run began.
        let Ok(frozen) = frozen else {
            return BatchReport {
                games: 0,
                positions: 0,
                loss: 0.0,
            };
        };
        let done = AtomicU64::new(first);
        let play = || -> Vec<Vec<Example>> {
            (first..first + games)
                .into_par_iter()
                .map(|g| {
                    let seed = game_seed(config.seed, g);
                    let game = self_play(&frozen, &self.features, config.heuristic_share, seed);
                    let examples = match config.method {
                        Method::Td => lambda_examples(&game.after_moves, config.lambda),
                        Method::Expectimax {
                            depth,
                            decisions,
                            eval,
                        } => {
                            let mut draws = Draws::new(game_seed(seed, TEACHER_STREAM));
                            super::teacher::label(
                                match eval {
                                    TeacherEval::Heuristic => &self.features,
                                    TeacherEval::Network => &frozen,
                                },
                                &game.decisions,
                                depth,
                                decisions,
                                &mut draws,
                            )
                        }
                    };
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    examples
                })
                .collect()
        };
        let played = match &self.pool {
            Some(pool) => pool.install(play),
            None => play(),
        };
        let mut order: Vec<(u32, u32)> = Vec::new();
        for (g, examples) in played.iter().enumerate() {
            order.extend((0..examples.len()).map(|i| (g as u32, i as u32)));
        }
        // The batch number seeds the order, so a resumed run shuffles as the first would have.
        let mut draws = Draws::new(game_seed(config.seed ^ SHUFFLE_SALT, first / config.batch));
        for i in (1..order.len()).rev() {
            let j = draws.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }
        let mut scratch = Scratch::default();
        let mut loss = 0.0;
        for &(g, i) in &order {
            let e = &played[g as usize][i as usize];
            let rates = (
                config.learning_rate,
                config.learning_rate * config.linear_rate,
            );
            loss += self.learn(&e.pos, &e.playing, &e.target, rates, &mut scratch);
        }
        self.state.games_done = first + games;
        self.network.info.games = self.state.games_done;
        BatchReport {
            games,
            positions: order.len() as u64,
            loss: if order.is_empty() {
                0.0
            } else {
                loss / order.len() as f64
            },
        }
    }

    /// One step of gradient descent on one position towards `target` (over the teams still
    /// `playing`); returns the cross-entropy before the step.
    fn learn(
        &mut self,
        pos: &Position,
        playing: &[bool; MAX_SEATS],
        target: &Values,
        (rate, linear_rate): (f32, f32),
        scratch: &mut Scratch,
    ) -> f64 {
        let net = &self.network;
        let h = net.hidden;
        let teams = self.layout.teams;
        let mut scores = [0.0f32; MAX_SEATS];
        for t in (0..teams).filter(|&t| playing[t]) {
            scratch.inputs[t].clear();
            view_inputs(
                self.features.tables(),
                &self.layout,
                pos,
                t,
                &mut scratch.inputs[t],
            );
            scores[t] = net.view_score(&scratch.inputs[t], &mut scratch.acc[t]);
        }
        let best = (0..teams)
            .filter(|&t| playing[t])
            .map(|t| scores[t])
            .fold(f32::NEG_INFINITY, f32::max);
        let mut p = [0.0f32; MAX_SEATS];
        let mut total = 0.0f32;
        for t in (0..teams).filter(|&t| playing[t]) {
            p[t] = (scores[t] - best).exp();
            total += p[t];
        }
        let mut loss = 0.0f64;
        let mut g = [0.0f32; MAX_SEATS];
        for t in (0..teams).filter(|&t| playing[t]) {
            p[t] /= total;
            let y = target[t] as f32;
            loss -= f64::from(y) * f64::from(p[t].max(1e-12)).ln();
            // The cross-entropy's gradient through a softmax, on each team's score.
            g[t] = p[t] - y;
        }
        // Every gradient from the weights before the step, then every change.
        let mut da = [[0.0f32; MAX_HIDDEN]; MAX_SEATS];
        for t in (0..teams).filter(|&t| playing[t]) {
            for ((d, a), w) in da[t][..h].iter_mut().zip(&scratch.acc[t]).zip(&net.w2) {
                if *a > 0.0 {
                    *d = g[t] * w;
                }
            }
        }
        let net = &mut self.network;
        for t in (0..teams).filter(|&t| playing[t]) {
            let units = net.w2.iter_mut().zip(&mut net.b1).zip(&scratch.acc[t]);
            for (((w, b), a), d) in units.zip(&da[t]) {
                *w -= rate * g[t] * a.max(0.0);
                *b -= rate * d;
            }
            for &(i, x) in &scratch.inputs[t] {
                let i = i as usize;
                net.linear[i] -= linear_rate * g[t] * x;
                for (w, d) in net.w1[i * h..(i + 1) * h].iter_mut().zip(&da[t][..h]) {
                    *w -= rate * x * d;
                }
            }
        }
        loss
    }
}

/// The stream of a game's seed that draws the decisions the teacher labels.
const TEACHER_STREAM: u64 = 0x7EAC_4E50;

/// The stream of a game's seed that says which seats the heuristic plays.
const SEATS_STREAM: u64 = 0x5EA7_5000;

/// Mixed into the seed of each batch's order of learning, apart from the games' seeds.
const SHUFFLE_SALT: u64 = 0x5348_5546_464C_4500;

/// Buffers of one learning step, reused.
struct Scratch {
    inputs: [Vec<(u32, f32)>; MAX_SEATS],
    acc: [[f32; MAX_HIDDEN]; MAX_SEATS],
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            inputs: std::array::from_fn(|_| Vec::new()),
            acc: [[0.0; MAX_HIDDEN]; MAX_SEATS],
        }
    }
}

/// Throws after which a training game is abandoned, and learned nothing from. Games between
/// sensible players end in a few hundred throws (docs/performance.md); one that goes on this
/// long has seats passing round in circles, where passing is legal, and its positions' targets
/// would be guesses of guesses with no outcome behind them, which can teach the network to
/// prefer the circle. Dropping them keeps every target anchored to a real end.
pub const MAX_TRAINING_THROWS: u64 = 5_000;

/// What a self-play game keeps: every position after a move with its values, and every position
/// where a seat chose between moves.
#[derive(Default)]
struct Game {
    after_moves: Vec<Sample>,
    decisions: Vec<Position>,
}

/// One self-play game of the seed; empty when it was abandoned ([`MAX_TRAINING_THROWS`]).
fn self_play(eval: &Evaluator, heuristic: &Evaluator, share: f32, seed: u64) -> Game {
    let rules = eval.rules();
    let mut seats = Draws::new(game_seed(seed, SEATS_STREAM));
    let by_heuristic: Vec<bool> = (0..rules.seats())
        .map(|_| seats.unit() < f64::from(share))
        .collect();
    let mut game = Game::default();
    let mut throws = SeededThrows::new(seed);
    let mut pos = start_position(rules, seed);
    let mut legal = Vec::new();
    let mut thrown = 0u64;
    loop {
        match pos.phase() {
            Phase::Over => return game,
            Phase::Throw => {
                if thrown >= MAX_TRAINING_THROWS {
                    return Game::default();
                }
                thrown += 1;
                // The phase is Throw and the outcome one of the rules': this cannot fail.
                let _ = pos.apply_throw(rules, throws.next_throw(rules));
            }
            Phase::Move => {
                pos.legal_moves_into(rules, &mut legal);
                let mv = match legal.as_slice() {
                    [] => Move::Pass,
                    [only] => *only,
                    moves if by_heuristic[usize::from(pos.to_move())] => {
                        heuristic.best_move(&pos, moves)
                    }
                    moves => eval.best_move(&pos, moves),
                };
                if legal.len() > 1 {
                    game.decisions.push(pos);
                }
                pos.play_unchecked(rules, mv);
                game.after_moves.push(Sample {
                    pos,
                    playing: finished_teams(rules, &pos).1,
                    values: eval.evaluate(&pos),
                });
            }
        }
    }
}
