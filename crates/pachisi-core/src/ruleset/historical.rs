//! The checks of the rules the older games of the family bring (Chaupar, Pachih, Sokkattan:
//! docs/rules.md, "The cross-and-circle family"): pieces that begin on the board, where a
//! captured piece goes, a turn's most throws, a finished seat throwing for its partner, a bonus
//! step that brings a piece in and the partners' gate before home (Pahada Keliya). Each must fit
//! the rest of the ruleset.

use super::checks::Invalid;
use super::*;

/// Checks the older games' fields against the rest of the ruleset; `route_len` is the length of
/// every seat's route.
pub(super) fn check_historical_rules(
    ruleset: &Ruleset,
    route_len: usize,
    invalid: &Invalid<'_>,
) -> Result<(), RulesetError> {
    let (p, m) = (&ruleset.players, &ruleset.moves);
    if !p.start.is_empty() {
        if p.start.len() != usize::from(p.pieces) {
            return Err(invalid(
                "players.start",
                format!(
                    "one starting progress a piece: {} values for {} pieces",
                    p.start.len(),
                    p.pieces
                ),
            ));
        }
        if let Some(&far) = p.start.iter().find(|&&s| usize::from(s) > route_len) {
            return Err(invalid(
                "players.start",
                format!("progress {far} is off the {route_len}-square route"),
            ));
        }
        if m.stack_limit > 0 {
            let crowded =
                p.start.iter().filter(|&&s| s > 0).any(|&s| {
                    p.start.iter().filter(|&&t| t == s).count() > usize::from(m.stack_limit)
                });
            if crowded {
                return Err(invalid(
                    "players.start",
                    format!(
                        "more pieces begin on one square than moves.stack_limit = {} allows",
                        m.stack_limit
                    ),
                ));
            }
        }
    }
    if ruleset.capture.back_to == BackTo::StartSquare {
        let lane = usize::from(ruleset.board.arm_length.saturating_sub(1));
        let square = p.start.iter().copied().filter(|&s| s > 0).min();
        let reason = match square {
            None => Some("it needs a piece that begins on the board (players.start)"),
            Some(_) if ruleset.board.start != StartArea::Charkoni => Some(
                "it needs pieces that set out down their own lane (board.start = \"charkoni\")",
            ),
            Some(s) if usize::from(s) > lane => Some(
                "the square must lie in the seat's own lane, where no opponent comes, so that a \
                 piece sent there meets nobody",
            ),
            Some(_) if m.stack_limit > 0 => Some(
                "pieces sent back gather there without limit, so it needs no moves.stack_limit",
            ),
            Some(_) => None,
        };
        if let Some(reason) = reason {
            return Err(invalid("capture.back_to", reason.into()));
        }
    }
    if ruleset.turn.partner_throws && !ruleset.players.teams.iter().any(|t| t.len() >= 2) {
        return Err(invalid(
            "turn.partner_throws",
            "throwing for a partner needs partners: a team of two or more seats (players.teams)"
                .into(),
        ));
    }
    if m.home_gate > 0 {
        let teams = &ruleset.players.teams;
        let seats = ruleset.players.seats.len();
        let partnered = teams.iter().map(Vec::len).sum::<usize>() == seats
            && teams.iter().all(|t| t.len() >= 2);
        let most = teams
            .iter()
            .map(Vec::len)
            .min()
            .unwrap_or(1)
            .saturating_sub(1)
            * usize::from(p.pieces);
        let reason = if !partnered {
            Some("a gate that partners open needs every seat in a team of two or more".to_string())
        } else if usize::from(m.home_gate) > most {
            Some(format!(
                "the partners have only {most} pieces to go past, not {}",
                m.home_gate
            ))
        } else if m.pairs || m.split || ruleset.doubles.enabled {
            Some("the gate is not modelled with pairs, split throws or doublets".to_string())
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(invalid("moves.home_gate", reason));
        }
    }
    let t = &ruleset.throw;
    if t.bonus_step_enters {
        let reason = if t.bonus_step.is_empty() {
            Some("it says what the bonus step does, but no value earns one (throw.bonus_step)")
        } else if t.device != Device::Cowries || m.split {
            Some(
                "a bonus step that brings a piece in is modelled for cowries whose throws are not \
                 split (throw.device = \"cowries\", moves.split = false)",
            )
        } else if t.values.as_ref().map_or(true, |v| v.contains(&1)) {
            Some("a throw worth 1 would be taken for the bonus step: no value may be 1")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(invalid("throw.bonus_step_enters", reason.into()));
        }
    }
    Ok(())
}
