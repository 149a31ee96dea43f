//! The game in words, for a player who cannot see the board (a screen reader reads the lines
//! aloud) and for every front end that says what happens: the terminal's move list and log, the
//! terminal game for a screen reader (`pachisi play --screen-reader`), and the web server.
//!
//! This module owns what is said and from which facts; the facts come from the engine
//! (`pachisi_core::describe`: which pieces a move moves and sends back, which opposing pieces
//! threaten a piece; `Position::why_not`: why a piece cannot move) and every sentence from the
//! catalogue (`speak.ftl`, and `terminal.ftl` for the moves' words the board's screen shares).
//!
//! - [`places`]: where a piece stands, and where a square is (`on Green's arm`);
//! - [`moves`]: moves in words, for the terminal's list and log and numbered for a listener;
//! - [`board`]: every seat's pieces, where they stand, which are safe, which are threatened;
//! - [`reasons`]: why a piece cannot move, from the engine's refusals;
//! - [`events`]: one line for each action of a game (a throw, a move, a pass and why, the end),
//!   a throw in words, and the throw-off;
//! - [`log`]: a game's log, read from its record (a line per throw and the moves that spent it);
//! - [`commands`]: what a player may type (`where`, `threats 2`, `why 3`, a move's number) and
//!   the answers.
//!
//! **Pieces are numbered** 1 to 4 (or as many as a seat has) by their place among their seat's
//! pieces in the position, which the engine never reorders: piece 2 is piece 2 all game long,
//! and every answer says the same numbers.
//!
//! A [`Voice`] says things to one seat's player (`you`, `your partner Black`, `Green`) or, with
//! no listener, names every seat by its colour; and it names the pieces as the ruleset's family
//! does (Pachisi's pieces, Parcheesi's pawns, Ludo's tokens): every message it says is given
//! `$family`.

use pachisi_core::Rules;
use pachisi_words::{number, Args, FamilyWords, Words};

pub mod board;
pub mod commands;
pub mod events;
pub mod log;
pub mod moves;
pub mod places;
pub mod reasons;

#[cfg(test)]
mod tests;

pub use board::{board_lines, threat_words, where_lines};
pub use commands::{answer, help_lines, parse_command, Command};
pub use events::{event_line, result_line, throw_off_words, throw_words};
pub use log::{forced_pass_of, GameLog};
pub use moves::{move_line, move_lines, move_words, MoveWords};
pub use reasons::{refusal_words, why_lines, why_not_lines};

/// Who the words are said to, in which language, under which rules.
#[derive(Clone, Copy)]
pub struct Voice<'a> {
    /// The catalogue, for the family of the rules played.
    pub words: FamilyWords<'a>,
    /// The rules played.
    pub rules: &'a Rules,
    /// The seat whose player hears the words (`you`), or none: every seat by its colour.
    pub listener: Option<u8>,
}

impl<'a> Voice<'a> {
    /// Words said to the player of `listener` (none: to everyone).
    pub fn new(words: &'a Words, rules: &'a Rules, listener: Option<u8>) -> Voice<'a> {
        Voice {
            words: family_words(words, rules),
            rules,
            listener,
        }
    }

    /// The same words said to someone else.
    pub fn to(self, listener: Option<u8>) -> Voice<'a> {
        Voice { listener, ..self }
    }

    /// A seat's colour as a name (`Green`).
    pub fn colour(&self, seat: u8) -> String {
        self.words
            .colour(&self.rules.seat_colour(seat).to_ascii_lowercase())
    }

    /// How a seat is spoken of: `you`, `partner` or `seat`.
    pub fn kind(&self, seat: u8) -> &'static str {
        match self.listener {
            Some(l) if l == seat => "you",
            Some(l) if self.rules.team_of(l) == self.rules.team_of(seat) => "partner",
            _ => "seat",
        }
    }

    /// Arguments naming `seat`: `who` (its kind) and `name` (its colour).
    pub fn args_for(&self, seat: u8) -> Args<'static> {
        let mut args = Args::new();
        args.set("who", self.kind(seat));
        args.set("name", self.colour(seat));
        args
    }

    /// The seat as the subject of a sentence: `You`, `Your partner Black`, `Green`.
    pub fn who(&self, seat: u8) -> String {
        self.words.msg_with("speak-who", &self.args_for(seat))
    }

    /// A piece of a seat (its index among the seat's pieces): `your piece 2`, `Green's piece 1`.
    pub fn whose_piece(&self, seat: u8, piece: usize) -> String {
        let mut args = self.args_for(seat);
        args.set("number", number(piece as u32 + 1));
        self.words.msg_with("speak-whose-piece", &args)
    }

    /// `items` joined as a list: `a`, `a and b`, `a, b and c` (`id`: `speak-and`, `speak-or`).
    pub fn list(&self, id: &str, items: &[String]) -> String {
        match items.split_last() {
            None => String::new(),
            Some((only, [])) => only.clone(),
            Some((last, rest)) => {
                let mut args = Args::new();
                args.set("first", rest.join(", "));
                args.set("last", last.clone());
                self.words.msg_with(id, &args)
            }
        }
    }

    /// `items` joined pairwise by the message `id`, which puts `$first` (all so far) and `$rest`
    /// (the next) together: `a; b; c` in English, as each language joins them.
    pub fn join(&self, id: &str, items: &[String]) -> String {
        let mut iter = items.iter();
        let Some(first) = iter.next() else {
            return String::new();
        };
        iter.fold(first.clone(), |all, next| {
            let mut args = Args::new();
            args.set("first", all);
            args.set("rest", next.clone());
            self.words.msg_with(id, &args)
        })
    }

    /// Piece numbers as a list: `1`, `1 and 2` (indices from 0, said from 1).
    pub fn numbers(&self, pieces: &[usize]) -> String {
        let said: Vec<String> = pieces.iter().map(|p| (p + 1).to_string()).collect();
        self.list("speak-and", &said)
    }

    /// A chance in words: `15 in 64` where a count of at most 100 throws says it exactly, else
    /// `about 23 in 100`.
    pub fn chance(&self, p: f64) -> String {
        let mut args = Args::new();
        match exact_fraction(p) {
            Some((count, total)) => {
                args.set("count", number(count));
                args.set("total", number(total));
                self.words.msg_with("speak-chance", &args)
            }
            None => {
                args.set("percent", number((100.0 * p).round().max(1.0) as u32));
                self.words.msg_with("speak-chance-about", &args)
            }
        }
    }
}

/// The catalogue for a game of `rules`: every message names the pieces as the ruleset's
/// family does.
pub fn family_words<'a>(words: &'a Words, rules: &Rules) -> FamilyWords<'a> {
    words.for_family(rules.family().name())
}

/// `p` as `count / total` in lowest terms with `total` at most 100, when it is one.
fn exact_fraction(p: f64) -> Option<(u32, u32)> {
    (1..=100u32).find_map(|total| {
        let count = (p * f64::from(total)).round();
        ((p * f64::from(total) - count).abs() < 1e-9 && count >= 1.0)
            .then_some((count as u32, total))
    })
}
