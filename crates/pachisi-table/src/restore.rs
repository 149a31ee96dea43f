//! A game rebuilt from its record ([`Table::restore`], [`Table::restore_fair`]), and a record's
//! actions replayed one by one ([`Table::apply_action`]).

use crate::throw_off;
use crate::{SeatSpec, Table};
use pachisi_core::{Action, GameRecord, Move, Phase, Rules, ThrowName};
use std::sync::Arc;

impl Table {
    /// A game restored from its record, as if it had been played here: the same position, log
    /// and undo history, and the throws going on from where the record stops. The record's
    /// throws must be the ones `seed` gives, which is how this table writes them.
    ///
    /// # Errors
    /// When an action is not possible where it stands, or a throw is not the seed's.
    pub fn restore(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        seed: u64,
        record: &GameRecord,
    ) -> Result<Table, String> {
        let mut table = Table::new(rules, seats, seed, header_of(record))?;
        check_seeded_throw_off(&table.rules, seed, record)?;
        table.replay_drawn(&record.actions, seeded_mismatch(seed))?;
        Ok(table)
    }

    /// Replays `actions` (a record's) as if they were played here: each throw drawn from the
    /// table's own source and refused, in the words of `mismatch` (given the recorded throw, the
    /// drawn one and its number), unless it is the one drawn; and each person's move kept for
    /// undo, as when it was played.
    pub(crate) fn replay_drawn(
        &mut self,
        actions: &[(Action, usize, usize)],
        mismatch: impl Fn(ThrowName, ThrowName, u64) -> String,
    ) -> Result<(), String> {
        for &(action, line, column) in actions {
            let at = |e: String| format!("record line {line}, column {column}: {e}");
            match action {
                Action::Throw(name) => {
                    if self.position.phase() != Phase::Throw {
                        return Err(at(format!("throw ({name}): it is not time to throw")));
                    }
                    let number = self.throws.count();
                    let throw = self.throws.next_throw(&self.rules);
                    let drawn = self.rules.outcome(throw).name;
                    if drawn != name {
                        return Err(at(mismatch(name, drawn, number)));
                    }
                    self.apply_throw(throw);
                }
                Action::Move(_) => {
                    // A person's move is one undo can take back, as when it was played; a pass
                    // forced on a person was played for them (`step_automatic`), with nothing
                    // to take back.
                    let chosen = self.is_human(self.position.to_move())
                        && self.legal_moves() != [Move::Pass];
                    let point = chosen.then(|| self.undo_point());
                    self.apply_action(action).map_err(at)?;
                    self.history.extend(point);
                }
                Action::Seat(_) => self.apply_action(action).map_err(at)?,
            }
        }
        Ok(())
    }

    /// Plays one action of a record (a replay): a throw as recorded, a move, or a seat marker,
    /// which is checked. A throw played so is not drawn from the table's throws, which stay
    /// where they were ([`Table::throw_number`]).
    ///
    /// # Errors
    /// When the action is not possible here.
    pub fn apply_action(&mut self, action: Action) -> Result<(), String> {
        match action {
            Action::Seat(letter) => {
                if self.rules.seat_by_letter(letter) != Some(self.position.to_move()) {
                    return Err(format!(
                        "the record says {letter} is to play, but it is not its turn"
                    ));
                }
            }
            Action::Throw(name) => {
                let throw = self.rules.throw_named(name).map_err(|e| e.to_string())?;
                if self.position.phase() != Phase::Throw {
                    return Err(format!("throw ({name}): it is not time to throw"));
                }
                self.apply_throw(throw);
            }
            Action::Move(mv) => {
                let mut probe = self.position;
                probe
                    .play(&self.rules, mv)
                    .map_err(|e| format!("move {mv}: {e}"))?;
                self.play(mv);
            }
        }
        Ok(())
    }
}

/// Checks the record's `Opening` throw-off, if it has one, against the one `seed` gives.
pub(crate) fn check_seeded_throw_off(
    rules: &Rules,
    seed: u64,
    record: &GameRecord,
) -> Result<(), String> {
    if let Some(text) = record.tag("Opening") {
        let drawn = throw_off(rules, seed).map(|o| o.to_text(rules));
        if drawn.as_deref() != Some(text) {
            return Err(format!(
                "the record's throw-off ({text}) is not the one its seed {seed} gives ({})",
                drawn
                    .as_deref()
                    .unwrap_or("none: these rules have no throw-off")
            ));
        }
    }
    Ok(())
}

/// How a replay of a seeded game words a throw that is not the seed's.
pub(crate) fn seeded_mismatch(seed: u64) -> impl Fn(ThrowName, ThrowName, u64) -> String {
    move |name, drawn, _| {
        format!("the record throws ({name}) where its seed {seed} gives ({drawn})")
    }
}

/// The record's header: the record without its actions.
pub(crate) fn header_of(record: &GameRecord) -> GameRecord {
    let mut header = record.clone();
    header.actions.clear();
    header
}
