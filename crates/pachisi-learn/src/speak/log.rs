//! A game's log in words, read from its record: an entry for each throw and the moves that
//! spent it (`Yellow threw 10: brought a piece in E10`), whether the throw forced a pass, and
//! the throw-off. Front ends lay the entries out (the terminal folds forced passes together and
//! colours each seat's line).
//!
//! It is read from the record, replaying its actions from the start, so it always says what the
//! record holds: actions are added as they are played, and an undo, which shortens the record,
//! has it read again.

use super::events::throw_off_words;
use super::moves::move_words;
use pachisi_core::record::Action;
use pachisi_core::{GameRecord, Move, Phase, Position, Rules, ThrowOff};
use pachisi_words::Words;

/// One throw and what was done with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The seat that threw.
    pub seat: u8,
    /// The throw as it is written, `None` for moves before any throw (a game set up mid-turn).
    pub throw: Option<String>,
    /// Each move's words (past, for everyone) and its notation.
    pub moves: Vec<(String, String)>,
    /// Whether a pass was the only move the throw left.
    pub forced: bool,
}

/// The log, kept up to date with the record.
#[derive(Clone)]
pub struct GameLog {
    words: &'static Words,
    /// The throw-off in words, when the record has one.
    opening: Option<String>,
    entries: Vec<Entry>,
    /// The position after the actions read so far, and how many they are.
    position: Option<Position>,
    read: usize,
}

impl GameLog {
    /// An empty log in the catalogue's language.
    pub fn new(words: &'static Words) -> GameLog {
        GameLog {
            words,
            opening: None,
            entries: Vec::new(),
            position: None,
            read: 0,
        }
    }

    /// The catalogue the log speaks from.
    pub fn words(&self) -> &'static Words {
        self.words
    }

    /// Reads the actions of `record` not read yet; all of them again when the record is shorter
    /// than what was read (an undo).
    pub fn update(&mut self, rules: &Rules, record: &GameRecord) {
        if record.actions.len() < self.read || self.position.is_none() {
            let Ok(start) = record.start_position(rules) else {
                return;
            };
            self.opening = record
                .tag("Opening")
                .and_then(|text| ThrowOff::parse(rules, text).ok())
                .map(|t| throw_off_words(self.words, rules, &t));
            self.entries.clear();
            self.position = Some(start);
            self.read = 0;
        }
        let Some(mut pos) = self.position else {
            return;
        };
        for &(action, _, _) in &record.actions[self.read..] {
            match action {
                Action::Seat(_) => {}
                Action::Throw(name) => {
                    let seat = pos.to_move();
                    if let Ok(throw) = rules.throw_named(name) {
                        if pos.apply_throw(rules, throw).is_err() {
                            break;
                        }
                    }
                    let forced = pos.phase() == Phase::Move
                        && pos.legal_moves(rules).as_slice() == [Move::Pass];
                    self.entries.push(Entry {
                        seat,
                        throw: Some(name.to_string()),
                        moves: Vec::new(),
                        forced,
                    });
                }
                Action::Move(mv) => {
                    let seat = pos.to_move();
                    let said = move_words(self.words, rules, &pos, mv);
                    if pos.play(rules, mv).is_err() {
                        break;
                    }
                    let starts_entry = !matches!(self.entries.last(), Some(e) if e.seat == seat);
                    if starts_entry {
                        self.entries.push(Entry {
                            seat,
                            throw: None,
                            moves: Vec::new(),
                            forced: false,
                        });
                    }
                    if let Some(entry) = self.entries.last_mut() {
                        // The pass a throw forced is said by "no move"; a pass chosen is said.
                        if !(entry.forced && mv == Move::Pass) {
                            entry.moves.push((said.past, said.tag));
                        }
                    }
                }
            }
            self.read += 1;
        }
        self.position = Some(pos);
    }

    /// The throw-off in words, when the record has one.
    pub fn opening(&self) -> Option<&str> {
        self.opening.as_deref()
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The last move read, in words, with its seat and notation: `(seat, did, tag)`.
    pub fn last_said(&self) -> Option<(u8, &str, &str)> {
        let entry = self.entries.last()?;
        let (did, tag) = entry.moves.last()?;
        Some((entry.seat, did, tag))
    }
}

/// The position in which the last turn of `seat` passed because none of its pieces could move
/// with the throw (thrown, the pass not yet played), when `seat` has done nothing since: what a
/// player asking `why` after such a turn wants explained, as the terminal's `w` explains it.
/// `None` when the record cannot be replayed or the seat's last turn did not pass so.
pub fn forced_pass_of(rules: &Rules, record: &GameRecord, seat: u8) -> Option<Position> {
    let mut pos = record.start_position(rules).ok()?;
    let mut found = None;
    for &(action, _, _) in &record.actions {
        let mover = pos.to_move();
        match action {
            Action::Seat(_) => continue,
            Action::Throw(name) => {
                pos.apply_throw(rules, rules.throw_named(name).ok()?).ok()?;
            }
            Action::Move(mv) => {
                let forced = mv == Move::Pass
                    && mover == seat
                    && pos.legal_moves(rules).as_slice() == [Move::Pass];
                let before = pos;
                pos.play(rules, mv).ok()?;
                if forced {
                    found = Some(before);
                    continue;
                }
            }
        }
        if mover == seat {
            found = None;
        }
    }
    found
}
