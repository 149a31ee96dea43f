//! The players' seeds: a short text each person at the table may add, and their one canonical
//! combination.
//!
//! A player's seed goes into every throw's HMAC message, so a server that chose its own seed
//! after seeing the players' could still not predict the throws: it commits to its seed first
//! (`crate::seed`). Seeds are combined by seat, not by the order people joined, and each is
//! preceded by its length, so that two different lists of seeds never give the same bytes
//! ([`PlayerSeeds::canonical_bytes`]).
//!
//! In a record's `PlayerSeeds` tag the seeds are written by seat letter: `Y:lucky 7,G:gopal`.
//! A seed may hold any printable character, so `%` and `,` are written `%25` and `%2C` there.

use pachisi_core::Rules;
use std::collections::BTreeMap;

/// The fewest characters in a player seed.
pub const MIN_SEED_CHARS: usize = 1;

/// The most characters in a player seed.
pub const MAX_SEED_CHARS: usize = 64;

/// An example of a player seed, shown in errors.
const EXAMPLE: &str = "lucky-7";

/// Why a player seed, or the `PlayerSeeds` tag, was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayerSeedError {
    /// An empty seed.
    #[error("a player seed cannot be empty: type {MIN_SEED_CHARS} to {MAX_SEED_CHARS} printable characters, e.g. {EXAMPLE}")]
    Empty,
    /// A seed longer than [`MAX_SEED_CHARS`].
    #[error("the player seed `{seed}` has {chars} characters; at most {MAX_SEED_CHARS} are allowed, e.g. {EXAMPLE}")]
    TooLong {
        /// The seed, shortened.
        seed: String,
        /// Its length in characters.
        chars: usize,
    },
    /// A character that is not printable ASCII.
    #[error("the player seed `{seed}` has `{character}` at character {at}; only printable ASCII is allowed (letters, digits, spaces and punctuation), e.g. {EXAMPLE}")]
    Character {
        /// The seed, with unprintable characters escaped.
        seed: String,
        /// The character refused, escaped.
        character: String,
        /// Its place, from 1.
        at: usize,
    },
    /// A seed beginning or ending with a space, which would not show where it ends.
    #[error("the player seed `{seed}` begins or ends with a space; spaces are allowed only between other characters, e.g. lucky 7")]
    Space {
        /// The seed.
        seed: String,
    },
    /// A seat given a second seed.
    #[error("seat {seat} has two seeds; each seat may add one")]
    Twice {
        /// The seat, by letter where known.
        seat: String,
    },
    /// An entry that is not `LETTER:SEED`.
    #[error("`{entry}` is not a seat's seed: write the seat's letter, a colon and the seed, e.g. Y:{EXAMPLE}")]
    Entry {
        /// The entry as given.
        entry: String,
    },
    /// A letter that names no seat of the rules.
    #[error("`{letter}` in `{entry}` is not a seat's letter here; the seats are {known}, e.g. Y:{EXAMPLE}")]
    Seat {
        /// The letter given.
        letter: String,
        /// The entry it stands in.
        entry: String,
        /// The seats' letters.
        known: String,
    },
    /// A `%` in a tag that is not `%25` or `%2C`.
    #[error("`{entry}` has a % that is not %25 (for %) or %2C (for a comma); a record's PlayerSeeds tag writes them so, e.g. Y:50%25")]
    Escape {
        /// The entry as given.
        entry: String,
    },
}

/// One player's seed: 1 to 64 printable ASCII characters, not beginning or ending with a space.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerSeed(String);

impl PlayerSeed {
    /// Checks a seed as typed.
    ///
    /// # Errors
    /// When it is empty, too long, holds a character that is not printable ASCII, or begins or
    /// ends with a space.
    pub fn new(text: &str) -> Result<PlayerSeed, PlayerSeedError> {
        let chars = text.chars().count();
        if chars < MIN_SEED_CHARS {
            return Err(PlayerSeedError::Empty);
        }
        if chars > MAX_SEED_CHARS {
            let head: String = text.chars().take(MAX_SEED_CHARS).collect();
            return Err(PlayerSeedError::TooLong {
                seed: format!("{}...", head.escape_debug()),
                chars,
            });
        }
        if let Some((i, c)) = text
            .chars()
            .enumerate()
            .find(|&(_, c)| !(' '..='~').contains(&c))
        {
            return Err(PlayerSeedError::Character {
                seed: text.escape_debug().to_string(),
                character: c.escape_debug().to_string(),
                at: i + 1,
            });
        }
        if text.starts_with(' ') || text.ends_with(' ') {
            return Err(PlayerSeedError::Space { seed: text.into() });
        }
        Ok(PlayerSeed(text.to_string()))
    }

    /// The seed's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for PlayerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The seeds the players added, at most one per seat, kept in seat order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSeeds(BTreeMap<u8, PlayerSeed>);

impl PlayerSeeds {
    /// No seeds.
    pub fn new() -> PlayerSeeds {
        PlayerSeeds::default()
    }

    /// Adds the seed of `seat`.
    ///
    /// # Errors
    /// When the seat already has one.
    pub fn insert(&mut self, seat: u8, seed: PlayerSeed) -> Result<(), PlayerSeedError> {
        if self.0.contains_key(&seat) {
            return Err(PlayerSeedError::Twice {
                seat: seat.to_string(),
            });
        }
        self.0.insert(seat, seed);
        Ok(())
    }

    /// The seed of `seat`, if it added one.
    pub fn get(&self, seat: u8) -> Option<&PlayerSeed> {
        self.0.get(&seat)
    }

    /// Every seed, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (u8, &PlayerSeed)> {
        self.0.iter().map(|(&s, p)| (s, p))
    }

    /// How many seats added a seed.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no seat added a seed.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The seeds as every throw's HMAC message holds them: the number of seeds (two bytes,
    /// big-endian), then for each seed in seat order its seat (one byte), its length (one byte)
    /// and its characters (ASCII). The seat order makes the order people joined irrelevant; the
    /// lengths make the encoding one-to-one: no two different lists give the same bytes.
    pub fn canonical_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 + self.0.values().map(|s| 2 + s.0.len()).sum::<usize>());
        // At most 256 seats (a seat is one byte), so the count fits in two bytes.
        out.extend_from_slice(&(self.0.len() as u16).to_be_bytes());
        for (&seat, seed) in &self.0 {
            out.push(seat);
            // At most MAX_SEED_CHARS ASCII characters: the length fits in one byte.
            out.push(seed.0.len() as u8);
            out.extend_from_slice(seed.0.as_bytes());
        }
        out
    }

    /// Reads one seed as typed on a command line, `Y:lucky 7`: a seat's letter, a colon and the
    /// seed, nothing escaped.
    ///
    /// # Errors
    /// When the letter names no seat, or the seed is not a valid seed.
    pub fn parse_entry(rules: &Rules, entry: &str) -> Result<(u8, PlayerSeed), PlayerSeedError> {
        let (letter, seed) = entry
            .split_once(':')
            .ok_or_else(|| PlayerSeedError::Entry {
                entry: entry.escape_debug().to_string(),
            })?;
        let seat = seat_of(rules, letter, entry)?;
        Ok((seat, PlayerSeed::new(seed)?))
    }

    /// Adds the seed typed as `Y:lucky 7` ([`PlayerSeeds::parse_entry`]).
    ///
    /// # Errors
    /// As [`PlayerSeeds::parse_entry`], and when the seat already has a seed.
    pub fn insert_entry(&mut self, rules: &Rules, entry: &str) -> Result<(), PlayerSeedError> {
        let (seat, seed) = PlayerSeeds::parse_entry(rules, entry)?;
        self.insert(seat, seed).map_err(|_| PlayerSeedError::Twice {
            seat: rules.seat_letter(seat).to_string(),
        })
    }

    /// The seeds as a record's `PlayerSeeds` tag writes them: `Y:lucky 7,G:50%25`, in seat
    /// order, `%` and `,` written `%25` and `%2C`; empty when there are none.
    pub fn to_tag(&self, rules: &Rules) -> String {
        self.0
            .iter()
            .map(|(&seat, seed)| {
                let escaped = seed.0.replace('%', "%25").replace(',', "%2C");
                format!("{}:{escaped}", rules.seat_letter(seat))
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Reads a record's `PlayerSeeds` tag ([`PlayerSeeds::to_tag`]); the empty tag is no seeds.
    ///
    /// # Errors
    /// When an entry is not `LETTER:SEED`, a letter names no seat, a seat comes twice, a `%` is
    /// not `%25` or `%2C`, or a seed is not a valid seed.
    pub fn from_tag(rules: &Rules, text: &str) -> Result<PlayerSeeds, PlayerSeedError> {
        let mut seeds = PlayerSeeds::new();
        if text.is_empty() {
            return Ok(seeds);
        }
        for entry in text.split(',') {
            let (letter, escaped) =
                entry
                    .split_once(':')
                    .ok_or_else(|| PlayerSeedError::Entry {
                        entry: entry.escape_debug().to_string(),
                    })?;
            let seat = seat_of(rules, letter, entry)?;
            let seed =
                PlayerSeed::new(&unescape(escaped).ok_or_else(|| PlayerSeedError::Escape {
                    entry: entry.escape_debug().to_string(),
                })?)?;
            seeds
                .insert(seat, seed)
                .map_err(|_| PlayerSeedError::Twice {
                    seat: rules.seat_letter(seat).to_string(),
                })?;
        }
        Ok(seeds)
    }
}

/// The seat of a one-letter name.
fn seat_of(rules: &Rules, letter: &str, entry: &str) -> Result<u8, PlayerSeedError> {
    let mut chars = letter.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => rules.seat_by_letter(c),
        _ => None,
    }
    .ok_or_else(|| PlayerSeedError::Seat {
        letter: letter.escape_debug().to_string(),
        entry: entry.escape_debug().to_string(),
        known: (0..rules.seats())
            .map(|s| rules.seat_letter(s).to_string())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// `%25` and `%2C` (either case) back to `%` and `,`; `None` for any other `%`.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let code = rest.get(i + 1..i + 3)?;
        out.push(match code.to_ascii_uppercase().as_str() {
            "25" => '%',
            "2C" => ',',
            _ => return None,
        });
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        pachisi_core::builtin_rules("pachisi", &[]).expect("builtin")
    }

    fn seed(text: &str) -> PlayerSeed {
        PlayerSeed::new(text).expect(text)
    }

    #[test]
    fn seeds_are_one_to_sixty_four_printable_characters() {
        for good in [
            "a",
            "lucky 7",
            "~!@#$%^&*()_+{}|:\"<>?,./;'[]\\",
            &"x".repeat(64),
        ] {
            assert_eq!(seed(good).as_str(), good);
        }
        assert_eq!(PlayerSeed::new(""), Err(PlayerSeedError::Empty));
        let e = PlayerSeed::new(&"x".repeat(65)).expect_err("long");
        assert!(e.to_string().contains("65 characters"), "{e}");
        let e = PlayerSeed::new("tab\there").expect_err("tab");
        assert!(e.to_string().contains("at character 4"), "{e}");
        assert!(e.to_string().contains("\\t"), "{e}");
        assert!(PlayerSeed::new("é").is_err());
        assert!(PlayerSeed::new("a\u{7f}").is_err());
        for spaced in [" a", "a ", " "] {
            let e = PlayerSeed::new(spaced).expect_err(spaced);
            assert!(matches!(e, PlayerSeedError::Space { .. }), "{e}");
        }
        // Every message says what is allowed and gives an example.
        for e in [
            PlayerSeedError::Empty,
            PlayerSeed::new("\n").expect_err("newline"),
        ] {
            assert!(e.to_string().contains("e.g."), "{e}");
        }
    }

    #[test]
    fn the_canonical_bytes_follow_the_seats_not_the_order_of_joining() {
        let mut a = PlayerSeeds::new();
        a.insert(2, seed("bb")).expect("new seat");
        a.insert(0, seed("a")).expect("new seat");
        let mut b = PlayerSeeds::new();
        b.insert(0, seed("a")).expect("new seat");
        b.insert(2, seed("bb")).expect("new seat");
        assert_eq!(a, b);
        assert_eq!(
            a.canonical_bytes(),
            [0, 2, 0, 1, b'a', 2, 2, b'b', b'b'].to_vec()
        );
        assert_eq!(PlayerSeeds::new().canonical_bytes(), vec![0, 0]);
    }

    #[test]
    fn a_seat_adds_one_seed() {
        let mut s = PlayerSeeds::new();
        s.insert(1, seed("x")).expect("new seat");
        assert!(matches!(
            s.insert(1, seed("y")),
            Err(PlayerSeedError::Twice { .. })
        ));
        let e = PlayerSeeds::from_tag(&rules(), "G:x,G:y").expect_err("twice");
        assert_eq!(e.to_string(), "seat G has two seeds; each seat may add one");
    }

    #[test]
    fn the_tag_escapes_percent_and_comma_and_round_trips() {
        let rules = rules();
        let mut s = PlayerSeeds::new();
        s.insert(3, seed("a,b%2C:c")).expect("new seat");
        s.insert(0, seed("lucky 7")).expect("new seat");
        let tag = s.to_tag(&rules);
        assert_eq!(tag, "Y:lucky 7,R:a%2Cb%252C:c");
        assert_eq!(PlayerSeeds::from_tag(&rules, &tag), Ok(s));
        assert_eq!(PlayerSeeds::from_tag(&rules, ""), Ok(PlayerSeeds::new()));
        assert_eq!(
            PlayerSeeds::from_tag(&rules, "y:a%2c"),
            PlayerSeeds::from_tag(&rules, "Y:a%2C")
        );
    }

    #[test]
    fn bad_tags_are_refused_with_the_entry_and_an_example() {
        let rules = rules();
        let cases = [
            ("Y", "is not a seat's seed"),
            ("Q:x", "the seats are Y, G, B, R"),
            ("YG:x", "`YG` in `YG:x` is not a seat's letter"),
            ("Y:50%", "%25"),
            ("Y:50%zz", "%2C"),
            ("Y:", "cannot be empty"),
            ("Y:a,", "is not a seat's seed"),
        ];
        for (tag, message) in cases {
            let e = PlayerSeeds::from_tag(&rules, tag)
                .expect_err(tag)
                .to_string();
            assert!(e.contains(message), "{tag}: {e}");
            assert!(e.contains("e.g."), "{tag}: {e}");
        }
    }

    #[test]
    fn a_typed_entry_is_read_unescaped() {
        let rules = rules();
        let mut s = PlayerSeeds::new();
        s.insert_entry(&rules, "b:50%,ok").expect("typed");
        assert_eq!(s.get(2).map(PlayerSeed::as_str), Some("50%,ok"));
        assert!(s.insert_entry(&rules, "B:again").is_err());
        assert!(s.insert_entry(&rules, "no colon").is_err());
    }
}
