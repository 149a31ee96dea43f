//! Positions given on the command line: read from their notation (an error pointing at the
//! place that does not read), and the throw given with `--throw` applied where one is due.

use anyhow::{anyhow, bail, Result};
use pachisi_core::{Phase, Position, Rules, ThrowName};

/// A position read from its notation; an error shows the text with a pointer under the place
/// that does not read.
pub(crate) fn parse_position(rules: &Rules, text: &str) -> Result<Position> {
    Position::from_notation(rules, text).map_err(|e| {
        let pointer = format!("{}^", " ".repeat(e.at.saturating_sub(1)));
        anyhow!("{e}\n  {text}\n  {pointer}")
    })
}

/// The position `moves` and `hint` work on: `position`, after `throw` where it waits for one.
/// A throw given where a move is due, none given where a throw is, or a finished game is an
/// error.
pub(crate) fn position_after_throw(
    rules: &Rules,
    position: &str,
    throw: Option<ThrowName>,
) -> Result<Position> {
    let mut pos = parse_position(rules, position)?;
    match (pos.phase(), throw) {
        (Phase::Throw, Some(name)) => {
            let t = rules.throw_named(name)?;
            pos.apply_throw(rules, t)?;
        }
        (Phase::Throw, None) => {
            bail!("the position waits for a throw: give one with --throw VALUE")
        }
        (Phase::Move, Some(_)) => {
            bail!("the position waits for a move, not a throw: leave out --throw")
        }
        (Phase::Over, _) => bail!("the game is over in this position"),
        (Phase::Move, None) => {}
    }
    Ok(pos)
}
