//! A record's header as a table writes it: the ruleset, its overrides, where the throws come
//! from (a seed, or the fair throws' commitment and players' seeds) and who plays each seat.

use crate::throw_off;
use crate::SeatSpec;
use pachisi_core::{GameRecord, Rules};
use pachisi_fair::{write_commitment, Commitment, PlayerSeeds};

/// Separates the overrides of a record's `Set` tag.
pub const SET_SEPARATOR: char = '|';

/// Throws off for who begins a new game, if its rules ask for it (`turn.first =
/// "highest-throw"`) and `record` does not already say where the game begins (a `Start` or
/// `Opening` tag): the throws come from the seed's own stream ([`throw_off`]) and are kept in
/// the record's `Opening` tag, from which [`Table::new`](crate::Table::new) begins. A game with
/// fair throws throws off with its dice instead ([`pachisi_fair::FairDice::begin`]).
pub fn throw_off_into(rules: &Rules, seed: u64, record: &mut GameRecord) {
    if record.tag("Start").is_some() || record.tag("Opening").is_some() {
        return;
    }
    if let Some(off) = throw_off(rules, seed) {
        record.set_tag("Opening", off.to_text(rules));
    }
}

/// A record's header: the ruleset, the overrides (kept in the `Set` tag so that the record
/// replays under the same rules), the seed of the throws and, when given, who plays each seat.
///
/// # Errors
/// When an override contains the separator of the `Set` tag.
pub fn record_header(
    ruleset: &str,
    overrides: &[String],
    seed: u64,
    seats: Option<&[SeatSpec]>,
) -> Result<GameRecord, String> {
    header(ruleset, overrides, seats, |record| {
        record.set_tag("Seed", seed.to_string());
    })
}

/// The header of a game with fair throws ([`Table::new_fair`](crate::Table::new_fair)): as
/// [`record_header`], but the throws' tags are the commitment to the server's seed and the
/// players' seeds ([`write_commitment`]) instead of a `Seed`, which would give the throws away.
/// The server's seed is added when the game is over ([`pachisi_fair::reveal`]).
///
/// # Errors
/// When an override contains the separator of the `Set` tag.
pub fn fair_record_header(
    ruleset: &str,
    overrides: &[String],
    commitment: &Commitment,
    players: &PlayerSeeds,
    rules: &Rules,
    seats: Option<&[SeatSpec]>,
) -> Result<GameRecord, String> {
    header(ruleset, overrides, seats, |record| {
        write_commitment(rules, record, commitment, players);
    })
}

/// The tags every table's record has, in their order: the ruleset, the overrides, the throws'
/// tags (written by `throws`) and the seats.
fn header(
    ruleset: &str,
    overrides: &[String],
    seats: Option<&[SeatSpec]>,
    throws: impl FnOnce(&mut GameRecord),
) -> Result<GameRecord, String> {
    if overrides.iter().any(|s| s.contains(SET_SEPARATOR)) {
        return Err(format!(
            "an override cannot contain `{SET_SEPARATOR}`, which separates overrides in a record's Set tag"
        ));
    }
    let mut record = GameRecord::new(ruleset);
    if !overrides.is_empty() {
        record.set_tag("Set", overrides.join(&format!(" {SET_SEPARATOR} ")));
    }
    throws(&mut record);
    if let Some(seats) = seats {
        let lineup: Vec<String> = seats.iter().map(ToString::to_string).collect();
        record.set_tag("Seats", lineup.join(","));
    }
    Ok(record)
}

/// The overrides kept in a record's `Set` tag.
pub fn record_overrides(record: &GameRecord) -> Vec<String> {
    record
        .tag("Set")
        .map(|s| {
            s.split(SET_SEPARATOR)
                .map(|o| o.trim().to_string())
                .filter(|o| !o.is_empty())
                .collect()
        })
        .unwrap_or_default()
}
