//! Tests of the network, its files and its training.

use super::features::{view_inputs, Layout};
use super::shipped;
use super::train::{Method, TeacherEval, TrainConfig, Trainer};
use super::*;
use crate::{Values, Weights};
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{builtin_rules, Phase, Position};
use pachisi_sim::SeededThrows;

fn rules(name: &str) -> Arc<Rules> {
    Arc::new(builtin_rules(name, &[]).expect("built-in ruleset"))
}

/// A network with every weight drawn at random (the hidden units' output too, which a new
/// network keeps at zero), so that every part of the computation counts.
fn random_network(rules: &Rules, seed: u64) -> Network {
    let mut net = Network::from_heuristic(rules, &Weights::default(), 12, seed);
    let mut draws = pachisi_sim::Draws::new(seed ^ 77);
    let mut noise = |x: &mut f32| *x += (draws.unit() as f32 - 0.5) * 0.4;
    net.w1.iter_mut().for_each(&mut noise);
    net.b1.iter_mut().for_each(&mut noise);
    net.w2.iter_mut().for_each(&mut noise);
    net.linear.iter_mut().for_each(&mut noise);
    net
}

/// Positions of a game played by the first legal move, every position after a move.
fn positions(rules: &Rules, seed: u64, limit: usize) -> Vec<Position> {
    let mut throws = SeededThrows::new(seed);
    let mut pos = Position::new(rules);
    let mut out = Vec::new();
    while pos.phase() != Phase::Over && out.len() < limit {
        if pos.phase() == Phase::Throw {
            pos.apply_throw(rules, throws.next_throw(rules))
                .expect("a throw");
            continue;
        }
        let moves = pos.legal_moves(rules);
        let mv = moves[(out.len() * 7 + 3) % moves.len().max(1)];
        pos.play(rules, mv).expect("legal");
        out.push(pos);
    }
    out
}

/// The score of every team computed the plain way: each view's inputs written out in full, then
/// the matrices multiplied in `f64`, one loop per layer.
fn reference_scores(net: &Network, eval: &Evaluator, pos: &Position) -> Vec<f64> {
    let layout = Layout::new(eval.rules());
    let mut scores = Vec::new();
    for team in 0..layout.teams {
        let mut sparse = Vec::new();
        view_inputs(eval.tables(), &layout, pos, team, &mut sparse);
        let mut x = vec![0.0f64; net.inputs];
        for (i, v) in sparse {
            x[i as usize] += f64::from(v);
        }
        let mut score = 0.0;
        for (i, xi) in x.iter().enumerate() {
            score += xi * f64::from(net.linear[i]);
        }
        for h in 0..net.hidden {
            let mut a = f64::from(net.b1[h]);
            for (i, xi) in x.iter().enumerate() {
                a += xi * f64::from(net.w1[i * net.hidden + h]);
            }
            score += a.max(0.0) * f64::from(net.w2[h]);
        }
        scores.push(score);
    }
    scores
}

#[test]
fn inference_equals_the_plain_computation() {
    for name in [
        "pachisi",
        "herklots-1832",
        "parcheesi-sr",
        "ludo",
        "maedn-2",
    ] {
        let rules = rules(name);
        let net = random_network(&rules, 5);
        let eval = Evaluator::new(rules.clone(), Weights::default());
        let mut checked = 0;
        for seed in 0..3 {
            for pos in positions(&rules, seed, 400) {
                let fast = net.scores(&eval, &pos);
                let plain = reference_scores(&net, &eval, &pos);
                for (t, want) in plain.iter().enumerate() {
                    assert!(
                        (f64::from(fast[t]) - want).abs() < 1e-5 * want.abs().max(1.0),
                        "{name} team {t}: {} against {want} in {}",
                        fast[t],
                        pos.to_notation(&rules)
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{name}: only {checked} positions");
    }
}

#[test]
fn a_new_network_scores_as_the_heuristic() {
    // The linear part starts as the heuristic's weights and the hidden units add nothing.
    for name in ["pachisi", "ludo", "parcheesi-sr", "humphries-1904"] {
        let rules = rules(name);
        let net = Network::from_heuristic(&rules, &Weights::default(), 8, 3);
        let heuristic = Evaluator::new(rules.clone(), Weights::default());
        let neural = heuristic.clone().with_network(Arc::new(net)).expect("fits");
        for pos in positions(&rules, 4, 300) {
            let (a, b) = (heuristic.evaluate(&pos), neural.evaluate(&pos));
            for t in 0..MAX_SEATS {
                assert!((a[t] - b[t]).abs() < 1e-4, "{name}: {a:?} against {b:?}");
            }
        }
    }
}

/// Plays a game to the end by the first legal move.
fn finished_game(rules: &Rules, seed: u64) -> Position {
    let mut throws = SeededThrows::new(seed);
    let mut pos = Position::new(rules);
    while pos.phase() != Phase::Over {
        if pos.phase() == Phase::Throw {
            pos.apply_throw(rules, throws.next_throw(rules))
                .expect("a throw");
        } else {
            let mv = pos.legal_moves(rules)[0];
            pos.play(rules, mv).expect("legal");
        }
    }
    pos
}

#[test]
fn a_finished_game_keeps_its_exact_values() {
    for name in ["ludo", "pachisi", "herklots-1832"] {
        let rules = rules(name);
        let eval = evaluator(rules.clone(), Arc::new(random_network(&rules, 9))).expect("fits");
        let pos = finished_game(&rules, 11);
        let v: Values = eval.evaluate(&pos);
        let (exact, _) = crate::values::finished_teams(&rules, &pos);
        assert_eq!(v, exact, "{name}");
        let winner = usize::from(pos.winner().expect("a winner"));
        assert_eq!(v[winner], 1.0, "{name}");
    }
}

#[test]
fn chances_sum_to_one_while_every_team_plays() {
    let rules = rules("humphries-1904");
    let eval = evaluator(rules.clone(), Arc::new(random_network(&rules, 2))).expect("fits");
    for pos in positions(&rules, 1, 200) {
        let v = eval.evaluate(&pos);
        if pos.placings().is_empty() {
            let sum: f64 = v.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{v:?}");
        }
        assert!(v.iter().all(|x| (0.0..=1.0).contains(x)), "{v:?}");
    }
}

#[test]
fn files_round_trip() {
    let rules = rules("parcheesi-sr");
    let mut net = random_network(&rules, 4);
    net.info.made_by = "pachisi train --rules parcheesi-sr --games 1 --out x.json".into();
    let text = net.to_json();
    let back = Network::from_json(&text, "test").expect("valid");
    assert_eq!(back, net);
    assert_eq!(back.info().family, "parcheesi");
    assert!(back.check_rules(&rules).is_ok());
}

/// The file of a network with one edit made to its JSON.
fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let rules = rules("ludo");
    let mut json: serde_json::Value =
        serde_json::from_str(&random_network(&rules, 1).to_json()).expect("JSON");
    edit(&mut json);
    json.to_string()
}

fn refusal(text: &str) -> String {
    Network::from_json(text, "test.json")
        .expect_err("refused")
        .to_string()
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let e = refusal(&edited(|j| j["version"] = 2.into()));
    assert!(e.contains("version 2") && e.contains("version 1"), "{e}");
    let e = refusal(&edited(|j| j["format"] = "something".into()));
    assert!(e.contains("format"), "{e}");
    let e = refusal(&edited(|j| j["features"] = "pieces-v0".into()));
    assert!(e.contains("pieces-v0") && e.contains("pieces-v1"), "{e}");
    let e = refusal(&edited(|j| j["layers"][1] = 13.into()));
    assert!(e.contains("hidden"), "{e}");
    let e = refusal(&edited(|j| j["layers"][0] = 99.into()));
    assert!(e.contains("99 inputs"), "{e}");
    let e = refusal(&edited(|j| {
        j["weights"]["output"]
            .as_array_mut()
            .expect("an array")
            .pop();
    }));
    assert!(e.contains("`output` has 11 numbers"), "{e}");
    let e = refusal(&edited(|j| {
        j["weights"]["hidden"][3]
            .as_array_mut()
            .expect("an array")
            .push(0.5.into());
    }));
    assert!(e.contains("row 3"), "{e}");
    // JSON has no NaN: a number too large for f32 becomes infinite, the same refusal.
    let e = refusal(&edited(|j| j["weights"]["linear"][5] = 1e300.into()));
    assert!(
        e.contains("`linear` number 5") && e.contains("finite"),
        "{e}"
    );
    let e = refusal(&edited(|j| {
        j["weights"]["linear"][5] = serde_json::Value::Null
    }));
    assert!(e.contains("null"), "{e}");
    // Nor is a NaN written as such JSON.
    let nan = edited(|_| {}).replacen("\"linear\":[", "\"linear\":[NaN,", 1);
    assert!(refusal(&nan).contains("not JSON"));
    let e = refusal(&edited(|j| j["shape"]["seats"] = 0.into()));
    assert!(e.contains("0 seats"), "{e}");
    let e = refusal(&edited(|j| j["surprise"] = 1.into()));
    assert!(e.contains("surprise"), "{e}");
    assert!(refusal("not json").contains("not JSON"));
    assert!(refusal("{}").contains("format"));
}

#[test]
fn a_network_for_other_rules_is_refused_naming_the_difference() {
    let net = random_network(&rules("pachisi"), 1);
    let eight = builtin_rules("pachisi", &["players.pieces=8".into()]).expect("valid");
    let e = net.check_rules(&eight).expect_err("8 pieces").to_string();
    assert!(e.contains("8 pieces a seat, not 4"), "{e}");
    let ludo = rules("ludo");
    let e = net.check_rules(&ludo).expect_err("other teams").to_string();
    assert!(
        e.contains("`pachisi`") && e.contains("`ludo`") && e.contains("4 teams, not 2"),
        "{e}"
    );
    // The same shape with other options fits.
    let split = builtin_rules("pachisi", &["moves.split=true".into()]).expect("valid");
    assert!(net.check_rules(&split).is_ok());
}

#[test]
fn every_shipped_network_loads_and_fits_its_ruleset() {
    for shipped_net in SHIPPED_NETWORKS {
        let name = shipped_net.name;
        let net = match shipped(name) {
            Some(Ok(net)) => net,
            other => panic!("{name}: {other:?}"),
        };
        let set: Vec<String> = shipped_net.set.iter().map(|s| s.to_string()).collect();
        let rules = builtin_rules(&net.info().ruleset, &set).expect("its rules");
        assert_eq!(net.info().family, family(&rules));
        let chosen = for_rules(&rules).expect("ships and fits");
        assert!(
            Arc::ptr_eq(&chosen, &net),
            "{name} is the one its rules take"
        );
        let made_by = &net.info().made_by;
        assert!(made_by.starts_with("pachisi train --rules "), "{name}");
        for s in shipped_net.set {
            assert!(
                made_by.contains(&format!("--set '{s}'")),
                "{name} made with {s}"
            );
        }
        assert!(net.info().games > 0, "{name}");
    }
}

#[test]
fn two_player_pachisi_takes_its_own_network() {
    let four = for_rules(&rules("pachisi")).expect("ships");
    let set = [
        "players.teams=[]",
        "players.colours=[]",
        "players.seats=[0,2]",
    ];
    let two = builtin_rules("pachisi", &set.map(String::from)).expect("valid");
    let net = for_rules(&two).expect("ships");
    assert!(!Arc::ptr_eq(&four, &net));
    assert_eq!(net.info().ruleset, "pachisi");
    // Three seats: neither network fits, and the refusal names the first one's difference.
    let set = [
        "players.teams=[]",
        "players.colours=[]",
        "players.seats=[0,1,2]",
    ];
    let three = builtin_rules("pachisi", &set.map(String::from)).expect("valid");
    let e = for_rules(&three)
        .expect_err("no three-seat network")
        .to_string();
    assert!(e.contains("does not fit"), "{e}");
    assert!(
        e.contains("train one with `pachisi train --rules pachisi --out FILE` and the same --set"),
        "{e}"
    );
}

#[test]
fn rules_without_a_network_say_how_to_train_one() {
    let rules = rules("maedn");
    let e = for_rules(&rules).expect_err("none ships").to_string();
    assert_eq!(
        e,
        "no network ships for ruleset maedn; train one with `pachisi train --rules maedn --out \
         FILE` and pass net=FILE"
    );
}

/// A short training run's file.
fn trained(rules: &Arc<Rules>, games: u64, batches_per_stop: Option<u64>) -> String {
    trained_by(rules, games, batches_per_stop, Method::DEFAULT_EXPECTIMAX)
}

/// A short training run's file, by `method`.
fn trained_by(
    rules: &Arc<Rules>,
    games: u64,
    batches_per_stop: Option<u64>,
    method: Method,
) -> String {
    let mut config = TrainConfig::new(games, 5);
    config.method = method;
    config.batch = 4;
    config.hidden = 6;
    let mut trainer = Trainer::new(rules.clone(), config, "test").expect("valid settings");
    let mut batches = 0;
    while !trainer.finished() {
        if batches_per_stop.is_some_and(|n| batches > 0 && batches % n == 0) {
            // Stop and go on from the checkpoint, as `--resume` does.
            let checkpoint = trainer.checkpoint();
            trainer = Trainer::resume(rules.clone(), &checkpoint, "checkpoint", games)
                .expect("a checkpoint");
        }
        trainer.run_batch(&|_| {});
        batches += 1;
    }
    trainer.checkpoint()
}

#[test]
fn training_is_deterministic_and_resumes_exactly() {
    let rules = rules("ludo");
    let first = trained(&rules, 12, None);
    assert_eq!(first, trained(&rules, 12, None));
    assert_eq!(first, trained(&rules, 12, Some(1)));
    let net = Network::from_json(&first, "trained").expect("valid");
    assert_eq!(net.info().games, 12);
    let fresh = Network::from_heuristic(&rules, &Weights::default(), 6, 5);
    assert_ne!(net.linear, fresh.linear, "training changed nothing");
}

#[test]
fn a_teacher_searching_over_the_network_trains_deterministically_and_resumes() {
    let rules = rules("ludo");
    let over_network = Method::Expectimax {
        depth: 1,
        decisions: 24,
        eval: TeacherEval::Network,
    };
    let first = trained_by(&rules, 12, None, over_network);
    assert_eq!(first, trained_by(&rules, 12, Some(1), over_network));
    assert!(
        first.contains(r#""eval":"network""#),
        "the method is recorded"
    );
    // The same games, the same decisions drawn: only the teacher's evaluation differs.
    let over_heuristic = trained(&rules, 12, None);
    assert!(
        !over_heuristic.contains(r#""eval""#),
        "the default is written as before"
    );
    let weights = |text: &str| Network::from_json(text, "trained").expect("valid").linear;
    assert_ne!(weights(&first), weights(&over_heuristic));
}

#[test]
fn training_plays_on_any_number_of_threads_alike() {
    let rules = rules("pachisi");
    let run = |threads| {
        let mut config = TrainConfig::new(6, 2);
        config.batch = 6;
        config.hidden = 4;
        let mut trainer = Trainer::new(rules.clone(), config, "test")
            .and_then(|t| t.with_threads(Some(threads)))
            .expect("valid");
        trainer.run_batch(&|_| {});
        trainer.checkpoint()
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn a_checkpoint_resumes_under_its_own_ruleset_only() {
    let ludo = rules("ludo");
    let checkpoint = trained(&ludo, 4, None);
    // The same shape under another name is another ruleset all the same.
    let renamed = Arc::new(builtin_rules("ludo", &["name=\"my-ludo\"".into()]).expect("valid"));
    assert!(renamed.ruleset().name == "my-ludo");
    let e = Trainer::resume(renamed, &checkpoint, "x.json", 8)
        .err()
        .expect("another ruleset")
        .to_string();
    assert!(e.contains("`ludo`") && e.contains("--rules ludo"), "{e}");
    let e = Trainer::resume(rules("maedn"), &checkpoint, "x.json", 8)
        .err()
        .expect("another shape")
        .to_string();
    assert!(e.contains("squares on a route"), "{e}");
    let plain = Network::from_json(&checkpoint, "x")
        .expect("valid")
        .to_json();
    let e = Trainer::resume(ludo, &plain, "plain.json", 8)
        .err()
        .expect("no training state")
        .to_string();
    assert!(e.contains("no training state"), "{e}");
}

#[test]
fn shipped_networks_carry_their_fitted_scale_and_write_back_unchanged() {
    for &ShippedNetwork { name, text, .. } in SHIPPED_NETWORKS {
        let (net, training) =
            Network::from_json_with_training(text, name).expect("a shipped network loads");
        let fitted = net
            .fitted_scale()
            .expect("a shipped network has a fitted scale");
        assert!(
            fitted.made_by.starts_with("pachisi calibrate ") && fitted.made_by.contains(name),
            "{name}: {}",
            fitted.made_by
        );
        assert!((0.3..2.0).contains(&net.scale()), "{name}: {}", net.scale());
        let written = net.to_json_with_training(training.as_ref());
        assert_eq!(written, text.trim_end(), "{name} is written back unchanged");
    }
}

#[test]
fn files_without_a_fitted_scale_read_and_write_as_before() {
    for &ShippedNetwork { name, text, .. } in SHIPPED_NETWORKS {
        let (net, training) =
            Network::from_json_with_training(text, name).expect("a shipped network loads");
        let plain = net.without_fitted_scale();
        let plain_text = plain.to_json_with_training(training.as_ref());
        assert!(!plain_text.contains("calibration"), "{name}");
        let (back, back_training) =
            Network::from_json_with_training(&plain_text, name).expect("loads");
        assert!(back.fitted_scale().is_none(), "{name}");
        assert_eq!(back.scale(), 1.0, "{name}");
        assert_eq!(back, plain, "{name}");
        assert_eq!(
            back.to_json_with_training(back_training.as_ref()),
            plain_text,
            "{name} is written back unchanged"
        );
    }
}

#[test]
fn a_fitted_scale_round_trips() {
    let rules = rules("ludo");
    let net = random_network(&rules, 3)
        .with_fitted_scale(0.8125, "pachisi calibrate --fit-scale".into())
        .expect("a valid scale");
    let text = net.to_json();
    assert!(text.contains("\"calibration\":{\"scale\":0.8125"), "{text}");
    let back = Network::from_json(&text, "test").expect("valid");
    assert_eq!(back, net);
    assert_eq!(back.scale(), 0.8125);
    let plain = back.without_fitted_scale();
    assert_eq!(plain, random_network(&rules, 3));
    assert!(!plain.to_json().contains("calibration"));
}

#[test]
fn the_scale_multiplies_the_scores_before_the_softmax() {
    let rules = rules("ludo");
    let net = random_network(&rules, 8);
    let plain = evaluator(rules.clone(), Arc::new(net.clone())).expect("fits");
    let one = net.clone().with_fitted_scale(1.0, String::new());
    let one = evaluator(rules.clone(), Arc::new(one.expect("valid"))).expect("fits");
    let half = net.clone().with_fitted_scale(0.5, String::new());
    let half = evaluator(rules.clone(), Arc::new(half.expect("valid"))).expect("fits");
    let mut differ = false;
    for pos in positions(&rules, 4, 150) {
        let (_, playing) = crate::values::finished_teams(&rules, &pos);
        let scores = net.scores(&plain, &pos).map(f64::from);
        let softmax = |scale: f64| {
            let mut v = crate::values::finished_teams(&rules, &pos).0;
            crate::values::share_among_playing(&mut v, &playing, &scores, scale);
            v
        };
        if pos.phase() == Phase::Over {
            continue;
        }
        // Without a fitted scale, exactly the softmax of the scores, as before the field
        // existed; a fitted scale of 1 is the same to the bit.
        assert_eq!(plain.evaluate(&pos), softmax(1.0));
        assert_eq!(one.evaluate(&pos), plain.evaluate(&pos));
        assert_eq!(half.evaluate(&pos), softmax(0.5));
        differ |= half.evaluate(&pos) != plain.evaluate(&pos);
    }
    assert!(differ, "a scale of 0.5 changes the chances");
}

#[test]
fn bad_scales_are_refused_with_the_reason() {
    let rules = rules("ludo");
    for bad in [0.0, -2.0, f64::NAN, f64::INFINITY] {
        let e = random_network(&rules, 1)
            .with_fitted_scale(bad, String::new())
            .expect_err("refused")
            .to_string();
        assert!(e.contains("finite number above 0"), "{bad}: {e}");
    }
    for bad in [0.0, -1.5] {
        let e = refusal(&edited(|j| {
            j["calibration"] = serde_json::json!({"scale": bad, "made_by": "x"})
        }));
        assert!(
            e.contains("calibration `scale`") && e.contains("finite number above 0"),
            "{e}"
        );
    }
    // JSON has no infinity: a number beyond f64 is refused as it is read.
    let huge = edited(|j| j["calibration"] = serde_json::json!({"scale": 2.0, "made_by": "x"}))
        .replacen("\"scale\":2.0", "\"scale\":1e999", 1);
    assert!(
        refusal(&huge).contains("out of range"),
        "{}",
        refusal(&huge)
    );
    let e = refusal(&edited(|j| {
        j["calibration"] = serde_json::json!({"scale": 1.0, "made_by": "x", "when": 1})
    }));
    assert!(e.contains("when"), "{e}");
    let e = refusal(&edited(|j| {
        j["calibration"] = serde_json::json!({"made_by": "x"})
    }));
    assert!(e.contains("scale"), "{e}");
}
