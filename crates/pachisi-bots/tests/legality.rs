//! Every bot under every built-in ruleset (and a few optional rules that change the moves): it
//! only ever plays legal moves, never hangs, always finishes the game, and plays the same game
//! again from the same seeds. Strength is measured by `pachisi tournament`, not here.

use pachisi_bots::{Bot, BotSpec};
use pachisi_core::{builtin_rules, Move, Phase, Position, Rules, BUILTIN_RULESETS};
use pachisi_sim::{game_seed, SeededThrows, MAX_THROWS_PER_GAME};
use std::sync::Arc;

/// Rulesets with optional rules whose moves the built-ins do not have.
const OPTIONAL: &[(&str, &[&str])] = &[
    ("pachisi", &["moves.split=true"]),
    ("pachisi", &["players.pieces=8", "moves.exact_home=true"]),
    (
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    ),
    ("parcheesi-sr", &["finish.placings=all"]),
    (
        "parcheesi-mb",
        &["capture.overtake=true", "moves.usage=all-or-nothing"],
    ),
    ("ludo", &["board.direction=clockwise"]),
];

/// The bots the seats take in turn, with budgets small enough for a test build (the node budget
/// also bounds rulesets whose throws may be split between pieces).
fn lineup() -> Vec<BotSpec> {
    [
        "mcts:playouts=12:cutoff=4",
        "expectimax:depth=1:nodes=20000",
        "heuristic",
        "random",
        "neural",
        "mcts:playouts=8:rollout=random",
    ]
    .iter()
    .map(|s| s.parse().expect("valid spec"))
    .collect()
}

/// Plays one game with the lineup rotated by `shift`, checking every move; returns the moves.
fn play(rules: &Arc<Rules>, label: &str, seed: u64, shift: usize) -> Vec<Move> {
    let specs = lineup();
    let mut bots: Vec<Box<dyn Bot>> = (0..usize::from(rules.seats()))
        .map(|seat| {
            specs[(seat + shift) % specs.len()].build(rules.clone(), game_seed(seed, seat as u64))
        })
        .collect();
    let mut throws = SeededThrows::new(seed);
    let mut pos = Position::new(rules);
    let mut moves = Vec::new();
    let mut thrown = 0;
    while pos.phase() != Phase::Over {
        assert!(
            thrown < MAX_THROWS_PER_GAME,
            "{label}: no end after {thrown} throws"
        );
        if pos.phase() == Phase::Throw {
            pos.apply_throw(rules, throws.next_throw(rules))
                .expect("a throw is due");
            thrown += 1;
            continue;
        }
        let seat = usize::from(pos.to_move());
        let mv = bots[seat].choose(&pos);
        if let Err(e) = pos.play(rules, mv) {
            panic!(
                "{label}: {} (seat {seat}) played {mv} in {}: {e}",
                specs[(seat + shift) % specs.len()],
                pos.to_notation(rules)
            );
        }
        moves.push(mv);
    }
    moves
}

fn every_ruleset() -> Vec<(String, Arc<Rules>)> {
    let builtin = BUILTIN_RULESETS.iter().map(|(name, _)| (*name, &[][..]));
    builtin
        .chain(OPTIONAL.iter().copied())
        .map(|(name, set)| {
            let overrides: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            let rules = builtin_rules(name, &overrides).expect("valid ruleset");
            (format!("{name} {set:?}"), Arc::new(rules))
        })
        .collect()
}

#[test]
fn every_bot_plays_legal_moves_to_the_end_under_every_ruleset() {
    for (label, rules) in every_ruleset() {
        // Rotating the lineup puts every bot in a seat of every team somewhere.
        for shift in 0..2 {
            play(&rules, &label, 17 + shift as u64, shift);
        }
    }
}

#[test]
fn the_same_seeds_give_the_same_game() {
    for name in ["pachisi", "parcheesi-sr", "ludo"] {
        let rules = Arc::new(builtin_rules(name, &[]).expect("built-in"));
        assert_eq!(play(&rules, name, 5, 0), play(&rules, name, 5, 0), "{name}");
    }
}

#[test]
fn bots_that_estimate_rank_every_legal_move() {
    let rules = Arc::new(builtin_rules("parcheesi-sr", &[]).expect("built-in"));
    let mut pos = Position::new(&rules);
    let throw = rules
        .throw_by_name("5-3".parse().expect("throw name"))
        .expect("an outcome");
    pos.apply_throw(&rules, throw).expect("a throw is due");
    let legal = pos.legal_moves(&rules);
    for spec in ["heuristic", "expectimax:depth=0", "mcts:playouts=20"] {
        let spec: BotSpec = spec.parse().expect("valid");
        let ranked = spec.build(rules.clone(), 1).rank(&pos).expect("estimates");
        assert_eq!(ranked.len(), legal.len(), "{spec}");
        assert!(
            legal.iter().all(|m| ranked.iter().any(|r| r.mv == *m)),
            "{spec}"
        );
        assert!(
            ranked.iter().all(|r| (0.0..=1.0).contains(&r.win_chance)),
            "{spec}"
        );
    }
    let random: BotSpec = "random".parse().expect("valid");
    assert!(random.build(rules, 1).rank(&pos).is_none());
}
