//! The tests of the Monte Carlo tree search: legal moves and finished games, determinism for a
//! seed, the playouts on the compact game, and the search finding a winning move.

use super::*;
use crate::{BotSpec, Weights};
use pachisi_core::{builtin_rules, Rules};
use pachisi_sim::{game_seed, SeededThrows};
use std::sync::Arc;

fn rules(name: &str) -> Arc<Rules> {
    Arc::new(builtin_rules(name, &[]).expect("built-in ruleset"))
}

fn bot(rules: &Arc<Rules>, playouts: u32, seed: u64) -> MctsBot {
    let config = MctsConfig {
        playouts,
        ..MctsConfig::default()
    };
    let eval = Evaluator::new(rules.clone(), Weights::default());
    MctsBot::new(eval, config, seed)
}

/// Plays a game with `bot` in every seat and throws from `seed`, checking every move it
/// chooses; returns the moves.
fn self_play(rules: &Rules, bot: &mut dyn Bot, seed: u64) -> Vec<Move> {
    let mut pos = Position::new(rules);
    let mut throws = SeededThrows::new(seed);
    let mut moves = Vec::new();
    for _ in 0..100_000 {
        match pos.phase() {
            Phase::Over => return moves,
            Phase::Throw => pos
                .apply_throw(rules, throws.next_throw(rules))
                .expect("a throw is due"),
            Phase::Move => {
                let mv = bot.choose(&pos);
                let listed = pos.legal_moves(rules);
                assert!(
                    listed.contains(&mv) || (listed.is_empty() && mv == Move::Pass),
                    "{mv:?} is not legal in {}",
                    pos.to_notation(rules)
                );
                pos.play_unchecked(rules, mv);
                moves.push(mv);
            }
        }
    }
    panic!("the game did not end")
}

/// A position reached by random play in which the mover has at least `n` legal moves.
fn position_with_choices(rules: &Rules, n: usize, seed: u64) -> Position {
    let mut pos = Position::new(rules);
    let mut throws = SeededThrows::new(seed);
    let mut random = crate::random::RandomBot::new(Arc::new(rules.clone()), seed);
    loop {
        match pos.phase() {
            Phase::Over => pos = Position::new(rules),
            Phase::Throw => pos
                .apply_throw(rules, throws.next_throw(rules))
                .expect("a throw is due"),
            Phase::Move => {
                if pos.legal_moves(rules).len() >= n {
                    return pos;
                }
                pos.play_unchecked(rules, random.choose(&pos));
            }
        }
    }
}

/// Random playouts on the compact game play the very games the general loop plays: the same
/// draws give the same end, from positions all through games of rulesets it serves.
#[test]
fn random_playouts_on_the_compact_game_match_the_general_loop() {
    for name in ["pachisi", "ludo", "pachisi-3-players"] {
        let rules = rules(name);
        let eval = Evaluator::new(rules.clone(), Weights::default());
        for seed in 0..40u64 {
            let pos = position_with_choices(&rules, 2 + (seed % 3) as usize, seed);
            for limit in [3, MAX_PLAYOUT_THROWS] {
                let mut plain_tree = Tree::new(seed);
                let mut game = PlainGame::from_position(&rules, &pos).expect("plain rules");
                let plain = plain_tree.random_plain_playout(&rules, &mut game, limit);
                let mut general_tree = Tree::new(seed);
                let general = general_tree.general_playout(&eval, Rollout::Random, pos, limit);
                assert_eq!(plain, general, "{name}, seed {seed}, limit {limit}");
            }
        }
    }
}

#[test]
fn every_move_is_legal_and_games_end() {
    for name in ["pachisi", "parcheesi-sr", "ludo", "pachisi-3-players"] {
        let rules = rules(name);
        let mut b = bot(&rules, 30, 5);
        let moves = self_play(&rules, &mut b, 11);
        assert!(!moves.is_empty(), "{name}");
    }
}

#[test]
fn a_time_budget_plays_legal_moves() {
    let rules = rules("ludo");
    let config = MctsConfig {
        time: Some(Duration::from_micros(200)),
        ..MctsConfig::default()
    };
    let eval = Evaluator::new(rules.clone(), Weights::default());
    let mut b = MctsBot::new(eval, config, 1);
    self_play(&rules, &mut b, 2);
}

#[test]
fn playouts_to_the_end_with_random_rollouts_play_legal_moves() {
    let rules = rules("ludo");
    let spec: BotSpec = "mcts:playouts=20:cutoff=0:rollout=random"
        .parse()
        .expect("valid spec");
    let mut b = spec.build(rules.clone(), 3);
    self_play(&rules, b.as_mut(), 4);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let rules = rules("ludo");
    let (mut a, mut b) = (bot(&rules, 40, 9), bot(&rules, 40, 9));
    assert_eq!(self_play(&rules, &mut a, 21), self_play(&rules, &mut b, 21));
}

#[test]
fn rank_lists_every_legal_move_once_best_first() {
    for name in ["pachisi", "parcheesi-sr", "ludo"] {
        let rules = rules(name);
        let pos = position_with_choices(&rules, 3, 17);
        let mut legal = pos.legal_moves(&rules);
        // Fewer playouts than moves too, so that some are ranked by the heuristic.
        for playouts in [1, 50] {
            let ranked = bot(&rules, playouts, 1).rank(&pos).expect("mcts ranks");
            let mut listed: Vec<Move> = ranked.iter().map(|r| r.mv).collect();
            listed.sort();
            legal.sort();
            assert_eq!(listed, legal, "{name}");
            assert!(ranked.iter().all(|r| (0.0..=1.0).contains(&r.win_chance)));
            assert!(ranked
                .windows(2)
                .all(|w| w[0].win_chance >= w[1].win_chance));
        }
    }
}

#[test]
fn a_move_that_wins_is_played() {
    // Parcheesi, Red's last pawn 5 from home with 5-2 to spend: the 5 wins at once, the 2
    // leaves a 5 that cannot be used.
    let rules = rules("parcheesi-sr");
    let pos = Position::from_notation(&rules, "h,h,h,67/0,0,0,0/0,0,0,0/0,0,0,0 Rm 5,2")
        .expect("valid position");
    assert_eq!(pos.legal_moves(&rules).len(), 2);
    for seed in 0..4 {
        let mut b = bot(&rules, 30, seed);
        let mv = b.choose(&pos);
        assert_eq!(after(&rules, &pos, mv).winner(), Some(0), "seed {seed}");
        let ranked = b.rank(&pos).expect("mcts ranks");
        assert_eq!((ranked[0].mv, ranked[0].win_chance), (mv, 1.0));
    }
}

/// Nanoseconds the current thread has run on a processor (Linux), which unlike the wall
/// clock does not count the time other processes take the processor away.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// How a duel went for the first spec.
#[derive(Default)]
struct Duel {
    games: u64,
    wins: u64,
    /// Calls of `choose`, and those with more than one legal move.
    calls: u64,
    searched: u64,
    /// Milliseconds: wall-clock time over all calls and over searched ones, the longest call
    /// by the wall clock and by processor time.
    wall: f64,
    wall_searched: f64,
    longest_wall: f64,
    longest_cpu: f64,
    /// The position of the call that took the most processor time.
    slowest: String,
}

/// Plays `games` games of `rules` between two specs, `a` for half the teams and `b` for the
/// other half (swapped every game), timing a's calls of `choose`.
fn duel(rules: &Arc<Rules>, a: &BotSpec, b: &BotSpec, games: u64) -> Duel {
    let mut d = Duel::default();
    for g in 0..games {
        let seed = game_seed(0xD0E1, g);
        let a_team = |team: u8| (u64::from(team) + g) % 2 == 0;
        let mut bots: Vec<Box<dyn Bot>> = (0..rules.seats())
            .map(|seat| {
                let spec = if a_team(rules.team_of(seat)) { a } else { b };
                spec.build(rules.clone(), seed ^ u64::from(seat))
            })
            .collect();
        let mut pos = Position::new(rules);
        let mut throws = SeededThrows::new(seed);
        while pos.phase() != Phase::Over {
            if pos.phase() == Phase::Throw {
                pos.apply_throw(rules, throws.next_throw(rules))
                    .expect("a throw is due");
                continue;
            }
            let seat = pos.to_move();
            let (start, cpu_start) = (Instant::now(), cpu_ns());
            let mv = bots[usize::from(seat)].choose(&pos);
            let wall = start.elapsed().as_secs_f64() * 1e3;
            let cpu = match (cpu_start, cpu_ns()) {
                (Some(s), Some(e)) => e.saturating_sub(s) as f64 / 1e6,
                _ => wall,
            };
            if a_team(rules.team_of(seat)) {
                d.calls += 1;
                d.wall += wall;
                if pos.legal_moves(rules).len() > 1 {
                    d.searched += 1;
                    d.wall_searched += wall;
                }
                d.longest_wall = d.longest_wall.max(wall);
                if cpu > d.longest_cpu {
                    d.longest_cpu = cpu;
                    d.slowest = pos.to_notation(rules);
                }
            }
            pos.play_unchecked(rules, mv);
        }
        if let Some(w) = pos.winner() {
            d.games += 1;
            d.wins += u64::from(a_team(w));
        }
    }
    d
}

/// Time per move and strength against another bot. Settings from the environment:
/// `MCTS_SPECS` (default `mcts`; several separated by commas), `MCTS_OPPONENT`
/// (`heuristic`), `MCTS_GAMES` (100), `MCTS_RULES` (`pachisi,ludo`). Run with
/// `cargo test -p pachisi-bots --release -- --ignored --nocapture mcts_duel`.
#[test]
#[ignore = "a measurement, slow in debug builds"]
fn mcts_duel() {
    let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let b: BotSpec = var("MCTS_OPPONENT", "heuristic")
        .parse()
        .expect("valid spec");
    let games: u64 = var("MCTS_GAMES", "100").parse().expect("a number");
    for spec in var("MCTS_SPECS", "mcts").split(',') {
        let a: BotSpec = spec.parse().expect("valid spec");
        for name in var("MCTS_RULES", "pachisi,ludo").split(',') {
            let rules = rules(name);
            let start = Instant::now();
            let d = duel(&rules, &a, &b, games);
            println!(
                "{name}: {a} vs {b}: {games} games, {a} wins {:.1}%; per move {:.3} ms mean, \
                 {:.3} ms with a choice; longest {:.1} ms wall-clock, {:.1} ms processor \
                 ({}); {:.0} s",
                d.wins as f64 * 100.0 / d.games.max(1) as f64,
                d.wall / d.calls.max(1) as f64,
                d.wall_searched / d.searched.max(1) as f64,
                d.longest_wall,
                d.longest_cpu,
                d.slowest,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

/// Time per search of one position: `MCTS_RULES` (a ruleset), `MCTS_POSITION` (notation),
/// `MCTS_SPECS` (one spec). Run with
/// `cargo test -p pachisi-bots --release -- --ignored --nocapture mcts_time_position`.
#[test]
#[ignore = "a measurement"]
fn mcts_time_position() {
    let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
    let rules = rules(&var("MCTS_RULES", "parcheesi-sr"));
    let pos = Position::from_notation(
        &rules,
        &var(
            "MCTS_POSITION",
            "24,13,1,1/16,33,25,13/50,1,0,1/34,25,1,0 Ym 6,2 entered=RBGY",
        ),
    )
    .expect("valid position");
    let spec: BotSpec = var("MCTS_SPECS", "mcts").parse().expect("valid spec");
    let mut times = Vec::new();
    for seed in 0..20 {
        let mut b = spec.build(rules.clone(), seed);
        let start = Instant::now();
        b.choose(&pos);
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} legal moves; ms per choose: min {:.1}, median {:.1}, max {:.1}",
        pos.legal_moves(&rules).len(),
        times[0],
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
