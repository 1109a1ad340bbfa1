//! Match statistics: the score of A and its 95% confidence interval.
//!
//! Each finished game scores 1 (A won), 1/2 (draw) or 0 (B won) for A; the
//! score is the mean and the interval the normal approximation
//! `1.96 * sd / sqrt(n)` with `sd` the standard deviation of the per-game
//! scores — the "± x%" of Schadd's Tables 5.5–5.11 (for a match without
//! draws it is the binomial `1.96 * sqrt(p (1 - p) / n)`). Games that ended
//! in an error do not count towards the score.

use serde::{Deserialize, Serialize};

/// The z value of a two-sided 95% normal interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Counts of game results from A's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub a_wins: u64,
    pub draws: u64,
    pub b_wins: u64,
    pub errors: u64,
}

impl Tally {
    /// Games that produced a result (errors excluded).
    pub fn decided(&self) -> u64 {
        self.a_wins + self.draws + self.b_wins
    }

    /// All games, errors included.
    pub fn games(&self) -> u64 {
        self.decided() + self.errors
    }

    /// A's mean score in [0, 1], `None` without a decided game.
    pub fn score(&self) -> Option<f64> {
        let n = self.decided();
        (n > 0).then(|| (self.a_wins as f64 + 0.5 * self.draws as f64) / n as f64)
    }

    /// Half-width of the 95% confidence interval of [`Tally::score`].
    pub fn ci95(&self) -> Option<f64> {
        let n = self.decided() as f64;
        let m = self.score()?;
        // Population variance of the per-game scores 1, 1/2, 0.
        let sum_sq = self.a_wins as f64 + 0.25 * self.draws as f64;
        let var = (sum_sq / n - m * m).max(0.0);
        Some(Z95 * (var / n).sqrt())
    }

    /// "54.4% ± 1.5%", or "-" without a decided game.
    pub fn score_text(&self) -> String {
        match (self.score(), self.ci95()) {
            (Some(s), Some(ci)) => format!("{:.1}% ± {:.1}%", 100.0 * s, 100.0 * ci),
            _ => "-".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(a_wins: u64, draws: u64, b_wins: u64) -> Tally {
        Tally {
            a_wins,
            draws,
            b_wins,
            errors: 0,
        }
    }

    #[test]
    fn schadd_table_5_5_interval() {
        // 6,000 games at about 50%: the references print ± 1.3%.
        let t = tally(2981, 0, 3019);
        assert_eq!(t.score_text(), "49.7% ± 1.3%");
        // Binomial formula, written out independently.
        let p = 2981.0 / 6000.0;
        let expected = 1.96 * (p * (1.0 - p) / 6000.0_f64).sqrt();
        assert!((t.ci95().unwrap() - expected).abs() < 1e-4);
    }

    #[test]
    fn draws_count_half_and_shrink_the_interval() {
        // 1 win, 2 draws, 1 loss: scores 1, .5, .5, 0; mean .5,
        // variance (.25 + 0 + 0 + .25) / 4 = .125.
        let t = tally(1, 2, 1);
        assert_eq!(t.score(), Some(0.5));
        let expected = 1.96 * (0.125_f64 / 4.0).sqrt();
        assert!((t.ci95().unwrap() - expected).abs() < 1e-3);
        // All draws: no spread at all.
        assert_eq!(tally(0, 10, 0).ci95(), Some(0.0));
        // Arts Table 6.14, 2nd feature: 16 wins, 8 draws, 12 losses of 36.
        assert_eq!(
            format!("{:.2}", 100.0 * tally(16, 8, 12).score().unwrap()),
            "55.56"
        );
    }

    #[test]
    fn errors_do_not_score() {
        let t = Tally {
            a_wins: 3,
            draws: 0,
            b_wins: 1,
            errors: 5,
        };
        assert_eq!(t.games(), 9);
        assert_eq!(t.score(), Some(0.75));
        let none = Tally {
            errors: 2,
            ..Tally::default()
        };
        assert_eq!(none.score(), None);
        assert_eq!(none.score_text(), "-");
    }
}
