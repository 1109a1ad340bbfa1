//! The game abstraction every search in starcut runs on.
//!
//! A position is a node of a two-player game tree with chance: either a
//! *decision* node (the side to move picks a move), a *chance* node (nature
//! picks an outcome, each with an integer weight over a common denominator) or
//! a *terminal* node. Positions are plain values (`Clone`, no heap in the hot
//! path); search uses copy-make: it clones a position and plays into the copy.
//!
//! Values are always from the point of view of [`Game::to_move`] of the
//! position they belong to. A chance node also has a side to move (the player
//! whose turn it is around the chance event); search negates a child's value
//! whenever the child's side to move differs from the parent's, so games are
//! free to switch sides either at the move or at the outcome.

use std::fmt::Debug;
use std::hash::Hash;

use crate::config::GameConfig;
use crate::error::{IllegalMove, ParseError};

/// Search and evaluation values, in the game's own evaluation units.
pub type Value = f64;

/// One of the two players. `First` moves first (Red, columns, White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with index 0 or 1.
    #[inline]
    pub const fn from_index(i: usize) -> Player {
        if i == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// What kind of node a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move chooses among [`Game::legal_moves`].
    Decision,
    /// Nature chooses among [`Game::chance_outcomes`].
    Chance,
    /// The game is over: `Some(p)` won, or `None` for a draw.
    Terminal(Option<Player>),
}

/// How a finished game ended, as its rules tell ([`Game::ending`]; a
/// match's summary counts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ending {
    /// Stratego: a Flag was captured.
    FlagCaptured,
    /// Dice: a full line of the winner's checkers.
    Line,
    /// Breakthrough: a piece reached the far rank.
    LastRank,
    /// The loser, to move, had no legal move (Stratego: no movable piece).
    NoMoves,
    /// Breakthrough: the loser has no pieces left.
    AllCaptured,
    /// Dice: the board is full without a line.
    BoardFull,
    /// Stratego: neither side can move.
    NeitherCanMove,
    /// The game's ply limit was reached (a draw).
    MoveLimit,
}

impl Ending {
    /// A few words for summaries (`flag captured`, `move limit`).
    pub fn name(self) -> &'static str {
        match self {
            Ending::FlagCaptured => "flag captured",
            Ending::Line => "line",
            Ending::LastRank => "last rank",
            Ending::NoMoves => "no moves",
            Ending::AllCaptured => "all captured",
            Ending::BoardFull => "board full",
            Ending::NeitherCanMove => "neither can move",
            Ending::MoveLimit => "move limit",
        }
    }
}

/// One step of a game record: a decision or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<M, O> {
    Move(M),
    Outcome(O),
}

/// A move packed into 16 bits, so that a transposition-table entry can hold
/// it (`search::tt`). `unpack(pack(m)) == Some(m)` for every move.
pub trait PackedMove: Copy {
    fn pack(self) -> u16;
    /// The move packed as `bits`; `None` if no move packs so.
    fn unpack(bits: u16) -> Option<Self>;
}

impl PackedMove for u8 {
    #[inline]
    fn pack(self) -> u16 {
        u16::from(self)
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        u8::try_from(bits).ok()
    }
}

impl PackedMove for u16 {
    #[inline]
    fn pack(self) -> u16 {
        self
    }
    #[inline]
    fn unpack(bits: u16) -> Option<Self> {
        Some(bits)
    }
}

/// A two-player zero-sum game with chance nodes, as the search sees it.
///
/// Implementations keep their state free of heap allocations that change
/// during play, so that `clone` + `play` is cheap and allocation-free.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A decision. Small, `Copy`, and packable into 16 bits.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + PackedMove + 'static;
    /// A chance outcome. Small and `Copy`.
    type Outcome: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Settings that are not part of the position text (board size where the
    /// text does not fix it, ply limits, rule options).
    type Config: Clone + Debug + Default + PartialEq + Send + Sync + GameConfig + 'static;

    /// The game's name as used on the command line (`dice`, `stratego`, ...).
    fn name(&self) -> &'static str;

    /// The evaluation bound U: a win is exactly `+U`, a loss `-U`, a draw 0,
    /// and every heuristic evaluation lies strictly inside `(-U, U)`.
    fn bound(&self) -> Value;

    /// Decision, chance or terminal.
    fn status(&self) -> Status;

    /// The side whose point of view this position's values take.
    fn to_move(&self) -> Player;

    /// How the game ended, once `status()` is `Terminal`; `None` before,
    /// and for games that do not tell (the lecture's explicit trees).
    fn ending(&self) -> Option<Ending> {
        None
    }

    /// Clears `out` and fills it with the legal moves (empty unless
    /// `status()` is `Decision`). Never allocates once `out` has capacity.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Clears `out` and fills it with the chance outcomes and their positive
    /// integer weights; the probability of an outcome is its weight over the
    /// sum of weights (empty unless `status()` is `Chance`).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Outcome, u32)>);

    /// The chance outcomes as an engine with an opponent model believes
    /// them ([`crate::search::SearchConfig::opponent_model`]): the same
    /// outcomes as [`Game::chance_outcomes`], in the same order, with
    /// weights that may also count what a hidden piece did and where it
    /// stands (Stratego, `stratego/model.rs`). Default: the counts.
    fn modelled_outcomes(&self, out: &mut Vec<(Self::Outcome, u32)>) {
        self.chance_outcomes(out)
    }

    /// The moves an engine with an opponent model lets the side to move
    /// consider: the legal moves less those the side could only choose by
    /// knowing what is hidden from it (Stratego: of its attacks on pieces
    /// whose rank it cannot know, only the one it has most reason to
    /// make). Never empty when a legal move exists. Default: every legal
    /// move.
    fn modelled_moves(&self, out: &mut Vec<Self::Move>) {
        self.legal_moves(out)
    }

    /// Under the opponent model, below the root: the chance, when it is
    /// less than certain, that the side to move can make `mv` at all — a
    /// move the rules allow only to some of the ranks a hidden piece may
    /// have (Stratego: a run, by a piece of unknown rank, which only a
    /// Scout makes). The search weighs such a move by its chance
    /// (`search/doubt.rs`). Read only from what the searcher can know.
    /// Default: every move is certain.
    fn doubtful_move(&self, _mv: Self::Move) -> Option<f64> {
        None
    }

    /// Whether the search orders moves by [`Game::move_order_hint`] unless
    /// told otherwise ([`crate::search::SearchConfig::move_hint`]). A game
    /// whose hint costs more time than the nodes it saves says no: Dice.
    const HINT_BY_DEFAULT: bool = true;

    /// Whether [`Game::move_is_listed`] answers (so that the search tries
    /// the table move and the killers before generating the moves).
    const CHECKS_MOVES: bool = false;

    /// Whether `mv` is in the list [`Game::legal_moves`] fills (or
    /// [`Game::modelled_moves`] when `modelled`), told without generating
    /// the list: `None` when the game cannot tell cheaply (the default).
    /// The search tries the table move and the killers with it before
    /// generating a node's moves, and a cut by one of them saves the
    /// generation. An answer must equal the list's membership exactly
    /// (Stratego's is tested against it on random positions).
    fn move_is_listed(&self, _mv: Self::Move, _modelled: bool) -> Option<bool> {
        None
    }

    /// The position after the side to move passes, for the search's
    /// null-move pruning (play mode): `None` where the game allows no pass
    /// here — a chance or terminal position, or one where passing would
    /// hide a zugzwang (the default: every position). A pass is not a
    /// move of the rules; only the search makes one.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Plays a legal move. Behaviour on an illegal move is unspecified (it
    /// must not be undefined, but may corrupt the position); use
    /// [`Game::parse_move`] or [`Game::is_legal`] to check untrusted input.
    fn play(&mut self, mv: Self::Move);

    /// Applies one of the current chance outcomes.
    fn apply_outcome(&mut self, outcome: Self::Outcome);

    /// Zobrist hash of everything that affects the game's future from here
    /// (board, side to move, pending chance state, rule counters).
    fn hash(&self) -> u64;

    /// Whether this position's [`Game::hash`] can come back later in the
    /// game: the same pieces, side to move and rule counters met again.
    /// A play-mode search remembers the positions it searched from that
    /// can, and scores a return to one as the draw that going round in
    /// circles leads to (`search/repetition.rs`). The default: never (a
    /// game whose moves cannot be undone, or whose key holds a counter
    /// that only grows).
    #[inline]
    fn may_recur(&self) -> bool {
        false
    }

    /// The game's reference heuristic evaluation from the side to move's
    /// point of view, strictly inside `(-U, U)` (terminal positions are
    /// scored by the search from `status()`, not by this function).
    fn heuristic(&self) -> Value;

    /// A key of everything [`Game::heuristic`] reads: positions with equal
    /// keys have equal heuristic values, so a search keeps those values by
    /// key. `None` (the default) when the heuristic is cheaper to compute
    /// again than to look up; Stratego's is not (`hash` less the
    /// two-squares counters and the behaviour clues, which its evaluation
    /// never reads).
    #[inline]
    fn heuristic_key(&self) -> Option<u64> {
        None
    }

    /// The part of [`Game::child_heuristic_key`] common to every move of
    /// this position, when the game can tell its children's keys without
    /// playing the moves: `None` (the default) when it cannot, or when a
    /// move might end the game, reach the ply limit or come to a position
    /// that may recur.
    #[inline]
    fn child_key_base(&self) -> Option<u64> {
        None
    }

    /// [`Game::heuristic_key`] of the position after `mv`, told without
    /// playing the move from `base` ([`Game::child_key_base`]), for a move
    /// whose child is sure to be a decision of an open game with the
    /// other player to move, short of the ply limit, that cannot recur
    /// ([`Game::may_recur`] false). A search one decision from its leaves
    /// then looks the leaf's value up before making the child
    /// (`search/negamax.rs`, `leaf_by_key`). `None` for any other move,
    /// and by default.
    #[inline]
    fn child_heuristic_key(&self, _base: u64, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// Plays `mv`, a move [`Game::child_heuristic_key`] told a key for,
    /// into a position the search only scores with [`Game::heuristic`]
    /// (a leaf whose value was not found by that key): the game may
    /// leave out whatever the heuristic and its key never read (Stratego:
    /// the two-squares state and the behaviour clues). The position is
    /// not to be played on or asked anything else. By default
    /// [`Game::play`].
    #[inline]
    fn play_keyed_leaf(&mut self, mv: Self::Move) {
        self.play(mv);
    }

    /// What `player` knows of this position: the position itself in games
    /// of perfect information; Stratego hides the unrevealed enemy ranks.
    /// An engine playing `player` must search only this.
    fn observation(&self, _player: Player) -> Self {
        self.clone()
    }

    // ----- notation -------------------------------------------------------

    /// The start position, if the game has one for this configuration.
    fn start(config: &Self::Config) -> Option<Self>;

    /// Parses a position in the game's text notation (SPEC section 2).
    fn parse_position(config: &Self::Config, text: &str) -> Result<Self, ParseError>;

    /// Prints the position in canonical text notation.
    fn position_text(&self) -> String;

    /// Prints a move in the game's notation.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Prints a chance outcome in the game's notation.
    fn outcome_text(&self, outcome: Self::Outcome) -> String;

    /// Parses a move and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, IllegalMove>;

    /// Parses a chance outcome and checks that it can happen here.
    fn parse_outcome(&self, text: &str) -> Result<Self::Outcome, IllegalMove>;

    // ----- provided -------------------------------------------------------

    /// Whether `mv` is among the legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Parses a move or an outcome, whichever this node expects.
    fn parse_step(&self, text: &str) -> Result<Step<Self::Move, Self::Outcome>, IllegalMove> {
        match self.status() {
            Status::Decision => self.parse_move(text).map(Step::Move),
            Status::Chance => self.parse_outcome(text).map(Step::Outcome),
            Status::Terminal(_) => Err(IllegalMove::new(text, "the game is over")),
        }
    }

    /// Prints a move or an outcome.
    fn step_text(&self, step: Step<Self::Move, Self::Outcome>) -> String {
        match step {
            Step::Move(m) => self.move_text(m),
            Step::Outcome(o) => self.outcome_text(o),
        }
    }

    /// Plays a move or applies an outcome.
    fn apply_step(&mut self, step: Step<Self::Move, Self::Outcome>) {
        match step {
            Step::Move(m) => self.play(m),
            Step::Outcome(o) => self.apply_outcome(o),
        }
    }

    /// A static move-ordering hint for the search: moves with a larger hint
    /// are tried first when static ordering is on (captures, wins, forward
    /// moves). Only the order matters, not the scale. Default: no preference.
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether `mv` changes the position sharply — a capture or an attack,
    /// a win or a threat of one, a gamble on chance — so that late move
    /// reductions (play mode, `SearchConfig::lmr`) must not search it
    /// shallower: without a quiescence search a reduced tactical move is
    /// judged at the other parity of the horizon, where its answer is not
    /// seen. Only quiet moves are reduced. Default: every move is quiet.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Fills `out` with the captures whose outcome is certain and public —
    /// both ranks known to both sides — for the quiescence search of play
    /// mode (`SearchConfig::quiescence`), best first. Default: none, so the
    /// quiescence search is the static evaluation.
    fn certain_captures(&self, out: &mut Vec<Self::Move>) {
        out.clear();
    }

    /// The value of a terminal position for the side to move: `+U`, `-U` or 0.
    fn terminal_value(&self, winner: Option<Player>) -> Value {
        match winner {
            None => 0.0,
            Some(p) if p == self.to_move() => self.bound(),
            Some(_) => -self.bound(),
        }
    }
}
