//! What a player may type, and the answers: a move's number, `t` to throw, `p` to pass, and the
//! questions (`where`, `board`, `threats 2`, `moves`, `why 3`, `throw`, `help`), each in a short
//! form and in full phrases (`what threatens my piece 2`, `why can't piece 3 move`).
//!
//! The phrases are the catalogue's (`speak-phrases-*`, separated by `|`), so that a translation
//! adds its language's; English is understood in every language too. A piece's number may
//! stand anywhere in the phrase, in Latin, Devanagari or Tamil digits.

use super::board::{board_lines, threat_words, where_lines};
use super::events::{throw_words, to_spend};
use super::moves::move_lines;
use super::reasons::{why_lines, why_not_lines};
use super::Voice;
use pachisi_core::{Phase, Position, Throw};
use pachisi_words::{english, Args, FamilyWords, Words};

/// A command a player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play the move with this number (from 1, as the moves are listed).
    Play(usize),
    /// Throw.
    Roll,
    /// Pass.
    Pass,
    /// Where the player's pieces stand.
    Where,
    /// Every seat's pieces.
    Board,
    /// What threatens the player's piece with this number (from 1), or each of them.
    Threats(Option<usize>),
    /// The legal moves, numbered.
    Moves,
    /// Why the piece with this number (from 1) cannot move, or why each that cannot.
    Why(Option<usize>),
    /// The last throw, in words.
    LastThrow,
    /// The commands.
    Help,
    /// Save the record.
    Save,
    /// Leave the game.
    Quit,
    /// An empty line.
    Empty,
    /// Anything else, as typed.
    Unknown(String),
}

/// The command a phrase means, given the number said with it (`None` where the command takes
/// no number and one was said).
pub(super) type Meaning = fn(Option<usize>) -> Option<Command>;

/// The commands that take a piece's number, and those that take none, by their phrases' ids.
pub(super) const PHRASES: &[(&str, Meaning)] = &[
    ("speak-phrases-where", |n| {
        n.is_none().then_some(Command::Where)
    }),
    ("speak-phrases-board", |n| {
        n.is_none().then_some(Command::Board)
    }),
    ("speak-phrases-threats", |n| Some(Command::Threats(n))),
    ("speak-phrases-moves", |n| {
        n.is_none().then_some(Command::Moves)
    }),
    ("speak-phrases-why", |n| Some(Command::Why(n))),
    ("speak-phrases-throw", |n| {
        n.is_none().then_some(Command::LastThrow)
    }),
    ("speak-phrases-roll", |n| {
        n.is_none().then_some(Command::Roll)
    }),
    ("speak-phrases-pass", |n| {
        n.is_none().then_some(Command::Pass)
    }),
    ("speak-phrases-help", |n| {
        n.is_none().then_some(Command::Help)
    }),
    ("speak-phrases-save", |n| {
        n.is_none().then_some(Command::Save)
    }),
    ("speak-phrases-quit", |n| {
        n.is_none().then_some(Command::Quit)
    }),
];

/// What `text` asks for, in the catalogue's phrases or in English.
pub fn parse_command(words: &Words, text: &str) -> Command {
    let text = text.trim();
    if text.is_empty() {
        return Command::Empty;
    }
    let (rest, n) = take_number(text);
    let rest = normalise(&rest);
    if rest.is_empty() {
        if let Some(n) = n {
            return Command::Play(n);
        }
    }
    for catalogue in [words, english()] {
        for &(id, command) in PHRASES {
            let hit = catalogue
                .msg(id)
                .split('|')
                .any(|phrase| normalise(phrase) == rest);
            if hit {
                return command(n).unwrap_or_else(|| Command::Unknown(text.to_string()));
            }
        }
    }
    Command::Unknown(text.to_string())
}

/// The value of a decimal digit in Latin, Devanagari or Tamil script.
fn digit(c: char) -> Option<usize> {
    let zero = match c {
        '0'..='9' => '0',
        '\u{966}'..='\u{96f}' => '\u{966}',
        '\u{be6}'..='\u{bef}' => '\u{be6}',
        _ => return None,
    };
    Some(c as usize - zero as usize)
}

/// `text` without its first number, and the number.
fn take_number(text: &str) -> (String, Option<usize>) {
    let mut rest = String::new();
    let mut n: Option<usize> = None;
    let mut done = false;
    let mut in_number = false;
    for c in text.chars() {
        match digit(c) {
            Some(d) if !done => {
                n = Some(n.unwrap_or(0).saturating_mul(10).saturating_add(d));
                in_number = true;
            }
            _ => {
                if in_number {
                    done = true;
                    in_number = false;
                    rest.push(' ');
                }
                rest.push(c);
            }
        }
    }
    (rest, n)
}

/// A phrase as it is compared: lower case, one kind of apostrophe, no full stops, commas or
/// question marks (a lone `?` kept), single spaces.
fn normalise(text: &str) -> String {
    let lowered = text.trim().to_lowercase().replace(['’', '‘', '`'], "'");
    if lowered == "?" {
        return lowered;
    }
    lowered
        .chars()
        // The danda (।, ॥) ends a sentence in Devanagari as the full stop does in English.
        .map(|c| if ".,!?;:।॥".contains(c) { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The commands, a line each: the answer to `help`.
pub fn help_lines(words: FamilyWords) -> Vec<String> {
    [
        "speak-help-title",
        "speak-help-number",
        "speak-help-roll",
        "speak-help-pass",
        "speak-help-moves",
        "speak-help-where",
        "speak-help-board",
        "speak-help-threats",
        "speak-help-why",
        "speak-help-throw",
        "speak-help-save",
        "speak-help-quit",
        "speak-help-help",
    ]
    .iter()
    .map(|id| words.msg(id))
    .collect()
}

/// The answer to a question, said to the voice's listener in `pos`, `last_throw` the last throw
/// and its seat; `None` for the commands that act (play, throw, pass, save, quit, an empty
/// line), which the front end carries out.
pub fn answer(
    voice: &Voice,
    pos: &Position,
    last_throw: Option<(u8, Throw)>,
    command: &Command,
) -> Option<Vec<String>> {
    let words = voice.words;
    let seat = voice.listener;
    let piece = |n: usize| n.checked_sub(1).unwrap_or(usize::MAX);
    let lines = match (command, seat) {
        (Command::Where, Some(seat)) => where_lines(voice, pos, seat),
        (Command::Where | Command::Board, _) => board_lines(voice, pos),
        (Command::Threats(Some(n)), Some(seat)) => vec![threat_words(voice, pos, seat, piece(*n))],
        (Command::Threats(None), Some(seat)) => (0..pos.pieces_of(seat).len())
            .map(|i| threat_words(voice, pos, seat, i))
            .collect(),
        (Command::Moves, Some(seat)) if pos.phase() == Phase::Move && pos.to_move() == seat => {
            move_lines(voice, pos)
        }
        (Command::Threats(_) | Command::Moves, _) => vec![words.msg("speak-moves-none")],
        (Command::Why(Some(n)), _) => why_lines(voice, pos, piece(*n)),
        (Command::Why(None), Some(seat)) if pos.phase() == Phase::Move && pos.to_move() == seat => {
            let lines = why_not_lines(voice, pos);
            if lines.is_empty() {
                vec![words.msg("speak-why-all-can")]
            } else {
                lines
            }
        }
        (Command::Why(None), _) => vec![words.msg("speak-why-not-now")],
        (Command::LastThrow, _) => last_throw_lines(voice, pos, last_throw),
        (Command::Help, _) => help_lines(words),
        (Command::Unknown(text), _) => {
            let mut args = Args::new();
            args.set("input", text.clone());
            vec![words.msg_with("speak-unknown", &args)]
        }
        (
            Command::Play(_)
            | Command::Roll
            | Command::Pass
            | Command::Save
            | Command::Quit
            | Command::Empty,
            _,
        ) => return None,
    };
    Some(lines)
}

/// The last throw in words, what is left of it to spend, and, when the listener is to throw,
/// how to.
fn last_throw_lines(voice: &Voice, pos: &Position, last_throw: Option<(u8, Throw)>) -> Vec<String> {
    let words = voice.words;
    let mut lines = Vec::new();
    match last_throw {
        Some((seat, throw)) => {
            let mut args = Args::new();
            args.set("who", voice.who(seat));
            args.set("throw", throw_words(words.words(), voice.rules, throw));
            lines.push(words.msg_with("speak-event-threw", &args));
            if pos.phase() == Phase::Move {
                lines.push(to_spend(words.words(), pos));
            }
        }
        None => lines.push(words.msg("speak-throw-none")),
    }
    if pos.phase() == Phase::Throw && voice.listener == Some(pos.to_move()) {
        lines.push(words.msg("speak-throw-first"));
    }
    lines
}
