//! `pachisi learn`'s screen driven by keys and rendered into a `TestBackend`: every tour walked
//! by its answers to the end, a wrong move explained and refused with the board unchanged, and
//! one step of the Pachisi tour compared with its golden screen (`PACHISI_BLESS=1` rewrites it).

mod common;

use common::{assert_golden, key, text};
use pachisi_learn::tour::{parse_move, Stage, TOURS};
use pachisi_tui::app::Flow;
use pachisi_tui::learn::{LearnExit, LearnScreen, Page};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;

fn render(screen: &LearnScreen, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal
        .draw(|frame| screen.draw(frame))
        .expect("draw the screen");
    terminal.backend().buffer().clone()
}

/// The digit key that plays `answer` among the screen's moves.
fn digit_for(screen: &LearnScreen, answer: &str) -> KeyCode {
    let mv = parse_move(answer).expect("a move");
    let index = screen
        .lesson
        .legal_moves()
        .iter()
        .position(|m| *m == mv)
        .expect("the answer is listed");
    KeyCode::Char(char::from(b'1' + index as u8))
}

#[test]
fn every_tour_is_walked_by_keys_to_the_first_game() {
    for tour in TOURS {
        let mut screen = LearnScreen::new(tour.name, pachisi_words::english()).expect(tour.name);
        let intro = text(&render(&screen, 80, 24));
        assert!(intro.contains("Learn to play"), "{intro}");
        screen.on_key(key(KeyCode::Enter));
        assert_eq!(screen.page, Page::Step);
        for (i, step) in tour.steps.iter().enumerate() {
            assert_eq!(screen.lesson.index(), i);
            let shown = text(&render(&screen, 100, 40));
            assert!(
                shown.contains(&format!("step {} of {}", i + 1, tour.steps.len())),
                "{shown}"
            );
            assert_eq!(screen.lesson.stage(), Stage::Throw);
            screen.on_key(key(KeyCode::Enter));
            assert_eq!(screen.lesson.stage(), Stage::Move, "{}", step.key);
            let digit = digit_for(&screen, step.answers[0]);
            screen.on_key(key(digit));
            assert_eq!(screen.lesson.stage(), Stage::Done, "{}", step.key);
            let praised = text(&render(&screen, 100, 40));
            assert!(praised.contains("Well played"), "{praised}");
            screen.on_key(key(KeyCode::Enter));
        }
        assert_eq!(screen.page, Page::Outro);
        let outro = text(&render(&screen, 80, 24));
        assert!(outro.contains("first game"), "{outro}");
        assert_eq!(screen.on_key(key(KeyCode::Enter)), Flow::Quit);
        assert_eq!(screen.exit, Some(LearnExit::PlayFirstGame));
    }
}

#[test]
fn a_wrong_move_is_explained_and_the_step_stays() {
    let mut screen = LearnScreen::new("pachisi", pachisi_words::english()).expect("tour");
    screen.on_key(key(KeyCode::Enter));
    // Go to the capture step by the answers.
    while screen.lesson.step().key != "capture" {
        screen.on_key(key(KeyCode::Enter));
        let digit = digit_for(&screen, screen.lesson.step().answers[0]);
        screen.on_key(key(digit));
        screen.on_key(key(KeyCode::Enter));
    }
    screen.on_key(key(KeyCode::Enter));
    let before = *screen.lesson.position();
    let digit = digit_for(&screen, "30+3");
    screen.on_key(key(digit));
    assert_eq!(screen.lesson.stage(), Stage::Move);
    assert_eq!(screen.lesson.position(), &before);
    let shown = text(&render(&screen, 100, 40));
    assert!(shown.contains("Not this time"), "{shown}");
    assert!(
        shown.contains("send it back"),
        "the step's own reason: {shown}"
    );
    assert_golden("learn-wrong-move-80x24", &render(&screen, 80, 24));
    // The right move then ends the step.
    let digit = digit_for(&screen, "10+3");
    screen.on_key(key(digit));
    assert_eq!(screen.lesson.stage(), Stage::Done);
}

#[test]
fn q_leaves_the_tour_without_a_game() {
    let mut screen = LearnScreen::new("ludo", pachisi_words::english()).expect("tour");
    assert_eq!(screen.on_key(key(KeyCode::Char('q'))), Flow::Quit);
    assert_eq!(screen.exit, Some(LearnExit::Left));
    assert!(LearnScreen::new("chess", pachisi_words::english())
        .err()
        .is_some_and(|e| e.contains("pachisi, ludo, parcheesi")));
}

#[test]
fn w_says_why_a_piece_cannot_move() {
    let mut screen = LearnScreen::new("pachisi", pachisi_words::english()).expect("tour");
    screen.on_key(key(KeyCode::Enter));
    while screen.lesson.step().key != "castle-blocks" {
        screen.on_key(key(KeyCode::Enter));
        let digit = digit_for(&screen, screen.lesson.step().answers[0]);
        screen.on_key(key(digit));
        screen.on_key(key(KeyCode::Enter));
    }
    screen.on_key(key(KeyCode::Enter));
    screen.on_key(key(KeyCode::Char('w')));
    let shown = text(&render(&screen, 100, 40));
    assert!(shown.contains("castle"), "{shown}");
}

#[test]
fn a_first_game_with_tips_stops_for_a_tip_and_goes_on_after_a_key() {
    use common::{app, render as render_app, settle};
    use pachisi_tui::app::Overlay;
    use pachisi_tui::tips::Tips;
    let mut game = app(
        "pachisi",
        "human,bot:heuristic,bot:heuristic,bot:heuristic",
        5,
        Some("0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -"),
    );
    game.tips = Some(Tips::default());
    let mut tips_seen = 0;
    for _ in 0..400 {
        settle(&mut game);
        if let Some(Overlay::Tip { text: tip, .. }) = &game.overlay {
            tips_seen += 1;
            assert!(!tip.starts_with('['), "{tip}");
            // Nothing moves under a tip until it is closed.
            assert!(!game.bot_due());
            let shown = text(&render_app(&mut game, 100, 40));
            assert!(shown.contains("Tip"), "{shown}");
            game.on_key(key(KeyCode::Char('x')));
            assert!(game.overlay.is_none());
            if tips_seen == 3 {
                break;
            }
            continue;
        }
        game.on_key(key(KeyCode::Enter));
    }
    assert_eq!(tips_seen, 3, "tips come in a first game");
}
