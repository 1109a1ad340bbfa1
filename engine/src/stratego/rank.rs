//! Piece ranks and the two armies (standard Stratego and Barrage).
//!
//! Numbering follows SPEC 1.1 (the ChanceProbCut chapter, Figure 5.7):
//! 1 Marshal (strongest) .. 9 Scout, then Spy, Bomb and Flag. The enum's
//! discriminant is a dense index `0..12` used for per-rank arrays.

use super::config::Variant;

/// The rank of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    Marshal = 0,
    General = 1,
    Colonel = 2,
    Major = 3,
    Captain = 4,
    Lieutenant = 5,
    Sergeant = 6,
    Miner = 7,
    Scout = 8,
    Spy = 9,
    Bomb = 10,
    Flag = 11,
}

/// Number of distinct ranks.
pub const RANK_COUNT: usize = 12;

/// Per-rank counts, indexed by [`Rank::index`].
pub type RankCounts = [u8; RANK_COUNT];

impl Rank {
    /// Every rank, strongest first (the order of outcomes and of the army).
    pub const ALL: [Rank; RANK_COUNT] = [
        Rank::Marshal,
        Rank::General,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Miner,
        Rank::Scout,
        Rank::Spy,
        Rank::Bomb,
        Rank::Flag,
    ];

    /// Dense index `0..12`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with dense index `i` (`i < 12`).
    #[inline]
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i]
    }

    /// Bombs and the Flag never move.
    #[inline]
    pub const fn is_movable(self) -> bool {
        !matches!(self, Rank::Bomb | Rank::Flag)
    }

    /// The notation character: `1`..`9`, `S`, `B`, `F`.
    pub const fn to_char(self) -> char {
        match self {
            Rank::Marshal => '1',
            Rank::General => '2',
            Rank::Colonel => '3',
            Rank::Major => '4',
            Rank::Captain => '5',
            Rank::Lieutenant => '6',
            Rank::Sergeant => '7',
            Rank::Miner => '8',
            Rank::Scout => '9',
            Rank::Spy => 'S',
            Rank::Bomb => 'B',
            Rank::Flag => 'F',
        }
    }

    /// Parses a notation character (`1`..`9`, `S`, `B`, `F`).
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '1' => Rank::Marshal,
            '2' => Rank::General,
            '3' => Rank::Colonel,
            '4' => Rank::Major,
            '5' => Rank::Captain,
            '6' => Rank::Lieutenant,
            '7' => Rank::Sergeant,
            '8' => Rank::Miner,
            '9' => Rank::Scout,
            'S' => Rank::Spy,
            'B' => Rank::Bomb,
            'F' => Rank::Flag,
            _ => return None,
        })
    }

    /// The English name (for messages and the UI).
    pub const fn name(self) -> &'static str {
        match self {
            Rank::Marshal => "Marshal",
            Rank::General => "General",
            Rank::Colonel => "Colonel",
            Rank::Major => "Major",
            Rank::Captain => "Captain",
            Rank::Lieutenant => "Lieutenant",
            Rank::Sergeant => "Sergeant",
            Rank::Miner => "Miner",
            Rank::Scout => "Scout",
            Rank::Spy => "Spy",
            Rank::Bomb => "Bomb",
            Rank::Flag => "Flag",
        }
    }
}

/// Standard army (40): 1x1, 1x2, 2x3, 3x4, 4x5, 4x6, 4x7, 5x8, 8x9, 1xS, 6xB, 1xF.
pub const STANDARD_ARMY: RankCounts = [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1];

/// Barrage army (8): 1, 2, 8, 9, 9, S, B, F.
pub const BARRAGE_ARMY: RankCounts = [1, 1, 0, 0, 0, 0, 0, 1, 2, 1, 1, 1];

/// The army of a variant, as counts per rank.
pub const fn army(variant: Variant) -> &'static RankCounts {
    match variant {
        Variant::Stratego => &STANDARD_ARMY,
        Variant::Barrage => &BARRAGE_ARMY,
    }
}

/// Total number of pieces in an army.
pub fn army_size(variant: Variant) -> usize {
    army(variant).iter().map(|&c| c as usize).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_round_trip_and_armies_have_the_right_size() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_char(r.to_char()), Some(r));
            assert_eq!(Rank::from_index(r.index()), r);
        }
        assert_eq!(Rank::from_char('0'), None);
        assert_eq!(army_size(Variant::Stratego), 40);
        assert_eq!(army_size(Variant::Barrage), 8);
    }
}
