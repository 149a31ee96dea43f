//! A new game: what a visitor asks for ([`NewGame`]), checked against the server's limits before
//! anything is parsed or built (fields, games per address and overall, shells that fall too
//! unevenly for a game to end), its room with the creator's token, and its row stored with its
//! lease, its first events and (when no seat is open) its beginning. A rematch's room is made the
//! same way (`found`).

use super::{cluster, now, room_json, Games};
use crate::clock;
use crate::error::GameError;
use crate::game::{build, lock, Event, Game};
use crate::room::timer;
use crate::room::{self, check_name, secret, token_hash, Holder, Pace, Person, Room};
use crate::store::StoredGame;
use crate::view;
use pachisi_core::builtin_rules;
use pachisi_core::ruleset::Device;
use pachisi_table::Table;
use std::net::IpAddr;
use std::sync::Arc;

/// How to set up a new game (`POST /api/games`).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A built-in ruleset.
    pub ruleset: String,
    /// Who plays each seat: `me` (or `human`: the creator), `open` (a person invited by link),
    /// `bot` or `bot:SPEC`.
    #[serde(default)]
    pub seats: Vec<String>,
    /// The creator's display name.
    pub name: Option<String>,
    /// The creator's seed, added to the throws (docs/fair-throws.md).
    pub player_seed: Option<String>,
    /// Whether the open seats are listed in the lobby.
    #[serde(default)]
    pub public: bool,
    /// Whether hints may be asked for although several people play.
    #[serde(default)]
    pub hints: bool,
    /// A chosen seed: a game for practice, whose throws whoever knows the seed can tell, so it
    /// has no seat for another person. Without it the throws are fair (docs/fair-throws.md).
    pub seed: Option<u64>,
    /// The chance a cowrie falls mouth up.
    pub cowrie_p: Option<f64>,
    /// Optional rules, `FIELD=VALUE`.
    #[serde(default)]
    pub set: Vec<String>,
    /// Seconds per turn (the turn timer); none or 0: no timer.
    pub turn_seconds: Option<u32>,
    /// Turns missed in a row after which a seat is away.
    pub away_after: Option<u8>,
    /// The bot that plays a person's turn when their time runs out.
    pub stand_in: Option<String>,
    /// How fast the bots play: `slow`, `normal` (absent) or `fast`.
    #[serde(default)]
    pub pace: Pace,
}

/// What a new game's row is made of, besides its room.
pub(crate) struct Founding {
    /// The built-in ruleset.
    pub(crate) ruleset: String,
    /// Optional rules switched.
    pub(crate) overrides: Vec<String>,
    /// Who plays each seat, as seat specs.
    pub(crate) seats: Vec<String>,
    /// A chosen seed (a game for practice), or none: fair throws.
    pub(crate) seed: Option<u64>,
    /// The SHA-256 of the host's token.
    pub(crate) host: String,
}

/// A game just created, and the token of its creator (shown once, kept nowhere but as its
/// hash): it acts for the creator's seats and manages the room.
pub struct Created {
    /// The game.
    pub game: Arc<Game>,
    /// The creator's token.
    pub token: String,
}

impl Games {
    /// Checks a new game's fields against the limits before anything is parsed.
    fn check_fields(&self, new: &NewGame) -> Result<(), GameError> {
        let limits = &self.limits;
        let long = |what: &str, text: &str| {
            (text.chars().count() > limits.max_field).then(|| {
                GameError::BadRequest(format!(
                    "{what} is {} characters long; at most {} are allowed",
                    text.chars().count(),
                    limits.max_field
                ))
            })
        };
        if new.set.len() > limits.max_overrides {
            return Err(GameError::BadRequest(format!(
                "`set` lists {} options; at most {} are allowed",
                new.set.len(),
                limits.max_overrides
            )));
        }
        // No ruleset has more seats than this; longer lists are refused before any is parsed.
        if new.seats.len() > 16 {
            return Err(GameError::BadRequest(format!(
                "`seats` lists {} seats; no ruleset has more than 16",
                new.seats.len()
            )));
        }
        let fields = std::iter::once(("the ruleset", &new.ruleset))
            .chain(new.stand_in.iter().map(|s| ("the stand-in", s)))
            .chain(new.seats.iter().map(|s| ("a seat", s)))
            .chain(new.set.iter().map(|s| ("an option of `set`", s)));
        for (what, text) in fields {
            if let Some(e) = long(what, text) {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Whether `client` may add a game now.
    fn check_room(&self, client: Option<IpAddr>) -> Result<(), GameError> {
        // On a database the instances share, the database counts an address's games: each
        // instance holds only its share of them, and the address's may be on any. Asked before
        // the games' lock is taken, so that no read waits for the database.
        let counted = match client {
            Some(client) if self.store.is_shared() => Some(
                self.store
                    .created_by(&client.to_string())
                    .map_err(|e| GameError::Store(e.to_string()))?,
            ),
            _ => None,
        };
        let map = self.map();
        let held = map.len() + lock(&self.unplayable).len();
        if held >= self.limits.max_games {
            return Err(GameError::TooMany(format!(
                "the server holds its limit of {} games: try again when some are finished or deleted",
                self.limits.max_games
            )));
        }
        if let Some(client) = client {
            let mine = counted.map_or_else(
                || map.values().filter(|g| g.creator == Some(client)).count(),
                |n| usize::try_from(n).unwrap_or(usize::MAX),
            );
            if mine >= self.limits.max_games_per_client {
                return Err(GameError::TooMany(format!(
                    "your address has created {mine} games on this server, its limit: delete one to start another"
                )));
            }
        }
        Ok(())
    }

    /// Creates a game for `client`, stores it, and starts the bots if they act first.
    ///
    /// # Errors
    /// When the ruleset, seats or options are invalid or over the limits, the server holds
    /// all the games it may, or the database fails.
    pub fn create(
        self: &Arc<Games>,
        new: NewGame,
        client: Option<IpAddr>,
    ) -> Result<Created, GameError> {
        self.check_fields(&new)?;
        // A client at its limit costs no compiling of rules nor building of bots; the check is
        // made again, final, under the lock that adds the game.
        self.check_room(client)?;
        let mut overrides = new.set.clone();
        if let Some(p) = new.cowrie_p {
            overrides.push(format!("throw.p_up={p}"));
        }
        let rules = builtin_rules(&new.ruleset, &overrides)
            .map_err(|e| GameError::Invalid(format!("ruleset `{}`: {e}", new.ruleset)))?;
        if new.cowrie_p.is_some() && rules.ruleset().throw.device != Device::Cowries {
            return Err(GameError::Invalid(format!(
                "cowrie_p sets how cowrie shells fall, but {} is played with dice",
                new.ruleset
            )));
        }
        check_cowries(&rules)?;
        let asked: Vec<String> = if new.seats.is_empty() {
            (0..rules.seats())
                .map(|s| if s == 0 { "me" } else { "bot" }.to_string())
                .collect()
        } else {
            new.seats.clone()
        };
        if asked.len() != usize::from(rules.seats()) {
            return Err(GameError::Invalid(format!(
                "`seats` names {} players, but {} is played by {}: give one entry per seat, e.g. [\"me\", \"open\", \"bot\", ...]",
                asked.len(),
                new.ruleset,
                rules.seats()
            )));
        }
        // `me` and `open` seats are people's: checked as `human`.
        let kinds: Vec<String> = asked
            .iter()
            .map(|s| match s.as_str() {
                "me" | "open" => "human".to_string(),
                other => other.to_string(),
            })
            .collect();
        let specs =
            crate::game::parse_seats(&kinds, &self.limits.bots).map_err(GameError::Invalid)?;
        let holders: Vec<Holder> = asked
            .iter()
            .zip(&specs)
            .map(|(asked, spec)| match (asked.as_str(), spec) {
                (_, pachisi_table::SeatSpec::Bot(b)) => Holder::Bot {
                    spec: b.to_string(),
                },
                ("open", _) => Holder::Open { invite: secret() },
                _ => Holder::Person { person: 0 },
            })
            .collect();
        if new.seed.is_some()
            && (new.public || holders.iter().any(|h| matches!(h, Holder::Open { .. })))
        {
            return Err(GameError::Invalid(
                "a game with a chosen seed is for practice: whoever knows the seed knows every throw, so it has no seat for another person. Leave `seed` out for fair throws".into(),
            ));
        }
        let name = check_name(new.name.as_deref().unwrap_or("Host"))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
        let seed_text = new.player_seed.clone().unwrap_or_default();
        if !seed_text.is_empty() {
            pachisi_fair::PlayerSeed::new(&seed_text)
                .map_err(|e| GameError::Invalid(format!("your seed: {e}")))?;
        }
        view::BoardView::of(&rules).map_err(GameError::Invalid)?;
        // A turn of 0 seconds is no timer, as in the room's options.
        let turn_seconds = new.turn_seconds.filter(|&s| s != 0);
        let stand_in = clock::check_options(
            turn_seconds,
            new.away_after,
            new.stand_in.as_deref(),
            &self.limits.bots,
        )?;
        let token = secret();
        let host = Person {
            token: token_hash(&token),
            name,
            host: true,
            seed: seed_text,
        };
        let mut room = Room::new(host, holders, new.public, new.hints);
        room.timer.turn_seconds = turn_seconds;
        room.pace = new.pace;
        room.timer.away_after = new.away_after.unwrap_or(room.timer.away_after);
        if let Some(spec) = stand_in {
            room.timer.stand_in = spec;
        }
        let seats = specs.iter().map(ToString::to_string).collect();
        let game = self.found(
            Founding {
                ruleset: new.ruleset,
                overrides,
                seats,
                seed: new.seed,
                host: token_hash(&token),
            },
            room,
            client,
        )?;
        Ok(Created { game, token })
    }

    /// Makes a game of `room` (new, or a rematch's copy) as `founding` says, stores it, and
    /// starts its bots and clock: the game begins at once when no seat is open.
    pub(crate) fn found(
        self: &Arc<Games>,
        founding: Founding,
        mut room: Room,
        client: Option<IpAddr>,
    ) -> Result<Arc<Game>, GameError> {
        let server_seed = match founding.seed {
            Some(_) => None,
            None => Some(
                pachisi_fair::ServerSeed::generate()
                    .map_err(|e| GameError::Store(e.to_string()))?
                    .to_hex(),
            ),
        };
        let created = now();
        let mut stored = StoredGame {
            id: new_id(),
            created,
            updated: created,
            ruleset: founding.ruleset,
            overrides: founding.overrides,
            seats: founding.seats,
            seed: founding.seed.unwrap_or(0),
            server_seed,
            player_seeds: None,
            room: None,
            host: Some(founding.host),
            // Who begins is thrown for when the game begins.
            opening: Some(String::new()),
            actions: Vec::new(),
            snapshot: None,
            events: Vec::new(),
            // Counted by the database when instances share it (`check_room`).
            creator: client.map(|c| c.to_string()),
        };
        // Kept with the room, so that the games of an address are counted after a restart too.
        room.creator = client.map(|c| c.to_string());
        let mut events = vec![serde_json::json!({ "kind": "created" })];
        if room.started {
            let (table, seeds, opening) = self.start_of(&stored, &room)?;
            stored.player_seeds = Some(seeds);
            stored.opening = Some(opening.clone());
            events.push(serde_json::json!({ "kind": "start", "opening": opening }));
            // A person who throws first is on the clock from now.
            timer::settle(&mut room, &table, self.time.now_ms());
        }
        stored.room = Some(room_json(&room)?);
        stored.events = events
            .into_iter()
            .zip(1..)
            .map(|(body, n)| (n, Event::new(n, body).json.to_string()))
            .collect();
        let row = stored.clone();
        let game = build(stored, client, &self.limits.bots, &self.time)
            .map_err(|u| GameError::Invalid(u.reason))?;
        let game = {
            let _creating = lock(&self.creating);
            self.check_room(client)?;
            // Owned by this instance from the first moment (its lease written with it), so its
            // bots and clock start at once.
            let written = if self.store.is_shared() {
                self.store.insert_held(&row, &self.instance, cluster::LEASE)
            } else {
                self.store.insert(&row)
            };
            written.map_err(|e| GameError::Store(e.to_string()))?;
            let game = Arc::new(game);
            self.hold_now(&game);
            self.map().insert(game.stored.id.clone(), game.clone());
            game
        };
        self.arm(&game);
        self.drive(&game);
        Ok(game)
    }

    /// A game that begins with `room` as it is: its fresh table, the players' seeds (as the
    /// record's tag: each person's seed goes with the first seat they hold) and the throw-off (as
    /// its `Opening` tag, empty without one).
    pub(crate) fn start_of(
        &self,
        stored: &StoredGame,
        room: &Room,
    ) -> Result<(Table, String, String), GameError> {
        let seeds = room::player_seeds(room).map_err(|e| GameError::Invalid(e.to_string()))?;
        let fair = crate::game::fair_of(stored).map_err(GameError::Invalid)?;
        let specs = crate::game::parse_seats(&room.seat_kinds(), &self.limits.bots)
            .map_err(GameError::Invalid)?;
        let (table, opening) = crate::game::begin(stored, fair.as_ref(), &seeds, &specs)
            .map_err(GameError::Invalid)?;
        let tag = seeds.to_tag(table.rules());
        Ok((table, tag, opening))
    }
}

/// The chances of a cowrie falling mouth up that the server plays with
/// (the rest are refused when a game is created): measured in docs/security.md ("Games that
/// end").
pub const COWRIE_P_UP: std::ops::RangeInclusive<f64> = 0.3..=0.7;

/// Refuses shells that fall so unevenly that a game cannot be expected to end in reasonable
/// time: far from even, nearly every throw is the same, and in some rulesets that throw brings
/// no piece in (every turn passes) or gives another throw for ever.
///
/// # Errors
/// [`GameError::Invalid`], naming the range accepted, when the rules' chance is outside it.
pub(crate) fn check_cowries(rules: &pachisi_core::Rules) -> Result<(), GameError> {
    let throw = &rules.ruleset().throw;
    if throw.device != Device::Cowries || COWRIE_P_UP.contains(&throw.p_up) {
        return Ok(());
    }
    Err(GameError::Invalid(format!(
        "with cowries that fall mouth up with a chance of {}, a game could go on for days without end: this server plays chances from {} to {} (0.5 is an even fall)",
        throw.p_up,
        COWRIE_P_UP.start(),
        COWRIE_P_UP.end()
    )))
}

fn new_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
}
