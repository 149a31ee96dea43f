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
