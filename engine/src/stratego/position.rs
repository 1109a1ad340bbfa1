//! The Stratego position: the true game or one player's view of it.
//!
//! One type serves both. Every piece carries what the *viewer* knows: in the
//! true game every rank is known; in a view (see `view.rs`) the opponent's
//! unrevealed pieces have rank `None`. The rules below (moves, battles,
//! reveals, the two-squares rule, the end of the game) are written once for
//! both; where a rank is unknown, an attack becomes a chance node
//! (`chance.rs`).
//!
//! Besides the board the position keeps the side to move, the ply counter,
//! the plies since the last battle (the evaluation's drive to make
//! progress, `eval.rs`), the captured pieces, each player's two-squares state, a pending battle
//! (between an attack on or by an unknown piece and its chance outcome), the
//! result once the game is decided, and the incremental Zobrist hash.

use super::battle::{battle, BattleResult};
use super::bits::bit;
use super::clue::Clue;
use super::config::StrategoConfig;
use super::eval::{advance_share, Material};
use super::hash;
use super::mv::Move;
use super::piece::Piece;
use super::rank::{Rank, RankCounts, RANK_COUNT};
use super::square::{Square, SQUARES};
use crate::game::{Player, Status};

/// A player's two-squares state: his last move went `from` → `to`, and he has
/// now moved between these two squares `count` times in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TwoSquare {
    pub from: Square,
    pub to: Square,
    pub count: u8,
}

/// How the game was decided (the ply limit is checked separately).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Decided {
    Open,
    Won(Player),
    /// Neither side can move.
    Blocked,
}

/// A Stratego or Barrage position, true or as one player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stratego {
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) config: StrategoConfig,
    pub(crate) side: Player,
    pub(crate) ply: u32,
    /// Plies since the last attack (or since the start): the evaluation
    /// lowers a lead as it grows (`eval.rs`), so the side ahead seeks
    /// battles rather than shuffling. Hashed by its evaluation bucket.
    pub(crate) quiet: u32,
    pub(crate) captured: [RankCounts; 2],
    pub(crate) two: [Option<TwoSquare>; 2],
    /// A battle whose unknown participant is not yet resolved: (attacker's
    /// square, defender's square). The attacker still stands on its square.
    pub(crate) pending: Option<(Square, Square)>,
    /// A blind attack waiting for the piece it hits (`blind.rs`; searches
    /// with the opponent model only): the attacker's square and its
    /// targets' directions.
    pub(crate) blind: Option<(Square, u8)>,
    pub(crate) decided: Decided,
    /// The Zobrist key of everything but the two-squares states and the
    /// behaviour clues: the key of what the evaluation reads
    /// ([`Stratego::eval_key`]).
    pub(crate) hash: u64,
    /// The two-squares states' and the clues' part of the key, which the
    /// evaluation does not read, kept apart so that the evaluation's key
    /// needs no work: the full key is `hash ^ unread_key`.
    pub(crate) unread_key: u64,
    /// Squares occupied by each colour (bit = square index), so that move
    /// generation visits only the side's own pieces.
    pub(crate) occ: [u128; 2],
    /// Pieces on the board per colour and [`tally_slot`], kept by `set` and
    /// `refresh`, so that a pool (`chance.rs`) needs no board scan: it is
    /// asked for at every evaluation and move generation in a view.
    pub(crate) tally: [Tally; 2],
    /// What each hidden piece has shown by its moves (`clue.rs`), by
    /// square: public evidence for the opponent model. Hashed.
    pub(crate) clues: [Clue; SQUARES],
    /// Per colour, the square of its Flag when the position shows the
    /// Flag's rank ([`NO_FLAG`] otherwise), kept by `set` and `recount`:
    /// the evaluation's Flag defence asks for it at every leaf.
    pub(crate) flag_sq: [u8; 2],
    /// Per colour, the squares of its pieces that have neither moved nor
    /// been revealed, and of its revealed Bombs, kept by `set` and
    /// `recount`: where the opponent can look for its Flag (`hunt.rs`),
    /// asked at every leaf once pieces have been captured.
    pub(crate) still: [u128; 2],
    pub(crate) shown_bombs: [u128; 2],
    /// Per colour, the square of its likely Flag as the opponent can guess
    /// it from `still` and `shown_bombs` ([`NO_FLAG`] if none): worked out
    /// again by `set` only when those sets change, not at every leaf
    /// (`hunt.rs`).
    pub(crate) flag_guess: [u8; 2],
    /// Per colour and [`tally_slot`], its pieces whose rank the opponent
    /// does not know (not revealed): the evaluation's information bonus.
    pub(crate) unrevealed: [Tally; 2],
    /// Per colour, the squared rows advanced from its home row summed over
    /// its pieces that surely move (`[0]`) and its unknown unmoved pieces
    /// (`[1]`): the evaluation's square bonus (`eval.rs`).
    pub(crate) advance: [[u32; 2]; 2],
    /// Per colour, the squares of its Miners of known rank: the Flag hunt
    /// measures their distance to the likely Flag (`hunt.rs`).
    pub(crate) miners: [u128; 2],
    /// Per colour, what its pieces are worth (`eval.rs`): kept by
    /// `refresh_material` after battles, reveals and `recount`.
    pub(crate) material: [Material; 2],
}

/// A side with at most this many movers left never passes in the search
/// ([`Stratego::passed`]).
pub(crate) const NULL_MOVE_MOVERS: u32 = 3;

/// [`Stratego::flag_sq`] of a colour whose Flag the position does not show.
pub(crate) const NO_FLAG: u8 = u8::MAX;

/// The piece `mover` as it stands after its move `mv`: a piece that moves
/// more than one square is a Scout, and now known to be.
#[inline]
pub(crate) fn moved_piece(mover: Piece, mv: Move) -> Piece {
    if mv.distance() > 1 {
        mover.revealed_as(Rank::Scout)
    } else {
        mover.after_step()
    }
}

/// `bit` if `p` has neither moved nor been revealed, else 0.
#[inline]
fn still_bit(p: Piece, bit: u128) -> u128 {
    if p.has_moved() || p.is_revealed() {
        0
    } else {
        bit
    }
}

/// `bit` if `p` is a revealed Bomb, else 0.
#[inline]
fn shown_bomb_bit(p: Piece, bit: u128) -> u128 {
    if p.is_revealed() && p.rank() == Some(Rank::Bomb) {
        bit
    } else {
        0
    }
}

/// `bit` if `p` is a Miner of known rank, else 0.
#[inline]
fn miner_bit(p: Piece, bit: u128) -> u128 {
    if p.rank() == Some(Rank::Miner) {
        bit
    } else {
        0
    }
}

/// The tally slot of a Flag of known rank.
const FLAG_SLOT: usize = Rank::Flag.index();

/// Per-colour counts of the pieces on the board by [`tally_slot`].
pub(crate) type Tally = [u8; TALLY_SLOTS];

/// Slots of a [`Tally`]: the 12 known ranks, then unknown unmoved pieces,
/// then unknown moved ones.
pub(crate) const TALLY_SLOTS: usize = RANK_COUNT + 2;
/// The tally slot of unknown pieces that have not moved.
pub(crate) const UNKNOWN_UNMOVED: usize = RANK_COUNT;
/// The tally slot of unknown pieces that have moved.
pub(crate) const UNKNOWN_MOVED: usize = RANK_COUNT + 1;

/// The tally slot of a piece: its rank index if known, else whether it moved.
#[inline]
pub(crate) fn tally_slot(p: Piece) -> usize {
    p.knowledge_slot()
}

impl Stratego {
    /// An empty board (no pieces, Red to move): the base for builders.
    pub(crate) fn empty(config: StrategoConfig) -> Stratego {
        Stratego {
            board: [None; SQUARES],
            config,
            side: Player::First,
            ply: 0,
            quiet: 0,
            captured: [[0; RANK_COUNT]; 2],
            two: [None; 2],
            pending: None,
            blind: None,
            decided: Decided::Open,
            hash: 0,
            unread_key: 0,
            occ: [0; 2],
            tally: [[0; TALLY_SLOTS]; 2],
            clues: [Clue::NONE; SQUARES],
            flag_sq: [NO_FLAG; 2],
            still: [0; 2],
            shown_bombs: [0; 2],
            flag_guess: [NO_FLAG; 2],
            unrevealed: [[0; TALLY_SLOTS]; 2],
            advance: [[0; 2]; 2],
            miners: [0; 2],
            material: [Material::default(); 2],
        }
    }

    // ----- accessors --------------------------------------------------------

    /// The piece on `sq`, as the viewer knows it.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// The rule settings.
    pub fn config(&self) -> &StrategoConfig {
        &self.config
    }

    /// Plies played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies since the last attack (or since the start).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Captured pieces of `colour`, counts per rank.
    pub fn captured(&self, colour: Player) -> &RankCounts {
        &self.captured[colour.index()]
    }

    /// A player's two-squares state.
    pub fn two_square(&self, player: Player) -> Option<TwoSquare> {
        self.two[player.index()]
    }

    /// The pending battle (attacker's square, defender's square), if any.
    pub fn pending_battle(&self) -> Option<(Square, Square)> {
        self.pending
    }

    /// Whether any piece on the board has an unknown rank (a view).
    pub fn has_unknown(&self) -> bool {
        self.board.iter().flatten().any(|p| p.rank().is_none())
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Player {
        self.side
    }

    /// Decision, chance or terminal (see the module doc of `game.rs`).
    pub fn status(&self) -> Status {
        match self.decided {
            Decided::Won(p) => return Status::Terminal(Some(p)),
            Decided::Blocked => return Status::Terminal(None),
            Decided::Open => {}
        }
        if self.pending.is_some() || self.blind.is_some() {
            Status::Chance
        } else if self.ply >= self.config.max_plies {
            Status::Terminal(None)
        } else {
            Status::Decision
        }
    }

    // ----- board mutation with incremental hashing ---------------------------

    #[inline]
    pub(crate) fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if self.board[sq.index()] == piece {
            // An attacker that had moved before stays the same piece.
            return;
        }
        if let Some(old) = self.board[sq.index()] {
            self.hash ^= hash::piece_key(sq, old);
            self.count_out(old, sq.index());
        }
        if let Some(new) = piece {
            self.hash ^= hash::piece_key(sq, new);
            self.count_in(new, sq.index());
        }
        self.board[sq.index()] = piece;
    }

    /// `set(from, None)` then `set(to, Some(p))` for a piece `p` standing
    /// on `from` that stays the same piece and is not among the still
    /// pieces (it has moved before or is revealed; the most common move):
    /// its tallies, material and the likely Flag do not change, only what
    /// depends on its square.
    #[inline]
    fn relocate(&mut self, from: Square, to: Square, p: Piece) {
        let (f, t, c) = (from.index(), to.index(), p.colour().index());
        debug_assert!(self.board[f] == Some(p) && self.board[t].is_none());
        self.hash ^= hash::piece_key(from, p) ^ hash::piece_key(to, p);
        let bits = bit(f) | bit(t);
        self.occ[c] ^= bits;
        self.miners[c] ^= miner_bit(p, bits);
        let ([s0, m0], [s1, m1]) = (advance_share(p, f), advance_share(p, t));
        self.advance[c][0] = self.advance[c][0] + s1 - s0;
        self.advance[c][1] = self.advance[c][1] + m1 - m0;
        self.board[f] = None;
        self.board[t] = Some(p);
    }

    /// Adds `p` on square index `i` to the sets and counts `set` keeps
    /// (occupancy, tallies, Flag square, the evaluation's sets and sums).
    #[inline]
    fn count_in(&mut self, p: Piece, i: usize) {
        let (c, slot, bit) = (p.colour().index(), tally_slot(p), bit(i));
        self.occ[c] |= bit;
        // At most 100 pieces fit on the board: no overflow.
        self.tally[c][slot] += 1;
        if slot == FLAG_SLOT {
            self.flag_sq[c] = i as u8;
        }
        let flag_clue = still_bit(p, bit) | shown_bomb_bit(p, bit);
        self.still[c] |= still_bit(p, bit);
        self.shown_bombs[c] |= shown_bomb_bit(p, bit);
        if flag_clue != 0 {
            self.flag_guess[c] = self.guess_flag(c);
        }
        self.unrevealed[c][slot] += u8::from(!p.is_revealed());
        self.material[c].count(slot, !p.is_revealed(), true);
        self.miners[c] |= miner_bit(p, bit);
        let [surely, maybe] = advance_share(p, i);
        self.advance[c][0] += surely;
        self.advance[c][1] += maybe;
    }

    /// Takes `p` on square index `i` out of what [`Self::count_in`] added.
    #[inline]
    fn count_out(&mut self, p: Piece, i: usize) {
        let (c, slot, bit) = (p.colour().index(), tally_slot(p), bit(i));
        self.occ[c] &= !bit;
        self.tally[c][slot] -= 1;
        if slot == FLAG_SLOT {
            self.flag_sq[c] = NO_FLAG;
        }
        let flag_clue = still_bit(p, bit) | shown_bomb_bit(p, bit);
        self.still[c] &= !bit;
        self.shown_bombs[c] &= !bit;
        if flag_clue != 0 {
            self.flag_guess_after_leaving(c, i);
        }
        self.unrevealed[c][slot] -= u8::from(!p.is_revealed());
        self.material[c].count(slot, !p.is_revealed(), false);
        self.miners[c] &= !bit;
        let [surely, maybe] = advance_share(p, i);
        self.advance[c][0] -= surely;
        self.advance[c][1] -= maybe;
    }

    fn add_captured(&mut self, piece: Piece) {
        // Battles reveal both ranks before anyone is removed.
        let Some(rank) = piece.rank() else { return };
        let c = piece.colour();
        let n = &mut self.captured[c.index()][rank.index()];
        self.hash ^= hash::captured_key(c, rank.index(), *n);
        *n = n.saturating_add(1);
        self.hash ^= hash::captured_key(c, rank.index(), *n);
    }

    fn set_two_square(&mut self, player: Player, state: Option<TwoSquare>) {
        if let Some(s) = self.two[player.index()] {
            self.unread_key ^= hash::two_square_key(player, s.from, s.to, s.count);
        }
        if let Some(s) = state {
            self.unread_key ^= hash::two_square_key(player, s.from, s.to, s.count);
        }
        self.two[player.index()] = state;
    }

    fn set_quiet(&mut self, quiet: u32) {
        self.hash ^= hash::quiet_key(self.quiet) ^ hash::quiet_key(quiet);
        self.quiet = quiet;
    }

    fn set_pending(&mut self, pending: Option<(Square, Square)>) {
        if let Some((f, t)) = self.pending {
            self.hash ^= hash::pending_key(f, t);
        }
        if let Some((f, t)) = pending {
            self.hash ^= hash::pending_key(f, t);
        }
        self.pending = pending;
    }

    /// The full hash computed from scratch (the incremental one,
    /// `hash ^ unread_key` as [`crate::Game::hash`] gives it, must equal
    /// it).
    pub fn compute_hash(&self) -> u64 {
        self.compute_eval_key() ^ self.compute_unread_key()
    }

    /// The two-squares states' and the clues' part of the key, from
    /// scratch.
    fn compute_unread_key(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            h ^= hash::clue_key(sq, self.clues[sq.index()]);
        }
        for player in [Player::First, Player::Second] {
            if let Some(s) = self.two[player.index()] {
                h ^= hash::two_square_key(player, s.from, s.to, s.count);
            }
        }
        h
    }

    /// The key of everything but the two-squares states and the clues,
    /// from scratch.
    fn compute_eval_key(&self) -> u64 {
        let mut h = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                h ^= hash::piece_key(sq, p);
            }
        }
        if self.side == Player::Second {
            h ^= hash::side_key();
        }
        h ^= hash::quiet_key(self.quiet);
        if let Some((f, t)) = self.pending {
            h ^= hash::pending_key(f, t);
        }
        if let Some((f, directions)) = self.blind {
            h ^= hash::blind_key(f, directions);
        }
        for player in [Player::First, Player::Second] {
            for r in 0..RANK_COUNT {
                h ^= hash::captured_key(player, r, self.captured[player.index()][r]);
            }
        }
        h
    }

    /// Recomputes the occupancy and the tallies from the board after a
    /// wholesale change (before anything that asks for a pool).
    pub(crate) fn recount(&mut self) {
        self.occ = [0; 2];
        self.tally = [[0; TALLY_SLOTS]; 2];
        self.flag_sq = [NO_FLAG; 2];
        self.still = [0; 2];
        self.shown_bombs = [0; 2];
        self.flag_guess = [NO_FLAG; 2];
        self.unrevealed = [[0; TALLY_SLOTS]; 2];
        self.advance = [[0; 2]; 2];
        self.miners = [0; 2];
        for i in 0..SQUARES {
            if let Some(p) = self.board[i] {
                self.count_in(p, i);
            }
        }
        self.refresh_material();
    }

    /// Whether the sets and counts kept as the game goes (occupancy,
    /// tallies, Flag squares, still pieces, revealed Bombs, likely Flags,
    /// piece values)
    /// equal a recount of the board: the invariants check it
    /// after every step of a soak.
    pub fn kept_sets_agree(&self) -> bool {
        let mut fresh = *self;
        fresh.recount();
        fresh.occ == self.occ
            && fresh.tally == self.tally
            && fresh.flag_sq == self.flag_sq
            && fresh.still == self.still
            && fresh.shown_bombs == self.shown_bombs
            && fresh.flag_guess == self.flag_guess
            && fresh.unrevealed == self.unrevealed
            && fresh.advance == self.advance
            && fresh.miners == self.miners
            && fresh.material == self.material
    }

    /// Recomputes the cached hash and result after a wholesale change
    /// (parsing, building, masking a view).
    pub(crate) fn refresh(&mut self) {
        self.recount();
        self.hash = self.compute_eval_key();
        self.unread_key = self.compute_unread_key();
        self.decided = Decided::Open;
        self.decide();
    }

    /// Puts `piece` on `sq` (or empties it) outside the rules, e.g. while
    /// setting up or swapping pieces by hand; the hash and the result are
    /// recomputed. Returns `false` (and changes nothing) for a lake. The
    /// result is not checked against the army: call [`Stratego::check`].
    pub fn put_piece(&mut self, sq: Square, piece: Option<Piece>) -> bool {
        if sq.is_lake() {
            return false;
        }
        self.board[sq.index()] = piece;
        self.clues[sq.index()] = Clue::NONE;
        self.refresh();
        true
    }

    /// Swaps the contents of two squares outside the rules (setup phase).
    pub fn swap_pieces(&mut self, a: Square, b: Square) -> bool {
        if a.is_lake() || b.is_lake() {
            return false;
        }
        self.board.swap(a.index(), b.index());
        self.clues.swap(a.index(), b.index());
        self.refresh();
        true
    }

    /// Takes one of `colour`'s pieces of rank `rank` off the board before
    /// the game, as a handicap: it counts as captured, so both players know
    /// it is gone. Of several such pieces the one nearest its owner's front
    /// row goes (the first in square order from there). Returns `false`
    /// (and changes nothing) when no piece of that colour is known to have
    /// that rank, or when the Flag is asked for.
    pub fn remove_for_handicap(&mut self, colour: Player, rank: Rank) -> bool {
        if rank == Rank::Flag {
            return false;
        }
        let mut squares: Vec<Square> = Square::all().collect();
        if colour == Player::First {
            squares.reverse();
        }
        let Some(sq) = squares.into_iter().find(|sq| {
            self.board[sq.index()].is_some_and(|p| p.colour() == colour && p.rank() == Some(rank))
        }) else {
            return false;
        };
        let piece = self.board[sq.index()].map(|p| p.revealed_as(rank));
        self.set(sq, None);
        if let Some(p) = piece {
            self.add_captured(p);
        }
        self.refresh();
        true
    }

    // ----- playing ------------------------------------------------------------

    /// The two-squares count `mv` would reach for the side to move.
    #[inline]
    pub(crate) fn two_square_count_after(&self, mv: Move) -> u8 {
        match self.two[self.side.index()] {
            Some(s) if s.to == mv.from && s.from == mv.to => s.count.saturating_add(1),
            _ => 1,
        }
    }

    /// Plays a legal move (see [`crate::Game::play`]), or starts a blind
    /// attack of the opponent model's search (`blind.rs`).
    pub fn play_move(&mut self, mv: Move) {
        if mv.is_blind() {
            self.play_blind(mv);
            return;
        }
        let Some(mover) = self.board[mv.from.index()] else {
            return;
        };
        let side = self.side;
        let count = self.two_square_count_after(mv);
        self.set_two_square(
            side,
            Some(TwoSquare {
                from: mv.from,
                to: mv.to,
                count,
            }),
        );
        self.ply += 1;
        let attack = self.board[mv.to.index()].is_some();
        if !attack && mv.distance() == 1 && !mover.is_revealed() {
            self.note_step(mover, mv.from, mv.to);
        } else {
            let captures_last = self.two[side.other().index()].is_some_and(|s| s.to == mv.to);
            if !captures_last {
                self.note_standing(side, Some(mv.from));
            }
            if !attack || mv.distance() > 1 {
                // A Scout run reveals the piece, attack or not (a pending
                // battle keeps it on `from` until the outcome): its clue
                // says no more.
                self.set_clue(mv.from, Clue::NONE);
            }
        }
        self.set_quiet(if attack {
            0
        } else {
            self.quiet.saturating_add(1)
        });
        // A run by a piece of unknown rank takes a Scout out of the pool.
        let shows_scout = mv.distance() > 1 && mover.rank().is_none();
        let mover = moved_piece(mover, mv);
        if shows_scout {
            // Shown on its square first: the pool loses a Scout before the
            // move goes on (and before `end_turn` asks who can move).
            self.set(mv.from, Some(mover));
            self.refresh_material();
        }
        match self.board[mv.to.index()] {
            None => {
                self.step_to_empty(mv.from, mv.to, mover);
                self.end_turn();
            }
            Some(defender) => {
                self.set(mv.from, Some(mover));
                if mover.rank().is_none() || defender.rank().is_none() {
                    self.set_pending(Some((mv.from, mv.to)));
                } else {
                    self.resolve_battle(mv.from, mv.to);
                    self.end_turn();
                }
            }
        }
    }

    /// Plays `mv`, a move [`Stratego::quiet_child_key`] told a key for,
    /// into a position that is only evaluated: the same pieces, side,
    /// quiet count and evaluation key as [`Stratego::play_move`] makes,
    /// but not the two-squares state, the behaviour clues or the
    /// end-of-game check, which the evaluation never reads (and which
    /// `quiet_child_key_base` ruled out: the opponent surely has a move).
    /// The position is left for evaluation only, not to be played on.
    #[inline]
    pub fn play_keyed_leaf(&mut self, mv: Move) {
        let Some(mover) = self.board[mv.from.index()] else {
            return;
        };
        debug_assert!(!mv.is_blind() && self.board[mv.to.index()].is_none());
        self.ply += 1;
        self.set_quiet(self.quiet.saturating_add(1));
        self.step_to_empty(mv.from, mv.to, moved_piece(mover, mv));
        self.pass_turn();
    }

    /// Puts `mover`, the piece on `from` as it stands after its move, on
    /// the empty square `to`: a plain relocation when the piece does not
    /// change ([`Stratego::relocate`]).
    #[inline]
    fn step_to_empty(&mut self, from: Square, to: Square, mover: Piece) {
        if self.board[from.index()] == Some(mover) && still_bit(mover, 1) == 0 {
            self.relocate(from, to, mover);
        } else {
            self.set(from, None);
            self.set(to, Some(mover));
        }
    }

    /// Resolves the pending battle, the unknown participant having `rank`.
    pub fn apply_rank_outcome(&mut self, rank: Rank) {
        if self.apply_blind_outcome(rank) {
            return;
        }
        let Some((from, to)) = self.pending else {
            return;
        };
        for sq in [from, to] {
            if let Some(p) = self.board[sq.index()] {
                if p.rank().is_none() {
                    self.set(sq, Some(p.revealed_as(rank)));
                }
            }
        }
        self.set_pending(None);
        self.resolve_battle(from, to);
        self.end_turn();
    }

    /// The piece on `from` attacks the piece on `to`; both ranks are known.
    fn resolve_battle(&mut self, from: Square, to: Square) {
        let (Some(a), Some(d)) = (self.board[from.index()], self.board[to.index()]) else {
            return;
        };
        let (Some(ar), Some(dr)) = (a.rank(), d.rank()) else {
            return;
        };
        let a = a.revealed_as(ar);
        let d = d.revealed_as(dr);
        // Both ranks are revealed now: their clues say no more.
        self.set_clue(from, Clue::NONE);
        self.set_clue(to, Clue::NONE);
        match battle(ar, dr) {
            BattleResult::AttackerWins => {
                self.add_captured(d);
                self.set(from, None);
                self.set(to, Some(a));
                if dr == Rank::Flag {
                    self.decided = Decided::Won(a.colour());
                }
            }
            BattleResult::DefenderWins => {
                self.add_captured(a);
                self.set(from, None);
                self.set(to, Some(d));
            }
            BattleResult::BothRemoved => {
                self.add_captured(a);
                self.add_captured(d);
                self.set(from, None);
                self.set(to, None);
            }
        }
        self.refresh_material();
    }

    /// The position after the side to move passes (the search's null
    /// move): only at a decision of an open game, and only for a side with
    /// more than [`NULL_MOVE_MOVERS`] movers left — with fewer, as in the
    /// hunt for the last movers, having to move can be what loses, and a
    /// pass would hide it. Nothing but the side to move changes (its
    /// two-squares state and the quiet counter stay).
    pub(crate) fn passed(&self) -> Option<Stratego> {
        if self.status() != Status::Decision
            || self.material[self.side.index()].movers_left() <= NULL_MOVE_MOVERS
        {
            return None;
        }
        let mut p = *self;
        p.end_turn();
        Some(p)
    }

    fn end_turn(&mut self) {
        self.pass_turn();
        self.decide();
    }

    /// The other side to move.
    #[inline]
    fn pass_turn(&mut self) {
        self.side = self.side.other();
        self.hash ^= hash::side_key();
    }

    /// Decides the game if the side to move cannot move (or a Flag is gone).
    pub(crate) fn decide(&mut self) {
        if self.decided != Decided::Open || self.pending.is_some() || self.blind.is_some() {
            return;
        }
        for colour in [Player::First, Player::Second] {
            if self.captured[colour.index()][Rank::Flag.index()] > 0 {
                self.decided = Decided::Won(colour.other());
                return;
            }
        }
        if !self.surely_has_a_move(self.side) && !self.has_any_move(self.side) {
            self.decided = if self.has_any_move(self.side.other()) {
                Decided::Won(self.side.other())
            } else {
                Decided::Blocked
            };
        }
    }
}
