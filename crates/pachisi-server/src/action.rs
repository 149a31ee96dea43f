//! A person's action in a game: the [`Request`] a client sends (a throw, a move, an undo) read
//! from its body, whether the person showing a credential may make it now (`authorize`: the seat
//! to act is theirs; undo's bounds, `undo_allowed`), and playing it on the table (`apply`). All
//! of it is pure: the caller holds the game's locks and commits what changed.

use crate::error::GameError;
use crate::room::{Holder, Room};
use pachisi_core::record::Action;
use pachisi_core::Phase;
use pachisi_table::Table;

/// What a client asks a game to do.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum Request {
    /// A person throws. (Written as a struct variant so that unknown fields are refused.)
    Throw {},
    /// A person moves: by notation, or by index into the listed moves.
    Move {
        /// The move in notation.
        #[serde(rename = "move")]
        notation: Option<String>,
        /// The move's index in the state's `moves`.
        index: Option<usize>,
    },
    /// A person takes back their last move.
    Undo {},
}

/// An action as a client sends it: the [`Request`], and `actions`, the number of actions of the
/// state it was chosen in, if the client says (the action is refused if the game has moved on).
///
/// # Errors
/// When the body is not an action.
pub fn parse_request(mut body: serde_json::Value) -> Result<(Request, Option<usize>), GameError> {
    let actions = match body.as_object_mut().and_then(|o| o.remove("actions")) {
        None => None,
        Some(n) => Some(
            n.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    GameError::BadRequest(
                        "`actions` is the number of actions of the state you acted on".into(),
                    )
                })?,
        ),
    };
    let request = serde_json::from_value(body)
        .map_err(|e| GameError::BadRequest(format!("not an action: {e}")))?;
    Ok((request, actions))
}

/// Whether the person showing `credential` may ask for `request` at `table`, whose room is
/// `room`, now: the game has begun, and they hold the seat to act (for undo: any seat). A bot's
/// turn or a finished game is left to the rules' own answer.
pub(crate) fn authorize(
    room: &Room,
    table: &Table,
    credential: Option<&str>,
    request: &Request,
) -> Result<usize, GameError> {
    let p = room.person(credential)?;
    if !room.started {
        return Err(GameError::NotNow(waiting_for(room, table)));
    }
    if let Some(why) = &room.stopped {
        return Err(GameError::NotNow(why.clone()));
    }
    let pos = table.position();
    let seat = pos.to_move();
    let theirs = match request {
        Request::Undo {} => {
            if room.seats_of(p).is_empty() {
                false
            } else {
                // A finished game's result stands: the table says so itself.
                if pos.phase() != Phase::Over {
                    undo_allowed(room, table)?;
                }
                true
            }
        }
        _ => {
            pos.phase() == Phase::Over
                || matches!(room.seats.get(usize::from(seat)), Some(Holder::Bot { .. }))
                || room.holds(p, seat)
        }
    };
    if !theirs {
        let colour = table.rules().seat_colour(seat);
        return Err(GameError::Forbidden(format!(
            "it is {colour}'s turn, and {colour} is not your seat"
        )));
    }
    Ok(p)
}

/// Whether the undo a person asks for may be made: it takes back only their moves since the
/// last throw, never a throw (a throw seen stands: were it taken back, it would fall again the
/// same, and whoever saw it would know the throws to come), and never a move made while another
/// person held a seat ([`Room::undo_floor`]). The table's own rule (no undo while several
/// people play, or once the game is over) is checked after.
pub(crate) fn undo_allowed(room: &Room, table: &Table) -> Result<(), GameError> {
    let Some(reach) = table.undo_reach() else {
        return Err(GameError::NotNow(
            "there is no move of yours to take back".into(),
        ));
    };
    if reach < room.undo_floor {
        return Err(GameError::NotNow(
            "that move was made while another person played at this table: it stands, and undo cannot take it back".into(),
        ));
    }
    let since = table.record().actions.get(reach..).unwrap_or_default();
    if since.iter().any(|(a, ..)| matches!(a, Action::Throw(_))) {
        return Err(GameError::NotNow(
            "a throw has fallen since your last move: a throw once seen stands, and so does the move before it".into(),
        ));
    }
    Ok(())
}

/// What a game that has not begun is waiting for.
fn waiting_for(room: &Room, table: &Table) -> String {
    let open: Vec<&str> = room
        .seats
        .iter()
        .enumerate()
        .filter(|(_, h)| matches!(h, Holder::Open { .. }))
        .filter_map(|(s, _)| u8::try_from(s).ok())
        .map(|s| table.rules().seat_colour(s))
        .collect();
    format!(
        "the game begins when every seat is taken: waiting for {}",
        open.join(", ")
    )
}

/// Plays a person's request on `table`.
pub(crate) fn apply(table: &mut Table, request: Request) -> Result<(), GameError> {
    match request {
        Request::Undo {} => table.undo().map_err(GameError::NotNow),
        Request::Throw {} => match person_due(table)? {
            Phase::Throw => {
                table.human_throw();
                Ok(())
            }
            _ => Err(GameError::NotNow("a move is due, not a throw".into())),
        },
        Request::Move { notation, index } => {
            if person_due(table)? != Phase::Move {
                return Err(GameError::NotNow("a throw is due, not a move".into()));
            }
            let legal = table.legal_moves();
            let mv = match (notation, index) {
                (Some(text), None) => text
                    .parse::<pachisi_core::Move>()
                    .map_err(|e| GameError::BadRequest(e.to_string()))?,
                (None, Some(i)) => *legal.get(i).ok_or_else(|| {
                    GameError::Invalid(format!("there is no move {i}: {} are legal", legal.len()))
                })?,
                _ => {
                    return Err(GameError::BadRequest(
                        "a move gives either `move` (its notation) or `index`".into(),
                    ))
                }
            };
            table.human_move(mv).map(|_| ()).map_err(GameError::Invalid)
        }
    }
}

/// The phase a person is to act in, or why no person may act now.
fn person_due(table: &Table) -> Result<Phase, GameError> {
    match table.position().phase() {
        Phase::Over => Err(GameError::NotNow("the game is over".into())),
        _ if table.automatic_due() => {
            let seat = table.position().to_move();
            let colour = table.rules().seat_colour(seat);
            Err(GameError::NotNow(if table.is_human(seat) {
                format!("{colour} has no move but a pass, which the server plays: wait for the next state")
            } else {
                format!("it is {colour}'s turn, which a bot plays: wait for the next state")
            }))
        }
        phase => Ok(phase),
    }
}
