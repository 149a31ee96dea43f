//! The ruleset a game plays under, shared by every object of the module: `GameCore` (a ruleset,
//! built in or read from a file, compiled with its `--set` overrides, with its action numbering
//! and observation layout) and `Game`, the Python class that holds it. `game` gives `Game` its
//! methods; `state`, `bots` and `vecenv` take games and their cores.

use crate::encode::Layout;
use crate::errors;
use pachisi_core::{builtin_text, ActionSpace, Move, Rules, BUILTIN_RULESETS};
use pyo3::prelude::*;
use std::sync::Arc;

/// Separates the overrides of a record's `Set` tag (as every record of the engine writes it).
pub const SET_SEPARATOR: char = '|';

/// Largest ruleset file read, in bytes: ruleset files are a few kilobytes.
const MAX_RULESET_FILE: u64 = 1 << 20;

/// A compiled ruleset and everything derived from it, shared by the game's states.
#[derive(Debug)]
pub struct GameCore {
    /// The built-in ruleset's name, or the path of the ruleset file.
    pub name: String,
    /// The file's text for a ruleset read from a file (kept so that pickles carry it).
    pub text: Option<String>,
    /// The `field=value` overrides.
    pub overrides: Vec<String>,
    /// The rules.
    pub rules: Arc<Rules>,
    /// The dense action numbering.
    pub space: ActionSpace,
    /// The observation's layout.
    pub layout: Layout,
}

impl GameCore {
    /// Compiles a ruleset from its name or file text, with overrides.
    pub fn new(name: &str, text: Option<String>, overrides: Vec<String>) -> PyResult<GameCore> {
        if let Some(bad) = overrides.iter().find(|o| o.contains(SET_SEPARATOR)) {
            return Err(errors::ruleset(format!(
                "the override `{bad}` contains `{SET_SEPARATOR}`, which separates overrides in a record's Set tag"
            )));
        }
        let rules = match &text {
            Some(text) => Rules::from_toml(text, name, &overrides),
            None => match builtin_text(name) {
                Some(builtin) => Rules::from_toml(builtin, &format!("{name}.toml"), &overrides),
                None => {
                    return Err(errors::ruleset(format!(
                    "no built-in ruleset or file is called `{name}`; the built-in rulesets are: {}",
                    builtin_names().join(", ")
                )))
                }
            },
        }
        .map_err(errors::ruleset)?;
        let space = ActionSpace::new(&rules);
        let layout = Layout::new(&rules, &space);
        Ok(GameCore {
            name: name.to_string(),
            text,
            overrides,
            rules: Arc::new(rules),
            space,
            layout,
        })
    }

    /// A built-in ruleset by name, or a ruleset file by path, with overrides.
    pub fn load(name_or_path: &str, overrides: Vec<String>) -> PyResult<GameCore> {
        if builtin_text(name_or_path).is_some() {
            return GameCore::new(name_or_path, None, overrides);
        }
        let path = std::path::Path::new(name_or_path);
        if !path.is_file() {
            return Err(errors::ruleset(format!(
                "no built-in ruleset or file is called `{name_or_path}`; the built-in rulesets are: {}",
                builtin_names().join(", ")
            )));
        }
        let size = path.metadata().map(|m| m.len()).unwrap_or(0);
        if size > MAX_RULESET_FILE {
            return Err(errors::ruleset(format!(
                "the ruleset file {name_or_path} has {size} bytes, more than a ruleset has"
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| {
            errors::ruleset(format!("cannot read the ruleset file {name_or_path}: {e}"))
        })?;
        GameCore::new(name_or_path, Some(text), overrides)
    }

    /// Whether two games play under the same rules.
    pub fn same_as(&self, other: &GameCore) -> bool {
        self.name == other.name && self.text == other.text && self.overrides == other.overrides
    }

    /// The move an action number stands for, or an `IllegalActionError`.
    pub fn decode(&self, action: i64) -> PyResult<Move> {
        u32::try_from(action)
            .ok()
            .and_then(|a| self.space.decode(a))
            .ok_or_else(|| {
                errors::illegal(format!(
                    "{action} is no action of {} (actions are 0 to {})",
                    self.name,
                    self.space.len() - 1
                ))
            })
    }

    /// The action number of a move in notation (`E25`, `12+3`, `-`).
    pub fn move_action(&self, text: &str) -> PyResult<u32> {
        let mv: Move = text.trim().parse().map_err(errors::notation)?;
        self.space
            .index(mv)
            .ok_or_else(|| errors::illegal(format!("{mv} is not a move these rules can ever make")))
    }
}

/// The names of the built-in rulesets, in their order.
pub(crate) fn builtin_names() -> Vec<&'static str> {
    BUILTIN_RULESETS.iter().map(|(n, _)| *n).collect()
}

/// A game: a ruleset with its overrides.
#[pyclass(module = "pachisi", frozen, eq, hash)]
pub struct Game {
    pub(crate) core: Arc<GameCore>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.core.same_as(&other.core)
    }
}

impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.core.name.hash(state);
        self.core.overrides.hash(state);
    }
}
