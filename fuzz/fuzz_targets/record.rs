//! `GameRecord::parse`, then a replay under the named built-in ruleset when there is one. A record
//! that replays must also write out (`to_text`) as a record that replays to the same position.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use pachisi_core::GameRecord;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = GameRecord::parse(text) else {
        return;
    };
    let Some(rules) = record.tag("Ruleset").and_then(common::builtin_named) else {
        return;
    };
    let Ok(end) = record.replay(rules) else {
        return;
    };
    common::assert_round_trip(rules, &end);
    let written = record
        .to_text(rules)
        .unwrap_or_else(|e| panic!("a record that replays cannot be written: {e}"));
    let reread = GameRecord::parse(&written)
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{written}"));
    let end_again = reread
        .replay(rules)
        .unwrap_or_else(|e| panic!("a written record does not replay: {e}\n{written}"));
    assert_eq!(
        end_again, end,
        "a written record replays to another position"
    );
});
