//! A game the evaluator plays against itself, with one move spoiled on purpose: the analysis
//! must mark that move and no other (`pachisi analyze`, and the page's analysis).

#![allow(dead_code)]

use pachisi_bots::{BotSpec, SeatBots};
use pachisi_core::{builtin_rules, Action, GameRecord, Move, Phase, Position, Rules};
use pachisi_sim::{play_game, Step};
use std::sync::Arc;

/// The evaluator of these tests, which also plays the games: its own moves lose nothing.
pub const EVALUATOR: &str = "expectimax:depth=0";

/// A game of `name` with `EVALUATOR` in every seat, from the usual start, its first `steps`
/// throws and moves.
fn bot_game(rules: &Arc<Rules>, seed: u64, steps: usize) -> Vec<Action> {
    let spec: BotSpec = EVALUATOR.parse().expect("a spec");
    let specs = vec![spec; usize::from(rules.seats())];
    let mut policy = SeatBots::new(&specs, rules, seed);
    let mut actions = Vec::new();
    play_game(rules, Position::new(rules), seed, &mut policy, |step, _| {
        actions.push(match step {
            Step::Throw(t) => Action::Throw(rules.outcome(t).name),
            Step::Move { mv, .. } => Action::Move(mv),
        });
    });
    actions.truncate(steps);
    actions
}

/// The first decision of `actions` (by index) where the evaluator rates the worst legal move at
/// least `margin` below the best, with that move and its loss.
fn spoilable(rules: &Arc<Rules>, actions: &[Action], margin: f64) -> (usize, Move, f64) {
    let spec: BotSpec = EVALUATOR.parse().expect("a spec");
    let mut bot = spec.build(rules.clone(), 0);
    let mut pos = Position::new(rules);
    for (i, action) in actions.iter().enumerate() {
        match *action {
            Action::Throw(name) => {
                let throw = rules.throw_named(name).expect("a throw of the rules");
                pos.apply_throw(rules, throw).expect("a throw is due");
            }
            Action::Move(mv) => {
                assert_eq!(pos.phase(), Phase::Move);
                let ranked = bot.rank(&pos).expect("estimates");
                let (best, worst) = (ranked[0], ranked[ranked.len() - 1]);
                if best.win_chance - worst.win_chance >= margin {
                    return (i, worst.mv, best.win_chance - worst.win_chance);
                }
                pos.play(rules, mv).expect("a legal move");
            }
            Action::Seat(_) => {}
        }
    }
    panic!("no decision where a move loses {margin}");
}

/// A record of `name`: the evaluator's own game (seed `seed`) up to the first decision where a
/// legal move loses at least `margin`, that move played instead, and nothing after it. Returns
/// the record's text, the spoiled move's number among the game's throws and moves (from 1, as
/// the analysis and the replay viewer count), the move and its loss.
pub fn spoiled_record(name: &str, seed: u64, margin: f64) -> (String, usize, Move, f64) {
    let rules = Arc::new(builtin_rules(name, &[]).expect("a built-in ruleset"));
    let actions = bot_game(&rules, seed, 400);
    let (at, worst, loss) = spoilable(&rules, &actions, margin);
    let mut record = GameRecord::new(name);
    for action in &actions[..at] {
        record.push(*action);
    }
    record.push(Action::Move(worst));
    let text = record.to_text(&rules).expect("the record replays");
    (text, at + 1, worst, loss)
}

/// The decision `analysis` (an analysis's JSON) marks, checked to be the spoiled move alone
/// (`number`, `worst`), as a mistake or a blunder with its `loss`.
pub fn marked_alone(
    analysis: &serde_json::Value,
    number: usize,
    worst: Move,
    loss: f64,
) -> &serde_json::Value {
    let marked: Vec<&serde_json::Value> = analysis["decisions"]
        .as_array()
        .expect("decisions")
        .iter()
        .filter(|d| !d["mark"].is_null())
        .collect();
    assert_eq!(marked.len(), 1, "only the spoiled move: {marked:?}");
    let d = marked[0];
    assert_eq!(d["number"], number, "{d}");
    assert_eq!(d["played"], worst.to_string(), "{d}");
    assert!(d["mark"] == "mistake" || d["mark"] == "blunder", "{d}");
    let reported = d["loss"].as_f64().expect("a loss");
    assert!((reported - loss).abs() < 1e-9, "{reported} vs {loss}");
    d
}
