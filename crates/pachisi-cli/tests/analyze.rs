//! `pachisi analyze`, run as a real process: a deliberately spoiled move is marked, the JSON and
//! the report agree, records of every kind are read, and errors are clean.

mod command;
mod spoiled;

use command::{fails, json, ok, temp_dir};
use spoiled::{marked_alone, spoiled_record, EVALUATOR};
use std::path::PathBuf;

fn write(dir: &str, name: &str, text: &str) -> PathBuf {
    let path = temp_dir(dir).join(name);
    std::fs::write(&path, text).expect("write the record");
    path
}

#[test]
fn a_spoiled_move_is_marked_and_nothing_else() {
    for name in ["pachisi", "ludo"] {
        // The bots' game up to a decision, the worst move instead of theirs, and nothing after.
        let (text, number, worst, loss) = spoiled_record(name, 4, 0.08);
        let path = write("analyze-spoiled", &format!("{name}.record"), &text);
        let path = path.to_str().expect("a UTF-8 path");
        let a = json(&["analyze", path, "--bot", EVALUATOR, "--json"]);
        let d = marked_alone(&a, number, worst, loss);
        assert_eq!(a["ruleset"], name);
        assert_eq!(a["evaluator"], EVALUATOR);
        // The report shows it in its table of marked decisions.
        let report = ok(&["analyze", path, "--bot", EVALUATOR, "--threads", "1"]);
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{number} ")))
            .unwrap_or_else(|| panic!("{name}: no line for move {number}: {report}"));
        let symbol = if d["mark"] == "blunder" { "??" } else { "?" };
        assert!(
            line.contains(&worst.to_string()) && line.trim_end().ends_with(symbol),
            "{line}"
        );
        assert!(
            line.contains(&format!("{:.1}", 100.0 * loss)),
            "{line} {loss}"
        );
        assert!(report.contains("Marked decisions: 1 of"), "{report}");
    }
}

#[test]
fn the_json_holds_every_decision_throw_and_summary() {
    let dir = temp_dir("analyze-json");
    let path = dir.join("pachisi.record");
    let path = path.to_str().expect("a UTF-8 path");
    ok(&[
        "record", "random", "--rules", "pachisi", "--seed", "3", "--out", path,
    ]);
    let a = json(&["analyze", path, "--json", "--threads", "2"]);
    assert_eq!(a["evaluator"], "expectimax:depth=0", "the default");
    assert_eq!(a["thresholds"]["inaccuracy"], 0.02);
    assert_eq!(a["thresholds"]["mistake"], 0.05);
    assert_eq!(a["thresholds"]["blunder"], 0.1);
    let decisions = a["decisions"].as_array().expect("decisions");
    let throws = a["throws"].as_array().expect("throws");
    assert!(!decisions.is_empty() && !throws.is_empty());
    for d in decisions {
        let loss = d["loss"].as_f64().expect("a loss");
        assert!(loss >= 0.0, "{d}");
        let best = d["best_chance"].as_f64().expect("a chance");
        let played = d["played_chance"].as_f64().expect("a chance");
        assert!((best - played - loss).abs() < 1e-12, "{d}");
    }
    let seats = a["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4);
    assert_eq!(a["teams"].as_array().expect("teams").len(), 2, "partners");
    let counted: u64 = seats.iter().filter_map(|s| s["decisions"].as_u64()).sum();
    assert_eq!(counted, decisions.len() as u64);
    let luck: f64 = throws.iter().filter_map(|t| t["luck"].as_f64()).sum();
    let summed: f64 = seats.iter().filter_map(|s| s["luck"].as_f64()).sum();
    assert!((luck - summed).abs() < 1e-9);
    // The same on one thread.
    let one = json(&["analyze", path, "--json", "--threads", "1"]);
    assert_eq!(one, a);
}

#[test]
fn records_with_a_throw_off_and_with_fair_throws_are_analysed() {
    let dir = temp_dir("analyze-kinds");
    let opening = dir.join("opening.record");
    let opening = opening.to_str().expect("a UTF-8 path");
    ok(&[
        "record",
        "random",
        "--rules",
        "parcheesi-pb",
        "--seed",
        "2",
        "--out",
        opening,
    ]);
    assert!(std::fs::read_to_string(opening)
        .expect("written")
        .contains("[Opening"));
    let report = ok(&["analyze", opening, "--bot", "heuristic"]);
    assert!(
        report.contains("Per seat:") && !report.contains("Per team:"),
        "{report}"
    );
    let fair = dir.join("fair.record");
    let fair = fair.to_str().expect("a UTF-8 path");
    ok(&[
        "record", "random", "--rules", "ludo", "--fair", "--out", fair,
    ]);
    let a = json(&["analyze", fair, "--json"]);
    assert_eq!(a["ruleset"], "ludo");
    assert!(!a["throws"].as_array().expect("throws").is_empty());
}

#[test]
fn the_help_teaches_the_thresholds_and_luck() {
    let help = ok(&["analyze", "--help"]);
    for words in [
        "2 points",
        "5 or more",
        "10 or more",
        "?!",
        "??",
        "luck",
        "--bot",
    ] {
        assert!(help.contains(words), "{words}: {help}");
    }
}

#[test]
fn errors_are_clean() {
    let err = fails(&["analyze", "/nonexistent/game.record"]);
    assert!(
        err.contains("cannot read /nonexistent/game.record"),
        "{err}"
    );
    let bad = write(
        "analyze-errors",
        "bad.record",
        "[Ruleset \"pachisi\"]\n\nY: (7) E7\n",
    );
    let bad = bad.to_str().expect("a UTF-8 path");
    let err = fails(&["analyze", bad]);
    assert!(
        err.contains("bad.record") && err.contains("line 3"),
        "{err}"
    );
    let no_ruleset = write("analyze-errors", "none.record", "[Ruleset \"snakes\"]\n");
    let err = fails(&["analyze", no_ruleset.to_str().expect("a UTF-8 path")]);
    assert!(err.contains("snakes"), "{err}");
    let good = write(
        "analyze-errors",
        "good.record",
        "[Ruleset \"pachisi\"]\n\nY: (25) E25 (2) 1+2\n",
    );
    let good = good.to_str().expect("a UTF-8 path");
    let err = fails(&["analyze", good, "--bot", "alphazero"]);
    assert!(err.contains("alphazero"), "{err}");
    let err = fails(&["analyze", good, "--bot", "random"]);
    assert!(
        err.contains("random") && err.contains("no estimates") && err.contains("expectimax"),
        "{err}"
    );
    let err = fails(&["analyze", good, "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
    // And the short record itself is fine.
    ok(&["analyze", good]);
}
