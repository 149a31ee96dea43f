//! What every request passes before and after its route: the names the server answers to
//! (its `Host`), the pages that may act on it (their `Origin`), the headers that keep the page
//! in its own origin, and error bodies in one form (`{"error": "..."}`) whoever refused the
//! request, a route or the framework.
//!
//! A page of another site can make a visitor's browser send requests to this server (a form's
//! POST, a WebSocket), and a name that an attacker's DNS points at 127.0.0.1 makes the server
//! look same-site to the browser (DNS rebinding). So the server answers only to IP addresses,
//! `localhost` and the name of `--public-url`, and refuses a request that changes anything, or
//! opens a WebSocket, from a page whose origin is not the server's own. A request with no
//! `Origin` comes from no browser page (a script, curl) and is let through: it could not act
//! for a visitor.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The server's own address as the world sees it, from `--public-url`.
#[derive(Clone, Debug, Default)]
pub struct Site {
    /// `scheme://host[:port]` of the public address, lower case.
    origin: Option<String>,
    /// The host of the public address (without port), lower case.
    host: Option<String>,
}

impl Site {
    /// The site of `public_url` (`https://pachisi.example.org/`), or of none.
    ///
    /// # Errors
    /// When `public_url` is not an `http://` or `https://` address with a host.
    pub fn new(public_url: Option<&str>) -> Result<Site, String> {
        let Some(url) = public_url else {
            return Ok(Site::default());
        };
        let bad = || {
            format!("`{url}` is not a public address: write it as http://HOST[:PORT]/ or https://HOST[:PORT]/")
        };
        let (scheme, rest) = url.split_once("://").ok_or_else(bad)?;
        let scheme = scheme.to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(bad());
        }
        let authority = rest
            .split('/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if authority.is_empty() || authority.contains('@') {
            return Err(bad());
        }
        Ok(Site {
            origin: Some(format!("{scheme}://{authority}")),
            host: Some(host_of(&authority).to_string()),
        })
    }

    /// Whether the server answers to `host` (a `Host` header).
    fn serves(&self, host: &str) -> bool {
        let name = host_of(host);
        name.parse::<IpAddr>().is_ok()
            || name.eq_ignore_ascii_case("localhost")
            || self
                .host
                .as_deref()
                .is_some_and(|h| h.eq_ignore_ascii_case(name))
    }

    /// Whether a page of `origin` may act on the server reached as `host`.
    fn trusts(&self, origin: &str, host: &str) -> bool {
        let origin = origin.to_ascii_lowercase();
        let host = host.to_ascii_lowercase();
        origin == format!("http://{host}")
            || origin == format!("https://{host}")
            || self.origin.as_deref() == Some(origin.as_str())
    }
}

/// The host of `authority` without its port: `[::1]:80` gives `::1`, `a.b:80` gives `a.b`.
fn host_of(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default();
    }
    match authority.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => authority,
    }
}

/// The error body every refusal has.
pub fn error_response(status: StatusCode, message: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        serde_json::json!({ "error": message }).to_string(),
    )
        .into_response()
}

/// Refuses a request to a name the server does not answer to (421), or one that would act
/// from a page of another origin (403).
pub async fn check_site(State(site): State<Arc<Site>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let Some(host) = text(headers, header::HOST) else {
        return error_response(StatusCode::BAD_REQUEST, "the request has no Host header");
    };
    if !site.serves(host) {
        return error_response(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "this server does not answer to the name `{}`: reach it by its address, or start it with --public-url naming it",
                host_of(host)
            ),
        );
    }
    let acts = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || headers.contains_key(header::UPGRADE);
    if acts {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let trusted = origin.to_str().is_ok_and(|o| site.trusts(o, host));
            if !trusted {
                return error_response(
                    StatusCode::FORBIDDEN,
                    "a page of another site may not act on this server",
                );
            }
        }
    }
    next.run(request).await
}

fn text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The most of a refusal's own text kept in its JSON body.
const ERROR_TEXT: usize = 1024;

/// Gives every error the JSON body `{"error": "..."}` (a refusal of the framework's, a body
/// too large or a method not allowed, comes as plain text or empty), and every answer the
/// headers that keep the page to its own origin.
pub async fn finish(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let response = next.run(request).await;
    let mut response = if response.status().is_client_error() || response.status().is_server_error()
    {
        json_error(response, &method).await
    } else {
        response
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn json_error(response: Response, method: &Method) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let said = axum::body::to_bytes(body, ERROR_TEXT)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = match parts.status {
        // The router adds the methods it takes (`Allow`) after this layer has run.
        StatusCode::METHOD_NOT_ALLOWED => format!(
            "this address does not take {method}: the Allow header lists the methods it takes"
        ),
        _ if !said.is_empty() => said,
        status => status
            .canonical_reason()
            .unwrap_or("the request was refused")
            .to_lowercase(),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_answers_to_addresses_localhost_and_its_public_name() {
        let site = Site::new(Some("https://Pachisi.example.org/play")).expect("site");
        for host in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "192.168.1.20",
            "localhost:8080",
            "pachisi.example.org",
            "PACHISI.example.org:443",
        ] {
            assert!(site.serves(host), "{host}");
        }
        for host in [
            "evil.example",
            "127.0.0.1.evil.example:8080",
            "pachisi.example.org.evil",
        ] {
            assert!(!site.serves(host), "{host}");
        }
        assert!(!Site::default().serves("pachisi.example.org"));
    }

    #[test]
    fn only_the_servers_own_pages_may_act() {
        let site = Site::new(Some("https://pachisi.example.org")).expect("site");
        assert!(site.trusts("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assert!(site.trusts("https://pachisi.example.org", "10.0.0.5:8080"));
        assert!(!site.trusts("http://127.0.0.1:9999", "127.0.0.1:8080"));
        assert!(!site.trusts("https://evil.example", "127.0.0.1:8080"));
        assert!(!site.trusts("null", "127.0.0.1:8080"));
    }

    #[test]
    fn public_addresses_are_checked() {
        for bad in [
            "pachisi.example.org",
            "ftp://x",
            "https://",
            "http://user@host/",
        ] {
            assert!(Site::new(Some(bad)).is_err(), "{bad}");
        }
    }
}
