//! The drawing vocabulary every figure shares: the [`Figure`] itself, the page's width, the
//! rulesets' colours, the font, grid and legend styles, an SVG drawn with `plotters`, and a grid
//! of one panel per ruleset. The figures (`figures`, `calibration`) draw with it; the page
//! (`page`) shows what they drew.

use crate::{ReportData, ReportError, RulesetReport};
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::error::Error;

/// One figure: its file name, title, caption and SVG text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The file name, e.g. `game-length.svg`; also the stem of the page's anchor.
    pub file: String,
    /// A short title.
    pub title: String,
    /// What the figure shows and how it was measured.
    pub caption: String,
    /// The SVG document.
    pub svg: String,
}

impl Figure {
    /// The anchor of the figure on the page: its file name without `.svg`.
    pub fn id(&self) -> &str {
        self.file.strip_suffix(".svg").unwrap_or(&self.file)
    }
}

/// The width of every figure in pixels.
pub const WIDTH: u32 = 1000;

/// Colours that stay apart for readers with any common colour vision (Okabe and Ito).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(60, 60, 60),
];

/// The colour of the ruleset at `index`.
pub fn colour(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// The dashed reference lines' colour.
pub(crate) const REFERENCE: RGBColor = RGBColor(90, 90, 90);
/// Grid lines.
const GRID: RGBColor = RGBColor(232, 232, 232);

/// The font of every text: the browser's own sans-serif.
const FONT: &str = "sans-serif";

/// The drawing area of a figure or of one of its panels.
pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
/// What drawing a figure or a panel gives.
pub(crate) type DrawResult = Result<(), Box<dyn Error>>;

/// Draws an SVG of `size` pixels with `draw`.
pub(crate) fn svg(
    file: &str,
    size: (u32, u32),
    draw: impl FnOnce(&Area) -> DrawResult,
) -> Result<String, ReportError> {
    let failed = |e: &dyn std::fmt::Display| ReportError::Plot {
        figure: file.to_string(),
        message: e.to_string(),
    };
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        draw(&root).map_err(|e| failed(&e))?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(text)
}

/// The legend box every figure with labelled series uses.
pub(crate) fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    chart
        .configure_series_labels()
        .position(position)
        .margin(12)
        .label_font(font(17))
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(200, 200, 200))
        .draw()
}

/// The mesh every chart shares: horizontal grid lines only, light grey, labels in [`font`].
pub(crate) fn mesh<'a, 'b, DB, X>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, RangedCoordf64>>,
    label_size: u32,
    desc_size: u32,
) -> MeshStyle<'a, 'b, X, RangedCoordf64, DB>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .label_style(font(label_size))
        .axis_desc_style(font(desc_size));
    mesh
}

/// The text style of labels and legends, `size` pixels high.
pub(crate) fn font(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&BLACK)
}

/// A percentage with as many decimals as the axis' span needs.
pub(crate) fn percent_label(span: f64) -> impl Fn(&f64) -> String {
    let decimals = if span < 0.02 {
        2
    } else if span < 0.2 {
        1
    } else {
        0
    };
    move |v| format!("{:.*}%", decimals, 100.0 * v)
}

/// Rows and columns of a grid of `n` panels.
pub(crate) fn grid(n: usize) -> (usize, usize) {
    let cols = if n > 1 { 2 } else { 1 };
    (n.div_ceil(cols).max(1), cols)
}

/// A figure of one panel per ruleset, in a grid of `rows` x `cols` panels `panel_height` high,
/// each drawn in its ruleset's colour.
pub(crate) fn panels(
    data: &ReportData,
    file: &str,
    (rows, cols): (usize, usize),
    panel_height: u32,
    draw: fn(&Area, &RulesetReport, RGBColor) -> DrawResult,
) -> Result<String, ReportError> {
    let height = u32::try_from(rows).unwrap_or(1) * panel_height;
    svg(file, (WIDTH, height), |root| {
        let areas = root.split_evenly((rows, cols));
        for (i, (r, area)) in data.rulesets.iter().zip(&areas).enumerate() {
            draw(area, r, colour(i))?;
        }
        Ok(())
    })
}
