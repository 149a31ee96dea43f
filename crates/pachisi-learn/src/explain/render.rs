//! An [`Explanation`] shown: as plain text for the terminal (paragraphs wrapped, tables in
//! columns) and as HTML for a page (every word escaped, the route figure drawn as SVG). The
//! words are the explanation's; this module adds only layout.

use super::{Block, Explanation, RouteFigure, Table};
use std::fmt::Write;

/// The width plain text is wrapped to: a terminal's 80 columns with a margin.
const WIDTH: usize = 78;

/// The explanation as plain text. The figure is left out: a terminal has the route as a list
/// (`pachisi rules route`).
pub fn text(explanation: &Explanation) -> String {
    let mut out = String::new();
    underline(&mut out, &explanation.title, '=');
    // The summary names the source already.
    wrap(&mut out, &explanation.summary, "");
    for section in &explanation.sections {
        out.push('\n');
        underline(&mut out, &section.heading, '-');
        for block in &section.blocks {
            match block {
                Block::Paragraph(p) => wrap(&mut out, p, ""),
                Block::Table(t) => text_table(&mut out, t),
                Block::Figure(_) => continue,
            }
            out.push('\n');
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

fn underline(out: &mut String, heading: &str, mark: char) {
    out.push_str(heading);
    out.push('\n');
    out.extend(std::iter::repeat(mark).take(heading.chars().count()));
    out.push_str("\n\n");
}

/// Appends `text` wrapped at [`WIDTH`], each line after `indent`.
fn wrap(out: &mut String, text: &str, indent: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        let len = |s: &str| s.chars().count();
        if !line.is_empty() && len(indent) + len(&line) + 1 + len(word) > WIDTH {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
}

fn text_table(out: &mut String, table: &Table) {
    out.push_str(&table.caption);
    out.push_str(":\n");
    let columns = table.headings.len();
    let mut widths: Vec<usize> = table.headings.iter().map(|h| h.chars().count()).collect();
    for row in &table.rows {
        for (i, cell) in row.iter().enumerate().take(columns) {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |out: &mut String, cells: &[String]| {
        let mut text = String::from("  ");
        for (i, cell) in cells.iter().enumerate().take(columns) {
            text.push_str(cell);
            if i + 1 < columns {
                let pad = widths[i] - cell.chars().count() + 2;
                text.extend(std::iter::repeat(' ').take(pad));
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    };
    line(out, &table.headings);
    for row in &table.rows {
        line(out, row);
    }
}

/// `text` escaped for HTML, in text and in attribute values.
pub fn escape(text: &str) -> String {
    html_escape::encode_quoted_attribute(text).into_owned()
}

/// The explanation as an HTML `<article>`: the title as its `<h1>`, a `<section>` with an `<h2>`
/// for each part, tables with captions and column headings, and the route as an SVG figure.
pub fn html(explanation: &Explanation) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<article class=\"how-to-play\">");
    let _ = writeln!(out, "<h1>{}</h1>", escape(&explanation.title));
    let _ = writeln!(
        out,
        "<p class=\"summary\">{}</p>",
        escape(&explanation.summary)
    );
    // The sections' ids carry a prefix of their own, so that a page that embeds the explanation
    // keeps its own ids (the game page has a `#throw` button) apart from them.
    for section in &explanation.sections {
        let _ = writeln!(
            out,
            "<section id=\"rules-{id}\" aria-labelledby=\"rules-{id}-heading\">\n<h2 id=\"rules-{id}-heading\">{}</h2>",
            escape(&section.heading),
            id = section.id
        );
        for block in &section.blocks {
            match block {
                Block::Paragraph(p) => {
                    let _ = writeln!(out, "<p>{}</p>", escape(p));
                }
                Block::Table(t) => html_table(&mut out, t),
                Block::Figure(f) => {
                    let _ = writeln!(
                        out,
                        "<figure>\n{}<figcaption>{}</figcaption>\n</figure>",
                        svg(f),
                        escape(&f.caption)
                    );
                }
            }
        }
        let _ = writeln!(out, "</section>");
    }
    let _ = writeln!(out, "</article>");
    out
}

fn html_table(out: &mut String, table: &Table) {
    let _ = writeln!(
        out,
        "<div class=\"table-scroll\"><table>\n<caption>{}</caption>",
        escape(&table.caption)
    );
    out.push_str("<thead><tr>");
    for h in &table.headings {
        let _ = write!(out, "<th scope=\"col\">{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &table.rows {
        out.push_str("<tr>");
        for cell in row {
            let _ = write!(out, "<td>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
}

/// The colour a seat's route is drawn in: the board's colours, darkened where the page's
/// ground would hide them.
fn ink(colour: &str) -> &'static str {
    match colour {
        "yellow" => "#b38a00",
        "green" => "#2e7d32",
        "black" => "#222222",
        "red" => "#c62828",
        "blue" => "#1565c0",
        "orange" => "#e65100",
        "white" => "#777777",
        _ => "#6b3f12",
    }
}

/// The route figure as an SVG image, one unit a cell: the squares, the castles crossed, the
/// route as a line from a ring (its start) to a dot (its end), arrows along it every few
/// squares for the direction.
pub fn svg(figure: &RouteFigure) -> String {
    let side = figure.side;
    let ink = ink(&figure.colour);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg class=\"route-figure\" viewBox=\"-0.5 -0.5 {s} {s}\" role=\"img\" aria-labelledby=\"route-figure-title\" xmlns=\"http://www.w3.org/2000/svg\">",
        s = side + 1
    );
    let _ = writeln!(
        out,
        "<title id=\"route-figure-title\">{}</title>",
        escape(&figure.title)
    );
    let _ = writeln!(
        out,
        "<defs><marker id=\"route-arrow\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"3.5\" markerHeight=\"3.5\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{ink}\"/></marker></defs>"
    );
    let centre = side / 2;
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"3\" height=\"3\" fill=\"#e9dcc0\" stroke=\"#8a6d3b\" stroke-width=\"0.06\"/>",
        centre - 1,
        centre - 1
    );
    for cell in &figure.cells {
        let fill = match (cell.castle, cell.on_route) {
            (true, _) => "#e7b2a4",
            (false, true) => "#fbf5e6",
            (false, false) => "#efe6d2",
        };
        let _ = writeln!(
            out,
            "<rect x=\"{}.05\" y=\"{}.05\" width=\"0.9\" height=\"0.9\" fill=\"{fill}\" stroke=\"#8a6d3b\" stroke-width=\"0.04\"/>",
            cell.x, cell.y
        );
        if cell.castle {
            let (x, y) = (f32::from(cell.x), f32::from(cell.y));
            let _ = writeln!(
                out,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#a3301f\" stroke-width=\"0.08\"/>",
                x + 0.2,
                y + 0.2,
                x + 0.8,
                y + 0.8,
                x + 0.8,
                y + 0.2,
                x + 0.2,
                y + 0.8
            );
        }
    }
    let point = |&(x, y): &(u16, u16)| (f32::from(x) + 0.5, f32::from(y) + 0.5);
    let points: Vec<String> = figure
        .path
        .iter()
        .map(|c| {
            let (x, y) = point(c);
            format!("{x},{y}")
        })
        .collect();
    let _ = writeln!(
        out,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"0.16\" stroke-linejoin=\"round\" stroke-opacity=\"0.8\"/>",
        points.join(" ")
    );
    // An arrow every few squares, pointing the way the pieces go.
    for i in (3..figure.path.len()).step_by(5) {
        let (x1, y1) = point(&figure.path[i - 1]);
        let (x2, y2) = point(&figure.path[i]);
        if (x1, y1) != (x2, y2) {
            let _ = writeln!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{ink}\" stroke-width=\"0.16\" marker-end=\"url(#route-arrow)\"/>"
            );
        }
    }
    if let (Some(first), Some(last)) = (figure.path.first(), figure.path.last()) {
        let (x, y) = point(first);
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"0.38\" fill=\"#fffdf8\" stroke=\"{ink}\" stroke-width=\"0.14\"/>"
        );
        let (x, y) = point(last);
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"0.3\" fill=\"{ink}\"/>"
        );
    }
    out.push_str("</svg>\n");
    out
}
