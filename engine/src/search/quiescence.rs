//! Quiescence search (play mode; `SearchConfig::quiescence`): a search that
//! stops beside a capture the side to move is sure to win scores the
//! position as if the piece were safe, and its value swings with the
//! parity of the horizon. At the horizon the side to move may instead
//! stand pat on the static value or make one of the game's certain
//! captures ([`Game::certain_captures`]: outcome known to both sides, so
//! no chance node and nothing hidden read), and so on for up to the
//! configured number of plies. Fail-soft like every node. Exact mode never
//! runs it: its values are the expectimax values.

use crate::game::{Game, Status, Value};

use super::run::Run;
use super::trace::{NodeKind, Tracer};
use super::Evaluator;

impl<G: Game, E: Evaluator<G>, T: Tracer<G>> Run<'_, G, E, T> {
    /// A decision node at the horizon, with quiescence on.
    pub(crate) fn quiescence_leaf(
        &mut self,
        pos: &G,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Value {
        let plies = self.cfg.quiescence;
        self.tracer.enter(pos, NodeKind::Leaf, ply, 0, alpha, beta);
        let v = self.quiesce(pos, ply, (alpha, beta), plies);
        self.tracer.exit(ply, v);
        v
    }

    /// The quiescent value of `pos` (side to move's view) in the window,
    /// with `left` plies of captures still allowed.
    fn quiesce(&mut self, pos: &G, ply: usize, (alpha, beta): (Value, Value), left: u32) -> Value {
        self.stats.leaf_nodes += 1;
        let stand = self.evaluate(pos);
        if left == 0 || stand >= beta || self.tick() {
            return stand;
        }
        self.sh.ensure_ply(ply + 1);
        let mut buf = self.sh.take_ply(ply);
        pos.certain_captures(&mut buf.captures);
        let (mut best, mut alpha) = (stand, alpha.max(stand));
        for i in 0..buf.captures.len() {
            let m = buf.captures[i];
            let mut child = pos.clone();
            child.play(m);
            let s = Self::sign(pos, &child);
            let v = match child.status() {
                Status::Terminal(w) => {
                    self.stats.leaf_nodes += 1;
                    s * child.terminal_value(w)
                }
                Status::Decision => {
                    let (ca, cb) = Self::child_window(s, alpha, beta);
                    s * self.quiesce(&child, ply + 1, (ca, cb), left - 1)
                }
                // Not a certain capture after all: not searched here.
                Status::Chance => continue,
            };
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        self.sh.put_ply(ply, buf);
        best
    }
}
