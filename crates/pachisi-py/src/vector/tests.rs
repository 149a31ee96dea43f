//! The tests of [`super::Games`]: shapes, determinism across threads, auto-reset, explicit
//! chance, the throw-off, refused steps, and the buffers a caller keeps.

use super::*;
use pachisi_core::builtin_rules;

fn games(name: &str, n: usize, seed: u64, chance: Chance, threads: usize) -> Games {
    let rules = Arc::new(builtin_rules(name, &[]).expect("builtin"));
    let space = ActionSpace::new(&rules);
    Games::new(rules, space, n, seed, chance, threads).expect("games")
}

/// The first legal action of every row, or a throw chosen by the step count.
fn choose(b: &Games, batch: &Batch, k: usize) -> Vec<i64> {
    (0..b.len())
        .map(|i| {
            let mask = &batch.mask[i * b.num_actions()..(i + 1) * b.num_actions()];
            let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
            legal[(k * 7 + i) % legal.len()] as i64
        })
        .collect()
}

fn play(mut g: Games, steps: usize) -> Vec<Batch> {
    let mut out = vec![g.reset().expect("reset")];
    for k in 0..steps {
        let actions = choose(&g, out.last().expect("a batch"), k);
        out.push(g.step(&actions).expect("legal"));
    }
    out
}

#[test]
fn rows_have_their_shapes_and_masks_their_legal_moves() {
    let mut g = games("ludo", 3, 5, Chance::Inside, 1);
    let batch = g.reset().expect("reset");
    assert_eq!(batch.obs.len(), 3 * g.obs_len());
    assert_eq!(batch.mask.len(), 3 * g.num_actions());
    assert_eq!(batch.rewards.len(), 3 * g.seats());
    for i in 0..3 {
        let pos = g.position(i).expect("a game");
        assert_eq!(pos.phase(), Phase::Move);
        assert_eq!(batch.player[i], i32::from(pos.to_move()));
        let legal = pos.legal_moves(&g.shared.rules).len();
        let row = &batch.mask[i * g.num_actions()..(i + 1) * g.num_actions()];
        assert_eq!(row.iter().filter(|&&m| m).count(), legal);
    }
}

#[test]
fn the_same_seed_plays_the_same_games_on_any_number_of_threads() {
    let one = play(games("ludo", 5, 9, Chance::Inside, 1), 300);
    let two = play(games("ludo", 5, 9, Chance::Inside, 2), 300);
    assert_eq!(one, two);
    let other = play(games("ludo", 5, 10, Chance::Inside, 2), 300);
    assert_ne!(one, other);
}

#[test]
fn an_ended_game_reports_its_returns_and_starts_again() {
    let batches = play(games("ludo", 2, 1, Chance::Inside, 2), 3000);
    let mut ended = 0;
    for b in &batches {
        for i in 0..2 {
            let rewards = &b.rewards[i * 4..(i + 1) * 4];
            if b.terminated[i] {
                ended += 1;
                let total: f32 = rewards.iter().sum();
                assert!(total.abs() < 1e-5, "{rewards:?}");
                assert!(rewards.contains(&1.0));
                // The row is already the new game's: every piece waits at the start.
                assert_eq!(b.obs[i * b.obs.len() / 2], 1.0);
            } else {
                assert_eq!(rewards, [0.0; 4]);
            }
        }
    }
    assert!(ended >= 2, "{ended} games ended");
}

#[test]
fn explicit_chance_makes_throws_steps() {
    let mut g = games("pachisi", 2, 3, Chance::Explicit, 1);
    let throws = g.shared.rules.outcomes().len();
    let batch = g.reset().expect("reset");
    assert_eq!(batch.player, [CHANCE_ROW, CHANCE_ROW]);
    let row = &batch.mask[..g.num_actions()];
    assert!(row[..throws].iter().all(|&m| m) && !row[throws..].iter().any(|&m| m));
    // Pachisi opens with the throw-off: seat 0's 25 is the highest of the four throws.
    for throw in [0, 1, 2, 3] {
        let next = g.step(&[throw, throw]).expect("throw-off throws");
        assert_eq!(next.player, [CHANCE_ROW, CHANCE_ROW]);
    }
    let next = g.step(&[0, 0]).expect("throws");
    assert_eq!(next.player, [0, 0]);
    let err = g.step(&[0, 100_000]).expect_err("illegal");
    assert!(matches!(err, VecError::Illegal { game: 1, .. }), "{err}");
}

#[test]
fn games_open_with_the_throw_off_where_the_rules_have_one() {
    // Explicit: every seat throws in turn, ties again, and the highest throws first.
    let mut g = games("pachisi", 1, 3, Chance::Explicit, 1);
    g.reset().expect("reset");
    let rules = g.shared.rules.clone();
    let name = |t: usize| rules.outcomes()[t].value;
    assert!(
        name(0) > name(1) && name(1) != name(2),
        "25 is the highest throw"
    );
    // Seats 1 and 3 tie on 25, then seat 3 throws higher.
    for throw in [1, 0, 2, 0, 2, 1] {
        let next = g.step(&[throw]).expect("throw-off throws");
        assert_eq!(next.player, [CHANCE_ROW]);
    }
    let pos = g.position(0).expect("a game");
    assert_eq!((pos.phase(), pos.to_move()), (Phase::Throw, 3));
    // Inside: the first decision of new games falls to several seats, not always seat 0.
    let mut g = games("pachisi", 16, 8, Chance::Inside, 1);
    let batch = g.reset().expect("reset");
    let firsts: std::collections::BTreeSet<i32> = batch.player.iter().copied().collect();
    assert!(firsts.len() > 1, "{firsts:?}");
    // Rules that name the first seat have no throw-off: seat 0 throws first.
    let mut g = games("ludo", 1, 3, Chance::Explicit, 1);
    g.reset().expect("reset");
    assert_eq!(g.slots[0].opening, Opening::None);
}

#[test]
fn an_illegal_action_changes_no_game() {
    let mut g = games("ludo", 2, 4, Chance::Inside, 1);
    let batch = g.reset().expect("reset");
    let before: Vec<Position> = (0..2)
        .map(|i| g.position(i).copied().expect("game"))
        .collect();
    let mut actions = choose(&g, &batch, 0);
    actions[1] = -3;
    let err = g.step(&actions).expect_err("illegal");
    assert!(
        err.to_string()
            .starts_with("game 1: action -3 is not legal"),
        "{err}"
    );
    let after: Vec<Position> = (0..2)
        .map(|i| g.position(i).copied().expect("game"))
        .collect();
    assert_eq!(before, after);
    assert!(matches!(g.step(&[0]), Err(VecError::Other(_))));
    let mut fresh = games("ludo", 1, 4, Chance::Inside, 1);
    let err = fresh.step(&[0]).expect_err("not started");
    assert!(err.to_string().contains("reset()"), "{err}");
}

#[test]
fn without_observations_the_other_rows_are_the_same_and_observe_gives_them() {
    let with = play(games("pachisi", 4, 6, Chance::Explicit, 2), 400);
    let mut g = games("pachisi", 4, 6, Chance::Explicit, 2);
    g.set_observations(false);
    assert!(!g.observations() && g.row_obs_len() == 0 && g.obs_len() > 0);
    let mut obs = vec![0.0; 4 * g.obs_len()];
    assert!(g.observe_into(&mut obs).is_err(), "not reset yet");
    let mut batch = g.reset().expect("reset");
    for (k, expected) in with.iter().enumerate() {
        assert!(batch.obs.is_empty());
        assert_eq!(
            (
                &batch.mask,
                &batch.rewards,
                &batch.terminated,
                &batch.player
            ),
            (
                &expected.mask,
                &expected.rewards,
                &expected.terminated,
                &expected.player
            )
        );
        g.observe_into(&mut obs).expect("observe");
        assert_eq!(obs, expected.obs);
        if k + 1 < with.len() {
            batch = g.step(&choose(&g, &batch, k)).expect("legal");
        }
    }
    assert!(g.observe_into(&mut obs[1..]).is_err());
    // Turned on again, steps write them.
    g.set_observations(true);
    let next = g.step(&choose(&g, &batch, 0)).expect("legal");
    assert_eq!(next.obs.len(), 4 * g.obs_len());
}

#[test]
fn kept_buffers_are_overwritten_with_what_fresh_ones_get() {
    let fresh = play(games("ludo", 3, 2, Chance::Inside, 2), 2000);
    let mut g = games("ludo", 3, 2, Chance::Inside, 2);
    // Whatever the buffers held is overwritten: start them full of nonsense.
    let mut kept = g.batch();
    kept.obs.fill(7.0);
    kept.mask.fill(true);
    kept.rewards.fill(-3.0);
    kept.terminated.fill(true);
    kept.player.fill(9);
    g.reset_into(kept.rows()).expect("reset");
    assert_eq!(kept, fresh[0]);
    for (k, expected) in fresh.iter().enumerate().skip(1) {
        let actions = choose(&g, &kept, k - 1);
        g.step_into(&actions, kept.rows()).expect("legal");
        assert_eq!(&kept, expected, "step {k}");
    }
    assert!(fresh.iter().any(|b| b.terminated.contains(&true)));
    // A refused step writes nothing; so does one into buffers of other sizes.
    let before = kept.clone();
    let err = g.step_into(&[-1, 0, 0], kept.rows()).expect_err("illegal");
    assert!(matches!(err, VecError::Illegal { game: 0, .. }), "{err}");
    assert_eq!(kept, before);
    let actions = choose(&g, &kept, 0);
    let mut short = g.batch();
    short.mask.pop();
    let err = g.step_into(&actions, short.rows()).expect_err("short mask");
    assert!(err.to_string().contains("mask buffer holds"), "{err}");
    g.set_observations(false);
    let err = g
        .step_into(&actions, kept.rows())
        .expect_err("obs without observations");
    assert!(err.to_string().contains("obs buffer"), "{err}");
    let position = g.position(0).copied();
    let mut narrow = g.batch();
    g.step_into(&actions, narrow.rows()).expect("legal");
    assert_ne!(g.position(0).copied(), position);
}

/// Where the rules allow, moves and the throws after them are played on the compact game: the
/// rows, and every game's position, are exactly those of the general engine, through many ended
/// and begun games of every ruleset it serves.
#[test]
fn games_on_the_compact_game_are_the_general_engines_games() {
    for name in ["pachisi", "ludo", "maedn", "maedn-2"] {
        let fast = games(name, 4, 3, Chance::Inside, 1);
        assert!(fast.shared.plain, "{name} plays on the compact game");
        let mut general = games(name, 4, 3, Chance::Inside, 1);
        general.shared.plain = false;
        let (mut fast, mut slow) = (fast, general);
        let mut a = fast.reset().expect("reset");
        let b = slow.reset().expect("reset");
        assert_eq!(a, b, "{name}");
        let mut ended = 0;
        for k in 0..3000 {
            let actions = choose(&fast, &a, k);
            a = fast.step(&actions).expect("legal");
            let b = slow.step(&actions).expect("legal");
            assert_eq!(a, b, "{name}, step {k}");
            ended += a.terminated.iter().filter(|&&t| t).count();
            for i in 0..4 {
                assert_eq!(
                    fast.position(i),
                    slow.position(i),
                    "{name}, step {k}, game {i}"
                );
            }
        }
        assert!(ended > 0, "{name}: no game ended");
    }
    // Explicit chance and rules it cannot play stay on the general engine.
    assert!(!games("maedn", 1, 1, Chance::Explicit, 1).shared.plain);
    assert!(!games("parcheesi-sr", 1, 1, Chance::Inside, 1).shared.plain);
}
