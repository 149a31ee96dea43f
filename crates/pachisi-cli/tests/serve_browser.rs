//! `pachisi serve`, run as a real process, played in headless Chromium: browser-tests/play.mjs
//! plays a game of Ludo against bots on the page, browser-tests/friends.mjs two people and a
//! watcher in three browsers, browser-tests/analysis.mjs analyses a record in the replay viewer,
//! browser-tests/page.mjs goes through what a new player meets.
//! browser-tests/learn.mjs walks the guided first game at /learn, browser-tests/listen.mjs plays a
//! whole game by keys as a blind player hears it, browser-tests/family.mjs plays Chaupar, Pachih,
//! Sokkattan and Tayam Sonalu.

mod common;
mod spoiled;

use common::{fresh_database, require_browser, workspace_root, Server};
use std::ffi::OsStr;
use std::process::Command;

/// Runs `browser-tests/{script}` with node on the page of `server` (its first argument, the
/// address) and `args`, and fails saying `failed` with the script's and the server's output
/// unless it succeeds; prints what it said.
fn run_script(server: &Server, script: &str, args: &[&OsStr], failed: &str) {
    let out = Command::new("node")
        .arg(workspace_root().join("browser-tests").join(script))
        .arg(format!("{}/", server.url))
        .args(args)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{failed}:\n{stdout}\n{}\nserver output:\n{}",
        String::from_utf8_lossy(&out.stderr),
        server.output()
    );
    print!("{stdout}");
}

/// Plays a game of Ludo on the served page in headless Chromium with browser-tests/play.mjs: no
/// console or page errors, no request beyond the server, moves made by clicking the board, the
/// game finished, the record downloaded, replayed and the finished game analysed; a screenshot
/// under target/tmp.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn a_game_plays_to_the_end_in_headless_chromium() {
    require_browser("a_game_plays_to_the_end_in_headless_chromium");
    let tmp = workspace_root().join("target/tmp");
    std::fs::create_dir_all(&tmp).expect("creates target/tmp");
    let server = Server::start(&fresh_database("browser"), 0);
    let shot = tmp.join("play-screenshot.png");
    let _ = std::fs::remove_file(&shot);
    run_script(
        &server,
        "play.mjs",
        &[shot.as_os_str()],
        "the game did not play cleanly in the browser",
    );
    let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 0, "no screenshot at {}", shot.display());
    println!("screenshot: {} ({size} bytes)", shot.display());
}

/// Two people and a watcher, each in a Chromium of their own, with browser-tests/friends.mjs: the
/// host invites a friend by link, the friend (on a phone) takes the seat, both play by clicking
/// to the end, the watcher follows; nobody acts for another, reloads find the seats again, the
/// chat is text, and the fair throws check out. Screenshots under target/tmp/friends.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn two_friends_and_a_watcher_play_in_headless_chromium() {
    require_browser("two_friends_and_a_watcher_play_in_headless_chromium");
    let shots = workspace_root().join("target/tmp/friends");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("creates target/tmp/friends");
    let server = Server::start(&fresh_database("friends"), 0);
    run_script(
        &server,
        "friends.mjs",
        &[shots.as_os_str()],
        "two people could not play each other in the browser",
    );
}

/// A game of Ludo the evaluator played against itself, one move spoiled on purpose and the record
/// cut there, analysed in the replay viewer with browser-tests/analysis.mjs: the graph of the
/// winning chances has a line per team, the spoiled move alone is marked in the log and counted
/// in the summary, and a click on the graph jumps the replay to that step. A screenshot under
/// target/tmp/analysis.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn a_record_is_analysed_in_headless_chromium() {
    require_browser("a_record_is_analysed_in_headless_chromium");
    let dir = workspace_root().join("target/tmp/analysis");
    std::fs::create_dir_all(&dir).expect("creates target/tmp/analysis");
    let (text, spoiled, _, _) = spoiled::spoiled_record("ludo", 4, 0.08);
    let record = dir.join("spoiled-ludo.record");
    std::fs::write(&record, text).expect("writes the record");
    let shot = dir.join("analysis.png");
    let _ = std::fs::remove_file(&shot);
    let server = Server::start(&fresh_database("analysis-browser"), 0);
    let spoiled = spoiled.to_string();
    run_script(
        &server,
        "analysis.mjs",
        &[record.as_os_str(), OsStr::new(&spoiled), shot.as_os_str()],
        "the record could not be analysed in the browser",
    );
    let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 0, "no screenshot at {}", shot.display());
}

/// What a new player meets, with browser-tests/page.mjs: the board turned to the person's own
/// arm, one word for the pieces, the legend, no invitations or chat against bots, the bots' pace,
/// undo's words, the hand-over's default, the invitation's words, the watcher's label, the
/// stranger's, and the analysis in words, beside the board and on a phone. Screenshots under
/// target/tmp/page.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn a_new_player_meets_a_page_in_their_words_in_headless_chromium() {
    require_browser("a_new_player_meets_a_page_in_their_words_in_headless_chromium");
    let shots = workspace_root().join("target/tmp/page");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("creates target/tmp/page");
    let server = Server::start(&fresh_database("page"), 0);
    run_script(
        &server,
        "page.mjs",
        &[shots.as_os_str()],
        "the page did not read or work as a new player needs",
    );
}

/// The guided first game at /learn, with browser-tests/learn.mjs: from the start page's link, the
/// whole Pachisi tour walked by its answers (the first step by the keyboard alone), every wrong
/// move the tour names tried first and explained with the step not advanced, then "Play a first
/// game" opens a game against bots where a tip shows. A screenshot under target/tmp/learn.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn the_pachisi_tour_is_walked_in_headless_chromium() {
    require_browser("the_pachisi_tour_is_walked_in_headless_chromium");
    let dir = workspace_root().join("target/tmp/learn");
    std::fs::create_dir_all(&dir).expect("creates target/tmp/learn");
    let tour = pachisi_learn::tour::tour("pachisi").expect("the Pachisi tour");
    let steps: Vec<serde_json::Value> = tour
        .steps
        .iter()
        .map(|s| {
            serde_json::json!({
                "key": s.key,
                "answer": s.answers[0],
                "wrong": s.wrong.first().map(|(m, _)| *m),
            })
        })
        .collect();
    let steps_file = dir.join("pachisi-steps.json");
    std::fs::write(&steps_file, serde_json::Value::from(steps).to_string()).expect("writes");
    let shot = dir.join("learn.png");
    let _ = std::fs::remove_file(&shot);
    let server = Server::start(&fresh_database("learn-browser"), 0);
    run_script(
        &server,
        "learn.mjs",
        &[steps_file.as_os_str(), shot.as_os_str()],
        "the tour could not be walked in the browser",
    );
    let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(size > 0, "no screenshot at {}", shot.display());
}

/// A blind player's whole game, with browser-tests/listen.mjs: started by Tab and Enter and
/// played by keys, what is due read from the accessibility tree, every throw and move of the
/// person announced before their next key and every action of the game accounted for by the
/// live region; the focus after the analysis and the new game panel; the choice of how much is
/// announced kept; no animation with reduced motion; no axe-core violation. A screenshot under
/// target/tmp/listen.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn a_blind_player_follows_and_plays_a_whole_game_in_headless_chromium() {
    require_browser("a_blind_player_follows_and_plays_a_whole_game_in_headless_chromium");
    let shots = workspace_root().join("target/tmp/listen");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("creates target/tmp/listen");
    let server = Server::start(&fresh_database("listen"), 0);
    run_script(
        &server,
        "listen.mjs",
        &[shots.as_os_str()],
        "a blind player could not follow or play the game",
    );
}

/// The page in Hindi (as the browser asks) and in Tamil (as the chooser sets it), with
/// browser-tests/languages.mjs: a game of Ludo played by keys, the board in words open and a
/// question answered, and no word of the English catalogue left on the game screen; axe-core on
/// both. Screenshots under target/tmp/languages.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn the_page_speaks_hindi_and_tamil_in_headless_chromium() {
    require_browser("the_page_speaks_hindi_and_tamil_in_headless_chromium");
    let shots = workspace_root().join("target/tmp/languages");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("creates target/tmp/languages");
    let server = Server::start(&fresh_database("languages"), 0);
    run_script(
        &server,
        "languages.mjs",
        &[shots.as_os_str()],
        "the page left English on a Hindi or Tamil game screen",
    );
}

/// The older games of the cross-and-circle family, with browser-tests/family.mjs: Chaupar,
/// Pachih, Sokkattan and Tayam Sonalu each chosen in the new game panel and played by clicking
/// against bots for a few dozen moves. Their "How to play" names the source; Chaupar's and
/// Pachih's pieces begin on the board; Chaupar's throws show three dice; Sokkattan's bonus step
/// brings a piece in; Tayam Sonalu's throws are said and drawn by their pair; a piece the person
/// sends back is told; a record where a finished Chaupar player's partner throws for them opens
/// in the replay viewer saying so; no console error, no request beyond the server and no
/// axe-core violation. Screenshots under target/tmp/family.
#[test]
#[ignore = "needs Chromium and browser-tests/node_modules: run with --ignored (README's test command and .ci/run do)"]
fn the_older_games_play_in_headless_chromium() {
    require_browser("the_older_games_play_in_headless_chromium");
    let shots = workspace_root().join("target/tmp/family");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("creates target/tmp/family");
    let server = Server::start(&fresh_database("family"), 0);
    run_script(
        &server,
        "family.mjs",
        &[shots.as_os_str()],
        "the older games did not play cleanly in the browser",
    );
}
