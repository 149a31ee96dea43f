//! The analysis laid over the viewer's moments: the mapping of step numbers (seat markers and a
//! throw-off left out), its refusal of another game's analysis, the marks in the log, the texts
//! of the panel and the summary, and the jumps between marked moves.

use super::*;
use pachisi_bots::analysis::{Analysis, Mark, ReplayedGame, Step};
use pachisi_core::{builtin_rules, GameRecord, Position, Rules};
use pachisi_table::{record_header, throw_off_into, SeatSpec, Table};
use std::sync::Arc;

/// A game of random bots under `ruleset`, from its throw-off where the rules have one, cut after
/// `actions` throws and moves, read back from its text (so with the seat markers `Y:`).
fn random_game(ruleset: &str, seed: u64, actions: usize) -> (Arc<Rules>, GameRecord) {
    let rules = Arc::new(builtin_rules(ruleset, &[]).expect("a built-in ruleset"));
    let seats: Vec<SeatSpec> = (0..rules.seats())
        .map(|_| "bot:random".parse().expect("a seat"))
        .collect();
    let mut record = record_header(ruleset, &[], seed, Some(&seats)).expect("a header");
    throw_off_into(&rules, seed, &mut record);
    let mut table = Table::new(rules.clone(), &seats, seed, record).expect("a table");
    for _ in 0..actions {
        if table.step_automatic().is_none() {
            break;
        }
    }
    let text = table
        .record_to_save()
        .to_text(&rules)
        .expect("the record writes");
    (
        rules,
        GameRecord::parse(&text).expect("the record reads back"),
    )
}

/// The positions after every step of `game` (the viewer's moments, found independently).
fn positions(rules: &Rules, game: &ReplayedGame) -> Vec<Position> {
    let mut pos = game.start;
    let mut out = vec![pos];
    for &step in &game.steps {
        match step {
            Step::Throw(t) => pos.apply_throw(rules, t).expect("a throw is due"),
            Step::Move(mv) => pos.play(rules, mv).expect("a legal move"),
        }
        out.push(pos);
    }
    out
}

fn analysed(rules: &Arc<Rules>, record: &GameRecord) -> (Vec<Position>, ReplayedGame, Analysis) {
    let game = ReplayedGame::from_record(rules, record).expect("the record replays");
    let spec = analysis::DEFAULT_EVALUATOR.parse().expect("a spec");
    let analysis = analysis::analyze(rules, &game, &spec, Some(1), &|_, _| {}).expect("analysed");
    (positions(rules, &game), game, analysis)
}

fn view_of(rules: &Arc<Rules>, record: &GameRecord) -> AnalysisView {
    let (positions, game, analysis) = analysed(rules, record);
    AnalysisView::new(rules, positions, game.steps, analysis).expect("the analysis fits")
}

fn text(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

fn texts(lines: &[Line]) -> String {
    lines.iter().map(text).collect::<Vec<_>>().join("\n")
}

#[test]
fn seat_markers_are_no_steps_and_every_action_gets_its_grade() {
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("builtin"));
    // Eight actions of the record, of which two are seat markers: six steps. A 3 leaves only a
    // pass at the start (forced); after the 25 and the 2 there was a choice.
    let record = GameRecord::parse("[Ruleset \"pachisi\"]\n\nY: (3) -\nG: (25) E25 (2) 1+2\n")
        .expect("parses");
    let (positions, game, analysis) = analysed(&rules, &record);
    assert_eq!(positions.len(), 7);
    let grades = grades(&rules, &positions, &game.steps, &analysis).expect("fits");
    use Grade::*;
    assert_eq!(
        grades,
        [
            Start,
            Throw(0),
            Forced,
            Throw(1),
            Decision(0),
            Throw(2),
            Decision(1)
        ]
    );
}

#[test]
fn a_game_from_its_throw_off_maps_every_decision_to_the_moment_after_it() {
    let (rules, record) = random_game("pachisi", 3, 160);
    assert!(record.tag("Opening").is_some(), "the game has a throw-off");
    let (positions, game, analysis) = analysed(&rules, &record);
    assert!(!analysis.decisions.is_empty());
    let grades = grades(&rules, &positions, &game.steps, &analysis).expect("fits");
    assert_eq!(grades.len(), game.steps.len() + 1);
    for (i, d) in analysis.decisions.iter().enumerate() {
        // Action n is made in moment n - 1's position and shown by moment n.
        assert_eq!(grades[d.number], Grade::Decision(i));
        assert_eq!(positions[d.number - 1].to_notation(&rules), d.position);
    }
    for (i, t) in analysis.throws.iter().enumerate() {
        assert_eq!(grades[t.number], Grade::Throw(i));
    }
    // A chance point before throw s + 1 is moment s, a throw's moment.
    for c in &analysis.chances[..analysis.chances.len() - 1] {
        assert!(matches!(grades[c.steps + 1], Grade::Throw(_)), "{c:?}");
    }
}

#[test]
fn an_analysis_of_another_game_is_refused() {
    let (rules, record) = random_game("ludo", 1, 120);
    let (positions, game, _) = analysed(&rules, &record);
    let (_, other) = random_game("ludo", 2, 120);
    let (_, _, analysis) = analysed(&rules, &other);
    let e = grades(&rules, &positions, &game.steps, &analysis).expect_err("refused");
    assert!(e.contains("the analysis"), "{e}");
    // One step off: every number shifted.
    let (_, _, mut shifted) = analysed(&rules, &record);
    for d in &mut shifted.decisions {
        d.number += 1;
    }
    assert!(grades(&rules, &positions, &game.steps, &shifted).is_err());
    // The viewer with one action fewer than the game.
    let (_, _, analysis) = analysed(&rules, &record);
    let e = grades(&rules, &positions[1..], &game.steps, &analysis).expect_err("refused");
    assert!(e.contains("actions"), "{e}");
}

#[test]
fn marks_follow_their_moves_in_the_log() {
    let log = vec![
        "Y: (25) E25 (2) 1+2".to_string(),
        "G: (3) -  R: (2) -".to_string(),
    ];
    let marks = [
        (0, "Y: (25) E25".len(), Mark::Inaccuracy),
        (0, log[0].len(), Mark::Blunder),
        // Past the line's end (a line shown as it read earlier): left out.
        (1, 200, Mark::Mistake),
    ];
    let lines = marked_lines(&log, &marks);
    assert_eq!(text(&lines[0]), "Y: (25) E25?! (2) 1+2??");
    assert_eq!(text(&lines[1]), log[1]);
    let blunder = lines[0]
        .spans
        .iter()
        .find(|s| s.content == "??")
        .expect("the mark");
    assert_eq!(blunder.style, mark_style(Mark::Blunder));
    assert_ne!(mark_style(Mark::Blunder), mark_style(Mark::Inaccuracy));
}

/// A view of a random game with its first decision made a blunder of 18 points, the best move
/// another.
fn with_blunder() -> (Arc<Rules>, AnalysisView, usize) {
    let (rules, record) = random_game("ludo", 5, 200);
    let (positions, game, mut analysis) = analysed(&rules, &record);
    let d = analysis.decisions.first_mut().expect("a decision");
    d.best = "X9".into();
    d.played_chance = 0.132;
    d.best_chance = 0.312;
    d.loss = 0.18;
    d.mark = Some(Mark::Blunder);
    let at = d.number;
    let view = AnalysisView::new(&rules, positions, game.steps, analysis).expect("fits");
    (rules, view, at)
}

#[test]
fn the_panel_shows_the_move_the_best_and_the_loss() {
    let (rules, view, at) = with_blunder();
    let d = &view.analysis().decisions[0];
    let shown = texts(&view.step_lines(pachisi_words::english(), &rules, at));
    assert!(shown.contains(&format!("played {}", d.played)), "{shown}");
    assert!(shown.contains("??") && shown.contains("13.2%"), "{shown}");
    assert!(
        shown.contains("best X9") && shown.contains("31.2%"),
        "{shown}"
    );
    assert!(shown.contains("loss 18.0 points: a blunder"), "{shown}");
    assert_eq!(view.mark(at), Some(Mark::Blunder));
}

/// The panel is 40 columns at the least: every line of every moment fits, dice and all.
#[test]
fn every_line_of_the_panel_fits_it() {
    for ruleset in ["pachisi", "parcheesi-sr", "ludo"] {
        let (rules, record) = random_game(ruleset, 4, 300);
        let view = view_of(&rules, &record);
        for at in 0..=300 {
            let lines = view.step_lines(pachisi_words::english(), &rules, at);
            assert!(lines.len() <= 3, "{ruleset} {at}: {}", texts(&lines));
            for line in lines {
                assert!(line.width() <= 40, "{ruleset} {at}: {}", text(&line));
            }
        }
    }
}

#[test]
fn the_panel_shows_a_throws_luck_a_forced_move_and_the_start() {
    let (rules, view, _) = with_blunder();
    let t = &view.analysis().throws[0];
    let shown = texts(&view.step_lines(pachisi_words::english(), &rules, t.number));
    assert!(shown.contains(&format!("threw ({})", t.throw)), "{shown}");
    assert!(
        shown.contains(&format!("{:+.1} points", 100.0 * t.luck)),
        "{shown}"
    );
    assert!(
        shown.contains(&format!("{:.1}% expected", 100.0 * t.before)),
        "{shown}"
    );
    let forced = (1..100)
        .find(|&at| view.grade(at) == Grade::Forced)
        .expect("a forced move");
    let shown = texts(&view.step_lines(pachisi_words::english(), &rules, forced));
    assert!(shown.contains("forced"), "{shown}");
    let shown = texts(&view.step_lines(pachisi_words::english(), &rules, 0));
    assert!(
        shown.contains("Marked moves: ") && shown.contains("??"),
        "{shown}"
    );
}

#[test]
fn next_and_previous_marked_moves() {
    let (_, view, first) = with_blunder();
    let marked: Vec<usize> = (0..1000).filter(|&at| view.mark(at).is_some()).collect();
    assert_eq!(marked.first(), Some(&first));
    assert_eq!(view.next_marked(0), Some(first));
    assert_eq!(view.previous_marked(first), None);
    for pair in marked.windows(2) {
        assert_eq!(view.next_marked(pair[0]), Some(pair[1]));
        assert_eq!(view.previous_marked(pair[1]), Some(pair[0]));
    }
    let last = *marked.last().expect("a marked move");
    assert_eq!(view.next_marked(last), None);
    assert_eq!(view.previous_marked(last + 1_000_000), Some(last));
    assert_eq!(
        view.marks_through(last)
            .map(|(at, _)| at)
            .collect::<Vec<_>>(),
        marked
    );
}

#[test]
fn the_summary_has_a_row_per_seat_and_per_team_of_partners() {
    let (rules, record) = random_game("pachisi", 1, 200);
    let view = view_of(&rules, &record);
    let shown = texts(&view.summary_lines(pachisi_words::english(), &rules));
    for needle in [
        "avg loss",
        "Y Yellow",
        "G Green",
        "Team 1 Y B",
        "Team 2 G R",
    ] {
        assert!(shown.contains(needle), "{needle}: {shown}");
    }
    let (rules, record) = random_game("ludo", 1, 200);
    let view = view_of(&rules, &record);
    let shown = texts(&view.summary_lines(pachisi_words::english(), &rules));
    assert!(!shown.contains("Team"), "no partners in Ludo: {shown}");
}

#[test]
fn a_bot_without_estimates_is_refused_with_the_analysis_message() {
    let (rules, record) = random_game("ludo", 1, 10);
    let game = ReplayedGame::from_record(&rules, &record).expect("replays");
    let random: BotSpec = "random".parse().expect("a spec");
    let e = check_evaluator(&rules, &game, &random).expect_err("refused");
    assert!(e.contains("gives no estimates"), "{e}");
    let heuristic: BotSpec = "heuristic".parse().expect("a spec");
    assert!(check_evaluator(&rules, &game, &heuristic).is_ok());
}

#[test]
fn a_job_reports_its_progress_and_its_result() {
    let (rules, record) = random_game("ludo", 2, 100);
    let game = ReplayedGame::from_record(&rules, &record).expect("replays");
    let spec: BotSpec = analysis::DEFAULT_EVALUATOR.parse().expect("a spec");
    let job = Job::start(rules, game, spec, Some(1), pachisi_words::english()).expect("started");
    let start = std::time::Instant::now();
    let result = loop {
        if let Some(result) = job.finished() {
            break result;
        }
        assert!(start.elapsed().as_secs() < 120, "the analysis never ended");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    let analysis = result.expect("analysed");
    let (done, total) = job.progress();
    assert!(total > 0 && done == total, "{done} of {total}");
    assert!(!analysis.throws.is_empty());
}
