use super::*;
use pachisi_core::{builtin_rules, Outcome};
use pachisi_sim::{play_game, Policy, RandomPolicy};

fn rules(name: &str, set: &[&str]) -> Arc<Rules> {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    Arc::new(builtin_rules(name, &set).expect("a built-in ruleset"))
}

fn spec(text: &str) -> BotSpec {
    text.parse().expect("a valid spec")
}

/// A game from the usual start, `policy` choosing, cut after `max_steps` steps.
fn game(rules: &Rules, seed: u64, policy: &mut impl Policy, max_steps: usize) -> ReplayedGame {
    let start = Position::new(rules);
    let mut steps = Vec::new();
    play_game(rules, start, seed, policy, |step, _| {
        if steps.len() < max_steps {
            steps.push(match step {
                pachisi_sim::Step::Throw(t) => Step::Throw(t),
                pachisi_sim::Step::Move { mv, .. } => Step::Move(mv),
            });
        }
    });
    ReplayedGame { start, steps }
}

fn random_game(rules: &Rules, seed: u64, max_steps: usize) -> ReplayedGame {
    game(rules, seed, &mut RandomPolicy::for_game(seed), max_steps)
}

fn quiet(_: u64, _: u64) {}

#[test]
fn the_marks_follow_the_thresholds() {
    assert_eq!(Mark::for_loss(0.0), None);
    assert_eq!(Mark::for_loss(INACCURACY - 1e-9), None);
    assert_eq!(Mark::for_loss(INACCURACY), Some(Mark::Inaccuracy));
    assert_eq!(Mark::for_loss(MISTAKE - 1e-9), Some(Mark::Inaccuracy));
    assert_eq!(Mark::for_loss(MISTAKE), Some(Mark::Mistake));
    assert_eq!(Mark::for_loss(BLUNDER - 1e-9), Some(Mark::Mistake));
    assert_eq!(Mark::for_loss(BLUNDER), Some(Mark::Blunder));
    assert_eq!(Mark::for_loss(1.0), Some(Mark::Blunder));
    let symbols: Vec<&str> = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
        .iter()
        .map(|m| m.symbol())
        .collect();
    assert_eq!(symbols, ["?!", "?", "??"]);
    const { assert!(INACCURACY < MISTAKE && MISTAKE < BLUNDER) };
}

#[test]
fn every_decision_is_graded_by_its_loss_and_forced_moves_are_not() {
    for (name, set) in [("pachisi", &[][..]), ("ludo", &[]), ("parcheesi-sr", &[])] {
        let rules = rules(name, set);
        let game = random_game(&rules, 3, 300);
        let a = analyze(&rules, &game, &spec("heuristic"), Some(1), &quiet).expect("analysed");
        let moves = game
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Move(_)))
            .count();
        assert_eq!(a.decisions.len() + a.forced, moves, "{name}");
        assert!(a.forced > 0 && !a.decisions.is_empty(), "{name}");
        for d in &a.decisions {
            assert!(d.choices > 1, "{name}: {d:?}");
            assert!(d.loss >= 0.0, "{name}: {d:?}");
            assert!(d.best_chance >= d.played_chance, "{name}: {d:?}");
            assert_eq!(d.mark, Mark::for_loss(d.loss), "{name}: {d:?}");
            assert!((d.loss - (d.best_chance - d.played_chance)).abs() < 1e-12);
            if d.loss == 0.0 {
                assert_eq!(
                    d.best, d.played,
                    "{name}: the move played is as good: {d:?}"
                );
            }
        }
        // Random play under the heuristic's own estimates loses something somewhere.
        assert!(a.decisions.iter().any(|d| d.mark.is_some()), "{name}");
        assert_eq!(
            a.throws.len(),
            game.steps.len() - moves,
            "{name}: every throw"
        );
    }
}

#[test]
fn a_move_without_a_choice_is_not_graded() {
    // Ludo's start: only a 6 brings a token out, and every token out of the yard is alike, so
    // every move of the first turns is forced (one position reachable).
    let rules = rules("ludo", &[]);
    let start = Position::new(&rules);
    let six = rules.throw_by_value(6).expect("a six");
    let mut pos = start;
    pos.apply_throw(&rules, six).expect("a throw is due");
    let moves = pos.legal_moves(&rules);
    assert!(!moves.is_empty());
    assert!(!has_choice(&rules, &pos), "{moves:?}");
    let game = ReplayedGame {
        start,
        steps: vec![Step::Throw(six), Step::Move(moves[0])],
    };
    let a = analyze(&rules, &game, &spec("heuristic"), Some(1), &quiet).expect("analysed");
    assert!(a.decisions.is_empty(), "{:?}", a.decisions);
    assert_eq!(a.forced, 1);
    assert_eq!(a.seats[0].decisions, 0);
    assert_eq!(a.seats[0].average_loss, 0.0);
}

#[test]
fn luck_averages_to_zero_over_the_outcomes_and_is_zero_where_every_throw_is_alike() {
    let rules = rules("pachisi", &[]);
    let game = random_game(&rules, 11, 40);
    let spec = spec("expectimax:depth=0");
    let a = analyze(&rules, &game, &spec, Some(1), &quiet).expect("analysed");
    // Replace the first throw by each outcome in turn: the lucks, weighted by the outcomes'
    // probabilities, sum to zero.
    let mut weighted = 0.0;
    for (i, o) in rules.outcomes().iter().enumerate() {
        let g = ReplayedGame {
            start: game.start,
            steps: vec![Step::Throw(Throw(i as u8))],
        };
        let b = analyze(&rules, &g, &spec, Some(1), &quiet).expect("analysed");
        assert!((b.throws[0].before - a.throws[0].before).abs() < 1e-12);
        weighted += o.probability * b.throws[0].luck;
    }
    assert!(weighted.abs() < 1e-12, "{weighted}");
    // A single-outcome device: every throw is the same throw, so none is lucky.
    let one = rules_with_one_outcome();
    let g = random_game(&one, 5, 60);
    let b = analyze(&one, &g, &spec, Some(1), &quiet).expect("analysed");
    assert!(!b.throws.is_empty());
    assert!(
        b.throws.iter().all(|t| t.luck.abs() < 1e-12),
        "{:?}",
        b.throws
    );
}

/// Ludo with a die whose two faces both show 6: one outcome, certain.
fn rules_with_one_outcome() -> Arc<Rules> {
    let rules = rules("ludo", &["throw.faces=[6,6]"]);
    let outcomes: Vec<f64> = rules
        .outcomes()
        .iter()
        .map(|o: &Outcome| o.probability)
        .collect();
    assert_eq!(outcomes, [1.0]);
    rules
}

#[test]
fn the_results_are_the_same_on_one_and_two_threads() {
    let rules = rules("parcheesi-sr", &[]);
    let game = random_game(&rules, 7, 200);
    let spec = spec("expectimax:depth=0");
    let one = analyze(&rules, &game, &spec, Some(1), &quiet).expect("analysed");
    let two = analyze(&rules, &game, &spec, Some(2), &quiet).expect("analysed");
    assert_eq!(one, two);
}

#[test]
fn the_progress_reaches_its_total_and_a_bot_without_estimates_is_refused() {
    let rules = rules("pachisi", &[]);
    let game = random_game(&rules, 2, 30);
    let last = std::sync::Mutex::new((0, 0));
    let progress = |done: u64, total: u64| {
        let mut l = last.lock().expect("not poisoned");
        *l = (l.0.max(done), total);
    };
    analyze(&rules, &game, &spec("heuristic"), Some(2), &progress).expect("analysed");
    let (done, total) = *last.lock().expect("not poisoned");
    assert!(total > 0 && done == total, "{done}/{total}");
    for bot in ["random", "mcts:playouts=10"] {
        let err = analyze(&rules, &game, &spec(bot), Some(1), &quiet).expect_err("refused");
        assert!(matches!(err, AnalysisError::NoEstimates(_)), "{err}");
        assert!(err.to_string().contains("expectimax"), "{err}");
    }
}

#[test]
fn a_record_replays_into_the_same_game_with_its_opening() {
    let rules = rules("pachisi-7-cowries", &[]);
    let mut record = GameRecord::new("pachisi-7-cowries");
    let start = match pachisi_sim::throw_off(&rules, 9) {
        Some(off) => {
            record.set_tag("Opening", off.to_text(&rules));
            off.start(&rules)
        }
        None => Position::new(&rules),
    };
    pachisi_sim::play_random_game(&rules, start, 9, Some(&mut record));
    let game = ReplayedGame::from_record(&rules, &record).expect("replays");
    assert_eq!(game.start, start);
    assert_eq!(game.steps.len(), record.actions.len());
    let mut broken = record.clone();
    broken.set_tag("Final", "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -");
    assert!(ReplayedGame::from_record(&rules, &broken).is_err());
}

#[test]
fn the_chances_are_given_before_every_throw_and_at_the_end_and_sum_to_one() {
    for (name, evaluator) in [("pachisi", "heuristic"), ("ludo", "expectimax:depth=0")] {
        let rules = rules(name, &[]);
        let game = random_game(&rules, 5, usize::MAX);
        let end = game.end(&rules);
        assert_eq!(end.phase(), Phase::Over, "{name}: a whole game");
        let a = analyze(&rules, &game, &spec(evaluator), Some(1), &quiet).expect("analysed");
        assert_eq!(a.chances.len(), a.throws.len() + 1, "{name}");
        for (point, throw) in a.chances.iter().zip(&a.throws) {
            assert_eq!(point.steps + 1, throw.number, "{name}");
            assert_eq!(point.turn, throw.turn, "{name}");
        }
        for point in &a.chances {
            assert_eq!(point.teams.len(), usize::from(rules.teams()), "{name}");
            let sum: f64 = point.teams.iter().sum();
            assert!((sum - 1.0).abs() < 1e-9, "{name}: {point:?}");
        }
        let last = a.chances.last().expect("the end");
        assert_eq!(last.steps, game.steps.len(), "{name}");
        let winner = end.winner().expect("a winner");
        assert_eq!(last.teams[usize::from(winner)], 1.0, "{name}: {last:?}");
    }
}

#[test]
fn a_game_cut_while_a_move_is_due_has_no_point_at_its_end() {
    let rules = rules("ludo", &[]);
    let mut game = random_game(&rules, 8, 400);
    while game.end(&rules).phase() != Phase::Move {
        game.steps.pop();
    }
    let a = analyze(&rules, &game, &spec("heuristic"), Some(1), &quiet).expect("analysed");
    assert_eq!(a.chances.len(), a.throws.len());
}

#[test]
fn the_positions_evaluated_are_never_more_than_the_bound() {
    for (name, steps) in [("pachisi", 400), ("ludo", 400), ("parcheesi-sr", 300)] {
        let rules = rules(name, &[]);
        for cut in [0, 1, steps] {
            let game = random_game(&rules, 5, cut);
            let total = std::sync::atomic::AtomicU64::new(0);
            let progress = |_: u64, t: u64| total.store(t, Ordering::Relaxed);
            analyze(&rules, &game, &spec("heuristic"), Some(1), &progress).expect("analysed");
            let evaluated = total.load(Ordering::Relaxed) as usize;
            let bound = game.positions_at_most(&rules);
            assert!(evaluated <= bound, "{name} ({cut}): {evaluated} > {bound}");
            // Near the bound, so that it does not refuse games far cheaper than it says.
            assert!(
                2 * evaluated >= bound,
                "{name} ({cut}): {evaluated} of {bound}"
            );
        }
    }
}
