//! The catalogues themselves: every file reads cleanly, every message the code asks for exists
//! in English, and every shipped language holds every English message.

use super::*;
use std::path::{Path, PathBuf};

#[test]
fn every_shipped_catalogue_reads_without_a_problem() {
    for words in catalogues() {
        assert!(words.problems().is_empty(), "{:?}", words.problems());
        assert!(!words.ids().is_empty(), "{} has no message", words.lang());
    }
}

#[test]
fn english_comes_first_and_is_the_fallback() {
    assert_eq!(SHIPPED[0].0, ENGLISH);
    assert_eq!(english().lang(), ENGLISH);
    assert_eq!(words("xx").lang(), ENGLISH);
    assert_eq!(english().msg("no-such-message"), "[no-such-message]");
}

#[test]
fn plurals_are_the_catalogues_business() {
    let mut args = Args::new();
    args.set("count", number(1));
    assert_eq!(english().check("pieces", &args).as_deref(), Ok("one piece"));
    args.set("count", number(3));
    assert_eq!(english().check("pieces", &args).as_deref(), Ok("3 pieces"));
    // A value the message needs and was not given is an error a test sees.
    assert!(english().check("pieces", &Args::new()).is_err());
}

#[test]
fn a_tag_finds_its_language_in_any_spelling() {
    assert_eq!(primary_tag("hi_IN.UTF-8"), "hi");
    assert_eq!(primary_tag("ta-IN"), "ta");
    assert_eq!(primary_tag("EN"), "en");
    assert_eq!(words("en_GB.UTF-8").lang(), "en");
    assert_eq!(words("C").lang(), "en");
}

#[test]
fn the_browsers_languages_are_taken_by_their_weights() {
    assert_eq!(from_accept_language("").lang(), "en");
    assert_eq!(from_accept_language("fr-FR,fr;q=0.9").lang(), "en");
    assert_eq!(from_accept_language("de;q=0.2, en;q=0.5").lang(), "en");
    for (lang, _) in SHIPPED {
        let header = format!("fr;q=0.9, {lang};q=0.8, en;q=0.1");
        let expected = if *lang == "en" { "en" } else { lang };
        assert_eq!(from_accept_language(&header).lang(), expected);
    }
}

/// The ids of the messages in one catalogue file's text.
fn file_ids(text: &str) -> Vec<String> {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(resource) | Err((resource, _)) => resource,
    };
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// What the languages after the first (English) of `shipped` lack of English: a whole file,
/// or a message of a file they have; and a file English does not have.
fn missing_messages(shipped: &[(&str, &[(&str, &str)])]) -> Vec<String> {
    let (_, english_files) = shipped[0];
    let mut missing = Vec::new();
    for (lang, files) in shipped.iter().skip(1) {
        for (name, english_text) in english_files.iter() {
            let Some((_, text)) = files.iter().find(|(n, _)| n == name) else {
                missing.push(format!("{lang}: no {name}, every message of it"));
                continue;
            };
            let own = file_ids(text);
            for id in file_ids(english_text) {
                if !own.contains(&id) {
                    missing.push(format!("{lang}/{name}: {id}"));
                }
            }
        }
        for (name, _) in files.iter() {
            if !english_files.iter().any(|(n, _)| n == name) {
                missing.push(format!("{lang}/{name}: a file English does not have"));
            }
        }
    }
    missing
}

/// A shipped language's file holds every message of the English file of the same name, and
/// every file English has: a language missing a whole file would say all of it in English.
#[test]
fn every_shipped_language_holds_every_english_message_of_its_files() {
    let missing = missing_messages(SHIPPED);
    assert!(missing.is_empty(), "messages missing: {missing:#?}");
}

/// A language without one of English's files is found wanting, as one without a message is.
#[test]
fn a_whole_file_missing_from_a_language_is_found() {
    let english: &[(&str, &str)] = &[("a.ftl", "one = One\n"), ("b.ftl", "two = Two\n")];
    let partial: &[(&str, &str)] = &[("a.ftl", "one = Eins\n")];
    let missing = missing_messages(&[("en", english), ("xx", partial)]);
    assert_eq!(missing, ["xx: no b.ftl, every message of it"]);
    let lacking: &[(&str, &str)] = &[("a.ftl", "one = Eins\n"), ("b.ftl", "")];
    let missing = missing_messages(&[("en", english), ("xx", lacking)]);
    assert_eq!(missing, ["xx/b.ftl: two"]);
}

/// The files of the workspace's crates: sources, tests and examples, and the page's scripts
/// and HTML.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "js" || e == "html")
        {
            out.push(path);
        }
    }
}

/// The literal ids in `text` that follow `msg(` or `msg_with(` (Rust), `t(` (the page's
/// scripts, quoted with `'`) or `{{t:` (the page's HTML templates).
fn ids_asked_for(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for (call, quote) in [
        ("msg(", '"'),
        ("msg_with(", '"'),
        ("t(", '\''),
        ("{{t:", '}'),
    ] {
        for (at, _) in text.match_indices(call) {
            // `x.t(` and `split(` are other calls.
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || (c == '.' && call == "t("))
            {
                continue;
            }
            let rest = text[at + call.len()..].trim_start();
            let quoted = if quote == '}' {
                Some(rest)
            } else {
                rest.strip_prefix(quote)
            };
            if let Some(quoted) = quoted {
                if let Some(end) = quoted.find(quote) {
                    ids.push(quoted[..end].to_string());
                }
            }
        }
    }
    ids
}

#[test]
fn every_message_the_code_asks_for_is_in_the_english_catalogue() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let mut unknown = Vec::new();
    let page_messages = crate::page::catalogue(ENGLISH, crate::page::PAGE_FILES);
    for file in files {
        if file.ends_with("pachisi-words/src/tests.rs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        // The page is sent only the messages of the page's files.
        let page = file.extension().is_some_and(|e| e != "rs");
        for id in ids_asked_for(&text) {
            let known = if page {
                page_messages.contains_key(&id)
            } else {
                english().has(&id)
            };
            if !known {
                unknown.push(format!("{}: {id}", file.display()));
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "ids not in the English catalogue: {unknown:#?}"
    );
}

#[test]
fn the_scan_finds_ids_in_both_kinds_of_call() {
    let text = r#"w.msg("a-b"); w.msg_with(
        "c", &args); my_msg("not-this"); t('d-e', { n }); x.t('no'); <h1>{{t:f}}</h1>"#;
    assert_eq!(ids_asked_for(text), vec!["a-b", "c", "d-e", "f"]);
}

#[test]
fn the_colours_the_rulesets_use_have_names() {
    for colour in ["yellow", "green", "black", "red", "blue"] {
        let name = english().colour(colour);
        assert!(!name.starts_with('['), "{colour}: {name}");
        assert!(name.starts_with(char::is_uppercase), "{name}");
    }
    assert_eq!(english().colour("violet"), "Violet");
    assert_eq!(english().colour(""), "");
}

/// The values a message names (`$count`), from the catalogue's source: in its text, and in the
/// comment just above it, which says the values the code gives (a language may need one English
/// does not say, such as a count to agree with).
fn variables_of(text: &str, id: &str, with_comment: bool) -> Vec<String> {
    let start = text.find(&format!("\n{id} =")).map_or(0, |at| at + 1);
    let comment: String = text[..start]
        .lines()
        .rev()
        .take_while(|line| with_comment && line.starts_with("# "))
        .collect();
    let body = &text[start..];
    // The message runs to the next line that starts a new entry.
    let end = body[1..]
        .find("\n")
        .and_then(|first| {
            body[first + 1..]
                .match_indices('\n')
                .map(|(at, _)| first + 1 + at + 1)
                .find(|&at| {
                    body[at..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '#' || c == '-')
                })
        })
        .unwrap_or(body.len());
    let mut names: Vec<String> = format!("{comment} {}", &body[..end])
        .split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The values the English messages that `id` names need (`{ family-piece }` needs `$family`),
/// and the values of those they name in turn.
fn referenced_variables(text: &str, id: &str) -> Vec<String> {
    let all: String = SHIPPED[0]
        .1
        .iter()
        .map(|(_, text)| format!("\n{text}"))
        .collect();
    let mut seen = vec![id.to_string()];
    let mut todo = vec![(text.to_string(), id.to_string())];
    let mut found = Vec::new();
    while let Some((text, id)) = todo.pop() {
        let start = text.find(&format!("\n{id} =")).map_or(0, |at| at + 1);
        let body = text[start..].lines().take_while({
            let mut first = true;
            move |line| {
                let go = first || line.starts_with([' ', '}', '[', '*']);
                first = false;
                go
            }
        });
        for line in body {
            for (at, _) in line.match_indices("{ ") {
                let name: String = line[at + 2..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                let is_reference = name.starts_with(|c: char| c.is_ascii_lowercase())
                    && line[at + 2 + name.len()..].starts_with(" }");
                if is_reference && !seen.contains(&name) {
                    seen.push(name.clone());
                    found.extend(variables_of(&all, &name, false));
                    todo.push((all.clone(), name));
                }
            }
        }
    }
    found
}

#[test]
fn a_reference_brings_the_values_of_the_message_it_names() {
    let text = "\nx-a = Move { family-piece } { $number }\n";
    assert_eq!(referenced_variables(text, "x-a"), ["family"]);
}

/// Every message of every shipped language formats without an error when given the values its
/// English names, and names no value English does not give.
#[test]
fn every_shipped_message_formats_with_the_values_english_gives() {
    let (_, english_files) = SHIPPED[0];
    let common = english_files[0].1;
    assert_eq!(variables_of(common, "pieces", true), ["count"]);
    assert!(variables_of(common, "colour-red", true).is_empty());
    let mut problems = Vec::new();
    for (lang, files) in SHIPPED.iter() {
        let words = words(lang);
        for (name, text) in files.iter() {
            let Some((_, english_text)) = english_files.iter().find(|(n, _)| n == name) else {
                continue;
            };
            for id in file_ids(text) {
                let mut given = variables_of(english_text, &id, true);
                given.extend(referenced_variables(english_text, &id));
                given.sort();
                given.dedup();
                let mut args = Args::new();
                for value in &given {
                    args.set(value.clone(), 2);
                }
                if let Err(e) = words.check(&id, &args) {
                    problems.push(e);
                }
                for value in variables_of(text, &id, false) {
                    if !given.contains(&value) {
                        problems.push(format!("{lang}/{name}: {id} names ${value}"));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_familys_catalogue_gives_every_message_its_family() {
    let words = english().for_family("ludo");
    assert_eq!(words.family(), "ludo");
    let mut args = Args::new();
    args.set("plural", "no");
    assert_eq!(words.msg_with("page-piece-noun", &args), "token");
    args.set("family", "parcheesi");
    assert_eq!(words.msg_with("page-piece-noun", &args), "pawn");
    assert_eq!(english().for_family("pachisi").msg("colour-red"), "Red");
}
