//! Text measured as the terminal shows it: by display width (`unicode-width`, as ratatui
//! measures), cut and wrapped only between whole graphemes (`unicode-segmentation`), so that
//! Devanagari's and Tamil's vowel signs and conjuncts stay with their letters and a column
//! lines up whatever the script. Every screen pads, cuts and wraps its words with these.

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The columns `text` takes on the screen.
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// The longest start of `text` that fits in `room` columns, cut between graphemes.
pub fn truncate(text: &str, room: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for g in text.graphemes(true) {
        let w = width(g);
        if used + w > room {
            break;
        }
        used += w;
        out.push_str(g);
    }
    out
}

/// `text` whole when it fits in `room` columns, else its longest start that fits with `…`
/// after it.
pub fn ellipsis(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    if room == 0 {
        return String::new();
    }
    format!("{}…", truncate(text, room - 1))
}

/// `text` followed by spaces up to `columns` (as it is when it is as wide or wider).
pub fn pad_end(text: &str, columns: usize) -> String {
    format!("{text}{}", " ".repeat(columns.saturating_sub(width(text))))
}

/// `text` after spaces up to `columns` (as it is when it is as wide or wider).
pub fn pad_start(text: &str, columns: usize) -> String {
    format!("{}{text}", " ".repeat(columns.saturating_sub(width(text))))
}

/// `text` in rows of at most `room` columns, broken at a space or after one of `breaks` where
/// the row has one, and inside a word (between graphemes) only when the word alone is wider
/// than a row. Spaces between words are kept single, and none ends or begins a row.
pub fn wrap(text: &str, room: usize, breaks: &[char]) -> Vec<String> {
    if room == 0 {
        return Vec::new();
    }
    // The words, each with whether a space stood before it (none after a break character).
    let mut words: Vec<(String, bool)> = Vec::new();
    let mut word = String::new();
    let mut spaced = false;
    for g in text.graphemes(true) {
        if g.trim().is_empty() {
            if !word.is_empty() {
                words.push((std::mem::take(&mut word), spaced));
            }
            spaced = true;
            continue;
        }
        word.push_str(g);
        if g.chars().any(|c| breaks.contains(&c)) {
            words.push((std::mem::take(&mut word), spaced));
            spaced = false;
        }
    }
    if !word.is_empty() {
        words.push((word, spaced));
    }
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for (word, spaced) in words {
        let gap = usize::from(spaced && !row.is_empty());
        if !row.is_empty() && width(&row) + gap + width(&word) > room {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() && spaced {
            row.push(' ');
        }
        // A word wider than a row is cut between graphemes; a grapheme wider than the row
        // gets a row of its own.
        let mut rest = word.as_str();
        while width(rest) > room.saturating_sub(width(&row)) && !rest.is_empty() {
            let mut head = truncate(rest, room.saturating_sub(width(&row)));
            if head.is_empty() && row.is_empty() {
                head = rest.graphemes(true).next().unwrap_or_default().to_string();
            }
            row.push_str(&head);
            rest = &rest[head.len()..];
            rows.push(std::mem::take(&mut row));
        }
        row.push_str(rest);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    const HINDI: &str = "पचीसी खेलें";
    const TAMIL: &str = "தாயம் விளையாடு";

    fn graphemes(text: &str) -> Vec<&str> {
        text.graphemes(true).collect()
    }

    /// A cut keeps whole graphemes: what is kept and what is left are the text's own graphemes,
    /// and what is kept fits.
    #[test]
    fn truncation_keeps_whole_graphemes_of_devanagari_and_tamil() {
        for text in [HINDI, TAMIL, "Move your piece"] {
            let all = graphemes(text);
            for room in 0..=width(text) + 1 {
                let kept = truncate(text, room);
                assert!(width(&kept) <= room, "{kept:?} in {room}");
                assert!(text.starts_with(&kept));
                let kept_graphemes = graphemes(&kept);
                assert_eq!(
                    kept_graphemes[..],
                    all[..kept_graphemes.len()],
                    "{text} {room}"
                );
                let cut = ellipsis(text, room);
                assert!(width(&cut) <= room, "{cut:?} in {room}");
            }
        }
        // A vowel sign never leaves its letter: "खे" is one grapheme of width 1 or 2, never "ख".
        let cut = truncate("खेलें", 1);
        assert!(cut.is_empty() || cut == "खे", "{cut:?}");
    }

    #[test]
    fn padding_reaches_the_width_the_screen_shows() {
        for text in [HINDI, TAMIL, "abc"] {
            assert_eq!(width(&pad_end(text, 20)), 20, "{text}");
            assert_eq!(width(&pad_start(text, 20)), 20, "{text}");
            assert!(pad_end(text, 20).starts_with(text));
        }
        assert_eq!(pad_end("abcdef", 3), "abcdef");
    }

    #[test]
    fn wrapped_rows_fit_and_keep_every_grapheme() {
        let text = format!("{HINDI} {TAMIL} {HINDI}");
        for room in 1..=30 {
            let rows = wrap(&text, room, &[]);
            for row in &rows {
                assert!(width(row) <= room.max(2), "{row:?} in {room}");
            }
            let joined: String = rows.concat();
            assert_eq!(joined.replace(' ', ""), text.replace(' ', ""), "{room}");
        }
        assert_eq!(wrap("one two three", 7, &[]), ["one two", "three"]);
        assert_eq!(
            wrap("bot expectimax:depth=2", 16, &[':']),
            ["bot expectimax:", "depth=2"]
        );
        assert_eq!(wrap("abcdefghij", 4, &[]), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("you", 0, &[]), Vec::<String>::new());
    }
}
