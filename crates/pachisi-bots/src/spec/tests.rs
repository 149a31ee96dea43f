//! Spec strings parsed, refused and built: every option of every bot.

use super::*;

#[test]
fn specs_parse_with_options() {
    let s: BotSpec = "mcts:playouts=50:rollout=random".parse().expect("valid");
    assert_eq!(s.kind(), BotKind::Mcts);
    assert_eq!(s.to_string(), "mcts:playouts=50:rollout=random");
    let s: BotSpec = "expectimax:depth=2".parse().expect("valid");
    assert_eq!(s.kind(), BotKind::Expectimax);
    assert_eq!(
        "random".parse::<BotSpec>().expect("valid").kind(),
        BotKind::Random
    );
}

#[test]
fn endgame_tables_are_asked_for_and_never_by_a_visitor() {
    let s: BotSpec = "heuristic:endgame=2".parse().expect("valid");
    assert!(matches!(
        s.config,
        Config::Heuristic(
            _,
            Table {
                pieces: 2,
                domain: Domain::Race
            }
        )
    ));
    let s: BotSpec = "expectimax:depth=0:endgame=1".parse().expect("valid");
    assert!(matches!(
        s.config,
        Config::Expectimax(_, _, Table { pieces: 1, .. })
    ));
    assert!("heuristic:endgame=5".parse::<BotSpec>().is_err());
    let err = BotSpec::parse_untrusted("heuristic:endgame=2").expect_err("not here");
    assert!(err.to_string().contains("endgame"), "{err}");
    assert!(BotSpec::parse_untrusted("heuristic:endgame=0").is_ok());
    let s: BotSpec = "neural:endgame=1:endgame-domain=meeting"
        .parse()
        .expect("valid");
    let meeting = Table {
        pieces: 1,
        domain: Domain::Meeting,
    };
    assert!(matches!(s.config, Config::Neural(_, t) if t == meeting));
    let err = "heuristic:endgame=1:endgame-domain=all"
        .parse::<BotSpec>()
        .expect_err("no such domain");
    assert!(
        err.to_string().contains("neither `race` nor `meeting`"),
        "{err}"
    );
    let err = BotSpec::parse_untrusted("expectimax:endgame=1:endgame-domain=meeting")
        .expect_err("not here");
    assert!(err.to_string().contains("not built here"), "{err}");
    let err = "mcts:endgame=1"
        .parse::<BotSpec>()
        .expect_err("mcts has no table");
    assert!(matches!(err, SpecError::UnknownOption { .. }), "{err}");
}

#[test]
fn untrusted_specs_name_built_in_weights_and_report_their_budget() {
    let s = BotSpec::parse_untrusted("expectimax:depth=2:weights=default").expect("built in");
    assert_eq!(
        s.budget(),
        Budget::Expectimax {
            depth: 2,
            nodes: ExpectimaxConfig::DEFAULT_NODES
        }
    );
    let s = BotSpec::parse_untrusted("mcts:ms=300").expect("valid");
    assert_eq!(
        s.budget(),
        Budget::Mcts {
            playouts: MctsConfig::DEFAULT_PLAYOUTS,
            time: Some(Duration::from_millis(300)),
            cutoff: MctsConfig::DEFAULT_CUTOFF
        }
    );
    assert_eq!(
        BotSpec::parse_untrusted("heuristic")
            .expect("valid")
            .budget(),
        Budget::OnePly
    );
    // A path is refused before anything looks at it: a file that exists and one that does
    // not get the same answer.
    let here = std::env::current_dir().expect("cwd").join("Cargo.toml");
    let there = here.with_file_name("no-such-file.toml");
    let answers: Vec<String> = [here, there]
        .iter()
        .map(|p| {
            BotSpec::parse_untrusted(&format!("heuristic:weights={}", p.display()))
                .expect_err("refused")
                .to_string()
                .replace(&p.display().to_string(), "PATH")
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
}

#[test]
fn bad_specs_say_what_is_wrong() {
    let e = "alphazero".parse::<BotSpec>().expect_err("unknown");
    assert!(e.to_string().contains("alphazero"));
    let e = "expectimax:width=3"
        .parse::<BotSpec>()
        .expect_err("unknown option");
    assert!(
        e.to_string().contains("width") && e.to_string().contains("depth"),
        "{e}"
    );
    let e = "expectimax:depth=9"
        .parse::<BotSpec>()
        .expect_err("too deep");
    assert!(e.to_string().contains("depth"), "{e}");
    let e = "mcts:playouts".parse::<BotSpec>().expect_err("no value");
    assert!(matches!(e, SpecError::Malformed(_)));
    let e = "mcts:c=1:c=2".parse::<BotSpec>().expect_err("twice");
    assert!(matches!(e, SpecError::Malformed(_)));
    let e = "heuristic:weights=/no/such/file.toml"
        .parse::<BotSpec>()
        .expect_err("missing file");
    assert!(e.to_string().contains("/no/such/file.toml"), "{e}");
    let e = BotSpec::parse_untrusted("heuristic:weights=/dev/zero")
        .expect_err("no file from an untrusted spec");
    assert_eq!(e, SpecError::FileNotAllowed("/dev/zero".into()));
    assert!(e.to_string().contains("default"), "{e}");
    let e = "random:seed=3"
        .parse::<BotSpec>()
        .expect_err("random has no options");
    assert!(e.to_string().contains("none"), "{e}");
}

#[test]
fn neural_specs_parse_with_their_options() {
    let s: BotSpec = "neural".parse().expect("valid");
    assert_eq!(s.kind(), BotKind::Neural);
    assert_eq!(s.budget(), Budget::OnePly);
    assert!(matches!(
        s.config,
        Config::Neural(Net::ForRules, Table { pieces: 0, .. })
    ));
    let s: BotSpec = "neural:endgame=1".parse().expect("valid");
    assert!(matches!(
        s.config,
        Config::Neural(_, Table { pieces: 1, .. })
    ));
    let s: BotSpec = "expectimax:eval=neural:depth=0".parse().expect("valid");
    assert!(matches!(
        s.config,
        Config::Expectimax(_, Eval::Neural(_), Table { pieces: 0, .. })
    ));
    let s: BotSpec = "mcts:eval=neural:playouts=20".parse().expect("valid");
    assert!(matches!(s.config, Config::Mcts(_, Eval::Neural(_))));
    let s: BotSpec = "mcts:eval=heuristic".parse().expect("valid");
    assert!(matches!(s.config, Config::Mcts(_, Eval::Heuristic(_))));
    for name in crate::neural::shipped_names() {
        let s: BotSpec = format!("neural:net={name}").parse().expect("shipped");
        assert!(matches!(
            s.config,
            Config::Neural(Net::Shipped(_), Table { pieces: 0, .. })
        ));
        BotSpec::parse_untrusted(&format!("expectimax:eval=neural:net={name}"))
            .expect("a shipped network may be named by anyone");
    }
}

#[test]
fn neural_options_that_do_not_fit_are_refused() {
    let e = "expectimax:eval=magic"
        .parse::<BotSpec>()
        .expect_err("no such evaluation");
    assert!(e.to_string().contains("magic"), "{e}");
    let e = "expectimax:net=x.json"
        .parse::<BotSpec>()
        .expect_err("net without eval=neural");
    assert!(e.to_string().contains("eval=neural"), "{e}");
    let e = "mcts:eval=neural:weights=default"
        .parse::<BotSpec>()
        .expect_err("weights with a network");
    assert!(e.to_string().contains("eval=heuristic"), "{e}");
    let e = "neural:weights=default"
        .parse::<BotSpec>()
        .expect_err("no weights");
    assert!(matches!(e, SpecError::UnknownOption { .. }), "{e}");
    assert!(e.to_string().contains("net, endgame"), "{e}");
    let e = "neural:net=/no/such/net.json"
        .parse::<BotSpec>()
        .expect_err("missing file");
    assert!(e.to_string().contains("/no/such/net.json"), "{e}");
}

#[test]
fn untrusted_specs_name_no_network_file() {
    // Refused before anything looks at the path, exactly as `weights=PATH` is: a file that
    // exists and one that does not get the same answer.
    let here = std::env::current_dir().expect("cwd").join("Cargo.toml");
    let there = here.with_file_name("no-such-file.json");
    for spec in [
        "neural:net=",
        "expectimax:eval=neural:net=",
        "mcts:eval=neural:net=",
    ] {
        let answers: Vec<String> = [&here, &there]
            .iter()
            .map(|p| {
                let e = BotSpec::parse_untrusted(&format!("{spec}{}", p.display()))
                    .expect_err("refused");
                assert_eq!(e, SpecError::NetworkFileNotAllowed(p.display().to_string()));
                e.to_string().replace(&p.display().to_string(), "PATH")
            })
            .collect();
        assert_eq!(answers[0], answers[1]);
        assert!(
            answers[0].contains("not a shipped network"),
            "{}",
            answers[0]
        );
    }
    let e = BotSpec::parse_untrusted("neural:endgame=1").expect_err("no tables here");
    assert!(e.to_string().contains("endgame"), "{e}");
}

#[test]
fn a_neural_bot_is_checked_against_the_rules() {
    let rules = pachisi_core::builtin_rules("maedn", &[]).expect("built-in");
    let spec: BotSpec = "neural".parse().expect("valid");
    let e = spec.check(&rules).expect_err("none ships for maedn");
    assert!(
        e.to_string().contains("no network ships for ruleset maedn"),
        "{e}"
    );
    assert!(spec.try_build(Arc::new(rules.clone()), 1).is_err());
    // `build` still gives a bot that plays: with the heuristic evaluation.
    let mut bot = spec.build(Arc::new(rules.clone()), 1);
    let mut pos = pachisi_core::Position::new(&rules);
    pos.apply_throw(&rules, rules.throw_by_value(6).expect("a 6"))
        .expect("a throw");
    assert!(pos.is_legal(&rules, bot.choose(&pos)));
    let heuristic: BotSpec = "heuristic".parse().expect("valid");
    assert!(heuristic.check(&rules).is_ok());
}
