//! The page `GET /rules/NAME`: how to play a built-in ruleset, made from the ruleset itself
//! (`pachisi-learn`), in the first shipped language the browser asks for. The same explanation
//! as `pachisi rules explain NAME`, escaped into a page of its own in the look of the start page
//! (its style sheet, and a few rules of layout of its own), linked back to it. A name that is no
//! built-in ruleset is answered 404 with a page that lists those there are.
//!
//! Only built-in rulesets are explained: a name is never read as a file.

use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use pachisi_core::{builtin_rules, BUILTIN_RULESETS};
use pachisi_learn::explain::render::{escape, html};
use pachisi_learn::explain::{explain, summary};
use pachisi_words::{Args, Words};
use std::fmt::Write;

/// A whole page: `title`, a link back to the start page, and `main` (HTML already escaped).
fn page(words: &Words, title: &str, main: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"theme-color\" content=\"#6b3f12\">\n<title>{title}</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"/style.css\">\n\
         <link rel=\"stylesheet\" href=\"/how-to-play.css\">\n</head>\n<body class=\"how-to-play-page\">\n\
         <nav><a href=\"/\">{back}</a></nav>\n<main>\n{main}</main>\n</body>\n</html>\n",
        lang = escape(words.lang()),
        title = escape(title),
        back = escape(&words.msg("page-back")),
    );
    out
}

/// The answer of `GET /rules/NAME`.
pub async fn rules_page(Path(name): Path<String>, headers: HeaderMap) -> Response {
    let words = crate::language::chosen(&headers);
    let (status, text) = answer(&name, words);
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        text,
    )
        .into_response()
}

/// The status and page for the ruleset `name`.
pub(crate) fn answer(name: &str, words: &Words) -> (StatusCode, String) {
    // `builtin_rules` knows only the built-in rulesets: a name is never a path.
    match builtin_rules(name, &[]) {
        Ok(rules) => {
            let explanation = explain(&rules, words);
            (
                StatusCode::OK,
                page(words, &explanation.title, &html(&explanation)),
            )
        }
        Err(_) => (StatusCode::NOT_FOUND, not_found(name, words)),
    }
}

/// The page of a name that is no built-in ruleset: what was asked, and every ruleset there is,
/// each with its summary and a link to its page.
fn not_found(name: &str, words: &Words) -> String {
    let mut args = Args::new();
    args.set("name", name.to_string());
    let title = words.msg("page-unknown-title");
    let mut main = String::new();
    let _ = writeln!(
        main,
        "<article class=\"how-to-play\">\n<h1>{}</h1>\n<p>{}</p>\n<ul>",
        escape(&title),
        escape(&words.msg_with("page-unknown", &args))
    );
    for (known, _) in BUILTIN_RULESETS {
        if let Ok(rules) = builtin_rules(known, &[]) {
            let _ = writeln!(
                main,
                "<li><a href=\"/rules/{known}\">{}</a>: {}</li>",
                escape(&words.ruleset_title(known, &rules.ruleset().title)),
                escape(&summary(&rules, words))
            );
        }
    }
    main.push_str("</ul>\n</article>\n");
    page(words, &title, &main)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_learn::explain::leaks::{leaks, page_text};
    use pachisi_words::english;

    #[test]
    fn every_ruleset_has_a_page_with_no_field_name_or_document_code() {
        for (name, _) in BUILTIN_RULESETS {
            let (status, text) = answer(name, english());
            assert_eq!(status, StatusCode::OK, "{name}");
            assert!(text.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
            assert!(
                text.contains("<a href=\"/\">"),
                "linked back to the start page"
            );
            let found = leaks(&page_text(&text));
            assert!(found.is_empty(), "{name} shows {found:?}");
        }
    }

    #[test]
    fn an_unknown_name_lists_the_rulesets_there_are() {
        let (status, text) = answer("<script>", english());
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(text.contains("&lt;script&gt;") && !text.contains("<script>"));
        assert!(text.contains("<a href=\"/rules/ludo\">Ludo</a>"));
        let found = leaks(&page_text(&text));
        assert!(found.is_empty(), "{found:?}");
    }

    /// The status, type and body of `GET target` through the route and the layer that gives
    /// error answers their form.
    async fn get(target: &str) -> (u16, String, String) {
        use tower::ServiceExt;
        let router = axum::Router::new()
            .route("/rules/{name}", axum::routing::get(rules_page))
            .route(
                "/how-to-play.css",
                axum::routing::get(crate::web::how_to_play_style),
            )
            .layer(axum::middleware::from_fn(crate::guard::finish));
        let request = axum::http::Request::builder()
            .uri(target)
            .header(header::ACCEPT_LANGUAGE, "fr-FR, en;q=0.5")
            .body(axum::body::Body::empty())
            .expect("request");
        let response = router.oneshot(request).await.expect("answer");
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .expect("body");
        (status, kind, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn the_route_answers_a_page_and_an_unknown_name_a_page_too() {
        let (status, kind, body) = get("/rules/pachisi").await;
        assert_eq!(status, 200);
        assert!(kind.starts_with("text/html"));
        assert!(body.contains("<title>How to play Pachisi, six cowries</title>"));
        assert!(body.contains("<h1>How to play Pachisi, six cowries</h1>"));
        let (status, kind, body) = get("/rules/nothing-like-it").await;
        assert_eq!(status, 404);
        assert!(
            kind.starts_with("text/html"),
            "a page, not the API's error: {body}"
        );
        assert!(body.contains("nothing-like-it") && body.contains("/rules/pachisi"));
    }

    #[tokio::test]
    async fn the_pages_style_is_a_file_of_the_server_as_its_policy_wants() {
        // The pages' Content Security Policy takes styles from the server only: an inline
        // `<style>` would be ignored by the browser.
        let (_, _, body) = get("/rules/pachisi").await;
        assert!(!body.contains("<style"), "{body}");
        assert!(body.contains("href=\"/how-to-play.css\""));
        let (status, kind, css) = get("/how-to-play.css").await;
        assert_eq!(status, 200);
        assert!(kind.starts_with("text/css"));
        assert!(css.contains(".how-to-play table"));
    }
}
