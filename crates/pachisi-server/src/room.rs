//! Who is at a game's table: the people (each with a secret token, kept only as its hash, and a
//! display name), which seat each person holds, the invitations to the seats still open, the
//! watch link, and the room's options. Every action a client asks for is checked here first:
//! [`Room::who`] turns the credential a client shows into a [`Caller`], compared in constant
//! time, and [`Room::holds`] says whether that caller holds a seat.
//!
//! A room is stored as JSON beside its game (`store`), so every seat, name and invitation
//! survives a restart.

use crate::clock::Timer;
use crate::error::GameError;
use pachisi_fair::{PlayerSeed, PlayerSeedError, PlayerSeeds};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;

/// The longest display name, in characters.
pub const MAX_NAME: usize = 24;

/// A person at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    /// The SHA-256 (hex) of the person's token: the token itself is shown to them once and
    /// kept nowhere on the server.
    pub token: String,
    /// Their display name, checked by [`check_name`].
    pub name: String,
    /// Whether they created the room (and may manage it: seats, the watch link, deletion).
    pub host: bool,
    /// The seed they add to the throws (docs/fair-throws.md), until the game begins and it is
    /// written into the record.
    #[serde(default)]
    pub seed: String,
}

/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "holder", rename_all = "lowercase")]
pub enum Holder {
    /// A bot plays it.
    Bot {
        /// Its spec (`heuristic`, `expectimax:depth=2`).
        spec: String,
    },
    /// The person with this index in [`Room::people`].
    Person {
        /// Index into [`Room::people`].
        person: usize,
    },
    /// Nobody yet: the invitation code takes it.
    Open {
        /// The invitation's secret code (the host may show the link again, so it is kept).
        invite: String,
    },
}

/// A game's room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    /// Everyone who has held a seat, in the order they came.
    pub people: Vec<Person>,
    /// The holder of each seat.
    pub seats: Vec<Holder>,
    /// The watch link's code, or `None` when the host turned watching off.
    pub watch: Option<String>,
    /// Whether the open seats are listed in the public lobby.
    pub public: bool,
    /// Whether hints may be asked for although several people play.
    pub hints: bool,
    /// Whether the game has begun (every seat was taken; the players' seeds are fixed).
    pub started: bool,
    /// The turn timer: its options, missed turns, away seats and the running clock (none in a
    /// room stored before timers).
    #[serde(default)]
    pub timer: Timer,
    /// The id of the rematch, once a player asked for one (the same room answered after).
    #[serde(default)]
    pub rematch: Option<String>,
    /// The address that created the room (as its limits count it), kept so that the games an
    /// address holds are counted across restarts. Never shown to anyone.
    #[serde(default)]
    pub creator: Option<String>,
    /// How many of the record's actions undo can never take back: those made while another
    /// person held a seat (a move another person made, or saw, stands).
    #[serde(default)]
    pub undo_floor: usize,
    /// Why the game was stopped unfinished (it reached the most actions a game may have), once
    /// it was: no action is taken after, and its seed is revealed.
    #[serde(default)]
    pub stopped: Option<String>,
    /// How fast the bots play (none in a room stored before the pace was chosen: normal).
    #[serde(default)]
    pub pace: Pace,
}

/// How fast the bots of a room play: the wait before each of their actions, as a share of the
/// server's `--pace`. Only these three are taken, so a room can neither stall its game nor make
/// the server play without a pause.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Twice the server's pace: time to follow every move.
    Slow,
    /// The server's pace.
    #[default]
    Normal,
    /// A quarter of it.
    Fast,
}

impl Pace {
    /// The wait before a bot's action, the server's pace being `base`.
    pub fn of(self, base: std::time::Duration) -> std::time::Duration {
        match self {
            Pace::Slow => base.saturating_mul(2),
            Pace::Normal => base,
            Pace::Fast => base / 4,
        }
    }
}

/// Who is asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Caller {
    /// A person at the table (index into [`Room::people`]).
    Person(usize),
    /// Someone with the watch link.
    Watcher,
}

/// Why a room refuses.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RoomError {
    /// No credential, or one that is nobody's here.
    #[error("{0}")]
    Forbidden(String),
    /// A name or seed that is not allowed, or a seat that is not there.
    #[error("{0}")]
    Invalid(String),
    /// Not possible now (the seat was taken, the game has begun).
    #[error("{0}")]
    NotNow(String),
}

/// A room's refusal, as the refusal of the request that asked it.
impl From<RoomError> for GameError {
    fn from(e: RoomError) -> GameError {
        match e {
            RoomError::Forbidden(m) => GameError::Forbidden(m),
            RoomError::Invalid(m) => GameError::Invalid(m),
            RoomError::NotNow(m) => GameError::NotNow(m),
        }
    }
}

/// A new secret: 128 bits from the operating system's generator, in hex.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The SHA-256 of a token, in hex: what the server keeps instead of the token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether two secrets are equal, in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// A display name as given, in Unicode's composed form (NFC) and trimmed: 1 to [`MAX_NAME`]
/// characters of letters (with the marks that follow them, as Hindi and Tamil write vowels),
/// digits, spaces and `. - _ '`. Anything else (a control, a direction override) is refused
/// rather than changed, so a player sees what they typed or why not. The same name typed
/// composed (`José`) or decomposed (`Jose` and a combining accent) is one name. (The page
/// shows names as text, never as markup, so this is not what keeps a name from running as
/// script; it keeps names short and readable.)
///
/// # Errors
/// When the name is empty, too long, or has another character.
pub fn check_name(name: &str) -> Result<String, RoomError> {
    let composed: String = name.nfc().collect();
    let name = composed.trim();
    let count = name.chars().count();
    if count == 0 {
        return Err(RoomError::Invalid("choose a name to play under".into()));
    }
    if count > MAX_NAME {
        return Err(RoomError::Invalid(format!(
            "a name is at most {MAX_NAME} characters; `{}…` has {count}",
            name.chars().take(MAX_NAME).collect::<String>()
        )));
    }
    let mut after_letter = false;
    let refused = name.chars().find(|&c| {
        // A combining mark belongs to the letter before it (a vowel sign, an accent left
        // uncomposed); on its own it could stack over anything.
        let mark = is_combining_mark(c);
        let ok = c.is_alphanumeric()
            || matches!(c, ' ' | '.' | '-' | '_' | '\'')
            || (mark && after_letter);
        after_letter = c.is_alphanumeric() || (mark && after_letter);
        !ok
    });
    if let Some(c) = refused {
        return Err(RoomError::Invalid(format!(
            "a name may have letters, digits, spaces and . - _ ' only, not {c:?}"
        )));
    }
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" "))
}

impl Room {
    /// A room whose seats are held by the host (person 0), by bots, or open, as `holders` says;
    /// watchable by link. A room without open seats begins at once.
    pub fn new(host: Person, holders: Vec<Holder>, public: bool, hints: bool) -> Room {
        let started = !holders.iter().any(|h| matches!(h, Holder::Open { .. }));
        Room {
            people: vec![host],
            seats: holders,
            watch: Some(secret()),
            public,
            hints,
            started,
            timer: Timer::default(),
            rematch: None,
            creator: None,
            undo_floor: 0,
            stopped: None,
            pace: Pace::Normal,
        }
    }

    /// Who shows `credential` (a person's token, or the watch link's code); `None` when nobody.
    ///
    /// A token stands for a seat: a person whose every seat was handed away (to a bot, or
    /// opened for someone else) is nobody here any more, and sees no more than a stranger. The
    /// host stays the host with or without a seat, since the host manages the room.
    pub fn who(&self, credential: Option<&str>) -> Option<Caller> {
        let credential = credential?;
        let hash = token_hash(credential);
        // Every person is compared, whoever matches first, so the time taken says nothing
        // about which token was close.
        let mut found = None;
        for (i, p) in self.people.iter().enumerate() {
            if same_secret(&p.token, &hash) && found.is_none() {
                found = Some(i);
            }
        }
        let found = found
            .filter(|&p| self.people[p].host || !self.seats_of(p).is_empty())
            .map(Caller::Person);
        if found.is_some() {
            return found;
        }
        match &self.watch {
            Some(code) if same_secret(code, credential) => Some(Caller::Watcher),
            _ => None,
        }
    }

    /// The person showing `credential`, or why they may not act.
    ///
    /// # Errors
    /// [`RoomError::Forbidden`] without a token, or with one that is no person's here.
    pub fn person(&self, credential: Option<&str>) -> Result<usize, RoomError> {
        match self.who(credential) {
            Some(Caller::Person(p)) => Ok(p),
            Some(Caller::Watcher) => Err(RoomError::Forbidden(
                "watchers cannot act: take a seat with an invitation to play".into(),
            )),
            None if credential.is_none() => Err(RoomError::Forbidden(
                "this takes your seat's token: `Authorization: Bearer TOKEN`".into(),
            )),
            None => Err(RoomError::Forbidden(
                "the token is not one of this game's players'".into(),
            )),
        }
    }

    /// Whether person `p` holds `seat`.
    pub fn holds(&self, p: usize, seat: u8) -> bool {
        matches!(self.seats.get(usize::from(seat)), Some(Holder::Person { person }) if *person == p)
    }

    /// The seats person `p` holds.
    pub fn seats_of(&self, p: usize) -> Vec<u8> {
        (0..self.seats.len())
            .filter_map(|s| u8::try_from(s).ok())
            .filter(|&s| self.holds(p, s))
            .collect()
    }

    /// How many people hold a seat now.
    pub fn players(&self) -> usize {
        (0..self.people.len())
            .filter(|&p| !self.seats_of(p).is_empty())
            .count()
    }

    /// The open seat whose invitation is `invite`.
    ///
    /// # Errors
    /// When no open seat has that invitation (it was used, or never was).
    pub fn invited_seat(&self, invite: &str) -> Result<u8, RoomError> {
        let mut found = None;
        for (s, h) in self.seats.iter().enumerate() {
            if let Holder::Open { invite: code } = h {
                if same_secret(code, invite) && found.is_none() {
                    found = u8::try_from(s).ok();
                }
            }
        }
        found.ok_or_else(|| {
            RoomError::NotNow(
                "this invitation is not valid any more: its seat was taken, or given to someone else"
                    .into(),
            )
        })
    }

    /// Seats `seat` for person `p`.
    pub fn seat(&mut self, seat: u8, p: usize) {
        if let Some(h) = self.seats.get_mut(usize::from(seat)) {
            *h = Holder::Person { person: p };
        }
    }

    /// Whether every seat is held (by a person or a bot).
    pub fn full(&self) -> bool {
        !self.seats.iter().any(|h| matches!(h, Holder::Open { .. }))
    }

    /// Who plays each seat as a seat spec: `human` for a person's seat or an open one (a person
    /// will play it), `bot:SPEC` for a bot's.
    pub fn seat_kinds(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|h| match h {
                Holder::Bot { spec } => format!("bot:{spec}"),
                _ => "human".to_string(),
            })
            .collect()
    }

    /// What anyone who may see the game is shown of the room: each seat's colour, holder and
    /// name, whether watching is on, the options. No token, invitation or watch code.
    pub fn public_view(&self, rules: &pachisi_core::Rules) -> serde_json::Value {
        let seats: Vec<serde_json::Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(s, h)| {
                let seat = u8::try_from(s).unwrap_or(u8::MAX);
                let (holder, name, bot) = match h {
                    Holder::Bot { spec } => ("bot", None, Some(spec.as_str())),
                    Holder::Person { person } => (
                        "person",
                        self.people.get(*person).map(|p| p.name.as_str()),
                        None,
                    ),
                    Holder::Open { .. } => ("open", None, None),
                };
                serde_json::json!({
                    "seat": seat,
                    "colour": rules.seat_colour(seat),
                    "holder": holder,
                    "name": name,
                    "bot": bot,
                    "host": matches!(h, Holder::Person { person } if self.people.get(*person).is_some_and(|p| p.host)),
                    "away": self.timer.is_away(seat),
                    "misses": self.timer.misses(seat),
                })
            })
            .collect();
        serde_json::json!({
            "seats": seats,
            "players": self.players(),
            "started": self.started,
            "watching": self.watch.is_some(),
            "public": self.public,
            "hints": self.hints,
            "turn_seconds": self.timer.turn_seconds,
            "away_after": self.timer.away_after,
            "stand_in": self.timer.stand_in,
            "rematch": self.rematch,
            "stopped": self.stopped,
            "pace": self.pace,
        })
    }

    /// The display name of whoever holds `seat` (`None` for a bot or an open seat).
    pub fn name_at(&self, seat: u8) -> Option<&str> {
        match self.seats.get(usize::from(seat)) {
            Some(Holder::Person { person }) => self.people.get(*person).map(|p| p.name.as_str()),
            _ => None,
        }
    }
}

/// The players' seeds of a game that begins with `room` as it is: each person's seed (if they
/// gave one) goes with the first seat they hold.
///
/// # Errors
/// When a kept seed is not a valid seed (it was checked when given).
pub fn player_seeds(room: &Room) -> Result<PlayerSeeds, PlayerSeedError> {
    let mut seeds = PlayerSeeds::new();
    for (p, person) in room.people.iter().enumerate() {
        if person.seed.is_empty() {
            continue;
        }
        if let Some(&seat) = room.seats_of(p).first() {
            seeds.insert(seat, PlayerSeed::new(&person.seed)?)?;
        }
    }
    Ok(seeds)
}

/// Characters that change the direction of the text around them (embeddings, overrides,
/// isolates and direction marks, Unicode's bidirectional controls): in a chat line they could
/// make the line, or what follows it, read otherwise than it was written (`abc` + U+202E +
/// `FED` shows as `abcDEF`), so they are taken out. The page shows each line in its own
/// direction, so right-to-left text reads as written without them.
fn is_direction_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A chat line as it is kept and shown: in Unicode's composed form (NFC), without direction
/// controls (Unicode's bidirectional embeddings, overrides, isolates and marks), trimmed.
pub fn chat_text(text: &str) -> String {
    let kept: String = text.nfc().filter(|&c| !is_direction_control(c)).collect();
    kept.trim().to_string()
}

/// A QR code of `text` as an SVG document (drawn here, no network), dark on light.
///
/// # Errors
/// When the text is too long for a QR code.
pub fn qr_svg(text: &str) -> Result<String, String> {
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(160, 160)
        .build())
}

pub(crate) mod timer;

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> (Room, String) {
        let token = secret();
        let host = Person {
            token: token_hash(&token),
            name: "Asha".into(),
            host: true,
            seed: String::new(),
        };
        let seats = vec![
            Holder::Person { person: 0 },
            Holder::Open { invite: secret() },
            Holder::Bot {
                spec: "heuristic".into(),
            },
            Holder::Person { person: 0 },
        ];
        (Room::new(host, seats, false, false), token)
    }

    #[test]
    fn tokens_are_128_bits_and_kept_as_hashes() {
        let (room, token) = room();
        assert_eq!(token.len(), 32, "16 bytes in hex");
        assert_ne!(room.people[0].token, token);
        assert_eq!(room.who(Some(&token)), Some(Caller::Person(0)));
        assert_eq!(room.seats_of(0), vec![0, 3]);
        assert!(!room.started, "a seat is open");
    }

    #[test]
    fn a_wrong_or_missing_token_is_nobody() {
        let (room, token) = room();
        assert_eq!(room.who(None), None);
        assert_eq!(room.who(Some("")), None);
        assert_eq!(
            room.who(Some(&token_hash(&token))),
            None,
            "the hash is not the token"
        );
        let mut other = token.clone();
        other.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
        assert!(matches!(
            room.person(Some(&other)),
            Err(RoomError::Forbidden(_))
        ));
        assert!(matches!(room.person(None), Err(RoomError::Forbidden(_))));
    }

    #[test]
    fn the_watch_link_watches_and_nothing_more() {
        let (mut room, _) = room();
        let code = room.watch.clone().expect("watchable");
        assert_eq!(room.who(Some(&code)), Some(Caller::Watcher));
        let e = room.person(Some(&code)).expect_err("a watcher");
        assert!(e.to_string().contains("watchers cannot act"), "{e}");
        room.watch = None;
        assert_eq!(room.who(Some(&code)), None, "turned off");
    }

    #[test]
    fn an_invitation_takes_its_seat_once() {
        let (mut room, _) = room();
        let Holder::Open { invite } = room.seats[1].clone() else {
            panic!("seat 1 is open")
        };
        assert_eq!(room.invited_seat(&invite), Ok(1));
        room.seat(1, 0);
        assert!(room.full());
        assert!(matches!(
            room.invited_seat(&invite),
            Err(RoomError::NotNow(_))
        ));
    }

    #[test]
    fn names_are_short_plain_words() {
        assert_eq!(check_name("  Asha   Rao "), Ok("Asha Rao".into()));
        assert_eq!(check_name("Zoë O'Neil-2"), Ok("Zoë O'Neil-2".into()));
        for bad in ["", "   ", "<script>", "a\u{0}b", "x&y", "\"q\""] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name(&"a".repeat(MAX_NAME)).is_ok());
        assert!(check_name(&"a".repeat(MAX_NAME + 1)).is_err());
    }

    #[test]
    fn a_name_is_one_name_however_its_accents_were_typed() {
        let decomposed = "Jose\u{0301}";
        assert_eq!(check_name(decomposed), Ok("Jos\u{e9}".into()));
        assert_eq!(check_name("Jos\u{e9}"), check_name(decomposed));
        // Hindi and Tamil write vowels as marks after the letter.
        assert_eq!(check_name("प्रिया"), Ok("प्रिया".into()));
        assert_eq!(check_name("தமிழ்"), Ok("தமிழ்".into()));
        for bad in [
            "\u{0301}abc",
            "a \u{0301}",
            "abc\u{202E}FED",
            "a\u{200F}b",
            "a\u{2066}b",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn chat_loses_direction_controls_and_is_composed() {
        assert_eq!(chat_text("abc\u{202E}FED"), "abcFED");
        assert_eq!(chat_text("\u{2067}x\u{2069} \u{200E}y\u{061C}"), "x y");
        assert_eq!(chat_text("  Jose\u{0301} says hi "), "Jos\u{e9} says hi");
        assert_eq!(chat_text("\u{202E}"), "", "nothing left to say");
        assert_eq!(chat_text("नमस्ते"), "नमस्ते");
    }

    #[test]
    fn a_qr_code_is_an_svg_of_dark_squares() {
        let svg = qr_svg("http://192.168.1.5:8080/#join=abc.def").expect("fits");
        assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");
        assert!(qr_svg(&"x".repeat(5000)).is_err(), "too long for a QR code");
    }
}
