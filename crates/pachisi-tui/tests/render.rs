//! The screens rendered into ratatui's `TestBackend` and compared with golden buffers in
//! `tests/golden/` (the characters, then one letter per cell for its colour).
//!
//! When a change to the screens is intended, rewrite the files with
//!
//! ```text
//! PACHISI_BLESS=1 cargo test -p pachisi-tui --test render
//! ```
//!
//! and review the diff.

mod common;

use common::{
    analysed_replay, app, assert_golden, key, log_texts, random_record, render, render_replay,
    settle, text,
};
use pachisi_core::{builtin_rules, Rules};
use pachisi_tui::board::{LAST_MOVE_BG, SELECTED_BG};
use pachisi_tui::replay::{Replay, Window};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color;
use ratatui::Terminal;
use std::sync::Arc;

#[test]
fn the_start_of_a_game_fits_80_by_24() {
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        1,
        None,
    );
    let buffer = render(&mut app, 80, 24);
    assert_golden("start-80x24", &buffer);
    let screen = text(&buffer);
    assert!(screen.contains("Y Yellow (you) to throw"), "{screen}");
    assert!(screen.contains("q quit"), "the key line fits: {screen}");
    // The two rows under the board hold the short legend.
    assert!(screen.contains("x castle, safe"), "{screen}");
}

/// Pieces at the given progress for each seat, as position notation (Y to move, nothing thrown).
fn start_with(rules: &Rules, pieces: &[[u8; 4]]) -> String {
    let groups: Vec<String> = pieces
        .iter()
        .map(|p| {
            p.iter()
                .map(|&x| {
                    if x == rules.home() {
                        "h".to_string()
                    } else {
                        x.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!("{} Yt - entered=YGBR", groups.join("/"))
}

/// The progress of seat 2 (Yellow's partner) on the square Yellow reaches at `progress`.
fn partner_progress(rules: &Rules, progress: u8) -> u8 {
    let sq = rules.square_at(0, progress);
    (1..rules.home())
        .find(|&p| rules.square_at(2, p) == sq)
        .expect("the partner passes the square")
}

#[test]
fn stacks_and_partners_show_counts_and_letters() {
    // Pachisi: three yellow pieces on one square, two green on another, a yellow and a black
    // (partners) sharing a castle, and pieces home.
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    let castle = (1..rules.home())
        .find(|&p| rules.castle_at(0, p) && p > 8 && partner_progress(&rules, p) > 0)
        .expect("a castle on the track");
    let partner = partner_progress(&rules, castle);
    let start = start_with(
        &rules,
        &[
            [20, 20, 20, castle],
            [30, 30, 0, rules.home()],
            [partner, 0, 0, 0],
            [45, rules.home(), rules.home(), 0],
        ],
    );
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,human,bot:heuristic",
        1,
        Some(&start),
    );
    let buffer = render(&mut app, 80, 24);
    assert_golden("stacks-80x24", &buffer);
    let screen = text(&buffer);
    assert!(screen.contains("Y3"), "a stack of three: {screen}");
    assert!(screen.contains("G2"), "a stack of two: {screen}");
    assert!(screen.contains("YB"), "partners on a castle: {screen}");
    assert!(
        screen.contains("human 1") && screen.contains("human 2"),
        "{screen}"
    );
}

#[test]
fn parcheesi_shows_both_dice_and_uses_a_wider_window() {
    let mut app = app(
        "parcheesi-sr",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        3,
        None,
    );
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    let buffer = render(&mut app, 100, 30);
    assert_golden("parcheesi-100x30", &buffer);
    let screen = text(&buffer);
    assert!(screen.contains("] ["), "two dice: {screen}");
}

#[test]
fn a_large_window_draws_larger_cells() {
    let mut app = app(
        "ludo",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        2,
        None,
    );
    let buffer = render(&mut app, 160, 50);
    assert_golden("ludo-160x50", &buffer);
    // Ludo pieces finish in the middle, which is their home (Pachisi's Charkoni).
    assert!(text(&buffer).contains("Home"));
}

#[test]
fn a_window_too_small_says_so_instead_of_drawing() {
    let mut app = app("pachisi", "human,bot,bot,bot", 1, None);
    let buffer = render(&mut app, 60, 20);
    assert_golden("small-60x20", &buffer);
    let screen = text(&buffer);
    assert!(screen.contains("too small"), "{screen}");
    assert!(screen.contains("79×22"), "{screen}");
    // Nothing of the board is drawn.
    assert!(!screen.contains("Team 1"), "{screen}");
}

#[test]
fn the_help_window_lists_every_key() {
    let mut app = app("pachisi", "human,bot,bot,bot", 1, None);
    app.on_key(key(KeyCode::Char('?')));
    let buffer = render(&mut app, 80, 24);
    assert_golden("help-80x24", &buffer);
    let screen = text(&buffer);
    for k in ["Enter", "hint", "undo", "save", "why", "Ctrl-C", "pass"] {
        assert!(screen.contains(k), "{k}: {screen}");
    }
}

#[test]
fn the_last_move_and_the_selected_move_are_highlighted() {
    let mut app = app(
        "ludo",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        4,
        None,
    );
    // Throw until a move other than a pass is offered.
    for _ in 0..200 {
        settle(&mut app);
        if app
            .selected_move()
            .is_some_and(|m| m != pachisi_core::Move::Pass)
        {
            break;
        }
        app.on_key(key(KeyCode::Enter));
    }
    let buffer = render(&mut app, 80, 24);
    let (x0, y0, w, h) = app.hits.board.expect("board drawn");
    let rules = app.table.rules().clone();
    let bg_of = |sq| {
        let cell = app.geometry.cell_of(&rules, sq);
        buffer[(x0 + cell.x * w, y0 + cell.y * h)].bg
    };
    let marks = app.marks();
    let to = marks.selected[1].expect("the selected move lands on a square");
    assert_eq!(bg_of(to), SELECTED_BG);
    if let Some(sq) = app.table.last_move().and_then(|l| l.squares[1]) {
        if !marks.selected.contains(&Some(sq)) {
            assert_eq!(bg_of(sq), LAST_MOVE_BG);
        }
    }
    assert_ne!(SELECTED_BG, Color::Reset);
}

#[test]
fn the_replay_viewer_draws_the_board_at_any_moment() {
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        5,
        None,
    );
    for _ in 0..6 {
        app.on_key(key(KeyCode::Enter));
        settle(&mut app);
    }
    let record = app.table.record_to_save();
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let mut replay =
        Replay::new(rules, &record, "test.record", pachisi_words::english()).expect("replays");
    replay.on_key(key(KeyCode::Home));
    replay.on_key(key(KeyCode::Right));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    terminal.draw(|f| replay.draw(f)).expect("draw");
    let buffer = terminal.backend().buffer().clone();
    assert_golden("replay-80x24", &buffer);
    assert!(text(&buffer).contains("Action 1 of"));
}

/// The opening of Pachisi, where only 6, 10 and 25 bring a piece in: the turns that are forced
/// passes are played without the pace and share lines of the log.
#[test]
fn forced_passes_go_by_unpaced_and_fold_in_the_log() {
    let mut app = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        2,
        None,
    );
    let mut forced = 0;
    // Until a line of folded passes is the log's last (at most 20 turns of the person).
    for _ in 0..20 {
        let last = app.table.log().last().cloned().unwrap_or_default();
        if last.contains(pachisi_table::LOG_FOLD_SEPARATOR) {
            break;
        }
        app.on_key(key(KeyCode::Enter));
        while app.bot_due() {
            let pass_only = app.table.legal_moves() == [pachisi_core::Move::Pass];
            assert_eq!(app.forced_pass_due(), pass_only);
            forced += usize::from(pass_only);
            assert!(app.tick());
        }
    }
    assert!(forced > 0, "no forced pass in the opening");
    let buffer = render(&mut app, 80, 24);
    assert_golden("passes-80x24", &buffer);
    let folded = app
        .table
        .log()
        .iter()
        .find(|l| l.contains(pachisi_table::LOG_FOLD_SEPARATOR))
        .expect("passes folded into a line")
        .clone();
    // The screen's log says the same turns in words: `Y: (4) -  G: (3) -` is "No move for
    // Yellow (4), Green (3)".
    let rules = app.table.rules().clone();
    let turns: Vec<String> = folded
        .split(pachisi_table::LOG_FOLD_SEPARATOR)
        .map(|turn| {
            let letter = turn.chars().next().expect("a seat's letter");
            let seat = rules.seat_by_letter(letter).expect("a seat");
            let throw = turn.split(['(', ')']).nth(1).expect("a throw");
            let name = pachisi_tui::move_words::seat_name(pachisi_words::english(), &rules, seat);
            format!("{name} ({throw})")
        })
        .collect();
    let worded = format!("No move for {}", turns.join(", "));
    let lines = log_texts(&app);
    assert!(lines.contains(&worded), "{worded}: {lines:#?}");
    assert!(text(&buffer).contains("No move for"), "{}", text(&buffer));
}

/// A record without a Seats tag (`pachisi record random` writes none) names no player: the title
/// says whose turn it is with no empty parentheses.
#[test]
fn a_replay_without_players_shows_no_empty_label() {
    let mut app = app(
        "pachisi",
        "bot:random,bot:random,bot:random,bot:random",
        3,
        None,
    );
    settle(&mut app);
    let mut record = app.table.record_to_save();
    record.tags.retain(|(tag, _)| tag != "Seats");
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let mut replay =
        Replay::new(rules, &record, "random.record", pachisi_words::english()).expect("replays");
    replay.on_key(key(KeyCode::Home));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    terminal.draw(|f| replay.draw(f)).expect("draw");
    let screen = text(&terminal.backend().buffer().clone());
    let title = screen.lines().next().unwrap_or_default();
    // Whoever begins (the throw-off decides), the colour is followed by what the seat is to do.
    assert!(
        ["Yellow", "Green", "Black", "Red"]
            .iter()
            .any(|c| title.contains(&format!("{c} to throw"))),
        "{screen}"
    );
    assert!(!screen.contains("()"), "{screen}");
}

/// Where the goal is in the lane (maedn), the panel counts the pieces in the goal, not home.
#[test]
fn the_goal_in_the_lane_is_counted_as_the_goal() {
    let mut app = app(
        "maedn",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        1,
        None,
    );
    let screen = text(&render(&mut app, 100, 30));
    assert!(screen.contains("goal 0/4"), "{screen}");
    assert!(!screen.contains("home 0/4"), "{screen}");
}

/// Whether a cell holds a point of a graph (braille).
fn plotted(cell: &ratatui::buffer::Cell) -> bool {
    cell.symbol()
        .chars()
        .any(|c| ('\u{2801}'..='\u{28ff}').contains(&c))
}

/// An analysed replay at its first marked move: the move's mark in the log, and the panel with
/// the move played, the best and the loss.
#[test]
fn an_analysed_replay_shows_a_marked_move_its_grade_and_loss() {
    let mut replay = analysed_replay("pachisi", 7, 240);
    replay.on_key(key(KeyCode::Home));
    replay.on_key(key(KeyCode::Char('n')));
    let analysis = replay.analysis().expect("analysed");
    let d = analysis
        .decisions
        .iter()
        .find(|d| d.mark.is_some())
        .expect("random play makes mistakes")
        .clone();
    assert_eq!(replay.at, d.number);
    let buffer = render_replay(&replay, 80, 24);
    assert_golden("replay-analysed-80x24", &buffer);
    let screen = text(&buffer);
    let mark = d.mark.expect("marked").symbol();
    assert!(
        screen.contains(&format!("{}{mark}", d.played)),
        "the mark follows the move in the log: {screen}"
    );
    assert!(screen.contains(&format!("played {}", d.played)), "{screen}");
    assert!(screen.contains(&format!("best {}", d.best)), "{screen}");
    assert!(
        screen.contains(&format!("loss {:.1} points", 100.0 * d.loss)),
        "{screen}"
    );
    assert!(screen.contains("n N marked move"), "the keys: {screen}");
}

#[test]
fn the_graph_goes_under_the_board_where_there_is_room_and_over_it_with_c() {
    let mut replay = analysed_replay("ludo", 3, 300);
    // 100×30 leaves eight rows under the board.
    let buffer = render_replay(&replay, 100, 30);
    assert_golden("replay-graph-100x30", &buffer);
    let below_board = (21..28).any(|y| (0..57).any(|x| plotted(&buffer[(x, y)])));
    assert!(below_board, "{}", text(&buffer));
    // A window that would draw the board with two rows a cell keeps one to leave the graph room.
    let buffer = render_replay(&replay, 120, 45);
    let below_board = (16..42).any(|y| (0..60).any(|x| plotted(&buffer[(x, y)])));
    assert!(below_board, "{}", text(&buffer));
    // 80×24 has no room for it: c opens it over the board, with a line per seat in its colour.
    let buffer = render_replay(&replay, 80, 24);
    assert!(!buffer.content.iter().any(plotted), "{}", text(&buffer));
    replay.on_key(key(KeyCode::Char('c')));
    let buffer = render_replay(&replay, 80, 24);
    let screen = text(&buffer);
    assert!(screen.contains("Winning chances"), "{screen}");
    assert!(screen.contains("100%") && screen.contains("0%"), "{screen}");
    for colour in [Color::Yellow, Color::Green, Color::Red, Color::Blue] {
        assert!(
            buffer.content.iter().any(|c| plotted(c) && c.fg == colour),
            "{colour:?} has a line: {screen}"
        );
    }
    // The graph stays open while stepping, and c closes it.
    replay.on_key(key(KeyCode::Left));
    assert!(text(&render_replay(&replay, 80, 24)).contains("Winning chances"));
    replay.on_key(key(KeyCode::Char('c')));
    assert!(!text(&render_replay(&replay, 80, 24)).contains("Winning chances"));
}

#[test]
fn the_summary_window_sums_up_seats_and_partners() {
    let mut replay = analysed_replay("pachisi", 2, 200);
    replay.on_key(key(KeyCode::Char('s')));
    let screen = text(&render_replay(&replay, 80, 24));
    for needle in [
        "avg loss",
        "Y Yellow",
        "R Red",
        "Team 1 Y B",
        "Team 2 G R",
        "luck",
    ] {
        assert!(screen.contains(needle), "{needle}: {screen}");
    }
    replay.on_key(key(KeyCode::Char('x')));
    assert!(!text(&render_replay(&replay, 80, 24)).contains("avg loss"));
}

#[test]
fn the_help_lists_the_analysis_keys() {
    let (rules, record) = random_record("ludo", 1, 20);
    let mut replay = Replay::new(rules, &record, "r", pachisi_words::english()).expect("viewer");
    replay.on_key(key(KeyCode::Char('?')));
    let screen = text(&render_replay(&replay, 80, 24));
    for needle in ["analyse the game", "next marked move", "graph", "summed up"] {
        assert!(screen.contains(needle), "{needle}: {screen}");
    }
}

/// No size of window, window open or moment makes the viewer panic; too small a window says so.
#[test]
fn any_window_size_draws_without_panic() {
    let mut replay = analysed_replay("parcheesi-sr", 1, 150);
    let windows = [
        None,
        Some(Window::Help),
        Some(Window::Summary),
        Some(Window::Graph),
    ];
    for at in [0, 1, replay.len()] {
        for window in windows {
            replay.at = at;
            replay.window = window;
            for (w, h) in [
                (1, 1),
                (10, 4),
                (40, 12),
                (60, 20),
                (78, 23),
                (79, 22),
                (80, 24),
            ] {
                let screen = text(&render_replay(&replay, w, h));
                if w < 40 {
                    continue;
                }
                if w < 79 || h < 22 {
                    assert!(screen.contains("too small"), "{w}×{h}: {screen}");
                }
            }
        }
    }
}
