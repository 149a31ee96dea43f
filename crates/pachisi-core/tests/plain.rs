//! `PlainGame` plays the same game as `Position`: over random games of every ruleset it supports,
//! with and without the optional rules that keep a ruleset plain, every position converts both
//! ways unchanged, lists the same moves in the same order, and every throw and every move leads to
//! the same position; so do the positions of maedn's scenarios, where one rule puts a move first.

use pachisi_core::plain::MAX_PLAIN_MOVES;
use pachisi_core::{
    builtin_rules, Move, Phase, PlainGame, Position, Rules, Throw, BUILTIN_RULESETS,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::{after_throw, rules_of};

/// Built-in rulesets with optional rules that keep them plain (from their documents: 000's
/// optional rules 4 and 6, 003's extra throw on reaching home, 7 of each seat's pieces), and
/// maedn's rules (a forced entry, the entry square cleared first, the goal in the lane) each
/// without the others, together with rules maedn does not play, and on Ludo's board.
const VARIANTS: &[(&str, &[&str])] = &[
    ("pachisi", &["moves.exact_home=true"]),
    ("pachisi", &["turn.extra_throw_on_capture=true"]),
    ("pachisi", &["players.pieces=3", "finish.placings=\"all\""]),
    ("pachisi-3-players", &["turn.extra_throw_on_home=true"]),
    ("ludo", &["moves.pass=true", "moves.stack_limit=0"]),
    ("ludo", &["capture.castles=\"closed\""]),
    ("ludo", &["finish.goal=\"lane\""]),
    ("ludo", &["moves.must_enter=true", "moves.clear_entry=true"]),
    ("maedn", &["moves.clear_entry=false"]),
    ("maedn", &["moves.must_enter=false"]),
    (
        "maedn",
        &["moves.must_enter=false", "moves.clear_entry=false"],
    ),
    ("maedn", &["finish.goal=\"home\""]),
    // Room for two on a square: the entry square takes a piece while one of the mover's stands
    // there, so clearing it comes before entering for a reason of its own.
    ("maedn", &["moves.stack_limit=2"]),
    ("maedn", &["moves.stack_limit=0", "moves.pass=true"]),
    ("maedn", &["finish.placings=\"all\""]),
    ("maedn", &["board.castles=\"entry-squares\""]),
    ("maedn-2", &["turn.three_in_a_row=\"void-third\""]),
];

fn supported() -> Vec<(String, Rules)> {
    let mut all: Vec<(String, Rules)> = BUILTIN_RULESETS
        .iter()
        .map(|&(name, _)| (name.to_string(), builtin_rules(name, &[]).expect("builtin")))
        .filter(|(_, rules)| PlainGame::supports(rules))
        .collect();
    for &(name, set) in VARIANTS {
        let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let rules = builtin_rules(name, &set).expect("variant");
        assert!(PlainGame::supports(&rules), "{name} {set:?} is plain");
        all.push((format!("{name} {set:?}"), rules));
    }
    all
}

#[test]
fn the_plain_rulesets_are_the_ones_expected() {
    let names: Vec<&str> = BUILTIN_RULESETS
        .iter()
        .map(|&(name, _)| name)
        .filter(|name| PlainGame::supports(&builtin_rules(name, &[]).expect("builtin")))
        .collect();
    for name in [
        "pachisi",
        "pachisi-3-players",
        "pachisi-7-cowries",
        "ludo",
        "maedn",
        "maedn-2",
    ] {
        assert!(names.contains(&name), "{name} is plain: {names:?}");
    }
    for name in [
        "parcheesi-sr",
        "parcheesi-pb",
        "parcheesi-mb",
        "parcheesi-tr",
        "ludopy",
    ] {
        assert!(!names.contains(&name), "{name} is not plain");
    }
}

/// Checks one position against its plain form: conversion, moves, and where every move and
/// every throw leads.
fn check(rules: &Rules, pos: &Position, what: &str) {
    let text = pos.to_notation(rules);
    let game = PlainGame::from_position(rules, pos)
        .unwrap_or_else(|| panic!("{what}: {text} has a plain form"));
    assert_eq!(&game.to_position(), pos, "{what}: {text} converts back");
    assert_eq!(game.phase(), pos.phase(), "{what}: {text}");
    let mut moves = [Move::Pass; MAX_PLAIN_MOVES];
    let n = game.legal_moves(&mut moves);
    assert_eq!(
        &moves[..n],
        pos.legal_moves(rules).as_slice(),
        "{what}: {text}"
    );
    for &mv in &moves[..n] {
        let (mut plain, mut general) = (game.clone(), *pos);
        let captured = plain.play_unchecked(mv);
        general.play(rules, mv).expect("legal");
        assert_eq!(plain.to_position(), general, "{what}: {text} then {mv}");
        // Pieces waiting after the move: those before, less one brought out, plus those sent back.
        let left_start = u32::from(matches!(
            mv,
            Move::Enter { .. } | Move::Advance { from: 0, .. }
        ));
        assert_eq!(
            pos.waiting_pieces() - left_start + captured,
            general.waiting_pieces(),
            "{what}: {text} then {mv}"
        );
    }
    if pos.phase() == Phase::Throw {
        for t in 0..rules.outcomes().len() {
            let (mut plain, mut general) = (game.clone(), *pos);
            plain.apply_throw(Throw(t as u8)).expect("a throw is due");
            general
                .apply_throw(rules, Throw(t as u8))
                .expect("a throw is due");
            assert_eq!(
                plain.to_position(),
                general,
                "{what}: {text} then throw {t}"
            );
        }
    }
}

#[test]
fn plain_games_list_and_play_the_moves_of_positions() {
    for (k, (what, rules)) in supported().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(90 + k as u64);
        let mut checked = [0usize; 2];
        // Six games at least, and more where games are short (two players of maedn), until
        // enough throws and moves have been checked.
        for game in 0..100 {
            if game >= 6 && checked[0] > 1000 && checked[1] > 1000 {
                break;
            }
            let mut pos = Position::new(rules);
            for _ in 0..3000 {
                check(rules, &pos, what);
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => {
                        checked[0] += 1;
                        let t = Throw(rng.gen_range(0..rules.outcomes().len()) as u8);
                        pos.apply_throw(rules, t).expect("throw");
                    }
                    Phase::Move => {
                        checked[1] += 1;
                        let legal = pos.legal_moves(rules);
                        pos.play(rules, legal[rng.gen_range(0..legal.len())])
                            .expect("legal");
                    }
                }
            }
        }
        assert!(
            checked[0] > 1000 && checked[1] > 1000,
            "{what}: {checked:?}"
        );
    }
}

#[test]
fn positions_plain_rules_never_reach_have_no_plain_form() {
    let pachisi = builtin_rules("pachisi", &[]).expect("builtin");
    let split = builtin_rules("pachisi", &["moves.split=true".into()]).expect("variant");
    assert!(!PlainGame::supports(&split));
    assert!(PlainGame::new(&split).is_none());
    // A move too long for home that bounces back is not refused, as plain moves would be.
    let bounce =
        builtin_rules("ludo", &["moves.bounce=\"back-by-excess\"".into()]).expect("variant");
    assert!(!PlainGame::supports(&bounce));
    let sr = builtin_rules("parcheesi-sr", &[]).expect("builtin");
    assert!(PlainGame::new(&sr).is_none());
    // Two throws waiting to be spent: only after-throwing turns hold them (the encyclopedia's
    // rules: a 25 and a 10 each earn another throw before anything is spent).
    let encyclopedia = builtin_rules("pachisi-encyclopedia", &[]).expect("builtin");
    let mut two = Position::new(&encyclopedia);
    for value in [25, 10] {
        let t = encyclopedia.throw_by_value(value).expect("an outcome");
        two.apply_throw(&encyclopedia, t).expect("a throw is due");
    }
    assert_eq!(two.pool().items().len(), 2);
    assert!(PlainGame::from_position(&pachisi, &two).is_none());
    // The same position with one throw has one.
    let mut one = Position::new(&pachisi);
    let two_up = pachisi.throw_by_value(2).expect("an outcome");
    one.apply_throw(&pachisi, two_up).expect("a throw is due");
    let mut game = PlainGame::from_position(&pachisi, &one).expect("plain");
    // A pass spends the throw, and a 2 earns no other: the turn passes on.
    assert_eq!(game.play_unchecked(Move::Pass), 0);
    assert_eq!((game.phase(), game.to_move()), (Phase::Throw, 1));
    let mut game = PlainGame::new(&pachisi).expect("plain");
    assert_eq!(game.to_position(), Position::new(&pachisi));
    assert_eq!(
        game.apply_throw(Throw(99)),
        Err(pachisi_core::PlayError::UnknownThrow(99))
    );
    assert_eq!(game.apply_throw(two_up), Ok(()));
    assert_eq!(
        game.apply_throw(two_up),
        Err(pachisi_core::PlayError::NotThrowing)
    );
}

/// The positions of maedn's scenarios (`tests/maedn.rs`) after the throws they test, where the
/// entry square must be cleared (or cannot be), a 6 must bring a piece in, a piece goes into the
/// goal or moves on within it, and the last piece into the goal ends the game: each plays alike
/// on a plain game, and the rules that put one move first are seen at work.
#[test]
fn maedn_scenarios_play_alike_on_plain_games() {
    let rules = rules_of("maedn", &[]);
    let cases: &[(&str, u8, &[&str])] = &[
        (
            "1,12,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            3,
            &["1+3"],
        ),
        (
            "1,12,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            6,
            &["1+6"],
        ),
        (
            "1,4,9,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            3,
            &["4+3", "9+3"],
        ),
        (
            "1,7,9,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            6,
            &["7+6", "9+6"],
        ),
        (
            "10,30,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            6,
            &["E6"],
        ),
        (
            "10,0,0,0/31,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB",
            6,
            &["E6"],
        ),
        (
            "38,41,42,43/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            6,
            &["38+6"],
        ),
        (
            "40,42,43,44/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            5,
            &["-"],
        ),
        (
            "41,42,20,30/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            2,
            &["20+2", "30+2", "41+2", "42+2"],
        ),
        (
            "41,42,43,38/39,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=RB",
            6,
            &["38+6"],
        ),
        (
            "39,42,43,44/0,0,0,0/0,0,0,0/0,0,0,0 Rt - entered=R",
            6,
            &["-"],
        ),
    ];
    for &(text, value, expected) in cases {
        let pos = after_throw(&rules, text, value);
        check(&rules, &pos, &format!("maedn {text} {value}"));
        let game = PlainGame::from_position(&rules, &pos).expect("plain");
        let mut moves = [Move::Pass; MAX_PLAIN_MOVES];
        let n = game.legal_moves(&mut moves);
        let listed: Vec<String> = moves[..n].iter().map(ToString::to_string).collect();
        assert_eq!(listed, expected, "maedn {text} {value}");
    }
}
