//! The engine's hot path (throw, legal moves, play) allocates nothing: the move list is a buffer
//! the caller reuses and a position is a `Copy` value. Counted with an instrumented global
//! allocator over whole random games of every built-in ruleset.

use pachisi_core::{builtin_rules, Move, Phase, Position, BUILTIN_RULESETS};
use pachisi_sim::{game_seed, Policy, RandomPolicy, SeededThrows};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Plays game `game` of `name` and returns the allocations and reallocations counted while it
/// ran, with the number of steps.
fn count_game(
    rules: &pachisi_core::Rules,
    legal: &mut Vec<Move>,
    game: u64,
) -> ((usize, usize), u64) {
    let seed = game_seed(11, game);
    let mut throws = SeededThrows::new(seed);
    let mut policy = RandomPolicy::for_game(seed);
    let mut pos = Position::new(rules);
    let mut steps = 0u64;
    let region = Region::new(GLOBAL);
    while pos.phase() != Phase::Over && steps < 1_000_000 {
        steps += 1;
        if pos.phase() == Phase::Throw {
            let t = throws.next_throw(rules);
            pos.apply_throw(rules, t).expect("a throw is due");
        } else {
            pos.legal_moves_into(rules, legal);
            let mv = policy.choose(rules, &pos, legal);
            pos.play_unchecked(rules, mv);
        }
    }
    let change = region.change();
    assert_eq!(pos.phase(), Phase::Over, "game {game} ends");
    ((change.allocations, change.reallocations), steps)
}

#[test]
fn throwing_generating_and_playing_allocate_nothing() {
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in");
        // Room for any move list, reserved before counting starts.
        let mut legal: Vec<Move> = Vec::with_capacity(4096);
        for game in 0..3 {
            // The allocator counts every thread of the process, and the test harness's own
            // threads allocate now and then. The engine is deterministic, so an allocation of its
            // own shows in every run of the same game: a game passes when one of three runs
            // counts none.
            let runs: Vec<_> = (0..3)
                .map(|_| count_game(&rules, &mut legal, game))
                .collect();
            assert!(
                runs.iter().any(|(counts, _)| *counts == (0, 0)),
                "{name}: game {game} allocated over {} steps (allocations, reallocations per run: {:?})",
                runs[0].1,
                runs.iter().map(|r| r.0).collect::<Vec<_>>()
            );
        }
    }
}
