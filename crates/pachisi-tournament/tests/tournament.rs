//! Small tournaments played end to end.

use pachisi_core::builtin_rules;
use pachisi_tournament::{Pairs, SeatingMethod, Tournament, TournamentError};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn tournament(ruleset: &str, bots: &[&str], games: u64, threads: usize) -> Tournament {
    Tournament {
        rules: Arc::new(builtin_rules(ruleset, &[]).expect("built-in ruleset")),
        ruleset: ruleset.into(),
        bots: bots
            .iter()
            .map(|b| b.parse().expect("valid spec"))
            .collect(),
        games_per_pairing: games,
        seed: 11,
        threads: Some(threads),
        pairs: Pairs::Every,
    }
}

#[test]
fn one_thread_and_two_give_the_same_report() {
    for ruleset in ["pachisi", "ludo", "parcheesi-sr"] {
        let t = tournament(ruleset, &["random", "heuristic"], 8, 1);
        let calls = AtomicU64::new(0);
        let one = t
            .run(&|_| {
                calls.fetch_add(1, Ordering::Relaxed);
            })
            .expect("plays");
        assert_eq!(calls.into_inner(), 8, "{ruleset}: progress once a game");
        let two = Tournament {
            threads: Some(2),
            ..t
        }
        .run(&|_| {})
        .expect("plays");
        assert_eq!(one.without_timing(), two.without_timing(), "{ruleset}");
        assert_eq!((one.threads, two.threads), (1, 2));

        assert_eq!(one.games, 8);
        assert_eq!(one.deals_per_pairing, 4);
        assert_eq!(one.bots.len(), 2);
        assert_eq!(one.pairings.len(), 1);
        let p = &one.pairings[0];
        assert_eq!(p.first_wins + p.second_wins + p.draws, 8);
        assert_eq!(one.bots[0].wins, p.first_wins);
        assert_eq!(one.bots[1].wins, p.second_wins);
        assert_eq!(one.bots[0].elo, 0.0);
        assert!(one.bots[1].decisions > 0);
        let s = one.bots[0].score + one.bots[1].score;
        assert!((s - 1.0).abs() < 1e-12, "{ruleset}: scores add to one");
        let i = p.first_score_interval.expect("four deals");
        assert!(i.low <= p.first_score && p.first_score <= i.high);
        assert!(one.mean_throws_per_game > 0.0);
    }
}

#[test]
fn three_bots_play_three_pairings_and_three_seats_six_games_a_deal() {
    let t = tournament(
        "pachisi-3-players",
        &["random", "heuristic", "random"],
        5,
        2,
    );
    let plan = t.plan().expect("valid");
    assert_eq!(plan.pairings, [(0, 1), (0, 2), (1, 2)]);
    assert_eq!(plan.seatings.method, SeatingMethod::Alternating);
    assert_eq!(plan.games_per_pairing, 6, "5 games round up to a deal of 6");
    let r = t.run(&|_| {}).expect("plays");
    assert_eq!(r.games, 18);
    assert_eq!(r.games_per_pairing, 6);
    assert_eq!(r.pairings[1].first, "random");
    assert_eq!(r.pairings[1].second, "random");
    let labels: Vec<&str> = r.bots.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["random #1", "heuristic", "random #2"]);
    for b in &r.bots {
        assert_eq!(b.games, 12);
        assert!(b.score_interval.is_some(), "two deals, one in each pairing");
        assert_eq!(b.elo_interval, None, "one deal per pairing, no spread");
        assert!(b.elo_not_estimable.is_some());
    }
    for p in &r.pairings {
        assert_eq!(p.first_score_interval, None, "one deal, no spread");
    }
    // A random bot against itself, with the same seeds on each seat, mirrors every game.
    assert_eq!(r.pairings[1].first_score, 0.5);
}

#[test]
fn bad_settings_are_refused() {
    let t = tournament("pachisi", &["random"], 8, 1);
    assert_eq!(t.run(&|_| {}), Err(TournamentError::TooFewBots(1)));
    let t = tournament("pachisi", &["random", "random"], 0, 1);
    assert_eq!(t.run(&|_| {}), Err(TournamentError::NoGames));
    let t = tournament("pachisi", &["random", "random"], u64::MAX, 1);
    assert!(matches!(t.plan(), Err(TournamentError::TooManyGames(_))));
}

#[test]
fn the_report_serializes_unknown_intervals_as_null() {
    let t = tournament("herklots-1832-two-player", &["random", "heuristic"], 2, 1);
    let r = t.run(&|_| {}).expect("plays");
    let json = serde_json::to_value(&r).expect("serializes");
    assert_eq!(json["seating"], "teams");
    assert!(json["bots"][0]["score_interval"].is_null());
    assert!(json["pairings"][0]["first_score_interval"].is_null());
    assert_eq!(json["seatings"], serde_json::json!([[0, 1], [1, 0]]));
}

#[test]
fn deals_played_in_parts_give_the_report_of_one_run() {
    let t = tournament("ludo", &["random", "heuristic", "random"], 12, 2);
    let whole = t.run(&|_| {}).expect("plays");
    let deals = t.deals().expect("plans");
    assert_eq!(deals, whole.deals_per_pairing * 3);
    let mut parts = Vec::new();
    for first in (0..deals).step_by(5) {
        parts.extend(t.play_deals(first..first + 5).expect("plays"));
    }
    assert_eq!(parts.len() as u64, deals);
    let merged = t.report_of(&parts).expect("every deal");
    assert_eq!(merged.without_timing(), whole.without_timing());
    assert!(matches!(
        t.report_of(&parts[1..]),
        Err(TournamentError::Incomplete { .. })
    ));
}
