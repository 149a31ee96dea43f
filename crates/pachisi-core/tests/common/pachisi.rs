//! Helpers shared by the Pachisi scenario tests (tests/scenarios/): several throws in a row, and
//! the throw table of a ruleset.

use super::throw;
use pachisi_core::{Position, Rules};

/// Applies throws of these values one after another (see [`throw`]).
pub fn throws(pos: &mut Position, rules: &Rules, values: &[u8]) {
    for &v in values {
        throw(pos, rules, v);
    }
}

/// `(result, value, grace, extra throw)` of every outcome.
pub fn table(rules: &Rules) -> Vec<(u8, u8, bool, bool)> {
    rules
        .outcomes()
        .iter()
        .map(|o| (o.result, o.value, o.grace, o.extra_throw))
        .collect()
}
