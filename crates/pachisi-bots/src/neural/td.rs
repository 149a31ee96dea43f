//! The targets of [`Method::Td`](super::train::Method::Td): TD(λ), as TD-Gammon learned
//! backgammon. Every position after a move is learned towards its λ-return, computed backwards
//! from the end of the game: the next position's values mixed with the next position's own
//! return, `(1 - λ) V(next) + λ G(next)`, and where a team finishes (the end of the game, or of a
//! place where every place is played for) which team finished first.

use super::example::Example;
use crate::Values;
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Phase, Position};

/// A position after a move, with what the frozen network made of it.
#[derive(Clone, Copy)]
pub(crate) struct Sample {
    pub pos: Position,
    pub playing: [bool; MAX_SEATS],
    pub values: Values,
}

/// The positions of a game that a step can learn from (two teams or more still playing),
/// each towards its λ-return.
pub(crate) fn lambda_examples(samples: &[Sample], lambda: f32) -> Vec<Example> {
    let targets = lambda_returns(samples, lambda);
    samples
        .iter()
        .zip(targets)
        .filter(|(s, _)| {
            s.pos.phase() != Phase::Over && s.playing.iter().filter(|&&p| p).count() > 1
        })
        .map(|(s, target)| Example {
            pos: s.pos,
            playing: s.playing,
            target,
        })
        .collect()
}

/// Each position's target, backwards from the end of the game: where the next position has a
/// team fewer playing, which of the teams finished; otherwise the next position's values mixed
/// with its target by λ. A game's last position (over, or abandoned) is its own target.
fn lambda_returns(samples: &[Sample], lambda: f32) -> Vec<Values> {
    let lambda = f64::from(lambda);
    let mut targets = vec![[0.0; MAX_SEATS]; samples.len()];
    for i in (0..samples.len()).rev() {
        let s = &samples[i];
        let Some(next) = samples.get(i + 1) else {
            targets[i] = s.values;
            continue;
        };
        let mut y = [0.0; MAX_SEATS];
        let finishing: Vec<usize> = (0..MAX_SEATS)
            .filter(|&t| s.playing[t] && !next.playing[t])
            .collect();
        if !finishing.is_empty() {
            for &t in &finishing {
                y[t] = 1.0 / finishing.len() as f64;
            }
        } else {
            for t in (0..MAX_SEATS).filter(|&t| s.playing[t]) {
                y[t] = (1.0 - lambda) * next.values[t] + lambda * targets[i + 1][t];
            }
        }
        targets[i] = y;
    }
    targets
}
