//! What people do with a room ([`Room`]): taking a seat with an invitation (and the game
//! beginning once every seat is held), handing a seat over to a bot or to another person, taking
//! an away seat back from its stand-in, the host's options (watching, the lobby, hints, the turn
//! timer), chat, and the rematch of a finished game. Each change is made holding the game's table
//! lock, committed with its events, then published, like an action (`games`); who may make an
//! action is `action`'s to say.

use crate::clock::{self, Timer};
use crate::error::GameError;
use crate::game::{parse_seats, ChatLine, Game};
use crate::games::{now, Founding, Games};
use crate::room::timer;
use crate::room::{
    chat_text, check_name, qr_svg, secret, token_hash, Caller, Holder, Pace, Person, Room,
};
use crate::store::Commit;
use pachisi_core::Phase;
use pachisi_table::{SeatSpec, Table};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

/// A person's new seat and their token, as `POST /api/games/{id}/join` answers.
pub struct Joined {
    /// The seat taken.
    pub seat: u8,
    /// The token: the one shown (a person taking another seat), or a new one.
    pub token: String,
    /// The state after.
    pub state: Arc<str>,
}

/// What a seat is handed to.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandOver {
    /// `open` (a new invitation, for another person), `bot` or `bot:SPEC`.
    pub to: String,
}

/// The host's options of a room; those left out stay as they are.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomOptions {
    /// Whether the watch link works (turned on again, it is a new link).
    pub watch: Option<bool>,
    /// Whether the open seats are listed in the lobby.
    pub public: Option<bool>,
    /// Whether hints may be asked for although several people play (before the game begins).
    pub hints: Option<bool>,
    /// Seconds per turn; `null` or 0 turns the timer off (absent: as it is).
    #[serde(default, deserialize_with = "present")]
    pub turn_seconds: Option<Option<u32>>,
    /// Turns missed in a row after which a seat is away.
    pub away_after: Option<u8>,
    /// The bot that plays a person's turn when their time runs out.
    pub stand_in: Option<String>,
    /// How fast the bots play: `slow`, `normal` or `fast`.
    pub pace: Option<Pace>,
}

/// A field that may be given as `null`: `Some(None)`, where an absent one is `None`.
fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    serde::Deserialize::deserialize(d).map(Some)
}

impl Games {
    /// The game `id`'s room change: runs `change` on the room (under the table's lock), then
    /// commits the room and the events it returns, and publishes them. The room is put back if
    /// the database refuses.
    fn change_room<T>(
        self: &Arc<Games>,
        game: &Arc<Game>,
        change: impl FnOnce(&mut Room, &Table) -> Result<(T, Vec<serde_json::Value>), GameError>,
    ) -> Result<(T, Arc<str>), GameError> {
        let mut table = game.table();
        if game.is_deleted() {
            return Err(GameError::NotFound(game.id().to_string()));
        }
        self.room_for_events(game)?;
        let before = game.room().clone();
        let mut room = before.clone();
        let (out, mut bodies) = change(&mut room, &table)?;
        // While two or more people sit at the table, every move so far was made or seen by
        // another person: once the room changes (a seat handed over, taken, given back), undo
        // may never take those moves back, whoever is left.
        if (before.players() > 1 || room.players() > 1) && room != before {
            room.undo_floor = room.undo_floor.max(table.record().actions.len());
        }
        // The last seat taken: the players' seeds are fixed and the game begins.
        let mut start = None;
        let mut new_table = None;
        if !room.started && room.full() {
            room.started = true;
            let (t, seeds, opening) = self.start_of(&game.stored, &room)?;
            bodies.push(serde_json::json!({ "kind": "start", "opening": opening }));
            start = Some((seeds, opening));
            new_table = Some(t);
        }
        // The turn's clock as the room now is: a seat handed over, taken back or begun.
        let now_ms = self.time().now_ms();
        timer::settle(&mut room, new_table.as_ref().unwrap_or(&table), now_ms);
        // Who plays each seat now: a seat handed to a bot is played by it from here on.
        let specs =
            parse_seats(&room.seat_kinds(), &self.limits().bots).map_err(GameError::Invalid)?;
        if bodies.is_empty() && room == before {
            // Nothing changed: nothing is written, nor told.
            let state = game.state_json();
            return Ok((out, state));
        }
        let events = game.number(bodies);
        let at = now();
        self.store()
            .commit(Commit {
                start,
                ..self.room_commit(game, Some(&room), &events, at, true)?
            })
            .map_err(|e| self.refused(game, &mut table, e))?;
        *game.room() = room;
        if let Some(t) = new_table {
            game.set_table(&mut table, t);
        }
        for (seat, spec) in (0..).zip(specs) {
            let human = matches!(spec, SeatSpec::Human);
            if table.is_human(seat) != human {
                table.set_seat(seat, spec);
            }
        }
        let state = game.publish(&table, events, at, true)?;
        drop(table);
        self.arm(game);
        self.drive(game);
        Ok((out, state))
    }

    /// Seats a person in the open seat whose invitation is `invite`, under `name` and adding
    /// `seed` to the throws. Someone already at the table shows their token (`credential`) and
    /// takes the seat as well (a second colour); anyone else (a token that stands for no seat
    /// here included) gets a new token.
    ///
    /// # Errors
    /// When the invitation is not (or no longer) an open seat's, the name or seed is not
    /// allowed, the credential is nobody's here, or the database fails.
    pub fn join(
        self: &Arc<Games>,
        game: &Arc<Game>,
        invite: &str,
        name: &str,
        seed: Option<&str>,
        credential: Option<&str>,
    ) -> Result<Joined, GameError> {
        let name = check_name(name)?;
        let seed = seed.unwrap_or("").to_string();
        if !seed.is_empty() {
            pachisi_fair::PlayerSeed::new(&seed)
                .map_err(|e| GameError::Invalid(format!("your seed: {e}")))?;
        }
        let ((seat, token), state) = self.change_room(game, |room, table| {
            let seat = room.invited_seat(invite)?;
            // A token that is no one's here now (a seat handed away, a watch link) joins as a
            // new person with a token of their own, as someone without a token does.
            let (p, token) = match (credential, room.who(credential)) {
                (Some(c), Some(Caller::Person(p))) => (p, c.to_string()),
                _ => {
                    let token = secret();
                    room.people.push(Person {
                        token: token_hash(&token),
                        name: name.clone(),
                        host: false,
                        seed: seed.clone(),
                    });
                    (room.people.len() - 1, token)
                }
            };
            room.seat(seat, p);
            room.timer.reset_seat(seat);
            let colour = table.rules().seat_colour(seat);
            let body = serde_json::json!({
                "kind": "seat", "seat": seat, "holder": "person", "name": room.people[p].name, "colour": colour,
                "away": false,
            });
            Ok(((seat, token), vec![body]))
        })?;
        Ok(Joined { seat, token, state })
    }

    /// Hands `seat` to a bot or (as a new invitation) to another person, for the person who
    /// holds it or the host. Returns the new invitation's code when the seat is open again.
    ///
    /// # Errors
    /// When the credential is neither the seat's holder's nor the host's, the seat or bot is
    /// not valid, the game has a chosen seed (for practice, with no seat for another person), or
    /// the game is over.
    pub fn hand_over(
        self: &Arc<Games>,
        game: &Arc<Game>,
        seat: u8,
        to: &HandOver,
        credential: Option<&str>,
    ) -> Result<(Option<String>, Arc<str>), GameError> {
        let max = self.limits().max_field;
        if to.to.chars().count() > max {
            return Err(GameError::BadRequest(format!(
                "`to` is at most {max} characters: `open`, `bot` or `bot:SPEC`"
            )));
        }
        let limits = self.limits().bots;
        let practice = game.fair.is_none();
        let (invite, state) = self.change_room(game, |room, table| {
            let p = room.person(credential)?;
            if usize::from(seat) >= room.seats.len() {
                return Err(GameError::Invalid(format!(
                    "there is no seat {seat}: the seats are 0 to {}",
                    room.seats.len() - 1
                )));
            }
            if !(room.holds(p, seat) || room.people[p].host) {
                return Err(GameError::Forbidden(
                    "only the seat's player or the host may hand it over".into(),
                ));
            }
            self.admit_change(game)?;
            if table.position().phase() == Phase::Over {
                return Err(GameError::NotNow("the game is over".into()));
            }
            let colour = table.rules().seat_colour(seat);
            let (holder, invite, body) = if to.to == "open" {
                if practice {
                    return Err(GameError::Invalid(
                        "a game with a chosen seed is for practice: it has no seat for another person".into(),
                    ));
                }
                let invite = secret();
                (
                    Holder::Open {
                        invite: invite.clone(),
                    },
                    Some(invite),
                    serde_json::json!({ "kind": "seat", "seat": seat, "holder": "open", "colour": colour }),
                )
            } else {
                let spec = match parse_seats(std::slice::from_ref(&to.to), &limits)
                    .map_err(GameError::Invalid)?
                    .pop()
                {
                    Some(SeatSpec::Bot(spec)) => spec,
                    _ => {
                        return Err(GameError::Invalid(format!(
                            "a seat is handed to `open` (another person) or `bot:SPEC`, not `{}`",
                            to.to
                        )))
                    }
                };
                (
                    Holder::Bot {
                        spec: spec.to_string(),
                    },
                    None,
                    serde_json::json!({ "kind": "seat", "seat": seat, "holder": "bot", "bot": spec.to_string(), "colour": colour }),
                )
            };
            room.seats[usize::from(seat)] = holder;
            room.timer.reset_seat(seat);
            Ok((invite, vec![body]))
        })?;
        Ok((invite, state))
    }

    /// The person who holds `seat` takes it back: it is no longer away, its missed turns are
    /// forgiven, and a turn of theirs that the stand-in is playing is theirs again, on a new
    /// clock. Taking back a seat that is not away and missed nothing changes nothing.
    ///
    /// # Errors
    /// When the credential is not the seat's holder's, or there is no such seat.
    pub fn back(
        self: &Arc<Games>,
        game: &Arc<Game>,
        seat: u8,
        credential: Option<&str>,
    ) -> Result<Arc<str>, GameError> {
        let ((), state) = self.change_room(game, |room, table| {
            let p = room.person(credential)?;
            if usize::from(seat) >= room.seats.len() {
                return Err(GameError::Invalid(format!(
                    "there is no seat {seat}: the seats are 0 to {}",
                    room.seats.len() - 1
                )));
            }
            if !room.holds(p, seat) {
                return Err(GameError::Forbidden(
                    "only the seat's player takes it back".into(),
                ));
            }
            self.admit_change(game)?;
            Ok(((), timer::back(room, table, seat).into_iter().collect()))
        })?;
        Ok(state)
    }

    /// A rematch of a finished game, asked for by one of its players: a new room with the same
    /// ruleset, options and seats, where the same people hold the same seats with the same
    /// tokens and the same bots play, its throws fair and new. The finished game tells its
    /// players with a `rematch` event. Asked again, by anyone, it is the same room (unless its
    /// host deleted it). Returns the room, and whether it is new.
    ///
    /// # Errors
    /// When the credential is not a player's, the game is not over, the server holds all the
    /// games it may, or the database fails.
    pub fn rematch(
        self: &Arc<Games>,
        game: &Arc<Game>,
        credential: Option<&str>,
        client: Option<IpAddr>,
    ) -> Result<(Arc<Game>, bool), GameError> {
        // The finished game's lock makes two asking at once get one room.
        let mut table = game.table();
        if game.is_deleted() {
            return Err(GameError::NotFound(game.id().to_string()));
        }
        let mut room = game.room().clone();
        let p = room.person(credential)?;
        if room.seats_of(p).is_empty() && !room.people[p].host {
            return Err(GameError::Forbidden(
                "a rematch is for the game's players".into(),
            ));
        }
        if !crate::game::finished(&table, &room) {
            return Err(GameError::NotNow(
                "a rematch is offered once the game is over".into(),
            ));
        }
        if let Some(next) = room.rematch.as_deref().and_then(|id| self.get(id).ok()) {
            return Ok((next, false));
        }
        let next = self.found(rematch_founding(game, &room)?, rematch_room(&room), client)?;
        room.rematch = Some(next.id().to_string());
        let events = game.number(vec![
            serde_json::json!({ "kind": "rematch", "game": next.id() }),
        ]);
        let at = now();
        let written =
            self.store()
                .commit(self.room_commit(game, Some(&room), &events, at, true)?);
        if let Err(e) = written {
            // Nobody was told of the new room: it goes, and a rematch asked again makes another.
            let _ = self.remove(next.id());
            return Err(self.refused(game, &mut table, e));
        }
        *game.room() = room;
        game.publish(&table, events, at, true)?;
        Ok((next, true))
    }

    /// Changes the room's options, for its host.
    ///
    /// # Errors
    /// When the credential is not the host's, or hints are changed after the game began.
    pub fn set_options(
        self: &Arc<Games>,
        game: &Arc<Game>,
        options: &RoomOptions,
        credential: Option<&str>,
    ) -> Result<Arc<str>, GameError> {
        let max = self.limits().max_field;
        if options
            .stand_in
            .as_ref()
            .is_some_and(|s| s.chars().count() > max)
        {
            return Err(GameError::BadRequest(format!(
                "`stand_in` is at most {max} characters: a bot spec such as `heuristic`"
            )));
        }
        // Off is null or 0; any other number must be a turn's length.
        let turn_seconds = options.turn_seconds.map(|s| s.filter(|&s| s != 0));
        let stand_in = clock::check_options(
            turn_seconds.flatten(),
            options.away_after,
            options.stand_in.as_deref(),
            &self.limits().bots,
        )?;
        let mut watch_off = false;
        let ((), state) = self.change_room(game, |room, _| {
            host_of(room, credential)?;
            self.admit_change(game)?;
            if options.hints.is_some_and(|h| h != room.hints) && room.started {
                return Err(GameError::NotNow(
                    "hints are chosen before the game begins, so that every player knows".into(),
                ));
            }
            if let Some(watch) = options.watch {
                watch_off = !watch && room.watch.is_some();
                if watch != room.watch.is_some() {
                    room.watch = watch.then(secret);
                }
            }
            room.public = options.public.unwrap_or(room.public);
            room.hints = options.hints.unwrap_or(room.hints);
            // A new length applies from the next turn; off stops the clock running now.
            if let Some(seconds) = turn_seconds {
                room.timer.turn_seconds = seconds;
            }
            room.timer.away_after = options.away_after.unwrap_or(room.timer.away_after);
            if let Some(spec) = stand_in.clone() {
                room.timer.stand_in = spec;
            }
            room.pace = options.pace.unwrap_or(room.pace);
            let body = serde_json::json!({
                "kind": "room", "watching": room.watch.is_some(), "public": room.public, "hints": room.hints,
                "turn_seconds": room.timer.turn_seconds, "away_after": room.timer.away_after,
                "stand_in": room.timer.stand_in, "pace": room.pace,
            });
            Ok(((), vec![body]))
        })?;
        if watch_off {
            game.watch_off();
        }
        Ok(state)
    }

    /// What the host sees of the room: the invitation link of each open seat and the watch
    /// link, each with a QR code. `base` is the address the server is reached at.
    ///
    /// # Errors
    /// When the credential is not the host's.
    pub fn host_view(
        &self,
        game: &Game,
        credential: Option<&str>,
        base: &str,
    ) -> Result<serde_json::Value, GameError> {
        let room = game.room();
        host_of(&room, credential)?;
        let id = game.id();
        let link = |kind: &str, code: &str| -> Result<serde_json::Value, GameError> {
            let url = format!("{base}/#{kind}={id}.{code}");
            let qr = qr_svg(&url).map_err(GameError::Invalid)?;
            Ok(serde_json::json!({ "link": url, "qr_svg": qr }))
        };
        let mut invites = Vec::new();
        for (s, h) in room.seats.iter().enumerate() {
            if let Holder::Open { invite } = h {
                let mut line = link("join", invite)?;
                line["seat"] = s.into();
                invites.push(line);
            }
        }
        let watch = match &room.watch {
            Some(code) => link("watch", code)?,
            None => serde_json::Value::Null,
        };
        Ok(serde_json::json!({ "invites": invites, "watch": watch }))
    }

    /// Says `text` on the table's line (a person at the table) or the watchers' line (someone
    /// with the watch link, under `name`), within the limits of length and rate.
    ///
    /// # Errors
    /// When the credential is nobody's here, the text is empty, too long or has control
    /// characters, the speaker says too much too fast, or the game's chat is full.
    pub fn chat(
        self: &Arc<Games>,
        game: &Arc<Game>,
        credential: Option<&str>,
        name: Option<&str>,
        text: &str,
        speaker_key: &str,
    ) -> Result<(), GameError> {
        let limits = self.limits().clone();
        // A line far over the limit is refused before any work is spent on it.
        let chars = text.chars().count();
        if chars > limits.max_chat.saturating_mul(4) {
            return Err(GameError::TooLarge(format!(
                "a chat line is at most {} characters; this one has {chars}",
                limits.max_chat
            )));
        }
        let text = chat_text(text);
        if text.is_empty() {
            return Err(GameError::BadRequest(
                "say something: the line is empty".into(),
            ));
        }
        let chars = text.chars().count();
        if chars > limits.max_chat {
            return Err(GameError::TooLarge(format!(
                "a chat line is at most {} characters; this one has {chars}",
                limits.max_chat
            )));
        }
        if text.chars().any(char::is_control) {
            return Err(GameError::BadRequest(
                "a chat line is one line of text, without control characters".into(),
            ));
        }
        let (line, who, key) = {
            let room = game.room();
            match room.who(credential) {
                Some(Caller::Person(p)) => (
                    ChatLine::Table,
                    room.people[p].name.clone(),
                    format!("person {p}"),
                ),
                Some(Caller::Watcher) => {
                    let name = check_name(name.unwrap_or(""))?;
                    (ChatLine::Watchers, name, format!("watcher {speaker_key}"))
                }
                None => return Err(GameError::Forbidden(
                    "chat is for the players (with their token) and watchers (with the watch link)"
                        .into(),
                )),
            }
        };
        // The table's lock orders this line's number among the game's other events.
        let mut table = game.table();
        if !game
            .rates()
            .admit(&key, limits.chat_lines, limits.chat_window, Instant::now())
        {
            return Err(GameError::TooMany(format!(
                "at most {} chat lines in {} seconds: wait a moment",
                limits.chat_lines,
                limits.chat_window.as_secs()
            )));
        }
        if game.chat_count(line) >= limits.max_chat_lines {
            return Err(GameError::TooMany(match line {
                ChatLine::Table => format!(
                    "the players' chat of this game has its limit of {} lines",
                    limits.max_chat_lines
                ),
                ChatLine::Watchers => format!(
                    "the watchers' chat of this game has its limit of {} lines (the players' chat is apart)",
                    limits.max_chat_lines
                ),
            }));
        }
        self.room_for_events(game)?;
        let line = line.name();
        let body = serde_json::json!({ "kind": "chat", "line": line, "name": who, "text": text });
        let events = game.number(vec![body]);
        let at = now();
        self.store()
            .commit(self.room_commit(game, None, &events, at, true)?)
            .map_err(|e| self.refused(game, &mut table, e))?;
        game.publish(&table, events, at, false)?;
        Ok(())
    }
}

/// The row of a rematch of `game`: its ruleset, rules and seats, the host's token, fair throws.
fn rematch_founding(game: &Game, room: &Room) -> Result<Founding, GameError> {
    let host = room
        .people
        .iter()
        .find(|p| p.host)
        .map(|p| p.token.clone())
        .or_else(|| game.stored.host.clone())
        .ok_or_else(|| GameError::Invalid("this game has no host to hold a rematch".into()))?;
    Ok(Founding {
        ruleset: game.stored.ruleset.clone(),
        overrides: game.stored.overrides.clone(),
        seats: room.seat_kinds(),
        seed: None,
        host,
    })
}

/// The room of a rematch: the same people (their tokens' hashes, names, host) in the same
/// seats, the same bots, new invitations to seats left open, the same watch link and options.
/// The people's seeds are not carried over: the server has seen them, and a seed it has seen
/// adds nothing to throws it commits to afterwards (docs/fair-throws.md).
fn rematch_room(room: &Room) -> Room {
    // Only the people at the table now (and the host) come along, renumbered: a person whose
    // seat was handed away has no place in the next game.
    let mut people = Vec::new();
    let mut renumbered = vec![None; room.people.len()];
    for (p, person) in room.people.iter().enumerate() {
        if person.host || !room.seats_of(p).is_empty() {
            renumbered[p] = Some(people.len());
            people.push(Person {
                seed: String::new(),
                ..person.clone()
            });
        }
    }
    let seats: Vec<Holder> = room
        .seats
        .iter()
        .map(|h| match h {
            Holder::Open { .. } => Holder::Open { invite: secret() },
            Holder::Person { person } => match renumbered.get(*person).copied().flatten() {
                Some(person) => Holder::Person { person },
                // A seat's holder is always at the table; should a room say otherwise, the
                // seat is offered again rather than given to someone else.
                None => Holder::Open { invite: secret() },
            },
            h => h.clone(),
        })
        .collect();
    Room {
        people,
        started: !seats.iter().any(|h| matches!(h, Holder::Open { .. })),
        seats,
        // The same watch link, so that the watchers follow the `rematch` event too.
        watch: room.watch.clone(),
        public: room.public,
        hints: room.hints,
        timer: Timer {
            turn_seconds: room.timer.turn_seconds,
            away_after: room.timer.away_after,
            stand_in: room.timer.stand_in.clone(),
            ..Timer::default()
        },
        rematch: None,
        creator: None,
        undo_floor: 0,
        stopped: None,
        pace: room.pace,
    }
}

/// The host's person in `room`, or why the credential is not the host's.
fn host_of(room: &Room, credential: Option<&str>) -> Result<usize, GameError> {
    let p = room.person(credential)?;
    if room.people[p].host {
        Ok(p)
    } else {
        Err(GameError::Forbidden(
            "only the host who created the game may do this".into(),
        ))
    }
}

#[cfg(test)]
mod tests;
