//! The learned network itself, below the evaluation that plugs it in: its inputs ([`features`]),
//! the network and its inference ([`network`]), its versioned JSON file ([`mod@file`]) with the
//! state of the training run a checkpoint records ([`checkpoint`]), and the networks shipped with
//! the bots (found by name, or the first of a ruleset that fits its rules). The heuristic's
//! evaluator ([`crate::Evaluator::with_network`]) scores the teams with a network from here, and
//! [`crate::neural`] (the public face of all of it, with the training that needs the evaluation
//! and the expectimax teacher) re-exports these modules.

pub mod checkpoint;
pub mod features;
pub mod file;
pub mod network;

use network::Network;
use pachisi_core::Rules;
use std::sync::{Arc, OnceLock};

/// A network shipped with the bots.
#[derive(Clone, Copy, Debug)]
pub struct ShippedNetwork {
    /// The name `net=NAME` gives it.
    pub name: &'static str,
    /// The `--set` overrides of its ruleset it was trained under (none: the ruleset as built
    /// in); they give the rules their shape, such as two players instead of four.
    pub set: &'static [&'static str],
    /// Its file, embedded.
    pub text: &'static str,
}

/// The networks shipped with the bots. A ruleset may have several, of different shapes (Pachisi
/// for four seats and for two): a bot without `net=` takes the first of its ruleset that fits
/// the rules. docs/neural.md gives the command and time that made each, and its strength.
pub const SHIPPED_NETWORKS: &[ShippedNetwork] = &[
    ShippedNetwork {
        name: "pachisi",
        set: &[],
        text: include_str!("../networks/pachisi.json"),
    },
    ShippedNetwork {
        name: "pachisi-2-players",
        set: &[
            "players.teams=[]",
            "players.colours=[]",
            "players.seats=[0,2]",
        ],
        text: include_str!("../networks/pachisi-2-players.json"),
    },
    ShippedNetwork {
        name: "herklots-1832",
        set: &[],
        text: include_str!("../networks/herklots-1832.json"),
    },
    ShippedNetwork {
        name: "humphries-1904",
        set: &[],
        text: include_str!("../networks/humphries-1904.json"),
    },
    ShippedNetwork {
        name: "parcheesi-sr",
        set: &[],
        text: include_str!("../networks/parcheesi-sr.json"),
    },
    ShippedNetwork {
        name: "ludo",
        set: &[],
        text: include_str!("../networks/ludo.json"),
    },
];

/// Why a network was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read.
    #[error("cannot read network file {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not a valid network file.
    #[error("network {origin}: {reason}")]
    Invalid {
        /// Where the text came from.
        origin: String,
        /// What is wrong.
        reason: String,
    },
    /// The network was made for rules of another shape.
    #[error("the network trained for ruleset `{network}` does not fit ruleset `{rules}`: it has {reason}")]
    Incompatible {
        /// The ruleset the network was trained for.
        network: String,
        /// The ruleset it was asked to play.
        rules: String,
        /// The differences, the rules' first.
        reason: String,
    },
    /// A softmax scale that is not a finite number above 0.
    #[error("the softmax scale must be a finite number above 0, not {0}")]
    BadScale(f64),
    /// Networks ship for the ruleset, but the rules' options give them a shape none has.
    #[error("no network shipped for ruleset {ruleset} fits these rules ({reason}); train one with `pachisi train --rules {ruleset} --out FILE` and the same --set options, and pass net=FILE")]
    NoneFits {
        /// The ruleset.
        ruleset: String,
        /// Why the first network of the ruleset does not fit.
        reason: String,
    },
    /// No network ships for the ruleset and none was named.
    #[error("no network ships for ruleset {0}; train one with `pachisi train --rules {0} --out FILE` and pass net=FILE")]
    NoneShips(String),
}

/// The family of a ruleset, which a network file records: `pachisi` (pieces start in the
/// Charkoni), `parcheesi` (from a nest, two dice used separately) or `ludo` (from a nest, one
/// throw at a time), as [`Rules::family`] decides it.
pub fn family(rules: &Rules) -> &'static str {
    rules.family().name()
}

/// The names of the shipped networks.
pub fn shipped_names() -> impl Iterator<Item = &'static str> {
    SHIPPED_NETWORKS.iter().map(|n| n.name)
}

/// A shipped network by name, read once per process; `None` when none has that name.
pub fn shipped(name: &str) -> Option<Result<Arc<Network>, String>> {
    static LOADED: OnceLock<Vec<Result<Arc<Network>, String>>> = OnceLock::new();
    let loaded = LOADED.get_or_init(|| {
        SHIPPED_NETWORKS
            .iter()
            .map(|n| {
                Network::from_json(n.text, &format!("shipped network {}", n.name))
                    .map(Arc::new)
                    .map_err(|e| e.to_string())
            })
            .collect()
    });
    let i = SHIPPED_NETWORKS.iter().position(|n| n.name == name)?;
    loaded.get(i).cloned()
}

/// The first shipped network of the ruleset of `rules` (by its name) that fits the rules' shape.
///
/// # Errors
/// [`NetworkError::NoneShips`] when no network ships for the ruleset, and
/// [`NetworkError::NoneFits`] when the rules' options give them a shape none has (the
/// difference named is the first network's).
pub fn for_rules(rules: &Rules) -> Result<Arc<Network>, NetworkError> {
    let name = &rules.ruleset().name;
    let mut misfit = None;
    for shipped_net in SHIPPED_NETWORKS {
        let net = match shipped(shipped_net.name) {
            Some(Ok(net)) => net,
            Some(Err(reason)) => {
                return Err(NetworkError::Invalid {
                    origin: format!("shipped network {}", shipped_net.name),
                    reason,
                })
            }
            None => continue,
        };
        if net.info.ruleset != *name {
            continue;
        }
        match net.check_rules(rules) {
            Ok(()) => return Ok(net),
            Err(e) => {
                misfit.get_or_insert(e.to_string());
            }
        }
    }
    Err(match misfit {
        Some(reason) => NetworkError::NoneFits {
            ruleset: name.clone(),
            reason,
        },
        None => NetworkError::NoneShips(name.clone()),
    })
}
