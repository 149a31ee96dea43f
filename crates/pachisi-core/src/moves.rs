//! Moves and their text notation.
//!
//! A move spends one increment of the pool. Moves name pieces by their progress along the mover's
//! route (pieces at the same progress are interchangeable) and increments by their value:
//!
//! | text        | meaning                                                              |
//! |-------------|----------------------------------------------------------------------|
//! | `E25`       | spend the grace 25 to introduce a piece onto the lane's first square |
//! | `E3+2`      | spend two separate dice whose sum is a grace (5) to bring a piece in   |
//! | `12+25`     | move the piece at progress 12 by the throw of 25                      |
//! | `0+3`       | a piece leaves the Charkoni freely with a 3, landing on the 3rd square |
//! | `12+10:4`   | split: take 4 squares of the 10 (the rest stays in the pool)          |
//! | `12+10p`    | move the pair at progress 12 (half of 10: 5 squares)                  |
//! | `70+10o`    | go round again instead of turning home                                |
//! | `-`         | pass: forfeit what is left of the pool                                 |

use crate::ruleset::Rules;
use std::fmt;
use std::str::FromStr;

/// One action of the seat to move while it spends its throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Spend a grace to introduce a piece onto the first square of the lane.
    Enter {
        /// The value of the grace spent.
        value: u8,
    },
    /// Spend two separate dice whose sum is a grace to bring a piece in (003: a five "as the sum
    /// of the numbers on the two dice such as 3 and 2").
    EnterSum {
        /// The larger die.
        first: u8,
        /// The smaller die.
        second: u8,
    },
    /// Move a piece (or a pair) forward.
    Advance {
        /// Progress of the piece moved.
        from: u8,
        /// Value of the increment spent.
        value: u8,
        /// Squares taken from the increment: `value` unless the throw is split.
        steps: u8,
        /// Whether two pieces move together as a pair (half the steps).
        pair: bool,
        /// Whether the piece goes round the track again instead of turning home.
        round_again: bool,
    },
    /// Forfeit the rest of the pool.
    Pass,
}

impl Move {
    /// Whether the move brings a piece in.
    pub fn is_entry(&self) -> bool {
        matches!(self, Move::Enter { .. } | Move::EnterSum { .. })
    }

    /// Squares the piece travels.
    pub fn distance(&self) -> u8 {
        match *self {
            Move::Advance { steps, pair, .. } => {
                if pair {
                    steps / 2
                } else {
                    steps
                }
            }
            _ => 0,
        }
    }
}

impl Move {
    /// The progress the moved piece reaches (1 for an entry, `None` for a pass): the Charkoni
    /// counts as [`Rules::home`] whatever the overshoot, and going round again takes one lap off.
    #[inline]
    pub fn destination(&self, rules: &Rules) -> Option<u8> {
        match *self {
            Move::Pass => None,
            Move::Enter { .. } | Move::EnterSum { .. } => Some(1),
            Move::Advance {
                from, round_again, ..
            } => {
                let raw = u16::from(from) + u16::from(self.distance());
                let to = if round_again {
                    raw.saturating_sub(u16::from(rules.topology().track_len()))
                } else if let Some(back) =
                    crate::route::bounced(rules.route_end(), from, self.distance())
                {
                    u16::from(back)
                } else {
                    raw.min(u16::from(rules.home()))
                };
                Some(u8::try_from(to).unwrap_or(rules.home()))
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Enter { value } => write!(f, "E{value}"),
            Move::EnterSum { first, second } => write!(f, "E{first}+{second}"),
            Move::Pass => f.write_str("-"),
            Move::Advance {
                from,
                value,
                steps,
                pair,
                round_again,
            } => {
                write!(f, "{from}+{value}")?;
                if steps != value {
                    write!(f, ":{steps}")?;
                }
                if pair {
                    f.write_str("p")?;
                }
                if round_again {
                    f.write_str("o")?;
                }
                Ok(())
            }
        }
    }
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move `{text}` at character {at}: {reason}")]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// 1-based character where reading failed.
    pub at: usize,
    /// What was expected.
    pub reason: &'static str,
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn number(&mut self, reason: &'static str) -> Result<u8, ParseMoveError> {
        let digits = self.text[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let n = self.text[self.pos..self.pos + digits]
            .parse()
            .map_err(|_| self.error(reason))?;
        self.pos += digits;
        Ok(n)
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.text.as_bytes().get(self.pos) == Some(&c);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn error(&self, reason: &'static str) -> ParseMoveError {
        ParseMoveError {
            text: self.text.to_string(),
            at: self.pos + 1,
            reason,
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let mut r = Reader { text, pos: 0 };
        let mv = if r.eat(b'-') {
            Move::Pass
        } else if r.eat(b'E') {
            let value = r.number("expected the grace value after E (a number up to 255)")?;
            if r.eat(b'+') {
                let second = r.number("expected the second die after `+`")?;
                if value == 0 || second == 0 {
                    return Err(r.error("a die shows at least 1"));
                }
                Move::EnterSum {
                    first: value.max(second),
                    second: value.min(second),
                }
            } else {
                Move::Enter { value }
            }
        } else {
            let from = r.number("expected E, -, or a progress number (0 to 255)")?;
            if !r.eat(b'+') {
                return Err(r.error("expected `+` and the value of the throw spent"));
            }
            let value = r.number("expected the value of the throw spent (a number up to 255)")?;
            let steps = if r.eat(b':') {
                r.number("expected the squares taken after `:`")?
            } else {
                value
            };
            let pair = r.eat(b'p');
            let round_again = r.eat(b'o');
            if steps == 0 || steps > value {
                return Err(ParseMoveError {
                    text: text.to_string(),
                    at: 1,
                    reason: "a split takes from 1 to the whole value",
                });
            }
            Move::Advance {
                from,
                value,
                steps,
                pair,
                round_again,
            }
        };
        if r.pos != text.len() {
            return Err(r.error("unexpected text after the move"));
        }
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_notation_round_trips() {
        for text in [
            "E25", "-", "12+25", "0+3", "12+10:4", "12+10p", "70+10o", "5+12:3po", "E3+2",
        ] {
            let mv: Move = text.parse().expect(text);
            assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn bad_moves_point_at_the_fault() {
        let e = "12x3".parse::<Move>().expect_err("bad");
        assert_eq!(e.at, 3);
        assert!("12+".parse::<Move>().is_err());
        assert!("12+3:4".parse::<Move>().is_err());
        assert!("12+3:0".parse::<Move>().is_err());
        assert!("E".parse::<Move>().is_err());
        assert!("999+3".parse::<Move>().is_err());
        assert!("-x".parse::<Move>().is_err());
        assert!("".parse::<Move>().is_err());
    }
}
