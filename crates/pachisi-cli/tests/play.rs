//! `pachisi play` and `pachisi replay` run as real processes in a pseudo-terminal: keys go in as
//! a person would type them, and the screen is read back through a terminal emulator (vt100);
//! `pachisi replay --analyze` there too, and its refusals without a terminal.

mod command;
mod common;
mod terminal;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};
use terminal::*;

#[test]
fn a_whole_game_against_bots_in_a_terminal_saves_a_record_that_replays() {
    let dir = scratch("game");
    let record = dir.join("game.record");
    let record_arg = record.display().to_string();
    let mut game = Session::start(
        &[
            "play",
            "--seats",
            "human,bot:heuristic,bot:heuristic,bot:heuristic",
            "--seed",
            "4",
            "--pace",
            "0",
            "--save",
            &record_arg,
        ],
        80,
        24,
    );
    game.wait_for("(you) to throw", MINUTE);
    let presses = enter_until_game_over(&mut game, "pachisi", |_| {});
    assert!(
        presses > 10,
        "a whole game takes more than {presses} presses"
    );
    game.send("s");
    game.wait_for("Saved the record", MINUTE);
    game.send("q");
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    assert!(output.contains("won."), "the result is printed: {output}");
    assert!(output.contains("The record is saved in"), "{output}");
    game.assert_restored();

    // The record replays to a finished game.
    let check = Command::new(PACHISI)
        .args(["record", "check", &record_arg])
        .output()
        .expect("run record check");
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(report.contains("finishing order"), "{report}");
    let text = std::fs::read_to_string(&record).expect("record");
    assert!(text.contains("[Seed \"4\"]"), "{text}");
    assert!(text.contains("[Seats \"human,bot:heuristic,bot:heuristic,bot:heuristic\"]"));

    // The replay viewer opens at the end and steps through it.
    let mut viewer = Session::start(&["replay", &record_arg], 80, 24);
    let screen = viewer.wait_for("Action ", MINUTE);
    assert!(screen.contains("the game is over"), "{screen}");
    viewer.send("\x1b[H"); // Home
    viewer.wait_for("Action 0 of", MINUTE);
    viewer.send("\x1b[C"); // Right
    viewer.wait_for("Action 1 of", MINUTE);
    viewer.send("q");
    let (ok, output) = viewer.finish(MINUTE);
    assert!(ok, "{output}");
    viewer.assert_restored();
}

/// A game of Pachisi against bots saving to a scratch record, with the first throw made: you are
/// to move, or the status line says your turn passed (it does until you act again). The
/// session and the record's path.
fn a_game_with_a_throw(name: &str, seed: &str) -> (Session, PathBuf) {
    a_game_with_a_throw_by(PACHISI, name, seed)
}

/// As [`a_game_with_a_throw`], the program started as `program`.
fn a_game_with_a_throw_by(program: &str, name: &str, seed: &str) -> (Session, PathBuf) {
    let record = scratch(name).join("game.record");
    let record_arg = record.display().to_string();
    let mut game = Session::start_program(
        program,
        &["play", "--seed", seed, "--pace", "0", "--save", &record_arg],
        80,
        24,
    );
    game.wait_for("(you) to throw", MINUTE);
    game.send("\r");
    game.wait_for_any(&["(you) to move", "Turn passed"], MINUTE);
    (game, record)
}

#[test]
fn ctrl_c_restores_the_terminal_and_keeps_the_moves() {
    let (mut game, record) = a_game_with_a_throw("ctrl-c", "2");
    game.send("\x03");
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    game.assert_restored();
    assert!(output.contains("The record is saved in"), "{output}");
    let text = std::fs::read_to_string(&record).expect("the moves were saved");
    assert!(text.contains("Y: ("), "{text}");
    // This program is a build in cargo's target directory: `pachisi replay` would not be found,
    // so the message gives the cargo command for its profile.
    let profile = Path::new(PACHISI)
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .expect("a profile directory");
    let cargo = match profile {
        "debug" => "cargo run --".to_string(),
        "release" => "cargo run --release --".to_string(),
        other => format!("cargo run --profile {other} --"),
    };
    let expected = format!("`{cargo} replay {}` steps through it", record.display());
    assert!(output.contains(&expected), "{expected} in {output}");
    assert!(!output.contains("`pachisi replay"), "{output}");
}

#[cfg(unix)]
#[test]
fn the_replay_command_names_the_program_as_it_was_invoked() {
    let dir = scratch("invoked");
    let link = dir.join("my-pachisi");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(PACHISI, &link).expect("a link to the program");
    let program = link.display().to_string();
    let (mut game, record) = a_game_with_a_throw_by(&program, "invoked-game", "5");
    game.send("\x03");
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    let expected = format!("`{program} replay {}` steps through it", record.display());
    assert!(output.contains(&expected), "{expected} in {output}");
}

#[test]
fn a_termination_signal_restores_the_terminal_and_keeps_the_moves() {
    let (mut game, record) = a_game_with_a_throw("sigterm", "3");
    let pid = game.child.process_id().expect("a process id");
    let killed = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    game.assert_restored();
    assert!(record.exists(), "the moves were saved: {output}");
}

#[test]
fn a_terminal_too_small_is_told_so() {
    let mut game = Session::start(&["play", "--seed", "1"], 60, 20);
    let screen = game.wait_for("too small", MINUTE);
    assert!(screen.contains("60×20"), "{screen}");
    game.send("q");
    let (ok, _) = game.finish(MINUTE);
    assert!(ok);
    game.assert_restored();
}

/// Runs `pachisi` with plain pipes (no terminal), in English.
fn run(args: &[&str]) -> (bool, String) {
    let out = command::in_english(&mut Command::new(PACHISI))
        .args(args)
        .output()
        .expect("run pachisi");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_refuses_bad_options_and_a_missing_terminal() {
    let (ok, err) = run(&["play", "--seed", "1"]);
    assert!(!ok);
    assert!(err.contains("needs a terminal"), "{err}");
    let (ok, err) = run(&["play", "--seats", "human,bot"]);
    assert!(!ok);
    assert!(
        err.contains("lists 2 seats, but the ruleset has 4"),
        "{err}"
    );
    let (ok, err) = run(&["play", "--seats", "human,robot,bot,bot"]);
    assert!(!ok);
    assert!(err.contains("`robot` is not a seat"), "{err}");
    let (ok, err) = run(&["play", "--seats", "human,bot:nonsense,bot,bot"]);
    assert!(!ok);
    assert!(err.contains("bot:nonsense"), "{err}");
    let (ok, err) = run(&["play", "--rules", "ludo", "--cowrie-p", "0.4"]);
    assert!(!ok);
    assert!(err.contains("played with dice"), "{err}");
    let (ok, err) = run(&["play", "--cowrie-p", "1.5"]);
    assert!(!ok);
    assert!(
        err.contains("--cowrie-p 1.5") && err.contains("between 0 and 1"),
        "{err}"
    );
    assert!(err.contains("e.g. --cowrie-p 0.4"), "{err}");
    assert!(
        !err.contains("pachisi.toml") && !err.contains("p_up"),
        "{err}"
    );
    let (ok, err) = run(&["play", "--cowrie-p", "-2"]);
    assert!(!ok);
    assert!(err.contains("--cowrie-p -2"), "{err}");
    let (ok, err) = run(&["replay", "/no/such/file.record"]);
    assert!(!ok);
    assert!(err.contains("cannot read /no/such/file.record"), "{err}");
}

/// A record of random play written by `pachisi record random` (Ludo, seed 3: docs/analysis.md's
/// example, with marked moves).
fn random_record(name: &str) -> String {
    let record = scratch(name).join("game.record");
    let record_arg = record.display().to_string();
    command::ok(&[
        "record",
        "random",
        "--rules",
        "ludo",
        "--seed",
        "3",
        "--out",
        &record_arg,
    ]);
    record_arg
}

#[test]
fn replay_analyze_grades_the_game_in_a_terminal() {
    let record = random_record("replay-analyze");
    let mut viewer = Session::start(&["replay", "--analyze", "--threads", "2", &record], 80, 24);
    // The keys line offers the marked moves once the analysis is in.
    viewer.wait_for("n N marked move", MINUTE);
    viewer.send("g"); // the start
    viewer.wait_for("Action 0 of", MINUTE);
    viewer.wait_for("Marked moves:", MINUTE);
    viewer.send("n");
    let screen = viewer.wait_for(" loss ", MINUTE);
    assert!(screen.contains("best "), "{screen}");
    viewer.send("c");
    viewer.wait_for("Winning chances", MINUTE);
    viewer.send("c");
    viewer.send("s");
    viewer.wait_for("avg loss", MINUTE);
    viewer.send("x");
    viewer.send("q");
    let (ok, output) = viewer.finish(MINUTE);
    assert!(ok, "{output}");
    viewer.assert_restored();
}

#[test]
fn a_in_the_replay_viewer_analyses_the_game() {
    let record = random_record("replay-a");
    let mut viewer = Session::start(&["replay", "--bot", "heuristic", &record], 80, 24);
    viewer.wait_for("a analyse", MINUTE);
    viewer.send("a");
    viewer.wait_for("n N marked move", MINUTE);
    viewer.send("q");
    let (ok, output) = viewer.finish(MINUTE);
    assert!(ok, "{output}");
    viewer.assert_restored();
}

#[test]
fn replay_refuses_bad_analysis_options_before_the_screen_opens() {
    let record = random_record("replay-refusals");
    let refused = |args: &[&str], message: &str| {
        let err = command::fails(args);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("needs a terminal"), "{args:?}: {err}");
    };
    refused(
        &["replay", "--analyze", "--bot", "nonsense", &record],
        "bad bot spec `nonsense`",
    );
    // A bot without estimates is refused even before a key could ask for the analysis.
    for args in [
        &["replay", "--analyze", "--bot", "random", &record][..],
        &["replay", "--bot", "random", &record][..],
    ] {
        refused(args, "bot `random` gives no estimates of winning chances");
    }
    refused(
        &["replay", "--analyze", "--threads", "0", &record],
        "--threads must be at least 1",
    );
    refused(
        &["replay", "--analyze", "/no/such/file.record"],
        "cannot read /no/such/file.record",
    );
    // Everything right, but no terminal.
    let err = command::fails(&["replay", "--analyze", &record]);
    assert!(err.contains("needs a terminal"), "{err}");
    let help = command::ok(&["replay", "--help"]);
    for needle in ["--analyze", "--bot <SPEC>", "--threads", "?!", "n and N"] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

#[test]
fn learn_walks_the_pachisi_tour_by_keys_and_starts_a_first_game() {
    use pachisi_learn::tour::{parse_move, tour, Lesson};
    let dir = scratch("learn");
    let record = dir.join("first.record");
    let record_arg = record.display().to_string();
    let mut session = Session::start(
        &[
            "learn",
            "--lang",
            "en",
            "--seed",
            "3",
            "--pace",
            "0",
            "--save",
            &record_arg,
        ],
        100,
        40,
    );
    session.wait_for("Learn to play", MINUTE);
    session.send("\r");
    let pachisi = tour("pachisi").expect("the Pachisi tour");
    let words = pachisi_words::english();
    for (i, step) in pachisi.steps.iter().enumerate() {
        session.wait_for(
            &format!("step {} of {}", i + 1, pachisi.steps.len()),
            MINUTE,
        );
        session.wait_for("Enter throws", MINUTE);
        session.send("\r");
        session.wait_for("Your moves", MINUTE);
        // The digit of each move, as the lesson lists them.
        let mut lesson = Lesson::at("pachisi", i).expect("step");
        lesson.throw(words).expect("throw");
        let digit = |text: &str| {
            let mv = parse_move(text).expect("move");
            let index = lesson
                .legal_moves()
                .iter()
                .position(|m| *m == mv)
                .expect("listed");
            char::from(b'1' + index as u8).to_string()
        };
        // A wrong move, where the step has one, is explained and the step stays.
        if let Some((wrong, _)) = step.wrong.first() {
            session.send(&digit(wrong));
            session.wait_for("Not this time", MINUTE);
            assert!(session.screen().contains("Enter plays"));
        }
        session.send(&digit(step.answers[0]));
        session.wait_for("Well played", MINUTE);
        session.send("\r");
    }
    session.wait_for("the end", MINUTE);
    session.send("\r");
    // The first game: you in the first seat against gentle bots.
    session.wait_for("(you) to throw", MINUTE);
    assert!(session.screen().contains("bot heuristic"));
    // The bots may have moved before you: leaving then asks whether to save.
    session.send("q");
    std::thread::sleep(Duration::from_millis(300));
    if session.screen().contains("Leave the game?") {
        session.send("y");
    }
    let (ok, output) = session.finish(MINUTE);
    assert!(ok, "{output}");
    session.assert_restored();
}

/// A whole game with `--screen-reader` against bots, in a pseudo-terminal: no board is drawn,
/// every action is a line, and the person's turns are answered by typing: a throw, the first
/// move each time, and the questions a listener asks (where, threats 1, why 2, moves).
#[test]
fn a_whole_game_for_a_screen_reader_is_told_in_lines_and_played_by_typing() {
    let dir = scratch("screen-reader");
    let record = dir.join("game.record");
    let record_arg = record.display().to_string();
    let mut game = Session::start(
        &[
            "play",
            "--screen-reader",
            "--lang",
            "en",
            "--seats",
            "human,bot:heuristic,bot:heuristic,bot:heuristic",
            "--seed",
            "4",
            "--pace",
            "0",
            "--save",
            &record_arg,
        ],
        120,
        40,
    );
    let questions = ["where", "threats 1", "why 2", "moves", "board", "throw"];
    let mut asked = 0;
    let mut answered = 0;
    let start = Instant::now();
    loop {
        let output = game.output();
        let prompts: Vec<usize> = output.match_indices("\n> ").map(|(i, _)| i).collect();
        if prompts.len() > answered {
            let at = prompts[answered];
            let before = &output[..at];
            let prompt = before.lines().last().unwrap_or_default().to_string();
            answered += 1;
            if prompt.contains("Your move:") && asked < questions.len() {
                // On the first moves, the questions; the move itself comes after them.
                game.send(&format!("{}\r", questions[asked]));
                asked += 1;
            } else if prompt.contains("Your move:") {
                game.send("1\r");
            } else {
                game.send("t\r");
            }
        }
        if game.child.try_wait().expect("wait").is_some() {
            break;
        }
        assert!(
            start.elapsed() < 5 * MINUTE,
            "the game did not end after {answered} answers:\n{}",
            game.output()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    assert!(
        answered > 10,
        "a whole game takes more than {answered} answers"
    );
    // Lines, not a screen: the terminal was never switched to the alternate screen.
    game.assert_restored();
    assert!(!output.contains("\x1b[?1049h"), "the board was drawn");
    for needle in [
        "Pachisi, six cowries. Type help for the commands",
        "You, Yellow: you.",
        "You threw ",
        "Green threw ",
        "Your moves:",
        "1: ",
        // where
        "Piece 1: ",
        // moves, asked again
        "Pass: give up the rest of the throw.",
        // board
        "Your partner, Black: ",
        // throw
        "You threw ",
        "capturing ",
        "Game over: ",
        "The record is saved in",
    ] {
        assert!(output.contains(needle), "{needle}:\n{output}");
    }
    // threats 1: piece 1 where it stands, or waiting.
    assert!(
        output.contains("Piece 1, ") || output.contains("Piece 1 is "),
        "{output}"
    );
    // why 2: the reasons or the moves of piece 2.
    assert!(
        output.contains("Piece 2, ") || output.contains("Piece 2 can move"),
        "{output}"
    );
    assert!(!output.contains("[speak-"), "a message missing: {output}");
    let check = Command::new(PACHISI)
        .args(["record", "check", &record_arg])
        .output()
        .expect("run record check");
    assert!(check.status.success(), "{check:?}");
}

/// The input ending (Ctrl-D) before the game does saves the moves, says so, and fails.
#[test]
fn the_input_ending_in_the_screen_reader_game_saves_and_says_so() {
    let dir = scratch("screen-reader-eof");
    let record = dir.join("game.record");
    let record_arg = record.display().to_string();
    let mut game = Session::start(
        &[
            "play",
            "--screen-reader",
            "--rules",
            "ludo",
            "--seed",
            "2",
            "--pace",
            "0",
            "--save",
            &record_arg,
        ],
        100,
        30,
    );
    // A throw, so that there are moves to save; then the input ends at the next prompt.
    for (prompts, keys) in [(1, "t\r"), (2, "\x04")] {
        let start = Instant::now();
        while game.output().matches("\n> ").count() < prompts {
            assert!(start.elapsed() < MINUTE, "no prompt:\n{}", game.output());
            std::thread::sleep(Duration::from_millis(10));
        }
        game.send(keys);
    }
    let (ok, output) = game.finish(MINUTE);
    assert!(!ok, "the input ended before the game: {output}");
    assert!(
        output.contains("the input ended before the game did; the moves so far are saved in"),
        "{output}"
    );
    assert!(record.exists(), "{output}");
}

/// `--lang` with a language that has no catalogue: a note on standard error, and the game in
/// English; `--lang en` says nothing of the kind.
#[test]
fn an_unknown_language_falls_back_to_english_with_a_note() {
    for (lang, noted) in [("xx-unknown", true), ("en", false)] {
        let mut game = Session::start(
            &["play", "--lang", lang, "--seed", "1", "--pace", "0"],
            80,
            24,
        );
        game.wait_for("(you) to throw", MINUTE);
        game.send("q");
        std::thread::sleep(Duration::from_millis(300));
        if game.screen().contains("Leave the game?") {
            game.send("y");
        }
        let (ok, output) = game.finish(MINUTE);
        assert!(ok, "{output}");
        game.assert_restored();
        let note = format!("There are no messages in the language \"{lang}\"");
        assert_eq!(output.contains(&note), noted, "{lang}: {output}");
    }
    // Without a terminal, the note comes first, then the refusal: never a panic.
    let out = Command::new(PACHISI)
        .args(["play", "--lang", "xx-unknown", "--seed", "1"])
        .output()
        .expect("run pachisi");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("the game speaks English"), "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let help = command::ok(&["play", "--help"]);
    for needle in ["--lang <TAG>", "--screen-reader", "LC_ALL"] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

/// `pachisi play --lang hi` draws its screen in Hindi, and `--lang ta --screen-reader` says the
/// game in Tamil and answers a question typed in Tamil: no message is missing in either, and the
/// screen has no English of the turn's title.
#[test]
fn the_game_is_played_in_hindi_on_its_screen_and_in_tamil_in_lines() {
    let mut game = Session::start(
        &["play", "--lang", "hi", "--seed", "1", "--pace", "0"],
        100,
        30,
    );
    let screen = game.wait_for("फेंकने की बारी", MINUTE);
    assert!(
        screen.contains("पचीसी, छह कौड़ियाँ"),
        "the ruleset's Hindi title:\n{screen}"
    );
    for english in ["to throw", "[play-", "[term-", "[speak-", "[colour-"] {
        assert!(!screen.contains(english), "{english}:\n{screen}");
    }
    game.send("q");
    std::thread::sleep(Duration::from_millis(300));
    if game.screen().contains("खेल छोड़ें?") {
        game.send("y");
    }
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    game.assert_restored();

    let mut lines = Session::start(
        &[
            "play",
            "--screen-reader",
            "--lang",
            "ta",
            "--seed",
            "2",
            "--pace",
            "0",
        ],
        100,
        30,
    );
    // At the first prompt, "where" in Tamil; then the input ends.
    for (prompts, keys) in [(1, "எங்கே\r"), (2, "\x04")] {
        let start = Instant::now();
        while lines.output().matches("\n> ").count() < prompts {
            assert!(start.elapsed() < MINUTE, "no prompt:\n{}", lines.output());
            std::thread::sleep(Duration::from_millis(10));
        }
        lines.send(keys);
    }
    let (_, output) = lines.finish(MINUTE);
    assert!(
        output.contains("உதவி (help)"),
        "the Tamil introduction:\n{output}"
    );
    assert!(output.contains("காய் 1"), "where, in Tamil:\n{output}");
    assert!(
        !output.contains("[speak-") && !output.contains("[lines-"),
        "{output}"
    );
}

/// Without `--lang` the game speaks the environment's language: `LANG=hi_IN.UTF-8` draws the
/// screen in Hindi, and `LC_ALL` goes before `LANG`. Every other test here runs with `LANG=C`,
/// whatever the caller's locale, and so reads English.
#[test]
fn without_lang_the_game_follows_the_environment() {
    for (env, shows, title) in [
        (
            &[("LANG", "hi_IN.UTF-8")][..],
            "फेंकने की बारी",
            "पचीसी, छह कौड़ियाँ",
        ),
        (
            &[("LANG", "hi_IN.UTF-8"), ("LC_ALL", "ta_IN.UTF-8")][..],
            "பச்சீசி, ஆறு சோழிகள்",
            "பச்சீசி, ஆறு சோழிகள்",
        ),
        (&[][..], "to throw", "Pachisi, six cowries"),
    ] {
        let mut game =
            Session::start_with_env(&["play", "--seed", "1", "--pace", "0"], env, 100, 30);
        let screen = game.wait_for(shows, MINUTE);
        assert!(screen.contains(title), "{env:?}: the title\n{screen}");
        if !env.is_empty() {
            assert!(!screen.contains("to throw"), "{env:?}: English\n{screen}");
        }
        game.send("q");
        std::thread::sleep(Duration::from_millis(300));
        // Leaving asks first when there are moves unsaved.
        if game.child.try_wait().expect("wait").is_none() {
            game.send("y");
        }
        let (ok, output) = game.finish(MINUTE);
        assert!(ok, "{env:?}: {output}");
        game.assert_restored();
    }
}

/// Plays a whole game of Ludo in lines, in Hindi, at the announcement level given, typing `t`
/// and `1` in turn at the prompts (a throw or a move, whichever is due; the other is answered
/// and asked again); everything it wrote.
fn hindi_lines_at(announce: &str) -> String {
    let dir = scratch(&format!("announce-{announce}"));
    let record = dir.join("game.record").display().to_string();
    let mut game = Session::start_with_env(
        &[
            "play",
            "--screen-reader",
            "--announce",
            announce,
            "--rules",
            "ludo",
            "--seed",
            "3",
            "--pace",
            "0",
            "--save",
            &record,
        ],
        &[("LANG", "hi_IN.UTF-8")],
        120,
        40,
    );
    let start = Instant::now();
    let mut answered = 0;
    while game.child.try_wait().expect("wait").is_none() {
        if game.output().matches("\n> ").count() > answered {
            game.send(if answered % 2 == 0 { "t\r" } else { "1\r" });
            answered += 1;
        }
        assert!(start.elapsed() < 5 * MINUTE, "{}", game.output());
        std::thread::sleep(Duration::from_millis(2));
    }
    let (ok, output) = game.finish(MINUTE);
    assert!(ok, "{output}");
    output
}

/// `--announce mine` says the person's own throws and moves and what touches their pieces, not
/// the others' throws; `all` says them; the choice is said at the start in the game's language.
#[test]
fn the_screen_reader_game_says_only_the_persons_own_play_at_mine() {
    // Red (लाल) is the person's; the others' throws begin with their colour.
    let others_threw = |output: &str| {
        output
            .lines()
            .filter(|l| {
                ["हरा, दाँव", "पीला, दाँव", "नीला, दाँव"]
                    .iter()
                    .any(|o| l.starts_with(o))
            })
            .count()
    };
    let all = hindi_lines_at("all");
    assert!(others_threw(&all) > 0, "{all}");
    let mine = hindi_lines_at("mine");
    assert!(
        mine.contains("आपकी बारी और आपकी गोटियों से जुड़ी बातें सुनाई जाएँगी।"),
        "{mine}"
    );
    assert_eq!(others_threw(&mine), 0, "{mine}");
    // The person's own throws and moves: "आप, दाँव ...", "आप: ...".
    let own = |output: &str| {
        output
            .lines()
            .filter(|l| l.starts_with("आप, दाँव") || l.starts_with("आप: "))
            .count()
    };
    assert!(own(&mine) > 0 && own(&mine) == own(&all), "{mine}");
    assert!(
        !mine.contains("[speak-") && !mine.contains("[access-"),
        "{mine}"
    );
    let (ok, err) = run(&["play", "--announce", "mine"]);
    assert!(!ok && err.contains("--screen-reader"), "{err}");
}
