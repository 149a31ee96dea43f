//! Benchmarks of the engine's hot path: legal move generation, and whole random games.
//!
//! Run with `cargo bench -p pachisi-sim`; docs/performance.md records the figures.

use criterion::{black_box, criterion_main, BenchmarkId, Criterion, Throughput};
use pachisi_core::{builtin_rules, Move, Phase, Position, BUILTIN_RULESETS};
use pachisi_sim::{
    game_seed, play_random_counted, play_random_game, Policy, RandomPolicy, SeededThrows, Stats,
};

/// Positions waiting for a move, taken every few actions from seeded random games.
fn move_positions(name: &str) -> Vec<Position> {
    let rules = builtin_rules(name, &[]).expect("built-in ruleset");
    let mut record = pachisi_core::GameRecord::new(name);
    play_random_game(&rules, Position::new(&rules), 11, Some(&mut record));
    let mut pos = Position::new(&rules);
    let mut out = Vec::new();
    for (action, _, _) in &record.actions {
        match *action {
            pachisi_core::Action::Throw(name) => {
                let t = rules.throw_by_name(name).expect("recorded throw");
                pos.apply_throw(&rules, t).expect("replays");
            }
            pachisi_core::Action::Move(mv) => pos.play(&rules, mv).expect("replays"),
            pachisi_core::Action::Seat(_) => {}
        }
        if pos.phase() == Phase::Move && out.len() < 256 {
            out.push(pos);
        }
    }
    out
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for name in [
        "pachisi",
        "herklots-1832",
        "humphries-1904",
        "pachisi-encyclopedia",
        "parcheesi-sr",
        "ludo",
    ] {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        let positions = move_positions(name);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(name),
            &positions,
            |b, positions| {
                let mut moves: Vec<Move> = Vec::with_capacity(64);
                b.iter(|| {
                    let mut total = 0;
                    for pos in positions {
                        pos.legal_moves_into(&rules, &mut moves);
                        total += moves.len();
                    }
                    black_box(total)
                });
            },
        );
    }
    group.finish();
}

fn random_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.sample_size(30);
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        let mut i = 0;
        group.bench_function(*name, |b| {
            b.iter(|| {
                i += 1;
                black_box(
                    play_random_game(&rules, Position::new(&rules), game_seed(5, i), None).throws,
                )
            });
        });
    }
    group.finish();
}

/// One whole game between random players, counted as `pachisi simulate` counts it: on a
/// `PlainGame` for the rulesets it supports (the same game `random_game` plays, and the same
/// counts, quicker).
fn counted_random_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("counted_random_game");
    group.sample_size(30);
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        let mut stats = Stats::new(&rules);
        let mut i = 0;
        group.bench_function(*name, |b| {
            b.iter(|| {
                i += 1;
                play_random_counted(&rules, game_seed(5, i), &mut stats);
                black_box(stats.games)
            });
        });
    }
    group.finish();
}

/// The random numbers of one game alone: as many throws and random choices as a random game
/// of the ruleset makes on average, drawn from the same two seeded streams, with no game played.
/// What is left of `counted_random_game` is the game itself.
fn random_numbers(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_numbers");
    group.sample_size(30);
    let choices = [Move::Pass; 4];
    for name in ["pachisi", "ludo"] {
        let rules = builtin_rules(name, &[]).expect("built-in ruleset");
        let mut stats = Stats::new(&rules);
        for i in 0..200 {
            play_random_counted(&rules, game_seed(6, i), &mut stats);
        }
        let steps = stats.throws.mean().round() as usize;
        let pos = Position::new(&rules);
        let mut i = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let seed = game_seed(5, i);
                let (mut throws, mut policy) =
                    (SeededThrows::new(seed), RandomPolicy::for_game(seed));
                let mut total = 0usize;
                for step in 0..steps {
                    let t = throws.next_throw(&rules);
                    let legal = &choices[..1 + (step + usize::from(t.0)) % choices.len()];
                    total += usize::from(t.0)
                        + usize::from(policy.choose(&rules, &pos, legal).is_entry());
                }
                black_box(total)
            });
        });
    }
    group.finish();
}

// The macros generate undocumented functions.
#[allow(missing_docs)]
mod harness {
    use super::{counted_random_game, legal_moves, random_game, random_numbers};
    criterion::criterion_group!(
        benches,
        legal_moves,
        random_game,
        counted_random_game,
        random_numbers
    );
}

criterion_main!(harness::benches);
