//! The game screen in words: the legend under the board and in the help window, the moves in
//! the list and the log said in words with their notation beside them. Golden screens as in
//! `render.rs` (rewrite them with `PACHISI_BLESS=1 cargo test -p pachisi-tui --test words`, and
//! review the diff).

mod common;

use common::{app, assert_golden, key, log_texts, render, settle, text};
use pachisi_core::{builtin_rules, Rules};
use pachisi_tui::move_words::names_a_square;
use ratatui::crossterm::event::KeyCode;

/// The panel's column at 80×24 for a board of 19 cells (two characters a cell, and a gap).
const PANEL_X: usize = 39;

/// The panel's part of each row of a screen.
fn panel_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.chars().skip(PANEL_X).collect())
        .collect()
}

/// The rows of the Moves section: from its title to the Log's.
fn moves_section(screen: &str) -> Vec<String> {
    panel_rows(screen)
        .into_iter()
        .skip_while(|r| !r.contains("Moves"))
        .skip(1)
        .take_while(|r| !r.contains("Log ─"))
        .collect()
}

/// The progress of `seat` on the square Yellow reaches at `progress`.
fn progress_of(rules: &Rules, seat: u8, progress: u8) -> u8 {
    let sq = rules.square_at(0, progress);
    (1..rules.home())
        .find(|&p| rules.square_at(seat, p) == sq)
        .expect("the seat passes the square")
}

/// Yellow with a piece in its lane and one further on, a 3 to spend, and a green piece three
/// squares ahead of the front one: the list says each move in words, the capture included, the
/// notation beside.
#[test]
fn the_move_list_says_each_move_in_words_with_its_notation_beside() {
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    let front = (20..40)
        .find(|&p| !rules.castle_at(0, p + 3) && !rules.castle_at(0, p))
        .expect("a plain square");
    let green = progress_of(&rules, 1, front + 3);
    let start = format!("2,{front},0,0/{green},0,0,0/0,0,0,0/0,0,0,0 Ym 3 entered=YGBR");
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        1,
        Some(&start),
    );
    // The front piece's move, which captures.
    app.on_key(key(KeyCode::Down));
    let buffer = render(&mut app, 80, 24);
    assert_golden("moves-80x24", &buffer);
    let screen = text(&buffer);
    let section = moves_section(&screen).join("\n");
    for needle in [
        "1 Move your back piece 3 squares",
        "2 Move your front piece 3 squares",
        &format!("{front}+3"),
        "3 Pass",
        "capturing Green's piece.",
    ] {
        assert!(section.contains(needle), "{needle}: {screen}");
    }
    assert!(
        !names_a_square(&section),
        "a square's name in the list: {section}"
    );
}

/// No row of the move list, in any ruleset, names a square as the record does (`0m1`): every
/// move is said in words, with at most its notation beside.
#[test]
fn the_move_list_never_shows_a_bare_square_name() {
    for (ruleset, seed) in [("pachisi", 3), ("ludo", 4), ("parcheesi-sr", 2)] {
        let mut app = app(
            ruleset,
            "human,bot:heuristic,bot:heuristic,bot:heuristic",
            seed,
            None,
        );
        let mut seen = 0;
        for _ in 0..60 {
            settle(&mut app);
            if app.selected_move().is_some() {
                let screen = text(&render(&mut app, 100, 30));
                let section: Vec<String> = screen
                    .lines()
                    .map(|l| l.chars().skip(58).collect::<String>())
                    .skip_while(|r| !r.contains("Moves"))
                    .skip(1)
                    .take_while(|r| !r.contains("Log ─"))
                    .collect();
                let section = section.join("\n");
                assert!(!names_a_square(&section), "{ruleset}: {screen}");
                seen += 1;
            }
            app.on_key(key(KeyCode::Enter));
        }
        assert!(seen > 5, "{ruleset}: too few moves to choose from");
    }
}

/// A few turns of play: the log says each throw and what was done with it in words.
#[test]
fn the_log_tells_the_game_in_words() {
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        5,
        None,
    );
    for _ in 0..12 {
        app.on_key(key(KeyCode::Enter));
        settle(&mut app);
    }
    let buffer = render(&mut app, 80, 24);
    assert_golden("log-80x24", &buffer);
    let lines = log_texts(&app);
    assert!(lines.iter().any(|l| l.contains("threw")), "{lines:#?}");
    assert!(lines.iter().all(|l| !names_a_square(l)), "{lines:#?}");
    // A move in the log keeps its notation beside the words.
    if let Some(line) = lines.iter().find(|l| l.contains("brought a piece in")) {
        assert!(line.contains(" E"), "{line}");
    }
}

/// 80×24: the rows under the board hold the short legend; `?` shows the keys and `?` again the
/// whole legend, with the value table of the shells.
#[test]
fn the_legend_is_under_the_board_and_whole_on_question_mark() {
    let mut app = app("pachisi", "human,bot,bot,bot", 1, None);
    let screen = text(&render(&mut app, 80, 24));
    assert!(screen.contains("x castle, safe"), "{screen}");
    assert!(screen.contains("C Charkoni: start, finish"), "{screen}");
    app.on_key(key(KeyCode::Char('?')));
    let screen = text(&render(&mut app, 80, 24));
    assert!(screen.contains("? again: what the board shows"), "{screen}");
    app.on_key(key(KeyCode::Char('?')));
    let buffer = render(&mut app, 80, 24);
    assert_golden("legend-80x24", &buffer);
    let screen = text(&buffer);
    for needle in [
        "What the board shows",
        "mouth up",
        "none up: 25, a grace",
        "a castle: a safe square",
        "the Charkoni, the centre",
        "counter-clockwise",
    ] {
        assert!(screen.contains(needle), "{needle}: {screen}");
    }
    // `?` goes back to the keys; any other key closes.
    app.on_key(key(KeyCode::Char('?')));
    assert!(text(&render(&mut app, 80, 24)).contains("Ctrl-C"));
    app.on_key(key(KeyCode::Esc));
    assert!(app.overlay.is_none());
}

/// A large window shows the keys and the legend in one help window, and the whole legend under
/// the board.
#[test]
fn a_large_window_shows_the_whole_legend() {
    // Ludo's board leaves 17 rows under it at 160×50.
    let mut ludo = app("ludo", "human,bot,bot,bot", 1, None);
    let screen = text(&render(&mut ludo, 160, 50));
    assert!(screen.contains("the die as it fell"), "{screen}");
    assert!(screen.contains("route"), "{screen}");
    let mut app = app("pachisi", "human,bot,bot,bot", 1, None);
    app.on_key(key(KeyCode::Char('?')));
    let screen = text(&render(&mut app, 160, 50));
    assert!(
        screen.contains("Ctrl-C") && screen.contains("What the board shows"),
        "{screen}"
    );
}

/// A ruleset without castles says nothing of them; one whose goal is in the lane says so.
#[test]
fn the_legend_follows_the_ruleset() {
    let mut app = app("maedn", "human,bot,bot,bot", 1, None);
    let screen = text(&render(&mut app, 160, 50));
    assert!(!screen.contains("castle"), "{screen}");
    assert!(screen.contains("into the goal"), "{screen}");
    assert!(screen.contains("the die as it fell"), "{screen}");
}

/// Dice known by their faces are drawn as they fell, each in its box: Chaupar's three long dice,
/// and Tayam Sonalu's pair even where a die shows 0 (Parker 1909: "Tayam" is a 1 and a 0).
#[test]
fn every_die_of_a_throw_is_drawn_even_a_zero() {
    let words = pachisi_words::english();
    let picture = |name: &str, throw: &str| {
        let rules = builtin_rules(name, &[]).expect("a built-in ruleset");
        let index = rules
            .outcomes()
            .iter()
            .position(|o| o.name.to_string() == throw)
            .unwrap_or_else(|| panic!("{name} has no throw {throw}"));
        let lines =
            pachisi_tui::ui::throw_lines(words, &rules, Some(pachisi_core::Throw(index as u8)), 0);
        lines[0].to_string()
    };
    assert_eq!(picture("tayam-sonalu", "4-0"), "[4] [0]");
    assert_eq!(picture("tayam-sonalu", "1-0"), "[1] [0]");
    assert_eq!(picture("tayam-sonalu", "0-0"), "[0] [0]");
    assert_eq!(picture("chaupar", "6-5-2"), "[6] [5] [2]");
}

/// Abu'l Fazl 1590 (Chaupar): a player who has finished throws for the partner. The title line
/// says whose turn at the table it is when the partner plays it.
#[test]
fn the_title_says_when_a_partner_plays_a_finished_seats_turn() {
    let words = pachisi_words::english();
    let rules = builtin_rules("chaupar", &[]).expect("chaupar");
    let labels = vec![String::new(); 4];
    let title = |text: &str| {
        let pos = pachisi_core::Position::from_notation(&rules, text).expect("a position");
        pachisi_tui::ui::title_line(words, &rules, &pos, &labels).to_string()
    };
    let partner = title("h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Bt - entered=YGBR thrower=Y");
    assert!(
        partner.contains("B Black to throw for Yellow, all home"),
        "{partner}"
    );
    let own = title("h,h,h,h/20,30,40,50/60,61,62,63/20,21,22,23 Bt - entered=YGBR");
    assert!(!own.contains("for Yellow"), "{own}");
}
