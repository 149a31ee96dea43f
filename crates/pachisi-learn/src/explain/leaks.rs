//! What a player must never read in an explanation: the ruleset's field names (`moves.split`,
//! `stack_limit`), the codes of the source documents (`003`, `(TR)`, `(nr)`, `v1942`) and other
//! programs' parameter names (`twoPlayersOpposite`). Those belong to docs/rules.md and
//! `rules show`. The tests of every front end that shows the explanation (the terminal, the
//! page, the API's descriptions) look for them with [`leaks`].
//!
//! The field names are taken from the schema itself, by writing every built-in ruleset out as
//! data and walking its tables, so a field added to the schema is looked for without a list to
//! keep.

use pachisi_core::{builtin_rules, BUILTIN_RULESETS};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Every `section.field` name of the ruleset schema (`board.arms`, `throw.p_up`), and every
/// section name with `.*`, from the built-in rulesets written out as data.
pub fn field_names() -> &'static BTreeSet<String> {
    static NAMES: OnceLock<BTreeSet<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = BTreeSet::new();
        for (name, _) in BUILTIN_RULESETS {
            let Ok(rules) = builtin_rules(name, &[]) else {
                continue;
            };
            let Ok(serde_json::Value::Object(top)) = serde_json::to_value(rules.ruleset()) else {
                continue;
            };
            for (section, value) in top {
                if let serde_json::Value::Object(fields) = value {
                    names.insert(format!("{section}.*"));
                    for field in fields.keys() {
                        names.insert(format!("{section}.{field}"));
                    }
                }
            }
        }
        names
    })
}

/// The codes of documents as docs/rules.md cites them, in brackets.
const BRACKETED_CODES: &[&str] = &["(SR)", "(PB)", "(MB)", "(TR)", "(nr)"];

/// The names of other programs that are written in camel case, which a player may read.
const PROGRAM_NAMES: &[&str] = &["OpenSpiel"];

/// The words a page shows: its HTML with every tag left out (markup such as `viewBox` is no
/// word a player reads) and the escapes of [`super::render::escape`] read back.
pub fn page_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Everything in `text` a player must not read: field names, bare field names with an
/// underscore, document codes, edition years written `v1942`, and names written in camel case
/// (another program's parameters). Empty when the text is clean.
pub fn leaks(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let fields = field_names();
    for name in fields {
        if text.contains(name.as_str()) {
            found.push(name.clone());
        }
    }
    let bare: BTreeSet<&str> = fields
        .iter()
        .filter_map(|n| n.split_once('.').map(|(_, f)| f))
        .filter(|f| f.contains('_'))
        .collect();
    for code in BRACKETED_CODES {
        if text.contains(code) {
            found.push((*code).to_string());
        }
    }
    for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        let digits = token.len() == 3 && token.chars().all(|c| c.is_ascii_digit());
        let document = digits && token.starts_with("00");
        let edition = token.len() == 5
            && token.starts_with('v')
            && token[1..].chars().all(|c| c.is_ascii_digit());
        let camel = token
            .chars()
            .zip(token.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
            && !PROGRAM_NAMES.contains(&token);
        let underscored = token.contains('_');
        if (document || edition || camel || underscored || bare.contains(token))
            && !found.iter().any(|f| f == token)
        {
            found.push(token.to_string());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::leaks;
    use pachisi_words::{Args, SHIPPED};

    /// The messages of one catalogue file: each id with its source, and the values it names.
    fn messages(text: &str) -> Vec<(String, String, Vec<String>)> {
        let mut out: Vec<(String, String, Vec<String>)> = Vec::new();
        for line in text.lines() {
            let continues = line.starts_with([' ', '}', '[', '*']);
            match line.split_once(" =") {
                Some((id, rest))
                    if !continues && id.starts_with(|c: char| c.is_ascii_lowercase()) =>
                {
                    out.push((id.to_string(), rest.to_string(), Vec::new()));
                }
                _ if continues => {
                    if let Some(last) = out.last_mut() {
                        last.1.push('\n');
                        last.1.push_str(line);
                    }
                }
                _ => {}
            }
        }
        for (_, source, values) in &mut out {
            for part in source.split('$').skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !values.contains(&name) {
                    values.push(name);
                }
            }
        }
        out
    }

    /// The words of a message's source, all its variants together, without the catalogue's
    /// syntax (`{ $count ->`, `[one]`, `{ family-piece }`).
    fn source_words(source: &str) -> String {
        let mut out = String::new();
        let mut rest = source;
        while let Some(open) = rest.find(['{', '[']) {
            out.push_str(&rest[..open]);
            let close = if rest[open..].starts_with('{') {
                // A placeable is left out up to its selector arrow or its end.
                let arrow = rest[open..].find("->").map(|at| at + 2);
                let end = rest[open..].find('}').map(|at| at + 1);
                match (arrow, end) {
                    (Some(a), Some(e)) => a.min(e),
                    (a, e) => a.or(e).unwrap_or(rest.len() - open),
                }
            } else {
                rest[open..]
                    .find(']')
                    .map_or(rest.len() - open, |at| at + 1)
            };
            out.push(' ');
            rest = &rest[open + close..];
        }
        out.push_str(rest);
        out.replace(['}', '*'], " ")
    }

    /// Every message of the tours and of the game in words, in every shipped language, in every
    /// variant and formatted with values, names no field of a ruleset and no document's code.
    #[test]
    fn no_message_of_the_tours_or_the_game_in_words_names_a_field_or_a_code() {
        let mut found = Vec::new();
        let mut read = 0;
        for (lang, files) in SHIPPED {
            let words = pachisi_words::words(lang);
            for (name, text) in files.iter() {
                if !["learn.ftl", "speak.ftl"].contains(name) {
                    continue;
                }
                for (id, source, values) in messages(text) {
                    read += 1;
                    let mut args = Args::new();
                    for value in &values {
                        args.set(value.clone(), 2);
                    }
                    for (how, said) in [
                        ("source", source_words(&source)),
                        ("said", words.msg_with(&id, &args)),
                    ] {
                        let leaked = leaks(&said);
                        if !leaked.is_empty() {
                            found.push(format!("{lang}/{name} {id} ({how}): {leaked:?} in {said}"));
                        }
                    }
                }
            }
        }
        assert!(read > 3 * 200, "only {read} messages read");
        assert!(found.is_empty(), "{found:#?}");
    }

    #[test]
    fn a_messages_words_are_read_in_every_variant() {
        let said =
            source_words("{ $count ->\n    [one] turn.opening\n   *[other] { $n } in 003\n}");
        assert!(
            said.contains("turn.opening") && said.contains("in 003"),
            "{said}"
        );
        assert!(!said.contains("count") && !said.contains("other"), "{said}");
        assert!(!leaks(&said).is_empty());
    }
}
