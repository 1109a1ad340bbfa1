//! Least-squares line through value pairs (x, y) = (v_{d-R}, v_d): the
//! ChanceProbCut model y ~ a x + b with residual standard deviation sigma
//! (Buro's ProbCut regression, Schadd Figures 5.9-5.15).

/// A fitted line and the spread around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub a: f64,
    pub b: f64,
    /// Residual standard deviation, sqrt(SSR / (n - 2)).
    pub sigma: f64,
    /// Pearson correlation of x and y (0 when either is constant).
    pub r: f64,
    pub n: usize,
}

/// Fits y ~ a x + b by ordinary least squares. `None` with fewer than three
/// pairs or when every x is the same (the slope is undefined).
pub fn fit_line(pairs: &[(f64, f64)]) -> Option<Fit> {
    let n = pairs.len();
    if n < 3 {
        return None;
    }
    let nf = n as f64;
    // Centre first: sums of squares of raw values lose precision.
    let mx = pairs.iter().map(|p| p.0).sum::<f64>() / nf;
    let my = pairs.iter().map(|p| p.1).sum::<f64>() / nf;
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y) in pairs {
        let (dx, dy) = (x - mx, y - my);
        sxx += dx * dx;
        sxy += dx * dy;
        syy += dy * dy;
    }
    if sxx <= 0.0 || !sxx.is_finite() {
        return None;
    }
    let a = sxy / sxx;
    let b = my - a * mx;
    let ssr: f64 = pairs
        .iter()
        .map(|&(x, y)| {
            let e = y - (a * x + b);
            e * e
        })
        .sum();
    let sigma = (ssr / (nf - 2.0)).sqrt();
    let r = if syy > 0.0 {
        sxy / (sxx * syy).sqrt()
    } else {
        0.0
    };
    Some(Fit { a, b, sigma, r, n })
}
