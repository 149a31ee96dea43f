//! The browser tests never pass without their browser: each is `#[ignore]`d (so `cargo test`
//! lists it as ignored, with what it needs), fails when it runs without Chromium, and README's
//! test command, which `.ci/run` runs, asks for them, and for the Python package's tests
//! (`scripts/test-python`).

mod common;

use std::path::Path;

/// The command that runs the browser tests, in README's test command and in `.ci/run`.
const BROWSER_COMMAND: &str =
    "cargo test -p pachisi-cli --test serve_browser --test report -- --ignored";

/// The command that builds the Python package and runs its tests, in README's test command and
/// in `.ci/run`.
const PYTHON_COMMAND: &str = "scripts/test-python";

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every test that needs the browser, in every test file: its name, and the attributes above it.
fn browser_tests() -> Vec<(String, String, String)> {
    let dir = common::workspace_root().join("crates/pachisi-cli/tests");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the tests directory") {
        let path = entry.expect("an entry").path();
        if !matches!(path.extension(), Some(e) if e == "rs") || path.ends_with("browser_tests.rs") {
            continue;
        }
        let text = read(&path);
        // Each test function, from the `#[test]` that opens it to the next one.
        for part in text.split("#[test]").skip(1) {
            if !part.contains("require_browser(") {
                continue;
            }
            let (attributes, rest) = part.split_once("fn ").unwrap_or(("", part));
            let name = rest.split('(').next().unwrap_or_default().to_string();
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            found.push((file.into_owned(), name, attributes.to_string()));
        }
    }
    found.sort();
    found
}

#[test]
fn every_browser_test_is_ignored_with_what_it_needs() {
    let tests = browser_tests();
    let names: Vec<(&str, &str)> = tests
        .iter()
        .map(|(file, name, _)| (file.as_str(), name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("report.rs", "the_page_renders_in_headless_chromium"),
            (
                "serve_browser.rs",
                "a_blind_player_follows_and_plays_a_whole_game_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "a_game_plays_to_the_end_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "a_new_player_meets_a_page_in_their_words_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "a_record_is_analysed_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "the_older_games_play_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "the_pachisi_tour_is_walked_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "the_page_speaks_hindi_and_tamil_in_headless_chromium"
            ),
            (
                "serve_browser.rs",
                "two_friends_and_a_watcher_play_in_headless_chromium"
            ),
        ]
    );
    for (file, name, attributes) in &tests {
        assert!(
            attributes.contains("#[ignore = \"needs Chromium and browser-tests/node_modules"),
            "{file}: {name} is not ignored with what it needs:{attributes}"
        );
    }
}

#[test]
fn readme_s_test_command_runs_the_browser_and_python_tests_and_ci_runs_it() {
    let root = common::workspace_root();
    let readme = read(&root.join("README.md"));
    let command = readme
        .lines()
        .skip_while(|l| !l.starts_with("# Run the tests"))
        .nth(1)
        .unwrap_or_else(|| panic!("no test command under `# Run the tests` in README.md"));
    assert_eq!(
        command,
        format!("cargo test --workspace && {BROWSER_COMMAND} && {PYTHON_COMMAND}")
    );
    let ci = read(&root.join(".ci/run"));
    let run: Vec<&str> = ci
        .lines()
        .filter(|l| l.starts_with("cargo test") || l.starts_with(PYTHON_COMMAND))
        .collect();
    assert_eq!(
        run,
        ["cargo test --workspace", BROWSER_COMMAND, PYTHON_COMMAND],
        "{ci}"
    );
}

#[test]
fn a_browser_test_without_its_browser_fails_saying_what_is_missing() {
    let missing = common::workspace_root().join("target/no-such-chromium");
    // The only test of this file that reads CHROMIUM.
    std::env::set_var("CHROMIUM", &missing);
    let result = std::panic::catch_unwind(|| common::require_browser("a_test"));
    std::env::remove_var("CHROMIUM");
    let err = result.expect_err("no browser, no pass");
    let message = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.contains("a_test cannot run") && message.contains("no-such-chromium"),
        "{message}"
    );
}
