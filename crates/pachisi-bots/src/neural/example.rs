//! What training learns from: an [`Example`], a position with the teams still playing and the
//! chances each is to be taught, as the targets of TD(λ) (`neural/td.rs`) and the expectimax
//! teacher (`neural/teacher.rs`) both give them and the training step (`neural/train.rs`) learns
//! them.

use crate::Values;
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::Position;

/// A position to learn, and what to learn: the teams still playing and their target chances.
pub(crate) struct Example {
    pub pos: Position,
    pub playing: [bool; MAX_SEATS],
    pub target: Values,
}
