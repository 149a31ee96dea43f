//! The game screen's log in words: a line for each throw and the moves that spent it
//! (`Yellow threw 10: brought a piece in E10`), turns that were only a forced pass folded
//! together (`No move for Green (3), Black (2), Red (4)`), each seat's line in its colour.
//!
//! The entries are read from the record by `pachisi_learn::speak::log` (again after an undo,
//! which shortens the record); this module lays them out.

use crate::move_words::seat_name;
use pachisi_core::{GameRecord, Rules};
use pachisi_learn::speak::log::{Entry, GameLog};
use pachisi_words::{Args, Words};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};

/// Forced passes folded into one line at most: a round of four seats.
const FOLD: usize = 4;

/// The log, kept up to date with the record.
#[derive(Clone)]
pub struct LogWords {
    log: GameLog,
}

impl LogWords {
    /// An empty log in the catalogue's language.
    pub fn new(words: &'static Words) -> LogWords {
        LogWords {
            log: GameLog::new(words),
        }
    }

    /// Reads the actions of `record` not read yet; all of them again when the record is shorter
    /// than what was read (an undo).
    pub fn update(&mut self, rules: &Rules, record: &GameRecord) {
        self.log.update(rules, record);
    }

    /// The last move read, in words, with its seat and notation: `(seat, did, tag)`.
    pub fn last_said(&self) -> Option<(u8, &str, &str)> {
        self.log.last_said()
    }

    /// The log's lines, oldest first, the notation of each move beside it in grey.
    pub fn lines(&self, rules: &Rules) -> Vec<Line<'static>> {
        let words = self.log.words();
        let entries = self.log.entries();
        let mut lines: Vec<Line<'static>> = self
            .log
            .opening()
            .map(|o| Line::from(o.to_string()))
            .into_iter()
            .collect();
        let mut i = 0;
        while i < entries.len() {
            let entry = &entries[i];
            let who = seat_name(words, rules, entry.seat);
            let mut args = Args::new();
            args.set("who", who.clone());
            args.set("throw", entry.throw.clone().unwrap_or_default());
            let colour = Style::new().fg(crate::board::seat_color(rules, entry.seat));
            if entry.forced && entry.moves.is_empty() {
                let folded: Vec<&Entry> = entries[i..]
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
    use pachisi_core::record::Action;
    use pachisi_core::{builtin_rules, Move, Position};

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
