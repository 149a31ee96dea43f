//! The page, embedded in the binary: `pachisi serve` needs no other files and loads nothing
//! from the internet. Each file of `web/` is served as it is, but the page's style, two files
//! served as one.

use crate::language;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page, in the language the request asks for (`crate::language`).
pub async fn index(headers: HeaderMap) -> impl IntoResponse {
    let words = language::chosen(&headers);
    (
        language::page_headers(),
        language::page("index.html", words),
    )
}

/// The guided first game (`/learn`): its page, whose script is `js/learn.js`, in the language
/// the request asks for.
pub async fn learn(headers: HeaderMap) -> impl IntoResponse {
    let words = language::chosen(&headers);
    (
        language::page_headers(),
        language::page("learn.html", words),
    )
}

/// The style of `/learn`, beside the page's own.
pub async fn learn_style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../web/learn.css"),
    )
}

/// The style of `/rules/NAME`, beside the page's own.
pub async fn how_to_play_style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../web/how-to-play.css"),
    )
}

/// The page's script (a JavaScript module).
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../web/app.js"),
    )
}

/// The page's style, two files served as one sheet (`/style.css`): `web/style.css`, the page
/// itself, its header and the new game panel; then, a blank line between them, `web/table.css`,
/// the table (the board, whose turn, the throw, the moves, the players and the log) and the
/// layouts for narrow, wide and touch screens.
const STYLE: &str = concat!(
    include_str!("../web/style.css"),
    "\n",
    include_str!("../web/table.css"),
);

/// The page's style.
pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// The style of the parts for playing with others (invitations, chat, the connection).
pub async fn online_style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../web/online.css"),
    )
}

/// The style of the analysis of a game: marks, the graph of the chances, the summary.
pub async fn analysis_style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../web/analysis.css"),
    )
}

/// The modules `app.js` imports (`/js/NAME.js`), each a file of `web/js/`.
const MODULES: &[(&str, &str)] = &[
    (
        "analysis-graph.js",
        include_str!("../web/js/analysis-graph.js"),
    ),
    ("analysis.js", include_str!("../web/js/analysis.js")),
    (
        "analysis-words.js",
        include_str!("../web/js/analysis-words.js"),
    ),
    ("announce.js", include_str!("../web/js/announce.js")),
    ("api.js", include_str!("../web/js/api.js")),
    ("board-input.js", include_str!("../web/js/board-input.js")),
    ("board-style.js", include_str!("../web/js/board-style.js")),
    ("board.js", include_str!("../web/js/board.js")),
    ("board-words.js", include_str!("../web/js/board-words.js")),
    ("chat.js", include_str!("../web/js/chat.js")),
    ("clock.js", include_str!("../web/js/clock.js")),
    ("connection.js", include_str!("../web/js/connection.js")),
    ("dom.js", include_str!("../web/js/dom.js")),
    ("geometry.js", include_str!("../web/js/geometry.js")),
    ("i18n.js", include_str!("../web/js/i18n.js")),
    ("join.js", include_str!("../web/js/join.js")),
    ("keys.js", include_str!("../web/js/keys.js")),
    ("learn.js", include_str!("../web/js/learn.js")),
    ("learn-tips.js", include_str!("../web/js/learn-tips.js")),
    ("messages.js", include_str!("../web/js/messages.js")),
    ("motion.js", include_str!("../web/js/motion.js")),
    ("moves.js", include_str!("../web/js/moves.js")),
    ("new-game.js", include_str!("../web/js/new-game.js")),
    ("panel.js", include_str!("../web/js/panel.js")),
    ("record.js", include_str!("../web/js/record.js")),
    ("replay.js", include_str!("../web/js/replay.js")),
    ("room.js", include_str!("../web/js/room.js")),
    ("seats.js", include_str!("../web/js/seats.js")),
    ("sound.js", include_str!("../web/js/sound.js")),
    ("state.js", include_str!("../web/js/state.js")),
    ("throw-view.js", include_str!("../web/js/throw-view.js")),
    ("tokens.js", include_str!("../web/js/tokens.js")),
    ("words.js", include_str!("../web/js/words.js")),
];

/// A module of the page's script, by name; 404 for any other name.
pub async fn module(Path(name): Path<String>) -> Response {
    match MODULES.iter().find(|(n, _)| *n == name) {
        Some((_, text)) => (
            [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
            *text,
        )
            .into_response(),
        None => crate::guard::error_response(StatusCode::NOT_FOUND, "no such page"),
    }
}

#[cfg(test)]
mod tests {
    //! The page's own texts: every text a player reads comes from the message catalogue (the
    //! HTML's words are ids such as `{{t:page-title}}`, the scripts' strings are ids given to
    //! `t(…)`), and none names a field of the ruleset schema or a document code. A player reads
    //! the words of the HTML and the strings of the scripts, never their comments.

    use super::MODULES;
    use pachisi_learn::explain::leaks::{field_names, page_text};

    /// The HTML pages, by name.
    const PAGES: &[(&str, &str)] = &[
        ("index.html", include_str!("../web/index.html")),
        ("learn.html", include_str!("../web/learn.html")),
    ];

    /// Every script of the page: `app.js` and the modules.
    fn scripts() -> Vec<(&'static str, &'static str)> {
        let mut all = MODULES.to_vec();
        all.push(("app.js", include_str!("../web/app.js")));
        all
    }

    /// Where a template literal's `${…}` stood in its text.
    const HOLE: char = '\u{fffc}';

    /// A string literal of a script: its text (a template's `${…}` each one [`HOLE`]; the
    /// literals inside them are literals of their own) and the code just before it.
    #[derive(Debug)]
    struct Literal {
        text: String,
        before: String,
    }

    /// The string literals of a script, its comments left out.
    fn literals(script: &str) -> Vec<Literal> {
        let chars: Vec<char> = script.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        code(&chars, &mut i, false, &mut out);
        out
    }

    /// Reads code from `i`: to the end, or (`nested`, inside a template's `${`) to its `}`.
    fn code(chars: &[char], i: &mut usize, nested: bool, out: &mut Vec<Literal>) {
        let mut depth = 0usize;
        while *i < chars.len() {
            match chars[*i] {
                '/' if chars.get(*i + 1) == Some(&'/') => {
                    while *i < chars.len() && chars[*i] != '\n' {
                        *i += 1;
                    }
                }
                '/' if chars.get(*i + 1) == Some(&'*') => {
                    *i += 2;
                    while *i + 1 < chars.len() && !(chars[*i] == '*' && chars[*i + 1] == '/') {
                        *i += 1;
                    }
                    *i += 2;
                }
                '{' => {
                    depth += 1;
                    *i += 1;
                }
                '}' if nested && depth == 0 => {
                    *i += 1;
                    return;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    *i += 1;
                }
                quote @ ('"' | '\'' | '`') => {
                    let from = chars[..*i].len().saturating_sub(40);
                    let before: String = chars[from..*i].iter().collect();
                    let at = out.len();
                    out.push(Literal {
                        text: String::new(),
                        before,
                    });
                    *i += 1;
                    let mut text = String::new();
                    while *i < chars.len() && chars[*i] != quote {
                        if chars[*i] == '\\' {
                            *i += 1;
                        } else if quote == '`'
                            && chars[*i] == '$'
                            && chars.get(*i + 1) == Some(&'{')
                        {
                            *i += 2;
                            text.push(HOLE);
                            code(chars, i, true, out);
                            continue;
                        }
                        if let Some(&c) = chars.get(*i) {
                            text.push(c);
                        }
                        *i += 1;
                    }
                    out[at].text = text;
                    *i += 1;
                }
                _ => *i += 1,
            }
        }
    }

    /// The schema's field names and the documents' codes in `text`.
    fn forbidden_in(text: &str) -> Vec<String> {
        let mut found: Vec<String> = field_names()
            .iter()
            .filter(|name| text.contains(name.as_str()))
            .cloned()
            .collect();
        for code in [
            "(SR)", "(PB)", "(MB)", "(TR)", "(nr)", "v1942", "v1975", "v1989",
        ] {
            if text.contains(code) {
                found.push(code.to_string());
            }
        }
        found
    }

    /// Every text of the page's catalogue in English (each message's text parts).
    fn catalogue_texts() -> Vec<(String, String)> {
        fn texts(parts: &[pachisi_words::page::Part], out: &mut String) {
            for part in parts {
                match part {
                    pachisi_words::page::Part::Text(text) => out.push_str(text),
                    pachisi_words::page::Part::Value { .. } => out.push(' '),
                    pachisi_words::page::Part::Choice { o, .. } => {
                        for variant in o.values() {
                            out.push(' ');
                            texts(variant, out);
                        }
                    }
                }
            }
        }
        pachisi_words::page::catalogue(pachisi_words::ENGLISH, pachisi_words::page::PAGE_FILES)
            .into_iter()
            .map(|(id, parts)| {
                let mut text = String::new();
                texts(&parts, &mut text);
                (id, text)
            })
            .collect()
    }

    #[test]
    fn the_pages_texts_name_no_field_of_the_schema_and_no_document_code() {
        let texts: Vec<String> = literals("a = 'x'; // 'not' \n b = \"y\" /* `no` */ + `z`")
            .into_iter()
            .map(|l| l.text)
            .collect();
        assert_eq!(texts, ["x", "y", "z"]);
        assert!(
            !forbidden_in("moves.split").is_empty(),
            "the check finds a field name"
        );
        let mut found = Vec::new();
        for (name, html) in PAGES {
            let filled = crate::language::fill(html, pachisi_words::english());
            for leak in forbidden_in(&page_text(&filled)) {
                found.push(format!("{name}: {leak}"));
            }
        }
        for (id, text) in catalogue_texts() {
            for leak in forbidden_in(&text) {
                found.push(format!("{id}: {leak} in {text:?}"));
            }
        }
        for (name, script) in scripts() {
            for literal in literals(script) {
                for leak in forbidden_in(&literal.text) {
                    found.push(format!("{name}: {leak} in {:?}", literal.text));
                }
            }
        }
        assert!(found.is_empty(), "{found:#?}");
    }

    /// `html` without its comments and the contents of its `<script>` and `<style>` elements.
    fn without_code(html: &str) -> String {
        let mut rest = html;
        let mut out = String::new();
        loop {
            let next = [
                ("<!--", "-->"),
                ("<script", "</script>"),
                ("<style", "</style>"),
            ]
            .into_iter()
            .filter_map(|(open, close)| rest.find(open).map(|at| (at, close)))
            .min_by_key(|(at, _)| *at);
            let Some((at, close)) = next else {
                out.push_str(rest);
                return out;
            };
            out.push_str(&rest[..at]);
            rest = rest[at..]
                .find(close)
                .map_or("", |end| &rest[at + end + close.len()..]);
        }
    }

    /// `text` without its `{{…}}` (message ids, the catalogue, the languages).
    fn without_ids(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("{{") {
            out.push_str(&rest[..at]);
            rest = rest[at..]
                .find("}}")
                .map_or("", |end| &rest[at + end + 2..]);
        }
        out.push_str(rest);
        out
    }

    /// The attributes whose values are names, addresses, numbers or settings, never words a
    /// player reads or hears.
    const NOT_WORDS: &[&str] = &[
        "id",
        "class",
        "type",
        "role",
        "name",
        "for",
        "href",
        "xmlns",
        "rel",
        "scope",
        "d",
        "tabindex",
        "viewBox",
        "maxlength",
        "content",
        "value",
        "autocomplete",
        "target",
        "step",
        "src",
        "min",
        "max",
        "lang",
        "charset",
        "spellcheck",
        "accept",
        "hidden",
        "method",
        "aria-labelledby",
        "aria-describedby",
        "aria-hidden",
        "aria-live",
        "aria-pressed",
        "aria-controls",
        "aria-current",
        "aria-keyshortcuts",
    ];

    /// The values of every attribute of `html` a player may read or hear (a tooltip, a name, a
    /// hint in an empty field, an image's words): every one but those of [`NOT_WORDS`] and the
    /// page's own data (`data-*`). An attribute added later is checked until it is listed there.
    fn spoken_attributes(html: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = html;
        while let Some(at) = rest.find("=\"") {
            let name_start = rest[..at]
                .rfind(|c: char| c.is_whitespace())
                .map_or(0, |space| space + 1);
            let name = &rest[name_start..at];
            rest = &rest[at + 2..];
            let end = rest.find('"').unwrap_or(rest.len());
            if !NOT_WORDS.contains(&name) && !name.starts_with("data-") {
                out.push(rest[..end].to_string());
            }
            rest = &rest[end..];
        }
        out
    }

    #[test]
    fn the_html_pages_show_no_text_but_the_catalogues() {
        // The check itself: English text and a spoken attribute are found, ids and marks pass.
        let sample = r#"<p title="Hello">{{t:page-title}} × <!-- a note --><b>Hi</b></p><script>x = "y z";</script>"#;
        let text = without_ids(&page_text(&without_code(sample)));
        assert_eq!(text.split_whitespace().collect::<Vec<_>>(), ["×", "Hi"]);
        assert_eq!(spoken_attributes(sample), ["Hello"]);
        let mut found = Vec::new();
        for (name, html) in PAGES {
            let html = without_code(html);
            let text = without_ids(&page_text(&html));
            if text.chars().any(char::is_alphabetic) {
                found.push(format!(
                    "{name}: {:?}",
                    text.split_whitespace().collect::<Vec<_>>()
                ));
            }
            for value in spoken_attributes(&html) {
                if without_ids(&value).chars().any(char::is_alphabetic) {
                    found.push(format!("{name}: an attribute says {value:?}"));
                }
            }
        }
        assert!(
            found.is_empty(),
            "English outside the message ids: {found:#?}"
        );
    }

    /// Literals with English words that are not a player's: the engine's English reworded on an
    /// English page only (`plainReason` in js/words.js, which says the engine's terms as the
    /// page does).
    const NOT_FOR_PLAYERS: &[&str] = &["$1 squares along", "entering throw"];

    /// The code a literal follows when it is a CSS selector, a style sheet or an element's
    /// class list, not words.
    const NOT_WORDS_AFTER: &[&str] = &[
        "$(",
        "querySelector(",
        "querySelectorAll(",
        "closest(",
        "closest?.(",
        "replaceSync(",
        "class:",
    ];

    /// Whether `text` has two words in a row, separated by a space: a phrase in a language.
    fn has_phrase(text: &str) -> bool {
        let words: Vec<bool> = text
            .split_whitespace()
            .map(|token| {
                let word = token.trim_matches(|c: char| {
                    matches!(
                        c,
                        ',' | '.' | ';' | ':' | '!' | '?' | '(' | ')' | '"' | '“' | '”' | '…'
                    )
                });
                !word.is_empty()
                    && word.chars().all(|c| c.is_alphabetic() || c == '\'')
                    && word.chars().any(char::is_alphabetic)
            })
            .collect();
        words.windows(2).any(|pair| pair[0] && pair[1])
    }

    #[test]
    fn the_scripts_strings_hold_no_words_for_players() {
        assert!(has_phrase("Copy link"));
        assert!(has_phrase("the move was taken back."));
        assert!(!has_phrase("page-copy-link"));
        assert!(!has_phrase("#seat-rows .seat-row"));
        assert!(!has_phrase("Red \u{fffc}"));
        let nested = literals("x = `${t('page-title', { b: 'two words' })} — ${n}`;");
        let texts: Vec<&str> = nested.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["\u{fffc} — \u{fffc}", "page-title", "two words"]);
        let mut found = Vec::new();
        for (name, script) in scripts() {
            for literal in literals(script) {
                let selector = NOT_WORDS_AFTER
                    .iter()
                    .any(|code| literal.before.trim_end().ends_with(code));
                if has_phrase(&literal.text)
                    && !selector
                    && !NOT_FOR_PLAYERS.contains(&literal.text.as_str())
                {
                    found.push(format!("{name}: {:?}", literal.text));
                }
            }
        }
        assert!(
            found.is_empty(),
            "English in the scripts' strings, not from the catalogue (t with a page- id): {found:#?}"
        );
    }
}
