//! `pachisi train` and `pachisi calibrate`, and the `neural` bot with a trained file, run as a
//! real process.

mod command;

use command::{fails, json, ok, pachisi, temp_dir};

/// The weights of a network file, without what records how it was made.
fn weights(path: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the file was written");
    let file: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    file["weights"].clone()
}

#[test]
fn train_writes_a_network_that_bots_use_and_resumes_exactly() {
    let dir = temp_dir("train");
    let out = |name: &str| dir.join(name).display().to_string();
    let train = |games: &str, file: &str, extra: &[&str]| {
        let file = out(file);
        let args = [
            &["train", "--rules", "ludo", "--games", games, "--batch", "4"][..],
            &["--hidden", "4", "--decisions", "2", "--out", &file],
            extra,
        ]
        .concat();
        ok(&args)
    };
    let text = train("8", "a.json", &["--seed", "3", "--threads", "2"]);
    assert!(text.contains("trained 8 games"), "{text}");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out("a.json")).expect("written"))
            .expect("JSON");
    assert_eq!(file["ruleset"], "ludo");
    assert_eq!(file["version"], 1);
    assert_eq!(file["seed"], 3);
    assert!(
        file["made_by"]
            .as_str()
            .expect("a command")
            .starts_with("pachisi train --rules ludo --games 8"),
        "{file}"
    );
    assert!(
        !dir.join("a.json.checkpoint").exists(),
        "the checkpoint is removed"
    );
    // The same seed on one thread gives the same weights.
    train("8", "b.json", &["--seed", "3", "--threads", "1"]);
    assert_eq!(weights(&dir.join("a.json")), weights(&dir.join("b.json")));
    // Four games, then four more from the file: the same as eight at once.
    train("4", "c.json", &["--seed", "3", "--checkpoint-every", "4"]);
    let resumed = ok(&[
        "train",
        "--rules",
        "ludo",
        "--games",
        "8",
        "--resume",
        &out("c.json"),
        "--out",
        &out("d.json"),
    ]);
    assert!(resumed.contains("4 in this run"), "{resumed}");
    assert_eq!(weights(&dir.join("a.json")), weights(&dir.join("d.json")));
    // A bot plays with the file.
    let spec = format!("neural:net={}", out("a.json"));
    let played = json(&[
        "simulate", "--rules", "ludo", "--games", "2", "--bots", &spec, "--json",
    ]);
    assert_eq!(played["games"], 2, "{played}");
    let err = fails(&[
        "hint",
        "--rules",
        "pachisi",
        "--position",
        "start",
        "--throw",
        "25",
        "--bot",
        &spec,
    ]);
    assert!(err.contains("does not fit ruleset `pachisi`"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `pachisi calibrate` of 2 games of `rules` with `bot` and `extra` options, which must fail:
/// its error output.
fn calibrate_fails(rules: &str, bot: &str, extra: &[&str]) -> String {
    let mut args = vec!["calibrate", "--rules", rules, "--bot", bot, "--games", "2"];
    args.extend_from_slice(extra);
    fails(&args)
}

#[test]
fn train_refuses_what_it_cannot_do() {
    let dir = temp_dir("train-refusals");
    let out = dir.join("x.json").display().to_string();
    // `pachisi train` of 4 Ludo games into `out`, with `extra` options, which must fail.
    let train = |extra: &[&str]| {
        let mut args = vec!["train", "--rules", "ludo", "--games", "4", "--out", &out];
        args.extend_from_slice(extra);
        fails(&args)
    };
    let err = fails(&["train", "--rules", "ludo", "--games", "0", "--out", &out]);
    assert!(err.contains("--games"), "{err}");
    let err = train(&["--hidden", "500"]);
    assert!(err.contains("hidden units"), "{err}");
    let err = train(&["--method", "magic"]);
    assert!(err.contains("magic"), "{err}");
    let err = train(&["--teacher-eval", "oracle"]);
    assert!(
        err.contains("oracle") && err.contains("`heuristic` and `network`"),
        "{err}"
    );
    let err = train(&["--method", "td", "--teacher-eval", "network"]);
    assert!(
        err.contains("--teacher-eval go with --method expectimax"),
        "{err}"
    );
    let err = train(&["--resume", "/no/such.json"]);
    assert!(err.contains("/no/such.json"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn calibrate_reports_brier_log_loss_and_the_reliability_table() {
    let args = [
        "calibrate",
        "--rules",
        "ludo",
        "--bot",
        "heuristic",
        "--games",
        "6",
        "--seed",
        "2",
        "--every",
        "3",
    ];
    let report = json(&[&args[..], &["--json"]].concat());
    assert_eq!(report["games"], 6, "{report}");
    let bins = report["bins"].as_array().expect("bins");
    assert_eq!(bins.len(), 10);
    let counted: u64 = bins
        .iter()
        .map(|b| b["count"].as_u64().expect("a count"))
        .sum();
    assert_eq!(counted, report["predictions"].as_u64().expect("a count"));
    let brier = report["brier"].as_f64().expect("a number");
    assert!((0.0..=1.0).contains(&brier), "{report}");
    assert!(report["log_loss"].as_f64().expect("a number") > 0.0);
    // The same report on another number of threads, and as text.
    let again = json(&[&args[..], &["--json", "--threads", "1"]].concat());
    assert_eq!(report, again);
    let text = ok(&args);
    assert!(
        text.contains("Brier score") && text.contains("mean predicted"),
        "{text}"
    );
    let err = calibrate_fails("ludo", "random", &[]);
    assert!(err.contains("gives no winning chances"), "{err}");
    let err = calibrate_fails("maedn", "neural", &[]);
    assert!(err.contains("no network ships for ruleset maedn"), "{err}");
}

#[test]
fn calibrate_fits_a_softmax_scale_into_a_new_file() {
    let dir = temp_dir("fit-scale");
    let out = dir.join("ludo-scaled.json").display().to_string();
    let fit = |bot: &str, extra: &[&str]| {
        let args = [
            &["calibrate", "--rules", "ludo", "--bot", bot][..],
            &["--players", "heuristic", "--games", "6", "--seed", "2"],
            &["--fit-scale", "--json"],
            extra,
        ]
        .concat();
        json(&args)
    };
    let report = fit("neural", &["--out", &out]);
    let scale = report["scale"].as_f64().expect("a scale");
    assert!(scale > 0.0, "{report}");
    // The fit starts from the shipped network's own fitted scale.
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../pachisi-bots/networks/ludo.json"
    );
    let shipped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).expect("shipped")).expect("JSON");
    assert_eq!(report["previous_scale"], shipped["calibration"]["scale"]);
    assert_eq!(report["fit_games"], 3, "{report}");
    assert_eq!(report["before"]["games"], 3, "{report}");
    for half in ["before", "after"] {
        let brier = report[half]["brier"].as_f64().expect("a Brier score");
        assert!((0.0..=1.0).contains(&brier), "{report}");
    }
    let after = report["fit_log_loss_after"].as_f64().expect("a number");
    assert!(after <= report["fit_log_loss_before"].as_f64().expect("a number"));
    // The file holds the shipped weights and the scale, with the command that fitted it.
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("written")).expect("JSON");
    assert_eq!(file["calibration"]["scale"], scale);
    assert!(file["calibration"]["made_by"]
        .as_str()
        .expect("a command")
        .starts_with("pachisi calibrate --rules ludo --bot neural"));
    assert!(!dir.join("ludo-scaled.json.tmp").exists());
    // A bot plays with it, and its chances are the fitted ones: the same held-out games
    // measured again start from the fitted scale.
    let spec = format!("neural:net={out}");
    let again = fit(&spec, &["--out", &out, "--overwrite"]);
    assert_eq!(again["previous_scale"], scale, "{again}");
    assert_eq!(again["scale"], scale, "the fit starts from the raw scores");
    for key in ["brier", "log_loss", "bins", "positions"] {
        assert_eq!(again["before"][key], report["after"][key], "{key}");
    }
    // An existing file is kept unless asked.
    let err = calibrate_fails("ludo", "neural", &["--fit-scale", "--out", &out]);
    assert!(
        err.contains("exists") && err.contains("--overwrite"),
        "{err}"
    );
    let err = calibrate_fails("ludo", "heuristic", &["--fit-scale"]);
    assert!(err.contains("no network"), "{err}");
    // --out belongs to --fit-scale.
    let wrong = pachisi(&[
        "calibrate",
        "--rules",
        "ludo",
        "--bot",
        "neural",
        "--out",
        &out,
    ]);
    assert!(!wrong.status.success());
    std::fs::remove_dir_all(&dir).ok();
}
