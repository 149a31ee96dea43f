//! The guided first game: short steps on the real board with the real engine.
//!
//! A [`Tour`] is a list of [`Step`]s for one ruleset. Each step is a position prepared so that
//! one point of the rules shows (a grace brings a piece in, a castle protects, passing is
//! sometimes wise), the throw the player will make in it, and the moves that answer it. A
//! [`Lesson`] walks a tour: the player throws, then makes a move; a move the step asks for is
//! played and praised, any other is refused with the reason, and the position stays as it was.
//!
//! The steps are data, checked by the tests against the engine: every position reads, every
//! prepared throw is a throw of the rules, and every move a step names is legal after it. Every
//! sentence is a message of `locales/*/learn.ftl`, with the words of the document the step
//! teaches from.

use crate::speak::{why_not_lines, Voice};
use pachisi_core::{builtin_rules, Move, Phase, Position, Rules, Throw, ThrowName};
use pachisi_words::{number, Args, Words};

mod data;

pub use data::TOURS;

/// One step of a tour.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// The step's name, unique in its tour (`grace`, `capture`).
    pub key: &'static str,
    /// The prepared position, in position notation (docs/notation.md), the player to throw or
    /// to move.
    pub position: &'static str,
    /// The throw the player makes when the position asks for one, by name (`10`, `5-3`).
    pub throw: Option<&'static str>,
    /// The moves that answer the step, in move notation (`E10`, `10+3`, `-` to pass).
    pub answers: &'static [&'static str],
    /// Moves the engine allows that the step does not ask for, each with the message that says
    /// why another move is better. A legal move not listed gets the step's `wrong` message.
    pub wrong: &'static [(&'static str, &'static str)],
    /// The messages of the step: its title, what to do before the throw, what to do after it,
    /// what a wrong move is told when `wrong` has nothing more precise, the praise of the
    /// answer, and the words of the source it teaches from.
    pub text: StepText,
}

/// The messages of one step, by id in the learn catalogue.
#[derive(Clone, Copy, Debug)]
pub struct StepText {
    /// A few words naming the step.
    pub title: &'static str,
    /// What the player is asked to do first.
    pub task: &'static str,
    /// What the player is told once the throw is made (for steps with a throw).
    pub thrown: Option<&'static str>,
    /// What any other legal move is told.
    pub wrong: &'static str,
    /// What the answer is told.
    pub done: &'static str,
    /// The source the step teaches from, quoted and named.
    pub source: &'static str,
}

/// A tour of one ruleset.
#[derive(Debug)]
pub struct Tour {
    /// The tour's name, as `pachisi learn` and `/learn` take it.
    pub name: &'static str,
    /// The built-in ruleset it plays.
    pub ruleset: &'static str,
    /// The message that introduces the tour (how the game differs from what the player knows).
    pub intro: &'static str,
    /// The message that ends it.
    pub outro: &'static str,
    /// Its steps, in order.
    pub steps: &'static [Step],
}

/// The tour of this name.
pub fn tour(name: &str) -> Option<&'static Tour> {
    TOURS.iter().find(|t| t.name == name)
}

/// The tours' names, separated by commas, for error messages.
pub fn tour_names() -> String {
    TOURS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
}

/// What went wrong in starting or walking a tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnError {
    /// No tour has this name.
    UnknownTour(String),
    /// The tour has no step of this number.
    NoSuchStep(usize),
    /// The tour's data does not fit the engine (the tests prevent it).
    BadStep(String),
    /// An action the step cannot take now (a move before the throw, a throw when none is due).
    NotNow(&'static str),
}

impl std::fmt::Display for LearnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LearnError::UnknownTour(name) => {
                write!(
                    f,
                    "no tour is called {name:?}: the tours are {}",
                    tour_names()
                )
            }
            LearnError::NoSuchStep(n) => write!(f, "the tour has no step {}", n + 1),
            LearnError::BadStep(why) => write!(f, "the step does not fit the rules: {why}"),
            LearnError::NotNow(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for LearnError {}

/// Where a step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player is to throw.
    Throw,
    /// The player is to move.
    Move,
    /// The step is answered; the next one may begin.
    Done,
}

/// What an action in a step led to, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The throw was made: what it is, and what to do now.
    Thrown(String),
    /// The move answers the step; it was played.
    Right(String),
    /// The move is refused, with the reason; the position is unchanged.
    Wrong(String),
}

impl Feedback {
    /// The words of the feedback.
    pub fn text(&self) -> &str {
        match self {
            Feedback::Thrown(t) | Feedback::Right(t) | Feedback::Wrong(t) => t,
        }
    }
}

/// A tour being walked: its rules, the step, the position on the board.
#[derive(Clone, Debug)]
pub struct Lesson {
    tour: &'static Tour,
    rules: Rules,
    step: usize,
    position: Position,
    stage: Stage,
    last_throw: Option<Throw>,
    player: u8,
}

impl Lesson {
    /// The tour of this name, at its first step.
    pub fn new(name: &str) -> Result<Lesson, LearnError> {
        Lesson::at(name, 0)
    }

    /// The tour of this name, at step `index` (from 0), as it stands before the player acts.
    pub fn at(name: &str, index: usize) -> Result<Lesson, LearnError> {
        let tour = tour(name).ok_or_else(|| LearnError::UnknownTour(name.to_string()))?;
        let rules = builtin_rules(tour.ruleset, &[])
            .map_err(|e| LearnError::BadStep(format!("{}: {e}", tour.ruleset)))?;
        let mut lesson = Lesson {
            tour,
            position: Position::new(&rules),
            rules,
            step: index,
            stage: Stage::Throw,
            last_throw: None,
            player: 0,
        };
        lesson.begin(index)?;
        Ok(lesson)
    }

    fn begin(&mut self, index: usize) -> Result<(), LearnError> {
        let step = self
            .tour
            .steps
            .get(index)
            .ok_or(LearnError::NoSuchStep(index))?;
        self.position = step_position(&self.rules, step)?;
        self.step = index;
        self.last_throw = None;
        self.player = self.position.to_move();
        self.stage = match self.position.phase() {
            Phase::Throw => Stage::Throw,
            Phase::Move => Stage::Move,
            Phase::Over => return Err(LearnError::BadStep(format!("{}: game over", step.key))),
        };
        Ok(())
    }

    /// The tour.
    pub fn tour(&self) -> &'static Tour {
        self.tour
    }

    /// The rules the tour plays.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The number of the step (from 0).
    pub fn index(&self) -> usize {
        self.step
    }

    /// The step.
    pub fn step(&self) -> &'static Step {
        &self.tour.steps[self.step]
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player's seat: the seat to act when the step begins.
    pub fn player(&self) -> u8 {
        self.player
    }

    /// Where the step stands.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The throw made in this step, once made.
    pub fn last_throw(&self) -> Option<Throw> {
        self.last_throw
    }

    /// Whether this is the tour's last step.
    pub fn is_last(&self) -> bool {
        self.step + 1 == self.tour.steps.len()
    }

    /// The moves the player may choose from now (none before the throw or once answered).
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.stage {
            Stage::Move => self.position.legal_moves(&self.rules),
            Stage::Throw | Stage::Done => Vec::new(),
        }
    }

    /// What the player is asked to do now, in words.
    pub fn task(&self, words: &Words) -> String {
        let text = self.step().text;
        match (self.stage, text.thrown) {
            (Stage::Move, Some(thrown)) if self.last_throw.is_some() => words.msg(thrown),
            (Stage::Done, _) => words.msg(text.done),
            _ => words.msg(text.task),
        }
    }

    /// Makes the step's prepared throw.
    pub fn throw(&mut self, words: &Words) -> Result<Feedback, LearnError> {
        if self.stage != Stage::Throw {
            return Err(LearnError::NotNow("no throw is due: make a move"));
        }
        let step = self.step();
        let throw = step_throw(&self.rules, step)?;
        self.position
            .apply_throw(&self.rules, throw)
            .map_err(|e| LearnError::BadStep(format!("{}: {e}", step.key)))?;
        self.last_throw = Some(throw);
        self.stage = Stage::Move;
        let said = throw_said(&self.rules, throw, words);
        Ok(Feedback::Thrown(format!("{said} {}", self.task(words))))
    }

    /// Plays `mv` if it answers the step; otherwise says why not and leaves the board as it is.
    pub fn play(&mut self, mv: Move, words: &Words) -> Result<Feedback, LearnError> {
        match self.stage {
            Stage::Throw => return Err(LearnError::NotNow("throw first")),
            Stage::Done => return Err(LearnError::NotNow("this step is done: go on")),
            Stage::Move => {}
        }
        let step = self.step();
        let legal = self.position.legal_moves(&self.rules);
        if !legal.contains(&mv) {
            return Ok(Feedback::Wrong(self.not_allowed(words)));
        }
        if step.answers.iter().any(|a| parse_move(a) == Some(mv)) {
            self.position
                .play(&self.rules, mv)
                .map_err(|e| LearnError::BadStep(format!("{}: {e}", step.key)))?;
            self.stage = Stage::Done;
            return Ok(Feedback::Right(words.msg(step.text.done)));
        }
        let why = step
            .wrong
            .iter()
            .find(|(m, _)| parse_move(m) == Some(mv))
            .map(|(_, id)| *id)
            .unwrap_or(step.text.wrong);
        Ok(Feedback::Wrong(words.msg(why)))
    }

    /// Why the player's pieces cannot make the move they tried: the engine's refusals in the
    /// player's words (`speak::why_not_lines`, as `why` says them in a game).
    fn not_allowed(&self, words: &Words) -> String {
        let voice = Voice::new(words, &self.rules, Some(self.position.to_move()));
        let reasons = why_not_lines(&voice, &self.position);
        let mut args = Args::new();
        args.set("reasons", reasons.join(" "));
        words.msg_with("learn-not-allowed", &args)
    }

    /// Goes on to the next step; false at the end of the tour or before the step is answered.
    pub fn next_step(&mut self) -> Result<bool, LearnError> {
        if self.stage != Stage::Done || self.is_last() {
            return Ok(false);
        }
        self.begin(self.step + 1)?;
        Ok(true)
    }

    /// Starts the step again from its prepared position.
    pub fn restart_step(&mut self) -> Result<(), LearnError> {
        self.begin(self.step)
    }
}

/// A move written in notation, or `None` (the tests check every move the data names).
pub fn parse_move(text: &str) -> Option<Move> {
    text.parse().ok()
}

fn step_position(rules: &Rules, step: &Step) -> Result<Position, LearnError> {
    Position::from_notation(rules, step.position)
        .map_err(|e| LearnError::BadStep(format!("{}: {e}", step.key)))
}

fn step_throw(rules: &Rules, step: &Step) -> Result<Throw, LearnError> {
    let name = step
        .throw
        .ok_or_else(|| LearnError::BadStep(format!("{}: no throw prepared", step.key)))?;
    let parsed: ThrowName = name
        .parse()
        .map_err(|_| LearnError::BadStep(format!("{}: throw {name}", step.key)))?;
    rules
        .throw_by_name(parsed)
        .ok_or_else(|| LearnError::BadStep(format!("{}: no throw {name}", step.key)))
}

/// A throw in words: how the cowries fell or what the dice show, its value, and whether it is a
/// grace or throws again.
pub fn throw_said(rules: &Rules, throw: Throw, words: &Words) -> String {
    let o = rules.outcome(throw);
    let mut args = Args::new();
    args.set("value", number(o.value));
    let what = if rules.ruleset().throw.shells.is_some() {
        args.set("up", number(o.result));
        words.msg_with("learn-threw-cowries", &args)
    } else if o.dice[0] != 0 {
        args.set("first", number(o.dice[0]));
        args.set("second", number(o.dice[1]));
        args.set("third", number(o.dice[2]));
        let id = if o.dice[2] == 0 {
            "learn-threw-dice"
        } else {
            "learn-threw-three-dice"
        };
        words.msg_with(id, &args)
    } else {
        words.msg_with("learn-threw-die", &args)
    };
    let mut said = vec![what];
    if o.grace {
        said.push(words.msg("learn-threw-grace"));
    }
    if o.extra_throw {
        said.push(words.msg("learn-threw-again"));
    }
    said.join(" ")
}

#[cfg(test)]
mod tests;
