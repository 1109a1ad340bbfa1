//! ChanceProbCut (Schadd, Chapter 5): forward pruning at chance nodes.
//!
//! At a chance node with `d` decisions left (d in the configured set), every
//! outcome position is first searched to the reduced depth `d - R` with the
//! full window. A linear model fitted offline (`starcut fit`) predicts the
//! deep value from the shallow one, v_d ~ a v_{d-R} + b with residual
//! standard deviation sigma; Formulas 5.6/5.7 turn it into estimated bounds
//! `a v + b -/+ t sigma`, clamped to [-U, U]. When the probability-weighted
//! estimated bounds leave the window the node returns the window bound; the
//! estimates also take part in every later cut test of the probing and
//! regular phases (see `chance.rs`). The bounds are not proven: the search
//! is no longer exact, which is why [`SearchConfig::chance_probcut`] is
//! `None` by default.
//!
//! The model is fitted in the outcome position's own point of view (the side
//! to move there), like every search value; the chance node converts it.
//!
//! [`SearchConfig::chance_probcut`]: super::SearchConfig::chance_probcut

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Value;

/// What is wrong with ChanceProbCut or ProbCut settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProbCutErrorKind {
    /// The confidence factor t is not a finite number >= 0.
    Threshold,
    /// The depth reduction R is 0.
    Reduction,
    /// A model's a or b is not finite, or its sigma not finite >= 0.
    Coefficients,
    /// A model's shallow depth is not below its depth.
    Depths,
}

/// Settings that [`ChanceProbCut::validate`] refuses. `field` names the
/// part at fault (`t`, `r`, `models (depth 4, shallow 2)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbCutError {
    pub kind: ProbCutErrorKind,
    pub field: String,
    pub detail: String,
}

impl ProbCutError {
    fn new(kind: ProbCutErrorKind, field: impl Into<String>, detail: impl Into<String>) -> Self {
        ProbCutError {
            kind,
            field: field.into(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for ProbCutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.detail)
    }
}

impl std::error::Error for ProbCutError {}

/// One regression model: v_depth ~ a * v_shallow + b, residual deviation
/// sigma, fitted from `pairs` value pairs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbCutModel {
    /// The deep search depth d (decisions left at the chance node).
    pub depth: u32,
    /// The shallow search depth d - R.
    pub shallow: u32,
    pub a: f64,
    pub b: f64,
    pub sigma: f64,
    /// How many value pairs the fit used (information only).
    #[serde(default)]
    pub pairs: usize,
    /// Where the pairs came from (information only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// ChanceProbCut settings: the file format of `assets/params/*.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChanceProbCut {
    /// Confidence factor: the estimated bounds are `a v + b -/+ t sigma`.
    pub t: f64,
    /// Depth reduction R of the shallow searches.
    pub r: u32,
    /// Remaining depths (decisions) at which chance nodes try a cut.
    pub depths: Vec<u32>,
    /// The regression models; the one with `depth == d` and
    /// `shallow == d - r` is used at depth d.
    pub models: Vec<ProbCutModel>,
    /// The game the models were fitted for (information only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

impl ChanceProbCut {
    /// The model to use at a chance node with `depth` decisions left, if
    /// ChanceProbCut applies there.
    pub fn model_at(&self, depth: u32) -> Option<&ProbCutModel> {
        if depth <= self.r || !self.depths.contains(&depth) {
            return None;
        }
        let shallow = depth - self.r;
        self.models
            .iter()
            .find(|m| m.depth == depth && m.shallow == shallow)
    }

    /// Adds or replaces the model for (depth, shallow) and keeps `depths`
    /// in step with the models of reduction `r`.
    pub fn merge(&mut self, model: ProbCutModel) {
        self.models
            .retain(|m| !(m.depth == model.depth && m.shallow == model.shallow));
        if model.depth == model.shallow + self.r && !self.depths.contains(&model.depth) {
            self.depths.push(model.depth);
            self.depths.sort_unstable();
        }
        self.models.push(model);
        self.models.sort_by_key(|m| (m.depth, m.shallow));
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// A threshold `t` that is not finite >= 0, a reduction `r` of 0, a
    /// model with a non-finite coefficient or negative sigma, or one whose
    /// shallow depth is not below its depth; the error names the field.
    pub fn validate(&self) -> Result<(), ProbCutError> {
        use ProbCutErrorKind as K;
        if !(self.t.is_finite() && self.t >= 0.0) {
            return Err(ProbCutError::new(
                K::Threshold,
                "t",
                format!("{} is not a finite number >= 0", self.t),
            ));
        }
        if self.r == 0 {
            return Err(ProbCutError::new(
                K::Reduction,
                "r",
                "the depth reduction must be at least 1",
            ));
        }
        for m in &self.models {
            let field = format!("models (depth {}, shallow {})", m.depth, m.shallow);
            if !(m.a.is_finite() && m.b.is_finite() && m.sigma.is_finite() && m.sigma >= 0.0) {
                return Err(ProbCutError::new(
                    K::Coefficients,
                    field,
                    "a, b must be finite and sigma finite >= 0",
                ));
            }
            if m.shallow >= m.depth {
                return Err(ProbCutError::new(
                    K::Depths,
                    field,
                    "the shallow depth must be below the depth",
                ));
            }
        }
        Ok(())
    }
}

impl ProbCutModel {
    /// Formulas 5.6 and 5.7: the estimated bounds on the deep value of a
    /// position whose shallow value is `v`, clamped to [-u, u].
    #[inline]
    pub fn bounds(&self, v: Value, t: f64, u: Value) -> (Value, Value) {
        let e = self.a * v + self.b;
        let lo = (e - t * self.sigma).clamp(-u, u);
        let hi = (e + t * self.sigma).clamp(-u, u);
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(depth: u32, shallow: u32) -> ProbCutModel {
        ProbCutModel {
            depth,
            shallow,
            a: 1.0,
            b: 0.0,
            sigma: 1.0,
            pairs: 0,
            source: None,
        }
    }

    #[test]
    fn model_lookup_and_merge() {
        let mut c = ChanceProbCut {
            t: 1.0,
            r: 2,
            depths: vec![],
            models: vec![],
            game: None,
        };
        c.merge(model(4, 2));
        c.merge(model(5, 3));
        c.merge(model(4, 2));
        assert_eq!(c.models.len(), 2);
        assert_eq!(c.depths, vec![4, 5]);
        assert!(c.model_at(4).is_some());
        assert!(c.model_at(3).is_none());
        assert!(c.model_at(2).is_none());
        assert_eq!(c.validate(), Ok(()));
        let bad = |f: &dyn Fn(&mut ChanceProbCut)| {
            let mut b = c.clone();
            f(&mut b);
            b.validate().unwrap_err().kind
        };
        assert_eq!(bad(&|b| b.t = f64::NAN), ProbCutErrorKind::Threshold);
        assert_eq!(bad(&|b| b.r = 0), ProbCutErrorKind::Reduction);
        assert_eq!(
            bad(&|b| b.models[0].sigma = -1.0),
            ProbCutErrorKind::Coefficients
        );
        assert_eq!(bad(&|b| b.models[1].shallow = 5), ProbCutErrorKind::Depths);
        let mut e = c.clone();
        e.models[0].a = f64::INFINITY;
        assert_eq!(
            e.validate().unwrap_err().to_string(),
            "models (depth 4, shallow 2): a, b must be finite and sigma finite >= 0"
        );
        let m = model(4, 2);
        assert_eq!(m.bounds(3.0, 2.0, 10.0), (1.0, 5.0));
        assert_eq!(m.bounds(9.5, 2.0, 10.0), (7.5, 10.0));
    }
}
