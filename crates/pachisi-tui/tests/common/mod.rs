//! Shared set-up of the screen tests: games at a table, and screens rendered into text.

#![allow(dead_code)]

use pachisi_bots::analysis::{self, ReplayedGame};
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, GameRecord, Rules};
use pachisi_table::{record_header, throw_off_into};
use pachisi_tui::app::App;
use pachisi_tui::replay::Replay;
use pachisi_tui::{SeatSpec, Table};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Seats from a spec list such as `human,bot:heuristic`.
pub fn seats(list: &str) -> Vec<SeatSpec> {
    list.split(',')
        .map(|s| s.parse().expect("seat spec"))
        .collect()
}

/// A game of a built-in ruleset, started at `start` (notation) if given.
pub fn app(ruleset: &str, seat_list: &str, seed: u64, start: Option<&str>) -> App {
    app_in(pachisi_words::english(), ruleset, seat_list, seed, start)
}

/// [`app`], every word from `words`.
pub fn app_in(
    words: &'static pachisi_words::Words,
    ruleset: &str,
    seat_list: &str,
    seed: u64,
    start: Option<&str>,
) -> App {
    let rules = Arc::new(builtin_rules(ruleset, &[]).expect("builtin"));
    let seats = seats(seat_list);
    let mut record = record_header(ruleset, &[], seed, Some(&seats)).expect("header");
    if let Some(start) = start {
        record.set_tag("Start", start);
    }
    let table = Table::new(rules, &seats, seed, record).expect("table");
    let hint: BotSpec = "heuristic".parse().expect("spec");
    App::new(table, PathBuf::from("unused.record"), hint, words).expect("app")
}

/// A game of random bots under `ruleset`, from its throw-off where the rules have one, cut after
/// `actions` throws and moves, read back from its text (so with the seat markers `Y:`).
pub fn random_record(ruleset: &str, seed: u64, actions: usize) -> (Arc<Rules>, GameRecord) {
    let rules = Arc::new(builtin_rules(ruleset, &[]).expect("builtin"));
    let seats: Vec<SeatSpec> = (0..rules.seats())
        .map(|_| "bot:random".parse().expect("seat spec"))
        .collect();
    let mut record = record_header(ruleset, &[], seed, Some(&seats)).expect("header");
    throw_off_into(&rules, seed, &mut record);
    let mut table = Table::new(rules.clone(), &seats, seed, record).expect("table");
    for _ in 0..actions {
        if table.step_automatic().is_none() {
            break;
        }
    }
    let text = table.record_to_save().to_text(&rules).expect("writes");
    (rules, GameRecord::parse(&text).expect("reads back"))
}

/// The replay viewer of [`random_record`]'s game, analysed at once by the default evaluator.
pub fn analysed_replay(ruleset: &str, seed: u64, actions: usize) -> Replay {
    let (rules, record) = random_record(ruleset, seed, actions);
    let game = ReplayedGame::from_record(&rules, &record).expect("replays");
    let spec: BotSpec = analysis::DEFAULT_EVALUATOR.parse().expect("spec");
    let analysis = analysis::analyze(&rules, &game, &spec, Some(1), &|_, _| {}).expect("analysed");
    let mut replay =
        Replay::new(rules, &record, "random.record", pachisi_words::english()).expect("viewer");
    replay.set_analysis(analysis).expect("the analysis fits");
    replay
}

/// Renders the replay viewer into a `width`×`height` buffer.
pub fn render_replay(replay: &Replay, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal.draw(|frame| replay.draw(frame)).expect("draw");
    terminal.backend().buffer().clone()
}

/// Plays automatic actions until a person must act or the game is over.
pub fn settle(app: &mut App) {
    while app.bot_due() {
        assert!(app.tick(), "a due action was not played");
    }
}

/// A key press.
pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Renders the game screen into a `width`×`height` buffer.
pub fn render(app: &mut App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal
        .draw(|frame| pachisi_tui::ui::draw(frame, app))
        .expect("draw");
    terminal.backend().buffer().clone()
}

/// One line per row of a buffer, each cell written by `cell`, trailing spaces removed.
fn grid(buffer: &Buffer, cell: impl Fn(&ratatui::buffer::Cell) -> String) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in 0..area.height {
        let line: String = (0..area.width).map(|x| cell(&buffer[(x, y)])).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The characters of a buffer, one line per row, trailing spaces removed.
pub fn text(buffer: &Buffer) -> String {
    grid(buffer, |cell| cell.symbol().to_string())
}

/// One letter per cell for the colour its character is drawn in (a space where nothing is
/// drawn): Y yellow, G green, R red, B blue, W white, c cyan, d dark grey, g grey, k black, . the
/// terminal's own colour, * any other.
pub fn colours(buffer: &Buffer) -> String {
    grid(buffer, |cell| {
        if cell.symbol().trim().is_empty() {
            return " ".into();
        }
        let letter = match cell.fg {
            Color::Yellow => 'Y',
            Color::Green => 'G',
            Color::Red => 'R',
            Color::Blue => 'B',
            Color::White => 'W',
            Color::Cyan => 'c',
            Color::DarkGray => 'd',
            Color::Gray => 'g',
            Color::Black => 'k',
            Color::Reset => '.',
            _ => '*',
        };
        letter.to_string()
    })
}

/// Compares a rendered buffer (its text, then its colours) with `tests/golden/NAME.txt`, or
/// rewrites the file when `PACHISI_BLESS=1`.
pub fn assert_golden(name: &str, buffer: &Buffer) {
    let actual = format!("{}--- colours ---\n{}", text(buffer), colours(buffer));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.txt"));
    if std::env::var("PACHISI_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &actual).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with PACHISI_BLESS=1 cargo test -p pachisi-tui",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "the screen differs from {} (rewrite it with PACHISI_BLESS=1 if the change is intended):\n{actual}",
            path.display()
        );
    }
}

/// The game's log in words, one string per line, as the log panel shows it.
pub fn log_texts(app: &App) -> Vec<String> {
    let rules = app.table.rules().clone();
    app.log_words
        .lines(&rules)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}
