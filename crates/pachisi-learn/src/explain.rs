//! How to play a ruleset, in plain words made from the ruleset itself.
//!
//! [`explain`] reads a compiled [`Rules`] and says what each of its rules means for a player:
//! who plays, the throw with the chance of every value, how a turn goes, doublets, entering,
//! the route, castles, captures, moving and the end, with a figure of one seat's route. The
//! result is structured ([`Explanation`]: sections of paragraphs, tables and a figure) so that
//! each front end shows it in its own way: [`render::text`] for the terminal
//! (`pachisi rules explain`), [`render::html`] for the page `/rules/NAME`. [`summary`] is the
//! short description of the new-game form and `/api/rulesets`.
//!
//! This module owns what is said and in what order; every sentence comes from the catalogue
//! (`rules.ftl` of `pachisi-words`), which owns the wording, plurals and grammar, and names the
//! pieces by the ruleset's family (every message is given `$family`). The ruleset's
//! field names and the codes of its source documents stay in docs/rules.md and `rules show`:
//! nothing here prints them, and [`leaks`] finds them in a text, for the tests of every front end.
//!
//! The parts: `players.rs` (who plays, the throw, the turn, doublets), `track.rs` (entering, the
//! route, castles), `start.rs` (where pieces begin, for those that begin on the board),
//! `contest.rs` (captures, moving, the end), [`figure`] (the route on the board), [`render`]
//! (text and HTML) and [`leaks`].

use crate::speak::family_words;
use pachisi_core::ruleset::{Device, StartArea};
use pachisi_core::topology::Direction;
use pachisi_core::Rules;
use pachisi_words::{number, Args, FamilyWords, Words};

mod contest;
pub mod figure;
pub mod leaks;
mod players;
pub mod render;
mod start;
mod track;

pub use figure::RouteFigure;

/// How to play a ruleset: its title, where it comes from, and its sections in the order a
/// player needs them.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// The heading of the whole: "How to play Pachisi, six cowries".
    pub title: String,
    /// The short description ([`summary`]).
    pub summary: String,
    /// The sentence naming the document the rules follow; empty for a ruleset of unknown
    /// origin.
    pub source: String,
    /// The sections.
    pub sections: Vec<Section>,
}

/// One part of the rules, under a heading.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    /// A stable name for links and styles (`throw`, `route`), never shown as words.
    pub id: &'static str,
    /// The heading.
    pub heading: String,
    /// What the section says, in order.
    pub blocks: Vec<Block>,
}

/// A piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A paragraph of one or more sentences.
    Paragraph(String),
    /// A table.
    Table(Table),
    /// The figure of a seat's route on the board.
    Figure(RouteFigure),
}

/// A table with a caption, a row of headings and rows of cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// What the table shows.
    pub caption: String,
    /// The headings of the columns.
    pub headings: Vec<String>,
    /// The rows, each as many cells as there are headings.
    pub rows: Vec<Vec<String>>,
}

impl Section {
    fn new(id: &'static str, heading: String) -> Section {
        Section {
            id,
            heading,
            blocks: Vec::new(),
        }
    }

    /// Adds a paragraph of the sentences given, the empty ones left out; none when all are.
    fn say(&mut self, sentences: Vec<String>) {
        let text: Vec<String> = sentences.into_iter().filter(|s| !s.is_empty()).collect();
        if !text.is_empty() {
            self.blocks.push(Block::Paragraph(text.join(" ")));
        }
    }
}

/// How to play `rules`, in the language of `words`.
pub fn explain(rules: &Rules, words: &Words) -> Explanation {
    let words = &family_words(words, rules);
    let ruleset = rules.ruleset();
    let mut args = Args::new();
    args.set("title", words.ruleset_title(&ruleset.name, &ruleset.title));
    let sections = [
        players::players(rules, words),
        players::throw(rules, words),
        players::turn(rules, words),
        players::doublets(rules, words),
        track::entry(rules, words),
        track::route(rules, words),
        track::castles(rules, words),
        contest::captures(rules, words),
        contest::moving(rules, words),
        contest::end(rules, words),
    ];
    Explanation {
        title: words.msg_with("explain-title", &args),
        summary: summary(rules, words.words()),
        source: source_line(rules, words),
        sections: sections
            .into_iter()
            .filter(|s| !s.blocks.is_empty())
            .collect(),
    }
}

/// Two or three sentences that tell the rulesets apart, for the new-game form: who plays with
/// what, how a piece comes in and how far it goes, and where the rules come from.
pub fn summary(rules: &Rules, words: &Words) -> String {
    let words = &family_words(words, rules);
    let r = rules.ruleset();
    let mut args = Args::new();
    args.set("seats", number(rules.seats()));
    args.set("pieces", number(rules.pieces()));
    args.set("teams", number(team_count(rules)));
    args.set("device", device_words(rules, words));
    let who = words.msg_with("summary-who", &args);
    let mut args = Args::new();
    args.set("start", start_key(rules));
    args.set("goal", goal_key(rules));
    args.set("route", number(rules.route_len()));
    let enter = match r.moves.entry {
        _ if start::none_waits(rules) => words.msg("summary-enter-board"),
        pachisi_core::ruleset::Entry::Grace => {
            args.set("graces", list_or(words, &values(&grace_values(rules))));
            words.msg_with("summary-enter-grace", &args)
        }
        pachisi_core::ruleset::Entry::Free => words.msg_with("summary-enter-free", &args),
    };
    let mut said = vec![who, enter];
    let source = source(rules, words.words());
    if !source.is_empty() {
        let mut args = Args::new();
        args.set("source", source);
        said.push(words.msg_with("summary-source", &args));
    }
    said.join(" ")
}

/// The document the rules follow, named in words (the article, Humphries' record, an edition of
/// Parcheesi, a rule book, another program, a historian's account of an older game of the
/// family); empty where the ruleset names no document known here, since what it names might be
/// a code.
pub fn source(rules: &Rules, words: &Words) -> String {
    let code = rules.ruleset().source.trim();
    let edition = code
        .split_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(e, _)| e.trim());
    match (code.get(..3), edition) {
        (Some("000"), _) => words.msg("source-article"),
        (Some("001"), _) => words.msg("source-humphries"),
        (Some("002"), _) => words.msg("source-herklots"),
        (Some("003"), Some("SR")) => words.msg("source-parcheesi-sr"),
        (Some("003"), Some("PB")) => words.msg("source-parcheesi-pb"),
        (Some("003"), Some("MB")) => words.msg("source-parcheesi-mb"),
        (Some("003"), Some("TR")) => words.msg("source-parcheesi-tr"),
        (Some("003"), _) => words.msg("source-parcheesi"),
        (Some("004"), _) => words.msg("source-encyclopedia"),
        _ if code.starts_with("Ludo rule book") => words.msg("source-ludo"),
        _ if code.starts_with("OpenSpiel") => words.msg("source-openspiel"),
        _ if code.starts_with("LUDOpy") => words.msg("source-ludopy"),
        _ if code.starts_with("Abu'l Fazl") => words.msg("source-abul-fazl"),
        _ if code.starts_with("Snouck Hurgronje") => words.msg("source-snouck-hurgronje"),
        _ if code.starts_with("Parker 1909") => words.msg("source-parker"),
        _ if code.starts_with("Bell 1960") => words.msg("source-bell"),
        _ if code.starts_with("Falkener 1892") => words.msg("source-falkener"),
        _ if code.starts_with("Vasantha 2006") => words.msg("source-vasantha"),
        _ => String::new(),
    }
}

/// "These rules follow ...", or nothing where the document is not known here.
fn source_line(rules: &Rules, words: &FamilyWords) -> String {
    let source = source(rules, words.words());
    if source.is_empty() {
        return source;
    }
    let mut args = Args::new();
    args.set("source", source);
    words.msg_with("source-line", &args)
}

/// The number of sides: teams of partners, or seats playing alone.
fn team_count(rules: &Rules) -> u8 {
    if rules.ruleset().players.teams.is_empty() {
        0
    } else {
        rules.teams()
    }
}

/// "six cowrie shells", "one die", "two dice".
fn device_words(rules: &Rules, words: &FamilyWords) -> String {
    let t = &rules.ruleset().throw;
    let mut args = Args::new();
    match t.device {
        Device::Cowries => {
            args.set("count", number(t.shells.unwrap_or(0)));
            words.msg_with("device-cowries", &args)
        }
        Device::Dice => {
            args.set("count", number(t.dice.unwrap_or(1)));
            words.msg_with("device-dice", &args)
        }
    }
}

/// `charkoni` or `nest`: the selector the catalogue's messages take for where pieces wait.
fn start_key(rules: &Rules) -> &'static str {
    match rules.ruleset().board.start {
        StartArea::Charkoni => "charkoni",
        StartArea::Nest => "nest",
    }
}

/// `counterclockwise` or `clockwise`: the selector the catalogue's messages take.
fn direction_key(rules: &Rules) -> &'static str {
    match rules.ruleset().board.direction {
        Direction::Counterclockwise => "counterclockwise",
        Direction::Clockwise => "clockwise",
    }
}

/// `home` or `lane`: where pieces finish, as the catalogue's messages select it.
fn goal_key(rules: &Rules) -> &'static str {
    if rules.goal_in_lane() {
        "lane"
    } else {
        "home"
    }
}

/// The values that bring a piece in, smallest first.
fn grace_values(rules: &Rules) -> Vec<u8> {
    let mut out = rules.ruleset().throw.grace.clone();
    out.sort_unstable();
    out.dedup();
    out
}

/// Numbers as words for a list.
fn values(values: &[u8]) -> Vec<String> {
    values.iter().map(u8::to_string).collect()
}

/// Items joined as a list ending in "or": "6, 10 or 25".
fn list_or(words: &FamilyWords, items: &[String]) -> String {
    join(words, items, false)
}

/// Items joined as a list ending in "and": "Yellow, Green and Black".
fn list_and(words: &FamilyWords, items: &[String]) -> String {
    join(words, items, true)
}

fn join(words: &FamilyWords, items: &[String], and: bool) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => {
            let mut args = Args::new();
            args.set("head", head.join(&words.msg("list-comma")));
            args.set("last", last.clone());
            if and {
                words.msg_with("list-and", &args)
            } else {
                words.msg_with("list-or", &args)
            }
        }
    }
}

/// A seat's colour as a player reads it.
fn colour(rules: &Rules, words: &FamilyWords, seat: u8) -> String {
    match rules.seat_colour(seat) {
        "yellow" => words.msg("colour-yellow"),
        "green" => words.msg("colour-green"),
        "black" => words.msg("colour-black"),
        "red" => words.msg("colour-red"),
        "blue" => words.msg("colour-blue"),
        "orange" => words.msg("colour-orange"),
        "white" => words.msg("colour-white"),
        other => {
            // A colour no catalogue knows is shown as the ruleset writes it, capitalised.
            let mut chars = other.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_uppercase().chain(chars).collect::<String>()
            })
        }
    }
}

/// A probability as a player reads it: "1 in 64 (1.6%)", or where it is no simple fraction
/// (shells that do not fall evenly) a percentage alone.
fn chance(words: &FamilyWords, p: f64) -> String {
    let percent = (p * 1000.0).round() / 10.0;
    let mut args = Args::new();
    args.set("percent", number(percent));
    match fraction(p) {
        Some((1, 1)) => words.msg("chance-certain"),
        Some((num, den)) => {
            args.set("num", number(num));
            args.set("den", number(den));
            words.msg_with("chance-fraction", &args)
        }
        None => words.msg_with("chance-percent", &args),
    }
}

/// `p` as a fraction in lowest terms with a denominator up to 1296 (the throws of up to ten
/// even shells, or of up to four dice), if it is one. Larger denominators read no better than a
/// percentage.
fn fraction(p: f64) -> Option<(u32, u32)> {
    (1..=1296u32).find_map(|den| {
        let num = p * f64::from(den);
        let rounded = num.round();
        ((num - rounded).abs() < 1e-9 && rounded >= 1.0).then_some((rounded as u32, den))
    })
}

#[cfg(test)]
mod tests;
