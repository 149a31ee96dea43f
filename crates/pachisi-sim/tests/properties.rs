//! Invariants of the rules engine over seeded random play, under every built-in ruleset.
//!
//! Each property draws seeds from proptest and, for every ruleset in
//! `pachisi_core::BUILTIN_RULESETS`, plays the seeded random game (`play_random_game`, with a
//! record) and checks the invariant at every position the game passes through, replaying the
//! record action by action. A failing seed is shrunk and reported; `play_random_game` with that
//! seed reproduces the game.

use pachisi_core::ruleset::{CastleRule, Device};
use pachisi_core::{builtin_rules, Action, GameRecord, Phase, Position, Rules, BUILTIN_RULESETS};
use pachisi_sim::{play_random_game, GameResult, MAX_THROWS_PER_GAME};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Every built-in ruleset, compiled.
fn builtin() -> Vec<(&'static str, Rules)> {
    BUILTIN_RULESETS
        .iter()
        .map(|(name, _)| {
            (
                *name,
                builtin_rules(name, &[]).expect("a valid built-in ruleset"),
            )
        })
        .collect()
}

/// Plays the seeded random game and returns its result and record.
fn random_game(name: &str, rules: &Rules, seed: u64) -> (GameResult, GameRecord) {
    let mut record = GameRecord::new(name);
    let result = play_random_game(rules, Position::new(rules), seed, Some(&mut record));
    (result, record)
}

/// Calls `check` on every position of the seeded random game, the start and the end included;
/// returns the game's result.
fn for_each_position(
    name: &str,
    rules: &Rules,
    seed: u64,
    mut check: impl FnMut(&Position) -> Result<(), TestCaseError>,
) -> Result<GameResult, TestCaseError> {
    let (result, record) = random_game(name, rules, seed);
    let mut pos = Position::new(rules);
    check(&pos)?;
    for (step, &(action, _, _)) in record.actions.iter().enumerate() {
        let applied = match action {
            Action::Throw(value) => {
                let throw = rules.throw_by_name(value).expect("a thrown value");
                pos.apply_throw(rules, throw)
            }
            Action::Move(mv) => pos.play(rules, mv),
            Action::Seat(_) => Ok(()),
        };
        if let Err(e) = applied {
            return Err(TestCaseError::fail(format!(
                "{name}, seed {seed}, action {step} ({action:?}): {e}"
            )));
        }
        check(&pos).map_err(|e| TestCaseError::fail(format!("{name}, seed {seed}: {e}")))?;
    }
    prop_assert_eq!(pos, result.position, "{}, seed {}", name, seed);
    Ok(result)
}

/// Two pieces of opposing teams on one square, described, if the position has any. Only a
/// ruleset whose castles are shared (Ludo's safe squares) lets opponents stand together, and only
/// on a castle.
fn shared_square(rules: &Rules, pos: &Position) -> Option<String> {
    let castles_shared = rules.ruleset().capture.castles == CastleRule::Shared;
    for a in 0..rules.seats() {
        for b in (a + 1..rules.seats()).filter(|&b| rules.team_of(a) != rules.team_of(b)) {
            for &pa in pos.pieces_of(a) {
                let Some(sq) = rules.square_at(a, pa) else {
                    continue;
                };
                if pos
                    .pieces_of(b)
                    .iter()
                    .any(|&pb| rules.square_at(b, pb) == Some(sq))
                {
                    if castles_shared && rules.topology().is_castle(sq) {
                        continue;
                    }
                    // A piece bounced back from home onto the track meets nobody there.
                    if rules.opponents_may_share_squares() {
                        continue;
                    }
                    // 003 (PB): a pawn being carried on stands there for a moment.
                    let mover = pos.to_move();
                    let carried = pos
                        .carried()
                        .and_then(|p| rules.square_at(mover, p))
                        .filter(|_| a == mover || b == mover);
                    if carried == Some(sq) && rules.topology().is_castle(sq) {
                        continue;
                    }
                    let kind = if rules.topology().is_castle(sq) {
                        "castle"
                    } else {
                        "square"
                    };
                    return Some(format!(
                        "seats {a} and {b} share the {kind} {} at `{}`",
                        rules.topology().name(sq),
                        pos.to_notation(rules)
                    ));
                }
            }
        }
    }
    None
}

/// Optional rules, each switched on a built-in ruleset as `--set` would.
const OPTIONAL_RULES: &[(&str, &[&str])] = &[
    ("pachisi", &["moves.split=true"]),
    (
        "pachisi",
        &["capture.before_home=true", "capture.invalidation=true"],
    ),
    ("pachisi", &["players.pieces=8"]),
    ("pachisi", &["turn.opening=[2,3,4]"]),
    ("parcheesi-sr", &["board.corner_squares=1"]),
    ("parcheesi-sr", &["board.direction=clockwise"]),
    (
        "parcheesi-sr",
        &["moves.must_enter=false", "moves.grace_only_enters=true"],
    ),
    (
        "parcheesi-sr",
        &[
            "throw.dice=1",
            "throw.separate_dice=false",
            "moves.enter_with_sum=false",
        ],
    ),
    ("parcheesi-sr", &["finish.placings=all"]),
    ("parcheesi-mb", &["moves.usage=all-or-nothing"]),
    ("parcheesi-mb", &["capture.overtake=true"]),
    ("parcheesi-mb", &["doubles.enabled=false"]),
    ("parcheesi-mb", &["board.entry_offset=0"]),
    ("parcheesi-mb", &["throw.grace=[7]"]),
    (
        "parcheesi-mb",
        &[
            "throw.separate_dice=false",
            "moves.enter_with_sum=false",
            "doubles.enabled=false",
        ],
    ),
    ("parcheesi-tr", &["doubles.third=none"]),
    ("ludo", &["board.castles=entry-and-star-squares"]),
    (
        "ludo",
        &[
            "finish.goal=lane",
            "moves.clear_entry=true",
            "board.castles=none",
        ],
    ),
    ("maedn", &["finish.placings=all"]),
    (
        "ludo",
        &[
            "turn.extra_throw_on_capture=true",
            "turn.extra_throw_on_home=true",
        ],
    ),
    ("ludo", &["moves.stack_limit=2", "moves.blockades=true"]),
    ("ludo", &["throw.grace=[1,6]", "finish.placings=all"]),
    (
        "ludo",
        &[
            "players.seats=[0,2]",
            "players.colours=[\"red\",\"yellow\"]",
        ],
    ),
];

// Each case plays one game under every built-in ruleset and checks each of its positions: a few
// dozen cases keep the file well under a minute in a debug build.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pieces_are_never_created_or_lost(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            let mut home_before = vec![0; usize::from(rules.seats())];
            for_each_position(name, &rules, seed, |pos| {
                for seat in 0..rules.seats() {
                    let pieces = pos.pieces_of(seat);
                    prop_assert_eq!(
                        pieces.len(),
                        usize::from(rules.pieces()),
                        "seat {} at `{}`",
                        seat,
                        pos.to_notation(&rules)
                    );
                    prop_assert!(
                        pieces.iter().all(|&p| p <= rules.home()),
                        "a progress beyond home ({}) at `{}`",
                        rules.home(),
                        pos.to_notation(&rules)
                    );
                    // A piece that is home stays home.
                    let home = pieces.iter().filter(|&&p| p == rules.home()).count();
                    prop_assert!(
                        home >= home_before[usize::from(seat)],
                        "seat {} lost a piece from home at `{}`",
                        seat,
                        pos.to_notation(&rules)
                    );
                    home_before[usize::from(seat)] = home;
                }
                Ok(())
            })?;
        }
    }

    #[test]
    fn no_two_opponents_ever_share_a_square_least_of_all_a_castle(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            for_each_position(name, &rules, seed, |pos| match shared_square(&rules, pos) {
                Some(fault) => Err(TestCaseError::fail(fault)),
                None => Ok(()),
            })?;
        }
    }

    #[test]
    fn legal_moves_are_never_missing_and_play_accepts_every_one(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            for_each_position(name, &rules, seed, |pos| {
                let moves = pos.legal_moves(&rules);
                if pos.phase() != Phase::Move {
                    prop_assert!(moves.is_empty(), "moves listed at `{}`", pos.to_notation(&rules));
                    return Ok(());
                }
                prop_assert!(!moves.is_empty(), "no legal move at `{}`", pos.to_notation(&rules));
                for mv in moves {
                    let mut next = *pos;
                    let played = next.play(&rules, mv);
                    prop_assert!(
                        played.is_ok(),
                        "{} refused at `{}`: {:?}",
                        mv,
                        pos.to_notation(&rules),
                        played
                    );
                }
                Ok(())
            })?;
        }
    }

    #[test]
    fn position_notation_round_trips_at_every_step(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            for_each_position(name, &rules, seed, |pos| {
                let text = pos.to_notation(&rules);
                let back = Position::from_notation(&rules, &text);
                prop_assert_eq!(back, Ok(*pos), "`{}`", text);
                Ok(())
            })?;
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn a_game_record_replays_to_the_final_position_and_its_text_reads_back(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            let (result, mut record) = random_game(name, &rules, seed);
            let replayed = record.replay(&rules);
            prop_assert_eq!(replayed, Ok(result.position), "{}, seed {}", name, seed);

            record.set_tag("Seed", seed.to_string());
            record.set_tag("Final", result.position.to_notation(&rules));
            let text = record.to_text(&rules).expect("a played game writes out");
            let parsed = GameRecord::parse(&text);
            prop_assert!(parsed.is_ok(), "{}, seed {}: {:?}", name, seed, parsed);
            let parsed = parsed.expect("checked");
            prop_assert_eq!(parsed.replay(&rules), Ok(result.position), "{}, seed {}", name, seed);
            prop_assert_eq!(
                parsed.to_text(&rules).expect("a parsed record writes out"),
                text,
                "{}, seed {}: the text does not survive a second round",
                name,
                seed
            );
        }
    }

}

// Whole games without per-position checks are cheap: more of them.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_game_ends_within_the_stated_bound(seed in any::<u64>()) {
        for (name, rules) in builtin() {
            let result = play_random_game(&rules, Position::new(&rules), seed, None);
            prop_assert_eq!(result.position.phase(), Phase::Over, "{}, seed {}", name, seed);
            prop_assert!(result.throws < MAX_THROWS_PER_GAME, "{}, seed {}", name, seed);
            prop_assert!(!result.placings.is_empty(), "{}, seed {}", name, seed);
        }
    }

    #[test]
    fn every_game_ends_within_the_stated_bound_under_the_optional_rules(seed in any::<u64>()) {
        for (name, overrides) in OPTIONAL_RULES {
            let overrides: Vec<String> = overrides.iter().map(|o| o.to_string()).collect();
            let rules = builtin_rules(name, &overrides).expect("valid overrides");
            // Every position on the way must be one the notation accepts (it checks stacks,
            // castles and the pool), with no opponents sharing a square.
            let result = for_each_position(name, &rules, seed, |pos| {
                let text = pos.to_notation(&rules);
                prop_assert_eq!(Position::from_notation(&rules, &text), Ok(*pos), "{} {:?}: `{}`", name, overrides, text);
                match shared_square(&rules, pos) {
                    Some(fault) => Err(TestCaseError::fail(format!("{name} {overrides:?}: {fault}"))),
                    None => Ok(()),
                }
            })?;
            prop_assert_eq!(result.position.phase(), Phase::Over, "{} {:?}, seed {}", name, overrides, seed);
            prop_assert!(result.throws < MAX_THROWS_PER_GAME, "{} {:?}, seed {}", name, overrides, seed);
        }
    }

    #[test]
    fn the_outcome_probabilities_sum_to_one(p_up in 0.01f64..0.99, u in 0.0f64..1.0) {
        for (name, rules) in builtin() {
            // The shipped table, and the same device with biased shells (throw.p_up).
            let mut tables = vec![rules.clone()];
            if rules.ruleset().throw.device == Device::Cowries {
                let biased = builtin_rules(name, &[format!("throw.p_up={p_up}")])
                    .expect("any p_up strictly between 0 and 1 is valid");
                tables.push(biased);
            }
            for rules in tables {
                let outcomes = rules.outcomes();
                let total: f64 = outcomes.iter().map(|o| o.probability).sum();
                prop_assert!(
                    (total - 1.0).abs() < 1e-12,
                    "{}: the outcomes sum to {}",
                    name,
                    total
                );
                prop_assert!(
                    outcomes.iter().all(|o| o.probability > 0.0 && o.probability <= 1.0),
                    "{}: {:?}",
                    name,
                    outcomes
                );
                let chosen = rules.throw_for(u);
                prop_assert!(usize::from(chosen.0) < outcomes.len(), "{}: u = {}", name, u);
            }
        }
    }
}
