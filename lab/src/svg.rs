//! A scatter plot with a regression line as a hand-written SVG document:
//! the value pairs of `starcut fit` drawn like Schadd's Figures 5.9-5.15
//! (x = shallow value, y = deep value), with the fitted line and the
//! +/- sigma band. No plotting crate: a few rectangles, lines and texts.

use std::fmt::Write as _;

/// What to draw.
pub struct Scatter<'a> {
    pub title: &'a str,
    pub x_label: &'a str,
    pub y_label: &'a str,
    pub points: &'a [(f64, f64)],
    /// y = a x + b, and the residual deviation for the dashed band.
    pub line: Option<(f64, f64, f64)>,
    /// Extra lines of text under the title (the fit's numbers).
    pub notes: &'a [String],
}

const W: f64 = 640.0;
const H: f64 = 520.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 70.0;
const BOTTOM: f64 = 60.0;

/// A "nice" tick step for a range: 1, 2 or 5 times a power of ten, about
/// six ticks in all.
fn tick_step(span: f64) -> f64 {
    if span <= 0.0 || !span.is_finite() {
        return 1.0;
    }
    let raw = span / 6.0;
    let p = 10f64.powf(raw.log10().floor());
    let f = raw / p;
    let m = if f < 1.5 {
        1.0
    } else if f < 3.5 {
        2.0
    } else if f < 7.5 {
        5.0
    } else {
        10.0
    };
    m * p
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Renders the plot. Both axes share one scale, so the diagonal y = x is a
/// true 45-degree line (drawn thin for reference).
pub fn scatter(p: &Scatter<'_>) -> String {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for &(x, y) in p.points {
        lo = lo.min(x).min(y);
        hi = hi.max(x).max(y);
    }
    if !lo.is_finite() {
        (lo, hi) = (-1.0, 1.0);
    }
    if hi - lo < 1e-9 {
        lo -= 1.0;
        hi += 1.0;
    }
    let pad = (hi - lo) * 0.05;
    let step = tick_step(hi - lo + 2.0 * pad);
    let lo = ((lo - pad) / step).floor() * step;
    let hi = ((hi + pad) / step).ceil() * step;
    let pw = W - LEFT - RIGHT;
    let ph = H - TOP - BOTTOM;
    let side = pw.min(ph);
    let sx = |x: f64| LEFT + (x - lo) / (hi - lo) * side;
    let sy = |y: f64| TOP + side - (y - lo) / (hi - lo) * side;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{H}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15" font-weight="bold">{}</text>"#,
        W / 2.0,
        esc(p.title)
    );
    for (i, n) in p.notes.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" fill="#333">{}</text>"##,
            W / 2.0,
            40.0 + 15.0 * i as f64,
            esc(n)
        );
    }
    // Frame, grid and ticks.
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{side}" height="{side}" fill="none" stroke="#000"/>"##
    );
    let mut t = lo;
    while t <= hi + step * 1e-6 {
        let (x, y) = (sx(t), sy(t));
        let label = if step >= 1.0 {
            format!("{t:.0}")
        } else {
            format!("{t:.*}", (-step.log10().floor()) as usize)
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{TOP}" x2="{x:.1}" y2="{:.1}" stroke="#eee"/><line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#eee"/>"##,
            TOP + side,
            LEFT + side
        );
        let _ = writeln!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{label}</text><text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text>"#,
            TOP + side + 16.0,
            LEFT - 6.0,
            y + 4.0
        );
        t += step;
    }
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        LEFT + side / 2.0,
        TOP + side + 38.0,
        esc(p.x_label)
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate({:.1},{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
        LEFT - 55.0,
        TOP + side / 2.0,
        esc(p.y_label)
    );
    // Clip the lines to the frame.
    let _ = writeln!(
        s,
        r#"<clipPath id="frame"><rect x="{LEFT}" y="{TOP}" width="{side}" height="{side}"/></clipPath>"#
    );
    let _ = writeln!(
        s,
        r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#bbb" stroke-dasharray="2,3" clip-path="url(#frame)"/>"##,
        sx(lo),
        sy(lo),
        sx(hi),
        sy(hi)
    );
    for &(x, y) in p.points {
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="2.2" fill="#1f5fbf" fill-opacity="0.55"/>"##,
            sx(x),
            sy(y)
        );
    }
    if let Some((a, b, sigma)) = p.line {
        for (off, style) in [
            (0.0, r##"stroke="#c0392b" stroke-width="2""##),
            (sigma, r##"stroke="#c0392b" stroke-dasharray="6,4""##),
            (-sigma, r##"stroke="#c0392b" stroke-dasharray="6,4""##),
        ] {
            let _ = writeln!(
                s,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {style} clip-path="url(#frame)"/>"#,
                sx(lo),
                sy(a * lo + b + off),
                sx(hi),
                sy(a * hi + b + off)
            );
        }
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" fill="#c0392b">y = {a:.4} x {} {:.4}  (dashed: ± sigma)</text>"##,
            LEFT + 8.0,
            TOP + 16.0,
            if b < 0.0 { '-' } else { '+' },
            b.abs()
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(60.0), 10.0);
        assert_eq!(tick_step(2000.0), 200.0);
        assert_eq!(tick_step(3000.0), 500.0);
        assert!((tick_step(1.2) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn draws_every_point_and_the_line() {
        let pts = [(0.0, 1.0), (1.0, 2.0), (2.0, 2.5)];
        let svg = scatter(&Scatter {
            title: "a < b",
            x_label: "x",
            y_label: "y",
            points: &pts,
            line: Some((1.0, 0.5, 0.1)),
            notes: &[],
        });
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("a &lt; b"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("y = 1.0000 x + 0.5000"));
    }
}
