//! `Stratego` as a [`Game`]: the glue between the rules and the search.

use super::config::StrategoConfig;
use super::mv::Move;
use super::position::{Decided, Stratego};
use super::rank::Rank;
use super::setups::default_setups;
use crate::error::{IllegalMove, ParseError};
use crate::game::{Ending, Game, Player, Status, Value};

/// The evaluation bound of Stratego (SPEC 1): a win is +1000.
pub const BOUND: Value = 1000.0;

impl Game for Stratego {
    type Move = Move;
    type Outcome = Rank;
    type Config = StrategoConfig;

    fn name(&self) -> &'static str {
        self.config.variant.name()
    }

    fn bound(&self) -> Value {
        BOUND
    }

    fn status(&self) -> Status {
        Stratego::status(self)
    }

    fn to_move(&self) -> Player {
        self.side
    }

    fn ending(&self) -> Option<Ending> {
        let flag_taken = || self.captured.iter().any(|c| c[Rank::Flag.index()] > 0);
        match self.status() {
            Status::Terminal(Some(_)) if flag_taken() => Some(Ending::FlagCaptured),
            Status::Terminal(Some(_)) => Some(Ending::NoMoves),
            Status::Terminal(None) if self.decided == Decided::Blocked => {
                Some(Ending::NeitherCanMove)
            }
            Status::Terminal(None) => Some(Ending::MoveLimit),
            _ => None,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate_moves(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Rank, u32)>) {
        self.rank_outcomes(out);
    }

    fn modelled_outcomes(&self, out: &mut Vec<(Rank, u32)>) {
        self.modelled_rank_outcomes(out);
    }

    fn modelled_moves(&self, out: &mut Vec<Move>) {
        Stratego::modelled_moves(self, out);
    }

    fn doubtful_move(&self, mv: Move) -> Option<f64> {
        self.run_chance(mv)
    }

    const CHECKS_MOVES: bool = true;

    fn move_is_listed(&self, mv: Move, modelled: bool) -> Option<bool> {
        Stratego::move_is_listed(self, mv, modelled)
    }

    /// Follows the move's own lines instead of generating the whole list.
    fn is_legal(&self, mv: Move) -> bool {
        self.generates(mv)
    }

    fn null_move(&self) -> Option<Self> {
        self.passed()
    }

    fn play(&mut self, mv: Move) {
        self.play_move(mv);
    }

    #[inline]
    fn play_keyed_leaf(&mut self, mv: Move) {
        Stratego::play_keyed_leaf(self, mv);
    }

    fn apply_outcome(&mut self, outcome: Rank) {
        self.apply_rank_outcome(outcome);
    }

    /// The full Zobrist key: the evaluation's part and the part it does
    /// not read (two-squares states, clues), kept apart.
    #[inline]
    fn hash(&self) -> u64 {
        self.hash ^ self.unread_key
    }

    /// Once the plies since the last attack reach the drive's cap, the key
    /// no longer counts them (`hash.rs`), and the pieces going round a
    /// cycle bring back a position's key.
    #[inline]
    fn may_recur(&self) -> bool {
        super::progress::quiet_bucket(self.quiet) == super::progress::MAX_DRIVE as usize
    }

    fn heuristic(&self) -> Value {
        self.evaluate()
    }

    #[inline]
    fn heuristic_key(&self) -> Option<u64> {
        Some(self.eval_key())
    }

    #[inline]
    fn child_key_base(&self) -> Option<u64> {
        self.quiet_child_key_base()
    }

    #[inline]
    fn child_heuristic_key(&self, base: u64, mv: Self::Move) -> Option<u64> {
        self.quiet_child_key(base, mv)
    }

    fn move_order_hint(&self, mv: Self::Move) -> i32 {
        self.order_score(mv)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_attack(mv)
    }

    fn certain_captures(&self, out: &mut Vec<Move>) {
        Stratego::certain_captures(self, out);
    }

    fn observation(&self, player: Player) -> Self {
        self.view_for(player)
    }

    fn start(config: &StrategoConfig) -> Option<Self> {
        let (red, blue) = default_setups(config.variant);
        Stratego::from_setups(config, &red, &blue).ok()
    }

    fn parse_position(config: &StrategoConfig, text: &str) -> Result<Self, ParseError> {
        Stratego::parse(config, text)
    }

    fn position_text(&self) -> String {
        self.to_text()
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn outcome_text(&self, outcome: Rank) -> String {
        format!("={}", outcome.to_char())
    }

    fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let mv = Move::parse(text)
            .ok_or_else(|| IllegalMove::new(text, "not a move: expected two squares like e4e5"))?;
        match self.status() {
            Status::Decision => {}
            Status::Chance => {
                return Err(IllegalMove::new(
                    text,
                    "a battle is pending: expected an outcome like =3",
                ))
            }
            Status::Terminal(_) => return Err(IllegalMove::new(text, "the game is over")),
        }
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if moves.contains(&mv) {
            return Ok(mv);
        }
        let reason = match self.piece_at(mv.from) {
            None => format!("no piece on {}", mv.from),
            Some(p) if p.colour() != self.side => {
                format!("the piece on {} is the opponent's", mv.from)
            }
            Some(p) if p.rank().is_some_and(|r| !r.is_movable()) => {
                format!(
                    "the {} on {} cannot move",
                    p.rank().map_or("piece", Rank::name),
                    mv.from
                )
            }
            _ if self.two_square_count_after(mv) > self.config.two_square_limit => format!(
                "two-squares rule: more than {} moves in a row between {} and {}",
                self.config.two_square_limit, mv.from, mv.to
            ),
            _ => format!("the piece on {} cannot go to {}", mv.from, mv.to),
        };
        Err(IllegalMove::new(text, reason))
    }

    fn parse_outcome(&self, text: &str) -> Result<Rank, IllegalMove> {
        let rank = text
            .strip_prefix('=')
            .and_then(|r| {
                let mut c = r.chars();
                let first = c.next()?;
                if c.next().is_some() {
                    None
                } else {
                    Rank::from_char(first)
                }
            })
            .ok_or_else(|| {
                IllegalMove::new(text, "not an outcome: expected = and a rank, like =3 or =B")
            })?;
        if self.status() != Status::Chance {
            return Err(IllegalMove::new(text, "no battle is pending"));
        }
        let mut outcomes = Vec::new();
        self.rank_outcomes(&mut outcomes);
        if outcomes.iter().any(|&(r, _)| r == rank) {
            Ok(rank)
        } else {
            Err(IllegalMove::new(
                text,
                format!("the piece cannot be a {} here", rank.name()),
            ))
        }
    }
}
