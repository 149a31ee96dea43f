//! Bot spec strings: `name` then `:key=value` options, e.g. `mcts:playouts=2000`,
//! `expectimax:depth=2:weights=my.toml`. Options are separated by colons so that lists of specs
//! can be separated by commas.
//!
//! A spec from someone who may not read the machine's files (a visitor of `pachisi serve`) is
//! parsed with [`BotSpec::parse_untrusted`]: its `weights` must name built-in weights
//! ([`BUILTIN_WEIGHTS`]), and no file is opened whatever it says. [`BotSpec::budget`] tells what
//! a search may spend, so that a server can hold it to its limits.

use crate::eval::{Evaluator, Weights};
use crate::expectimax::{ExpectimaxBot, ExpectimaxConfig};
use crate::heuristic::HeuristicBot;
use crate::mcts::{MctsBot, MctsConfig, Rollout};
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
    /// No search: `random` and `heuristic` cost one evaluation per move.
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
    /// One ply with the evaluation.
    Heuristic,
    /// Expectimax search over throws.
    Expectimax,
    /// Monte Carlo tree search.
    Mcts,
}

impl BotKind {
    const ALL: [(BotKind, &'static str); 4] = [
        (BotKind::Random, "random"),
        (BotKind::Heuristic, "heuristic"),
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
    #[error("no bot is called `{0}` (there are: random, heuristic, expectimax, mcts)")]
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
    /// The weights, and the pieces a side of the endgame table (0: none).
    Heuristic(Weights, u8),
    Expectimax(ExpectimaxConfig, Weights, u8),
    Mcts(MctsConfig, Weights),
}

impl BotSpec {
    /// The kind of bot.
    pub fn kind(&self) -> BotKind {
        match self.config {
            Config::Random => BotKind::Random,
            Config::Heuristic(..) => BotKind::Heuristic,
            Config::Expectimax(..) => BotKind::Expectimax,
            Config::Mcts(..) => BotKind::Mcts,
        }
    }

    /// Parses a spec from someone who may not read this machine's files: as
    /// [`str::parse`], but `weights` must name built-in weights, and no file is opened (so the
    /// answer says nothing of the files there).
    ///
    /// # Errors
    /// As [`str::parse`], and [`SpecError::FileNotAllowed`] for weights that are not built in.
    pub fn parse_untrusted(text: &str) -> Result<BotSpec, SpecError> {
        parse(text, Files::Refused)
    }

    /// What the bot may spend on one decision.
    pub fn budget(&self) -> Budget {
        match &self.config {
            Config::Random | Config::Heuristic(..) => Budget::OnePly,
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
    pub fn build(&self, rules: Arc<Rules>, seed: u64) -> Box<dyn Bot> {
        let eval = |w: &Weights| Evaluator::new(rules.clone(), w.clone());
        let exact = |e: Evaluator, pieces: u8| match pieces {
            0 => e,
            n => match crate::endgame::shared(&rules, n) {
                Some(table) => e.with_endgame(table),
                None => e,
            },
        };
        match &self.config {
            Config::Random => Box::new(RandomBot::new(rules.clone(), seed)),
            Config::Heuristic(w, n) => Box::new(HeuristicBot::new(exact(eval(w), *n))),
            Config::Expectimax(c, w, n) => {
                Box::new(ExpectimaxBot::new(exact(eval(w), *n), c.clone()))
            }
            Config::Mcts(c, w) => Box::new(MctsBot::new(eval(w), c.clone(), seed)),
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

/// Whether `weights=PATH` may read a file.
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
        BotKind::Expectimax => Config::Expectimax(
            ExpectimaxConfig {
                depth: opts.number("depth", ExpectimaxConfig::DEFAULT_DEPTH, 0..=4)?,
                nodes: opts.number("nodes", ExpectimaxConfig::DEFAULT_NODES, 1..=1_000_000_000)?,
            },
            opts.weights()?,
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
                opts.weights()?,
            )
        }
    };
    opts.finish(kind)?;
    Ok(BotSpec {
        text: text.to_string(),
        config,
    })
}

/// `endgame=N`: the exact endgame table for N pieces a side (0, the default: none). Building a
/// table takes from milliseconds to a minute (docs/endgames.md), so it is asked for, not assumed.
/// Where files may not be read (a visitor's spec) no table is built either: a build may take a
/// minute and hundreds of megabytes.
fn endgame(opts: &mut Options) -> Result<u8, SpecError> {
    let n = opts.number("endgame", 0, 0..=4)?;
    if n > 0 && opts.files == Files::Refused {
        return Err(SpecError::BadValue {
            key: "endgame".into(),
            reason: "endgame tables are not built here".into(),
        });
    }
    Ok(n)
}

/// The options each kind takes, for error messages.
fn valid_options(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "none",
        BotKind::Heuristic => "weights, endgame",
        BotKind::Expectimax => "depth, nodes, weights, endgame",
        BotKind::Mcts => "playouts, ms, c, cutoff, rollout, weights",
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
mod tests {
    use super::*;

    #[test]
    fn specs_parse_with_options() {
        let s: BotSpec = "mcts:playouts=50:rollout=random".parse().expect("valid");
        assert_eq!(s.kind(), BotKind::Mcts);
        assert_eq!(s.to_string(), "mcts:playouts=50:rollout=random");
        let s: BotSpec = "expectimax:depth=2".parse().expect("valid");
        assert_eq!(s.kind(), BotKind::Expectimax);
        assert_eq!(
            "random".parse::<BotSpec>().expect("valid").kind(),
            BotKind::Random
        );
    }

    #[test]
    fn endgame_tables_are_asked_for_and_never_by_a_visitor() {
        let s: BotSpec = "heuristic:endgame=2".parse().expect("valid");
        assert!(matches!(s.config, Config::Heuristic(_, 2)));
        let s: BotSpec = "expectimax:depth=0:endgame=1".parse().expect("valid");
        assert!(matches!(s.config, Config::Expectimax(_, _, 1)));
        assert!("heuristic:endgame=5".parse::<BotSpec>().is_err());
        let err = BotSpec::parse_untrusted("heuristic:endgame=2").expect_err("not here");
        assert!(err.to_string().contains("endgame"), "{err}");
        assert!(BotSpec::parse_untrusted("heuristic:endgame=0").is_ok());
        let err = "mcts:endgame=1"
            .parse::<BotSpec>()
            .expect_err("mcts has no table");
        assert!(matches!(err, SpecError::UnknownOption { .. }), "{err}");
    }

    #[test]
    fn untrusted_specs_name_built_in_weights_and_report_their_budget() {
        let s = BotSpec::parse_untrusted("expectimax:depth=2:weights=default").expect("built in");
        assert_eq!(
            s.budget(),
            Budget::Expectimax {
                depth: 2,
                nodes: ExpectimaxConfig::DEFAULT_NODES
            }
        );
        let s = BotSpec::parse_untrusted("mcts:ms=300").expect("valid");
        assert_eq!(
            s.budget(),
            Budget::Mcts {
                playouts: MctsConfig::DEFAULT_PLAYOUTS,
                time: Some(Duration::from_millis(300)),
                cutoff: MctsConfig::DEFAULT_CUTOFF
            }
        );
        assert_eq!(
            BotSpec::parse_untrusted("heuristic")
                .expect("valid")
                .budget(),
            Budget::OnePly
        );
        // A path is refused before anything looks at it: a file that exists and one that does
        // not get the same answer.
        let here = std::env::current_dir().expect("cwd").join("Cargo.toml");
        let there = here.with_file_name("no-such-file.toml");
        let answers: Vec<String> = [here, there]
            .iter()
            .map(|p| {
                BotSpec::parse_untrusted(&format!("heuristic:weights={}", p.display()))
                    .expect_err("refused")
                    .to_string()
                    .replace(&p.display().to_string(), "PATH")
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let e = "alphazero".parse::<BotSpec>().expect_err("unknown");
        assert!(e.to_string().contains("alphazero"));
        let e = "expectimax:width=3"
            .parse::<BotSpec>()
            .expect_err("unknown option");
        assert!(
            e.to_string().contains("width") && e.to_string().contains("depth"),
            "{e}"
        );
        let e = "expectimax:depth=9"
            .parse::<BotSpec>()
            .expect_err("too deep");
        assert!(e.to_string().contains("depth"), "{e}");
        let e = "mcts:playouts".parse::<BotSpec>().expect_err("no value");
        assert!(matches!(e, SpecError::Malformed(_)));
        let e = "mcts:c=1:c=2".parse::<BotSpec>().expect_err("twice");
        assert!(matches!(e, SpecError::Malformed(_)));
        let e = "heuristic:weights=/no/such/file.toml"
            .parse::<BotSpec>()
            .expect_err("missing file");
        assert!(e.to_string().contains("/no/such/file.toml"), "{e}");
        let e = BotSpec::parse_untrusted("heuristic:weights=/dev/zero")
            .expect_err("no file from an untrusted spec");
        assert_eq!(e, SpecError::FileNotAllowed("/dev/zero".into()));
        assert!(e.to_string().contains("default"), "{e}");
        let e = "random:seed=3"
            .parse::<BotSpec>()
            .expect_err("random has no options");
        assert!(e.to_string().contains("none"), "{e}");
    }
}
