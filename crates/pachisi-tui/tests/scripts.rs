//! The screens in Devanagari and Tamil: a catalogue of this test's own (the real Hindi and
//! Tamil catalogues are translated elsewhere) puts words of both scripts everywhere the game
//! screen writes words, and every row of the rendered screen must fit its width, no cell may
//! hold part of a grapheme (a vowel sign torn from its letter), and what the rows end with (the
//! moves' notation, the keys) must still be there.

mod common;

use common::{app_in, key, render};
use pachisi_core::{builtin_rules, Move, Rules};
use pachisi_tui::move_words::move_words;
use pachisi_tui::width::width;
use pachisi_words::Words;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use unicode_segmentation::UnicodeSegmentation;

/// Words in Hindi for this test: the colours, the top line, the panel, the moves.
const HINDI: &str = r#"
colour-yellow = पीला
colour-green = हरा
colour-black = काला
colour-red = लाल
play-seat-you = आप
play-seat-bot = बॉट { $spec }
play-title-turn = { $player ->
        [none] {""}
       *[some] ({ $label }){" "}
    }{ $doing ->
        [throw] पचीसी खेलें: फेंकने की बारी
       *[move] पचीसी खेलें: चाल की बारी
    }
play-section-moves = चालें
play-section-log = खेल का ब्योरा
play-keys = Enter चलें  ↑↓ चुनें  p छोड़ें  w क्यों  h सुझाव  u वापस  s सहेजें  ? मदद  q बाहर
play-welcome = पचीसी खेलें: Enter कौड़ियाँ फेंकता है और चुनी हुई चाल चलता है। ? सारी कुंजियाँ दिखाता है।
play-team = दल { $number }
play-team-finished = घर पहुँचीं { $done }/{ $total }
play-to-spend = चलना बाक़ी: { $list }
play-throw-title = { $who } की फेंक
play-corner-start = चारकोनी में { $marks }
play-corner-finished = घर पहुँचीं { $marks }
play-centre-charkoni = चारकोनी
term-piece = { $rank ->
        [only] आपकी गोटी
        [front] आपकी सबसे आगे की गोटी
       *[other] आपकी पीछे की गोटी
    }
term-move-advance = { $piece } को { $count } खाने आगे बढ़ाएँ और पचीसी खेलें
term-move-pass = बारी छोड़ें
term-sentence = { $text }।
"#;

/// Words in Tamil for this test, as many places as the Hindi.
const TAMIL: &str = r#"
colour-yellow = மஞ்சள்
colour-green = பச்சை
colour-black = கருப்பு
colour-red = சிவப்பு
play-seat-you = நீங்கள்
play-seat-bot = இயந்திரம் { $spec }
play-title-turn = { $player ->
        [none] {""}
       *[some] ({ $label }){" "}
    }{ $doing ->
        [throw] தாயம் விளையாடு: எறியும் முறை
       *[move] தாயம் விளையாடு: நகர்த்தும் முறை
    }
play-section-moves = நகர்வுகள்
play-section-log = ஆட்டக் குறிப்பு
play-keys = Enter செல்  ↑↓ தேர்ந்தெடு  p விடு  w ஏன்  h குறிப்பு  u திரும்பு  s சேமி  ? உதவி  q வெளியேறு
play-welcome = தாயம் விளையாடு: Enter சோழிகளை எறிந்து தேர்ந்தெடுத்த நகர்வைச் செய்யும்.
play-team = அணி { $number }
play-team-finished = வீடு சேர்ந்தவை { $done }/{ $total }
play-to-spend = செலவிட வேண்டியது: { $list }
play-throw-title = { $who } எறிந்தது
play-corner-start = காத்திருப்பு { $marks }
play-corner-finished = வீடு { $marks }
play-centre-charkoni = சார்கோனி
term-piece = { $rank ->
        [only] உங்கள் காய்
        [front] உங்கள் முன் காய்
       *[other] உங்கள் பின் காய்
    }
term-move-advance = { $piece } { $count } கட்டங்கள் நகர்த்தி தாயம் விளையாடு
term-move-pass = முறையை விடு
term-sentence = { $text }.
"#;

fn catalogue(lang: &'static str, text: &str) -> &'static Words {
    let words = Words::from_texts(lang, &[("test.ftl", text)]);
    assert!(words.problems().is_empty(), "{:?}", words.problems());
    Box::leak(Box::new(words))
}

/// The progress of `seat` on the square Yellow reaches at `progress`.
fn progress_of(rules: &Rules, seat: u8, progress: u8) -> u8 {
    let sq = rules.square_at(0, progress);
    (1..rules.home())
        .find(|&p| rules.square_at(seat, p) == sq)
        .expect("the seat passes the square")
}

/// Each row of `buffer` as the screen shows it: the cells' graphemes, the cells a wide
/// grapheme covers left out.
fn rows(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            let mut row = String::new();
            let mut covered = 0;
            for x in 0..area.width {
                if covered > 0 {
                    covered -= 1;
                    continue;
                }
                let symbol = buffer[(x, y)].symbol();
                covered = width(symbol).saturating_sub(1);
                row.push_str(symbol);
            }
            row
        })
        .collect()
}

/// Checks that every row fits the screen's width and that no cell starts inside a grapheme.
fn assert_whole(buffer: &Buffer, what: &str) {
    let area = buffer.area;
    for (y, row) in rows(buffer).iter().enumerate() {
        assert!(
            width(row) <= usize::from(area.width),
            "{what}: row {y} is {} wide: {row}",
            width(row)
        );
    }
    for y in 0..area.height {
        for x in 0..area.width {
            let symbol = buffer[(x, y)].symbol();
            // A cell that began inside a grapheme would join the letter before it.
            let joined = format!("a{symbol}").graphemes(true).count();
            assert_eq!(
                joined,
                1 + symbol.graphemes(true).count(),
                "{what}: cell ({x}, {y}) holds part of a grapheme: {symbol:?}\n{}",
                rows(buffer).join("\n")
            );
        }
    }
}

#[test]
fn every_row_fits_and_every_grapheme_is_whole_in_devanagari_and_tamil() {
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    let front = (20..40)
        .find(|&p| !rules.castle_at(0, p + 3) && !rules.castle_at(0, p))
        .expect("a plain square");
    let green = progress_of(&rules, 1, front + 3);
    let start = format!("2,{front},0,0/{green},0,0,0/0,0,0,0/0,0,0,0 Ym 3 entered=YGBR");
    for (lang, text, title) in [
        ("hi", HINDI, "पीला (आप) पचीसी खेलें: चाल की बारी"),
        ("ta", TAMIL, "மஞ்சள் (நீங்கள்) தாயம் விளையாடு: நகர்த்தும் முறை"),
    ] {
        let words = catalogue(lang, text);
        let mut app = app_in(
            words,
            "pachisi",
            "human,bot:heuristic,bot:heuristic,bot:heuristic",
            1,
            Some(&start),
        );
        for (w, h) in [(80, 24), (100, 30), (160, 50)] {
            let buffer = render(&mut app, w, h);
            let what = format!("{lang} {w}×{h}");
            assert_whole(&buffer, &what);
            let shown = rows(&buffer).join("\n");
            assert!(shown.contains(title), "{what}: the title whole:\n{shown}");
            // However the words are cut, each move's notation stays at the end of its row, and
            // what is cut keeps whole graphemes: the row's words are a start of the move's.
            let moves = app.table.legal_moves();
            for (i, mv) in moves.iter().enumerate() {
                if *mv == Move::Pass {
                    continue;
                }
                let tag = mv.to_string();
                let said = move_words(words, &rules, app.table.position(), *mv);
                let number = format!(" {} ", i + 1);
                let row = rows(&buffer)
                    .into_iter()
                    .find(|r| r.trim_end().ends_with(&tag) && r.contains(&number))
                    .unwrap_or_else(|| panic!("{what}: {tag} at a row's end:\n{shown}"));
                let at = row.rfind(&number).unwrap_or(0) + number.len();
                let words_shown = row[at..]
                    .trim_end()
                    .trim_end_matches(tag.as_str())
                    .trim()
                    .trim_end_matches('…')
                    .to_string();
                // The row shows the move's words, with whom it captures where there is room.
                let whole = format!("{}{}", said.short, said.captures);
                let kept: Vec<&str> = words_shown.graphemes(true).collect();
                let starts =
                    |text: &str| text.graphemes(true).collect::<Vec<_>>().starts_with(&kept);
                assert!(
                    starts(&said.short) || starts(&whole),
                    "{what}: {words_shown:?} is not a start of {whole:?} in whole graphemes"
                );
            }
        }
        // The help window over the board, and a window too small for the board.
        app.on_key(key(KeyCode::Char('?')));
        assert_whole(&render(&mut app, 80, 24), &format!("{lang} help"));
        app.on_key(key(KeyCode::Esc));
        assert_whole(&render(&mut app, 60, 20), &format!("{lang} too small"));
    }
}

/// The shipped catalogues on the game screen at 80×24: every row whole, and the words that must
/// be read whole (the keys, the line under the board, a corner's four waiting pieces, the
/// windows' titles) not cut by the width they are given.
#[test]
fn the_shipped_words_fit_the_game_screen() {
    for (lang, _) in pachisi_words::SHIPPED {
        let words = pachisi_words::words(lang);
        let mut app = app_in(
            words,
            "pachisi",
            "human,bot:heuristic,bot:heuristic,bot:expectimax",
            1,
            None,
        );
        let buffer = render(&mut app, 80, 24);
        assert_whole(&buffer, &format!("{lang} start"));
        let shown = rows(&buffer).join("\n");
        let mut start = pachisi_words::Args::new();
        start.set("start", "waiting");
        start.set("marks", "RRRR");
        for whole in [
            words.msg("play-keys"),
            words.msg("play-welcome"),
            words.msg_with("play-corner-start", &start),
        ] {
            assert!(shown.contains(&whole), "{lang}: {whole:?} cut:\n{shown}");
        }
        // The keys; then, a throw played and so a record not saved, the question on leaving.
        for (code, title) in [
            (KeyCode::Char('?'), "play-keys-title"),
            (KeyCode::Char('q'), "play-quit-title"),
        ] {
            app.on_key(key(code));
            let buffer = render(&mut app, 80, 24);
            assert_whole(&buffer, &format!("{lang} {title}"));
            let shown = rows(&buffer).join("\n");
            assert!(
                shown.contains(&words.msg(title)),
                "{lang}: {title}:\n{shown}"
            );
            app.on_key(key(KeyCode::Esc));
            app.on_key(key(KeyCode::Enter));
        }
    }
}
