//! An SVG [`Pen`]: the lecture tree as a standalone SVG document, for
//! slides and handouts. Plain text output, no web-sys, so it is tested
//! natively.

use super::draw::{Align, Pen, Stroke};

/// Collects SVG elements; [`SvgPen::finish`] wraps them in a document.
#[derive(Clone, Debug, Default)]
pub struct SvgPen {
    w: f64,
    h: f64,
    body: String,
}

fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn stroke_attrs(s: Stroke) -> String {
    format!(
        "stroke=\"{}\" stroke-width=\"{:.2}\"{}",
        esc(s.colour),
        s.width,
        if s.dashed {
            " stroke-dasharray=\"4 4\""
        } else {
            ""
        }
    )
}

impl SvgPen {
    pub fn new() -> SvgPen {
        SvgPen::default()
    }

    /// The finished document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.2} {h:.2}\" font-family=\"sans-serif\">\n{}</svg>\n",
            self.body,
            w = self.w,
            h = self.h
        )
    }
}

impl Pen for SvgPen {
    fn clear(&mut self, w: f64, h: f64) {
        self.w = w;
        self.h = h;
        self.body.clear();
    }

    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: Stroke) {
        self.body.push_str(&format!(
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {}/>\n",
            from.0,
            from.1,
            to.0,
            to.1,
            stroke_attrs(stroke)
        ));
    }

    fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Stroke) {
        let pts: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{x:.2},{y:.2}"))
            .collect();
        self.body.push_str(&format!(
            "<polygon points=\"{}\" fill=\"{}\" {}/>\n",
            pts.join(" "),
            esc(fill),
            stroke_attrs(stroke)
        ));
    }

    fn circle(&mut self, centre: (f64, f64), r: f64, fill: Option<&str>, stroke: Stroke) {
        self.body.push_str(&format!(
            "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{r:.2}\" fill=\"{}\" {}/>\n",
            centre.0,
            centre.1,
            esc(fill.unwrap_or("none")),
            stroke_attrs(stroke)
        ));
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.body.push_str(&format!(
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" fill=\"{}\"/>\n",
            esc(fill)
        ));
    }

    fn text(&mut self, s: &str, at: (f64, f64), px: f64, bold: bool, align: Align, colour: &str) {
        let anchor = match align {
            Align::Left => "start",
            Align::Centre => "middle",
            Align::Right => "end",
        };
        self.body.push_str(&format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" font-size=\"{px:.1}\"{} text-anchor=\"{anchor}\" dominant-baseline=\"central\" fill=\"{}\">{}</text>\n",
            at.0,
            at.1,
            if bold { " font-weight=\"bold\"" } else { "" },
            esc(colour),
            esc(s)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::draw::{self, Style};
    use crate::lecture::{Lecture, LectureSettings};

    #[test]
    fn the_tree_at_a_step_is_a_well_formed_svg_with_its_labels() {
        let settings = LectureSettings {
            cursor: 12,
            ..LectureSettings::default()
        };
        let l = Lecture::load(&settings).unwrap();
        let mut pen = SvgPen::new();
        draw::tree(&mut pen, &l, &l.frame(), &Style::page(1000.0, 440.0), &[]);
        let svg = pen.finish();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        // Every node name of the example is written.
        for name in ["A", "B", "C", "H"] {
            assert!(svg.contains(&format!(">{name}</text>")), "{name}");
        }
        // Opened and closed tags balance.
        for tag in ["text", "svg"] {
            assert_eq!(
                svg.matches(&format!("<{tag}")).count(),
                svg.matches(&format!("</{tag}>")).count(),
                "{tag}"
            );
        }
        assert!(!svg.contains("NaN"));
        assert_eq!(esc("a<b&\"c\""), "a&lt;b&amp;&quot;c&quot;");
    }
}
