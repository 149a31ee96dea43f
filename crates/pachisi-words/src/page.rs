//! The catalogues as the page's script reads them.
//!
//! The page (of `pachisi serve`) says its sentences from the same catalogues as the terminal:
//! the server sends, with the page, the messages of the files the page uses, each compiled into
//! parts a few lines of script put together (`web/js/i18n.js`):
//!
//! - a string is text;
//! - `{"v": "count"}` is the value `count`;
//! - `{"s": "count", "o": {"one": [..], "other": [..]}, "d": "other"}` chooses by a value: the
//!   variant of its exact value, else (for a number) of its plural category in the language
//!   (the browser's `Intl.PluralRules`), else the default `d`.
//!
//! References to other messages and terms are put in place here, so the page needs nothing
//! but values. A message the language lacks is sent in English, as [`crate::Words`] falls back.

use crate::{ENGLISH, SHIPPED};
use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use fluent_syntax::unicode::unescape_unicode_to_string;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// One part of a compiled message.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Part {
    /// Text as it is.
    Text(String),
    /// A value given by the script.
    Value {
        /// The value's name.
        v: String,
    },
    /// A choice among variants by a value.
    Choice {
        /// The value chosen by.
        s: String,
        /// Each variant's key and parts.
        o: BTreeMap<String, Vec<Part>>,
        /// The default variant's key.
        d: String,
    },
}

/// The catalogue files the page's script and HTML read: a message the page says is in one of
/// these.
pub const PAGE_FILES: &[&str] = &["common.ftl", "page.ftl", "access.ftl"];

/// The patterns of one language's files, messages and terms (terms as `-name`).
struct Patterns {
    entries: HashMap<String, Pattern<&'static str>>,
}

impl Patterns {
    fn of(lang: &str, files: Option<&[&str]>) -> Patterns {
        let mut entries = HashMap::new();
        let Some((_, shipped)) = SHIPPED.iter().find(|(l, _)| *l == lang) else {
            return Patterns { entries };
        };
        for (name, text) in shipped.iter() {
            if files.is_some_and(|files| !files.contains(name)) {
                continue;
            }
            // A file with errors is still read for what parses: the catalogue's tests fail on
            // the errors themselves.
            let resource = match fluent_syntax::parser::parse(*text) {
                Ok(resource) => resource,
                Err((resource, _)) => resource,
            };
            for entry in resource.body {
                match entry {
                    Entry::Message(m) => {
                        if let Some(value) = m.value {
                            entries.insert(m.id.name.to_string(), value);
                        }
                    }
                    Entry::Term(t) => {
                        entries.insert(format!("-{}", t.id.name), t.value);
                    }
                    _ => {}
                }
            }
        }
        Patterns { entries }
    }
}

/// The messages of `files` (by file name, such as `page.ftl`) in language `lang`, compiled for
/// the page: every message English has in those files, in `lang` where it has it and in English
/// where it lacks it. References reach into all of the language's files.
pub fn catalogue(lang: &str, files: &[&str]) -> BTreeMap<String, Vec<Part>> {
    let english_files = Patterns::of(ENGLISH, Some(files));
    let english_all = Patterns::of(ENGLISH, None);
    let own_all = Patterns::of(lang, None);
    let mut out = BTreeMap::new();
    for id in english_files
        .entries
        .keys()
        .filter(|id| !id.starts_with('-'))
    {
        let (pattern, lookup) = match own_all.entries.get(id) {
            Some(pattern) => (pattern, &own_all),
            None => (&english_files.entries[id], &english_all),
        };
        let mut parts = Vec::new();
        compile(pattern, lookup, &english_all, 0, &mut parts);
        out.insert(id.clone(), joined(parts));
    }
    out
}

/// How deep references may nest (a catalogue's cycle would otherwise never end).
const DEPTH: usize = 8;

fn compile(
    pattern: &Pattern<&str>,
    own: &Patterns,
    english: &Patterns,
    depth: usize,
    out: &mut Vec<Part>,
) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => out.push(Part::Text((*value).to_string())),
            PatternElement::Placeable { expression } => {
                expression_parts(expression, own, english, depth, out)
            }
        }
    }
}

fn expression_parts(
    expression: &Expression<&str>,
    own: &Patterns,
    english: &Patterns,
    depth: usize,
    out: &mut Vec<Part>,
) {
    match expression {
        Expression::Inline(inline) => inline_parts(inline, own, english, depth, out),
        Expression::Select { selector, variants } => {
            let Some(s) = value_name(selector) else {
                // A choice by anything but a value (a literal) always takes its default.
                if let Some(v) = variants.iter().find(|v| v.default) {
                    compile(&v.value, own, english, depth, out);
                }
                return;
            };
            let mut o = BTreeMap::new();
            let mut d = String::new();
            for variant in variants {
                let key = match &variant.key {
                    VariantKey::Identifier { name } => (*name).to_string(),
                    VariantKey::NumberLiteral { value } => (*value).to_string(),
                };
                if variant.default {
                    d = key.clone();
                }
                let mut parts = Vec::new();
                compile(&variant.value, own, english, depth, &mut parts);
                o.insert(key, joined(parts));
            }
            out.push(Part::Choice { s, o, d });
        }
    }
}

/// The value a choice or a function (`NUMBER($n)`) is made of.
fn value_name(inline: &InlineExpression<&str>) -> Option<String> {
    match inline {
        InlineExpression::VariableReference { id } => Some(id.name.to_string()),
        InlineExpression::FunctionReference { arguments, .. } => {
            arguments.positional.first().and_then(value_name)
        }
        _ => None,
    }
}

fn inline_parts(
    inline: &InlineExpression<&str>,
    own: &Patterns,
    english: &Patterns,
    depth: usize,
    out: &mut Vec<Part>,
) {
    match inline {
        InlineExpression::StringLiteral { value } => {
            out.push(Part::Text(unescape_unicode_to_string(value).into_owned()))
        }
        InlineExpression::NumberLiteral { value } => out.push(Part::Text((*value).to_string())),
        InlineExpression::VariableReference { .. } | InlineExpression::FunctionReference { .. } => {
            if let Some(v) = value_name(inline) {
                out.push(Part::Value { v });
            }
        }
        InlineExpression::MessageReference { id, .. } => {
            reference(id.name.to_string(), own, english, depth, out)
        }
        InlineExpression::TermReference { id, .. } => {
            reference(format!("-{}", id.name), own, english, depth, out)
        }
        InlineExpression::Placeable { expression } => {
            expression_parts(expression, own, english, depth, out)
        }
    }
}

fn reference(key: String, own: &Patterns, english: &Patterns, depth: usize, out: &mut Vec<Part>) {
    if depth >= DEPTH {
        return;
    }
    if let Some(pattern) = own.entries.get(&key) {
        compile(pattern, own, english, depth + 1, out);
    } else if let Some(pattern) = english.entries.get(&key) {
        compile(pattern, english, english, depth + 1, out);
    }
}

/// Adjacent texts as one.
fn joined(parts: Vec<Part>) -> Vec<Part> {
    let mut out: Vec<Part> = Vec::with_capacity(parts.len());
    for part in parts {
        match (out.last_mut(), part) {
            (Some(Part::Text(text)), Part::Text(more)) => text.push_str(&more),
            (_, part) => out.push(part),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalogue_for_the_page_holds_plain_text_values_and_choices() {
        let messages = catalogue(ENGLISH, &["common.ftl"]);
        assert_eq!(messages["colour-red"], vec![Part::Text("Red".to_string())]);
        let Some([Part::Choice { s, o, d }]) = messages.get("pieces").map(Vec::as_slice) else {
            panic!("pieces is not one choice: {:?}", messages.get("pieces"));
        };
        assert_eq!((s.as_str(), d.as_str()), ("count", "other"));
        assert_eq!(o["one"], vec![Part::Text("one piece".to_string())]);
        assert_eq!(
            o["other"],
            vec![
                Part::Value {
                    v: "count".to_string()
                },
                Part::Text(" pieces".to_string())
            ]
        );
        let json = serde_json::to_string(&messages["pieces"]).unwrap_or_default();
        assert!(
            json.starts_with(r#"[{"s":"count","o":{"one":["one piece"]"#),
            "{json}"
        );
    }

    #[test]
    fn every_shipped_language_has_a_page_catalogue_with_every_english_message() {
        let english = catalogue(ENGLISH, &["common.ftl"]);
        for (lang, _) in SHIPPED {
            let own = catalogue(lang, &["common.ftl"]);
            let mut ids: Vec<_> = own.keys().collect();
            ids.sort();
            let mut want: Vec<_> = english.keys().collect();
            want.sort();
            assert_eq!(ids, want, "{lang}");
        }
    }
}
