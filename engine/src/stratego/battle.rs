//! The battle rule: who survives when one piece attacks another (SPEC 1.1).

use super::rank::Rank;

/// The result of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleResult {
    /// The defender is removed and the attacker moves onto its square.
    AttackerWins,
    /// The attacker is removed.
    DefenderWins,
    /// Equal ranks: both are removed.
    BothRemoved,
}

/// Fighting strength of movable ranks: higher wins. Bombs and the Flag are
/// handled by their own rules.
pub(crate) const fn strength(r: Rank) -> u8 {
    match r {
        Rank::Marshal => 10,
        Rank::General => 9,
        Rank::Colonel => 8,
        Rank::Major => 7,
        Rank::Captain => 6,
        Rank::Lieutenant => 5,
        Rank::Sergeant => 4,
        Rank::Miner => 3,
        Rank::Scout => 2,
        Rank::Spy => 1,
        Rank::Bomb | Rank::Flag => 0,
    }
}

/// Resolves `attacker` attacking `defender`.
///
/// The Spy wins only when it attacks the Marshal; a Miner removes a Bomb and
/// every other attacker loses on one; any attacker captures the Flag; equal
/// ranks remove both; otherwise the stronger rank wins.
pub const fn battle(attacker: Rank, defender: Rank) -> BattleResult {
    match (attacker, defender) {
        (_, Rank::Flag) => BattleResult::AttackerWins,
        (Rank::Miner, Rank::Bomb) => BattleResult::AttackerWins,
        (_, Rank::Bomb) => BattleResult::DefenderWins,
        (Rank::Spy, Rank::Marshal) => BattleResult::AttackerWins,
        _ => {
            let a = strength(attacker);
            let d = strength(defender);
            if a > d {
                BattleResult::AttackerWins
            } else if a < d {
                BattleResult::DefenderWins
            } else {
                BattleResult::BothRemoved
            }
        }
    }
}
