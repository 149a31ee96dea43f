//! The analysis of a record in the browser (`POST /api/analyze`, whose handler is `api`'s): every
//! decision graded and every throw's luck weighed by `pachisi_bots::analysis`, as
//! `pachisi analyze --json` gives them.
//!
//! A peer is untrusted, so the work is bounded three ways: the record is read within the replay
//! viewer's bounds ([`read_record`]); the positions the analysis would evaluate are counted
//! before any is, and a record over [`Limits::max_analysis_positions`] is refused; and the work
//! runs on one thread with a permit of the shared pool, as replays and hints do. The evaluator
//! is the server's ([`evaluator`], `pachisi serve --analysis-bot`): a request names none.
//!
//! [`Limits::max_analysis_positions`]: crate::limits::Limits::max_analysis_positions

use crate::error::GameError;
use crate::replay::{read_record, ReadRecord, RecordBounds, Service};
use pachisi_bots::analysis::{self, ReplayedGame};
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, Position};
use std::sync::Arc;

/// The analysis, as its refusals name it.
pub const ANALYSIS: Service = Service {
    name: "the analysis here",
    instead: "`pachisi analyze FILE` analyses a record of any length",
};

/// The evaluator of the server's analyses, from the spec its operator gave: read as a visitor's
/// spec would be (no file is opened, [`BotSpec::parse_untrusted`]), since its name is shown to
/// every visitor, and refused unless it estimates winning chances.
///
/// # Errors
/// When the spec does not parse, or names a bot without estimates (`random`, `mcts`).
pub fn evaluator(spec: &str) -> Result<BotSpec, String> {
    let bot = BotSpec::parse_untrusted(spec).map_err(|e| format!("`{spec}`: {e}"))?;
    let rules = Arc::new(builtin_rules("pachisi", &[]).map_err(|e| e.to_string())?);
    let start = Position::new(&rules);
    if bot.build(rules, 0).value(&start).is_none() {
        return Err(analysis::AnalysisError::NoEstimates(bot.to_string()).to_string());
    }
    Ok(bot)
}

/// The analysis of `text`, a record, by `evaluator` on one thread, as JSON: the
/// [`analysis::Analysis`] with `ruleset` (the record's), `steps` (its throws and moves, the
/// graph's width) and `positions` (the most positions the analysis evaluates).
///
/// # Errors
/// When the record is over its bounds or does not replay ([`read_record`]), or would evaluate
/// more than `max_positions` positions (413).
pub fn analysis_json(
    text: &str,
    bounds: RecordBounds,
    max_positions: usize,
    evaluator: &BotSpec,
) -> Result<serde_json::Value, GameError> {
    let ReadRecord {
        record,
        name,
        rules,
    } = read_record(text, bounds, ANALYSIS)?;
    let game = ReplayedGame::from_record(&rules, &record)
        .map_err(|e| GameError::Invalid(e.to_string()))?;
    let positions = game.positions_at_most(&rules);
    if positions > max_positions {
        let Service {
            name: what,
            instead,
        } = ANALYSIS;
        return Err(GameError::TooLarge(format!(
            "the record's analysis would evaluate up to {positions} positions; {what} evaluates \
             at most {max_positions} ({instead})"
        )));
    }
    // One thread: a single request may not take every core of the server.
    let analysis = analysis::analyze(&rules, &game, evaluator, Some(1), &|_, _| {})
        .map_err(|e| GameError::Busy(format!("the analysis could not run: {e}")))?;
    let mut value =
        serde_json::to_value(&analysis).map_err(|e| GameError::Invalid(e.to_string()))?;
    if let Some(object) = value.as_object_mut() {
        object.insert("ruleset".into(), name.into());
        object.insert("steps".into(), game.steps.len().into());
        object.insert("positions".into(), positions.into());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::tests::{idle_ludo, BOUNDS};
    use pachisi_core::GameRecord;

    fn default_evaluator() -> BotSpec {
        evaluator(analysis::DEFAULT_EVALUATOR).expect("the default evaluator")
    }

    #[test]
    fn a_record_is_analysed_with_what_the_page_needs() {
        let text = idle_ludo(10);
        let value = analysis_json(&text, BOUNDS, 1000, &default_evaluator()).expect("analysed");
        assert_eq!(value["ruleset"], "ludo");
        assert_eq!(value["steps"], 20);
        // Each throw's position and its six outcomes', each pass's, and the end's.
        assert_eq!(value["positions"], 10 * 7 + 10 + 1);
        assert_eq!(value["evaluator"], analysis::DEFAULT_EVALUATOR);
        assert_eq!(value["throws"].as_array().map(Vec::len), Some(10));
        assert_eq!(value["chances"].as_array().map(Vec::len), Some(11));
        let rules = builtin_rules("ludo", &[]).expect("ludo");
        let record = GameRecord::parse(&text).expect("reads");
        let game = ReplayedGame::from_record(&rules, &record).expect("replays");
        assert_eq!(value["positions"], game.positions_at_most(&rules));
    }

    #[test]
    fn a_record_too_costly_is_refused_before_it_is_analysed() {
        let e = analysis_json(&idle_ludo(10), BOUNDS, 80, &default_evaluator())
            .expect_err("too costly");
        assert!(matches!(e, GameError::TooLarge(_)), "{e}");
        let said = e.to_string();
        assert!(
            said.contains("up to 81 positions") && said.contains("at most 80"),
            "{said}"
        );
        assert!(said.contains("pachisi analyze FILE"), "{said}");
        let e = analysis_json(&idle_ludo(16_000), BOUNDS, usize::MAX, &default_evaluator())
            .expect_err("too many actions");
        assert!(e.to_string().contains("32000 actions"), "{e}");
    }

    #[test]
    fn only_evaluators_with_estimates_and_no_files_are_taken() {
        for good in [
            "expectimax:depth=0",
            "heuristic",
            "expectimax:weights=default",
        ] {
            assert!(evaluator(good).is_ok(), "{good}");
        }
        for (bad, why) in [
            ("random", "no estimates"),
            ("mcts", "no estimates"),
            ("heuristic:weights=/etc/passwd", "built-in"),
            ("nonsense", "nonsense"),
        ] {
            let e = evaluator(bad).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
