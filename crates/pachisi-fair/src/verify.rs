//! Checking a finished game: every throw of its record recomputed from the revealed server
//! seed and the players' seeds, and the seed checked against the commitment made before the
//! game.
//!
//! Throws are numbered from 0 in the order they fell: the throw-off's first (its `Opening` tag,
//! round by round, in seat order), then the game's. The record is replayed alongside, with its
//! own throws, to know whose turn each throw was; a throw that differs is reported and the
//! replay goes on, so that every differing throw is found, until a move no longer fits (a
//! record changed by hand often breaks there).

use crate::derive::{DeviceError, FairDice};
use crate::players::PlayerSeeds;
use crate::seed::{Commitment, ServerSeed};
use crate::tags::{FairTags, TagError};
use pachisi_core::{Action, GameRecord, Position, RecordError, Rules, ThrowName, ThrowOff};

/// A throw of the record that is not the one the seeds give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The throw's number, from 0, the throw-off's throws first.
    pub number: u64,
    /// The turn it fell in, from 1; `None` in the throw-off.
    pub turn: Option<u32>,
    /// The seat that threw.
    pub seat: u8,
    /// The throw the seeds give.
    pub expected: ThrowName,
    /// The throw the record has.
    pub recorded: ThrowName,
    /// Where the record has it: line and column, from 1 (0 in the throw-off, kept in the
    /// `Opening` tag).
    pub line: usize,
    /// See `line`.
    pub column: usize,
}

impl Mismatch {
    /// The mismatch in words: `throw 41 (turn 12, green, line 15) should be 10 but the record
    /// says 25`.
    pub fn describe(&self, rules: &Rules) -> String {
        let when = match self.turn {
            Some(turn) => format!("turn {turn}"),
            None => "throw-off".into(),
        };
        let place = match (self.line, self.turn) {
            (0, None) => ", in the Opening tag".into(),
            (0, Some(_)) => String::new(),
            (line, _) => format!(", line {line}"),
        };
        format!(
            "throw {} ({when}, {}{place}) should be {} but the record says {}",
            self.number,
            rules.seat_colour(self.seat),
            self.expected,
            self.recorded
        )
    }
}

/// What checking a record found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the revealed seed is the one committed to.
    pub seed_matches_commitment: bool,
    /// How many throws were checked.
    pub throws: u64,
    /// Every throw that differs, in order.
    pub mismatches: Vec<Mismatch>,
    /// Where the record stopped replaying, if it did: an action that is not possible where it
    /// stands (with its line and column), or an `Opening` or `Final` tag that does not fit
    /// (line and column 0). The throws after it are not checked.
    pub replay_error: Option<RecordError>,
}

impl Report {
    /// Whether everything holds: the seed matches its commitment, every throw is the seeds'
    /// and the whole record replays.
    pub fn all_match(&self) -> bool {
        self.seed_matches_commitment && self.mismatches.is_empty() && self.replay_error.is_none()
    }
}

/// Checks `record`'s throws against the given seeds, played under `rules`.
///
/// # Errors
/// When the rules' device cannot be thrown ([`crate::FairDevice::new`]).
pub fn verify(
    rules: &Rules,
    record: &GameRecord,
    server: &ServerSeed,
    commitment: &Commitment,
    players: &PlayerSeeds,
) -> Result<Report, DeviceError> {
    let mut dice = FairDice::new(rules, server, players)?;
    let mut report = Report {
        seed_matches_commitment: server.matches(commitment),
        throws: 0,
        mismatches: Vec::new(),
        replay_error: None,
    };
    report.replay_error = walk(rules, record, &mut dice, &mut report).err();
    Ok(report)
}

/// Checks a record by its own tags: the commitment, the players' seeds and the revealed seed.
///
/// # Errors
/// When the record has no commitment or no revealed seed, a tag cannot be read, or the rules'
/// device cannot be thrown.
pub fn verify_record(rules: &Rules, record: &GameRecord) -> Result<Report, TagError> {
    let tags = FairTags::read(rules, record)?;
    let server = tags.server.ok_or(TagError::NotRevealed)?;
    verify(rules, record, &server, &tags.commitment, &tags.players).map_err(TagError::Device)
}

/// Replays the record, comparing every throw with the next of `dice`.
fn walk(
    rules: &Rules,
    record: &GameRecord,
    dice: &mut FairDice,
    report: &mut Report,
) -> Result<(), RecordError> {
    let fail = |line: usize, column: usize, message: String| RecordError {
        line,
        column,
        message,
    };
    if let Some(text) = record.tag("Opening") {
        let off = ThrowOff::parse(rules, text)
            .map_err(|e| fail(0, 0, format!("the Opening throw-off is bad: {e}")))?;
        for &(seat, throw) in off.rounds().iter().flatten() {
            let recorded = rules.outcome(throw).name;
            check(rules, dice, report, recorded, None, seat, (0, 0));
        }
    }
    let mut pos: Position = record.start_position(rules)?;
    let mut turn = 0u32;
    let mut last_thrower = None;
    for &(action, line, column) in &record.actions {
        match action {
            // Seat markers change nothing; `pachisi record check` checks them.
            Action::Seat(_) => {}
            Action::Throw(name) => {
                let seat = pos.to_move();
                // A turn is a seat's run of throws: it begins when another seat throws.
                if last_thrower != Some(seat) {
                    turn += 1;
                    last_thrower = Some(seat);
                }
                check(rules, dice, report, name, Some(turn), seat, (line, column));
                let throw = rules
                    .throw_named(name)
                    .map_err(|e| fail(line, column, e.to_string()))?;
                pos.apply_throw(rules, throw)
                    .map_err(|e| fail(line, column, format!("throw ({name}): {e}")))?;
            }
            Action::Move(mv) => pos
                .play(rules, mv)
                .map_err(|e| fail(line, column, format!("move {mv}: {e}")))?,
        }
    }
    if let Some(expected) = record.tag("Final") {
        let actual = pos.to_notation(rules);
        if actual != expected {
            return Err(fail(
                0,
                0,
                format!("the record ends at `{actual}`, but its Final tag says `{expected}`"),
            ));
        }
    }
    Ok(())
}

/// Compares one recorded throw with the next of `dice`.
fn check(
    rules: &Rules,
    dice: &mut FairDice,
    report: &mut Report,
    recorded: ThrowName,
    turn: Option<u32>,
    seat: u8,
    (line, column): (usize, usize),
) {
    let number = dice.count();
    let expected = rules.outcome(dice.next_throw()).name;
    report.throws += 1;
    if expected != recorded {
        report.mismatches.push(Mismatch {
            number,
            turn,
            seat,
            expected,
            recorded,
            line,
            column,
        });
    }
}
