//! Statistics over many games: independent of the thread count, consistent with the games they
//! count, and with throws that follow the rules' exact probabilities.

use pachisi_core::{builtin_rules, PlainGame, Rules, BUILTIN_RULESETS};
use pachisi_sim::{
    game_seed, play_random_game, simulate, simulate_random, start_position, RandomPolicy,
    Simulation, Stats,
};

fn run(rules: &Rules, games: u64, seed: u64, threads: usize) -> Stats {
    let sim = Simulation {
        games,
        seed,
        threads,
    };
    simulate(rules, sim, |_, s| RandomPolicy::for_game(s), &|_| {})
        .expect("threads start")
        .stats
}

/// Random play counted on the compact `PlainGame`, where the rules allow it, plays the very games
/// the general engine plays and counts them alike, on any number of threads.
#[test]
fn random_play_on_plain_games_counts_the_same_games() {
    let mut plain = Vec::new();
    for &(name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in");
        // Other rulesets take the general path either way.
        if !PlainGame::supports(&rules) {
            continue;
        }
        plain.push(name);
        let games = 700;
        let general = run(&rules, games, 12, 1);
        for threads in [1, 2] {
            let sim = Simulation {
                games,
                seed: 12,
                threads,
            };
            let fast = simulate_random(&rules, sim, &|_| {}).expect("threads start");
            assert_eq!(fast.stats, general, "{name} on {threads} threads");
        }
    }
    for name in ["pachisi", "ludo", "maedn", "maedn-2"] {
        assert!(plain.contains(&name), "{name} is played plain: {plain:?}");
    }
}

#[test]
fn statistics_are_identical_on_one_and_several_threads() {
    for name in ["pachisi", "parcheesi-sr", "herklots-1832"] {
        let rules = builtin_rules(name, &[]).expect("built-in");
        // Several chunks, so that the threads really share the work.
        let games = 1300;
        let one = run(&rules, games, 9, 1);
        assert_eq!(one.games, games);
        for threads in [2, 3] {
            assert_eq!(
                run(&rules, games, 9, threads),
                one,
                "{name} on {threads} threads"
            );
        }
        assert_ne!(
            run(&rules, games, 10, 2),
            one,
            "{name}: another seed, other games"
        );
    }
}

#[test]
fn statistics_count_the_games_as_played() {
    let rules = builtin_rules("pachisi", &[]).expect("built-in");
    let games = 40;
    let stats = run(&rules, games, 4, 2);
    let mut throws = 0;
    let mut team_wins = vec![0u64; usize::from(rules.teams())];
    let mut first_seats = vec![0u64; usize::from(rules.seats())];
    for i in 0..games {
        // Each game begins with the winner of its throw-off (Pachisi: 000).
        let start = start_position(&rules, game_seed(4, i));
        first_seats[usize::from(start.to_move())] += 1;
        let r = play_random_game(&rules, start, game_seed(4, i), None);
        throws += r.throws;
        team_wins[usize::from(r.placings[0])] += 1;
    }
    assert_eq!(stats.first_seats, first_seats);
    assert!(
        first_seats.iter().filter(|&&n| n > 0).count() > 1,
        "not every game begins with one seat: {first_seats:?}"
    );
    assert_eq!(stats.total_throws(), throws);
    assert_eq!(stats.throws.mean() * games as f64, throws as f64);
    assert_eq!(stats.team_wins, team_wins);
    assert_eq!(stats.unfinished, 0);
    assert!(stats.captures <= stats.pieces_sent_back);
    let s = stats.summary(&rules);
    assert!(s.throws_per_game.min <= s.throws_per_game.median);
    assert!(s.throws_per_game.median <= s.throws_per_game.max);
    assert!(s.turns_per_game.mean <= s.throws_per_game.mean);
    let shares: f64 = s.team_wins.iter().map(|w| w.share.rate).sum();
    assert!((shares - 1.0).abs() < 1e-12);
}

/// Pieces go back to the start only by capture, and in Parcheesi by the third doublet's penalty:
/// where captures are possible the counts see them.
#[test]
fn captures_and_pieces_sent_back_are_counted() {
    let rules = builtin_rules("ludo", &[]).expect("built-in");
    let s = run(&rules, 200, 2, 2).summary(&rules);
    assert!(s.captures_per_game > 1.0, "{}", s.captures_per_game);
    // Ludo captures one piece at a time: the two counts agree.
    assert_eq!(s.captures_per_game, s.pieces_sent_back_per_game);
    assert!(s.forced_passes_per_game <= s.passes_per_game);
}

/// Pearson's chi-square test of the observed throws against the exact probabilities, at a fixed
/// seed for every built-in ruleset: a p-value below 0.001 would mean the seeded throw source or
/// the outcome table is wrong.
#[test]
fn observed_throws_follow_the_exact_probabilities() {
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[]).expect("built-in");
        assert_throws_follow_the_exact_probabilities(&rules, name);
    }
}

/// 300 seeded games of `rules` (called `what` in messages): over 10,000 throws, counted whole,
/// whose chi-square test against the exact probabilities has a p-value above 0.001.
fn assert_throws_follow_the_exact_probabilities(rules: &Rules, what: &str) {
    let s = run(rules, 300, 1, 2).summary(rules);
    let t = &s.throws;
    assert!(t.total > 10_000, "{what}: {} throws", t.total);
    assert!(
        t.p_value > 0.001,
        "{what}: chi-square {} p {}",
        t.chi_square,
        t.p_value
    );
    let exact: f64 = t.outcomes.iter().map(|o| o.exact).sum();
    assert!((exact - 1.0).abs() < 1e-9, "{what}");
    let counted: u64 = t.outcomes.iter().map(|o| o.count).sum();
    assert_eq!(counted, t.total);
}

/// The chi-square test can fail: throws from the wrong device are caught.
#[test]
fn throws_from_another_device_fail_the_chi_square_test() {
    let six = builtin_rules("pachisi", &[]).expect("built-in");
    let seven = builtin_rules("pachisi-7-cowries", &[]).expect("built-in");
    let mut stats = run(&seven, 300, 1, 2);
    // Six cowries have seven outcomes, seven have eight: keep the six-cowrie table's length and
    // count seven-cowrie throws against it.
    stats.outcomes.truncate(six.outcomes().len());
    let s = stats.summary(&six);
    assert!(s.throws.p_value < 1e-6, "p {}", s.throws.p_value);
}

/// The throws of every way of drawing them follow the exact probabilities: biased shells (drawn
/// by integer thresholds), a weighted die (a table with a face repeated) and long dice (a table
/// of 64 combinations); docs/simulation.md, "Seeds and the random numbers".
#[test]
fn biased_shells_and_weighted_dice_follow_the_exact_probabilities() {
    let cases: [(&str, &[&str]); 4] = [
        ("pachisi", &["throw.p_up=0.4"]),
        ("pachisi-7-cowries", &["throw.p_up=0.62"]),
        ("ludo", &["throw.faces=[1,2,3,4,6,6]"]),
        (
            "humphries-1904-dice",
            &["throw.dice=3", "throw.faces=[1,2,5,6]"],
        ),
    ];
    for (name, set) in cases {
        let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let rules = builtin_rules(name, &set).unwrap_or_else(|e| panic!("{name} {set:?}: {e}"));
        assert_throws_follow_the_exact_probabilities(&rules, &format!("{name} {set:?}"));
    }
}
