//! The game in words for a player who cannot see the board (docs/api.md, "The board in
//! words"): every seat's pieces, where each stands, which are safe and which are threatened and
//! by whom; and the answers to what a player types (`where`, `threats 2`, `why 3`, `moves`).
//! The words are `pachisi-learn::speak`'s, the same as the terminal's `--screen-reader`, in the
//! language of the request (`crate::language`), said to the asker's first seat ("your piece 2")
//! or, for a watcher, naming every seat by its colour. `why` asked after the asker's turn passed
//! because nothing could move (and before they act again) says why it passed.
//!
//! Both are read like the game itself (a player's token or the watch code). Working out the
//! threats plays every throw of every opposing piece, so both run on the bounded pool of heavy
//! work, and a question is at most [`MAX_QUESTION`] bytes.

use crate::answer::{heavy, ApiError, ApiResult};
use crate::app::{AppState, Client};
use crate::room::Caller;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use pachisi_core::record::Action;
use pachisi_core::{Phase, Position, Rules, Throw};
use pachisi_learn::speak::{self, Command, Voice};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The longest question, in bytes.
pub const MAX_QUESTION: usize = 200;

/// One seat's pieces in words.
#[derive(Serialize)]
struct SeatWords {
    /// The seat's index.
    seat: u8,
    /// "You, Yellow", "Green".
    heading: String,
    /// One line a piece: where it stands, safe or threatened.
    pieces: Vec<String>,
}

/// `GET /api/games/{id}/words`: every seat's pieces in words.
#[derive(Serialize)]
pub(crate) struct BoardWords {
    seats: Vec<SeatWords>,
}

/// `POST /api/games/{id}/ask`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Question {
    question: String,
    /// The moment asked about, as the state's count of actions: a page that heard of a pass
    /// forced on its person asks why after the server has played it. None, or a count the
    /// game has not gone back past, for the game as it stands.
    #[serde(default)]
    actions: Option<usize>,
}

/// The answer: lines to say, or, for a command that acts, which one (the page acts by its own
/// keys and buttons, so that every action goes the way of every other).
#[derive(Serialize)]
pub(crate) struct Answer {
    lines: Vec<String>,
}

/// The game and the asker's first seat (none for a watcher), or a refusal.
fn asked(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> ApiResult<(Arc<crate::game::Game>, Option<u8>)> {
    let credential = crate::app::credential(headers);
    let game = state.games.get(id)?;
    let listener = {
        let room = game.room();
        match room.who(credential.as_deref()) {
            Some(Caller::Person(p)) => room.seats_of(p).first().copied(),
            Some(Caller::Watcher) => None,
            None => {
                return Err(crate::error::GameError::Forbidden(
                    "this game is seen by its players (with their token) and watchers (with the watch link)"
                        .into(),
                )
                .into())
            }
        }
    };
    Ok((game, listener))
}

/// The game's rules, position and last throw (with its seat), taken under the table's lock and
/// read after it, so that the words are made without holding the game.
fn snapshot(game: &crate::game::Game) -> (Arc<Rules>, Position, Option<(u8, Throw)>) {
    let table = game.table();
    let last = table.last_thrower().zip(table.last_throw());
    (table.rules().clone(), *table.position(), last)
}

/// For `why` (of no piece in particular) asked by the player of `listener` when it is not their
/// move: the position in which their last turn passed because nothing could move, if they have
/// done nothing since, so that the answer says why it passed (as the terminal's `w` does, and as
/// the first game's tip asks, often after the server has played the pass).
fn passed_turn(
    game: &crate::game::Game,
    rules: &Rules,
    pos: &Position,
    listener: Option<u8>,
    command: &Command,
) -> Option<Position> {
    let seat = listener?;
    let their_move = pos.phase() == Phase::Move && pos.to_move() == seat;
    if *command != Command::Why(None) || their_move {
        return None;
    }
    let record = game.table().record().clone();
    speak::forced_pass_of(rules, &record, seat)
}

/// As [`snapshot`], at the moment after the game's first `actions` actions when that is before
/// the present (the record up to there, replayed), else as the game stands.
fn snapshot_at(
    game: &crate::game::Game,
    actions: Option<usize>,
) -> (Arc<Rules>, Position, Option<(u8, Throw)>) {
    let past = {
        let table = game.table();
        match actions {
            Some(n) if n < table.record().actions.len() => {
                let mut record = table.record().clone();
                record.actions.truncate(n);
                record.remove_tag("Final");
                Some((table.rules().clone(), record))
            }
            _ => None,
        }
    };
    let Some((rules, record)) = past else {
        return snapshot(game);
    };
    let Ok(pos) = record.replay(&rules) else {
        return snapshot(game);
    };
    // The last throw then, and who threw it: the seat to play before it.
    let last = record
        .actions
        .iter()
        .rposition(|(a, _, _)| matches!(a, Action::Throw(_)))
        .and_then(|i| {
            let Action::Throw(name) = record.actions[i].0 else {
                return None;
            };
            let mut before = record.clone();
            before.actions.truncate(i);
            let seat = before.replay(&rules).ok()?.to_move();
            Some((seat, rules.throw_named(name).ok()?))
        });
    (rules, pos, last)
}

/// `GET /api/games/{id}/words`.
pub(crate) async fn board(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    headers: HeaderMap,
) -> ApiResult<Json<BoardWords>> {
    let (game, listener) = asked(&state, &id, &headers)?;
    let words = crate::language::chosen(&headers);
    let value = heavy(&state.games, client, move || {
        let (rules, pos, _) = snapshot(&game);
        let voice = Voice::new(words, &rules, listener);
        let seats = (0..rules.seats())
            .map(|seat| SeatWords {
                seat,
                heading: words.msg_with("speak-seat-heading", &voice.args_for(seat)),
                pieces: speak::where_lines(&voice, &pos, seat),
            })
            .collect();
        Ok(BoardWords { seats })
    })
    .await?;
    Ok(Json(value))
}

/// `POST /api/games/{id}/ask`.
pub(crate) async fn ask(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    headers: HeaderMap,
    body: Result<Json<Question>, JsonRejection>,
) -> ApiResult<Json<Answer>> {
    let Json(question) = body?;
    if question.question.len() > MAX_QUESTION {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            format!("a question is at most {MAX_QUESTION} bytes"),
            None,
        ));
    }
    let (game, listener) = asked(&state, &id, &headers)?;
    let words = crate::language::chosen(&headers);
    let value = heavy(&state.games, client, move || {
        let (rules, pos, last) = snapshot_at(&game, question.actions);
        let voice = Voice::new(words, &rules, listener);
        let command = speak::parse_command(words, &question.question);
        // A question about a past moment (`actions`) is answered of that moment as it was.
        let passed = question
            .actions
            .is_none()
            .then(|| passed_turn(&game, &rules, &pos, listener, &command));
        if let Some(before) = passed.flatten() {
            return Ok(Answer {
                lines: speak::why_not_lines(&voice, &before),
            });
        }
        let lines = match speak::answer(&voice, &pos, last, &command) {
            Some(lines) => lines,
            // A command that acts: the page's keys do that.
            None if command == Command::Empty => speak::help_lines(voice.words),
            None => vec![words.msg("access-ask-acts")],
        };
        Ok(Answer { lines })
    })
    .await?;
    Ok(Json(value))
}
