//! `pachisi moves`: the legal moves in a position after a throw, each described and with the
//! position it leads to.

use crate::position::position_after_throw;
use anyhow::Result;
use pachisi_core::describe::describe_move;
use pachisi_core::{Phase, Rules, ThrowName};
use serde_json::json;

/// `pachisi moves`.
pub(crate) fn moves(
    rules: &Rules,
    position: &str,
    throw: Option<ThrowName>,
    json: bool,
) -> Result<()> {
    let pos = position_after_throw(rules, position, throw)?;
    let list = pos.legal_moves(rules);
    let reports: Vec<_> = list
        .iter()
        .map(|&mv| describe_move(rules, &pos, mv))
        .collect();
    let after_throw = pos.to_notation(rules);
    if json {
        let out =
            json!({"position": after_throw, "phase": phase_name(pos.phase()), "moves": reports});
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!("Position: {after_throw}");
    if pos.phase() != Phase::Move {
        outln!(
            "No move is due: {}.",
            match pos.phase() {
                Phase::Throw => "the same seat throws again (or the turn passed on)",
                _ => "the game is over",
            }
        );
        return Ok(());
    }
    outln!(
        "{} legal move{}:",
        reports.len(),
        if reports.len() == 1 { "" } else { "s" }
    );
    for r in reports {
        outln!(
            "  {:<10} {}\n  {:<10} -> {}",
            r.notation,
            r.description,
            "",
            r.position
        );
    }
    Ok(())
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Throw => "throw",
        Phase::Move => "move",
        Phase::Over => "over",
    }
}
