//! The page, embedded in the binary: `pachisi serve` needs no other files and loads nothing
//! from the internet.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The page.
pub async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("../web/index.html"),
    )
}

/// The page's script (a JavaScript module).
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../web/app.js"),
    )
}

/// The page's style.
pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../web/style.css"),
    )
}

/// The modules `app.js` imports (`/js/NAME.js`), each a file of `web/js/`.
const MODULES: &[(&str, &str)] = &[];

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
