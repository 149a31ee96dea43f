//! The game screen's log in words: a line for each throw and the moves that spent it
//! (`Yellow threw 10: brought a piece in E10`), turns that were only a forced pass folded
//! together (`No move for Green (3), Black (2), Red (4)`).
//!
//! It is read from the record, replaying its actions from the start, so it always says what the
//! record holds: actions are added as they are played, and an undo, which shortens the record,
//! has it read again.

use crate::move_words::{move_words, seat_name};
use pachisi_core::record::Action;
use pachisi_core::{GameRecord, Move, Phase, Position, Rules, ThrowOff};
use pachisi_words::{Args, Words};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};

/// Forced passes folded into one line at most: a round of four seats.
const FOLD: usize = 4;

/// One throw and what was done with it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    seat: u8,
    /// The throw as it is written, `None` for moves before any throw (a game set up mid-turn).
    throw: Option<String>,
    /// Each move's words (past) and its notation.
    moves: Vec<(String, String)>,
    /// Whether a pass was the only move the throw left.
    forced: bool,
}

/// The log, kept up to date with the record.
#[derive(Clone)]
pub struct LogWords {
    words: &'static Words,
    /// The throw-off, when the record has one.
    opening: Option<String>,
    entries: Vec<Entry>,
    /// The position after the actions read so far, and how many they are.
    position: Option<Position>,
    read: usize,
}

impl LogWords {
    /// An empty log in the catalogue's language.
    pub fn new(words: &'static Words) -> LogWords {
        LogWords {
            words,
            opening: None,
            entries: Vec::new(),
            position: None,
            read: 0,
        }
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
                .map(|t| t.describe(rules));
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
                    let entry = match self.entries.last_mut() {
                        Some(entry) if entry.seat == seat => entry,
                        _ => {
                            self.entries.push(Entry {
                                seat,
                                throw: None,
                                moves: Vec::new(),
                                forced: false,
                            });
                            self.entries.last_mut().expect("just pushed")
                        }
                    };
                    // The pass a throw forced is said by "no move"; a pass chosen is said.
                    if !(entry.forced && mv == Move::Pass) {
                        entry.moves.push((said.past, said.tag));
                    }
                }
            }
            self.read += 1;
        }
        self.position = Some(pos);
    }

    /// The last move read, in words, with its seat and notation: `(seat, did, tag)`.
    pub fn last_said(&self) -> Option<(u8, &str, &str)> {
        let entry = self.entries.last()?;
        let (did, tag) = entry.moves.last()?;
        Some((entry.seat, did, tag))
    }

    /// The log's lines, oldest first, the notation of each move beside it in grey.
    pub fn lines(&self, rules: &Rules) -> Vec<Line<'static>> {
        let words = self.words;
        let mut lines: Vec<Line<'static>> =
            self.opening.iter().map(|o| Line::from(o.clone())).collect();
        let mut i = 0;
        while i < self.entries.len() {
            let entry = &self.entries[i];
            let who = seat_name(words, rules, entry.seat);
            let mut args = Args::new();
            args.set("who", who.clone());
            args.set("throw", entry.throw.clone().unwrap_or_default());
            let colour = Style::new().fg(crate::board::seat_color(rules, entry.seat));
            if entry.forced && entry.moves.is_empty() {
                let folded: Vec<&Entry> = self.entries[i..]
                    .iter()
                    .take(FOLD)
                    .take_while(|e| e.forced && e.moves.is_empty())
                    .collect();
                i += folded.len();
                if folded.len() == 1 {
                    lines.push(Line::from(
                        Span::from(words.msg_with("term-log-no-move", &args)).style(colour),
                    ));
                    continue;
                }
                let list: Vec<String> = folded
                    .iter()
                    .map(|e| {
                        let mut each = Args::new();
                        each.set("who", seat_name(words, rules, e.seat));
                        each.set("throw", e.throw.clone().unwrap_or_default());
                        words.msg_with("term-log-seat-throw", &each)
                    })
                    .collect();
                let mut all = Args::new();
                all.set("list", list.join(", "));
                lines.push(Line::from(words.msg_with("term-log-no-moves", &all)).dark_gray());
                continue;
            }
            i += 1;
            let head = match (&entry.throw, entry.moves.is_empty()) {
                (Some(_), true) => words.msg_with("term-log-threw", &args),
                (Some(_), false) => words.msg_with("term-log-threw-then", &args),
                (None, _) => format!("{who}:"),
            };
            let mut spans = vec![Span::from(head).style(colour)];
            for (n, (past, tag)) in entry.moves.iter().enumerate() {
                spans.push(Span::from(if n == 0 { " " } else { "; " }));
                spans.push(Span::from(past.clone()));
                if !tag.is_empty() {
                    spans.push(Span::from(format!(" {tag}")).fg(Color::DarkGray));
                }
            }
            lines.push(Line::from(spans));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    /// A throw and the move that spent it share a line; the record's notation follows the words.
    #[test]
    fn a_throw_and_its_move_read_as_one_line() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let mut record = GameRecord::new("pachisi");
        let mut pos = Position::new(&rules);
        let ten = "10".parse().expect("a name");
        let throw = rules.throw_by_name(ten).expect("a throw");
        pos.apply_throw(&rules, throw).expect("thrown");
        record.push(Action::Throw(ten));
        let enter = pos
            .legal_moves(&rules)
            .into_iter()
            .find(|m| matches!(m, Move::Enter { .. }))
            .expect("an entry");
        record.push(Action::Move(enter));
        let mut log = LogWords::new(pachisi_words::english());
        log.update(&rules, &record);
        let lines: Vec<String> = log.lines(&rules).iter().map(text).collect();
        assert_eq!(lines, ["Yellow threw 10: brought a piece in E10"]);
        // An undo shortens the record: the log is read again.
        record.actions.truncate(1);
        log.update(&rules, &record);
        let lines: Vec<String> = log.lines(&rules).iter().map(text).collect();
        assert_eq!(lines, ["Yellow threw 10."]);
    }
}
