//! Perft: counting move sequences, to pin the move generator down.
//!
//! `perft(position, d)` counts the distinct sequences of actions from `position` that contain
//! `d` throws, every throw outcome counted once (not weighted by its probability) and the moves
//! after the last throw spent in full. A finished game counts as one sequence.

use crate::moves::Move;
use crate::position::{Phase, Position};
use crate::ruleset::Rules;
use crate::throw::Throw;

/// Counts the move sequences over `depth` throws from `pos`.
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    let mut buffers = Vec::new();
    count(rules, pos, depth, 0, &mut buffers)
}

fn count(
    rules: &Rules,
    pos: &Position,
    depth: u32,
    ply: usize,
    buffers: &mut Vec<Vec<Move>>,
) -> u64 {
    match pos.phase() {
        Phase::Over => 1,
        Phase::Throw if depth == 0 => 1,
        Phase::Throw => (0..rules.outcomes().len())
            .map(|i| {
                let mut next = *pos;
                // Every outcome index is valid and the phase is Throw, so this cannot fail.
                let _ = next.apply_throw(rules, Throw(i as u8));
                count(rules, &next, depth - 1, ply, buffers)
            })
            .sum(),
        Phase::Move => {
            if buffers.len() <= ply {
                buffers.resize_with(ply + 1, Vec::new);
            }
            let mut moves = std::mem::take(&mut buffers[ply]);
            pos.legal_moves_into(rules, &mut moves);
            let total = moves
                .iter()
                .map(|&mv| {
                    let mut next = *pos;
                    next.play_unchecked(rules, mv);
                    count(rules, &next, depth, ply + 1, buffers)
                })
                .sum();
            buffers[ply] = moves;
            total
        }
    }
}
