//! The words players read, from message catalogues.
//!
//! Every sentence a player reads (how to play a ruleset, the guided first game, the terminal
//! game's legends and tips) is a message in a [Fluent](https://projectfluent.org) catalogue under
//! `locales/<language>/`, one file per concern. Code asks for a message by its id and gives the
//! values it needs ([`Words::msg`], [`Words::msg_with`]); plurals and grammar live in the
//! catalogue, not in code, so a translator changes a file and no program.
//!
//! English is the default and the fallback: a message missing from another language's catalogue
//! is said in English. The catalogues are compiled into the program, so a binary needs no files
//! beside it. Adding a language is a folder of `.ftl` files and one line in [`SHIPPED`]; the
//! tests list any message a shipped catalogue lacks.
//!
//! This crate holds only the catalogues and their lookup. What a message says about the game is
//! decided by the crate that asks for it (`pachisi-core` knows the rules, the front ends what
//! happened); this one only puts it into words.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentArgs as Args;

pub mod page;

/// The files of one language's catalogue, compiled in.
macro_rules! catalogue {
    ($lang:literal: $($file:literal),* $(,)?) => {
        ($lang, &[$(($file, include_str!(concat!("../locales/", $lang, "/", $file)))),*])
    };
}

/// Every shipped language: its tag and its catalogue's files (name, text). English comes first:
/// it is the default and the fallback.
pub const SHIPPED: &[(&str, &[(&str, &str)])] = &[
    catalogue!("en": "common.ftl", "rules.ftl", "learn.ftl", "terminal.ftl", "page.ftl", "access.ftl", "speak.ftl", "play.ftl"),
    catalogue!("hi": "common.ftl", "rules.ftl", "learn.ftl", "terminal.ftl", "page.ftl", "access.ftl", "speak.ftl", "play.ftl"),
    catalogue!("ta": "common.ftl", "rules.ftl", "learn.ftl", "terminal.ftl", "page.ftl", "access.ftl", "speak.ftl", "play.ftl"),
];

/// The language every message falls back to.
pub const ENGLISH: &str = "en";

/// One language's catalogue, with English behind it for what it lacks.
pub struct Words {
    lang: &'static str,
    bundle: FluentBundle<FluentResource>,
    ids: Vec<String>,
    problems: Vec<String>,
}

impl Words {
    fn load(lang: &'static str, files: &[(&str, &str)]) -> Words {
        let id: LanguageIdentifier = lang.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Unicode isolation marks around every value would break the widths of the terminal's
        // columns; the values put into sentences here are numbers and names of one direction.
        bundle.set_use_isolating(false);
        let mut ids = Vec::new();
        let mut problems = Vec::new();
        for (name, text) in files {
            let resource = match FluentResource::try_new((*text).to_string()) {
                Ok(resource) => resource,
                Err((resource, errors)) => {
                    problems.extend(errors.iter().map(|e| format!("{lang}/{name}: {e:?}")));
                    resource
                }
            };
            for entry in resource.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    ids.push(m.id.name.to_string());
                }
            }
            if let Err(errors) = bundle.add_resource(resource) {
                problems.extend(errors.iter().map(|e| format!("{lang}/{name}: {e:?}")));
            }
        }
        Words {
            lang,
            bundle,
            ids,
            problems,
        }
    }

    /// A catalogue read from `files` (name, text) rather than compiled in: a translation being
    /// written, or a test's own words. English stands behind it as behind every catalogue, and
    /// [`Words::problems`] says what could not be read.
    pub fn from_texts(lang: &'static str, files: &[(&str, &str)]) -> Words {
        Words::load(lang, files)
    }

    /// The language's tag (`en`, `hi`, `ta`).
    pub fn lang(&self) -> &'static str {
        self.lang
    }

    /// The ids of every message this catalogue holds itself (not those it borrows from English).
    pub fn ids(&self) -> &[String] {
        &self.ids
    }

    /// What was wrong in the catalogue's files when they were read (none in a shipped catalogue:
    /// a test checks).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Whether this catalogue holds the message itself.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id`, which takes no values.
    pub fn msg(&self, id: &str) -> String {
        self.msg_with(id, &Args::new())
    }

    /// The message `id` with its values (`{ $count }` in the catalogue is `args.set("count", 3)`).
    /// A message this language lacks is said in English; one that no catalogue holds is shown
    /// as its id in brackets, so that it is seen and fixed rather than silently empty.
    pub fn msg_with(&self, id: &str, args: &Args) -> String {
        match self.format(id, args) {
            Some(text) => text,
            None if self.lang != ENGLISH => english().msg_with(id, args),
            None => format!("[{id}]"),
        }
    }

    /// A seat's colour as the rulesets name it (`yellow`), as a name in a sentence (`Yellow`). A
    /// colour the catalogue does not know is shown as the ruleset wrote it, capitalised.
    pub fn colour(&self, colour: &str) -> String {
        match colour {
            "yellow" => self.msg("colour-yellow"),
            "green" => self.msg("colour-green"),
            "black" => self.msg("colour-black"),
            "red" => self.msg("colour-red"),
            "blue" => self.msg("colour-blue"),
            other => {
                let mut chars = other.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_uppercase().chain(chars).collect()
                })
            }
        }
    }

    /// A ruleset's title in this language (`ruleset-title`): the catalogue's own for the ruleset
    /// named `name` where it has one, else `title`, the one the ruleset gives itself.
    pub fn ruleset_title(&self, name: &str, title: &str) -> String {
        let mut args = Args::new();
        args.set("name", name.to_string());
        args.set("title", title.to_string());
        self.msg_with("ruleset-title", &args)
    }

    /// The message `id` in this catalogue alone, with what went wrong in formatting it (a value
    /// it needs and was not given): for tests.
    pub fn check(&self, id: &str, args: &Args) -> Result<String, String> {
        let message = self
            .bundle
            .get_message(id)
            .ok_or_else(|| format!("no message {id} in {}", self.lang))?;
        let pattern = message
            .value()
            .ok_or_else(|| format!("message {id} in {} has no value", self.lang))?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(args), &mut errors);
        if errors.is_empty() {
            Ok(text.into_owned())
        } else {
            Err(format!("{id} in {}: {errors:?}", self.lang))
        }
    }

    fn format(&self, id: &str, args: &Args) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(args), &mut errors);
        Some(text.into_owned())
    }
}

impl Words {
    /// This catalogue for a game of the ruleset family `family` (`pachisi`, `parcheesi` or
    /// `ludo`): see [`FamilyWords`].
    pub fn for_family(&self, family: &'static str) -> FamilyWords<'_> {
        FamilyWords {
            words: self,
            family,
        }
    }
}

/// A catalogue for a game of one family of rulesets: every message it says is given the value
/// `$family` (`pachisi`, `parcheesi` or `ludo`), by which the messages that speak of pieces
/// choose their word, as the page's do: Pachisi's pieces, Parcheesi's pawns, Ludo's tokens. A
/// language with one word for all three simply leaves the value unused.
#[derive(Clone, Copy)]
pub struct FamilyWords<'a> {
    words: &'a Words,
    family: &'static str,
}

impl<'a> FamilyWords<'a> {
    /// The catalogue itself.
    pub fn words(&self) -> &'a Words {
        self.words
    }

    /// The family's name.
    pub fn family(&self) -> &'static str {
        self.family
    }

    /// The language's tag.
    pub fn lang(&self) -> &'static str {
        self.words.lang()
    }

    /// The message `id`, given only the family.
    pub fn msg(&self, id: &str) -> String {
        self.msg_with(id, &Args::new())
    }

    /// The message `id` with its values and the family ([`Words::msg_with`]); a `family` among
    /// `args` is kept.
    pub fn msg_with(&self, id: &str, args: &Args) -> String {
        let mut all = Args::with_capacity(args.iter().count() + 1);
        for (name, value) in args.iter() {
            all.set(name, value.clone());
        }
        if args.get("family").is_none() {
            all.set("family", self.family);
        }
        self.words.msg_with(id, &all)
    }

    /// A seat's colour as a name in a sentence ([`Words::colour`]).
    pub fn colour(&self, colour: &str) -> String {
        self.words.colour(colour)
    }

    /// A ruleset's title in this language ([`Words::ruleset_title`]).
    pub fn ruleset_title(&self, name: &str, title: &str) -> String {
        self.words.ruleset_title(name, title)
    }
}

fn catalogues() -> &'static [Words] {
    static CATALOGUES: OnceLock<Vec<Words>> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(lang, files)| Words::load(lang, files))
            .collect()
    })
}

/// The English catalogue.
pub fn english() -> &'static Words {
    // SHIPPED starts with English, so the list is never empty.
    &catalogues()[0]
}

/// The catalogue for a language tag as a browser or a terminal gives it (`hi`, `ta-IN`,
/// `en_GB.UTF-8`): the shipped language of the same primary tag, or English.
pub fn words(tag: &str) -> &'static Words {
    let primary = primary_tag(tag);
    catalogues()
        .iter()
        .find(|w| w.lang == primary)
        .unwrap_or_else(english)
}

/// Whether a language of this tag is shipped.
pub fn is_shipped(tag: &str) -> bool {
    let primary = primary_tag(tag);
    SHIPPED.iter().any(|(lang, _)| *lang == primary)
}

/// The first shipped language of a browser's `Accept-Language` header, in the order of its
/// weights; English when none is shipped.
pub fn from_accept_language(header: &str) -> &'static Words {
    let mut wanted: Vec<(f32, usize, &str)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, part)| {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next()?.trim();
            let weight = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            (!tag.is_empty() && weight > 0.0).then_some((weight, i, tag))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    wanted
        .iter()
        .find(|(_, _, tag)| is_shipped(tag))
        .map(|(_, _, tag)| words(tag))
        .unwrap_or_else(english)
}

/// The language the environment asks for: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as the
/// C library reads them (`C` and `POSIX` mean English).
pub fn from_environment() -> &'static Words {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Ok(value) = std::env::var(name) {
            if !value.is_empty() {
                return words(&value);
            }
        }
    }
    english()
}

/// `hi` of `hi-IN`, `hi_IN.UTF-8` or `HI`.
fn primary_tag(tag: &str) -> String {
    tag.split(['-', '_', '.', '@'])
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// A number as a message's value.
pub fn number(n: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(n.into())
}

#[cfg(test)]
mod tests;
