//! Recorded move lists of the Parcheesi editions: seeded random games under each edition and under
//! house rules that bear on the demand to use a throw as fully as possible (003: "A player must
//! use up as many increments as possible"), checked against `tests/data/parcheesi-move-lists.txt`.
//!
//! Every position of every game where a move is due contributes its notation and its legal moves,
//! in the order the generator lists them, to a running hash; the file keeps, for each game, how
//! many such positions it had and the hash of every run of [`CHUNK`] of them. A generator that
//! lists the same moves in the same order from every position plays the same games and writes
//! the same file, so a faster generator can be checked against the one that wrote it. The games
//! draw their throws and moves from SplitMix64, written out here, so that they depend on nothing
//! but the engine.
//!
//! When a change to the rules is intended, rewrite the file with
//!
//! ```text
//! PACHISI_BLESS=1 cargo test -p pachisi-core --test move_lists
//! ```
//!
//! and review the diff before committing it.

use pachisi_core::{builtin_rules, Move, Phase, Position, Rules, BUILTIN_RULESETS};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Games played under each configuration.
const GAMES: u64 = 150;

/// Positions with a move due per recorded hash: a mismatch is narrowed down to one run of them.
const CHUNK: usize = 100;

/// Steps (throws and moves) after which a game is given up, finished or not.
const MAX_STEPS: usize = 20_000;

/// The editions, and house rules of theirs (`--set` overrides) that change which throws can be
/// used, and how fully: the board, entering, one die, carrying on from a castle, the whole throw
/// or nothing, overtaking, doublets and their 14, and longer games with every place played out.
const CONFIGURATIONS: [(&str, &[&str]); 16] = [
    ("parcheesi-sr", &[]),
    ("parcheesi-pb", &[]),
    ("parcheesi-mb", &[]),
    ("parcheesi-tr", &[]),
    ("parcheesi-sr", &["board.corner_squares=1"]),
    ("parcheesi-sr", &["board.direction=\"clockwise\""]),
    (
        "parcheesi-sr",
        &["moves.must_enter=false", "moves.grace_only_enters=true"],
    ),
    (
        "parcheesi-sr",
        &[
            "throw.dice=1",
            "throw.separate_dice=false",
            "moves.enter_with_sum=false",
        ],
    ),
    ("parcheesi-sr", &["moves.carry_on=true"]),
    ("parcheesi-sr", &["finish.placings=\"all\""]),
    ("parcheesi-mb", &["board.entry_offset=0"]),
    ("parcheesi-mb", &["moves.usage=\"all-or-nothing\""]),
    ("parcheesi-mb", &["capture.overtake=true"]),
    (
        "parcheesi-mb",
        &[
            "throw.separate_dice=false",
            "moves.enter_with_sum=false",
            "doubles.enabled=false",
        ],
    ),
    ("parcheesi-tr", &["doubles.third=\"none\""]),
    ("parcheesi-tr", &["doubles.fourteen=\"any-pawns\""]),
];

/// SplitMix64 (Steele, Lea and Flood), the whole generator.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in [0, 1) with 53 random bits.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// 64-bit FNV-1a.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    const START: Fnv = Fnv(0xcbf2_9ce4_8422_2325);

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// A move, field by field: a tag, then its numbers.
    fn mv(&mut self, mv: Move) {
        match mv {
            Move::Pass => self.bytes(&[0]),
            Move::Enter { value } => self.bytes(&[1, value]),
            Move::EnterSum { first, second } => self.bytes(&[2, first, second]),
            Move::Advance {
                from,
                value,
                steps,
                pair,
                round_again,
            } => self.bytes(&[3, from, value, steps, u8::from(pair), u8::from(round_again)]),
        }
    }
}

/// What one game recorded: the positions with a move due, and a hash per [`CHUNK`] of them.
#[derive(Debug, PartialEq, Eq)]
struct GameHashes {
    decisions: usize,
    chunks: Vec<u32>,
}

impl GameHashes {
    fn line(&self) -> String {
        let mut s = self.decisions.to_string();
        for c in &self.chunks {
            write!(s, " {c:08x}").expect("writing to a string");
        }
        s
    }

    fn parse(line: &str) -> GameHashes {
        let mut fields = line.split_whitespace();
        let decisions = fields
            .next()
            .and_then(|d| d.parse().ok())
            .unwrap_or_else(|| panic!("`{line}`: expected a count of positions"));
        let chunks = fields
            .map(|c| u32::from_str_radix(c, 16).unwrap_or_else(|e| panic!("`{c}`: {e}")))
            .collect();
        GameHashes { decisions, chunks }
    }
}

fn rules_of(name: &str, overrides: &[&str]) -> Rules {
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    builtin_rules(name, &overrides).unwrap_or_else(|e| panic!("{name} {overrides:?}: {e}"))
}

/// The seed of game `game` under configuration `config`.
fn seed(config: usize, game: u64) -> u64 {
    (config as u64) << 32 | game
}

/// Plays one seeded random game; `visit` sees every position with a move due, its number in the
/// game, and its legal moves.
fn play_game(rules: &Rules, seed: u64, mut visit: impl FnMut(usize, &Position, &[Move])) {
    let mut rng = SplitMix64(seed);
    let mut pos = Position::new(rules);
    let mut moves = Vec::new();
    let mut decisions = 0;
    for _ in 0..MAX_STEPS {
        match pos.phase() {
            Phase::Over => break,
            Phase::Throw => pos
                .apply_throw(rules, rules.throw_for(rng.unit()))
                .expect("a throw of the rules"),
            Phase::Move => {
                pos.legal_moves_into(rules, &mut moves);
                visit(decisions, &pos, &moves);
                decisions += 1;
                let mv = moves[rng.below(moves.len())];
                pos.play(rules, mv).expect("a legal move");
            }
        }
    }
}

fn game_hashes(rules: &Rules, seed: u64) -> GameHashes {
    let mut chunks = Vec::new();
    let mut hash = Fnv::START;
    let mut decisions = 0;
    play_game(rules, seed, |n, pos, moves| {
        hash.bytes(pos.to_notation(rules).as_bytes());
        hash.bytes(&[0xff]);
        for &mv in moves {
            hash.mv(mv);
        }
        decisions = n + 1;
        if decisions % CHUNK == 0 {
            chunks.push(hash.0 as u32 ^ (hash.0 >> 32) as u32);
            hash = Fnv::START;
        }
    });
    if decisions % CHUNK != 0 {
        chunks.push(hash.0 as u32 ^ (hash.0 >> 32) as u32);
    }
    GameHashes { decisions, chunks }
}

fn config_line(name: &str, overrides: &[&str]) -> String {
    format!("config {name} {}", overrides.join(" "))
        .trim_end()
        .to_string()
}

fn data_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/parcheesi-move-lists.txt")
}

/// Every configuration's line and its games' hashes, as the generator makes them now.
fn current() -> Vec<(String, Vec<GameHashes>)> {
    CONFIGURATIONS
        .iter()
        .enumerate()
        .map(|(i, (name, overrides))| {
            let rules = rules_of(name, overrides);
            let games = (0..GAMES)
                .map(|g| game_hashes(&rules, seed(i, g)))
                .collect();
            (config_line(name, overrides), games)
        })
        .collect()
}

fn write_file(all: &[(String, Vec<GameHashes>)]) {
    let mut text = String::from(
        "# Written by tests/move_lists.rs (PACHISI_BLESS=1 rewrites it): for each configuration,\n\
         # one line per seeded random game: the positions with a move due, then the hash of\n\
         # every run of 100 of them (each position's notation and its ordered legal moves).\n",
    );
    for (config, games) in all {
        text.push_str(config);
        text.push('\n');
        for g in games {
            text.push_str(&g.line());
            text.push('\n');
        }
    }
    std::fs::write(data_file(), text).expect("writable data file");
}

fn read_file() -> Vec<(String, Vec<GameHashes>)> {
    let text = std::fs::read_to_string(data_file()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; write it with PACHISI_BLESS=1 cargo test -p pachisi-core --test move_lists",
            data_file().display()
        )
    });
    let mut out: Vec<(String, Vec<GameHashes>)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if line.starts_with("config ") {
            out.push((line.to_string(), Vec::new()));
        } else {
            let (_, games) = out.last_mut().expect("a config line first");
            games.push(GameHashes::parse(line));
        }
    }
    out
}

/// The first position of a run of [`CHUNK`] that the recorded hash no longer matches, and its
/// moves now, to start looking from.
fn describe_chunk(rules: &Rules, seed: u64, chunk: usize) -> String {
    let mut found = String::new();
    play_game(rules, seed, |n, pos, moves| {
        if n == chunk * CHUNK {
            found = format!("{} with moves {moves:?}", pos.to_notation(rules));
        }
    });
    found
}

#[test]
fn parcheesi_move_lists_match_the_recorded_generator() {
    if std::env::var("PACHISI_BLESS").is_ok_and(|v| v == "1") {
        write_file(&current());
        return;
    }
    let recorded = read_file();
    assert_eq!(
        recorded.iter().map(|(c, _)| c.clone()).collect::<Vec<_>>(),
        CONFIGURATIONS
            .iter()
            .map(|(n, o)| config_line(n, o))
            .collect::<Vec<_>>(),
        "the configurations differ from the file's: rewrite it with PACHISI_BLESS=1"
    );
    for (i, ((name, overrides), (_, games))) in CONFIGURATIONS.iter().zip(&recorded).enumerate() {
        let rules = rules_of(name, overrides);
        assert_eq!(games.len() as u64, GAMES, "{name} {overrides:?}: games");
        for (g, want) in games.iter().enumerate() {
            let seed = seed(i, g as u64);
            let got = game_hashes(&rules, seed);
            if got == *want {
                continue;
            }
            let chunk = (0..)
                .find(|&c| got.chunks.get(c) != want.chunks.get(c))
                .expect("a differing chunk");
            panic!(
                "{name} {overrides:?}, game {g} (seed {seed:#x}): the move lists differ from the \
                 recorded ones between positions {} and {} with a move due ({} positions now, {} \
                 recorded); the first of them: {}",
                chunk * CHUNK,
                (chunk + 1) * CHUNK - 1,
                got.decisions,
                want.decisions,
                describe_chunk(&rules, seed, chunk)
            );
        }
    }
}

/// Games per configuration and per built-in ruleset for [`a_throw_lists_the_moves_of_the_position_it_leads_to`].
const LISTING_GAMES: u64 = 30;

/// `Position::apply_throw_listing`, which may keep the list it made to settle a throw (003: a
/// throw used whole or not at all, a doublet whose throw again depends on it), leads to the
/// position `apply_throw` leads to and lists the moves `legal_moves_into` lists there, in the
/// same order: under every configuration above and every built-in ruleset, at every throw of
/// seeded random games.
#[test]
fn a_throw_lists_the_moves_of_the_position_it_leads_to() {
    let configurations = CONFIGURATIONS
        .iter()
        .copied()
        .chain(BUILTIN_RULESETS.iter().map(|&(name, _)| (name, &[][..])));
    let mut listed_at_a_throw = 0;
    for (i, (name, overrides)) in configurations.enumerate() {
        let rules = rules_of(name, overrides);
        for g in 0..LISTING_GAMES {
            let mut rng = SplitMix64(seed(i, g));
            let mut pos = Position::new(&rules);
            let (mut listed, mut legal) = (Vec::new(), Vec::new());
            for step in 0..MAX_STEPS {
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => {
                        let throw = rules.throw_for(rng.unit());
                        let mut by_listing = pos;
                        by_listing
                            .apply_throw_listing(&rules, throw, &mut listed)
                            .expect("a throw of the rules");
                        pos.apply_throw(&rules, throw)
                            .expect("a throw of the rules");
                        pos.legal_moves_into(&rules, &mut legal);
                        let at = format!("{name} {overrides:?}, game {g}, step {step}");
                        assert_eq!(by_listing, pos, "{at}: the position after the throw");
                        assert_eq!(listed, legal, "{at}: the moves after the throw");
                        listed_at_a_throw += usize::from(!legal.is_empty());
                    }
                    Phase::Move => {
                        pos.legal_moves_into(&rules, &mut legal);
                        let mv = legal[rng.below(legal.len())];
                        pos.play(&rules, mv).expect("a legal move");
                    }
                }
            }
        }
    }
    assert!(listed_at_a_throw > 0, "some throw left a move due");
}

/// A throw refused by `apply_throw_listing` (none is due, or it is no outcome of the rules)
/// leaves the position as it was and the list empty, as `apply_throw` leaves the position.
#[test]
fn a_refused_throw_lists_nothing_and_changes_nothing() {
    let rules = rules_of("parcheesi-sr", &[]);
    let mut pos = Position::new(&rules);
    let mut listed = vec![Move::Pass];
    let unknown = pachisi_core::Throw(u8::MAX);
    let before = pos;
    assert!(pos
        .apply_throw_listing(&rules, unknown, &mut listed)
        .is_err());
    assert_eq!((pos, listed.len()), (before, 0), "an unknown throw");
    // A throw that leaves a move due: a second throw is refused until it is played.
    let mut rng = SplitMix64(1);
    while pos.phase() != Phase::Move {
        pos.apply_throw_listing(&rules, rules.throw_for(rng.unit()), &mut listed)
            .expect("a throw of the rules");
    }
    let before = pos;
    listed.push(Move::Pass);
    let again = rules.throw_for(rng.unit());
    assert!(pos.apply_throw_listing(&rules, again, &mut listed).is_err());
    assert_eq!(
        (pos, listed.len()),
        (before, 0),
        "a throw while a move is due"
    );
}
