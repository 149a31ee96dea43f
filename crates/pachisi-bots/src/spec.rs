//! Bot spec strings: `name` then `:key=value` options, e.g. `mcts:playouts=2000`,
//! `expectimax:depth=2:weights=my.toml`, `neural:net=my-net.json`,
//! `expectimax:eval=neural`. Options are separated by colons so that lists of specs can be
//! separated by commas.
//!
//! The evaluation of `heuristic` is the hand-written one ([`crate::eval`], `weights=`); that of
//! `neural` a learned network ([`crate::neural`], `net=`); `expectimax` and `mcts` search with
//! either (`eval=heuristic`, the default, or `eval=neural`). `net=NAME` names a shipped network,
//! `net=PATH` reads a network file, and without it a bot takes the network shipped for the rules'
//! ruleset, if one ships.
//!
//! A spec from someone who may not read the machine's files (a visitor of `pachisi serve`) is
//! parsed with [`BotSpec::parse_untrusted`]: its `weights` must name built-in weights
//! ([`BUILTIN_WEIGHTS`]) and its `net` a shipped network, and no file is opened whatever it says.
//! [`BotSpec::budget`] tells what a search may spend, so that a server can hold it to its limits.

use crate::endgame::Domain;
use crate::eval::{Evaluator, Weights};
use crate::expectimax::{ExpectimaxBot, ExpectimaxConfig};
use crate::heuristic::HeuristicBot;
use crate::mcts::{MctsBot, MctsConfig, Rollout};
use crate::neural::{self, Network};
use crate::random::RandomBot;
use crate::Bot;
use pachisi_core::Rules;
use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Weights that `weights=NAME` names without a file: `default`, the shipped
/// `weights/default.toml`.
pub const BUILTIN_WEIGHTS: &[&str] = &["default"];

/// What a bot may spend on one decision, as its spec sets it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// No search: `random`, `heuristic` and `neural` cost one evaluation per move (the
    /// network's a few times the heuristic's).
    OnePly,
    /// Expectimax: throws searched ahead, and positions per decision.
    Expectimax {
        /// Throws searched beyond the current one.
        depth: u32,
        /// Most positions searched per decision.
        nodes: u64,
    },
    /// Monte Carlo tree search: playouts per decision, or a time per decision instead.
    Mcts {
        /// Playouts per decision (when no time is set).
        playouts: u32,
        /// Time per decision, which replaces the playout count.
        time: Option<Duration>,
        /// Throws per playout before the evaluation scores it (0: to the end).
        cutoff: u32,
    },
}

/// The kinds of bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// Uniform over the legal moves.
    Random,
    /// One ply with the heuristic evaluation.
    Heuristic,
    /// One ply with a learned network's evaluation.
    Neural,
    /// Expectimax search over throws.
    Expectimax,
    /// Monte Carlo tree search.
    Mcts,
}

impl BotKind {
    const ALL: [(BotKind, &'static str); 5] = [
        (BotKind::Random, "random"),
        (BotKind::Heuristic, "heuristic"),
        (BotKind::Neural, "neural"),
        (BotKind::Expectimax, "expectimax"),
        (BotKind::Mcts, "mcts"),
    ];

    /// The kind's name in specs.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("random", |(_, n)| n)
    }
}

/// Why a spec string was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpecError {
    /// No bot has that name.
    #[error("no bot is called `{0}` (there are: random, heuristic, neural, expectimax, mcts)")]
    UnknownBot(String),
    /// An option the bot does not take.
    #[error("bot `{bot}` has no option `{key}` (its options: {valid})")]
    UnknownOption {
        /// The bot.
        bot: String,
        /// The option given.
        key: String,
        /// The options it takes.
        valid: String,
    },
    /// An option without `=value`, or given twice.
    #[error("bad option `{0}`: write key=value, each key once")]
    Malformed(String),
    /// `weights=PATH` where files may not be read.
    #[error("bot option `weights`: `{0}` is not built-in weights (here only {names} may be named, and no file is read)", names = BUILTIN_WEIGHTS.join(", "))]
    FileNotAllowed(String),
    /// `net=PATH` where files may not be read.
    #[error("bot option `net`: `{0}` is not a shipped network (here only {names} may be named, and no file is read)", names = shipped_list())]
    NetworkFileNotAllowed(String),
    /// A value that does not fit its option.
    #[error("bot option `{key}`: {reason}")]
    BadValue {
        /// The option.
        key: String,
        /// What is wrong.
        reason: String,
    },
}

/// A parsed, validated bot spec. Build bots from it with [`BotSpec::build`].
#[derive(Clone, Debug)]
pub struct BotSpec {
    text: String,
    config: Config,
}

#[derive(Clone, Debug)]
enum Config {
    Random,
    /// The weights, and the endgame table asked for.
    Heuristic(Weights, Table),
    /// The network, and the endgame table asked for.
    Neural(Net, Table),
    Expectimax(ExpectimaxConfig, Eval, Table),
    Mcts(MctsConfig, Eval),
}

/// The endgame table a bot asks for: `endgame=N` pieces a side (0, the default: none), of the
/// domain `endgame-domain=` names (races by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Table {
    pieces: u8,
    domain: Domain,
}

/// The evaluation a search bot uses (`eval=`).
#[derive(Clone, Debug)]
enum Eval {
    Heuristic(Weights),
    Neural(Net),
}

/// Which network (`net=`).
#[derive(Clone, Debug)]
enum Net {
    /// The one shipped for the rules' ruleset, found when the bot is built.
    ForRules,
    /// A shipped network by name.
    Shipped(String),
    /// A network file, read and validated when the spec was parsed.
    File(Arc<Network>),
}

impl Net {
    /// The network for `rules`, checked against them.
    fn resolve(&self, rules: &Rules) -> Result<Arc<Network>, SpecError> {
        let bad = |e: neural::NetworkError| SpecError::BadValue {
            key: "net".into(),
            reason: e.to_string(),
        };
        let net = match self {
            Net::ForRules => return neural::for_rules(rules).map_err(bad),
            Net::Shipped(name) => match neural::shipped(name) {
                Some(Ok(net)) => net,
                Some(Err(reason)) => {
                    return Err(SpecError::BadValue {
                        key: "net".into(),
                        reason,
                    })
                }
                None => {
                    return Err(SpecError::BadValue {
                        key: "net".into(),
                        reason: format!("no network called `{name}` ships"),
                    })
                }
            },
            Net::File(net) => net.clone(),
        };
        net.check_rules(rules).map_err(bad)?;
        Ok(net)
    }
}

/// The shipped networks' names, for messages.
fn shipped_list() -> String {
    let names: Vec<&str> = neural::shipped_names().collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

impl BotSpec {
    /// The kind of bot.
    pub fn kind(&self) -> BotKind {
        match self.config {
            Config::Random => BotKind::Random,
            Config::Heuristic(..) => BotKind::Heuristic,
            Config::Neural(..) => BotKind::Neural,
            Config::Expectimax(..) => BotKind::Expectimax,
            Config::Mcts(..) => BotKind::Mcts,
        }
    }

    /// Parses a spec from someone who may not read this machine's files: as
    /// [`str::parse`], but `weights` must name built-in weights and `net` a shipped network, and
    /// no file is opened (so the answer says nothing of the files there).
    ///
    /// # Errors
    /// As [`str::parse`], [`SpecError::FileNotAllowed`] for weights that are not built in and
    /// [`SpecError::NetworkFileNotAllowed`] for a network that is not shipped.
    pub fn parse_untrusted(text: &str) -> Result<BotSpec, SpecError> {
        parse(text, Files::Refused)
    }

    /// What the bot may spend on one decision.
    pub fn budget(&self) -> Budget {
        match &self.config {
            Config::Random | Config::Heuristic(..) | Config::Neural(..) => Budget::OnePly,
            Config::Expectimax(c, _, _) => Budget::Expectimax {
                depth: c.depth,
                nodes: c.nodes,
            },
            Config::Mcts(c, _) => Budget::Mcts {
                playouts: c.playouts,
                time: c.time,
                cutoff: c.cutoff,
            },
        }
    }

    /// Builds a bot for a ruleset; `seed` drives every random choice it makes. A bot with
    /// `endgame=N` gets the process's shared table ([`crate::endgame::shared`], built on first
    /// use), or none where the rules are out of the tables' reach.
    ///
    /// A bot whose network does not fit the rules, or which names none where none ships for the
    /// ruleset, cannot be built as asked ([`BotSpec::check`] tells, [`BotSpec::try_build`]
    /// refuses): this plays with the heuristic evaluation instead rather than fail, so front
    /// ends should check a spec against the rules first.
    pub fn build(&self, rules: Arc<Rules>, seed: u64) -> Box<dyn Bot> {
        match self.try_build(rules.clone(), seed) {
            Ok(bot) => bot,
            Err(_) => self.build_with(
                &rules,
                seed,
                Evaluator::new(rules.clone(), Weights::default()),
            ),
        }
    }

    /// Builds a bot for a ruleset, as [`BotSpec::build`], or says why its network cannot play
    /// these rules.
    ///
    /// # Errors
    /// As [`BotSpec::check`].
    pub fn try_build(&self, rules: Arc<Rules>, seed: u64) -> Result<Box<dyn Bot>, SpecError> {
        let eval = self.evaluator(&rules)?;
        Ok(self.build_with(&rules, seed, eval))
    }

    /// Whether the bot can play under `rules`: where it uses a network, that one ships for the
    /// ruleset (or one is named) and that it fits the rules' seats, teams, pieces and route.
    ///
    /// # Errors
    /// [`SpecError::BadValue`] for the option `net`, with the reason: no network ships for the
    /// ruleset (and how to train one), or the difference between the network's rules and these.
    pub fn check(&self, rules: &Rules) -> Result<(), SpecError> {
        self.network(rules).map(|_| ())
    }

    /// The network the bot evaluates with under `rules` (`neural`, or a search with
    /// `eval=neural`), or `None` for a bot without one.
    ///
    /// # Errors
    /// As [`BotSpec::check`].
    pub fn network(&self, rules: &Rules) -> Result<Option<Arc<Network>>, SpecError> {
        match &self.config {
            Config::Neural(net, _)
            | Config::Expectimax(_, Eval::Neural(net), _)
            | Config::Mcts(_, Eval::Neural(net)) => net.resolve(rules).map(Some),
            _ => Ok(None),
        }
    }

    /// The evaluation the spec asks for under `rules`, without its endgame table.
    fn evaluator(&self, rules: &Arc<Rules>) -> Result<Evaluator, SpecError> {
        let heuristic = |w: &Weights| Evaluator::new(rules.clone(), w.clone());
        let neural = |net: &Net| {
            let network = net.resolve(rules)?;
            neural::evaluator(rules.clone(), network).map_err(|e| SpecError::BadValue {
                key: "net".into(),
                reason: e.to_string(),
            })
        };
        match &self.config {
            Config::Random => Ok(heuristic(&Weights::default())),
            Config::Heuristic(w, _)
            | Config::Expectimax(_, Eval::Heuristic(w), _)
            | Config::Mcts(_, Eval::Heuristic(w)) => Ok(heuristic(w)),
            Config::Neural(net, _)
            | Config::Expectimax(_, Eval::Neural(net), _)
            | Config::Mcts(_, Eval::Neural(net)) => neural(net),
        }
    }

    /// The bot with evaluation `eval` (and its endgame table, where the spec asks for one).
    fn build_with(&self, rules: &Arc<Rules>, seed: u64, eval: Evaluator) -> Box<dyn Bot> {
        let exact = |e: Evaluator, table: &Table| match table.pieces {
            0 => e,
            n => match crate::endgame::shared(rules, n, table.domain) {
                Some(table) => e.with_endgame(table),
                None => e,
            },
        };
        match &self.config {
            Config::Random => Box::new(RandomBot::new(rules.clone(), seed)),
            Config::Heuristic(_, t) | Config::Neural(_, t) => {
                Box::new(HeuristicBot::new(exact(eval, t)))
            }
            Config::Expectimax(c, _, t) => Box::new(ExpectimaxBot::new(exact(eval, t), c.clone())),
            Config::Mcts(c, _) => Box::new(MctsBot::new(eval, c.clone(), seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        parse(text, Files::Allowed)
    }
}

/// Whether `weights=PATH` and `net=PATH` may read a file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Files {
    Allowed,
    Refused,
}

fn parse(text: &str, files: Files) -> Result<BotSpec, SpecError> {
    let text = text.trim();
    let mut parts = text.split(':');
    let name = parts.next().unwrap_or_default();
    let kind = BotKind::ALL
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(k, _)| *k)
        .ok_or_else(|| SpecError::UnknownBot(name.to_string()))?;
    let mut opts = Options::parse(name, parts, files)?;
    let config = match kind {
        BotKind::Random => Config::Random,
        BotKind::Heuristic => Config::Heuristic(opts.weights()?, endgame(&mut opts)?),
        BotKind::Neural => Config::Neural(opts.net()?, endgame(&mut opts)?),
        BotKind::Expectimax => Config::Expectimax(
            ExpectimaxConfig {
                depth: opts.number("depth", ExpectimaxConfig::DEFAULT_DEPTH, 0..=4)?,
                nodes: opts.number("nodes", ExpectimaxConfig::DEFAULT_NODES, 1..=1_000_000_000)?,
            },
            opts.eval()?,
            endgame(&mut opts)?,
        ),
        BotKind::Mcts => {
            let ms: u32 = opts.number("ms", 0, 0..=600_000)?;
            Config::Mcts(
                MctsConfig {
                    playouts: opts.number(
                        "playouts",
                        MctsConfig::DEFAULT_PLAYOUTS,
                        1..=10_000_000,
                    )?,
                    time: (ms > 0).then(|| Duration::from_millis(u64::from(ms))),
                    exploration: opts.real("c", MctsConfig::DEFAULT_EXPLORATION)?,
                    cutoff: opts.number("cutoff", MctsConfig::DEFAULT_CUTOFF, 0..=100_000)?,
                    rollout: match opts.take("rollout").as_deref() {
                        None | Some("heuristic") => Rollout::Heuristic,
                        Some("random") => Rollout::Random,
                        Some(other) => {
                            return Err(SpecError::BadValue {
                                key: "rollout".into(),
                                reason: format!("`{other}` is neither `random` nor `heuristic`"),
                            })
                        }
                    },
                },
                opts.eval()?,
            )
        }
    };
    opts.finish(kind)?;
    Ok(BotSpec {
        text: text.to_string(),
        config,
    })
}

/// `endgame=N`: the exact endgame table for N pieces a side (0, the default: none), and
/// `endgame-domain=race|meeting`: races (the default) or every ending where the sides may still
/// meet. Building a table takes from milliseconds to a minute (docs/endgames.md), so it is asked
/// for, not assumed. Where files may not be read (a visitor's spec) no table is built either: a
/// build may take a minute and hundreds of megabytes.
fn endgame(opts: &mut Options) -> Result<Table, SpecError> {
    let pieces = opts.number("endgame", 0, 0..=4)?;
    let domain = match opts.take("endgame-domain").as_deref() {
        None => Domain::Race,
        Some(name) => Domain::from_name(name).ok_or_else(|| SpecError::BadValue {
            key: "endgame-domain".into(),
            reason: format!("`{name}` is neither `race` nor `meeting`"),
        })?,
    };
    if pieces > 0 && opts.files == Files::Refused {
        return Err(SpecError::BadValue {
            key: "endgame".into(),
            reason: "endgame tables are not built here".into(),
        });
    }
    Ok(Table { pieces, domain })
}

/// The options each kind takes, for error messages.
fn valid_options(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "none",
        BotKind::Heuristic => "weights, endgame, endgame-domain",
        BotKind::Neural => "net, endgame, endgame-domain",
        BotKind::Expectimax => "depth, nodes, eval, weights, net, endgame, endgame-domain",
        BotKind::Mcts => "playouts, ms, c, cutoff, rollout, eval, weights, net",
    }
}

/// `key=value` options not yet consumed.
struct Options {
    bot: String,
    pairs: Vec<(String, String)>,
    files: Files,
}

impl Options {
    fn parse<'a>(
        bot: &str,
        parts: impl Iterator<Item = &'a str>,
        files: Files,
    ) -> Result<Options, SpecError> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| SpecError::Malformed(part.to_string()))?;
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() || pairs.iter().any(|(key, _)| key == k) {
                return Err(SpecError::Malformed(part.to_string()));
            }
            pairs.push((k.to_string(), v.to_string()));
        }
        Ok(Options {
            bot: bot.to_string(),
            pairs,
            files,
        })
    }

    fn take(&mut self, key: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(i).1)
    }

    fn number<T>(
        &mut self,
        key: &str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, SpecError>
    where
        T: FromStr + PartialOrd + fmt::Display + Copy,
    {
        let Some(v) = self.take(key) else {
            return Ok(default);
        };
        let bad = || SpecError::BadValue {
            key: key.to_string(),
            reason: format!(
                "`{v}` is not a whole number from {} to {}",
                range.start(),
                range.end()
            ),
        };
        let n: T = v.parse().map_err(|_| bad())?;
        if range.contains(&n) {
            Ok(n)
        } else {
            Err(bad())
        }
    }

    fn real(&mut self, key: &str, default: f64) -> Result<f64, SpecError> {
        let Some(v) = self.take(key) else {
            return Ok(default);
        };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
            _ => Err(SpecError::BadValue {
                key: key.to_string(),
                reason: format!("`{v}` is not a number of 0 or more"),
            }),
        }
    }

    fn weights(&mut self) -> Result<Weights, SpecError> {
        match self.take("weights") {
            None => Ok(Weights::default()),
            Some(name) if BUILTIN_WEIGHTS.contains(&name.as_str()) => Ok(Weights::default()),
            Some(path) if self.files == Files::Refused => Err(SpecError::FileNotAllowed(path)),
            Some(path) => Weights::from_file(Path::new(&path)).map_err(|e| SpecError::BadValue {
                key: "weights".into(),
                reason: e.to_string(),
            }),
        }
    }

    /// `eval=heuristic|neural` with its `weights` or `net`.
    fn eval(&mut self) -> Result<Eval, SpecError> {
        let bad = |key: &str, reason: &str| SpecError::BadValue {
            key: key.into(),
            reason: reason.into(),
        };
        match self.take("eval").as_deref() {
            None | Some("heuristic") => {
                if self.pairs.iter().any(|(k, _)| k == "net") {
                    return Err(bad("net", "a network is for eval=neural"));
                }
                Ok(Eval::Heuristic(self.weights()?))
            }
            Some("neural") => {
                if self.pairs.iter().any(|(k, _)| k == "weights") {
                    return Err(bad("weights", "weights are for eval=heuristic"));
                }
                Ok(Eval::Neural(self.net()?))
            }
            Some(other) => Err(bad(
                "eval",
                &format!("`{other}` is neither `heuristic` nor `neural`"),
            )),
        }
    }

    /// `net=NAME|PATH`: a shipped network, or a file read and validated now (never where files
    /// may not be read); without it, the network shipped for the rules' ruleset.
    fn net(&mut self) -> Result<Net, SpecError> {
        match self.take("net") {
            None => Ok(Net::ForRules),
            Some(name) if neural::shipped_names().any(|n| n == name) => Ok(Net::Shipped(name)),
            Some(path) if self.files == Files::Refused => {
                Err(SpecError::NetworkFileNotAllowed(path))
            }
            Some(path) => Network::from_file(Path::new(&path))
                .map(|net| Net::File(Arc::new(net)))
                .map_err(|e| SpecError::BadValue {
                    key: "net".into(),
                    reason: e.to_string(),
                }),
        }
    }

    fn finish(self, kind: BotKind) -> Result<(), SpecError> {
        match self.pairs.into_iter().next() {
            None => Ok(()),
            Some((key, _)) => Err(SpecError::UnknownOption {
                bot: self.bot,
                key,
                valid: valid_options(kind).to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests;
