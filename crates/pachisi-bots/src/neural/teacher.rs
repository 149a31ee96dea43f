//! The teacher of [`Method::Expectimax`](super::train::Method::Expectimax): positions labelled
//! with the values of an expectimax search over an evaluation (the heuristic, or the network
//! being trained, [`TeacherEval`](super::train::TeacherEval)).
//!
//! The `neural` bot chooses one ply ahead, so what matters is how it ranks the positions its
//! legal moves lead to. The teacher therefore labels, at a few decisions drawn from each game,
//! *every* legal move's position, with the value a search of `depth` more throws gives it (the
//! rest of the turn planned whole, then each outcome of the next throw with its exact
//! probability). Those targets have no luck in them, unlike a game's outcome, and already know
//! what one more throw brings: a network that learns them ranks moves as the search would, at
//! the cost of one evaluation per move.

use super::example::Example;
use crate::expectimax::{ExpectimaxBot, ExpectimaxConfig};
use crate::values::finished_teams;
use crate::{after, legal_moves, Bot, Evaluator};
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Phase, Position, RandomBits};
use pachisi_sim::Draws;

/// The most positions the teacher's search visits per label: beyond it, the positions left are
/// scored where they stand. It bounds a Parcheesi doublet's four increments.
const TEACHER_NODES: u64 = 50_000;

/// Labels every legal move's position at up to `per_game` of `decisions` (drawn with `draws`),
/// with the values of a search of `depth` throws over `eval`.
pub(crate) fn label(
    eval: &Evaluator,
    decisions: &[Position],
    depth: u32,
    per_game: u32,
    draws: &mut Draws,
) -> Vec<Example> {
    let rules = eval.rules();
    let mut chosen: Vec<usize> = (0..decisions.len()).collect();
    let take = chosen.len().min(per_game as usize);
    for i in 0..take {
        let j = i + draws.below((chosen.len() - i) as u32) as usize;
        chosen.swap(i, j);
    }
    chosen.truncate(take);
    chosen.sort_unstable();
    let mut teacher = ExpectimaxBot::new(
        eval.clone(),
        ExpectimaxConfig {
            depth,
            nodes: TEACHER_NODES,
        },
    );
    let mut examples = Vec::new();
    let mut seen: Vec<Position> = Vec::new();
    for &d in &chosen {
        let pos = &decisions[d];
        seen.clear();
        for mv in legal_moves(rules, pos) {
            let child = after(rules, pos, mv);
            // Moves that lead to the same position need one label.
            if child.phase() == Phase::Over || seen.contains(&child) {
                continue;
            }
            seen.push(child);
            let (_, playing) = finished_teams(rules, &child);
            if playing.iter().filter(|&&p| p).count() < 2 {
                continue;
            }
            let Some(values) = teacher.value(&child) else {
                continue;
            };
            // Among the teams still playing the chances share one: a team that finishes within
            // the search counts 1 there, which would make them sum to more.
            let total: f64 = (0..MAX_SEATS)
                .filter(|&t| playing[t])
                .map(|t| values[t])
                .sum();
            let mut target = [0.0; MAX_SEATS];
            for t in (0..MAX_SEATS).filter(|&t| playing[t]) {
                target[t] = if total > 0.0 { values[t] / total } else { 0.0 };
            }
            examples.push(Example {
                pos: child,
                playing,
                target,
            });
        }
    }
    examples
}
