//! One room slot: creates a room of one person and bots, opens the person's WebSocket (and a
//! watcher's), plays the person's turns over the socket, timing each action until its event
//! comes back on each socket, and checks every socket's events. When the game ends the room is
//! deleted and a new one takes its place, so that the number of rooms stays the same; when the
//! run ends the slot waits for the bots to reach the person's turn and for every socket to have
//! every event the server numbered.

use crate::tally::{micros, Feed, Live, Tally};
use crate::wire::{begin, parse, EventIn, Played, State, Watched};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};
use tokio::time::{sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

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

/// What every slot shares.
pub struct Shared {
    pub http: reqwest::Client,
    pub url: String,
    pub ruleset: String,
    pub seats: Vec<String>,
    pub watch: bool,
    pub think: Duration,
    /// How long a room may go without any message while it waits for one.
    pub stall: Duration,
    /// How long the end of the run waits for the last events.
    pub settle: Duration,
    pub live: Live,
    /// Rooms set up at once at the start.
    pub setup: Semaphore,
}

/// A room just created, with its sockets welcomed.
struct Room {
    id: String,
    token: String,
    seats: Vec<u64>,
    player: Socket,
    watcher: Option<Socket>,
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
    loop {
        if *phase.borrow() == Phase::Stop {
            break;
        }
        let room = if first {
            let Ok(_permit) = shared.setup.acquire().await else {
                break;
            };
            open(&shared, &mut tally).await
        } else {
            open(&shared, &mut tally).await
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
        let end = play(&shared, room, &mut tally, &mut rng, &mut phase, stagger).await;
        shared
            .live
            .playing
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        match end {
            End::Over => {
                Live::add(&shared.live.over, 1);
                delete(&shared, &id, &token, &mut tally).await;
            }
            End::Failed => delete(&shared, &id, &token, &mut tally).await,
            End::Stopped => break,
        }
    }
    tally
}

/// Creates a room and welcomes its sockets; `None` (an error counted) when that fails.
async fn open(shared: &Shared, tally: &mut Tally) -> Option<Room> {
    let live = &shared.live;
    let body = json!({"ruleset": shared.ruleset, "seats": shared.seats, "name": "Load"});
    let answer = shared
        .http
        .post(format!("{}/api/games", shared.url))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await;
    let created: Value = match answer {
        Ok(r) if r.status().as_u16() == 201 => match r.json().await {
            Ok(v) => v,
            Err(e) => {
                tally.error(live, "create", format!("the answer is not JSON: {e}"));
                return None;
            }
        },
        Ok(r) => {
            let status = r.status().as_u16();
            let text = r.text().await.unwrap_or_default();
            tally.error(live, "create", format!("{status}: {text}"));
            return None;
        }
        Err(e) => {
            tally.error(live, "create", e.to_string());
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
    let (player, text) = connect(shared, id, token, tally).await?;
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
    let watcher = if shared.watch {
        let link = created["links"]["watch"]["link"].as_str().unwrap_or("");
        let Some((_, code)) = link.split_once(&format!("#watch={id}.")) else {
            tally.error(live, "create", format!("no watch link of {id}: {link:?}"));
            return None;
        };
        let (socket, text) = connect(shared, id, code, tally).await?;
        let taken = parse::<Watched>(text.as_str())
            .and_then(|welcome| watcher_feed.take(&welcome, tally, live).map(|_| ()));
        if let Err(e) = taken {
            tally.error(live, "protocol", e);
            return None;
        }
        Some(socket)
    } else {
        None
    };
    Some(Room {
        id: id.to_string(),
        token: token.to_string(),
        seats,
        player,
        watcher,
        state: welcome.state.unwrap_or_default(),
        player_feed,
        watcher_feed,
    })
}

/// Opens the WebSocket of game `id`, says hello with `credential` from the first event on, and
/// reads the welcome (its text).
async fn connect(
    shared: &Shared,
    id: &str,
    credential: &str,
    tally: &mut Tally,
) -> Option<(Socket, Utf8Bytes)> {
    let live = &shared.live;
    let url = format!(
        "{}/api/games/{id}/ws",
        shared.url.replacen("http://", "ws://", 1)
    );
    // A small read buffer (the default is 128 KiB a socket), and no delay on small sends, as
    // browsers do.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let opening = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let mut socket = match timeout(shared.stall, opening).await {
        Ok(Ok((socket, _))) => socket,
        Ok(Err(e)) => {
            tally.error(live, "connect", e.to_string());
            return None;
        }
        Err(_) => {
            tally.error(live, "connect", "no WebSocket within the stall time");
            return None;
        }
    };
    let hello = json!({"type": "hello", "token": credential, "after": 0});
    if let Err(e) = socket.send(Message::Text(hello.to_string().into())).await {
        tally.error(live, "connect", format!("hello: {e}"));
        return None;
    }
    let welcome = match timeout(shared.stall, next(&mut socket, live)).await {
        Ok(Incoming::Text(t)) => t,
        Ok(other) => {
            tally.error(live, "welcome", other.describe());
            return None;
        }
        Err(_) => {
            tally.error(live, "welcome", "no welcome within the stall time");
            return None;
        }
    };
    if !welcome.as_str().starts_with(r#"{"type":"welcome""#) {
        tally.error(live, "welcome", begin(welcome.as_str()));
        return None;
    }
    Some((socket, welcome))
}

/// What a socket received.
enum Incoming {
    Text(Utf8Bytes),
    Binary,
    Closed(String),
}

impl Incoming {
    fn describe(&self) -> String {
        match self {
            Incoming::Text(t) => begin(t.as_str()),
            Incoming::Binary => "a binary message".to_string(),
            Incoming::Closed(why) => format!("the connection closed: {why}"),
        }
    }
}

/// The next text message of `socket` (pings and pongs skipped).
async fn next(socket: &mut Socket, live: &Live) -> Incoming {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(t))) => {
                Live::add(&live.messages, 1);
                Live::add(&live.bytes, t.len() as u64);
                return Incoming::Text(t);
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
            Some(Ok(Message::Binary(_))) => return Incoming::Binary,
            Some(Ok(Message::Close(frame))) => {
                return Incoming::Closed(format!("close frame {frame:?}"))
            }
            Some(Err(e)) => return Incoming::Closed(e.to_string()),
            None => return Incoming::Closed("end of stream".to_string()),
        }
    }
}

/// The next message of an optional socket; never resolves without one.
async fn next_maybe(socket: &mut Option<Socket>, live: &Live) -> Incoming {
    match socket {
        Some(s) => next(s, live).await,
        None => std::future::pending().await,
    }
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

        tokio::select! {
            incoming = next(&mut room.player, live) => {
                quiet_until = Instant::now() + shared.stall;
                if let Err((kind, e)) = to_player(incoming, &mut room, &mut p, tally, live) {
                    tally.error(live, kind, e);
                    return End::Failed;
                }
            }
            incoming = next_maybe(&mut room.watcher, live) => {
                if let Err((kind, e)) = to_watcher(incoming, &mut room, &mut p, tally, live) {
                    tally.error(live, kind, e);
                    return End::Failed;
                }
            }
            () = until(p.act_at) => {
                p.act_at = None;
                if now_phase != Phase::Run {
                    continue;
                }
                let Some((action, index)) = action_due(&room.state, &room.seats, rng) else {
                    continue;
                };
                let at = Instant::now();
                if let Err(e) = room.player.send(Message::Text(action.to_string().into())).await {
                    tally.error(live, "player socket", format!("sending an action: {e}"));
                    return End::Failed;
                }
                p.pending = Some(index);
                p.sent.insert(index, Sent { at, player: false, watcher: room.watcher.is_none() });
                quiet_until = Instant::now() + shared.stall;
            }
            changed = phase.changed() => {
                if changed.is_err() {
                    return End::Stopped;
                }
            }
            () = sleep_until(deadline) => {
                if let Mode::Checking(n, _) = mode {
                    room.player_feed.unseen(n, tally, live);
                    if room.watcher.is_some() {
                        room.watcher_feed.unseen(n, tally, live);
                    }
                    tally.error(live, "stalled", format!(
                        "room {}: event {n} not received within {:.0} s of the end",
                        room.id, shared.settle.as_secs_f64()));
                    return End::Stopped;
                }
                tally.error(live, "stalled", format!(
                    "room {}: nothing received for {:.0} s (awaiting {:?}, phase {:?}, \
                     person's action pending: {:?})",
                    room.id, shared.stall.as_secs_f64(), room.state.awaiting,
                    room.state.phase, p.pending));
                return End::Failed;
            }
        }
    }
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
) -> Result<(), (&'static str, String)> {
    let Incoming::Text(text) = incoming else {
        return Err(("player socket", incoming.describe()));
    };
    let message: Played = parse(text.as_str()).map_err(|e| ("protocol", e))?;
    match message.kind.as_str() {
        "events" => {
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
                        seen(&mut p.sent, e, true, tally, live);
                    }
                    "over" => p.over = true,
                    _ => {}
                }
            }
            if let Some(state) = message.state {
                room.state = state;
            }
            Ok(())
        }
        "error" => {
            tally.error(
                live,
                "refused action",
                message.error.unwrap_or_else(|| begin(text.as_str())),
            );
            if let Some(i) = p.pending.take() {
                p.sent.remove(&i);
            }
            Ok(())
        }
        _ => Err((
            "player socket",
            format!("unexpected: {}", begin(text.as_str())),
        )),
    }
}

/// A message on the watcher's socket: events are checked and counted and the person's actions
/// timed. Anything else ends the room: the error's kind and text.
fn to_watcher(
    incoming: Incoming,
    room: &mut Room,
    p: &mut Play,
    tally: &mut Tally,
    live: &Live,
) -> Result<(), (&'static str, String)> {
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
    let events = room
        .watcher_feed
        .take(&message, tally, live)
        .map_err(|e| ("protocol", e))?;
    for e in events.into_iter().filter(|e| e.kind == "play") {
        seen(&mut p.sent, e, false, tally, live);
    }
    Ok(())
}

/// Times the person's actions that a `play` event tells of, on the player's socket or the
/// watcher's.
fn seen(
    sent: &mut HashMap<u64, Sent>,
    event: &EventIn,
    player: bool,
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
            tally.player.push(elapsed);
            Live::add(&live.people, 1);
        } else if !player && !s.watcher {
            s.watcher = true;
            tally.watcher.push(elapsed);
        }
        if s.player && s.watcher {
            sent.remove(&index);
        }
    }
}

/// The number of the server's last event of the room, read over HTTP.
async fn last_event(shared: &Shared, room: &Room) -> Result<u64, String> {
    let answer = shared
        .http
        .get(format!("{}/api/games/{}", shared.url, room.id))
        .header("authorization", format!("Bearer {}", room.token))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = answer.status().as_u16();
    let state: Value = answer.json().await.map_err(|e| e.to_string())?;
    if status != 200 {
        return Err(format!("{status}: {}", begin(&state.to_string())));
    }
    state["event"].as_u64().ok_or_else(|| {
        format!(
            "no event number in the state: {}",
            begin(&state.to_string())
        )
    })
}

/// Closes the room's sockets.
async fn close(room: &mut Room) {
    let _ = timeout(Duration::from_secs(5), room.player.close(None)).await;
    if let Some(w) = room.watcher.as_mut() {
        let _ = timeout(Duration::from_secs(5), w.close(None)).await;
    }
}

/// Deletes a room (its sockets closed first).
async fn delete(shared: &Shared, id: &str, token: &str, tally: &mut Tally) {
    let answer = shared
        .http
        .delete(format!("{}/api/games/{id}", shared.url))
        .header("authorization", format!("Bearer {token}"))
        .send()
        .await;
    match answer {
        Ok(r) if r.status().as_u16() == 204 => {}
        Ok(r) => {
            let status = r.status().as_u16();
            let text = r.text().await.unwrap_or_default();
            tally.error(&shared.live, "delete", format!("{id}: {status}: {text}"));
        }
        Err(e) => tally.error(&shared.live, "delete", format!("{id}: {e}")),
    }
}
