//! Moves in words on the board screen: the move list's rows, fitted to the panel's width, with
//! the record's notation kept beside the words as a short tag. The words themselves (a row, the
//! sentence under the list, the past for the log) are `pachisi_learn::speak::moves`', shared
//! with the game for a screen reader and the web server; every sentence comes from the
//! catalogue (`terminal.ftl`).

use crate::width::{ellipsis, width as columns};
use pachisi_core::Rules;
pub use pachisi_learn::speak::moves::{move_words, MoveWords};
use pachisi_words::Words;
use ratatui::style::{Color, Stylize};
use ratatui::text::{Line, Span};

/// A seat's colour as a name (`Green`), from the catalogue where it has the colour.
pub fn seat_name(words: &Words, rules: &Rules, seat: u8) -> String {
    pachisi_learn::speak::Voice::new(words, rules, None).colour(seat)
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
    let room = width.saturating_sub(columns(&number) + columns(&tag));
    let with_captures = format!("{}{}", said.short, said.captures);
    let words = if columns(&with_captures) <= room {
        with_captures
    } else {
        ellipsis(&said.short, room)
    };
    let pad = room.saturating_sub(columns(&words));
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
    use pachisi_core::{builtin_rules, Move, Position};

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

    /// A capture names the seat sent back; the piece is ranked among the mover's, and called by
    /// the family's word.
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
        // Ludo's pieces are tokens.
        assert_eq!(w.short, "Move your front token 3 squares");
        assert!(
            w.sentence.ends_with("capturing Green's token."),
            "{}",
            w.sentence
        );
        assert!(w.past.ends_with("capturing Green's token"), "{}", w.past);
    }
}
