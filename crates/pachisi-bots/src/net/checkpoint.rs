//! What a network file records of the training run that made it, so that a checkpoint resumes
//! exactly: the run's settings ([`TrainConfig`], with what each position is learned towards,
//! [`Method`], and what scores a teacher's horizon, [`TeacherEval`]) and the games played
//! ([`TrainingState`]). The training itself is [`crate::neural::train`], which re-exports these.

use super::network::MAX_HIDDEN;
use serde::{Deserialize, Serialize};

/// The settings of a training run, recorded in its checkpoints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainConfig {
    /// Self-play games in all.
    pub games: u64,
    /// The seed of every game and of the network's first weights.
    pub seed: u64,
    /// Hidden units.
    pub hidden: usize,
    /// The step of stochastic gradient descent.
    pub learning_rate: f32,
    /// TD(λ)'s λ: 0 learns from the next position alone, 1 from the outcome alone.
    pub lambda: f32,
    /// Games per batch (played with one frozen network).
    pub batch: u64,
    /// The share of seats the heuristic plays in the training games, from 0 (pure self-play)
    /// to 1 (the network learns the value of the heuristic's play); each seat of each game is
    /// drawn from the game's seed.
    #[serde(default)]
    pub heuristic_share: f32,
    /// What the network learns from: the games' own λ-returns, or a search's values.
    #[serde(default)]
    pub method: Method,
    /// The linear part's learning rate as a share of [`TrainConfig::learning_rate`]: 0 keeps
    /// the heuristic it starts as, so that only the hidden units learn, as a correction to it.
    #[serde(default = "one")]
    pub linear_rate: f32,
}

fn one() -> f32 {
    1.0
}

/// What each position is learned towards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Method {
    /// TD(λ): every position after a move, towards its λ-return.
    #[default]
    Td,
    /// A teacher's values (`neural/teacher.rs`): at `decisions` decisions drawn from each game,
    /// every legal move's position, towards the value an expectimax search of `depth` throws
    /// gives it, scoring its horizon with `eval`.
    Expectimax {
        /// Throws the teacher searches beyond the current one.
        depth: u32,
        /// Decisions labelled per game.
        decisions: u32,
        /// What scores the teacher's horizon (the heuristic in files written before it could
        /// be chosen, which are written back unchanged).
        #[serde(default, skip_serializing_if = "TeacherEval::is_heuristic")]
        eval: TeacherEval,
    },
}

/// What scores the positions at the horizon of [`Method::Expectimax`]'s search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeacherEval {
    /// The heuristic evaluation: the network learns what a search over the heuristic knows.
    #[default]
    Heuristic,
    /// The network itself, as frozen for the batch: each batch's targets are one search deeper
    /// than the network that labels them, so the network can grow past what the heuristic's
    /// search knows (value iteration, with the search as its backup).
    Network,
}

impl TeacherEval {
    fn is_heuristic(&self) -> bool {
        *self == TeacherEval::Heuristic
    }
}

impl Method {
    /// The default teacher: one throw ahead, 24 decisions a game.
    pub const DEFAULT_EXPECTIMAX: Method = Method::Expectimax {
        depth: 1,
        decisions: 24,
        eval: TeacherEval::Heuristic,
    };
}

impl TrainConfig {
    /// Default hidden units.
    pub const DEFAULT_HIDDEN: usize = 16;
    /// Default learning rate.
    pub const DEFAULT_LEARNING_RATE: f32 = 0.0003;
    /// Default λ.
    pub const DEFAULT_LAMBDA: f32 = 0.7;
    /// Default games per batch: enough to keep every core busy, few enough that the network
    /// playing them is never far behind.
    pub const DEFAULT_BATCH: u64 = 64;
    /// Default share of seats the heuristic plays.
    pub const DEFAULT_HEURISTIC_SHARE: f32 = 0.0;

    /// The default settings for `games` games from `seed`.
    pub fn new(games: u64, seed: u64) -> TrainConfig {
        TrainConfig {
            games,
            seed,
            hidden: Self::DEFAULT_HIDDEN,
            learning_rate: Self::DEFAULT_LEARNING_RATE,
            lambda: Self::DEFAULT_LAMBDA,
            batch: Self::DEFAULT_BATCH,
            heuristic_share: Self::DEFAULT_HEURISTIC_SHARE,
            method: Method::DEFAULT_EXPECTIMAX,
            linear_rate: 1.0,
        }
    }

    /// Whether the settings are in range; what is not, in words.
    pub(crate) fn check(&self) -> Result<(), String> {
        let bad = |what: String| Err(what);
        if self.hidden == 0 || self.hidden > MAX_HIDDEN {
            return bad(format!(
                "hidden units must be from 1 to {MAX_HIDDEN}, not {}",
                self.hidden
            ));
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return bad(format!(
                "the learning rate must be a positive number, not {}",
                self.learning_rate
            ));
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return bad(format!("λ must be from 0 to 1, not {}", self.lambda));
        }
        if !(0.0..=1.0).contains(&self.linear_rate) {
            return bad(format!(
                "the linear part's share of the learning rate must be from 0 to 1, not {}",
                self.linear_rate
            ));
        }
        if !(0.0..=1.0).contains(&self.heuristic_share) {
            return bad(format!(
                "the heuristic's share of seats must be from 0 to 1, not {}",
                self.heuristic_share
            ));
        }
        if let Method::Expectimax {
            depth, decisions, ..
        } = self.method
        {
            if depth > 2 || decisions == 0 {
                return bad(format!(
                    "the teacher searches 0 to 2 throws ({depth} asked) at 1 or more decisions \
                     a game ({decisions} asked)"
                ));
            }
        }
        if self.batch == 0 {
            return bad("a batch must have at least one game".into());
        }
        Ok(())
    }
}

/// Where a training run stands: its settings and the games played, kept in checkpoints.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingState {
    /// The settings.
    pub config: TrainConfig,
    /// Games played and learned so far (a whole number of batches, but for the last).
    pub games_done: u64,
}
