//! The report's words and numbers as the page and the figures write them: text escaped for
//! HTML and XML, and counts with their thousands separated.

/// Escapes text for HTML and XML.
pub fn escape(text: &str) -> String {
    html_escape::encode_quoted_attribute(text).into_owned()
}

/// A count with thousands separated by commas.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}
