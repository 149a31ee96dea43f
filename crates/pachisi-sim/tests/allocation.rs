//! The engine's hot path (throw, legal moves, play) allocates nothing: the move list is a buffer
//! the caller reuses and a position is a `Copy` value. Counted with an instrumented global
//! allocator over whole random games of every built-in ruleset, and over the compact
//! `PlainGame` where the rules allow one.

use pachisi_core::plain::MAX_PLAIN_MOVES;
use pachisi_core::{builtin_rules, Move, Phase, PlainGame, Position, BUILTIN_RULESETS};
use pachisi_sim::{game_seed, Policy, RandomPolicy, SeededThrows};
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;
use std::sync::Mutex;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The allocator counts every thread, so the tests of this file take turns: one test's setup
/// (parsing rulesets, collecting results) must not show in another's count.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

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
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
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

/// Plays game `game` on a [`PlainGame`] and returns the allocations and reallocations counted
/// while it ran.
fn count_plain_game(rules: &pachisi_core::Rules, game: u64) -> (usize, usize) {
    let seed = game_seed(12, game);
    let mut throws = SeededThrows::new(seed);
    let mut policy = RandomPolicy::for_game(seed);
    let mut legal = [Move::Pass; MAX_PLAIN_MOVES];
    // The policy asks for a position it does not look at; the plain game keeps none.
    let pos = Position::new(rules);
    let region = Region::new(GLOBAL);
    let mut plain = PlainGame::new(rules).expect("plain rules");
    let mut steps = 0u64;
    while plain.phase() != Phase::Over && steps < 1_000_000 {
        steps += 1;
        if plain.phase() == Phase::Throw {
            let t = throws.next_throw(rules);
            plain.apply_throw(t).expect("a throw is due");
        } else {
            let n = plain.legal_moves(&mut legal);
            let mv = policy.choose(rules, &pos, &legal[..n]);
            plain.play_unchecked(mv);
        }
    }
    let change = region.change();
    assert_eq!(plain.phase(), Phase::Over, "game {game} ends");
    (change.allocations, change.reallocations)
}

#[test]
fn plain_games_allocate_nothing() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut plain = 0;
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in");
        if !PlainGame::supports(&rules) {
            continue;
        }
        plain += 1;
        for game in 0..3 {
            // As above: a game passes when one of three runs counts none.
            let runs: Vec<_> = (0..3).map(|_| count_plain_game(&rules, game)).collect();
            assert!(
                runs.contains(&(0, 0)),
                "{name}: plain game {game} allocated (per run: {runs:?})"
            );
        }
    }
    assert!(plain >= 4, "{plain} plain rulesets");
}
