//! `Rules::from_toml` (origin `fuzz.toml`). Lines starting with `#set ` are TOML comments, and are
//! also passed as `field=value` overrides. When the rules compile, their data must write back as
//! TOML that reads as the same ruleset, and a game played under them (throws and moves chosen from
//! the input bytes) must never panic; every position reached must survive notation.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use pachisi_core::{Position, Rules, Ruleset};

/// Most throws and moves played under each compiled ruleset.
const STEPS: usize = 300;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let overrides: Vec<String> = text
        .lines()
        .filter_map(|line| line.strip_prefix("#set "))
        .map(String::from)
        .collect();
    let Ok(rules) = Rules::from_toml(text, "fuzz.toml", &overrides) else {
        return;
    };
    let written = rules.ruleset().to_toml();
    let reread = Ruleset::from_toml(&written, "fuzz.toml")
        .unwrap_or_else(|e| panic!("a compiled ruleset writes TOML that does not read: {e}"));
    assert_eq!(
        &reread,
        rules.ruleset(),
        "the ruleset reads back differently"
    );

    let mut rng = common::Rng::from_bytes(data);
    let mut pos = Position::new(&rules);
    common::assert_round_trip(&rules, &pos);
    for _ in 0..STEPS {
        if !common::step(&rules, &mut pos, &mut rng) {
            break;
        }
        common::assert_round_trip(&rules, &pos);
    }
});
