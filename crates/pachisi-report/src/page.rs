//! The HTML page: one file, every figure inlined as SVG, the style inline, no script, no font,
//! image or style sheet from elsewhere. It is also well-formed XML, so any XML parser reads it.
//! [`escape`] and [`count`], the words and numbers the figures share with it, are named here
//! too.

use crate::calibration;
use crate::plot::{colour, Figure};
use crate::{Matchup, ReportData, RulesetReport, DATA_FILE};
use std::fmt::Write;

pub use crate::text::{count, escape};

/// The page's style sheet.
const STYLE: &str = r#"
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f4f4f1; color: #1d1d1f;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1060px; margin: 0 auto; padding: 28px 24px 48px; }
header h1 { margin: 0 0 4px; font-size: 28px; letter-spacing: -0.01em; }
header .lede { margin: 0 0 14px; color: #444; font-size: 16px; }
h2 { font-size: 20px; margin: 0 0 10px; }
section { background: #fff; border: 1px solid #e2e2dc; border-radius: 8px; padding: 18px 20px;
  margin: 18px 0; }
pre.command { background: #1f2430; color: #e8e8e8; padding: 10px 14px; border-radius: 6px;
  overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: 6px 0 10px;
  font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
nav ol { margin: 6px 0 0; padding-left: 22px; columns: 2; }
nav a, footer a { color: #0b5fa5; }
figure { margin: 0; }
figure svg { display: block; width: 100%; height: auto; }
figcaption { margin-top: 8px; color: #333; font-size: 14px; max-width: 72em; }
table { border-collapse: collapse; width: 100%; font-size: 13.5px; margin: 4px 0 8px; }
th, td { padding: 5px 8px; border-bottom: 1px solid #e6e6e1; text-align: right;
  vertical-align: top; }
th { background: #f7f7f4; font-weight: 600; border-bottom: 2px solid #d6d6cf; }
th:first-child, td:first-child { text-align: left; }
td.name { white-space: nowrap; }
th.list, td.list { text-align: left; }
td.list > span { display: block; white-space: nowrap; }
.interval { white-space: nowrap; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 6px; vertical-align: baseline; }
.muted { color: #666; }
.note { color: #5a4a00; background: #fff8dc; border: 1px solid #f0e2a8; border-radius: 6px;
  padding: 8px 12px; }
.table-wrap { overflow-x: auto; }
footer { color: #555; font-size: 13px; margin-top: 24px; }
"#;

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn p_value(p: f64) -> String {
    if p < 0.001 {
        "&lt; 0.001".to_string()
    } else {
        format!("{p:.3}")
    }
}

/// A score with its interval, e.g. `78.5% (74.0–83.0)`.
fn score(m: &Matchup) -> String {
    match (m.low, m.high) {
        (Some(lo), Some(hi)) => format!(
            "{} <span class=\"muted interval\">({:.1}–{:.1})</span>",
            percent(m.score),
            100.0 * lo,
            100.0 * hi
        ),
        _ => percent(m.score),
    }
}

fn swatch(index: usize) -> String {
    let c = colour(index);
    format!(
        "<span class=\"swatch\" style=\"background: rgb({}, {}, {})\"></span>",
        c.0, c.1, c.2
    )
}

/// The whole page.
pub fn html(data: &ReportData, figures: &[Figure]) -> String {
    let names: Vec<&str> = data.rulesets.iter().map(|r| r.name.as_str()).collect();
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    let _ = writeln!(
        out,
        "<title>Pachisi ruleset report: {}</title>",
        escape(&names.join(", "))
    );
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>\n<main>");
    header(&mut out, data, figures);
    key_numbers(&mut out, data);
    for (i, f) in figures.iter().enumerate() {
        let _ = writeln!(
            out,
            "<section id=\"{}\">\n<h2>{}. {}</h2>\n<figure>\n{}\n<figcaption>{}</figcaption>\n</figure>",
            escape(f.id()),
            i + 1,
            escape(&f.title),
            svg_body(&f.svg),
            escape(&f.caption)
        );
        match f.id() {
            "seat-advantage" => win_table(&mut out, data),
            "luck-skill" => skill_notes(&mut out, data),
            "calibration" => calibration::table(&mut out, data),
            _ => {}
        }
        out.push_str("</section>\n");
    }
    left_out(&mut out, data, figures);
    let _ = writeln!(
        out,
        "<footer>Beside this page: <a href=\"{DATA_FILE}\">{DATA_FILE}</a> (every number \
         above, and the matches' full results){}. Wilson intervals: Wilson (1927), \
         <i>Probable inference, the law of succession, and statistical inference</i>.</footer>",
        figures
            .iter()
            .map(|f| format!(", <a href=\"{0}\">{0}</a>", escape(&f.file)))
            .collect::<String>()
    );
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// A section for each figure that was not measured, saying why and how to measure it.
fn left_out(out: &mut String, data: &ReportData, figures: &[Figure]) {
    let first_note = |notes: fn(&RulesetReport) -> Option<&str>| {
        data.rulesets
            .iter()
            .find_map(|r| notes(r).map(str::to_string))
            .unwrap_or_else(|| "not measured".to_string())
    };
    let optional = [
        (
            "luck-skill",
            "Luck versus skill",
            first_note(|r| r.skill.skipped.as_deref()),
            "--skill-games N",
            "to play the matches",
        ),
        (
            "calibration",
            "Calibration of the winning chances",
            first_note(|r| r.calibration.notes.first().map(String::as_str)),
            "--calibration-games N",
            "to measure the bots' chances",
        ),
    ];
    let mut number = figures.len();
    for (id, title, why, option, to) in optional {
        if figures.iter().any(|f| f.id() == id) {
            continue;
        }
        number += 1;
        let _ = writeln!(
            out,
            "<section id=\"{id}\">\n<h2>{number}. {title}</h2>\n<p class=\"note\">This figure \
             is left out: {}. Give <code>{option}</code> {to}.</p>\n</section>",
            escape(&why)
        );
    }
}

/// A plotters SVG without any XML declaration before its root element, ready to inline.
fn svg_body(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(at) => svg[at..].trim_end(),
        None => svg.trim_end(),
    }
}

fn header(out: &mut String, data: &ReportData, figures: &[Figure]) {
    let skill = if data.skill_games == 0 {
        "no luck-versus-skill matches".to_string()
    } else {
        format!(
            "luck-versus-skill matches of {} games per pairing (heuristic against random, {} \
             against heuristic)",
            count(data.skill_games),
            escape(&data.best_bot)
        )
    };
    let calibration = if data.calibration_games == 0 {
        String::new()
    } else {
        format!(
            "; the bots' winning chances judged on {} held-out games",
            count(data.calibration_games)
        )
    };
    let _ = writeln!(
        out,
        "<header>\n<h1>Ruleset report</h1>\n<p class=\"lede\">{} compared: {} random games per \
         ruleset with seed {}, and {skill}{calibration}.</p>\n<div>Made with this command; the same command \
         writes the same page:</div>\n<pre class=\"command\"><code>{}</code></pre>",
        data.rulesets
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}<b>{}</b>", swatch(i), escape(&r.name)))
            .collect::<Vec<_>>()
            .join(", "),
        count(data.games),
        data.seed,
        escape(&data.command)
    );
    out.push_str("<nav><b>Contents</b>\n<ol>\n<li><a href=\"#numbers\">Key numbers</a></li>\n");
    for f in figures {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a></li>",
            escape(f.id()),
            escape(&f.title)
        );
    }
    out.push_str("</ol>\n</nav>\n</header>\n");
}

fn skill_cell(m: Option<&Matchup>) -> String {
    m.map_or_else(|| "<span class=\"muted\">–</span>".to_string(), score)
}

fn key_numbers(out: &mut String, data: &ReportData) {
    let _ = writeln!(
        out,
        "<section id=\"numbers\">\n<h2>Key numbers</h2>\n<div class=\"table-wrap\">\n<table>\n\
         <thead><tr><th>Ruleset</th><th>Games</th><th>Throws per game: mean</th>\
         <th>median</th><th>5%–95%</th><th>Seat win shares</th><th>Fair share</th>\
         <th>Throws: chi-square p</th><th>Heuristic vs random</th><th>{} vs heuristic</th>\
         </tr></thead>\n<tbody>",
        escape(&capitalised(&data.best_bot))
    );
    for (i, r) in data.rulesets.iter().enumerate() {
        let s = &r.summary;
        let d = &s.throws_per_game;
        let (lo, hi) = seat_range(r);
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{}<b>{}</b><br/><span class=\"muted\">{}</span></td>\
             <td>{}{}</td><td>{:.1}</td><td>{}</td><td>{}–{}</td><td>{}–{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td></tr>",
            swatch(i),
            escape(&r.name),
            escape(&r.title),
            count(s.games),
            if s.unfinished > 0 {
                format!(
                    "<br/><span class=\"muted\">{} unfinished</span>",
                    count(s.unfinished)
                )
            } else {
                String::new()
            },
            d.mean,
            d.median,
            d.p5,
            d.p95,
            percent(lo),
            percent(hi),
            percent(1.0 / f64::from(r.teams.max(1))),
            p_value(s.throws.p_value),
            skill_cell(r.skill.heuristic_vs_random.as_ref()),
            skill_cell(r.skill.best_vs_heuristic.as_ref()),
        );
    }
    out.push_str(
        "</tbody>\n</table>\n</div>\n<p class=\"muted\">Seat win shares: the lowest and the \
         highest seat's share of the random games. Chi-square p: the chance of throw counts at \
         least this far from the exact probabilities if the throws follow them. Bot scores: \
         points per game with a 95% interval over deals.</p>\n</section>\n",
    );
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn seat_range(r: &RulesetReport) -> (f64, f64) {
    let rates = r.summary.seat_wins.iter().map(|w| w.share.rate);
    let lo = rates.clone().fold(f64::INFINITY, f64::min);
    let hi = rates.fold(f64::NEG_INFINITY, f64::max);
    if lo.is_finite() {
        (lo, hi)
    } else {
        (0.0, 0.0)
    }
}

fn win_table(out: &mut String, data: &ReportData) {
    out.push_str(
        "<div class=\"table-wrap\">\n<table>\n<thead><tr><th>Ruleset</th>\
         <th class=\"list\">Seats: games won (95% interval)</th><th class=\"list\">Teams</th></tr></thead>\n<tbody>\n",
    );
    for (i, r) in data.rulesets.iter().enumerate() {
        let list = |wins: &[pachisi_sim::WinShare]| -> String {
            wins.iter()
                .map(|w| {
                    format!(
                        "<span>{}: {} <span class=\"muted\">({:.1}–{:.1})</span></span>",
                        escape(&w.name),
                        percent(w.share.rate),
                        100.0 * w.share.low,
                        100.0 * w.share.high
                    )
                })
                .collect()
        };
        let teams = if r.teams < r.seats {
            list(&r.summary.team_wins)
        } else {
            "<span class=\"muted\">every seat plays alone</span>".to_string()
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{}<b>{}</b></td><td class=\"list\">{}</td>\
             <td class=\"list\">{}</td></tr>",
            swatch(i),
            escape(&r.name),
            list(&r.summary.seat_wins),
            teams
        );
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
}

fn skill_notes(out: &mut String, data: &ReportData) {
    out.push_str(
        "<div class=\"table-wrap\">\n<table>\n<thead><tr><th>Ruleset</th><th class=\"list\">Match</th>\
         <th>Games</th><th>Deals</th><th>Won–lost–drawn</th><th>Score (95% interval)</th>\
         </tr></thead>\n<tbody>\n",
    );
    for (i, r) in data.rulesets.iter().enumerate() {
        let matches = [
            r.skill.heuristic_vs_random.as_ref(),
            r.skill.best_vs_heuristic.as_ref(),
        ];
        if let Some(why) = &r.skill.skipped {
            let _ = writeln!(
                out,
                "<tr><td class=\"name\">{}<b>{}</b></td><td class=\"list\" colspan=\"5\">not \
                 measured: {}</td></tr>",
                swatch(i),
                escape(&r.name),
                escape(why)
            );
            continue;
        }
        for m in matches.into_iter().flatten() {
            let _ = writeln!(
                out,
                "<tr><td class=\"name\">{}<b>{}</b></td><td class=\"list\">{} vs {}</td>\
                 <td>{}</td><td>{}</td><td>{}–{}–{}</td><td>{}</td></tr>",
                swatch(i),
                escape(&r.name),
                escape(&m.first),
                escape(&m.second),
                count(m.games),
                count(m.deals),
                m.first_wins,
                m.second_wins,
                m.draws,
                score(m)
            );
        }
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures;

    /// Parses the page as XML; its `<!DOCTYPE html>` is a document type declaration.
    fn parse_html(text: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        roxmltree::Document::parse_with_options(text, options)
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#x27;d&#x27;&gt;"
        );
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(20_000), "20,000");
        assert_eq!(count(1_234_567), "1,234,567");
    }

    #[test]
    fn the_page_is_well_formed_and_inlines_every_figure() {
        let mut config = crate::tests::config(&["pachisi", "ludo"], 20, 2);
        config.command = "pachisi report --rules pachisi,ludo --out 'a <dir>'".to_string();
        config.calibration_games = 3;
        let data = crate::gather(&config, &crate::Silent).expect("gathers");
        let figures = figures::all(&data).expect("draws");
        let page = html(&data, &figures);
        let doc = parse_html(&page).expect("well-formed");
        let svgs = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "svg")
            .count();
        assert_eq!(svgs, figures.len());
        for f in &figures {
            assert!(page.contains(svg_body(&f.svg)), "{} not inlined", f.file);
            assert!(
                page.contains(&escape(&f.caption)),
                "{} has no caption",
                f.file
            );
        }
        assert!(page.contains("--out &#x27;a &lt;dir&gt;&#x27;"));
        assert!(!page.contains("<script"));
        for external in ["src=\"http", "href=\"http", "url(", "@import"] {
            assert!(!page.contains(external), "the page loads {external}");
        }
    }

    #[test]
    fn a_page_without_matches_says_why() {
        let data = crate::gather(&crate::tests::config(&["ludo"], 10, 0), &crate::Silent)
            .expect("gathers");
        let page = html(&data, &figures::all(&data).expect("draws"));
        assert!(page.contains("This figure is left out"));
        parse_html(&page).expect("well-formed");
    }
}
