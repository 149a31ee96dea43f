//! Every bot measured against the exact values: the winning chance a bot's move gives up on
//! random endgame decisions (`pachisi endgame measure`).
//!
//! A sample position is the first real decision (legal moves whose exact values differ) after a
//! random turn start of the domain (every placement of the pieces left equally likely, then the
//! seat to throw), the throws drawn with their exact probabilities and the moves before it played
//! best. A bot's loss there is the best move's exact winning chance for the mover's team minus
//! that of the move the bot chooses: 0 for a best move, never negative.

use super::EndgameTable;
use crate::estimate::{independent, Estimate};
use crate::Bot;
use pachisi_core::{Phase, Position};
use pachisi_sim::Draws;
use serde::Serialize;

/// Moves' exact values closer than this count as equal: a decision needs a wider spread.
const CHOICE: f64 = 1e-9;

/// One bot's losses over the sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotLoss {
    /// The bot's spec.
    pub bot: String,
    /// Decisions measured.
    pub positions: usize,
    /// The mean loss of winning chance (0 to 1) with its standard error and 95% interval.
    pub loss: Estimate,
    /// The share of decisions where the bot chose a best move.
    pub best_share: f64,
    /// The largest loss.
    pub worst: f64,
}

/// `n` sample decisions drawn with `seed` (fewer only if the domain has hardly any choices).
pub fn sample_positions(table: &EndgameTable, n: usize, seed: u64) -> Vec<Position> {
    let rules = table.rules();
    let mut draws = Draws::new(seed);
    let mut out = Vec::with_capacity(n);
    let mut attempts = 0usize;
    while out.len() < n && attempts < n.saturating_mul(100).max(1000) {
        attempts += 1;
        let Some(mut pos) = table.configs.random(rules, &mut draws) else {
            break;
        };
        // An ending is played out within a few hundred steps (a meeting one longer when pieces
        // are captured); the bound only guards against a cycle of passes that never ends.
        for _ in 0..10_000 {
            match pos.phase() {
                Phase::Over => break,
                Phase::Throw => {
                    let throw = rules.draw_throw(&mut draws);
                    // The phase is Throw and the throw one of the rules': this cannot fail.
                    let _ = pos.apply_throw(rules, throw);
                }
                Phase::Move => {
                    let Some(ranked) = table.rank(&pos) else {
                        break;
                    };
                    let spread = ranked[0].win_chance - ranked[ranked.len() - 1].win_chance;
                    if spread > CHOICE {
                        out.push(pos);
                        break;
                    }
                    pos = crate::after(rules, &pos, ranked[0].mv);
                }
            }
        }
    }
    out
}

/// The loss of the move a bot chooses in `pos` (a sample decision).
pub fn loss(table: &EndgameTable, bot: &mut dyn Bot, pos: &Position) -> Option<f64> {
    let ranked = table.rank(pos)?;
    let mv = bot.choose(pos);
    let chosen = ranked.iter().find(|r| r.mv == mv)?;
    Some((ranked[0].win_chance - chosen.win_chance).max(0.0))
}

/// A bot's losses over `positions`; `done` is told after each.
pub fn measure(
    table: &EndgameTable,
    spec: &str,
    bot: &mut dyn Bot,
    positions: &[Position],
    done: &mut dyn FnMut(usize),
) -> BotLoss {
    let mut losses = Vec::with_capacity(positions.len());
    for (i, pos) in positions.iter().enumerate() {
        // A bot's move is legal (tests/legality.rs), so it is ranked; an illegal one would be
        // a bug elsewhere and is counted as the worst move.
        let l = loss(table, bot, pos).unwrap_or_else(|| {
            table
                .rank(pos)
                .map_or(0.0, |r| r[0].win_chance - r[r.len() - 1].win_chance)
        });
        losses.push(l);
        done(i + 1);
    }
    let (mean, se) = independent(losses.iter().copied());
    let n = losses.len();
    BotLoss {
        bot: spec.to_string(),
        positions: n,
        loss: Estimate::new(mean, se, 0.0, 1.0),
        best_share: losses.iter().filter(|&&l| l < CHOICE).count() as f64 / n.max(1) as f64,
        worst: losses.iter().copied().fold(0.0, f64::max),
    }
}
