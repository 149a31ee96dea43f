//! Game records as commands read and write them: a new record's header, the rules an existing
//! record is played under, and a record written to a file or to standard output.

use crate::ruleset::load_rules;
use anyhow::{Context, Result};
use pachisi_core::{GameRecord, Rules};
use std::path::Path;

/// Writes a record to the file `out`, or to standard output without one.
pub(crate) fn write_record(rules: &Rules, record: &GameRecord, out: Option<&Path>) -> Result<()> {
    let text = record.to_text(rules)?;
    match out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out!("{text}"),
    }
    Ok(())
}

/// A record's header: the ruleset, the overrides and the seed.
pub(crate) fn record_header(name: &str, overrides: &[String], seed: u64) -> Result<GameRecord> {
    pachisi_table::record_header(name, overrides, seed, None).map_err(anyhow::Error::msg)
}

/// The rules a record is played under: its Ruleset tag with the overrides of its Set tag, then
/// `extra`; and a name for them (`pachisi with moves.split=true`).
pub(crate) fn rules_of_record(record: &GameRecord, extra: &[String]) -> Result<(Rules, String)> {
    let name = record.tag("Ruleset").unwrap_or_default();
    let mut overrides = pachisi_table::record_overrides(record);
    overrides.extend(extra.iter().cloned());
    let rules = load_rules(name, &overrides)?;
    let name = if overrides.is_empty() {
        name.to_string()
    } else {
        format!("{name} with {}", overrides.join(", "))
    };
    Ok((rules, name))
}
