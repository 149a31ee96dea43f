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
        language::fill(include_str!("../web/index.html"), words),
    )
}

/// The guided first game (`/learn`): its page, whose script is `js/learn.js`, in the language
/// the request asks for.
pub async fn learn(headers: HeaderMap) -> impl IntoResponse {
    let words = language::chosen(&headers);
    (
        language::page_headers(),
        language::fill(include_str!("../web/learn.html"), words),
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
    ("learn-words.js", include_str!("../web/js/learn-words.js")),
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
    //! The page's own texts carry no field name of the ruleset schema and no document code: a
    //! player reads the words of the HTML and the strings of the scripts, never their comments.

    use super::MODULES;
    use pachisi_learn::explain::leaks::{field_names, page_text};

    /// The string literals of a script, its comments left out.
    fn literals(script: &str) -> Vec<String> {
        let mut out = Vec::new();
        let chars: Vec<char> = script.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            match chars[i] {
                '/' if chars.get(i + 1) == Some(&'/') => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                }
                '/' if chars.get(i + 1) == Some(&'*') => {
                    i += 2;
                    while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                        i += 1;
                    }
                    i += 2;
                }
                quote @ ('"' | '\'' | '`') => {
                    let mut text = String::new();
                    i += 1;
                    while i < chars.len() && chars[i] != quote {
                        if chars[i] == '\\' {
                            i += 1;
                        }
                        if let Some(&c) = chars.get(i) {
                            text.push(c);
                        }
                        i += 1;
                    }
                    out.push(text);
                    i += 1;
                }
                _ => i += 1,
            }
        }
        out
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

    #[test]
    fn the_pages_texts_name_no_field_of_the_schema_and_no_document_code() {
        assert!(literals("a = 'x'; // 'not' \n b = \"y\" /* `no` */ + `z`") == ["x", "y", "z"]);
        assert!(
            !forbidden_in("moves.split").is_empty(),
            "the check finds a field name"
        );
        let mut found = Vec::new();
        for (name, html) in [
            ("index.html", include_str!("../web/index.html")),
            ("learn.html", include_str!("../web/learn.html")),
        ] {
            for leak in forbidden_in(&page_text(html)) {
                found.push(format!("{name}: {leak}"));
            }
        }
        let app = ("app.js", include_str!("../web/app.js"));
        for (name, script) in MODULES.iter().chain([&app]) {
            for literal in literals(script) {
                for leak in forbidden_in(&literal) {
                    found.push(format!("{name}: {leak} in {literal:?}"));
                }
            }
        }
        assert!(found.is_empty(), "{found:#?}");
    }
}
