//! A table taken over from a snapshot of it and the actions since ([`Table::snapshot`],
//! [`Table::resume`], [`Table::resume_fair`]), instead of replaying its whole record.
//!
//! Restoring a game ([`Table::restore`]) replays every action of its record: each move checked
//! and played, the log written, each throw drawn again, so that loading a game costs in
//! proportion to its length. A server that takes a long game over from another instance can
//! instead load a [`TableSnapshot`] taken at some action of the game and replay only the actions
//! after it. The table it builds is the one restoring gives from the same record: the same
//! position, log, undo history, last move and throw, the throws going on from the same point, and
//! the bots built afresh from their specs and seed (restoring never asks a bot to choose, so
//! neither does resuming). The module's tests check exactly that over every built-in ruleset.
//!
//! This module owns the snapshot's contents and its JSON, the fingerprint that ties a snapshot
//! to the record it was taken from, and the checks resuming makes (listed on [`TableSnapshot`]).
//! `snapshot/log.rs` owns the log's shape and the log written again from it and the record's
//! tokens. What the throws keep is `dice`'s ([`crate::dice::DiceState`]).
//!
//! The snapshot is stored as JSON ([`TableSnapshot::to_json`], [`TableSnapshot::from_json`]);
//! it also implements serde's traits for a caller that embeds it in JSON of its own, and
//! [`Table::resume`] checks its version whichever way it was read. docs/performance.md
//! ("Restoring a table from a snapshot") compares the two ways of loading a long game.

use crate::dice::{Dice, DiceState};
use crate::fair::fair_mismatch;
use crate::restore::{check_seeded_throw_off, header_of, seeded_mismatch};
use crate::{move_squares, LastMove, SeatSpec, Table, UndoPoint};
use pachisi_core::{Action, GameRecord, Move, Position, Rules, Throw, ThrowName};
use pachisi_fair::{FairDice, COMMITMENT_TAG, PLAYER_SEEDS_TAG};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod log;
#[cfg(test)]
mod tests;

use log::{line_shape, push_token, LogWriter};

/// The version of the snapshots this build writes and reads. A snapshot of another version is
/// refused, and the game is restored from its record instead.
pub const SNAPSHOT_VERSION: u32 = 1;

/// A table as it stood at some action of its record, to take the game over from without
/// replaying those actions ([`Table::snapshot`], [`Table::resume`], [`Table::resume_fair`]).
///
/// It keeps what replaying the record's first actions produces and cannot be worked out from the
/// rules, the seats and the seeds without that replay:
///
/// - the position, in its notation;
/// - the log's shape: which seat each turn belongs to, how many of the record's actions it holds,
///   and which turns share a line. The log's text is the record's tokens, so it is written again
///   from the record rather than kept twice;
/// - the log's two flags, the last move and the last throw (each with its seat), the throw count,
///   and the record's length at the last save ([`Table::mark_saved`], which a record does not
///   tell: the one thing a resumed table may have that a restored one has not);
/// - the throws' state: the number of the next throw and, for seeded throws, where the generator
///   stands in its stream. The seed and the fair dice's secret are not kept: resuming is given
///   them, as restoring is;
/// - the undo history: for each person's move that undo can take back, the position, the record's
///   length, the throws' state, the log's flag and the last move and throw before it. The log as
///   it stood then follows from the log's shape, and the throw count from the record.
///
/// It keeps none of the record's actions, which are stored apart, only their number
/// ([`TableSnapshot::actions`]) and a fingerprint: FNV-1a over the record's tags that fix the game
/// (ruleset, overrides, seed, start or throw-off, the fair throws' commitment and players'
/// seeds), a seeded game's seed, and those actions' tokens.
///
/// Resuming checks what it can without replaying: the version; the fingerprint against the
/// record's first actions, so that a snapshot of another game, or of moves taken back since, is
/// refused; that the record has that many actions; that the throw count and the throws' number
/// agree with the throws among them (a table whose throws were not all drawn, played with
/// [`Table::apply_action`], would not resume as its record restores); that the log's shape holds
/// exactly those actions; that the undo history is in order; and that every position, seat, move
/// and throw can be read under the rules. The actions after the snapshot are replayed as
/// restoring replays them, every throw checked against its source. Any fault is an error, never a
/// panic, and the game can then be restored from its record.
///
/// What resuming does not check is whether the snapshot's position is the one its actions lead
/// to, which would take the replay it saves; nor the record's seat markers (`Y:`) among the
/// actions before the snapshot, which tables do not write.
///
/// # Equality
/// Two snapshots are equal when every field is: taken from the same game at the same action,
/// they are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSnapshot {
    /// [`SNAPSHOT_VERSION`] when it was taken.
    version: u32,
    /// The record's actions (throws and moves) the table stood at.
    actions: usize,
    /// The fingerprint of the game and of those actions, in hexadecimal.
    game: String,
    /// The position, in its notation.
    position: String,
    /// The log's shape after its throw-off line: per line, its turns separated by spaces, each
    /// the seat's letter and the number of actions in it (`G1 R1 B1`).
    log: Vec<String>,
    log_turn_over: bool,
    log_passes: bool,
    /// The seat and the move, in move notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_move: Option<(u8, String)>,
    /// The seat and the throw's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_throw: Option<(u8, String)>,
    throw_count: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    saved_actions: Option<usize>,
    dice: DiceState,
    /// The undo history, oldest first.
    undo: Vec<UndoState>,
}

/// What a snapshot keeps of one point undo goes back to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoState {
    actions: usize,
    position: String,
    dice: DiceState,
    log_passes: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_move: Option<(u8, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    last_throw: Option<(u8, String)>,
}

impl TableSnapshot {
    /// The version of snapshot format it was written in ([`SNAPSHOT_VERSION`] for this build's).
    pub fn version(&self) -> u32 {
        self.version
    }

    /// The number of the record's actions (throws and moves, not seat markers) the table stood
    /// at: resuming replays the actions after them.
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// The snapshot as compact JSON, to store beside the game's actions.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a snapshot is plain data: numbers, strings and lists")
    }

    /// A snapshot read from [`TableSnapshot::to_json`]'s JSON.
    ///
    /// # Errors
    /// When the text is not a snapshot, or one of another version.
    pub fn from_json(text: &str) -> Result<TableSnapshot, String> {
        match serde_json::from_str::<TableSnapshot>(text) {
            Ok(snapshot) => {
                snapshot.check_version()?;
                Ok(snapshot)
            }
            Err(e) => {
                // A snapshot of another version may not read as one of this version: say which
                // version it is rather than which field does not fit.
                #[derive(Deserialize)]
                struct Version {
                    version: u32,
                }
                match serde_json::from_str::<Version>(text) {
                    Ok(Version { version }) if version != SNAPSHOT_VERSION => {
                        Err(version_error(version))
                    }
                    _ => Err(format!("the snapshot cannot be read: {e}")),
                }
            }
        }
    }

    fn check_version(&self) -> Result<(), String> {
        if self.version == SNAPSHOT_VERSION {
            Ok(())
        } else {
            Err(version_error(self.version))
        }
    }
}

fn version_error(version: u32) -> String {
    format!("the snapshot is of version {version}, and this build reads version {SNAPSHOT_VERSION}")
}

impl Table {
    /// The table as it stands, to take the game over from later without replaying its record
    /// ([`Table::resume`], [`Table::resume_fair`]).
    pub fn snapshot(&self) -> TableSnapshot {
        let seed = match self.throws {
            Dice::Seeded { .. } => Some(self.bot_seed),
            Dice::Fair(_) => None,
        };
        let mut game = Fingerprint::new(&self.record, seed);
        let mut token = String::new();
        for &(action, _, _) in &self.record.actions {
            token.clear();
            push_token(&mut token, action);
            game.token(&token);
        }
        let opening = usize::from(self.record.tag("Opening").is_some()).min(self.log.len());
        TableSnapshot {
            version: SNAPSHOT_VERSION,
            actions: self.record.actions.len(),
            game: game.finish(),
            position: self.position.to_notation(&self.rules),
            log: self.log[opening..].iter().map(|l| line_shape(l)).collect(),
            log_turn_over: self.log_turn_over,
            log_passes: self.log_passes,
            last_move: self.last_move.map(|m| (m.seat, m.mv.to_string())),
            last_throw: self.last_throw_named(self.last_throw),
            throw_count: self.throw_count,
            saved_actions: self.saved_actions,
            dice: self.throws.state(),
            undo: self
                .history
                .iter()
                .map(|point| UndoState {
                    actions: point.actions,
                    position: point.position.to_notation(&self.rules),
                    dice: point.throws.state(),
                    log_passes: point.log_passes,
                    last_move: point.last_move.map(|m| (m.seat, m.mv.to_string())),
                    last_throw: self.last_throw_named(point.last_throw),
                })
                .collect(),
        }
    }

    /// A seeded game taken over from `snapshot`, as [`Table::restore`] would restore it from
    /// `record`: the snapshot stands for the record's first [`TableSnapshot::actions`] actions,
    /// and the actions after them are replayed, every throw checked against `seed`. The
    /// arguments are restore's, and the table is the one restore gives.
    ///
    /// # Errors
    /// When the snapshot does not fit the record (another game, more actions than the record
    /// has, throws not drawn from the seed, a field that cannot be read; see the module's
    /// documentation), or when an action after it is not possible where it stands or a throw is
    /// not the seed's. The game can then be restored from its record.
    pub fn resume(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        seed: u64,
        record: &GameRecord,
        snapshot: &TableSnapshot,
    ) -> Result<Table, String> {
        snapshot.check_version()?;
        let mut table = Table::new(rules, seats, seed, header_of(record))?;
        check_seeded_throw_off(&table.rules, seed, record)?;
        let rest = table.load(snapshot, record, Some(seed))?;
        table.replay_drawn(rest, seeded_mismatch(seed))?;
        Ok(table)
    }

    /// A game with fair throws taken over from `snapshot`, as [`Table::restore_fair`] would
    /// restore it from `record`: as [`Table::resume`], the actions after the snapshot's checked
    /// against `dice`.
    ///
    /// # Errors
    /// As [`Table::resume`], and when the record's throw-off is not the fair dice's.
    pub fn resume_fair(
        rules: Arc<Rules>,
        seats: &[SeatSpec],
        dice: FairDice,
        bot_seed: u64,
        record: &GameRecord,
        snapshot: &TableSnapshot,
    ) -> Result<Table, String> {
        snapshot.check_version()?;
        let mut table = Table::new_fair(rules, seats, dice, bot_seed, header_of(record))?;
        let rest = table.load(snapshot, record, None)?;
        table.replay_drawn(rest, fair_mismatch)?;
        Ok(table)
    }

    /// The seat and the name of a throw, as a snapshot keeps them.
    fn last_throw_named(&self, last: Option<(u8, Throw)>) -> Option<(u8, String)> {
        last.map(|(seat, t)| (seat, self.rules.outcome(t).name.to_string()))
    }

    /// Puts this new table (header only, throws at the game's first) where `snapshot` stands,
    /// its record given the first actions of `record`; returns the actions after them.
    /// `seed` is a seeded game's, part of the fingerprint.
    fn load<'r>(
        &mut self,
        snapshot: &TableSnapshot,
        record: &'r GameRecord,
        seed: Option<u64>,
    ) -> Result<&'r Actions, String> {
        let n = snapshot.actions;
        let (prefix, rest) = split_after(&record.actions, n).ok_or_else(|| {
            let has = record
                .actions
                .iter()
                .filter(|(a, _, _)| !matches!(a, Action::Seat(_)))
                .count();
            format!("the snapshot stands at action {n}, but the record has only {has} actions")
        })?;
        if snapshot.saved_actions.is_some_and(|s| s > n) {
            return Err(format!(
                "the snapshot was saved at action {}, after its own {n}",
                snapshot.saved_actions.unwrap_or_default()
            ));
        }
        let marks: Vec<usize> = snapshot.undo.iter().map(|u| u.actions).collect();
        if marks.windows(2).any(|w| w[0] >= w[1]) || marks.last().is_some_and(|&m| m >= n) {
            return Err(format!(
                "the snapshot's undo history ({marks:?}) is not in order before its action {n}"
            ));
        }

        // One pass over the actions before the snapshot: into the record, the fingerprint and
        // the log, with the log and the throw count at each point undo goes back to.
        // The fingerprint is checked first: a snapshot of another game is refused as such, not
        // for a log that does not fit.
        let mut game = Fingerprint::new(&self.record, seed);
        let mut log = LogWriter::new(&self.rules, std::mem::take(&mut self.log), &snapshot.log);
        let mut throws = 0u64;
        let mut token = String::new();
        let mut at_marks = Vec::with_capacity(marks.len());
        let mut next_mark = marks.iter().peekable();
        self.record.actions.reserve(n);
        for &(action, _, _) in prefix {
            if matches!(action, Action::Seat(_)) {
                continue;
            }
            while next_mark
                .next_if(|&&m| m == self.record.actions.len())
                .is_some()
            {
                at_marks.push((log.lines(), log.last_line(), throws));
            }
            token.clear();
            push_token(&mut token, action);
            game.token(&token);
            log.token(&token);
            throws += u64::from(matches!(action, Action::Throw(_)));
            self.record.push(action);
        }
        let game = game.finish();
        if game != snapshot.game {
            return Err(format!(
                "the snapshot is of another game, or of other actions: its fingerprint is {}, and \
                 this game's first {n} actions give {game}",
                snapshot.game
            ));
        }
        self.log = log.finish()?;
        if snapshot.throw_count != throws {
            return Err(format!(
                "the snapshot counts {} throws, but the record's first {n} actions hold {throws}",
                snapshot.throw_count
            ));
        }

        let first = self.throws.count();
        let dice = |state: &DiceState, throws: u64, at: usize| {
            if state.count != first + throws {
                return Err(format!(
                    "the snapshot's throws stand at throw {} after action {at}, where drawing \
                     every throw of the record puts them at {}",
                    state.count,
                    first + throws
                ));
            }
            self.throws.at(state)
        };
        let now = dice(&snapshot.dice, throws, n)?;
        let mut history = Vec::with_capacity(snapshot.undo.len());
        for (undo, (log_lines, last_line, throws)) in snapshot.undo.iter().zip(at_marks) {
            history.push(UndoPoint {
                position: position(&self.rules, &undo.position)?,
                actions: undo.actions,
                throws: dice(&undo.dice, throws, undo.actions)?,
                log_lines,
                last_line,
                log_passes: undo.log_passes,
                last_move: last_move(&self.rules, &undo.last_move)?,
                last_throw: last_throw(&self.rules, &undo.last_throw)?,
                throw_count: throws,
            });
        }
        self.throws = now;
        self.position = position(&self.rules, &snapshot.position)?;
        self.history = history;
        self.log_turn_over = snapshot.log_turn_over;
        self.log_passes = snapshot.log_passes;
        self.last_move = last_move(&self.rules, &snapshot.last_move)?;
        self.last_throw = last_throw(&self.rules, &snapshot.last_throw)?;
        self.throw_count = throws;
        self.saved_actions = snapshot.saved_actions;
        Ok(rest)
    }
}

/// A record's actions, each with its line and column.
type Actions = [(Action, usize, usize)];

/// The record's actions split after the `n`-th throw or move (seat markers are not counted);
/// `None` when there are fewer.
fn split_after(actions: &Actions, n: usize) -> Option<(&Actions, &Actions)> {
    if n == 0 {
        return Some((&[], actions));
    }
    let end = actions
        .iter()
        .enumerate()
        .filter(|(_, (a, _, _))| !matches!(a, Action::Seat(_)))
        .nth(n - 1)
        .map(|(i, _)| i + 1)?;
    Some(actions.split_at(end))
}

/// A position of the snapshot.
fn position(rules: &Rules, text: &str) -> Result<Position, String> {
    Position::from_notation(rules, text)
        .map_err(|e| format!("the snapshot's position `{text}` cannot be read: {e}"))
}

/// A seat of the snapshot, which must be one of the rules'.
fn seat(rules: &Rules, seat: u8) -> Result<u8, String> {
    if seat < rules.seats() {
        Ok(seat)
    } else {
        Err(format!(
            "the snapshot names seat {seat}, and these rules have {} seats",
            rules.seats()
        ))
    }
}

/// The last move of the snapshot, with the squares it left and reached.
fn last_move(rules: &Rules, last: &Option<(u8, String)>) -> Result<Option<LastMove>, String> {
    let Some((s, text)) = last else {
        return Ok(None);
    };
    let seat = seat(rules, *s)?;
    let mv: Move = text
        .parse()
        .map_err(|e| format!("the snapshot's last move `{text}` cannot be read: {e}"))?;
    Ok(Some(LastMove {
        seat,
        mv,
        squares: move_squares(rules, seat, mv),
    }))
}

/// The last throw of the snapshot.
fn last_throw(rules: &Rules, last: &Option<(u8, String)>) -> Result<Option<(u8, Throw)>, String> {
    let Some((s, text)) = last else {
        return Ok(None);
    };
    let bad = |e: String| format!("the snapshot's last throw `{text}` cannot be read: {e}");
    let name: ThrowName = text.parse().map_err(|e| bad(format!("{e}")))?;
    let throw = rules.throw_named(name).map_err(|e| bad(e.to_string()))?;
    Ok(Some((seat(rules, *s)?, throw)))
}

/// The record's header tags that fix a game: its rules, where it begins, where its throws come
/// from. Not `Seats`, which changes when a seat changes hands, nor tags written once the game is
/// over.
const GAME_TAGS: [&str; 7] = [
    "Ruleset",
    "Set",
    "Seed",
    "Start",
    "Opening",
    COMMITMENT_TAG,
    PLAYER_SEEDS_TAG,
];

/// The fingerprint of a game and its actions: FNV-1a (64 bits), which unlike the standard
/// library's hashers is fixed for good, over the game's tags ([`GAME_TAGS`]), a seeded game's
/// seed, and each action's token as the record writes it.
struct Fingerprint(u64);

impl Fingerprint {
    fn new(record: &GameRecord, seed: Option<u64>) -> Fingerprint {
        let mut f = Fingerprint(0xcbf2_9ce4_8422_2325);
        for key in GAME_TAGS {
            f.bytes(key.as_bytes());
            if let Some(value) = record.tag(key) {
                f.bytes(b"=");
                f.bytes(value.as_bytes());
            }
            f.bytes(b"\x1f");
        }
        if let Some(seed) = seed {
            f.bytes(b"seed ");
            f.bytes(&seed.to_le_bytes());
            f.bytes(b"\x1e");
        }
        f
    }

    /// Adds an action's token ([`push_token`]).
    fn token(&mut self, token: &str) {
        self.bytes(token.as_bytes());
        self.bytes(b" ");
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(self) -> String {
        format!("{:016x}", self.0)
    }
}
