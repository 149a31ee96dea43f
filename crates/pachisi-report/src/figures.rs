//! The figures, drawn as SVG with `plotters`: game length, seat and team advantage, throw
//! distributions and luck versus skill, and [`all`] the report's figures in the page's order.
//!
//! Text is written as SVG `<text>` in the browser's own sans-serif font: no font file is read
//! or embedded. Each ruleset keeps one colour in every figure. [`Figure`], [`colour`] and
//! [`WIDTH`] belong to the drawing vocabulary the figures share, and are named here too.

use crate::plot::{
    font, grid, legend, mesh, panels, percent_label, svg, Area, DrawResult, REFERENCE,
};
use crate::text::count;
use crate::{ReportData, ReportError, RulesetReport};
use pachisi_sim::Histogram;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;
use std::ops::Range;

pub use crate::plot::{colour, Figure, WIDTH};

/// The exact probabilities' grey.
const EXACT: RGBColor = RGBColor(170, 170, 170);

/// Every figure of the report, in the page's order: game lengths, seat and team advantage, throw
/// distributions, luck versus skill where it was measured, and the calibration of the bots'
/// chances where it was measured ([`crate::calibration`]).
///
/// # Errors
/// A figure the plotting library cannot draw.
pub fn all(data: &ReportData) -> Result<Vec<Figure>, ReportError> {
    let mut figures = vec![game_lengths(data)?, advantage(data)?, throws(data)?];
    if data.rulesets.iter().any(measured) {
        figures.push(skill(data)?);
    }
    if data.rulesets.iter().any(crate::calibration::measured) {
        figures.push(crate::calibration::figure(data)?);
    }
    Ok(figures)
}

/// Whether the luck-versus-skill matches were played under `r`.
pub fn measured(r: &RulesetReport) -> bool {
    r.skill.heuristic_vs_random.is_some() || r.skill.best_vs_heuristic.is_some()
}

/// A round bin width (1, 2 or 5 times a power of ten) near `raw`.
fn nice_width(raw: f64) -> u64 {
    let mut unit = 1u64;
    loop {
        for m in [1, 2, 5] {
            if (unit * m) as f64 >= raw {
                return unit * m;
            }
        }
        unit = unit.saturating_mul(10);
        if unit > 1_000_000_000 {
            return unit;
        }
    }
}

/// The bins of the game-length figure.
struct LengthBins {
    /// The first bin's start.
    start: u64,
    /// Each bin's width.
    width: u64,
    /// How many bins.
    bins: u64,
    /// The 99.5th percentile of the longest ruleset, where the axis ends.
    longest: u64,
}

impl LengthBins {
    fn of(data: &ReportData) -> LengthBins {
        let shortest = data
            .rulesets
            .iter()
            .map(|r| r.summary.throws_per_game.min)
            .min()
            .unwrap_or(0);
        let longest = data
            .rulesets
            .iter()
            .map(|r| {
                r.throws_per_game_counts
                    .iter()
                    .copied()
                    .collect::<Histogram>()
                    .quantile(0.995)
            })
            .max()
            .unwrap_or(0);
        let high = longest.max(shortest + 1);
        let width = nice_width((high - shortest) as f64 / 60.0);
        let start = shortest / width * width;
        LengthBins {
            start,
            width,
            bins: (high - start) / width + 1,
            longest,
        }
    }
}

fn game_lengths(data: &ReportData) -> Result<Figure, ReportError> {
    let file = "game-length.svg";
    let LengthBins {
        start,
        width,
        bins,
        longest,
    } = LengthBins::of(data);
    let end = start + bins * width;
    let shares: Vec<Vec<f64>> = data
        .rulesets
        .iter()
        .map(|r| {
            let mut share = vec![0.0; usize::try_from(bins).unwrap_or(0)];
            let games = r.summary.games.max(1) as f64;
            for &(len, n) in &r.throws_per_game_counts {
                if len >= start && len < end {
                    let bin = usize::try_from((len - start) / width).unwrap_or(0);
                    if let Some(s) = share.get_mut(bin) {
                        *s += n as f64 / games;
                    }
                }
            }
            share
        })
        .collect();
    let top = shares
        .iter()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b))
        .max(1e-3)
        * 1.15;
    let x_desc = if width == 1 {
        "throws per game".to_string()
    } else {
        format!("throws per game (bins of {width})")
    };
    let text = svg(file, (WIDTH, 440), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(16)
            .margin_right(28)
            .x_label_area_size(48)
            .y_label_area_size(84)
            .build_cartesian_2d(start as f64..end as f64, 0.0..top)?;
        mesh(&mut chart, 16, 17)
            .x_desc(x_desc.as_str())
            .y_desc("share of games in the bin")
            .y_label_formatter(&percent_label(top))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .draw()?;
        for (i, (r, share)) in data.rulesets.iter().zip(&shares).enumerate() {
            let c = colour(i);
            let centre = |b: usize| (start + b as u64 * width) as f64 + width as f64 / 2.0;
            let first = share.iter().position(|&s| s > 0.0).unwrap_or(0);
            let last = share.iter().rposition(|&s| s > 0.0).unwrap_or(0);
            let mut points = Vec::with_capacity(last - first + 3);
            points.push((centre(first) - width as f64, 0.0));
            points.extend((first..=last).map(|b| (centre(b), share[b])));
            points.push((centre(last) + width as f64, 0.0));
            let points: Vec<(f64, f64)> = points
                .into_iter()
                .map(|(x, y)| (x.clamp(start as f64, end as f64), y))
                .collect();
            let d = &r.summary.throws_per_game;
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))?
                .label(format!(
                    "{}: median {}, mean {:.1}",
                    r.name, d.median, d.mean
                ))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], c.stroke_width(3))
                });
            let m = d.median as f64;
            chart.draw_series(DashedLineSeries::new(
                vec![(m, 0.0), (m, top * 0.97)],
                6,
                4,
                c.stroke_width(1),
            ))?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    })?;
    Ok(Figure {
        file: file.to_string(),
        title: "Game length".to_string(),
        caption: format!(
            "Throws per game under each ruleset: the share of games whose length falls in each \
             bin of {width} throw{}, drawn as a frequency polygon; the dashed vertical line marks \
             the median. {} random games per ruleset (every seat a uniformly random player), \
             seed {}. The axis ends near {longest} throws, the 99.5th percentile of the longest \
             ruleset; longer games are counted but not drawn.",
            if width == 1 { "" } else { "s" },
            count(data.games),
            data.seed
        ),
        svg: text,
    })
}

/// An axis of `n` categories at 0, 1, …, `n - 1`, with a tick and a label at each and none
/// between; points may sit between them (side-by-side bars and markers).
#[derive(Clone, Copy, Debug)]
struct Categories(usize);

impl Categories {
    /// The axis' ends: a little room either side of the first and last category.
    fn ends(self) -> Range<f64> {
        -0.6..self.0 as f64 - 0.4
    }
}

impl Ranged for Categories {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let Range { start, end } = self.ends();
        let share = (value - start) / (end - start);
        limit.0 + (share * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            (0..self.0).map(|i| i as f64).collect()
        }
    }

    fn range(&self) -> Range<f64> {
        self.ends()
    }
}

/// The label of category `v` from `labels` (none between categories).
fn category_label(labels: &[String], v: f64) -> String {
    let i = v.round();
    if i >= 0.0 && (v - i).abs() < 1e-6 {
        labels.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}

/// One point of the advantage figure: a seat or a team.
struct Share {
    label: String,
    team: bool,
    rate: f64,
    low: f64,
    high: f64,
}

fn shares(r: &RulesetReport) -> Vec<Share> {
    let seats = r.summary.seat_wins.iter().map(|w| (w, false));
    let teams = r.summary.team_wins.iter().map(|w| (w, true));
    let with_teams = r.teams < r.seats;
    seats
        .chain(teams.filter(|_| with_teams))
        .map(|(w, team)| Share {
            label: if team {
                team_label(&w.name)
            } else {
                w.name.clone()
            },
            team,
            rate: w.share.rate,
            low: w.share.low,
            high: w.share.high,
        })
        .collect()
}

/// A team's short label from its seats' colours: `yellow+black` is `Y+B`.
fn team_label(name: &str) -> String {
    let initials: Vec<String> = name
        .split('+')
        .map(|c| c.chars().take(1).flat_map(char::to_uppercase).collect())
        .collect();
    initials.join("+")
}

fn advantage(data: &ReportData) -> Result<Figure, ReportError> {
    let file = "seat-advantage.svg";
    let text = panels(data, file, grid(data.rulesets.len()), 320, advantage_panel)?;
    Ok(Figure {
        file: file.to_string(),
        title: "Seat and team advantage".to_string(),
        caption: format!(
            "Share of games won by each seat (circles) and, where partners play together, each \
             team (hollow squares, named by its seats' initials), with 95% Wilson score intervals; a seat wins when its team does. The \
             dashed line is the fair share, 1/teams. {} random games per ruleset (every seat a \
             uniformly random player), seed {}. Each panel's axis is zoomed to its own data.",
            count(data.games),
            data.seed
        ),
        svg: text,
    })
}

fn advantage_panel(area: &Area, r: &RulesetReport, c: RGBColor) -> DrawResult {
    let points = shares(r);
    let fair = 1.0 / f64::from(r.teams.max(1));
    let lowest = points.iter().map(|p| p.low).fold(fair, f64::min);
    let highest = points.iter().map(|p| p.high).fold(fair, f64::max);
    let pad = ((highest - lowest) * 0.25).max(0.005);
    let (y0, y1) = ((lowest - pad).max(0.0), (highest + pad).min(1.0));
    let n = points.len();
    let labels: Vec<String> = points.iter().map(|p| p.label.clone()).collect();
    let mut chart = ChartBuilder::on(area)
        .margin(12)
        .margin_right(20)
        .caption(
            format!("{} (fair share {:.1}%)", r.name, 100.0 * fair),
            font(18),
        )
        .x_label_area_size(32)
        .y_label_area_size(84)
        .build_cartesian_2d(Categories(n), y0..y1)?;
    let label = |v: &f64| category_label(&labels, *v);
    mesh(&mut chart, 18, 16)
        .y_labels(6)
        .y_label_formatter(&percent_label(y1 - y0))
        .x_label_formatter(&label)
        .y_desc("games won")
        .draw()?;
    chart.draw_series(DashedLineSeries::new(
        vec![(-0.6, fair), (n as f64 - 0.4, fair)],
        6,
        4,
        REFERENCE.stroke_width(1),
    ))?;
    for (i, p) in points.iter().enumerate() {
        let x = i as f64;
        chart.draw_series(std::iter::once(ErrorBar::new_vertical(
            x,
            p.low,
            p.rate,
            p.high,
            c.stroke_width(2),
            12,
        )))?;
        if p.team {
            chart.draw_series(std::iter::once(
                EmptyElement::at((x, p.rate))
                    + Rectangle::new([(-6, -6), (6, 6)], WHITE.filled())
                    + Rectangle::new([(-6, -6), (6, 6)], c.stroke_width(3)),
            ))?;
        } else {
            chart.draw_series(std::iter::once(Circle::new((x, p.rate), 5, c.filled())))?;
        }
    }
    Ok(())
}

fn throws(data: &ReportData) -> Result<Figure, ReportError> {
    let file = "throws.svg";
    let text = panels(
        data,
        file,
        (data.rulesets.len().max(1), 1),
        250,
        throws_panel,
    )?;
    Ok(Figure {
        file: file.to_string(),
        title: "Throw distributions".to_string(),
        caption: format!(
            "Every outcome of each ruleset's throw device: the exact probability the rules give \
             it (grey, left) beside the share of all throws it made in the random games \
             (coloured, right), and Pearson's chi-square test of \
             the observed counts against the exact probabilities (a small p would mean the \
             throws do not follow the rules). {} random games per ruleset, seed {}.",
            count(data.games),
            data.seed
        ),
        svg: text,
    })
}

fn throws_panel(area: &Area, r: &RulesetReport, c: RGBColor) -> DrawResult {
    let t = &r.summary.throws;
    let n = t.outcomes.len();
    let top = t
        .outcomes
        .iter()
        .map(|o| o.exact.max(o.observed))
        .fold(0.0f64, f64::max)
        .max(1e-3)
        * 1.12;
    let labels: Vec<String> = t.outcomes.iter().map(|o| o.throw.clone()).collect();
    let mut chart = ChartBuilder::on(area)
        .margin(10)
        .margin_right(20)
        .caption(
            format!(
                "{}: {} throws, chi-square {:.1} on {} degrees of freedom, p = {:.3}",
                r.name,
                count(t.total),
                t.chi_square,
                t.degrees_of_freedom,
                t.p_value
            ),
            font(18),
        )
        .x_label_area_size(28)
        .y_label_area_size(84)
        .build_cartesian_2d(Categories(n), 0.0..top)?;
    let label = |v: &f64| category_label(&labels, *v);
    mesh(&mut chart, 18, 16)
        .y_labels(5)
        .y_label_formatter(&percent_label(top))
        .x_label_formatter(&label)
        .y_desc("share of throws")
        .draw()?;
    let half = 0.36;
    chart.draw_series(t.outcomes.iter().enumerate().map(|(i, o)| {
        let x = i as f64;
        Rectangle::new([(x - half, 0.0), (x, o.exact)], EXACT.filled())
    }))?;
    chart.draw_series(t.outcomes.iter().enumerate().map(|(i, o)| {
        let x = i as f64;
        Rectangle::new([(x, 0.0), (x + half, o.observed)], c.filled())
    }))?;
    Ok(())
}

/// Picks one of a ruleset's two matches.
type PickMatch = fn(&RulesetReport) -> Option<&crate::Matchup>;

/// A match's score and interval, or the score alone.
fn score_bounds(m: &crate::Matchup) -> (f64, f64, f64) {
    (m.low.unwrap_or(m.score), m.score, m.high.unwrap_or(m.score))
}

fn skill(data: &ReportData) -> Result<Figure, ReportError> {
    let file = "luck-skill.svg";
    let n = data.rulesets.len();
    let labels: Vec<String> = data.rulesets.iter().map(|r| r.name.clone()).collect();
    let first = RGBColor(0, 114, 178);
    let second = RGBColor(213, 94, 0);
    let best = data.best_bot.clone();
    let text = svg(file, (WIDTH, 440), |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(16)
            .margin_right(28)
            .x_label_area_size(40)
            .y_label_area_size(84)
            .build_cartesian_2d(Categories(n), 0.0..1.0)?;
        let label = |v: &f64| category_label(&labels, *v);
        mesh(&mut chart, 16, 17)
            .y_labels(11)
            .y_label_formatter(&percent_label(1.0))
            .x_label_formatter(&label)
            .y_desc("first-named bot's score (win 1, draw 1/2)")
            .draw()?;
        chart
            .draw_series(DashedLineSeries::new(
                vec![(-0.6, 0.5), (n as f64 - 0.4, 0.5)],
                6,
                4,
                REFERENCE.stroke_width(1),
            ))?
            .label("50%: no edge, the result is pure luck")
            .legend(|(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], REFERENCE.stroke_width(1))
            });
        let series: [(String, RGBColor, f64, PickMatch); 2] = [
            ("heuristic vs random".to_string(), first, -0.15, |r| {
                r.skill.heuristic_vs_random.as_ref()
            }),
            (format!("{best} vs heuristic"), second, 0.15, |r| {
                r.skill.best_vs_heuristic.as_ref()
            }),
        ];
        for (name, c, offset, pick) in series {
            let matches: Vec<(f64, (f64, f64, f64))> = data
                .rulesets
                .iter()
                .enumerate()
                .filter_map(|(i, r)| pick(r).map(|m| (i as f64 + offset, score_bounds(m))))
                .collect();
            chart.draw_series(matches.iter().map(|&(x, (lo, s, hi))| {
                ErrorBar::new_vertical(x, lo, s, hi, c.stroke_width(2), 14)
            }))?;
            chart
                .draw_series(
                    matches
                        .iter()
                        .map(|&(x, (_, s, _))| Circle::new((x, s), 6, c.filled())),
                )?
                .label(name)
                .legend(move |(x, y)| Circle::new((x + 12, y), 6, c.filled()));
            chart.draw_series(matches.iter().map(|&(x, (_, s, _))| {
                EmptyElement::at((x, s))
                    + Text::new(format!("{:.0}%", 100.0 * s), (12, -8), font(16).color(&c))
            }))?;
        }
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        Ok(())
    })?;
    let games = data
        .rulesets
        .iter()
        .filter_map(|r| r.skill.heuristic_vs_random.as_ref().map(|m| m.games))
        .max()
        .unwrap_or(data.skill_games);
    Ok(Figure {
        file: file.to_string(),
        title: "Luck versus skill".to_string(),
        caption: format!(
            "How often a better player wins. Blue: the heuristic bot's score against random \
             play; orange: the {best} bot's score against the heuristic bot. Each is a duplicate \
             match of {} games per pairing ({} asked for, rounded up to whole deals; every \
             deal's throws are played with the seats as dealt and swapped), seed {}, with a 95% \
             interval over deals. 50% means the better player has no edge: the game is luck; \
             100% would be pure skill.",
            count(games),
            count(data.skill_games),
            data.seed
        ),
        svg: text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_are_labelled_by_initials() {
        assert_eq!(team_label("yellow+black"), "Y+B");
        assert_eq!(team_label("red"), "R");
    }

    #[test]
    fn bin_widths_are_round() {
        assert_eq!(nice_width(0.3), 1);
        assert_eq!(nice_width(1.0), 1);
        assert_eq!(nice_width(1.5), 2);
        assert_eq!(nice_width(3.0), 5);
        assert_eq!(nice_width(13.3), 20);
        assert_eq!(nice_width(60.0), 100);
    }

    #[test]
    fn quantiles_match_the_simulators() {
        let mut h = pachisi_sim::Histogram::default();
        for v in [5u64, 1, 3, 3, 2, 4, 9, 9, 9] {
            h.add(v);
        }
        let counts: Vec<(u64, u64)> = h.counts().collect();
        let rebuilt: pachisi_sim::Histogram = counts.iter().copied().collect();
        assert_eq!(rebuilt, h);
        for q in [0.0, 0.1, 0.5, 0.77, 0.995, 1.0] {
            assert_eq!(rebuilt.quantile(q), h.quantile(q), "q = {q}");
        }
    }

    #[test]
    fn every_figure_is_well_formed_svg() {
        let data = crate::gather(
            &crate::tests::config(&["pachisi", "ludo"], 25, 2),
            &crate::Silent,
        )
        .expect("gathers");
        let figures = all(&data).expect("draws");
        let files: Vec<&str> = figures.iter().map(|f| f.file.as_str()).collect();
        assert_eq!(
            files,
            [
                "game-length.svg",
                "seat-advantage.svg",
                "throws.svg",
                "luck-skill.svg"
            ]
        );
        for f in &figures {
            let doc = roxmltree::Document::parse(&f.svg).expect(&f.file);
            assert_eq!(doc.root_element().tag_name().name(), "svg", "{}", f.file);
            assert!(f.svg.contains("<text"), "{} has no labels", f.file);
            assert!(!f.caption.is_empty());
        }
        // Every ruleset's name labels the advantage panels and the skill axis.
        for name in ["pachisi", "ludo"] {
            assert!(figures[1].svg.contains(name));
            assert!(figures[3].svg.contains(name));
        }
    }

    #[test]
    fn without_matches_the_skill_figure_is_left_out() {
        let data = crate::gather(&crate::tests::config(&["ludo"], 10, 0), &crate::Silent)
            .expect("gathers");
        let figures = all(&data).expect("draws");
        assert_eq!(figures.len(), 3);
    }
}
