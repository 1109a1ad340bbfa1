//! The sequential probability ratio test of Fishtest and fastchess: the
//! generalized SPRT (GSPRT) on pentanomial pair results with the exact
//! log-likelihood ratio, in the logistic Elo model.
//!
//! H0: A's Elo over B is `elo0`; H1: it is `elo1`. Each hypothesis fixes
//! the expected pair score `s = 1 / (1 + 10^(-elo/400))`. The observed
//! pair scores `a_i` with frequencies `p̂_i` (counts `n_i`) are compared
//! with the most likely distribution of expectation `s`: maximising
//! `Σ n_i ln p_i` under `Σ p_i = 1` and `Σ p_i a_i = s` gives (Lagrange)
//! `p_i = p̂_i / (1 + θ (a_i - s))` with θ the root of
//! `Σ p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0`, found by bisection on the
//! interval where every denominator is positive (the function decreases
//! from +∞ to -∞ there). Then `LLR = Σ n_i ln(p1_i / p0_i)`.
//!
//! As Fishtest's `LLRcalc`, empty cells are counted as 1e-3 pairs, so the
//! maximum exists even when every pair lies on one side of `s`. Unlike the
//! quadratic approximation `N (s1 - s0)(2m - s0 - s1) / (2 v)` that
//! cutechess and fastchess print, this stays right when the engines differ
//! by hundreds of Elo (see the tests).
//!
//! The match stops as soon as `LLR >= ln((1 - beta) / alpha)` (H1
//! accepted) or `LLR <= ln(beta / (1 - alpha))` (H0 accepted).

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use super::elo::{elo_to_score, Pentanomial};

/// What Fishtest's `regularize` puts in an empty cell.
const EMPTY_CELL: f64 = 1e-3;

/// The test's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// LLR >= the upper bound: A is `elo1` better rather than `elo0`.
    AcceptH1,
    /// LLR <= the lower bound.
    AcceptH0,
    Continue,
}

impl Sprt {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05` (commas or spaces;
    /// alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for field in text.split([',', ' ']).filter(|f| !f.trim().is_empty()) {
            let Some((key, value)) = field.split_once('=') else {
                bail!("--sprt '{text}': '{field}' is not key=value (elo0, elo1, alpha, beta)");
            };
            let x: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(|| {
                    anyhow::anyhow!("--sprt '{text}': {key}: '{value}' is not a number")
                })?;
            match key.trim() {
                "elo0" => elo0 = Some(x),
                "elo1" => elo1 = Some(x),
                "alpha" => alpha = x,
                "beta" => beta = x,
                other => bail!("--sprt '{text}': unknown key '{other}' (elo0, elo1, alpha, beta)"),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            bail!("--sprt '{text}': elo0 and elo1 are required, e.g. elo0=0,elo1=10");
        };
        if elo0 >= elo1 {
            bail!("--sprt '{text}': elo0 must be below elo1");
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if !(p > 0.0 && p < 0.5) {
                bail!("--sprt '{text}': {name} = {p} must be in (0, 0.5)");
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The exact log-likelihood ratio of the pair results.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|n| if n == 0 { EMPTY_CELL } else { n as f64 });
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        llr(
            &counts,
            &scores,
            elo_to_score(self.elo0),
            elo_to_score(self.elo1),
        )
    }

    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }

    /// "SPRT elo0 0, elo1 10, alpha 0.05, beta 0.05: LLR 1.23 (-2.94, 2.94), continue".
    pub fn text(&self, pairs: &Pentanomial) -> String {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(llr) {
            Verdict::AcceptH1 => "H1 accepted (A is better)",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::Continue => "continue",
        };
        format!(
            "SPRT elo0 {}, elo1 {}, alpha {}, beta {}: LLR {llr:.2} ({lower:.2}, {upper:.2}), {verdict}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The maximum-likelihood distribution on `scores` with expectation `s`,
/// given observed `counts` (all positive): `p_i = p̂_i / (1 + θ (a_i - s))`.
/// `s` must lie strictly between the smallest and largest score.
pub fn mle(counts: &[f64], scores: &[f64], s: f64) -> Vec<f64> {
    let n: f64 = counts.iter().sum();
    let phat: Vec<f64> = counts.iter().map(|c| c / n).collect();
    let lo_a = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_a = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // 1 + θ (a - s) > 0 for every a: θ in (-1 / (hi - s), 1 / (s - lo)).
    let (mut lo, mut hi) = (-1.0 / (hi_a - s), 1.0 / (s - lo_a));
    let f = |theta: f64| -> f64 {
        phat.iter()
            .zip(scores)
            .map(|(p, a)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    // f falls from +∞ to -∞ on (lo, hi); 200 halvings reach the float
    // resolution of any interval here.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    phat.iter()
        .zip(scores)
        .map(|(p, a)| p / (1.0 + theta * (a - s)))
        .collect()
}

/// `Σ n_i ln(p1_i / p0_i)` with `p0`, `p1` the maximum-likelihood
/// distributions of expectation `s0` and `s1`.
pub fn llr(counts: &[f64], scores: &[f64], s0: f64, s1: f64) -> f64 {
    let p0 = mle(counts, scores, s0);
    let p1 = mle(counts, scores, s1);
    counts
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(n, (a, b))| n * (b / a).ln())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn bounds_are_walds() {
        // ln(.05 / .95) = -2.944439, ln(.95 / .05) = 2.944439.
        let t = Sprt::parse("elo0=0,elo1=10").unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        // alpha .05, beta .1: ln(.1 / .95) = -2.251292, ln(.9 / .05) = 2.890372.
        let t = Sprt::parse("elo0=-5 elo1=5 alpha=0.05 beta=0.1").unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.251_292, 1e-6) && close(hi, 2.890_372, 1e-6));
    }

    #[test]
    fn the_mle_and_llr_of_a_three_point_result_by_hand() {
        // Scores 0, 1/2, 1 observed 1, 1 and 2 times (p̂ = 1/4, 1/4, 1/2).
        //
        // s0 = 1/2 (elo0 = 0): Σ p̂ (a - s)/(1 + θ(a - s)) = 0 reads
        // -1/8 / (1 - θ/2) + 1/4 / (1 + θ/2) = 0, so θ = 2/3 and
        // p0 = (1/4 / (2/3), 1/4, 1/2 / (4/3)) = (3/8, 1/4, 3/8).
        //
        // s1 = 3/4 (elo1 = 400 log10 3): with u = θ/4 the equation is
        // -3/(1 - 3u) - 1/(1 - u) + 2/(1 + u) = 0, i.e. 6u² - 3u - 1 = 0,
        // u = (3 - √33)/12 (the root with every denominator positive), so
        // p1 = (1/(1 + √33), 3/(9 + √33), 6/(15 - √33))
        //    = (.1482676, .2034648, .6482676).
        //
        // LLR = ln(p1_0/p0_0) + ln(p1_1/p0_1) + 2 ln(p1_2/p0_2) = -.0391201.
        let counts = [1.0, 1.0, 2.0];
        let scores = [0.0, 0.5, 1.0];
        let p0 = mle(&counts, &scores, 0.5);
        for (got, want) in p0.iter().zip([0.375, 0.25, 0.375]) {
            assert!(close(*got, want, 1e-12), "{p0:?}");
        }
        let r33 = 33f64.sqrt();
        let want1 = [1.0 / (1.0 + r33), 3.0 / (9.0 + r33), 6.0 / (15.0 - r33)];
        let p1 = mle(&counts, &scores, 0.75);
        for (got, want) in p1.iter().zip(want1) {
            assert!(close(*got, want, 1e-12), "{p1:?}");
        }
        let by_hand =
            (want1[0] / 0.375).ln() + (want1[1] / 0.25).ln() + 2.0 * (want1[2] / 0.375).ln();
        assert!(close(by_hand, -0.039_120_08, 1e-8));
        assert!(close(llr(&counts, &scores, 0.5, 0.75), by_hand, 1e-12));
        // The same result as pairs (LL, DD, WW): only the empty cells'
        // 1e-3 pairs move it.
        let t = Sprt {
            elo0: 0.0,
            elo1: 400.0 * 3f64.log10(),
            alpha: 0.05,
            beta: 0.05,
        };
        assert!(close(t.llr(&Pentanomial([1, 0, 1, 0, 2])), by_hand, 2e-3));
    }

    #[test]
    fn the_constrained_mle_is_a_distribution_with_the_asked_mean() {
        let counts = [3.0, 7.0, 20.0, 9.0, 5.0];
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        for s in [0.1, 0.4, 0.5, 0.52, 0.9] {
            let p = mle(&counts, &scores, s);
            let sum: f64 = p.iter().sum();
            let mean: f64 = p.iter().zip(&scores).map(|(p, a)| p * a).sum();
            assert!(
                close(sum, 1.0, 1e-12) && close(mean, s, 1e-12),
                "{s}: {p:?}"
            );
        }
        // At the observed mean the MLE is the observation itself.
        let m = (7.0 * 0.25 + 20.0 * 0.5 + 9.0 * 0.75 + 5.0) / 44.0;
        let p = mle(&counts, &scores, m);
        for (got, c) in p.iter().zip(counts) {
            assert!(close(*got, c / 44.0, 1e-12));
        }
    }

    #[test]
    fn exact_llr_where_the_usual_approximation_fails() {
        // A 400-Elo stronger engine: 16 WW, 3 WD, 1 DD in 20 pairs, tested
        // for elo0 = 0 against elo1 = 400 (s0 = .5, s1 = 10/11).
        let pairs = Pentanomial([0, 0, 1, 3, 16]);
        let t = Sprt {
            elo0: 0.0,
            elo1: 400.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let exact = t.llr(&pairs);
        // The quadratic approximation N (s1 - s0)(2m - s0 - s1) / (2v):
        let (m, v) = pairs.moments().unwrap();
        let (s0, s1) = (0.5, elo_to_score(400.0));
        let approx = 20.0 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        // The approximation treats the score as normal with the observed
        // variance; so close to a score of 1 it overstates the evidence
        // many times over.
        assert!(exact > t.bounds().1, "{exact}");
        assert!(approx > 3.0 * exact, "approx {approx}, exact {exact}");
        // For a small difference the two agree.
        let pairs = Pentanomial([40, 210, 500, 230, 45]);
        let t = Sprt::parse("elo0=0,elo1=5").unwrap();
        let (m, v) = pairs.moments().unwrap();
        let (s0, s1) = (0.5, elo_to_score(5.0));
        let approx = 1025.0 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        assert!(
            close(t.llr(&pairs), approx, 0.01 * approx.abs()),
            "{approx}"
        );
    }

    #[test]
    fn verdicts_and_bad_parameters() {
        let t = Sprt::parse("elo0=0,elo1=100").unwrap();
        assert_eq!(
            t.verdict(t.llr(&Pentanomial([0, 0, 0, 0, 30]))),
            Verdict::AcceptH1
        );
        assert_eq!(
            t.verdict(t.llr(&Pentanomial([30, 0, 0, 0, 0]))),
            Verdict::AcceptH0
        );
        assert_eq!(
            t.verdict(t.llr(&Pentanomial([0, 0, 1, 0, 0]))),
            Verdict::Continue
        );
        assert_eq!(t.llr(&Pentanomial::default()), 0.0);
        for (bad, why) in [
            ("elo0=0", "elo0 and elo1 are required"),
            ("elo0=5,elo1=5", "below elo1"),
            ("elo0=0,elo1=5,alpha=0.7", "alpha = 0.7"),
            ("elo0=0,elo1=x", "'x' is not a number"),
            ("elo0=0,elo1=5,gamma=1", "unknown key 'gamma'"),
            ("elo0", "not key=value"),
        ] {
            let e = Sprt::parse(bad).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
