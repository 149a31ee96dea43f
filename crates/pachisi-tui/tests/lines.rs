//! The game in lines (`pachisi play --screen-reader`) driven through memory: a person's
//! commands in, every line said out, a whole game against bots to its end.

use pachisi_core::builtin_rules;
use pachisi_table::record_header;
use pachisi_tui::{play_lines, PlayOptions, SeatSpec};
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
