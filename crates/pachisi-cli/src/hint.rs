//! `pachisi hint`: a bot's ranking of the legal moves, or rollouts' (`hint/rollouts.rs`).

use crate::position::position_after_throw;
use crate::HintArgs;
use anyhow::{anyhow, bail, Result};
use pachisi_bots::{BotSpec, RankedMove};
use pachisi_core::describe::describe_move;
use pachisi_core::{Phase, Position, Rules};
use serde_json::json;
use std::sync::Arc;

mod rollouts;

/// `pachisi hint`: ranks the legal moves of the position after the throw by the estimates of a
/// bot, or by rollouts with `--rollouts`.
pub fn hint(args: &HintArgs) -> Result<()> {
    let rules = Arc::new(args.rules.load()?);
    let pos = position_after_throw(&rules, &args.at.position, args.at.throw)?;
    match pos.phase() {
        Phase::Move => {}
        Phase::Over => bail!("the game is over in this position"),
        Phase::Throw => bail!(
            "no move is due after this throw ({}): the same seat throws again or the turn passed on",
            pos.to_notation(&rules)
        ),
    }
    if let Some(n) = args.rollouts {
        return rollouts::hint_rollouts(&rules, &pos, args, n);
    }
    let spec: BotSpec = args
        .bot
        .parse()
        .map_err(|e| anyhow!("bad bot spec `{}`: {e}", args.bot))?;
    spec.check(&rules)
        .map_err(|e| anyhow!("bot `{}`: {e}", args.bot))?;
    let ranked = rank(&rules, &pos, &spec, args.seed)?;
    if args.json {
        print_json(&rules, &pos, &spec, &ranked)
    } else {
        print_text(&rules, &pos, &spec, &ranked)?;
        Ok(())
    }
}

/// The bot's ranking, each move checked to be legal.
fn rank(rules: &Arc<Rules>, pos: &Position, spec: &BotSpec, seed: u64) -> Result<Vec<RankedMove>> {
    let mut bot = spec.build(rules.clone(), seed);
    let ranked = bot.rank(pos).ok_or_else(|| {
        anyhow!(
            "bot `{spec}` gives no estimates of winning chances: choose another with --bot, \
             e.g. heuristic or expectimax"
        )
    })?;
    let legal = pos.legal_moves(rules);
    if let Some(r) = ranked.iter().find(|r| !legal.contains(&r.mv)) {
        bail!(
            "bot `{spec}` ranked {}, which is not a legal move in {}",
            r.mv,
            pos.to_notation(rules)
        );
    }
    Ok(ranked)
}

fn print_text(rules: &Rules, pos: &Position, spec: &BotSpec, ranked: &[RankedMove]) -> Result<()> {
    let seat = pos.to_move();
    outln!("Position: {}", pos.to_notation(rules));
    outln!(
        "Seat {seat} ({}, team {}) to move. {spec}'s estimate of the chance that the mover's \
         side wins after each move, best first:",
        rules.seat_colour(seat),
        rules.team_of(seat)
    );
    for r in ranked {
        let d = describe_move(rules, pos, r.mv);
        outln!(
            "  {:<10} {:>6.1}%  {}",
            d.notation,
            100.0 * r.win_chance,
            d.description
        );
    }
    Ok(())
}

fn print_json(rules: &Rules, pos: &Position, spec: &BotSpec, ranked: &[RankedMove]) -> Result<()> {
    let moves: Vec<_> = ranked
        .iter()
        .map(|r| {
            let d = describe_move(rules, pos, r.mv);
            json!({
                "move": d.notation,
                "win_percent": 100.0 * r.win_chance,
                "description": d.description,
                "position": d.position,
            })
        })
        .collect();
    let seat = pos.to_move();
    let out = json!({
        "position": pos.to_notation(rules),
        "bot": spec.to_string(),
        "seat": seat,
        "team": rules.team_of(seat),
        "moves": moves,
    });
    outln!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
