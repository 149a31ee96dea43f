use super::*;
use pachisi_core::builtin_rules;
use std::collections::HashMap;

/// Ludo between two seats (Red and Yellow, on opposite arms): small races stay small.
fn ludo_two() -> Arc<Rules> {
    let set = [
        "players.seats=[0,2]".to_string(),
        "players.colours=[\"red\",\"yellow\"]".to_string(),
    ];
    Arc::new(builtin_rules("ludo", &set).expect("two-seat ludo"))
}

/// `notation` after the throw `value`.
fn after_throw(rules: &Rules, notation: &str, value: u8) -> Position {
    let mut pos = Position::from_notation(rules, notation).expect("a position");
    let t = rules.throw_by_value(value).expect("a throw");
    pos.apply_throw(rules, t).expect("a throw is due");
    pos
}

fn settings(rollouts: u32, threads: usize, sampling: Sampling) -> RolloutSettings {
    RolloutSettings {
        rollouts,
        seed: 7,
        threads,
        sampling,
    }
}

fn heuristic() -> BotSpec {
    "heuristic".parse().expect("a spec")
}

/// Red to move with two pieces near home and a 3 to spend (one of them can finish); Yellow's last
/// piece close behind.
const RACE: &str = "h,h,50,54/h,h,h,52 Rt -";

#[test]
fn one_thread_and_two_give_the_same_rollouts() {
    let rules = ludo_two();
    let pos = after_throw(&rules, "h,30,40,50/h,20,45,51 Rt -", 3);
    for sampling in [Sampling::Paired, Sampling::Plain] {
        let run = |threads| {
            roll_out(
                &rules,
                &pos,
                &heuristic(),
                settings(40, threads, sampling),
                &|_| {},
            )
            .expect("rollouts")
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.wins, two.wins);
        assert_eq!(one.strata, two.strata);
        assert!(one.moves().len() > 1);
    }
}

#[test]
fn paired_candidates_draw_the_same_throws_in_order() {
    let rules = ludo_two();
    let pos = after_throw(&rules, "h,30,40,50/h,20,45,51 Rt -", 3);
    for (sampling, shared) in [(Sampling::Paired, true), (Sampling::Plain, false)] {
        let plan = Plan::new(&rules, &pos, &heuristic(), settings(20, 1, sampling)).expect("plan");
        let mut all_shared = true;
        for i in 0..20 {
            let seen: Vec<Vec<Throw>> = (0..plan.moves.len())
                .map(|k| {
                    let mut throws = Vec::new();
                    plan.play(k, i, |t| throws.push(t));
                    throws
                })
                .collect();
            // Games of different lengths: the shorter saw the beginning of the longer's throws.
            for a in &seen {
                for b in &seen {
                    let n = a.len().min(b.len());
                    all_shared &= a[..n] == b[..n];
                }
            }
        }
        assert_eq!(all_shared, shared, "{sampling:?}");
    }
}

#[test]
fn stratified_first_throws_come_in_their_exact_proportions() {
    for (name, n) in [("pachisi", 1000), ("ludo", 97), ("parcheesi-sr", 2000)] {
        let rules = Arc::new(builtin_rules(name, &[]).expect("rules"));
        // The start after the first throw that leaves a move to make.
        let pos = (0..rules.outcomes().len() as u8)
            .map(|t| {
                let mut pos = Position::new(&rules);
                pos.apply_throw(&rules, Throw(t)).expect("a throw");
                pos
            })
            .find(|pos| pos.phase() == Phase::Move)
            .expect("some throw enters a piece");
        let plan =
            Plan::new(&rules, &pos, &heuristic(), settings(n, 1, Sampling::Paired)).expect("plan");
        let outcomes = rules.outcomes().len();
        let mut singles = vec![0u32; outcomes];
        let mut pairs = vec![0u32; outcomes * outcomes];
        for i in 0..n {
            let [a, b] = plan.lead(i).expect("paired");
            singles[usize::from(a.0)] += 1;
            pairs[usize::from(a.0) * outcomes + usize::from(b.0)] += 1;
        }
        let out = rules.outcomes();
        for (a, count) in singles.iter().enumerate() {
            let expected = f64::from(n) * out[a].probability;
            assert!((f64::from(*count) - expected).abs() <= 1.0, "{name} {a}");
        }
        for (ab, count) in pairs.iter().enumerate() {
            let p = out[ab / outcomes].probability * out[ab % outcomes].probability;
            let expected = f64::from(n) * p;
            assert!((f64::from(*count) - expected).abs() <= 1.0, "{name} {ab}");
        }
    }
}

#[test]
fn a_move_that_wins_at_once_is_certain() {
    let rules = ludo_two();
    let pos = after_throw(&rules, "h,h,h,55/h,h,h,52 Rt -", 2);
    let r = roll_out(
        &rules,
        &pos,
        &heuristic(),
        settings(10, 1, Sampling::Paired),
        &|_| {},
    )
    .expect("rollouts");
    let best = r.ranking()[0];
    let e = r.chance(best);
    assert_eq!((e.mean, e.se, e.low, e.high), (1.0, 0.0, 1.0, 1.0));
}

#[test]
fn too_few_rollouts_and_positions_without_a_move_are_refused() {
    let rules = ludo_two();
    let pos = after_throw(&rules, RACE, 2);
    let run = |pos: &Position, n| {
        roll_out(
            &rules,
            pos,
            &heuristic(),
            settings(n, 1, Sampling::Paired),
            &|_| {},
        )
    };
    assert!(matches!(run(&pos, 1), Err(RolloutError::TooFew(1))));
    let waiting = Position::from_notation(&rules, RACE).expect("a position");
    assert!(matches!(run(&waiting, 10), Err(RolloutError::NoDecision)));
}

/// The mover's team's exact winning chance from `start`, the heuristic bot choosing where there
/// is a choice: value iteration over every position the race can reach (a turn passed returns
/// to a position seen before, so plain recursion would not end).
fn exact_chance(rules: &Arc<Rules>, start: Position, team: u8) -> f64 {
    let mut bot = heuristic().build(rules.clone(), 1);
    let mut index: HashMap<Position, usize> = HashMap::new();
    let mut states = vec![start];
    index.insert(start, 0);
    // Each state's successors with their probabilities; a finished race has none.
    let mut edges: Vec<Vec<(f64, usize)>> = Vec::new();
    let mut value: Vec<f64> = Vec::new();
    let mut next = 0;
    while next < states.len() {
        let pos = states[next];
        let children: Vec<(f64, Position)> = if !pos.placings().is_empty() {
            Vec::new()
        } else if pos.phase() == Phase::Throw {
            let outcomes = rules.outcomes().iter().zip(0u8..);
            outcomes
                .map(|(o, t)| {
                    let mut child = pos;
                    child.apply_throw(rules, Throw(t)).expect("a throw");
                    (o.probability, child)
                })
                .collect()
        } else {
            let legal = legal_moves(rules, &pos);
            let mv = if legal.len() == 1 {
                legal[0]
            } else {
                bot.choose(&pos)
            };
            vec![(1.0, after(rules, &pos, mv))]
        };
        value.push(f64::from(u8::from(pos.winner() == Some(team))));
        edges.push(
            children
                .into_iter()
                .map(|(p, child)| {
                    let id = *index.entry(child).or_insert_with(|| {
                        states.push(child);
                        states.len() - 1
                    });
                    (p, id)
                })
                .collect(),
        );
        next += 1;
    }
    for _ in 0..100_000 {
        let mut change: f64 = 0.0;
        for s in 0..states.len() {
            if edges[s].is_empty() {
                continue;
            }
            let v: f64 = edges[s].iter().map(|&(p, c)| p * value[c]).sum();
            change = change.max((v - value[s]).abs());
            value[s] = v;
        }
        if change < 1e-12 {
            break;
        }
    }
    value[0]
}

#[test]
fn an_exactly_known_race_lies_inside_its_intervals() {
    let rules = ludo_two();
    let pos = after_throw(&rules, RACE, 3);
    let team = rules.team_of(pos.to_move());
    for sampling in [Sampling::Paired, Sampling::Plain] {
        let r = roll_out(
            &rules,
            &pos,
            &heuristic(),
            settings(4000, 0, sampling),
            &|_| {},
        )
        .expect("rollouts");
        assert_eq!(r.moves().len(), 2);
        let exact: Vec<f64> = r
            .moves()
            .iter()
            .map(|&mv| exact_chance(&rules, after(&rules, &pos, mv), team))
            .collect();
        for (k, &mv) in r.moves().iter().enumerate() {
            let e = r.chance(k);
            assert!(
                within(e.mean, e.se, exact[k]),
                "{sampling:?} {mv}: exact {}, estimate {e:?}",
                exact[k]
            );
        }
        let d = r.difference(1, 0);
        let exact_d = exact[1] - exact[0];
        assert!(
            within(d.mean, d.se, exact_d),
            "{sampling:?}: exact difference {exact_d}, estimate {d:?}"
        );
    }
}

/// Whether `exact` lies within 3.29 standard errors of `mean`: the 99.9% interval. The test makes
/// six such checks, so the 95% interval the rollouts report would fail one of them about a
/// quarter of the time by chance alone (the estimates' errors are standard normal over seeds);
/// a biased estimate misses by far more.
fn within(mean: f64, se: f64, exact: f64) -> bool {
    (mean - exact).abs() <= 3.29 * se
}
