//! Game records: a header and every throw and move, replayable to the same final position.
//!
//! ```text
//! [Ruleset "pachisi"]
//! [Seed "42"]
//! [Final "0,0,0,0/... Gt -"]
//!
//! Y: (10) E10 (3) 1+3
//! G: (2) -
//! ```
//!
//! Header lines are `[Key "value"]`. `Ruleset` is required; `Seed` records where the throws came
//! from; `Start` gives a starting position other than the usual one; `Final`, when present, must
//! equal the position the record replays to. In the body, `(25)` is a throw of value 25 (`(5-3)` a
//! throw of two separate dice), anything
//! else is a move in [`crate::Move`] notation, `Y:` names the seat whose turn begins (checked on
//! replay), and `;` starts a comment that runs to the end of the line.

use crate::moves::Move;
use crate::position::{Phase, Position};
use crate::ruleset::Rules;
use crate::throw::ThrowName;

/// One recorded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A throw, by its name: its value, or two separate dice such as `5-3`.
    Throw(ThrowName),
    /// A move.
    Move(Move),
    /// The seat (by letter) whose turn begins here.
    Seat(char),
}

/// A game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRecord {
    /// Header tags in order, `Ruleset` included.
    pub tags: Vec<(String, String)>,
    /// The actions, each with the line and column where it stands (0 when built in memory).
    pub actions: Vec<(Action, usize, usize)>,
    /// The line of each header tag in the text it was read from (0 when set in memory).
    tag_lines: Vec<usize>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record line {line}, column {column}: {message}")]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn rec_err(line: usize, column: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        column,
        message: message.into(),
    }
}

impl GameRecord {
    /// A new, empty record for a ruleset.
    pub fn new(ruleset: &str) -> GameRecord {
        GameRecord {
            tags: vec![("Ruleset".into(), ruleset.into())],
            tag_lines: vec![0],
            actions: Vec::new(),
        }
    }

    /// The value of a header tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a header tag, replacing any earlier value.
    pub fn set_tag(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => {
                self.tags.push((key.into(), value));
                self.tag_lines.push(0);
            }
        }
    }

    /// Removes a header tag, if the record has it.
    pub fn remove_tag(&mut self, key: &str) {
        if let Some(i) = self.tags.iter().position(|(k, _)| k == key) {
            self.tags.remove(i);
            if i < self.tag_lines.len() {
                self.tag_lines.remove(i);
            }
        }
    }

    /// The line a tag stands on (1 when unknown).
    fn tag_line(&self, key: &str) -> usize {
        let i = self.tags.iter().position(|(k, _)| k == key);
        i.and_then(|i| self.tag_lines.get(i))
            .copied()
            .filter(|&l| l > 0)
            .unwrap_or(1)
    }

    /// Appends an action.
    pub fn push(&mut self, action: Action) {
        self.actions.push((action, 0, 0));
    }

    /// Reads a record.
    ///
    /// # Errors
    /// When a header line or token is malformed, or `Ruleset` is missing; the error gives line
    /// and column.
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::default();
        let mut in_body = false;
        for (n, raw_line) in text.lines().enumerate() {
            let line_no = n + 1;
            if raw_line.trim_start().starts_with('[') && !in_body {
                let column = raw_line.len() - raw_line.trim_start().len() + 1;
                let (key, value) = parse_tag(raw_line.trim()).ok_or_else(|| {
                    rec_err(
                        line_no,
                        column,
                        "expected a header line like [Ruleset \"pachisi\"]",
                    )
                })?;
                if record.tag(&key).is_some() {
                    return Err(rec_err(
                        line_no,
                        column,
                        format!("tag {key} is given twice"),
                    ));
                }
                record.tags.push((key, value));
                record.tag_lines.push(line_no);
                continue;
            }
            let line = raw_line.split(';').next().unwrap_or("");
            if line.trim().is_empty() {
                continue;
            }
            in_body = true;
            let mut offset = 0;
            for token in line.split_whitespace() {
                let start = line[offset..].find(token).map_or(offset, |i| i + offset);
                offset = start + token.len();
                let column = line[..start].chars().count() + 1;
                let action = parse_token(token).map_err(|m| rec_err(line_no, column, m))?;
                record.actions.push((action, line_no, column));
            }
        }
        if record.tag("Ruleset").is_none() {
            return Err(rec_err(1, 1, "the header has no [Ruleset \"...\"] line"));
        }
        Ok(record)
    }

    /// The position the game began at: its `Start` tag; else the usual start with the winner of
    /// its `Opening` tag's throw-off to throw; else the usual start, seat 0 to throw.
    ///
    /// # Errors
    /// When the `Start` position or the `Opening` throw-off is not one of these rules.
    pub fn start_position(&self, rules: &Rules) -> Result<Position, RecordError> {
        if let Some(start) = self.tag("Start") {
            return Position::from_notation(rules, start).map_err(|e| {
                rec_err(
                    self.tag_line("Start"),
                    1,
                    format!("the Start position is bad: {e}"),
                )
            });
        }
        match self.tag("Opening") {
            Some(opening) => crate::ThrowOff::parse(rules, opening)
                .map(|t| t.start(rules))
                .map_err(|e| {
                    rec_err(
                        self.tag_line("Opening"),
                        1,
                        format!("the Opening throw-off is bad: {e}"),
                    )
                }),
            None => Ok(Position::new(rules)),
        }
    }

    /// Replays the record under `rules` and returns the final position.
    ///
    /// # Errors
    /// When an action is not possible where it stands (a throw while a move is due, an illegal
    /// move, a seat marker naming the wrong seat), or `Final` differs from the result.
    pub fn replay(&self, rules: &Rules) -> Result<Position, RecordError> {
        let mut pos = self.start_position(rules)?;
        for &(action, line, column) in &self.actions {
            let fail = |m: String| rec_err(line, column, m);
            match action {
                Action::Seat(letter) => {
                    if rules.seat_by_letter(letter) != Some(pos.to_move())
                        || pos.phase() == Phase::Over
                    {
                        return Err(fail(format!(
                            "the record says seat {letter} is to play, but it is not its turn"
                        )));
                    }
                }
                Action::Throw(name) => {
                    let throw = rules.throw_named(name).map_err(|e| fail(e.to_string()))?;
                    pos.apply_throw(rules, throw)
                        .map_err(|e| fail(format!("throw ({name}): {e}")))?;
                }
                Action::Move(mv) => pos
                    .play(rules, mv)
                    .map_err(|e| fail(format!("move {mv}: {e}")))?,
            }
        }
        if let Some(expected) = self.tag("Final") {
            let actual = pos.to_notation(rules);
            if actual != expected {
                return Err(rec_err(
                    self.tag_line("Final"),
                    1,
                    format!("the record ends at `{actual}`, but its Final tag says `{expected}`"),
                ));
            }
        }
        Ok(pos)
    }

    /// The record as text, one turn per line, each line opened by the seat's letter.
    ///
    /// # Errors
    /// When the actions do not replay under `rules` (the markers need the replay).
    pub fn to_text(&self, rules: &Rules) -> Result<String, RecordError> {
        let mut out = String::new();
        for (key, value) in &self.tags {
            out.push_str(&format!(
                "[{key} \"{}\"]\n",
                value.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        out.push('\n');
        let mut pos = self.start_position(rules)?;
        let mut line = String::new();
        let mut current = None;
        for &(action, l, c) in &self.actions {
            let fail = |m: String| rec_err(l, c, m);
            if matches!(action, Action::Seat(_)) {
                continue;
            }
            if current != Some(pos.to_move()) || line.is_empty() {
                if !line.is_empty() {
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
                line = format!("{}:", rules.seat_letter(pos.to_move()));
                current = Some(pos.to_move());
            }
            match action {
                Action::Throw(name) => {
                    let throw = rules.throw_named(name).map_err(|e| fail(e.to_string()))?;
                    pos.apply_throw(rules, throw)
                        .map_err(|e| fail(e.to_string()))?;
                    line.push_str(&format!(" ({name})"));
                }
                Action::Move(mv) => {
                    let before = pos.to_move();
                    pos.play(rules, mv)
                        .map_err(|e| fail(format!("move {mv}: {e}")))?;
                    line.push_str(&format!(" {mv}"));
                    if pos.to_move() != before {
                        current = None;
                    }
                }
                Action::Seat(_) => {}
            }
        }
        if !line.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        Ok(out)
    }
}

/// Reads `[Key "value"]`, optionally followed by a `;` comment. The value may hold any character;
/// `\\` and `\"` stand for a backslash and a quote.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?;
    let (key, rest) = inner.split_once(char::is_whitespace)?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut chars = rest.trim_start().strip_prefix('"')?.chars();
    let mut value = String::new();
    loop {
        match chars.next()? {
            '\\' => value.push(chars.next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    let after = chars.as_str().trim_start().strip_prefix(']')?.trim_start();
    (after.is_empty() || after.starts_with(';')).then(|| (key.to_string(), value))
}

fn parse_token(token: &str) -> Result<Action, String> {
    if let Some(inner) = token.strip_prefix('(') {
        let name = inner
            .strip_suffix(')')
            .ok_or("a throw is written (VALUE) or (DIE-DIE), e.g. (25) or (5-3)")?;
        let name = name.parse().map_err(|_| {
            format!("`{token}` is not a throw: expected (VALUE) with VALUE from 1 to 255, or (DIE-DIE) such as (5-3)")
        })?;
        return Ok(Action::Throw(name));
    }
    if let Some(letter) = token.strip_suffix(':') {
        let mut cs = letter.chars();
        return match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Ok(Action::Seat(c.to_ascii_uppercase())),
            _ => Err(format!(
                "`{token}` is not a seat marker (a letter and a colon, e.g. Y:)"
            )),
        };
    }
    token
        .parse::<Move>()
        .map(Action::Move)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_records_are_refused_with_a_place() {
        let e =
            GameRecord::parse("[Ruleset \"pachisi\"]\n\nY: (25) E25 (x)\n").expect_err("bad throw");
        assert_eq!((e.line, e.column), (3, 13));
        let e = GameRecord::parse("[Ruleset pachisi]\n").expect_err("bad tag");
        assert_eq!(e.line, 1);
        let e = GameRecord::parse("Y: (25)\n").expect_err("no ruleset");
        assert!(e.message.contains("Ruleset"));
        assert!(GameRecord::parse("[Ruleset \"a\"]\n[Ruleset \"b\"]\n").is_err());
        assert!(GameRecord::parse("[Ruleset \"a\"]\nYY: (3)\n").is_err());
    }

    #[test]
    fn tag_values_may_hold_semicolons_and_lines_may_end_in_comments() {
        let r = GameRecord::parse("[Ruleset \"a;b.toml\"] ; the file\n\nY: (3) - ; pass\n")
            .expect("parses");
        assert_eq!(r.tag("Ruleset"), Some("a;b.toml"));
        assert_eq!(r.actions.len(), 3);
        assert!(GameRecord::parse("[Ruleset \"a\"] junk\n").is_err());
    }

    #[test]
    fn a_wrong_final_tag_is_reported_on_its_line() {
        let rules = crate::builtin_rules("pachisi", &[]).expect("builtin");
        let text = "[Ruleset \"pachisi\"]\n[Final \"start\"]\n\nY: (3) -\n";
        let e = GameRecord::parse(text)
            .expect("parses")
            .replay(&rules)
            .expect_err("wrong Final");
        assert_eq!(e.line, 2);
    }

    #[test]
    fn a_throw_the_rules_do_not_have_is_refused_with_the_ones_they_do() {
        // Separate dice are written 5-3: a total alone names no throw.
        let rules = crate::builtin_rules("parcheesi-sr", &[]).expect("builtin");
        let text = "[Ruleset \"parcheesi-sr\"]\n\nR: (8)\n";
        let e = GameRecord::parse(text)
            .expect("parses")
            .replay(&rules)
            .expect_err("no throw 8");
        assert!(e.to_string().contains("no throw is written 8"), "{e}");
        assert!(e.to_string().contains("5-3"), "{e}");
    }

    #[test]
    fn tags_with_quotes_round_trip() {
        let r =
            GameRecord::parse("[Ruleset \"pachisi\"]\n[Note \"a \\\"b\\\"\"]\n").expect("parses");
        assert_eq!(r.tag("Note"), Some("a \"b\""));
    }
}
