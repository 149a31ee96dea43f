//! The game in lines (`pachisi play --screen-reader`) driven through memory: a person's
//! commands in, every line said out, a whole game against bots to its end.

use pachisi_core::builtin_rules;
use pachisi_table::record_header;
use pachisi_tui::{play_lines, Announce, PlayOptions, SeatSpec};
use std::io::{BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Input that says `first`, then `then` over and over.
struct Typing {
    text: Vec<u8>,
    at: usize,
    then: Vec<u8>,
}

impl Read for Typing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.text.len() {
            if self.then.is_empty() {
                return Ok(0);
            }
            self.text = self.then.clone();
            self.at = 0;
        }
        let n = buf.len().min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn options(ruleset: &str, seed: u64, save: PathBuf) -> PlayOptions {
    let rules = Arc::new(builtin_rules(ruleset, &[]).expect("builtin"));
    let seats: Vec<SeatSpec> = (0..rules.seats())
        .map(|s| {
            if s == 0 {
                SeatSpec::Human
            } else {
                "bot:heuristic".parse().expect("a seat")
            }
        })
        .collect();
    PlayOptions {
        record: record_header(ruleset, &[], seed, Some(&seats)).expect("header"),
        rules,
        seats,
        seed,
        save_path: save,
        pace: Duration::ZERO,
        hint_bot: "heuristic".parse().expect("a spec"),
        tips: false,
        words: pachisi_words::english(),
        announce: Announce::All,
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pachisi-lines-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    dir.join("game.record")
}

#[test]
fn a_whole_game_is_said_line_by_line_and_saved_at_its_end() {
    let save = scratch("game");
    let first = "where\nboard\nhelp\ndance\nt\nmoves\nwhy 2\nthreats 1\nthrow\n";
    let mut input = BufReader::new(Typing {
        text: first.as_bytes().to_vec(),
        at: 0,
        // Throw, then play the first move: whichever is due, the other is answered and skipped.
        then: b"t\n1\n".to_vec(),
    });
    let mut output = Vec::new();
    let outcome =
        play_lines(options("pachisi", 4, save.clone()), &mut input, &mut output).expect("played");
    let said = String::from_utf8(output).expect("text");
    assert!(outcome.finished, "{said}");
    for needle in [
        "Pachisi, six cowries. Type help for the commands",
        "You, Yellow: you.",
        "Your partner, Black: bot heuristic.",
        "Your turn: t or Enter throws.",
        "Piece 1: waiting in the Charkoni.",
        "You, Yellow: pieces 1, 2, 3 and 4 waiting in the Charkoni.",
        "Commands (type one and press Enter):",
        "\"dance\" is not a command here.",
        "You threw ",
        "Green threw ",
        "Your moves:",
        "1: ",
        "Game over: ",
    ] {
        assert!(said.contains(needle), "{needle}:\n{said}");
    }
    assert!(save.exists());
    assert!(
        !said.contains('['),
        "a message missing from the catalogue:\n{said}"
    );
}

#[test]
fn the_input_ending_saves_the_moves_and_says_so() {
    let save = scratch("eof");
    let mut input = BufReader::new(Typing {
        text: b"t\n".to_vec(),
        at: 0,
        then: Vec::new(),
    });
    let mut output = Vec::new();
    let error = play_lines(options("ludo", 2, save.clone()), &mut input, &mut output)
        .err()
        .expect("the input ended");
    assert!(error.to_string().contains("the input ended"), "{error}");
    assert!(
        error.to_string().contains("the moves so far are saved in"),
        "{error}"
    );
    assert!(save.exists());
}

/// The lines of a whole game of Ludo at `announce`, the person throwing and playing the first
/// move each time.
fn said_at(announce: Announce, seed: u64) -> Vec<String> {
    let save = scratch(&format!("announce-{announce:?}-{seed}"));
    let mut input = BufReader::new(Typing {
        text: Vec::new(),
        at: 0,
        then: b"t\n1\n".to_vec(),
    });
    let mut output = Vec::new();
    let mut options = options("ludo", seed, save);
    options.announce = announce;
    let outcome = play_lines(options, &mut input, &mut output).expect("played");
    let said = String::from_utf8(output).expect("text");
    assert!(outcome.finished, "{said}");
    // What follows a prompt ("> ") is on its line, after the person's input.
    said.lines()
        .map(|l| l.trim_start_matches("> ").to_string())
        .collect()
}

/// At `mine` no line tells of another seat's throw, or of a move of theirs that does not touch
/// the person's pieces; the person's own are all said, the captures of their pieces too, and
/// the end. At `all` the others' throws are said.
#[test]
fn at_mine_only_the_persons_own_play_and_what_touches_their_pieces_is_said() {
    let others = ["Green ", "Yellow ", "Blue "];
    let mut captures = 0;
    for seed in 1..=4 {
        let all = said_at(Announce::All, seed);
        assert!(
            all.iter().any(|l| l.starts_with("Green threw ")),
            "{all:#?}"
        );
        let mine = said_at(Announce::Mine, seed);
        assert!(
            mine.iter()
                .any(|l| l == "Your turns, and what touches your pieces, will be announced."),
            "{mine:#?}"
        );
        assert!(
            mine.iter().any(|l| l.starts_with("You threw ")),
            "{mine:#?}"
        );
        assert!(mine.iter().any(|l| l.contains("Game over: ")));
        for line in mine
            .iter()
            .filter(|l| others.iter().any(|o| l.starts_with(o)))
        {
            if line.contains("Game over: ") {
                continue;
            }
            assert!(
                line.contains("capturing") && line.contains("your token"),
                "seed {seed}: another's action that does not touch the person's pieces: {line}"
            );
            captures += 1;
        }
        assert_eq!(
            mine.iter().filter(|l| l.starts_with("You threw ")).count(),
            all.iter().filter(|l| l.starts_with("You threw ")).count(),
            "seed {seed}: the person's throws are all said"
        );
    }
    assert!(captures > 0, "no capture of the person's pieces was said");
}
