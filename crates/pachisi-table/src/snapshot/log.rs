//! The log of a snapshot: its shape ([`line_shape`]), and the log written again from the shape
//! and the record's tokens ([`LogWriter`], [`push_token`]).

use crate::LOG_FOLD_SEPARATOR;
use pachisi_core::{Action, Move, Rules};
use std::fmt::Write as _;

const _: () = assert!(LOG_FOLD_SEPARATOR.as_bytes()[0] == b' ');

/// The shape of a log line: its turns, each the seat's letter and its number of actions
/// (`G1 R1 B1`). Turns are separated by [`LOG_FOLD_SEPARATOR`], and a turn is its seat's letter,
/// `: ` and its tokens, separated by single spaces (no token holds a space). A line the table
/// did not write so gives a turn that resuming refuses (`?`).
pub(super) fn line_shape(line: &str) -> String {
    let mut shape = String::with_capacity(8);
    let mut rest = line;
    loop {
        let mut chars = rest.chars();
        let letter = chars.next();
        let (Some(letter), Some(turn)) = (letter, chars.as_str().strip_prefix(": ")) else {
            shape.push('?');
            return shape;
        };
        // A scan of bytes rather than a search for the separator, which costs more than the rest
        // of the snapshot: the separator begins with a space, where the scan looks for it.
        let bytes = turn.as_bytes();
        let (mut tokens, mut end) = (1, None);
        for (i, &b) in bytes.iter().enumerate() {
            if b == b' ' {
                if turn[i..].starts_with(LOG_FOLD_SEPARATOR) {
                    end = Some(i);
                    break;
                }
                tokens += 1;
            }
        }
        shape.push(letter);
        let _ = write!(shape, "{tokens}");
        match end {
            Some(i) => {
                shape.push(' ');
                rest = &turn[i + LOG_FOLD_SEPARATOR.len()..];
            }
            None => return shape,
        }
    }
}

/// The log written again from the record's actions and its shape ([`line_shape`]), as
/// `Table::write_log` wrote it. A fault (a turn that cannot be read, a shape that holds more or
/// fewer actions than the record) is kept until [`LogWriter::finish`].
pub(super) struct LogWriter<'a> {
    rules: &'a Rules,
    log: Vec<String>,
    /// Every turn in order: its seat, its number of actions, and whether it begins a line.
    turns: Vec<(u8, usize, bool)>,
    /// The next turn.
    next: usize,
    /// Actions left in the current turn.
    left: usize,
    fault: Option<String>,
}

impl<'a> LogWriter<'a> {
    /// A writer going on from `log` (the throw-off's line, if any) by `shape`.
    pub(super) fn new(rules: &'a Rules, log: Vec<String>, shape: &[String]) -> Self {
        let mut writer = LogWriter {
            rules,
            log,
            turns: Vec::new(),
            next: 0,
            left: 0,
            fault: None,
        };
        for line in shape {
            for (i, turn) in line.split(' ').enumerate() {
                let mut chars = turn.chars();
                let seat = chars.next().and_then(|letter| rules.seat_by_letter(letter));
                match (seat, chars.as_str().parse::<usize>()) {
                    (Some(seat), Ok(count)) if count > 0 => {
                        writer.turns.push((seat, count, i == 0))
                    }
                    _ => {
                        writer.fault = Some(format!(
                            "the snapshot's log has a turn `{turn}` (in `{line}`) that cannot be read"
                        ));
                        return writer;
                    }
                }
            }
        }
        writer
    }

    /// Writes the next action's token ([`push_token`]).
    pub(super) fn token(&mut self, token: &str) {
        if self.fault.is_some() {
            return;
        }
        if self.left == 0 {
            let Some(&(seat, count, new_line)) = self.turns.get(self.next) else {
                self.fault =
                    Some("the snapshot's log holds fewer actions than the snapshot".into());
                return;
            };
            let letter = self.rules.seat_letter(seat);
            match self.log.last_mut() {
                Some(line) if !new_line => {
                    line.push_str(LOG_FOLD_SEPARATOR);
                    line.push(letter);
                    line.push_str(": ");
                }
                _ => {
                    let mut line = String::with_capacity(32);
                    line.push(letter);
                    line.push_str(": ");
                    self.log.push(line);
                }
            }
            self.next += 1;
            self.left = count;
        } else if let Some(line) = self.log.last_mut() {
            line.push(' ');
        }
        if let Some(line) = self.log.last_mut() {
            line.push_str(token);
        }
        self.left -= 1;
    }

    /// The number of lines written so far.
    pub(super) fn lines(&self) -> usize {
        self.log.len()
    }

    /// The last line as it reads now (empty when there is none).
    pub(super) fn last_line(&self) -> String {
        self.log.last().cloned().unwrap_or_default()
    }

    /// The log, once every action has been written.
    pub(super) fn finish(self) -> Result<Vec<String>, String> {
        if let Some(fault) = self.fault {
            return Err(fault);
        }
        if self.left > 0 || self.next < self.turns.len() {
            return Err("the snapshot's log holds more actions than the snapshot".into());
        }
        Ok(self.log)
    }
}

/// Appends an action's token as the record and the log write it (`(25)`, `(5-3)`, `(6-5-2)`, `E10`,
/// `E3+2`, `12+5:3po`, `-`): the notation of [`pachisi_core::ThrowName`] and [`Move`], written
/// without the formatting machinery, which would cost as much as the rest of resuming. A seat
/// marker has no token.
pub(super) fn push_token(out: &mut String, action: Action) {
    match action {
        Action::Throw(name) => {
            out.push('(');
            push_number(out, name.first);
            for die in [name.second, name.third].into_iter().flatten() {
                out.push('-');
                push_number(out, die);
            }
            out.push(')');
        }
        Action::Move(Move::Enter { value }) => {
            out.push('E');
            push_number(out, value);
        }
        Action::Move(Move::EnterSum { first, second }) => {
            out.push('E');
            push_number(out, first);
            out.push('+');
            push_number(out, second);
        }
        Action::Move(Move::Advance {
            from,
            value,
            steps,
            pair,
            round_again,
        }) => {
            push_number(out, from);
            out.push('+');
            push_number(out, value);
            if steps != value {
                out.push(':');
                push_number(out, steps);
            }
            if pair {
                out.push('p');
            }
            if round_again {
                out.push('o');
            }
        }
        Action::Move(Move::Pass) => out.push('-'),
        Action::Seat(_) => {}
    }
}

fn push_number(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}
