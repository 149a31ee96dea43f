//! Tests of the states a WebSocket tells: the whole state in the welcome, then, with each
//! change, a patch of what changed (docs/api.md, "Live updates"), from which a client rebuilds
//! exactly the state `GET /api/games/{id}` answers, whatever the game did: passes folded into a
//! line of the log, an undo, a capture, the end; and a client too slow to read every message
//! catches up with the whole state.

use super::*;

/// A client's copy of a game's state, built from the welcome and the messages after it.
struct Copy {
    state: Value,
    /// Messages with a patch, and their bytes in all.
    patches: usize,
    patch_bytes: usize,
    /// Messages with the whole state (after the welcome: a client too slow to take every
    /// message is sent the newest state whole).
    wholes: usize,
}

impl Copy {
    fn welcome(message: &Value) -> Copy {
        assert_eq!(message["type"], "welcome", "{message}");
        assert!(message["state"].is_object(), "{message}");
        Copy {
            state: message["state"].clone(),
            patches: 0,
            patch_bytes: 0,
            wholes: 0,
        }
    }

    /// Takes an `events` message (its text): its whole state, or its patch applied as the
    /// protocol says.
    fn take(&mut self, text: &str) {
        let message: Value = serde_json::from_str(text).expect("JSON");
        assert_eq!(message["type"], "events", "{text}");
        assert!(
            !(message.get("state").is_some() && message.get("patch").is_some()),
            "{text}"
        );
        if let Some(state) = message.get("state") {
            self.wholes += 1;
            self.state = state.clone();
        }
        let Some(patch) = message.get("patch") else {
            return;
        };
        self.patches += 1;
        self.patch_bytes += text.len();
        let patch = patch.as_object().expect("a patch is an object");
        for never in ["id", "ruleset", "board"] {
            assert!(!patch.contains_key(never), "`{never}` in a patch: {text}");
        }
        assert_eq!(
            patch.contains_key("log"),
            patch.contains_key("log_keep"),
            "{text}"
        );
        for (name, value) in patch {
            if name != "log" && name != "log_keep" {
                assert!(
                    self.state.get(name).is_some(),
                    "a patch names `{name}`, which no state has"
                );
                self.state[name] = value.clone();
            }
        }
        if let Some(keep) = patch.get("log_keep") {
            let keep = keep.as_u64().expect("a count") as usize;
            let log = self.state["log"].as_array_mut().expect("a log");
            assert!(keep <= log.len(), "{text}");
            log.truncate(keep);
            log.extend(patch["log"].as_array().expect("lines").iter().cloned());
        }
    }
}

/// The state `GET /api/games/{id}` answers, without what it adds for the caller (`event`,
/// `you`).
async fn read(server: &Running, id: &str, token: &str) -> Value {
    let mut state: Value = server
        .http
        .get(format!("http://{}/api/games/{id}", server.address))
        .bearer_auth(token)
        .send()
        .await
        .expect("state")
        .json()
        .await
        .expect("json");
    let object = state.as_object_mut().expect("an object");
    object.remove("event");
    object.remove("you");
    state
}

/// The next text message's text (pings skipped).
async fn next_text(ws: &mut Ws) -> String {
    loop {
        match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return text.as_str().to_string(),
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
            other => panic!("no message: {other:?}"),
        }
    }
}

/// Whether nothing will happen in the game until the person acts: their turn, or the end.
fn quiet(state: &Value) -> bool {
    state["awaiting"] == "human" || state["phase"] == "over"
}

/// What the person plays in `state`: a throw; a capture when one is listed; else a move that
/// changes with the count of actions (a pass only when nothing else is listed).
fn choose(state: &Value) -> (Value, bool) {
    let actions = state["actions"].as_u64().expect("actions");
    if state["phase"] == "throw" {
        return (json!({"action": "throw", "actions": actions}), false);
    }
    let moves = state["moves"].as_array().expect("moves");
    if let Some(capture) = moves.iter().find(|m| m["captures"].as_u64() > Some(0)) {
        let index = capture["index"].clone();
        return (
            json!({"action": "move", "index": index, "actions": actions}),
            true,
        );
    }
    let playable: Vec<&Value> = moves.iter().filter(|m| m["move"] != "-").collect();
    let index = if playable.is_empty() {
        moves[0]["index"].clone()
    } else {
        playable[actions as usize % playable.len()]["index"].clone()
    };
    (
        json!({"action": "move", "index": index, "actions": actions}),
        false,
    )
}

/// A person plays a whole game of Ludo against three bots on the WebSocket. After every step,
/// the state rebuilt from the welcome and the patches is the state read; the game folds passes
/// into a line of the log, takes a move back, captures and ends on the way; a patch never
/// carries the board, and a message is a fraction of the state. A watcher that reads nothing
/// until the end (long chat lines fill its connection first) rebuilds the same final state from
/// what it is sent then: the events it missed with the newest state whole, then patches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn welcome_and_patches_rebuild_the_state_read_at_every_step() {
    let limits = Limits {
        max_chat: 50_000,
        chat_lines: 1_000,
        ..Limits::default()
    };
    let server = serve("patches", limits).await;
    let (id, token, watch, _) = create(
        &server,
        json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"],
               "seed": 7}),
    )
    .await;
    let mut watcher = open(&server, 2, &id, Some(4096)).await.expect("upgraded");
    let watched = Copy::welcome(&hello(&mut watcher, &watch).await);
    // More than the connections' buffers hold, for the watcher, which does not read.
    let path = format!("/api/games/{id}/chat");
    for _ in 0..120 {
        let line = json!({"text": "a".repeat(49_000)});
        assert_eq!(call(&server, "POST", &path, &token, line).await, 204);
    }
    let mut person = open(&server, 1, &id, None).await.expect("upgraded");
    let mut copy = Copy::welcome(&hello(&mut person, &token).await);
    assert_eq!(copy.state, read(&server, &id, &token).await);
    let (mut undone, mut captured, mut folded, mut compared) = (false, false, false, 0);
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        assert!(Instant::now() < deadline, "the game did not end");
        if !quiet(&copy.state) {
            copy.take(&next_text(&mut person).await);
            continue;
        }
        // Nothing moves until the person acts: what they rebuilt is the game as it stands.
        let state = read(&server, &id, &token).await;
        assert_eq!(copy.state, state, "after {} actions", state["actions"]);
        compared += 1;
        folded |= state["log"]
            .as_array()
            .expect("log")
            .iter()
            .any(|l| l.as_str().is_some_and(|l| l.contains("  ")));
        if state["phase"] == "over" {
            break;
        }
        let (action, capture) = if state["can_undo"] == true && !undone {
            undone = true;
            (json!({"action": "undo"}), false)
        } else {
            choose(&state)
        };
        captured |= capture;
        person
            .send(Message::Text(action.to_string().into()))
            .await
            .expect("sent");
        // The action's own events come next (an error would say why not).
        copy.take(&next_text(&mut person).await);
    }
    assert!(undone, "no move was taken back");
    assert!(captured, "the person captured nothing");
    assert!(folded, "no passes shared a line of the log");
    assert!(compared > 20, "{compared}");
    let whole = serde_json::to_string(&copy.state).expect("text").len();
    let average = copy.patch_bytes / copy.patches.max(1);
    assert!(
        average * 4 < whole,
        "a message of {average} bytes on average, the state {whole}"
    );
    eprintln!(
        "{} patches of {average} bytes on average, {} whole states; the state {whole} bytes",
        copy.patches, copy.wholes
    );

    // The watcher, too slow for the whole game, is told what it missed with the state whole.
    let mut watched = watched;
    let last = read(&server, &id, &token).await;
    while watched.state != last {
        watched.take(&next_text(&mut watcher).await);
    }
    assert!(watched.wholes > 0, "the watcher was never behind");
}

/// With a turn timer, every patch carries the running clock, whose time left is of the moment;
/// the rest of the state rebuilt is the state read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_clock_comes_in_every_patch() {
    let server = serve("patch-clock", Limits::default()).await;
    let (id, token, _, _) = create(
        &server,
        json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"],
               "seed": 3, "turn_seconds": 600}),
    )
    .await;
    let mut person = open(&server, 1, &id, None).await.expect("upgraded");
    let mut copy = Copy::welcome(&hello(&mut person, &token).await);
    let without_time = |state: &Value| {
        let mut state = state.clone();
        if state["clock"].is_object() {
            state["clock"]["left_ms"] = Value::Null;
        }
        state
    };
    let mut timed = 0;
    for _ in 0..30 {
        while !quiet(&copy.state) {
            copy.take(&next_text(&mut person).await);
        }
        let state = read(&server, &id, &token).await;
        assert_eq!(without_time(&copy.state), without_time(&state));
        if state["phase"] == "over" {
            break;
        }
        assert!(state["clock"]["left_ms"].as_u64().is_some(), "{state}");
        let (action, _) = choose(&state);
        person
            .send(Message::Text(action.to_string().into()))
            .await
            .expect("sent");
        let text = next_text(&mut person).await;
        let message: Value = serde_json::from_str(&text).expect("JSON");
        if message["patch"]["clock"].is_object() {
            timed += 1;
        }
        copy.take(&text);
    }
    assert!(timed > 10, "{timed}");
}
