//! `starcut beliefs`: the Stratego opponent model's beliefs checked
//! against played games. For every attack on an unmoved, unrevealed piece
//! in the given records (`match --records DIR`), the chance the attacker's
//! view gave that piece of being a Bomb and of being the Flag, against the
//! rank that stood there (docs/stratego-strength.md, "The beliefs checked
//! against the games").

use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use starcut::stratego::{Piece, Rank, Stratego, StrategoConfig, Variant};
use starcut::{Game, Status};

/// One attack on an unmoved hidden piece: the attacker's predicted chances
/// of a Bomb and of the Flag, and the rank the piece had.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attack {
    pub bomb: f64,
    pub flag: f64,
    pub actual: Rank,
}

/// A table's rank, and the chance of it an attack predicted.
type Kind = (&'static str, Rank, fn(&Attack) -> f64);

/// The bins of predicted chance the tables use.
const EDGES: [f64; 8] = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0];

/// Prints the check for the records in `files` (Stratego, or Barrage when
/// `barrage`).
pub fn run(barrage: bool, files: &[PathBuf]) -> Result<()> {
    let variant = if barrage {
        Variant::Barrage
    } else {
        Variant::Stratego
    };
    let config = StrategoConfig::for_variant(variant);
    let mut all = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let found =
            attacks(&config, &text).with_context(|| format!("record {}", path.display()))?;
        all.extend(found);
    }
    if all.is_empty() {
        bail!("no attack on an unmoved hidden piece in the records given");
    }
    print!("{}", report(&all));
    Ok(())
}

/// The attacks on unmoved hidden pieces in one record: its start position
/// with every rank known, then its moves (each battle is decided by the
/// ranks, so a record of such a game holds no chance outcome).
pub fn attacks(config: &StrategoConfig, text: &str) -> Result<Vec<Attack>> {
    let mut lines = text.lines();
    let first = lines.next().filter(|l| !l.trim().is_empty());
    let first = first.ok_or_else(|| anyhow!("no start position"))?;
    let mut pos = Stratego::parse(config, first.trim())?;
    if !pos.is_fully_known() {
        bail!("the start position hides ranks: beliefs are checked against games whose every rank is known");
    }
    let mut found = Vec::new();
    let mut out = Vec::new();
    for (i, token) in lines.flat_map(str::split_whitespace).enumerate() {
        let step_error = |e: &dyn std::fmt::Display| anyhow!("step {} ({token}): {e}", i + 1);
        let mv = pos.parse_move(token).map_err(|e| step_error(&e))?;
        // The rank of an unmoved hidden target (the start shows every
        // rank, so the record knows it).
        let target = pos
            .piece_at(mv.to)
            .filter(|t| !t.is_revealed() && !t.has_moved())
            .and_then(Piece::rank);
        if let Some(actual) = target {
            let mut view = pos.view_for(pos.side());
            view.play(mv);
            if view.status() == Status::Chance {
                view.modelled_outcomes(&mut out);
                let total: f64 = out.iter().map(|o| f64::from(o.1)).sum();
                let share = |r: Rank| {
                    out.iter()
                        .filter(|o| o.0 == r)
                        .fold(0.0, |s, o| s + f64::from(o.1))
                        / total
                };
                found.push(Attack {
                    bomb: share(Rank::Bomb),
                    flag: share(Rank::Flag),
                    actual,
                });
            }
        }
        pos.play(mv);
    }
    Ok(found)
}

/// The log-likelihood of what the attacks hit, with the Bomb and Flag
/// chances multiplied by `bomb` and `flag` and the three shares (Bomb,
/// Flag, anything else) normalised again.
pub fn log_likelihood(attacks: &[Attack], bomb: f64, flag: f64) -> f64 {
    attacks
        .iter()
        .map(|a| {
            let other = (1.0 - a.bomb - a.flag).max(1e-9);
            let z = bomb * a.bomb + flag * a.flag + other;
            let p = match a.actual {
                Rank::Bomb => bomb * a.bomb,
                Rank::Flag => flag * a.flag,
                _ => other,
            } / z;
            p.max(1e-12).ln()
        })
        .sum()
}

/// The factors on the Bomb and Flag chances (Bomb 0.5 to 2.5 in steps of
/// 0.05, Flag 0.02 to about 1.9 in steps of 12%) that fit the attacks best,
/// and their log-likelihood. 1 and 1 (within a step) for a calibrated
/// model.
pub fn best_factors(attacks: &[Attack]) -> (f64, f64, f64) {
    let mut best = (1.0, 1.0, log_likelihood(attacks, 1.0, 1.0));
    for i in 0..=40 {
        let bomb = 0.5 + 0.05 * f64::from(i);
        for j in 0..=40 {
            let flag = 0.02 * 1.12f64.powi(j);
            let ll = log_likelihood(attacks, bomb, flag);
            if ll > best.2 {
                best = (bomb, flag, ll);
            }
        }
    }
    best
}

/// The tables of predicted against actual shares, by bins of the
/// predicted chance, and the fitted factors.
pub fn report(attacks: &[Attack]) -> String {
    let mut s = format!("{} attacks on unmoved hidden pieces\n", attacks.len());
    let kinds: [Kind; 2] = [
        ("Bomb", Rank::Bomb, |a| a.bomb),
        ("Flag", Rank::Flag, |a| a.flag),
    ];
    for (name, rank, chance) in kinds {
        s += &format!("{name}: predicted chance, attacks, predicted share, actual share\n");
        for (k, w) in EDGES.windows(2).enumerate() {
            let last = k == EDGES.len() - 2;
            let bin: Vec<&Attack> = attacks
                .iter()
                .filter(|a| chance(a) >= w[0] && (chance(a) < w[1] || last))
                .collect();
            if bin.is_empty() {
                continue;
            }
            let n = bin.len() as f64;
            let predicted = bin.iter().map(|a| chance(a)).sum::<f64>() / n;
            let actual = bin.iter().filter(|a| a.actual == rank).count() as f64 / n;
            s += &format!(
                "  {:.2}-{:.2} {:7} {predicted:6.3} {actual:6.3}\n",
                w[0],
                w[1],
                bin.len()
            );
        }
        let n = attacks.len() as f64;
        let predicted = attacks.iter().map(chance).sum::<f64>() / n;
        let actual = attacks.iter().filter(|a| a.actual == rank).count() as f64 / n;
        s += &format!(
            "  all       {:7} {predicted:6.3} {actual:6.3}\n",
            attacks.len()
        );
    }
    let (bomb, flag, ll) = best_factors(attacks);
    s += &format!(
        "log-likelihood {:.1} as the model stands; {ll:.1} with the Bomb chance times {bomb:.2} and the Flag's times {flag:.3}\n",
        log_likelihood(attacks, 1.0, 1.0)
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attack(bomb: f64, flag: f64, actual: Rank) -> Attack {
        Attack { bomb, flag, actual }
    }

    #[test]
    fn a_model_that_hopes_for_the_flag_too_often_is_fitted_down() {
        // The model says a Flag half the time, a Bomb a tenth; in fact one
        // in ten is the Flag and half are Bombs.
        let mut a = Vec::new();
        for i in 0..100 {
            let actual = match i % 10 {
                0 => Rank::Flag,
                1..=5 => Rank::Bomb,
                _ => Rank::Scout,
            };
            a.push(attack(0.1, 0.5, actual));
        }
        let (bomb, flag, ll) = best_factors(&a);
        assert!(flag < 0.5, "{flag}");
        assert!(bomb > 2.0, "{bomb}");
        assert!(ll > log_likelihood(&a, 1.0, 1.0));
        let text = report(&a);
        assert!(text.contains("0.50-0.70     100  0.500  0.100"), "{text}");
        assert!(text.contains("0.10-0.20     100  0.100  0.500"), "{text}");
    }

    #[test]
    fn a_calibrated_model_keeps_factors_near_one() {
        let mut a = Vec::new();
        for i in 0..100 {
            let actual = match i % 10 {
                0..=2 => Rank::Bomb,
                3 => Rank::Flag,
                _ => Rank::Captain,
            };
            a.push(attack(0.3, 0.1, actual));
        }
        let (bomb, flag, _) = best_factors(&a);
        assert!((bomb - 1.0).abs() < 0.06, "{bomb}");
        assert!((flag - 1.0).abs() < 0.15, "{flag}");
    }

    /// Blue: an unmoved Bomb on a10, a Scout on j10 and its Flag on j8;
    /// Red: a Scout on a1 and its Flag on j1. Every rank known.
    const START: &str = "bB8b9/10/9bF/10/10/10/10/10/10/r98rF r";

    #[test]
    fn a_scout_attacking_an_unmoved_bomb_is_one_attack() {
        let config = StrategoConfig::default();
        // Red's Scout runs up to a9, Blue's Scout steps aside, and Red's
        // attacks the Bomb it cannot see.
        let found = attacks(&config, &format!("{START}\na1a9 j10i10 a9a10")).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        let a = found[0];
        assert_eq!(a.actual, Rank::Bomb);
        assert!(
            a.bomb > 0.0 && a.flag > 0.0 && a.bomb + a.flag < 1.0,
            "{a:?}"
        );
    }

    #[test]
    fn bad_records_name_the_problem() {
        let config = StrategoConfig::default();
        let e = attacks(&config, "").unwrap_err().to_string();
        assert!(e.contains("no start position"), "{e}");
        let e = attacks(&config, &format!("{START}\na1a9 zz"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("step 2 (zz)"), "{e}");
        let e = attacks(&config, &format!("{START}\na1a9 j10j9 a9a10 j9j8")).unwrap_err();
        assert!(e.to_string().contains("step 4 (j9j8)"), "{e}");
        let hidden = START.replacen("bB", "b?", 1);
        let e = attacks(&config, &hidden).unwrap_err().to_string();
        assert!(e.contains("hides ranks"), "{e}");
    }
}
