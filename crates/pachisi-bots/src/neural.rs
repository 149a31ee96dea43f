//! A learned evaluation: a small network per ruleset, trained by self-play (docs/neural.md).
//!
//! The network scores every team from that team's point of view ([`features`]: each piece's
//! progress, safety and threats as the heuristic computes them, and its place on a scale of
//! progress, the pieces of each seat sorted); a softmax over the teams still playing turns the
//! scores into winning chances, exactly where the heuristic's softmax would be, so that finished
//! games, teams already home and endgame tables keep their exact values. It plugs into the
//! heuristic's [`Evaluator`] ([`Evaluator::with_network`]), so every bot that searches with an
//! evaluation can search with it: the `neural` bot (one ply), and `expectimax` and `mcts` with
//! `eval=neural`.
//!
//! - [`network`]: the network and its inference (by hand, `f32`, nothing allocated);
//! - [`mod@file`]: the versioned JSON file and its validation;
//! - [`train`]: self-play training from a network that starts as the heuristic, by TD(λ) or
//!   towards an expectimax teacher's values;
//! - [`features`]: the inputs.
//!
//! Networks for some rulesets ship with the bots ([`SHIPPED_NETWORKS`]); `net=NAME` names one,
//! `net=PATH` reads a file.
//!
//! This module owns the training and the evaluator with a network ([`evaluator`]), which stand
//! on the evaluation and the expectimax search; the network itself, its inputs, its file and the
//! shipped networks lie below the evaluation, in the crate's `net` module, and are re-exported
//! here under the same names.

mod example;
mod td;
mod teacher;
pub mod train;

#[cfg(test)]
mod tests;

pub use crate::net::network::{FittedScale, Network, NetworkInfo, MAX_HIDDEN};
pub use crate::net::{
    family, for_rules, shipped, shipped_names, NetworkError, ShippedNetwork, SHIPPED_NETWORKS,
};
pub use crate::net::{features, file, network};

use crate::Evaluator;
use pachisi_core::Rules;
use std::sync::Arc;

/// The heuristic's evaluator for `rules` with `network` scoring the teams.
///
/// # Errors
/// When the network does not fit the rules.
pub fn evaluator(rules: Arc<Rules>, network: Arc<Network>) -> Result<Evaluator, NetworkError> {
    Evaluator::new(rules, crate::Weights::default()).with_network(network)
}
