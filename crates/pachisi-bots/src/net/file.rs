//! Network files: JSON, versioned, validated whole before use.
//!
//! ```text
//! {
//!   "format": "pachisi-network",
//!   "version": 1,
//!   "ruleset": "pachisi",            the ruleset it was trained under
//!   "family": "pachisi",             pachisi, parcheesi or ludo
//!   "shape": { "seats": 4, "teams": 2, "pieces": 4, "route": 87 },
//!   "features": "pieces-v1",         the feature set (docs/neural.md)
//!   "layers": [250, 16, 1],          inputs, hidden units, output
//!   "seed": 1,
//!   "games": 20000,                  self-play games trained on
//!   "made_by": "pachisi train --rules pachisi ...",
//!   "calibration": {                 optional: the softmax scale fitted to outcomes
//!     "scale": 0.83,                 the factor on the scores before the softmax (absent: 1)
//!     "made_by": "pachisi calibrate ... --fit-scale ..."
//!   },
//!   "training": { ... },             how to go on training (checkpoints, --resume)
//!   "weights": {
//!     "hidden": [[...], ...],        one row per input: its weight to each hidden unit
//!     "hidden_bias": [...],
//!     "output": [...],               each hidden unit's weight in the score
//!     "linear": [...]                each input's own weight in the score
//!   }
//! }
//! ```
//!
//! Loading checks the format and version, the feature set, every layer's size against the
//! shape, every number for being finite and a fitted scale for being above 0; whether the network fits a given ruleset is
//! [`Network::check_rules`]. Nothing in a bad file panics: every refusal is a
//! [`NetworkError`] that names what is wrong.

use super::checkpoint::TrainingState;
use super::features::{Layout, FEATURE_SET};
use super::network::{check_scale, FittedScale, Network, NetworkInfo, MAX_HIDDEN};
use super::NetworkError;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `format` of every network file.
pub const FORMAT: &str = "pachisi-network";

/// The version of the file format this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A network file as written.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NetworkFile {
    pub format: String,
    pub version: u32,
    pub ruleset: String,
    pub family: String,
    pub shape: Shape,
    pub features: String,
    pub layers: Vec<usize>,
    pub seed: u64,
    pub games: u64,
    pub made_by: String,
    /// Absent in files without a fitted scale, so that they read and write as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<FileCalibration>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training: Option<TrainingState>,
    pub weights: FileWeights,
}

/// The table the network was made for.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Shape {
    pub seats: u8,
    pub teams: u8,
    pub pieces: u8,
    pub route: u8,
}

/// The softmax scale fitted to outcomes.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileCalibration {
    pub scale: f64,
    pub made_by: String,
}

/// The weights, layer by layer.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileWeights {
    pub hidden: Vec<Vec<f32>>,
    pub hidden_bias: Vec<f32>,
    pub output: Vec<f32>,
    pub linear: Vec<f32>,
}

impl Network {
    /// Reads a network from its JSON text; `origin` names the text in errors.
    ///
    /// # Errors
    /// [`NetworkError::Invalid`] when the text is not a network file of this build's format
    /// version and feature set, a layer's size does not match, or a number is not finite.
    pub fn from_json(text: &str, origin: &str) -> Result<Network, NetworkError> {
        Ok(Network::from_json_with_training(text, origin)?.0)
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetworkError::Read`] when the file cannot be read, else as [`Network::from_json`].
    pub fn from_file(path: &Path) -> Result<Network, NetworkError> {
        let text = read(path)?;
        Network::from_json(&text, &path.display().to_string())
    }

    /// The network and its training state (present in checkpoints and trained files).
    pub(crate) fn from_json_with_training(
        text: &str,
        origin: &str,
    ) -> Result<(Network, Option<TrainingState>), NetworkError> {
        let invalid = |reason: String| NetworkError::Invalid {
            origin: origin.to_string(),
            reason,
        };
        // The format and version first, so that another version is told as such and not as the
        // first field this one does not know.
        let head: serde_json::Value =
            serde_json::from_str(text).map_err(|e| invalid(format!("not JSON: {e}")))?;
        match head.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => return Err(invalid(format!("format is `{other}`, not `{FORMAT}`"))),
            None => return Err(invalid(format!("no `format` field: not a {FORMAT} file"))),
        }
        match head.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(FORMAT_VERSION) => {}
            Some(v) => {
                return Err(invalid(format!(
                    "format version {v}, but this build reads version {FORMAT_VERSION}"
                )))
            }
            None => return Err(invalid("no whole-number `version` field".into())),
        }
        let file: NetworkFile = serde_json::from_value(head).map_err(|e| invalid(e.to_string()))?;
        if file.features != FEATURE_SET {
            return Err(invalid(format!(
                "made for feature set `{}`, but this build computes `{FEATURE_SET}`",
                file.features
            )));
        }
        let s = &file.shape;
        if s.seats == 0 || usize::from(s.seats) > pachisi_core::ruleset::MAX_SEATS {
            return Err(invalid(format!("{} seats is not a table", s.seats)));
        }
        if s.teams == 0 || s.teams > s.seats {
            return Err(invalid(format!("{} teams for {} seats", s.teams, s.seats)));
        }
        if s.pieces == 0 || usize::from(s.pieces) > pachisi_core::ruleset::MAX_PIECES {
            return Err(invalid(format!("{} pieces a seat", s.pieces)));
        }
        let inputs = Layout::inputs_for(usize::from(s.seats), usize::from(s.pieces));
        let [i, hidden, 1] = file.layers[..] else {
            return Err(invalid(format!(
                "layers {:?}: expected three, [inputs, hidden, 1]",
                file.layers
            )));
        };
        if i != inputs {
            return Err(invalid(format!(
                "layers say {i} inputs, but {} seats of {} pieces in feature set {FEATURE_SET} \
                 make {inputs}",
                s.seats, s.pieces
            )));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(invalid(format!(
                "{hidden} hidden units (from 1 to {MAX_HIDDEN})"
            )));
        }
        let w = &file.weights;
        let sized = |name: &str, len: usize, want: usize| {
            if len == want {
                Ok(())
            } else {
                Err(invalid(format!(
                    "weights `{name}` has {len} numbers, the layers need {want}"
                )))
            }
        };
        sized("hidden", w.hidden.len(), inputs)?;
        if let Some((row, r)) = w.hidden.iter().enumerate().find(|(_, r)| r.len() != hidden) {
            return Err(invalid(format!(
                "weights `hidden` row {row} has {} numbers, the layers need {hidden}",
                r.len()
            )));
        }
        sized("hidden_bias", w.hidden_bias.len(), hidden)?;
        sized("output", w.output.len(), hidden)?;
        sized("linear", w.linear.len(), inputs)?;
        let all = [
            ("hidden", w.hidden.concat()),
            ("hidden_bias", w.hidden_bias.clone()),
            ("output", w.output.clone()),
            ("linear", w.linear.clone()),
        ];
        for (name, values) in &all {
            if let Some((k, x)) = values.iter().enumerate().find(|(_, x)| !x.is_finite()) {
                return Err(invalid(format!(
                    "weights `{name}` number {k} is {x}, not a finite number"
                )));
            }
        }
        if let Some(c) = &file.calibration {
            check_scale(c.scale).map_err(|e| invalid(format!("calibration `scale`: {e}")))?;
        }
        let [(_, w1), (_, b1), (_, w2), (_, linear)] = all;
        let network = Network {
            info: NetworkInfo {
                ruleset: file.ruleset,
                family: file.family,
                seats: s.seats,
                teams: s.teams,
                pieces: s.pieces,
                route: s.route,
                seed: file.seed,
                made_by: file.made_by,
                games: file.games,
            },
            inputs,
            hidden,
            w1,
            b1,
            w2,
            linear,
            fitted: file.calibration.map(|c| FittedScale {
                scale: c.scale,
                made_by: c.made_by,
            }),
        };
        Ok((network, file.training))
    }

    /// The network as the JSON text of its file.
    pub fn to_json(&self) -> String {
        self.to_json_with_training(None)
    }

    /// The file's text, with the state to go on training from where there is one.
    pub(crate) fn to_json_with_training(&self, training: Option<&TrainingState>) -> String {
        let info = &self.info;
        let file = NetworkFile {
            format: FORMAT.to_string(),
            version: FORMAT_VERSION,
            ruleset: info.ruleset.clone(),
            family: info.family.clone(),
            shape: Shape {
                seats: info.seats,
                teams: info.teams,
                pieces: info.pieces,
                route: info.route,
            },
            features: FEATURE_SET.to_string(),
            layers: vec![self.inputs, self.hidden, 1],
            seed: info.seed,
            games: info.games,
            made_by: info.made_by.clone(),
            calibration: self.fitted.as_ref().map(|f| FileCalibration {
                scale: f.scale,
                made_by: f.made_by.clone(),
            }),
            training: training.cloned(),
            weights: FileWeights {
                hidden: self.w1.chunks(self.hidden).map(<[f32]>::to_vec).collect(),
                hidden_bias: self.b1.clone(),
                output: self.w2.clone(),
                linear: self.linear.clone(),
            },
        };
        // Plain data of strings, numbers and vectors: serialising it cannot fail.
        serde_json::to_string(&file).unwrap_or_default()
    }
}

/// A file's text.
pub(crate) fn read(path: &Path) -> Result<String, NetworkError> {
    std::fs::read_to_string(path).map_err(|source| NetworkError::Read {
        path: path.display().to_string(),
        source,
    })
}
