//! The engine's hot path (throw, legal moves, play) allocates nothing: the move list is a buffer
//! the caller reuses and a position is a `Copy` value. Counted with an instrumented global
//! allocator over whole random games of every built-in ruleset.

use pachisi_core::{builtin_rules, Move, Phase, Position, BUILTIN_RULESETS};
use pachisi_sim::{game_seed, Policy, RandomPolicy, SeededThrows};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn throwing_generating_and_playing_allocate_nothing() {
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in");
        // Room for any move list, reserved before counting starts.
        let mut legal: Vec<Move> = Vec::with_capacity(4096);
        for game in 0..3 {
            let seed = game_seed(11, game);
            let mut throws = SeededThrows::new(seed);
            let mut policy = RandomPolicy::for_game(seed);
            let mut pos = Position::new(&rules);
            let mut steps = 0u64;
            let region = Region::new(GLOBAL);
            while pos.phase() != Phase::Over && steps < 1_000_000 {
                steps += 1;
                if pos.phase() == Phase::Throw {
                    let t = throws.next_throw(&rules);
                    pos.apply_throw(&rules, t).expect("a throw is due");
                } else {
                    pos.legal_moves_into(&rules, &mut legal);
                    let mv = policy.choose(&rules, &pos, &legal);
                    pos.play_unchecked(&rules, mv);
                }
            }
            let change = region.change();
            assert_eq!(pos.phase(), Phase::Over, "{name}: game {game} ends");
            assert_eq!(
                (change.allocations, change.reallocations),
                (0, 0),
                "{name}: game {game} allocated over {steps} steps"
            );
        }
    }
}
