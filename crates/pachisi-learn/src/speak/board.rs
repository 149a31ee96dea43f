//! The board in words: where each seat's pieces stand, which are safe (on a castle, or in a lane
//! no opponent travels), and which an opposing piece could capture with its next throw, by
//! whom, from how far, with which throws and how likely (`describe::threats`, the engine's
//! own answer).

use super::places::{out_of_reach, place_words};
use super::Voice;
use pachisi_core::describe::{threats, Threat};
use pachisi_core::Position;
use pachisi_words::{number, Args};

/// A threat in words: `Green's piece 2, 3 squares behind, with a throw of 3 (15 in 64)`.
fn one_threat(voice: &Voice, threat: &Threat) -> String {
    let rules = voice.rules;
    let throws: Vec<String> = threat
        .throws
        .iter()
        .map(|&t| rules.outcome(t).name.to_string())
        .collect();
    let mut args = Args::new();
    args.set("captor", voice.whose_piece(threat.seat, threat.piece));
    args.set("entering", if threat.progress == 0 { "yes" } else { "no" });
    args.set("squares", number(threat.squares));
    args.set("throws", voice.list("speak-or", &throws));
    args.set("chance", voice.chance(threat.chance));
    voice.words.msg_with("speak-threat", &args)
}

/// The safety of piece `piece` of `seat`: threatened (and by whom), safe on a castle or in its
/// lane, or out of every opponent's reach for one throw; `None` for a piece waiting or home.
fn safety(voice: &Voice, pos: &Position, seat: u8, piece: usize) -> Option<String> {
    let rules = voice.rules;
    let words = voice.words;
    let progress = *pos.pieces_of(seat).get(piece)?;
    if progress == 0 || progress == rules.home() || rules.in_goal(progress) {
        return None;
    }
    if out_of_reach(rules, seat, progress) {
        return Some(words.msg("speak-safe-lane"));
    }
    let found = threats(rules, pos, seat, piece);
    if !found.is_empty() {
        let said: Vec<String> = found.iter().map(|t| one_threat(voice, t)).collect();
        let mut args = Args::new();
        args.set("threats", voice.list("speak-and", &said));
        return Some(words.msg_with("speak-threatened", &args));
    }
    if rules.castle_at(seat, progress) {
        Some(words.msg("speak-safe-castle"))
    } else {
        Some(words.msg("speak-not-threatened"))
    }
}

/// `, threatened by ...` or nothing.
fn state_words(voice: &Voice, state: Option<String>) -> String {
    state.map_or_else(String::new, |state| {
        let mut args = Args::new();
        args.set("state", state);
        voice.words.msg_with("speak-state", &args)
    })
}

/// Where each piece of `seat` stands, one line a piece, with its safety: `Piece 2: on your
/// arm, 5 squares from the start, 79 to go, threatened by Green's piece 1, 3 squares behind,
/// with a throw of 3 (15 in 64).` (the answer to `where`).
pub fn where_lines(voice: &Voice, pos: &Position, seat: u8) -> Vec<String> {
    pos.pieces_of(seat)
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let mut args = Args::new();
            args.set("number", number(i as u32 + 1));
            args.set("place", place_words(voice, seat, p));
            args.set("state", state_words(voice, safety(voice, pos, seat, i)));
            voice.words.msg_with("speak-piece-line", &args)
        })
        .collect()
}

/// Every seat's pieces, one line a seat, pieces on one place together: `You, Yellow: pieces 3
/// and 4 waiting in the Charkoni; piece 1 on your arm, ...; piece 2 home.` (the answer to
/// `board`).
pub fn board_lines(voice: &Voice, pos: &Position) -> Vec<String> {
    (0..voice.rules.seats())
        .map(|seat| {
            let pieces = pos.pieces_of(seat);
            let mut places: Vec<u8> = pieces.to_vec();
            places.sort_unstable();
            places.dedup();
            // The pieces on their way first, the furthest along first; then those waiting, then
            // those home.
            places.sort_by_key(|&p| {
                let finished = p == voice.rules.home() || voice.rules.in_goal(p);
                (p == 0, finished, std::cmp::Reverse(p))
            });
            let groups: Vec<String> = places
                .iter()
                .map(|&p| {
                    let here: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i] == p).collect();
                    let mut args = Args::new();
                    args.set("count", number(here.len() as u32));
                    args.set("numbers", voice.numbers(&here));
                    args.set("place", place_words(voice, seat, p));
                    args.set(
                        "state",
                        state_words(voice, safety(voice, pos, seat, here[0])),
                    );
                    voice.words.msg_with("speak-pieces", &args)
                })
                .collect();
            let mut args = Args::new();
            args.set(
                "seat",
                voice
                    .words
                    .msg_with("speak-seat-heading", &voice.args_for(seat)),
            );
            args.set("pieces", voice.join("speak-board-list", &groups));
            voice.words.msg_with("speak-board-seat", &args)
        })
        .collect()
}

/// What threatens piece `piece` (its index) of `seat`: `Piece 2, on your arm, ...: threatened
/// by Green's piece 1, 3 squares behind, with a throw of 3 (15 in 64).` (the answer to
/// `threats N`).
pub fn threat_words(voice: &Voice, pos: &Position, seat: u8, piece: usize) -> String {
    let rules = voice.rules;
    let mut args = Args::new();
    args.set("number", number(piece as u32 + 1));
    let Some(&progress) = pos.pieces_of(seat).get(piece) else {
        args.set("count", number(rules.pieces()));
        return voice.words.msg_with("speak-no-piece", &args);
    };
    args.set("place", place_words(voice, seat, progress));
    match safety(voice, pos, seat, piece) {
        Some(state) => {
            args.set("state", state);
            voice.words.msg_with("speak-threats", &args)
        }
        None => voice.words.msg_with("speak-threats-waiting", &args),
    }
}
