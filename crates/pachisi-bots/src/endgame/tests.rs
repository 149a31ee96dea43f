//! The tables against their Bellman equations, recomputed from the engine, and against long
//! seeded games played with the tables' best moves.

use super::measure::{measure, sample_positions};
use super::{Domain, EndgameError, EndgameTable};
use crate::{legal_moves, BotSpec};
use pachisi_core::{builtin_rules, Move, Phase, Position, Rules, Throw};
use pachisi_sim::{play_game, Policy};
use std::collections::HashSet;
use std::sync::Arc;

fn rules(name: &str, set: &[&str]) -> Arc<Rules> {
    let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    Arc::new(builtin_rules(name, &set).expect("a built-in ruleset"))
}

fn two_player(name: &str) -> Arc<Rules> {
    rules(name, &["players.seats=[0,2]", "players.colours=[]"])
}

/// A position of a two-seat game from its notation with the seats written 1 and 2 (`1t`,
/// `entered=12`), whatever the rules' letters for them.
fn two_seat_position(r: &Rules, text: &str) -> Position {
    let (a, b) = (r.seat_letter(0), r.seat_letter(1));
    let text = text
        .replace("1t", &format!("{a}t"))
        .replace("=12", &format!("={a}{b}"));
    Position::from_notation(r, &text).expect("a position")
}

fn table(rules: &Arc<Rules>, pieces: u8) -> EndgameTable {
    table_of(rules, pieces, Domain::Race)
}

fn table_of(rules: &Arc<Rules>, pieces: u8, domain: Domain) -> EndgameTable {
    EndgameTable::build(rules.clone(), pieces, domain, &mut |_| {}).expect("a table")
}

/// Walks every position the turn starts lead to, with the engine alone, and checks each stored
/// value against its Bellman equation: the mean over the throw's outcomes with their exact
/// probabilities, or the best child for the mover's team; 1 or 0 once a team has won.
fn check_bellman(t: &EndgameTable) {
    let rules = t.rules().clone();
    let mut seen: HashSet<Position> = HashSet::new();
    let mut stack: Vec<Position> = t.configs.positions(&rules).map(|p| p.canonical()).collect();
    let mut worst: f64 = 0.0;
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos) {
            continue;
        }
        let v = t.value(&pos).expect("every reachable position is stored");
        let children: Vec<Position> = if pos.phase() == Phase::Throw {
            (0..rules.outcomes().len())
                .map(|i| {
                    let mut c = pos;
                    c.apply_throw(&rules, Throw(i as u8)).expect("a throw");
                    c
                })
                .collect()
        } else {
            legal_moves(&rules, &pos)
                .into_iter()
                .map(|mv| crate::after(&rules, &pos, mv))
                .collect()
        };
        let values: Vec<f64> = children
            .iter()
            .map(|c| t.child_value(c).expect("children are stored or won"))
            .collect();
        let expected = if pos.phase() == Phase::Throw {
            values
                .iter()
                .zip(rules.outcomes())
                .map(|(v, o)| v * o.probability)
                .sum()
        } else if rules.team_of(pos.to_move()) == 0 {
            values.iter().copied().fold(0.0, f64::max)
        } else {
            values.iter().copied().fold(1.0, f64::min)
        };
        worst = worst.max((v - expected).abs());
        stack.extend(
            children
                .iter()
                .filter(|c| c.winner().is_none())
                .map(|c| c.canonical()),
        );
    }
    assert_eq!(
        seen.len(),
        t.stats().positions,
        "every stored position walked"
    );
    assert!(worst < 1e-11, "largest Bellman residual {worst}");
    assert!(t.stats().residual < 1e-11, "{:?}", t.stats());
}

#[test]
fn ludo_values_satisfy_their_bellman_equations() {
    check_bellman(&table(&two_player("ludo"), 2));
}

#[test]
fn pachisi_values_satisfy_their_bellman_equations() {
    // Two teams of two seats, cowries, extra throws on 6, 10 and 25.
    check_bellman(&table(&rules("pachisi", &[]), 1));
}

#[test]
fn parcheesi_values_satisfy_their_bellman_equations() {
    // Two dice, doublets that throw again without limit, bonuses for reaching home.
    check_bellman(&table(&two_player("parcheesi-pb"), 1));
}

#[test]
fn meeting_values_satisfy_their_bellman_equations() {
    // Captures send a piece back to wait, inside the table: the graph has long cycles.
    check_bellman(&table_of(&two_player("ludo"), 1, Domain::Meeting));
    // Pachisi's two players, one colour each: castles, cowries, extra throws.
    let pachisi = rules(
        "pachisi",
        &[
            "players.seats=[0,2]",
            "players.colours=[]",
            "players.teams=[]",
        ],
    );
    check_bellman(&table_of(&pachisi, 1, Domain::Meeting));
    // LUDOpy's bounce from home puts a piece back on the track: out of a race, inside here.
    check_bellman(&table_of(&two_player("ludopy"), 1, Domain::Meeting));
}

#[test]
fn a_meeting_table_holds_captures_and_the_race_table_inside_it() {
    let r = two_player("ludo");
    let meeting = table_of(&r, 1, Domain::Meeting);
    let race = table(&r, 1);
    assert_eq!(meeting.domain(), Domain::Meeting);
    let text = |t: &str| two_seat_position(&r, t);
    // Both pieces on the track, the second 3 squares ahead of the first on the first's route:
    // no race, but in the meeting table; a throw of 3 captures.
    let ahead = (1..r.home())
        .find(|&p| r.square_at(1, p) == r.square_at(0, 23))
        .expect("the second seat's route passes the square");
    let start = text(&format!("20,h,h,h/{ahead},h,h,h 1t - entered=12"));
    assert!(!race.in_domain(&start) && race.value(&start).is_none());
    assert!(meeting.value(&start).is_some());
    let three = r
        .outcomes()
        .iter()
        .position(|o| o.value == 3)
        .expect("a die shows 3");
    let mut open = start;
    open.apply_throw(&r, Throw(three as u8)).expect("a throw");
    let v = meeting.value(&open).expect("stored");
    let ranked = meeting.rank(&open).expect("ranked");
    let capture = legal_moves(&r, &open)
        .into_iter()
        .find(|&mv| {
            let after = crate::after(&r, &open, mv);
            after.pieces_of(1).contains(&0)
        })
        .expect("the throw of 3 captures");
    let after = crate::after(&r, &open, capture);
    assert!(
        meeting.value(&after).is_some(),
        "the captured piece waits, still in the table"
    );
    assert!((ranked[0].win_chance - v).abs() < 1e-12);
    // Every race position is a meeting position, with the same value.
    let mut draws = pachisi_sim::Draws::new(4);
    for _ in 0..50 {
        let pos = race.configs.random(&r, &mut draws).expect("a race");
        let exact = race.value(&pos).expect("stored");
        let also = meeting.value(&pos).expect("in the meeting table too");
        assert!((exact - also).abs() < 1e-11, "{exact} against {also}");
    }
}

/// Plays the table's best move.
struct TablePolicy<'a>(&'a EndgameTable);

impl Policy for TablePolicy<'_> {
    fn choose(&mut self, _: &Rules, pos: &Position, legal: &[Move]) -> Move {
        self.0
            .rank(pos)
            .and_then(|r| r.first().map(|m| m.mv))
            .unwrap_or(legal[0])
    }
}

/// Seeded games from sample positions, both sides playing the table's best moves, win as often
/// as the table says: within 3.29 standard errors (the 99.9% interval) at every position, so
/// that another seed would fail about one check in a thousand by chance alone, while an error
/// in the values of a few percent misses by far more at 4000 games.
#[test]
fn games_with_the_best_moves_agree_with_the_values() {
    const GAMES: u64 = 4000;
    for (r, pieces, domain) in [
        (two_player("ludo"), 2, Domain::Race),
        (rules("pachisi", &[]), 1, Domain::Race),
        (two_player("ludo"), 1, Domain::Meeting),
    ] {
        let t = table_of(&r, pieces, domain);
        let mut draws = pachisi_sim::Draws::new(11);
        for k in 0..4u64 {
            let start = t.configs.random(&r, &mut draws).expect("a turn start");
            let exact = t.value(&start).expect("in the table");
            let mut wins = 0u64;
            for g in 0..GAMES {
                let seed = pachisi_sim::game_seed(k, g);
                let result = play_game(&r, start, seed, &mut TablePolicy(&t), |_, _| {});
                wins += u64::from(result.placings.first() == Some(&0));
            }
            let mean = wins as f64 / GAMES as f64;
            let se = (exact * (1.0 - exact) / GAMES as f64).sqrt();
            assert!(
                (mean - exact).abs() <= 3.29 * se + 1e-12,
                "{}: {} exact {exact}, games {mean}",
                r.ruleset().name,
                start.to_notation(&r)
            );
        }
    }
}

#[test]
fn the_domain_is_a_race_with_few_pieces_left() {
    let r = two_player("ludo");
    let t = table(&r, 2);
    assert!(
        t.value(&Position::new(&r)).is_none(),
        "the start is no ending"
    );
    let lane = r.turn_home() + 2;
    let text = |pieces: &str| two_seat_position(&r, pieces);
    // Red has two pieces in its lane, Yellow one on the track and one waiting: a race.
    let race = text(&format!("{lane},{},h,h/30,0,h,h 1t - entered=12", lane + 1));
    assert!(t.in_domain(&race));
    let v = t.value(&race).expect("stored");
    assert!((0.0..=1.0).contains(&v));
    // The same with the pieces numbered otherwise: the same position.
    let swapped = text(&format!("h,{},h,{lane}/h,0,30,h 1t - entered=12", lane + 1));
    assert_eq!(t.value(&swapped), Some(v));
    // Red's piece on the track can still capture: no race.
    let open = text(&format!("{lane},20,h,h/30,0,h,h 1t - entered=12"));
    assert!(!t.in_domain(&open) && t.value(&open).is_none());
    // Three pieces left is more than the table holds.
    let three = text(&format!(
        "{lane},{},{},h/30,0,h,h 1t - entered=12",
        lane + 1,
        lane + 2
    ));
    assert!(t.value(&three).is_none());
}

#[test]
fn rulesets_out_of_reach_say_why() {
    let four = rules("ludo", &[]);
    assert_eq!(
        EndgameTable::build(four, 1, Domain::Race, &mut |_| {}).err(),
        Some(EndgameError::Teams(4))
    );
    let err = EndgameTable::build(two_player("parcheesi-sr"), 1, Domain::Race, &mut |_| {})
        .expect_err("SR");
    assert!(err.to_string().contains("send-back"), "{err}");
    // The third doublet's send-back stays inside a meeting table: only races refuse it.
    assert_eq!(
        EndgameTable::check(&two_player("parcheesi-sr"), Domain::Meeting),
        Ok(())
    );
    let err = EndgameTable::build(two_player("ludo"), 2, Domain::Meeting, &mut |_| {})
        .expect_err("millions of turn starts");
    assert!(matches!(err, EndgameError::TooLarge { .. }), "{err}");
    let maedn = rules("maedn-2", &[]);
    let err =
        EndgameTable::build(maedn, 1, Domain::Race, &mut |_| {}).expect_err("goal in the lane");
    assert!(err.to_string().contains("lane"), "{err}");
    let err = EndgameTable::build_limited(two_player("ludo"), 2, Domain::Race, 1000, &mut |_| {})
        .expect_err("more than 1000 positions");
    assert!(matches!(err, EndgameError::TooLarge { .. }), "{err}");
    let err = EndgameTable::build(two_player("ludo"), 5, Domain::Race, &mut |_| {})
        .expect_err("5 pieces");
    assert_eq!(err, EndgameError::Pieces { asked: 5, max: 4 });
}

#[test]
fn a_bot_with_the_table_loses_nothing_and_random_loses_something() {
    let r = two_player("ludo");
    let t = Arc::new(table(&r, 2));
    let positions = sample_positions(&t, 200, 3);
    assert_eq!(positions.len(), 200);
    let spec: BotSpec = "heuristic".parse().expect("a spec");
    let exact = crate::heuristic::HeuristicBot::new(
        crate::Evaluator::new(r.clone(), crate::Weights::default()).with_endgame(t.clone()),
    );
    let with = measure(
        &t,
        "heuristic+table",
        &mut { exact },
        &positions,
        &mut |_| {},
    );
    assert_eq!(with.loss.mean, 0.0, "{with:?}");
    assert_eq!(with.best_share, 1.0);
    let mut random = BotSpec::build(&"random".parse().expect("a spec"), r.clone(), 5);
    let lost = measure(&t, "random", random.as_mut(), &positions, &mut |_| {});
    assert!(
        lost.loss.mean > 0.0 && lost.loss.low <= lost.loss.mean,
        "{lost:?}"
    );
    let mut heuristic = spec.build(r, 5);
    let h = measure(&t, "heuristic", heuristic.as_mut(), &positions, &mut |_| {});
    assert!(h.loss.mean < lost.loss.mean, "{h:?} against {lost:?}");
}
