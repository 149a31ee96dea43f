//! `Position::from_notation` under every built-in ruleset: a position that reads must write back
//! to the same position, and the engine must handle it without panicking: its legal moves, perft
//! depth 0, and one step further (every legal move, or every throw), which must lead to positions
//! that write back too.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use pachisi_core::{perft, Phase, Position, Throw};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (_, rules) in common::builtin() {
        let Ok(pos) = Position::from_notation(rules, text) else {
            continue;
        };
        common::assert_round_trip(rules, &pos);
        let moves = pos.legal_moves(rules);
        match pos.phase() {
            Phase::Move => {
                assert!(
                    !moves.is_empty(),
                    "no legal move in a position waiting for one"
                );
                // One step further: every legal move plays, every outcome throws.
                for mv in moves {
                    let mut next = pos;
                    next.play(rules, mv)
                        .unwrap_or_else(|e| panic!("legal move {mv} refused: {e}"));
                    common::assert_round_trip(rules, &next);
                }
                common::perft_0_if_small(rules, &pos);
            }
            Phase::Throw => {
                assert!(moves.is_empty());
                assert_eq!(perft(rules, &pos, 0), 1);
                for i in 0..rules.outcomes().len() {
                    let mut next = pos;
                    next.apply_throw(rules, Throw(i as u8))
                        .unwrap_or_else(|e| panic!("throw {i} refused: {e}"));
                    common::assert_round_trip(rules, &next);
                    next.legal_moves(rules);
                }
            }
            Phase::Over => {
                assert!(moves.is_empty());
                assert_eq!(perft(rules, &pos, 0), 1);
            }
        }
    }
});
