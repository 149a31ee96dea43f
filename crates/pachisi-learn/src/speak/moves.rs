//! Moves in words. For the terminal's board screen: a row for its move list (`Move your front
//! piece 3 squares`), the sentence under it (`... in your lane 3 squares, to the castle on
//! Green's arm, capturing Red's piece`) and the past for its log, with the record's notation
//! kept beside them as a short tag ([`move_words`]). For a listener: each move numbered as the
//! game numbers it, its pieces by their numbers (`3: Move piece 2 (on your arm, ...) 3
//! squares, capturing Green's piece 1.`, [`move_lines`]), and the past of a move for the
//! events ([`did_words`]).
//!
//! The facts come from the engine (the move's destination and distance, which pieces it moves
//! and sends back: `describe::moved_pieces`, `describe::captured`); the words from the
//! catalogue (`terminal.ftl`, `speak.ftl`).

use super::places::{place_words, where_words};
use super::{family_words, Voice};
use pachisi_core::describe::{captured, captured_pieces, moved_pieces};
use pachisi_core::{Move, Position, Rules};
use pachisi_words::{number, Args, FamilyWords, Words};

/// A move in words, for the terminal's board screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveWords {
    /// One line for the list: `Move your front piece 3 squares`.
    pub short: String,
    /// The whole sentence: which piece, where it goes, whom it captures.
    pub sentence: String,
    /// What the move did, for the log: `moved a piece 3 squares, to the castle on your arm`.
    pub past: String,
    /// Whom it captures (`, capturing Green's piece`), or nothing: the list adds it to
    /// [`MoveWords::short`] where the row has room.
    pub captures: String,
    /// The move in the record's notation (`1+3`), empty for a pass.
    pub tag: String,
}

/// The arm of a square and whether it is a lane: two squares with the same key are said to be
/// in the same place.
fn region_key(rules: &Rules, progress: u8, seat: u8) -> Option<(u8, bool)> {
    let sq = rules.square_at(seat, progress)?;
    let topology = rules.topology();
    Some((topology.coordinates(sq).0, topology.on_track(sq)))
}

/// `your front piece`: the piece at `progress` among the mover's pieces on the board, counted
/// from the one furthest along.
fn piece_rank(
    words: FamilyWords,
    rules: &Rules,
    pos: &Position,
    progress: u8,
    pair: bool,
) -> String {
    let seat = pos.to_move();
    let mut along: Vec<u8> = pos
        .pieces_of(seat)
        .iter()
        .copied()
        .filter(|&p| p != 0 && p != rules.home())
        .collect();
    along.sort_unstable_by(|a, b| b.cmp(a));
    along.dedup();
    let at = along.iter().position(|&p| p == progress).unwrap_or(0);
    let rank = match at {
        _ if along.len() <= 1 => "only",
        0 => "front",
        _ if at + 1 == along.len() => "back",
        1 => "second",
        2 => "third",
        _ => "other",
    };
    let mut args = Args::new();
    args.set("rank", rank);
    args.set("number", number(at as u32 + 1));
    if pair {
        words.msg_with("term-pair", &args)
    } else {
        words.msg_with("term-piece", &args)
    }
}

/// Where a move of the voice's mover `seat` from `from` to `to` ends, when that is news: a
/// castle, another arm or the lane, home or the goal.
fn destination(voice: &Voice, seat: u8, from: u8, to: u8) -> String {
    let rules = voice.rules;
    let words = voice.words;
    if rules.goal_in_lane() && rules.in_goal(to) && !rules.in_goal(from) {
        return words.msg("term-to-goal");
    }
    if to == rules.home() {
        return if rules.starts_in_nest() {
            words.msg("term-to-home")
        } else {
            words.msg("term-to-charkoni")
        };
    }
    let Some(sq) = rules.square_at(seat, to) else {
        return String::new();
    };
    let mut args = Args::new();
    args.set("where", where_words(voice, sq));
    if rules.topology().is_castle(sq) {
        return words.msg_with("term-to-castle", &args);
    }
    // Entering onto the first square is said by "Bring a piece in"; a move that stays on one
    // arm says nothing of where it ends.
    if from == 0 || region_key(rules, from, seat) == region_key(rules, to, seat) {
        return String::new();
    }
    words.msg_with("term-to-region", &args)
}

/// `, capturing Green's piece and Red's 2 pieces` (by seats), or nothing.
fn capture_words(voice: &Voice, pos: &Position, mv: Move) -> String {
    let (words, rules) = (voice.words, voice.rules);
    let victims: Vec<String> = captured(rules, pos, mv)
        .into_iter()
        .map(|(seat, count)| {
            let mut args = Args::new();
            args.set("owner", voice.colour(seat));
            args.set("count", number(count));
            words.msg_with("term-victim", &args)
        })
        .collect();
    capturing(words, &victims)
}

/// `, capturing your piece 1 and Green's piece 3` (each piece by its number), or nothing.
fn numbered_captures(voice: &Voice, pos: &Position, mv: Move) -> String {
    let victims: Vec<String> = captured_pieces(voice.rules, pos, mv)
        .into_iter()
        .map(|(seat, piece)| {
            let mut args = Args::new();
            args.set("whose", voice.whose_piece(seat, piece));
            voice.words.msg_with("speak-victim", &args)
        })
        .collect();
    capturing(voice.words, &victims)
}

/// `victims` joined (`term-and`) after `term-capturing`, or nothing when there are none.
fn capturing(words: FamilyWords, victims: &[String]) -> String {
    let Some((last, rest)) = victims.split_last() else {
        return String::new();
    };
    let all = if rest.is_empty() {
        last.clone()
    } else {
        let mut args = Args::new();
        args.set("first", rest.join(", "));
        args.set("second", last.clone());
        words.msg_with("term-and", &args)
    };
    let mut args = Args::new();
    args.set("victims", all);
    words.msg_with("term-capturing", &args)
}

/// What follows an advance's distance: the part of the throw it spends, where it ends, going
/// round again; then `captures`.
fn advance_more(voice: &Voice, seat: u8, mv: Move, captures: &str) -> String {
    let Move::Advance {
        from,
        value,
        steps,
        round_again,
        ..
    } = mv
    else {
        return captures.to_string();
    };
    let words = voice.words;
    let mut more = String::new();
    if steps != value {
        let mut part = Args::new();
        part.set("steps", number(steps));
        part.set("value", number(value));
        more.push_str(&words.msg_with("term-part", &part));
    }
    let to = mv.destination(voice.rules).unwrap_or(from);
    more.push_str(&destination(voice, seat, from, to));
    if round_again {
        more.push_str(&words.msg("term-round-again"));
    }
    more.push_str(captures);
    more
}

/// The move `mv` of the seat to move in `pos`, in words for the board screen: said to the mover
/// in the list and its sentence, and for everyone in the past.
pub fn move_words(words: &Words, rules: &Rules, pos: &Position, mv: Move) -> MoveWords {
    let seat = pos.to_move();
    let to_mover = Voice::new(words, rules, Some(seat));
    let to_all = Voice::new(words, rules, None);
    let words = family_words(words, rules);
    let sentence = |text: String| {
        let mut args = Args::new();
        args.set("text", text);
        words.msg_with("term-sentence", &args)
    };
    let captures = capture_words(&to_all, pos, mv);
    match mv {
        Move::Pass => MoveWords {
            short: words.msg("term-move-pass"),
            sentence: words.msg("term-move-pass-full"),
            past: words.msg("term-did-pass"),
            captures,
            tag: String::new(),
        },
        Move::Enter { .. } | Move::EnterSum { .. } => {
            let mut args = Args::new();
            let short = match mv {
                Move::EnterSum { first, second } => {
                    args.set("first", number(first));
                    args.set("second", number(second));
                    words.msg_with("term-move-enter-sum", &args)
                }
                Move::Enter { value } => {
                    args.set("value", number(value));
                    words.msg_with("term-move-enter", &args)
                }
                _ => String::new(),
            };
            let to = destination(&to_mover, seat, 0, 1);
            let to_past = destination(&to_all, seat, 0, 1);
            MoveWords {
                sentence: sentence(format!("{short}{to}{captures}")),
                past: format!("{}{to_past}{captures}", words.msg("term-did-enter")),
                short,
                captures,
                tag: mv.to_string(),
            }
        }
        Move::Advance { from, pair, .. } => {
            let count = mv.distance();
            let piece = piece_rank(words, rules, pos, from, pair);
            let mut args = Args::new();
            args.set("count", number(count));
            args.set("piece", piece.clone());
            let short = words.msg_with("term-move-advance", &args);
            // The sentence names where the piece stands too: "your front piece in your lane".
            let at = rules.square_at(seat, from).map(|sq| {
                let mut at = Args::new();
                at.set("piece", piece.clone());
                at.set("where", where_words(&to_mover, sq));
                words.msg_with("term-piece-at", &at)
            });
            args.set("piece", at.unwrap_or(piece));
            let long = words.msg_with("term-move-advance", &args);
            let mut did = Args::new();
            did.set("pair", if pair { "yes" } else { "no" });
            did.set("count", number(count));
            MoveWords {
                short,
                sentence: sentence(format!(
                    "{long}{}",
                    advance_more(&to_mover, seat, mv, &captures)
                )),
                past: format!(
                    "{}{}",
                    words.msg_with("term-did-advance", &did),
                    advance_more(&to_all, seat, mv, &captures)
                ),
                captures,
                tag: mv.to_string(),
            }
        }
    }
}

/// The pieces a move moves, by number: `piece 2`, `pieces 2 and 3`.
fn moving_pieces(voice: &Voice, pos: &Position, mv: Move) -> String {
    let pieces = moved_pieces(voice.rules, pos, mv);
    let mut args = Args::new();
    args.set("count", number(pieces.len().max(1) as u32));
    args.set("numbers", voice.numbers(&pieces));
    voice.words.msg_with("speak-moving-pieces", &args)
}

/// The move `mv` of the seat to move in `pos`, said to the voice's listener, its pieces by
/// number: `Move piece 2 (on your arm, 12 squares from the start, 72 to go) 3 squares, to the
/// castle on Green's arm, capturing Green's piece 1.`
pub fn move_line(voice: &Voice, pos: &Position, mv: Move) -> String {
    let words = voice.words;
    let seat = pos.to_move();
    let captures = numbered_captures(voice, pos, mv);
    let mut args = Args::new();
    match mv {
        Move::Pass => words.msg("speak-move-pass"),
        Move::Enter { value } => {
            args.set("pieces", moving_pieces(voice, pos, mv));
            args.set("value", number(value));
            args.set(
                "more",
                format!("{}{captures}", destination(voice, seat, 0, 1)),
            );
            words.msg_with("speak-move-enter", &args)
        }
        Move::EnterSum { first, second } => {
            args.set("pieces", moving_pieces(voice, pos, mv));
            args.set("first", number(first));
            args.set("second", number(second));
            args.set(
                "more",
                format!("{}{captures}", destination(voice, seat, 0, 1)),
            );
            words.msg_with("speak-move-enter-sum", &args)
        }
        Move::Advance { from, .. } => {
            args.set("pieces", moving_pieces(voice, pos, mv));
            args.set("at", place_words(voice, seat, from));
            args.set("count", number(mv.distance()));
            args.set("more", advance_more(voice, seat, mv, &captures));
            words.msg_with("speak-move-advance", &args)
        }
    }
}

/// The legal moves of `pos`, numbered from 1 as the game numbers them (`1: Bring piece 1 in
/// with the 10.`): the list a listener chooses from by number.
pub fn move_lines(voice: &Voice, pos: &Position) -> Vec<String> {
    pos.legal_moves(voice.rules)
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut args = Args::new();
            args.set("number", number(i as u32 + 1));
            args.set("move", move_line(voice, pos, mv));
            voice.words.msg_with("speak-move-line", &args)
        })
        .collect()
}

/// What the move `mv` of the seat to move in `pos` did, its pieces by number, said to the
/// voice's listener: `moved piece 2 3 squares, to the castle on your arm, capturing your piece
/// 1`; `None` for a pass (said by the events on their own).
pub fn did_words(voice: &Voice, pos: &Position, mv: Move) -> Option<String> {
    let words = voice.words;
    let seat = pos.to_move();
    let captures = numbered_captures(voice, pos, mv);
    let mut args = Args::new();
    args.set("pieces", moving_pieces(voice, pos, mv));
    match mv {
        Move::Pass => None,
        Move::Enter { .. } | Move::EnterSum { .. } => {
            args.set(
                "more",
                format!("{}{captures}", destination(voice, seat, 0, 1)),
            );
            Some(words.msg_with("speak-did-enter", &args))
        }
        Move::Advance { .. } => {
            args.set("count", number(mv.distance()));
            args.set("more", advance_more(voice, seat, mv, &captures));
            Some(words.msg_with("speak-did-advance", &args))
        }
    }
}
