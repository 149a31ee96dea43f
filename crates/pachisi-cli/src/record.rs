//! `pachisi record`: a game between random players written as a record, and a record replayed
//! and checked, with its final position and finishing order.

use crate::record_io::{record_header, rules_of_record, write_record};
use crate::RulesArgs;
use anyhow::{Context, Result};
use pachisi_core::{GameRecord, Phase, Position};
use std::path::Path;

/// `pachisi record random` (without `--fair`).
pub(crate) fn record_random(args: &RulesArgs, seed: u64, out: Option<&Path>) -> Result<()> {
    let rules = args.load()?;
    let mut record = record_header(&args.name, &args.set, seed)?;
    // The game begins with the winner of its throw-off, where the rules have one.
    let start = match pachisi_sim::throw_off(&rules, seed) {
        Some(off) => {
            record.set_tag("Opening", off.to_text(&rules));
            off.start(&rules)
        }
        None => Position::new(&rules),
    };
    let result = pachisi_sim::play_random_game(&rules, start, seed, Some(&mut record));
    record.set_tag("Final", result.position.to_notation(&rules));
    write_record(&rules, &record, out)
}

/// `pachisi record check`.
pub(crate) fn record_check(file: &Path, set: &[String]) -> Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let record = GameRecord::parse(&text).with_context(|| file.display().to_string())?;
    let (rules, name) = rules_of_record(&record, set)?;
    let pos = record
        .replay(&rules)
        .with_context(|| file.display().to_string())?;
    // Throws and moves: the seat labels (`Y:`) only mark where a turn begins.
    let count = |throws_only: bool| {
        record
            .actions
            .iter()
            .filter(|a| match a.0 {
                pachisi_core::Action::Throw(_) => true,
                pachisi_core::Action::Move(_) => !throws_only,
                pachisi_core::Action::Seat(_) => false,
            })
            .count()
    };
    outln!(
        "{}: {} actions ({} throws) replay under {name}",
        file.display(),
        count(false),
        count(true)
    );
    outln!("final position: {}", pos.to_notation(&rules));
    if pos.phase() == Phase::Over {
        let places: Vec<String> = pos
            .placings()
            .iter()
            .enumerate()
            .map(|(i, &team)| {
                let colours: Vec<&str> = (0..rules.seats())
                    .filter(|&s| rules.team_of(s) == team)
                    .map(|s| rules.seat_colour(s))
                    .collect();
                format!("{} {}", ordinal(i + 1), colours.join(" and "))
            })
            .collect();
        outln!("finishing order: {}", places.join(", "));
    }
    Ok(())
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
