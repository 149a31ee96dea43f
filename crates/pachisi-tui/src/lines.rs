//! The game in lines of text, for a player who listens with a screen reader: `pachisi play
//! --screen-reader`. No board is drawn. Each action is said as one line as it happens (the
//! bots' at the game's pace); on a person's turn the throw and the moves are said in words,
//! numbered, and a line of input is read: a move's number, `t` or Enter to throw, or a question
//! (`where`, `board`, `threats 2`, `moves`, `why 3`, `throw`, `help`), answered in sentences.
//!
//! How much is said is the person's choice ([`Announce`], `--announce`): every action, or only
//! their own and what touches their pieces, as on the page.
//!
//! The words are `pachisi_learn::speak`'s, from the catalogue; this module owns the turn-taking:
//! when to speak, when to read, and what each command does to the game. It reads and writes
//! through any `BufRead` and `Write`, so that it runs on a terminal, on pipes and in tests alike.

use crate::ui::seat_labels;
use crate::{write_record, PlayOptions, PlayOutcome, Table};
use anyhow::{bail, Result};
use pachisi_core::record::Action;
use pachisi_core::{Move, Phase, Position};
use pachisi_learn::speak::log::GameLog;
use pachisi_learn::speak::{answer, event_line, move_lines, parse_command, Command, Voice};
use pachisi_table::Happening;
use pachisi_words::{number, Args, Words};
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// The sign that waits for a line of input.
const PROMPT: &str = "> ";

/// How much of the game is said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Announce {
    /// Every throw and move, whoever makes it.
    #[default]
    All,
    /// The person's own throws and moves, the others' moves that capture or move the person's
    /// pieces, and the end. With several people at one keyboard (or none), every action.
    Mine,
}

/// A game said in lines.
struct LineGame<'w, W: Write> {
    table: Table,
    words: &'static Words,
    save_path: PathBuf,
    saved: Option<PathBuf>,
    out: &'w mut W,
    /// Whether the moves of the throw in hand have been said since it was thrown.
    moves_said: bool,
    announce: Announce,
}

/// Plays a game in lines: says every action on `output`, and reads the person's commands from
/// `input`, until the game is over (the record is then saved), the person leaves (unsaved moves
/// are saved first), or the input ends.
///
/// # Errors
/// When the game cannot be set up, the output cannot be written, or the input ends before the
/// game does (the moves so far are saved first, and the error says so).
pub fn play_lines(
    options: PlayOptions,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> Result<PlayOutcome> {
    let mut record = options.record;
    pachisi_table::throw_off_into(&options.rules, options.seed, &mut record);
    let table = Table::new(options.rules, &options.seats, options.seed, record)
        .map_err(anyhow::Error::msg)?;
    let mut game = LineGame {
        table,
        words: options.words,
        save_path: options.save_path,
        saved: None,
        out: output,
        moves_said: false,
        announce: options.announce,
    };
    game.introduce()?;
    loop {
        if game.table.position().phase() == Phase::Over {
            // The caller says where the record is, and how to replay it.
            game.save(false)?;
            return Ok(game.outcome(true));
        }
        if game.table.automatic_due() {
            // A forced pass goes by at once; every other action waits the pace, so that a
            // listener can follow the bots, unless it is not to be said.
            let before = *game.table.position();
            if game.table.legal_moves() != [Move::Pass] && game.may_concern(&before) {
                std::thread::sleep(options.pace);
            }
            if let Some(happening) = game.table.step_automatic() {
                game.say_happening(&before, &happening)?;
            }
            continue;
        }
        game.prompt()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(game.out)?;
            if game.table.is_saved() {
                bail!("{}", game.words.msg("lines-input-ended"));
            }
            game.save(false)?;
            let mut args = Args::new();
            let path = game.saved.as_ref().map(|p| p.display().to_string());
            args.set("path", path.unwrap_or_default());
            bail!("{}", game.words.msg_with("lines-input-ended-saved", &args));
        }
        if !game.command(&line)? {
            return Ok(game.outcome(false));
        }
    }
}

impl<W: Write> LineGame<'_, W> {
    /// The seat the words are said to: the one person at the table, or nobody in particular
    /// when several share the keyboard (or none plays).
    fn listener(&self) -> Option<u8> {
        let rules = self.table.rules();
        let people: Vec<u8> = (0..rules.seats())
            .filter(|&s| self.table.is_human(s))
            .collect();
        match people.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The words said to the listener (`for_seat`: to that seat's player, answering them).
    fn voice(&self, for_seat: Option<u8>) -> Voice<'_> {
        Voice::new(self.words, self.table.rules(), for_seat.or(self.listener()))
    }

    fn say(&mut self, line: &str) -> Result<()> {
        writeln!(self.out, "{line}")?;
        self.out.flush()?;
        Ok(())
    }

    /// The ruleset, who plays each seat, and the throw-off where there was one.
    fn introduce(&mut self) -> Result<()> {
        let rules = self.table.rules().clone();
        let mut args = Args::new();
        args.set(
            "ruleset",
            self.words
                .ruleset_title(&rules.ruleset().name, &rules.ruleset().title),
        );
        let intro = self.words.msg_with("lines-intro", &args);
        self.say(&intro)?;
        if self.announce == Announce::Mine && self.listener().is_some() {
            // The page's words for the same choice.
            let mut args = Args::new();
            args.set("level", "mine");
            let mine = self.words.msg_with("access-level-now", &args);
            self.say(&mine)?;
        }
        let labels = seat_labels(self.words, self.table.record().tag("Seats"));
        let voice = self.voice(None);
        let lines: Vec<String> = (0..rules.seats())
            .map(|seat| {
                let mut args = Args::new();
                args.set(
                    "seat",
                    self.words
                        .msg_with("speak-seat-heading", &voice.args_for(seat)),
                );
                args.set(
                    "player",
                    labels.get(usize::from(seat)).cloned().unwrap_or_default(),
                );
                self.words.msg_with("lines-seat", &args)
            })
            .collect();
        for line in lines {
            self.say(&line)?;
        }
        let mut log = GameLog::new(self.words);
        log.update(&rules, self.table.record());
        if let Some(opening) = log.opening() {
            let opening = opening.to_string();
            self.say(&opening)?;
        }
        Ok(())
    }

    /// Says what an action did, in one line.
    fn say_happening(&mut self, before: &Position, happening: &Happening) -> Result<()> {
        let rules = self.table.rules().clone();
        let action = match *happening {
            Happening::Threw(_, throw) => Action::Throw(rules.outcome(throw).name),
            Happening::Moved(_, mv) => Action::Move(mv),
        };
        if matches!(action, Action::Throw(_)) {
            self.moves_said = false;
        }
        let after = *self.table.position();
        if !self.concerns(before, &after) {
            return Ok(());
        }
        if let Some(line) = event_line(&self.voice(None), before, action, &after) {
            self.say(&line)?;
        }
        Ok(())
    }

    /// Whether the action due in `before` may be said: at [`Announce::Mine`], only the
    /// listener's own (a move of another's may still touch their pieces: see [`Self::concerns`]).
    fn may_concern(&self, before: &Position) -> bool {
        match (self.announce, self.listener()) {
            (Announce::Mine, Some(listener)) => {
                before.to_move() == listener || before.phase() == Phase::Move
            }
            _ => true,
        }
    }

    /// Whether the action from `before` to `after` is said: always at [`Announce::All`]; at
    /// [`Announce::Mine`], the listener's own, another's that moves any of the listener's pieces
    /// (a capture), and the last.
    fn concerns(&self, before: &Position, after: &Position) -> bool {
        let (Announce::Mine, Some(listener)) = (self.announce, self.listener()) else {
            return true;
        };
        before.to_move() == listener
            || after.phase() == Phase::Over
            || before.pieces_of(listener) != after.pieces_of(listener)
    }

    /// On a person's turn: the moves (once per throw), then what to type, and the prompt.
    fn prompt(&mut self) -> Result<()> {
        let pos = *self.table.position();
        let seat = pos.to_move();
        let voice = self.voice(Some(seat));
        let mut args = voice.args_for(seat);
        // With one person at the table the words say "your"; with several, whose turn it is.
        if self.listener().is_none() {
            args.set("who", "seat");
        }
        // Chaupar: a seat whose pieces are all home throws for its partner, who plays its turn.
        let for_partner = (pos.phase() == Phase::Throw && pos.thrower() != seat).then(|| {
            let mut args = Args::new();
            args.set("finished", voice.colour(pos.thrower()));
            self.words.msg_with("lines-for-partner", &args)
        });
        if pos.phase() == Phase::Move && !self.moves_said {
            let heading = self.words.msg_with("lines-moves", &args);
            let moves = move_lines(&voice, &pos);
            self.say(&heading)?;
            for line in moves {
                self.say(&line)?;
            }
            self.moves_said = true;
        }
        if let Some(text) = for_partner {
            self.say(&text)?;
        }
        let id = if pos.phase() == Phase::Throw {
            "lines-prompt-throw"
        } else {
            "lines-prompt-move"
        };
        let text = self.words.msg_with(id, &args);
        self.say(&text)?;
        write!(self.out, "{PROMPT}")?;
        self.out.flush()?;
        Ok(())
    }

    /// Carries out one line of input; `false` when the person leaves.
    fn command(&mut self, line: &str) -> Result<bool> {
        let pos = *self.table.position();
        let seat = pos.to_move();
        let command = parse_command(self.words, line);
        let throwing = pos.phase() == Phase::Throw;
        match command {
            Command::Roll | Command::Empty if throwing => self.throw()?,
            Command::Empty => {
                // Enter with a move due says the moves again, rather than playing one unheard.
                self.moves_said = false;
            }
            Command::Roll => self.say(&self.words.msg("lines-not-now"))?,
            Command::Play(_) | Command::Pass if throwing => {
                self.say(&self.words.msg("speak-throw-first"))?
            }
            Command::Play(n) => {
                let moves = self.table.legal_moves();
                match n.checked_sub(1).and_then(|i| moves.get(i)) {
                    Some(&mv) => self.play(mv)?,
                    None => {
                        let mut args = Args::new();
                        args.set("number", number(n as f64));
                        args.set("count", number(moves.len() as u32));
                        self.say(&self.words.msg_with("lines-no-move", &args))?;
                    }
                }
            }
            Command::Pass if self.table.legal_moves().contains(&Move::Pass) => {
                self.play(Move::Pass)?
            }
            Command::Pass => self.say(&self.words.msg("play-no-pass"))?,
            Command::Save => self.save(true)?,
            Command::Quit => {
                if !self.table.is_saved() {
                    self.save(false)?;
                }
                self.say(&self.words.msg("lines-left"))?;
                return Ok(false);
            }
            question => {
                let last = self.table.last_thrower().zip(self.table.last_throw());
                let lines =
                    answer(&self.voice(Some(seat)), &pos, last, &question).unwrap_or_default();
                for line in lines {
                    self.say(&line)?;
                }
            }
        }
        Ok(true)
    }

    fn throw(&mut self) -> Result<()> {
        let before = *self.table.position();
        if let Some(happening) = self.table.human_throw() {
            self.say_happening(&before, &happening)?;
        }
        Ok(())
    }

    fn play(&mut self, mv: Move) -> Result<()> {
        let before = *self.table.position();
        match self.table.human_move(mv) {
            Ok(happening) => self.say_happening(&before, &happening),
            Err(_) => self.say(&self.words.msg("play-move-refused")),
        }
    }

    /// Writes the record; says where when `tell` (at the end of the game and on leaving, the
    /// command that started the game says it, with how to replay it).
    fn save(&mut self, tell: bool) -> Result<()> {
        let record = self.table.record_to_save();
        match write_record(&self.save_path, &record, self.table.rules(), self.words) {
            Ok(path) => {
                self.table.mark_saved();
                let mut args = Args::new();
                args.set("path", path.display().to_string());
                self.saved = Some(path);
                if tell {
                    self.say(&self.words.msg_with("lines-saved", &args))?;
                }
                Ok(())
            }
            Err(e) => {
                let mut args = Args::new();
                args.set("error", e);
                self.say(&self.words.msg_with("lines-save-failed", &args))
            }
        }
    }

    fn outcome(&self, finished: bool) -> PlayOutcome {
        let voice = self.voice(None);
        PlayOutcome {
            saved: self.saved.clone(),
            last_message: pachisi_learn::speak::result_line(&voice, self.table.position()),
            finished,
        }
    }
}
