//! The network itself: its shape, its weights, and inference.
//!
//! One scoring network serves every team: it reads the inputs of the team's view
//! ([`super::features`]) and gives the team a score; the evaluation turns the scores of the
//! teams still playing into winning chances with a softmax. The network is a linear layer over
//! the inputs plus one hidden layer of rectified linear units:
//!
//! `score = linear · x + output · relu(hidden · x + hidden_bias)`
//!
//! The linear part can hold the heuristic evaluation exactly (its features are among the
//! inputs), so a new network starts as the heuristic and training only has to learn what the
//! heuristic misses ([`Network::from_heuristic`]).
//!
//! A network may carry a softmax scale fitted to outcomes after training ([`FittedScale`],
//! [`crate::calibration::scale`]): the evaluation multiplies the scores by it before the
//! softmax. Without one the scale is 1 and the scores are used as they are.
//!
//! Inference adds each seat's inputs once into every view where they go, skipping the zeros
//! (most inputs are: waiting pieces, the far points of a piece's progress scale), on fixed arrays on the
//! stack: it allocates nothing.

use super::features::{piece, seat_inputs, turn_inputs, Layout, FEATURE_SET, PIECE_FEATURES};
use super::NetworkError;
use crate::standing::StandingTables;
use crate::Weights;
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Position, Rules};

/// The most hidden units a network may have (inference keeps them on the stack).
pub const MAX_HIDDEN: usize = 64;

/// What a network was made for and how, as its file records it.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkInfo {
    /// The ruleset it was trained under (its `name`).
    pub ruleset: String,
    /// The ruleset's family ([`super::family`]): `pachisi`, `parcheesi` or `ludo`.
    pub family: String,
    /// Seats at the table.
    pub seats: u8,
    /// Teams.
    pub teams: u8,
    /// Pieces per seat.
    pub pieces: u8,
    /// The route's length: the progress of a piece home.
    pub route: u8,
    /// The seed of its training.
    pub seed: u64,
    /// The command that made it.
    pub made_by: String,
    /// Self-play games it was trained on.
    pub games: u64,
}

impl NetworkInfo {
    /// The shape of `rules`, with the rest empty.
    pub(crate) fn of_rules(rules: &Rules) -> NetworkInfo {
        NetworkInfo {
            ruleset: rules.ruleset().name.clone(),
            family: super::family(rules).to_string(),
            seats: rules.seats(),
            teams: rules.teams(),
            pieces: rules.pieces(),
            route: rules.home(),
            seed: 0,
            made_by: String::new(),
            games: 0,
        }
    }
}

/// A softmax scale fitted to the outcomes of games, as a network file records it.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedScale {
    /// The factor on every score before the softmax: below 1 makes the chances less
    /// confident, above 1 more.
    pub scale: f64,
    /// The command that fitted it.
    pub made_by: String,
}

/// A scoring network (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub(crate) info: NetworkInfo,
    pub(crate) inputs: usize,
    pub(crate) hidden: usize,
    /// Hidden weights, input-major: row `i` holds input `i`'s weight to every hidden unit, so
    /// adding an input is adding one contiguous row.
    pub(crate) w1: Vec<f32>,
    pub(crate) b1: Vec<f32>,
    /// Hidden units to score.
    pub(crate) w2: Vec<f32>,
    /// Inputs to score directly.
    pub(crate) linear: Vec<f32>,
    /// The softmax scale fitted after training, if any.
    pub(crate) fitted: Option<FittedScale>,
}

impl Network {
    /// What the network was made for and how.
    pub fn info(&self) -> &NetworkInfo {
        &self.info
    }

    /// Inputs per view.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The factor on the scores before the softmax: the fitted scale, or 1 without one.
    pub fn scale(&self) -> f64 {
        self.fitted.as_ref().map_or(1.0, |f| f.scale)
    }

    /// The softmax scale fitted to outcomes, if the network has one.
    pub fn fitted_scale(&self) -> Option<&FittedScale> {
        self.fitted.as_ref()
    }

    /// The same network with the softmax scale `scale`, fitted by `made_by`.
    ///
    /// # Errors
    /// [`NetworkError::BadScale`] when `scale` is not a finite number above 0.
    pub fn with_fitted_scale(
        mut self,
        scale: f64,
        made_by: String,
    ) -> Result<Network, NetworkError> {
        check_scale(scale)?;
        self.fitted = Some(FittedScale { scale, made_by });
        Ok(self)
    }

    /// The same network without a fitted scale: its chances are the plain softmax of its scores.
    pub fn without_fitted_scale(mut self) -> Network {
        self.fitted = None;
        self
    }

    /// How many weights it has.
    pub fn weight_count(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + self.linear.len()
    }

    /// A network for `rules` that scores exactly as the heuristic with `weights` does (up to
    /// rounding to `f32`), with `hidden` hidden units whose weights start small and random
    /// (from `seed`) and whose output starts at zero, so they change nothing until trained.
    pub fn from_heuristic(rules: &Rules, weights: &Weights, hidden: usize, seed: u64) -> Network {
        let layout = Layout::new(rules);
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let mut draws = pachisi_sim::Draws::new(seed);
        // Inputs are at most 1 and a view has a few dozen that are not zero.
        let spread = 0.2f64;
        let w1 = (0..layout.inputs * hidden)
            .map(|_| ((draws.unit() * 2.0 - 1.0) * spread) as f32)
            .collect();
        let mut linear = vec![0.0f32; layout.inputs];
        // The heuristic scores a team by its own pieces' features, per piece, times the
        // softmax's factor: the same coefficients on the team's own slots.
        let team_pieces = (0..rules.seats())
            .filter(|&s| rules.team_of(s) == 0)
            .count()
            * usize::from(rules.pieces());
        let k = weights.scale / team_pieces.max(1) as f64;
        let mut per_piece = [0.0f64; PIECE_FEATURES];
        per_piece[piece::PROGRESS] = weights.progress;
        per_piece[piece::ON_BOARD] = weights.entered;
        per_piece[piece::GOAL] = weights.entered + weights.safe + weights.home;
        per_piece[piece::SAFE] = weights.safe;
        per_piece[piece::WAITING] = weights.waiting;
        per_piece[piece::DANGER] = -weights.danger_flat;
        per_piece[piece::DANGER_PROGRESS] = -weights.danger;
        for seat in (0..rules.seats()).filter(|&s| rules.team_of(s) == 0) {
            let base = layout.slot(0, usize::from(seat)) * layout.block;
            for i in 0..layout.pieces {
                for (f, w) in per_piece.iter().enumerate() {
                    linear[base + i * PIECE_FEATURES + f] = (k * w) as f32;
                }
            }
            linear[base + layout.pieces * PIECE_FEATURES] = (k * weights.blockade) as f32;
        }
        let mut info = NetworkInfo::of_rules(rules);
        info.seed = seed;
        Network {
            info,
            inputs: layout.inputs,
            hidden,
            w1,
            b1: vec![0.0; hidden],
            w2: vec![0.0; hidden],
            linear,
            fitted: None,
        }
    }

    /// Whether the network fits `rules`: the same seats, teams, pieces and route length, and
    /// the inputs of this build's feature set.
    ///
    /// # Errors
    /// [`NetworkError::Incompatible`], naming the difference.
    pub fn check_rules(&self, rules: &Rules) -> Result<(), NetworkError> {
        let mine = &self.info;
        let theirs = NetworkInfo::of_rules(rules);
        let differences: Vec<String> = [
            ("seats", mine.seats, theirs.seats),
            ("teams", mine.teams, theirs.teams),
            ("pieces a seat", mine.pieces, theirs.pieces),
            ("squares on a route", mine.route, theirs.route),
        ]
        .iter()
        .filter(|(_, a, b)| a != b)
        .map(|(what, a, b)| format!("{b} {what}, not {a}"))
        .collect();
        if !differences.is_empty() {
            return Err(NetworkError::Incompatible {
                network: mine.ruleset.clone(),
                rules: theirs.ruleset,
                reason: differences.join(", "),
            });
        }
        let layout = Layout::new(rules);
        if layout.inputs != self.inputs {
            return Err(NetworkError::Incompatible {
                network: mine.ruleset.clone(),
                rules: theirs.ruleset,
                reason: format!(
                    "{} inputs in feature set {FEATURE_SET}, not {}",
                    layout.inputs, self.inputs
                ),
            });
        }
        Ok(())
    }

    /// Every team's score in `pos` (teams past the rules' count score 0), the per-piece features
    /// read from `tables`: [`Network::scores`], which takes them from an evaluator. The tables'
    /// rules must fit the network ([`Network::check_rules`]), or every score is 0.
    pub(crate) fn team_scores(&self, tables: &StandingTables, pos: &Position) -> [f32; MAX_SEATS] {
        // The hidden units' count as a constant lets the compiler unroll and vectorise every
        // row's addition: the default size gets its own copy of the code.
        match self.hidden {
            16 => self.scores_of::<16>(tables, pos),
            _ => self.scores_of::<MAX_HIDDEN>(tables, pos),
        }
    }

    /// [`Network::team_scores`] with room for `H` hidden units (at least [`Network::hidden`]).
    #[inline]
    fn scores_of<const H: usize>(
        &self,
        tables: &StandingTables,
        pos: &Position,
    ) -> [f32; MAX_SEATS] {
        let rules = tables.rules();
        let layout = Layout::new(rules);
        if layout.inputs != self.inputs {
            // Rules the network was not checked against: no score rather than a panic.
            return [0.0; MAX_SEATS];
        }
        let h = self.hidden;
        let teams = layout.teams;
        let mut acc = [[0.0f32; H]; MAX_SEATS];
        let mut lin = [0.0f32; MAX_SEATS];
        for a in acc.iter_mut().take(teams) {
            a[..h].copy_from_slice(&self.b1);
        }
        let add = |acc: &mut [f32; H], lin: &mut f32, i: usize, x: f32| {
            *lin += x * self.linear[i];
            let row = &self.w1[i * h..(i + 1) * h];
            match <&[f32; H]>::try_from(row) {
                Ok(row) => {
                    for (a, w) in acc.iter_mut().zip(row) {
                        *a += x * w;
                    }
                }
                Err(_) => {
                    for (a, w) in acc.iter_mut().zip(row) {
                        *a += x * w;
                    }
                }
            }
        };
        for seat in 0..rules.seats() {
            seat_inputs(tables, pos, seat, |k, x| {
                for t in 0..teams {
                    let i = layout.slot(t, usize::from(seat)) * layout.block + k;
                    add(&mut acc[t], &mut lin[t], i, x);
                }
            });
        }
        let turn = layout.turn_start();
        for t in 0..teams {
            turn_inputs(&layout, rules, pos, t, |k, x| {
                add(&mut acc[t], &mut lin[t], turn + k, x)
            });
        }
        let mut scores = [0.0f32; MAX_SEATS];
        for t in 0..teams {
            let hidden: f32 = acc[t][..h]
                .iter()
                .zip(&self.w2)
                .map(|(a, w)| a.max(0.0) * w)
                .sum();
            scores[t] = lin[t] + hidden;
        }
        scores
    }

    /// The score of one view from its sparse inputs, keeping the hidden units' sums in `acc`
    /// (for training's gradient).
    pub(crate) fn view_score(&self, inputs: &[(u32, f32)], acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        acc[..h].copy_from_slice(&self.b1);
        let mut lin = 0.0f32;
        for &(i, x) in inputs {
            let i = i as usize;
            lin += x * self.linear[i];
            for (a, w) in acc[..h].iter_mut().zip(&self.w1[i * h..(i + 1) * h]) {
                *a += x * w;
            }
        }
        lin + acc[..h]
            .iter()
            .zip(&self.w2)
            .map(|(a, w)| a.max(0.0) * w)
            .sum::<f32>()
    }
}

/// Whether `scale` can be a softmax scale: a finite number above 0 (0 would make every chance
/// equal, and a negative scale would turn the ranking upside down).
///
/// # Errors
/// [`NetworkError::BadScale`] otherwise.
pub fn check_scale(scale: f64) -> Result<(), NetworkError> {
    if scale.is_finite() && scale > 0.0 {
        Ok(())
    } else {
        Err(NetworkError::BadScale(scale))
    }
}
