//! `pachisi hint`: a bot's ranking of the legal moves, and rollouts, run as a real process.

mod command;

use command::{fails, json, ok, pachisi};

#[test]
fn hint_ranks_every_legal_move_with_a_chance_in_percent() {
    let args = [
        "--rules",
        "pachisi",
        "--position",
        "start",
        "--throw",
        "25",
        "--json",
    ];
    let listed = json(&[&["moves"], &args[..]].concat());
    let mut legal: Vec<&str> = listed["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    let hint = json(&[&["hint"], &args[..], &["--bot", "heuristic"]].concat());
    let moves = hint["moves"].as_array().expect("moves");
    let mut ranked: Vec<&str> = moves.iter().filter_map(|m| m["move"].as_str()).collect();
    assert!(ranked.contains(&"E25"), "{hint}");
    for m in moves {
        let p = m["win_percent"].as_f64().expect("a number");
        assert!((0.0..=100.0).contains(&p), "{m}");
    }
    let chances: Vec<f64> = moves
        .iter()
        .filter_map(|m| m["win_percent"].as_f64())
        .collect();
    assert!(
        chances.windows(2).all(|w| w[0] >= w[1]),
        "best first: {chances:?}"
    );
    legal.sort_unstable();
    ranked.sort_unstable();
    assert_eq!(ranked, legal);
    let text = ok(&[&["hint"], &args[..args.len() - 1], &["--bot", "heuristic"]].concat());
    assert!(text.contains("E25") && text.contains('%'), "{text}");
}

#[test]
fn hint_refuses_a_bot_without_estimates_and_a_throw_out_of_turn() {
    let start = ["hint", "--position", "start", "--throw", "25"];
    let err = fails(&[&start[..], &["--bot", "random"]].concat());
    assert!(
        err.contains("random") && err.contains("no estimates") && err.contains("--bot"),
        "{err}"
    );
    let err = fails(&[&start[..], &["--bot", "alphazero"]].concat());
    assert!(err.contains("alphazero"), "{err}");
    let err = fails(&["hint", "--position", "start", "--bot", "heuristic"]);
    assert!(err.contains("waits for a throw"), "{err}");
    let waiting = "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 25 again";
    let err = fails(&["hint", "--position", waiting, "--throw", "25"]);
    assert!(err.contains("waits for a move"), "{err}");
}

#[test]
fn hint_rollouts_give_every_move_an_interval_on_any_number_of_threads() {
    let at = [
        "hint",
        "--rules",
        "ludo",
        "--throw",
        "3",
        "--rollouts",
        "30",
    ];
    let pos = ["--position", "h,30,40,50/h,20,45,51/0,0,10,3/4,5,0,0 Rt -"];
    let run = |threads: &str| {
        json(
            &[
                &at[..],
                &pos,
                &["--threads", threads, "--json", "--compare-plain"],
            ]
            .concat(),
        )
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one, two);
    let moves = one["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 3, "{one}");
    let chances: Vec<f64> = moves
        .iter()
        .filter_map(|m| m["win_percent"].as_f64())
        .collect();
    assert!(
        chances.windows(2).all(|w| w[0] >= w[1]),
        "best first: {chances:?}"
    );
    for m in moves {
        let (p, i) = (&m["win_percent"], &m["interval_percent"]);
        assert!(
            i[0].as_f64() <= p.as_f64() && p.as_f64() <= i[1].as_f64(),
            "{m}"
        );
        assert!(
            m["plain"]["standard_error_percent"].as_f64().is_some(),
            "{m}"
        );
    }
    assert_eq!(moves[0]["versus_best_percent"].as_f64(), Some(0.0));
    assert!(
        one["best_two"]["plain"]["games_for_same_interval"].is_number(),
        "{one}"
    );
    let text = ok(&[&at[..], &pos].concat());
    assert!(
        text.contains("50+3") && text.contains("best") && text.contains("95%"),
        "{text}"
    );
    let err = fails(&[&at[..6], &["0"], &pos].concat());
    assert!(err.contains("at least 2"), "{err}");
    let err = fails(&[&at[..], &pos, &["--rollout-bot", "alphazero"]].concat());
    assert!(
        err.contains("--rollout-bot") && err.contains("alphazero"),
        "{err}"
    );
    let err = fails(&["hint", "--rules", "ludo", "--rollouts", "5"]);
    assert!(err.contains("waits for a throw"), "{err}");
    let both = pachisi(&[&at[..], &pos, &["--bot", "heuristic"]].concat());
    assert!(!both.status.success());
}
