//! One room slot: creates a room of one person and bots, opens the person's WebSocket (and a
//! watcher's), plays the person's turns over the socket, timing each action until its event
//! comes back on each socket, and checks every socket's events. When the game ends the room is
//! deleted and a new one takes its place, so that the number of rooms stays the same; when the
//! run ends the slot waits for the bots to reach the person's turn and for every socket to have
//! every event the server numbered.
//!
//! With several instances, slot `i`'s rooms are created on instance `i mod N`, the person's
//! socket opened there and the watcher's on the next instance, so that the watcher's latency
//! crosses instances. A socket told to connect again (1012: its game moved to another instance)
//! is opened again as in a fault run. In a fault run a socket that closes (its instance killed)
//! is opened again,
//! after a random wait of up to a second, on its first instance if that is up again, else on
//! the next one up, with `hello` and `after` = the last event it received, and its
//! welcome's events are taken like any others (each once, in order); a person's action that was
//! not heard of again is dropped, and the person acts again on the state they have. An action
//! refused because the game moved on (another instance's change first) is counted apart and
//! played again on the state that follows.

use crate::link::{self, next, next_maybe, Failure, Incoming, Socket};
use crate::shared::Shared;
use crate::tally::{micros, Feed, Live, Tally};
use crate::wire::{begin, parse, EventIn, Played, State, Watched};
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::Message;

/// The longest a socket whose instance went away waits before it opens again.
const BACKOFF: Duration = Duration::from_secs(1);

/// How long a person waits after a refused action before acting again on the newest state.
const AFTER_REFUSAL: Duration = Duration::from_millis(100);

/// Where the run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Rooms are being created; people do not act yet.
    Setup,
    /// The measured run: people act.
    Run,
    /// The run is over: people stop acting and the rooms settle.
    Stop,
}

/// A room just created, with its sockets welcomed.
struct Room {
    id: String,
    token: String,
    /// The watchers' code.
    code: String,
    seats: Vec<u64>,
    player: Socket,
    watcher: Option<Socket>,
    /// The instances the sockets are on, and those they were opened on first (their homes,
    /// which they return to when they open again).
    player_at: usize,
    watcher_at: usize,
    player_home: usize,
    watcher_home: usize,
    /// The latest state the person received.
    state: State,
    player_feed: Feed,
    watcher_feed: Feed,
}

/// How a room ended.
enum End {
    /// The game is over, and every socket has its last event.
    Over,
    /// The run ended, and every socket has every event the server numbered.
    Stopped,
    /// Something went wrong (counted as an error).
    Failed,
}

/// An action sent and not yet seen on every socket.
struct Sent {
    at: Instant,
    player: bool,
    watcher: bool,
}

/// Runs slot `slot` until the run ends; its tally.
pub async fn slot(shared: Arc<Shared>, slot: u64, mut phase: watch::Receiver<Phase>) -> Tally {
    let mut tally = Tally::default();
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64 ^ (slot + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let mut first = true;
    let home = (slot % shared.endpoints.count().max(1) as u64) as usize;
    loop {
        if *phase.borrow() == Phase::Stop {
            break;
        }
        let room = if first {
            let Ok(_permit) = shared.setup.acquire().await else {
                break;
            };
            open(&shared, home, &mut tally).await
        } else {
            open(&shared, home, &mut tally).await
        };
        let Some(room) = room else {
            if first {
                Live::add(&shared.live.failed, 1);
                break;
            }
            // A room that could not be made during the run: try again shortly.
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        // The rooms set up at the start spread their first actions over the first second (or
        // the time people think, if longer), so that they do not all act at the same instant.
        let stagger = first;
        if first {
            Live::add(&shared.live.ready, 1);
            first = false;
        }
        Live::add(&shared.live.playing, 1);
        let id = room.id.clone();
        let token = room.token.clone();
        let at = room.player_at;
        let end = play(&shared, room, &mut tally, &mut rng, &mut phase, stagger).await;
        shared
            .live
            .playing
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        match end {
            End::Over => {
                Live::add(&shared.live.over, 1);
                delete(&shared, at, &id, &token, &mut tally).await;
            }
            End::Failed => delete(&shared, at, &id, &token, &mut tally).await,
            End::Stopped => break,
        }
    }
    tally
}

/// Creates a room on instance `home` and welcomes its sockets (the watcher's on the next
/// instance); `None` (an error counted) when that fails.
async fn open(shared: &Shared, home: usize, tally: &mut Tally) -> Option<Room> {
    let live = &shared.live;
    let created = match link::create(shared, home).await {
        Ok(v) => v,
        Err(e) => {
            tally.error(live, "create", e);
            return None;
        }
    };
    Live::add(&live.created, 1);
    let (Some(id), Some(token)) = (created["id"].as_str(), created["token"].as_str()) else {
        tally.error(
            live,
            "create",
            format!("no id or token: {}", begin(&created.to_string())),
        );
        return None;
    };
    let seats: Vec<u64> = created["you"]["seats"]
        .as_array()
        .map(|s| s.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    if seats.is_empty() {
        tally.error(
            live,
            "create",
            format!("no seat is the person's: {}", begin(&created.to_string())),
        );
        return None;
    }
    let link = created["links"]["watch"]["link"].as_str().unwrap_or("");
    let code = match link.split_once(&format!("#watch={id}.")) {
        Some((_, code)) => code.to_string(),
        None if !shared.watch => String::new(),
        None => {
            tally.error(live, "create", format!("no watch link of {id}: {link:?}"));
            return None;
        }
    };
    let (player, text, player_at) = match link::connect(shared, home, id, token, 0).await {
        Ok(c) => c,
        Err((kind, e)) => {
            tally.error(live, kind, e);
            return None;
        }
    };
    let mut player_feed = Feed::default();
    let mut watcher_feed = Feed::default();
    let welcome: Played = match parse(text.as_str()) {
        Ok(w) => w,
        Err(e) => {
            tally.error(live, "protocol", e);
            return None;
        }
    };
    if let Err(e) = player_feed.take(&welcome, tally, live) {
        tally.error(live, "protocol", e);
        return None;
    }
    let (watcher, watcher_at) = if shared.watch {
        let (socket, text, at) = match link::connect(shared, home + 1, id, &code, 0).await {
            Ok(c) => c,
            Err((kind, e)) => {
                tally.error(live, kind, e);
                return None;
            }
        };
        let taken = parse::<Watched>(text.as_str())
            .and_then(|welcome| watcher_feed.take(&welcome, tally, live).map(|_| ()));
        if let Err(e) = taken {
            tally.error(live, "protocol", e);
            return None;
        }
        (Some(socket), at)
    } else {
        (None, player_at)
    };
    Some(Room {
        id: id.to_string(),
        token: token.to_string(),
        code,
        seats,
        player,
        watcher,
        player_at,
        watcher_at,
        player_home: home,
        watcher_home: home + 1,
        state: welcome.state.unwrap_or_default(),
        player_feed,
        watcher_feed,
    })
}

/// Sleeps until `at`, or forever without one.
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Whether `state` waits for the person holding `seats`.
fn persons_turn(state: &State, seats: &[u64]) -> bool {
    state.awaiting.as_deref() == Some("human") && state.to_move.is_some_and(|s| seats.contains(&s))
}

/// What the person sends in `state`, if it is their turn: a throw, or a move chosen at random
/// among the listed ones (a pass only when nothing else is listed); and the state's number of
/// actions, the record index the action will take.
fn action_due(state: &State, seats: &[u64], rng: &mut u64) -> Option<(Value, u64)> {
    if !persons_turn(state, seats) {
        return None;
    }
    let actions = state.actions?;
    match state.phase.as_deref()? {
        "throw" => Some((json!({"action": "throw", "actions": actions}), actions)),
        "move" => {
            let playable: Vec<u64> = state
                .moves
                .iter()
                .filter(|m| m.notation != "-")
                .map(|m| m.index)
                .collect();
            let pool = if playable.is_empty() {
                state.moves.iter().map(|m| m.index).collect()
            } else {
                playable
            };
            let index = *pool.get((random(rng) % pool.len().max(1) as u64) as usize)?;
            let action = json!({"action": "move", "index": index, "actions": actions});
            Some((action, actions))
        }
        _ => None,
    }
}

/// The next number of a xorshift64 stream: a different game in every room, the same in every
/// run.
fn random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// What the room waits for.
enum Mode {
    /// The game goes on.
    Play,
    /// The game is over: the watcher is to catch up with the person's last event.
    Finishing,
    /// The run is over and nothing is due of the server: every socket is to reach event `n`,
    /// the server's last, by the deadline.
    Checking(u64, Instant),
}

/// What a room keeps while it plays.
struct Play {
    /// The person's actions sent and not yet seen on every socket, by record index.
    sent: HashMap<u64, Sent>,
    /// The person's action not yet seen on their socket.
    pending: Option<u64>,
    /// When the person acts next.
    act_at: Option<Instant>,
    /// Whether the game is over.
    over: bool,
    /// The wait before the person's first action, instead of the time they think.
    first_wait: Option<Duration>,
    /// Whether other instances change the game too (several, or one killed and started again):
    /// a refusal because the game moved on is then normal.
    shared_game: bool,
}

/// Plays the room until its game ends or the run does.
async fn play(
    shared: &Shared,
    mut room: Room,
    tally: &mut Tally,
    rng: &mut u64,
    phase: &mut watch::Receiver<Phase>,
    stagger: bool,
) -> End {
    let live = &shared.live;
    let ramp = shared.think.max(Duration::from_secs(1));
    let first_wait = stagger.then(|| ramp.mul_f64((random(rng) % 1_000_000) as f64 / 1e6));
    let mut p = Play {
        sent: HashMap::new(),
        pending: None,
        act_at: None,
        over: false,
        first_wait,
        shared_game: shared.endpoints.count() > 1 || shared.faults,
    };
    let mut mode = Mode::Play;
    let mut quiet_until = Instant::now() + shared.stall;
    loop {
        let now_phase = *phase.borrow();
        // What is due now.
        match mode {
            Mode::Play if p.over => mode = Mode::Finishing,
            Mode::Play if now_phase == Phase::Stop => {
                p.act_at = None;
                if p.pending.is_none() && room.state.awaiting.as_deref() != Some("bot") {
                    match last_event(shared, &room).await {
                        Ok(n) => mode = Mode::Checking(n, Instant::now() + shared.settle),
                        Err(e) => {
                            tally.error(live, "final read", e);
                            return End::Failed;
                        }
                    }
                }
            }
            Mode::Play
                if p.pending.is_none()
                    && p.act_at.is_none()
                    && now_phase == Phase::Run
                    && persons_turn(&room.state, &room.seats) =>
            {
                p.act_at = Some(Instant::now() + p.first_wait.take().unwrap_or(shared.think));
            }
            _ => {}
        }
        let caught_up = |last: u64, room: &Room| {
            room.player_feed.last >= last
                && (room.watcher.is_none() || room.watcher_feed.last >= last)
        };
        match mode {
            Mode::Finishing if caught_up(room.player_feed.last, &room) => {
                close(&mut room).await;
                return End::Over;
            }
            Mode::Checking(n, _) if caught_up(n, &room) => {
                close(&mut room).await;
                return End::Stopped;
            }
            _ => {}
        }
        let deadline = match mode {
            Mode::Checking(_, at) => at,
            _ => quiet_until,
        };

        let handled = tokio::select! {
            incoming = next(&mut room.player, live) => {
                quiet_until = Instant::now() + shared.stall;
                match incoming {
                    // The instance went away, or the game moved to another (1012).
                    Incoming::Closed(_) if shared.faults => {
                        reopen_player(shared, &mut room, &mut p, tally, rng).await
                    }
                    Incoming::Again(_) => reopen_player(shared, &mut room, &mut p, tally, rng).await,
                    incoming => to_player(incoming, &mut room, &mut p, tally, live),
                }
            }
            incoming = next_maybe(&mut room.watcher, live) => match incoming {
                Incoming::Closed(_) if shared.faults => {
                    reopen_watcher(shared, &mut room, &mut p, tally, rng).await
                }
                Incoming::Again(_) => reopen_watcher(shared, &mut room, &mut p, tally, rng).await,
                incoming => to_watcher(incoming, &mut room, &mut p, tally, live),
            },
            () = until(p.act_at) => {
                p.act_at = None;
                if now_phase != Phase::Run {
                    continue;
                }
                let Some((action, index)) = action_due(&room.state, &room.seats, rng) else {
                    continue;
                };
                let at = Instant::now();
                quiet_until = at + shared.stall;
                match room.player.send(Message::Text(action.to_string().into())).await {
                    Ok(()) => {
                        p.pending = Some(index);
                        p.sent.insert(index, Sent { at, player: false, watcher: room.watcher.is_none() });
                        Ok(())
                    }
                    // The instance went away: the action is lost; the person acts again on
                    // the state the next instance gives.
                    Err(_) if shared.faults => {
                        Live::add(&live.dropped, 1);
                        reopen_player(shared, &mut room, &mut p, tally, rng).await
                    }
                    Err(e) => Err(("player socket", format!("sending an action: {e}"))),
                }
            }
            changed = phase.changed() => {
                if changed.is_err() {
                    return End::Stopped;
                }
                Ok(())
            }
            () = sleep_until(deadline) => {
                if let Mode::Checking(n, _) = mode {
                    room.player_feed.unseen(n, tally, live);
                    if room.watcher.is_some() {
                        room.watcher_feed.unseen(n, tally, live);
                    }
                    tally.error(live, "stalled", format!(
                        "room {}: event {n} not received within {:.0} s of the end \
                         (person's socket at {}, watcher's at {})",
                        room.id, shared.settle.as_secs_f64(), room.player_feed.last,
                        room.watcher_feed.last));
                    return End::Stopped;
                }
                tally.error(live, "stalled", format!(
                    "room {}: nothing received for {:.0} s (awaiting {:?}, phase {:?}, \
                     person's action pending: {:?}, last event {})",
                    room.id, shared.stall.as_secs_f64(), room.state.awaiting,
                    room.state.phase, p.pending, room.player_feed.last));
                return End::Failed;
            }
        };
        if let Err((kind, e)) = handled {
            tally.error(live, kind, e);
            return End::Failed;
        }
    }
}

/// The number of the game's last event: read from the person's instance, and from the
/// watcher's too when it is another (whichever has heard more).
async fn last_event(shared: &Shared, room: &Room) -> Result<u64, String> {
    let mut n = link::last_event(shared, room.player_at, &room.id, &room.token).await?;
    if room.watcher.is_some() && room.watcher_at != room.player_at {
        n = n.max(link::last_event(shared, room.watcher_at, &room.id, &room.token).await?);
    }
    Ok(n)
}

/// The wait before a socket opens again: up to [`BACKOFF`], at random, as a page's would. The
/// sockets of an instance killed do not all come back at once, and those that come back after
/// it started again return to it (their home), so that the rooms stay spread over the instances.
async fn backoff(rng: &mut u64) {
    let ms = random(rng) % BACKOFF.as_millis().max(1) as u64;
    tokio::time::sleep(Duration::from_millis(ms)).await;
}

/// Opens the person's socket again, on its home instance when it is up (else the next one up),
/// from the last event received, and takes the welcome's events; an action of theirs not heard
/// of is dropped (they act again).
async fn reopen_player(
    shared: &Shared,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    rng: &mut u64,
) -> Result<(), Failure> {
    let live = &shared.live;
    backoff(rng).await;
    let (socket, text, at) = link::connect(
        shared,
        room.player_home,
        &room.id,
        &room.token,
        room.player_feed.last,
    )
    .await?;
    Live::add(&live.reconnects, 1);
    room.player = socket;
    room.player_at = at;
    let welcome: Played = parse(text.as_str()).map_err(|e| ("protocol", e))?;
    player_events(welcome, room, p, tally, live, false)?;
    if let Some(i) = p.pending.take() {
        p.sent.remove(&i);
        Live::add(&live.dropped, 1);
    }
    Ok(())
}

/// Opens the watcher's socket again, as the person's (`reopen_player`), and takes the welcome's
/// events.
async fn reopen_watcher(
    shared: &Shared,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    rng: &mut u64,
) -> Result<(), Failure> {
    let live = &shared.live;
    backoff(rng).await;
    let (socket, text, at) = link::connect(
        shared,
        room.watcher_home,
        &room.id,
        &room.code,
        room.watcher_feed.last,
    )
    .await?;
    Live::add(&live.reconnects, 1);
    room.watcher = Some(socket);
    room.watcher_at = at;
    let welcome: Watched = parse(text.as_str()).map_err(|e| ("protocol", e))?;
    watcher_events(&welcome, room, p, tally, live, false)
}

/// Whether a refusal says the game moved on (another instance's change came first): normal
/// with several instances, counted apart from errors.
fn moved_on(error: &str) -> bool {
    error.contains("moved on") || error.contains("changed on another server")
}

/// A message on the person's socket: events are checked and counted, the person's actions timed
/// and the state kept; an error is a refused action. Anything else ends the room: the error's
/// kind and text.
fn to_player(
    incoming: Incoming,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    live: &Live,
) -> Result<(), Failure> {
    let Incoming::Text(text) = incoming else {
        return Err(("player socket", incoming.describe()));
    };
    let message: Played = parse(text.as_str()).map_err(|e| ("protocol", e))?;
    match message.kind.as_str() {
        "events" => player_events(message, room, p, tally, live, true),
        "error" => {
            let error = message.error.unwrap_or_else(|| begin(text.as_str()));
            if let Some(i) = p.pending.take() {
                p.sent.remove(&i);
            }
            if p.shared_game && moved_on(&error) {
                // The person acts again on the state that follows.
                Live::add(&live.refused, 1);
                p.act_at = Some(Instant::now() + AFTER_REFUSAL);
            } else {
                tally.error(live, "refused action", error);
            }
            Ok(())
        }
        _ => Err((
            "player socket",
            format!("unexpected: {}", begin(text.as_str())),
        )),
    }
}

/// The events (and state) of a `welcome` or `events` message on the person's socket, the
/// person's actions timed when `timed` (not for events replayed after a reconnection).
fn player_events(
    message: Played,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    live: &Live,
    timed: bool,
) -> Result<(), Failure> {
    let events = room
        .player_feed
        .take(&message, tally, live)
        .map_err(|e| ("protocol", e))?;
    for e in events {
        match e.kind.as_str() {
            "play" => {
                let (from, count) = e.applied();
                Live::add(&live.actions, count);
                if p.pending.is_some_and(|i| i >= from && i < from + count) {
                    p.pending = None;
                }
                seen(&mut p.sent, e, true, timed, tally, live);
            }
            "over" => p.over = true,
            _ => {}
        }
    }
    if let Some(state) = message.state {
        room.state = state;
    }
    if let Some(patch) = message.patch {
        room.state.apply(patch);
    }
    Ok(())
}

/// A message on the watcher's socket: events are checked and counted and the person's actions
/// timed. Anything else ends the room: the error's kind and text.
fn to_watcher(
    incoming: Incoming,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    live: &Live,
) -> Result<(), Failure> {
    let Incoming::Text(text) = incoming else {
        return Err(("watcher socket", incoming.describe()));
    };
    let message: Watched = parse(text.as_str()).map_err(|e| ("protocol", e))?;
    if message.kind != "events" {
        return Err((
            "watcher socket",
            format!("unexpected: {}", begin(text.as_str())),
        ));
    }
    watcher_events(&message, room, p, tally, live, true)
}

/// The events of a `welcome` or `events` message on the watcher's socket, the person's actions
/// timed when `timed`.
fn watcher_events(
    message: &Watched,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    live: &Live,
    timed: bool,
) -> Result<(), Failure> {
    let events = room
        .watcher_feed
        .take(message, tally, live)
        .map_err(|e| ("protocol", e))?;
    for e in events.into_iter().filter(|e| e.kind == "play") {
        seen(&mut p.sent, e, false, timed, tally, live);
    }
    Ok(())
}

/// Marks the person's actions that a `play` event tells of as seen on the player's socket or
/// the watcher's, timing them when `timed`.
fn seen(
    sent: &mut HashMap<u64, Sent>,
    event: &EventIn,
    player: bool,
    timed: bool,
    tally: &mut Tally,
    live: &Live,
) {
    if sent.is_empty() {
        return;
    }
    let (from, count) = event.applied();
    for index in from..from + count {
        let Some(s) = sent.get_mut(&index) else {
            continue;
        };
        let elapsed = micros(s.at.elapsed());
        if player && !s.player {
            s.player = true;
            Live::add(&live.people, 1);
            if timed {
                tally.player.push(elapsed);
            }
        } else if !player && !s.watcher {
            s.watcher = true;
            if timed {
                tally.watcher.push(elapsed);
            }
        }
        if s.player && s.watcher {
            sent.remove(&index);
        }
    }
}

/// Closes the room's sockets.
async fn close(room: &mut Room) {
    let _ = timeout(Duration::from_secs(5), room.player.close(None)).await;
    if let Some(w) = room.watcher.as_mut() {
        let _ = timeout(Duration::from_secs(5), w.close(None)).await;
    }
}

/// Deletes a room (its sockets closed first).
async fn delete(shared: &Shared, at: usize, id: &str, token: &str, tally: &mut Tally) {
    if let Err(e) = link::delete(shared, at, id, token).await {
        tally.error(&shared.live, "delete", e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_because_the_game_moved_on_are_told_apart() {
        assert!(moved_on(
            "the game has moved on since the state you acted on (3 actions then, 4 now): look at \
             the new state and choose again"
        ));
        assert!(moved_on(
            "the game changed on another server before your request was saved: nothing of it \
             was done; `state` is the game now"
        ));
        assert!(!moved_on("it is not your turn"));
    }
}
