//! The game and replay screens driven by keys and clicks, as the terminal would deliver them.

mod common;

use common::{analysed_replay, app, key, random_record, render, settle};
use pachisi_core::{builtin_rules, GameRecord, Move, Phase};
use pachisi_tui::app::{App, Flow, Overlay};
use pachisi_tui::replay::Replay;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::sync::Arc;

const AGAINST_BOTS: &str = "human,bot:heuristic,bot:heuristic,bot:heuristic";

/// Presses Enter (and lets the bots play) until a person must choose among real moves.
fn until_choice(app: &mut App) {
    for _ in 0..500 {
        settle(app);
        let moves = app.table.legal_moves();
        if app.table.awaits_human() && moves.len() >= 2 && moves.iter().any(|m| *m != Move::Pass) {
            return;
        }
        assert_eq!(app.on_key(key(KeyCode::Enter)), Flow::Continue);
    }
    panic!("no choice of moves came up");
}

/// The last action of the record, if it is a move.
fn last_move(app: &App) -> Option<Move> {
    match app.table.record().actions.last()?.0 {
        pachisi_core::Action::Move(mv) => Some(mv),
        _ => None,
    }
}

fn click(column: u16, row: u16) -> MouseEvent {
    MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    }
}

#[test]
fn enter_throws_then_plays_the_selected_move() {
    let mut app = app("ludo", AGAINST_BOTS, 11, None);
    assert!(app.table.awaits_human());
    assert_eq!(app.table.position().phase(), Phase::Throw);
    app.on_key(key(KeyCode::Enter));
    assert_eq!(app.table.record().actions.len(), 1, "one throw recorded");
    until_choice(&mut app);
    let before = app.table.record().actions.len();
    let selected = app.selected_move().expect("a move is selected");
    app.on_key(key(KeyCode::Enter));
    assert_eq!(app.table.record().actions.len(), before + 1);
    assert_eq!(last_move(&app), Some(selected));
}

#[test]
fn arrows_choose_and_digits_play_the_numbered_move() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    until_choice(&mut app);
    let moves = app.table.legal_moves();
    app.on_key(key(KeyCode::Down));
    assert_eq!(app.selected, 1);
    app.on_key(key(KeyCode::Up));
    app.on_key(key(KeyCode::Up));
    assert_eq!(app.selected, moves.len() - 1, "the selection wraps round");
    app.on_key(key(KeyCode::Char('2')));
    assert_eq!(last_move(&app), Some(moves[1]));
}

#[test]
fn undo_takes_back_a_move_and_the_throws_fall_again_as_before() {
    let mut app = app("pachisi", AGAINST_BOTS, 5, None);
    until_choice(&mut app);
    let position = *app.table.position();
    let actions = app.table.record().actions.len();
    let log = app.table.log().to_vec();
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    let later: Vec<_> = app.table.record().actions[actions..].to_vec();
    assert!(later.len() > 1);
    app.on_key(key(KeyCode::Char('u')));
    assert_eq!(*app.table.position(), position);
    assert_eq!(app.table.record().actions.len(), actions);
    assert_eq!(app.table.log(), log.as_slice());
    // The same move again brings the same throws.
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    let again: Vec<_> = app.table.record().actions[actions..].to_vec();
    let throws = |a: &[(pachisi_core::Action, usize, usize)]| -> Vec<_> {
        a.iter()
            .filter(|x| matches!(x.0, pachisi_core::Action::Throw(_)))
            .map(|x| x.0)
            .collect()
    };
    let n = throws(&later).len().min(throws(&again).len());
    assert!(n > 0);
    assert_eq!(throws(&later)[..n], throws(&again)[..n]);
}

#[test]
fn undo_is_refused_with_several_people_at_the_keyboard() {
    let mut app = app("pachisi", "human,human,human,human", 5, None);
    until_choice(&mut app);
    let position = *app.table.position();
    app.on_key(key(KeyCode::Enter));
    let after = *app.table.position();
    assert_ne!(after, position);
    app.on_key(key(KeyCode::Char('u')));
    assert_eq!(*app.table.position(), after);
    assert!(app.message.contains("several people"), "{}", app.message);
}

#[test]
fn with_nothing_to_undo_undo_says_so() {
    let mut app = app("pachisi", AGAINST_BOTS, 5, None);
    app.on_key(key(KeyCode::Char('u')));
    assert!(app.message.contains("no move"), "{}", app.message);
}

#[test]
fn save_asks_for_a_record_that_replays_to_the_position_on_the_board() {
    let mut app = app("pachisi", AGAINST_BOTS, 8, None);
    until_choice(&mut app);
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    app.on_key(key(KeyCode::Char('s')));
    let (_, record) = app.pending_save.take().expect("a save is asked for");
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    let dir = std::env::temp_dir().join(format!("pachisi-tui-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.record");
    let written = pachisi_tui::write_record(&path, &record, &rules, pachisi_words::english())
        .expect("written");
    app.saved(Ok(written));
    assert!(app.table.is_saved());
    let text = std::fs::read_to_string(&path).expect("read back");
    let parsed = GameRecord::parse(&text).expect("parses");
    assert_eq!(parsed.tag("Seed"), Some("8"));
    assert_eq!(parsed.tag("Seats"), Some(AGAINST_BOTS));
    let end = parsed.replay(&rules).expect("replays");
    assert_eq!(end, *app.table.position());
    // A file that cannot be written is reported, not lost silently.
    let bad = pachisi_tui::write_record(
        &dir.join("no/such/dir/x.record"),
        &record,
        &rules,
        pachisi_words::english(),
    );
    let error = bad.expect_err("cannot write");
    assert!(error.contains("no/such/dir"), "{error}");
    app.saved(Err(error));
    assert!(app.message.starts_with("Could not save"), "{}", app.message);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn leaving_with_unsaved_moves_asks_first() {
    let mut app = app("pachisi", AGAINST_BOTS, 9, None);
    // Nothing played yet: q leaves at once.
    assert_eq!(app.on_key(key(KeyCode::Char('q'))), Flow::Quit);
    app.on_key(key(KeyCode::Enter));
    settle(&mut app);
    assert_eq!(app.on_key(key(KeyCode::Char('q'))), Flow::Continue);
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    // Any other key goes back to the game.
    assert_eq!(app.on_key(key(KeyCode::Char('x'))), Flow::Continue);
    assert_eq!(app.overlay, None);
    app.on_key(key(KeyCode::Esc));
    assert_eq!(app.on_key(key(KeyCode::Char('y'))), Flow::Quit);
    assert!(app.pending_save.is_none(), "y leaves without saving");
    // s saves, then leaves.
    app.overlay = None;
    app.on_key(key(KeyCode::Char('q')));
    assert_eq!(app.on_key(key(KeyCode::Char('s'))), Flow::Quit);
    assert!(app.pending_save.is_some());
}

#[test]
fn ctrl_c_leaves_at_once_and_saves_unsaved_moves() {
    let mut app = app("pachisi", AGAINST_BOTS, 9, None);
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    // Nothing to lose yet.
    assert_eq!(app.on_key(ctrl_c), Flow::Quit);
    assert!(app.pending_save.is_none());
    app.on_key(key(KeyCode::Enter));
    app.on_key(key(KeyCode::Char('?')));
    assert_eq!(app.on_key(ctrl_c), Flow::Quit, "even with a window open");
    assert!(app.pending_save.is_some());
}

#[test]
fn a_click_on_a_piece_selects_its_move_and_a_click_on_the_green_square_plays_it() {
    let mut app = app("ludo", AGAINST_BOTS, 21, None);
    // Wait for a choice where a piece on the board can move.
    let mut found = false;
    for _ in 0..400 {
        until_choice(&mut app);
        if app
            .table
            .legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Advance { from, .. } if *from > 0))
        {
            found = true;
            break;
        }
        app.on_key(key(KeyCode::Enter));
    }
    assert!(found);
    render(&mut app, 80, 24);
    let (x0, y0, w, h) = app.hits.board.expect("board drawn");
    let rules = app.table.rules().clone();
    let seat = app.table.position().to_move();
    let moves = app.table.legal_moves();
    let (index, from) = moves
        .iter()
        .enumerate()
        .find_map(|(i, m)| match m {
            Move::Advance { from, .. } if *from > 0 => Some((i, *from)),
            _ => None,
        })
        .expect("an advance");
    let sq = rules.square_at(seat, from).expect("on the board");
    let cell = app.geometry.cell_of(&rules, sq);
    app.selected = (index + 1) % moves.len();
    app.on_mouse(click(x0 + cell.x * w, y0 + cell.y * h));
    let chosen = app.selected_move().expect("selected");
    assert!(
        matches!(chosen, Move::Advance { from: f, .. } if f == from),
        "{chosen}"
    );
    // Click the destination.
    render(&mut app, 80, 24);
    let to = app.marks().selected[1].expect("a destination");
    let cell = app.geometry.cell_of(&rules, to);
    app.on_mouse(click(x0 + cell.x * w, y0 + cell.y * h));
    assert_eq!(last_move(&app), Some(chosen));
}

#[test]
fn a_click_on_a_listed_move_selects_it_and_a_second_click_plays_it() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    until_choice(&mut app);
    render(&mut app, 80, 24);
    let &(row, index) = app
        .hits
        .move_rows
        .iter()
        .find(|(_, i)| *i == 1)
        .expect("the second move is listed");
    let mv = app.table.legal_moves()[index];
    app.on_mouse(click(60, row));
    assert_eq!(app.selected, 1);
    app.on_mouse(click(60, row));
    assert_eq!(last_move(&app), Some(mv));
}

#[test]
fn a_hint_ranks_every_legal_move_and_enter_plays_the_best() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    until_choice(&mut app);
    let mut legal = app.table.legal_moves();
    app.on_key(key(KeyCode::Char('h')));
    let Some(Overlay::Hint(ranked)) = app.overlay.clone() else {
        panic!("no hint: {}", app.message);
    };
    let mut hinted: Vec<Move> = ranked.iter().map(|r| r.0).collect();
    assert!(ranked.windows(2).all(|w| w[0].2 >= w[1].2), "best first");
    assert!(ranked.iter().all(|r| (0.0..=1.0).contains(&r.2)));
    legal.sort();
    hinted.sort();
    assert_eq!(hinted, legal);
    app.on_key(key(KeyCode::Enter));
    assert_eq!(last_move(&app), Some(ranked[0].0));
}

#[test]
fn a_hint_before_the_throw_says_to_throw_first() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    app.on_key(key(KeyCode::Char('h')));
    assert_eq!(app.overlay, None);
    assert!(app.message.contains("throw first"), "{}", app.message);
}

#[test]
fn why_explains_every_piece_that_cannot_move() {
    // At the start of Pachisi with a throw that is not a grace, every piece waits for one.
    let mut app = app(
        "pachisi",
        AGAINST_BOTS,
        3,
        Some("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 3"),
    );
    app.on_key(key(KeyCode::Char('w')));
    let Some(Overlay::WhyNot(lines)) = app.overlay.clone() else {
        panic!("no explanation: {}", app.message);
    };
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("grace"), "{lines:?}");
    app.on_key(key(KeyCode::Char('x')));
    assert_eq!(app.overlay, None);
}

/// `w` after the person's own turn passed, because no piece could move with the throw, says
/// that the turn passed and why, in Ludo's words.
#[test]
fn w_after_a_forced_pass_says_why_the_turn_passed() {
    // Ludo: while every token waits in the nest, a throw other than a 6 passes the turn.
    let mut app = app("ludo", AGAINST_BOTS, 11, None);
    for _ in 0..200 {
        settle(&mut app);
        if app.passed.is_some() {
            break;
        }
        app.on_key(key(KeyCode::Enter));
    }
    let passed = app.passed.clone().expect("a turn of the person's passed");
    app.on_key(key(KeyCode::Char('w')));
    let Some(Overlay::WhyNot(lines)) = app.overlay.clone() else {
        panic!("no explanation: {}", app.message);
    };
    let mut args = pachisi_words::Args::new();
    args.set("throw", passed.throw.clone());
    let why_passed = pachisi_words::english().msg_with("play-why-passed", &args);
    assert_eq!(lines.first(), Some(&why_passed), "{lines:?}");
    assert_eq!(lines[1..], passed.reasons[..], "the reasons follow");
    let reasons = lines[1..].join(" ");
    assert!(
        reasons.contains("token") && !reasons.contains("piece"),
        "{reasons}"
    );
    app.on_key(key(KeyCode::Char('x')));
    assert_eq!(app.overlay, None);
}

#[test]
fn a_click_on_pieces_that_cannot_move_says_why() {
    let rules = builtin_rules("pachisi", &[]).expect("builtin");
    // Yellow has a piece out and three waiting, and throws a 3, which is no grace: the piece out
    // may move, the waiting ones may not.
    let start = "20,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 3 entered=Y";
    let mut app = app("pachisi", AGAINST_BOTS, 3, Some(start));
    render(&mut app, 80, 24);
    let (x0, y0, w, h) = app.hits.board.expect("board drawn");
    // The corner beside Yellow's arm holds its waiting pieces.
    let corner = app.geometry.corner_of(&rules, 0);
    app.on_mouse(click(x0 + (corner.x + 2) * w, y0 + (corner.y + 2) * h));
    assert!(app.message.contains("grace"), "{}", app.message);
    // The piece out is selected by a click on it.
    let sq = rules.square_at(0, 20).expect("on the board");
    let cell = app.geometry.cell_of(&rules, sq);
    app.on_mouse(click(x0 + cell.x * w, y0 + cell.y * h));
    assert!(matches!(
        app.selected_move(),
        Some(Move::Advance { from: 20, .. })
    ));
}

#[test]
fn pass_is_offered_where_the_rules_allow_it() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    until_choice(&mut app);
    assert!(
        app.table.legal_moves().contains(&Move::Pass),
        "Pachisi lets a player pass"
    );
    app.on_key(key(KeyCode::Char('p')));
    assert_eq!(last_move(&app), Some(Move::Pass));
    assert!(app.message.contains("passed"), "{}", app.message);
}

#[test]
fn a_whole_game_played_with_keys_ends_and_its_record_replays() {
    // Ludo, against three heuristic bots, always playing the first listed move.
    let mut app = app("ludo", AGAINST_BOTS, 17, None);
    let mut presses = 0;
    while app.table.position().phase() != Phase::Over {
        settle(&mut app);
        if app.table.position().phase() == Phase::Over {
            break;
        }
        app.on_key(key(KeyCode::Enter));
        presses += 1;
        assert!(presses < 20_000, "the game does not end");
    }
    assert!(app.message.starts_with("Game over"), "{}", app.message);
    let record = app.table.record_to_save();
    let rules = Arc::new(builtin_rules("ludo", &[]).expect("builtin"));
    let end = record.replay(&rules).expect("the record replays");
    assert_eq!(end, *app.table.position());
    // The replay viewer ends where the game did, and steps back and forth.
    let mut replay = Replay::new(rules, &record, "game", pachisi_words::english()).expect("viewer");
    assert_eq!(*replay.position(), end);
    replay.on_key(key(KeyCode::Home));
    assert_eq!(replay.at, 0);
    replay.on_key(key(KeyCode::Right));
    replay.on_key(key(KeyCode::Right));
    assert_eq!(replay.at, 2);
    replay.on_key(key(KeyCode::Left));
    assert_eq!(replay.at, 1);
    replay.on_key(key(KeyCode::Down));
    let turn_end = replay.at;
    assert!(turn_end > 1);
    replay.on_key(key(KeyCode::Up));
    assert!(replay.at < turn_end);
    replay.on_key(key(KeyCode::End));
    assert_eq!(replay.at, replay.len());
    replay.on_key(key(KeyCode::Right));
    assert_eq!(replay.at, replay.len(), "the end is the end");
    assert_eq!(replay.on_key(key(KeyCode::Char('q'))), Flow::Quit);
}

#[test]
fn a_window_too_small_plays_nothing_unseen() {
    let mut app = app("pachisi", AGAINST_BOTS, 3, None);
    render(&mut app, 60, 20);
    app.on_key(key(KeyCode::Enter));
    app.on_key(key(KeyCode::Char('1')));
    assert!(
        app.table.record().actions.is_empty(),
        "nothing played while the board is hidden"
    );
    render(&mut app, 80, 24);
    app.on_key(key(KeyCode::Enter));
    assert_eq!(app.table.record().actions.len(), 1);
    render(&mut app, 60, 20);
    assert_eq!(
        app.on_key(key(KeyCode::Char('q'))),
        Flow::Quit,
        "q still leaves"
    );
    assert!(app.pending_save.is_some(), "and keeps the moves");
}

#[test]
fn seat_markers_of_a_record_file_are_no_steps_of_the_replay() {
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    // Written by `to_text`, a record opens each turn with the seat's letter.
    let text = "[Ruleset \"pachisi\"]\n\nY: (3) -\nG: (25) E25 (2) 1+2\n";
    let record = GameRecord::parse(text).expect("parses");
    assert_eq!(record.actions.len(), 8, "seat markers are read as actions");
    let replay = Replay::new(rules, &record, "markers", pachisi_words::english()).expect("replays");
    assert_eq!(
        replay.len(),
        6,
        "three throws and three moves: (3) - (25) E25 (2) 1+2"
    );
}

#[test]
fn a_record_that_does_not_replay_is_refused_with_its_place() {
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let record = GameRecord::parse("[Ruleset \"pachisi\"]\n\nY: (3) 5+3\n").expect("parses");
    let e = Replay::new(rules, &record, "bad", pachisi_words::english())
        .err()
        .expect("refused");
    assert!(e.contains("line 3"), "{e}");
}

/// 000: "At the beginning of the game each player throws shells to determine who plays first":
/// a new game's throw-off opens the log on the screen, and the winner throws first.
#[test]
fn a_new_game_shows_its_throw_off_and_its_winner_begins() {
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let seats: Vec<pachisi_table::SeatSpec> = AGAINST_BOTS
        .split(',')
        .map(|s| s.parse().expect("seat"))
        .collect();
    let mut record = pachisi_table::record_header("pachisi", &[], 9, Some(&seats)).expect("header");
    pachisi_table::throw_off_into(&rules, 9, &mut record);
    let off = pachisi_table::throw_off(&rules, 9).expect("a throw-off");
    let table = pachisi_table::Table::new(rules.clone(), &seats, 9, record).expect("table");
    assert_eq!(table.position().to_move(), off.first());
    let mut app = App::new(
        table,
        std::path::PathBuf::from("unused.record"),
        "heuristic".parse().expect("spec"),
        pachisi_words::english(),
    )
    .expect("app");
    let screen: String = render(&mut app, 120, 40)
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(screen.contains("throw-off: "), "{screen}");
    let colour = pachisi_words::english().colour(rules.seat_colour(off.first()));
    let begins = format!("{colour} begins");
    assert!(screen.contains(&begins), "{begins}: {screen}");
}

/// Waits for the viewer's analysis, as the terminal loop does by drawing.
fn wait_for_analysis(replay: &mut Replay) {
    let start = std::time::Instant::now();
    while replay.analysis().is_none() {
        replay.poll();
        assert!(
            start.elapsed().as_secs() < 300,
            "the analysis never ended: {}",
            replay.status()
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_analyses_in_the_background_while_the_viewer_stays_usable() {
    let (rules, record) = random_record("pachisi", 6, 300);
    let mut replay = Replay::new(rules, &record, "r", pachisi_words::english()).expect("viewer");
    replay.on_key(key(KeyCode::Char('n')));
    assert!(replay.status().contains("a analyses the game first"));
    replay.on_key(key(KeyCode::Char('c')));
    assert_eq!(replay.window, None, "no graph before the analysis");
    replay.on_key(key(KeyCode::Char('a')));
    assert!(replay.progress().is_some());
    assert!(replay.status().contains("analysing"), "{}", replay.status());
    // The viewer answers meanwhile, and a second a starts nothing more.
    replay.on_key(key(KeyCode::Home));
    replay.on_key(key(KeyCode::Right));
    assert_eq!(replay.at, 1);
    replay.on_key(key(KeyCode::Char('a')));
    assert!(replay.status().contains("running"), "{}", replay.status());
    replay.on_key(key(KeyCode::Char('s')));
    assert!(replay.status().contains("wait for the analysis"));
    wait_for_analysis(&mut replay);
    assert!(replay.progress().is_none());
    assert!(
        !replay.status().contains("analysing"),
        "{}",
        replay.status()
    );
    // n goes to the first marked move, N back to none before it.
    let first = replay
        .analysis()
        .and_then(|a| a.decisions.iter().find(|d| d.mark.is_some()))
        .map(|d| d.number)
        .expect("random play makes mistakes");
    replay.on_key(key(KeyCode::Home));
    replay.on_key(key(KeyCode::Char('n')));
    assert_eq!(replay.at, first);
    replay.on_key(key(KeyCode::Char('[')));
    assert_eq!(replay.at, first, "none before the first");
    assert!(replay.status().contains("no marked move before"));
    replay.on_key(key(KeyCode::Char(']')));
    assert!(replay.at > first);
    replay.on_key(key(KeyCode::Char('N')));
    assert_eq!(replay.at, first);
    replay.on_key(key(KeyCode::Char('a')));
    assert!(replay.status().contains("the game is analysed"));
}

#[test]
fn leaving_during_the_analysis_just_leaves() {
    let (rules, record) = random_record("ludo", 6, 300);
    let mut replay = Replay::new(rules, &record, "r", pachisi_words::english()).expect("viewer");
    replay.on_key(key(KeyCode::Char('a')));
    assert_eq!(replay.on_key(key(KeyCode::Char('q'))), Flow::Quit);
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(replay.on_key(ctrl_c), Flow::Quit);
}

/// The analysis's action `n` is the viewer's action `n`: made in the position shown at `n - 1`,
/// and marked in the log as the moment `n` shows it, in a game with a throw-off whose record
/// has seat markers.
#[test]
fn every_graded_move_is_the_viewers_move_of_the_same_number() {
    let mut replay = analysed_replay("pachisi", 3, 400);
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    let decisions = replay.analysis().expect("analysed").decisions.clone();
    assert!(decisions.iter().any(|d| d.mark.is_some()));
    for d in decisions {
        replay.at = d.number - 1;
        assert_eq!(replay.position().to_notation(&rules), d.position);
        replay.on_key(key(KeyCode::Right));
        let screen = common::text(&common::render_replay(&replay, 80, 24));
        let mark = d.mark.map_or("", |m| m.symbol());
        let played = format!("{}{mark}", d.played);
        // The panel's last line written above the status line (row 22) is the log's last.
        let log_end = screen
            .lines()
            .take(22)
            .map(|l| l.chars().skip(39).collect::<String>())
            .filter(|l| !l.trim().is_empty())
            .last()
            .expect("the log's last line");
        assert!(
            log_end.trim_end().ends_with(&played),
            "{played} ends {log_end}"
        );
    }
}

#[test]
fn an_evaluator_without_estimates_or_another_games_analysis_is_refused() {
    let (rules, record) = random_record("ludo", 1, 100);
    let mut replay =
        Replay::new(rules.clone(), &record, "r", pachisi_words::english()).expect("viewer");
    let random = "random".parse().expect("spec");
    let e = replay.set_evaluator(random, None).expect_err("refused");
    assert!(e.contains("gives no estimates"), "{e}");
    let (_, other) = random_record("ludo", 2, 100);
    let game = pachisi_bots::analysis::ReplayedGame::from_record(&rules, &other).expect("replays");
    let spec = pachisi_bots::analysis::DEFAULT_EVALUATOR
        .parse()
        .expect("spec");
    let analysis =
        pachisi_bots::analysis::analyze(&rules, &game, &spec, Some(1), &|_, _| {}).expect("done");
    assert!(replay.set_analysis(analysis).is_err());
    assert!(replay.analysis().is_none());
    assert!(
        replay.status().contains("no analysis"),
        "{}",
        replay.status()
    );
}
