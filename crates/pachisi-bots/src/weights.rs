//! The heuristic evaluation's weights: one number per feature it weighs, as data
//! (`weights/default.toml` explains each), read from TOML and validated. The network that starts
//! as the heuristic ([`crate::neural::Network::from_heuristic`]) takes its first weights from
//! them too.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The weights of the evaluation's features; `weights/default.toml` explains each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Softmax factor turning scores into winning chances.
    pub scale: f64,
    /// Per unit of progress (a whole route is 1).
    pub progress: f64,
    /// A piece on the board.
    pub entered: f64,
    /// A piece home.
    pub home: f64,
    /// A piece where no opponent may capture it.
    pub safe: f64,
    /// Chance of capture times the piece's progress.
    pub danger: f64,
    /// Chance of capture.
    pub danger_flat: f64,
    /// A piece on a castle one throw from home.
    pub waiting: f64,
    /// A blockade of two pieces.
    pub blockade: f64,
}

/// The weights shipped with the bots.
pub const DEFAULT_WEIGHTS: &str = include_str!("../weights/default.toml");

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("cannot read weights file {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not valid weights.
    #[error("weights {origin}: {reason}")]
    Invalid {
        /// Where the text came from.
        origin: String,
        /// What is wrong, naming the field.
        reason: String,
    },
}

impl Default for Weights {
    fn default() -> Self {
        // The shipped file is checked by a unit test, so this cannot fail.
        Weights::from_toml(DEFAULT_WEIGHTS, "default weights").unwrap_or(Weights {
            scale: 6.0,
            progress: 1.0,
            entered: 0.12,
            home: 0.05,
            safe: 0.03,
            danger: 0.9,
            danger_flat: 0.1,
            waiting: 0.04,
            blockade: 0.03,
        })
    }
}

impl Weights {
    /// Parses and validates weights written in TOML; `origin` names the text in errors.
    ///
    /// # Errors
    /// When a field is missing, unknown, not a finite number, or `scale` is not positive.
    pub fn from_toml(text: &str, origin: &str) -> Result<Weights, WeightsError> {
        let invalid = |reason: String| WeightsError::Invalid {
            origin: origin.to_string(),
            reason,
        };
        let w: Weights = toml::from_str(text).map_err(|e| invalid(e.message().to_string()))?;
        let fields = [
            ("scale", w.scale),
            ("progress", w.progress),
            ("entered", w.entered),
            ("home", w.home),
            ("safe", w.safe),
            ("danger", w.danger),
            ("danger_flat", w.danger_flat),
            ("waiting", w.waiting),
            ("blockade", w.blockade),
        ];
        if let Some((name, v)) = fields.iter().find(|(_, v)| !v.is_finite()) {
            return Err(invalid(format!(
                "field `{name}` must be a finite number, not {v}"
            )));
        }
        if w.scale <= 0.0 {
            return Err(invalid(format!(
                "field `scale` must be positive, not {}",
                w.scale
            )));
        }
        Ok(w)
    }

    /// Reads weights from a TOML file.
    ///
    /// # Errors
    /// When the file cannot be read or is not valid weights.
    pub fn from_file(path: &Path) -> Result<Weights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|source| WeightsError::Read {
            path: path.display().to_string(),
            source,
        })?;
        Weights::from_toml(&text, &path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_weights_parse() {
        let w = Weights::from_toml(DEFAULT_WEIGHTS, "default").expect("valid");
        assert!(w.scale > 0.0);
    }

    #[test]
    fn weights_errors_name_the_field() {
        let bad = DEFAULT_WEIGHTS.replace("scale = 6.0", "scale = -1.0");
        let e = Weights::from_toml(&bad, "x").expect_err("negative scale");
        assert!(e.to_string().contains("`scale`"), "{e}");
        let unknown = format!("{DEFAULT_WEIGHTS}\nbogus = 1.0\n");
        let e = Weights::from_toml(&unknown, "x").expect_err("unknown field");
        assert!(e.to_string().contains("bogus"), "{e}");
    }
}
