//! `pachisi endgame`: tables built and bots measured against them, run as a real process.

mod command;

use command::{fails, json, ok};

const TWO_PLAYERS: [&str; 4] = [
    "--set",
    "players.seats=[0,2]",
    "--set",
    "players.colours=[]",
];

#[test]
fn build_counts_the_positions_and_solves_them_exactly() {
    let built = json(&[
        "endgame", "build", "--rules", "pachisi", "--pieces", "1", "--json",
    ]);
    assert_eq!(built["pieces"], 1, "{built}");
    let positions = built["positions"].as_u64().expect("a count");
    let starts = built["starts"].as_u64().expect("a count");
    assert!(positions > starts && starts > 0, "{built}");
    assert!(
        built["residual"].as_f64().expect("a number") < 1e-11,
        "{built}"
    );
    let text = ok(&[
        &["endgame", "build", "--pieces", "1", "--rules", "ludo"],
        &TWO_PLAYERS[..],
    ]
    .concat());
    assert!(
        text.contains("positions:") && text.contains("to solve"),
        "{text}"
    );
}

#[test]
fn measure_reports_every_bot_loss_with_an_interval() {
    let args = [
        &["endgame", "measure", "--rules", "parcheesi-pb"],
        &TWO_PLAYERS[..],
        &[
            "--pieces",
            "1",
            "--positions",
            "150",
            "--bots",
            "random,heuristic:endgame=1",
            "--seed",
            "4",
        ],
    ]
    .concat();
    let measured = json(&[&args[..], &["--json"]].concat());
    assert_eq!(measured["positions"], 150, "{measured}");
    let bots = measured["bots"].as_array().expect("bots");
    assert_eq!(bots[0]["bot"], "random");
    let random = bots[0]["loss"]["mean"].as_f64().expect("a loss");
    assert!(random > 0.0, "random play gives something up: {measured}");
    let (low, high) = (
        bots[0]["loss"]["low"].as_f64().expect("low"),
        bots[0]["loss"]["high"].as_f64().expect("high"),
    );
    assert!(low <= random && random <= high, "{measured}");
    // The heuristic bot with the table plays the table's best moves.
    assert_eq!(bots[1]["loss"]["mean"].as_f64(), Some(0.0), "{measured}");
    assert_eq!(bots[1]["best_share"].as_f64(), Some(1.0), "{measured}");
    // The same seed, the same figures (the times aside); the text has a row per bot.
    let again = json(&[&args[..], &["--json"]].concat());
    assert_eq!(again["bots"], measured["bots"]);
    assert_eq!(again["table"]["positions"], measured["table"]["positions"]);
    let text = ok(&args);
    assert!(
        text.contains("95% interval") && text.contains("heuristic:endgame=1"),
        "{text}"
    );
}

#[test]
fn rulesets_out_of_reach_and_bad_input_are_refused_with_the_reason() {
    let err = fails(&["endgame", "build", "--rules", "ludo"]);
    assert!(
        err.contains("4 teams") && err.contains("players.seats=[0,2]"),
        "{err}"
    );
    let err = fails(&["endgame", "build", "--rules", "maedn-2"]);
    assert!(err.contains("goal is in the lane"), "{err}");
    let err = fails(&["endgame", "build", "--rules", "pachisi", "--pieces", "9"]);
    assert!(err.contains("from 1 to 8"), "{err}");
    let err = fails(&["endgame", "build", "--rules", "pachisi", "--pieces", "2"]);
    assert!(err.contains("out of reach"), "{err}");
    let err = fails(&[
        "endgame",
        "measure",
        "--rules",
        "pachisi",
        "--pieces",
        "1",
        "--positions",
        "0",
    ]);
    assert!(err.contains("--positions"), "{err}");
    let err = fails(&[
        "endgame", "measure", "--rules", "pachisi", "--pieces", "1", "--bots", "wizard",
    ]);
    assert!(err.contains("wizard"), "{err}");
    let err = fails(&["endgame", "build", "--rules", "no-such-rules"]);
    assert!(err.contains("no-such-rules"), "{err}");
    let help = ok(&["endgame", "--help"]);
    assert!(
        help.contains("home lane") && help.contains("endgame=N"),
        "{help}"
    );
}

#[test]
fn a_meeting_table_holds_more_than_the_race_and_bots_use_it() {
    let table = |domain: &str| {
        json(
            &[
                &["endgame", "build", "--rules", "ludo", "--pieces", "1"][..],
                &TWO_PLAYERS[..],
                &["--domain", domain, "--json"],
            ]
            .concat(),
        )
    };
    let race = table("race");
    let meeting = table("meeting");
    assert_eq!(race["domain"], "race", "{race}");
    assert_eq!(meeting["domain"], "meeting", "{meeting}");
    let count = |v: &serde_json::Value| v["positions"].as_u64().expect("a count");
    assert!(count(&meeting) > count(&race), "{meeting} against {race}");
    assert!(meeting["residual"].as_f64().expect("a number") < 1e-11);
    // A domain that does not exist is a usage error (exit code 2) naming the two there are.
    let out = command::pachisi(&[
        "endgame",
        "build",
        "--rules",
        "ludo",
        "--domain",
        "everything",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("race") && err.contains("meeting"), "{err}");
    // Parcheesi SR's races are out of reach, its meeting endings are not; a bot uses the table.
    let measured = json(
        &[
            &[
                "endgame",
                "measure",
                "--rules",
                "parcheesi-sr",
                "--pieces",
                "1",
            ][..],
            &TWO_PLAYERS[..],
            &["--domain", "meeting", "--positions", "20", "--json"],
            &[
                "--bots",
                "heuristic,heuristic:endgame=1:endgame-domain=meeting",
            ],
        ]
        .concat(),
    );
    assert_eq!(measured["domain"], "meeting", "{measured}");
    let exact = &measured["bots"][1];
    assert_eq!(exact["loss"]["mean"], 0.0, "{measured}");
    assert_eq!(exact["best_share"], 1.0, "{measured}");
}
