//! `Move::from_str`: a move that reads must write back to text that reads as the same move.

#![no_main]

use libfuzzer_sys::fuzz_target;
use pachisi_core::Move;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(mv) = text.parse::<Move>() {
            let written = mv.to_string();
            let again: Move = written
                .parse()
                .unwrap_or_else(|e| panic!("`{written}` (from `{text}`) does not read back: {e}"));
            assert_eq!(again, mv, "`{written}` reads back as a different move");
            assert_eq!(again.to_string(), written);
        }
    }
    // The other way round: every well-formed move, built from raw bytes, writes text that reads
    // back as itself.
    if let [kind, from, value, steps, flags, ..] = *data {
        let mv = match kind % 4 {
            0 => Move::Pass,
            1 => Move::Enter { value },
            2 if from == 0 || value == 0 => return,
            2 => Move::EnterSum {
                first: from.max(value),
                second: from.min(value),
            },
            _ if steps == 0 || steps > value => return,
            _ => Move::Advance {
                from,
                value,
                steps,
                pair: flags & 1 != 0,
                round_again: flags & 2 != 0,
            },
        };
        let written = mv.to_string();
        let again: Move = written
            .parse()
            .unwrap_or_else(|e| panic!("`{written}` does not read back: {e}"));
        assert_eq!(again, mv);
    }
});
