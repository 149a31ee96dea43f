//! The `pachisi` command, run as a real process.

mod command;

use command::{fails, json, ok, pachisi, temp_dir};
use std::process::{Command, Stdio};

#[test]
fn rules_list_names_every_builtin_ruleset() {
    let out = ok(&["rules", "list"]);
    for (name, _) in pachisi_core::BUILTIN_RULESETS {
        assert!(out.contains(name), "{name} missing from:\n{out}");
    }
    let list = json(&["rules", "list", "--json"]);
    assert_eq!(
        list.as_array().map(Vec::len),
        Some(pachisi_core::BUILTIN_RULESETS.len())
    );
}

#[test]
fn rules_show_gives_outcomes_with_exact_probabilities() {
    let shown = json(&["rules", "show", "pachisi", "--json"]);
    let outcomes = shown["outcomes"].as_array().expect("outcomes");
    assert_eq!(outcomes.len(), 7);
    assert_eq!(outcomes[0]["value"], 25);
    assert_eq!(outcomes[0]["probability"], 1.0 / 64.0);
    assert_eq!(shown["board"]["castles"].as_array().map(Vec::len), Some(12));
    let text = ok(&["rules", "show", "herklots-1832"]);
    assert!(text.contains("source document 002"));
    assert!(text.contains("bonus_step = [25]"));
}

#[test]
fn rules_route_puts_the_preceding_end_castle_25_steps_from_home() {
    let route = json(&["rules", "route", "pachisi", "--seat", "0", "--json"]);
    let steps = route["route"].as_array().expect("route");
    assert_eq!(steps.len(), 84);
    let castle = &steps[58];
    assert_eq!(castle["square"], "3m8");
    assert_eq!(castle["castle"], true);
    assert_eq!(84 - castle["progress"].as_u64().expect("number"), 25);
    assert_eq!(steps[83]["square"], "C");
    let by_letter = ok(&["rules", "route", "pachisi", "--seat", "G"]);
    assert!(by_letter.contains("1m1"));
    assert!(fails(&["rules", "route", "pachisi", "--seat", "9"]).contains("no seat"));
}

#[test]
fn rules_explain_says_how_to_play_in_words_without_field_names() {
    let text = ok(&["rules", "explain", "pachisi"]);
    assert!(text.starts_with("How to play Pachisi, six cowries\n"));
    assert!(text.contains("1 in 64 (1.6%)"), "{text}");
    assert!(text.contains("A 6, 10 or 25 is a grace"), "{text}");
    for (name, _) in pachisi_core::BUILTIN_RULESETS {
        let text = ok(&["rules", "explain", name, "--lang", "en"]);
        let found = pachisi_learn::explain::leaks::leaks(&text);
        assert!(found.is_empty(), "{name} shows {found:?}:\n{text}");
    }
    // Overrides change the explanation, and --rules names the ruleset as elsewhere.
    let star = "board.castles=entry-and-star-squares";
    let house = ok(&["rules", "explain", "--rules", "ludo", "--set", star]);
    assert!(house.contains("and so is the square 8 squares past each"));
    let html = ok(&["rules", "explain", "parcheesi-sr", "--html"]);
    assert!(html.contains("<h1>How to play Parcheesi, Selchow &amp; Righter</h1>"));
    assert!(html.contains("<svg class=\"route-figure\""));
    let e = fails(&["rules", "explain", "pachisi", "--lang", "xx"]);
    assert!(e.contains("--lang xx") && e.contains("en"), "{e}");
    let e = fails(&["rules", "explain", "no-such-rules"]);
    assert!(e.contains("pachisi") && e.contains("ludo"), "{e}");
    let help = ok(&["rules", "explain", "--help"]);
    assert!(help.contains("Example: pachisi rules explain pachisi"));
}

#[test]
fn moves_lists_entry_and_pass_after_a_grace() {
    let out = json(&[
        "moves",
        "--rules",
        "pachisi",
        "--position",
        "start",
        "--throw",
        "25",
        "--json",
    ]);
    let moves: Vec<&str> = out["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    assert_eq!(moves, ["E25", "-"]);
    assert_eq!(
        out["moves"][0]["position"],
        "1,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=Y"
    );
}

#[test]
fn moves_reports_captures() {
    // Yellow at progress 10 (0l7) throws 3 onto 0l4, where green waits at its progress 64.
    let pos = "10,0,0,0/64,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG";
    let out = json(&["moves", "--position", pos, "--throw", "3", "--json"]);
    let capture = out["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["move"] == "10+3")
        .expect("10+3")
        .clone();
    assert_eq!(capture["captures"], 1);
    assert_eq!(capture["to"], "0l4");
}

#[test]
fn bad_input_is_refused_with_a_clear_message() {
    let e = fails(&[
        "moves",
        "--position",
        "0,0,0,0/0,0,0,0 Yt -",
        "--throw",
        "3",
    ]);
    assert!(e.contains("expected 4 seat groups"), "{e}");
    assert!(fails(&["moves", "--rules", "no-such-rules"]).contains("no built-in ruleset or file"));
    assert!(
        fails(&["moves", "--position", "start", "--throw", "7"]).contains("no throw is written 7")
    );
    assert!(fails(&["moves", "--position", "start"]).contains("--throw"));
    assert!(
        fails(&["moves", "--set", "moves.pass=maybe", "--throw", "3"]).contains("moves.pass=maybe")
    );
    let e = fails(&[
        "perft",
        "--set",
        "turn.three_in_a_row=cancel-turn",
        "--depth",
        "1",
    ]);
    assert!(e.contains("turn.three_in_a_row"), "{e}");
    let e = fails(&["perft", "--depth", "100000"]);
    assert!(e.contains("--depth must be from 1 to"), "{e}");
}

#[test]
fn a_set_value_the_field_does_not_take_says_what_it_takes_with_an_example() {
    let e = fails(&["rules", "show", "pachisi", "--set", "players.pieces=-3"]);
    assert!(
        e.contains(
            "`--set players.pieces=-3`: a whole number from 1 to 16 is expected, \
             e.g. --set players.pieces=4"
        ),
        "{e}"
    );
    assert!(!e.contains("u8"), "{e}");
    // Out of range for the field, not for its type: the same words.
    let e = fails(&["moves", "--set", "players.pieces=40", "--throw", "25"]);
    assert!(e.contains("from 1 to 16 is expected"), "{e}");
    let e = fails(&["moves", "--set", "moves.pass=3", "--throw", "25"]);
    assert!(
        e.contains("`--set moves.pass=3`: true or false is expected, e.g. --set moves.pass="),
        "{e}"
    );
    // A field the validator refuses: its reason, the --set typed, no built-in file's name.
    let e = fails(&["rules", "show", "pachisi", "--set", "throw.p_up=2"]);
    assert!(
        e.contains("`--set throw.p_up=2`: must lie strictly between 0 and 1")
            && e.contains("e.g. --set throw.p_up=0.5"),
        "{e}"
    );
    assert!(!e.contains("pachisi.toml"), "{e}");
    let e = fails(&["rules", "show", "ludo", "--set", "turn.spend=soon"]);
    assert!(
        e.contains("unknown value `soon`") && e.contains("e.g. --set turn.spend="),
        "{e}"
    );
    // Another field refused because of it: the --set that did it.
    let e = fails(&["rules", "show", "pachisi", "--set", "players.seats=[0,2]"]);
    assert!(
        e.contains("`--set players.seats=[0,2]`: field `players.colours`"),
        "{e}"
    );
}

#[test]
fn rules_show_and_route_take_the_ruleset_by_name_or_with_rules() {
    let by_name = ok(&["rules", "show", "ludo", "--json"]);
    assert_eq!(ok(&["rules", "show", "--rules", "ludo", "--json"]), by_name);
    let route = ok(&["rules", "route", "pachisi", "--seat", "G"]);
    assert_eq!(
        ok(&["rules", "route", "--rules", "pachisi", "--seat", "G"]),
        route
    );
    let e = fails(&["rules", "show", "pachisi", "--rules", "ludo"]);
    assert!(
        e.contains("two rulesets") && e.contains("`pachisi rules show --rules ludo`"),
        "{e}"
    );
    let e = fails(&["rules", "route", "pachisi", "--rules", "ludo"]);
    assert!(e.contains("two rulesets"), "{e}");
    let e = fails(&["rules", "show"]);
    assert!(
        e.contains("needs a ruleset") && e.contains("pachisi rules list"),
        "{e}"
    );
}

#[test]
fn a_seat_that_does_not_exist_is_refused_with_the_seats_there_are() {
    for seat in ["-1", "9", "Q"] {
        let e = fails(&["rules", "route", "pachisi", "--seat", seat]);
        assert!(
            e.contains(&format!("--seat {seat}: no seat"))
                && e.contains("0 to 3")
                && e.contains("Y, G, B, R")
                && e.contains("e.g. --seat 0"),
            "{e}"
        );
        assert!(!e.contains("-- -1"), "{e}");
    }
}

#[test]
fn a_ruleset_file_with_a_bad_field_is_refused_naming_file_and_field() {
    let dir = temp_dir("ruleset");
    let path = dir.join("broken.toml");
    let text = pachisi_core::builtin_text("pachisi")
        .expect("builtin")
        .replace("pieces = 4", "pieces = 40");
    std::fs::write(&path, text).expect("write");
    let e = fails(&["rules", "show", path.to_str().expect("utf-8 path")]);
    assert!(
        e.contains("broken.toml") && e.contains("players.pieces"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn perft_agrees_with_the_library() {
    let out = ok(&[
        "perft",
        "--rules",
        "herklots-1832",
        "--position",
        "start",
        "--depth",
        "2",
    ]);
    let rules = pachisi_core::builtin_rules("herklots-1832", &[]).expect("builtin");
    let expected = pachisi_core::perft(&rules, &pachisi_core::Position::new(&rules), 2);
    assert!(out.contains(&format!("perft 2: {expected}")), "{out}");
    let divided = ok(&[
        "perft",
        "--rules",
        "herklots-1832",
        "--depth",
        "2",
        "--divide",
    ]);
    let sum: u64 = divided
        .lines()
        .filter(|l| l.starts_with('('))
        .filter_map(|l| l.split_whitespace().last()?.parse::<u64>().ok())
        .sum();
    assert_eq!(sum, expected);
}

#[test]
fn simulate_reports_games_throws_and_wins() {
    let out = json(&[
        "simulate", "--rules", "pachisi", "--games", "20", "--seed", "4", "--json",
    ]);
    assert_eq!(out["games"], 20);
    assert_eq!(out["unfinished"], 0);
    assert!(out["throws_per_game"]["mean"].as_f64().expect("number") > 50.0);
    let p = &out["throws_per_game"];
    assert!(p["min"].as_u64() <= p["median"].as_u64() && p["median"].as_u64() <= p["max"].as_u64());
    let team_wins: u64 = out["team_wins"]
        .as_array()
        .expect("teams")
        .iter()
        .filter_map(|t| t["share"]["count"].as_u64())
        .sum();
    assert_eq!(team_wins, 20);
    assert_eq!(out["seat_wins"].as_array().map(Vec::len), Some(4));
    let share = &out["seat_wins"][0]["share"];
    assert!(share["low"].as_f64() <= share["rate"].as_f64());
    assert!(share["rate"].as_f64() <= share["high"].as_f64());
    // Six cowries: seven outcomes, each observed beside its exact probability.
    assert_eq!(out["throws"]["outcomes"].as_array().map(Vec::len), Some(7));
    assert!(out["throws"]["p_value"].as_f64().is_some());
    // The same seed gives the same games, on any number of threads.
    let again = json(&[
        "simulate",
        "--rules",
        "pachisi",
        "--games",
        "20",
        "--seed",
        "4",
        "--threads",
        "1",
        "--json",
    ]);
    for field in [
        "team_wins",
        "throws_per_game",
        "turns_per_game",
        "throws",
        "captures_per_game",
    ] {
        assert_eq!(out[field], again[field], "{field}");
    }
    assert_eq!(again["threads"], 1);
}

#[test]
fn simulate_puts_bots_in_the_seats_and_refuses_a_bad_lineup() {
    let out = json(&[
        "simulate",
        "--rules",
        "ludo",
        "--games",
        "6",
        "--bots",
        "heuristic,random,random,random",
        "--json",
    ]);
    assert_eq!(out["bots"][0], "heuristic");
    assert_eq!(out["bots"][3], "random");
    assert_eq!(out["games"], 6);
    let text = ok(&[
        "simulate",
        "--rules",
        "ludo",
        "--games",
        "4",
        "--bots",
        "heuristic",
    ]);
    assert!(
        text.contains("heuristic, heuristic, heuristic, heuristic"),
        "{text}"
    );
    assert!(text.contains("chi-square"), "{text}");
    // Random bots in every seat are the default random players: the same games.
    let default = json(&["simulate", "--rules", "ludo", "--games", "6", "--json"]);
    let random = json(&[
        "simulate", "--rules", "ludo", "--games", "6", "--bots", "random", "--json",
    ]);
    assert_eq!(default["throws"], random["throws"]);
    assert_eq!(default["seat_wins"], random["seat_wins"]);
    let err = fails(&["simulate", "--rules", "ludo", "--bots", "heuristic,random"]);
    assert!(err.contains("4 seats"), "{err}");
    let err = fails(&["simulate", "--rules", "ludo", "--bots", "clever"]);
    assert!(err.contains("no bot is called `clever`"), "{err}");
    assert!(fails(&["simulate", "--threads", "0"]).contains("at least 1"));
}

#[test]
fn a_random_record_checks_and_a_corrupted_one_is_refused() {
    let dir = temp_dir("record");
    let path = dir.join("game.record");
    let path_text = path.to_str().expect("utf-8 path");
    ok(&[
        "record",
        "random",
        "--rules",
        "humphries-1904",
        "--seed",
        "3",
        "--out",
        path_text,
    ]);
    let checked = ok(&["record", "check", path_text]);
    assert!(checked.contains("replay under humphries-1904"), "{checked}");
    let text = std::fs::read_to_string(&path).expect("read");
    let corrupted = text.replacen("(25)", "(7)", 1);
    assert_ne!(text, corrupted, "the game has a 25 to corrupt");
    std::fs::write(&path, corrupted).expect("write");
    assert!(fails(&["record", "check", path_text]).contains("line"));
    let _ = std::fs::remove_dir_all(dir);
}

/// `record check` counts throws and moves, not the seat labels that begin each turn, and names
/// the teams of the finishing order by their colours.
#[test]
fn record_check_counts_throws_and_moves_and_names_the_finishers() {
    let dir = temp_dir("record-count");
    let path = dir.join("game.record");
    let path_text = path.to_str().expect("utf-8 path");
    ok(&[
        "record", "random", "--rules", "pachisi", "--seed", "3", "--out", path_text,
    ]);
    let text = std::fs::read_to_string(&path).expect("read");
    let record = pachisi_core::GameRecord::parse(&text).expect("record");
    let seats = record
        .actions
        .iter()
        .filter(|a| matches!(a.0, pachisi_core::Action::Seat(_)))
        .count();
    assert!(seats > 0, "{text}");
    let actions = record.actions.len() - seats;
    let checked = ok(&["record", "check", path_text]);
    assert!(
        checked.contains(&format!(": {actions} actions (")),
        "{actions} actions expected:\n{checked}"
    );
    let order = checked
        .lines()
        .find_map(|l| l.strip_prefix("finishing order: "))
        .unwrap_or_else(|| panic!("no finishing order:\n{checked}"));
    assert!(
        [
            "1st yellow and black, 2nd green and red",
            "1st green and red, 2nd yellow and black"
        ]
        .contains(&order),
        "{checked}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bench_measures_every_builtin_ruleset() {
    let out = ok(&["bench", "--games", "3", "--no-mcts"]);
    for (name, _) in pachisi_core::BUILTIN_RULESETS {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name));
        let figures: Vec<f64> = line
            .unwrap_or_else(|| panic!("{name} missing from:\n{out}"))
            .split_whitespace()
            .skip(1)
            .filter_map(|f| f.trim_end_matches('x').parse().ok())
            .collect();
        // Games and throws per second on one thread and on all cores, the speed-up, and throws
        // per game.
        assert_eq!(figures.len(), 6, "{name}: {line:?}");
        assert!(figures.iter().all(|&f| f > 0.0), "{name}: {line:?}");
    }
    assert!(fails(&["bench", "--games", "0"]).contains("at least 1"));
    let err = fails(&["bench", "--rules", "pachisi,chess"]);
    assert!(
        err.contains("chess") && err.contains("herklots-1832"),
        "{err}"
    );
}

#[test]
fn bench_json_gives_one_thread_and_all_threads_figures() {
    let out = json(&[
        "bench",
        "--rules",
        "ludo,pachisi",
        "--games",
        "5",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(out["threads"], 2);
    let rulesets = out["rulesets"].as_array().expect("rulesets");
    assert_eq!(rulesets.len(), 2);
    assert_eq!(rulesets[0]["rules"], "ludo");
    for r in rulesets {
        assert_eq!(r["one_thread"]["threads"], 1);
        assert_eq!(r["all_threads"]["threads"], 2);
        assert!(r["one_thread"]["games_per_second"].as_f64() > Some(0.0));
        assert!(r["throws_per_game"].as_f64() > Some(10.0));
        // Both searches, each timed on ten decisions with a choice.
        let mcts = r["mcts"].as_array().expect("mcts timings");
        assert_eq!(mcts.len(), 2);
        assert_eq!(mcts[0]["spec"], "mcts");
        for search in mcts {
            assert_eq!(search["decisions"], 10);
            assert!(search["playouts"].as_u64() >= Some(1000), "{search}");
            assert!(search["playouts_per_second"].as_f64() > Some(0.0));
        }
    }
}

#[test]
fn a_record_keeps_its_overrides_and_replays_under_them() {
    let dir = temp_dir("record-set");
    let path = dir.join("split.record");
    let path_text = path.to_str().expect("utf-8 path");
    ok(&[
        "record",
        "random",
        "--rules",
        "pachisi",
        "--set",
        "moves.split=true",
        "--set",
        "players.pieces=2",
        "--seed",
        "5",
        "--out",
        path_text,
    ]);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.contains("[Set \"moves.split=true | players.pieces=2\"]"),
        "{text}"
    );
    let checked = ok(&["record", "check", path_text]);
    assert!(
        checked.contains("with moves.split=true, players.pieces=2"),
        "{checked}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn simulate_plays_every_parcheesi_edition_and_ludo_to_the_end() {
    for name in [
        "parcheesi-sr",
        "parcheesi-pb",
        "parcheesi-mb",
        "parcheesi-tr",
        "ludo",
    ] {
        let report = json(&[
            "simulate", "--rules", name, "--games", "20", "--seed", "5", "--json",
        ]);
        assert_eq!(report["games"], 20, "{name}: {report}");
        let wins: u64 = report["seat_wins"]
            .as_array()
            .expect("wins per seat")
            .iter()
            .filter_map(|s| s["share"]["count"].as_u64())
            .sum();
        assert_eq!(report["unfinished"], 0, "{name}: {report}");
        assert_eq!(wins, 20, "{name}: every game has a winner: {report}");
    }
}

#[test]
fn moves_takes_a_throw_of_two_separate_dice() {
    let sr_moves = |throw: &'static str| {
        [
            "moves",
            "--rules",
            "parcheesi-sr",
            "--position",
            "start",
            "--throw",
            throw,
        ]
    };
    // 003: a 5 on one die enters a pawn and must (SR) be used to enter; the 3 then moves it.
    let out = ok(&sr_moves("5-3"));
    assert!(out.contains("Rm 5,3"), "{out}");
    assert!(out.contains("1 legal move"), "{out}");
    assert!(out.contains("E5"), "{out}");
    assert!(out.contains("onto 0l4"), "{out}");
    // The dice may be given in either order; a total alone names no throw of separate dice.
    assert!(ok(&sr_moves("3-5")).contains("Rm 5,3"));
    let err = fails(&sr_moves("8"));
    assert!(err.contains("no throw is written 8"), "{err}");
    assert!(err.contains("5-3"), "the error lists the throws: {err}");
    // A malformed throw is a usage error (exit code 2), explained.
    let out = pachisi(&sr_moves("5-x"));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("dice such as 5-3 or 6-5-2"), "{err}");
}

#[test]
fn rules_route_of_a_nest_ruleset_starts_on_the_entry_square() {
    let route = json(&["rules", "route", "parcheesi-sr", "--seat", "0", "--json"]);
    let steps = route["route"].as_array().expect("route");
    assert_eq!(steps.len(), 72, "71 squares and the finish");
    assert_eq!(steps[0]["square"], "0l4");
    assert_eq!(steps[0]["castle"], true);
    // 003: "spanning 64 spaces altogether" from the entry space to the home-stretch entrance.
    assert_eq!(steps[63]["square"], "0m8");
    let text = ok(&["rules", "route", "ludo", "--seat", "0"]);
    assert!(text.contains("from its nest (progress 0)"), "{text}");
}

#[test]
fn a_tournament_reports_both_bots_and_their_pairing_as_json() {
    let report = json(&[
        "tournament",
        "--rules",
        "pachisi",
        "--bots",
        "random,heuristic",
        "--games",
        "4",
        "--threads",
        "2",
        "--json",
    ]);
    let bots = report["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["spec"], "random");
    assert_eq!(bots[1]["spec"], "heuristic");
    assert_eq!(bots[0]["elo"], 0.0);
    let pairings = report["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 1);
    assert_eq!(pairings[0]["games"], 4);
    assert_eq!(report["games"], 4);
    assert_eq!(report["seating"], "teams");
}

#[test]
fn a_ladder_plays_each_bot_against_the_next_one_only() {
    let args = |ladder: bool| {
        let mut a = vec![
            "tournament",
            "--rules",
            "ludo",
            "--bots",
            "random,heuristic,expectimax:depth=0",
            "--games",
            "2",
            "--json",
        ];
        if ladder {
            a.push("--ladder");
        }
        json(&a)
    };
    let pairs = |report: &serde_json::Value| -> Vec<(String, String)> {
        report["pairings"]
            .as_array()
            .expect("pairings")
            .iter()
            .map(|p| (p["first"].to_string(), p["second"].to_string()))
            .collect()
    };
    let ladder = args(true);
    let names = |a: &str, b: &str| (format!("\"{a}\""), format!("\"{b}\""));
    assert_eq!(
        pairs(&ladder),
        [
            names("random", "heuristic"),
            names("heuristic", "expectimax:depth=0")
        ]
    );
    assert_eq!(ladder["games"], 4);
    assert_eq!(pairs(&args(false)).len(), 3);
    let out = ok(&[
        "tournament",
        "--rules",
        "ludo",
        "--bots",
        "random,heuristic,heuristic",
        "--games",
        "2",
        "--ladder",
    ]);
    assert!(out.contains("A ladder"), "{out}");
}

#[test]
fn a_tournament_prints_tables_and_rounds_games_up_to_whole_deals() {
    let out = ok(&[
        "tournament",
        "--rules",
        "ludo",
        "--bots",
        "random",
        "--bots",
        "heuristic",
        "--games",
        "3",
    ]);
    assert!(out.contains("alternate around the table"), "{out}");
    assert!(
        out.contains("3 asked for and rounded up to whole deals"),
        "{out}"
    );
    assert!(out.contains("random vs heuristic"), "{out}");
    assert!(out.contains("ms/decision"), "{out}");
}

#[test]
fn a_small_tournament_keeps_its_intervals_wide_and_calls_a_sweep_not_estimable() {
    // Four games of Pachisi: heuristic sweeps random in 2 deals.
    let out = ok(&["tournament", "--bots", "random,heuristic", "--games", "4"]);
    assert!(out.contains("100.0% (34.2-100.0)"), "{out}");
    assert!(out.contains("0.0% (0.0-65.8)"), "{out}");
    assert!(
        !out.contains("(100.0-100.0)") && !out.contains("(0.0-0.0)"),
        "{out}"
    );
    assert!(out.contains("+382 (not estimable)"), "{out}");
    assert!(!out.contains("+382 to +382"), "{out}");
    assert!(out.contains("0 (reference)"), "{out}");
    let report = json(&[
        "tournament",
        "--bots",
        "random,heuristic",
        "--games",
        "4",
        "--json",
    ]);
    assert!(report["bots"][1]["elo_interval"].is_null());
    assert_eq!(report["bots"][1]["elo_not_estimable"], "sweep");
    assert_eq!(report["pairings"][0]["elo_difference_estimable"], false);
}

#[test]
fn a_tournament_numbers_bots_with_the_same_spec() {
    let args = [
        "tournament",
        "--rules",
        "ludo",
        "--bots",
        "heuristic,random,heuristic",
        "--games",
        "2",
    ];
    let out = ok(&args);
    assert!(out.contains("heuristic #1 vs random"), "{out}");
    assert!(out.contains("heuristic #1 vs heuristic #2"), "{out}");
    assert!(out.contains("random vs heuristic #2"), "{out}");
    assert!(out.contains("fewer than 10 deals"), "{out}");
    let report = json(&[&args[..], &["--json"]].concat());
    assert_eq!(report["bots"][2]["spec"], "heuristic");
    assert_eq!(report["bots"][2]["label"], "heuristic #2");
    assert_eq!(report["bots"][1]["label"], "random");
}

#[test]
fn a_tournament_refuses_bad_bots_and_no_games() {
    let err = fails(&["tournament", "--bots", "random,alphazero", "--games", "2"]);
    assert!(err.contains("error:") && err.contains("alphazero"), "{err}");
    let err = fails(&["tournament", "--bots", "expectimax:width=3,random"]);
    assert!(err.contains("expectimax:width=3"), "{err}");
    let err = fails(&["tournament", "--bots", "random"]);
    assert!(err.contains("at least two bots"), "{err}");
    let err = fails(&["tournament", "--bots", "random,heuristic", "--games", "0"]);
    assert!(err.contains("at least one game"), "{err}");
    let err = fails(&["tournament", "--bots", "random,heuristic", "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
    // No network ships for maedn: the bot says so instead of playing with the heuristic.
    let err = fails(&[
        "tournament",
        "--rules",
        "maedn",
        "--bots",
        "heuristic,neural",
    ]);
    assert!(
        err.contains("bot `neural` cannot play under maedn") && err.contains("pachisi train"),
        "{err}"
    );
}

/// `pachisi ... | head` closes the pipe before the output is written: the command stops quietly
/// instead of panicking.
#[test]
fn a_closed_output_pipe_ends_the_command_quietly() {
    for args in [
        &["rules", "show", "pachisi"][..],
        &[
            "record",
            "random",
            "--rules",
            "humphries-1904",
            "--seed",
            "3",
        ][..],
        &["simulate", "--games", "50"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pachisi"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        // Close the reading end at once, before the command has written anything.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}
