//! The checks of arguments that several commands take: `--games`, `--threads` and bot specs,
//! each refused the same way wherever it is given.

use anyhow::{anyhow, bail, Result};
use pachisi_bots::BotSpec;

/// Refuses a game count of zero, the same way for every command that takes one.
pub(crate) fn check_games(games: u64) -> Result<()> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    Ok(())
}

/// Refuses a thread count of zero, the same way for every command that takes one.
pub(crate) fn check_threads(threads: Option<usize>) -> Result<()> {
    if threads == Some(0) {
        bail!("--threads must be at least 1 (leave it out for one thread per core)");
    }
    Ok(())
}

/// Bot specs, each refused with the reason when it does not parse.
pub(crate) fn parse_specs(texts: &[String]) -> Result<Vec<BotSpec>> {
    texts
        .iter()
        .map(|text| {
            text.parse::<BotSpec>()
                .map_err(|e| anyhow!("bad bot spec `{text}`: {e}"))
        })
        .collect()
}
