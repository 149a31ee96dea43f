//! Moves in words: what the move list, the sentence under it and the log say of a move
//! ("Move your front piece 3 squares", "... in your lane 3 squares, to the castle on Green's arm,
//! capturing Red's piece"), with the record's notation kept beside them as a short tag.
//!
//! The facts come from the engine (the move's destination and distance, who it sends back:
//! [`pachisi_core::describe::captured`]) and the board (which arm a square is on, whether it is
//! a castle or a lane); every sentence comes from the catalogue (`terminal.ftl`).

use pachisi_core::describe::captured;
use pachisi_core::{Move, Position, Rules, Square};
use pachisi_words::{number, Args, Words};
use ratatui::style::{Color, Stylize};
use ratatui::text::{Line, Span};

/// A move in words.
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

/// Where a square lies for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    /// The seat's own middle row, which only its pieces travel.
    Lane,
    /// The seat's own arm, on the track.
    Own,
    /// The arm of another seat.
    Seat(u8),
    /// An arm no seat sits at, by its number.
    Side(u8),
}

fn region(rules: &Rules, seat: u8, sq: Square) -> Region {
    let topology = rules.topology();
    let (arm, _, _) = topology.coordinates(sq);
    if arm == rules.home_arm(seat) {
        if topology.on_track(sq) {
            Region::Own
        } else {
            Region::Lane
        }
    } else {
        match (0..rules.seats()).find(|&s| rules.home_arm(s) == arm) {
            Some(owner) => Region::Seat(owner),
            None => Region::Side(arm),
        }
    }
}

/// A seat's colour as a name (`Green`), from the catalogue where it has the colour.
pub fn seat_name(words: &Words, rules: &Rules, seat: u8) -> String {
    let colour = rules.seat_colour(seat).to_ascii_lowercase();
    let id = format!("colour-{colour}");
    if words.has(&id) {
        words.msg(&id)
    } else {
        let mut letters = colour.chars();
        letters.next().map_or_else(String::new, |first| {
            first.to_uppercase().chain(letters).collect()
        })
    }
}

/// Where `region` is, said to the mover (`in your lane`), or of the mover `third` when the
/// words are for everyone, as in the log (`in Red's lane`).
fn where_words(words: &Words, rules: &Rules, region: Region, third: Option<u8>) -> String {
    let mut args = Args::new();
    match (region, third) {
        (Region::Lane, Some(mover)) => {
            args.set("kind", "seat-lane");
            args.set("owner", seat_name(words, rules, mover));
        }
        (Region::Own, Some(mover)) => {
            args.set("kind", "seat");
            args.set("owner", seat_name(words, rules, mover));
        }
        (Region::Lane, None) => args.set("kind", "lane"),
        (Region::Own, None) => args.set("kind", "own"),
        (Region::Seat(owner), _) => {
            args.set("kind", "seat");
            args.set("owner", seat_name(words, rules, owner));
        }
        (Region::Side(arm), _) => {
            args.set("kind", "side");
            // Arm 0 points down and the others follow counter-clockwise on the screen.
            let side = ["bottom", "right", "top", "left"][usize::from(arm % 4)];
            args.set("side", side);
        }
    }
    words.msg_with("term-where", &args)
}

/// `your front piece`: the piece at `progress` among the mover's pieces on the board, counted
/// from the one furthest along.
fn piece_words(words: &Words, rules: &Rules, pos: &Position, progress: u8, pair: bool) -> String {
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

/// Where a move ends, when that is news: a castle, another arm or the lane, home or the goal;
/// said to the mover, or for everyone with `third` (see [`where_words`]).
fn destination(
    words: &Words,
    rules: &Rules,
    (seat, third): (u8, Option<u8>),
    from: u8,
    to: u8,
) -> String {
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
    let here = region(rules, seat, sq);
    let mut args = Args::new();
    args.set("where", where_words(words, rules, here, third));
    if rules.topology().is_castle(sq) {
        return words.msg_with("term-to-castle", &args);
    }
    let before = rules.square_at(seat, from).map(|s| region(rules, seat, s));
    // Entering onto the first square is said by "Bring a piece in"; a move that stays on one
    // arm says nothing of where it ends.
    if from == 0 || before == Some(here) {
        return String::new();
    }
    words.msg_with("term-to-region", &args)
}

/// `, capturing Green's piece and Red's 2 pieces`, or nothing.
fn capture_words(words: &Words, rules: &Rules, pos: &Position, mv: Move) -> String {
    let victims: Vec<String> = captured(rules, pos, mv)
        .into_iter()
        .map(|(seat, count)| {
            let mut args = Args::new();
            args.set("owner", seat_name(words, rules, seat));
            args.set("count", number(count));
            words.msg_with("term-victim", &args)
        })
        .collect();
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

/// The move `mv` of the seat to move in `pos`, in words.
pub fn move_words(words: &Words, rules: &Rules, pos: &Position, mv: Move) -> MoveWords {
    let seat = pos.to_move();
    let sentence = |text: String| {
        let mut args = Args::new();
        args.set("text", text);
        words.msg_with("term-sentence", &args)
    };
    let captures = capture_words(words, rules, pos, mv);
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
            let to = destination(words, rules, (seat, None), 0, 1);
            let to_past = destination(words, rules, (seat, Some(seat)), 0, 1);
            MoveWords {
                sentence: sentence(format!("{short}{to}{captures}")),
                past: format!("{}{to_past}{captures}", words.msg("term-did-enter")),
                short,
                captures,
                tag: mv.to_string(),
            }
        }
        Move::Advance {
            from,
            value,
            steps,
            pair,
            round_again,
        } => {
            let count = mv.distance();
            let piece = piece_words(words, rules, pos, from, pair);
            let mut args = Args::new();
            args.set("count", number(count));
            args.set("piece", piece.clone());
            let short = words.msg_with("term-move-advance", &args);
            // The sentence names where the piece stands too: "your front piece in your lane".
            let at = rules.square_at(seat, from).map(|sq| {
                let mut at = Args::new();
                at.set("piece", piece.clone());
                at.set(
                    "where",
                    where_words(words, rules, region(rules, seat, sq), None),
                );
                words.msg_with("term-piece-at", &at)
            });
            args.set("piece", at.unwrap_or(piece));
            let long = words.msg_with("term-move-advance", &args);
            let to = mv.destination(rules).unwrap_or(from);
            // What follows the distance, said to the mover and for everyone (the log).
            let more = |third: Option<u8>| {
                let mut more = String::new();
                if steps != value {
                    let mut part = Args::new();
                    part.set("steps", number(steps));
                    part.set("value", number(value));
                    more.push_str(&words.msg_with("term-part", &part));
                }
                more.push_str(&destination(words, rules, (seat, third), from, to));
                if round_again {
                    more.push_str(&words.msg("term-round-again"));
                }
                more.push_str(&captures);
                more
            };
            let mut did = Args::new();
            did.set("pair", if pair { "yes" } else { "no" });
            did.set("count", number(count));
            MoveWords {
                short,
                sentence: sentence(format!("{long}{}", more(None))),
                past: format!(
                    "{}{}",
                    words.msg_with("term-did-advance", &did),
                    more(Some(seat))
                ),
                captures,
                tag: mv.to_string(),
            }
        }
    }
}

/// A row of the move list in `width` columns: its number, the move in words (with whom it
/// captures where there is room), and its notation in grey at the end; the words are cut short
/// (…) only where the row is too narrow for them.
pub fn list_row(index: usize, said: &MoveWords, width: usize, selected: bool) -> Line<'static> {
    let number = if index < 9 {
        format!("{} ", index + 1)
    } else {
        "  ".into()
    };
    let tag = if said.tag.is_empty() {
        String::new()
    } else {
        format!(" {}", said.tag)
    };
    let room = width
        .saturating_sub(Line::from(number.as_str()).width() + Line::from(tag.as_str()).width());
    let with_captures = format!("{}{}", said.short, said.captures);
    let mut words = if Line::from(with_captures.as_str()).width() <= room {
        with_captures
    } else {
        said.short.clone()
    };
    if Line::from(words.as_str()).width() > room {
        let mut cut = String::new();
        for c in words.chars() {
            if Line::from(format!("{cut}{c}…")).width() > room {
                break;
            }
            cut.push(c);
        }
        words = format!("{cut}…");
    }
    let pad = room.saturating_sub(Line::from(words.as_str()).width());
    Line::from(vec![
        Span::from(number),
        Span::from(words),
        Span::from(" ".repeat(pad)),
        // Grey beside the words; on the selected row, in the row's own colour to stay legible.
        if selected {
            Span::from(tag)
        } else {
            Span::from(tag).fg(Color::DarkGray)
        },
    ])
}

/// Whether `text` names a square as the record does (`0m1`, `12r3`): the words never should.
pub fn names_a_square(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| {
            let Some(at) = word.find(['l', 'm', 'r']) else {
                return false;
            };
            let (arm, rest) = word.split_at(at);
            !arm.is_empty()
                && arm.chars().all(|c| c.is_ascii_digit())
                && rest.len() > 1
                && rest[1..].chars().all(|c| c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn english() -> &'static Words {
        pachisi_words::english()
    }

    #[test]
    fn square_names_are_recognised() {
        assert!(names_a_square("C (waiting) → 0m1"));
        assert!(names_a_square("to 12r3."));
        assert!(!names_a_square("Move your front piece 3 squares"));
        assert!(!names_a_square("1+3 E10 25m"));
    }

    /// Pachisi: a grace brings a piece in; the piece then moves down its lane.
    #[test]
    fn an_entry_and_a_move_down_the_lane_read_in_words() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let pos = Position::from_notation(&rules, "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 10")
            .expect("position");
        let moves = pos.legal_moves(&rules);
        let enter = moves
            .iter()
            .find(|m| matches!(m, Move::Enter { .. }))
            .expect("an entry");
        let w = move_words(english(), &rules, &pos, *enter);
        assert_eq!(w.short, "Bring a piece in with the 10");
        assert_eq!(w.tag, "E10");
        assert_eq!(w.past, "brought a piece in");
        let pos = Position::from_notation(&rules, "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 3 entered=Y")
            .expect("position");
        let mv = pos
            .legal_moves(&rules)
            .into_iter()
            .find(|m| matches!(m, Move::Advance { .. }))
            .expect("an advance");
        let w = move_words(english(), &rules, &pos, mv);
        assert_eq!(w.short, "Move your piece 3 squares");
        assert!(
            w.sentence
                .starts_with("Move your piece in your lane 3 squares"),
            "{}",
            w.sentence
        );
        assert!(!names_a_square(&w.sentence), "{}", w.sentence);
    }

    /// A capture names the seat sent back; the piece is ranked among the mover's.
    #[test]
    fn a_capture_names_whose_piece_goes_back() {
        let rules = builtin_rules("ludo", &[]).expect("builtin");
        let target = rules.square_at(0, 10).expect("a square");
        let green = (1..rules.home())
            .find(|&p| rules.square_at(1, p) == Some(target))
            .expect("Green passes the square");
        let text = format!("7,2,0,0/{green},0,0,0/0,0,0,0/0,0,0,0 Rm 3 entered=RG");
        let pos = Position::from_notation(&rules, &text).expect("position");
        let mv = pos
            .legal_moves(&rules)
            .into_iter()
            .find(|m| matches!(m, Move::Advance { from: 7, .. }))
            .expect("the front piece moves");
        let w = move_words(english(), &rules, &pos, mv);
        assert_eq!(w.short, "Move your front piece 3 squares");
        assert!(
            w.sentence.ends_with("capturing Green's piece."),
            "{}",
            w.sentence
        );
        assert!(w.past.ends_with("capturing Green's piece"), "{}", w.past);
    }
}
