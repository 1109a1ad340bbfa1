//! Match statistics as engine testers read them: the pentanomial counts of
//! game pairs, the Elo difference with its 95% interval, the likelihood of
//! superiority (LOS) and the draw ratio.
//!
//! A pair is the two games of one start with colours swapped (games `2k`
//! and `2k + 1`). Its score for A is 0, 1/2, 1, 3/2 or 2 points; the
//! pentanomial counts how many pairs scored each. Pairs, not games, are the
//! independent trials: both games of a pair share the start (and in the
//! games with dice, the dice), so their results are correlated, and
//! treating them as two trials misstates the variance (Fishtest and
//! fastchess count pairs for the same reason).
//!
//! With `N` pairs and `n_i` pairs of score `a_i = i / 4` (i = 0..4, the
//! pair's points over 2):
//! - mean score `m = Σ n_i a_i / N`, variance `v = Σ n_i (a_i - m)² / N`;
//! - Elo difference `E(m) = -400 log10(1/m - 1)` (the logistic model);
//! - 95% interval `[E(m - z √(v/N)), E(m + z √(v/N))]`, z = 1.959964
//!   (fastchess's; the interval is not symmetric in Elo);
//! - LOS = `Φ((m - 1/2) / √(v/N))`, the probability that A is the stronger
//!   under the normal approximation of the mean.

use serde::{Deserialize, Serialize};

/// The z value of a two-sided 95% normal interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Pair counts by A's pair score: `[LL, LD, DD + WL, WD, WW]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Adds a pair in which A scored `half_points` half points (0..=4).
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    /// Mean and (population) variance of the pair score in [0, 1];
    /// `None` without a pair.
    pub fn moments(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let a = |i: usize| i as f64 / 4.0;
        let m = (0..5).map(|i| self.0[i] as f64 * a(i)).sum::<f64>() / n;
        let v = (0..5)
            .map(|i| self.0[i] as f64 * (a(i) - m).powi(2))
            .sum::<f64>()
            / n;
        Some((m, v))
    }

    /// The Elo estimate of A over B, `None` without a pair.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (m, v) = self.moments()?;
        let n = self.pairs() as f64;
        let se = (v / n).sqrt();
        let los = if se > 0.0 {
            normal_cdf((m - 0.5) / se)
        } else if m > 0.5 {
            1.0
        } else if m < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(EloEstimate {
            score: m,
            elo: score_to_elo(m),
            lower: score_to_elo(m - Z95 * se),
            upper: score_to_elo(m + Z95 * se),
            los,
        })
    }
}

/// An Elo difference with its 95% interval and the LOS.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Mean pair score of A in [0, 1].
    pub score: f64,
    /// Elo difference A - B (±infinity at a score of 1 or 0).
    pub elo: f64,
    /// Bounds of the 95% interval.
    pub lower: f64,
    pub upper: f64,
    /// Likelihood of superiority of A, in [0, 1].
    pub los: f64,
}

impl EloEstimate {
    /// "+35.2 ± 20.1 (95%: +15.3 .. +55.4), LOS 99.9%".
    pub fn text(&self) -> String {
        let half = (self.upper - self.lower) / 2.0;
        format!(
            "{} ± {} (95%: {} .. {}), LOS {:.1}%",
            signed(self.elo),
            unsigned(half),
            signed(self.lower),
            signed(self.upper),
            100.0 * self.los
        )
    }
}

fn signed(x: f64) -> String {
    if x.is_finite() {
        // -0.0 prints as +0.0.
        format!("{:+.1}", x + 0.0)
    } else if x > 0.0 {
        "+inf".to_string()
    } else if x < 0.0 {
        "-inf".to_string()
    } else {
        "nan".to_string()
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".to_string()
    }
}

/// The logistic Elo difference of a mean score: `-400 log10(1/s - 1)`;
/// ±infinity at (and beyond) 1 and 0.
pub fn score_to_elo(s: f64) -> f64 {
    if s >= 1.0 {
        f64::INFINITY
    } else if s <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of an Elo difference: `1 / (1 + 10^(-elo/400))`.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function Φ.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / std::f64::consts::SQRT_2)
}

/// The complementary error function, with a relative error below 1.2e-7
/// everywhere (the Chebyshev fit of Numerical Recipes, `erfcc`).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The draw ratio: draws over decided games, `None` without one.
pub fn draw_ratio(wins: u64, draws: u64, losses: u64) -> Option<f64> {
    let n = wins + draws + losses;
    (n > 0).then(|| draws as f64 / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn normal_distribution_function_at_known_points() {
        // Tables: Φ(0) = 0.5, Φ(1) = 0.841344746, Φ(1.959964) = 0.975,
        // Φ(-2.326348) = 0.01.
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(1.0), 0.841_344_746, 1e-7));
        assert!(close(normal_cdf(Z95), 0.975, 1e-7));
        assert!(close(normal_cdf(-2.326_348), 0.01, 1e-7));
        assert!(close(erfc(0.5), 0.479_500_122, 1e-7));
    }

    #[test]
    fn elo_and_score_are_inverse_and_anchored() {
        // 3:1 odds are 400 log10 3 = 190.85 Elo; a score of 1/2 is 0 Elo.
        assert!(close(score_to_elo(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(score_to_elo(0.75), 190.848_501_9, 1e-6));
        assert_eq!(score_to_elo(0.5), 0.0);
        for elo in [-600.0, -35.0, 0.0, 5.0, 400.0] {
            assert!(close(score_to_elo(elo_to_score(elo)), elo, 1e-9));
        }
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn pentanomial_elo_interval_and_los_by_hand() {
        // 10 pairs: 0 x LL, 1 x LD, 2 x (DD or WL), 4 x WD, 3 x WW.
        // Points over 2 per pair: 0, .25, .5, .75, 1.
        // m = (1 x .25 + 2 x .5 + 4 x .75 + 3 x 1) / 10 = 7.25 / 10 = .725.
        // v = (1 x .475² + 2 x .225² + 4 x .025² + 3 x .275²) / 10
        //   = (.225625 + .10125 + .0025 + .226875) / 10 = .055625.
        // se = √(.055625 / 10) = .0745822; z se = .1461784.
        // Elo = 400 log10(.725 / .275) = 400 log10 2.6363636 = 168.40;
        // bounds: 400 log10(.5788216 / .4211784) = 55.23 and
        //         400 log10(.8711784 / .1288216) = 332.05.
        // LOS = Φ(.225 / .0745822) = Φ(3.01680) = .998723.
        let p = Pentanomial([0, 1, 2, 4, 3]);
        assert_eq!(p.pairs(), 10);
        let (m, v) = p.moments().unwrap();
        assert!(close(m, 0.725, 1e-12) && close(v, 0.055_625, 1e-12));
        let e = p.elo().unwrap();
        assert!(close(e.elo, 168.40, 0.01), "{}", e.elo);
        assert!(close(e.lower, 55.23, 0.01), "{}", e.lower);
        assert!(close(e.upper, 332.05, 0.01), "{}", e.upper);
        assert!(close(e.los, 0.998_723, 1e-5), "{}", e.los);
        assert_eq!(e.text(), "+168.4 ± 138.4 (95%: +55.2 .. +332.0), LOS 99.9%");
    }

    #[test]
    fn an_even_symmetric_result_is_zero_elo_with_los_one_half() {
        // [1, 2, 4, 2, 1]: m = .5 exactly; v = (2 x .25 + 4 x .0625) / 10
        // = .075; bounds ±400 log10((.5 + z √.0075) / (.5 - z √.0075))
        // = ±122.82.
        let e = Pentanomial([1, 2, 4, 2, 1]).elo().unwrap();
        assert_eq!(e.elo, 0.0);
        assert!(close(e.los, 0.5, 1e-7));
        assert!(close(e.upper, 122.82, 0.01) && close(e.lower, -122.82, 0.01));
    }

    #[test]
    fn one_sided_results_give_infinite_elo_not_a_panic() {
        let e = Pentanomial([0, 0, 0, 0, 5]).elo().unwrap();
        assert_eq!((e.elo, e.los), (f64::INFINITY, 1.0));
        assert!(e.text().starts_with("+inf ± "), "{}", e.text());
        assert_eq!(Pentanomial::default().elo(), None);
        assert_eq!(draw_ratio(3, 2, 5), Some(0.2));
        assert_eq!(draw_ratio(0, 0, 0), None);
    }
}
