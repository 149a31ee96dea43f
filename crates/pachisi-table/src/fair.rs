//! A game with fair throws (docs/fair-throws.md): its throws drawn from [`FairDice`], which
//! follow from a server seed committed to before the game and the players' seeds, and its bots
//! seeded from the server's seed too ([`ServerSeed::bot_seed`](pachisi_fair::ServerSeed::bot_seed)), so that their choices are as
//! secret as the throws until the seed is revealed.
//!
//! ```
//! use pachisi_core::builtin_rules;
//! use pachisi_fair::{FairDice, PlayerSeed, PlayerSeeds, ServerSeed};
//! use pachisi_table::{fair_record_header, SeatSpec, Table};
//! use std::sync::Arc;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let rules = Arc::new(builtin_rules("pachisi", &[])?);
//! let seats: Vec<SeatSpec> = vec!["human".parse()?, "bot".parse()?];
//! let server = ServerSeed::generate()?; // secret until the game is over
//! let mut players = PlayerSeeds::new();
//! players.insert(0, PlayerSeed::new("lucky 7")?)?;
//! let mut record =
//!     fair_record_header("pachisi", &[], &server.commitment(), &players, &rules, Some(&seats))?;
//! let mut dice = FairDice::new(&rules, &server, &players)?;
//! dice.begin(&rules, &mut record); // the throw-off: throws 0, 1, ...
//! let table = Table::new_fair(rules, &seats, dice, server.bot_seed(), record)?;
//! // ... the game is played; once it is over, the seed is revealed:
//! let mut finished = table.record_to_save();
//! pachisi_fair::reveal(&mut finished, &server);
//! # Ok(())
//! # }
//! ```

use crate::dice::Dice;
use crate::restore::header_of;
use crate::{SeatSpec, Table};
use pachisi_core::ruleset::FirstSeat;
use pachisi_core::{GameRecord, Rules, ThrowName, ThrowOff};
use pachisi_fair::FairDice;
use std::sync::Arc;

impl Table {
    /// A new game with fair throws. `record` carries the header ([`crate::fair_record_header`])
    /// and, when the rules throw off for who begins, the `Opening` tag that [`FairDice::begin`]
    /// wrote. The throws come from `dice`, the game's after the throw-off's: whatever their
    /// count, the throw-off's throws are drawn again from throw 0 and checked against the
    /// `Opening` tag. Bot `i` is seeded with `game_seed(bot_seed, 1 + i)`; pass
    /// [`ServerSeed::bot_seed`](pachisi_fair::ServerSeed::bot_seed), so that the commitment fixes the bots' choices as it fixes the
    /// throws.
    ///
    /// # Errors
    /// When the record's `Start` position is not a position of these rules, or its `Opening`
    /// throw-off is not the one `dice` give.
    pub fn new_fair(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        mut dice: FairDice,
        bot_seed: u64,
        record: GameRecord,
    ) -> Result<Table, String> {
        draw_opening(&rules, &mut dice, &record)?;
        Table::with_dice(rules, seats, Dice::Fair(dice), bot_seed, record)
    }

    /// A game with fair throws restored from its record, as [`Table::restore`] restores one with
    /// seeded throws: the same position, log and undo history, and the throws going on from
    /// where the record stops. Every throw is checked against `dice` in the order it fell
    /// (throw `n` is [`FairDice::throw_at`]`(n)`), the `Opening` throw-off's first, as
    /// [`FairDice::begin`] drew them.
    ///
    /// # Errors
    /// When an action is not possible where it stands, or a throw (the throw-off's included) is
    /// not the fair dice's; the error names the throw's number, and its line and column in the
    /// record.
    pub fn restore_fair(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        dice: FairDice,
        bot_seed: u64,
        record: &GameRecord,
    ) -> Result<Table, String> {
        let mut table = Table::new_fair(rules, seats, dice, bot_seed, header_of(record))?;
        table.replay_drawn(&record.actions, fair_mismatch)?;
        Ok(table)
    }
}

/// How a replay of a game with fair throws words a throw that is not the fair dice's.
pub(crate) fn fair_mismatch(name: ThrowName, drawn: ThrowName, n: u64) -> String {
    format!("the record throws ({name}) where fair throw {n} is ({drawn})")
}

/// Draws the throw-off's throws from `dice`, from throw 0 as [`FairDice::begin`] does, and
/// checks them against the record's `Opening` tag; `dice` are left at the game's first throw.
fn draw_opening(rules: &Rules, dice: &mut FairDice, record: &GameRecord) -> Result<(), String> {
    dice.set_count(0);
    let Some(text) = record.tag("Opening") else {
        return Ok(());
    };
    if rules.ruleset().turn.first != FirstSeat::HighestThrow {
        return Err(format!(
            "the record has a throw-off ({text}), but these rules have none: the first seat begins"
        ));
    }
    let off =
        ThrowOff::parse(rules, text).map_err(|e| format!("the Opening throw-off is bad: {e}"))?;
    for &(seat, throw) in off.rounds().iter().flatten() {
        let n = dice.count();
        let drawn = dice.next_throw();
        if drawn != throw {
            return Err(format!(
                "the record's throw-off ({text}) is not the fair dice's: {} throws ({}) where fair throw {n} is ({})",
                rules.seat_colour(seat),
                rules.outcome(throw).name,
                rules.outcome(drawn).name
            ));
        }
    }
    Ok(())
}
