//! (Chance)Breakthrough move and roll-outcome generation.

use crate::game::{Game, Player, Status};

use super::position::{Breakthrough, BreakthroughMove, RollOutcome};

/// Pushes one step per target bit; `delta` is `to - from` for this shift.
#[inline]
fn push_steps(out: &mut Vec<BreakthroughMove>, mut targets: u64, delta: i8) {
    while targets != 0 {
        let to = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        let from = (to as i8 - delta) as u8;
        out.push(BreakthroughMove::Step { from, to });
    }
}

impl Breakthrough {
    /// Legal moves: diagonal-left, straight and diagonal-right steps, then
    /// `roll` in ChanceBreakthrough. Empty unless a decision node.
    #[inline]
    pub(super) fn generate_moves(&self, out: &mut Vec<BreakthroughMove>) {
        out.clear();
        // Not `status()`: in plain Breakthrough it would compute the targets
        // twice. With no target there are no moves, matching its verdict.
        if self.pending_roll || self.ply >= self.max_plies || self.board_winner().is_some() {
            return;
        }
        let (straight, left, right) = self.targets();
        let (ds, dl, dr) = match self.to_move {
            Player::First => (8, 7, 9),
            Player::Second => (-8, -9, -7),
        };
        push_steps(out, left, dl);
        push_steps(out, straight, ds);
        push_steps(out, right, dr);
        if self.chance {
            out.push(BreakthroughMove::Roll);
        }
    }

    /// Roll outcomes: `none` first (weight = empty squares, the likeliest
    /// outcome in most positions), then each occupied square (weight 1), so
    /// the weights sum to rows x cols.
    #[inline]
    pub(super) fn generate_outcomes(&self, out: &mut Vec<(RollOutcome, u32)>) {
        out.clear();
        if !self.pending_roll || self.board_winner().is_some() {
            return;
        }
        let empty = self.empty_squares().count_ones();
        if empty > 0 {
            out.push((RollOutcome::Nothing, empty));
        }
        let mut occ = self.pieces[0] | self.pieces[1];
        while occ != 0 {
            out.push((RollOutcome::Remove(occ.trailing_zeros() as u8), 1));
            occ &= occ - 1;
        }
    }

    /// Checks a move, saying why it is illegal.
    pub(super) fn check_move(&self, mv: BreakthroughMove) -> Result<(), Refusal> {
        match self.status() {
            Status::Decision => {}
            Status::Chance => return Err(Refusal::RollPending),
            Status::Terminal(_) => return Err(Refusal::GameOver),
        }
        let (from, to) = match mv {
            BreakthroughMove::Roll if self.chance => return Ok(()),
            BreakthroughMove::Roll => return Err(Refusal::NoRoll),
            BreakthroughMove::Step { from, to } => (from, to),
        };
        let on_board = |sq: u8| sq < 64 && self.board() & (1u64 << sq) != 0;
        if !on_board(from) || !on_board(to) {
            return Err(Refusal::OffBoard);
        }
        let p = self.to_move;
        let own = self.pieces[p.index()];
        let opp = self.pieces[p.other().index()];
        if own & (1u64 << from) == 0 {
            return Err(Refusal::NoPiece(p));
        }
        let forward: i16 = if p == Player::First { 1 } else { -1 };
        let dr = (to >> 3) as i16 - (from >> 3) as i16;
        let dc = (to & 7) as i16 - (from & 7) as i16;
        if dr != forward || dc.abs() > 1 {
            return Err(Refusal::NotForward);
        }
        if own & (1u64 << to) != 0 {
            return Err(Refusal::OwnPiece);
        }
        if dc == 0 && opp & (1u64 << to) != 0 {
            return Err(Refusal::StraightCapture);
        }
        Ok(())
    }
}

/// Why a Breakthrough move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    RollPending,
    GameOver,
    NoRoll,
    OffBoard,
    /// No piece of this player on the start square.
    NoPiece(Player),
    NotForward,
    OwnPiece,
    StraightCapture,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::RollPending => "the dice are pending: a roll outcome is expected",
            Refusal::GameOver => "the game is over",
            Refusal::NoRoll => "plain breakthrough has no roll",
            Refusal::OffBoard => "square off the board",
            Refusal::NoPiece(Player::First) => "no white piece on the start square",
            Refusal::NoPiece(Player::Second) => "no black piece on the start square",
            Refusal::NotForward => "a piece moves one square straight or diagonally forward",
            Refusal::OwnPiece => "the target square holds an own piece",
            Refusal::StraightCapture => "a straight move cannot capture",
        })
    }
}
