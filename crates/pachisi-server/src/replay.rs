//! The replay viewer's work: a record played through, one frame per action (`POST
//! /api/replay`). The answer grows with the record and no faster (frames say what changed; the
//! log is sent once), the record's size and actions are bounded ([`Limits::max_record`],
//! [`Limits::max_replay_actions`]), and the work runs on a blocking thread with a permit of the
//! shared pool, so replays never hold up the server's other requests.
//!
//! Every service that takes a record from a peer reads it with [`read_record`], which holds it to
//! those bounds before anything is played: the replay, the check of the throws
//! (`POST /api/verify`) and the analysis ([`crate::analysis`]).
//!
//! [`Limits::max_record`]: crate::limits::Limits::max_record
//! [`Limits::max_replay_actions`]: crate::limits::Limits::max_replay_actions

use crate::error::GameError;
use crate::view;
use pachisi_core::{builtin_rules, Action, GameRecord, Rules};
use pachisi_table::{record_overrides, SeatSpec, Table};
use std::sync::Arc;

/// A record sent to the replay viewer, the check of the throws or the analysis:
/// `{"record": "..."}`, as JSON, which a form of another site cannot send.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRequest {
    /// The record's text.
    pub record: String,
}

/// A service that takes a record from a peer, as its refusals name it: what it is, and what takes
/// a record of any length instead.
#[derive(Clone, Copy, Debug)]
pub struct Service {
    /// Its name in a sentence: `the replay viewer`.
    pub name: &'static str,
    /// What to use instead for a longer record, in brackets after a refusal.
    pub instead: &'static str,
}

/// The replay viewer, `POST /api/replay`.
pub const REPLAY: Service = Service {
    name: "the replay viewer",
    instead: "`pachisi replay FILE` shows a record of any length in the terminal",
};

/// The check of the throws, `POST /api/verify`.
pub const VERIFY: Service = Service {
    name: "the check of the throws",
    instead: "`pachisi verify FILE` checks a record of any length",
};

/// How much of a record a service reads: its bytes, then (once read) its actions.
#[derive(Clone, Copy, Debug)]
pub struct RecordBounds {
    /// Bytes of the record's text ([`Limits::max_record`]).
    ///
    /// [`Limits::max_record`]: crate::limits::Limits::max_record
    pub bytes: usize,
    /// Throws and moves ([`Limits::max_replay_actions`]); `usize::MAX` for none.
    ///
    /// [`Limits::max_replay_actions`]: crate::limits::Limits::max_replay_actions
    pub actions: usize,
}

impl RecordBounds {
    /// The bounds of the replay viewer, which every service that plays a record through shares.
    pub fn of(limits: &crate::limits::Limits) -> RecordBounds {
        RecordBounds {
            bytes: limits.max_record,
            actions: limits.max_replay_actions,
        }
    }
}

/// A record a peer sent, read within its bounds, with its rules.
pub struct ReadRecord {
    /// The record.
    pub record: GameRecord,
    /// Its ruleset's name (its `Ruleset` tag).
    pub name: String,
    /// Its rules, with the overrides of its `Set` tag.
    pub rules: Arc<Rules>,
}

/// Reads a record sent to `service`: refused (413) when its text is longer than `bounds.bytes`,
/// before it is parsed, or when it has more than `bounds.actions` throws and moves, before any
/// is played; 422 when it does not read or names no built-in ruleset. Nothing is played here.
///
/// # Errors
/// As above, in words that name the service and what takes a longer record.
pub fn read_record(
    text: &str,
    bounds: RecordBounds,
    service: Service,
) -> Result<ReadRecord, GameError> {
    let Service {
        name: what,
        instead,
    } = service;
    if text.len() > bounds.bytes {
        return Err(GameError::TooLarge(format!(
            "the record is {} bytes; {what} takes at most {} ({instead})",
            text.len(),
            bounds.bytes
        )));
    }
    let invalid = GameError::Invalid;
    let record = GameRecord::parse(text).map_err(|e| invalid(e.to_string()))?;
    // Seat markers (`Y:`) check whose turn it is; they are no actions of the game.
    let actions = record
        .actions
        .iter()
        .filter(|(a, _, _)| !matches!(a, Action::Seat(_)))
        .count();
    if actions > bounds.actions {
        return Err(GameError::TooLarge(format!(
            "the record has {actions} actions; {what} takes at most {} ({instead})",
            bounds.actions
        )));
    }
    let name = record.tag("Ruleset").unwrap_or_default().to_string();
    let rules = builtin_rules(&name, &record_overrides(&record))
        .map_err(|e| invalid(format!("ruleset `{name}`: {e}")))?;
    Ok(ReadRecord {
        record,
        name,
        rules: Arc::new(rules),
    })
}

/// Every frame of `text`, a record, as the JSON of a [`view::ReplayView`].
///
/// # Errors
/// When the record is over its bounds, or does not read or replay ([`read_record`]).
pub fn replay_json(text: &str, bounds: RecordBounds) -> Result<String, GameError> {
    let invalid = GameError::Invalid;
    let ReadRecord {
        record,
        name,
        rules,
    } = read_record(text, bounds, REPLAY)?;
    let board = view::BoardView::of(&rules).map_err(invalid)?;
    let players: Vec<String> = record
        .tag("Seats")
        .map(|s| s.split(',').map(String::from).collect())
        .unwrap_or_default();
    let mut header = GameRecord::new(&name);
    for tag in ["Start", "Opening"] {
        if let Some(value) = record.tag(tag) {
            header.set_tag(tag, value);
        }
    }
    let humans = vec![SeatSpec::Human; usize::from(rules.seats())];
    let mut table = Table::new(rules.clone(), &humans, 0, header).map_err(invalid)?;
    let mut frames = view::Frames::default();
    frames.push(&table, None);
    for &(action, line, column) in &record.actions {
        table
            .apply_action(action)
            .map_err(|e| invalid(format!("record line {line}, column {column}: {e}")))?;
        if !matches!(action, Action::Seat(_)) {
            frames.push(&table, Some(crate::store::token(&action)));
        }
    }
    let replay = view::ReplayView {
        ruleset: view::brief(&rules),
        board,
        seats: view::seats(&rules, &players),
        log: table.log().to_vec(),
        frames: frames.into_frames(),
    };
    serde_json::to_string(&replay).map_err(|e| invalid(e.to_string()))
}

/// The check of a finished record's fair throws (`POST /api/verify`): whether the revealed seed
/// is the one committed to, how many throws were checked, and each that differs, in words.
///
/// # Errors
/// When the record is too long, does not read, or has no fair throws' tags.
pub fn verify_json(text: &str, max_bytes: usize) -> Result<serde_json::Value, GameError> {
    let bounds = RecordBounds {
        bytes: max_bytes,
        // The check replays the record as `pachisi verify` does, at the cost of a replay
        // without its frames: bounded by the bytes alone.
        actions: usize::MAX,
    };
    let ReadRecord { record, rules, .. } = read_record(text, bounds, VERIFY)?;
    let invalid = GameError::Invalid;
    let report =
        pachisi_fair::verify_record(&rules, &record).map_err(|e| invalid(e.to_string()))?;
    Ok(serde_json::json!({
        "ok": report.all_match(),
        "seed_matches_commitment": report.seed_matches_commitment,
        "throws": report.throws,
        "mismatches": report.mismatches.iter().map(|m| serde_json::json!({
            "number": m.number,
            "seat": m.seat,
            "expected": m.expected.to_string(),
            "recorded": m.recorded.to_string(),
            "description": m.describe(&rules),
        })).collect::<Vec<_>>(),
        "replay_error": report.replay_error.map(|e| e.to_string()),
    }))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::Value;

    /// Bounds roomy enough for every record of the tests.
    pub(crate) const BOUNDS: RecordBounds = RecordBounds {
        bytes: 1 << 20,
        actions: 20_000,
    };

    /// A Ludo record of `turns` turns in which every throw is a 1 and nobody can move: a throw
    /// and a pass each.
    pub(crate) fn idle_ludo(turns: usize) -> String {
        let mut text = String::from("[Ruleset \"ludo\"]\n\n");
        for _ in 0..turns {
            text.push_str("(1) - ");
        }
        text
    }

    /// The frames rebuilt as the page does: every piece, throw, move and log line at each one.
    fn expand(replay: &Value) -> Vec<(Vec<Value>, Value, Value, Vec<String>)> {
        let log: Vec<String> = replay["log"]
            .as_array()
            .expect("log")
            .iter()
            .map(|l| l.as_str().expect("line").to_string())
            .collect();
        let mut pieces: Vec<Value> = Vec::new();
        let (mut throw, mut mv) = (Value::Null, Value::Null);
        let mut out = Vec::new();
        for f in replay["frames"].as_array().expect("frames") {
            for p in f["pieces"].as_array().expect("pieces") {
                match pieces
                    .iter_mut()
                    .find(|q| q["seat"] == p["seat"] && q["piece"] == p["piece"])
                {
                    Some(q) => *q = p.clone(),
                    None => pieces.push(p.clone()),
                }
            }
            if let Some(t) = f.get("last_throw") {
                throw = t.clone();
            }
            if let Some(m) = f.get("last_move") {
                mv = m.clone();
            }
            let lines = f["log"][0].as_u64().expect("lines") as usize;
            let tail = f["log"][1].as_u64().expect("tail") as usize;
            let mut shown: Vec<String> = log[..lines].to_vec();
            if let Some(last) = shown.last_mut() {
                *last = last.chars().take(tail).collect();
            }
            out.push((pieces.clone(), throw.clone(), mv.clone(), shown));
        }
        out
    }

    /// Each frame, rebuilt from the changes, is the table as it stood: checked against a game
    /// of random bots played through a table alongside.
    #[test]
    fn frames_rebuilt_from_their_changes_are_the_game_as_it_stood() {
        let rules = Arc::new(builtin_rules("pachisi", &[]).expect("rules"));
        let bots: Vec<SeatSpec> = (0..4)
            .map(|_| "bot:random".parse().expect("seat"))
            .collect();
        let mut table =
            Table::new(rules.clone(), &bots, 7, GameRecord::new("pachisi")).expect("table");
        let mut states = vec![view::game_state("x", &table, &[]).expect("state")];
        for _ in 0..400 {
            if table.step_automatic().is_none() {
                break;
            }
            states.push(view::game_state("x", &table, &[]).expect("state"));
        }
        let text = table.record().to_text(&rules).expect("text");
        let replay: Value =
            serde_json::from_str(&replay_json(&text, BOUNDS).expect("replays")).expect("json");
        let frames = expand(&replay);
        assert_eq!(frames.len(), states.len());
        for (i, ((pieces, throw, mv, log), state)) in frames.iter().zip(&states).enumerate() {
            let state = serde_json::to_value(state).expect("json");
            assert_eq!(Value::from(pieces.clone()), state["pieces"], "frame {i}");
            assert_eq!(*throw, state["last_throw"], "frame {i}");
            assert_eq!(*mv, state["last_move"], "frame {i}");
            assert_eq!(Value::from(log.clone()), state["log"], "frame {i}");
        }
    }

    /// The answer grows with the record, not with its square.
    #[test]
    fn a_replay_grows_linearly_with_the_record() {
        let size = |turns| {
            replay_json(&idle_ludo(turns), BOUNDS)
                .expect("replays")
                .len()
        };
        let (small, large) = (size(1000), size(8000));
        assert!(
            large < small * 9,
            "8 times the turns gave {large} bytes against {small}"
        );
        assert!(large < 8000 * 2 * 200, "{large} bytes for 16,000 actions");
    }

    #[test]
    fn records_over_the_limits_are_refused_before_they_are_played() {
        let e = replay_json(&idle_ludo(16_000), BOUNDS).expect_err("too many");
        assert!(matches!(e, GameError::TooLarge(_)), "{e}");
        assert!(e.to_string().contains("32000 actions"), "{e}");
        let e = replay_json(
            &idle_ludo(100),
            RecordBounds {
                bytes: 100,
                ..BOUNDS
            },
        )
        .expect_err("too long");
        assert!(matches!(e, GameError::TooLarge(_)), "{e}");
    }
}
