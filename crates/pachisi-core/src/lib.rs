//! The rules of Pachisi and its family, as a pure library: no input/output, no threads, no
//! global state and no random number generator.
//!
//! - [`topology`]: the cross-shaped board, generated from its number of arms and their length;
//! - [`throw`]: cowrie shells and dice, every outcome with its exact probability;
//! - [`ruleset`]: rulesets as data ([`Ruleset`]) validated into [`Rules`];
//! - [`position`]: the game state ([`Position`]), throws and turn flow;
//! - [`movegen`]: legal moves and playing them;
//! - [`describe`]: moves and routes in words;
//! - [`explain`]: why a piece cannot move, in words;
//! - [`moves`], [`notation`], [`record`]: the text forms of moves, positions and games;
//! - [`action`]: a dense, stable numbering of a ruleset's moves, for learning agents;
//! - [`mod@perft`]: move-sequence counts for testing;
//! - [`plain`]: a compact game for fast self-play under the simpler rulesets.
//!
//! Two private modules sit below these: the ruleset's data types (re-exported by [`ruleset`]),
//! and the route arithmetic (where a move ends, which throws bring a piece out) that both the
//! rules' tables and the move generator are built from. docs/modules.md has the layering.
//!
//! A game alternates between chance nodes (the seat to move throws) and decision nodes (it
//! spends its throws):
//!
//! ```
//! use pachisi_core::{builtin_rules, Phase, Position};
//!
//! let rules = builtin_rules("pachisi", &[]).unwrap();
//! let mut pos = Position::new(&rules);
//! // The chance node: every outcome with its exact probability (six cowries: 0 mouths up, 1/64).
//! let outcomes = rules.outcomes();
//! assert_eq!(outcomes[0].value, 25);
//! assert_eq!(outcomes[0].probability, 1.0 / 64.0);
//! // Throw a 25 (a grace) and spend it to introduce a piece.
//! pos.apply_throw(&rules, rules.throw_by_value(25).unwrap()).unwrap();
//! assert_eq!(pos.phase(), Phase::Move);
//! pos.play(&rules, "E25".parse().unwrap()).unwrap();
//! // A grace earns another throw.
//! assert_eq!(pos.phase(), Phase::Throw);
//! assert_eq!(pos.to_notation(&rules), "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y");
//! ```

pub mod action;
pub mod describe;
pub mod explain;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod plain;
pub mod position;
pub mod record;
mod route;
pub mod ruleset;
pub mod sampling;
mod schema;
pub mod throw;
pub mod throw_off;
pub mod topology;

pub use action::ActionSpace;
pub use explain::Refusal;
pub use moves::Move;
pub use notation::NotationError;
pub use perft::perft;
pub use plain::PlainGame;
pub use position::{Increment, Phase, Position};
pub use record::{Action, GameRecord, RecordError};
pub use ruleset::{Rules, Ruleset, RulesetError};
pub use sampling::RandomBits;
pub use throw::{Outcome, Throw, ThrowName, UnknownThrowName};
pub use throw_off::{ThrowOff, ThrowOffSteps};
pub use topology::{Square, Topology};

/// Why a throw or move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// A throw was applied while a move was due or the game was over.
    #[error("it is not time to throw")]
    NotThrowing,
    /// A move was played while a throw was due or the game was over.
    #[error("it is not time to move: a throw is due or the game is over")]
    NotMoving,
    /// The throw is not an outcome of the ruleset's device.
    #[error("throw {0} is not an outcome of this ruleset")]
    UnknownThrow(u8),
    /// The move is not legal here.
    #[error("{0} is not a legal move here")]
    Illegal(Move),
}

/// The rulesets that ship with the engine: `(name, TOML text)`.
pub const BUILTIN_RULESETS: &[(&str, &str)] = &[
    ("pachisi", include_str!("../rulesets/pachisi.toml")),
    (
        "pachisi-3-players",
        include_str!("../rulesets/pachisi-3-players.toml"),
    ),
    (
        "pachisi-7-cowries",
        include_str!("../rulesets/pachisi-7-cowries.toml"),
    ),
    (
        "pachisi-encyclopedia",
        include_str!("../rulesets/pachisi-encyclopedia.toml"),
    ),
    (
        "herklots-1832",
        include_str!("../rulesets/herklots-1832.toml"),
    ),
    (
        "herklots-1832-7-cowries",
        include_str!("../rulesets/herklots-1832-7-cowries.toml"),
    ),
    (
        "herklots-1832-two-player",
        include_str!("../rulesets/herklots-1832-two-player.toml"),
    ),
    (
        "humphries-1904",
        include_str!("../rulesets/humphries-1904.toml"),
    ),
    (
        "humphries-1904-dice",
        include_str!("../rulesets/humphries-1904-dice.toml"),
    ),
    (
        "parcheesi-sr",
        include_str!("../rulesets/parcheesi-sr.toml"),
    ),
    (
        "parcheesi-pb",
        include_str!("../rulesets/parcheesi-pb.toml"),
    ),
    (
        "parcheesi-mb",
        include_str!("../rulesets/parcheesi-mb.toml"),
    ),
    (
        "parcheesi-tr",
        include_str!("../rulesets/parcheesi-tr.toml"),
    ),
    ("ludo", include_str!("../rulesets/ludo.toml")),
    ("maedn", include_str!("../rulesets/maedn.toml")),
    ("maedn-2", include_str!("../rulesets/maedn-2.toml")),
    ("ludopy", include_str!("../rulesets/ludopy.toml")),
    ("pachih", include_str!("../rulesets/pachih.toml")),
    ("sokkattan", include_str!("../rulesets/sokkattan.toml")),
    ("chaupar", include_str!("../rulesets/chaupar.toml")),
    (
        "tayam-sonalu",
        include_str!("../rulesets/tayam-sonalu.toml"),
    ),
    (
        "pahada-keliya",
        include_str!("../rulesets/pahada-keliya.toml"),
    ),
];

/// The TOML text of a built-in ruleset.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN_RULESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// Compiles a built-in ruleset, with `field=value` overrides.
///
/// # Errors
/// When no built-in ruleset has that name, or an override makes it invalid.
pub fn builtin_rules(name: &str, overrides: &[String]) -> Result<Rules, RulesetError> {
    let text = builtin_text(name).ok_or_else(|| RulesetError::Invalid {
        origin: name.to_string(),
        field: "name".into(),
        reason: format!(
            "no built-in ruleset is called `{name}` (there are: {})",
            BUILTIN_RULESETS
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })?;
    Rules::from_toml(text, &format!("{name}.toml"), overrides)
}

impl Rules {
    /// The throw a uniform random number `u` in `[0, 1)` selects (inverse of the cumulative
    /// distribution), for callers that bring their own random number generator.
    ///
    /// The running sums are precomputed (in the same order, so with the same rounding): the
    /// throw is the first whose running sum exceeds `u`, or the last outcome when rounding leaves
    /// the total just short of `u`. Running sums of probabilities never decrease, so the first
    /// that exceeds `u` comes after exactly those that do not: counting them needs no branch.
    #[inline]
    pub fn throw_for(&self, u: f64) -> Throw {
        let cumulative = self.cumulative();
        let below = cumulative.iter().filter(|&&acc| acc <= u).count();
        Throw(below.min(cumulative.len() - 1) as u8)
    }

    /// A throw drawn from `bits` with the rules' exact probabilities, using as few bits as the
    /// device needs (six bits for six fair cowries, one draw for a die or two): see
    /// [`sampling`].
    #[inline(always)]
    pub fn draw_throw<R: RandomBits + ?Sized>(&self, bits: &mut R) -> Throw {
        self.sampling().draw(bits)
    }

    /// Where the throws are a few fair shells (up to eight, as six or seven cowries are), how
    /// [`Rules::draw_throw`] draws them: the throw of every pattern of their random bits. A loop
    /// that draws many throws can look this up once, and spare asking at every throw which way
    /// the device is drawn.
    pub fn shell_patterns(&self) -> Option<sampling::ShellPatterns<'_>> {
        self.sampling().shell_patterns()
    }
}
