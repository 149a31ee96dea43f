//! The calibration figure: how well the bots' winning chances match what happens.
//!
//! One panel per ruleset, a reliability diagram: each evaluator's chances (from
//! [`pachisi_bots::calibration::calibrate`], gathered into [`crate::Reliability`]) put in ten
//! bins, each bin drawn at its mean predicted chance (x) against the frequency of wins in it (y),
//! its area proportional to the chances it holds. On the diagonal the chances mean what they
//! say. This module draws the figure and the table the page shows under it.

use crate::plot::{font, grid, mesh, panels, percent_label, Area, DrawResult, Figure, REFERENCE};
use crate::text::{count, escape};
use crate::{ReportData, ReportError, RulesetReport, CALIBRATION_EVERY};
use plotters::prelude::*;
use std::fmt::Write;

/// The file name of the figure.
pub const FILE: &str = "calibration.svg";

/// Each evaluator's colour, in the order of [`crate::CALIBRATION_EVALUATORS`]; the same in
/// every panel, as the luck-versus-skill figure's two matches.
const EVALUATOR_COLOURS: [RGBColor; 2] = [RGBColor(0, 114, 178), RGBColor(213, 94, 0)];

/// The smallest and largest radius of a bin's point, in pixels.
const RADIUS: (f64, f64) = (3.0, 11.0);

/// Whether the calibration was measured under `r`.
pub fn measured(r: &RulesetReport) -> bool {
    !r.calibration.evaluators.is_empty()
}

/// The colour of the evaluator `name`.
fn evaluator_colour(name: &str) -> RGBColor {
    let i = crate::CALIBRATION_EVALUATORS
        .iter()
        .position(|&e| e == name)
        .unwrap_or(0);
    EVALUATOR_COLOURS[i % EVALUATOR_COLOURS.len()]
}

/// The calibration figure.
///
/// # Errors
/// When the plotting library cannot draw it.
pub fn figure(data: &ReportData) -> Result<Figure, ReportError> {
    let text = panels(data, FILE, grid(data.rulesets.len()), 460, panel)?;
    let games = data
        .rulesets
        .iter()
        .flat_map(|r| r.calibration.evaluators.iter().map(|c| c.games))
        .max()
        .unwrap_or(data.calibration_games);
    Ok(Figure {
        file: FILE.to_string(),
        title: "Calibration of the winning chances".to_string(),
        caption: format!(
            "Whether the bots' winning chances mean what they say. Blue: the heuristic \
             evaluation; orange: the shipped network (`neural`), where one ships for the \
             ruleset. Both judge the same {} held-out games per ruleset ({} asked for; games \
             abandoned unfinished are left out), played by the heuristic bot in every seat from \
             seeds derived from seed {} apart from training's: before every {}th throw, while no \
             team has finished, every team's chance, put in ten bins by chance. Each point is a \
             bin's mean chance (x) against how often those teams won (y), its area in \
             proportion to the chances in it (the counts are in the table below). On the dashed \
             diagonal the chances are calibrated; points above it at low chances and below it \
             at high chances are overconfidence. The legend gives each Brier score (lower is \
             better) and log loss.",
            count(games),
            count(data.calibration_games),
            data.seed,
            CALIBRATION_EVERY
        ),
        svg: text,
    })
}

fn panel(area: &Area, r: &RulesetReport, _: RGBColor) -> DrawResult {
    let evaluators = &r.calibration.evaluators;
    let caption = match evaluators.first() {
        Some(c) => format!(
            "{}: {} positions, 1/teams scores Brier {:.4}",
            r.name,
            count(c.positions),
            c.brier_uniform
        ),
        None => format!("{}: not measured", r.name),
    };
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(20)
        .caption(caption, font(17))
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(0.0..1.0, 0.0..1.0)?;
    mesh(&mut chart, 15, 15)
        .x_labels(6)
        .y_labels(6)
        .x_label_formatter(&percent_label(1.0))
        .y_label_formatter(&percent_label(1.0))
        .x_desc("predicted chance")
        .y_desc("teams that won")
        .draw()?;
    chart.draw_series(DashedLineSeries::new(
        vec![(0.0, 0.0), (1.0, 1.0)],
        6,
        4,
        REFERENCE.stroke_width(1),
    ))?;
    let most = evaluators
        .iter()
        .flat_map(|c| c.bins.iter().map(|b| b.count))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    for c in evaluators {
        let colour = evaluator_colour(&c.bot);
        let points: Vec<(f64, f64, u64)> = c
            .bins
            .iter()
            .filter(|b| b.count > 0)
            .map(|b| (b.mean_predicted, b.observed, b.count))
            .collect();
        chart.draw_series(LineSeries::new(
            points.iter().map(|&(x, y, _)| (x, y)),
            colour.stroke_width(2),
        ))?;
        chart
            .draw_series(points.iter().map(|&(x, y, n)| {
                // The area, not the radius, in proportion to the count.
                let radius = RADIUS.0 + (RADIUS.1 - RADIUS.0) * (n as f64 / most).sqrt();
                Circle::new((x, y), radius.round() as i32, colour.mix(0.55).filled())
            }))?
            .label(format!(
                "{}: Brier {:.4}, log loss {:.4}",
                c.bot, c.brier, c.log_loss
            ))
            .legend(move |(x, y)| Circle::new((x + 12, y), 6, colour.filled()));
    }
    if !evaluators.is_empty() {
        // Top left, where a bot's points never go (a low chance that nearly always wins), in a
        // smaller font than the other figures' so that it stays clear of the diagonal.
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .margin(8)
            .label_font(font(14))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(200, 200, 200))
            .draw()?;
    }
    Ok(())
}

/// The table under the figure: every evaluator's games, positions, Brier score and log loss,
/// and its reliability table; then why an evaluator was not measured.
pub fn table(out: &mut String, data: &ReportData) {
    out.push_str(
        "<div class=\"table-wrap\">\n<table>\n<thead><tr><th>Ruleset</th><th>Evaluator</th>\
         <th>Games</th><th>Positions</th><th>Brier score</th><th>Always 1/teams</th>\
         <th>Log loss</th><th class=\"list\">Bins: mean chance → teams that won (chances)</th>\
         </tr></thead>\n<tbody>\n",
    );
    for r in &data.rulesets {
        for c in &r.calibration.evaluators {
            let bins: String = c
                .bins
                .iter()
                .filter(|b| b.count > 0)
                .map(|b| {
                    format!(
                        "<span>{:.0}–{:.0}%: {:.1}% → {:.1}% <span class=\"muted\">({})</span></span>",
                        100.0 * b.low,
                        100.0 * b.high,
                        100.0 * b.mean_predicted,
                        100.0 * b.observed,
                        count(b.count)
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "<tr><td class=\"name\"><b>{}</b></td><td class=\"name\">{}</td><td>{}</td>\
                 <td>{}</td><td>{:.4}</td><td>{:.4}</td><td>{:.4}</td><td class=\"list\">{}</td>\
                 </tr>",
                escape(&r.name),
                escape(&c.bot),
                count(c.games),
                count(c.positions),
                c.brier,
                c.brier_uniform,
                c.log_loss,
                bins
            );
        }
        for note in &r.calibration.notes {
            let _ = writeln!(
                out,
                "<tr><td class=\"name\"><b>{}</b></td><td class=\"list\" colspan=\"7\">not \
                 measured: {}</td></tr>",
                escape(&r.name),
                escape(note)
            );
        }
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{gather, render, Silent};

    fn data(names: &[&str], calibration_games: u64) -> ReportData {
        let mut config = crate::tests::config(names, 6, 0);
        config.calibration_games = calibration_games;
        gather(&config, &Silent).expect("gathers")
    }

    #[test]
    fn the_figure_shows_each_evaluator_where_it_can_play() {
        // A network ships for ludo, none for pachisi-7-cowries.
        let data = data(&["pachisi-7-cowries", "ludo"], 4);
        let [cowries, ludo] = &data.rulesets[..] else {
            panic!("two rulesets");
        };
        let names = |r: &RulesetReport| -> Vec<String> {
            r.calibration
                .evaluators
                .iter()
                .map(|c| c.bot.clone())
                .collect()
        };
        assert_eq!(names(ludo), ["heuristic", "neural"]);
        assert_eq!(names(cowries), ["heuristic"]);
        assert!(
            cowries.calibration.notes[0].starts_with("neural: ")
                && cowries.calibration.notes[0].contains("no network ships"),
            "{:?}",
            cowries.calibration.notes
        );
        for c in &ludo.calibration.evaluators {
            assert_eq!(c.games, 4);
            assert!(c.positions > 0 && (0.0..=1.0).contains(&c.brier) && c.log_loss > 0.0);
            let counted: u64 = c.bins.iter().map(|b| b.count).sum();
            assert_eq!(counted, c.predictions);
        }
        // Both evaluators judge the same positions.
        let [h, n] = &ludo.calibration.evaluators[..] else {
            panic!("two evaluators");
        };
        assert_eq!((h.positions, h.predictions), (n.positions, n.predictions));

        let f = figure(&data).expect("draws");
        let svg = roxmltree::Document::parse(&f.svg).expect("well-formed SVG");
        assert_eq!(svg.root_element().tag_name().name(), "svg");
        for text in [
            "ludo",
            "pachisi-7-cowries",
            "heuristic: Brier",
            "neural: Brier",
        ] {
            assert!(f.svg.contains(text), "the figure has no {text}");
        }
        let rendered = render(&data).expect("renders");
        assert_eq!(rendered.figures.last().map(|f| f.file.as_str()), Some(FILE));
        let page = &rendered.html;
        assert!(page.contains(&format!("{:.4}", n.brier)));
        assert!(page.contains(&format!("{:.4}", n.log_loss)));
        assert!(page.contains("no network ships"));
    }

    #[test]
    fn no_calibration_games_leave_the_figure_out_with_a_note() {
        let data = data(&["ludo"], 0);
        assert!(data.rulesets[0].calibration.evaluators.is_empty());
        let rendered = render(&data).expect("renders");
        assert!(rendered.figures.iter().all(|f| f.file != FILE));
        assert!(rendered.html.contains("--calibration-games N"));
    }
}
