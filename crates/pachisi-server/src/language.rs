//! Which language a request is answered in, and the pages filled in that language.
//!
//! A person chooses a language with the page's chooser, which keeps the choice in a cookie
//! (`lang`); without one, the browser's `Accept-Language` decides; English otherwise. The pages
//! (`/`, `/learn`), `/rules/NAME`, `/api/learn` and `/api/rulesets` all ask [`chosen`].
//!
//! A page's HTML is a template whose texts are message ids of the catalogue
//! (`{{t:page-language}}`), filled here and escaped; `{{lang}}` is the language's tag,
//! `{{languages}}` the chooser's options, and `{{words}}` the catalogue the page's script reads
//! (`web/js/i18n.js`), as JSON in a data block the script never runs.

use axum::http::{header, HeaderMap};
use pachisi_words::{page, Words, SHIPPED};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The name of the cookie that keeps a person's choice of language.
pub const COOKIE: &str = "lang";

/// The language the request asks for: the page's chooser (its cookie), then the browser
/// (`Accept-Language`), then English.
pub fn chosen(headers: &HeaderMap) -> &'static Words {
    if let Some(tag) = cookie(headers, COOKIE) {
        if pachisi_words::is_shipped(tag) {
            return pachisi_words::words(tag);
        }
    }
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or_else(pachisi_words::english, pachisi_words::from_accept_language)
}

/// The value of the cookie `name`, if the request has it (a tag is short: a longer value is
/// not one).
fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| v.len() <= 16)
}

/// What the page's script is sent: the language, the languages to choose from, the messages.
#[derive(Serialize)]
struct PageWords {
    lang: &'static str,
    messages: std::collections::BTreeMap<String, Vec<page::Part>>,
}

/// The catalogue of the page in `lang`, as JSON safe inside an HTML data block (made once per
/// language).
fn words_json(lang: &'static str) -> &'static str {
    static MADE: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    let made = MADE.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(tag, _)| {
                let words = PageWords {
                    lang: tag,
                    messages: page::catalogue(tag, page::PAGE_FILES),
                };
                let json = serde_json::to_string(&words).unwrap_or_else(|_| "{}".to_string());
                // `</script>` or `<!--` inside the block would end or change it.
                (*tag, json.replace('<', "\\u003c"))
            })
            .collect()
    });
    made.get(lang).map_or("{}", String::as_str)
}

/// `template` filled in the language of `words`: see the module's docs.
pub fn fill(template: &str, words: &'static Words) -> String {
    let mut out = String::with_capacity(template.len() + 4096);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find("}}") else {
            break;
        };
        let key = &rest[start + 2..start + len];
        match key {
            "lang" => out.push_str(words.lang()),
            "words" => out.push_str(words_json(words.lang())),
            "languages" => out.push_str(&options(words)),
            _ => match key.strip_prefix("t:") {
                Some(id) => out.push_str(&html_escape::encode_safe(&words.msg(id))),
                None => out.push_str(&rest[start..start + len + 2]),
            },
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The chooser's options: each shipped language in its own name and script, the one in use
/// chosen.
fn options(words: &Words) -> String {
    SHIPPED
        .iter()
        .map(|(tag, _)| {
            let name = pachisi_words::words(tag).msg("language-name");
            let selected = if *tag == words.lang() {
                " selected"
            } else {
                ""
            };
            format!(
                r#"<option value="{tag}" lang="{tag}"{selected}>{}</option>"#,
                html_escape::encode_safe(&name)
            )
        })
        .collect()
}

/// The page `name` (`index.html` or `learn.html`) filled in the language of `words`, made once
/// per page and language: a page is the same for everyone who asks in one language.
pub fn page(name: &str, words: &'static Words) -> &'static str {
    static MADE: OnceLock<HashMap<(&'static str, &'static str), String>> = OnceLock::new();
    let made = MADE.get_or_init(|| {
        let mut made = HashMap::new();
        for (page, text) in PAGES {
            for (tag, _) in SHIPPED {
                made.insert((*page, *tag), fill(text, pachisi_words::words(tag)));
            }
        }
        made
    });
    made.iter()
        .find(|((page, lang), _)| *page == name && *lang == words.lang())
        .map_or("", |(_, text)| text.as_str())
}

/// The pages filled in every language, by name.
const PAGES: &[(&str, &str)] = &[
    ("index.html", include_str!("../web/index.html")),
    ("learn.html", include_str!("../web/learn.html")),
];

/// The headers of a page filled in a language: it differs by the cookie and the browser's
/// languages, so no cache keeps one language's page for another.
pub fn page_headers() -> [(header::HeaderName, &'static str); 3] {
    [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::VARY, "Cookie, Accept-Language"),
        (header::CACHE_CONTROL, "no-cache"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                k.clone(),
                HeaderValue::from_str(v).unwrap_or(HeaderValue::from_static("")),
            );
        }
        h
    }

    #[test]
    fn every_page_is_made_in_every_language() {
        for (name, _) in PAGES {
            for (tag, _) in SHIPPED {
                let page = page(name, pachisi_words::words(tag));
                assert!(
                    page.contains(&format!("<html lang=\"{tag}\">")),
                    "{name} {tag}"
                );
                assert!(!page.contains("{{"), "{name} {tag}");
            }
        }
        assert_eq!(page("no-such.html", pachisi_words::english()), "");
    }

    #[test]
    fn the_cookie_wins_over_the_browser_and_an_unknown_one_is_ignored() {
        assert_eq!(chosen(&headers(&[])).lang(), "en");
        let last = SHIPPED.last().map_or("en", |(tag, _)| *tag);
        let h = headers(&[
            (header::COOKIE, &format!("theme=dark; lang={last}")),
            (header::ACCEPT_LANGUAGE, "en"),
        ]);
        assert_eq!(chosen(&h).lang(), last);
        let h = headers(&[
            (header::COOKIE, "lang=xx"),
            (header::ACCEPT_LANGUAGE, "de, en;q=0.5"),
        ]);
        assert_eq!(chosen(&h).lang(), "en");
    }

    #[test]
    fn a_template_is_filled_escaped_and_its_words_cannot_end_the_data_block() {
        let english = pachisi_words::english();
        let page = fill(
            r#"<html lang="{{lang}}"><h1>{{t:colour-red}}</h1>{{unknown}}<script type="application/json">{{words}}</script>"#,
            english,
        );
        assert!(
            page.starts_with(r#"<html lang="en"><h1>Red</h1>{{unknown}}"#),
            "{page}"
        );
        let json = words_json("en");
        assert!(!json.contains('<'));
        let data: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        assert_eq!(data["lang"], "en");
        assert_eq!(data["messages"]["colour-red"][0], "Red");
        assert!(fill("{{languages}}", english)
            .contains(r#"<option value="en" lang="en" selected>English</option>"#));
    }
}
