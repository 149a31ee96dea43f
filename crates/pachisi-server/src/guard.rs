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
//!
//! The name is read from the whole authority, `host[:port]`, and anything else in it is refused
//! (so `[::1].evil.example` is no address); a request whose target is an absolute URI
//! (`GET http://name/path`) is checked, and handled, by that URI's authority, which replaces
//! `Host` (RFC 9112, section 3.2.2).

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
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
            .split(['/', '?', '#'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        let host = host_of(&authority).ok_or_else(bad)?.to_string();
        Ok(Site {
            origin: Some(format!("{scheme}://{authority}")),
            host: Some(host),
        })
    }

    /// Whether the server answers to `authority` (a `Host` header, or the authority of an
    /// absolute URI): an IP address, `localhost` or the public name, with an optional port and
    /// nothing more.
    fn serves(&self, authority: &str) -> bool {
        let Some(name) = host_of(authority) else {
            return false;
        };
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

/// The host of `authority` without its port (`[::1]:80` gives `::1`, `a.b:80` gives `a.b`), or
/// `None` when `authority` is not one: it must be an IPv6 address in brackets, or a name or IPv4
/// address (letters, digits, `-`, `.`, `_`), then at most a colon and a port (1 to 65535), and
/// nothing else: no user before an `@`, nothing after the `]` or the port. Whatever reads the
/// host then reads the same one as the client and any proxy before the server.
fn host_of(authority: &str) -> Option<&str> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        inside.parse::<std::net::Ipv6Addr>().ok()?;
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':')?),
        };
        (inside, port)
    } else {
        let (host, port) = match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        };
        let name = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_');
        if host.is_empty() || !host.bytes().all(name) {
            return None;
        }
        (host, port)
    };
    if let Some(port) = port {
        let digits =
            !port.is_empty() && port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit());
        if !digits || port.parse::<u16>().ok()? == 0 {
            return None;
        }
    }
    Some(host)
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

/// Refuses a request without one well-formed `Host` (400), to a name the server does not answer
/// to (421), or one that would act from a page of another origin (403). A request whose target
/// names a host (`GET http://name/path`) is checked by that name, and goes on with it as its
/// `Host`, so that the routes (the links they write) see the name that was checked.
pub async fn check_site(
    State(site): State<Arc<Site>>,
    mut request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    let mut hosts = headers.get_all(header::HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host,
        (None, _) => {
            return error_response(StatusCode::BAD_REQUEST, "the request has no Host header")
        }
        (Some(_), Some(_)) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                "the request has more than one Host header",
            )
        }
    };
    let Some(host) = host.to_str().ok().filter(|h| host_of(h).is_some()) else {
        return error_response(
            StatusCode::BAD_REQUEST,
            "the Host header is not a name or an address with an optional port",
        );
    };
    let uri = request.uri();
    let authority = match uri.authority() {
        None => host,
        Some(named) => {
            // `CONNECT name:port` (authority-form) has no scheme.
            let http = match uri.scheme_str() {
                None => true,
                Some(s) => s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"),
            };
            if !http || host_of(named.as_str()).is_none() {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    "the request's target is not an http address of a name or an address with an optional port",
                );
            }
            named.as_str()
        }
    };
    if !site.serves(authority) {
        return error_response(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "this server does not answer to the name `{}`: reach it by its address, or start it with --public-url naming it",
                host_of(authority).unwrap_or_default()
            ),
        );
    }
    let authority = authority.to_string();
    if authority != host {
        match HeaderValue::from_str(&authority) {
            Ok(value) => {
                request.headers_mut().insert(header::HOST, value);
            }
            Err(_) => {
                return error_response(StatusCode::BAD_REQUEST, "the request's target is malformed")
            }
        }
    }
    let headers = request.headers();
    let acts = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) || headers.contains_key(header::UPGRADE);
    if acts {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let trusted = origin.to_str().is_ok_and(|o| site.trusts(o, &authority));
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
    // JSON errors are in their form already; a page (`/rules/NAME` of an unknown name) is
    // meant for a person and stays one.
    let kept = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| {
            v.as_bytes().starts_with(b"application/json") || v.as_bytes().starts_with(b"text/html")
        });
    if kept {
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
            "[::1].evil.example",
            "[::1]evil",
            "[::1]:8080.evil.example",
            "user@127.0.0.1",
            "127.0.0.1@evil.example",
            "127.0.0.1:8080:80",
        ] {
            assert!(!site.serves(host), "{host}");
        }
        assert!(!Site::default().serves("pachisi.example.org"));
    }

    #[test]
    fn an_authority_is_read_whole() {
        for (authority, host) in [
            ("127.0.0.1", "127.0.0.1"),
            ("127.0.0.1:8080", "127.0.0.1"),
            ("[::1]", "::1"),
            ("[::1]:65535", "::1"),
            ("[2001:db8::7]:80", "2001:db8::7"),
            ("Pachisi.example.org:443", "Pachisi.example.org"),
            ("localhost", "localhost"),
        ] {
            assert_eq!(host_of(authority), Some(host), "{authority}");
        }
        for authority in [
            "",
            "[::1].evil.example",
            "[::1]evil",
            "[::1]:80evil",
            "[::1]:",
            "[::1",
            "[evil.example]",
            "[127.0.0.1]",
            "[fe80::1%25eth0]",
            "::1",
            "user@127.0.0.1",
            "user:pass@localhost:80",
            "localhost:",
            "localhost:0",
            "localhost:65536",
            "localhost:+80",
            "localhost:080808",
            "localhost:80:80",
            "local host",
            "localhost/evil",
            ":80",
        ] {
            assert_eq!(host_of(authority), None, "{authority}");
        }
    }

    /// A router behind the check that answers with the `Host` its route sees.
    fn guarded(site: Site) -> axum::Router {
        axum::Router::new()
            .route(
                "/x",
                axum::routing::get(|headers: axum::http::HeaderMap| async move {
                    headers
                        .get(header::HOST)
                        .and_then(|h| h.to_str().ok())
                        .unwrap_or_default()
                        .to_string()
                }),
            )
            .layer(axum::middleware::from_fn_with_state(
                Arc::new(site),
                check_site,
            ))
    }

    /// The status and body of a GET of `target` with these `Host` headers.
    async fn answer(target: &str, hosts: &[&str]) -> (u16, String) {
        use tower::ServiceExt;
        let mut request = Request::builder().uri(target);
        for host in hosts {
            request = request.header(header::HOST, *host);
        }
        let response = guarded(Site::default())
            .oneshot(request.body(Body::empty()).expect("request"))
            .await
            .expect("answer");
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), 4096)
            .await
            .expect("body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn a_host_header_is_one_whole_authority() {
        assert_eq!(answer("/x", &["127.0.0.1:8080"]).await.0, 200);
        assert_eq!(answer("/x", &["[::1]:8080"]).await.0, 200);
        for host in [
            "[::1].evil.example",
            "[::1]evil",
            "[::1]:8080evil",
            "user@127.0.0.1",
            "127.0.0.1:80x",
        ] {
            let (status, body) = answer("/x", &[host]).await;
            assert_eq!(status, 400, "{host}: {body}");
        }
        assert_eq!(answer("/x", &["evil.example"]).await.0, 421);
        assert_eq!(answer("/x", &[]).await.0, 400, "no Host");
        let (status, body) = answer("/x", &["127.0.0.1", "evil.example"]).await;
        assert_eq!(status, 400, "two Hosts: {body}");
    }

    #[tokio::test]
    async fn an_absolute_target_is_checked_and_handled_by_its_own_authority() {
        let (status, body) = answer("http://evil.example/x", &["127.0.0.1"]).await;
        assert_eq!(status, 421, "{body}");
        assert!(body.contains("evil.example"), "{body}");
        let (status, body) = answer("http://user@127.0.0.1/x", &["127.0.0.1"]).await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = answer("ftp://127.0.0.1/x", &["127.0.0.1"]).await;
        assert_eq!(status, 400, "{body}");
        // The target's authority replaces Host (RFC 9112, 3.2.2): the route sees what was checked.
        assert_eq!(
            answer("http://127.0.0.1:8080/x", &["evil.example"]).await,
            (200, "127.0.0.1:8080".to_string())
        );
        assert_eq!(
            answer("http://localhost:8080/x", &["localhost:8080"]).await,
            (200, "localhost:8080".to_string())
        );
        // Host must still be one well-formed authority.
        assert_eq!(answer("http://127.0.0.1/x", &["[::1]evil"]).await.0, 400);
        assert_eq!(answer("http://127.0.0.1/x", &[]).await.0, 400);
    }

    /// The same over a real connection: hyper hands on the target as the client wrote it.
    #[tokio::test]
    async fn a_served_request_is_checked_by_its_whole_authority() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("address").port();
        let limits = crate::Limits::default();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            crate::net::serve(listener, guarded(Site::default()), &limits, async {
                let _ = stopped.await;
            })
            .await;
        });
        let exchange = |head: String| async move {
            let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .expect("connect");
            stream
                .write_all(format!("{head}\r\nConnection: close\r\n\r\n").as_bytes())
                .await
                .expect("send");
            let mut answer = Vec::new();
            let read = stream.read_to_end(&mut answer);
            tokio::time::timeout(std::time::Duration::from_secs(10), read)
                .await
                .expect("answered in time")
                .expect("read");
            String::from_utf8_lossy(&answer).into_owned()
        };
        for (head, status) in [
            (
                "GET /x HTTP/1.1\r\nHost: [::1].evil.example".to_string(),
                "400",
            ),
            ("GET /x HTTP/1.1\r\nHost: [::1]evil".to_string(), "400"),
            (
                "GET http://evil.example/x HTTP/1.1\r\nHost: 127.0.0.1".to_string(),
                "421",
            ),
            (
                format!("GET http://127.0.0.1:{port}/x HTTP/1.1\r\nHost: 127.0.0.1:{port}"),
                "200",
            ),
        ] {
            let answer = exchange(head.clone()).await;
            assert!(
                answer.starts_with(&format!("HTTP/1.1 {status} ")),
                "{head}: {answer}"
            );
        }
        let answer = exchange(format!(
            "GET http://127.0.0.1:{port}/x HTTP/1.1\r\nHost: evil.example"
        ))
        .await;
        assert!(
            answer.starts_with("HTTP/1.1 200 ") && answer.ends_with(&format!("127.0.0.1:{port}")),
            "{answer}"
        );
        let _ = stop.send(());
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), server).await;
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
            "https://[::1]x/",
            "https://[::1].evil.example/",
            "http://host:port/",
        ] {
            assert!(Site::new(Some(bad)).is_err(), "{bad}");
        }
    }
}
